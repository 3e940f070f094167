//! The proxy's extension point (DESIGN §8 "Where it applies"): a [`Decider`] that answers
//! an agent's permission request. The proxy runs in-process (`serve_with`) in front of a
//! small shell agent, with the client's ends as pipes. The answer reaches the agent
//! between whole client lines, even while a client line of several megabytes (longer than
//! the proxy holds whole) is streaming; the client never sees the answered request; the
//! log has the request then the answer (`proxy->agent`); and nothing deadlocks when both
//! sides write long lines at once.
#![cfg(unix)]

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use toolmeta_cli::log::{Direction, Message, read_record};
use toolmeta_cli::proxy::{AgentRequest, Answer, Args, ClientMethod, Decider, serve_with};

/// Longer than the 16 MiB the proxy holds whole: it streams in pieces.
const LONG: usize = 20 << 20;

/// How long a case may take before it counts as a deadlock.
const DEADLOCK: Duration = Duration::from_secs(120);

const PERMISSION: &str = r#"{"jsonrpc":"2.0","id":"perm-1","method":"session/request_permission","params":{"sessionId":"s1","toolCall":{"toolCallId":"c1","title":"cargo test","kind":"execute","rawInput":{"command":"cargo test"}},"options":[{"optionId":"allow","name":"Allow","kind":"allow_once"},{"optionId":"reject","name":"Reject","kind":"reject_once"}]}}"#;

/// What the decider answers, as the agent must receive it.
const ANSWER: &str = r#"{"jsonrpc":"2.0","id":"perm-1","result":{"outcome":{"outcome":"selected","optionId":"allow"}}}"#;

const READ_FILE: &str = r#"{"jsonrpc":"2.0","id":2,"method":"fs/read_text_file","params":{"sessionId":"s1","path":"/w/a.rs"}}"#;

/// Answers permission requests with their `allow_once` option, passes everything else on,
/// and says on `asked` each time it answered.
struct AllowOnce {
    asked: mpsc::Sender<()>,
}

impl Decider for AllowOnce {
    fn decide(&mut self, request: &AgentRequest<'_>) -> Option<Answer> {
        if request.method != ClientMethod::RequestPermission {
            return None;
        }
        let option = request
            .call?
            .permission()?
            .options()
            .iter()
            .find(|option| option.kind() == "allow_once")?;
        let answer = Answer::Selected(option.id().to_owned());
        let _ = self.asked.send(());
        Some(answer)
    }
}

fn temp(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "toolmeta-proxy-decider-{name}-{}",
        std::process::id()
    ));
    let _ = fs::remove_file(&path);
    path
}

/// A client line of `len` bytes of JSON, with its line ending.
fn long_client_line(len: usize) -> Vec<u8> {
    let mut line = br#"{"jsonrpc":"2.0","method":"_x/long","params":{"text":""#.to_vec();
    line.resize(len - 4, b'y');
    line.extend_from_slice(b"\"}}\n");
    line
}

/// The proxy in-process in front of `sh -c SCRIPT sh RECEIVED ARGS…` (the script saves
/// what the agent receives to RECEIVED), logging to LOG; returns the client's ends (its
/// writer, and a thread collecting all it receives), the pipe of the proxy's exit code,
/// and the decider's signal.
struct Session {
    to_proxy: std::io::PipeWriter,
    received_by_client: thread::JoinHandle<Vec<u8>>,
    exit: mpsc::Receiver<u8>,
    asked: mpsc::Receiver<()>,
}

fn start(script: &str, received: &Path, log: &Path, extra: &[&str]) -> Session {
    let (client_in, to_proxy) = std::io::pipe().unwrap();
    let (mut from_proxy, client_out) = std::io::pipe().unwrap();
    let (asked_tx, asked) = mpsc::channel();
    let mut agent: Vec<std::ffi::OsString> = vec![
        "sh".into(),
        "-c".into(),
        script.into(),
        "sh".into(),
        received.into(),
    ];
    agent.extend(extra.iter().map(Into::into));
    let args = Args {
        harness: None,
        log: Some(log.to_owned()),
        log_limit: 1 << 30,
        acp_fields: false,
        policies: Vec::new(),
        grace: Duration::from_secs(2),
        otlp: Default::default(),
        agent,
    };
    let (exit_tx, exit) = mpsc::channel();
    thread::spawn(move || {
        let decider = Box::new(AllowOnce { asked: asked_tx });
        let code = serve_with(
            &args,
            decider,
            client_in,
            client_out,
            &mut std::io::stderr(),
        );
        let _ = exit_tx.send(code);
    });
    let received_by_client = thread::spawn(move || {
        let mut all = Vec::new();
        let _ = from_proxy.read_to_end(&mut all);
        all
    });
    Session {
        to_proxy,
        received_by_client,
        exit,
        asked,
    }
}

/// The lines of `bytes`, each without its line ending.
fn lines(bytes: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    if lines.last() == Some(&&b""[..]) {
        lines.pop();
    }
    lines
}

