//! The catalog as data: every harness's tools and what recognises the harness, as one JSON
//! document a client in any language reads (`toolmeta catalog --json`; the format is
//! `docs/catalog.md`, its JSON Schema `toolmeta/schema/catalog.schema.json`).
//!
//! Everything here is read off the declarations: each tool's identity and the wire keys and
//! conversions the derive recorded ([`InputField`]), each tool's arguments as its own
//! `Deserialize` impl reads them, each harness's release and source, and what recognises
//! each party from the one list the ledger reads too ([`PARTIES`]).
//! Nothing is written twice.
//!
//! ```
//! let data = toolmeta::catalog::export::catalog_data().unwrap();
//! assert_eq!(data.format_version, toolmeta::catalog::export::FORMAT_VERSION);
//! let codex = data.harnesses.iter().find(|h| h.harness == "codex").unwrap();
//! let shell = codex.tools.iter().find(|t| t.name == "shell").unwrap();
//! assert_eq!(shell.projection[0].key, "command");
//! assert_eq!(shell.projection[0].conversion.as_deref(), Some("command_line"));
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Harness;
use super::arguments::DescribedTool;
use super::probe::JsonType;
use crate::client::KindFallback;
use crate::convert::Conversion;
use crate::keys::{self, KeyType};
use crate::recognition::{MetaToolName, PARTIES, Pattern, Recognition, SHARED_META_TOOL_NAMES};
use crate::{
    InputField, LabelShape, Namespace, RawType, TOOL_META_KEY, TOOL_META_VERSION, ToolEntry,
    ToolKind,
};

/// The `format` of the document: what it is.
pub const FORMAT: &str = "toolmeta-catalog";

/// The version of the format. It bumps only when a field is removed or changes meaning, or
/// when a reader following the rules would identify a call differently (`docs/catalog.md`,
/// "Stability"); other fields are added without a bump. Version 2 added each harness's
/// `event_keys`.
pub const FORMAT_VERSION: u32 = 2;

/// The whole document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "schemars",
    schemars(
        title = "toolmeta catalog",
        description = "The tools of the harnesses toolmeta knows, and what recognises each harness in ACP traffic, so that a client in any language can give every tool call the same identity (the x.ai/tool envelope) that toolmeta's own reader gives it. Format: docs/catalog.md; identification rules: docs/identification.md. Readers ignore fields they do not know."
    )
)]
pub struct CatalogData {
    /// Always `toolmeta-catalog`.
    pub format: String,
    /// The format's version: bumps only when a field is removed or changes meaning, or when
    /// a reader following the rules would identify a call differently.
    pub format_version: u32,
    /// The envelope the identification gives each call.
    pub envelope: EnvelopeContract,
    /// The first-party namespaces, with the spellings a reader accepts besides.
    pub namespaces: Vec<NamespaceData>,
    /// The canonical input keys, in projection order, with the JSON each carries.
    pub keys: Vec<KeyData>,
    /// Every known tool kind: its label, read-only default and ACP kind.
    pub kinds: Vec<KindData>,
    /// The labels whose projection has a shape; every other label takes any canonical key.
    pub label_shapes: Vec<ShapeData>,
    /// What a call's ACP `kind` says when nothing else identifies it.
    pub acp_kinds: Vec<AcpKindData>,
    /// The closed list of conversions a projection may name.
    pub conversions: Vec<ConversionData>,
    /// The placeholders of call-id and title formats.
    pub placeholders: Vec<PlaceholderData>,
    /// `_meta` tool-name keys no harness or agent owns: read for every call.
    pub meta_tool_names: Vec<MetaToolNameData>,
    /// The harnesses with a catalog of tools.
    pub harnesses: Vec<HarnessData>,
    /// Agents with a first-party namespace and no catalog of tools.
    pub agents: Vec<AgentData>,
}

/// The envelope's key and version.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct EnvelopeContract {
    /// The `_meta` key the envelope rides under: `x.ai/tool`.
    pub meta_key: String,
    /// The envelope's `version`.
    pub version: u32,
}

/// A first-party namespace.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct NamespaceData {
    /// Its wire name.
    pub namespace: String,
    /// Other spellings a reader accepts (PascalCase and legacy forms, and the `_` form of a
    /// former extension namespace).
    pub aliases: Vec<String>,
}

/// A canonical input key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct KeyData {
    /// The key.
    pub key: String,
    /// `path` and `text` keys carry strings, `integer` keys integers.
    #[serde(rename = "type")]
    pub key_type: String,
}

