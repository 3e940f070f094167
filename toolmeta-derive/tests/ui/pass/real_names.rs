// Argument names real harnesses use are accepted as extra keys: they are a small edit away
// from a canonical key, but not misspellings of it.
use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "fetch", namespace = "zed", kind = "other", label = "Fetch")]
struct Names {
    #[tool(extra = "uri")]
    uri: String,
    #[tool(extra = "paths")]
    paths: Option<String>,
    #[tool(extra = "cmd")]
    cmd: Option<String>,
    #[tool(extra = "include_pattern")]
    include_pattern: Option<String>,
    #[tool(extra = "dir_path")]
    dir_path: Option<String>,
    #[tool(extra = "file_path")]
    file_path: Option<String>,
    #[tool(extra = "urls")]
    urls: Option<String>,
}

fn main() {
    let names = Names {
        uri: "file:///a".into(),
        paths: None,
        cmd: Some("ls".into()),
        include_pattern: None,
        dir_path: None,
        file_path: None,
        urls: None,
    };
    assert_eq!(
        names.tool_meta().input,
        Some(serde_json::json!({"uri": "file:///a", "cmd": "ls"}))
    );
}
