//! The published JSON Schema of the envelope (feature `schemars`).
//!
//! [`tool_meta_schema`] generates, from the types themselves, the draft-07 schema that is
//! checked in at `toolmeta/schema/tool_meta.schema.json`; a test keeps the two in sync. It is
//! a superset of the reference schema published by the harness that defined the envelope:
//! the same fields and required set, plus toolmeta's own namespaces.
//!
//! - `kind` is an **open** string: the known kinds are listed in its description (from
//!   [`ToolKind::ALL`]), never as an `enum`, so a kind added later still validates.
//! - `namespace` is a first-party wire name or alias (from [`Namespace::ALL`]), or a
//!   well-formed extension namespace (`_forge`) not spelled as a first-party one: exactly
//!   what strict decoding accepts.
//! - `version` is an integer within `u32` (`1.0` is one, for JSON Schema and the decoder).
//! - a known kind fixes the label: for each kind but `other`, `"kind": k` requires the
//!   label of `k`, which strict decoding checks too.
//!
//! ```
//! let schema = toolmeta::schema::tool_meta_schema();
//! assert_eq!(schema.get("$schema").unwrap(), "http://json-schema.org/draft-07/schema#");
//! assert_eq!(schema.get("required").unwrap().as_array().unwrap().len(), 6);
//! ```

use std::borrow::Cow;
use std::fmt::Write as _;

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::contract::shared::namespaces::{EXTENSION_PATTERN, shadowing_extensions};
use crate::{Namespace, TOOL_META_KEY, ToolKind, ToolMeta};

/// The JSON Schema (draft-07) of [`ToolMeta`], as published in `toolmeta/schema/`.
pub fn tool_meta_schema() -> Schema {
    SchemaSettings::draft07()
        .into_generator()
        .into_root_schema_for::<ToolMeta>()
}

/// The JSON Schema (draft-07) of the catalog's data export
/// ([`CatalogData`](crate::catalog::export::CatalogData)), as published in
/// `toolmeta/schema/catalog.schema.json` (features `catalog` and `client`).
///
/// ```
/// let schema = toolmeta::schema::catalog_schema();
/// assert_eq!(schema.get("title").unwrap(), "toolmeta catalog");
/// ```
#[cfg(all(feature = "catalog", feature = "client"))]
pub fn catalog_schema() -> Schema {
    SchemaSettings::draft07()
        .into_generator()
        .into_root_schema_for::<crate::catalog::export::CatalogData>()
}

/// `a`, `b`, `c` with each item in backticks.
fn code_list<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    let mut list = String::new();
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            list.push_str(", ");
        }
        let _ = write!(list, "`{item}`");
    }
    list
}

impl JsonSchema for ToolKind {
    fn schema_name() -> Cow<'static, str> {
        "ToolKind".into()
    }

    fn schema_id() -> Cow<'static, str> {
        "toolmeta::ToolKind".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let description = format!(
            "What a tool does, at a high level. Open set, snake_case: consumers must tolerate \
             unknown values (strict decoding reads them, and case mismatches such as `Read`, \
             as `other`). Known values: {}.",
            code_list(ToolKind::ALL.iter().map(|kind| kind.as_str())),
        );
        json_schema!({
            "description": description,
            "type": "string",
        })
    }
}