/// A tool kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct KindData {
    /// The kind's wire name.
    pub kind: String,
    /// Its label (a pure function of the kind).
    pub label: String,
    /// Whether a tool of the kind is read-only unless it says otherwise.
    pub read_only: bool,
    /// The ACP `kind` toolmeta gives a tool of the kind.
    pub acp_kind: String,
}

/// The keys a projection of one label must and may carry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct ShapeData {
    /// The label.
    pub label: String,
    /// Keys every input of the label carries: an input without one is no input.
    pub required: Vec<String>,
    /// Keys it may carry besides.
    pub optional: Vec<String>,
}

/// One row of the fallback table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct AcpKindData {
    /// ACP's `kind` (an absent `kind` is ACP's default, `other`; an unknown one reads as `other`).
    pub acp_kind: String,
    /// The kind the call gets.
    pub kind: String,
    /// The label it gets.
    pub label: String,
    /// Whether it is read-only; `null` when the ACP kind does not say.
    pub read_only: Option<bool>,
}

/// A conversion of the closed list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct ConversionData {
    /// Its name, as projections name it.
    pub name: String,
    /// What a reader does.
    pub description: String,
}

/// A placeholder of the call-id and title formats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct PlaceholderData {
    /// Written `{name}` in a format.
    pub name: String,
    /// The regular expression it stands for.
    pub regex: String,
    /// What it matches.
    pub description: String,
}

/// A harness with a catalog of tools.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct HarnessData {
    /// The harness's name: its namespace's wire name.
    pub harness: String,
    /// The namespace its calls get.
    pub namespace: String,
    /// Other spellings of the namespace a reader accepts.
    pub namespace_aliases: Vec<String>,
    /// The harness release the tools were checked against.
    pub release: String,
    /// Where the tools were read from.
    pub source: String,
    /// What recognises the harness in ACP traffic.
    pub recognise: RecognitionData,
    /// Its tools, by wire name (a renamed tool appears under each name).
    pub tools: Vec<ToolData>,
}

/// An agent with a first-party namespace and no catalog of tools.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct AgentData {
    /// The namespace its calls get.
    pub namespace: String,
    /// What recognises it.
    pub recognise: RecognitionData,
    /// Where that was read from.
    pub source: String,
}

/// What recognises a harness.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct RecognitionData {
    /// Lower-case marks: `agentInfo.name` (else `title`) of the `initialize` answer names
    /// the harness when the part after its last `/`, lower-cased, contains one.
    pub agent_names: Vec<String>,
    /// `_meta` keys whose string value names the tool.
    pub meta_tool_names: Vec<MetaToolNameData>,
    /// `toolCallId` formats: a match marks the harness; a `{name}` names the tool.
    pub tool_call_ids: Vec<String>,
    /// The adapter's fixed title formats, each naming the tool.
    pub titles: Vec<TitleData>,
    /// Keys the harness's events carry in `rawInput` whatever the tool: argument-name
    /// identification counts them neither as a tool's arguments nor as the call's.
    pub event_keys: Vec<String>,
}

/// A `_meta` key that names the tool.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct MetaToolNameData {
    /// The keys from `_meta` down.
    pub path: Vec<String>,
    /// `as_is`: the value is the wire name; `camel_case`: each capital letter of the value
    /// becomes `_` and its lower case.
    pub spelling: String,
    /// Whether a call carrying the key is this harness's, whatever else says.
    pub marks_harness: bool,
}

/// A fixed title format.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct TitleData {
    /// The format, matched against the whole title.
    pub pattern: String,
    /// The tool a match names; `null` when the format's `{name}` names it.
    pub tool: Option<String>,
}

/// One tool of a harness.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct ToolData {
    /// The wire name the model calls it by (the envelope's `name`).
    pub name: String,
    /// Its kind.
    pub kind: String,
    /// Its label.
    pub label: String,
    /// The ACP `kind` toolmeta gives it.
    pub acp_kind: String,
    /// What it does to the world.
    pub effects: EffectsData,
    /// How its raw arguments (`rawInput`) become the envelope's `input`, in projection
    /// order; empty for a tool that never carries one.
    pub projection: Vec<ProjectionData>,
    /// Its arguments, for naming the tool from the argument names of a `rawInput`; `null`
    /// for a tool that is only ever named (an alias of another tool's name, say).
    pub arguments: Option<Vec<ArgumentData>>,
}

