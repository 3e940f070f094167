//! `toolmeta proxy` leaves as soon as both sides are done (DESIGN §7: "the agent's exit ends
//! the proxy with its status"): the agent has exited and its output has been passed on.
//! Each case runs with the default grace period (2 s) and must end well under it; the
//! proxy once waited out a one-second drain whatever happened (issue 39).
#![cfg(unix)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

const TOOLMETA: &str = env!("CARGO_BIN_EXE_toolmeta");

/// Well under the default grace period (2 s) and the old drain (1 s).
const QUICK: Duration = Duration::from_millis(500);

fn proxy(agent: &[&str]) -> Child {
    Command::new(TOOLMETA)
        .args(["proxy", "--"])
        .args(agent)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start the proxy")
}

/// Waits for `child` to exit; returns its exit code and how long that took from `since`.
fn exit_after(child: &mut Child, since: Instant) -> (Option<i32>, Duration) {
    let status = child.wait().expect("the proxy exits");
    (status.code(), since.elapsed())
}

#[test]
fn an_agent_that_exits_by_itself_ends_the_proxy_while_the_client_keeps_its_end_open() {
    // The agent closes its output before it exits, so the proxy hears "output done" before
    // "exited": the order the old drain loop lost.
    let mut child = proxy(&["sh", "-c", "echo ready; exec >&-; sleep 0.1; exit 3"]);
    let stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut ready = String::new();
    stdout.read_line(&mut ready).unwrap();
    assert_eq!(ready, "ready\n");
    let since = Instant::now();
    let (code, took) = exit_after(&mut child, since);
    assert_eq!(code, Some(3));
    assert!(
        took < QUICK,
        "the proxy took {took:?} after the agent's 0.1 s"
    );
    // The client's end was open all along.
    drop(stdin);
}

#[test]
fn an_agent_that_exits_with_its_output_open_to_the_end_ends_the_proxy_at_once() {
    let mut child = proxy(&["sh", "-c", "echo ready; sleep 0.1; echo bye; exit 5"]);
    let stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert_eq!(line, "ready\n");
    let since = Instant::now();
    let (code, took) = exit_after(&mut child, since);
    assert_eq!(code, Some(5));
    assert!(
        took < QUICK,
        "the proxy took {took:?} after the agent's 0.1 s"
    );
    // What the agent wrote before it exited was passed on.
    line.clear();
    stdout.read_line(&mut line).unwrap();
    assert_eq!(line, "bye\n");
    drop(stdin);
}

#[test]
fn sigterm_ends_the_proxy_as_soon_as_the_agent_has_ended() {
    // `sleep 100` (behind a shell that says when it runs), and `cat`, which echoes a line
    // when it runs.
    let mut sleeper = proxy(&["sh", "-c", "echo ready; exec sleep 100"]);
    let mut cat = proxy(&["cat"]);
    let mut cat_in = cat.stdin.take().unwrap();
    cat_in.write_all(b"ready\n").unwrap();
    cat_in.flush().unwrap();
    for (name, child) in [("sleep", &mut sleeper), ("cat", &mut cat)] {
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut ready = String::new();
        stdout.read_line(&mut ready).unwrap();
        assert_eq!(ready, "ready\n", "{name}");
        let since = Instant::now();
        kill(Pid::from_raw(child.id() as i32), Signal::SIGTERM).unwrap();
        let (code, took) = exit_after(child, since);
        // The agent's status, passed on: 128 + SIGTERM.
        assert_eq!(code, Some(128 + 15), "{name}");
        assert!(
            took < QUICK,
            "{name}: the proxy took {took:?} after SIGTERM"
        );
    }
    // `cat`'s input stayed open until now: the signal, not the client's end, ended it.
    drop(cat_in);
}
