use toolmeta::ToolIdentity;

// ACP's own kind names are coarser than toolmeta's: the error lists the kinds ACP reports
// under each.
#[derive(ToolIdentity)]
#[tool(name = "fetch", namespace = "_my_harness", kind = "fetch")]
struct Fetch {
    #[tool(project)]
    url: String,
}

#[derive(ToolIdentity)]
#[tool(name = "think", namespace = "_my_harness", kind = "think", no_input)]
struct Think {}

#[derive(ToolIdentity)]
#[tool(name = "plan_mode", namespace = "_my_harness", kind = "switch_mode", no_input)]
struct PlanMode {}

fn main() {}
