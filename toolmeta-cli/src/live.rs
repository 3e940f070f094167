//! `toolmeta live`: a terminal view of an agent's tool calls as they stream, then a
//! summary per session — a loop over the ledger's events, with no snapshot to diff.
//!
//! An agent only talks while a client drives it, so a live agent is followed through the
//! session log `toolmeta proxy --log` writes as the editor runs the agent:
//!
//! ```text
//! toolmeta proxy --log session.jsonl -- claude-agent-acp     # the editor's agent command
//! tail -f -n +1 session.jsonl | toolmeta live                # in a terminal
//! ```
//!
//! Each line read is stamped with the time it arrived (a session log's `t` and a persisted
//! log's own `timestamp` win), so durations are real on a live stream. Every field taken
//! from the traffic is shown through [`printable`], so the traffic cannot forge a line or
//! drive the terminal.

use std::io::{self, BufRead, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use toolmeta::client::{Call, Change, Ledger};

use crate::finish_output;
use crate::input::{self, Clock};
use crate::inspect::{duration, plural};
use crate::printable::printable;

/// The arguments of `toolmeta live`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
A live agent: run it through `toolmeta proxy --log FILE -- AGENT` (as the editor's agent
command), and follow the log: `tail -f -n +1 FILE | toolmeta live`.

Exit codes:
  0  the inputs were read to their end, or the output was closed
  1  an input could not be opened or read, or the output could not be written
  2  a usage error")]
pub struct Args {
    /// ACP messages, one per line, or a session log of `toolmeta proxy --log`; `-` (the
    /// default) for standard input, such as `tail -f` of a log being written
    #[arg(value_name = "FILE", default_value = "-")]
    pub files: Vec<PathBuf>,
}

/// Runs `live`; returns the exit code (see [`Args`]).
pub fn run(args: &Args, stdin: &mut dyn BufRead, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let mut ledger = Ledger::builder().build();
    let mut written = Ok(());
    // Each event written as it happens; the first write error stops the reading.
    let mut follow = |ledger: &Ledger| {
        written = events(ledger, out);
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    };
    let read = input::read_all(
        &mut ledger,
        &args.files,
        stdin,
        Clock::Now,
        "live",
        err,
        &mut follow,
    );
    if written.is_err() {
        return finish_output(written, "live", err);
    }
    if let Err(code) = read {
        return code;
    }
    let written = summaries(&ledger, out).and_then(|()| out.flush());
    finish_output(written, "live", err)
}

/// One line per event of the last message.
fn events(ledger: &Ledger, out: &mut dyn Write) -> io::Result<()> {
    for event in ledger.events() {
        let Some(call) = ledger.call(event.call) else {
            continue;
        };
        let label = printable(call.label());
        let what = printable(call.name().or(call.title()).unwrap_or(""));
        let shown = match event.change {
            Change::Created => format!("+ {label} {what}"),
            Change::InputChanged => match call.input() {
                Some(input) => format!("  {label} {}", printable(input.get())),
                None => continue,
            },
            Change::PermissionRequested => format!("? {label} {what} asks permission"),
            Change::PermissionAnswered => match call.permission() {
                Some(permission) => {
                    format!("  {label} {what}: {}", permission.decision().as_str())
                }
                None => continue,
            },
            Change::Finished => format!("= {label} {what} {}{}", status(call), took(call)),
            Change::Evicted => format!("- {label} {what} (evicted)"),
            // A finished call keeps its identity; a later update that says otherwise is
            // shown, not believed.
            Change::IdentityConflict => {
                let claims: Vec<String> = call
                    .conflicts()
                    .iter()
                    .map(|conflict| format!("{}={}", conflict.field(), conflict.value()))
                    .collect();
                format!(
                    "! {label} {what}: a later update says {}",
                    printable(&claims.join(", "))
                )
            }
            _ => continue,
        };
        writeln!(out, "{} {shown}", printable(call.tool_call_id()))?;
    }
    Ok(())
}

fn status(call: &Call) -> String {
    printable(call.status().as_str()).into_owned()
}

fn took(call: &Call) -> String {
    call.duration()
        .map(|d| format!(" in {}", duration(d)))
        .unwrap_or_default()
}

/// Per session: its calls by outcome, then by label.
fn summaries(ledger: &Ledger, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out)?;
    for session in ledger.sessions() {
        let summary = session.summary();
        writeln!(
            out,
            "session {}: {}, {} completed, {} failed, {} rejected, {} unfinished",
            printable(session.id().unwrap_or("(none)")),
            plural(summary.calls as u64, "call"),
            summary.completed,
            summary.failed,
            summary.rejected,
            summary.unfinished
        )?;
        for label in &summary.labels {
            let time = if label.timed > 0 {
                format!(", {} in all", duration(label.total_duration))
            } else {
                String::new()
            };
            writeln!(
                out,
                "  {:<16} {:>3}  {}{time}",
                printable(&label.label),
                label.calls,
                printable(&label.names.join(", "))
            )?;
        }
    }
    Ok(())
}
