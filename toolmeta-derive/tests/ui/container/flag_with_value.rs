use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "update_plan", namespace = "codex", kind = "plan", no_input = true)]
struct UpdatePlan {
    plan: Vec<String>,
}

fn main() {}
