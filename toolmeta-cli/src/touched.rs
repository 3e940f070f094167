//! `toolmeta touched`: what an agent touched — every path it read, edited or wrote, and
//! every command it ran — from recorded ACP sessions.
//!
//! One line per path or command, in the order the calls started, with how the call ended
//! when it did not complete (`failed`, `rejected`, `rejected but completed`, `unfinished`),
//! `subagent` for calls a subagent made, and `conflict` for a call whose identity a later
//! update contradicted. Where the traffic carries a path or command only as the call's human
//! title (Gemini CLI's shell commands and directory listings), the line says `title`.
//!
//! Every path a call names counts, whatever its label says: its input's path (for the
//! labels that take one), every location and every diff — a diff is an edit (a write when
//! it has no old text), even in a call that calls itself a read. Calls the ledger evicts to
//! stay within its limits are reported as they were when evicted.
//!
//! An audit must not read a short report as a complete one: when lines were skipped as
//! unreadable, or updates of evicted calls dropped, `touched` says so on standard error and
//! exits with [`exit::INCOMPLETE`].

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use serde::Serialize;
use toolmeta::client::{Call, CallId, Change, Content, Ledger, LineCounts, PathFrom};

use crate::input::{Clock, MAX_LINE_BYTES, read_all};
use crate::printable::printable;
use crate::{exit, finish_output};

/// The arguments of `toolmeta touched`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Exit codes:
  0  the report is complete
  1  an input could not be opened or read, or the output could not be written
  2  a usage error
  3  the report may be incomplete: lines skipped, or updates of evicted calls dropped
     (said on stderr)")]
pub struct Args {
    /// Print one JSON object per path or command (JSON Lines), for audit scripts
    #[arg(long)]
    pub json: bool,
    /// ACP logs (JSON Lines, one message per line) or session logs of `toolmeta proxy --log`;
    /// `-` reads standard input
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// What a call did with a path or a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// A path read (or listed).
    Read,
    /// A path changed (edited, deleted, moved).
    Edit,
    /// A path written whole or created.
    Write,
    /// A command run.
    Run,
    /// A path the call named (a location of a command, say) without saying what it did
    /// with it.
    Touch,
}

impl Action {
    /// The lowercase name printed in the report.
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Read => "read",
            Action::Edit => "edit",
            Action::Write => "write",
            Action::Run => "run",
            Action::Touch => "touch",
        }
    }
}

/// One path or command the agent touched.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Touch {
    /// What was done.
    pub action: Action,
    /// The path or the command line.
    pub what: String,
    /// The traffic carries it only as the call's title.
    pub from_title: bool,
    /// `completed`, `failed`, `rejected` (permission refused), `rejected but completed`
    /// (refused, yet the agent reported it done) or `unfinished`.
    pub outcome: &'static str,
    /// A subagent made the call.
    pub by_subagent: bool,
    /// Claims a later update made about the call's identity, which the call did not take
    /// (`field=value`, see [`toolmeta::client::Conflict`]); empty for most calls.
    pub conflicts: Vec<String>,
}

/// Runs `touched`; returns the exit code (see [`Args`]).
pub fn run(args: &Args, stdin: &mut dyn BufRead, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let mut ledger = Ledger::builder().max_line_bytes(MAX_LINE_BYTES).build();
    let mut evicted = Evicted::default();
    let mut note = |ledger: &Ledger| {
        evicted.note(ledger);
        ControlFlow::Continue(())
    };
    if let Err(code) = read_all(
        &mut ledger,
        &args.files,
        stdin,
        Clock::None,
        "touched",
        err,
        &mut note,
    ) {
        return code;
    }
    let touches = evicted.with(&ledger);
    let written = write_report(&touches, args.json, out).and_then(|()| out.flush());
    let code = finish_output(written, "touched", err);
    if code != exit::OK {
        return code;
    }
    match incomplete(ledger.counts()) {
        Some(why) => {
            let _ = writeln!(err, "touched: the report may be incomplete: {why}");
            exit::INCOMPLETE
        }
        None => exit::OK,
    }
}

/// The touches of the calls the ledger evicted, taken as they were evicted.
#[derive(Default)]
struct Evicted(BTreeMap<CallId, Vec<Touch>>);

impl Evicted {
    /// Takes the touches of every call the last message evicted (its handle reads it until
    /// the next message).
    fn note(&mut self, ledger: &Ledger) {
        for event in ledger.events() {
            if event.change == Change::Evicted
                && let Some(call) = ledger.call(event.call)
            {
                self.0.insert(event.call, touches(ledger, call));
            }
        }
    }

    /// Every touch, the evicted calls' and `ledger`'s, in the order the calls started
    /// (handles order as calls were first seen).
    fn with(mut self, ledger: &Ledger) -> Vec<Touch> {
        for call in ledger {
            self.0.insert(call.id(), touches(ledger, call));
        }
        self.0.into_values().flatten().collect()
    }
}

