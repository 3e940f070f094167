//! Conversions harnesses need to give the canonical values: an argv as one command line,
//! a 0-based start line as the contract's 1-based `offset`, and an inclusive last line as a
//! `limit`. Each works as a `#[tool(with = "...")]` function or inside one; the field types
//! [`Argv`] and [`CommandLine`] and the `#[tool(zero_based)]` and `#[tool(last_line)]`
//! attributes apply them on both paths, the typed projection and the raw one.
//!
//! [`Conversion`] is the closed list of the conversions a declaration can record, by the
//! names the catalog's data export gives them.
//!
//! ```
//! use toolmeta::convert::{command_line, line_count, one_based_offset};
//! assert_eq!(command_line(&["rg", "-n", "fn main", "src"]), "rg -n 'fn main' src");
//! assert_eq!(command_line(&["bash", "-lc", "cargo test && ls"]), "cargo test && ls");
//! assert_eq!(one_based_offset(0_usize), Some(1));
//! assert_eq!(one_based_offset(-1_i64), None);
//! assert_eq!(line_count(Some(10), 14_i64), Some(5));
//! ```

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};

/// An argv as one command line, as a shell would read it.
///
/// A shell wrapper `[sh|bash|zsh, -c|-lc, script]` is the script itself (what the model
/// wrote, as Codex shows it); any other argv is its words joined with spaces, each word the
/// shell would split or expand single-quoted ([`shell_quote`]). An empty argv gives `""`.
///
/// It is the `with` function of an argv projected as the required `command`:
///
/// ```
/// use toolmeta::ToolIdentity;
///
/// #[derive(serde::Deserialize, ToolIdentity)]
/// #[tool(name = "shell", namespace = "codex", kind = "execute")]
/// struct Shell {
///     #[tool(project, with = "toolmeta::convert::command_line")]
///     command: Vec<String>,
/// }
///
/// let shell = Shell { command: vec!["echo".into(), "it's".into()] };
/// assert_eq!(shell.tool_meta().input.unwrap()["command"], r"echo 'it'\''s'");
/// ```
pub fn command_line<S: AsRef<str>>(argv: &[S]) -> String {
    match argv {
        [shell, flag, script]
            if matches!(
                shell.as_ref().rsplit('/').next(),
                Some("sh" | "bash" | "zsh")
            ) && matches!(flag.as_ref(), "-c" | "-lc") =>
        {
            script.as_ref().to_owned()
        }
        words => {
            let mut line = String::new();
            for (i, word) in words.iter().enumerate() {
                if i > 0 {
                    line.push(' ');
                }
                line.push_str(&shell_quote(word.as_ref()));
            }
            line
        }
    }
}

/// `word` as one shell word: as it is when the shell would neither split nor expand it,
/// single-quoted otherwise (a `'` inside written `'\''`).
///
/// ```
/// use toolmeta::convert::shell_quote;
/// assert_eq!(shell_quote("src/main.rs"), "src/main.rs");
/// assert_eq!(shell_quote("fn main"), "'fn main'");
/// assert_eq!(shell_quote(""), "''");
/// ```
pub fn shell_quote(word: &str) -> Cow<'_, str> {
    let plain = !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./=:,+@%".contains(&b));
    if plain {
        Cow::Borrowed(word)
    } else {
        Cow::Owned(format!("'{}'", word.replace('\'', r"'\''")))
    }
}

/// A start line counted from 0 as the contract's 1-based `offset`: one more. A negative
/// value (counting from the end) has no 1-based equivalent and gives `None`, as does one
/// whose successor is beyond `u64`. What `#[tool(zero_based)]` applies.
///
/// ```
/// use toolmeta::convert::one_based_offset;
/// assert_eq!(one_based_offset(0_u32), Some(1));
/// assert_eq!(one_based_offset(41_i64), Some(42));
/// assert_eq!(one_based_offset(-3_i32), None);
/// assert_eq!(one_based_offset(u64::MAX), None);
/// ```
pub fn one_based_offset<T: TryInto<i128>>(zero_based: T) -> Option<u64> {
    let offset: i128 = zero_based.try_into().ok()?;
    if offset < 0 {
        return None;
    }
    u64::try_from(offset.checked_add(1)?).ok()
}

