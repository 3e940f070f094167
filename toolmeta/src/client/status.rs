//! [`Status`]: where a tool call is in its lifecycle, as the agent said.

/// A tool call's status, as its updates last said: ACP's four statuses, and any other
/// value kept as sent.
///
/// A call whose updates never sent a status is [`Status::Pending`], ACP's default.
///
/// ```
/// use toolmeta::client::{Ledger, Status};
/// let mut ledger = Ledger::new();
/// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"a"}"#);
/// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"b","status":"bogus"}"#);
/// assert_eq!(ledger.get("a").unwrap().status(), Status::Pending);
/// let bogus = ledger.get("b").unwrap().status();
/// assert_eq!((bogus, bogus.as_str()), (Status::Unknown("bogus"), "bogus"));
/// assert!(!bogus.is_terminal());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Status<'a> {
    /// `pending`: not started (awaiting input or approval), or no status sent yet.
    Pending,
    /// `in_progress`: running.
    InProgress,
    /// `completed`: finished successfully.
    Completed,
    /// `failed`: finished with an error.
    Failed,
    /// A value ACP does not define, as sent.
    Unknown(&'a str),
}

impl<'a> Status<'a> {
    /// The status a wire value names (`"in_progress"` → [`Status::InProgress`]).
    pub fn from_wire(value: &'a str) -> Status<'a> {
        match value {
            "pending" => Status::Pending,
            "in_progress" => Status::InProgress,
            "completed" => Status::Completed,
            "failed" => Status::Failed,
            other => Status::Unknown(other),
        }
    }

    /// The wire value: `pending`, `in_progress`, `completed`, `failed`, or the unknown
    /// value as sent.
    pub fn as_str(&self) -> &'a str {
        match *self {
            Status::Pending => "pending",
            Status::InProgress => "in_progress",
            Status::Completed => "completed",
            Status::Failed => "failed",
            Status::Unknown(other) => other,
        }
    }

    /// Whether the status ends the call: `completed` or `failed`.
    pub fn is_terminal(&self) -> bool {
        matches!(self, Status::Completed | Status::Failed)
    }
}
