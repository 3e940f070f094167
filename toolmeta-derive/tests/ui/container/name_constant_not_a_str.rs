use toolmeta::ToolIdentity;

struct ReadFileTool;

impl ReadFileTool {
    const NAME: &'static str = "";
    const ID: u32 = 7;
}

// rig's `const NAME`: the wire name from a constant, checked by the compiler: a `&str`, not empty.
#[derive(ToolIdentity)]
#[tool(name = ReadFileTool::NAME, namespace = "_rig", kind = "read")]
struct ReadFileArgs {
    #[tool(project)]
    path: String,
}

#[derive(ToolIdentity)]
#[tool(name = ReadFileTool::ID, namespace = "_rig", kind = "read")]
struct ReadFileById {
    #[tool(project)]
    path: String,
}

fn main() {}
