//! The namespace table and the rules of extension namespaces (DESIGN §2): which strings name
//! a namespace, and why every other one does not.

use super::spelling::{self, bytes_eq};

/// The first-party namespaces, one row each, in the order of the wire contract:
///
/// - the `toolmeta::Namespace` variant, with its doc;
/// - `wire`: the snake_case wire name, the one spelling writers emit;
/// - `aliases`: further spellings readers accept (PascalCase and legacy forms, and the `_`
///   form of a name that was an extension before it became first-party);
/// - `reference`: whether the reference schema of the harness that defined the envelope
///   lists it (toolmeta's additions do not).
///
/// Adding a first-party namespace is a row here and its row in `docs/wire-contract.md`; a
/// harness that used it as an extension keeps its `_` form readable by listing it as an alias.
macro_rules! namespace_table {
    ($callback:ident) => {
        $callback! {
            /// Grok Build's standard toolset.
            GrokBuild { wire: "grok_build", aliases: ["GrokBuild"], reference: true }
            /// Grok Build's concise toolset.
            GrokBuildConcise { wire: "grok_build_concise", aliases: ["GrokBuildConcise"], reference: true }
            /// Grok Build's hashline-editing toolset.
            GrokBuildHashline { wire: "grok_build_hashline", aliases: ["GrokBuildHashline"], reference: true }
            /// OpenAI Codex's tools.
            Codex { wire: "codex", aliases: ["Codex"], reference: true }
            /// OpenCode's tools.
            OpenCode { wire: "opencode", aliases: ["OpenCode", "open_code"], reference: true }
            /// Tools served by an MCP server.
            Mcp { wire: "mcp", aliases: ["MCP"], reference: true }
            /// Claude Code's tools (toolmeta's catalog).
            ClaudeCode { wire: "claude_code", aliases: ["ClaudeCode"], reference: false }
            /// Gemini CLI's tools (toolmeta's catalog).
            GeminiCli { wire: "gemini_cli", aliases: ["GeminiCli"], reference: false }
            /// The tools of Zed's agent (`crates/agent/src/tools`).
            Zed { wire: "zed", aliases: ["Zed"], reference: false }
            /// The tools of goose (block/goose), its developer extension among them.
            Goose { wire: "goose", aliases: ["Goose"], reference: false }
            /// The tools of the Amazon Q Developer CLI.
            AmazonQ { wire: "amazon_q", aliases: ["AmazonQ"], reference: false }
            /// Qwen Code's tools (toolmeta's catalog); `_qwen_code` is the extension namespace
            /// its calls had before.
            QwenCode { wire: "qwen_code", aliases: ["QwenCode", "_qwen_code"], reference: false }
            /// Kimi CLI's tools (toolmeta's catalog); `_kimi_code_cli` is the extension
            /// namespace its agent name (`Kimi Code CLI`) made before.
            KimiCli { wire: "kimi_cli", aliases: ["KimiCli", "_kimi_code_cli"], reference: false }
        }
    };
}
pub(crate) use namespace_table;

/// One first-party namespace: a row of the table.
#[derive(Debug)]
pub struct FirstParty {
    /// The `toolmeta::Namespace` variant.
    pub variant: &'static str,
    /// The wire name.
    pub wire: &'static str,
    /// The spellings readers accept besides the wire name.
    pub aliases: &'static [&'static str],
    /// Whether the reference schema lists it.
    pub reference: bool,
}

macro_rules! first_party {
    ($( $(#[$doc:meta])* $variant:ident { wire: $wire:literal, aliases: [$($alias:literal),*], reference: $reference:literal $($more:tt)* } )*) => {
        /// Every first-party namespace, in table order.
        pub const FIRST_PARTY: &[FirstParty] = &[$(FirstParty {
            variant: stringify!($variant),
            wire: $wire,
            aliases: &[$($alias),*],
            reference: $reference,
        }),*];
    };
}
namespace_table!(first_party);

/// The longest extension namespace in bytes, its leading `_` included: short enough to be
/// held inline, so that a namespace stays `Copy`.
pub const EXTENSION_MAX_LEN: usize = 64;

/// The pattern of a well-formed extension namespace (the published schema's).
pub const EXTENSION_PATTERN: &str = "^_[a-z][a-z0-9_]{0,62}$";

/// What a string is as a namespace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spelling {
    /// The wire name of the first-party namespace `FIRST_PARTY[i]`.
    FirstParty(usize),
    /// A read-side alias of the first-party namespace `FIRST_PARTY[i]`.
    Alias(usize),
    /// A well-formed extension namespace (`_forge`).
    Extension,
    /// No namespace.
    Refused(Refusal),
}

/// Why a string is no namespace: the rules of DESIGN §2, each with what would be right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A near miss of the first-party `FIRST_PARTY[i]` (`grokbuild`, `grok`): a typo cannot
    /// invent a toolset.
    NearMiss(usize),
    /// An extension spelled as the first-party `FIRST_PARTY[i]` (`_codex`).
    Shadows(usize),
    /// A `_` name that is not a well-formed extension.
    Malformed(Malformed),
    /// A bare name that is not first-party (`forge`): a harness's own namespace starts with `_`.
    Bare,
}

