use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "todo_write", namespace = "grok_build", kind = "plan")]
struct TodoWrite {
    todos: Vec<String>,
}

fn main() {}
