//! `toolmeta touched` over the real recordings: every path read, edited or written and
//! every command run that the traffic carries, call by call, with how the call ended.
//!
//! The expected lists were written by reading each recording (`tests/data/real/<harness>/`),
//! not from the report's output: for each tool call, the paths in its `rawInput`
//! (`file_path`, `filePath`, `notebook_path`, codex-acp's `changes`), its `locations` and its
//! diffs, the command in its `rawInput`, and — where the traffic carries nothing else, as
//! Gemini CLI's shell commands — its title; the outcome from its last status and, in the
//! recordings of both directions, the client's answer to its permission request.

use std::time::{Duration, UNIX_EPOCH};

use serde_json::Value;
use toolmeta::client::Ledger;
use toolmeta_cli::touched::{Action, Touch, report};

fn corpus(harness: &str, file: &str) -> String {
    let path = format!(
        "{}/../tests/data/real/{harness}/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The agent's stdout only: no answers to permission requests.
fn session(harness: &str) -> Ledger {
    let mut ledger = Ledger::new();
    ledger
        .read_lines(corpus(harness, "session.jsonl").as_bytes())
        .unwrap();
    ledger
}

/// Both directions, each message fed at the time it was recorded.
fn interleaved(harness: &str) -> Ledger {
    let mut ledger = Ledger::new();
    for line in corpus(harness, "interleaved.jsonl").lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        let at = UNIX_EPOCH + Duration::from_millis(record["t"].as_u64().unwrap());
        ledger.feed_at(&record["msg"], at);
    }
    ledger
}

/// `(action, path or command, notes)`: notes are the outcome when not `completed`,
/// `title` when the traffic carries it only as the title, `subagent` for a subagent's call.
type Row = (Action, &'static str, &'static str);

fn rows(touches: &[Touch]) -> Vec<(Action, String, String)> {
    touches
        .iter()
        .map(|touch| {
            let mut notes = Vec::new();
            notes.extend((touch.outcome != "completed").then_some(touch.outcome));
            notes.extend(touch.from_title.then_some("title"));
            notes.extend(touch.by_subagent.then_some("subagent"));
            (touch.action, touch.what.clone(), notes.join(" "))
        })
        .collect()
}

fn check(harness: &str, expected: &[Row]) {
    let expected: Vec<(Action, String, String)> = expected
        .iter()
        .map(|(action, what, notes)| (*action, what.to_string(), notes.to_string()))
        .collect();
    let both = rows(&report(&interleaved(harness)));
    assert_eq!(both, expected, "{harness}: interleaved.jsonl");
    // The agent's stdout alone has the same paths and commands; without the client's
    // answers a rejected call is only as finished as its last status says.
    let stdout = rows(&report(&session(harness)));
    let without_answers: Vec<(Action, String)> =
        stdout.iter().map(|(a, w, _)| (*a, w.clone())).collect();
    let expected_touches: Vec<(Action, String)> =
        expected.iter().map(|(a, w, _)| (*a, w.clone())).collect();
    assert_eq!(
        without_answers, expected_touches,
        "{harness}: session.jsonl"
    );
}

#[test]
fn claude_code() {
    use Action::*;
    check(
        "claude_code",
        &[
            (Read, "/home/dev/work/claude/README.md", ""),
            (Read, "/home/dev/work/claude/notes.txt", ""),
            (Run, "ls -la src", ""),
            (Run, "grep -rn TODO --include='*.py' .", ""),
            (Run, "find . -name '*.md' -not -path './.git/*'", ""),
            (Read, "/home/dev/work/claude/docs/logo.png", ""),
            // The Explore subagent's read, linked by `_meta.claudeCode.parentToolUseId`.
            (Read, "/home/dev/work/claude/docs/design.md", "subagent"),
            (Edit, "/home/dev/work/claude/src/utils.py", ""),
            (Write, "/home/dev/work/claude/src/storage.py", ""),
            // `old_string` not found: `failed`.
            (Edit, "/home/dev/work/claude/src/main.py", "failed"),
            (Edit, "/home/dev/work/claude/README.md", ""),
            (
                Run,
                "python3 -c \"from src.utils import parse_qty; print(parse_qty('4'))\"",
                "",
            ),
            (Run, "exit 3", "failed"),
            (Read, "/etc/hostname", ""),
            (Read, "/home/dev/work/claude/src/missing.py", "failed"),
            (Read, "/home/dev/work/claude/docs/demo.ipynb", ""),
            // NotebookEdit: its `notebook_path`.
            (Edit, "/home/dev/work/claude/docs/demo.ipynb", ""),
            // The client picked `reject` (kind reject_once); the agent then sent `failed`.
            (Run, "rm -rf build  # sa-reject", "rejected"),
            // Its permission request locates the directory it would remove.
            (Touch, "/home/dev/work/claude/build", "rejected"),
        ],
    );
    // The subagent's read names the Agent call that made it.
    let ledger = interleaved("claude_code");
    let read = ledger.get("toolu_cc35d61db39f4ae1bd01af2a").unwrap();
    assert_eq!(
        read.parent_tool_call_id(),
        Some("toolu_365ee6af3a424aa7be501b83")
    );
    assert_eq!(
        ledger.get("toolu_365ee6af3a424aa7be501b83").unwrap().name(),
        Some("Agent")
    );
}

#[test]
fn codex_acp() {
    use Action::*;
    check(
        "codex",
        &[
            // Every exec is a command (argv `/bin/bash -lc X` read as X) run in the `cwd` of
            // its rawInput; codex-acp's own reading of it as a read or a search (ACP kind)
            // names the path in `locations`.
            (Run, "cat README.md", ""),
            (Cwd, "/home/dev/work/codex", ""),
            (Read, "/home/dev/work/codex/README.md", ""),
            (Run, "sed -n '10,14p' notes.txt", ""),
            (Cwd, "/home/dev/work/codex", ""),
            (Read, "/home/dev/work/codex/notes.txt", ""),
            (Run, "ls -la src", ""),
            (Cwd, "/home/dev/work/codex", ""),
            (Search, "/home/dev/work/codex/src", ""),
            (Run, "rg --files -g '*.py'", ""),
            (Cwd, "/home/dev/work/codex", ""),
            (Run, "rg -n TODO", ""),
            (Cwd, "/home/dev/work/codex", ""),
            (
                Run,
                "python3 -c \"import sys; print(sys.version.split()[0])\"",
                "",
            ),
            (Cwd, "/home/dev/work/codex", ""),
            (Run, "curl -s http://127.0.0.1:8766/page | head -5", ""),
            (Cwd, "/home/dev/work/codex", ""),
            // view_image: a location only.
            (Read, "/home/dev/work/codex/docs/logo.png", ""),
            // apply_patch: `changes` adds storage.py (a diff without old text) and updates
            // utils.py; then updates notes.txt and README.md.
            (Write, "/home/dev/work/codex/src/storage.py", ""),
            (Edit, "/home/dev/work/codex/src/utils.py", ""),
            (Edit, "/home/dev/work/codex/notes.txt", ""),
            (Edit, "/home/dev/work/codex/README.md", ""),
            (
                Run,
                "python3 -c \"from src.utils import parse_qty; print(parse_qty('4'))\"",
                "",
            ),
            (Cwd, "/home/dev/work/codex", ""),
            (Run, "cat src/missing.py", "failed"),
            (Cwd, "/home/dev/work/codex", "failed"),
            (Read, "/home/dev/work/codex/src/missing.py", "failed"),
            (Run, "python3 -i -q", ""),
            (Cwd, "/home/dev/work/codex", ""),
            // Announced only by its permission request; the client picked `abort`.
            (Run, "rm -rf build  # sa-reject", "rejected"),
            (Cwd, "/home/dev/work/codex", "rejected"),
        ],
    );
}

#[test]
fn gemini_cli() {
    use Action::*;
    check(
        "gemini_cli",
        &[
            // No rawInput at all: paths from `locations`, commands only in titles.
            (Read, "/home/dev/work/gemini/README.md", ""),
            (Read, "/home/dev/work/gemini/notes.txt", ""),
            // list_directory: no location; its title is the directory.
            (List, "src", "title"),
            (Run, "ls -la && python3 --version", "title"),
            (
                Run,
                "for i in 1 2 3; do echo tick $i; sleep 1; done",
                "title",
            ),
            (Edit, "/home/dev/work/gemini/src/utils.py", ""),
            // A new file: the write failed (see the capture notes).
            (Write, "/home/dev/work/gemini/src/storage.py", "failed"),
            (Write, "/home/dev/work/gemini/src/config.json", ""),
            (Edit, "/home/dev/work/gemini/src/main.py", "failed"),
            (Edit, "/home/dev/work/gemini/README.md", ""),
            (
                Run,
                "python3 -c \"from src.utils import parse_qty; print(parse_qty('4'))\"",
                "title",
            ),
            (Run, "exit 3", "title"),
            (Read, "/home/dev/work/gemini/src/missing.py", "failed"),
            // A read_file whose every update is empty: nothing says what it read.
            (Read, "(none)", "failed title"),
            // Gemini CLI sends nothing after a refusal: only the client's answer (`cancel`,
            // kind reject_once) says the call will not run.
            (Run, "rm -rf build  # sa-reject", "rejected title"),
            (
                Write,
                "/home/dev/gemini/.gemini/tmp/gemini/8f7df755-a693-4a2c-b597-ad9b5884a795/plans/remove-command.md",
                "",
            ),
        ],
    );
    // From the agent's stdout alone, the refused call never finishes.
    let stdout = report(&session("gemini_cli"));
    let refused = stdout
        .iter()
        .find(|touch| touch.what.starts_with("rm -rf"))
        .unwrap();
    assert_eq!(refused.outcome, "unfinished");
}

#[test]
fn opencode() {
    use Action::*;
    check(
        "opencode",
        &[
            (Read, "/home/dev/work/opencode/README.md", ""),
            (Read, "/home/dev/work/opencode/notes.txt", ""),
            (Read, "/home/dev/work/opencode/src", ""),
            // grep in src and glob in docs: each search's path, also its location.
            (Search, "/home/dev/work/opencode/src", ""),
            (Search, "/home/dev/work/opencode/docs", ""),
            (Run, "ls -la && python3 --version", ""),
            (Cwd, "/home/dev/work/opencode", ""),
            (Edit, "/home/dev/work/opencode/src/utils.py", ""),
            (Write, "/home/dev/work/opencode/src/storage.py", ""),
            (Edit, "/home/dev/work/opencode/src/main.py", "failed"),
            (Edit, "/home/dev/work/opencode/README.md", ""),
            (
                Run,
                "python3 -c \"from src.utils import parse_qty; print(parse_qty('4'))\"",
                "",
            ),
            (Cwd, "/home/dev/work/opencode", ""),
            (Run, "exit 3", ""),
            (Cwd, "/home/dev/work/opencode", ""),
            (Read, "/etc/hostname", ""),
            (Read, "/etc", ""),
            (Read, "/home/dev/work/opencode/src/missing.py", "failed"),
            (Run, "rm -rf build  # sa-reject", "rejected"),
            // Every location counts, whatever the label: each bash call is located at the
            // working directory its rawInput gives (`cwd`), and the outside read's permission
            // request at `/etc`.
            (Cwd, "/home/dev/work/opencode", "rejected"),
        ],
    );
}

#[test]
fn grok_build_reference_session() {
    use Action::*;
    let rows = rows(&report(&session("grok_build")));
    let expected: Vec<(Action, String, String)> = [
        // grep's path: the directory it searched.
        (Search, "src"),
        (Read, "src/config.rs"),
        // The envelope's input names the path as the model gave it; the diff, absolute.
        (Edit, "src/config.rs"),
        (Edit, "/home/dev/proj/src/config.rs"),
        (Run, "cargo test -p config"),
    ]
    .into_iter()
    .map(|(action, what)| (action, what.to_owned(), String::new()))
    .collect();
    assert_eq!(rows, expected);
}
