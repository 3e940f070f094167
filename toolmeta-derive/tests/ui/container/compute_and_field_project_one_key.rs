use toolmeta::ToolIdentity;

fn lines(read: &ReadFile) -> Option<u32> {
    Some(read.end - read.start)
}

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "zed", kind = "read", compute(limit = "lines"))]
struct ReadFile {
    #[tool(project)]
    path: String,
    start: u32,
    end: u32,
    #[tool(project)]
    limit: Option<u32>,
}

fn main() {}
