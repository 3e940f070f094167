//! A new harness of five tools, written from the README and docs/adopting.md alone (issue
//! 23): its own extension namespace, `_myharness`, one toolset, envelopes typed and raw.
// The harness's own code reads every argument; this test reads only what it checks.
#![allow(dead_code)]

use serde::Deserialize;
use serde_json::json;
use toolmeta::{StaticToolset, ToolIdentity, toolset};

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "read", namespace = "_myharness", kind = "read")]
struct Read {
    #[tool(project)]
    path: String,
    #[tool(project)]
    offset: Option<u64>,
    #[tool(project)]
    limit: Option<u64>,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "edit", namespace = "_myharness", kind = "edit")]
struct Edit {
    #[tool(project)]
    path: String,
    #[tool(payload)]
    old_string: String,
    #[tool(payload)]
    new_string: String,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "grep", namespace = "_myharness", kind = "search")]
struct Grep {
    #[tool(project)]
    pattern: String,
    #[tool(project)]
    path: Option<String>,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "run", namespace = "_myharness", kind = "execute")]
struct Run {
    #[tool(project = "command", with = "toolmeta::convert::command_line")]
    argv: Vec<String>,
    #[tool(project)]
    cwd: Option<String>,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "done",
    namespace = "_myharness",
    kind = "other",
    label = "Done"
)]
struct Done;

const TOOLS: StaticToolset = toolset![Read, Edit, Grep, Run, Done];

#[test]
fn five_tools_under_their_own_namespace() {
    let read = TOOLS.get("read").unwrap();
    let meta = read.tool_meta(Some(
        &json!({"path": "src/lib.rs", "offset": 0, "limit": 20}),
    ));
    assert_eq!(meta.namespace.as_str(), "_myharness");
    assert_eq!(meta.label, "Read");
    assert_eq!(
        meta.input,
        Some(json!({"path": "src/lib.rs", "offset": 1, "limit": 20}))
    );

    let edit = TOOLS.get("edit").unwrap();
    let raw = json!({"path": "a.rs", "old_string": "x", "new_string": "y"});
    assert_eq!(
        edit.tool_meta(Some(&raw)).input,
        Some(json!({"path": "a.rs"}))
    );

    let grep: Grep = serde_json::from_value(json!({"pattern": "TODO"})).unwrap();
    assert_eq!(grep.tool_meta().input, Some(json!({"pattern": "TODO"})));

    // `with` runs on raw arguments too: the toolset deserializes them.
    let run = TOOLS.get("run").unwrap();
    let raw = json!({"argv": ["cargo", "test"], "cwd": "/repo"});
    assert_eq!(
        run.tool_meta(Some(&raw)).input,
        Some(json!({"command": "cargo test", "cwd": "/repo"}))
    );

    let done = TOOLS.get("done").unwrap().tool_meta(None);
    assert_eq!((done.label.as_ref(), done.input), ("Done", None));

    // Every envelope decodes strictly: the extension namespace is part of the contract.
    let decoded: toolmeta::ToolMeta =
        serde_json::from_value(serde_json::to_value(&meta).unwrap()).unwrap();
    assert_eq!(decoded, meta);
}
