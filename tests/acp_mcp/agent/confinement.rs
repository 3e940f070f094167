//! The `agent` example's file tools stay inside the session's working directory: a path
//! that resolves outside it (`..`, an absolute path, a symlink) is refused before any
//! permission is asked, the permission request shows the resolved path, a symlink swapped in
//! while the user decides redirects nothing, and a FIFO or a device cannot hang the agent.
#![cfg(unix)]

use std::fs;
use std::os::unix::fs::symlink;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::driver::{RawAgent, scratch, write_files};

/// Answers every permission request of `prompt` with "allow" until the turn ends, so that
/// a path the agent failed to refuse would be written; returns the requests.
fn allow_everything(agent: &mut RawAgent, prompt: u64) -> Vec<Value> {
    let mut requests = Vec::new();
    loop {
        let message = agent.wait_for("a permission request or the prompt's answer", |m| {
            m["method"] == "session/request_permission"
                || (m["id"] == prompt && m.get("method").is_none())
        });
        if message["method"] != "session/request_permission" {
            return requests;
        }
        agent.answer(
            &message,
            json!({"outcome": {"outcome": "selected", "optionId": "allow"}}),
        );
        requests.push(message);
    }
}

#[test]
fn paths_outside_the_working_directory_are_refused_before_any_permission_is_asked() {
    let base = scratch("confine-escape");
    let cwd = base.join("inner");
    write_files(
        &base,
        &[("secret.txt", "TOP-SECRET\n"), ("inner/kept.txt", "ok\n")],
    );
    symlink("..", cwd.join("up")).unwrap();
    symlink(base.join("secret.txt"), cwd.join("secret-link")).unwrap();
    let depth = cwd.components().count();
    let hostname_like = format!(
        "{}{}",
        "../".repeat(depth + 2),
        base.join("secret.txt").display()
    );
    let script = [
        "edit ../escaped-dotdot.txt  => written".to_owned(),
        format!(
            "edit {}  => written",
            base.join("escaped-abs.txt").display()
        ),
        "edit up/escaped-link.txt  => written".to_owned(),
        "edit secret-link TOP => OPEN".to_owned(),
        "read ../secret.txt".to_owned(),
        format!("read {hostname_like}"),
        "read secret-link".to_owned(),
        "read up/secret.txt".to_owned(),
        "ls ..".to_owned(),
        "grep TOP-SECRET ..".to_owned(),
        "grep TOP-SECRET up".to_owned(),
        "run pwd".to_owned(),
    ]
    .join("\n");

    let (mut agent, session) = RawAgent::with_session(&[], &cwd);
    let prompt = agent.prompt(&session, &script);
    let requests = allow_everything(&mut agent, prompt);
    assert_eq!(agent.stop_reason(prompt), "end_turn");

    assert!(requests.is_empty(), "asked to allow {requests:#?}");
    for escaped in ["escaped-dotdot.txt", "escaped-abs.txt", "escaped-link.txt"] {
        assert!(!base.join(escaped).exists(), "{escaped} was written");
    }
    assert_eq!(
        fs::read_to_string(base.join("secret.txt")).unwrap(),
        "TOP-SECRET\n"
    );
    let calls = agent.calls(&session);
    for number in 1..=11 {
        let call = &calls[&format!("call_{number}")];
        assert_eq!(call.status, "failed", "call_{number}: {call:?}");
        assert!(
            !call.output.contains("TOP-SECRET"),
            "call_{number}: {call:?}"
        );
        assert!(
            call.output
                .contains("outside the session's working directory"),
            "call_{number} says why: {call:?}"
        );
    }
    // A command still runs in the session's directory.
    assert_eq!(calls["call_12"].status, "completed");
    assert!(calls["call_12"].output.contains(&*cwd.to_string_lossy()));
    let _ = fs::remove_dir_all(&base);
}

#[test]
fn the_permission_request_shows_the_resolved_path() {
    let cwd = scratch("confine-resolved");
    write_files(&cwd, &[("kept.txt", "old\n"), ("real/f.txt", "old\n")]);
    fs::create_dir(cwd.join("sub")).unwrap();
    symlink("real", cwd.join("link")).unwrap();
    let (mut agent, session) = RawAgent::with_session(&[], &cwd);
    let prompt = agent.prompt(
        &session,
        &format!(
            "edit sub/../kept.txt old => new\nedit link/f.txt old => new\nedit {} new => newer\n\
             edit ./created.txt  => hello",
            cwd.join("kept.txt").display()
        ),
    );
    let requests = allow_everything(&mut agent, prompt);
    assert_eq!(agent.stop_reason(prompt), "end_turn");

    let shown: Vec<(Value, Value)> = requests
        .iter()
        .map(|request| {
            let call = &request["params"]["toolCall"];
            (
                call["content"][0]["path"].clone(),
                call["locations"][0]["path"].clone(),
            )
        })
        .collect();
    let path = |relative: &str| json!(cwd.join(relative));
    assert_eq!(
        shown,
        [
            (path("kept.txt"), path("kept.txt")),
            (path("real/f.txt"), path("real/f.txt")),
            (path("kept.txt"), path("kept.txt")),
            (path("created.txt"), path("created.txt")),
        ]
    );
    assert_eq!(
        fs::read_to_string(cwd.join("created.txt")).unwrap(),
        "hello"
    );
    assert_eq!(fs::read_to_string(cwd.join("kept.txt")).unwrap(), "newer\n");
    assert_eq!(fs::read_to_string(cwd.join("real/f.txt")).unwrap(), "new\n");
    let _ = fs::remove_dir_all(&cwd);
}

