//! Did-you-mean: the closest valid spelling of a near miss.

/// The edit distance between `a` and `b` counting insertions, deletions, substitutions
/// and transpositions of adjacent characters (optimal string alignment), case-insensitive.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().flat_map(char::to_lowercase).collect();
    let b: Vec<char> = b.chars().flat_map(char::to_lowercase).collect();
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

/// Whether `candidate` is close enough to `word` to be what was meant: one edit for short
/// words, two for longer ones, or the same letters up to case, `_` and `-`.
pub fn is_near_miss(word: &str, candidate: &str) -> bool {
    let squash = |s: &str| -> String {
        s.chars()
            .filter(|c| *c != '_' && *c != '-' && *c != ' ')
            .flat_map(char::to_lowercase)
            .collect()
    };
    if squash(word) == squash(candidate) {
        return true;
    }
    let allowed = if candidate.chars().count() <= 4 { 1 } else { 2 };
    distance(word, candidate) <= allowed
}

/// The closest near miss of `word` among `candidates`, if any.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .filter(|candidate| *candidate != word && is_near_miss(word, candidate))
        .min_by_key(|candidate| distance(word, candidate))
}

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
    fn distances() {
        assert_eq!(distance("raed", "read"), 1);
        assert_eq!(distance("paht", "path"), 1);
        assert_eq!(distance("grokbuild", "grok_build"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
    }

    #[test]
    fn near_misses() {
        assert_eq!(closest("raed", ["read", "edit", "write"]), Some("read"));
        assert_eq!(
            closest("GrokBuild", ["grok_build", "codex"]),
            Some("grok_build")
        );
        assert_eq!(closest("zzz", ["read", "edit"]), None);
        assert!(!is_near_miss("encoding", "path"));
        assert_eq!(one_of(["a", "b", "c"]), "`a`, `b` or `c`");
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
