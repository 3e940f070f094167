//! [`Summary`]: counts and times over a set of calls (a ledger, a session).

use std::time::{Duration, SystemTime};

use super::{Call, Outcome};

/// Counts and times over a set of calls: a [`Ledger`](super::Ledger)'s
/// ([`Ledger::summary`](super::Ledger::summary)) or a [`Session`](super::Session)'s.
///
/// Every call is counted once in `completed`, `failed`, `rejected` or `unfinished` (by
/// [`Call::outcome`]): a call whose permission was rejected or cancelled is `rejected`
/// whatever its status says, and counted again in `rejected_but_completed` when the agent
/// then reported it completed.
///
/// ```
/// use std::time::{Duration, SystemTime};
/// use toolmeta::client::Ledger;
/// let mut ledger = Ledger::new();
/// let t0 = SystemTime::UNIX_EPOCH + Duration::from_secs(1_800_000_000);
/// let at = |ms| t0 + Duration::from_millis(ms);
/// for (line, ms) in [
///     (r#"{"sessionUpdate":"tool_call","toolCallId":"a","title":"grep","kind":"search"}"#, 0),
///     (r#"{"sessionUpdate":"tool_call","toolCallId":"b","title":"rg","kind":"search"}"#, 10),
///     (r#"{"sessionUpdate":"tool_call_update","toolCallId":"a","status":"completed"}"#, 400),
///     (r#"{"sessionUpdate":"tool_call","toolCallId":"c","title":"Read a.rs","kind":"read"}"#, 500),
/// ] {
///     ledger.feed_at(line, at(ms));
/// }
/// let summary = ledger.summary();
/// assert_eq!((summary.calls, summary.completed, summary.unfinished), (3, 1, 2));
/// assert_eq!((summary.first_seen, summary.last_seen), (Some(at(0)), Some(at(500))));
/// let search = &summary.labels[0];
/// assert_eq!((search.label.as_str(), search.calls, search.unfinished), ("Search", 2, 1));
/// assert_eq!(search.names, ["grep", "rg"]);
/// assert_eq!(search.total_duration, Duration::from_millis(400));
/// assert_eq!(summary.labels[1].unnamed, 1); // `Read a.rs` is a title, not a tool name
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Summary {
    /// How many calls.
    pub calls: usize,
    /// Calls whose status is `completed`.
    pub completed: usize,
    /// Calls whose status is `failed`.
    pub failed: usize,
    /// Calls whose permission was rejected or cancelled.
    pub rejected: usize,
    /// Of those, calls the agent reported completed all the same.
    pub rejected_but_completed: usize,
    /// Calls not finished (see [`Call::is_finished`]).
    pub unfinished: usize,
    /// The earliest time a call was first seen, when the stream gave times.
    pub first_seen: Option<SystemTime>,
    /// The latest time a call was updated, when the stream gave times.
    pub last_seen: Option<SystemTime>,
    /// The calls grouped by label, in the first-seen order of the labels.
    pub labels: Vec<LabelSummary>,
}

/// The calls of one label.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct LabelSummary {
    /// The label.
    pub label: String,
    /// How many calls carry it.
    pub calls: usize,
    /// The distinct tool names seen under it, in first-seen order.
    pub names: Vec<String>,
    /// How many of its calls have no tool name (see [`Call::name`]).
    pub unnamed: usize,
    /// Each distinct status and how many calls have it, in first-seen order.
    pub statuses: Vec<(String, usize)>,
    /// How many of its calls had their permission rejected or cancelled.
    pub rejected: usize,
    /// How many of its calls are not finished.
    pub unfinished: usize,
    /// How many of its calls have a [`duration`](Call::duration).
    pub timed: usize,
    /// Their durations added up.
    pub total_duration: Duration,
    /// The longest of them.
    pub longest: Option<Duration>,
}

impl Summary {
    /// The summary of `calls`.
    pub fn of<'a>(calls: impl IntoIterator<Item = &'a Call>) -> Summary {
        let mut summary = Summary::default();
        for call in calls {
            summary.add(call);
        }
        summary
    }

    fn add(&mut self, call: &Call) {
        self.calls += 1;
        match call.outcome() {
            Outcome::Rejected => self.rejected += 1,
            Outcome::RejectedButCompleted => {
                self.rejected += 1;
                self.rejected_but_completed += 1;
            }
            Outcome::Completed => self.completed += 1,
            Outcome::Failed => self.failed += 1,
            _ => self.unfinished += 1,
        }
        self.first_seen = self.first_seen.into_iter().chain(call.first_seen()).min();
        // `None` orders first: the latest time given, if any.
        self.last_seen = self.last_seen.max(call.last_seen()).max(call.finished_at());
        let label = call.label();
        // Labels are few: a linear scan keeps first-seen order without a second index.
        let found = self.labels.iter().position(|group| group.label == label);
        let index = found.unwrap_or_else(|| {
            let label = label.to_owned();
            self.labels.push(LabelSummary {
                label,
                ..LabelSummary::default()
            });
            self.labels.len() - 1
        });
        let group = &mut self.labels[index];
        group.calls += 1;
        match call.name() {
            Some(name) if !group.names.iter().any(|seen| seen == name) => {
                group.names.push(name.to_owned());
            }
            Some(_) => {}
            None => group.unnamed += 1,
        }
        let status = call.status().as_str();
        match group.statuses.iter_mut().find(|(seen, _)| seen == status) {
            Some((_, count)) => *count += 1,
            None => group.statuses.push((status.to_owned(), 1)),
        }
        group.rejected += usize::from(call.is_rejected());
        group.unfinished += usize::from(!call.is_finished());
        if let Some(duration) = call.duration() {
            group.timed += 1;
            group.total_duration += duration;
            group.longest = group.longest.max(Some(duration));
        }
    }
}
