use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "write", namespace = "opencode", kind = "write", idempotant = false)]
struct Write {
    #[tool(project)]
    path: String,
}

fn main() {}
