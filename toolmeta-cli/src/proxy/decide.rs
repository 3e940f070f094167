//! The extension point through which the proxy answers an agent's request to the client
//! itself instead of passing it on: a [`Decider`] (DESIGN §8 "Where it applies"). The
//! default, [`Forward`], answers nothing, so the proxy passes every byte on as before.
//!
//! An answered request does not reach the client. Its answer goes to the agent between
//! two whole client lines (one writer to the agent's input), is logged as a
//! `{"dir":"proxy->agent",…}` record right after the request's own record, and, for a
//! permission request, is read by the proxy's ledger as the request's answer.

use serde_json::value::RawValue;
use toolmeta::client::Call;
use toolmeta::policy::CallHistory;

use super::sessions::SessionState;

/// The requests of an agent to its client that the proxy may answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ClientMethod {
    /// `session/request_permission`.
    RequestPermission,
    /// `fs/read_text_file`.
    ReadTextFile,
    /// `fs/write_text_file`.
    WriteTextFile,
    /// `terminal/create`.
    CreateTerminal,
}

impl ClientMethod {
    /// The method's name on the wire.
    pub const fn as_str(self) -> &'static str {
        match self {
            ClientMethod::RequestPermission => "session/request_permission",
            ClientMethod::ReadTextFile => "fs/read_text_file",
            ClientMethod::WriteTextFile => "fs/write_text_file",
            ClientMethod::CreateTerminal => "terminal/create",
        }
    }

    /// The method named `method` on the wire, if it is one of these.
    pub fn of(method: &str) -> Option<ClientMethod> {
        match method {
            "session/request_permission" => Some(ClientMethod::RequestPermission),
            "fs/read_text_file" => Some(ClientMethod::ReadTextFile),
            "fs/write_text_file" => Some(ClientMethod::WriteTextFile),
            "terminal/create" => Some(ClientMethod::CreateTerminal),
            _ => None,
        }
    }
}

/// One request of the agent to the client, as the proxy read it, with what the proxy
/// knows around it.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct AgentRequest<'a> {
    /// Which request.
    pub method: ClientMethod,
    /// Its JSON-RPC `id`, as the agent wrote it.
    pub id: &'a RawValue,
    /// Its `params.sessionId`.
    pub session_id: Option<&'a str>,
    /// The whole message, as the agent wrote it (without its line ending).
    pub message: &'a str,
    /// For a permission request: the call its `toolCallId` names, with the request
    /// merged in as the ledger merges it (DESIGN §6), after its envelope was resolved.
    pub call: Option<&'a Call>,
    /// Every identity and input the calls have had, for the policy's judged call
    /// ([`CallHistory::judged`]).
    pub history: &'a CallHistory,
    /// What the proxy knows of the session (its cwd, its turns, earlier answers).
    pub session: Option<&'a SessionState>,
    /// The agent's name: its `initialize` answer's `agentInfo.name`, else `--harness`.
    pub agent: Option<&'a str>,
}

/// The proxy's answer to a request.
#[derive(Debug, Clone)]
pub enum Answer {
    /// A permission request's answer picking the option with this `optionId`.
    Selected(String),
    /// A permission request's answer that cancels it.
    Cancelled,
    /// Any other result, as JSON text.
    Result(Box<RawValue>),
    /// A JSON-RPC error.
    Error {
        /// The error's code.
        code: i64,
        /// What went wrong, for the agent (and its model) to read.
        message: String,
    },
}

impl Answer {
    /// The response line (without its line ending) answering request `id`.
    pub(crate) fn response(&self, id: &RawValue) -> Vec<u8> {
        let mut line = Vec::with_capacity(96);
        line.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":");
        line.extend_from_slice(id.get().as_bytes());
        // Writing strings to a Vec cannot fail.
        match self {
            Answer::Selected(option_id) => {
                line.extend_from_slice(
                    b",\"result\":{\"outcome\":{\"outcome\":\"selected\",\"optionId\":",
                );
                let _ = serde_json::to_writer(&mut line, option_id);
                line.extend_from_slice(b"}}");
            }
            Answer::Cancelled => {
                line.extend_from_slice(b",\"result\":{\"outcome\":{\"outcome\":\"cancelled\"}}");
            }
            Answer::Result(result) => {
                line.extend_from_slice(b",\"result\":");
                line.extend_from_slice(result.get().as_bytes());
            }
            Answer::Error { code, message } => {
                line.extend_from_slice(b",\"error\":{\"code\":");
                line.extend_from_slice(code.to_string().as_bytes());
                line.extend_from_slice(b",\"message\":");
                let _ = serde_json::to_writer(&mut line, message);
                line.push(b'}');
            }
        }
        line.push(b'}');
        line
    }
}

/// Decides, for each request of the agent to the client the proxy reads, whether the
/// proxy answers it ([`Some`]) or passes it on to the client ([`None`]).
///
/// Called on the thread that reads the agent's output, once per request, in order; it
/// must not block (the agent's output waits for it).
pub trait Decider: Send {
    /// The answer to `request`, or `None` to pass it on.
    fn decide(&mut self, request: &AgentRequest<'_>) -> Option<Answer>;
}

/// The default [`Decider`]: answers nothing, so every request reaches the client.
#[derive(Debug, Clone, Copy, Default)]
pub struct Forward;

impl Decider for Forward {
    fn decide(&mut self, _request: &AgentRequest<'_>) -> Option<Answer> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(text: &str) -> Box<RawValue> {
        RawValue::from_string(text.to_owned()).unwrap()
    }

    #[test]
    fn answers_are_json_rpc_responses_repeating_the_id_as_written() {
        assert_eq!(
            String::from_utf8(Answer::Selected("allow \"once\"".to_owned()).response(&id("7")))
                .unwrap(),
            r#"{"jsonrpc":"2.0","id":7,"result":{"outcome":{"outcome":"selected","optionId":"allow \"once\""}}}"#
        );
        assert_eq!(
            String::from_utf8(Answer::Cancelled.response(&id(r#""r-1""#))).unwrap(),
            r#"{"jsonrpc":"2.0","id":"r-1","result":{"outcome":{"outcome":"cancelled"}}}"#
        );
        let error = Answer::Error {
            code: -32000,
            message: "denied by the policy's rule `secrets`".to_owned(),
        };
        assert_eq!(
            String::from_utf8(error.response(&id("3"))).unwrap(),
            r#"{"jsonrpc":"2.0","id":3,"error":{"code":-32000,"message":"denied by the policy's rule `secrets`"}}"#
        );
    }

    #[test]
    fn methods_read_by_their_wire_names() {
        for method in [
            ClientMethod::RequestPermission,
            ClientMethod::ReadTextFile,
            ClientMethod::WriteTextFile,
            ClientMethod::CreateTerminal,
        ] {
            assert_eq!(ClientMethod::of(method.as_str()), Some(method));
        }
        assert_eq!(ClientMethod::of("terminal/output"), None);
    }
}
