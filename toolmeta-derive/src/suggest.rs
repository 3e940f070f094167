//! Did-you-mean: the closest valid spelling of a near miss, and what real harnesses call
//! each canonical key.

pub use crate::shared::spelling::closest;

/// Argument names real harnesses use that are a small edit away from a canonical key but are
/// not misspellings of it: plurals (`paths`), other words (`uri`, `cmd`). An `extra` key so
/// named is accepted.
const REAL_NAMES: &[&str] = &[
    "uri", "uris", "urls", "cmd", "cmds", "paths", "patterns", "queries", "commands", "limits",
    "offsets", "dirs", "cwds",
];

/// The canonical key `key` is a near miss of — a misspelling readers would miss — unless
/// `key` is a name real harnesses use (see [`REAL_NAMES`]).
pub fn near_miss_key(key: &str) -> Option<&'static str> {
    if REAL_NAMES.contains(&key) {
        return None;
    }
    closest(key, crate::contract::key_names())
}

/// What real harnesses call each canonical key, for the suggestion on a field whose name is
/// not canonical (`cmd` is a `command`, not a misspelled `cwd`).
const SYNONYMS: &[(&str, &[&str])] = &[
    (
        "path",
        &[
            "file",
            "file_path",
            "filepath",
            "filename",
            "file_name",
            "target_file",
            "target",
            "absolute_path",
            "relative_path",
        ],
    ),
    (
        "command",
        &["cmd", "script", "shell", "command_line", "cmdline"],
    ),
    (
        "cwd",
        &["workdir", "working_directory", "working_dir", "current_dir"],
    ),
    (
        "directory",
        &["dir", "dir_path", "dirpath", "folder", "root", "dir_name"],
    ),
    ("pattern", &["regex", "glob", "search", "needle"]),
    ("url", &["uri", "link", "href"]),
    ("query", &["q", "search_query", "search_term", "question"]),
    ("description", &["desc", "summary", "purpose"]),
    (
        "limit",
        &["max_results", "count", "max", "max_lines", "lines"],
    ),
    (
        "offset",
        &["start", "start_line", "line", "from", "first_line"],
    ),
];

/// The canonical key a field named `name` probably holds: a synonym real harnesses use,
/// else a near miss.
pub fn canonical_for(name: &str) -> Option<&'static str> {
    let lower = name.to_lowercase();
    SYNONYMS
        .iter()
        .find(|(_, synonyms)| synonyms.contains(&lower.as_str()))
        .map(|(key, _)| *key)
        .or_else(|| near_miss_key(name))
}

/// `a`, `b` or `c` — the valid set, backquoted, for a message.
pub fn one_of<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    let items: Vec<String> = items.into_iter().map(|item| format!("`{item}`")).collect();
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_valid_set_is_listed_with_or() {
        assert_eq!(one_of(["a", "b", "c"]), "`a`, `b` or `c`");
        assert_eq!(one_of(["a"]), "`a`");
    }

    #[test]
    fn real_argument_names_are_not_near_misses() {
        for name in [
            "uri",
            "paths",
            "cmd",
            "include_pattern",
            "dir_path",
            "file_path",
            "urls",
            "patterns",
        ] {
            assert_eq!(near_miss_key(name), None, "{name}");
        }
        for (typo, key) in [("pth", "path"), ("comand", "command"), ("qurey", "query")] {
            assert_eq!(near_miss_key(typo), Some(key), "{typo}");
        }
    }

    #[test]
    fn field_names_suggest_the_key_they_hold() {
        assert_eq!(canonical_for("cmd"), Some("command"));
        assert_eq!(canonical_for("file_path"), Some("path"));
        assert_eq!(canonical_for("dir_path"), Some("directory"));
        assert_eq!(canonical_for("workdir"), Some("cwd"));
        assert_eq!(canonical_for("pth"), Some("path"));
        assert_eq!(canonical_for("encoding"), None);
    }
}
