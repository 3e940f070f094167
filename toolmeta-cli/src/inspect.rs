//! `toolmeta inspect`: read ACP logs and show which tools were called.
//!
//! Prints the calls grouped by label (count, tool names seen, statuses, time taken), then
//! each session (its calls by outcome and the time it spanned), the calls left unfinished
//! and those whose permission was rejected, and the line counts; with `--json`, one JSON
//! object per call in first-seen order (the keys are listed on [`write_json_lines`]).
//!
//! The rendering — the table, the JSON records, terminal escaping — lives here, not in the
//! library: it is one program's choice of what to show.

use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Duration;

use toolmeta::client::{BoundedLine, Ledger, LineCounts, Summary};

use crate::HarnessArg;
use crate::input::{self, Clock};
use crate::log::MAX_RECORD_BYTES;
use crate::printable::printable;
use crate::{exit, finish_output, otlp};

mod json_record;

pub use json_record::write_json_lines;

/// The arguments of `toolmeta inspect`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Exit codes:
  0  the inputs were read (skipped lines are counted in the output, not failures)
  1  an input could not be opened or read, or the output could not be written
  2  a usage error
  4  --otlp: the export failed (why is on standard error)")]
pub struct Args {
    /// Print one JSON object per call (JSON Lines) instead of the table
    #[arg(long)]
    pub json: bool,
    /// Print one line per call saying what its identity rests on: its id, label, name, the
    /// evidence (with its `_meta` key or argument keys) and whether it is earned (DESIGN §8)
    #[arg(long, conflicts_with = "json")]
    pub explain: bool,
    /// The agent behind calls without an envelope, when the log does not say: a harness of
    /// the catalog (the help text lists them from `Harness::ALL`, see `crate::parse`)
    #[arg(long, value_name = "NAME", value_parser = HarnessArg::catalog)]
    pub harness: Option<HarnessArg>,
    /// ACP logs (JSON Lines, one message per line) or session logs of `toolmeta proxy --log`;
    /// `-` reads standard input
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// OpenTelemetry export of the calls (docs/telemetry.md).
    #[command(flatten)]
    pub otlp: otlp::Args,
}

/// Runs `inspect`; returns the exit code (see [`Args`]).
pub fn run(args: &Args, stdin: &mut dyn BufRead, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let mut builder = Ledger::builder();
    if let Some(harness) = args.harness.as_ref().and_then(HarnessArg::harness) {
        builder = builder.harness(harness);
    }
    let mut ledger = builder.build();
    let settings = match otlp::Settings::resolve(&args.otlp, &otlp::process_env) {
        Ok(settings) => settings,
        Err(error) => {
            let _ = writeln!(err, "inspect: {error}");
            return exit::USAGE;
        }
    };
    match settings {
        None => {
            // The decisions of `toolmeta proxy --policy` in a session log.
            let mut decisions = Vec::new();
            if let Err(code) = read_all(&mut ledger, &args.files, stdin, err, &mut decisions) {
                return code;
            }
            let code = write_output(args, &ledger, out, err);
            // The process ends with the command: the calls (up to 20 000) are left to it,
            // not freed one by one, 2% of the command's CPU time (`docs/performance.md`,
            // "Memory and allocations"). A test that runs the command in process leaks one.
            std::mem::forget(ledger);
            if code == exit::OK && !args.json && !decisions.is_empty() {
                let written = out
                    .write_all(policy_decisions(&decisions).as_bytes())
                    .and_then(|()| out.flush());
                return finish_output(written, "inspect", err);
            }
            code
        }
        Some(settings) => export::run(args, &settings, &mut ledger, stdin, out, err),
    }
}

/// The decisions `toolmeta proxy --policy` logged, one line each after a count by decision.
fn policy_decisions(decisions: &[crate::log::PolicyDecision]) -> String {
    let count = |wanted: &str| {
        decisions
            .iter()
            .filter(|decision| decision.decision == wanted)
            .count()
    };
    let mut text = format!(
        "\npolicy decisions: {} (allow {}, ask {}, deny {})\n",
        decisions.len(),
        count("allow"),
        count("ask"),
        count("deny")
    );
    for decision in decisions {
        let what = decision
            .tool_call_id
            .clone()
            .or_else(|| {
                decision
                    .id
                    .as_ref()
                    .map(|id| format!("request {}", id.get()))
            })
            .unwrap_or_default();
        let answer = match &decision.option_id {
            Some(option) => format!(", answered `{option}`"),
            None => String::new(),
        };
        let evidence = match (&decision.evidence, decision.earned) {
            (Some(evidence), Some(true)) => format!(" ({evidence}, earned)"),
            (Some(evidence), _) => format!(" ({evidence}, not earned)"),
            (None, _) => String::new(),
        };
        let _ = writeln!(
            text,
            "  {:<5} {}  rule {}{answer}{evidence}",
            decision.decision,
            printable(&what),
            printable(&decision.rule)
        );
    }
    text
}