impl Refusal {
    /// Why `value` is no namespace, and what would be right: the words of the derive's
    /// compile error and of a decoding error alike.
    pub fn explain(self, value: &str) -> String {
        match self {
            Refusal::NearMiss(i) => format!(
                "unknown namespace `{value}`; did you mean `{}`?",
                FIRST_PARTY[i].wire
            ),
            Refusal::Shadows(i) => format!(
                "`{value}` is spelled as the first-party namespace `{wire}`, which an extension namespace cannot take; did you mean `{wire}`?",
                wire = FIRST_PARTY[i].wire
            ),
            Refusal::Malformed(malformed) => {
                let fix = match malformed {
                    // Only a fix that keeps every letter: case and separators.
                    Malformed::Start | Malformed::Character if value.is_ascii() => {
                        extension_for(value)
                            .filter(|fix| extension(fix).is_ok())
                            .map(|fix| format!("; did you mean `{fix}`?"))
                            .unwrap_or_default()
                    }
                    Malformed::Start
                    | Malformed::Character
                    | Malformed::Empty
                    | Malformed::TooLong => String::new(),
                };
                format!(
                    "`{value}` is not a well-formed extension namespace: {} (`{EXTENSION_PATTERN}`){fix}",
                    malformed.rule()
                )
            }
            Refusal::Bare => {
                let yours = extension_for(value)
                    .filter(|fix| extension(fix).is_ok())
                    .unwrap_or_else(|| "_yourname".to_owned());
                let mut first_party = String::new();
                for (i, row) in FIRST_PARTY.iter().enumerate() {
                    let separator = match i {
                        0 => "",
                        _ if i + 1 == FIRST_PARTY.len() => " or ",
                        _ => ", ",
                    };
                    first_party.push_str(separator);
                    first_party.push('`');
                    first_party.push_str(row.wire);
                    first_party.push('`');
                }
                format!(
                    "unknown namespace `{value}`: it is not first-party ({first_party}); a harness without a first-party namespace writes its own extension namespace, `{yours}`"
                )
            }
        }
    }
}

/// What is wrong with a `_` name as an extension namespace (`^_[a-z][a-z0-9_]{0,62}$`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Malformed {
    /// `_` alone.
    Empty,
    /// Longer than [`EXTENSION_MAX_LEN`] bytes.
    TooLong,
    /// `_Forge`, `_9x`, `__forge`: the name after the `_` starts with another character than
    /// a lowercase ASCII letter.
    Start,
    /// `_forge-x`, `_forgeX`: a character other than `a`-`z`, `0`-`9` and `_`.
    Character,
}

impl Malformed {
    /// What the rule is, for a message.
    pub const fn rule(self) -> &'static str {
        match self {
            Malformed::Empty => "an extension namespace names its harness after the `_`",
            Malformed::TooLong => "an extension namespace is at most 64 bytes, its `_` included",
            Malformed::Start => {
                "an extension namespace is `_` followed by a lowercase ASCII letter"
            }
            Malformed::Character => {
                "an extension namespace holds only lowercase ASCII letters, digits and `_` after its leading `_`"
            }
        }
    }
}

/// What `value` is as a namespace (DESIGN §2's rules table, row by row).
pub fn spelling(value: &str) -> Spelling {
    if let Some(i) = FIRST_PARTY.iter().position(|row| row.wire == value) {
        return Spelling::FirstParty(i);
    }
    if let Some(i) = alias_of(value) {
        return Spelling::Alias(i);
    }
    if value.starts_with('_') {
        return match extension(value) {
            Ok(()) => Spelling::Extension,
            Err(refusal) => Spelling::Refused(refusal),
        };
    }
    match near_miss(value) {
        Some(i) => Spelling::Refused(Refusal::NearMiss(i)),
        None => Spelling::Refused(Refusal::Bare),
    }
}

