//! What recognises each party of ACP traffic — a harness of the catalog, or an agent
//! without one — and names its tools there: the agent names of its `initialize` answer, its
//! own `_meta` keys, and the fixed formats of its call ids and titles.
//!
//! [`PARTIES`] is the one list. The ledger (`client`) reads it, with or without the
//! catalog; the catalog's data export writes it (`toolmeta catalog --json`); the proxy reads
//! its `_meta` keys; `docs/identification.md` says how a reader applies it. Adding a
//! harness's evidence — a `_meta` key, a call-id or title format, an agent name — is one
//! entry in its party's [`Recognition`] there.
//!
//! ```
//! use toolmeta::Namespace;
//! use toolmeta::recognition::{PARTIES, Party};
//!
//! let codex = Party::of_agent("@agentclientprotocol/codex-acp").unwrap();
//! assert_eq!(codex.namespace, Namespace::Codex);
//! let title = &codex.recognition.titles[0];
//! assert_eq!(title.tool_named("View Image /tmp/a.png"), Some("view_image"));
//! let keys: Vec<&str> = PARTIES
//!     .iter()
//!     .flat_map(|party| party.recognition.meta_tool_names)
//!     .map(|key| key.path.as_str())
//!     .collect();
//! assert!(keys.contains(&"claudeCode.toolName"));
//! ```

pub(crate) mod parties;
mod pattern;

pub use parties::{PARTIES, SHARED_META_TOOL_NAMES};
pub use pattern::Pattern;
#[cfg(feature = "client")]
pub(crate) use pattern::{Compiled, is_name};

use crate::Namespace;

/// A party ACP traffic comes from — a harness of the catalog, or an agent with a
/// first-party namespace and no catalog of tools — and what recognises it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Party {
    /// The namespace its calls get.
    pub namespace: Namespace,
    /// What recognises it, and names its tools, in ACP traffic.
    pub recognition: Recognition,
    /// Where its recognition was read from.
    pub source: &'static str,
}

impl Party {
    /// The party an `initialize` answer's agent name (its `agentInfo.name`, or its `title`)
    /// names (see [`Recognition::agent_names`]).
    ///
    /// ```
    /// use toolmeta::Namespace;
    /// use toolmeta::recognition::Party;
    /// let party = |name| Party::of_agent(name).map(|party| party.namespace);
    /// assert_eq!(party("@zed-industries/claude-code-acp"), Some(Namespace::ClaudeCode));
    /// assert_eq!(party("goose"), Some(Namespace::Goose));
    /// assert_eq!(party("Mistral Vibe"), None);
    /// ```
    pub fn of_agent(agent_name: &str) -> Option<&'static Party> {
        PARTIES
            .iter()
            .find(|party| party.recognition.names_agent(agent_name))
    }

    /// The party whose namespace is `namespace`.
    pub fn of_namespace(namespace: Namespace) -> Option<&'static Party> {
        PARTIES.iter().find(|party| party.namespace == namespace)
    }
}

/// What recognises one party in ACP traffic. Every list may be empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Recognition {
    /// Marks of its `initialize` answer: `agentInfo.name` (else `title`) names the party
    /// when the product name — what follows the last `/` — contains one, compared without
    /// regard to ASCII case (`@zed-industries/claude-code-acp` is Claude Code's).
    pub agent_names: &'static [&'static str],
    /// Its own `_meta` keys that carry the tool's name.
    pub meta_tool_names: &'static [MetaToolName],
    /// Its own `_meta` keys whose string value is the `toolCallId` of the call that started
    /// this one: a legacy subagent link (DESIGN §6). They say nothing of the tool, so the
    /// catalog's data export leaves them out.
    pub subagent_links: &'static [MetaPath],
    /// Formats of its `toolCallId`s: a match marks the party, and a `{name}` names the tool.
    pub tool_call_ids: &'static [Pattern],
    /// Its adapter's fixed title formats, each naming the tool.
    pub titles: &'static [TitleFormat],
    /// Keys its events carry in `rawInput` whatever the tool (call and turn ids,
    /// timestamps, an approval's `reason`, environment ids): they tell no tool apart, so
    /// argument-name identification neither counts them as a tool's arguments nor as the
    /// call's (DESIGN §6, "A reading must be earned"), and a tool they alone fit is no
    /// reading.
    pub event_keys: &'static [&'static str],
}

