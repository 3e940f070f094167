//! From the ledger to the policy (DESIGN §8, "What is judged"): the ledger keeps each call
//! merged to its latest state, but a decision looks at every identity the call has had and
//! every command, path and url any of its updates or its permission request carried. A
//! [`CallHistory`] keeps that, per call and bounded, fed by the ledger's events; its
//! [`judged`](CallHistory::judged) makes the policy's [`Call`] from a ledger call.
//!
//! ```
//! use toolmeta::client::Ledger;
//! use toolmeta::policy::CallHistory;
//!
//! let mut ledger = Ledger::new();
//! let mut history = CallHistory::new();
//! for line in [
//!     r#"{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"execute","_meta":{"claudeCode":{"toolName":"Bash"}},"rawInput":{"command":"cat .env"}}"#,
//!     r#"{"sessionUpdate":"tool_call_update","toolCallId":"c1","rawInput":{"command":"ls"}}"#,
//! ] {
//!     ledger.feed(line);
//!     history.note(&ledger);
//! }
//! let call = history.judged(ledger.get("c1").unwrap());
//! // The command sent first is still judged, though the ledger now holds only `ls`.
//! assert_eq!(call.commands.len(), 2);
//! ```

use std::collections::HashMap;

use serde_json::Value;

use crate::client::{Call as LedgerCall, CallId, Change, Ledger};
use crate::keys;

use super::call::{Call, CallIdentity, CommandInput};

/// The most distinct values of each kind (identities, commands, paths, urls) one call's
/// history keeps. A call that sends more is judged on the first ones and its latest state,
/// and is never allowed ([`Call::incomplete`]).
pub const MAX_PER_CALL: usize = 32;

/// What one call has carried.
#[derive(Debug, Clone, Default)]
struct Record {
    /// Each identity, with whether its reading was earned.
    identities: Vec<(CallIdentity, bool)>,
    commands: Vec<CommandInput>,
    paths: Vec<String>,
    urls: Vec<String>,
    /// A list was full when something new came.
    overflowed: bool,
}

impl Record {
    /// Adds the inputs `call` carries now; past [`MAX_PER_CALL`] values of a kind only when
    /// `always` (else notes the overflow).
    fn note_inputs(&mut self, call: &LedgerCall, always: bool) {
        let overflowed = &mut self.overflowed;
        let inputs = Inputs::of(call);
        for command in inputs.commands {
            add(&mut self.commands, command, always, overflowed);
        }
        for path in inputs.paths {
            add(&mut self.paths, path, always, overflowed);
        }
        for url in inputs.urls {
            add(&mut self.urls, url, always, overflowed);
        }
    }

    /// Adds what `call` carries now, its reading and its inputs; past [`MAX_PER_CALL`]
    /// values of a kind only when `always` (the call's latest state, judged whatever the
    /// bound).
    fn note(&mut self, call: &LedgerCall, always: bool) {
        let (identity, earned) = reading(call);
        add(
            &mut self.identities,
            (identity, earned),
            always,
            &mut self.overflowed,
        );
        self.note_inputs(call, always);
    }
}

/// Adds `value` to `list` unless it is there; past [`MAX_PER_CALL`], only when `always`,
/// else notes the overflow.
fn add<T: PartialEq>(list: &mut Vec<T>, value: T, always: bool, overflowed: &mut bool) {
    if list.contains(&value) {
        return;
    }
    if list.len() >= MAX_PER_CALL && !always {
        *overflowed = true;
        return;
    }
    list.push(value);
}

/// The commands, paths and urls a call carries now: its canonical `command` (with its
/// `cwd`), `path` and `directory`, every path its locations and diffs name, and its `url`.
/// A title is never read as input.
#[derive(Debug, Default)]
struct Inputs {
    commands: Vec<CommandInput>,
    paths: Vec<String>,
    urls: Vec<String>,
}

impl Inputs {
    fn of(call: &LedgerCall) -> Inputs {
        let mut inputs = Inputs::default();
        if let Some(input) = call.input_map() {
            let text = |key: &str| input.get(key).and_then(Value::as_str).map(str::to_owned);
            if let Some(line) = text(keys::COMMAND) {
                inputs.commands.push(CommandInput::Line {
                    line,
                    cwd: text(keys::CWD),
                });
            }
            if let Some(url) = text(keys::URL) {
                inputs.urls.push(url);
            }
        }
        // `path` and `directory` of the input, then locations and diffs (and the paths
        // earlier updates named, which the ledger keeps).
        inputs.paths = call
            .paths()
            .into_iter()
            .map(|path| path.path.into_owned())
            .collect();
        inputs
    }
}