/// The log's records as (direction, message text or `too long`).
fn records(log: &Path) -> Vec<(Direction, String)> {
    let text = fs::read(log).unwrap();
    lines(&text)
        .into_iter()
        .map(|line| {
            let record = read_record(line).expect("a record");
            let message = match record.message {
                Message::Json(json) => json.to_owned(),
                Message::TooLong(_) => "too long".to_owned(),
                Message::Raw(raw) => raw.into_owned(),
            };
            (record.dir, message)
        })
        .collect()
}

#[test]
fn the_answer_waits_for_the_client_line_streaming_and_the_client_never_sees_the_request() {
    let received = temp("streaming-received");
    let log = temp("streaming.jsonl");
    // The agent reads the first MiB of its input (inside the client's long line), then asks
    // permission and reads a file (which the decider passes on), then reads the rest.
    let script = r#"head -c 1048576 > "$1"; printf '%s\n%s\n' "$2" "$3"; cat >> "$1""#;
    let mut session = start(script, &received, &log, &[PERMISSION, READ_FILE]);
    let long = long_client_line(LONG);
    let short = b"{\"jsonrpc\":\"2.0\",\"method\":\"_x/after\"}\n";
    // All of the long line but its last MiB (past the 16 MiB the proxy holds before it
    // streams a line); then, once the decider has answered and the writer has had time to
    // go wrong, the rest and a short line.
    let pause_at = LONG - (1 << 20);
    session.to_proxy.write_all(&long[..pause_at]).unwrap();
    session
        .asked
        .recv_timeout(DEADLOCK)
        .expect("the decider was asked");
    thread::sleep(Duration::from_millis(200));
    session.to_proxy.write_all(&long[pause_at..]).unwrap();
    session.to_proxy.write_all(short).unwrap();
    drop(session.to_proxy);
    let code = session
        .exit
        .recv_timeout(DEADLOCK)
        .expect("the proxy ended");
    assert_eq!(code, 0);

    // The agent got the client's lines whole, and the answer after the long line.
    let got = fs::read(&received).unwrap();
    let mut expected = long.clone();
    expected.extend_from_slice(ANSWER.as_bytes());
    expected.push(b'\n');
    expected.extend_from_slice(short);
    assert!(
        got == expected,
        "the agent received {} bytes, lines starting {:?}",
        got.len(),
        lines(&got)
            .iter()
            .map(|line| String::from_utf8_lossy(&line[..line.len().min(60)]).into_owned())
            .collect::<Vec<_>>()
    );
    // The client got the request the decider passed on, and not the one it answered.
    let client_got = session.received_by_client.join().unwrap();
    assert_eq!(
        String::from_utf8(client_got).unwrap(),
        format!("{READ_FILE}\n")
    );
    // The log: the agent's request, then the proxy's answer.
    let recorded = records(&log);
    let from_agent: Vec<_> = recorded
        .iter()
        .filter(|(dir, _)| *dir != Direction::ClientToAgent)
        .collect();
    assert_eq!(
        from_agent,
        [
            &(Direction::AgentToClient, PERMISSION.to_owned()),
            &(Direction::ProxyToAgent, ANSWER.to_owned()),
            &(Direction::AgentToClient, READ_FILE.to_owned()),
        ]
    );
    let _ = fs::remove_file(&received);
    let _ = fs::remove_file(&log);
}

#[test]
fn both_sides_writing_long_lines_at_once_never_deadlock() {
    let received = temp("both-received");
    let log = temp("both.jsonl");
    // The agent asks permission, then writes a long line before it reads anything: the
    // proxy must keep reading the agent while its answer waits for the client's long line,
    // which waits for the agent to read.
    let script = r#"printf '%s\n' "$2"; head -c 20971520 /dev/zero | tr '\0' x; echo; cat > "$1""#;
    let mut session = start(script, &received, &log, &[PERMISSION]);
    let long = long_client_line(LONG);
    let writer = thread::spawn(move || {
        session.to_proxy.write_all(&long).unwrap();
        session.to_proxy.write_all(b"{\"done\":true}\n").unwrap();
        long
    });
    let code = session.exit.recv_timeout(DEADLOCK).expect("no deadlock");
    assert_eq!(code, 0);
    let long = writer.join().unwrap();

    let client_got = session.received_by_client.join().unwrap();
    let mut agent_line = vec![b'x'; 20 << 20];
    agent_line.push(b'\n');
    assert!(
        client_got == agent_line,
        "the client got {} bytes",
        client_got.len()
    );
    // The answer came between whole client lines: before, between or after them.
    let got = fs::read(&received).unwrap();
    let got_lines = lines(&got);
    let mut sorted: Vec<&[u8]> = got_lines.clone();
    sorted.sort();
    let mut expected: Vec<&[u8]> = vec![
        &long[..long.len() - 1],
        b"{\"done\":true}",
        ANSWER.as_bytes(),
    ];
    expected.sort();
    assert!(
        sorted == expected,
        "the agent received {} lines",
        got_lines.len()
    );
    // The client's own lines in their order.
    let long_at = got_lines
        .iter()
        .position(|line| line.len() == long.len() - 1);
    let done_at = got_lines
        .iter()
        .position(|line| *line == b"{\"done\":true}");
    assert!(long_at < done_at, "{long_at:?} {done_at:?}");
    let _ = fs::remove_file(&received);
    let _ = fs::remove_file(&log);
}
