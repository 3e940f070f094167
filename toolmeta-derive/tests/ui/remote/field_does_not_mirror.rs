use std::path::PathBuf;

use toolmeta::ToolIdentity;

#[derive(serde::Deserialize)]
pub struct PathArgs {
    pub path: PathBuf,
}

// A definition mirrors the fields of the type it is for: the same names and types.
#[derive(ToolIdentity)]
#[tool(remote = "PathArgs", name = "list_dir", namespace = "codex", kind = "list_dir")]
struct ListDir {
    #[tool(project = "directory")]
    path: String,
    #[tool(skip)]
    depth: Option<u32>,
}

fn main() {}
