//! [`MethodKind`] and [`UpdateKind`]: what an ACP message (by its `method`) and a session
//! update (by its `sessionUpdate`) say they are — the one routing of the ledger and the proxy.

/// What an ACP message's `method` makes it, as the [`Ledger`](super::Ledger) routes it.
///
/// ```
/// use toolmeta::client::MethodKind;
/// assert_eq!(MethodKind::of("session/update"), MethodKind::SessionUpdate);
/// assert_eq!(MethodKind::of("_x.ai/session/update"), MethodKind::SessionUpdate);
/// assert_eq!(MethodKind::of("session/request_permission"), MethodKind::PermissionRequest);
/// assert_eq!(MethodKind::of("fs/read_text_file"), MethodKind::Other);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MethodKind {
    /// `session/update`, and Grok's persisted forms of it (`_x.ai/session/update`,
    /// `_x.ai/session_notification`): its `params.update` is a session update.
    SessionUpdate,
    /// `session/request_permission`: its `params.toolCall` is an update of that call.
    PermissionRequest,
    /// `initialize`, as a log that records its answer under `params` names it.
    Initialize,
    /// Any other method: not a session update.
    Other,
}

impl MethodKind {
    /// The kind of the message whose `method` is `method`.
    pub fn of(method: &str) -> MethodKind {
        match method {
            "session/update" | "_x.ai/session/update" | "_x.ai/session_notification" => {
                MethodKind::SessionUpdate
            }
            "session/request_permission" => MethodKind::PermissionRequest,
            "initialize" => MethodKind::Initialize,
            _ => MethodKind::Other,
        }
    }
}

/// What a session update's `sessionUpdate` makes it.
///
/// ```
/// use toolmeta::client::UpdateKind;
/// assert!(UpdateKind::of("tool_call_update").is_tool_call());
/// assert_eq!(UpdateKind::of("subagent_update"), UpdateKind::Subagent);
/// assert!(!UpdateKind::of("agent_message_chunk").is_tool_call());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UpdateKind {
    /// `tool_call`: a call starts (a re-sent one is merged into the call).
    ToolCall,
    /// `tool_call_update`: an update of a call.
    ToolCallUpdate,
    /// `subagent_update`: a session runs a subagent session.
    Subagent,
    /// Any other update (message chunks, plans, turn ends...).
    Other,
}

impl UpdateKind {
    /// The kind of the update whose `sessionUpdate` is `session_update`.
    pub fn of(session_update: &str) -> UpdateKind {
        match session_update {
            "tool_call" => UpdateKind::ToolCall,
            "tool_call_update" => UpdateKind::ToolCallUpdate,
            "subagent_update" => UpdateKind::Subagent,
            _ => UpdateKind::Other,
        }
    }

    /// Whether it is an update of a tool call: `tool_call` or `tool_call_update`.
    pub fn is_tool_call(self) -> bool {
        matches!(self, UpdateKind::ToolCall | UpdateKind::ToolCallUpdate)
    }
}
