//! [`CallRecord`]: the flat JSON view of a call that `inspect --json` prints.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::value::RawValue;

use super::{Call, Ledger};

/// The resolved identity of one call, flat, ready to serialize: exactly the keys
/// `tool_call_id`, `name`, `label`, `kind`, `namespace`, `read_only`, `input`, `status`,
/// `source`, in that order, with `null` for a missing value.
///
/// ```
/// use toolmeta::client::{CallRecord, Ledger};
/// let mut ledger = Ledger::new();
/// ledger.feed_line(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","title":"ls","kind":"execute"}"#);
/// let record = CallRecord::of(ledger.get("c1").unwrap());
/// assert_eq!(
///     serde_json::to_string(&record).unwrap(),
///     r#"{"tool_call_id":"c1","name":"ls","label":"Run Command","kind":"execute","namespace":null,"read_only":false,"input":null,"status":null,"source":"fallback"}"#
/// );
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct CallRecord<'a> {
    /// The call's `toolCallId`.
    pub tool_call_id: &'a str,
    /// See [`Call::name`].
    pub name: Option<&'a str>,
    /// See [`Call::label`].
    pub label: Option<&'a str>,
    /// See [`Call::kind`], as its wire string.
    pub kind: Option<&'static str>,
    /// See [`Call::namespace`].
    pub namespace: Option<&'a str>,
    /// See [`Call::read_only`].
    pub read_only: Option<bool>,
    /// See [`Call::input`].
    pub input: Option<&'a RawValue>,
    /// See [`Call::status`].
    pub status: Option<&'a str>,
    /// See [`Call::source`]: `"envelope"`, `"catalog"` or `"fallback"`.
    pub source: &'static str,
}

impl<'a> CallRecord<'a> {
    /// The record of `call`.
    pub fn of(call: &'a Call) -> CallRecord<'a> {
        CallRecord {
            tool_call_id: call.tool_call_id(),
            name: call.name(),
            label: call.label(),
            kind: call.kind().map(|kind| kind.as_str()),
            namespace: call.namespace(),
            read_only: call.read_only(),
            input: call.input(),
            status: call.status(),
            source: call.source().as_str(),
        }
    }
}

/// Writes one [`CallRecord`] per line (JSON Lines) for every call of `ledger`, in
/// first-seen order: the output of `inspect --json`.
///
/// ```
/// use toolmeta::client::{Ledger, write_json_lines};
/// let mut ledger = Ledger::new();
/// ledger.feed_line(r#"{"sessionUpdate":"tool_call","toolCallId":"a"}"#);
/// ledger.feed_line(r#"{"sessionUpdate":"tool_call","toolCallId":"b"}"#);
/// let mut out = Vec::new();
/// write_json_lines(&ledger, &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap().lines().count(), 2);
/// ```
pub fn write_json_lines<W: Write>(ledger: &Ledger, mut out: W) -> io::Result<()> {
    for call in ledger {
        serde_json::to_writer(&mut out, &CallRecord::of(call))?;
        out.write_all(b"\n")?;
    }
    Ok(())
}
