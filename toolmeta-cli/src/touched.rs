//! `toolmeta touched`: what an agent touched — every path it read, edited or wrote, and
//! every command it ran — from recorded ACP sessions.
//!
//! Under a heading, one line per verb and path (or command run), in the order the calls
//! started — several calls that did the same to the same path share a line that counts them
//! — with how the calls ended when they did not complete (`failed`, `rejected`, `rejected
//! but completed`, `unfinished`), `subagent` for calls a subagent made, and `conflict` for a
//! call whose identity a later update contradicted; a legend of the verbs and notes used
//! follows. A command's line says the directory it ran `in`; a path known to be a directory
//! (a listing's, a working directory, the parent of another path of the same call) ends in
//! `/`. Where the traffic carries a path or command only as the call's human title (Gemini
//! CLI's shell commands and directory listings), the line says `title`. `--json` keeps one
//! record per call and path.
//!
//! Every path a call names counts, whatever its label says: its input's path (for the
//! labels that take one), every location and every diff — a diff is an edit (a write when
//! it has no old text), even in a call that calls itself a read. Calls the ledger evicts to
//! stay within its limits are reported as they were when evicted.
//!
//! An audit must not read a short report as a complete one: when lines were skipped as
//! unreadable, or updates of evicted calls dropped, `touched` says so on standard error and
//! exits with [`exit::INCOMPLETE`].

use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use serde::Serialize;
use toolmeta::ToolKind;
use toolmeta::client::{Call, CallId, Change, Content, Ledger, LineCounts, PathFrom};

use crate::input::{Clock, read_all};
use crate::inspect::plural;
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// A path read.
    Read,
    /// A directory listed.
    List,
    /// A path searched.
    Search,
    /// A path changed (edited, deleted, moved).
    Edit,
    /// A path written whole or created.
    Write,
    /// A command run.
    Run,
    /// The working directory a command ran in.
    Cwd,
    /// A path the call named (a location of a command, say) without saying what it did
    /// with it.
    Touch,
}

impl Action {
    /// Every action, in the legend's order.
    const ALL: [Action; 8] = [
        Action::Read,
        Action::List,
        Action::Search,
        Action::Edit,
        Action::Write,
        Action::Run,
        Action::Cwd,
        Action::Touch,
    ];

    /// The lowercase name printed in the report.
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Read => "read",
            Action::List => "list",
            Action::Search => "search",
            Action::Edit => "edit",
            Action::Write => "write",
            Action::Run => "run",
            Action::Cwd => "cwd",
            Action::Touch => "touch",
        }
    }

    /// What the verb means, for the report's legend.
    fn meaning(self) -> &'static str {
        match self {
            Action::Read => "a path read",
            Action::List => "a directory listed",
            Action::Search => "a path searched (a directory, or a file)",
            Action::Edit => "a path changed: edited, deleted or moved",
            Action::Write => "a file written whole, or created",
            Action::Run => "a command run (`in`: the working directory it gave)",
            Action::Cwd => "the working directory a command ran in",
            Action::Touch => "a path the call named without saying what it did with it",
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
    /// The path is known to be a directory: a listing's, a command's working directory, or
    /// the parent of another path the call names.
    pub directory: bool,
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
    let mut ledger = Ledger::builder().build();
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
    let calls = evicted.with(&ledger);
    let written = write_report(&calls, args.json, out).and_then(|()| out.flush());
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

    /// Every call's touches, the evicted calls' and `ledger`'s, in the order the calls
    /// started (handles order as calls were first seen).
    fn with(mut self, ledger: &Ledger) -> Vec<Vec<Touch>> {
        for call in ledger {
            self.0.insert(call.id(), touches(ledger, call));
        }
        self.0.into_values().collect()
    }
}

