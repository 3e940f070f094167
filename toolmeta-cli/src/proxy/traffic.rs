//! What the proxy makes of each line, both ways: one state ([`Known`]: the stamper's ledger
//! and the sessions), read and updated by the two pumps under one lock, held for one
//! line's work and never across a read or a write of the streams.
//!
//! - The agent's lines ([`AgentLines`]): stamped; a response to the client's request
//!   completes it (a `session/new` answer names the session of its cwd, a prompt's answer
//!   ends its turn); a request to the client is offered to the [`Decider`], whose answer
//!   replaces it, else it is passed on (a permission request then waits for the client's
//!   answer).
//! - The client's lines ([`ClientLines`]): `session/new`, `session/load` and
//!   `session/prompt` requests are noted; a response to a permission request is fed to the
//!   ledger as its answer. The lines themselves pass unchanged.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::SystemTime;

use super::Stamper;
use super::agent_input::ProxySide;
use super::client_scan::{self, ClientLine};
use super::decide::{AgentRequest, ClientMethod, Decider};
use super::sessions::{AnsweredBy, AskedPermission, PermissionAnswer, RequestKey, Sessions};
use super::stamp::Seen;

/// What the proxy knows, shared by the two pumps.
pub(super) struct Known {
    stamper: Stamper,
    sessions: Sessions,
}

/// [`Known`], shared.
#[derive(Clone)]
pub(super) struct Shared(Arc<Mutex<Known>>);

impl Shared {
    pub(super) fn new(stamper: Stamper) -> Shared {
        Shared(Arc::new(Mutex::new(Known {
            stamper,
            sessions: Sessions::default(),
        })))
    }

    fn lock(&self) -> MutexGuard<'_, Known> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// What becomes of one line of the agent.
pub(super) enum Pass {
    /// Passed on as it is.
    Unchanged,
    /// Passed on as this instead.
    Changed(Vec<u8>),
    /// Not passed on: the proxy answers it with this message (without its line ending),
    /// already queued for the agent.
    Answered(Vec<u8>),
}

/// The agent's side.
pub(super) struct AgentLines {
    known: Shared,
    decider: Box<dyn Decider>,
    proxy: ProxySide,
}

impl AgentLines {
    pub(super) fn new(known: Shared, decider: Box<dyn Decider>, proxy: ProxySide) -> AgentLines {
        AgentLines {
            known,
            decider,
            proxy,
        }
    }

    /// Reads one line of the agent (without its line ending) at `now`. `settle` runs just
    /// before a request goes to the decider, which may write its decision to the log: the
    /// caller writes there what it holds of the lines read before this one.
    pub(super) fn pass(&mut self, line: &[u8], now: SystemTime, settle: &mut dyn FnMut()) -> Pass {
        let mut known = self.known.lock();
        let Known { stamper, sessions } = &mut *known;
        let (stamped, seen) = stamper.read(line, now);
        let unanswered = |stamped: Option<Vec<u8>>| match stamped {
            Some(changed) => Pass::Changed(changed),
            None => Pass::Unchanged,
        };
        let (method, id, session_id, tool_call_id) = match seen {
            Seen::Nothing => return unanswered(stamped),
            Seen::Response(response) => {
                if let Some(id) = RequestKey::of(response.id.get()) {
                    sessions.agent_answered(
                        &id,
                        response.session_id.as_deref(),
                        response.stop_reason.as_deref(),
                        response.is_error,
                        now,
                    );
                }
                return unanswered(stamped);
            }
            Seen::Permission {
                id,
                session_id,
                tool_call_id,
            } => (
                ClientMethod::RequestPermission,
                id,
                session_id,
                Some(tool_call_id),
            ),
            Seen::Request {
                method,
                id,
                session_id,
            } => (method, id, session_id, None),
        };
        // `read` found the request in the line's text: the line is UTF-8.
        let message = std::str::from_utf8(line).unwrap_or_default();
        let request = AgentRequest {
            method,
            id,
            session_id: session_id.as_deref(),
            message,
            call: tool_call_id
                .as_deref()
                .and_then(|tool_call_id| stamper.call(session_id.as_deref(), tool_call_id)),
            history: stamper.history(),
            session: session_id.as_deref().and_then(|id| sessions.get(id)),
            agent: stamper.agent(),
        };
        settle();
        let answer = self
            .decider
            .decide(&request)
            .map(|answer| answer.response(id))
            .filter(|response| self.proxy.has_room(response.len()));
        match answer {
            Some(response) => {
                if let Some(tool_call_id) = &tool_call_id
                    && let Some(outcome) =
                        stamper.answer(&response, session_id.as_deref(), tool_call_id, now)
                {
                    sessions.record_answer(
                        session_id.as_deref(),
                        PermissionAnswer {
                            tool_call_id: tool_call_id.clone().into_owned(),
                            outcome,
                            by: AnsweredBy::Proxy,
                            at: now,
                        },
                    );
                }
                Pass::Answered(response)
            }
            None => {
                if let Some(tool_call_id) = tool_call_id
                    && let Some(id) = RequestKey::of(id.get())
                {
                    sessions.permission_asked(
                        id,
                        AskedPermission {
                            session_id: session_id.map(|id| id.into_owned()),
                            tool_call_id: tool_call_id.into_owned(),
                        },
                    );
                }
                unanswered(stamped)
            }
        }
    }

