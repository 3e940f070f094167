//! [`Event`]: what feeding one message did to which call.

/// A stable handle on one call of a [`Ledger`](super::Ledger): it names the call for as
/// long as the ledger retains it, whatever arrives later (a session id the call's first
/// updates did not carry included). Handles order as the calls were first seen.
///
/// ```
/// use toolmeta::client::{Change, Ledger};
/// let mut ledger = Ledger::new();
/// // The first update names no session; the second does: still the same call.
/// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"read"}"#);
/// let id = ledger.events()[0].call;
/// ledger.feed(r#"{"sessionId":"s1","update":{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed"}}"#);
/// assert!(ledger.events().iter().all(|event| event.call == id));
/// assert_eq!(ledger.call(id).unwrap().session_id(), Some("s1"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CallId(pub(crate) u64);

/// One thing that happened to one call while a message was fed.
///
/// [`Ledger::events`](super::Ledger::events) lists the events of the last message fed, in
/// the order they happened; a live view is a loop over them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Event {
    /// The call it happened to.
    pub call: CallId,
    /// What happened.
    pub change: Change,
}

/// What happened to a call.
///
/// A `Created` call may get the other events of the same message too (a `tool_call` that
/// carries its input and a status is `Created`, `Identified`, `InputChanged`,
/// `StatusChanged`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Change {
    /// First seen.
    Created,
    /// Its identity — [`Call::source`](super::Call::source), name, kind, label or
    /// namespace — was resolved or changed.
    Identified,
    /// Its canonical [`input`](super::Call::input) arrived or changed.
    InputChanged,
    /// Its [`status`](super::Call::status) changed.
    StatusChanged,
    /// Its [`content`](super::Call::content), [`locations`](super::Call::locations),
    /// [`raw_output`](super::Call::raw_output) or
    /// [`parent_tool_call_id`](super::Call::parent_tool_call_id) arrived or changed.
    ContentChanged,
    /// A permission request for it arrived (a call still running waits on the user again:
    /// its status goes back to `pending`).
    PermissionRequested,
    /// The client's answer to its permission request arrived.
    PermissionAnswered,
    /// It finished: completed, failed, or its permission was rejected or cancelled (see
    /// [`Call::is_finished`](super::Call::is_finished)). Once, for good: a finished call
    /// keeps its identity.
    Finished,
    /// A later update contradicted the identity the call finished with: the call kept it,
    /// and recorded the claim ([`Call::conflicts`](super::Call::conflicts)).
    IdentityConflict,
    /// It was evicted to keep the ledger within its limits. Its handle still reads it until
    /// the next message is fed, then reads nothing.
    Evicted,
}