impl Recognition {
    /// Recognises nothing.
    pub const NONE: Recognition = Recognition {
        agent_names: &[],
        meta_tool_names: &[],
        subagent_links: &[],
        tool_call_ids: &[],
        titles: &[],
        event_keys: &[],
    };

    /// Whether an `initialize` answer's agent name (its `name`, or its `title`) is this
    /// party's (see [`Recognition::agent_names`]).
    ///
    /// ```
    /// use toolmeta::recognition::Party;
    /// use toolmeta::Namespace;
    /// let claude = Party::of_namespace(Namespace::ClaudeCode).unwrap();
    /// assert!(claude.recognition.names_agent("@zed-industries/claude-code-acp"));
    /// assert!(!claude.recognition.names_agent("codex-acp"));
    /// ```
    pub fn names_agent(&self, agent_name: &str) -> bool {
        let product = agent_name.rsplit('/').next().unwrap_or(agent_name);
        self.agent_names
            .iter()
            .any(|mark| contains_ignoring_case(product, mark))
    }
}

/// Whether `text` contains `mark` (lower case), compared without regard to ASCII case.
fn contains_ignoring_case(text: &str, mark: &str) -> bool {
    mark.is_empty()
        || text
            .as_bytes()
            .windows(mark.len())
            .any(|window| window.eq_ignore_ascii_case(mark.as_bytes()))
}

/// A path of keys under `_meta` (`claudeCode.toolName`), written as its keys joined by dots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MetaPath {
    dotted: &'static str,
    keys: &'static [&'static str],
}

impl MetaPath {
    /// The path made of `keys`, from `_meta` down, with the same path joined by dots
    /// (`dotted`): the two spellings must agree, and no key may hold a dot (`meta_path!`
    /// writes both from one list; a test checks every path of the list).
    pub(crate) const fn new(dotted: &'static str, keys: &'static [&'static str]) -> MetaPath {
        MetaPath { dotted, keys }
    }

    /// The keys joined by dots (`claudeCode.toolName`).
    pub const fn as_str(&self) -> &'static str {
        self.dotted
    }

    /// The keys from `_meta` down (`["claudeCode", "toolName"]`).
    pub const fn keys(&self) -> &'static [&'static str] {
        self.keys
    }
}

/// A [`MetaPath`] of the keys given: `meta_path!("goose"."toolCall"."toolName")`.
macro_rules! meta_path {
    ($first:literal $(. $rest:literal)*) => {
        $crate::recognition::MetaPath::new(concat!($first $(, ".", $rest)*), &[$first $(, $rest)*])
    };
}
pub(crate) use meta_path;

/// A `_meta` key whose string value is the tool's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct MetaToolName {
    /// Where it is under `_meta`.
    pub path: MetaPath,
    /// How the value spells the tool's wire name.
    pub spelling: Spelling,
    /// Whether a call carrying the key is this party's, whatever the agent said (a key
    /// under the party's own name, such as `claudeCode`); a generic key (`toolName`) does
    /// not mark it.
    pub marks_harness: bool,
}

impl MetaToolName {
    /// A key of this path, spelling and mark.
    pub(crate) const fn new(path: MetaPath, spelling: Spelling, marks_harness: bool) -> Self {
        MetaToolName {
            path,
            spelling,
            marks_harness,
        }
    }
}

/// How a `_meta` tool-name key spells the wire name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Spelling {
    /// As the wire name is.
    AsIs,
    /// In camelCase, for a snake_case wire name: each ASCII capital becomes `_` and its
    /// lower case (`spawnAgent` → `spawn_agent`).
    CamelCase,
}

impl Spelling {
    /// Its name in the catalog's data export.
    pub const fn name(self) -> &'static str {
        match self {
            Spelling::AsIs => "as_is",
            Spelling::CamelCase => "camel_case",
        }
    }

    /// The wire name a value spelled this way stands for.
    ///
    /// ```
    /// use toolmeta::recognition::Spelling;
    /// assert_eq!(Spelling::CamelCase.wire_name("spawnAgent"), "spawn_agent");
    /// assert_eq!(Spelling::AsIs.wire_name("spawnAgent"), "spawnAgent");
    /// ```
    pub fn wire_name(self, value: &str) -> std::borrow::Cow<'_, str> {
        match self {
            Spelling::CamelCase if value.bytes().any(|b| b.is_ascii_uppercase()) => {
                let mut name = String::with_capacity(value.len() + 4);
                for c in value.chars() {
                    if c.is_ascii_uppercase() {
                        name.push('_');
                        name.push(c.to_ascii_lowercase());
                    } else {
                        name.push(c);
                    }
                }
                name.into()
            }
            _ => value.into(),
        }
    }
}

