//! [`ToolKind`]: what a tool does, an open set with a label and a read-only default per kind.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The kind table, one row per kind: the variant, its wire name, its label, its read-only
/// default, and the ACP `ToolKind` it maps to (ACP's wire name, mapped to ACP's type by the
/// `acp` feature) with the reason. Adding a kind is a row here, the same row (without the
/// ACP kind) in the derive's `contract.rs`, and its row in `docs/wire-contract.md`; the
/// tests `contract_sync` and `docs_contract` fail until the three agree.
macro_rules! kinds {
    ($( $(#[$doc:meta])* $variant:ident = $wire:literal, $label:literal, $read_only:literal, $acp:literal, $why:literal; )*) => {
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
        ///
        /// # The kinds
        ///
        /// Each kind's label and read-only default, and the coarser ACP `ToolKind` that the
        /// `acp` feature maps it to (`ToolKind::to_acp`), for harnesses that want the event's
        /// own `kind` to agree with the envelope:
        ///
        #[doc = concat!(
            "| kind | label | read-only by default | ACP kind | why that ACP kind |\n",
            "|---|---|---|---|---|\n",
            $("| `", $wire, "` | ", $label, " | ", $read_only, " | `", $acp, "` | ", $why, " |\n",)*
        )]
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

            /// The wire name of the ACP `ToolKind` this kind maps to; the `acp` feature maps
            /// it onto ACP's type, so that the contract does not depend on ACP's crate.
            // Only the `acp` feature reads it.
            #[cfg_attr(
                not(any(feature = "acp", all(feature = "catalog", feature = "client"))),
                allow(dead_code)
            )]
            pub(crate) const fn acp_kind(self) -> &'static str {
                match self { $(ToolKind::$variant => $acp,)* }
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
    // Variant = wire name, label, read-only default, ACP kind, why that ACP kind;
    Read = "read", "Read", true, "read", "reads a file";
    Edit = "edit", "Edit", false, "edit", "modifies a file";
    Delete = "delete", "Delete", false, "delete", "removes a file";
    ListDir = "list_dir", "List Files", true, "read", "reads a directory (as Zed's own agent reports listings)";
    Write = "write", "Write", false, "edit", "ACP has no `write`: creating or overwriting content is an edit";
    Move = "move", "Move", false, "move", "moves or renames a file";
    Search = "search", "Search", true, "search", "searches files";
    Lsp = "lsp", "Code Intelligence", true, "read", "reads what the language server knows";
    Execute = "execute", "Run Command", false, "execute", "runs a command";
    Plan = "plan", "Plan", false, "think", "updates the agent's plan: internal reasoning";
    WebSearch = "web_search", "Web Search", true, "fetch", "retrieves external data";
    WebFetch = "web_fetch", "Web Fetch", true, "fetch", "retrieves external data";
    BackgroundTaskAction = "background_task_action", "Background Task", false, "execute", "starts or drives a background command";
    WaitTasksAction = "wait_tasks_action", "Wait for Tasks", false, "other", "waits; runs nothing itself";
    KillTaskAction = "kill_task_action", "Kill Task", false, "execute", "stops a running command";
    List = "list", "List Files", true, "read", "reads a directory";
    Skill = "skill", "Skill", false, "other", "loads a skill";
    MemorySearch = "memory_search", "Memory Search", true, "search", "searches the agent's memory";
    MemoryGet = "memory_get", "Memory Read", true, "read", "reads the agent's memory";
    Task = "task", "Subagent", false, "think", "delegates reasoning to a subagent";
    ActiveAgentMessage = "active_agent_message", "Send Subagent Message", false, "other", "messages a running subagent";
    EnterPlan = "enter_plan", "Enter Plan Mode", true, "switch_mode", "enters plan mode";
    ExitPlan = "exit_plan", "Exit Plan Mode", true, "switch_mode", "leaves plan mode";
    AskUser = "ask_user", "Ask User", true, "other", "asks the user";
    ImageGen = "image_gen", "Generate Image", false, "other", "generates media";
    VideoGen = "video_gen", "Generate Video", false, "other", "generates media";
    ImageToVideo = "image_to_video", "Generate Video", false, "other", "generates media";
    ReferenceToVideo = "reference_to_video", "Generate Video", false, "other", "generates media";
    DeployApp = "deploy_app", "Deploy App", false, "other", "deploys";
    InitOrUpdateApp = "init_or_update_app", "Init or Update App", false, "other", "scaffolds an app";
    SearchTool = "search_tool", "Search Tools", false, "search", "searches the tool catalog";
    UseTool = "use_tool", "Use Tool", false, "other", "calls another tool";
    Monitor = "monitor", "Monitor", false, "other", "watches something";
    GoalUpdate = "goal_update", "Update Goal", false, "think", "updates the agent's goal: internal reasoning";
    Workflow = "workflow", "Workflow", false, "other", "runs a workflow";
    Feedback = "feedback", "Feedback", false, "other", "sends feedback";
    SessionsList = "sessions_list", "Sessions", true, "read", "reads the session list";
    SessionsSend = "sessions_send", "Send Session Message", false, "other", "messages another session";
    /// The catch-all for tools with no first-party kind, and for every unknown kind string.
    #[default]
    Other = "other", "Tool", false, "other", "a tool with no kind of its own";
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

    // Each kind's label and read-only default are compared with the contract's own words
    // (`docs/wire-contract.md`) by `tests/docs_contract.rs`.

    #[test]
    fn every_kind_reads_back_from_its_wire_name() {
        for &kind in ToolKind::ALL {
            let wire = kind.as_str();
            assert_eq!(ToolKind::from_wire(wire), Some(kind));
            assert_eq!(ToolKind::parse(wire), kind);
            assert_eq!(kind.to_string(), wire);
        }
        let mut wires: Vec<&str> = ToolKind::ALL.iter().map(|kind| kind.as_str()).collect();
        wires.sort_unstable();
        wires.dedup();
        assert_eq!(wires.len(), ToolKind::ALL.len(), "wire names are unique");
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
