// `toolset!` builds a static toolset: a runtime rename that collides with another tool's
// wire name stops the build and names the duplicate.
use toolmeta::{ToolIdentity, toolset};

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
struct ReadFile {
    #[tool(project)]
    path: String,
}

#[derive(ToolIdentity)]
#[tool(name = "view_file", namespace = "grok_build_concise", kind = "read")]
struct ViewFile {
    #[tool(project)]
    path: String,
}

fn main() {
    let tools = toolset![ReadFile, ViewFile as "read_file"];
    let _ = tools;
}
