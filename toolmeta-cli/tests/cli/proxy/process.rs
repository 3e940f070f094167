//! `toolmeta proxy` as a process in front of small agents (`cat`, `sh`, `sleep`): bytes
//! passed on unchanged both ways, line by line; the agent's exit status, its standard
//! error and the signals passed on; the client's end closing the agent; the log.
#![cfg(unix)]

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use toolmeta_cli::log::{Direction, Message, read_record};

const TOOLMETA: &str = env!("CARGO_BIN_EXE_toolmeta");

fn proxy(args: &[&str], agent: &[&str]) -> Child {
    Command::new(TOOLMETA)
        .arg("proxy")
        .args(args)
        .arg("--")
        .args(agent)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the proxy")
}

/// Writes `input` to the proxy from a thread, closes its input, and collects its output,
/// standard error and exit code.
fn run(args: &[&str], agent: &[&str], input: Vec<u8>) -> (Vec<u8>, String, Option<i32>) {
    let mut child = proxy(args, agent);
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // The agent may stop reading (an agent that exits at once).
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.stdout,
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}

fn temp(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("toolmeta-proxy-{name}-{}", std::process::id()));
    let _ = fs::remove_file(&path);
    path
}

/// A line longer than the proxy reads whole (16 MiB), with its line ending.
fn long_line() -> Vec<u8> {
    let mut line = br#"{"jsonrpc":"2.0","method":"session/update","params":{"update":{"sessionUpdate":"tool_call","toolCallId":"big","title":"read","rawInput":{"text":""#.to_vec();
    line.resize(line.len() + (17 << 20), b'x');
    line.extend_from_slice(b"\"}}}}\n");
    line
}

#[test]
fn every_byte_passes_both_ways_unchanged_through_an_echoing_agent() {
    let mut input = Vec::new();
    input.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"method\":\"session/update\",\"params\":{\"update\":{\"sessionUpdate\":\"agent_message_chunk\"}}}\n");
    input.extend_from_slice(b"not json\n");
    input.extend_from_slice(b"\xff\xfe invalid UTF-8\n");
    input.extend_from_slice(b"{ \"a\" : 1.50 }\r\n");
    input.extend_from_slice(b"\n");
    input.extend_from_slice(&long_line());
    input.extend_from_slice(b"{\"after\":\"the long line\"}\n");
    input.extend_from_slice(b"a last line without its ending");
    let log = temp("echo.jsonl");
    let (out, err, code) = run(&["--log", log.to_str().unwrap()], &["cat"], input.clone());
    assert_eq!((code, err.as_str()), (Some(0), ""));
    assert!(out == input, "the output differs from the input");

    // Both directions logged, in order: the echo of each line follows it.
    let log_text = fs::read(&log).unwrap();
    let records: Vec<_> = log_text
        .split(|&b| b == b'\n')
        .filter(|line| !line.is_empty())
        .map(|line| read_record(line).expect("a record"))
        .collect();
    assert_eq!(records.len(), 16);
    let (to_agent, to_client): (Vec<_>, Vec<_>) = records
        .iter()
        .partition(|record| record.dir == Direction::ClientToAgent);
    assert_eq!(to_agent.len(), 8);
    let messages: Vec<&Message<'_>> = to_client.iter().map(|record| &record.message).collect();
    assert_eq!(
        messages,
        [
            &Message::Json(
                r#"{"jsonrpc":"2.0","method":"session/update","params":{"update":{"sessionUpdate":"agent_message_chunk"}}}"#
            ),
            &Message::Raw("not json".into()),
            &Message::Raw("\u{fffd}\u{fffd} invalid UTF-8".into()),
            &Message::Json(r#"{ "a" : 1.50 }"#),
            &Message::Raw("".into()),
            &Message::TooLong(long_line().len() as u64 - 1),
            &Message::Json(r#"{"after":"the long line"}"#),
            &Message::Raw("a last line without its ending".into()),
        ]
    );
    // No log record is longer than a reader reads whole.
    assert!(
        log_text
            .split(|&b| b == b'\n')
            .all(|line| line.len() < 4096)
    );
    let _ = fs::remove_file(&log);
}

#[test]
fn each_line_reaches_the_client_as_soon_as_it_is_written() {
    let mut child = proxy(&[], &["cat"]);
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let (lines, received) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        while stdout.read_line(&mut line).is_ok_and(|n| n > 0) {
            let _ = lines.send(std::mem::take(&mut line));
        }
    });
    // One line at a time, each answered before the next is sent: a proxy that held lines
    // in a buffer would never answer.
    for i in 0..20 {
        let line = format!("{{\"jsonrpc\":\"2.0\",\"id\":{i},\"result\":null}}\n");
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.flush().unwrap();
        let echoed = received
            .recv_timeout(Duration::from_secs(10))
            .expect("the line came back");
        assert_eq!(echoed, line);
    }
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