/// The identity the ledger gives `call` now, and whether it is earned.
fn reading(call: &LedgerCall) -> (CallIdentity, bool) {
    let mut identity = CallIdentity::labelled(call.label()).with_kind(call.kind().as_str());
    identity.tool = call.name().map(str::to_owned);
    identity.namespace = call.namespace().map(str::to_owned);
    // Earned as the ledger's evidence value says (DESIGN §8, "The evidence value").
    (identity, call.evidence().earned)
}

/// The reading ACP's `kind` alone gives `call` ([`LedgerCall::kind_alone`]).
fn acp_kind_reading(call: &LedgerCall) -> Option<CallIdentity> {
    let fallback = call.kind_alone();
    Some(CallIdentity::labelled(fallback.label).with_kind(fallback.kind.as_str()))
}

/// What every call of a ledger has carried over its life, for the policy: fed with
/// [`CallHistory::note`] after each message the ledger is fed, read with
/// [`CallHistory::judged`]. Bounded by the ledger (a call it evicts is forgotten) and by
/// [`MAX_PER_CALL`] per call.
#[derive(Debug, Clone, Default)]
pub struct CallHistory {
    records: HashMap<CallId, Record>,
}

impl CallHistory {
    /// An empty history.
    pub fn new() -> CallHistory {
        CallHistory::default()
    }

    /// Notes what the message `ledger` was last fed brought to each of its calls (its
    /// [`events`](Ledger::events)); call it after every feed.
    pub fn note(&mut self, ledger: &Ledger) {
        for event in ledger.events() {
            match event.change {
                Change::Evicted => {
                    self.records.remove(&event.call);
                }
                Change::Created
                | Change::Identified
                | Change::InputChanged
                | Change::ContentChanged
                | Change::PermissionRequested => {
                    if let Some(call) = ledger.call(event.call) {
                        self.records
                            .entry(event.call)
                            .or_default()
                            .note(call, false);
                    }
                }
                _ => {}
            }
        }
    }

    /// Notes a permission request's own `toolCall` (`params.toolCall`, an object) for
    /// `call`, the call it names. The ledger merges a request's arguments only into what the
    /// call's own updates left empty (they describe the permission), but the policy judges
    /// every path, command and url the request carried too: they are read as the ledger
    /// reads a `tool_call` of the same agent, and added to the call's inputs (not to its
    /// identities: the request's identity is the call's, merged as the ledger merges it).
    pub fn note_request(&mut self, ledger: &Ledger, call: CallId, tool_call: &Value) {
        let Value::Object(fields) = tool_call else {
            return;
        };
        let mut update = fields.clone();
        update.insert("sessionUpdate".into(), Value::from("tool_call"));
        let id = match update.get("toolCallId") {
            Some(Value::String(id)) => id.clone(),
            _ => return,
        };
        // Its arguments are those of the call's tool: read them through the call's identity
        // (an envelope without `input`, which the catalog projects `rawInput` through).
        if let Some(known) = ledger.call(call)
            && let (Some(name), Some(namespace)) = (known.name(), known.namespace())
        {
            let envelope = serde_json::json!({
                "version": 1,
                "name": name,
                "namespace": namespace,
                "kind": known.kind().as_str(),
            });
            update.insert(
                "_meta".into(),
                serde_json::json!({ crate::TOOL_META_KEY: envelope }),
            );
        }
        let mut scratch = scratch_ledger(ledger);
        let Ok(text) = serde_json::to_string(&Value::Object(update)) else {
            return;
        };
        scratch.feed(text.as_str());
        if let Some(read) = scratch.get(&id) {
            self.records
                .entry(call)
                .or_default()
                .note_inputs(read, false);
        }
    }

    /// How many calls the history holds.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether the history holds no call.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The policy's [`Call`] for `call`: every identity it has had and every input any of
    /// its updates carried (what was noted, and what it carries now). Earned only when
    /// every identity it has had was.
    pub fn judged(&self, call: &LedgerCall) -> Call {
        let mut record = self.records.get(&call.id()).cloned().unwrap_or_default();
        record.note(call, true);
        Call {
            earned: record.identities.iter().all(|(_, earned)| *earned),
            identities: record
                .identities
                .into_iter()
                .map(|(identity, _)| identity)
                .collect(),
            acp_kind_reading: acp_kind_reading(call),
            commands: record.commands,
            paths: record.paths,
            urls: record.urls,
            incomplete: record.overflowed,
        }
    }
}

/// An empty ledger that reads calls as `ledger` does: for the same agent.
fn scratch_ledger(ledger: &Ledger) -> Ledger {
    #[cfg(feature = "catalog")]
    if let Some(harness) = ledger.harness() {
        return Ledger::builder().harness(harness).build();
    }
    let _ = ledger;
    Ledger::new()
}
