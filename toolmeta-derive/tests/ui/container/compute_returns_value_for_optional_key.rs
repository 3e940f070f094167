use toolmeta::ToolIdentity;

// `limit` is optional: a computed `limit` returns an `Option`, `None` when there is none.
fn lines(read: &ReadFile) -> u32 {
    read.end_line - read.start_line + 1
}

#[derive(serde::Deserialize, ToolIdentity)]
#[tool(name = "read_file", namespace = "zed", kind = "read", compute(limit = "lines"))]
struct ReadFile {
    #[tool(project)]
    path: String,
    start_line: u32,
    end_line: u32,
}

fn main() {}
