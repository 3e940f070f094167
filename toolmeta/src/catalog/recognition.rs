//! What recognises a harness in ACP traffic, and names its tools there: the agent names of
//! its `initialize` answer, its own `_meta` tool-name keys, and the fixed formats of its call
//! ids and titles. Each harness module declares its [`Recognition`]; the ledger and the
//! catalog's data export read the same table, and `docs/identification.md` says how a reader
//! applies it.
//!
//! Formats are written as [`Pattern`]s: literal text with placeholders, matched against the
//! whole string.
//!
//! | placeholder | matches |
//! |---|---|
//! | `{name}` | a tool name: a letter or `_`, then letters, digits, `_` or `-`; every `{name}` of one pattern matches the same text, which names the tool |
//! | `{digits}` | one or more ASCII digits |
//! | `{any}` | one or more characters of any kind |

use crate::Namespace;

/// What recognises one harness in ACP traffic. Every list may be empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Recognition {
    /// Marks of its `initialize` answer: `agentInfo.name` (else `title`) names the harness
    /// when the product name — what follows the last `/` — contains one, compared without
    /// regard to ASCII case (`@zed-industries/claude-code-acp` is Claude Code's).
    pub agent_names: &'static [&'static str],
    /// Its own `_meta` keys that carry the tool's name.
    pub meta_tool_names: &'static [MetaToolName],
    /// Formats of its `toolCallId`s: a match marks the harness, and a `{name}` names the tool.
    pub tool_call_ids: &'static [Pattern],
    /// Its adapter's fixed title formats, each naming the tool.
    pub titles: &'static [TitleFormat],
}

impl Recognition {
    /// Recognises nothing.
    pub const NONE: Recognition = Recognition {
        agent_names: &[],
        meta_tool_names: &[],
        tool_call_ids: &[],
        titles: &[],
    };

    /// Whether an `initialize` answer's agent name (its `name`, or its `title`) is this
    /// harness's (see [`Recognition::agent_names`]).
    ///
    /// ```
    /// use toolmeta::catalog::Harness;
    /// assert!(Harness::ClaudeCode.recognition().names_agent("@zed-industries/claude-code-acp"));
    /// assert!(!Harness::ClaudeCode.recognition().names_agent("codex-acp"));
    /// ```
    pub fn names_agent(&self, agent_name: &str) -> bool {
        let name = agent_name.to_ascii_lowercase();
        let product = name.rsplit('/').next().unwrap_or(&name);
        self.agent_names.iter().any(|mark| product.contains(mark))
    }
}

/// A `_meta` key whose string value is the tool's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct MetaToolName {
    /// The path of keys from `_meta` down (`["claudeCode", "toolName"]`).
    pub path: &'static [&'static str],
    /// How the value spells the tool's wire name.
    pub spelling: Spelling,
    /// Whether a call carrying the key is this harness's, whatever the agent said
    /// (a key under the harness's own name, such as `claudeCode`); a generic key
    /// (`toolName`) does not mark it.
    pub marks_harness: bool,
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
    /// use toolmeta::catalog::Spelling;
    /// assert_eq!(Spelling::CamelCase.wire_name("spawnAgent"), "spawn_agent");
    /// assert_eq!(Spelling::AsIs.wire_name("spawnAgent"), "spawnAgent");
    /// ```
    pub fn wire_name(self, value: &str) -> std::borrow::Cow<'_, str> {
        match self {
            Spelling::AsIs => value.into(),
            Spelling::CamelCase => {
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
    /// The tool `title` names, if it matches.
    ///
    /// ```
    /// use toolmeta::catalog::Harness;
    /// let formats = Harness::Codex.recognition().titles;
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

/// A format, matched against a whole string: literal text with placeholders —
/// `{name}` (a tool name: a letter or `_`, then letters, digits, `_` or `-`; every `{name}`
/// of one pattern matches the same text, which names the tool), `{digits}` (one or more
/// ASCII digits) and `{any}` (one or more characters of any kind); see
/// [`Pattern::PLACEHOLDERS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pattern(pub &'static str);

/// One piece of a [`Pattern`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece<'p> {
    Text(&'p str),
    Name,
    Digits,
    Any,
}

impl Pattern {
    /// Every placeholder, as the data export lists them: name, the regular expression it
    /// stands for, and what it matches.
    pub const PLACEHOLDERS: &'static [(&'static str, &'static str, &'static str)] = &[
        (
            "name",
            "[A-Za-z_][A-Za-z0-9_-]*",
            "a tool name; every {name} of one pattern matches the same text, which names the tool",
        ),
        ("digits", "[0-9]+", "one or more ASCII digits"),
        ("any", ".+", "one or more characters of any kind"),
    ];

    /// The text it matches, when `text` matches it as a whole: `Some(Some(name))` when the
    /// pattern has a `{name}`, `Some(None)` when it has none.
    ///
    /// ```
    /// use toolmeta::catalog::Pattern;
    /// let gemini = Pattern("{name}__{name}_{digits}_{digits}");
    /// assert_eq!(gemini.matches("read_file__read_file_1796316480558_0"), Some(Some("read_file")));
    /// assert_eq!(gemini.matches("read_file__glob_1796316480558_0"), None);
    /// assert_eq!(Pattern("View Image {any}").matches("View Image a.png"), Some(None));
    /// ```
    pub fn matches<'t>(&self, text: &'t str) -> Option<Option<&'t str>> {
        let pieces = self.pieces();
        let mut name = None;
        match_from(&pieces, text, 0, &mut name).then_some(name)
    }

    /// Its pieces, in order; an unknown `{...}` is literal text.
    fn pieces(&self) -> Vec<Piece<'static>> {
        let mut pieces = Vec::new();
        let mut rest = self.0;
        while !rest.is_empty() {
            let placeholder = ["{name}", "{digits}", "{any}"]
                .into_iter()
                .zip([Piece::Name, Piece::Digits, Piece::Any])
                .find(|(spelled, _)| rest.starts_with(spelled));
            match placeholder {
                Some((spelled, piece)) => {
                    pieces.push(piece);
                    rest = &rest[spelled.len()..];
                }
                None => {
                    let next = rest
                        .char_indices()
                        .skip(1)
                        .find(|(_, c)| *c == '{')
                        .map_or(rest.len(), |(at, _)| at);
                    pieces.push(Piece::Text(&rest[..next]));
                    rest = &rest[next..];
                }
            }
        }
        pieces
    }
}