impl JsonSchema for Namespace {
    fn schema_name() -> Cow<'static, str> {
        "ToolNamespace".into()
    }

    fn schema_id() -> Cow<'static, str> {
        "toolmeta::Namespace".into()
    }

    /// Exactly what strict decoding accepts: a first-party wire name or alias, or a
    /// well-formed extension not spelled as a first-party one.
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let aliases = Namespace::ALL.iter().flat_map(|namespace| {
            namespace
                .aliases()
                .iter()
                .map(move |alias| (alias, namespace.as_str()))
        });
        let mut alias_list = String::new();
        for (i, (alias, wire)) in aliases.enumerate() {
            if i > 0 {
                alias_list.push_str(", ");
            }
            let _ = write!(alias_list, "`{alias}` for `{wire}`");
        }
        let description = format!(
            "The toolset a tool belongs to: a first-party namespace, or a harness's own \
             extension namespace, `_` and its snake_case name (`{EXTENSION_PATTERN}`, not spelled \
             as a first-party namespace). Any other value fails strict decoding of the whole \
             envelope, on purpose. Writers emit the snake_case wire name; readers also accept \
             the legacy spellings {alias_list}."
        );
        let first_party: Vec<&str> = Namespace::ALL
            .iter()
            .flat_map(|namespace| {
                std::iter::once(namespace.as_str()).chain(namespace.aliases().iter().copied())
            })
            .collect();
        json_schema!({
            "description": description,
            "type": "string",
            "anyOf": [
                { "enum": first_party },
                {
                    "pattern": EXTENSION_PATTERN,
                    "not": { "enum": shadowing_extensions() },
                },
            ],
        })
    }
}

/// The schema of `input`: an object, or `null` (read as absent; never written). Its
/// description is the field's documentation.
pub(crate) fn input_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "type": ["object", "null"] })
}

/// Title and description of the root schema (the type's rustdoc is written for Rust
/// readers, with a doctest; the schema's reader is anyone on the wire), and plain `$ref`s
/// for `kind` and `namespace`: draft-07 ignores a `$ref`'s siblings, so schemars wraps a
/// documented reference in `allOf`; the referenced definitions carry the description.
pub(crate) fn describe_tool_meta(schema: &mut Schema) {
    if let Some(properties) = schema
        .get_mut("properties")
        .and_then(|properties| properties.as_object_mut())
    {
        for property in properties.values_mut() {
            if let Some(property) = property.as_object_mut()
                && property.contains_key("$ref")
            {
                property.remove("description");
            }
        }
    }
    if let Some(version) = schema
        .get_mut("properties")
        .and_then(|properties| properties.get_mut("version"))
        .and_then(|version| version.as_object_mut())
    {
        version.insert("maximum".into(), u32::MAX.into());
    }
    // A known kind fixes the label: either the kind is none of those (`other`, an unknown
    // kind: any label), or kind and label are one of the kinds' pairs, grouped by label.
    let known: Vec<&str> = fixing_kinds().map(|kind| kind.as_str()).collect();
    let mut pairs = vec![serde_json::json!({
        "properties": { "kind": { "not": { "enum": known } } },
    })];
    let mut labels: Vec<&str> = fixing_kinds().map(|kind| kind.label()).collect();
    labels.sort_unstable();
    labels.dedup();
    for label in labels {
        let kinds: Vec<&str> = fixing_kinds()
            .filter(|kind| kind.label() == label)
            .map(|kind| kind.as_str())
            .collect();
        pairs.push(serde_json::json!({
            "properties": { "kind": { "enum": kinds }, "label": { "const": label } },
        }));
    }
    schema.insert("anyOf".into(), pairs.into());
    schema.insert("title".into(), "ToolMeta".into());
    schema.insert(
        "description".into(),
        format!(
            "The canonical tool-identity envelope (version 1), one object under \
             `_meta[\"{TOOL_META_KEY}\"]` of an ACP tool-call event. Fields are written in the \
             order listed; readers ignore unknown fields. `label` is the cross-harness \
             grouping and display key; `kind` is a finer, open discriminator; `name` is the \
             harness's model-facing tool name, for diagnostics. `version` bumps only on \
             removal or change of meaning."
        )
        .into(),
    );
}

/// The kinds whose label is fixed: every known kind but `other`.
fn fixing_kinds() -> impl Iterator<Item = ToolKind> {
    ToolKind::ALL
        .iter()
        .copied()
        .filter(|kind| *kind != ToolKind::Other)
}
