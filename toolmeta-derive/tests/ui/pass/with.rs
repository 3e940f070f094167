use std::path::PathBuf;

use toolmeta::ToolIdentity;

#[derive(serde::Deserialize)]
struct Workspace(PathBuf);

// `path` is required by the "Read" shape: its `with` function returns the value itself.
fn relative(path: &Workspace) -> String {
    path.0.strip_prefix("/repo").unwrap_or(&path.0).display().to_string()
}

mod lines {
    pub fn first(range: &(u32, u32)) -> Option<u32> {
        Some(range.0)
    }

    pub fn label(flag: &Option<bool>) -> Option<&'static str> {
        flag.map(|flag| if flag { "yes" } else { "no" })
    }
}

#[derive(serde::Deserialize, ToolIdentity)]
#[tool(name = "view", namespace = "grok_build", kind = "read")]
struct View {
    #[tool(project = "path", with = "relative")]
    file: Workspace,
    #[tool(project = "offset", with = "lines::first")]
    range: (u32, u32),
    #[tool(extra = "hidden", with = "lines::label")]
    hidden: Option<bool>,
}

fn main() {
    let view = View { file: Workspace("/repo/src/lib.rs".into()), range: (0, 10), hidden: Some(true) };
    assert_eq!(
        view.tool_meta().input,
        Some(serde_json::json!({"path": "src/lib.rs", "offset": 1, "hidden": "yes"}))
    );
    assert!(View::INPUT_FIELDS.iter().all(|field| field.converted));
    let outside = View { file: Workspace("/tmp/x".into()), range: (4, 5), hidden: None };
    assert_eq!(
        outside.tool_meta().input,
        Some(serde_json::json!({"path": "/tmp/x", "offset": 4}))
    );
}
