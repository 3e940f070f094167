use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
struct ReadFile {
    #[tool(project)]
    path: String,
    #[tool(extra = " ")]
    blank: Option<String>,
    #[tool(extra = "encoding ")]
    encoding: Option<String>,
}

fn main() {}
