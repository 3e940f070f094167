//! Reading one client→agent line for what the proxy learns from it: a `session/new`,
//! `session/load` or `session/prompt` request, or a response to one of the agent's
//! requests. Only those fields are read, borrowed from the line; every other value is
//! skipped unbuilt. The client's permission answers themselves are read by the ledger
//! (`toolmeta::client`, as `inspect` reads them): this finds only that a line is a
//! response, and to which id. A line that does not read (not one JSON object, a field of an
//! unexpected type, a key sent twice) teaches nothing; it is passed on all the same.

use std::borrow::Cow;

use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::value::RawValue;

/// What one client line is, for the proxy.
#[derive(Debug, PartialEq)]
pub(crate) enum ClientLine<'a> {
    /// `session/new`: its id, and `params.cwd`.
    NewSession {
        id: &'a str,
        cwd: Option<Cow<'a, str>>,
    },
    /// `session/load`: `params.sessionId` and `params.cwd`.
    LoadSession {
        session_id: Cow<'a, str>,
        cwd: Option<Cow<'a, str>>,
    },
    /// `session/prompt`: its id, `params.sessionId` and `params._meta.traceparent`.
    Prompt {
        id: Option<&'a str>,
        session_id: Cow<'a, str>,
        traceparent: Option<Cow<'a, str>>,
    },
    /// A response (a `result` or an `error`, no `method`) with this id (its JSON text).
    Response { id: &'a str },
    /// Anything else.
    Other,
}

#[derive(Deserialize)]
struct MessageFields<'a> {
    #[serde(borrow, default)]
    id: Option<&'a RawValue>,
    #[serde(borrow, default)]
    method: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    params: Option<ParamsFields<'a>>,
    /// Whether the key is there, whatever its value (`null` included).
    #[serde(default, deserialize_with = "present")]
    result: bool,
    #[serde(default, deserialize_with = "present")]
    error: bool,
}

fn present<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
    IgnoredAny::deserialize(deserializer).map(|_| true)
}

#[derive(Deserialize)]
struct ParamsFields<'a> {
    #[serde(rename = "sessionId", borrow, default)]
    session_id: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    cwd: Option<Cow<'a, str>>,
    #[serde(rename = "_meta", borrow, default)]
    meta: Option<MetaFields<'a>>,
}

#[derive(Deserialize)]
struct MetaFields<'a> {
    #[serde(borrow, default)]
    traceparent: Option<Cow<'a, str>>,
}

/// Reads one client line (without its line ending).
pub(crate) fn scan(line: &[u8]) -> ClientLine<'_> {
    // A batch (`[...]`) or any other value is not one message.
    if line.trim_ascii_start().first() != Some(&b'{') {
        return ClientLine::Other;
    }
    let Ok(message) = serde_json::from_slice::<MessageFields<'_>>(line) else {
        return ClientLine::Other;
    };
    let params = message.params;
    match message.method.as_deref() {
        Some("session/new") => match message.id {
            Some(id) => ClientLine::NewSession {
                id: id.get(),
                cwd: params.and_then(|params| params.cwd),
            },
            None => ClientLine::Other,
        },
        Some("session/load") => match params {
            Some(ParamsFields {
                session_id: Some(session_id),
                cwd,
                ..
            }) => ClientLine::LoadSession { session_id, cwd },
            _ => ClientLine::Other,
        },
        Some("session/prompt") => match params {
            Some(ParamsFields {
                session_id: Some(session_id),
                meta,
                ..
            }) => ClientLine::Prompt {
                id: message.id.map(RawValue::get),
                session_id,
                traceparent: meta.and_then(|meta| meta.traceparent),
            },
            _ => ClientLine::Other,
        },
        Some(_) => ClientLine::Other,
        None => match message.id {
            Some(id) if message.result || message.error => ClientLine::Response { id: id.get() },
            _ => ClientLine::Other,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn session_requests_are_read_for_their_cwd_session_and_traceparent() {
        let line = br#"{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":"/w/p","mcpServers":[]}}"#;
        assert_eq!(
            scan(line),
            ClientLine::NewSession {
                id: "1",
                cwd: Some("/w/p".into())
            }
        );
        let line = br#"{"jsonrpc":"2.0","id":"l","method":"session/load","params":{"sessionId":"s1","cwd":"/w/q","mcpServers":[]}}"#;
        assert_eq!(
            scan(line),
            ClientLine::LoadSession {
                session_id: "s1".into(),
                cwd: Some("/w/q".into())
            }
        );
        let line = br#"{"jsonrpc":"2.0","id":4,"method":"session/prompt","params":{"sessionId":"s1","prompt":[{"type":"text","text":"hi"}],"_meta":{"traceparent":"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"}}}"#;
        assert_eq!(
            scan(line),
            ClientLine::Prompt {
                id: Some("4"),
                session_id: "s1".into(),
                traceparent: Some("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01".into())
            }
        );
    }

    #[test]
    fn responses_are_found_by_their_id() {
        let line = br#"{"jsonrpc":"2.0","id":7,"result":{"outcome":{"outcome":"selected","optionId":"a"}}}"#;
        assert_eq!(scan(line), ClientLine::Response { id: "7" });
        let line = br#"{"jsonrpc":"2.0","id":"x","error":{"code":-32603,"message":"no"}}"#;
        assert_eq!(scan(line), ClientLine::Response { id: r#""x""# });
        let line = br#"{"jsonrpc":"2.0","id":8,"result":null}"#;
        assert_eq!(scan(line), ClientLine::Response { id: "8" });
    }

    #[test]
    fn what_does_not_read_teaches_nothing() {
        for line in [
            &br#"{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"s1"}}"#[..],
            br#"{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":7}}"#,
            br#"{"jsonrpc":"2.0","id":1,"method":"session/prompt","params":{}}"#,
            br#"{"jsonrpc":"2.0","id":1,"method":"session/new","method":"session/new"}"#,
            br#"[{"jsonrpc":"2.0","id":1,"result":null}]"#,
            br#"{"jsonrpc":"2.0","id":1}"#,
            b"not json",
            b"\xff",
        ] {
            assert_eq!(
                scan(line),
                ClientLine::Other,
                "{}",
                String::from_utf8_lossy(line)
            );
        }
    }
}
