//! `toolmeta proxy -- AGENT [ARGS…]`: between an ACP client and any agent on stdio, every
//! byte passed on unchanged, except that the agent's tool-call events that carry no
//! envelope get one (see [`Stamper`] for which events, and `docs/proxy.md`).
//!
//! Threads move the bytes: the client's lines go to the agent as they arrive, the agent's
//! lines go to the client (see `forward` for when they are written: never later than when
//! the proxy has no further line in hand), one writes the proxy's own answers to the agent
//! between whole client lines (see `agent_input`), and one waits for the agent to exit.
//! Both directions are read (see `traffic`): what the proxy learns of each session is kept
//! for a [`Decider`], which may answer the agent's requests to the client itself; the
//! default, [`Forward`], answers none. A line longer
//! than [`MAX_LINE_BYTES`](crate::MAX_LINE_BYTES) streams through in pieces, unread. When the client closes its
//! end, the agent's input is closed and the agent has `--grace` seconds to exit before it
//! is sent SIGTERM, then SIGKILL after as long again. The proxy exits with the agent's
//! status (128 + the signal's number when a signal ended it), once the agent's output is
//! passed on. SIGINT and SIGTERM sent to the proxy are passed on to the agent. The agent's
//! standard error is the proxy's own.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

mod agent_input;
mod client_scan;
mod decide;
mod forward;
mod lines;
mod policy;
mod scan;
mod session_log;
mod sessions;
mod signals;
mod stamp;
mod telemetry;
mod traffic;

pub use decide::{AgentRequest, Answer, ClientMethod, Decider, Forward};
pub use policy::{DENIED, PolicyDecider};
pub use sessions::{
    AnsweredBy, MAX_ANSWERS, MAX_PENDING, MAX_SESSIONS, MAX_TEXT_BYTES, MAX_TURNS,
    PermissionAnswer, SessionState, Sessions, Turn,
};
pub use stamp::Stamper;

use crate::HarnessArg;
use forward::{agent_to_client, client_to_agent};
use session_log::SessionLog;
use telemetry::Telemetry;
use traffic::{AgentLines, ClientLines};

/// How long the proxy waits, once the agent has exited, for the rest of its output.
const DRAIN_AFTER_EXIT: Duration = Duration::from_secs(1);

/// The exit code when the agent could not be started: it was not found (127, as a shell
/// says), or could not be run (126).
pub mod exit {
    /// The agent's program was not found.
    pub const NOT_FOUND: u8 = 127;
    /// The agent's program could not be run.
    pub const CANNOT_RUN: u8 = 126;
}

/// The arguments of `toolmeta proxy`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Put `toolmeta proxy -- AGENT [ARGS…]` where an editor runs the agent: every byte passes \
both ways unchanged, except that tool-call events without an `x.ai/tool` envelope get one.

Exit codes:
  the agent's own exit code, or 128 + the signal's number when a signal ended it
  1    the log could not be opened
  2    a usage error, or a --policy file that does not load (also --otlp in a build
       without the otel feature, or an OTLP setting that cannot be used); a failed export
       never changes the exit code
  126  the agent could not be run
  127  the agent was not found")]
pub struct Args {
    /// The agent, when its `initialize` answer does not name it: a catalog harness (the
    /// help lists them from the catalog), or the agent's own name, whose calls get the
    /// extension namespace made from it (`acme-coder` → `_acme_coder`)
    #[arg(long, value_name = "NAME")]
    pub harness: Option<HarnessArg>,
    /// Append both directions to FILE, one JSON object per line
    /// (`{"dir","t","msg"}`), for `toolmeta inspect`, `live` and `touched`
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// The size the log file may reach; later messages are not logged (a number of bytes,
    /// or with K, M or G)
    #[arg(long, value_name = "BYTES", default_value = "1G", value_parser = parse_size)]
    pub log_limit: u64,
    /// Also fill ACP's own `name`, `kind` and `locations` in the events the proxy stamps,
    /// where the agent sent none (a `kind` of `other` counts as none), for clients that
    /// read those and not `_meta`
    #[arg(long)]
    pub acp_fields: bool,
    /// Answer the agent's permission requests (and refuse the fs/terminal requests it
    /// denies) from a permission policy (docs/policy.md); more than once, the rules add up
    /// and the stricter default wins. A file that does not load stops the proxy before the
    /// agent starts (exit 2)
    #[arg(long = "policy", value_name = "FILE")]
    pub policies: Vec<PathBuf>,
    /// Seconds the agent has to exit after the client closed its input, before SIGTERM
    /// (then SIGKILL after as long again)
    #[arg(long, value_name = "SECONDS", default_value = "2", value_parser = parse_seconds)]
    pub grace: Duration,
    /// OpenTelemetry export of the calls, live (docs/telemetry.md).
    #[command(flatten)]
    pub otlp: crate::otlp::Args,
    /// The agent's command line, after `--`
    #[arg(required = true, last = true, value_name = "AGENT")]
    pub agent: Vec<OsString>,
}

