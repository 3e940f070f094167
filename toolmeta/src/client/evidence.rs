//! What names a call's tool: the evidence the traffic carries, strongest first (DESIGN §6),
//! and the one list of the places a harness puts it.
//!
//! Adding a harness's evidence is one row here: a `_meta` key in [`META_KEYS`], or a fixed
//! title format in [`TITLE_FORMATS`]. The reader reads every `_meta` key of the list, the
//! ledger keeps what each said as a [`Claim`], and resolution takes the strongest.

use std::fmt;

use super::loose::WellKnown;
use super::text::Text;
use crate::Namespace;

/// What named a call's tool, from strongest to weakest (DESIGN §6).
///
/// ```
/// use toolmeta::client::{Evidence, Ledger};
/// let mut ledger = Ledger::new();
/// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Terminal","_meta":{"goose":{"toolCall":{"toolName":"developer__shell"}}}}"#);
/// let call = ledger.get("c1").unwrap();
/// assert_eq!(call.name(), Some("developer__shell"));
/// assert_eq!(call.named_by(), Some(Evidence::MetaKey("goose.toolCall.toolName")));
/// assert_eq!(call.named_by().unwrap().to_string(), "_meta.goose.toolCall.toolName");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Evidence {
    /// The `x.ai/tool` envelope.
    Envelope,
    /// ACP's first-class `name`.
    AcpName,
    /// A harness's own `_meta` tool-name key, by its dotted path (`claudeCode.toolName`).
    MetaKey(&'static str),
    /// The call's first `title`, when it reads as a tool name (OpenCode).
    FirstTitle,
    /// The tool name in the `toolCallId` (Gemini CLI's `<name>__<name>_<ms>_<n>`).
    ToolCallId,
    /// An adapter's fixed title format (codex-acp's `View Image {path}`).
    TitleFormat,
    /// The argument names of `rawInput`, matched against the catalog.
    Arguments,
}

impl Evidence {
    /// How strong the evidence is: a lower rank wins. Every `_meta` key ranks alike; among
    /// claims of one rank the latest wins.
    pub(crate) const fn rank(self) -> u8 {
        match self {
            Evidence::Envelope => 0,
            Evidence::AcpName => 1,
            Evidence::MetaKey(_) => 2,
            Evidence::FirstTitle => 3,
            Evidence::ToolCallId => 4,
            Evidence::TitleFormat => 5,
            Evidence::Arguments => 6,
        }
    }
}

impl fmt::Display for Evidence {
    /// Where the evidence is on the wire: `envelope`, `name`, `_meta.claudeCode.toolName`,
    /// `title`, `toolCallId`, `title format`, `rawInput`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Evidence::Envelope => f.write_str("envelope"),
            Evidence::AcpName => f.write_str("name"),
            Evidence::MetaKey(path) => write!(f, "_meta.{path}"),
            Evidence::FirstTitle => f.write_str("title"),
            Evidence::ToolCallId => f.write_str("toolCallId"),
            Evidence::TitleFormat => f.write_str("title format"),
            Evidence::Arguments => f.write_str("rawInput"),
        }
    }
}

/// How a piece of evidence bears on the harness of the call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// It says nothing about the harness.
    Any,
    /// It marks the harness: only that harness sends it (`_meta.claudeCode`).
    Marks(Namespace),
    /// It counts only in that harness's traffic (an adapter's title format).
    Requires(Namespace),
}

/// What a `_meta` key says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Says {
    /// The tool's name.
    ToolName,
    /// The `toolCallId` of the (subagent) call that made this one: a legacy subagent link.
    ParentToolCall,
}

/// A harness's own `_meta` key.
pub(crate) struct MetaKey {
    /// Its path under `_meta`, as written on the wire joined by dots.
    pub(crate) path: &'static str,
    /// The same path, key by key.
    pub(crate) segments: &'static [&'static str],
    pub(crate) says: Says,
    pub(crate) scope: Scope,
}

/// A [`MetaKey`] of the keys given, in order: its dotted path is made from them.
macro_rules! meta_key {
    ($($segment:literal).+, $says:expr, $scope:expr) => {
        MetaKey {
            path: meta_key!(@join $($segment),+),
            segments: &[$($segment),+],
            says: $says,
            scope: $scope,
        }
    };
    (@join $first:literal $(, $rest:literal)*) => {
        concat!($first $(, ".", $rest)*)
    };
}

