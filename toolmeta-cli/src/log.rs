//! The session log: both directions of an ACP session, one JSON object per line.
//!
//! ```text
//! {"dir":"client->agent","t":1764950400123,"msg":{"jsonrpc":"2.0","id":0,"method":"initialize",…}}
//! {"dir":"agent->client","t":1764950400460,"msg":{"jsonrpc":"2.0","id":0,"result":{…}}}
//! {"dir":"agent->client","t":1764950400467,"raw":"a line that is not JSON"}
//! {"dir":"agent->client","t":1764950400470,"raw":"{\"jsonrpc\":\"2.0\",\"method\":\"session/upd","len":20000000}
//! ```
//!
//! - `dir`: `client->agent` or `agent->client`; `proxy->agent` for the proxy's own answer to
//!   a request of the agent (the request, logged `agent->client` just before it, never
//!   reached the client).
//! - `t`: when the line was read, in milliseconds since the Unix epoch (the recordings in
//!   `tests/data/real/*/interleaved.jsonl` count from the session's start instead; a reader
//!   takes both as milliseconds since the epoch, which keeps every duration right).
//! - `msg`: the message, byte for byte as its sender wrote it (the proxy logs what it read,
//!   before any envelope is added), when the line is one JSON value.
//! - `raw`: otherwise, the line as text (bytes that are not UTF-8 become U+FFFD); with
//!   `len`, the line was longer than the proxy reads whole ([`MAX_LINE_BYTES`]): `raw` is
//!   its first [`TRUNCATED_BYTES`] bytes and `len` its length in bytes.
//!
//! `toolmeta proxy --log` writes it; `inspect`, `live` and `touched` read it (each `msg`
//! fed at its time `t`), beside plain ACP logs: a line is a record when it begins with
//! `{"dir"` (after any whitespace) and reads as one.

use std::borrow::Cow;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::Deserialize;
use serde_json::value::RawValue;

use crate::MAX_LINE_BYTES;

/// How many bytes of a line too long to log whole its record keeps.
pub const TRUNCATED_BYTES: usize = 1024;

/// How many bytes a record adds around the message it holds, at most: a reader of the log
/// reads lines this much longer than [`MAX_LINE_BYTES`], so that every message the proxy
/// read whole reads back whole.
pub const RECORD_OVERHEAD: usize = 64;

/// Which way a message went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// From the client (the editor) to the agent.
    ClientToAgent,
    /// From the agent to the client.
    AgentToClient,
    /// From `toolmeta proxy` itself to the agent: its answer to a request of the agent,
    /// which the client never saw.
    ProxyToAgent,
}

impl Direction {
    /// `client->agent`, `agent->client` or `proxy->agent`, as the log writes it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Direction::ClientToAgent => "client->agent",
            Direction::AgentToClient => "agent->client",
            Direction::ProxyToAgent => "proxy->agent",
        }
    }

    fn from_wire(wire: &str) -> Option<Direction> {
        match wire {
            "client->agent" => Some(Direction::ClientToAgent),
            "agent->client" => Some(Direction::AgentToClient),
            "proxy->agent" => Some(Direction::ProxyToAgent),
            _ => None,
        }
    }
}

/// Milliseconds since the Unix epoch, as a record's `t` (0 for a clock set before 1970).
pub fn millis(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH).map_or(0, |since| {
        u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
    })
}

