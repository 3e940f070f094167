// `zero_based` shifts an offset counted from 0; `not_payload` lets a short field with a
// payload name be projected, because the attribute says so.
use serde::Deserialize;
use toolmeta::{ToolEntry, ToolIdentity};

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "read", namespace = "goose", kind = "read")]
struct Read {
    #[tool(project)]
    path: String,
    #[tool(project, zero_based)]
    offset: Option<u32>,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "search", namespace = "goose", kind = "other", label = "Search Notes")]
struct SearchNotes {
    // A one-line filter over note contents, not the contents themselves.
    #[tool(extra = "content", not_payload)]
    content: String,
}

fn main() {
    let read = Read { path: "a.rs".into(), offset: Some(0) };
    assert_eq!(read.tool_meta().input, Some(serde_json::json!({"path": "a.rs", "offset": 1})));
    let raw = serde_json::json!({"path": "a.rs", "offset": 9});
    assert_eq!(ToolEntry::of::<Read>().project(&raw), Some(serde_json::json!({"path": "a.rs", "offset": 10})));
    let search = SearchNotes { content: "todo".into() };
    assert_eq!(search.tool_meta().input, Some(serde_json::json!({"content": "todo"})));
}
