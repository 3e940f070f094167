//! Reading a tool name off evidence that is not meant as one: a call's first title
//! (OpenCode) and its `toolCallId` (Gemini CLI).

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
}