    /// Queues an answer [`AgentLines::pass`] made for the agent.
    pub(super) fn send(&self, response: &[u8]) {
        // `pass` made sure there is room, and only this side sends.
        let _ = self.proxy.send(response);
    }
}

/// The client's side.
pub(super) struct ClientLines {
    known: Shared,
}

impl ClientLines {
    pub(super) fn new(known: Shared) -> ClientLines {
        ClientLines { known }
    }

    /// Reads one line of the client (without its line ending) at `now`.
    pub(super) fn read(&mut self, line: &[u8], now: SystemTime) {
        let read = client_scan::scan(line);
        if read == ClientLine::Other {
            return;
        }
        let mut known = self.known.lock();
        let Known { stamper, sessions } = &mut *known;
        match read {
            ClientLine::NewSession { id, cwd } => {
                if let Some(id) = RequestKey::of(id) {
                    sessions.new_session_asked(id, cwd.as_deref());
                }
            }
            ClientLine::LoadSession { session_id, cwd } => {
                sessions.load_session_asked(&session_id, cwd.as_deref());
            }
            ClientLine::Prompt {
                id,
                session_id,
                traceparent,
            } => {
                let id = id.and_then(RequestKey::of);
                sessions.prompt_sent(id, &session_id, traceparent.as_deref(), now);
            }
            ClientLine::Response { id } => {
                let Some(asked) =
                    RequestKey::of(id).and_then(|id| sessions.permission_answered(&id))
                else {
                    return;
                };
                let session_id = asked.session_id.as_deref();
                if let Some(outcome) = stamper.answer(line, session_id, &asked.tool_call_id, now) {
                    sessions.record_answer(
                        session_id,
                        PermissionAnswer {
                            tool_call_id: asked.tool_call_id,
                            outcome,
                            by: AnsweredBy::Client,
                            at: now,
                        },
                    );
                }
            }
            ClientLine::Other => {}
        }
    }

