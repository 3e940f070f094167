use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "tools", namespace = "grok_build", kind = "read")]
enum Tools {
    #[tool(dynamic)]
    Any(String),
}

fn main() {}