/// What a tool does to the world: MCP's four hints ([`crate::Effects`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct EffectsData {
    /// Whether it only reads (the envelope's `read_only`, MCP's `readOnlyHint`).
    pub read_only: bool,
    /// Whether it may change or remove what is there (`destructiveHint`); never for a
    /// read-only tool.
    pub destructive: bool,
    /// Whether calling it again with the same arguments has no further effect
    /// (`idempotentHint`); always for a read-only tool.
    pub idempotent: bool,
    /// Whether it may reach an open world of external entities such as the web
    /// (`openWorldHint`).
    pub open_world: bool,
}

impl From<crate::Effects> for EffectsData {
    fn from(effects: crate::Effects) -> EffectsData {
        EffectsData {
            read_only: effects.read_only,
            destructive: effects.destructive,
            idempotent: effects.idempotent,
            open_world: effects.open_world,
        }
    }
}

/// One projected key of a tool.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct ProjectionData {
    /// The key in `input` (canonical unless `extra`).
    pub key: String,
    /// Whether the key is a harness-specific extra key.
    pub extra: bool,
    /// The argument names it is read from, the first present one winning.
    pub from: Vec<String>,
    /// Whether the arguments must carry it: without it (absent, `null` or of another type)
    /// there is no input at all.
    pub required: bool,
    /// The JSON values it takes; any other is treated as absent.
    pub accepts: ValueType,
    /// The conversion applied on top of the key's own rules; `null` for none.
    pub conversion: Option<String>,
}

/// One argument of a tool, as its harness's parser reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct ArgumentData {
    /// The argument's name.
    pub name: String,
    /// Other names it is read from.
    pub aliases: Vec<String>,
    /// Whether the arguments must carry it.
    pub required: bool,
    /// The JSON values it takes.
    pub accepts: ValueType,
}

/// JSON values, by type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ValueType {
    /// A string.
    String,
    /// An integer written without fraction or exponent, within `min..=max`.
    Integer {
        /// The smallest value taken.
        min: i64,
        /// The largest value taken.
        max: u64,
    },
    /// Any number.
    Number,
    /// `true` or `false`.
    Boolean,
    /// An array whose every item is of `items`.
    Array {
        /// The type of every item.
        items: Box<ValueType>,
    },
    /// Any object.
    Object,
    /// Any value.
    Any,
    /// `null`, or a value of `of`.
    Nullable {
        /// The type of a value that is not `null`.
        of: Box<ValueType>,
    },
    /// A value of one of `of`.
    OneOf {
        /// The types.
        of: Vec<ValueType>,
    },
}

/// What keeps the catalog from being exported: a declaration the format cannot describe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportError(String);

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ExportError {}

/// The catalog as data, read off the declarations.
pub fn catalog_data() -> Result<CatalogData, ExportError> {
    let harnesses = Harness::ALL
        .iter()
        .map(|&harness| harness_data(harness))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(CatalogData {
        format: FORMAT.to_owned(),
        format_version: FORMAT_VERSION,
        envelope: EnvelopeContract {
            meta_key: TOOL_META_KEY.to_owned(),
            version: TOOL_META_VERSION,
        },
        namespaces: Namespace::ALL
            .iter()
            .map(|namespace| NamespaceData {
                namespace: namespace.as_str().to_owned(),
                aliases: strings(namespace.aliases()),
            })
            .collect(),
        keys: keys::CANONICAL
            .iter()
            .map(|&key| KeyData {
                key: key.to_owned(),
                key_type: match keys::key_type(key) {
                    Some(KeyType::Path) => "path",
                    Some(KeyType::Integer) => "integer",
                    _ => "text",
                }
                .to_owned(),
            })
            .collect(),
        kinds: ToolKind::ALL
            .iter()
            .map(|&kind| KindData {
                kind: kind.as_str().to_owned(),
                label: kind.label().to_owned(),
                read_only: kind.is_read_only(),
                acp_kind: kind.acp_kind().to_owned(),
            })
            .collect(),
        label_shapes: LabelShape::ALL
            .iter()
            .map(|shape| ShapeData {
                label: shape.label.to_owned(),
                required: strings(shape.required),
                optional: strings(shape.optional),
            })
            .collect(),
        acp_kinds: KindFallback::ACP_KINDS
            .iter()
            .map(|&acp_kind| {
                let fallback = KindFallback::from_acp_kind(acp_kind);
                AcpKindData {
                    acp_kind: acp_kind.to_owned(),
                    kind: fallback.kind.as_str().to_owned(),
                    label: fallback.label.to_owned(),
                    read_only: fallback.read_only,
                }
            })
            .collect(),
        conversions: Conversion::ALL
            .iter()
            .map(|conversion| ConversionData {
                name: conversion.name().to_owned(),
                description: conversion.description().to_owned(),
            })
            .collect(),
        placeholders: Pattern::PLACEHOLDERS
            .iter()
            .map(|(name, regex, description)| PlaceholderData {
                name: (*name).to_owned(),
                regex: (*regex).to_owned(),
                description: (*description).to_owned(),
            })
            .collect(),
        meta_tool_names: SHARED_META_TOOL_NAMES
            .iter()
            .map(meta_tool_name_data)
            .collect(),
        harnesses,
        // The parties without a catalog of tools.
        agents: PARTIES
            .iter()
            .filter(|party| Harness::from_namespace(party.namespace).is_none())
            .map(|party| AgentData {
                namespace: party.namespace.as_str().to_owned(),
                recognise: recognition_data(&party.recognition),
                source: party.source.to_owned(),
            })
            .collect(),
    })
}

