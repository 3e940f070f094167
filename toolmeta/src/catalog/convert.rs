//! Conversions (`#[tool(with = ...)]`) for catalog tools whose arguments do not carry a
//! canonical value as is.

/// An argv (Codex's `shell` `command`) as one command line.
///
/// A shell wrapper `[sh|bash|zsh, -c|-lc, script]` is the script itself, as Codex shows it;
/// any other argv is joined with spaces, each word that the shell would split or expand
/// single-quoted. An empty argv gives no command.
pub(crate) fn command_line(argv: &Vec<String>) -> Option<String> {
    match argv.as_slice() {
        [] => None,
        [shell, flag, script]
            if matches!(shell.rsplit('/').next(), Some("sh" | "bash" | "zsh"))
                && matches!(flag.as_str(), "-c" | "-lc") =>
        {
            Some(script.clone())
        }
        words => Some(
            words
                .iter()
                .map(|word| shell_quote(word))
                .collect::<Vec<_>>()
                .join(" "),
        ),
    }
}

fn shell_quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./=:,+@%".contains(&b));
    if plain {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn argv_becomes_a_command_line() {
        let argv = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        assert_eq!(
            command_line(&argv(&["bash", "-lc", "cargo test && ls"])).as_deref(),
            Some("cargo test && ls")
        );
        assert_eq!(
            command_line(&argv(&["/bin/zsh", "-c", "ls"])).as_deref(),
            Some("ls")
        );
        assert_eq!(
            command_line(&argv(&["rg", "-n", "fn main", "src"])).as_deref(),
            Some("rg -n 'fn main' src")
        );
        assert_eq!(
            command_line(&argv(&["echo", "it's", ""])).as_deref(),
            Some(r"echo 'it'\''s' ''")
        );
        assert_eq!(
            command_line(&argv(&["bash", "-x", "run.sh"])).as_deref(),
            Some("bash -x run.sh")
        );
        assert_eq!(command_line(&argv(&[])), None);
    }
}