#[test]
fn a_symlink_swapped_in_while_the_user_decides_redirects_nothing() {
    let base = scratch("confine-swap");
    let cwd = base.join("inner");
    write_files(
        &base,
        &[
            ("elsewhere/f.txt", "old\n"),
            ("inner/sub/f.txt", "old\n"),
            ("inner/sub2/g.txt", "old\n"),
            ("inner/other/g.txt", "old\n"),
        ],
    );
    let (mut agent, session) = RawAgent::with_session(&[], &cwd);
    let prompt = agent.prompt(
        &session,
        "edit sub/f.txt old => new\nedit sub2/g.txt old => new\n",
    );

    // While the user looks at `sub/f.txt`, `sub` becomes a symlink out of the directory.
    let request = agent.next_permission_request();
    fs::rename(cwd.join("sub"), cwd.join("sub-moved")).unwrap();
    symlink(base.join("elsewhere"), cwd.join("sub")).unwrap();
    agent.answer(
        &request,
        json!({"outcome": {"outcome": "selected", "optionId": "allow"}}),
    );
    // While the user looks at `sub2/g.txt`, `sub2` becomes a symlink to another folder
    // inside the directory: still not the file the user allowed.
    let request = agent.next_permission_request();
    fs::rename(cwd.join("sub2"), cwd.join("sub2-moved")).unwrap();
    symlink("other", cwd.join("sub2")).unwrap();
    agent.answer(
        &request,
        json!({"outcome": {"outcome": "selected", "optionId": "allow"}}),
    );
    assert_eq!(agent.stop_reason(prompt), "end_turn");

    for untouched in ["elsewhere/f.txt", "inner/other/g.txt"] {
        assert_eq!(
            fs::read_to_string(base.join(untouched)).unwrap(),
            "old\n",
            "{untouched} was written through the swapped symlink"
        );
    }
    let calls = agent.calls(&session);
    assert_eq!(calls["call_1"].status, "failed", "{:?}", calls["call_1"]);
    assert_eq!(calls["call_2"].status, "failed", "{:?}", calls["call_2"]);
    let _ = fs::remove_dir_all(&base);
}

#[test]
fn a_fifo_or_a_device_hangs_neither_grep_nor_read() {
    let cwd = scratch("confine-fifo");
    write_files(&cwd, &[("notes.txt", "a needle here\n")]);
    let made = Command::new("mkfifo")
        .arg(cwd.join("pipe"))
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo");
    let (mut agent, session) = RawAgent::with_session(&[], &cwd);
    let started = Instant::now();
    let prompt = agent.prompt(
        &session,
        "grep needle\nread pipe\nread /dev/stdin\ngrep needle pipe\nls .\n",
    );
    assert_eq!(agent.stop_reason(prompt), "end_turn");
    assert!(started.elapsed() < Duration::from_secs(10));

    let calls = agent.calls(&session);
    assert_eq!(calls["call_1"].status, "completed");
    assert!(calls["call_1"].output.contains("notes.txt:1:a needle here"));
    for failed in ["call_2", "call_3", "call_4"] {
        assert_eq!(
            calls[failed].status, "failed",
            "{failed}: {:?}",
            calls[failed]
        );
    }
    assert!(calls["call_2"].output.contains("not a regular file"));
    assert_eq!(calls["call_5"].status, "completed");
    assert!(calls["call_5"].output.contains("pipe"));
    // The agent still serves.
    agent.new_session(&cwd);
    let _ = fs::remove_dir_all(&cwd);
}

#[test]
fn a_read_is_bounded_by_the_output_limit() {
    let cwd = scratch("confine-read-limit");
    let big = "0123456789abcdef\n".repeat(1024); // 17 KiB
    write_files(&cwd, &[("big.txt", &big)]);
    let (mut agent, session) = RawAgent::with_session(&["--max-output-bytes", "1024"], &cwd);
    let prompt = agent.prompt(&session, "read big.txt\nrun cat big.txt\n");
    assert_eq!(agent.stop_reason(prompt), "end_turn");
    let calls = agent.calls(&session);
    for call in ["call_1", "call_2"] {
        let output = &calls[call].output;
        assert_eq!(calls[call].status, "completed", "{call}");
        assert!(output.starts_with("0123456789abcdef\n"), "{call}: {output}");
        // The kept part, at most the limit, and one line that says what was left out.
        assert!(output.len() < 1024 + 100, "{call}: {} bytes", output.len());
        assert!(output.contains("17408 bytes"), "{call}: {output}");
    }
    let _ = fs::remove_dir_all(&cwd);
}