/// Whether `text[at..]` matches `pieces`, binding `name` to the first `{name}`'s text
/// (every later one must repeat it). Patterns are a few pieces long: plain backtracking.
fn match_from<'t>(pieces: &[Piece], text: &'t str, at: usize, name: &mut Option<&'t str>) -> bool {
    let Some((piece, rest)) = pieces.split_first() else {
        return at == text.len();
    };
    let remaining = &text[at..];
    match piece {
        Piece::Text(literal) => {
            remaining.starts_with(literal) && match_from(rest, text, at + literal.len(), name)
        }
        Piece::Name => {
            if let Some(bound) = *name {
                return remaining.starts_with(bound)
                    && match_from(rest, text, at + bound.len(), name);
            }
            let mut chars = remaining.char_indices();
            if !chars
                .next()
                .is_some_and(|(_, c)| c.is_ascii_alphabetic() || c == '_')
            {
                return false;
            }
            let end = remaining
                .char_indices()
                .skip(1)
                .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
                .map_or(remaining.len(), |(i, _)| i);
            (1..=end).rev().any(|len| {
                let mut bound = Some(&remaining[..len]);
                let matched = match_from(rest, text, at + len, &mut bound);
                if matched {
                    *name = bound;
                }
                matched
            })
        }
        Piece::Digits => {
            let end = remaining
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(remaining.len());
            (1..=end)
                .rev()
                .any(|len| match_from(rest, text, at + len, name))
        }
        Piece::Any => remaining
            .char_indices()
            .skip(1)
            .map(|(i, _)| i)
            .chain([remaining.len()])
            .filter(|len| *len > 0)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .any(|len| match_from(rest, text, at + len, name)),
    }
}

/// `_meta` tool-name keys that no one party owns: read for every call, marking no harness.
pub const SHARED_META_TOOL_NAMES: &[MetaToolName] = &[
    // Mistral's Vibe and Poolside name the tool in `_meta.tool_name` (issue 27's survey).
    MetaToolName {
        path: &["tool_name"],
        spelling: Spelling::AsIs,
        marks_harness: false,
    },
];

/// An agent with a first-party namespace but no tools in the catalog: its calls get its
/// namespace, their identity from ACP's own fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct KnownAgent {
    /// Its namespace.
    pub namespace: Namespace,
    /// What recognises it.
    pub recognition: Recognition,
    /// Where its recognition was read from.
    pub source: &'static str,
}

/// The agents with a first-party namespace and no catalog of tools.
pub const KNOWN_AGENTS: &[KnownAgent] = &[KnownAgent {
    namespace: Namespace::Goose,
    recognition: Recognition {
        agent_names: &["goose"],
        meta_tool_names: &[MetaToolName {
            path: &["goose", "toolCall", "toolName"],
            spelling: Spelling::AsIs,
            marks_harness: true,
        }],
        ..Recognition::NONE
    },
    source: "block/goose crates/goose/src/acp/server/tool_calls/conversion.rs at 02c85bb0f6fe1c78213ecdf358e5fda462f5aa24 (tool_call_identity_meta)",
}];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_match_whole_strings() {
        let gemini = Pattern("{name}__{name}_{digits}_{digits}");
        assert_eq!(
            gemini.matches("run_shell_command__run_shell_command_1796316480793_12"),
            Some(Some("run_shell_command"))
        );
        for id in [
            "read_file__read_file_x_0",
            "read_file__read_file_1796316480558",
            "call_b813747ee0a445b4",
            "toolu_01__x",
            "",
        ] {
            assert_eq!(gemini.matches(id), None, "{id}");
        }
        let kimi = Pattern("{name}: {any}");
        assert_eq!(kimi.matches("ReadFile: README.md"), Some(Some("ReadFile")));
        assert_eq!(kimi.matches("Shell: ls: no such file"), Some(Some("Shell")));
        assert_eq!(kimi.matches("ReadFile: "), None);
        assert_eq!(kimi.matches("Read File: a"), None);
        assert_eq!(
            Pattern("{name}").matches("ReadFile"),
            Some(Some("ReadFile"))
        );
        assert_eq!(Pattern("{name}").matches("README.md"), None);
        assert_eq!(Pattern("{name}").matches("3d"), None);
        assert_eq!(Pattern("View Image {any}").matches("View Image "), None);
        assert_eq!(Pattern("a{b}c").matches("a{b}c"), Some(None));
        assert_eq!(Pattern("é{any}").matches("éé"), Some(None));
    }

    #[test]
    fn camel_case_names_are_snake_case_wire_names() {
        assert_eq!(Spelling::CamelCase.wire_name("closeAgent"), "close_agent");
        assert_eq!(Spelling::CamelCase.wire_name("wait"), "wait");
    }
}
