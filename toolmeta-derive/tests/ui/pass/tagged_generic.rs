// A tagged tool with a type parameter: each variant's projection is bounded by what its
// fields need, and the raw projection reads the tag.
use serde::Deserialize;
use toolmeta::{TaggedTool, ToolDispatch, ToolEntry, ToolIdentity, ToolKind};

#[derive(Deserialize, ToolIdentity)]
#[serde(tag = "op", rename_all = "snake_case")]
enum FileOp<P> {
    #[tool(name = "file_op", namespace = "grok_build", kind = "read")]
    Read {
        #[tool(project)]
        path: P,
    },
    #[tool(name = "file_op", namespace = "grok_build", kind = "delete")]
    Delete {
        #[tool(project)]
        path: P,
    },
}

fn main() {
    let op: FileOp<std::path::PathBuf> = FileOp::Delete { path: "a.rs".into() };
    let meta = op.envelope().unwrap().to_tool_meta();
    assert_eq!((meta.kind, meta.input), (ToolKind::Delete, Some(serde_json::json!({"path": "a.rs"}))));
    assert_eq!(<FileOp<String> as TaggedTool>::TAG, "op");
    let entry = ToolEntry::tagged::<FileOp<String>>();
    assert_eq!(entry.identity_for(&serde_json::json!({"op": "read", "path": "b.rs"})).kind, ToolKind::Read);
}