/// How many lines an inclusive range of lines holds: from `first` (1-based, already
/// normalized as an `offset` is; `None` is line 1) through `last` (1-based, inclusive).
/// `None` when `last` is negative or beyond `u64`, or the range is empty or inverted. What
/// `#[tool(last_line)]` applies to give `limit`.
///
/// ```
/// use toolmeta::convert::line_count;
/// assert_eq!(line_count(Some(10), 14_i64), Some(5));
/// assert_eq!(line_count(None, 3_u32), Some(3)); // from line 1
/// assert_eq!(line_count(Some(10), 9_i64), None); // inverted
/// assert_eq!(line_count(Some(1), -1_i64), None);
/// ```
pub fn line_count<T: TryInto<i128>>(first: Option<u64>, last: T) -> Option<u64> {
    let last = u64::try_from(last.try_into().ok()?).ok()?;
    let first = first.unwrap_or(1);
    last.checked_add(1)?
        .checked_sub(first)
        .filter(|lines| *lines > 0)
}

/// A command sent as an argv (`["bash", "-lc", "cargo test"]`), held as the one command
/// line it stands for ([`command_line`]).
///
/// As a field type it deserializes from a JSON array of strings only (an argv tool refuses
/// a string), and projects as `command` on both paths — the typed projection and the raw
/// one (`RawType::Argv`) — with no `with` function:
///
/// ```
/// use serde::Deserialize;
/// use serde_json::json;
/// use toolmeta::convert::Argv;
/// use toolmeta::{ToolEntry, ToolIdentity};
///
/// #[derive(Deserialize, ToolIdentity)]
/// #[tool(name = "shell", namespace = "codex", kind = "execute")]
/// struct Shell {
///     #[tool(project)]
///     command: Argv,
/// }
///
/// let raw = json!({"command": ["bash", "-lc", "cargo test"]});
/// let shell: Shell = serde_json::from_value(raw.clone()).unwrap();
/// assert_eq!(shell.command.as_str(), "cargo test");
/// assert_eq!(shell.tool_meta().input, Some(json!({"command": "cargo test"})));
/// assert_eq!(ToolEntry::of::<Shell>().project(&raw), Some(json!({"command": "cargo test"})));
/// assert!(serde_json::from_value::<Shell>(json!({"command": "ls"})).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Argv {
    line: String,
}

impl Argv {
    /// The command `argv` stands for.
    pub fn new<S: AsRef<str>>(argv: &[S]) -> Argv {
        Argv {
            line: command_line(argv),
        }
    }

    /// The command line.
    pub fn as_str(&self) -> &str {
        &self.line
    }
}

impl<'de> Deserialize<'de> for Argv {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Argv, D::Error> {
        let argv = Vec::<String>::deserialize(deserializer)?;
        Ok(Argv::new(&argv))
    }
}

/// A command sent either way: one command line, or an argv ([`Argv`]), held as one command
/// line. As a field type it deserializes from a JSON string (kept as it is) or an array of
/// strings ([`command_line`]), and projects as `command` on both paths (`RawType::CommandLine`).
///
/// ```
/// use toolmeta::convert::CommandLine;
/// let line: CommandLine = serde_json::from_str(r#""ls -la""#).unwrap();
/// let argv: CommandLine = serde_json::from_str(r#"["ls", "-la"]"#).unwrap();
/// assert_eq!((line.as_str(), argv.as_str()), ("ls -la", "ls -la"));
/// assert!(serde_json::from_str::<CommandLine>("5").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct CommandLine {
    line: String,
}

impl CommandLine {
    /// The command line.
    pub fn as_str(&self) -> &str {
        &self.line
    }
}

impl From<String> for CommandLine {
    fn from(line: String) -> CommandLine {
        CommandLine { line }
    }
}

impl From<Argv> for CommandLine {
    fn from(argv: Argv) -> CommandLine {
        CommandLine { line: argv.line }
    }
}

impl<'de> Deserialize<'de> for CommandLine {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CommandLine, D::Error> {
        struct LineOrArgv;

        impl<'de> Visitor<'de> for LineOrArgv {
            type Value = CommandLine;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a command line or an argv (an array of strings)")
            }

            fn visit_str<E: de::Error>(self, line: &str) -> Result<CommandLine, E> {
                Ok(CommandLine::from(line.to_owned()))
            }

            fn visit_string<E: de::Error>(self, line: String) -> Result<CommandLine, E> {
                Ok(CommandLine::from(line))
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CommandLine, A::Error> {
                let mut argv: Vec<String> = Vec::with_capacity(seq.size_hint().unwrap_or(0));
                while let Some(word) = seq.next_element()? {
                    argv.push(word);
                }
                Ok(Argv::new(&argv).into())
            }
        }

