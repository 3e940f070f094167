//! A tool without arguments is a unit struct: it carries no input.
use toolmeta::{ToolIdentity, toolset};

#[derive(serde::Deserialize, ToolIdentity)]
#[tool(name = "list_sessions", namespace = "_my_harness", kind = "sessions_list")]
struct ListSessions;

#[derive(ToolIdentity)]
#[tool(name = "exit_plan_mode", namespace = "_my_harness", kind = "exit_plan")]
struct ExitPlanMode;

const TOOLS: toolmeta::StaticToolset = toolset![ListSessions, ExitPlanMode];

fn main() {
    assert_eq!(ListSessions.tool_meta().input, None);
    assert!(ListSessions::INPUT_FIELDS.is_empty());
    let meta = TOOLS.get("exit_plan_mode").unwrap().tool_meta(Some(&serde_json::json!({})));
    assert_eq!((meta.label.as_ref(), meta.input), ("Exit Plan Mode", None));
}
