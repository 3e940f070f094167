use toolmeta::ToolIdentity;

// The item reads its toolmeta attributes as #[toolmeta(...)]: a #[tool(...)] holding only
// toolmeta's keys was meant as toolmeta's and would be ignored.
#[derive(ToolIdentity)]
#[toolmeta(name = "read_file", namespace = "_swiftide", kind = "read")]
struct ReadFile {
    #[tool(project)]
    path: String,
}

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "_swiftide", kind = "read")]
#[toolmeta(no_input)]
struct Both {}

fn main() {}
