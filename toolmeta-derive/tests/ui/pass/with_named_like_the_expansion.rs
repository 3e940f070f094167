//! A `with` function may be named like a local of the generated code: the expansion's
//! locals are hygienic.
#![allow(non_snake_case)]

use toolmeta::ToolIdentity;

fn __toolmeta_map(path: &str) -> String {
    path.to_uppercase()
}

fn __toolmeta_with0(offset: &str) -> Option<u32> {
    offset.parse().ok()
}

#[derive(serde::Deserialize, ToolIdentity)]
#[tool(name = "read_file", namespace = "_my_harness", kind = "read")]
struct ReadFile {
    #[tool(project, with = "__toolmeta_map")]
    path: String,
    #[tool(project = "offset", with = "__toolmeta_with0")]
    start: String,
}

fn main() {
    let read = ReadFile { path: "a.rs".into(), start: "3".into() };
    assert_eq!(read.tool_meta().input, Some(serde_json::json!({"path": "A.RS", "offset": 3})));
}
