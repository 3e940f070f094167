//! What the proxy learns of each session from both directions, for what acts on the
//! calls (a permission policy, telemetry): the session's working directory (`session/new`
//! with the `sessionId` the agent answers, or `session/load`), its prompt turns (a
//! `session/prompt` with its `_meta.traceparent`, until the agent answers it), and the
//! answers to the agent's permission requests (the client's, matched by JSON-RPC id, or
//! the proxy's own). Bounded: at most [`MAX_SESSIONS`] sessions (the oldest forgotten
//! first), [`MAX_TURNS`] turns and [`MAX_ANSWERS`] answers each, [`MAX_PENDING`] requests
//! waiting for an answer each way, and no text longer than [`MAX_TEXT_BYTES`] kept.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::time::SystemTime;

use toolmeta::client::PermissionOutcome;

/// The most sessions remembered.
pub const MAX_SESSIONS: usize = 1024;
/// The most prompt turns remembered per session (the latest).
pub const MAX_TURNS: usize = 16;
/// The most permission answers remembered per session (the latest).
pub const MAX_ANSWERS: usize = 64;
/// The most requests waiting for their answer, each way.
pub const MAX_PENDING: usize = 1024;
/// The longest text kept (a working directory, a `traceparent`, an id): longer ones are
/// not kept at all, never cut (a cut path would be another path).
pub const MAX_TEXT_BYTES: usize = 4096;

/// A JSON-RPC request id as a key: a string's value, or a number's text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum RequestKey {
    Number(Box<str>),
    Text(Box<str>),
}

impl RequestKey {
    /// The key of an id as sent (its JSON text); `None` for `null`, other values, or an id
    /// longer than [`MAX_TEXT_BYTES`].
    pub(crate) fn of(raw: &str) -> Option<RequestKey> {
        let raw = raw.trim();
        if raw.len() > MAX_TEXT_BYTES {
            return None;
        }
        match raw.as_bytes().first()? {
            b'"' => serde_json::from_str::<String>(raw)
                .ok()
                .map(|text| RequestKey::Text(text.into())),
            b'-' | b'0'..=b'9' => Some(RequestKey::Number(raw.into())),
            _ => None,
        }
    }
}

/// Who answered a permission request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum AnsweredBy {
    /// The client (the person, through the editor).
    Client,
    /// The proxy itself (a [`Decider`](super::Decider) answered it).
    Proxy,
}

/// The answer to one permission request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PermissionAnswer {
    /// The call the request was about.
    pub tool_call_id: String,
    /// The option picked, or the cancellation.
    pub outcome: PermissionOutcome,
    /// Who answered.
    pub by: AnsweredBy,
    /// When the proxy read (or wrote) the answer.
    pub at: SystemTime,
}

/// One prompt turn: a `session/prompt` request until the agent's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// The W3C `traceparent` the prompt's `_meta` carried.
    pub traceparent: Option<String>,
    /// When the proxy read the prompt.
    pub started: SystemTime,
    /// When the agent answered it, if it has.
    pub ended: Option<SystemTime>,
    /// The answer's `stopReason` (`end_turn`, `cancelled`, …), or `error` for an error
    /// answer.
    pub stop_reason: Option<String>,
}

/// What the proxy knows of one session.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SessionState {
    cwd: Option<String>,
    turns: VecDeque<Turn>,
    answers: VecDeque<PermissionAnswer>,
}

impl SessionState {
    /// The session's working directory, as the client sent it (ACP: an absolute path).
    pub fn cwd(&self) -> Option<&str> {
        self.cwd.as_deref()
    }

    /// The latest prompt turns, oldest first.
    pub fn turns(&self) -> impl DoubleEndedIterator<Item = &Turn> + ExactSizeIterator {
        self.turns.iter()
    }

    /// The turn under way: the latest, when the agent has not answered it.
    pub fn current_turn(&self) -> Option<&Turn> {
        self.turns.back().filter(|turn| turn.ended.is_none())
    }

