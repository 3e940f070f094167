//! Stamping the envelope into an event's `_meta`, and the envelope's exact serialized form.
//!
//! The tools here implement `ToolIdentity` (and the enum `Projection`/`ToolDispatch`) by
//! hand, as the derive would.

use serde::ser::SerializeMap;
use serde_json::{Map, Value, json};
use toolmeta::{
    Identity, InputField, Namespace, Projection, TOOL_META_KEY, ToolDispatch, ToolIdentity,
    ToolKind, ToolMeta,
};

struct ReadFile {
    path: String,
    offset: Option<i64>,
    limit: Option<u64>,
}

impl ToolIdentity for ReadFile {
    const IDENTITY: Identity = Identity::new("read_file", ToolKind::Read, Namespace::GrokBuild);
    const INPUT_FIELDS: &'static [InputField] = &[];

    fn project<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        map.serialize_entry("path", &self.path)?;
        if let Some(offset) = self.offset.and_then(toolmeta::normalize_offset) {
            map.serialize_entry("offset", &offset)?;
        }
        if let Some(limit) = self.limit {
            map.serialize_entry("limit", &limit)?;
        }
        Ok(())
    }
}

/// A `no_input` tool: identity only.
struct UpdatePlan;

impl ToolIdentity for UpdatePlan {
    const IDENTITY: Identity = Identity::new("update_plan", ToolKind::Plan, Namespace::Codex);
    const INPUT_FIELDS: &'static [InputField] = &[];

    fn has_input(&self) -> bool {
        false
    }

    fn project<M: SerializeMap>(&self, _: &mut M) -> Result<(), M::Error> {
        Ok(())
    }
}

fn read() -> ReadFile {
    ReadFile {
        path: "src/main.rs".into(),
        offset: Some(0),
        limit: Some(60),
    }
}

const READ_IDENTITY_JSON: &str = r#"{"version":1,"name":"read_file","kind":"read","namespace":"grok_build","label":"Read","read_only":true}"#;
const READ_FULL_JSON: &str = r#"{"version":1,"name":"read_file","kind":"read","namespace":"grok_build","label":"Read","read_only":true,"input":{"path":"src/main.rs","offset":1,"limit":60}}"#;

/// An event's `_meta` as a harness sends it, before toolmeta stamps it.
fn harness_meta() -> Map<String, Value> {
    json!({
        "bash_mode": true,
        "backend": {"name": "local", "pid": 42},
        "claudeCode": {"toolName": "Read"},
        "x.ai/other": null,
    })
    .as_object()
    .unwrap()
    .clone()
}

fn assert_keeps_harness_keys(stamped: &Map<String, Value>) {
    for (key, value) in harness_meta() {
        assert_eq!(stamped.get(&key), Some(&value), "`{key}` was not kept");
    }
    assert_eq!(stamped.len(), harness_meta().len() + 1, "{stamped:?}");
}

#[test]
fn envelope_fields_are_written_in_contract_order() {
    assert_eq!(
        serde_json::to_string(&read().envelope()).unwrap(),
        READ_FULL_JSON
    );
    assert_eq!(
        serde_json::to_string(&ReadFile::IDENTITY.envelope()).unwrap(),
        READ_IDENTITY_JSON
    );
}

#[test]
fn tool_meta_fields_are_written_in_contract_order_and_input_is_omitted_when_none() {
    assert_eq!(
        serde_json::to_string(&ReadFile::IDENTITY.envelope().to_tool_meta()).unwrap(),
        READ_IDENTITY_JSON
    );
    let mut meta = ReadFile::IDENTITY.envelope().to_tool_meta();
    meta.input = Some(json!({"path": "src/main.rs"}));
    assert_eq!(
        serde_json::to_string(&meta).unwrap(),
        r#"{"version":1,"name":"read_file","kind":"read","namespace":"grok_build","label":"Read","read_only":true,"input":{"path":"src/main.rs"}}"#
    );
    assert_eq!(
        serde_json::to_string_pretty(&UpdatePlan.tool_meta()).unwrap(),
        "{\n  \"version\": 1,\n  \"name\": \"update_plan\",\n  \"kind\": \"plan\",\n  \"namespace\": \"codex\",\n  \"label\": \"Plan\",\n  \"read_only\": false\n}"
    );
}

#[test]
fn the_owned_and_borrowed_envelopes_agree() {
    let tool = read();
    let meta = tool.tool_meta();
    assert_eq!(
        meta.input,
        Some(json!({"path": "src/main.rs", "offset": 1, "limit": 60}))
    );
    assert_eq!(
        serde_json::to_value(&meta).unwrap(),
        tool.envelope().to_value()
    );
    assert_eq!(meta, tool.envelope().to_tool_meta());
    let back: ToolMeta = serde_json::from_str(READ_FULL_JSON).unwrap();
    assert_eq!(back, meta);
}

#[test]
fn stamp_keeps_every_other_meta_key() {
    let stamped = read().envelope().stamp(Some(harness_meta()));
    assert_keeps_harness_keys(&stamped);
    assert_eq!(stamped[TOOL_META_KEY].to_string(), READ_FULL_JSON);
}

