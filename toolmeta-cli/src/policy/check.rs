//! `toolmeta policy check --policy FILE [--cwd DIR] [--harness NAME] [--home DIR] [LOG…]`:
//! ACP messages replayed through a policy (DESIGN §8). One JSON line per permission request
//! or client fs/terminal request, in order:
//! `{"session_id","id","method","tool_call_id","label","evidence","earned","decision","option_id","rule","rules"}`.

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;
use toolmeta::ToolKind;
use toolmeta::client::Ledger;
use toolmeta::policy::CallHistory;

use super::judge::{Judge, Judgement, Session};
use super::load;
use crate::HarnessArg;
use crate::input::{self, Clock, Sent};

/// Exit codes of `policy check` (DESIGN §8).
pub mod exit {
    /// The inputs were read (whatever the decisions).
    pub const READ: u8 = 0;
    /// An input could not be read, or the output could not be written.
    pub const IO: u8 = 1;
    /// The command line or the policy is wrong.
    pub const USAGE: u8 = 2;
}

/// `toolmeta policy check`
#[derive(Debug, clap::Args)]
#[command(after_help = "Exit codes:
  0  the inputs were read (whatever the policy decided)
  1  an input could not be read, or the output could not be written
  2  the command line or a policy file is wrong")]
pub struct Args {
    /// The policy file; more than once, the rules add up and the stricter default wins
    #[arg(long = "policy", value_name = "FILE", required = true)]
    pub policies: Vec<PathBuf>,
    /// The session's working directory when the messages carry no `session/new`
    #[arg(long, value_name = "DIR")]
    pub cwd: Option<PathBuf>,
    /// The agent, when no `initialize` answer names it (a catalog harness, or the agent's
    /// own name)
    #[arg(long, value_name = "NAME")]
    pub harness: Option<HarnessArg>,
    /// The home directory `~/` means (default: $HOME)
    #[arg(long, value_name = "DIR")]
    pub home: Option<PathBuf>,
    /// ACP logs (JSON Lines, every shape `inspect` reads, session logs of `toolmeta proxy
    /// --log` included); none or `-` reads standard input
    #[arg(value_name = "LOG")]
    pub logs: Vec<PathBuf>,
}

/// One line of the output, its fields in DESIGN §8's order.
#[derive(Serialize)]
struct Line<'a> {
    session_id: Option<&'a str>,
    id: Option<&'a RawValue>,
    method: &'a str,
    tool_call_id: Option<&'a str>,
    label: &'a str,
    evidence: &'a str,
    earned: bool,
    decision: &'a str,
    option_id: Option<&'a str>,
    rule: &'a str,
    rules: &'a [String],
}

/// What the messages said of the sessions so far.
#[derive(Default)]
struct Sessions {
    /// `session/new` requests waiting for their answer: id → cwd.
    asked: HashMap<String, String>,
    /// Session id → cwd.
    cwd: HashMap<String, String>,
    /// The agent's `agentInfo.name`.
    agent: Option<String>,
}

/// Runs `policy check`; returns the exit code.
pub fn run(args: &Args, stdin: &mut dyn BufRead, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let policy = match load(&args.policies) {
        Ok(policy) => policy,
        Err(refusal) => {
            let _ = writeln!(err, "{refusal}");
            return exit::USAGE;
        }
    };
    let Some(home) = args
        .home
        .clone()
        .or_else(|| std::env::var_os("HOME").map(PathBuf::from))
    else {
        let _ = writeln!(
            err,
            "toolmeta policy check: no home directory: set HOME or pass --home DIR"
        );
        return exit::USAGE;
    };
    let stdin_only = [PathBuf::from("-")];
    let logs: &[PathBuf] = if args.logs.is_empty() {
        &stdin_only
    } else {
        &args.logs
    };
    let judge = Judge::new(policy, home);
    let mut builder = Ledger::builder();
    if let Some(harness) = args.harness.as_ref().and_then(HarnessArg::harness) {
        builder = builder.harness(harness);
    }
    let mut ledger = builder.build();
    let mut history = CallHistory::new();
    let mut sessions = Sessions::default();
    let cwd = args.cwd.as_ref().map(|cwd| cwd.display().to_string());
    let mut write_failed = false;
    let read = input::for_each_input(logs, stdin, "toolmeta policy check", err, &mut |reader| {
        input::read_into_with_messages(&mut ledger, reader, Clock::None, &mut |ledger, sent| {
            history.note(ledger);
            let text = match sent {
                Sent::Record { message, .. } | Sent::Plain(message) => message.as_str(),
                Sent::Unread => return ControlFlow::Continue(()),
            };
            let Ok(message) = serde_json::from_str::<Value>(text) else {
                return ControlFlow::Continue(());
            };
            if let Some(printed) = read_message(
                &message,
                text,
                ledger,
                &mut history,
                &mut sessions,
                &judge,
                cwd.as_deref(),
                args.harness.as_ref().map(HarnessArg::name),
            ) && !write_failed
                && writeln!(out, "{printed}").is_err()
            {
                write_failed = true;
            }
            ControlFlow::Continue(())
        })?;
        Ok(ControlFlow::Continue(()))
    });
    if let Err(code) = read {
        return code;
    }
    if write_failed || out.flush().is_err() {
        return exit::IO;
    }
    exit::READ
}

