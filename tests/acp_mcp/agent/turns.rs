//! The `agent` example's turns against a client that cancels, leaves, or runs several
//! sessions at once: a cancelled turn stops before its next call and answers `cancelled`, a
//! new prompt does not bring it back, a client that closes stdin stops every turn, and a
//! long call holds up neither other sessions nor a cancel.

use std::fs;
use std::time::{Duration, Instant};

use serde_json::json;

use super::driver::{RawAgent, scratch};

#[test]
fn cancel_stops_the_turn_before_its_next_call_and_answers_cancelled() {
    let cwd = scratch("cancel-turn");
    let (mut agent, session) = RawAgent::with_session(&[], &cwd);
    let started = Instant::now();
    let prompt = agent.prompt(&session, "run sleep 3\nrun touch step2\nrun touch step3\n");
    agent.wait_running(&session, "call_1");
    agent.cancel(&session);

    assert_eq!(agent.stop_reason(prompt), "cancelled");
    // The running command is stopped too: the answer does not wait out `sleep 3`.
    assert!(
        started.elapsed() < Duration::from_millis(2500),
        "the cancelled turn answered after {:?}",
        started.elapsed()
    );
    // Past the point where the sleep would have ended, the later commands have not run.
    std::thread::sleep(Duration::from_secs(3).saturating_sub(started.elapsed()) * 2);
    assert!(!cwd.join("step2").exists() && !cwd.join("step3").exists());
    let calls = agent.calls(&session);
    assert_eq!(calls.len(), 1, "only the first call started: {calls:?}");
    assert_eq!(calls["call_1"].status, "failed");
    let _ = fs::remove_dir_all(&cwd);
}

#[test]
fn a_new_prompt_after_cancel_does_not_resurrect_the_cancelled_turn() {
    let cwd = scratch("cancel-resurrect");
    let (mut agent, session) = RawAgent::with_session(&[], &cwd);
    let started = Instant::now();
    let first = agent.prompt(&session, "run sleep 2\nrun touch resurrected\n");
    agent.wait_running(&session, "call_1");
    agent.cancel(&session);
    let second = agent.prompt(&session, "run touch second\n");

    assert_eq!(agent.stop_reason(first), "cancelled");
    assert_eq!(agent.stop_reason(second), "end_turn");
    assert!(cwd.join("second").exists());
    std::thread::sleep(Duration::from_secs(2).saturating_sub(started.elapsed()) * 2);
    assert!(
        !cwd.join("resurrected").exists(),
        "the cancelled turn ran on after the new prompt"
    );
    let _ = fs::remove_dir_all(&cwd);
}

#[test]
fn a_client_that_closes_stdin_mid_turn_stops_the_turn() {
    let cwd = scratch("client-gone");
    let (mut agent, session) = RawAgent::with_session(&[], &cwd);
    let started = Instant::now();
    agent.prompt(
        &session,
        "run sleep 5\nrun touch after1\nrun touch after2\n",
    );
    agent.wait_running(&session, "call_1");
    agent.close_stdin();

    // The running command is killed, not waited out.
    let status = agent.wait_exit(Duration::from_secs(3));
    assert!(status.is_some(), "the agent outlived its client");
    std::thread::sleep(Duration::from_secs(6).saturating_sub(started.elapsed()));
    assert!(
        !cwd.join("after1").exists() && !cwd.join("after2").exists(),
        "commands ran after the client left"
    );
    let _ = fs::remove_dir_all(&cwd);
}

#[test]
fn a_client_that_leaves_while_asked_for_permission_stops_the_turn() {
    let cwd = scratch("client-gone-permission");
    fs::write(cwd.join("kept.txt"), "old\n").unwrap();
    let (mut agent, session) = RawAgent::with_session(&[], &cwd);
    agent.prompt(&session, "edit kept.txt old => new\nrun touch after\n");
    agent.next_permission_request();
    agent.close_stdin();

    assert!(agent.wait_exit(Duration::from_secs(10)).is_some());
    // A permission request that failed because the client left is no "not allowed, go
    // on": nothing after it runs.
    assert!(!cwd.join("after").exists());
    assert_eq!(fs::read_to_string(cwd.join("kept.txt")).unwrap(), "old\n");
    let _ = fs::remove_dir_all(&cwd);
}

