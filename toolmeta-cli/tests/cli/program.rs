//! The `toolmeta` binary as a process: help, exit codes, and closed pipes.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

const TOOLMETA: &str = env!("CARGO_BIN_EXE_toolmeta");
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data");

/// `n` finished tool calls, one line each.
fn calls(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                r#"{{"sessionUpdate":"tool_call","toolCallId":"c{i}","title":"read_{i}","kind":"read","status":"completed","rawInput":{{"path":"src/f{i}.rs"}}}}"#
            ) + "\n"
        })
        .collect()
}

#[test]
fn help_lists_every_subcommand_and_the_exit_codes() {
    let out = Command::new(TOOLMETA).arg("--help").output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    for subcommand in ["inspect", "live", "touched"] {
        assert!(help.contains(&format!("\n  {subcommand} ")), "{help}");
    }
    assert!(help.contains("Exit codes:"), "{help}");
    for subcommand in ["inspect", "live", "touched"] {
        let out = Command::new(TOOLMETA)
            .args([subcommand, "--help"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{subcommand}");
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(
            help.contains(&format!("Usage: toolmeta {subcommand}")),
            "{help}"
        );
    }
}

#[test]
fn a_missing_subcommand_is_a_usage_error() {
    let out = Command::new(TOOLMETA).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Usage: toolmeta <COMMAND>"));
}

/// Runs `toolmeta ARGS` with `input` on stdin and closes its stdout after reading `keep`
/// bytes; returns its exit code and stderr.
fn closed_early(args: &[&str], input: String, keep: usize) -> (Option<i32>, String) {
    let mut child = Command::new(TOOLMETA)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // The program may stop reading once its output is closed.
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut head = vec![0; keep];
    stdout.read_exact(&mut head).unwrap();
    drop(stdout);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    writer.join().unwrap();
    (status.code(), stderr)
}

#[test]
fn every_program_exits_cleanly_when_its_reader_goes_away() {
    // Far more output than a pipe buffers (64 KiB), so a write meets the closed pipe.
    for args in [
        &["inspect", "--json", "-"][..],
        &["live"][..],
        &["live", "-"][..],
        &["touched", "-"][..],
        &["touched", "--json", "-"][..],
    ] {
        let (code, stderr) = closed_early(args, calls(5_000), 10);
        assert_eq!((code, stderr.as_str()), (Some(0), ""), "{args:?}");
    }
}

#[test]
fn touched_exits_3_and_says_why_when_its_report_may_be_incomplete() {
    let mut log = calls(2);
    log.push_str("{not json\n");
    let mut child = Command::new(TOOLMETA)
        .args(["touched", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(log.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "verb    path, or command run\nread    src/f0.rs\nread    src/f1.rs\n\nread    a path read\n"
    );
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "touched: the report may be incomplete: 1 line skipped (not JSON 1, too long 0, tool-call update without toolCallId 0)\n"
    );
}

#[test]
fn touched_json_is_one_object_per_path_and_a_complete_log_exits_0() {
    let out = Command::new(TOOLMETA)
        .args(["touched", "--json"])
        .arg(format!("{DATA}/real/claude_code/session.jsonl"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(!stdout.is_empty());
    let keys = [
        "action",
        "what",
        "directory",
        "from_title",
        "outcome",
        "by_subagent",
        "conflicts",
    ];
    for line in stdout.lines() {
        // Key order is part of the output: checked on the text, whatever serde_json's `Map`.
        let mut at = 0;
        for key in keys {
            at += line[at..]
                .find(&format!("\"{key}\":"))
                .unwrap_or_else(|| panic!("{key} in {line}"));
        }
        let touch: serde_json::Map<String, serde_json::Value> = serde_json::from_str(line).unwrap();
        assert_eq!(touch.len(), keys.len(), "{line}");
    }
}
