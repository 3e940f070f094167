use toolmeta::ToolIdentity;

#[derive(serde::Deserialize)]
pub struct ReadArgs {
    pub path: String,
    pub start: Option<u32>,
    pub end: Option<u32>,
}

#[derive(ToolIdentity)]
#[tool(remote = "ReadArgs", name = "read", namespace = "_kwaak", kind = "read", compute(limit = "lines"))]
struct Read {
    #[tool(project)]
    path: String,
    start: Option<u32>,
    end: Option<u32>,
}

fn lines(read: &Read) -> Option<u32> {
    Some(read.end? - read.start? + 1)
}

fn main() {}
