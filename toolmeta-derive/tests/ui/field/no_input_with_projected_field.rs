use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "update_plan", namespace = "codex", kind = "plan", no_input)]
struct UpdatePlan {
    #[tool(project = "description")]
    explanation: String,
}

fn main() {}