/// Appends to `out` the record of one line (without its line ending) read at `t`
/// ([`millis`]), and a newline. `whole_len` is the line's length when `line` is only its
/// start (the line was too long to read whole).
pub fn write_record(
    out: &mut Vec<u8>,
    dir: Direction,
    t: u64,
    line: &[u8],
    whole_len: Option<u64>,
) {
    out.extend_from_slice(b"{\"dir\":\"");
    out.extend_from_slice(dir.as_str().as_bytes());
    out.extend_from_slice(b"\",\"t\":");
    out.extend_from_slice(t.to_string().as_bytes());
    let message = match whole_len {
        None => serde_json::from_slice::<&RawValue>(line).ok(),
        Some(_) => None,
    };
    match message {
        Some(message) => {
            out.extend_from_slice(b",\"msg\":");
            out.extend_from_slice(message.get().as_bytes());
        }
        None => {
            let start = match whole_len {
                Some(_) => &line[..line.len().min(TRUNCATED_BYTES)],
                None => line,
            };
            out.extend_from_slice(b",\"raw\":");
            // Writing a string to a Vec cannot fail.
            let _ = serde_json::to_writer(&mut *out, &String::from_utf8_lossy(start));
            if let Some(len) = whole_len {
                out.extend_from_slice(b",\"len\":");
                out.extend_from_slice(len.to_string().as_bytes());
            }
        }
    }
    out.extend_from_slice(b"}\n");
}

/// One record of the log, read back.
#[derive(Debug, Clone, PartialEq)]
pub struct Record<'a> {
    /// Which way the message went.
    pub dir: Direction,
    /// When it was read, when the record says.
    pub time: Option<SystemTime>,
    /// What was read.
    pub message: Message<'a>,
}

/// What a record holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Message<'a> {
    /// A message: its JSON text, as sent.
    Json(&'a str),
    /// A line that was not JSON, as text.
    Raw(Cow<'a, str>),
    /// A line too long to read whole: its length in bytes.
    TooLong(u64),
}

#[derive(Deserialize)]
struct Fields<'a> {
    #[serde(borrow)]
    dir: Cow<'a, str>,
    #[serde(default)]
    t: Option<f64>,
    #[serde(borrow, default)]
    msg: Option<&'a RawValue>,
    #[serde(borrow, default)]
    raw: Option<Cow<'a, str>>,
    #[serde(default)]
    len: Option<u64>,
}

/// The record on `line`, or `None` when the line is not a record (an ACP message of a
/// plain log, or anything else): it must begin with `{"dir"` and read as a record.
pub fn read_record(line: &[u8]) -> Option<Record<'_>> {
    let start = line.trim_ascii_start();
    let after_brace = start.strip_prefix(b"{")?.trim_ascii_start();
    if !after_brace.starts_with(b"\"dir\"") {
        return None;
    }
    let fields: Fields<'_> = serde_json::from_slice(line).ok()?;
    let dir = Direction::from_wire(&fields.dir)?;
    let time = fields
        .t
        .filter(|t| t.is_finite() && *t >= 0.0)
        .and_then(|t| Duration::try_from_secs_f64(t / 1000.0).ok())
        .and_then(|since| UNIX_EPOCH.checked_add(since));
    let message = match (fields.msg, fields.raw, fields.len) {
        (Some(msg), _, _) => Message::Json(msg.get()),
        (None, _, Some(len)) => Message::TooLong(len),
        (None, Some(raw), None) => Message::Raw(raw),
        (None, None, None) => return None,
    };
    Some(Record { dir, time, message })
}

/// A decision of `toolmeta proxy --policy`, as the log records it:
/// `{"dir":"policy","t","session_id","id","tool_call_id","decision","option_id","rule","evidence","earned"}`.
#[derive(Debug, Clone, Deserialize)]
pub struct PolicyDecision {
    /// When the proxy decided, in milliseconds since the Unix epoch.
    pub t: Option<u64>,
    /// The request's session.
    pub session_id: Option<String>,
    /// The request's JSON-RPC id, as JSON text.
    pub id: Option<Box<RawValue>>,
    /// The call a permission request was about.
    pub tool_call_id: Option<String>,
    /// `allow`, `ask` or `deny`.
    pub decision: String,
    /// The option the proxy answered with.
    pub option_id: Option<String>,
    /// The deciding rule (`default` when none matched).
    pub rule: String,
    /// What named the tool.
    pub evidence: Option<String>,
    /// Whether that reading was earned.
    pub earned: Option<bool>,
}

/// The policy decision on `line`, when it is one (`{"dir":"policy",…}`).
pub fn read_policy_decision(line: &[u8]) -> Option<PolicyDecision> {
    let start = line.trim_ascii_start();
    if !start.starts_with(b"{\"dir\":\"policy\"") {
        return None;
    }
    serde_json::from_slice(line).ok()
}

