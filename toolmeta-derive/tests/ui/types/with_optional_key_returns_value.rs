use toolmeta::ToolIdentity;

fn line_count(range: &(u64, u64)) -> u64 {
    range.1 - range.0
}

// `limit` is optional in every shape: its `with` function returns an `Option`.
#[derive(serde::Deserialize, ToolIdentity)]
#[tool(name = "read_file", namespace = "zed", kind = "read")]
struct ReadFile {
    #[tool(project)]
    path: String,
    #[tool(project = "limit", with = "line_count")]
    range: (u64, u64),
}

fn main() {}
