use toolmeta::ToolIdentity;

fn shout(text: &String) -> Option<String> {
    Some(text.to_uppercase())
}

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
struct ReadFile {
    #[tool(project)]
    path: String,
    #[tool(with = "shout")]
    encoding: String,
}

fn main() {}
