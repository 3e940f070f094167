//! Conversions harnesses need to give the canonical values: an argv as one command line,
//! and a 0-based start line as the contract's 1-based `offset`. Each works as a
//! `#[tool(with = "...")]` function or inside one.
//!
//! ```
//! use toolmeta::convert::{command_line, one_based_offset};
//! assert_eq!(command_line(&["rg", "-n", "fn main", "src"]), "rg -n 'fn main' src");
//! assert_eq!(command_line(&["bash", "-lc", "cargo test && ls"]), "cargo test && ls");
//! assert_eq!(one_based_offset(0_usize), Some(1));
//! assert_eq!(one_based_offset(-1_i64), None);
//! ```

use std::borrow::Cow;

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
