use toolmeta::ToolIdentity;

// `cmd` is a real argument name for a command line, not a misspelled `cwd`.
#[derive(ToolIdentity)]
#[tool(name = "execute_bash", namespace = "amazon_q", kind = "execute")]
struct ExecuteBash {
    #[tool(project)]
    cmd: String,
}

fn main() {}
