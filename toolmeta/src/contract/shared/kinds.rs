//! The kind table: each kind's wire name, label and read-only default, and the ACP
//! `ToolKind` it maps to.

/// The kind table, one row per kind, in the order of the wire contract:
///
/// - the `toolmeta::ToolKind` variant, with its doc and attributes;
/// - `wire`: the snake_case wire name;
/// - `label`: the cross-harness label (a pure function of the kind);
/// - `read_only`: the read-only default;
/// - `acp`: the wire name of the ACP `ToolKind` it maps to (the `acp` feature maps it onto
///   ACP's type; the derive reads the column backwards to suggest kinds for ACP's names),
///   and `acp_why`, the reason.
///
/// Adding a kind is a row here and its row in `docs/wire-contract.md` (`tests/docs_contract.rs`
/// compares the two).
macro_rules! kind_table {
    ($callback:ident) => {
        $callback! {
            Read { wire: "read", label: "Read", read_only: true, acp: "read", acp_why: "reads a file" }
            Edit { wire: "edit", label: "Edit", read_only: false, acp: "edit", acp_why: "modifies a file" }
            Delete { wire: "delete", label: "Delete", read_only: false, acp: "delete", acp_why: "removes a file" }
            ListDir { wire: "list_dir", label: "List Files", read_only: true, acp: "read", acp_why: "reads a directory (as Zed's own agent reports listings)" }
            Write { wire: "write", label: "Write", read_only: false, acp: "edit", acp_why: "ACP has no `write`: creating or overwriting content is an edit" }
            Move { wire: "move", label: "Move", read_only: false, acp: "move", acp_why: "moves or renames a file" }
            Search { wire: "search", label: "Search", read_only: true, acp: "search", acp_why: "searches files" }
            Lsp { wire: "lsp", label: "Code Intelligence", read_only: true, acp: "read", acp_why: "reads what the language server knows" }
            Execute { wire: "execute", label: "Run Command", read_only: false, acp: "execute", acp_why: "runs a command" }
            Plan { wire: "plan", label: "Plan", read_only: false, acp: "think", acp_why: "updates the agent's plan: internal reasoning" }
            WebSearch { wire: "web_search", label: "Web Search", read_only: true, acp: "fetch", acp_why: "retrieves external data" }
            WebFetch { wire: "web_fetch", label: "Web Fetch", read_only: true, acp: "fetch", acp_why: "retrieves external data" }
            BackgroundTaskAction { wire: "background_task_action", label: "Background Task", read_only: false, acp: "execute", acp_why: "starts or drives a background command" }
            WaitTasksAction { wire: "wait_tasks_action", label: "Wait for Tasks", read_only: false, acp: "other", acp_why: "waits; runs nothing itself" }
            KillTaskAction { wire: "kill_task_action", label: "Kill Task", read_only: false, acp: "execute", acp_why: "stops a running command" }
            List { wire: "list", label: "List Files", read_only: true, acp: "read", acp_why: "reads a directory" }
            Skill { wire: "skill", label: "Skill", read_only: false, acp: "other", acp_why: "loads a skill" }
            MemorySearch { wire: "memory_search", label: "Memory Search", read_only: true, acp: "search", acp_why: "searches the agent's memory" }
            MemoryGet { wire: "memory_get", label: "Memory Read", read_only: true, acp: "read", acp_why: "reads the agent's memory" }
            Task { wire: "task", label: "Subagent", read_only: false, acp: "think", acp_why: "delegates reasoning to a subagent" }
            ActiveAgentMessage { wire: "active_agent_message", label: "Send Subagent Message", read_only: false, acp: "other", acp_why: "messages a running subagent" }
            EnterPlan { wire: "enter_plan", label: "Enter Plan Mode", read_only: true, acp: "switch_mode", acp_why: "enters plan mode" }
            ExitPlan { wire: "exit_plan", label: "Exit Plan Mode", read_only: true, acp: "switch_mode", acp_why: "leaves plan mode" }
            AskUser { wire: "ask_user", label: "Ask User", read_only: true, acp: "other", acp_why: "asks the user" }
            ImageGen { wire: "image_gen", label: "Generate Image", read_only: false, acp: "other", acp_why: "generates media" }
            VideoGen { wire: "video_gen", label: "Generate Video", read_only: false, acp: "other", acp_why: "generates media" }
            ImageToVideo { wire: "image_to_video", label: "Generate Video", read_only: false, acp: "other", acp_why: "generates media" }
            ReferenceToVideo { wire: "reference_to_video", label: "Generate Video", read_only: false, acp: "other", acp_why: "generates media" }
            DeployApp { wire: "deploy_app", label: "Deploy App", read_only: false, acp: "other", acp_why: "deploys" }
            InitOrUpdateApp { wire: "init_or_update_app", label: "Init or Update App", read_only: false, acp: "other", acp_why: "scaffolds an app" }
            SearchTool { wire: "search_tool", label: "Search Tools", read_only: false, acp: "search", acp_why: "searches the tool catalog" }
            UseTool { wire: "use_tool", label: "Use Tool", read_only: false, acp: "other", acp_why: "calls another tool" }
            Monitor { wire: "monitor", label: "Monitor", read_only: false, acp: "other", acp_why: "watches something" }
            GoalUpdate { wire: "goal_update", label: "Update Goal", read_only: false, acp: "think", acp_why: "updates the agent's goal: internal reasoning" }
            Workflow { wire: "workflow", label: "Workflow", read_only: false, acp: "other", acp_why: "runs a workflow" }
            Feedback { wire: "feedback", label: "Feedback", read_only: false, acp: "other", acp_why: "sends feedback" }
            SessionsList { wire: "sessions_list", label: "Sessions", read_only: true, acp: "read", acp_why: "reads the session list" }
            SessionsSend { wire: "sessions_send", label: "Send Session Message", read_only: false, acp: "other", acp_why: "messages another session" }
            /// The catch-all for tools with no first-party kind, and for every unknown kind string.
            #[default]
            Other { wire: "other", label: "Tool", read_only: false, acp: "other", acp_why: "a tool with no kind of its own" }
        }
    };
}
pub(crate) use kind_table;

/// The kind whose label is free (any label may be given).
pub const OTHER: &str = "other";
