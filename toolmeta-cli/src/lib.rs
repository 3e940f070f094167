//! The `toolmeta` program: ACP session logs and live agents, seen through toolmeta's
//! tool identity.
//!
//! ```text
//! toolmeta inspect [--json] [--harness NAME] [--otlp [ENDPOINT]] FILE...
//!                                                       which tools were called, by label
//! toolmeta live [FILE...]                               a call-by-call view as it streams
//! toolmeta touched [--json] FILE...                     every path read or changed, every command run
//! toolmeta proxy [--log FILE] [--harness NAME] -- AGENT [ARGS...]
//!                                                       run AGENT, adding the envelope to its tool calls
//! toolmeta catalog [--json]                             the tools of every harness, and what recognises it
//! ```
//!
//! Each subcommand is a function over its arguments, an input and two outputs, so the
//! tests run it in-process; `main` only connects it to the process's standard streams.
//! A file argument `-` is standard input.
//!
//! # Exit codes
//!
//! | code | meaning |
//! |---|---|
//! | 0 | done (skipped lines are reported in the output, not failures); also when the reader of the output closed it early (`toolmeta inspect … \| head`) |
//! | 1 | an input could not be opened or read, or the output could not be written |
//! | 2 | a usage error: an unknown option, a missing argument |
//! | 3 | `touched` only: the report may be incomplete (lines skipped as unreadable or too long, updates of evicted calls dropped) |
//! | 4 | `inspect --otlp` only: the export failed (the reason is on standard error) |
//!
//! `policy test FILE` has its own (DESIGN §8): 0 when every example holds, 1 listing each
//! that fails, 2 when the file does not load.
//!
//! `proxy` exits with the agent's status instead (see [`proxy`]).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::ffi::OsString;
use std::io::{self, BufRead, Write};

use clap::{Parser, Subcommand};

pub mod catalog;
mod harness_arg;
mod input;
pub mod inspect;
pub mod live;
pub mod log;
pub mod otlp;
pub mod policy;
mod printable;
pub mod proxy;
pub mod touched;

pub use harness_arg::HarnessArg;
pub use input::MAX_LINE_BYTES;
pub use printable::printable;

/// The exit codes of `toolmeta` (see the crate documentation).
pub mod exit {
    /// Done.
    pub const OK: u8 = 0;
    /// An input could not be read, or the output could not be written.
    pub const IO: u8 = 1;
    /// A usage error.
    pub const USAGE: u8 = 2;
    /// `touched`: the report may be incomplete.
    pub const INCOMPLETE: u8 = 3;
    /// `inspect --otlp`: the export failed (spans not delivered).
    pub const EXPORT_FAILED: u8 = 4;
}

const EXIT_CODES: &str = "\
Exit codes:
  0  done (skipped lines are reported, not failures), or the output was closed early
  1  an input could not be read, or the output could not be written
  2  a usage error
  3  touched: the report may be incomplete (skipped lines, dropped updates)
  4  inspect --otlp: the export failed
  policy test: 0 every example holds, 1 some fail (each listed), 2 the file does not load
  proxy exits with the agent's status";

/// The command line of `toolmeta`.
#[derive(Debug, Parser)]
#[command(
    name = "toolmeta",
    version,
    about = "Cross-harness tool identity for ACP tool calls: read session logs, watch agents, audit what they touched, give any agent the envelope",
    after_help = EXIT_CODES
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Show which tools ACP session logs called, grouped by label, per session
    Inspect(inspect::Args),
    /// Follow an agent's tool calls as they stream, then summarize each session
    Live(live::Args),
    /// List every path an agent read, edited or wrote and every command it ran
    Touched(touched::Args),
    /// Run an ACP agent for a client (an editor), adding the x.ai/tool envelope to its tool calls
    Proxy(proxy::Args),
    /// Show the tools toolmeta knows of each harness, or write them as data (--json)
    Catalog(catalog::Args),
    /// Permission policies: `policy test FILE` runs a policy file's examples, `policy check` replays ACP logs through a policy.
    Policy(policy::Args),
}

/// Runs `toolmeta` with `args` (the program name first, as `std::env::args_os` gives
/// them) over `stdin`, writing to `out` and `err`; returns the exit code.
pub fn run_args<I, T>(
    args: I,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    match parse(args) {
        Ok(cli) => run(&cli, stdin, out, err),
        Err(error) => {
            // `--help` and `--version` are "errors" that go to standard output with 0.
            let target: &mut dyn Write = if error.use_stderr() { err } else { out };
            let _ = write!(target, "{}", error.render());
            u8::try_from(error.exit_code()).unwrap_or(exit::USAGE)
        }
    }
}

