//! [`Permission`]: a permission request for a call, and the client's answer.

use std::sync::Arc;
use std::time::SystemTime;

use super::line::{OptionFields, RequestId};
use super::text::{Text, WellKnown};

/// The latest permission request for a call: the options offered, and the answer once it
/// is known.
///
/// The answer is read from the client's response to the `session/request_permission`
/// request (matched by its JSON-RPC `id`), as a log of both directions records it, or fed
/// with the ACP SDK's types (`acp` feature).
///
/// ```
/// use toolmeta::client::{Ledger, PermissionDecision};
/// let mut ledger = Ledger::new();
/// ledger.feed(r#"{"jsonrpc":"2.0","id":7,"method":"session/request_permission","params":{"sessionId":"s1","toolCall":{"toolCallId":"c1","title":"rm -rf build","kind":"execute","status":"pending"},"options":[{"optionId":"yes","name":"Allow","kind":"allow_once"},{"optionId":"no","name":"Reject","kind":"reject_once"}]}}"#);
/// let permission = ledger.get("c1").unwrap().permission().unwrap();
/// assert_eq!(permission.options().len(), 2);
/// assert_eq!(permission.decision(), PermissionDecision::Waiting);
///
/// ledger.feed(r#"{"jsonrpc":"2.0","id":7,"result":{"outcome":{"outcome":"selected","optionId":"no"}}}"#);
/// let call = ledger.get("c1").unwrap();
/// assert_eq!(call.permission().unwrap().decision(), PermissionDecision::Rejected);
/// assert_eq!(call.permission().unwrap().selected().unwrap().name(), "Reject");
/// assert!(call.is_finished()); // a rejected call will not run
/// ```
#[derive(Debug, Clone)]
pub struct Permission {
    /// Shared with the calls whose requests offered the same options (a harness offers
    /// the same few on every request).
    options: Arc<[PermissionOption]>,
    outcome: Option<PermissionOutcome>,
    requested_at: Option<SystemTime>,
    answered_at: Option<SystemTime>,
    /// The request's JSON-RPC id, until it is answered.
    pub(crate) request_id: Option<RequestId>,
}

/// One option a permission request offered: `{optionId, name, kind}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PermissionOption {
    id: Text,
    name: Text,
    kind: Text,
}

/// The client's answer to a permission request.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PermissionOutcome {
    /// The user picked the option with this `optionId` (a `String`: the public answer
    /// owns its text whatever the client keeps).
    Selected(String),
    /// The request was cancelled (the prompt turn was cancelled).
    Cancelled,
}

/// What a permission's answer means for the call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PermissionDecision {
    /// No answer yet.
    Waiting,
    /// An `allow_once` or `allow_always` option was picked.
    Allowed,
    /// A `reject_once` or `reject_always` option was picked: the tool will not run.
    Rejected,
    /// The request was cancelled: the tool will not run.
    Cancelled,
    /// An option was picked that the request did not offer, or of a kind ACP does not
    /// define.
    Unclear,
}

impl PermissionDecision {
    /// Whether the tool will not run: rejected or cancelled.
    pub fn denies(self) -> bool {
        matches!(
            self,
            PermissionDecision::Rejected | PermissionDecision::Cancelled
        )
    }

    /// `waiting`, `allowed`, `rejected`, `cancelled` or `unclear`.
    pub fn as_str(self) -> &'static str {
        match self {
            PermissionDecision::Waiting => "waiting",
            PermissionDecision::Allowed => "allowed",
            PermissionDecision::Rejected => "rejected",
            PermissionDecision::Cancelled => "cancelled",
            PermissionDecision::Unclear => "unclear",
        }
    }
}

impl Permission {
    pub(crate) fn requested(requested: Requested, time: Option<SystemTime>) -> Permission {
        Permission {
            options: requested.options,
            outcome: None,
            requested_at: time,
            answered_at: None,
            request_id: requested.request_id,
        }
    }

    pub(crate) fn answer(&mut self, outcome: PermissionOutcome, time: Option<SystemTime>) {
        self.outcome = Some(outcome);
        self.answered_at = time;
        self.request_id = None;
    }

    /// About how many bytes it holds, for the ledger's byte budget.
    pub(crate) fn retained_bytes(&self) -> usize {
        size_of::<Permission>()
            + self
                .options
                .iter()
                .map(|option| size_of::<PermissionOption>() + option.text_bytes())
                .sum::<usize>()
            + match &self.outcome {
                Some(PermissionOutcome::Selected(id)) => id.len(),
                _ => 0,
            }
            + match &self.request_id {
                Some(RequestId::Text(id)) => id.len(),
                _ => 0,
            }
    }

    /// The options offered, in order.
    pub fn options(&self) -> &[PermissionOption] {
        &self.options
    }

    /// The client's answer, once known.
    pub fn outcome(&self) -> Option<&PermissionOutcome> {
        self.outcome.as_ref()
    }

    /// The option picked, when it is one of those offered.
    pub fn selected(&self) -> Option<&PermissionOption> {
        match &self.outcome {
            Some(PermissionOutcome::Selected(id)) => {
                self.options.iter().find(|option| *option.id == **id)
            }
            _ => None,
        }
    }

    /// What the answer means: waiting, allowed, rejected, cancelled (or unclear).
    pub fn decision(&self) -> PermissionDecision {
        match &self.outcome {
            None => PermissionDecision::Waiting,
            Some(PermissionOutcome::Cancelled) => PermissionDecision::Cancelled,
            Some(PermissionOutcome::Selected(_)) => {
                match self.selected().map(|option| option.kind()) {
                    Some("allow_once" | "allow_always") => PermissionDecision::Allowed,
                    Some("reject_once" | "reject_always") => PermissionDecision::Rejected,
                    _ => PermissionDecision::Unclear,
                }
            }
        }
    }

    /// When the request arrived, when the stream said.
    pub fn requested_at(&self) -> Option<SystemTime> {
        self.requested_at
    }

    /// When the answer arrived, when the stream said.
    pub fn answered_at(&self) -> Option<SystemTime> {
        self.answered_at
    }
}

/// A permission request as a call keeps it: its id, and its options shared.
pub(crate) struct Requested {
    pub(crate) request_id: Option<RequestId>,
    pub(crate) options: Arc<[PermissionOption]>,
}

impl PermissionOption {
    /// The option an `options` entry offers, when it has an `optionId`.
    pub(crate) fn of(option: &OptionFields<'_>) -> Option<PermissionOption> {
        Some(PermissionOption {
            id: Text::new(option.option_id.as_deref()?, WellKnown::None),
            name: Text::new(option.name.as_deref().unwrap_or_default(), WellKnown::None),
            kind: Text::new(option.kind.as_deref().unwrap_or_default(), WellKnown::None),
        })
    }

    /// The bytes of its text.
    pub(crate) fn text_bytes(&self) -> usize {
        self.id.len() + self.name.len() + self.kind.len()
    }

    /// Whether it is the option `sent` offers.
    pub(crate) fn is(&self, sent: &OptionFields<'_>) -> bool {
        sent.option_id.as_deref() == Some(&*self.id)
            && sent.name.as_deref().unwrap_or_default() == &*self.name
            && sent.kind.as_deref().unwrap_or_default() == &*self.kind
    }

    /// The `optionId` the answer names.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The text shown to the user (`Allow`, `Reject`, ...).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// ACP's `kind`: `allow_once`, `allow_always`, `reject_once`, `reject_always`, or
    /// another value as sent (empty when none was).
    pub fn kind(&self) -> &str {
        &self.kind
    }
}
