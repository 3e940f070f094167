//! One decision on one request, as `toolmeta policy check` prints it and `toolmeta proxy
//! --policy` acts on it (DESIGN §8, "Where it applies"): the policy's verdict, the option
//! the proxy sends, and what the call's reading was.

use std::path::PathBuf;

use serde_json::Value;
use toolmeta::Namespace;
use toolmeta::client::Call as LedgerCall;
use toolmeta::policy::{Call, CallHistory, Context, Decision, Policy, Verdict};

/// What the proxy does with a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// Answer a permission request with this option.
    Select(String),
    /// Answer a permission request with the `cancelled` outcome.
    Cancel,
    /// Answer a client method's request with a JSON-RPC error naming the rule.
    Refuse(String),
    /// Pass it on to the editor.
    Forward,
}

/// One decision.
#[derive(Debug, Clone)]
pub struct Judgement {
    /// The call's label (a client method's: Read, Write, Run Command).
    pub label: String,
    /// What named the tool (DESIGN §8, "The evidence value").
    pub evidence: &'static str,
    /// Whether the reading is earned.
    pub earned: bool,
    /// The policy's verdict.
    pub verdict: Verdict,
    /// What the proxy does.
    pub reply: Reply,
}

impl Judgement {
    /// The option the proxy sends: `None` when it forwards, answers a client method, or
    /// sends `cancelled`.
    pub fn option_id(&self) -> Option<&str> {
        match &self.reply {
            Reply::Select(option) => Some(option),
            _ => None,
        }
    }
}

/// What a session tells a decision.
#[derive(Debug, Clone, Default)]
pub struct Session<'a> {
    /// The session's cwd (`session/new`), else the one given on the command line.
    pub cwd: Option<&'a str>,
    /// The agent's name (`agentInfo.name`, else `--harness`).
    pub agent: Option<&'a str>,
}

/// A loaded policy and the home directory it resolves `~/` against.
pub struct Judge {
    policy: Policy,
    home: PathBuf,
}

impl Judge {
    /// A judge of `policy` for a person whose home is `home`.
    pub fn new(policy: Policy, home: PathBuf) -> Judge {
        Judge { policy, home }
    }

    fn context(&self, session: &Session<'_>) -> Context {
        let mut context = Context::new(session.cwd.map(PathBuf::from), self.home.clone());
        if let Some(agent) = session.agent {
            context = context.with_agent(agent);
            context.agent_namespace = Namespace::for_agent(agent);
        }
        context
    }

    /// The decision on a `session/request_permission` about `call` (the ledger's, with the
    /// request merged), whose `options` (the request's `params.options`) the answer picks
    /// from: an allow picks the first `allow_once` (never an `allow_always`), else forwards;
    /// a deny the first `reject_once`, else `reject_always`, else `cancelled`; ask forwards.
    pub fn permission(
        &self,
        call: &LedgerCall,
        history: &CallHistory,
        options: Option<&Value>,
        session: &Session<'_>,
    ) -> Judgement {
        let judged = history.judged(call);
        let verdict = self.policy.decide(&judged, &self.context(session));
        let option = |kinds: &[&str]| {
            kinds.iter().find_map(|kind| {
                options?
                    .as_array()?
                    .iter()
                    .filter(|option| option.get("kind").and_then(Value::as_str) == Some(kind))
                    .find_map(|option| option.get("optionId")?.as_str().map(str::to_owned))
            })
        };
        let reply = match verdict.decision {
            Decision::Allow => option(&["allow_once"]).map_or(Reply::Forward, Reply::Select),
            Decision::Deny => {
                option(&["reject_once", "reject_always"]).map_or(Reply::Cancel, Reply::Select)
            }
            Decision::Ask => Reply::Forward,
        };
        Judgement {
            label: call.label().to_owned(),
            evidence: call.evidence().evidence.as_str(),
            earned: judged.earned,
            verdict,
            reply,
        }
    }

    /// The decision on a client method's request (`fs/read_text_file`, `fs/write_text_file`,
    /// `terminal/create`): a deny refuses it with a JSON-RPC error naming the rule, anything
    /// else forwards (an editor performs these without asking anyone). `None` when the
    /// method is not one of them, or its request cannot be read (it is forwarded as it is).
    pub fn client_method(
        &self,
        method: &str,
        params: &Value,
        session: &Session<'_>,
    ) -> Option<Judgement> {
        let call = Call::from_client_method(method, params).ok()?;
        let verdict = self.policy.decide(&call, &self.context(session));
        let reply = match verdict.decision {
            Decision::Deny => Reply::Refuse(format!(
                "toolmeta policy: {method} denied by rule `{}` ({})",
                verdict.rule, verdict.reason
            )),
            Decision::Allow | Decision::Ask => Reply::Forward,
        };
        Some(Judgement {
            label: call
                .identities
                .first()
                .map(|identity| identity.label.clone())
                .unwrap_or_default(),
            evidence: "method",
            earned: true,
            verdict,
            reply,
        })
    }
}