    /// The latest answers to permission requests, oldest first.
    pub fn answers(
        &self,
    ) -> impl DoubleEndedIterator<Item = &PermissionAnswer> + ExactSizeIterator {
        self.answers.iter()
    }
}

/// A client request waiting for the agent's answer.
#[derive(Debug)]
enum ClientRequest {
    /// `session/new`: the session is named by the answer.
    NewSession { cwd: Option<String> },
    /// `session/prompt` in a session.
    Prompt { session_id: String },
}

/// An agent's permission request waiting for the client's answer.
#[derive(Debug, Clone)]
pub(crate) struct AskedPermission {
    pub(crate) session_id: Option<String>,
    pub(crate) tool_call_id: String,
}

/// Every session's state, and the requests waiting for answers.
#[derive(Debug)]
pub struct Sessions {
    sessions: Bounded<String, SessionState>,
    client_requests: Bounded<RequestKey, ClientRequest>,
    permission_requests: Bounded<RequestKey, AskedPermission>,
}

impl Default for Sessions {
    fn default() -> Self {
        Sessions {
            sessions: Bounded::new(MAX_SESSIONS),
            client_requests: Bounded::new(MAX_PENDING),
            permission_requests: Bounded::new(MAX_PENDING),
        }
    }
}

impl Sessions {
    /// The state of session `session_id`, if the proxy has learned anything of it.
    pub fn get(&self, session_id: &str) -> Option<&SessionState> {
        self.sessions.map.get(session_id)
    }

    /// How many sessions are remembered.
    pub fn len(&self) -> usize {
        self.sessions.map.len()
    }

    /// Whether no session is remembered.
    pub fn is_empty(&self) -> bool {
        self.sessions.map.is_empty()
    }

    /// The client asked for a new session in `cwd`.
    pub(crate) fn new_session_asked(&mut self, id: RequestKey, cwd: Option<&str>) {
        let cwd = kept(cwd);
        self.client_requests
            .insert(id, ClientRequest::NewSession { cwd });
    }

    /// The client asked to load session `session_id` in `cwd` (the agent replays it
    /// before it answers: the cwd holds from now).
    pub(crate) fn load_session_asked(&mut self, session_id: &str, cwd: Option<&str>) {
        if let Some(cwd) = kept(cwd)
            && let Some(session) = self.session_mut(session_id)
        {
            session.cwd = Some(cwd);
        }
    }

    /// The client sent a prompt in session `session_id`.
    pub(crate) fn prompt_sent(
        &mut self,
        id: Option<RequestKey>,
        session_id: &str,
        traceparent: Option<&str>,
        now: SystemTime,
    ) {
        let Some(session) = self.session_mut(session_id) else {
            return;
        };
        if session.turns.len() == MAX_TURNS {
            session.turns.pop_front();
        }
        session.turns.push_back(Turn {
            traceparent: traceparent
                .filter(|text| text.len() <= MAX_TEXT_BYTES)
                .map(str::to_owned),
            started: now,
            ended: None,
            stop_reason: None,
        });
        if let Some(id) = id {
            self.client_requests.insert(
                id,
                ClientRequest::Prompt {
                    session_id: session_id.to_owned(),
                },
            );
        }
    }

    /// The agent answered the client's request `id`: a `session/new` answer names its
    /// session (`session_id`), a prompt's ends its turn (`stop_reason`, or `error`).
    pub(crate) fn agent_answered(
        &mut self,
        id: &RequestKey,
        session_id: Option<&str>,
        stop_reason: Option<&str>,
        is_error: bool,
        now: SystemTime,
    ) {
        match self.client_requests.remove(id) {
            Some(ClientRequest::NewSession { cwd }) => {
                if let Some(session_id) = session_id
                    && let Some(session) = self.session_mut(session_id)
                {
                    session.cwd = cwd;
                }
            }
            Some(ClientRequest::Prompt { session_id }) => {
                let Some(session) = self.sessions.map.get_mut(&session_id) else {
                    return;
                };
                if let Some(turn) = session.turns.iter_mut().rev().find(|t| t.ended.is_none()) {
                    turn.ended = Some(now);
                    turn.stop_reason = if is_error {
                        Some("error".to_owned())
                    } else {
                        stop_reason
                            .filter(|text| text.len() <= MAX_TEXT_BYTES)
                            .map(str::to_owned)
                    };
                }
            }
            None => {}
        }
    }