#[test]
fn stamp_replaces_an_existing_envelope_whole() {
    let mut existing = harness_meta();
    existing.insert(
        TOOL_META_KEY.into(),
        json!({"version": 1, "name": "old", "input": {"path": "stale"}, "stale_field": 1}),
    );
    // The full envelope replaces it...
    let stamped = read().envelope().stamp(Some(existing.clone()));
    assert_keeps_harness_keys(&stamped);
    assert_eq!(stamped[TOOL_META_KEY].to_string(), READ_FULL_JSON);
    // ...and so does an identity-only one: nothing of the old envelope survives.
    let stamped = ReadFile::IDENTITY.envelope().stamp(Some(existing.clone()));
    assert_eq!(stamped[TOOL_META_KEY].to_string(), READ_IDENTITY_JSON);
    // A non-object value under the key is replaced too.
    existing.insert(TOOL_META_KEY.into(), json!("garbage"));
    let stamped = read().envelope().stamp(Some(existing));
    assert_eq!(stamped[TOOL_META_KEY].to_string(), READ_FULL_JSON);
}

#[test]
fn stamp_creates_the_meta_map_when_there_is_none() {
    let stamped = read().envelope().stamp(None);
    assert_eq!(stamped.len(), 1);
    assert_eq!(stamped[TOOL_META_KEY].to_string(), READ_FULL_JSON);
    let stamped = Some(Map::new())
        .map(|m| read().envelope().stamp(Some(m)))
        .unwrap();
    assert_eq!(stamped.len(), 1);
}

#[test]
fn identity_stamp_is_identity_only() {
    let stamped = ReadFile::IDENTITY.envelope().stamp(Some(harness_meta()));
    assert_keeps_harness_keys(&stamped);
    assert_eq!(stamped[TOOL_META_KEY].to_string(), READ_IDENTITY_JSON);
    assert!(stamped[TOOL_META_KEY].get("input").is_none());
}

#[test]
fn tool_meta_stamp_matches_the_borrowed_stamp() {
    let meta = read().tool_meta();
    let owned = meta.stamp(Some(harness_meta()));
    assert_keeps_harness_keys(&owned);
    assert_eq!(owned, read().envelope().stamp(Some(harness_meta())));
    assert_eq!(
        ToolMeta::from_meta(&owned).unwrap().unwrap(),
        meta,
        "a stamped envelope reads back"
    );
    assert!(ToolMeta::from_meta(&harness_meta()).is_none());
}

#[test]
fn a_no_input_tool_stamps_no_input() {
    let stamped = UpdatePlan.envelope().stamp(None);
    assert!(stamped[TOOL_META_KEY].get("input").is_none());
    assert_eq!(stamped[TOOL_META_KEY]["read_only"], false);
}

#[test]
fn with_name_renames_the_wire_name_only() {
    let tool = read();
    let renamed = tool.envelope().with_name("view_file");
    assert_eq!(renamed.name(), "view_file");
    assert_eq!(renamed.identity().name, "read_file");
    assert_eq!(
        serde_json::to_string(&renamed).unwrap(),
        READ_FULL_JSON.replace("\"read_file\"", "\"view_file\"")
    );
    let stamped = renamed.stamp(Some(harness_meta()));
    assert_keeps_harness_keys(&stamped);
    assert_eq!(stamped[TOOL_META_KEY]["name"], "view_file");
    assert_eq!(renamed.to_tool_meta().name, "view_file");
    // Identity-only, renamed: for the first `tool_call` of a renamed tool.
    let early = ReadFile::IDENTITY.envelope().with_name("view_file");
    assert_eq!(
        serde_json::to_string(&early).unwrap(),
        READ_IDENTITY_JSON.replace("\"read_file\"", "\"view_file\"")
    );
}

#[test]
fn label_and_read_only_overrides_are_written() {
    let identity = Identity::new("mcp__github__create_issue", ToolKind::Other, Namespace::Mcp)
        .with_label("GitHub")
        .with_read_only(true);
    assert_eq!(
        serde_json::to_string(&identity.envelope()).unwrap(),
        r#"{"version":1,"name":"mcp__github__create_issue","kind":"other","namespace":"mcp","label":"GitHub","read_only":true}"#
    );
}

/// An enum of tool inputs with a dynamic catch-all, dispatched by hand.
enum Call {
    Read(ReadFile),
    Dynamic,
}

impl Projection for Call {
    fn has_input(&self) -> bool {
        match self {
            Call::Read(read) => ToolIdentity::has_input(read),
            Call::Dynamic => false,
        }
    }

    fn project<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        match self {
            Call::Read(read) => ToolIdentity::project(read, map),
            Call::Dynamic => Ok(()),
        }
    }
}

impl ToolDispatch for Call {
    fn identity(&self) -> Option<Identity> {
        match self {
            Call::Read(_) => Some(ReadFile::IDENTITY),
            Call::Dynamic => None,
        }
    }
}

#[test]
fn dispatch_stamps_known_tools_and_has_no_envelope_for_the_catch_all() {
    let stamped = Call::Read(read())
        .envelope()
        .unwrap()
        .stamp(Some(harness_meta()));
    assert_keeps_harness_keys(&stamped);
    assert_eq!(stamped[TOOL_META_KEY].to_string(), READ_FULL_JSON);
    assert!(Call::Dynamic.envelope().is_none());
}
