//! `toolmeta proxy --policy FILE`: the [`Decider`] that answers the agent's requests from a
//! permission policy (DESIGN §8, "Where it applies"). A permission request it allows is
//! answered with the first `allow_once` option (forwarded when none is offered), one it
//! denies with the first `reject_once`, else `reject_always`, else `cancelled`; ask forwards
//! it. `fs/read_text_file`, `fs/write_text_file` and `terminal/create` are refused with a
//! JSON-RPC error naming the rule when denied, else forwarded. A request it cannot read is
//! forwarded. Every decision is written to `--log` as a `{"dir":"policy",…}` record and as
//! one line on standard error.

use std::io::Write;
use std::time::SystemTime;

use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;

use super::decide::{AgentRequest, Answer, ClientMethod, Decider};
use super::session_log::SessionLog;
use super::telemetry::Telemetry;
use crate::log::millis;
use crate::policy::judge::{Judge, Judgement, Reply, Session};

/// The JSON-RPC error code of a client method the policy denies (a server error, in the
/// range JSON-RPC leaves to the implementation).
pub const DENIED: i64 = -32001;

/// The policy's [`Decider`].
pub struct PolicyDecider {
    judge: Judge,
    log: Option<SessionLog>,
    telemetry: Option<Telemetry>,
    report: Box<dyn Write + Send>,
}

/// A decision's record in the session log, its fields in DESIGN §8's order.
#[derive(Serialize)]
struct Record<'a> {
    dir: &'static str,
    t: u64,
    session_id: Option<&'a str>,
    id: &'a RawValue,
    tool_call_id: Option<&'a str>,
    decision: &'a str,
    option_id: Option<&'a str>,
    rule: &'a str,
    evidence: &'a str,
    earned: bool,
}

impl PolicyDecider {
    /// Decides by `judge`, writing each decision to `log` and the export (`telemetry`: the
    /// call's span says the policy answered), when given, and to `report` (the process's
    /// standard error).
    pub(super) fn new(
        judge: Judge,
        log: Option<SessionLog>,
        telemetry: Option<Telemetry>,
        report: Box<dyn Write + Send>,
    ) -> PolicyDecider {
        PolicyDecider {
            judge,
            log,
            telemetry,
            report,
        }
    }

    fn judge(&self, request: &AgentRequest<'_>, params: &Value) -> Option<Judgement> {
        let session = Session {
            cwd: request.session.and_then(|session| session.cwd()),
            agent: request.agent,
        };
        match request.method {
            ClientMethod::RequestPermission => {
                let call = request.call?;
                Some(
                    self.judge
                        .permission(call, request.history, params.get("options"), &session),
                )
            }
            method => self.judge.client_method(method.as_str(), params, &session),
        }
    }

    fn record(&mut self, request: &AgentRequest<'_>, judgement: &Judgement) {
        let tool_call_id = request.call.map(|call| call.tool_call_id());
        let verdict = &judgement.verdict;
        if self.log.is_some() || self.telemetry.is_some() {
            let record = Record {
                dir: "policy",
                t: millis(SystemTime::now()),
                session_id: request.session_id,
                id: request.id,
                tool_call_id,
                decision: verdict.decision.as_str(),
                option_id: judgement.option_id(),
                rule: &verdict.rule,
                evidence: judgement.evidence,
                earned: judgement.earned,
            };
            if let Ok(mut line) = serde_json::to_vec(&record) {
                // Before the proxy's answer, which ends a rejected call's span.
                if let Some(telemetry) = &self.telemetry {
                    telemetry.policy(&line);
                }
                if let Some(log) = &self.log {
                    line.push(b'\n');
                    log.write_line(&line);
                }
            }
        }
        let what = match (&judgement.reply, tool_call_id) {
            (Reply::Select(option), _) => format!("answered with option `{option}`"),
            (Reply::Cancel, _) => "answered cancelled".to_owned(),
            (Reply::Refuse(_), _) => "refused".to_owned(),
            (Reply::Forward, _) => "forwarded to the editor".to_owned(),
        };
        // Formatted first and written once: standard error is unbuffered, and through
        // `writeln!` each piece of the line was a write of its own (14 per decision, counted
        // with strace), which the agent's own standard error, the same file, could split.
        let line = format!(
            "toolmeta proxy: policy {} {} {}{} ({}): {}; {what}\n",
            verdict.decision,
            request.method.as_str(),
            judgement.label,
            tool_call_id.map_or(String::new(), |id| format!(" {id}")),
            verdict.rule,
            verdict.reason,
        );
        let _ = self.report.write_all(line.as_bytes());
    }
}

impl Decider for PolicyDecider {
    fn decide(&mut self, request: &AgentRequest<'_>) -> Option<Answer> {
        // A request that cannot be read is forwarded as it is.
        let message: Value = serde_json::from_str(request.message).ok()?;
        let params = message.get("params")?;
        let judgement = self.judge(request, params)?;
        self.record(request, &judgement);
        match judgement.reply {
            Reply::Select(option) => Some(Answer::Selected(option)),
            Reply::Cancel => Some(Answer::Cancelled),
            Reply::Refuse(message) => Some(Answer::Error {
                code: DENIED,
                message,
            }),
            Reply::Forward => None,
        }
    }
}
