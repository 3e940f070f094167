//! [`ToolKind`]: what a tool does, an open set with a label and a read-only default per kind.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

macro_rules! kinds {
    ($( $(#[$doc:meta])* $variant:ident = $wire:literal, $label:literal, $read_only:literal; )*) => {
        /// What a tool does, at a high level.
        ///
        /// An **open** set: an unknown or case-mismatched string (`"Read"`) decodes to
        /// [`ToolKind::Other`] instead of failing, so a reader never breaks on a kind
        /// added later. On the wire each kind is its snake_case name ([`ToolKind::as_str`]).
        ///
        /// ```
        /// use toolmeta::ToolKind;
        /// assert_eq!(ToolKind::parse("list_dir"), ToolKind::ListDir);
        /// assert_eq!(ToolKind::parse("Read"), ToolKind::Other);
        /// assert_eq!(ToolKind::ListDir.label(), "List Files");
        /// assert!(ToolKind::Read.is_read_only());
        /// ```
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum ToolKind {
            $( $(#[$doc])* #[doc = concat!("`", $wire, "`: label \"", $label, "\".")] $variant, )*
        }

        impl ToolKind {
            /// Every kind, in the order of the wire contract.
            pub const ALL: &'static [ToolKind] = &[$(ToolKind::$variant),*];

            /// The snake_case wire name of the kind.
            pub const fn as_str(self) -> &'static str {
                match self { $(ToolKind::$variant => $wire,)* }
            }

            /// The cross-harness label of the kind: what equivalent tools share.
            pub const fn label(self) -> &'static str {
                match self { $(ToolKind::$variant => $label,)* }
            }

            /// Whether a tool of this kind is read-only unless it says otherwise.
            pub const fn is_read_only(self) -> bool {
                match self { $(ToolKind::$variant => $read_only,)* }
            }

            /// The kind named exactly `wire` (case-sensitive), if it is a known kind.
            ///
            /// Unlike [`ToolKind::parse`], an unknown name is `None`, not `Other`.
            pub fn from_wire(wire: &str) -> Option<ToolKind> {
                match wire { $($wire => Some(ToolKind::$variant),)* _ => None }
            }
        }
    };
}

kinds! {
    Read = "read", "Read", true;
    Edit = "edit", "Edit", false;
    Delete = "delete", "Delete", false;
    ListDir = "list_dir", "List Files", true;
    Write = "write", "Write", false;
    Move = "move", "Move", false;
    Search = "search", "Search", true;
    Lsp = "lsp", "Code Intelligence", true;
    Execute = "execute", "Run Command", false;
    Plan = "plan", "Plan", false;
    WebSearch = "web_search", "Web Search", true;
    WebFetch = "web_fetch", "Web Fetch", true;
    BackgroundTaskAction = "background_task_action", "Background Task", false;
    WaitTasksAction = "wait_tasks_action", "Wait for Tasks", false;
    KillTaskAction = "kill_task_action", "Kill Task", false;
    List = "list", "List Files", true;
    Skill = "skill", "Skill", false;
    MemorySearch = "memory_search", "Memory Search", true;
    MemoryGet = "memory_get", "Memory Read", true;
    Task = "task", "Subagent", false;
    ActiveAgentMessage = "active_agent_message", "Send Subagent Message", false;
    EnterPlan = "enter_plan", "Enter Plan Mode", true;
    ExitPlan = "exit_plan", "Exit Plan Mode", true;
    AskUser = "ask_user", "Ask User", true;
    ImageGen = "image_gen", "Generate Image", false;
    VideoGen = "video_gen", "Generate Video", false;
    ImageToVideo = "image_to_video", "Generate Video", false;
    ReferenceToVideo = "reference_to_video", "Generate Video", false;
    DeployApp = "deploy_app", "Deploy App", false;
    InitOrUpdateApp = "init_or_update_app", "Init or Update App", false;
    SearchTool = "search_tool", "Search Tools", false;
    UseTool = "use_tool", "Use Tool", false;
    Monitor = "monitor", "Monitor", false;
    GoalUpdate = "goal_update", "Update Goal", false;
    Workflow = "workflow", "Workflow", false;
    Feedback = "feedback", "Feedback", false;
    SessionsList = "sessions_list", "Sessions", true;
    SessionsSend = "sessions_send", "Send Session Message", false;
    /// The catch-all for tools with no first-party kind, and for every unknown kind string.
    #[default]
    Other = "other", "Tool", false;
}

impl ToolKind {
    /// Reads a kind the way the wire contract does: exact match, anything else is `Other`.
    pub fn parse(wire: &str) -> ToolKind {
        ToolKind::from_wire(wire).unwrap_or(ToolKind::Other)
    }
}

impl fmt::Display for ToolKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Never fails: unknown names parse to [`ToolKind::Other`].
impl FromStr for ToolKind {
    type Err = std::convert::Infallible;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(ToolKind::parse(s))
    }
}

impl Serialize for ToolKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for ToolKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KindVisitor;
        impl serde::de::Visitor<'_> for KindVisitor {
            type Value = ToolKind;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a tool kind string")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<ToolKind, E> {
                Ok(ToolKind::parse(v))
            }
        }
        deserializer.deserialize_str(KindVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::ToolKind;

    /// DESIGN.md section 2, "Kinds → label, read-only default", written out by hand.
    const CONTRACT: &[(&str, &str, bool)] = &[
        ("read", "Read", true),
        ("edit", "Edit", false),
        ("delete", "Delete", false),
        ("list_dir", "List Files", true),
        ("write", "Write", false),
        ("move", "Move", false),
        ("search", "Search", true),
        ("lsp", "Code Intelligence", true),
        ("execute", "Run Command", false),
        ("plan", "Plan", false),
        ("web_search", "Web Search", true),
        ("web_fetch", "Web Fetch", true),
        ("background_task_action", "Background Task", false),
        ("wait_tasks_action", "Wait for Tasks", false),
        ("kill_task_action", "Kill Task", false),
        ("list", "List Files", true),
        ("skill", "Skill", false),
        ("memory_search", "Memory Search", true),
        ("memory_get", "Memory Read", true),
        ("task", "Subagent", false),
        ("active_agent_message", "Send Subagent Message", false),
        ("enter_plan", "Enter Plan Mode", true),
        ("exit_plan", "Exit Plan Mode", true),
        ("ask_user", "Ask User", true),
        ("image_gen", "Generate Image", false),
        ("video_gen", "Generate Video", false),
        ("image_to_video", "Generate Video", false),
        ("reference_to_video", "Generate Video", false),
        ("deploy_app", "Deploy App", false),
        ("init_or_update_app", "Init or Update App", false),
        ("search_tool", "Search Tools", false),
        ("use_tool", "Use Tool", false),
        ("monitor", "Monitor", false),
        ("goal_update", "Update Goal", false),
        ("workflow", "Workflow", false),
        ("feedback", "Feedback", false),
        ("sessions_list", "Sessions", true),
        ("sessions_send", "Send Session Message", false),
        ("other", "Tool", false),
    ];

    #[test]
    fn every_kind_has_the_contracts_wire_name_label_and_read_only_default() {
        assert_eq!(ToolKind::ALL.len(), CONTRACT.len());
        for (kind, &(wire, label, read_only)) in ToolKind::ALL.iter().zip(CONTRACT) {
            assert_eq!(kind.as_str(), wire);
            assert_eq!(kind.label(), label, "label of {wire}");
            assert_eq!(
                kind.is_read_only(),
                read_only,
                "read-only default of {wire}"
            );
            assert_eq!(ToolKind::from_wire(wire), Some(*kind));
            assert_eq!(ToolKind::parse(wire), *kind);
            assert_eq!(kind.to_string(), wire);
        }
    }

    #[test]
    fn unknown_and_case_mismatched_kinds_parse_to_other() {
        for wire in ["Read", "READ", "List Files", "teleport", "", " read"] {
            assert_eq!(ToolKind::from_wire(wire), None, "{wire:?}");
            assert_eq!(ToolKind::parse(wire), ToolKind::Other, "{wire:?}");
            assert_eq!(wire.parse::<ToolKind>(), Ok(ToolKind::Other));
        }
        assert_eq!(ToolKind::default(), ToolKind::Other);
    }

    #[test]
    fn serde_uses_the_wire_name() {
        for &kind in ToolKind::ALL {
            let json = serde_json::to_string(&kind).unwrap();
            assert_eq!(json, format!("\"{kind}\""));
            assert_eq!(serde_json::from_str::<ToolKind>(&json).unwrap(), kind);
        }
        assert_eq!(
            serde_json::from_str::<ToolKind>("\"Read\"").unwrap(),
            ToolKind::Other
        );
        assert!(serde_json::from_str::<ToolKind>("3").is_err());
    }
}