/// Runs the parsed command line; returns the exit code.
///
/// `proxy` hands the streams to threads that outlive the call, so it runs on the process's
/// own standard input and output (see [`proxy::run`]), not on `stdin` and `out`.
pub fn run(cli: &Cli, stdin: &mut dyn BufRead, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    match &cli.command {
        Command::Inspect(args) => inspect::run(args, stdin, out, err),
        Command::Live(args) => live::run(args, stdin, out, err),
        Command::Touched(args) => touched::run(args, stdin, out, err),
        Command::Catalog(args) => catalog::run(args, out, err),
        Command::Proxy(args) => proxy::run(args, err),
        Command::Policy(args) => policy::run(args, stdin, out, err),
    }
}

/// `toolmeta` as a program: its command line from the process, on the process's standard
/// streams; returns the exit code.
pub fn main() -> u8 {
    match parse(std::env::args_os()) {
        // The proxy reads standard input from a thread of its own: it must not be locked.
        Ok(Cli {
            command: Command::Proxy(args),
        }) => proxy::run(&args, &mut io::stderr()),
        Ok(cli) => run(
            &cli,
            &mut io::stdin().lock(),
            &mut io::stdout().lock(),
            &mut io::stderr().lock(),
        ),
        Err(error) => {
            let code = u8::try_from(error.exit_code()).unwrap_or(exit::USAGE);
            let _ = error.print();
            code
        }
    }
}

/// Parses the command line (the program name first); a usage error says, where it can, what
/// to write instead.
pub fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let mut command = <Cli as clap::CommandFactory>::command();
    command = command.mut_subcommand("proxy", |proxy| {
        proxy.mut_arg("harness", |harness| harness.help(proxy_harness_help()))
    });
    command = command.mut_subcommand("inspect", |inspect| {
        inspect.mut_arg("harness", |harness| harness.help(inspect_harness_help()))
    });
    command
        .try_get_matches_from(&args)
        .and_then(|matches| <Cli as clap::FromArgMatches>::from_arg_matches(&matches))
        .map_err(|mut error| {
            if let Some(tip) = agent_without_separator(&error, &args) {
                error.insert(
                    clap::error::ContextKind::Suggested,
                    clap::error::ContextValue::StyledStrs(vec![tip.into()]),
                );
            }
            error
        })
}

/// The catalog's harnesses, as `--harness` takes them: `claude_code, codex, … or kimi_cli`.
fn catalog_harnesses() -> String {
    let names: Vec<String> = toolmeta::catalog::Harness::ALL
        .iter()
        .map(ToString::to_string)
        .collect();
    match names.split_last() {
        Some((final_name, [])) => final_name.clone(),
        Some((final_name, rest)) => format!("{} or {final_name}", rest.join(", ")),
        None => String::new(),
    }
}

/// `proxy --harness`'s help, its list of harnesses the catalog's own.
fn proxy_harness_help() -> String {
    format!(
        "The agent, when its `initialize` answer does not name it: a catalog harness ({}), \
         or the agent's own name, whose calls get the extension namespace made from it \
         (`acme-coder` → `_acme_coder`)",
        catalog_harnesses()
    )
}

/// `inspect --harness`'s help, its list of harnesses the catalog's own.
fn inspect_harness_help() -> String {
    format!(
        "The agent behind calls without an envelope, when the log does not say (its \
         `initialize` answer, `_meta.claudeCode`, Gemini CLI's call ids and envelopes are read \
         without it): {}",
        catalog_harnesses()
    )
}

/// For `toolmeta proxy AGENT …` (the agent without `--` before it, which clap refuses as an
/// unexpected argument), the command line to write instead.
fn agent_without_separator(error: &clap::Error, args: &[OsString]) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() != ErrorKind::UnknownArgument || args.get(1)? != "proxy" {
        return None;
    }
    let Some(ContextValue::String(unexpected)) = error.get(ContextKind::InvalidArg) else {
        return None;
    };
    if unexpected.starts_with('-') {
        return None;
    }
    // The options of `proxy` that take a value: a word after one of them is its value.
    const TAKE_A_VALUE: [&str; 4] = ["--harness", "--log", "--log-limit", "--grace"];
    let words: Vec<String> = args
        .iter()
        .map(|arg| arg.to_string_lossy().into_owned())
        .collect();
    let agent = (2..words.len())
        .find(|&i| words[i] == *unexpected && !TAKE_A_VALUE.contains(&words[i - 1].as_str()))?;
    let mut fixed = vec!["toolmeta".to_owned()];
    fixed.extend_from_slice(&words[1..agent]);
    fixed.push("--".to_owned());
    fixed.extend_from_slice(&words[agent..]);
    Some(format!(
        "the agent's command line goes after `--`: `{}`",
        toolmeta::convert::command_line(&fixed)
    ))
}

/// The exit code for the end of writing the output: a closed pipe (`… | head`) is the
/// reader's choice and exits cleanly; any other failure is reported.
fn finish_output(result: io::Result<()>, program: &str, err: &mut dyn Write) -> u8 {
    match result {
        Ok(()) => exit::OK,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => exit::OK,
        Err(error) => {
            let _ = writeln!(err, "{program}: cannot write the output: {error}");
            exit::IO
        }
    }
}
