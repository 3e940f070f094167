//! swiftide (bosun-ai/swiftide): the control tools every swiftide agent has, copied as
//! declared (field names, types and serde attributes exactly; doc comments and the
//! `Serialize`, `JsonSchema`, `Clone`, `Debug`, `Default` derives dropped), under swiftide's
//! own extension namespace, `_swiftide`. `stop` takes no arguments, or an `output` when the
//! agent is built to return one; `task_failed` takes a reason.
//!
//! Provenance: bosun-ai/swiftide, swiftide-agents/src/tools/control.rs
//! @ a76ff4e57e21ca0fda48b6778e21bf0c021450d4.

use serde::Deserialize;
use serde_json::json;
use toolmeta::ToolIdentity;
use toolmeta::ToolKind::*;

use super::check::{Tool, case};

/// `Stop`, the tool with no arguments.
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "stop",
    namespace = "_swiftide",
    kind = "other",
    label = "Stop",
    no_input
)]
pub struct Stop {}

/// The arguments of `StopWithArgs`: the agent's final output, which is no short value.
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "stop",
    namespace = "_swiftide",
    kind = "other",
    label = "Stop",
    no_input
)]
struct DefaultStopWithArgsSpec {
    pub output: String,
}

/// The arguments of `AgentCanFail`.
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "task_failed",
    namespace = "_swiftide",
    kind = "other",
    label = "Task Failed"
)]
struct AgentFailedArgsSpec {
    #[tool(extra = "reason")]
    pub reason: String,
}

pub fn tools() -> Vec<Tool> {
    vec![
        case::<Stop>(("stop", Other, "Stop"), json!({}), None, None),
        case::<DefaultStopWithArgsSpec>(
            ("stop", Other, "Stop"),
            json!({"output": "All tests pass."}),
            None,
            None,
        ),
        case::<AgentFailedArgsSpec>(
            ("task_failed", Other, "Task Failed"),
            json!({"reason": "the repository does not build"}),
            Some(json!({"reason": "the repository does not build"})),
            Some(json!({"reason": "the repository does not build"})),
        ),
    ]
}