fn write_report(calls: &[Vec<Touch>], json: bool, out: &mut dyn Write) -> std::io::Result<()> {
    if json {
        for touch in calls.iter().flatten() {
            serde_json::to_writer(&mut *out, touch)?;
            writeln!(out)?;
        }
        return Ok(());
    }
    let lines = report_lines(calls);
    if lines.is_empty() {
        return writeln!(out, "no path read or changed, no command run");
    }
    writeln!(out, "{:<6}  path, or command run", "verb")?;
    for line in &lines {
        let what = display_path(&line.what, line.directory);
        let cwd = line
            .cwd
            .as_ref()
            .map(|cwd| format!("  in {}", printable(&display_path(cwd, true))))
            .unwrap_or_default();
        let notes = line.notes();
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!("  ({})", notes.join(", "))
        };
        writeln!(
            out,
            "{:<6}  {}{cwd}{notes}",
            line.action.as_str(),
            printable(&what)
        )?;
    }
    writeln!(out)?;
    let used = Action::ALL
        .into_iter()
        .filter(|action| lines.iter().any(|line| line.action == *action));
    for action in used {
        writeln!(out, "{:<6}  {}", action.as_str(), action.meaning())?;
    }
    if lines
        .iter()
        .any(|line| line.directory || line.cwd.is_some())
    {
        writeln!(out, "a path ending in / is a directory")?;
    }
    if lines.iter().any(|line| line.from_title) {
        writeln!(
            out,
            "(title): the traffic names it only in the call's title, which the agent wrote for people"
        )?;
    }
    Ok(())
}

/// `path/` for a directory (unless it ends in `/` already), `path` otherwise.
fn display_path(path: &str, directory: bool) -> String {
    if directory && !path.ends_with('/') {
        format!("{path}/")
    } else {
        path.to_owned()
    }
}

/// One line of the text report: a verb and a path (or a command, with the directory it ran
/// in), and the calls that did it.
struct ReportLine {
    action: Action,
    what: String,
    directory: bool,
    cwd: Option<String>,
    from_title: bool,
    calls: u64,
    /// Each outcome other than `completed`, with how many calls ended so.
    outcomes: Vec<(&'static str, u64)>,
    by_subagent: u64,
    conflicts: Vec<String>,
}

impl ReportLine {
    fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        if self.calls > 1 {
            notes.push(plural(self.calls, "call"));
        }
        for (outcome, count) in &self.outcomes {
            notes.push(if self.calls == 1 {
                (*outcome).to_owned()
            } else {
                format!("{count} {outcome}")
            });
        }
        if self.from_title {
            notes.push("title".to_owned());
        }
        match self.by_subagent {
            0 => {}
            by if by == self.calls => notes.push("subagent".to_owned()),
            by => notes.push(format!("{by} by a subagent")),
        }
        if !self.conflicts.is_empty() {
            notes.push(format!(
                "conflict: {}",
                printable(&self.conflicts.join(", "))
            ));
        }
        notes
    }
}

/// The text report's lines: a call's working directory joins its command's line, and calls
/// that did the same to the same path share one line, where the first of them was.
fn report_lines(calls: &[Vec<Touch>]) -> Vec<ReportLine> {
    let mut lines: Vec<ReportLine> = Vec::new();
    // Each line's index by what it says: a long session's report stays linear.
    let mut line_of: HashMap<(Action, String, Option<String>, bool), usize> = HashMap::new();
    for touches in calls {
        let cwd = touches
            .iter()
            .find(|touch| touch.action == Action::Cwd)
            .map(|touch| touch.what.clone());
        let runs = touches.iter().any(|touch| touch.action == Action::Run);
        for touch in touches {
            // The working directory is said on its command's line.
            if touch.action == Action::Cwd && runs {
                continue;
            }
            let cwd = (touch.action == Action::Run).then(|| cwd.clone()).flatten();
            let key = (
                touch.action,
                touch.what.clone(),
                cwd.clone(),
                touch.from_title,
            );
            let index = match line_of.get(&key) {
                Some(index) => *index,
                None => {
                    line_of.insert(key, lines.len());
                    lines.push(ReportLine {
                        action: touch.action,
                        what: touch.what.clone(),
                        directory: false,
                        cwd,
                        from_title: touch.from_title,
                        calls: 0,
                        outcomes: Vec::new(),
                        by_subagent: 0,
                        conflicts: Vec::new(),
                    });
                    lines.len() - 1
                }
            };
            let line = &mut lines[index];
            line.calls += 1;
            line.directory |= touch.directory;
            if touch.outcome != "completed" {
                match line
                    .outcomes
                    .iter_mut()
                    .find(|(outcome, _)| *outcome == touch.outcome)
                {
                    Some((_, count)) => *count += 1,
                    None => line.outcomes.push((touch.outcome, 1)),
                }
            }
            line.by_subagent += u64::from(touch.by_subagent);
            for conflict in &touch.conflicts {
                if !line.conflicts.contains(conflict) {
                    line.conflicts.push(conflict.clone());
                }
            }
        }
    }
    lines
}

