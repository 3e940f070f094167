//! The `rmcp` feature: MCP tool annotations and definitions from the declaration, a
//! definition completed and read back, and the envelope of an MCP call.

use std::sync::Arc;

use rmcp::model::{CallToolRequestParams, JsonObject, Tool, ToolAnnotations};
use serde::Deserialize;
use serde_json::{Value, json};
use toolmeta::rmcp::{McpDeclaration, McpTool, ServedToolSource, call_tool_meta};
use toolmeta::{
    Effects, Identity, Namespace, TOOL_META_KEY, ToolEntry, ToolIdentity, ToolKind, Toolset,
    toolset,
};

use crate::common::TextEditor;

fn schema() -> Arc<JsonObject> {
    Arc::new(json!({"type": "object"}).as_object().unwrap().clone())
}

#[test]
fn every_kinds_annotations_are_its_effects_and_a_read_only_tool_is_never_destructive() {
    for &kind in ToolKind::ALL {
        let identity = Identity::new("t", kind, Namespace::GrokBuild);
        let annotations = identity.mcp_annotations();
        let effects = kind.effects();
        assert_eq!(
            annotations,
            ToolAnnotations::from_raw(
                None,
                Some(effects.read_only),
                Some(effects.destructive),
                Some(effects.idempotent),
                Some(effects.open_world)
            ),
            "{kind}"
        );
        if annotations.read_only_hint == Some(true) {
            assert_eq!(annotations.destructive_hint, Some(false), "{kind}");
        }
    }
}

#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "view_image",
    namespace = "codex",
    kind = "read",
    title = "View Image"
)]
struct ViewImage {
    #[tool(project)]
    path: String,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "grep", namespace = "grok_build", kind = "search")]
struct Grep {
    #[tool(project)]
    pattern: String,
    #[tool(project)]
    path: Option<String>,
}

#[test]
fn the_title_is_the_declared_one_never_the_label() {
    assert_eq!(
        ViewImage::IDENTITY.mcp_annotations().title.as_deref(),
        Some("View Image")
    );
    assert_eq!(Grep::IDENTITY.mcp_annotations().title, None);
    let tool = Grep::IDENTITY.mcp_tool("Searches files.", schema());
    assert_eq!(tool.title, None);
}

#[test]
fn a_definition_carries_the_identity_only_envelope_and_the_harnesss_schema() {
    let tool = ViewImage::IDENTITY.mcp_tool("Shows an image.", schema());
    let wire = serde_json::to_value(&tool).unwrap();
    assert_eq!(wire["name"], "view_image");
    assert_eq!(wire["description"], "Shows an image.");
    assert_eq!(wire["inputSchema"], json!({"type": "object"}));
    assert_eq!(
        wire["annotations"],
        json!({"title": "View Image", "readOnlyHint": true, "destructiveHint": false,
               "idempotentHint": true, "openWorldHint": false})
    );
    assert_eq!(
        wire["_meta"],
        json!({TOOL_META_KEY: {"version": 1, "name": "view_image", "kind": "read",
               "namespace": "codex", "label": "Read", "read_only": true}})
    );
}

#[test]
fn completing_keeps_what_the_harness_set_and_its_other_meta_keys() {
    let mut tool = Tool::new("search", "Searches.", schema())
        .with_title("Search the Repository")
        .annotate(ToolAnnotations::with_title("Grep").open_world(true));
    tool.meta = Some(
        json!({"vendor/trace": "abc", TOOL_META_KEY: {"stale": true}})
            .as_object()
            .cloned()
            .unwrap()
            .into(),
    );
    tool.complete(&Grep::IDENTITY);
    let annotations = tool.annotations.as_ref().unwrap();
    assert_eq!(annotations.title.as_deref(), Some("Grep"));
    assert_eq!(annotations.open_world_hint, Some(true));
    assert_eq!(annotations.read_only_hint, Some(true));
    assert_eq!(annotations.destructive_hint, Some(false));
    assert_eq!(annotations.idempotent_hint, Some(true));
    assert_eq!(tool.title.as_deref(), Some("Search the Repository"));
    let meta = tool.meta.as_ref().unwrap();
    assert_eq!(meta["vendor/trace"], "abc");
    // The envelope is replaced, and named by the tool's own (MCP) name.
    assert_eq!(
        meta[TOOL_META_KEY],
        json!({"version": 1, "name": "search", "kind": "search", "namespace": "grok_build",
               "label": "Search", "read_only": true})
    );
}

#[test]
fn a_toolsets_renamed_tool_is_listed_under_its_registered_name() {
    let mut tools = Toolset::new();
    tools.insert_as("rg", ToolEntry::of::<Grep>()).unwrap();
    let rg = tools.get("rg").unwrap();
    let tool = rg.mcp_tool("ripgrep", schema());
    assert_eq!(tool.name, "rg");
    assert_eq!(tool.meta.unwrap()[TOOL_META_KEY]["name"], "rg");
}

