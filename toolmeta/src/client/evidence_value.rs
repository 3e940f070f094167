//! [`EvidenceValue`]: what a call's identity rests on, and whether it is earned (DESIGN
//! §8, "Earned identity" and "The evidence value") — one definition, which the ledger's
//! [`Call::evidence`](super::Call::evidence), `toolmeta inspect`, the proxy's mark, the
//! policy and telemetry all use.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::de::IgnoredAny;

use super::Source;
use super::evidence::Evidence;
use super::fields::{fields, read};
use super::received::Received;
use super::resolve::Resolved;
use super::synthesis::Catalog;

/// The `_meta` key under which `toolmeta proxy` marks the envelopes it stamped, beside
/// `x.ai/tool`: `{"evidence": …, "earned": …}`, the [`EvidenceValue`] of the call the
/// envelope was made from. A reader trusts such an envelope only as far as the mark says.
pub const PROXY_EVIDENCE_KEY: &str = "toolmeta/evidence";

/// What a call's identity rests on: the `evidence` field of the [`EvidenceValue`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EvidenceKind {
    /// An `x.ai/tool` envelope the agent sent.
    Envelope,
    /// An envelope `toolmeta proxy` stamped (marked under [`PROXY_EVIDENCE_KEY`]).
    ProxyEnvelope,
    /// ACP's first-class `name`.
    AcpName,
    /// A harness's `_meta` tool-name key ([`EvidenceValue::evidence_key`] is its path).
    Meta,
    /// A call-id format the harness generates (Gemini CLI's `<name>__<name>_<ms>_<n>`).
    CallId,
    /// A first title that is the tool's wire name (OpenCode).
    Title,
    /// An adapter's fixed title format with free text in it (codex-acp's `View Image {path}`).
    TitleFormat,
    /// The argument keys of `rawInput` ([`EvidenceValue::evidence_keys`] are those that
    /// matched).
    Arguments,
    /// ACP's `kind` alone: the catalog knew no tool the evidence names.
    AcpKind,
    /// A client method the agent called (`fs/read_text_file`, `terminal/create`).
    Method,
    /// Nothing: no name the catalog knows, no ACP `kind`.
    None,
}

impl EvidenceKind {
    /// Every kind, in the order of DESIGN §8.
    pub const ALL: [EvidenceKind; 11] = [
        EvidenceKind::Envelope,
        EvidenceKind::ProxyEnvelope,
        EvidenceKind::AcpName,
        EvidenceKind::Meta,
        EvidenceKind::CallId,
        EvidenceKind::Title,
        EvidenceKind::TitleFormat,
        EvidenceKind::Arguments,
        EvidenceKind::AcpKind,
        EvidenceKind::Method,
        EvidenceKind::None,
    ];

    /// The wire value: `envelope`, `proxy_envelope`, `acp_name`, `meta`, `call_id`,
    /// `title`, `title_format`, `arguments`, `acp_kind`, `method`, `none`.
    pub const fn as_str(self) -> &'static str {
        match self {
            EvidenceKind::Envelope => "envelope",
            EvidenceKind::ProxyEnvelope => "proxy_envelope",
            EvidenceKind::AcpName => "acp_name",
            EvidenceKind::Meta => "meta",
            EvidenceKind::CallId => "call_id",
            EvidenceKind::Title => "title",
            EvidenceKind::TitleFormat => "title_format",
            EvidenceKind::Arguments => "arguments",
            EvidenceKind::AcpKind => "acp_kind",
            EvidenceKind::Method => "method",
            EvidenceKind::None => "none",
        }
    }

    /// The kind whose wire value is `value`.
    pub fn from_wire(value: &str) -> Option<EvidenceKind> {
        EvidenceKind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == value)
    }
}

/// What a call's identity rests on, and whether it is earned (DESIGN §8): flat, so that a
/// log line or a span attribute carries it as it is (`evidence`, `evidence_key` or
/// `evidence_keys`, `earned`).
///
/// Earned: an envelope an agent sent; a catalog tool named by ACP `name`, a `_meta`
/// tool-name key, a call-id format the harness generates, a title that *is* the tool's
/// wire name, or argument keys that tell it apart; a client method. Never earned: a title
/// format with free text in it, ACP's `kind` alone, a tool the argument keys do not tell
/// apart from a narrower one they fit as well (the general tool of a tie: Claude Code's
/// `Bash` beside `PowerShell`), and a read-only reading of a call the agent itself sent as
/// ACP `edit`, `delete`, `move` or `execute`. An envelope the proxy stamped is as earned as
/// its mark says.
///
/// ```
/// use toolmeta::client::{EvidenceKind, Ledger};
/// let mut ledger = Ledger::new();
/// // A call known only by its ACP kind is not earned.
/// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c2","kind":"read","title":"Read a file"}"#);
/// let evidence = ledger.get("c2").unwrap().evidence();
/// assert_eq!((evidence.evidence, evidence.earned), (EvidenceKind::AcpKind, false));
/// // codex-acp names no tool: with the catalog (feature `catalog`), the arguments do.
/// # #[cfg(feature = "catalog")] {
/// ledger.feed(r#"{"jsonrpc":"2.0","id":0,"result":{"agentInfo":{"name":"codex-acp"}}}"#);
/// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"search","title":"Search","rawInput":{"query":"q","action":{}}}"#);
/// let evidence = ledger.get("c1").unwrap().evidence();
/// assert_eq!(evidence.evidence, EvidenceKind::Arguments);
/// assert_eq!(evidence.evidence_keys, ["action", "query"]);
/// assert!(evidence.earned);
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvidenceValue {
    /// What the identity rests on.
    pub evidence: EvidenceKind,
    /// For [`EvidenceKind::Meta`], the `_meta` key path (`claudeCode.toolName`).
    pub evidence_key: Option<&'static str>,
    /// For [`EvidenceKind::Arguments`], the argument keys of `rawInput` that are the
    /// tool's and tell tools apart (a harness's event keys are left out), sorted.
    pub evidence_keys: Vec<String>,
    /// Whether the identity is earned (DESIGN §8): only an earned identity can meet a
    /// policy's allow rule that does not say `evidence = "any"`.
    pub earned: bool,
}

