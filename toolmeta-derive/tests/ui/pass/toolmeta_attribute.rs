//! `#[toolmeta(...)]` is the derive's attribute under toolmeta's own name, so it sits beside
//! another derive that owns `#[tool]` (swiftide's `#[derive(Tool)]` reads
//! `#[tool(description = "...", param(...))]`): toolmeta then leaves every `#[tool]` alone.
use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(description = "Reads a file", param(name = "path", description = "The file"))]
#[toolmeta(name = "read_file", namespace = "_swiftide", kind = "read")]
struct ReadFile {
    #[toolmeta(project)]
    path: String,
    #[tool(description = "not toolmeta's")]
    #[toolmeta(skip)]
    encoding: Option<String>,
}

fn main() {
    let read = ReadFile { path: "a.rs".into(), encoding: None };
    assert_eq!(read.tool_meta().input, Some(serde_json::json!({"path": "a.rs"})));
    assert_eq!(ReadFile::IDENTITY.namespace.as_str(), "_swiftide");
}