/// Reads every input into `ledger` (each line's message as [`input::message_of`] says),
/// keeping the policy decisions a session log of `toolmeta proxy --policy` records. A
/// decision is read from the line where it is, as the line is read: no line is copied
/// (copying every line to look for decisions was 6% of `inspect`'s instructions,
/// `docs/performance.md`, "Where the time goes").
fn read_all(
    ledger: &mut Ledger,
    files: &[PathBuf],
    stdin: &mut dyn BufRead,
    err: &mut dyn Write,
    decisions: &mut Vec<crate::log::PolicyDecision>,
) -> Result<(), u8> {
    input::for_each_input(files, stdin, "inspect", err, &mut |reader| {
        ledger.read_lines_with(
            reader,
            MAX_RECORD_BYTES,
            |line| {
                decisions.extend(policy_decision(line));
                input::message_of(line, Clock::None)
            },
            |_| ControlFlow::Continue(()),
        )?;
        Ok(ControlFlow::Continue(()))
    })
}

/// The policy decision a line holds: a line of text that is no record of a message
/// ([`crate::log::read_record`]) and reads as a decision.
fn policy_decision(line: BoundedLine<'_>) -> Option<crate::log::PolicyDecision> {
    let BoundedLine::Whole(bytes) = line else {
        return None;
    };
    let decision = crate::log::read_policy_decision(bytes)?;
    let plain = crate::log::read_record(bytes).is_none() && std::str::from_utf8(bytes).is_ok();
    plain.then_some(decision)
}

/// Writes the table or the JSON lines; returns the exit code.
fn write_output(args: &Args, ledger: &Ledger, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let written = if args.json {
        write_json_lines(ledger, &mut *out)
    } else if args.explain {
        out.write_all(explain(ledger).as_bytes())
    } else {
        out.write_all(table(ledger).as_bytes())
    };
    finish_output(written.and_then(|()| out.flush()), "inspect", err)
}

/// `inspect` with `--otlp`: the same output, and the calls exported as they end.
#[cfg(feature = "otel")]
mod export {
    use std::io::{BufRead, Write};
    use std::ops::ControlFlow;

    use toolmeta::client::Ledger;

    use super::{Args, write_output};
    use crate::exit;
    use crate::input::{self, Clock, Sent};

    use crate::otlp::{Delivery, Exporter, LOG_FLUSH_WAIT, Settings, Tracer};

    pub(super) fn run(
        args: &Args,
        settings: &Settings,
        ledger: &mut Ledger,
        stdin: &mut dyn BufRead,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> u8 {
        let exporter = match Exporter::start(settings, Delivery::WaitForRoom) {
            Ok(exporter) => exporter,
            Err(error) => {
                let _ = writeln!(err, "inspect: {error}");
                return exit::USAGE;
            }
        };
        let mut tracer = Tracer::new(settings.include_input);
        let mut send = |span| exporter.send(span);
        let read = input::for_each_input(&args.files, stdin, "inspect", err, &mut |input| {
            let read =
                input::read_into_with_messages(ledger, input, Clock::None, &mut |ledger, sent| {
                    match sent {
                        Sent::Record { dir, time, message } => {
                            tracer.observe(message, Some(*dir), *time, &mut send);
                        }
                        Sent::Plain(message) => tracer.observe(message, None, None, &mut send),
                        Sent::Unread => {}
                    }
                    tracer.after(ledger, &mut send);
                    ControlFlow::Continue(())
                });
            // The end of one input: what it left open ends there.
            tracer.finish(ledger, &mut send);
            read.map(|()| ControlFlow::Continue(()))
        });
        // An input that failed to read ends here.
        tracer.finish(ledger, &mut send);
        let code = match read {
            Ok(()) => write_output(args, ledger, out, err),
            Err(code) => code,
        };
        let report = exporter.finish(LOG_FLUSH_WAIT);
        if report.dropped > 0 {
            let _ = writeln!(
                err,
                "inspect: {} spans dropped ({} exported) to {}",
                report.dropped, report.exported, settings.traces_endpoint
            );
        }
        match report.error {
            Some(error) => {
                let _ = writeln!(err, "inspect: {error}");
                if code == exit::OK {
                    exit::EXPORT_FAILED
                } else {
                    code
                }
            }
            None if report.dropped > 0 && code == exit::OK => exit::EXPORT_FAILED,
            None => code,
        }
    }
}

/// `inspect` with `--otlp` in a build without the `otel` feature: says how to get it.
#[cfg(not(feature = "otel"))]
mod export {
    use std::io::{BufRead, Write};

