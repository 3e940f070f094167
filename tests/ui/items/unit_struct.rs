use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "enter_plan", namespace = "grok_build", kind = "enter_plan", no_input)]
struct EnterPlan;

fn main() {}
