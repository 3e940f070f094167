//! An ACP agent that replays a recorded session: put it where an editor (or a test) runs an
//! agent, alone or behind `toolmeta proxy`, to play a real harness's traffic again.
//!
//! ```text
//! cargo run -p toolmeta-cli --example replay_agent -- tests/data/real/claude_code/interleaved.jsonl
//! toolmeta proxy -- target/debug/examples/replay_agent tests/data/real/codex/interleaved.jsonl
//! ```
//!
//! It reads a session log (`{"dir","t","msg"}` per line, as `toolmeta proxy --log` writes
//! and as the recordings in `tests/data/real/*/interleaved.jsonl` are) and plays it in
//! order: each agent→client message is written to standard output, byte for byte as
//! recorded; at each client→agent message it waits for the client's next line, which must
//! be that message, byte for byte. So a client that plays the recorded client messages
//! (their ids match) drives the recorded session to its end. Then it waits for the client
//! to close its end, and exits 0.
//!
//! Exit codes: 0 the session was played; 1 the log cannot be read; 2 a usage error;
//! 3 the client sent another line than the one recorded (said on standard error), or more
//! lines than recorded; 4 the client closed its end before the session ended.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use toolmeta_cli::log::{Direction, Message, read_record};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path] = args.as_slice() else {
        eprintln!("usage: replay_agent SESSION_LOG");
        return ExitCode::from(2);
    };
    let recording = match std::fs::read(path) {
        Ok(recording) => recording,
        Err(error) => {
            eprintln!("replay_agent: cannot read `{path}`: {error}");
            return ExitCode::from(1);
        }
    };
    let mut stdin = io::stdin().lock();
    let mut stdout = io::stdout().lock();
    let mut received = Vec::new();
    for (number, line) in recording.split(|&b| b == b'\n').enumerate() {
        if line.trim_ascii().is_empty() {
            continue;
        }
        let Some(record) = read_record(line) else {
            eprintln!("replay_agent: line {} is not a record", number + 1);
            return ExitCode::from(1);
        };
        let Message::Json(message) = record.message else {
            // A line the recorder could not read as JSON: nothing to replay.
            continue;
        };
        match record.dir {
            Direction::AgentToClient => {
                let written = stdout
                    .write_all(message.as_bytes())
                    .and_then(|()| stdout.write_all(b"\n"))
                    .and_then(|()| stdout.flush());
                if written.is_err() {
                    return ExitCode::from(4);
                }
            }
            // A proxy's own answer reaches the agent on its input, as the client's lines do.
            Direction::ClientToAgent | Direction::ProxyToAgent => {
                received.clear();
                match stdin.read_until(b'\n', &mut received) {
                    Ok(0) | Err(_) => {
                        eprintln!(
                            "replay_agent: the client closed its end before line {}",
                            number + 1
                        );
                        return ExitCode::from(4);
                    }
                    Ok(_) => {}
                }
                let sent = received.strip_suffix(b"\n").unwrap_or(&received);
                if sent != message.as_bytes() {
                    eprintln!(
                        "replay_agent: line {}: the client sent\n  {}\nwhere the recording has\n  {message}",
                        number + 1,
                        String::from_utf8_lossy(sent)
                    );
                    return ExitCode::from(3);
                }
            }
        }
    }
    received.clear();
    match stdin.read_until(b'\n', &mut received) {
        Ok(0) => ExitCode::SUCCESS,
        _ => {
            eprintln!("replay_agent: the client sent more than the recording holds");
            ExitCode::from(3)
        }
    }
}
