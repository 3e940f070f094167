use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool]
struct ReadFile {
    #[tool(project)]
    path: String,
}

fn main() {}
