//! Tools declared for argument types the harness does not write (a struct another macro
//! generates, one struct serving several tools), and wire names from the harness's own
//! constants.
use toolmeta::{ToolFor, ToolIdentity, toolset};

// What swiftide's `#[tool]` generates from `async fn read_file(path: &str)`.
mod generated {
    #[derive(serde::Deserialize)]
    pub struct ReadFileArgs {
        pub path: String,
        pub start_line: Option<u32>,
    }
}

trait Tool {
    const NAME: &'static str;
}

struct ReadFile;

impl Tool for ReadFile {
    const NAME: &'static str = "read_file";
}

#[derive(ToolIdentity)]
#[tool(remote = "generated::ReadFileArgs", name = <ReadFile as Tool>::NAME, namespace = "_swiftide", kind = "read")]
struct ReadFileDef {
    #[tool(project)]
    path: String,
    #[tool(project = "offset")]
    start_line: Option<u32>,
}

const TOOLS: toolmeta::StaticToolset = toolset![ReadFileDef];

fn main() {
    let args = generated::ReadFileArgs { path: "a.rs".into(), start_line: Some(0) };
    assert_eq!(ReadFileDef::of(&args).tool_meta().input, Some(serde_json::json!({"path": "a.rs", "offset": 1})));
    assert_eq!(ReadFileDef::IDENTITY.name, "read_file");
    let meta = TOOLS.get("read_file").unwrap().tool_meta(Some(&serde_json::json!({"path": "b.rs"})));
    assert_eq!(meta.input, Some(serde_json::json!({"path": "b.rs"})));
}