#[test]
fn a_long_call_holds_up_neither_another_session_nor_a_cancel() {
    let (busy, idle) = (scratch("concurrent-busy"), scratch("concurrent-idle"));
    fs::write(idle.join("here.txt"), "x").unwrap();
    let (mut agent, slow) = RawAgent::with_session(&[], &busy);
    let slow_prompt = agent.prompt(&slow, "run sleep 5\n");
    // Not `wait_running`: an agent whose call blocks its connection sends nothing until the
    // call ends, so the test gives the command time to start instead.
    std::thread::sleep(Duration::from_millis(500));

    // Another session is created and runs a whole turn while `sleep 5` runs.
    let asked = Instant::now();
    let quick = agent.new_session(&idle);
    let quick_prompt = agent.prompt(&quick, "ls .\n");
    assert_eq!(agent.stop_reason(quick_prompt), "end_turn");
    assert!(
        asked.elapsed() < Duration::from_millis(2500),
        "the other session waited {:?} behind `sleep 5`",
        asked.elapsed()
    );
    assert!(agent.calls(&quick)["call_1"].output.contains("here.txt"));
    // The slow call was running all along: in progress before the quick answer, and its
    // turn not answered yet.
    let running = agent.received.iter().position(|message| {
        message["params"]["sessionId"] == slow.as_str()
            && message["params"]["update"]["status"] == "in_progress"
    });
    let answered = agent
        .received
        .iter()
        .position(|message| message["id"] == quick_prompt);
    assert!(
        matches!((running, answered), (Some(running), Some(answered)) if running < answered),
        "{}",
        agent.transcript()
    );
    assert!(agent.try_response(slow_prompt, Duration::ZERO).is_none());

    // And the slow turn is still cancellable at once.
    let cancelled = Instant::now();
    agent.cancel(&slow);
    assert_eq!(agent.stop_reason(slow_prompt), "cancelled");
    assert!(cancelled.elapsed() < Duration::from_millis(2500));
    let _ = (fs::remove_dir_all(&busy), fs::remove_dir_all(&idle));
}

#[test]
fn a_request_cancellation_of_the_prompt_stops_its_turn() {
    // `$/cancel_request` on the `session/prompt` request is the JSON-RPC way to stop it;
    // for a v1 prompt the method defines its cancelled answer: `stopReason: cancelled`.
    let cwd = scratch("cancel-request");
    let (mut agent, session) = RawAgent::with_session(&[], &cwd);
    let prompt = agent.prompt(&session, "run sleep 3\nrun touch later\n");
    agent.wait_running(&session, "call_1");
    agent.notify("$/cancel_request", json!({"requestId": prompt}));
    assert_eq!(agent.stop_reason(prompt), "cancelled");
    std::thread::sleep(Duration::from_secs(4));
    assert!(!cwd.join("later").exists());
    let _ = fs::remove_dir_all(&cwd);
}

#[test]
fn a_second_prompt_while_a_turn_runs_is_refused_and_the_running_turn_goes_on() {
    // ACP has a client wait for a prompt's answer (or cancel it) before the next prompt.
    let cwd = scratch("second-prompt");
    let (mut agent, session) = RawAgent::with_session(&[], &cwd);
    let first = agent.prompt(&session, "run sleep 1\nrun touch first\n");
    agent.wait_running(&session, "call_1");
    let second = agent.prompt(&session, "run touch second\n");
    let refused = agent.response(second);
    assert_eq!(refused["error"]["code"], -32600, "{refused}");
    assert_eq!(agent.stop_reason(first), "end_turn");
    assert!(cwd.join("first").exists() && !cwd.join("second").exists());
    let _ = fs::remove_dir_all(&cwd);
}