/// Why the report may miss what a call touched, or `None` when the ledger saw every line
/// and every update. Evicted calls are not a reason: their touches were taken as they went.
pub fn incomplete(counts: &LineCounts) -> Option<String> {
    let mut why = Vec::new();
    if counts.late_updates > 0 {
        why.push(format!(
            "{} of evicted calls dropped",
            plural(counts.late_updates, "update")
        ));
    }
    let unreadable = counts.not_json + counts.too_long + counts.missing_tool_call_id;
    if unreadable > 0 {
        why.push(format!(
            "{} skipped (not JSON {}, too long {}, tool-call update without toolCallId {})",
            plural(unreadable, "line"),
            counts.not_json,
            counts.too_long,
            counts.missing_tool_call_id
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
    let kind = call.kind();
    let takes_a_path = matches!(
        kind,
        ToolKind::Read
            | ToolKind::ListDir
            | ToolKind::List
            | ToolKind::Edit
            | ToolKind::Write
            | ToolKind::Delete
            | ToolKind::Move
    );
    let runs = kind == ToolKind::Execute;
    // What the kind says a path of its input or a location was used for.
    let by_kind = match kind {
        ToolKind::Read => Action::Read,
        ToolKind::ListDir | ToolKind::List => Action::List,
        ToolKind::Search => Action::Search,
        ToolKind::Write => Action::Write,
        ToolKind::Edit | ToolKind::Delete | ToolKind::Move => Action::Edit,
        // Any other call that names a path: by ACP's word for it.
        _ => match call.acp_kind() {
            Some("edit" | "delete" | "move") => Action::Edit,
            Some("read") => Action::Read,
            Some("search") => Action::Search,
            _ => Action::Touch,
        },
    };
    // A path a diff changes was written (a Write's, or a new file) or edited, whatever the
    // kind says.
    let by_diff = |new_file: bool| {
        if new_file || kind == ToolKind::Write {
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
    let input_text = |key: &str| {
        call.input_map()
            .and_then(|input| input.get(key)?.as_str().map(str::to_owned))
    };
    let mut found: Vec<(Action, String)> = Vec::new();
    // A command's working directory: its input's `cwd`, which agents also send as the
    // call's location (OpenCode).
    let cwd = runs.then(|| input_text("cwd")).flatten();
    if runs && let Some(command) = input_text("command") {
        found.push((Action::Run, command));
    }
    if let Some(cwd) = &cwd {
        found.push((Action::Cwd, cwd.clone()));
    }
    for path in call.paths() {
        let action = match path.from {
            PathFrom::Diff => by_diff(false),
            PathFrom::NewFile => by_diff(true),
            PathFrom::Location if cwd.as_deref() == Some(&*path.path) => Action::Cwd,
            _ => match diffs.iter().find(|(diff, _)| *diff == path.path) {
                Some((_, new_file)) => by_diff(*new_file),
                None => by_kind,
            },
        };
        let path = path.path.into_owned();
        if !found.contains(&(action, path.clone())) {
            found.push((action, path));
        }
    }
    let from_title = found.is_empty();
    if from_title {
        if !(takes_a_path || runs) {
            return Vec::new();
        }
        let action = if runs { Action::Run } else { by_kind };
        let title = call.title().filter(|title| !title.is_empty());
        found.push((action, title.unwrap_or("(none)").to_owned()));
    }
    // A path is a directory when the call lists it or runs in it, or when another path the
    // call names lies beneath it (OpenCode locates a read outside the project at the file
    // and at its directory).
    let directory = |action: Action, what: &str| {
        !from_title
            && (matches!(action, Action::List | Action::Cwd)
                || found.iter().any(|(other, path)| {
                    *other != Action::Run
                        && path
                            .strip_prefix(what)
                            .is_some_and(|rest| rest.len() > 1 && rest.starts_with('/'))
                }))
    };
    let directories: Vec<bool> = found
        .iter()
        .map(|(action, what)| *action != Action::Run && directory(*action, what))
        .collect();
    let conflicts: Vec<String> = call
        .conflicts()
        .iter()
        .map(|conflict| format!("{}={}", conflict.field(), conflict.value()))
        .collect();
    let by_subagent = ledger.parent(call).is_some();
    found
        .into_iter()
        .zip(directories)
        .map(|((action, what), directory)| Touch {
            action,
            what,
            directory,
            from_title,
            outcome: call.outcome().as_str(),
            by_subagent,
            conflicts: conflicts.clone(),
        })
        .collect()
}
