// Two derives that fail, registered in a static toolset: the build reports their two errors
// and nothing else. What a failed derive leaves behind (so that its type is still a tool)
// gives the toolset no wire name to collide on, and no "not a tool" either.
use toolmeta::{ToolIdentity, toolset};

#[derive(serde::Deserialize, ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "raed")]
struct ReadFile {
    #[tool(project)]
    path: String,
}

#[derive(serde::Deserialize, ToolIdentity)]
#[tool(name = "bash", namespace = "grokbuild", kind = "execute")]
struct Bash {
    #[tool(project)]
    command: String,
}

#[derive(serde::Deserialize, ToolIdentity)]
#[tool(name = "ls", namespace = "grok_build", kind = "list_dir")]
struct ListDir {
    #[tool(project)]
    directory: String,
}

fn main() {
    let tools = toolset![ReadFile, Bash, ListDir];
    assert!(tools.get("ls").is_some());
}