/// The first-party namespace `alias` is a read-side alias of.
pub const fn alias_of(alias: &str) -> Option<usize> {
    let mut i = 0;
    while i < FIRST_PARTY.len() {
        let aliases = FIRST_PARTY[i].aliases;
        let mut j = 0;
        while j < aliases.len() {
            if bytes_eq(aliases[j].as_bytes(), alias.as_bytes()) {
                return Some(i);
            }
            j += 1;
        }
        i += 1;
    }
    None
}

/// Checks a `_` name as an extension namespace: well-formed, and not spelled as a
/// first-party namespace or one of its snake_case aliases (`_codex`, `_open_code`). An alias
/// is not checked here: call [`spelling()`], or look it up first. `const`, so that a namespace
/// built in a `const` item is checked at compile time.
pub const fn extension(name: &str) -> Result<(), Refusal> {
    if let Err(malformed) = well_formed(name.as_bytes()) {
        return Err(Refusal::Malformed(malformed));
    }
    let rest = name.as_bytes().split_at(1).1;
    let mut i = 0;
    while i < FIRST_PARTY.len() {
        let row = &FIRST_PARTY[i];
        if bytes_eq(row.wire.as_bytes(), rest) {
            return Err(Refusal::Shadows(i));
        }
        let mut j = 0;
        while j < row.aliases.len() {
            if bytes_eq(row.aliases[j].as_bytes(), rest) {
                return Err(Refusal::Shadows(i));
            }
            j += 1;
        }
        i += 1;
    }
    Ok(())
}

/// The well-formed extensions spelled as a first-party namespace or one of its aliases
/// (`_codex`, `_open_code`), which [`extension`] refuses: the exceptions to
/// [`EXTENSION_PATTERN`] (an alias itself, the `_` form of a name made first-party, reads).
pub fn shadowing_extensions() -> Vec<String> {
    FIRST_PARTY
        .iter()
        .flat_map(|row| std::iter::once(&row.wire).chain(row.aliases))
        .map(|name| format!("_{name}"))
        .filter(|name| well_formed(name.as_bytes()).is_ok() && alias_of(name).is_none())
        .collect()
}

/// Whether `name` matches [`EXTENSION_PATTERN`].
const fn well_formed(name: &[u8]) -> Result<(), Malformed> {
    match name {
        [] | [b'_'] => return Err(Malformed::Empty),
        [b'_', b'a'..=b'z', ..] => {}
        _ => return Err(Malformed::Start),
    }
    if name.len() > EXTENSION_MAX_LEN {
        return Err(Malformed::TooLong);
    }
    let mut i = 2;
    while i < name.len() {
        if !matches!(name[i], b'a'..=b'z' | b'0'..=b'9' | b'_') {
            return Err(Malformed::Character);
        }
        i += 1;
    }
    Ok(())
}

/// The first-party namespace a bare `value` is a near miss of: a small edit away
/// (`grokbuild`), the same letters up to case and separators (`GROK-BUILD`), or the first
/// word of one (`grok`, `claude`).
fn near_miss(value: &str) -> Option<usize> {
    let wires = FIRST_PARTY.iter().map(|row| row.wire);
    if let Some(near) = spelling::closest(value, wires) {
        return FIRST_PARTY.iter().position(|row| row.wire == near);
    }
    let lower = value.to_ascii_lowercase();
    FIRST_PARTY.iter().position(|row| {
        row.wire
            .split_once('_')
            .is_some_and(|(first, _)| first == lower)
    })
}

/// The extension namespace a harness named `name` gets (DESIGN §7): lowercased, every run of
/// other characters than `a`-`z` and `0`-`9` made one `_`, trimmed of `_`, prefixed with
/// `_` and cut to 64 bytes (`qwen-code` -> `_qwen_code`, `Kimi Code CLI` ->
/// `_kimi_code_cli`); `None` for a name that would not start with a letter. The result may
/// spell a first-party namespace (`Goose` -> `_goose`): see [`extension`].
pub fn extension_for(name: &str) -> Option<String> {
    let mut extension = String::with_capacity(name.len().min(EXTENSION_MAX_LEN) + 1);
    extension.push('_');
    let mut separated = false;
    for c in name.chars() {
        let c = c.to_ascii_lowercase();
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            if separated && extension.len() > 1 {
                extension.push('_');
            }
            separated = false;
            extension.push(c);
        } else {
            separated = true;
        }
        if extension.len() >= EXTENSION_MAX_LEN {
            break;
        }
    }
    extension.truncate(EXTENSION_MAX_LEN);
    let extension = extension.trim_end_matches('_');
    well_formed(extension.as_bytes())
        .is_ok()
        .then(|| extension.to_owned())
}
