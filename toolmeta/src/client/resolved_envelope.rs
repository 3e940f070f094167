//! [`ResolvedEnvelope`]: the envelope of a call as the ledger resolved it, for a party that
//! stamps calls it did not make (the `toolmeta proxy`).

use serde::Serialize;
use serde_json::value::RawValue;

use super::store::Call;
use crate::{TOOL_META_VERSION, ToolKind};

/// The envelope of a [`Call`] as the ledger resolved it, serialized in the contract's field
/// order (`version`, `name`, `kind`, `namespace`, `label`, `read_only`, `input`), `input`
/// as the raw JSON text the call resolved (its key order kept) and left out when none.
///
/// **A known kind fixes the label** (DESIGN §2): for a kind other than `other` the label is
/// the kind's, whatever label the traffic sent beside no kind; `other` keeps the call's.
///
/// ```
/// use toolmeta::client::Ledger;
/// let mut ledger = Ledger::new();
/// // An envelope with a label and no kind, on a call ACP calls `execute`.
/// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"execute","_meta":{"x.ai/tool":{"name":"view","label":"Read"}}}"#);
/// let call = ledger.get("c1").unwrap();
/// assert_eq!(call.label(), "Read");
/// let envelope = call.resolved_envelope("_acme").unwrap();
/// assert_eq!(
///     serde_json::to_string(&envelope).unwrap(),
///     r#"{"version":1,"name":"view","kind":"execute","namespace":"_acme","label":"Run Command","read_only":false}"#
/// );
/// ```
#[derive(Debug, Clone, Copy, Serialize)]
pub struct ResolvedEnvelope<'a> {
    /// The envelope version, [`TOOL_META_VERSION`].
    pub version: u32,
    /// The tool's name ([`Call::name`]).
    pub name: &'a str,
    /// What the tool does ([`Call::kind`]).
    pub kind: ToolKind,
    /// The namespace the envelope is stamped under.
    pub namespace: &'a str,
    /// The label: the kind's for a known kind, else [`Call::label`].
    pub label: &'a str,
    /// Whether the tool only reads ([`Call::read_only`]; `false` when nothing says).
    pub read_only: bool,
    /// The canonical input ([`Call::input`]), when the call has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<&'a RawValue>,
}

impl Call {
    /// The call's envelope as the ledger resolved it, under `namespace`; `None` when the
    /// traffic does not name the tool ([`Call::name`] is `None`).
    pub fn resolved_envelope<'a>(&'a self, namespace: &'a str) -> Option<ResolvedEnvelope<'a>> {
        let kind = self.kind();
        Some(ResolvedEnvelope {
            version: TOOL_META_VERSION,
            name: self.name()?,
            kind,
            namespace,
            label: if kind == ToolKind::Other {
                self.label()
            } else {
                kind.label()
            },
            read_only: self.read_only().unwrap_or(false),
            input: self.input(),
        })
    }
}
