//! [`CallRecord`]: the flat JSON view of a call that `inspect --json` prints.

use std::io::{self, Write};

use serde::{Serialize, Serializer};
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
    /// See [`Call::input`]. Written compact, on one line, and `null` when it holds a value
    /// serde_json cannot read back (a number out of range such as `1e400`), so every record
    /// is one line that reads back.
    #[serde(serialize_with = "one_line")]
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

/// Serializes raw JSON text without its insignificant whitespace (an agent may send `input`
/// pretty-printed: a raw newline would split a JSON Lines record), or `null` when it does
/// not read back as a JSON value.
fn one_line<S: Serializer>(input: &Option<&RawValue>, serializer: S) -> Result<S::Ok, S::Error> {
    let Some(raw) = input else {
        return serializer.serialize_none();
    };
    if serde_json::from_str::<serde_json::Value>(raw.get()).is_err() {
        return serializer.serialize_none();
    }
    match RawValue::from_string(compact(raw.get())) {
        Ok(compacted) => compacted.serialize(serializer),
        Err(_) => serializer.serialize_none(),
    }
}

/// `json` (valid JSON text) without the whitespace between its tokens; strings untouched.
fn compact(json: &str) -> String {
    let bytes = json.as_bytes();
    let mut out = String::with_capacity(json.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b' ' | b'\t' | b'\n' | b'\r' => i += 1,
            b'"' => {
                // Both ends are ASCII quotes, so the slice is on character boundaries.
                let end = super::lenient::string_end(bytes, i);
                out.push_str(&json[i..end]);
                i = end;
            }
            _ => {
                let end = i + json[i..]
                    .find(['"', ' ', '\t', '\n', '\r'])
                    .unwrap_or(json.len() - i);
                out.push_str(&json[i..end]);
                i = end;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records_of(lines: &[&str]) -> String {
        let mut ledger = Ledger::new();
        for line in lines {
            ledger.feed_line(line);
        }
        let mut out = Vec::new();
        write_json_lines(&ledger, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn raw_newlines_in_an_envelope_input_do_not_split_its_record() {
        // An input kept as the agent sent it, pretty-printed with CRLF and tabs.
        let mut ledger = Ledger::new();
        ledger.feed_line(r#"{"sessionUpdate":"tool_call","toolCallId":"c1"}"#);
        let raw = RawValue::from_string(
            "{\r\n  \"path\" :\t\"a b\\n\\\"c\\\" d\",\n  \"offset\": 2\n}".to_owned(),
        )
        .unwrap();
        let record = CallRecord {
            input: Some(&raw),
            ..CallRecord::of(ledger.get("c1").unwrap())
        };
        let written = serde_json::to_string(&record).unwrap();
        assert!(!written.contains(['\r', '\n', '\t']), "{written}");
        assert!(
            written.contains(r#""input":{"path":"a b\n\"c\" d","offset":2}"#),
            "{written}"
        );
        let read_back: serde_json::Value = serde_json::from_str(&written).unwrap();
        assert_eq!(read_back["input"]["path"], "a b\n\"c\" d");
    }

    #[test]
    fn an_input_that_cannot_be_read_back_is_written_as_null() {
        let line = r#"{"sessionUpdate":"tool_call","toolCallId":"c1","_meta":{"x.ai/tool":{"version":1,"name":"read_file","kind":"read","namespace":"grok_build","input":{"path":"a","limit":1e400}}}}"#;
        let records = records_of(&[line]);
        let record: serde_json::Value = serde_json::from_str(records.trim_end()).unwrap();
        assert_eq!(record["tool_call_id"], "c1");
        assert_eq!(record["input"], serde_json::Value::Null);
    }
}
