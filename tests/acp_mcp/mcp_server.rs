//! The `mcp_server` example, read by the official MCP Rust SDK's own client: it spawns the
//! example over stdio, lists its tools, and checks each tool's annotations and envelope
//! against the tool's declaration; then calls the tools, so the server is a real one.
//!
//! The server is the example binary, which `cargo test` builds beside the tests.

use std::fs;
use std::path::{Path, PathBuf};

use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult, Tool};
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
use serde_json::{Value, json};
use toolmeta::rmcp::{McpTool, ServedToolSource};
use toolmeta::{Identity, Namespace, TOOL_META_KEY, ToolKind, ToolMeta};

use crate::common;

/// A fresh directory for the server to serve.
fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("toolmeta-mcp-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("src")).expect("create the served directory");
    fs::write(
        dir.join("src/lib.rs"),
        "pub fn answer() -> u32 {\n    42\n}\n",
    )
    .unwrap();
    dir
}

async fn connect(root: &Path) -> RunningService<RoleClient, ()> {
    let command =
        tokio::process::Command::new(common::example_binary("mcp_server")).configure(|command| {
            command.current_dir(root);
        });
    let transport = TokioChildProcess::new(command).expect("spawn the mcp_server example");
    ().serve(transport)
        .await
        .expect("initialize the MCP session")
}

/// Each tool the example declares: its wire name, kind and namespace, as its
/// `#[tool(...)]` says.
const DECLARED: [(&str, ToolKind, Namespace); 4] = [
    ("read_file", ToolKind::Read, Namespace::GrokBuild),
    ("grep", ToolKind::Search, Namespace::GrokBuild),
    (
        "run_terminal_command",
        ToolKind::Execute,
        Namespace::GrokBuild,
    ),
    ("search_replace", ToolKind::Edit, Namespace::GrokBuild),
];

/// The annotations each kind must give, from the contract's effects table
/// (`docs/wire-contract.md`): read-only, destructive, idempotent, open-world.
fn expected_annotations(kind: ToolKind) -> Value {
    let (read_only, destructive, idempotent, open_world) = match kind {
        // Reads and searches of local files: nothing changes, the world is the workspace.
        ToolKind::Read | ToolKind::Search => (true, false, true, false),
        // A command may do anything, once per call, and reach anything.
        ToolKind::Execute => (false, true, false, true),
        // An edit rewrites existing content; replaying it may replace again.
        ToolKind::Edit => (false, true, false, false),
        other => panic!("no expectation for {other}"),
    };
    json!({"readOnlyHint": read_only, "destructiveHint": destructive,
           "idempotentHint": idempotent, "openWorldHint": open_world})
}

#[tokio::test(flavor = "current_thread")]
async fn every_listed_tool_carries_the_annotations_and_envelope_of_its_declaration() {
    let root = workdir("list");
    let client = connect(&root).await;
    let tools: Vec<Tool> = client.list_all_tools().await.expect("tools/list");
    client.cancel().await.expect("close the session");

    let mut names: Vec<&str> = tools.iter().map(|tool| tool.name.as_ref()).collect();
    names.sort_unstable();
    let mut declared: Vec<&str> = DECLARED.iter().map(|(name, ..)| *name).collect();
    declared.sort_unstable();
    assert_eq!(
        names, declared,
        "the example serves exactly its declared tools"
    );

    for (name, kind, namespace) in DECLARED {
        let tool = tools.iter().find(|tool| tool.name == name).unwrap();
        let wire = serde_json::to_value(tool).unwrap();

        // The annotations: the four hints of the kind, and no title (the label is not one).
        assert_eq!(wire["annotations"], expected_annotations(kind), "{name}");
        let identity = Identity::new(name, kind, namespace);
        let effects = identity.effects();
        assert_eq!(
            wire["annotations"]["readOnlyHint"], effects.read_only,
            "{name}"
        );
        if effects.read_only {
            assert_eq!(wire["annotations"]["destructiveHint"], false, "{name}");
        }

        // The envelope: identity only, exactly the declaration's, and it decodes strictly.
        let envelope = &wire["_meta"][TOOL_META_KEY];
        assert_eq!(
            envelope,
            &json!({"version": 1, "name": name, "kind": kind.as_str(),
                    "namespace": namespace.as_str(), "label": kind.label(),
                    "read_only": kind.is_read_only()}),
            "{name}"
        );
        let meta: ToolMeta = serde_json::from_value(envelope.clone()).unwrap();
        assert_eq!(meta, identity.envelope().to_tool_meta());

        // Read back as an MCP client sees it: the same identity and effects.
        let served = tool.served();
        assert_eq!(served.source, ServedToolSource::Envelope, "{name}");
        assert_eq!(served.meta, meta, "{name}");
        assert_eq!(served.effects, effects, "{name}");

        // What rmcp made stays: the description and the argument struct's input schema.
        assert!(
            tool.description
                .as_deref()
                .is_some_and(|text| !text.is_empty())
        );
        assert_eq!(tool.input_schema["type"], "object", "{name}");
    }
}

fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|text| text.text.clone()))
        .collect()
}

async fn call(
    client: &RunningService<RoleClient, ()>,
    name: &'static str,
    arguments: Value,
) -> CallToolResult {
    let mut request = CallToolRequestParams::new(name);
    request.arguments = arguments.as_object().cloned();
    client.call_tool(request).await.expect("tools/call")
}

#[tokio::test(flavor = "current_thread")]
async fn the_served_tools_run() {
    let root = workdir("call");
    let client = connect(&root).await;

    let read = call(
        &client,
        "read_file",
        json!({"path": "src/lib.rs", "offset": 2, "limit": 1}),
    )
    .await;
    assert_eq!(text(&read), "    42\n");

    let grep = call(&client, "grep", json!({"pattern": "answer"})).await;
    assert_eq!(text(&grep), "src/lib.rs:1:pub fn answer() -> u32 {");

    let edit = call(
        &client,
        "search_replace",
        json!({"file_path": "src/lib.rs", "old_string": "42", "new_string": "43"}),
    )
    .await;
    assert_eq!(edit.is_error, Some(false));
    assert!(
        fs::read_to_string(root.join("src/lib.rs"))
            .unwrap()
            .contains("43")
    );

    let run = call(
        &client,
        "run_terminal_command",
        json!({"command": "ls src"}),
    )
    .await;
    assert_eq!(text(&run), "lib.rs\n");

    let missing = call(&client, "read_file", json!({"path": "nope.rs"})).await;
    assert_eq!(missing.is_error, Some(true));
    client.cancel().await.expect("close the session");
}