#[test]
fn a_tagged_tool_is_annotated_with_what_any_of_its_variants_may_do() {
    const TOOLS: toolmeta::StaticToolset =
        toolmeta::StaticToolset::new(&[ToolEntry::tagged::<TextEditor>()]);
    let annotations = TOOLS.get("text_editor").unwrap().mcp_annotations();
    // `str_replace` is not idempotent, so the tool is not; `write` destroys; none reaches out.
    assert_eq!(annotations.read_only_hint, Some(false));
    assert_eq!(annotations.destructive_hint, Some(true));
    assert_eq!(annotations.idempotent_hint, Some(false));
    assert_eq!(annotations.open_world_hint, Some(false));
}

#[test]
fn a_definition_reads_back_into_its_declaration() {
    let listed = ViewImage::IDENTITY.mcp_tool("Shows an image.", schema());
    // As a client gets it: through JSON.
    let received: Tool = serde_json::from_value(serde_json::to_value(&listed).unwrap()).unwrap();
    let served = received.served();
    assert_eq!(served.source, ServedToolSource::Envelope);
    assert_eq!(served.meta, ViewImage::IDENTITY.envelope().to_tool_meta());
    assert_eq!(served.effects, ViewImage::IDENTITY.effects());
}

fn served_from(wire: Value) -> toolmeta::rmcp::ServedTool {
    serde_json::from_value::<Tool>(wire).unwrap().served()
}

#[test]
fn a_tool_without_an_envelope_is_an_mcp_tool_with_mcps_defaults() {
    let served = served_from(json!({"name": "query_db", "inputSchema": {"type": "object"}}));
    assert_eq!(served.source, ServedToolSource::Annotations);
    assert_eq!(
        serde_json::to_value(&served.meta).unwrap(),
        json!({"version": 1, "name": "query_db", "kind": "other", "namespace": "mcp",
               "label": "Tool", "read_only": false})
    );
    assert_eq!(served.effects, Effects::MCP_DEFAULTS);

    let served = served_from(
        json!({"name": "list_tables", "inputSchema": {"type": "object"},
        "annotations": {"readOnlyHint": true, "destructiveHint": true, "openWorldHint": false}}),
    );
    // Read-only: the destructive hint means nothing then.
    assert_eq!(
        served.effects,
        Effects::from_hints(true, false, true, false)
    );
    assert!(served.meta.read_only);
}

#[test]
fn an_envelope_wins_over_the_hints_it_has_and_its_kind_fills_the_rest() {
    let served = served_from(json!({"name": "write", "inputSchema": {"type": "object"},
        "annotations": {"readOnlyHint": true, "openWorldHint": true},
        "_meta": {TOOL_META_KEY: {"version": 1, "name": "write", "kind": "write",
                  "namespace": "opencode", "label": "Write", "read_only": false,
                  "input": {"path": "a.rs"}}}}));
    assert_eq!(served.source, ServedToolSource::Envelope);
    assert_eq!(served.meta.kind, ToolKind::Write);
    // A definition describes no call: its envelope's `input` is not kept.
    assert_eq!(served.meta.input, None);
    let write = Effects::of(ToolKind::Write);
    assert_eq!(
        served.effects,
        Effects::from_hints(false, write.destructive, write.idempotent, true)
    );
}

#[test]
fn a_broken_envelope_says_why_and_the_annotations_stand() {
    let served = served_from(json!({"name": "read", "inputSchema": {"type": "object"},
        "_meta": {TOOL_META_KEY: {"version": 1, "name": "read", "kind": "read",
                  "namespace": "grokbuild", "label": "Read", "read_only": true}}}));
    let ServedToolSource::BrokenEnvelope(why) = &served.source else {
        panic!("{:?}", served.source);
    };
    assert!(why.contains("grokbuild"), "{why}");
    assert_eq!(served.meta.namespace, Namespace::Mcp);
    assert_eq!(served.effects, Effects::MCP_DEFAULTS);
}

#[test]
fn an_mcp_call_gets_the_envelope_with_its_projected_input() {
    const TOOLS: toolmeta::StaticToolset = toolset![Grep];
    let mut call = CallToolRequestParams::new("grep");
    call.arguments = json!({"pattern": "TODO", "path": "src", "context": 3})
        .as_object()
        .cloned();
    let meta = call_tool_meta(&call, |name| TOOLS.get(name)).unwrap();
    assert_eq!(meta.input, Some(json!({"pattern": "TODO", "path": "src"})));
    assert_eq!(meta.name, "grep");
    // No arguments: the identity alone.
    let bare = call_tool_meta(&CallToolRequestParams::new("grep"), |name| TOOLS.get(name));
    assert_eq!(bare.unwrap().input, None);
}