impl EvidenceValue {
    /// A value without keys.
    pub const fn of(evidence: EvidenceKind, earned: bool) -> EvidenceValue {
        EvidenceValue {
            evidence,
            evidence_key: None,
            evidence_keys: Vec::new(),
            earned,
        }
    }

    /// The mark `toolmeta proxy` puts beside the envelopes it stamps, under
    /// [`PROXY_EVIDENCE_KEY`]: `{"evidence": …, "earned": …}`, as JSON text in that order.
    ///
    /// ```
    /// use toolmeta::client::{EvidenceKind, EvidenceValue};
    /// let mark = EvidenceValue::of(EvidenceKind::AcpKind, false).proxy_mark();
    /// assert_eq!(mark.to_string(), r#"{"evidence":"acp_kind","earned":false}"#);
    /// ```
    pub fn proxy_mark(&self) -> String {
        // Every evidence kind's wire value is a plain identifier: nothing to escape.
        format!(
            r#"{{"evidence":"{}","earned":{}}}"#,
            self.evidence.as_str(),
            self.earned
        )
    }
}

fields! {
    /// The proxy's mark as sent (see [`PROXY_EVIDENCE_KEY`]).
    pub(crate) struct ProxyMarkFields<'a> {
        "evidence" => evidence: Option<Cow<'a, str>> = read::scalar,
        "earned" => earned: Option<bool> = read::scalar,
    }
}

/// ACP kinds that say the agent acts: a read-only reading of a call sent as one of them is
/// not earned.
const ACTING_ACP_KINDS: [&str; 4] = ["edit", "delete", "move", "execute"];

/// The evidence value of a call that received `received` and resolved to `resolved`.
pub(crate) fn evidence_of(received: &Received, resolved: &Resolved) -> EvidenceValue {
    let mut value = match resolved.source {
        Source::Envelope => match received
            .envelope
            .as_ref()
            .and_then(|envelope| envelope.proxy_earned)
        {
            Some(earned) => EvidenceValue::of(EvidenceKind::ProxyEnvelope, earned),
            None => EvidenceValue::of(EvidenceKind::Envelope, true),
        },
        Source::Catalog => match resolved.named_by {
            Some(Evidence::Arguments) => EvidenceValue {
                evidence_keys: argument_keys(received, resolved),
                ..EvidenceValue::of(EvidenceKind::Arguments, resolved.told_apart)
            },
            Some(Evidence::MetaKey(path)) => EvidenceValue {
                evidence_key: Some(path),
                ..EvidenceValue::of(EvidenceKind::Meta, true)
            },
            Some(Evidence::AcpName) => EvidenceValue::of(EvidenceKind::AcpName, true),
            Some(Evidence::FirstTitle) => EvidenceValue::of(EvidenceKind::Title, true),
            Some(Evidence::ToolCallId) => EvidenceValue::of(EvidenceKind::CallId, true),
            Some(Evidence::TitleFormat) => EvidenceValue::of(EvidenceKind::TitleFormat, false),
            // The catalog is asked only under a name or by the arguments: nothing else
            // stands behind a catalog reading.
            Some(Evidence::Envelope) | None => EvidenceValue::of(EvidenceKind::None, false),
        },
        Source::Fallback => match received.acp_kind {
            Some(_) => EvidenceValue::of(EvidenceKind::AcpKind, false),
            None => EvidenceValue::of(EvidenceKind::None, false),
        },
    };
    let sent_acting = received
        .acp_kind
        .as_deref()
        .is_some_and(|kind| ACTING_ACP_KINDS.contains(&kind));
    if sent_acting && resolved.read_only == Some(true) {
        value.earned = false;
    }
    value
}

/// The keys of the call's `rawInput` that are arguments of the tool it resolved to and not
/// event keys of its harness, sorted.
fn argument_keys(received: &Received, resolved: &Resolved) -> Vec<String> {
    let Some(raw) = received.raw_input.as_deref() else {
        return Vec::new();
    };
    // The keys alone, sorted, without building the values.
    let Ok(raw) = serde_json::from_str::<BTreeMap<String, IgnoredAny>>(raw.get()) else {
        return Vec::new();
    };
    let harness = resolved.namespace.as_deref().and_then(Catalog::harness_of);
    let (Some(harness), Some(name)) = (harness, resolved.name.as_deref()) else {
        return Vec::new();
    };
    let arguments = Catalog::argument_names(harness, name).unwrap_or_default();
    let event_keys = Catalog::event_keys(harness);
    raw.into_keys()
        .filter(|key| arguments.contains(&key.as_str()) && !event_keys.contains(&key.as_str()))
        .collect()
}
