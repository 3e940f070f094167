//! `toolmeta touched`: what an agent touched — every path it read, edited or wrote, and
//! every command it ran — from recorded ACP sessions.
//!
//! One line per path or command, in the order the calls started, with how the call ended
//! when it did not complete (`failed`, `rejected`, `unfinished`) and `subagent` for calls a
//! subagent made. Where the traffic carries a path or command only as the call's human
//! title (Gemini CLI's shell commands and directory listings), the line says `title`.
//!
//! An audit must not read a short report as a complete one: when calls were evicted by the
//! ledger's retention limits or lines were skipped as unreadable, `touched` says so on
//! standard error and exits with [`exit::INCOMPLETE`].

use std::io::{BufRead, Write};
use std::path::PathBuf;

use serde::Serialize;
use toolmeta::client::{Call, Content, Ledger, LineCounts, Status};

use crate::input::MAX_LINE_BYTES;
use crate::inspect::read_all;
use crate::printable::printable;
use crate::{exit, finish_output};

/// The arguments of `toolmeta touched`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Exit codes:
  0  the report is complete
  1  an input could not be opened or read, or the output could not be written
  2  a usage error
  3  the report may be incomplete: calls were evicted or lines skipped (said on stderr)")]
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
}

impl Action {
    /// The lowercase name printed in the report.
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Read => "read",
            Action::Edit => "edit",
            Action::Write => "write",
            Action::Run => "run",
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
    /// `completed`, `failed`, `rejected` (permission refused) or `unfinished`.
    pub outcome: &'static str,
    /// A subagent made the call.
    pub by_subagent: bool,
}

/// Runs `touched`; returns the exit code (see [`Args`]).
pub fn run(args: &Args, stdin: &mut dyn BufRead, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let mut ledger = Ledger::builder().max_line_bytes(MAX_LINE_BYTES).build();
    if let Err(code) = read_all(&mut ledger, &args.files, stdin, "touched", err) {
        return code;
    }
    let written = write_report(&report(&ledger), args.json, out).and_then(|()| out.flush());
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

/// Why the report may miss calls, or `None` when the ledger saw every call whole.
pub fn incomplete(counts: &LineCounts) -> Option<String> {
    let mut why = Vec::new();
    let evicted = counts.evicted_finished + counts.evicted_pending + counts.evicted_for_bytes;
    if evicted > 0 {
        why.push(format!("{evicted} calls evicted by the retention limits"));
    }
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

/// Every path read, edited or written and every command run, call by call.
pub fn report(ledger: &Ledger) -> Vec<Touch> {
    let mut touches = Vec::new();
    for call in ledger {
        let input = call.input_map().unwrap_or_default();
        let text = |key: &str| {
            input
                .get(key)
                .and_then(|value| value.as_str())
                .map(str::to_owned)
        };
        let locations = || call.locations().iter().map(|l| l.path().to_owned());
        let mut found: Vec<(Action, String)> = Vec::new();
        let action = match call.label() {
            "Read" | "List Files" => {
                found.extend(
                    text("path")
                        .or(text("directory"))
                        .map(|p| (Action::Read, p)),
                );
                if found.is_empty() {
                    found.extend(locations().map(|path| (Action::Read, path)));
                }
                Action::Read
            }
            "Edit" | "Write" | "Delete" | "Move" => {
                let write = call.label() == "Write";
                let kind = |new_file: bool| {
                    if write || new_file {
                        Action::Write
                    } else {
                        Action::Edit
                    }
                };
                found.extend(text("path").map(|path| (kind(false), path)));
                for block in call.content() {
                    if let Content::Diff { path, old_text, .. } = block {
                        found.push((kind(old_text.is_none()), path.into_owned()));
                    }
                }
                found.extend(locations().map(|path| (kind(false), path)));
                if write { Action::Write } else { Action::Edit }
            }
            "Run Command" => {
                found.extend(text("command").map(|command| (Action::Run, command)));
                // A command its harness read as a read or a listing (codex-acp) names the
                // paths it read in its locations.
                if matches!(call.acp_kind(), Some("read" | "search")) {
                    found.extend(locations().map(|path| (Action::Read, path)));
                }
                Action::Run
            }
            _ => continue,
        };
        // Each path once per call, as first found (the input, a diff, a location).
        let mut unique: Vec<(Action, String)> = Vec::new();
        for (action, what) in found {
            if !unique.iter().any(|(_, seen)| *seen == what) {
                unique.push((action, what));
            }
        }
        let mut found = unique;
        let from_title = found.is_empty();
        if from_title {
            let title = call.title().filter(|title| !title.is_empty());
            found.push((action, title.unwrap_or("(none)").to_owned()));
        }
        for (action, what) in found {
            touches.push(Touch {
                action,
                what,
                from_title,
                outcome: outcome(call),
                by_subagent: call.parent_tool_call_id().is_some(),
            });
        }
    }
    touches
}

fn outcome(call: &Call) -> &'static str {
    if call.is_rejected() {
        "rejected"
    } else if !call.is_finished() {
        "unfinished"
    } else if call.status() == Status::Failed {
        "failed"
    } else {
        "completed"
    }
}