/// A fixed title format of an adapter: a title that matches it names the tool — the one
/// given, or the text its `{name}` matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct TitleFormat {
    /// The format.
    pub pattern: Pattern,
    /// The tool a match names, when the pattern has no `{name}`.
    pub tool: Option<&'static str>,
}

impl TitleFormat {
    /// A format whose `{name}` names the tool.
    pub(crate) const fn naming(pattern: &'static str) -> TitleFormat {
        TitleFormat {
            pattern: Pattern(pattern),
            tool: None,
        }
    }

    /// A format that names `tool`.
    pub(crate) const fn of(pattern: &'static str, tool: &'static str) -> TitleFormat {
        TitleFormat {
            pattern: Pattern(pattern),
            tool: Some(tool),
        }
    }

    /// The tool `title` names, if it matches.
    ///
    /// ```
    /// use toolmeta::Namespace;
    /// use toolmeta::recognition::Party;
    /// let formats = Party::of_namespace(Namespace::Codex).unwrap().recognition.titles;
    /// assert_eq!(formats[0].tool_named("View Image /tmp/a.png"), Some("view_image"));
    /// assert_eq!(formats[0].tool_named("Read README.md"), None);
    /// ```
    pub fn tool_named<'t>(&self, title: &'t str) -> Option<&'t str> {
        match self.pattern.matches(title)? {
            Some(name) => Some(name),
            None => self.tool,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn camel_case_names_are_snake_case_wire_names() {
        assert_eq!(Spelling::CamelCase.wire_name("closeAgent"), "close_agent");
        assert_eq!(Spelling::CamelCase.wire_name("wait"), "wait");
    }

    #[test]
    fn agent_names_are_marks_in_the_product_name_of_any_case() {
        let party = |name| Party::of_agent(name).map(|party| party.namespace);
        assert_eq!(
            party("@agentclientprotocol/claude-agent-acp"),
            Some(Namespace::ClaudeCode)
        );
        assert_eq!(party("Codex"), Some(Namespace::Codex));
        assert_eq!(party("gemini-cli"), Some(Namespace::GeminiCli));
        assert_eq!(party("OpenCode"), Some(Namespace::OpenCode));
        assert_eq!(party("Kimi Code CLI"), Some(Namespace::KimiCli));
        assert_eq!(party("qwen-code"), Some(Namespace::QwenCode));
        assert_eq!(party("goose"), Some(Namespace::Goose));
        // Only the product name counts: a scope that contains a mark names nothing.
        assert_eq!(party("@claude/my-agent"), None);
        assert_eq!(party(""), None);
        assert_eq!(party("ÉCLAUDE"), Some(Namespace::ClaudeCode));
    }

    #[test]
    fn every_party_is_recognised_by_its_own_marks_and_every_path_is_distinct() {
        let mut paths: Vec<&MetaPath> =
            SHARED_META_TOOL_NAMES.iter().map(|key| &key.path).collect();
        for party in PARTIES {
            assert_eq!(
                PARTIES
                    .iter()
                    .filter(|other| other.namespace == party.namespace)
                    .count(),
                1,
                "{party:?}"
            );
            for name in party.recognition.agent_names {
                assert_eq!(
                    *name,
                    name.to_ascii_lowercase(),
                    "agent names are lower case"
                );
                assert_eq!(Party::of_agent(name), Some(party), "{name}");
            }
            paths.extend(
                party
                    .recognition
                    .meta_tool_names
                    .iter()
                    .map(|key| &key.path),
            );
            paths.extend(party.recognition.subagent_links);
        }
        for (i, path) in paths.iter().enumerate() {
            assert_eq!(path.as_str().split('.').collect::<Vec<_>>(), path.keys());
            assert!(path.keys().iter().all(|key| !key.is_empty()), "{path:?}");
            for other in &paths[i + 1..] {
                assert_ne!(path.as_str(), other.as_str());
                // No path is a prefix of another: a key is either a name or an object.
                assert!(!other.as_str().starts_with(&format!("{}.", path.as_str())));
                assert!(!path.as_str().starts_with(&format!("{}.", other.as_str())));
            }
        }
    }
}
