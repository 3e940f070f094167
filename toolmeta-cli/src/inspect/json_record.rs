//! The records of `inspect --json`: one JSON object per call, one line each, written key by
//! key into a buffer: the keys are constants, the strings are escaped by serde_json's
//! serializer. A derived `Serialize` escaped every key again in every record and took 95 M
//! instructions over the benchmark log's records, against 43 M this way
//! (`docs/performance.md`, "Where the time goes").

use std::io::{self, Write};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::de::{MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serializer as _};
use serde_json::value::RawValue;
#[cfg(doc)]
use toolmeta::client::EvidenceValue;
use toolmeta::client::{Call, Ledger, PermissionOutcome};

/// The records are written out when the buffer holds this many bytes.
const FLUSH_AT: usize = 64 << 10;

/// Writes one record per line (JSON Lines) for every call of `ledger`, in first-seen order:
/// the output of `--json`. A record has the keys `tool_call_id`, `name`, `label`, `kind`,
/// `namespace`, `read_only`, `input`, `status`, `source` (the first release's, unchanged),
/// then `session_id`, `tool_name`, `title`, `parent_tool_call_id`, `first_seen_ms`,
/// `finished_at_ms`, `duration_ms`, `finished`, `permission`, `locations`, `evidence`,
/// `evidence_key`, `evidence_keys`, `earned`, in that order, with `null` for a missing value.
///
/// - `name`: the tool's name, else its latest title (what a person reads); `tool_name`: the
///   tool's name only, `null` when the traffic does not name the tool.
/// - `input`: on one line ([`Call::input`]), and `null` when it holds a value serde_json
///   cannot read back (a number out of range such as `1e400`), so every record is one line
///   that reads back.
/// - `*_ms`: milliseconds since the Unix epoch, and the call's duration.
/// - `finished`: completed, failed, or its permission rejected or cancelled.
/// - `permission`: `null`, or `{"decision": "waiting" | "allowed" | "rejected" |
///   "cancelled" | "unclear", "selected": optionId | null, "options": [optionId, ...]}`.
/// - `locations`: `[{"path": ..., "line": ... | null}, ...]`.
/// - `evidence`, `evidence_key`, `evidence_keys`, `earned`: the call's evidence value
///   (DESIGN §8, [`EvidenceValue`]): what its identity rests on (`envelope`,
///   `proxy_envelope`, `acp_name`, `meta`, `call_id`, `title`, `title_format`, `arguments`,
///   `acp_kind`, `none`), the `_meta` key path for `meta` (else `null`), the argument keys
///   that matched for `arguments` (else `[]`), and whether the identity is earned.
pub fn write_json_lines<W: Write>(ledger: &Ledger, mut out: W) -> io::Result<()> {
    // Buffered here: standard output flushes at every line (unbuffered, it was 12% of the
    // instructions: `docs/performance.md`, "Where the time goes").
    // Room for a record past the mark without growing (most are under 1 KiB).
    let mut buffer = Vec::with_capacity(FLUSH_AT + (4 << 10));
    for call in ledger {
        write_record(&mut buffer, call)?;
        if buffer.len() >= FLUSH_AT {
            out.write_all(&buffer)?;
            buffer.clear();
        }
    }
    out.write_all(&buffer)?;
    out.flush()
}

