//! What every real tool must give: its identity, the typed envelope's `input` (the
//! arguments deserialized into the harness's own struct), the raw one (the same JSON
//! projected through the recorded wire keys, no struct involved), and what the tool's
//! registration in a toolset gives — the typed input, whichever way the tool is registered
//! (`ToolEntry::of`, `toolset!`, `ToolEntry::deserialized`, `ToolEntry::tagged`).

use serde::de::DeserializeOwned;
use serde_json::Value;
use toolmeta::{
    Identity, InputField, IntoToolEntry, TaggedTool, ToolDispatch, ToolEntry, ToolFor,
    ToolIdentity, ToolKind,
};

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

/// Through the recorded wire keys only: an entry described by the tool's identity and fields.
fn raw<T: ToolIdentity>(raw: &Value) -> Option<Value> {
    ToolEntry::new(T::IDENTITY, T::INPUT_FIELDS).project(raw)
}

/// Checks `T`'s identity against `(name, kind, label)`; returns the name.
fn assert_identity<'a, T: ToolIdentity>(identity: (&'a str, ToolKind, &str)) -> &'a str {
    let (name, kind, label) = identity;
    assert_eq!(
        (T::IDENTITY.name, T::IDENTITY.kind, T::IDENTITY.label),
        (name, kind, label),
        "identity of {name}"
    );
    name
}

/// Checks one call to the tool struct `T`: its identity, then the typed and the raw `input`.
pub fn case<T: ToolIdentity + DeserializeOwned>(
    identity: (&str, ToolKind, &str),
    arguments: Value,
    typed_input: Option<Value>,
    raw_input: Option<Value>,
) -> Tool {
    let name = assert_identity::<T>(identity);
    let typed_meta = T::deserialize(&arguments)
        .unwrap_or_else(|error| panic!("{name}: {arguments} does not deserialize: {error}"))
        .tool_meta();
    assert_eq!(
        typed_meta.input, typed_input,
        "typed input of {name} for {arguments}"
    );
    assert_eq!(
        raw::<T>(&arguments),
        raw_input,
        "raw input of {name} for {arguments}"
    );
    // Registered, every key reaches the envelope: a tool that converts a key in Rust is
    // projected by deserializing its arguments, so its toolset entry gives the typed input;
    // any other gives the raw one (which omits a `#[serde(default)]` field the call lacks,
    // as the contract says).
    let registered = match T::TYPED_PROJECTION {
        Some(_) => &typed_input,
        None => &raw_input,
    };
    for (how, entry, expected) in [
        ("ToolEntry::of", ToolEntry::of::<T>(), registered),
        ("toolset!", <T as IntoToolEntry>::TOOL_ENTRY, registered),
        (
            "ToolEntry::deserialized",
            ToolEntry::deserialized::<T>(),
            &typed_input,
        ),
    ] {
        assert_eq!(
            &entry.project(&arguments),
            expected,
            "{how} entry of {name} for {arguments}"
        );
    }
    Tool {
        type_name: std::any::type_name::<T>(),
        identity: T::IDENTITY,
        fields: T::INPUT_FIELDS,
        typed: typed::<T>,
        raw: raw::<T>,
        example: arguments,
    }
}

fn remote_typed<D: ToolFor<T>, T: DeserializeOwned>(raw: &Value) -> Option<Option<Value>> {
    let value = T::deserialize(raw).ok()?;
    Some(D::of(&value).tool_meta().input)
}

/// Checks one call to the tool `D`, declared for the argument type `T` it does not own
/// (`#[tool(remote = "T")]`): its identity, the typed input of the `T` the arguments
/// deserialize into, the raw one, and what its registration gives (the typed input: a
/// remote tool's raw arguments are deserialized into `T`).
pub fn remote_case<D: ToolFor<T> + ToolIdentity, T: DeserializeOwned>(
    identity: (&str, ToolKind, &str),
    arguments: Value,
    typed_input: Option<Value>,
    raw_input: Option<Value>,
) -> Tool {
    let name = assert_identity::<D>(identity);
    assert_eq!(
        remote_typed::<D, T>(&arguments),
        Some(typed_input.clone()),
        "typed input of {name} for {arguments}"
    );
    assert_eq!(
        raw::<D>(&arguments),
        raw_input,
        "raw input of {name} for {arguments}"
    );
    for (how, entry) in [
        ("ToolEntry::of", ToolEntry::of::<D>()),
        ("toolset!", <D as IntoToolEntry>::TOOL_ENTRY),
    ] {
        assert_eq!(
            entry.project(&arguments),
            typed_input,
            "{how} entry of {name} for {arguments}"
        );
    }
    Tool {
        type_name: std::any::type_name::<D>(),
        identity: D::IDENTITY,
        fields: D::INPUT_FIELDS,
        typed: remote_typed::<D, T>,
        raw: raw::<D>,
        example: arguments,
    }
}

fn tagged_typed<T: ToolDispatch + DeserializeOwned>(raw: &Value) -> Option<Option<Value>> {
    let tool = T::deserialize(raw).ok()?;
    Some(tool.envelope().and_then(|envelope| envelope.input_value()))
}

/// Through the recorded wire keys only: the variant the tag selects, described by its
/// identity and fields.
fn tagged_raw<T: TaggedTool>(raw: &Value) -> Option<Value> {
    let arguments = match T::CONTENT {
        Some(content) => raw.get(content)?,
        None => raw,
    };
    let tag = raw.get(T::TAG)?.as_str()?;
    let variant = T::VARIANTS
        .iter()
        .find(|variant| variant.tag == tag || variant.aliases.contains(&tag))?;
    ToolEntry::new(variant.identity, variant.fields).project(arguments)
}

/// Checks one call to the tagged tool `T`: the variant's identity, typed and from the raw
/// tag, then the typed and the raw `input`. Returns the variant the call selects, for the
/// property test.
pub fn tagged_case<T: ToolDispatch + TaggedTool + IntoToolEntry + DeserializeOwned>(
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
        tagged_raw::<T>(&arguments),
        raw_input,
        "raw input for {arguments}"
    );
    let tag = arguments[T::TAG]
        .as_str()
        .expect("the call carries its tag");
    let variant = T::VARIANTS
        .iter()
        .find(|variant| variant.tag == tag || variant.aliases.contains(&tag))
        .expect("the tag names a variant");
    // A variant that converts a key in Rust is projected by deserializing; any other
    // through its wire keys.
    let converts = T::TYPED_PROJECTION.is_some() || variant.typed.is_some();
    let registered = if converts { &typed_input } else { &raw_input };
    for (how, entry) in [
        ("ToolEntry::tagged", entry),
        ("toolset!", <T as IntoToolEntry>::TOOL_ENTRY),
    ] {
        assert_eq!(
            &entry.project(&arguments),
            registered,
            "{how} entry for {arguments}"
        );
    }
    Tool {
        type_name: std::any::type_name::<T>(),
        identity: variant.identity,
        fields: variant.fields,
        typed: tagged_typed::<T>,
        raw: tagged_raw::<T>,
        example: arguments,
    }
}