/// Every `_meta` key the reader takes evidence from: the one list to extend for a harness
/// that names its tools, or links its subagents, in a key of its own.
pub(crate) const META_KEYS: &[MetaKey] = &[
    // Claude Code, through claude-agent-acp (and Zed's claude-code-acp).
    meta_key!(
        "claudeCode"."toolName",
        Says::ToolName,
        Scope::Marks(Namespace::ClaudeCode)
    ),
    meta_key!("claudeCode"."parentToolUseId", Says::ParentToolCall, Scope::Any),
    // codex-acp (the app-server adapter): a collaboration item's tool, in the app
    // server's camelCase (`spawnAgent` for `spawn_agent`).
    meta_key!(
        "codex"."collaboration"."tool",
        Says::ToolName,
        Scope::Marks(Namespace::Codex)
    ),
    // goose.
    meta_key!(
        "goose"."toolCall"."toolName",
        Says::ToolName,
        Scope::Marks(Namespace::Goose)
    ),
    // Qwen Code.
    meta_key!("toolName", Says::ToolName, Scope::Any),
    meta_key!("parentToolCallId", Says::ParentToolCall, Scope::Any),
    // Mistral's Vibe, Poolside.
    meta_key!("tool_name", Says::ToolName, Scope::Any),
];

/// The number of [`META_KEYS`].
pub(crate) const META_KEY_COUNT: usize = META_KEYS.len();

// The reader tracks the keys a `_meta` object may hold in a `u32` mask.
const _: () = assert!(META_KEY_COUNT <= 32);

/// An adapter's fixed title format: a title that starts with `prefix` names `tool`, in
/// the traffic of the harness `scope` names.
pub(crate) struct TitleFormat {
    pub(crate) prefix: &'static str,
    pub(crate) tool: &'static str,
    pub(crate) harness: Namespace,
}

/// Every fixed title format, each read from its adapter's source.
pub(crate) const TITLE_FORMATS: &[TitleFormat] = &[
    // codex-acp `src/thread.rs` (zed-industries/codex-acp at 3cd8e9ed): the
    // `ViewImageToolCall` event becomes `ToolCall::new(call_id, format!("View Image {display_path}"))`.
    TitleFormat {
        prefix: "View Image ",
        tool: "view_image",
        harness: Namespace::Codex,
    },
];

/// One claim about the tool's name: what said it, the name, and which update sent it last.
#[derive(Debug, Clone)]
pub(crate) struct Claim {
    pub(crate) by: Evidence,
    pub(crate) name: Text,
    pub(crate) scope: Scope,
    /// The number of the update that sent it last (claims of one rank: the latest wins).
    pub(crate) at: u32,
}

/// A call's claims, one per source of evidence: the ordered, generic evidence list.
#[derive(Debug, Clone, Default)]
pub(crate) struct Claims(Vec<Claim>);

impl Claims {
    /// Records `name` said by `by` in update `at`; says whether the claims changed (a claim
    /// repeated is still the latest of its rank).
    pub(crate) fn say(&mut self, by: Evidence, name: &str, scope: Scope, at: u32) -> bool {
        match self.0.iter_mut().find(|claim| claim.by == by) {
            Some(claim) if *claim.name == *name => {
                let moved = claim.at != at;
                claim.at = at;
                moved
            }
            Some(claim) => {
                claim.name = Text::new(name, WellKnown::None);
                claim.at = at;
                true
            }
            None => {
                // Most calls have one claim or two: no room for four.
                self.0.reserve_exact(1);
                self.0.push(Claim {
                    by,
                    name: Text::new(name, WellKnown::None),
                    scope,
                    at,
                });
                true
            }
        }
    }

    /// The claim `by` holds, if any.
    pub(crate) fn get(&self, by: Evidence) -> Option<&Claim> {
        self.0.iter().find(|claim| claim.by == by)
    }

    /// The claims that count in the traffic of `harness`, strongest first, the latest first
    /// among equals.
    pub(crate) fn ranked(&self, harness: Option<Namespace>) -> Ranked<'_> {
        Ranked {
            claims: &self.0,
            harness,
            taken: 0,
        }
    }

    /// The harnesses the claims mark, strongest first.
    pub(crate) fn marks(&self) -> impl Iterator<Item = (Evidence, Namespace)> + '_ {
        self.ranked(None)
            .filter_map(|claim| Some((claim.by, claim.scope.marks()?)))
    }

    /// The bytes the claims hold.
    pub(crate) fn retained_bytes(&self) -> usize {
        self.0
            .iter()
            .map(|claim| size_of::<Claim>() + claim.name.retained_bytes())
            .sum()
    }
}

/// The claims in order of strength (see [`Claims::ranked`]): a few claims, picked one by
/// one without allocating.
pub(crate) struct Ranked<'c> {
    claims: &'c [Claim],
    harness: Option<Namespace>,
    /// The claims already given, by index.
    taken: u64,
}

impl<'c> Iterator for Ranked<'c> {
    type Item = &'c Claim;

