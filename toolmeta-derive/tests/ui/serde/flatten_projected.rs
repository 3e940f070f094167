use serde::Deserialize;
use toolmeta::ToolIdentity;

#[derive(Deserialize)]
struct Location {
    path: String,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "read", namespace = "amazon_q", kind = "read")]
struct Read {
    #[serde(flatten)]
    #[tool(project = "path")]
    location: Location,
}

fn main() {}