fn parse_size(text: &str) -> Result<u64, String> {
    let (digits, unit) = match text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((at, _)) => text.split_at(at),
        None => (text, ""),
    };
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        _ => {
            return Err(format!(
                "`{text}` is not a size: a number of bytes, or with K, M or G"
            ));
        }
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(1 << shift))
        .ok_or_else(|| format!("`{text}` is not a size: a number of bytes, or with K, M or G"))
}

fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
        .ok_or_else(|| format!("`{text}` is not a number of seconds"))
}

/// Runs the proxy on the process's standard input and output; returns the exit code.
///
/// From then on, SIGINT and SIGTERM sent to the process are passed on to the agent
/// instead of ending the process.
pub fn run(args: &Args, err: &mut dyn Write) -> u8 {
    serve(args, io::stdin(), io::stdout(), err)
}

/// What the threads tell the main one.
enum Event {
    /// The client closed its end: no more input for the agent.
    ClientClosed,
    /// The agent's output has ended and has all been passed on.
    OutputDone,
    /// The agent exited.
    Exited(io::Result<ExitStatus>),
}

/// Runs the proxy between `client_in`/`client_out` and the agent; returns the exit code.
/// Reports its own problems on `err` (the agent's standard error is the process's).
pub fn serve<I, O>(args: &Args, client_in: I, client_out: O, err: &mut dyn Write) -> u8
where
    I: Read + Send + 'static,
    O: Write + Send + 'static,
{
    serve_with(args, Box::new(Forward), client_in, client_out, err)
}

/// The home directory a policy's `~/` means: `$HOME`.
fn home() -> Option<PathBuf> {
    std::env::var_os("HOME").map(PathBuf::from)
}