    fn next(&mut self) -> Option<&'c Claim> {
        let (index, claim) = self
            .claims
            .iter()
            .enumerate()
            .take(64)
            .filter(|(index, claim)| {
                self.taken & (1 << index) == 0
                    && match claim.scope {
                        Scope::Requires(required) => self.harness == Some(required),
                        _ => true,
                    }
            })
            .min_by_key(|(_, claim)| (claim.by.rank(), std::cmp::Reverse(claim.at)))?;
        self.taken |= 1 << index;
        Some(claim)
    }
}

/// Whether a title reads as a tool name rather than human text: a single word of ASCII
/// letters, digits, `_` and `-` (`read`, `todowrite`, `mcp__github__create_issue`), with no
/// spaces, dots or slashes (`README.md`, `Read File`, `ls -la` are human text).
///
/// A one-word directory title (`src`) passes too; the catalog decides whether the word is
/// a tool of the harness, and an unknown word only stands as a name when nothing better
/// is there.
pub(crate) fn is_tool_name(title: &str) -> bool {
    let mut chars = title.chars();
    chars
        .next()
        .is_some_and(|first| first.is_ascii_alphabetic() || first == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// The tool name in a `toolCallId` of Gemini CLI's pattern, `<name>__<name>_<epoch-ms>_<n>`
/// (`read_file__read_file_1796316480558_0` → `read_file`): the name, repeated, then two
/// numbers. An id of any other shape names nothing.
pub(crate) fn tool_name_in_id(id: &str) -> Option<&str> {
    let (name, rest) = id.split_once("__")?;
    let rest = rest.strip_prefix(name)?.strip_prefix('_')?;
    let (millis, index) = rest.split_once('_')?;
    let numeric = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    (is_tool_name(name) && numeric(millis) && numeric(index)).then_some(name)
}

/// The fixed title format a title follows, if any.
pub(crate) fn title_format(title: &str) -> Option<&'static TitleFormat> {
    TITLE_FORMATS
        .iter()
        .find(|format| title.len() > format.prefix.len() && title.starts_with(format.prefix))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_names_are_single_words() {
        for name in [
            "read",
            "todowrite",
            "apply_patch",
            "mcp__github__create_issue",
            "Bash",
        ] {
            assert!(is_tool_name(name), "{name}");
        }
        for text in [
            "README.md",
            "Read File",
            "ls -la",
            "3 todos",
            "",
            "src/utils.py",
            "'**/*.py'",
        ] {
            assert!(!is_tool_name(text), "{text}");
        }
    }

    #[test]
    fn gemini_ids_name_their_tool() {
        assert_eq!(
            tool_name_in_id("read_file__read_file_1796316480558_0"),
            Some("read_file")
        );
        assert_eq!(
            tool_name_in_id("run_shell_command__run_shell_command_1796316480793_12"),
            Some("run_shell_command")
        );
        // The name must repeat, and two numbers follow it.
        assert_eq!(tool_name_in_id("read_file__glob_1796316480558_0"), None);
        assert_eq!(tool_name_in_id("read_file__read_file_x_0"), None);
        assert_eq!(tool_name_in_id("read_file__read_file_1796316480558"), None);
        assert_eq!(tool_name_in_id("call_b813747ee0a445b4"), None);
        assert_eq!(tool_name_in_id("toolu_01__x"), None);
    }

    #[test]
    fn meta_keys_are_distinct_paths_of_object_keys() {
        for (i, key) in META_KEYS.iter().enumerate() {
            assert_eq!(key.path.split('.').collect::<Vec<_>>(), key.segments);
            assert!(key.segments.iter().all(|segment| !segment.is_empty()));
            for other in &META_KEYS[i + 1..] {
                assert_ne!(key.path, other.path);
                // No path is a prefix of another: a key is either a name or an object.
                assert!(!other.path.starts_with(&format!("{}.", key.path)));
                assert!(!key.path.starts_with(&format!("{}.", other.path)));
            }
        }
    }

    #[test]
    fn the_latest_claim_of_a_rank_wins_and_stronger_ranks_win_over_later_ones() {
        let mut claims = Claims::default();
        claims.say(Evidence::FirstTitle, "read", Scope::Any, 1);
        claims.say(Evidence::MetaKey("toolName"), "tool_call", Scope::Any, 1);
        claims.say(Evidence::MetaKey("tool_name"), "web_fetch", Scope::Any, 2);
        let names: Vec<&str> = claims.ranked(None).map(|claim| &*claim.name).collect();
        assert_eq!(names, ["web_fetch", "tool_call", "read"]);
        // Re-sent later, the first `_meta` claim is the latest again.
        assert!(claims.say(Evidence::MetaKey("toolName"), "tool_call", Scope::Any, 3));
        assert_eq!(
            claims.ranked(None).next().map(|claim| &*claim.name),
            Some("tool_call")
        );
    }
}
