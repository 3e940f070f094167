use toolmeta::ToolIdentity;

// swiftide's #[tool(description = ...)] read as toolmeta's: the error says how to keep them apart.
#[derive(ToolIdentity)]
#[tool(description = "Reads a file", name = "read_file", namespace = "_swiftide", kind = "read")]
struct ReadFile {
    #[tool(project)]
    path: String,
}

fn main() {}