/// [`serve`], with `decider` offered each request of the agent to the client
/// (`session/request_permission`, `fs/read_text_file`, `fs/write_text_file`,
/// `terminal/create`): what it answers goes to the agent, between whole client lines, and
/// never reaches the client.
pub fn serve_with<I, O>(
    args: &Args,
    decider: Box<dyn Decider>,
    client_in: I,
    client_out: O,
    err: &mut dyn Write,
) -> u8
where
    I: Read + Send + 'static,
    O: Write + Send + 'static,
{
    // A policy that does not load stops the proxy before the agent starts: an editor shows
    // the error rather than running the agent without the policy it was given.
    let judge = if args.policies.is_empty() {
        None
    } else {
        match (crate::policy::load(&args.policies), home()) {
            (Ok(policy), Some(home)) => Some(crate::policy::judge::Judge::new(policy, home)),
            (Err(refusal), _) => {
                let _ = writeln!(err, "toolmeta proxy: {refusal}");
                return crate::exit::USAGE;
            }
            (Ok(_), None) => {
                let _ = writeln!(
                    err,
                    "toolmeta proxy: --policy needs the home directory `~/` means: set HOME"
                );
                return crate::exit::USAGE;
            }
        }
    };
    // The export's settings are checked before anything starts; the agent's environment
    // is its own, OTEL_* variables included.
    let telemetry = match Telemetry::start(&args.otlp, args.harness.as_ref(), err) {
        Ok(telemetry) => telemetry,
        Err(code) => return code,
    };
    let forwarded = signals::take();
    let log = match &args.log {
        Some(path) => match SessionLog::open(path, args.log_limit, Box::new(io::stderr())) {
            Ok(log) => Some(log),
            Err(error) => {
                let _ = writeln!(
                    err,
                    "toolmeta proxy: cannot open the log `{}`: {error}",
                    path.display()
                );
                return crate::exit::IO;
            }
        },
        None => None,
    };
    let (program, agent_args) = match args.agent.split_first() {
        Some(split) => split,
        None => return crate::exit::USAGE,
    };
    let mut child = match Command::new(program)
        .args(agent_args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
    {
        Ok(child) => child,
        Err(error) => {
            let _ = writeln!(
                err,
                "toolmeta proxy: cannot start `{}`: {error}",
                program.to_string_lossy()
            );
            return if error.kind() == io::ErrorKind::NotFound {
                exit::NOT_FOUND
            } else {
                exit::CANNOT_RUN
            };
        }
    };
    let pid = child.id();
    if let Some(set) = forwarded {
        signals::forward(set, pid);
    }
    let (events, inbox) = mpsc::channel();
    let (Some(agent_in), Some(agent_out)) = (child.stdin.take(), child.stdout.take()) else {
        return crate::exit::IO;
    };

    let decider = match judge {
        Some(judge) => Box::new(PolicyDecider::new(
            judge,
            log.clone(),
            telemetry.clone(),
            Box::new(io::stderr()),
        )),
        None => decider,
    };
    let known = traffic::Shared::new(Stamper::new(
        args.harness.as_ref().map(HarnessArg::name),
        args.acp_fields,
    ));
    let (agent_in, proxy_in) = agent_input::split(agent_in);
    let to_agent = (
        events.clone(),
        log.clone(),
        telemetry.clone(),
        ClientLines::new(known.clone()),
    );
    thread::spawn(move || {
        let (events, log, telemetry, lines) = to_agent;
        client_to_agent(client_in, agent_in, lines, log.as_ref(), telemetry.as_ref());
        let _ = events.send(Event::ClientClosed);
    });
    let to_client = (
        events.clone(),
        log,
        telemetry.clone(),
        AgentLines::new(known, decider, proxy_in),
    );
    thread::spawn(move || {
        let (events, log, telemetry, mut lines) = to_client;
        agent_to_client(
            agent_out,
            client_out,
            &mut lines,
            log.as_ref(),
            telemetry.as_ref(),
        );
        let _ = events.send(Event::OutputDone);
    });
    thread::spawn(move || {
        let _ = events.send(Event::Exited(child.wait()));
    });

    let status = supervise(&inbox, pid, args.grace);
    // Every byte has been passed on: the export's end (at most about 100 ms) delays only
    // the proxy's exit.
    if let Some(telemetry) = telemetry {
        telemetry.finish(err);
    }
    match status {
        Ok(status) => exit_code(status),
        Err(error) => {
            let _ = writeln!(err, "toolmeta proxy: cannot wait for the agent: {error}");
            crate::exit::IO
        }
    }
}

/// Waits until both sides are done: the agent has exited and its output has been passed
/// on (or [`DRAIN_AFTER_EXIT`] has passed since it exited: a process it started may hold
/// its output open). Once the client has closed its end, ends the agent after `grace`
/// (SIGTERM, then SIGKILL after as long again). Returns the agent's status.
fn supervise(inbox: &mpsc::Receiver<Event>, pid: u32, grace: Duration) -> io::Result<ExitStatus> {
    let mut status: Option<io::Result<ExitStatus>> = None;
    let mut output_done = false;
    // While the agent runs: when to signal it next. Once it has exited: when to stop
    // waiting for its output.
    let mut deadline: Option<Instant> = None;
    let mut terminated = false;
    loop {
        if output_done && let Some(status) = status {
            return status;
        }
        let event = match deadline {
            None => inbox.recv().map_err(|_| RecvTimeoutError::Disconnected),
            Some(at) => inbox.recv_timeout(at.saturating_duration_since(Instant::now())),
        };
        match event {
            Ok(Event::Exited(exited)) => {
                status = Some(exited);
                deadline = Some(Instant::now() + DRAIN_AFTER_EXIT);
            }
            Ok(Event::OutputDone) => output_done = true,
            Ok(Event::ClientClosed) => {
                if status.is_none() {
                    deadline.get_or_insert_with(|| Instant::now() + grace);
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Some(status) = status {
                    return status;
                }
                if terminated {
                    signals::kill(pid);
                    deadline = None;
                } else {
                    signals::terminate(pid);
                    terminated = true;
                    deadline = Some(Instant::now() + grace);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return status
                    .unwrap_or_else(|| Err(io::Error::other("the agent's waiter went away")));
            }
        }
    }
}

/// The agent's status as an exit code: its own code, or 128 + the signal's number.
fn exit_code(status: ExitStatus) -> u8 {
    if let Some(code) = status.code() {
        // An exit code is a byte on Unix; elsewhere the low byte is what a shell sees.
        return (code & 0xff) as u8;
    }
    signals::signal_of(status).map_or(crate::exit::IO, |signal| 128u8.wrapping_add(signal))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_bytes_with_binary_units() {
        assert_eq!(parse_size("1024"), Ok(1024));
        assert_eq!(parse_size("1K"), Ok(1 << 10));
        assert_eq!(parse_size("16m"), Ok(16 << 20));
        assert_eq!(parse_size("1GiB"), Ok(1 << 30));
        for bad in ["", "G", "1T", "-1", "1.5G", "99999999999999999999"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_seconds("0.25"), Ok(Duration::from_millis(250)));
        assert!(parse_seconds("-1").is_err());
    }
}
