//! `touched`: what an agent touched — every path it read, edited or wrote, and every
//! command it ran — from recorded ACP sessions.
//!
//! ```text
//! cargo run --example touched -- FILE...   (`-` reads stdin)
//! ```
//!
//! One line per path or command, in the order the calls started, with how the call ended
//! when it did not complete (`failed`, `rejected`, `unfinished`) and `subagent` for calls a
//! subagent made. Where the traffic carries a path or command only as the call's human
//! title (Gemini CLI's shell commands and directory listings), the line says `(title)`.

use std::io::{self, BufReader, Write};
use std::process::ExitCode;

use toolmeta::client::{Call, Content, Ledger, Status};

/// What a call did with a path or a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

/// One path or command the agent touched.
#[derive(Debug, Clone, PartialEq, Eq)]
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

fn main() -> ExitCode {
    let mut ledger = Ledger::new();
    for path in std::env::args().skip(1) {
        let read = if path == "-" {
            ledger.read_lines(io::stdin().lock())
        } else {
            std::fs::File::open(&path).and_then(|file| ledger.read_lines(BufReader::new(file)))
        };
        if let Err(error) = read {
            eprintln!("touched: cannot read `{path}`: {error}");
            return ExitCode::FAILURE;
        }
    }
    let mut out = io::stdout().lock();
    for touch in report(&ledger) {
        let action = format!("{:?}", touch.action).to_lowercase();
        let mut notes: Vec<&str> = Vec::new();
        notes.extend((touch.outcome != "completed").then_some(touch.outcome));
        notes.extend(touch.from_title.then_some("title"));
        notes.extend(touch.by_subagent.then_some("subagent"));
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!("  ({})", notes.join(", "))
        };
        // `{:?}` escapes control characters: a path cannot forge a line.
        if writeln!(out, "{action:<5}  {:?}{notes}", touch.what).is_err() {
            break; // a closed pipe is the reader's choice
        }
    }
    ExitCode::SUCCESS
}
