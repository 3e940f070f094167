//! The envelope's [`ToolKind`] mapped onto ACP's own, coarser `ToolKind`.

use agent_client_protocol_schema::v1::ToolKind as AcpToolKind;

use crate::ToolKind;

impl ToolKind {
    /// The ACP `ToolKind` for this kind, for harnesses that want the event's own `kind` to
    /// agree with the envelope. ACP's kinds drive icons and UI treatment in clients; the
    /// envelope's `kind` and `label` stay the precise identity.
    ///
    /// | envelope kind | ACP kind | why |
    /// |---|---|---|
    /// | `read` | `read` | reads a file |
    /// | `edit` | `edit` | modifies a file |
    /// | `delete` | `delete` | removes a file |
    /// | `list_dir` | `read` | reads a directory (as Zed's own agent reports listings) |
    /// | `write` | `edit` | ACP has no `write`: creating or overwriting content is an edit |
    /// | `move` | `move` | moves or renames a file |
    /// | `search` | `search` | searches files |
    /// | `lsp` | `read` | reads what the language server knows |
    /// | `execute` | `execute` | runs a command |
    /// | `plan` | `think` | updates the agent's plan: internal reasoning |
    /// | `web_search` | `fetch` | retrieves external data |
    /// | `web_fetch` | `fetch` | retrieves external data |
    /// | `background_task_action` | `execute` | starts or drives a background command |
    /// | `wait_tasks_action` | `other` | waits; runs nothing itself |
    /// | `kill_task_action` | `execute` | stops a running command |
    /// | `list` | `read` | reads a directory |
    /// | `skill` | `other` | loads a skill |
    /// | `memory_search` | `search` | searches the agent's memory |
    /// | `memory_get` | `read` | reads the agent's memory |
    /// | `task` | `think` | delegates reasoning to a subagent |
    /// | `active_agent_message` | `other` | messages a running subagent |
    /// | `enter_plan` | `switch_mode` | enters plan mode |
    /// | `exit_plan` | `switch_mode` | leaves plan mode |
    /// | `ask_user` | `other` | asks the user |
    /// | `image_gen` | `other` | generates media |
    /// | `video_gen` | `other` | generates media |
    /// | `image_to_video` | `other` | generates media |
    /// | `reference_to_video` | `other` | generates media |
    /// | `deploy_app` | `other` | deploys |
    /// | `init_or_update_app` | `other` | scaffolds an app |
    /// | `search_tool` | `search` | searches the tool catalog |
    /// | `use_tool` | `other` | calls another tool |
    /// | `monitor` | `other` | watches something |
    /// | `goal_update` | `think` | updates the agent's goal: internal reasoning |
    /// | `workflow` | `other` | runs a workflow |
    /// | `feedback` | `other` | sends feedback |
    /// | `sessions_list` | `read` | reads the session list |
    /// | `sessions_send` | `other` | messages another session |
    /// | `other` | `other` | |
    ///
    /// ```
    /// use toolmeta::ToolKind;
    /// use toolmeta::acp::schema::v1::ToolKind as AcpToolKind;
    /// assert_eq!(ToolKind::ListDir.to_acp(), AcpToolKind::Read);
    /// assert_eq!(ToolKind::ExitPlan.to_acp(), AcpToolKind::SwitchMode);
    /// assert_eq!(AcpToolKind::from(ToolKind::WebSearch), AcpToolKind::Fetch);
    /// ```
    pub const fn to_acp(self) -> AcpToolKind {
        // Exhaustive on purpose: a new kind must choose its ACP kind here (and in the table).
        match self {
            ToolKind::Read => AcpToolKind::Read,
            ToolKind::Edit => AcpToolKind::Edit,
            ToolKind::Delete => AcpToolKind::Delete,
            ToolKind::ListDir => AcpToolKind::Read,
            ToolKind::Write => AcpToolKind::Edit,
            ToolKind::Move => AcpToolKind::Move,
            ToolKind::Search => AcpToolKind::Search,
            ToolKind::Lsp => AcpToolKind::Read,
            ToolKind::Execute => AcpToolKind::Execute,
            ToolKind::Plan => AcpToolKind::Think,
            ToolKind::WebSearch => AcpToolKind::Fetch,
            ToolKind::WebFetch => AcpToolKind::Fetch,
            ToolKind::BackgroundTaskAction => AcpToolKind::Execute,
            ToolKind::WaitTasksAction => AcpToolKind::Other,
            ToolKind::KillTaskAction => AcpToolKind::Execute,
            ToolKind::List => AcpToolKind::Read,
            ToolKind::Skill => AcpToolKind::Other,
            ToolKind::MemorySearch => AcpToolKind::Search,
            ToolKind::MemoryGet => AcpToolKind::Read,
            ToolKind::Task => AcpToolKind::Think,
            ToolKind::ActiveAgentMessage => AcpToolKind::Other,
            ToolKind::EnterPlan => AcpToolKind::SwitchMode,
            ToolKind::ExitPlan => AcpToolKind::SwitchMode,
            ToolKind::AskUser => AcpToolKind::Other,
            ToolKind::ImageGen => AcpToolKind::Other,
            ToolKind::VideoGen => AcpToolKind::Other,
            ToolKind::ImageToVideo => AcpToolKind::Other,
            ToolKind::ReferenceToVideo => AcpToolKind::Other,
            ToolKind::DeployApp => AcpToolKind::Other,
            ToolKind::InitOrUpdateApp => AcpToolKind::Other,
            ToolKind::SearchTool => AcpToolKind::Search,
            ToolKind::UseTool => AcpToolKind::Other,
            ToolKind::Monitor => AcpToolKind::Other,
            ToolKind::GoalUpdate => AcpToolKind::Think,
            ToolKind::Workflow => AcpToolKind::Other,
            ToolKind::Feedback => AcpToolKind::Other,
            ToolKind::SessionsList => AcpToolKind::Read,
            ToolKind::SessionsSend => AcpToolKind::Other,
            ToolKind::Other => AcpToolKind::Other,
        }
    }
}

/// See [`ToolKind::to_acp`] for the table.
impl From<ToolKind> for AcpToolKind {
    fn from(kind: ToolKind) -> AcpToolKind {
        kind.to_acp()
    }
}
