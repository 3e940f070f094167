//! What every real tool must give: its identity, the typed envelope's `input` (the
//! arguments deserialized into the harness's own struct) and the raw one (the same JSON
//! projected through the recorded wire keys, no struct involved).

use serde::de::DeserializeOwned;
use serde_json::Value;
use toolmeta::{Identity, InputField, TaggedTool, ToolDispatch, ToolEntry, ToolIdentity, ToolKind};

/// A derived tool struct, erased for the property test: how to project a raw argument
/// object the typed way and the raw way, and an example call to vary.
pub struct Tool {
    /// The Rust type checked.
    pub type_name: &'static str,
    pub identity: Identity,
    pub fields: &'static [InputField],
    /// The arguments deserialized and projected; `None` when they do not deserialize.
    pub typed: fn(&Value) -> Option<Option<Value>>,
    /// The arguments projected through the wire keys.
    pub raw: fn(&Value) -> Option<Value>,
    /// A real call's arguments.
    pub example: Value,
}

fn typed<T: ToolIdentity + DeserializeOwned>(raw: &Value) -> Option<Option<Value>> {
    let tool = T::deserialize(raw).ok()?;
    Some(tool.tool_meta().input)
}

fn raw<T: ToolIdentity>(raw: &Value) -> Option<Value> {
    ToolEntry::of::<T>().project(raw)
}

/// Checks one call to the tool struct `T`: its identity, then the typed and the raw `input`.
pub fn case<T: ToolIdentity + DeserializeOwned>(
    identity: (&str, ToolKind, &str),
    arguments: Value,
    typed_input: Option<Value>,
    raw_input: Option<Value>,
) -> Tool {
    let (name, kind, label) = identity;
    assert_eq!(
        (T::IDENTITY.name, T::IDENTITY.kind, T::IDENTITY.label),
        (name, kind, label),
        "identity of {name}"
    );
    let typed_meta = T::deserialize(&arguments)
        .unwrap_or_else(|error| panic!("{name}: {arguments} does not deserialize: {error}"))
        .tool_meta();
    assert_eq!(
        typed_meta.input, typed_input,
        "typed input of {name} for {arguments}"
    );
    assert_eq!(
        ToolEntry::of::<T>().project(&arguments),
        raw_input,
        "raw input of {name} for {arguments}"
    );
    // Registered to deserialize, the toolset gives exactly the typed projection.
    assert_eq!(
        ToolEntry::deserialized::<T>().project(&arguments),
        typed_input,
        "deserialized entry of {name}"
    );
    Tool {
        type_name: std::any::type_name::<T>(),
        identity: T::IDENTITY,
        fields: T::INPUT_FIELDS,
        typed: typed::<T>,
        raw: raw::<T>,
        example: arguments,
    }
}

fn tagged_typed<T: ToolDispatch + DeserializeOwned>(raw: &Value) -> Option<Option<Value>> {
    let tool = T::deserialize(raw).ok()?;
    Some(tool.envelope().and_then(|envelope| envelope.input_value()))
}

fn tagged_raw<T: TaggedTool>(raw: &Value) -> Option<Value> {
    ToolEntry::tagged::<T>().project(raw)
}

/// Checks one call to the tagged tool `T`: the variant's identity, typed and from the raw
/// tag, then the typed and the raw `input`. Returns the variant the call selects, for the
/// property test.
pub fn tagged_case<T: ToolDispatch + TaggedTool + DeserializeOwned>(
    identity: (&str, ToolKind, &str),
    arguments: Value,
    typed_input: Option<Value>,
    raw_input: Option<Value>,
) -> Tool {
    let (name, kind, label) = identity;
    let tool = T::deserialize(&arguments)
        .unwrap_or_else(|error| panic!("{name}: {arguments} does not deserialize: {error}"));
    let typed_meta = tool
        .envelope()
        .expect("a tagged tool has no dynamic variant")
        .to_tool_meta();
    assert_eq!(
        (
            typed_meta.name.as_str(),
            typed_meta.kind,
            typed_meta.label.as_ref()
        ),
        (name, kind, label),
        "typed identity for {arguments}"
    );
    assert_eq!(typed_meta.input, typed_input, "typed input for {arguments}");
    let entry = ToolEntry::tagged::<T>();
    let from_tag = entry.identity_for(&arguments);
    assert_eq!(
        (from_tag.name, from_tag.kind, from_tag.label),
        (name, kind, label),
        "identity read from the tag of {arguments}"
    );
    assert_eq!(
        entry.project(&arguments),
        raw_input,
        "raw input for {arguments}"
    );
    let tag = arguments[T::TAG]
        .as_str()
        .expect("the call carries its tag");
    let variant = T::VARIANTS
        .iter()
        .find(|variant| variant.tag == tag)
        .expect("the tag names a variant");
    Tool {
        type_name: std::any::type_name::<T>(),
        identity: variant.identity,
        fields: variant.fields,
        typed: tagged_typed::<T>,
        raw: tagged_raw::<T>,
        example: arguments,
    }
}
