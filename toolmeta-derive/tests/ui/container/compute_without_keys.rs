use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "zed", kind = "read", compute = "line_count")]
struct ReadFile {
    #[tool(project)]
    path: String,
}

fn main() {}
