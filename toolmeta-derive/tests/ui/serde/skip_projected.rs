use serde::Deserialize;
use toolmeta::ToolIdentity;

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "grep", namespace = "zed", kind = "search")]
struct Grep {
    #[tool(project = "pattern")]
    regex: String,
    #[serde(skip)]
    #[tool(project)]
    path: Option<String>,
    #[serde(skip_deserializing)]
    #[tool(extra = "case_sensitive")]
    case_sensitive: bool,
}

fn main() {}
