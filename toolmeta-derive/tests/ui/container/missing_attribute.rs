use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
struct ReadFile {
    #[tool(project)]
    path: String,
}

fn main() {}
