//! [`Session`]: the calls of one ACP session, as a view of the ledger.

use std::collections::HashMap;

use super::{Call, CallId, Ledger, Summary};

/// The retained calls of one session (or of none: calls whose updates never named a
/// session), in first-seen order.
///
/// ```
/// use toolmeta::client::Ledger;
/// let mut ledger = Ledger::new();
/// for (session, id, status) in [("s1", "a", "completed"), ("s2", "b", "in_progress"), ("s1", "c", "failed")] {
///     ledger.feed(&*format!(
///         r#"{{"sessionId":"{session}","update":{{"sessionUpdate":"tool_call","toolCallId":"{id}","kind":"read","status":"{status}"}}}}"#
///     ));
/// }
/// let sessions: Vec<_> = ledger.sessions().iter().map(|s| (s.id(), s.len())).collect();
/// assert_eq!(sessions, [(Some("s1"), 2), (Some("s2"), 1)]);
///
/// let s1 = ledger.session("s1").unwrap();
/// assert!(s1.is_finished());
/// assert_eq!((s1.summary().completed, s1.summary().failed), (1, 1));
///
/// // A finished session can be forgotten: its calls go, and so do their late updates.
/// assert_eq!(ledger.forget_session("s1"), 2);
/// assert_eq!(ledger.len(), 1);
/// assert!(ledger.session("s1").is_none());
/// ```
#[derive(Debug, Clone)]
pub struct Session<'a> {
    id: Option<&'a str>,
    calls: Vec<&'a Call>,
}

impl<'a> Session<'a> {
    /// The session's id; `None` for the calls that named no session.
    pub fn id(&self) -> Option<&'a str> {
        self.id
    }

    /// Its calls, in first-seen order.
    pub fn calls(&self) -> impl DoubleEndedIterator<Item = &'a Call> + ExactSizeIterator + '_ {
        self.calls.iter().copied()
    }

    /// How many calls it has.
    pub fn len(&self) -> usize {
        self.calls.len()
    }

    /// Whether it has no calls (a session view always has some).
    pub fn is_empty(&self) -> bool {
        self.calls.is_empty()
    }

    /// Whether every call of the session has finished.
    pub fn is_finished(&self) -> bool {
        self.calls.iter().all(|call| call.is_finished())
    }

    /// Its calls' counts and times.
    pub fn summary(&self) -> Summary {
        Summary::of(self.calls.iter().copied())
    }
}

// Sessions are computed from the calls when asked, not indexed as every call arrives: views
// are asked for far less often than lines arrive.
impl Ledger {
    /// The sessions with retained calls, in the first-seen order of their first calls; the
    /// calls that named no session come as a session without an id.
    pub fn sessions(&self) -> Vec<Session<'_>> {
        let mut sessions: Vec<Session<'_>> = Vec::new();
        let mut by_id: HashMap<Option<&str>, usize> = HashMap::new();
        for call in self.calls() {
            let index = *by_id.entry(call.session_id()).or_insert_with(|| {
                sessions.push(Session {
                    id: call.session_id(),
                    calls: Vec::new(),
                });
                sessions.len() - 1
            });
            sessions[index].calls.push(call);
        }
        sessions
    }

    /// The session `session_id`, if it has retained calls.
    pub fn session(&self, session_id: &str) -> Option<Session<'_>> {
        let mut sessions = self.sessions().into_iter();
        sessions.find(|session| session.id == Some(session_id))
    }

    /// Counts and times over every retained call.
    pub fn summary(&self) -> Summary {
        Summary::of(self.calls())
    }

    /// Removes every call of session `session_id` (a session the client closed, say);
    /// returns how many. Later updates of those calls are dropped, as for evicted calls
    /// ([`LineCounts::late_updates`](super::LineCounts::late_updates)).
    pub fn forget_session(&mut self, session_id: &str) -> usize {
        let ids: Vec<CallId> = self
            .calls()
            .filter(|call| call.session_id() == Some(session_id))
            .map(Call::id)
            .collect();
        ids.into_iter().filter(|id| self.store.forget(id.0)).count()
    }
}
