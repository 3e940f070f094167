//! Completing an ACP tool-call event from the declaration: ACP's own `name`, `kind` and
//! `locations`, filled where the harness left them unset.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use super::schema::v1::{ToolCallLocation, ToolKind as AcpToolKind};
use super::sealed::Sealed;
use crate::{TOOL_META_KEY, ToolKind, keys};

/// What the declaration says of a call, beside its envelope: the wire name, the kind and the
/// label (for a tagged tool, the variant the arguments select).
#[derive(Debug, Clone, Copy)]
pub(super) struct Declared<'a> {
    pub(super) name: &'a str,
    pub(super) kind: ToolKind,
    pub(super) label: &'a str,
}

/// Fills the event's ACP `name`, `kind` and `locations` from `declared` and from the input of
/// the envelope already stamped into its `_meta`, each only where the event has none.
pub(super) fn fill<E: Sealed + ?Sized>(event: &mut E, declared: Declared<'_>, cwd: Option<&Path>) {
    let name = event.acp_name_mut();
    if name.is_none() {
        *name = Some(declared.name.to_owned());
    }
    // ACP cannot tell an unset kind from `other`: `other` is overwritten, and never written.
    let kind = declared.kind.to_acp();
    if kind != AcpToolKind::Other && event.acp_kind().is_none_or(|set| set == AcpToolKind::Other) {
        event.set_acp_kind(kind);
    }
    if let Some(cwd) = cwd
        && event.lacks_locations()
        && let Some(location) = location(declared.label, stamped_input(event.meta()), cwd)
    {
        event.set_locations(vec![location]);
    }
}

/// The `input` of the envelope in `meta`, if it has one.
fn stamped_input(meta: Option<&Map<String, Value>>) -> Option<&Map<String, Value>> {
    meta?.get(TOOL_META_KEY)?.get("input")?.as_object()
}

/// The location a call's canonical `input` names: its `path` (else its `directory`, a
/// listing's target) made absolute against `cwd`, with the `offset` of a Read as its `line`
/// (for the other labels an `offset` counts entries or matches, not a line of the file).
fn location(
    label: &str,
    input: Option<&Map<String, Value>>,
    cwd: &Path,
) -> Option<ToolCallLocation> {
    let input = input?;
    let path = [keys::PATH, keys::DIRECTORY]
        .into_iter()
        .find_map(|key| input.get(key)?.as_str())?;
    let location = ToolCallLocation::new(resolve(cwd, path)?);
    let line = (label == ToolKind::Read.label())
        .then(|| input.get(keys::OFFSET)?.as_u64())
        .flatten()
        .and_then(|offset| u32::try_from(offset).ok());
    Some(match line {
        Some(line) => location.line(line),
        None => location,
    })
}

/// `path` made absolute against `cwd`, with its `.` components dropped (`.` is `cwd` itself);
/// `None` for an empty path, which names nothing, and when the result is not absolute (a
/// relative `cwd`): ACP wants absolute paths in `locations`. `..` is kept as given: resolving
/// it needs the file system (symbolic links), and the harness may not share it.
fn resolve(cwd: &Path, path: &str) -> Option<PathBuf> {
    if path.is_empty() {
        return None;
    }
    let joined = cwd.join(path);
    joined.is_absolute().then(|| joined.components().collect())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn input(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap()
    }

    #[test]
    fn a_relative_path_is_resolved_against_the_working_directory() {
        let cwd = Path::new("/work/repo");
        assert_eq!(
            resolve(cwd, "src/main.rs"),
            Some("/work/repo/src/main.rs".into())
        );
        assert_eq!(
            resolve(cwd, "./src/./main.rs"),
            Some("/work/repo/src/main.rs".into())
        );
        assert_eq!(resolve(cwd, "."), Some("/work/repo".into()));
        assert_eq!(resolve(cwd, "src/"), Some("/work/repo/src".into()));
        assert_eq!(resolve(cwd, "../other"), Some("/work/repo/../other".into()));
        // An absolute path stays as it is.
        assert_eq!(resolve(cwd, "/etc/hosts"), Some("/etc/hosts".into()));
    }

    #[test]
    fn no_location_is_made_that_is_not_absolute_or_names_nothing() {
        assert_eq!(resolve(Path::new("/work"), ""), None);
        assert_eq!(resolve(Path::new("repo"), "a.rs"), None);
        assert_eq!(resolve(Path::new(""), "a.rs"), None);
    }

    #[test]
    fn only_a_read_gives_its_offset_as_the_line() {
        let cwd = Path::new("/r");
        let read = location(
            "Read",
            Some(&input(json!({"path": "a.rs", "offset": 7}))),
            cwd,
        );
        assert_eq!(read, Some(ToolCallLocation::new("/r/a.rs").line(7)));
        let list = input(json!({"directory": "src", "offset": 7}));
        assert_eq!(
            location("List Files", Some(&list), cwd),
            Some(ToolCallLocation::new("/r/src"))
        );
        // An offset beyond ACP's `u32` line: the location without a line.
        let far = input(json!({"path": "a.rs", "offset": u64::from(u32::MAX) + 1}));
        assert_eq!(
            location("Read", Some(&far), cwd),
            Some(ToolCallLocation::new("/r/a.rs"))
        );
    }

    #[test]
    fn an_input_without_a_path_has_no_location() {
        let cwd = Path::new("/r");
        let run = input(json!({"command": "ls", "cwd": "/tmp"}));
        assert_eq!(location("Run Command", Some(&run), cwd), None);
        let search = input(json!({"pattern": "fn"}));
        assert_eq!(location("Search", Some(&search), cwd), None);
        assert_eq!(location("Read", None, cwd), None);
        // A path that is not a string (an extra key could be anything): none.
        let odd = input(json!({"path": 3}));
        assert_eq!(location("Tool", Some(&odd), cwd), None);
    }
}