    /// The agent asked permission for call `tool_call_id` with request `id`.
    pub(crate) fn permission_asked(&mut self, id: RequestKey, asked: AskedPermission) {
        self.permission_requests.insert(id, asked);
    }

    /// The permission request `id` was answered; returns what it asked (`None` when the
    /// request is not known: then the answer is not one).
    pub(crate) fn permission_answered(&mut self, id: &RequestKey) -> Option<AskedPermission> {
        self.permission_requests.remove(id)
    }

    /// Records the answer to a permission request in its session.
    pub(crate) fn record_answer(&mut self, session_id: Option<&str>, answer: PermissionAnswer) {
        let Some(session) = session_id.and_then(|id| self.session_mut(id)) else {
            return;
        };
        if session.answers.len() == MAX_ANSWERS {
            session.answers.pop_front();
        }
        session.answers.push_back(answer);
    }

    /// The state of a session, made when first named; `None` for an id too long to keep.
    fn session_mut(&mut self, session_id: &str) -> Option<&mut SessionState> {
        if session_id.len() > MAX_TEXT_BYTES {
            return None;
        }
        if !self.sessions.map.contains_key(session_id) {
            self.sessions
                .insert(session_id.to_owned(), SessionState::default());
        }
        self.sessions.map.get_mut(session_id)
    }
}

/// A text worth keeping: present and at most [`MAX_TEXT_BYTES`].
fn kept(text: Option<&str>) -> Option<String> {
    text.filter(|text| text.len() <= MAX_TEXT_BYTES)
        .map(str::to_owned)
}

/// A map that forgets its oldest entries beyond a bound ([`MAX_SESSIONS`] for sessions,
/// [`MAX_PENDING`] for requests).
#[derive(Debug)]
struct Bounded<K, V> {
    map: HashMap<K, V>,
    /// Keys in insertion order, oldest first; some may have been removed since.
    order: VecDeque<K>,
    max: usize,
}

impl<K: Clone + Eq + Hash, V> Bounded<K, V> {
    fn new(max: usize) -> Self {
        Bounded {
            map: HashMap::new(),
            order: VecDeque::new(),
            max,
        }
    }

    fn insert(&mut self, key: K, value: V) {
        let bound = self.max;
        if self.map.insert(key.clone(), value).is_none() {
            self.order.push_back(key);
        }
        while self.map.len() > bound {
            match self.order.pop_front() {
                Some(oldest) => {
                    self.map.remove(&oldest);
                }
                None => break,
            }
        }
        // Keys removed by an answer stay in `order` until they come up: sweep them when
        // they outnumber the live ones.
        if self.order.len() > 2 * bound {
            let map = &self.map;
            self.order.retain(|key| map.contains_key(key));
        }
    }

