use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
struct ReadFile(String);

fn main() {}
