use toolmeta::ToolIdentity;

pub struct PathArgs {
    pub path: String,
}

#[derive(ToolIdentity)]
#[tool(remote = "PathArgs", name = "list_dir", namespace = "codex", kind = "list_dir")]
struct ListDir {
    #[tool(project = "directory")]
    path: String,
}

fn main() {}