fn write_report(touches: &[Touch], json: bool, out: &mut dyn Write) -> std::io::Result<()> {
    for touch in touches {
        if json {
            serde_json::to_writer(&mut *out, touch)?;
            writeln!(out)?;
            continue;
        }
        let mut notes: Vec<&str> = Vec::new();
        notes.extend((touch.outcome != "completed").then_some(touch.outcome));
        notes.extend(touch.from_title.then_some("title"));
        notes.extend(touch.by_subagent.then_some("subagent"));
        let conflicts = touch.conflicts.join(", ");
        let conflict = format!("conflict: {}", printable(&conflicts));
        notes.extend((!touch.conflicts.is_empty()).then_some(conflict.as_str()));
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!("  ({})", notes.join(", "))
        };
        writeln!(
            out,
            "{:<5}  {}{notes}",
            touch.action.as_str(),
            printable(&touch.what)
        )?;
    }
    Ok(())
}

/// Why the report may miss what a call touched, or `None` when the ledger saw every line
/// and every update. Evicted calls are not a reason: their touches were taken as they went.
pub fn incomplete(counts: &LineCounts) -> Option<String> {
    let mut why = Vec::new();
    if counts.late_updates > 0 {
        why.push(format!(
            "{} updates of evicted calls dropped",
            counts.late_updates
        ));
    }
    let unreadable = counts.not_json + counts.too_long + counts.missing_tool_call_id;
    if unreadable > 0 {
        why.push(format!(
            "{unreadable} lines skipped (not JSON {}, too long {}, tool-call update without toolCallId {})",
            counts.not_json, counts.too_long, counts.missing_tool_call_id
        ));
    }
    (!why.is_empty()).then(|| why.join("; "))
}

/// Every path read, edited or written and every command run, call by call, in the order
/// the calls started.
pub fn report(ledger: &Ledger) -> Vec<Touch> {
    ledger
        .calls()
        .flat_map(|call| touches(ledger, call))
        .collect()
}

/// What one call touched.
fn touches(ledger: &Ledger, call: &Call) -> Vec<Touch> {
    let label = call.label();
    let takes_a_path = matches!(
        label,
        "Read" | "List Files" | "Edit" | "Write" | "Delete" | "Move"
    );
    let runs = label == "Run Command";
    // What the label says a path of its input or a location was used for.
    let by_label = match label {
        "Read" | "List Files" | "Search" => Action::Read,
        "Write" => Action::Write,
        "Edit" | "Delete" | "Move" => Action::Edit,
        // Any other call that names a path: by ACP's word for it.
        _ => match call.acp_kind() {
            Some("edit" | "delete" | "move") => Action::Edit,
            Some("read" | "search") => Action::Read,
            _ => Action::Touch,
        },
    };
    // A path a diff changes was written (a Write's, or a new file) or edited, whatever the
    // label says.
    let by_diff = |new_file: bool| {
        if new_file || label == "Write" {
            Action::Write
        } else {
            Action::Edit
        }
    };
    let diffs: Vec<(String, bool)> = call
        .content()
        .filter_map(|block| match block {
            Content::Diff { path, old_text, .. } => Some((path.into_owned(), old_text.is_none())),
            _ => None,
        })
        .collect();
    let mut found: Vec<(Action, String)> = Vec::new();
    if runs
        && let Some(command) = call
            .input_map()
            .and_then(|input| input.get("command")?.as_str().map(str::to_owned))
    {
        found.push((Action::Run, command));
    }
    for path in call.paths() {
        let action = match path.from {
            PathFrom::Diff => by_diff(false),
            PathFrom::NewFile => by_diff(true),
            _ => match diffs.iter().find(|(diff, _)| *diff == path.path) {
                Some((_, new_file)) => by_diff(*new_file),
                None => by_label,
            },
        };
        found.push((action, path.path.into_owned()));
    }
    let from_title = found.is_empty();
    if from_title {
        if !(takes_a_path || runs) {
            return Vec::new();
        }
        let action = if runs { Action::Run } else { by_label };
        let title = call.title().filter(|title| !title.is_empty());
        found.push((action, title.unwrap_or("(none)").to_owned()));
    }
    let conflicts: Vec<String> = call
        .conflicts()
        .iter()
        .map(|conflict| format!("{}={}", conflict.field(), conflict.value()))
        .collect();
    let by_subagent = ledger.parent(call).is_some();
    found
        .into_iter()
        .map(|(action, what)| Touch {
            action,
            what,
            from_title,
            outcome: call.outcome().as_str(),
            by_subagent,
            conflicts: conflicts.clone(),
        })
        .collect()
}
