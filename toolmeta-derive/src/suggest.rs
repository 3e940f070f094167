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

/// What real harnesses and ACP call the kinds: a tool's own name (`read_file`, `shell`) or
/// a verb for what it does. Checked before the spelling distance, which would take `shell`
/// for `skill`.
const KIND_SYNONYMS: &[(&str, &[&str])] = &[
    (
        "read",
        &[
            "read_file",
            "view",
            "cat",
            "open",
            "view_file",
            "open_file",
            "fs_read",
        ],
    ),
    (
        "edit",
        &[
            "edit_file",
            "str_replace",
            "replace",
            "patch",
            "modify",
            "apply_patch",
            "multi_edit",
            "fs_patch",
        ],
    ),
    (
        "write",
        &["write_file", "create_file", "create", "fs_write", "save"],
    ),
    (
        "delete",
        &[
            "delete_file",
            "remove",
            "remove_file",
            "rm",
            "unlink",
            "fs_remove",
        ],
    ),
    ("move", &["mv", "rename", "move_file", "rename_file"]),
    (
        "search",
        &[
            "grep",
            "find",
            "glob",
            "search_files",
            "find_files",
            "ripgrep",
            "rg",
            "fs_search",
        ],
    ),
    (
        "list_dir",
        &["ls", "list_files", "list_directory", "dir", "tree"],
    ),
    (
        "execute",
        &[
            "shell",
            "bash",
            "run",
            "exec",
            "terminal",
            "command",
            "run_command",
            "sh",
            "cmd",
        ],
    ),
    (
        "web_fetch",
        &[
            "browse",
            "http",
            "curl",
            "download",
            "fetch_url",
            "url_fetch",
        ],
    ),
    ("web_search", &["google", "search_web", "internet_search"]),
    (
        "plan",
        &["todo", "todos", "todo_write", "update_plan", "todowrite"],
    ),
    ("task", &["subagent", "agent", "delegate", "spawn_agent"]),
    (
        "ask_user",
        &["ask", "question", "ask_question", "followup", "follow_up"],
    ),
];

/// What a mistyped `kind = "..."` was probably meant as.
pub enum KindSuggestion {
    /// A kind: a synonym's, a near miss's.
    Kind(&'static str),
    /// An ACP kind name: the kinds ACP reports under it (the kind table's ACP column read
    /// backwards).
    Acp(Vec<&'static str>),
    /// Nothing close.
    None,
}

/// The kind `value` probably means: an ACP kind name's kinds (`fetch` -> `web_search`,
/// `web_fetch`), a synonym real harnesses use (`shell` -> `execute`), the same with a
/// `_file`/`_tool` suffix dropped (`delete_file` -> `delete`), or a near miss (`raed`).
pub fn kind_for(value: &str) -> KindSuggestion {
    let kinds = crate::contract::KINDS;
    let acp: Vec<&'static str> = kinds
        .iter()
        .filter(|kind| kind.acp == value)
        .map(|kind| kind.wire)
        .collect();
    if !acp.is_empty() {
        return KindSuggestion::Acp(acp);
    }
    let lower = value.to_lowercase();
    let stripped = ["_file", "_files", "_tool"]
        .iter()
        .find_map(|suffix| lower.strip_suffix(suffix))
        .unwrap_or(&lower);
    for word in [lower.as_str(), stripped] {
        if let Some(kind) = kinds.iter().find(|kind| kind.wire == word) {
            return KindSuggestion::Kind(kind.wire);
        }
        if let Some((kind, _)) = KIND_SYNONYMS
            .iter()
            .find(|(_, synonyms)| synonyms.contains(&word))
        {
            return KindSuggestion::Kind(kind);
        }
    }
    match closest(value, kinds.iter().map(|kind| kind.wire)) {
        Some(near) => KindSuggestion::Kind(near),
        None => KindSuggestion::None,
    }
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
    fn kinds_are_suggested_from_acp_names_synonyms_and_near_misses() {
        let kind = |value| match kind_for(value) {
            KindSuggestion::Kind(kind) => kind.to_owned(),
            KindSuggestion::Acp(kinds) => format!("acp: {}", kinds.join(" ")),
            KindSuggestion::None => "none".to_owned(),
        };
        assert_eq!(kind("fetch"), "acp: web_search web_fetch");
        assert_eq!(kind("think"), "acp: plan task goal_update");
        assert_eq!(kind("switch_mode"), "acp: enter_plan exit_plan");
        for shell in ["shell", "bash", "run", "Shell"] {
            assert_eq!(kind(shell), "execute", "{shell}");
        }
        assert_eq!(kind("write_file"), "write");
        assert_eq!(kind("delete_file"), "delete");
        assert_eq!(kind("read_file"), "read");
        assert_eq!(kind("list_files"), "list_dir");
        assert_eq!(kind("raed"), "read");
        assert_eq!(kind("Read"), "read");
        assert_eq!(kind("teleport"), "none");
    }

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