/// The catalog as the JSON text `toolmeta catalog --json` writes and the repository ships
/// (`toolmeta/catalog/catalog.json`): pretty-printed, two-space indented, with a final
/// newline.
pub fn catalog_json() -> Result<String, ExportError> {
    let data = catalog_data()?;
    let mut text = serde_json::to_string_pretty(&data)
        .map_err(|error| ExportError(format!("cannot write the catalog: {error}")))?;
    text.push('\n');
    Ok(text)
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|&item| item.to_owned()).collect()
}

fn harness_data(harness: Harness) -> Result<HarnessData, ExportError> {
    let namespace = harness.namespace();
    let described = harness.described();
    let tools = harness
        .tools()
        .entries()
        .iter()
        .map(|entry| tool_data(harness, entry, described))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(HarnessData {
        harness: harness.to_string(),
        namespace: namespace.as_str().to_owned(),
        namespace_aliases: strings(namespace.aliases()),
        release: harness.release().to_owned(),
        source: harness.source().to_owned(),
        recognise: recognition_data(&harness.party().recognition),
        tools,
    })
}

fn recognition_data(recognition: &Recognition) -> RecognitionData {
    RecognitionData {
        agent_names: strings(recognition.agent_names),
        meta_tool_names: recognition
            .meta_tool_names
            .iter()
            .map(meta_tool_name_data)
            .collect(),
        tool_call_ids: recognition
            .tool_call_ids
            .iter()
            .map(|pattern| pattern.0.to_owned())
            .collect(),
        titles: recognition
            .titles
            .iter()
            .map(|title| TitleData {
                pattern: title.pattern.0.to_owned(),
                tool: title.tool.map(str::to_owned),
            })
            .collect(),
        event_keys: strings(recognition.event_keys),
    }
}

fn meta_tool_name_data(key: &MetaToolName) -> MetaToolNameData {
    MetaToolNameData {
        path: strings(key.path.keys()),
        spelling: key.spelling.name().to_owned(),
        marks_harness: key.marks_harness,
    }
}

fn tool_data(
    harness: Harness,
    entry: &ToolEntry,
    described: &[DescribedTool],
) -> Result<ToolData, ExportError> {
    let identity = entry.identity();
    let at = |reason: String| ExportError(format!("{harness} tool `{}`: {reason}", identity.name));
    if !entry.projects_through_fields() {
        return Err(at(
            "registered deserialized or tagged: its projection is not only its recorded fields"
                .to_owned(),
        ));
    }
    let projection = entry
        .input_fields()
        .iter()
        .map(|field| projection_data(field).map_err(&at))
        .collect::<Result<Vec<_>, _>>()?;
    let arguments = described
        .iter()
        .find(|tool| tool.name == identity.name)
        .map(|tool| {
            tool.arguments
                .iter()
                .map(|argument| ArgumentData {
                    name: argument.name.to_owned(),
                    aliases: strings(&argument.aliases),
                    required: argument.required,
                    accepts: value_type(&argument.json),
                })
                .collect()
        });
    Ok(ToolData {
        name: identity.name.to_owned(),
        kind: identity.kind.as_str().to_owned(),
        label: identity.label.to_owned(),
        acp_kind: identity.kind.acp_kind().to_owned(),
        effects: identity.effects().into(),
        projection,
        arguments,
    })
}

