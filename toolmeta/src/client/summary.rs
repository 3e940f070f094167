//! [`Summary`]: the calls of a ledger grouped by label, as `inspect` prints them.

use std::fmt;

use super::{Ledger, LineCounts};

/// How a group shows calls that carry no label or status at all.
const NO_LABEL: &str = "(no label)";
const NO_STATUS: &str = "(no status)";

/// The calls of one label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabelGroup {
    /// The label (`"(no label)"` for calls that have none).
    pub label: String,
    /// How many calls carry it.
    pub calls: usize,
    /// The distinct tool names seen under it, in first-seen order.
    pub names: Vec<String>,
    /// Each distinct status (`"(no status)"` when none was sent) and how many calls
    /// have it, in first-seen order.
    pub statuses: Vec<(String, usize)>,
}

/// The calls of a ledger grouped by label, in the first-seen order of the labels, with the
/// ledger's line counts; its [`Display`](fmt::Display) is the table `inspect` prints.
///
/// ```
/// use toolmeta::client::{Ledger, Summary};
/// let mut ledger = Ledger::new();
/// for (id, name, status) in [("a", "grep", "completed"), ("b", "rg", "failed"), ("c", "grep", "completed")] {
///     ledger.feed_line(&format!(
///         r#"{{"sessionUpdate":"tool_call","toolCallId":"{id}","title":"{name}","kind":"search","status":"{status}"}}"#
///     ));
/// }
/// ledger.feed_line("garbage");
/// let summary = Summary::of(&ledger);
/// assert_eq!(summary.groups[0].calls, 3);
/// assert_eq!(summary.groups[0].names, ["grep", "rg"]);
/// assert_eq!(summary.groups[0].statuses, [("completed".to_owned(), 2), ("failed".to_owned(), 1)]);
/// assert_eq!(
///     summary.to_string(),
///     "label   calls  names     statuses\n\
///      Search      3  grep, rg  completed 2, failed 1\n\
///      \n\
///      3 calls; 4 lines: 3 tool-call updates, 0 other session updates, 0 blank\n\
///      skipped lines: 1 (not JSON 1, not an update 0, no toolCallId 0, too long 0)\n"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// One group per label.
    pub groups: Vec<LabelGroup>,
    /// The ledger's line counts.
    pub counts: LineCounts,
}

impl Summary {
    /// Groups the retained calls of `ledger` by label.
    pub fn of(ledger: &Ledger) -> Summary {
        let mut groups: Vec<LabelGroup> = Vec::new();
        for call in ledger {
            let label = call.label().unwrap_or(NO_LABEL);
            // Labels are few: a linear scan keeps first-seen order without a second index.
            let index = match groups.iter().position(|group| group.label == label) {
                Some(index) => index,
                None => {
                    groups.push(LabelGroup {
                        label: label.to_owned(),
                        calls: 0,
                        names: Vec::new(),
                        statuses: Vec::new(),
                    });
                    groups.len() - 1
                }
            };
            let group = &mut groups[index];
            group.calls += 1;
            if let Some(name) = call.name()
                && !group.names.iter().any(|seen| seen == name)
            {
                group.names.push(name.to_owned());
            }
            let status = call.status().unwrap_or(NO_STATUS);
            match group.statuses.iter_mut().find(|(seen, _)| seen == status) {
                Some((_, count)) => *count += 1,
                None => group.statuses.push((status.to_owned(), 1)),
            }
        }
        Summary {
            groups,
            counts: *ledger.counts(),
        }
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows: Vec<[String; 4]> = self
            .groups
            .iter()
            .map(|group| {
                let statuses: Vec<String> = group
                    .statuses
                    .iter()
                    .map(|(status, count)| format!("{status} {count}"))
                    .collect();
                [
                    group.label.clone(),
                    group.calls.to_string(),
                    group.names.join(", "),
                    statuses.join(", "),
                ]
            })
            .collect();
        let header = ["label", "calls", "names", "statuses"].map(str::to_owned);
        let width = |column: usize| {
            std::iter::once(&header)
                .chain(&rows)
                .map(|row| row[column].chars().count())
                .max()
                .unwrap_or(0)
        };
        let (label_width, calls_width, names_width) = (width(0), width(1), width(2));
        if !rows.is_empty() {
            for row in std::iter::once(&header).chain(&rows) {
                let line = format!(
                    "{:<label_width$}  {:>calls_width$}  {:<names_width$}  {}",
                    row[0], row[1], row[2], row[3]
                );
                writeln!(f, "{}", line.trim_end())?;
            }
            writeln!(f)?;
        }
        let counts = &self.counts;
        let calls: usize = self.groups.iter().map(|group| group.calls).sum();
        writeln!(
            f,
            "{calls} calls; {} lines: {} tool-call updates, {} other session updates, {} blank",
            counts.lines, counts.tool_call_updates, counts.other_updates, counts.blank
        )?;
        if counts.evicted_finished + counts.evicted_pending > 0 {
            writeln!(
                f,
                "evicted calls: {} finished, {} unfinished (retention limit)",
                counts.evicted_finished, counts.evicted_pending
            )?;
        }
        writeln!(
            f,
            "skipped lines: {} (not JSON {}, not an update {}, no toolCallId {}, too long {})",
            counts.skipped(),
            counts.not_json,
            counts.not_update,
            counts.missing_tool_call_id,
            counts.too_long
        )
    }
}
