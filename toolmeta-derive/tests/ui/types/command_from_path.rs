use toolmeta::ToolIdentity;

use std::path::PathBuf;

#[derive(ToolIdentity)]
#[tool(name = "bash", namespace = "grok_build", kind = "execute")]
struct Bash {
    #[tool(project)]
    command: PathBuf,
}

fn main() {}