/// The longest line a reader of logs reads whole: a record around any message the proxy
/// read whole.
pub const MAX_RECORD_BYTES: usize = MAX_LINE_BYTES + RECORD_OVERHEAD;

#[cfg(test)]
mod tests {
    use super::*;

    fn record(dir: Direction, t: u64, line: &[u8], whole_len: Option<u64>) -> String {
        let mut out = Vec::new();
        write_record(&mut out, dir, t, line, whole_len);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_json_line_is_kept_byte_for_byte_under_msg() {
        let line = br#"{"b": 1.50,  "a":[1e400, "\u00e9"]}"#;
        let written = record(Direction::AgentToClient, 42, line, None);
        assert_eq!(
            written,
            "{\"dir\":\"agent->client\",\"t\":42,\"msg\":{\"b\": 1.50,  \"a\":[1e400, \"\\u00e9\"]}}\n"
        );
        let read = read_record(written.trim_end().as_bytes()).unwrap();
        assert_eq!(read.dir, Direction::AgentToClient);
        assert_eq!(read.time, Some(UNIX_EPOCH + Duration::from_millis(42)));
        assert_eq!(
            read.message,
            Message::Json(std::str::from_utf8(line).unwrap())
        );
    }

    #[test]
    fn a_line_that_is_not_json_is_kept_as_text() {
        let written = record(Direction::ClientToAgent, 7, b"not \"json\" \xff", None);
        assert_eq!(
            written,
            "{\"dir\":\"client->agent\",\"t\":7,\"raw\":\"not \\\"json\\\" \u{fffd}\"}\n"
        );
        let read = read_record(written.as_bytes()).unwrap();
        assert_eq!(read.message, Message::Raw("not \"json\" \u{fffd}".into()));
        // Two JSON values on one line are not one message.
        let two = record(Direction::ClientToAgent, 7, b"{} {}", None);
        assert!(two.contains("\"raw\":\"{} {}\""), "{two}");
    }

    #[test]
    fn a_line_too_long_keeps_its_start_and_its_length() {
        let line = vec![b'x'; TRUNCATED_BYTES + 10];
        let written = record(Direction::AgentToClient, 1, &line, Some(1 << 30));
        let read = read_record(written.as_bytes()).unwrap();
        assert_eq!(read.message, Message::TooLong(1 << 30));
        assert!(written.contains(&format!("\"raw\":\"{}\"", "x".repeat(TRUNCATED_BYTES))));
        // Its start is never read as a message, even when it is JSON so far.
        let json_start = record(Direction::AgentToClient, 1, b"{}", Some(5));
        assert_eq!(
            read_record(json_start.as_bytes()).unwrap().message,
            Message::TooLong(5)
        );
    }

    #[test]
    fn the_recordings_are_records_and_acp_messages_are_not() {
        let recorded =
            br#"{"dir":"agent->client","t":460,"msg":{"jsonrpc":"2.0","id":0,"result":null}}"#;
        let read = read_record(recorded).unwrap();
        assert_eq!(
            read.message,
            Message::Json(r#"{"jsonrpc":"2.0","id":0,"result":null}"#)
        );
        assert_eq!(read.time, Some(UNIX_EPOCH + Duration::from_millis(460)));
        for line in [
            &br#"{"jsonrpc":"2.0","method":"session/update","params":{}}"#[..],
            br#"{"dir":"sideways","t":1,"msg":{}}"#,
            br#"{"dir":"agent->client","t":1}"#,
            br#"{"dir":"agent->client","t":1,"msg":{}"#,
            b"[]",
            b"",
        ] {
            assert_eq!(read_record(line), None, "{}", String::from_utf8_lossy(line));
        }
        // A time that is not a time is left out, the message is still read.
        let odd = read_record(br#"{"dir":"agent->client","t":-5,"msg":1}"#).unwrap();
        assert_eq!((odd.time, odd.message), (None, Message::Json("1")));
    }
}