    /// Runs `f` on what the proxy knows of the sessions now.
    #[cfg(test)]
    pub(super) fn sessions<T>(&self, f: impl FnOnce(&Sessions) -> T) -> T {
        f(&self.known.lock().sessions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proxy::agent_input;
    use crate::proxy::decide::{Answer, Forward};
    use toolmeta::client::PermissionOutcome;

    const NOW: SystemTime = SystemTime::UNIX_EPOCH;

    /// Both sides over one state, the agent's input a sink nobody reads.
    fn sides(decider: Box<dyn Decider>) -> (AgentLines, ClientLines) {
        let known = Shared::new(Stamper::new(None, false));
        let (_, proxy) = agent_input::split(std::io::sink());
        (
            AgentLines::new(known.clone(), decider, proxy),
            ClientLines::new(known),
        )
    }

    const PERMISSION: &str = r#"{"jsonrpc":"2.0","id":9,"method":"session/request_permission","params":{"sessionId":"s1","toolCall":{"toolCallId":"c1","title":"cargo test","kind":"execute","rawInput":{"command":"cargo test"}},"options":[{"optionId":"once","name":"Allow","kind":"allow_once"},{"optionId":"no","name":"Reject","kind":"reject_once"}]}}"#;

    #[test]
    fn both_directions_build_each_sessions_state() {
        let (mut agent, mut client) = sides(Box::new(Forward));
        let lines: [(bool, &str); 6] = [
            (
                true,
                r#"{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":"/w/p","mcpServers":[]}}"#,
            ),
            (
                false,
                r#"{"jsonrpc":"2.0","id":1,"result":{"sessionId":"s1"}}"#,
            ),
            (
                true,
                r#"{"jsonrpc":"2.0","id":2,"method":"session/prompt","params":{"sessionId":"s1","prompt":[],"_meta":{"traceparent":"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}}}"#,
            ),
            (false, PERMISSION),
            (
                true,
                r#"{"jsonrpc":"2.0","id":9,"result":{"outcome":{"outcome":"selected","optionId":"no"}}}"#,
            ),
            (
                false,
                r#"{"jsonrpc":"2.0","id":2,"result":{"stopReason":"end_turn"}}"#,
            ),
        ];
        for (from_client, line) in lines {
            if from_client {
                client.read(line.as_bytes(), NOW);
            } else {
                // The default decides nothing: every line passes (the permission request
                // gets its envelope).
                assert!(!matches!(
                    agent.pass(line.as_bytes(), NOW, &mut || {}),
                    Pass::Answered(_)
                ));
            }
        }
        client.sessions(|sessions| {
            let session = sessions.get("s1").expect("session s1");
            assert_eq!(session.cwd(), Some("/w/p"));
            let turn = session.turns().last().unwrap();
            assert_eq!(
                turn.traceparent.as_deref(),
                Some("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
            );
            assert_eq!(turn.stop_reason.as_deref(), Some("end_turn"));
            let answers: Vec<_> = session.answers().collect();
            assert_eq!(answers.len(), 1);
            assert_eq!(answers[0].tool_call_id, "c1");
            assert_eq!(answers[0].outcome, PermissionOutcome::Selected("no".into()));
            assert_eq!(answers[0].by, AnsweredBy::Client);
        });
        // An answer to a request nobody asked is nobody's.
        client.read(
            br#"{"jsonrpc":"2.0","id":9,"result":{"outcome":{"outcome":"cancelled"}}}"#,
            NOW,
        );
        client.sessions(|sessions| assert_eq!(sessions.get("s1").unwrap().answers().len(), 1));
    }

    /// Answers every permission request with its first option, and sees what it was given.
    struct FirstOption(Arc<Mutex<Vec<String>>>);

    impl Decider for FirstOption {
        fn decide(&mut self, request: &AgentRequest<'_>) -> Option<Answer> {
            let seen = format!(
                "{} {} cwd={:?} label={:?}",
                request.method.as_str(),
                request.id.get(),
                request.session.and_then(|session| session.cwd()),
                request.call.map(|call| call.label()),
            );
            self.0.lock().unwrap().push(seen);
            let option = request
                .call?
                .permission()?
                .options()
                .first()?
                .id()
                .to_owned();
            Some(Answer::Selected(option))
        }
    }

    #[test]
    fn a_decider_sees_the_request_with_its_call_and_session_and_its_answer_is_recorded() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let (mut agent, mut client) = sides(Box::new(FirstOption(seen.clone())));
        client.read(
            br#"{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":"/w/p"}}"#,
            NOW,
        );
        agent.pass(
            br#"{"jsonrpc":"2.0","id":1,"result":{"sessionId":"s1"}}"#,
            NOW,
            &mut || {},
        );
        let Pass::Answered(answer) = agent.pass(PERMISSION.as_bytes(), NOW, &mut || {}) else {
            panic!("the request was not answered");
        };
        assert_eq!(
            String::from_utf8(answer).unwrap(),
            r#"{"jsonrpc":"2.0","id":9,"result":{"outcome":{"outcome":"selected","optionId":"once"}}}"#
        );
        // A client method request reaches the decider too; this one passes it on.
        let read = br#"{"jsonrpc":"2.0","id":10,"method":"fs/read_text_file","params":{"sessionId":"s1","path":"/w/p/a"}}"#;
        assert!(matches!(agent.pass(read, NOW, &mut || {}), Pass::Unchanged));
        assert_eq!(
            *seen.lock().unwrap(),
            [
                r#"session/request_permission 9 cwd=Some("/w/p") label=Some("Run Command")"#,
                r#"fs/read_text_file 10 cwd=Some("/w/p") label=None"#,
            ]
        );
        client.sessions(|sessions| {
            let answers: Vec<_> = sessions.get("s1").unwrap().answers().cloned().collect();
            assert_eq!(answers.len(), 1);
            assert_eq!(
                (answers[0].outcome.clone(), answers[0].by),
                (
                    PermissionOutcome::Selected("once".into()),
                    AnsweredBy::Proxy
                )
            );
        });
    }
}
