use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
enum Tools {
    #[tool(dynamc)]
    Any(String),
}

fn main() {}