    use toolmeta::client::Ledger;

    use super::{Args, read_all, write_output};
    use crate::exit;
    use crate::otlp::{NOT_BUILT, Settings};

    pub(super) fn run(
        args: &Args,
        _settings: &Settings,
        ledger: &mut Ledger,
        stdin: &mut dyn BufRead,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> u8 {
        if args.otlp.otlp.is_some() || args.otlp.otlp_input {
            let _ = writeln!(err, "inspect: --otlp: {NOT_BUILT}");
            return exit::USAGE;
        }
        // Only the environment asked: the calls are read and shown, and the export is
        // skipped, said once.
        let _ = writeln!(err, "inspect: OTEL_EXPORTER_OTLP_* is set, but {NOT_BUILT}");
        if let Err(code) = read_all(ledger, &args.files, stdin, err, &mut Vec::new()) {
            return code;
        }
        write_output(args, ledger, out, err)
    }
}

/// What `--explain` prints: one line per call, in first-seen order — its id, label and name
/// (`-` when nothing names the tool), the evidence with its `_meta` key or its argument
/// keys, and `earned` or `not earned` — each value escaped for the terminal.
///
/// ```
/// use toolmeta::client::Ledger;
/// let mut ledger = Ledger::new();
/// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"toolu_1","kind":"read","_meta":{"claudeCode":{"toolName":"Read"}}}"#);
/// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c\u001b2","kind":"think","title":"Planning the work"}"#);
/// assert_eq!(
///     toolmeta_cli::inspect::explain(&ledger),
///     "toolu_1  Read  Read  meta claudeCode.toolName  earned\nc\\u{1b}2  Think  -  acp_kind  not earned\n"
/// );
/// ```
pub fn explain(ledger: &Ledger) -> String {
    let mut out = String::new();
    for call in ledger {
        let evidence = call.evidence();
        let keys = match evidence.evidence_key {
            Some(key) => key.to_owned(),
            None => evidence.evidence_keys.join(","),
        };
        let _ = write!(
            out,
            "{}  {}  {}  {}",
            printable(call.tool_call_id()),
            printable(call.label()),
            printable(call.name().unwrap_or("-")),
            evidence.evidence
        );
        if !keys.is_empty() {
            let _ = write!(out, " {}", printable(&keys));
        }
        let earned = if evidence.earned {
            "earned"
        } else {
            "not earned"
        };
        let _ = writeln!(out, "  {earned}");
    }
    out
}

/// The table `inspect` prints: the calls by label, the sessions, the unfinished and the
/// rejected calls, and the line counts.
pub fn table(ledger: &Ledger) -> String {
    let mut out = String::new();
    let summary = ledger.summary();
    let rows: Vec<[String; 5]> = summary
        .labels
        .iter()
        .map(|group| {
            let mut names = group.names.join(", ");
            if group.unnamed > 0 {
                let sep = if names.is_empty() { "" } else { ", " };
                let _ = write!(names, "{sep}{} unnamed", group.unnamed);
            }
            let statuses: Vec<String> = group
                .statuses
                .iter()
                .map(|(status, count)| format!("{status} {count}"))
                .collect();
            let time = match group.timed {
                0 => String::new(),
                timed if timed == group.calls => duration(group.total_duration),
                timed => format!("{} ({timed} timed)", duration(group.total_duration)),
            };
            [
                printable(&group.label).into_owned(),
                group.calls.to_string(),
                printable(&names).into_owned(),
                printable(&statuses.join(", ")).into_owned(),
                time,
            ]
        })
        .collect();
    if !rows.is_empty() {
        let header = ["label", "calls", "names", "statuses", "time"].map(str::to_owned);
        let widths: Vec<usize> = (0..5)
            .map(|column| {
                std::iter::once(&header)
                    .chain(&rows)
                    .map(|row| row[column].chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        for row in std::iter::once(&header).chain(&rows) {
            // Padded by hand: `format!`'s width is a `u16`, and a column can be wider.
            let mut line = String::new();
            for (column, cell) in row.iter().enumerate() {
                if column > 0 {
                    line.push_str("  ");
                }
                let align = if column == 1 {
                    Align::Right
                } else {
                    Align::Left
                };
                pad(&mut line, cell, widths[column], align);
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
        let _ = writeln!(out);
    }
    for session in ledger.sessions() {
        let id = session.id().map_or("(no session)".into(), printable);
        let _ = writeln!(out, "session {id}: {}", outcomes(&session.summary()));
    }
    for (heading, calls) in [
        (
            "unfinished",
            ledger
                .calls()
                .filter(|call| !call.is_finished())
                .collect::<Vec<_>>(),
        ),
        (
            "rejected",
            ledger.calls().filter(|call| call.is_rejected()).collect(),
        ),
    ] {
        if calls.is_empty() {
            continue;
        }
        let _ = writeln!(out, "{heading}:");
        for call in calls {
            // The name, then the title when it says more (Kimi CLI's titles repeat the
            // name: `Shell: rm -rf build`).
            let mut what: Vec<&str> = call.name().into_iter().collect();
            what.extend(call.title().filter(|title| match call.name() {
                Some(name) => *title != name && !title.starts_with(&format!("{name}: ")),
                None => true,
            }));
            if what.len() == 1
                && let (Some(name), Some(title)) = (call.name(), call.title())
                && title.starts_with(&format!("{name}: "))
            {
                what[0] = title;
            }
            let _ = writeln!(
                out,
                "  {}  {}  {}  ({})",
                printable(call.tool_call_id()),
                printable(call.label()),
                printable(&what.join(": ")),
                printable(call.status().as_str())
            );
        }
    }
    if !ledger.is_empty() {
        let _ = writeln!(out);
    }
    counts(&mut out, ledger.len(), ledger.counts());
    out
}

/// `3 calls: 2 completed, 1 failed, 0 rejected, 0 unfinished, over 4.2s`.
fn outcomes(summary: &Summary) -> String {
    let mut line = format!(
        "{}: {} completed, {} failed, {} rejected, {} unfinished",
        plural(summary.calls as u64, "call"),
        summary.completed,
        summary.failed,
        summary.rejected,
        summary.unfinished
    );
    if let (Some(first), Some(last)) = (summary.first_seen, summary.last_seen)
        && let Ok(span) = last.duration_since(first)
    {
        let _ = write!(line, ", over {}", duration(span));
    }
    line
}

fn counts(out: &mut String, calls: usize, counts: &LineCounts) {
    let _ = writeln!(
        out,
        "{}; {}: {}, {}, {}, {}, {} blank",
        plural(calls as u64, "call"),
        plural(counts.lines, "line"),
        plural(counts.tool_call_updates, "tool-call update"),
        plural(counts.permission_answers, "permission answer"),
        plural(counts.other_updates, "other session update"),
        plural(counts.not_update, "other message"),
        counts.blank
    );
    if counts.evicted_finished + counts.evicted_pending > 0 {
        let _ = writeln!(
            out,
            "evicted calls: {} finished, {} unfinished (retention limits)",
            counts.evicted_finished, counts.evicted_pending
        );
    }
    if counts.evicted_for_bytes > 0 {
        let _ = writeln!(
            out,
            "evicted calls: {} (memory budget)",
            counts.evicted_for_bytes
        );
    }
    if counts.late_updates > 0 {
        let _ = writeln!(
            out,
            "late updates of evicted calls, dropped: {}",
            counts.late_updates
        );
    }
    // Requests, responses and notifications other than session updates are the rest of a
    // session, counted above; only lines that may have held a tool call are "skipped".
    let _ = writeln!(
        out,
        "skipped lines: {} (not JSON {}, no toolCallId {}, too long {})",
        counts.not_json + counts.missing_tool_call_id + counts.too_long,
        counts.not_json,
        counts.missing_tool_call_id,
        counts.too_long
    );
}

/// `1 call`, `2 calls`.
pub(crate) fn plural(count: u64, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// `250ms`, `4.2s`, `3m07s`.
pub(crate) fn duration(duration: Duration) -> String {
    let millis = duration.as_millis();
    if millis < 1_000 {
        format!("{millis}ms")
    } else if millis < 60_000 {
        format!("{:.1}s", duration.as_secs_f64())
    } else {
        let seconds = duration.as_secs();
        format!("{}m{:02}s", seconds / 60, seconds % 60)
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