/// Appends the record of `call` and its line end to `out`.
fn write_record(out: &mut Vec<u8>, call: &Call) -> io::Result<()> {
    out.extend_from_slice(br#"{"tool_call_id":"#);
    string(out, call.tool_call_id())?;
    out.extend_from_slice(br#","name":"#);
    optional_string(out, call.name().or(call.title()))?;
    out.extend_from_slice(br#","label":"#);
    string(out, call.label())?;
    out.extend_from_slice(br#","kind":"#);
    string(out, call.kind().as_str())?;
    out.extend_from_slice(br#","namespace":"#);
    optional_string(out, call.namespace())?;
    out.extend_from_slice(br#","read_only":"#);
    match call.read_only() {
        Some(read_only) => boolean(out, read_only),
        None => null(out),
    }
    out.extend_from_slice(br#","input":"#);
    match call.input() {
        Some(input) if reads_back(input) => out.extend_from_slice(input.get().as_bytes()),
        _ => null(out),
    }
    out.extend_from_slice(br#","status":"#);
    string(out, call.status().as_str())?;
    out.extend_from_slice(br#","source":"#);
    string(out, call.source().as_str())?;
    out.extend_from_slice(br#","session_id":"#);
    optional_string(out, call.session_id())?;
    out.extend_from_slice(br#","tool_name":"#);
    optional_string(out, call.name())?;
    out.extend_from_slice(br#","title":"#);
    optional_string(out, call.title())?;
    out.extend_from_slice(br#","parent_tool_call_id":"#);
    optional_string(out, call.parent_tool_call_id())?;
    out.extend_from_slice(br#","first_seen_ms":"#);
    optional_millis(out, epoch_millis(call.first_seen()))?;
    out.extend_from_slice(br#","finished_at_ms":"#);
    optional_millis(out, epoch_millis(call.finished_at()))?;
    out.extend_from_slice(br#","duration_ms":"#);
    optional_millis(out, call.duration().map(|duration| duration.as_millis()))?;
    out.extend_from_slice(br#","finished":"#);
    boolean(out, call.is_finished());
    out.extend_from_slice(br#","permission":"#);
    match call.permission() {
        Some(permission) => {
            out.extend_from_slice(br#"{"decision":"#);
            string(out, permission.decision().as_str())?;
            out.extend_from_slice(br#","selected":"#);
            optional_string(
                out,
                match permission.outcome() {
                    Some(PermissionOutcome::Selected(id)) => Some(id),
                    _ => None,
                },
            )?;
            out.extend_from_slice(br#","options":"#);
            strings(out, permission.options().iter().map(|option| option.id()))?;
            out.push(b'}');
        }
        None => null(out),
    }
    out.extend_from_slice(br#","locations":["#);
    for (index, location) in call.locations().iter().enumerate() {
        if index > 0 {
            out.push(b',');
        }
        out.extend_from_slice(br#"{"path":"#);
        string(out, location.path())?;
        out.extend_from_slice(br#","line":"#);
        match location.line() {
            Some(line) => (&mut serializer(out)).serialize_u64(line)?,
            None => null(out),
        }
        out.push(b'}');
    }
    let evidence = call.evidence();
    out.extend_from_slice(br#"],"evidence":"#);
    string(out, evidence.evidence.as_str())?;
    out.extend_from_slice(br#","evidence_key":"#);
    optional_string(out, evidence.evidence_key)?;
    out.extend_from_slice(br#","evidence_keys":"#);
    strings(out, evidence.evidence_keys.iter().map(String::as_str))?;
    out.extend_from_slice(br#","earned":"#);
    boolean(out, evidence.earned);
    out.extend_from_slice(b"}\n");
    Ok(())
}

/// The serializer of one value, written into `out`: the escaping of strings and the
/// writing of numbers are serde_json's.
fn serializer(out: &mut Vec<u8>) -> serde_json::Serializer<&mut Vec<u8>> {
    serde_json::Serializer::new(out)
}

/// `value` as a JSON string, escaped by serde_json.
fn string(out: &mut Vec<u8>, value: &str) -> io::Result<()> {
    (&mut serializer(out))
        .serialize_str(value)
        .map_err(io::Error::from)
}

/// `value` as a JSON string, or `null`.
fn optional_string(out: &mut Vec<u8>, value: Option<&str>) -> io::Result<()> {
    match value {
        Some(value) => string(out, value),
        None => {
            null(out);
            Ok(())
        }
    }
}

/// `values` as a JSON array of strings.
fn strings<'s>(out: &mut Vec<u8>, values: impl Iterator<Item = &'s str>) -> io::Result<()> {
    out.push(b'[');
    for (index, value) in values.enumerate() {
        if index > 0 {
            out.push(b',');
        }
        string(out, value)?;
    }
    out.push(b']');
    Ok(())
}

/// A count of milliseconds, or `null`.
fn optional_millis(out: &mut Vec<u8>, millis: Option<u128>) -> io::Result<()> {
    match millis {
        Some(millis) => (&mut serializer(out))
            .serialize_u128(millis)
            .map_err(io::Error::from),
        None => {
            null(out);
            Ok(())
        }
    }
}

fn boolean(out: &mut Vec<u8>, value: bool) {
    out.extend_from_slice(if value { b"true" } else { b"false" });
}

fn null(out: &mut Vec<u8>) {
    out.extend_from_slice(b"null");
}

/// The milliseconds from the Unix epoch to `time`, when it is after it.
fn epoch_millis(time: Option<SystemTime>) -> Option<u128> {
    Some(time?.duration_since(UNIX_EPOCH).ok()?.as_millis())
}

/// Whether serde_json reads `input` back as a value, checked without building the value
/// (which was a third of writing `--json`'s records). Checked for every call: remembering
/// the texts already checked saved 0.3% of the benchmark log's instructions (its calls
/// repeat a few inputs) and cost 5% on a log whose inputs all differ, as real ones nearly do.
fn reads_back(input: &RawValue) -> bool {
    serde_json::from_str::<ReadsBack>(input.get()).is_ok()
}

/// JSON that serde_json reads back as a value. Unlike `IgnoredAny`, which skips a number
/// unread, every number is read, so `1e400` fails as it fails a `Value`.
struct ReadsBack;

impl<'de> Deserialize<'de> for ReadsBack {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ReadsBack)
    }
}

impl<'de> Visitor<'de> for ReadsBack {
    type Value = ReadsBack;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<ReadsBack, E> {
        Ok(ReadsBack)
    }

    fn visit_i64<E>(self, _: i64) -> Result<ReadsBack, E> {
        Ok(ReadsBack)
    }

    fn visit_u64<E>(self, _: u64) -> Result<ReadsBack, E> {
        Ok(ReadsBack)
    }

    fn visit_f64<E>(self, _: f64) -> Result<ReadsBack, E> {
        Ok(ReadsBack)
    }

    fn visit_str<E>(self, _: &str) -> Result<ReadsBack, E> {
        Ok(ReadsBack)
    }

    fn visit_unit<E>(self) -> Result<ReadsBack, E> {
        Ok(ReadsBack)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ReadsBack, A::Error> {
        while seq.next_element::<ReadsBack>()?.is_some() {}
        Ok(ReadsBack)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ReadsBack, A::Error> {
        while map.next_entry::<ReadsBack, ReadsBack>()?.is_some() {}
        Ok(ReadsBack)
    }
}
