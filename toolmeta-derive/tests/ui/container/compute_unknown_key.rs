use toolmeta::ToolIdentity;

fn lines(read: &ReadFile) -> Option<u32> {
    Some(read.end_line? - read.start_line? + 1)
}

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "zed", kind = "read", compute(limt = "lines"))]
struct ReadFile {
    #[tool(project)]
    path: String,
    start_line: Option<u32>,
    end_line: Option<u32>,
}

fn main() {}
