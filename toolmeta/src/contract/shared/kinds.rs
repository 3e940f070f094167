//! The kind table: each kind's wire name, label, read-only default and other effects, and the ACP
//! `ToolKind` it maps to.

/// The kind table, one row per kind, in the order of the wire contract:
///
/// - the `toolmeta::ToolKind` variant, with its doc and attributes;
/// - `wire`: the snake_case wire name;
/// - `label`: the cross-harness label (a pure function of the kind);
/// - `read_only`: the read-only default;
/// - `acp`: the wire name of the ACP `ToolKind` it maps to (the `acp` feature maps it onto
///   ACP's type; the derive reads the column backwards to suggest kinds for ACP's names),
///   and `acp_why`, the reason;
/// - `destructive`, `idempotent`, `open_world`: the defaults of MCP's other three effect
///   hints (beside `read_only`; a read-only kind is never destructive and always
///   idempotent), and `effects_why`, the reason.
///
/// Adding a kind is a row here and its rows in `docs/wire-contract.md`, under Kinds and
/// Effects (`tests/contract/docs.rs` compares them).
macro_rules! kind_table {
    ($callback:ident) => {
        $callback! {
            Read { wire: "read", label: "Read", read_only: true, acp: "read", acp_why: "reads a file", destructive: false, idempotent: true, open_world: false, effects_why: "reads local files" }
            Edit { wire: "edit", label: "Edit", read_only: false, acp: "edit", acp_why: "modifies a file", destructive: true, idempotent: false, open_world: false, effects_why: "rewrites existing content, and a replayed replacement may change more" }
            Delete { wire: "delete", label: "Delete", read_only: false, acp: "delete", acp_why: "removes a file", destructive: true, idempotent: true, open_world: false, effects_why: "removes files; removing them again changes nothing more" }
            ListDir { wire: "list_dir", label: "List Files", read_only: true, acp: "read", acp_why: "reads a directory (as Zed's own agent reports listings)", destructive: false, idempotent: true, open_world: false, effects_why: "lists a local directory" }
            Write { wire: "write", label: "Write", read_only: false, acp: "edit", acp_why: "ACP has no `write`: creating or overwriting content is an edit", destructive: true, idempotent: true, open_world: false, effects_why: "overwrites a file with the content given; writing it again changes nothing more" }
            Move { wire: "move", label: "Move", read_only: false, acp: "move", acp_why: "moves or renames a file", destructive: true, idempotent: false, open_world: false, effects_why: "replaces what is at the target, and a replay finds the source gone or moves a new one" }
            Search { wire: "search", label: "Search", read_only: true, acp: "search", acp_why: "searches files", destructive: false, idempotent: true, open_world: false, effects_why: "searches local files" }
            Lsp { wire: "lsp", label: "Code Intelligence", read_only: true, acp: "read", acp_why: "reads what the language server knows", destructive: false, idempotent: true, open_world: false, effects_why: "asks the local language server" }
            Execute { wire: "execute", label: "Run Command", read_only: false, acp: "execute", acp_why: "runs a command", destructive: true, idempotent: false, open_world: true, effects_why: "runs any command, which may change or reach anything, each time it runs" }
            Plan { wire: "plan", label: "Plan", read_only: false, acp: "think", acp_why: "updates the agent's plan: internal reasoning", destructive: false, idempotent: true, open_world: false, effects_why: "replaces the agent's own plan, nothing of the user's" }
            WebSearch { wire: "web_search", label: "Web Search", read_only: true, acp: "fetch", acp_why: "retrieves external data", destructive: false, idempotent: true, open_world: true, effects_why: "queries a search engine on the web" }
            WebFetch { wire: "web_fetch", label: "Web Fetch", read_only: true, acp: "fetch", acp_why: "retrieves external data", destructive: false, idempotent: true, open_world: true, effects_why: "fetches from the web" }
            BackgroundTaskAction { wire: "background_task_action", label: "Background Task", read_only: false, acp: "execute", acp_why: "starts or drives a background command", destructive: true, idempotent: false, open_world: true, effects_why: "starts or drives a background command, which may do anything" }
            WaitTasksAction { wire: "wait_tasks_action", label: "Wait for Tasks", read_only: false, acp: "other", acp_why: "waits; runs nothing itself", destructive: false, idempotent: true, open_world: false, effects_why: "waits for running tasks and changes nothing itself" }
            KillTaskAction { wire: "kill_task_action", label: "Kill Task", read_only: false, acp: "execute", acp_why: "stops a running command", destructive: true, idempotent: true, open_world: false, effects_why: "stops a running command; stopping it again changes nothing more" }
            List { wire: "list", label: "List Files", read_only: true, acp: "read", acp_why: "reads a directory", destructive: false, idempotent: true, open_world: false, effects_why: "lists a local directory" }
            Skill { wire: "skill", label: "Skill", read_only: false, acp: "other", acp_why: "loads a skill", destructive: false, idempotent: true, open_world: false, effects_why: "loads a skill's instructions into the session" }
            MemorySearch { wire: "memory_search", label: "Memory Search", read_only: true, acp: "search", acp_why: "searches the agent's memory", destructive: false, idempotent: true, open_world: false, effects_why: "searches the agent's own memory" }
            MemoryGet { wire: "memory_get", label: "Memory Read", read_only: true, acp: "read", acp_why: "reads the agent's memory", destructive: false, idempotent: true, open_world: false, effects_why: "reads the agent's own memory" }
            Task { wire: "task", label: "Subagent", read_only: false, acp: "think", acp_why: "delegates reasoning to a subagent", destructive: true, idempotent: false, open_world: true, effects_why: "starts a subagent, which may do whatever the agent can" }
            ActiveAgentMessage { wire: "active_agent_message", label: "Send Subagent Message", read_only: false, acp: "other", acp_why: "messages a running subagent", destructive: true, idempotent: false, open_world: true, effects_why: "the subagent it messages may do whatever the agent can" }
            EnterPlan { wire: "enter_plan", label: "Enter Plan Mode", read_only: true, acp: "switch_mode", acp_why: "enters plan mode", destructive: false, idempotent: true, open_world: false, effects_why: "switches the session's mode" }
            ExitPlan { wire: "exit_plan", label: "Exit Plan Mode", read_only: true, acp: "switch_mode", acp_why: "leaves plan mode", destructive: false, idempotent: true, open_world: false, effects_why: "switches the session's mode" }
            AskUser { wire: "ask_user", label: "Ask User", read_only: true, acp: "other", acp_why: "asks the user", destructive: false, idempotent: true, open_world: false, effects_why: "asks the user" }
            ImageGen { wire: "image_gen", label: "Generate Image", read_only: false, acp: "other", acp_why: "generates media", destructive: false, idempotent: false, open_world: true, effects_why: "adds new media from a generation service; each call makes more" }
            VideoGen { wire: "video_gen", label: "Generate Video", read_only: false, acp: "other", acp_why: "generates media", destructive: false, idempotent: false, open_world: true, effects_why: "adds new media from a generation service; each call makes more" }
            ImageToVideo { wire: "image_to_video", label: "Generate Video", read_only: false, acp: "other", acp_why: "generates media", destructive: false, idempotent: false, open_world: true, effects_why: "adds new media from a generation service; each call makes more" }
            ReferenceToVideo { wire: "reference_to_video", label: "Generate Video", read_only: false, acp: "other", acp_why: "generates media", destructive: false, idempotent: false, open_world: true, effects_why: "adds new media from a generation service; each call makes more" }
            DeployApp { wire: "deploy_app", label: "Deploy App", read_only: false, acp: "other", acp_why: "deploys", destructive: true, idempotent: false, open_world: true, effects_why: "replaces what a remote service runs" }
            InitOrUpdateApp { wire: "init_or_update_app", label: "Init or Update App", read_only: false, acp: "other", acp_why: "scaffolds an app", destructive: true, idempotent: false, open_world: true, effects_why: "writes over an app's files and may fetch templates and packages" }
            SearchTool { wire: "search_tool", label: "Search Tools", read_only: false, acp: "search", acp_why: "searches the tool catalog", destructive: false, idempotent: true, open_world: false, effects_why: "searches the harness's tool catalog" }
            UseTool { wire: "use_tool", label: "Use Tool", read_only: false, acp: "other", acp_why: "calls another tool", destructive: true, idempotent: false, open_world: true, effects_why: "calls another tool, which may do anything" }
            Monitor { wire: "monitor", label: "Monitor", read_only: false, acp: "other", acp_why: "watches something", destructive: false, idempotent: false, open_world: false, effects_why: "watches a local process or file; each call starts another watch" }
            GoalUpdate { wire: "goal_update", label: "Update Goal", read_only: false, acp: "think", acp_why: "updates the agent's goal: internal reasoning", destructive: false, idempotent: true, open_world: false, effects_why: "replaces the agent's own goal, nothing of the user's" }
            Workflow { wire: "workflow", label: "Workflow", read_only: false, acp: "other", acp_why: "runs a workflow", destructive: true, idempotent: false, open_world: true, effects_why: "runs a workflow of other tools, which may do anything" }
            Feedback { wire: "feedback", label: "Feedback", read_only: false, acp: "other", acp_why: "sends feedback", destructive: false, idempotent: false, open_world: true, effects_why: "sends feedback to the vendor; each call sends more" }
            SessionsList { wire: "sessions_list", label: "Sessions", read_only: true, acp: "read", acp_why: "reads the session list", destructive: false, idempotent: true, open_world: false, effects_why: "lists the agent's sessions" }
            SessionsSend { wire: "sessions_send", label: "Send Session Message", read_only: false, acp: "other", acp_why: "messages another session", destructive: true, idempotent: false, open_world: true, effects_why: "the session it messages may do whatever the agent can" }
            /// The catch-all for tools with no first-party kind, and for every unknown kind string.
            #[default]
            Other { wire: "other", label: "Tool", read_only: false, acp: "other", acp_why: "a tool with no kind of its own", destructive: true, idempotent: false, open_world: true, effects_why: "a tool of unknown effect gets MCP's own cautious defaults" }
        }
    };
}
pub(crate) use kind_table;

/// The kind whose label is free (any label may be given).
pub const OTHER: &str = "other";