fn projection_data(field: &InputField) -> Result<ProjectionData, String> {
    if field.converted {
        return Err(format!(
            "`{}` is projected through a Rust function (`with`, `compute`, serde's `deserialize_with` or `flatten`): name its conversion from the closed list instead",
            field.key
        ));
    }
    let string = || ValueType::String;
    let accepts = match field.raw {
        RawType::String => string(),
        RawType::Integer { min, max } => ValueType::Integer { min, max },
        RawType::Bool => ValueType::Boolean,
        RawType::Argv => ValueType::Array {
            items: Box::new(string()),
        },
        RawType::CommandLine => ValueType::OneOf {
            of: vec![
                string(),
                ValueType::Array {
                    items: Box::new(string()),
                },
            ],
        },
        RawType::OfKey => match keys::key_type(field.key) {
            Some(KeyType::Integer) => ValueType::Integer {
                min: i64::MIN,
                max: u64::MAX,
            },
            Some(KeyType::Path | KeyType::Text) => string(),
            None => ValueType::OneOf {
                of: vec![
                    string(),
                    ValueType::Integer {
                        min: i64::MIN,
                        max: u64::MAX,
                    },
                    ValueType::Boolean,
                ],
            },
        },
        RawType::Unreadable => {
            return Err(format!("`{}` takes no JSON value as it is", field.key));
        }
    };
    let mut from = vec![field.wire.to_owned()];
    from.extend(field.aliases.iter().map(|&alias| alias.to_owned()));
    Ok(ProjectionData {
        key: field.key.to_owned(),
        extra: field.extra,
        from,
        required: !field.optional,
        accepts,
        conversion: field
            .conversion()
            .map(|conversion| conversion.name().to_owned()),
    })
}

/// A probed argument type in the format's terms, integer bounds clipped to JSON's range.
fn value_type(json: &JsonType) -> ValueType {
    match json {
        JsonType::String => ValueType::String,
        JsonType::Integer { min, max } => ValueType::Integer {
            min: i64::try_from(*min).unwrap_or(i64::MIN),
            max: u64::try_from(*max).unwrap_or(if *max < 0 { 0 } else { u64::MAX }),
        },
        JsonType::Number => ValueType::Number,
        JsonType::Boolean => ValueType::Boolean,
        JsonType::Array(items) => ValueType::Array {
            items: Box::new(value_type(items)),
        },
        JsonType::Object => ValueType::Object,
        JsonType::Any => ValueType::Any,
        JsonType::Nullable(of) => ValueType::Nullable {
            of: Box::new(value_type(of)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_exports() {
        let data = catalog_data().unwrap();
        assert_eq!(data.harnesses.len(), Harness::ALL.len());
        for (harness, data) in Harness::ALL.iter().zip(&data.harnesses) {
            assert_eq!(data.tools.len(), harness.tools().len(), "{harness}");
            // Every tool argument matching knows has its arguments exported, and only those:
            // every tool listed under its own name.
            let with_arguments = data.tools.iter().filter(|t| t.arguments.is_some()).count();
            assert_eq!(with_arguments, harness.described().len(), "{harness}");
            assert_eq!(with_arguments, harness.arguments().count(), "{harness}");
        }
        let text = catalog_json().unwrap();
        let back: CatalogData = serde_json::from_str(&text).unwrap();
        assert_eq!(back, data);
    }

    /// Each harness's event keys are exported as declared, beside its other evidence.
    #[test]
    fn the_event_keys_are_exported() {
        let data = catalog_data().unwrap();
        for (harness, data) in Harness::ALL.iter().zip(&data.harnesses) {
            assert_eq!(
                data.recognise.event_keys,
                strings(harness.party().recognition.event_keys)
            );
        }
        let codex = data
            .harnesses
            .iter()
            .find(|h| h.harness == "codex")
            .unwrap();
        assert!(codex.recognise.event_keys.contains(&"turn_id".to_owned()));
    }

    #[test]
    fn the_fallback_table_covers_every_acp_kind() {
        let data = catalog_data().unwrap();
        let fetch = data
            .acp_kinds
            .iter()
            .find(|row| row.acp_kind == "fetch")
            .unwrap();
        assert_eq!(
            (fetch.kind.as_str(), fetch.label.as_str()),
            ("web_fetch", "Web Fetch")
        );
        let other = data
            .acp_kinds
            .iter()
            .find(|row| row.acp_kind == "other")
            .unwrap();
        assert_eq!(other.read_only, None);
    }

    /// ACP's kinds as the schema crate spells them.
    #[cfg(feature = "acp")]
    #[test]
    fn acp_kinds_are_acps() {
        use agent_client_protocol_schema::v1::ToolKind as Acp;
        let every = [
            Acp::Read,
            Acp::Edit,
            Acp::Delete,
            Acp::Move,
            Acp::Search,
            Acp::Execute,
            Acp::Think,
            Acp::Fetch,
            Acp::SwitchMode,
            Acp::Other,
        ];
        let names: Vec<String> = every
            .iter()
            .map(|kind| {
                serde_json::to_value(kind)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_owned()
            })
            .collect();
        assert_eq!(names, KindFallback::ACP_KINDS);
    }
}