        deserializer.deserialize_any(LineOrArgv)
    }
}

/// The conversions a declaration records for a projected argument, by the names the
/// catalog's data export (`toolmeta catalog --json`, `docs/catalog.md`) gives them. Closed:
/// a reader in another language implements each from its description.
///
/// Every projection also applies the rules of its key (an `offset` is normalized, a
/// required key missing drops the input, ...); a conversion is what comes on top.
///
/// ```
/// use toolmeta::convert::Conversion;
/// assert_eq!(Conversion::ALL.len(), 3);
/// assert_eq!(Conversion::CommandLine.name(), "command_line");
/// assert_eq!(Conversion::from_name("zero_based"), Some(Conversion::ZeroBased));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Conversion {
    /// `zero_based`: the argument is a start line counted from 0; `offset` is one more
    /// (negative dropped). `#[tool(zero_based)]`; [`one_based_offset`].
    ZeroBased,
    /// `command_line`: a string is kept as it is; an array of strings (an argv) becomes one
    /// command line. [`Argv`], [`CommandLine`]; [`command_line`].
    CommandLine,
    /// `last_line`: the argument is the inclusive last line (1-based) of a range that
    /// starts at the tool's `offset` (line 1 when absent); `limit` is the number of lines.
    /// `#[tool(last_line)]`; [`line_count`].
    LastLine,
}

impl Conversion {
    /// Every conversion.
    pub const ALL: &'static [Conversion] = &[
        Conversion::ZeroBased,
        Conversion::CommandLine,
        Conversion::LastLine,
    ];

    /// Its name in the catalog's data export.
    pub const fn name(self) -> &'static str {
        match self {
            Conversion::ZeroBased => "zero_based",
            Conversion::CommandLine => "command_line",
            Conversion::LastLine => "last_line",
        }
    }

    /// The conversion named `name`.
    pub fn from_name(name: &str) -> Option<Conversion> {
        Conversion::ALL
            .iter()
            .copied()
            .find(|conversion| conversion.name() == name)
    }

    /// What a reader does, in one paragraph (the catalog's data export carries it).
    pub const fn description(self) -> &'static str {
        match self {
            Conversion::ZeroBased => {
                "The argument is a start line counted from 0. A non-negative integer n gives \
                 offset n + 1; a negative one gives no offset."
            }
            Conversion::CommandLine => {
                "A string is the command line as it is. An array of strings is an argv: \
                 exactly [sh|bash|zsh (or a path ending in /sh, /bash, /zsh), -c|-lc, script] is the \
                 script itself; any other array is its words joined by single spaces, each \
                 word that is empty or holds a character outside A-Z a-z 0-9 and -_./=:,+@% \
                 written between single quotes (a ' inside written '\\''). An empty array is \
                 the empty string."
            }
            Conversion::LastLine => {
                "The argument is the inclusive, 1-based last line of a range whose first \
                 line is the tool's offset after its own rules (line 1 when there is none). \
                 limit = last - first + 1, given only when the argument is a non-negative \
                 integer and the result is at least 1."
            }
        }
    }
}

impl fmt::Display for Conversion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn argv_becomes_a_command_line() {
        assert_eq!(command_line(&["/bin/zsh", "-c", "ls"]), "ls");
        assert_eq!(command_line(&["sh", "-lc", "a | b"]), "a | b");
        assert_eq!(command_line(&["echo", "it's", ""]), r"echo 'it'\''s' ''");
        assert_eq!(command_line(&["bash", "-x", "run.sh"]), "bash -x run.sh");
        assert_eq!(command_line(&["bash", "-c"]), "bash -c");
        assert_eq!(command_line(&["ls", "$HOME", "a*"]), "ls '$HOME' 'a*'");
        assert_eq!(command_line::<&str>(&[]), "");
        let owned = vec!["git".to_owned(), "status".to_owned()];
        assert_eq!(command_line(&owned), "git status");
    }

    #[test]
    fn zero_based_offsets_shift_by_one() {
        assert_eq!(one_based_offset(0_u8), Some(1));
        assert_eq!(one_based_offset(u64::MAX - 1), Some(u64::MAX));
        assert_eq!(one_based_offset(i128::MIN), None);
        assert_eq!(one_based_offset(u128::MAX), None);
    }
}
