use std::borrow::Cow;
use std::path::Path;

use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "read", namespace = "opencode", kind = "read")]
struct Read<'a> {
    #[tool(project)]
    path: &'a str,
}

#[derive(ToolIdentity)]
#[tool(name = "grep", namespace = "opencode", kind = "search")]
struct Grep<'a, 'b: 'a> {
    #[tool(project)]
    pattern: Cow<'a, str>,
    #[tool(project)]
    path: Option<&'b Path>,
}

fn main() {
    let path = String::from("src/lib.rs");
    let read = Read { path: &path };
    assert_eq!(read.tool_meta().input, Some(serde_json::json!({"path": "src/lib.rs"})));
    let grep = Grep { pattern: Cow::Borrowed("fn"), path: Some(Path::new("src")) };
    assert_eq!(grep.tool_meta().input, Some(serde_json::json!({"pattern": "fn", "path": "src"})));
}