/// Reads one message: notes what it says of the sessions; the output line when it is a
/// request the policy judges.
#[allow(clippy::too_many_arguments)]
fn read_message(
    message: &Value,
    text: &str,
    ledger: &Ledger,
    history: &mut CallHistory,
    sessions: &mut Sessions,
    judge: &Judge,
    cwd: Option<&str>,
    harness: Option<&str>,
) -> Option<String> {
    let string = |value: &Value, pointer: &str| {
        value
            .pointer(pointer)
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let id_key = message.get("id").map(Value::to_string);
    let Some(method) = message.get("method").and_then(Value::as_str) else {
        // An answer: of `session/new` (its session's cwd), of `initialize` (the agent).
        if let Some(name) = string(message, "/result/agentInfo/name") {
            sessions.agent.get_or_insert(name);
        }
        if let (Some(id), Some(session_id)) = (id_key, string(message, "/result/sessionId"))
            && let Some(cwd) = sessions.asked.remove(&id)
        {
            sessions.cwd.insert(session_id, cwd);
        }
        return None;
    };
    let params = message.get("params").unwrap_or(&Value::Null);
    let session_id = string(params, "/sessionId");
    match method {
        "session/new" => {
            if let (Some(id), Some(cwd)) = (id_key, string(params, "/cwd")) {
                sessions.asked.insert(id, cwd);
            }
            return None;
        }
        "session/load" | "session/resume" => {
            if let (Some(session_id), Some(cwd)) = (session_id, string(params, "/cwd")) {
                sessions.cwd.insert(session_id, cwd);
            }
            return None;
        }
        _ => {}
    }
    let session = Session {
        cwd: session_id
            .as_deref()
            .and_then(|id| sessions.cwd.get(id))
            .map(String::as_str)
            .or(cwd),
        agent: sessions.agent.as_deref().or(harness),
    };
    let raw_id = raw_id(text);
    let (tool_call_id, judgement) = match method {
        "session/request_permission" => {
            let tool_call = params.get("toolCall")?;
            let tool_call_id = tool_call.get("toolCallId")?.as_str()?;
            let call = match session_id.as_deref() {
                Some(session_id) => ledger.get_in_session(session_id, tool_call_id),
                None => ledger.get(tool_call_id),
            }?;
            history.note_request(ledger, call.id(), tool_call);
            let call = ledger.call(call.id())?;
            let judgement = judge.permission(call, history, params.get("options"), &session);
            (Some(tool_call_id), judgement)
        }
        "fs/read_text_file" | "fs/write_text_file" | "terminal/create" => {
            let judgement = judge
                .client_method(method, params, &session)
                .unwrap_or_else(|| unreadable(method));
            (None, judgement)
        }
        _ => return None,
    };
    let line = Line {
        session_id: session_id.as_deref(),
        id: raw_id.as_deref(),
        method,
        tool_call_id,
        label: &judgement.label,
        evidence: judgement.evidence,
        earned: judgement.earned,
        decision: judgement.verdict.decision.as_str(),
        option_id: judgement.option_id(),
        rule: &judgement.verdict.rule,
        rules: &judgement.verdict.rules,
    };
    serde_json::to_string(&line).ok()
}

/// A client method's request the proxy cannot read: forwarded, which the line says as ask
/// by no rule.
fn unreadable(method: &str) -> Judgement {
    use toolmeta::policy::{Decision, Verdict};
    Judgement {
        label: match method {
            "fs/read_text_file" => ToolKind::Read,
            "fs/write_text_file" => ToolKind::Write,
            _ => ToolKind::Execute,
        }
        .label()
        .to_owned(),
        evidence: "method",
        earned: true,
        verdict: Verdict {
            decision: Decision::Ask,
            rule: "default".into(),
            rules: Vec::new(),
            reason: "the request cannot be read: it is forwarded".into(),
        },
        reply: super::judge::Reply::Forward,
    }
}

/// The message's `id` as written (a number keeps its form).
fn raw_id(text: &str) -> Option<Box<RawValue>> {
    #[derive(serde::Deserialize)]
    struct Id {
        id: Option<Box<RawValue>>,
    }
    serde_json::from_str::<Id>(text).ok()?.id
}
