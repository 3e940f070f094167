use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
#[repr(C, packed)]
struct ReadFile {
    #[tool(project)]
    path: String,
    #[tool(project)]
    offset: Option<u32>,
}

fn main() {}
