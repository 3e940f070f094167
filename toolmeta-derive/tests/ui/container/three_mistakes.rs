use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grokbuild", kind = "raed")]
struct ReadFile {
    #[tool(project = "paht")]
    target_file: String,
}

fn main() {}
