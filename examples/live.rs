//! `live`: a terminal view of an agent's tool calls as they stream, then a summary per
//! session — a loop over the ledger's events, with no snapshot to diff.
//!
//! ```text
//! agent | cargo run --example live          # ACP messages on standard input, one per line
//! cargo run --example live < tests/data/real/claude_code/session.jsonl
//! ```
//!
//! Each line read is stamped with the time it arrived (a persisted log's own `timestamp`
//! wins), so durations are real on a live stream.

use std::io::{self, BufRead, Write};
use std::time::SystemTime;

use toolmeta::client::{Change, Ledger};

fn main() -> io::Result<()> {
    let mut ledger = Ledger::new();
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        ledger.feed_at(&line?, SystemTime::now());
        for event in ledger.events() {
            let Some(call) = ledger.call(event.call) else {
                continue;
            };
            // `{:?}` escapes control characters: the traffic cannot forge a line.
            let what = call.name().or(call.title()).unwrap_or("");
            let shown = match event.change {
                Change::Created => format!("+ {} {what:?}", call.label()),
                Change::InputChanged => match call.input() {
                    Some(input) => format!("  {} {}", call.label(), input.get()),
                    None => continue,
                },
                Change::PermissionRequested => {
                    format!("? {} {what:?} asks permission", call.label())
                }
                Change::PermissionAnswered => match call.permission() {
                    Some(permission) => format!(
                        "  {} {what:?}: {}",
                        call.label(),
                        permission.decision().as_str()
                    ),
                    None => continue,
                },
                Change::Finished => {
                    let took = call
                        .duration()
                        .map(|d| format!(" in {d:.1?}"))
                        .unwrap_or_default();
                    format!("= {} {what:?} {}{took}", call.label(), call.status())
                }
                Change::Evicted => format!("- {} {what:?} (evicted)", call.label()),
                _ => continue,
            };
            writeln!(out, "{} {shown}", call.tool_call_id().escape_debug())?;
        }
    }
    writeln!(out)?;
    for session in ledger.sessions() {
        let summary = session.summary();
        writeln!(
            out,
            "session {:?}: {} calls, {} completed, {} failed, {} rejected, {} unfinished",
            session.id().unwrap_or("(none)"),
            summary.calls,
            summary.completed,
            summary.failed,
            summary.rejected,
            summary.unfinished
        )?;
        for label in &summary.labels {
            let time = if label.timed > 0 {
                format!(", {:.1?} in all", label.total_duration)
            } else {
                String::new()
            };
            writeln!(
                out,
                "  {:<16} {:>3}  {}{time}",
                label.label,
                label.calls,
                label.names.join(", ")
            )?;
        }
    }
    Ok(())
}
