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
                    printable(&group.label),
                    group.calls.to_string(),
                    printable(&group.names.join(", ")),
                    printable(&statuses.join(", ")),
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
                // Padded by hand: `format!`'s width is a `u16`, and a column can be wider.
                let mut line = String::new();
                pad(&mut line, &row[0], label_width, Align::Left);
                line.push_str("  ");
                pad(&mut line, &row[1], calls_width, Align::Right);
                line.push_str("  ");
                pad(&mut line, &row[2], names_width, Align::Left);
                line.push_str("  ");
                line.push_str(&row[3]);
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
        if counts.evicted_for_bytes > 0 {
            writeln!(
                f,
                "evicted calls: {} (memory budget)",
                counts.evicted_for_bytes
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

enum Align {
    Left,
    Right,
}

/// Appends `cell` to `line`, padded with spaces to `width` characters.
fn pad(line: &mut String, cell: &str, width: usize, align: Align) {
    let fill = width.saturating_sub(cell.chars().count());
    if let Align::Right = align {
        line.extend(std::iter::repeat_n(' ', fill));
    }
    line.push_str(cell);
    if let Align::Left = align {
        line.extend(std::iter::repeat_n(' ', fill));
    }
}

/// `text` safe to print on a terminal: control characters (an escape sequence, a newline
/// that would forge a row) and the bidirectional-text controls that reorder what is shown
/// are written as escapes (`\u{1b}`, `\n`, `\u{202e}`); everything else is kept.
fn printable(text: &str) -> String {
    let deceives = |c: char| {
        c.is_control()
            || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.chars().any(deceives) {
        return text.to_owned();
    }
    text.chars()
        .map(|c| {
            if deceives(c) {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ledger_of(titles: &[&str]) -> Ledger {
        let mut ledger = Ledger::new();
        for (i, title) in titles.iter().enumerate() {
            let update = serde_json::json!({"sessionUpdate": "tool_call", "toolCallId": format!("c{i}"),
                "title": title, "kind": "read", "status": "completed"});
            ledger.feed_value(&update);
        }
        ledger
    }

    #[test]
    fn a_column_wider_than_65535_characters_does_not_panic() {
        // 3,500 calls named by their human titles: the names column passes u16::MAX.
        let titles: Vec<String> = (0..3_500)
            .map(|i| format!("Read src/module_{i}.rs"))
            .collect();
        let titles: Vec<&str> = titles.iter().map(String::as_str).collect();
        let table = Summary::of(&ledger_of(&titles)).to_string();
        let names_width = table.lines().nth(1).unwrap().len();
        assert!(names_width > 65_535, "{names_width}");
        assert!(table.lines().next().unwrap().starts_with("label "));
    }

    #[test]
    fn control_characters_in_names_are_escaped_in_the_table() {
        let table = Summary::of(&ledger_of(&[
            "evil\u{1b}]0;pwned\u{7}",
            "two\nRead        9  forged  completed 9",
            "\u{202e}txt.exe",
        ]))
        .to_string();
        assert!(
            !table.contains('\u{1b}') && !table.contains('\u{7}') && !table.contains('\u{202e}')
        );
        assert!(table.contains(r"evil\u{1b}]0;pwned\u{7}"), "{table}");
        assert!(table.contains(r"two\nRead"), "{table}");
        assert!(table.contains(r"\u{202e}txt.exe"), "{table}");
        // One header, one row, a blank line and the two count lines: no forged row.
        assert_eq!(table.lines().count(), 5, "{table}");
    }
}
