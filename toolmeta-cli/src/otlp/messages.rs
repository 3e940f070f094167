//! What the trace needs from the session's other messages: prompts and their answers,
//! `session/load` and its answer, the agent's name (DESIGN §8: turns, replays,
//! `gen_ai.agent.name`), and the policy's decisions a proxy log records
//! (`{"dir":"policy",…}`: who answered a permission request, by which rule). The ledger
//! reads the tool calls; this reads the rest, one JSON-RPC message (or record) at a time.

use serde::Deserialize;
use serde_json::value::RawValue;

/// One message, as far as the trace cares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Fact {
    /// A `session/prompt` request: a turn starts.
    Prompt {
        id: String,
        session_id: String,
        /// The W3C `traceparent` of the prompt's `_meta`.
        traceparent: Option<String>,
    },
    /// A `session/load` request: the agent replays the session's calls until it answers.
    Load { id: String, session_id: String },
    /// An answer to a request of the client.
    Answer {
        id: String,
        /// `result.stopReason` (a prompt's answer).
        stop_reason: Option<String>,
        /// The error's code, when the answer is an error.
        error_code: Option<String>,
        /// `result.agentInfo.name` (the `initialize` answer).
        agent_name: Option<String>,
    },
    /// The policy's decision on a permission request (a `{"dir":"policy",…}` record of the
    /// proxy's log, DESIGN §8).
    Policy(PolicyDecision),
}

/// A policy decision on one call's permission request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PolicyDecision {
    pub(crate) session_id: Option<String>,
    pub(crate) tool_call_id: String,
    /// `allow`, `ask` or `deny`.
    pub(crate) decision: String,
    /// The option the proxy answered with (`None`: it forwarded the request, or answered
    /// `cancelled`).
    pub(crate) option_id: Option<String>,
    /// The deciding rule (its name, `FILE:N`, or `default`).
    pub(crate) rule: Option<String>,
}

impl PolicyDecision {
    /// Whether the policy itself answered the request (DESIGN §8): a deny always does (with
    /// a reject option, else `cancelled`); an allow only when an `allow_once` option was
    /// offered (else the editor is asked); an ask never.
    pub(crate) fn answered(&self) -> bool {
        match self.decision.as_str() {
            "deny" => true,
            "allow" => self.option_id.is_some(),
            _ => false,
        }
    }
}

/// The fields of a policy record the trace reads.
#[derive(Deserialize)]
struct PolicyRecord {
    dir: String,
    #[serde(default)]
    session_id: Option<String>,
    #[serde(default)]
    tool_call_id: Option<String>,
    decision: String,
    #[serde(default)]
    option_id: Option<String>,
    #[serde(default)]
    rule: Option<String>,
}

#[derive(Deserialize)]
struct Wire<'a> {
    #[serde(borrow, default)]
    id: Option<&'a RawValue>,
    #[serde(default)]
    method: Option<String>,
    #[serde(borrow, default)]
    params: Option<&'a RawValue>,
    #[serde(borrow, default)]
    result: Option<&'a RawValue>,
    #[serde(borrow, default)]
    error: Option<&'a RawValue>,
}

#[derive(Deserialize)]
struct SessionParams {
    #[serde(rename = "sessionId")]
    session_id: String,
    #[serde(rename = "_meta", default)]
    meta: Option<Meta>,
}

#[derive(Deserialize)]
struct Meta {
    #[serde(default)]
    traceparent: Option<String>,
}

#[derive(Deserialize)]
struct AnswerResult {
    #[serde(rename = "stopReason", default)]
    stop_reason: Option<String>,
    #[serde(rename = "agentInfo", default)]
    agent_info: Option<AgentInfo>,
}

#[derive(Deserialize)]
struct AgentInfo {
    name: String,
}

#[derive(Deserialize)]
struct ErrorObject {
    code: serde_json::Number,
}