    fn remove(&mut self, key: &K) -> Option<V> {
        self.map.remove(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(raw: &str) -> RequestKey {
        RequestKey::of(raw).unwrap()
    }

    #[test]
    fn request_keys_read_strings_by_value_and_numbers_as_written() {
        assert_eq!(key(r#""a\u0062""#), key(r#""ab""#));
        assert_ne!(key("1"), key(r#""1""#));
        assert_eq!(key(" 7 "), key("7"));
        for bad in ["null", "{}", "[1]", "true", ""] {
            assert_eq!(RequestKey::of(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_new_sessions_cwd_is_tied_to_the_id_the_agent_answers() {
        let now = SystemTime::UNIX_EPOCH;
        let mut sessions = Sessions::default();
        sessions.new_session_asked(key("1"), Some("/w/a"));
        sessions.new_session_asked(key("2"), Some("/w/b"));
        assert!(sessions.is_empty());
        sessions.agent_answered(&key("2"), Some("s-b"), None, false, now);
        sessions.agent_answered(&key("1"), Some("s-a"), None, false, now);
        assert_eq!(
            sessions.get("s-a").and_then(SessionState::cwd),
            Some("/w/a")
        );
        assert_eq!(
            sessions.get("s-b").and_then(SessionState::cwd),
            Some("/w/b")
        );
        // An answer to nothing asked changes nothing.
        sessions.agent_answered(&key("3"), Some("s-c"), None, false, now);
        assert!(sessions.get("s-c").is_none());
        // `session/load` names its session and cwd at once.
        sessions.load_session_asked("s-old", Some("/w/old"));
        assert_eq!(
            sessions.get("s-old").and_then(SessionState::cwd),
            Some("/w/old")
        );
    }

    #[test]
    fn a_prompt_turn_runs_until_the_agent_answers_it() {
        let start = SystemTime::UNIX_EPOCH;
        let end = start + std::time::Duration::from_secs(3);
        let mut sessions = Sessions::default();
        let parent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        sessions.prompt_sent(Some(key("5")), "s", Some(parent), start);
        let turn = sessions.get("s").unwrap().current_turn().unwrap();
        assert_eq!(turn.traceparent.as_deref(), Some(parent));
        sessions.agent_answered(&key("5"), None, Some("end_turn"), false, end);
        let session = sessions.get("s").unwrap();
        assert!(session.current_turn().is_none());
        let turn = session.turns().last().unwrap();
        assert_eq!(
            (turn.ended, turn.stop_reason.as_deref()),
            (Some(end), Some("end_turn"))
        );
        sessions.prompt_sent(Some(key("6")), "s", None, end);
        sessions.agent_answered(&key("6"), None, None, true, end);
        assert_eq!(
            sessions
                .get("s")
                .unwrap()
                .turns()
                .last()
                .unwrap()
                .stop_reason
                .as_deref(),
            Some("error")
        );
    }

    #[test]
    fn everything_kept_is_bounded() {
        let now = SystemTime::UNIX_EPOCH;
        let mut sessions = Sessions::default();
        for i in 0..MAX_SESSIONS + 10 {
            sessions.prompt_sent(None, &format!("s{i}"), None, now);
        }
        assert_eq!(sessions.len(), MAX_SESSIONS);
        assert!(sessions.get("s0").is_none());
        assert!(sessions.get(&format!("s{}", MAX_SESSIONS + 9)).is_some());
        for i in 0..MAX_TURNS + 5 {
            sessions.prompt_sent(Some(key(&i.to_string())), "busy", None, now);
        }
        assert_eq!(sessions.get("busy").unwrap().turns().len(), MAX_TURNS);
        for i in 0..MAX_PENDING * 3 {
            sessions.permission_asked(
                key(&format!("\"p{i}\"")),
                AskedPermission {
                    session_id: None,
                    tool_call_id: "c".into(),
                },
            );
        }
        assert_eq!(sessions.permission_requests.map.len(), MAX_PENDING);
        assert!(sessions.permission_requests.order.len() <= 2 * MAX_PENDING);
        assert!(sessions.permission_answered(&key("\"p0\"")).is_none());
        assert!(
            sessions
                .permission_answered(&key(&format!("\"p{}\"", MAX_PENDING * 3 - 1)))
                .is_some()
        );
        // A cwd longer than kept is not kept, not cut.
        let long = "/".repeat(MAX_TEXT_BYTES + 1);
        sessions.load_session_asked("s-long", Some(&long));
        assert!(sessions.get("s-long").is_none_or(|s| s.cwd().is_none()));
    }
}