#[test]
fn the_proxy_exits_with_the_agents_status() {
    let (_, _, code) = run(&[], &["sh", "-c", "exit 7"], Vec::new());
    assert_eq!(code, Some(7));
    // Ended by a signal: 128 + its number.
    let (_, _, code) = run(&[], &["sh", "-c", "kill -TERM $$"], Vec::new());
    assert_eq!(code, Some(128 + 15));
    let (_, _, code) = run(&[], &["sh", "-c", "kill -KILL $$"], Vec::new());
    assert_eq!(code, Some(128 + 9));
}

#[test]
fn the_agents_standard_error_is_its_own() {
    let (out, err, code) = run(
        &[],
        &["sh", "-c", "echo 'to the client'; echo 'a warning' >&2"],
        Vec::new(),
    );
    assert_eq!(
        (out.as_slice(), err.as_str(), code),
        (&b"to the client\n"[..], "a warning\n", Some(0))
    );
}

#[test]
fn an_agent_that_cannot_start_is_reported() {
    let (out, err, code) = run(&[], &["/no/such/agent"], Vec::new());
    assert_eq!((out.len(), code), (0, Some(127)));
    assert!(
        err.starts_with("toolmeta proxy: cannot start `/no/such/agent`: "),
        "{err}"
    );
    let (_, err, code) = run(&[], &["/dev/null"], Vec::new());
    assert_eq!(code, Some(126), "{err}");
}

#[test]
fn the_clients_end_closes_the_agents_input() {
    // `cat` ends when its input does: at once, with its own status.
    let started = Instant::now();
    let (out, _, code) = run(&["--grace", "30"], &["cat"], b"bye\n".to_vec());
    assert_eq!((out.as_slice(), code), (&b"bye\n"[..], Some(0)));
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn an_agent_still_running_after_the_grace_period_is_ended() {
    // SIGTERM after the grace period.
    let started = Instant::now();
    let (_, _, code) = run(&["--grace", "0.2"], &["sleep", "30"], Vec::new());
    assert_eq!(code, Some(128 + 15));
    assert!(started.elapsed() < Duration::from_secs(10));
    // One that ignores SIGTERM: SIGKILL after as long again.
    let (_, _, code) = run(
        &["--grace", "0.2"],
        &["sh", "-c", "trap '' TERM; exec sleep 30"],
        Vec::new(),
    );
    assert_eq!(code, Some(128 + 9));
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn sigint_and_sigterm_are_passed_on_to_the_agent() {
    for (signal, code) in [(Signal::SIGTERM, 128 + 15), (Signal::SIGINT, 128 + 2)] {
        let mut child = proxy(&[], &["sh", "-c", "echo ready; exec sleep 30"]);
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut ready = String::new();
        stdout.read_line(&mut ready).unwrap();
        assert_eq!(ready, "ready\n");
        kill(Pid::from_raw(child.id() as i32), signal).unwrap();
        // The proxy lives on until the agent has exited, then exits with its status.
        assert_eq!(child.wait().unwrap().code(), Some(code), "{signal}");
    }
}

#[test]
fn a_log_that_cannot_be_written_is_reported_once_and_the_session_goes_on() {
    let input = b"{\"id\":1}\n{\"id\":2}\nthree\n".to_vec();
    let (out, err, code) = run(&["--log", "/dev/full"], &["cat"], input.clone());
    assert_eq!((out, code), (input, Some(0)));
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            "toolmeta proxy: cannot write the log `/dev/full`: No space left on device (os error 28); the session goes on without it"
        ]
    );
    let (_, err, code) = run(&["--log", "/no/such/dir/log.jsonl"], &["cat"], Vec::new());
    assert_eq!(code, Some(1));
    assert!(
        err.starts_with("toolmeta proxy: cannot open the log `/no/such/dir/log.jsonl`: "),
        "{err}"
    );
}

#[test]
fn the_log_stops_at_its_limit() {
    let log = temp("limit.jsonl");
    let input: Vec<u8> = (0..50)
        .flat_map(|i| format!("{{\"id\":{i}}}\n").into_bytes())
        .collect();
    let (out, err, code) = run(
        &["--log", log.to_str().unwrap(), "--log-limit", "1K"],
        &["cat"],
        input.clone(),
    );
    assert_eq!((out, code), (input, Some(0)));
    let size = fs::metadata(&log).unwrap().len();
    assert!(size <= 1024 && size > 900, "{size}");
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [format!(
            "toolmeta proxy: the log `{}` reached its limit of 1024 bytes: later messages are not logged (--log-limit)",
            log.display()
        )]
    );
    // What was logged reads back whole.
    let mut text = String::new();
    fs::File::open(&log)
        .unwrap()
        .read_to_string(&mut text)
        .unwrap();
    assert!(
        text.lines()
            .all(|line| read_record(line.as_bytes()).is_some())
    );
    let _ = fs::remove_file(&log);
}

#[test]
fn usage_errors_exit_2() {
    for args in [&["proxy"][..], &["proxy", "--log-limit", "1T", "--", "cat"]] {
        let out = Command::new(TOOLMETA).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}
