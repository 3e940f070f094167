//! `toolmeta touched`'s text report read without the docs (issue 39): a heading, one line
//! per verb and path, a directory told apart from a file in it, a command's working
//! directory said as such, and a legend of the verbs it used.

use serde_json::{Value, json};

/// `toolmeta touched ARGS… -` over `input`: the exit code and standard output.
fn touched(input: &str) -> (u8, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = toolmeta_cli::run_args(
        ["toolmeta", "touched", "-"],
        &mut input.as_bytes(),
        &mut out,
        &mut err,
    );
    assert_eq!(String::from_utf8(err).unwrap(), "");
    (code, String::from_utf8(out).unwrap())
}

fn recording(harness: &str) -> String {
    let path = format!(
        "{}/../tests/data/real/{harness}/interleaved.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn update(update: Value) -> String {
    json!({"jsonrpc": "2.0", "method": "session/update",
           "params": {"sessionId": "s1", "update": update}})
    .to_string()
}

/// A finished call of `_acme`'s tool `name`, with this envelope input and status.
fn call(id: &str, name: &str, kind: &str, label: &str, input: Value, status: &str) -> String {
    update(json!({
        "sessionUpdate": "tool_call", "toolCallId": id, "title": name, "status": status,
        "_meta": {"x.ai/tool": {"version": 1, "name": name, "kind": kind, "namespace": "_acme",
                                "label": label, "read_only": kind == "read", "input": input}}
    }))
}

/// OpenCode's recorded session: its bash calls are located at their working directory, and
/// its read of `/etc/hostname` (outside the project) at the file and at `/etc`.
#[test]
fn opencode_session_reads_with_a_heading_directories_and_working_directories() {
    let (code, out) = touched(&recording("opencode"));
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "verb    path, or command run");
    // The working directory is on the command's line, not a `touch` of its own.
    assert!(
        lines.contains(&"run     exit 3  in /home/dev/work/opencode/"),
        "{out}"
    );
    assert!(!out.contains("touch "), "{out}");
    // The file and the directory it is in, told apart.
    let hostname = lines.iter().position(|l| *l == "read    /etc/hostname");
    let etc = lines.iter().position(|l| *l == "read    /etc/");
    assert!(hostname.is_some() && etc.is_some(), "{out}");
    // A read of `src` and a search in it are two verbs, two lines.
    assert!(
        lines.contains(&"read    /home/dev/work/opencode/src"),
        "{out}"
    );
    assert!(
        lines.contains(&"search  /home/dev/work/opencode/src"),
        "{out}"
    );
    // The legend names each verb used, after a blank line.
    let legend = lines.iter().position(|l| l.is_empty()).unwrap();
    let verbs: Vec<&str> = lines[legend + 1..]
        .iter()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(
        verbs,
        ["read", "search", "edit", "write", "run", "a"],
        "{out}"
    );
    assert_eq!(lines.last(), Some(&"a path ending in / is a directory"));
}

#[test]
fn calls_that_did_the_same_to_a_path_share_a_line_that_counts_them() {
    let input = [
        call(
            "c1",
            "read",
            "read",
            "Read",
            json!({"path": "/w/a.rs"}),
            "completed",
        ),
        call(
            "c2",
            "edit",
            "edit",
            "Edit",
            json!({"path": "/w/a.rs"}),
            "failed",
        ),
        call(
            "c3",
            "read",
            "read",
            "Read",
            json!({"path": "/w/a.rs"}),
            "failed",
        ),
        call(
            "c4",
            "read",
            "read",
            "Read",
            json!({"path": "/w/a.rs"}),
            "completed",
        ),
        call(
            "c5",
            "ls",
            "list_dir",
            "List Files",
            json!({"directory": "/w"}),
            "completed",
        ),
        call(
            "c6",
            "sh",
            "execute",
            "Run Command",
            json!({"command": "make", "cwd": "/w"}),
            "completed",
        ),
        call(
            "c7",
            "sh",
            "execute",
            "Run Command",
            json!({"command": "make", "cwd": "/w/sub"}),
            "completed",
        ),
    ]
    .join("\n");
    let (code, out) = touched(&input);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "\
verb    path, or command run
read    /w/a.rs  (3 calls, 1 failed)
edit    /w/a.rs  (failed)
list    /w/
run     make  in /w/
run     make  in /w/sub/

read    a path read
list    a directory listed
edit    a path changed: edited, deleted or moved
run     a command run (`in`: the working directory it gave)
a path ending in / is a directory
"
    );
}

#[test]
fn an_empty_report_says_so() {
    let (code, out) = touched("");
    assert_eq!(
        (code, out.as_str()),
        (0, "no path read or changed, no command run\n")
    );
}