/// The fact one message states, if any. Never fails: a message of another shape states none.
pub(crate) fn read(message: &str) -> Option<Fact> {
    if message.trim_start().starts_with("{\"dir\"") {
        return policy(message);
    }
    let wire: Wire<'_> = serde_json::from_str(message).ok()?;
    let id = wire.id.map(|id| id.get().trim().to_owned());
    match (wire.method.as_deref(), id) {
        (Some(method @ ("session/prompt" | "session/load")), Some(id)) => {
            let params: SessionParams = serde_json::from_str(wire.params?.get()).ok()?;
            Some(if method == "session/prompt" {
                Fact::Prompt {
                    id,
                    session_id: params.session_id,
                    traceparent: params.meta.and_then(|meta| meta.traceparent),
                }
            } else {
                Fact::Load {
                    id,
                    session_id: params.session_id,
                }
            })
        }
        (None, Some(id)) if wire.result.is_some() || wire.error.is_some() => {
            let result = wire
                .result
                .and_then(|result| serde_json::from_str::<AnswerResult>(result.get()).ok());
            let error_code = wire
                .error
                .and_then(|error| serde_json::from_str::<ErrorObject>(error.get()).ok())
                .map(|error| error.code.to_string())
                .or_else(|| wire.error.map(|_| "error".to_owned()));
            let (stop_reason, agent_name) = match result {
                Some(result) => (result.stop_reason, result.agent_info.map(|info| info.name)),
                None => (None, None),
            };
            Some(Fact::Answer {
                id,
                stop_reason,
                error_code,
                agent_name,
            })
        }
        _ => None,
    }
}

/// A policy record on a permission request (one on a client method names no call: none).
fn policy(record: &str) -> Option<Fact> {
    let record: PolicyRecord = serde_json::from_str(record).ok()?;
    if record.dir != "policy" {
        return None;
    }
    Some(Fact::Policy(PolicyDecision {
        session_id: record.session_id,
        tool_call_id: record.tool_call_id?,
        decision: record.decision,
        option_id: record.option_id,
        rule: record.rule,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prompts_loads_and_answers_are_read_and_nothing_else() {
        assert_eq!(
            read(
                r#"{"jsonrpc":"2.0","id":2,"method":"session/prompt","params":{"sessionId":"s1","prompt":[],"_meta":{"traceparent":"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}}}"#
            ),
            Some(Fact::Prompt {
                id: "2".into(),
                session_id: "s1".into(),
                traceparent: Some("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01".into()),
            })
        );
        assert_eq!(
            read(
                r#"{"jsonrpc":"2.0","id":"l","method":"session/load","params":{"sessionId":"s1","cwd":"/"}}"#
            ),
            Some(Fact::Load {
                id: "\"l\"".into(),
                session_id: "s1".into()
            })
        );
        assert_eq!(
            read(r#"{"jsonrpc":"2.0","id":2,"result":{"stopReason":"end_turn"}}"#),
            Some(Fact::Answer {
                id: "2".into(),
                stop_reason: Some("end_turn".into()),
                error_code: None,
                agent_name: None
            })
        );
        assert_eq!(
            read(
                r#"{"jsonrpc":"2.0","id":0,"result":{"agentInfo":{"name":"claude-agent-acp","version":"1"}}}"#
            ),
            Some(Fact::Answer {
                id: "0".into(),
                stop_reason: None,
                error_code: None,
                agent_name: Some("claude-agent-acp".into())
            })
        );
        assert_eq!(
            read(r#"{"jsonrpc":"2.0","id":3,"error":{"code":-32603,"message":"x"}}"#),
            Some(Fact::Answer {
                id: "3".into(),
                stop_reason: None,
                error_code: Some("-32603".into()),
                agent_name: None
            })
        );
        // DESIGN §8's record of a policy decision.
        let deny = read(
            r#"{"dir":"policy","t":5,"session_id":"s1","id":9,"tool_call_id":"c1","decision":"deny","option_id":null,"rule":"no-env","evidence":"meta","earned":true}"#,
        );
        let Some(Fact::Policy(deny)) = deny else {
            panic!("{deny:?}");
        };
        assert_eq!(
            (deny.session_id.as_deref(), deny.tool_call_id.as_str()),
            (Some("s1"), "c1")
        );
        assert_eq!(deny.rule.as_deref(), Some("no-env"));
        // A deny answers even with no reject option (`cancelled`); an allow only with an
        // option to send; an ask never.
        assert!(deny.answered());
        let with = |decision: &str, option: Option<&str>| PolicyDecision {
            decision: decision.into(),
            option_id: option.map(str::to_owned),
            ..deny.clone()
        };
        assert!(with("allow", Some("once")).answered());
        assert!(!with("allow", None).answered());
        assert!(!with("ask", None).answered());
        for other in [
            // A client method's decision names no call.
            r#"{"dir":"policy","t":5,"session_id":"s1","id":10,"tool_call_id":null,"decision":"deny","option_id":null,"rule":"r"}"#,
            r#"{"dir":"agent->client","t":5,"msg":{}}"#,
            r#"{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{}}}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"session/prompt","params":[1]}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":"/"}}"#,
            "not json",
            "[]",
        ] {
            assert_eq!(read(other), None, "{other}");
        }
    }
}
