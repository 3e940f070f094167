//! Repairing JSON that serde_json rejects although it is well-formed, so that one value a
//! Rust program cannot represent does not lose everything around it.
//!
//! serde_json fails a whole document on a lone surrogate escape (`"\ud800"`), a number
//! beyond `f64` (`1e400`), or past 128 levels of nesting; the reader promises that a wrong
//! field is ignored and the rest kept. So a line or a `rawInput` that fails is repaired
//! (lone surrogates become U+FFFD, such numbers and values nested too deep `null`) and
//! read again: only after a failure, so well-formed input never pays for it.

use std::collections::BTreeMap;

use serde_json::Value;
use serde_json::value::RawValue;

/// Values nested deeper than this are replaced by `null` (serde_json stops at 128, and a
/// line wraps `rawInput` in a few levels of its own).
const MAX_DEPTH: usize = 100;

/// At most this many JSON values are built from one `rawInput`: a `Value` takes some 32 to
/// 80 bytes a value, so a 16 MiB `[0,0,…]` would otherwise take half a gigabyte to read.
const MAX_VALUES: usize = 1 << 20;

/// `text` parsed into a value, repaired first if serde_json rejects it as it is.
///
/// An object holding more than [`MAX_VALUES`] values keeps its keys, and the values that
/// fit in that budget, in key order; the others read as `null`. Any other value that
/// large is not read (`None`), as text that is not JSON.
pub(crate) fn parse_value(text: &str) -> Option<Value> {
    if is_small(text) || value_count(text) <= MAX_VALUES {
        return parse_small(text);
    }
    // Key order is the map's; a `Value` without `preserve_order` sorts them anyway.
    let entries: BTreeMap<String, &RawValue> = serde_json::from_str(text).ok()?;
    let mut budget = MAX_VALUES;
    let entries = entries.into_iter().map(|(key, raw)| {
        let count = value_count(raw.get());
        let value = if count <= budget {
            budget -= count;
            parse_small(raw.get()).unwrap_or(Value::Null)
        } else {
            Value::Null
        };
        (key, value)
    });
    Some(Value::Object(entries.collect()))
}

/// Whether `text` is parsed whole, not counted first: a value takes at least one byte of
/// text, so short text holds at most [`MAX_VALUES`] of them.
pub(crate) fn is_small(text: &str) -> bool {
    text.len() <= MAX_VALUES
}

fn parse_small(text: &str) -> Option<Value> {
    serde_json::from_str(text)
        .ok()
        .or_else(|| serde_json::from_str(&repair(text)?).ok())
}

/// About how many JSON values `text` holds: one, plus one per `,` and `:` outside strings.
fn value_count(text: &str) -> usize {
    let separators = outside_strings(text.as_bytes(), 0).filter(|(_, b)| matches!(b, b',' | b':'));
    1 + separators.count()
}

/// The bytes from `start` on that are outside strings, with their index.
fn outside_strings(bytes: &[u8], start: usize) -> impl Iterator<Item = (usize, u8)> + '_ {
    let mut i = start;
    std::iter::from_fn(move || {
        while bytes.get(i) == Some(&b'"') {
            i = string_end(bytes, i);
        }
        let byte = *bytes.get(i)?;
        i += 1;
        Some((i - 1, byte))
    })
}

/// `text` with every lone surrogate escape replaced by `\ufffd`, every number beyond `f64`
/// and every value nested deeper than [`MAX_DEPTH`] by `null`; `None` when there was
/// nothing to repair (then the text is not JSON at all).
pub(crate) fn repair(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut repaired = false;
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let end = string_end(bytes, i);
                repaired |= repair_string(&text[i..end], &mut out);
                i = end;
            }
            b'{' | b'[' if depth >= MAX_DEPTH => {
                out.push_str("null");
                i = value_end(bytes, i);
                repaired = true;
            }
            b'{' | b'[' => {
                depth += 1;
                out.push(char::from(bytes[i]));
                i += 1;
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                out.push(char::from(bytes[i]));
                i += 1;
            }
            b'-' | b'0'..=b'9' => {
                let end = bytes[i..]
                    .iter()
                    .position(|b| !matches!(b, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'))
                    .map_or(bytes.len(), |len| i + len);
                let number = &text[i..end];
                if number.parse::<f64>().is_ok_and(f64::is_infinite) {
                    out.push_str("null");
                    repaired = true;
                } else {
                    out.push_str(number);
                }
                i = end;
            }
            _ => {
                // Copy up to the next byte of interest (whole UTF-8 sequences only: every
                // byte matched above is ASCII).
                let end = bytes[i + 1..]
                    .iter()
                    .position(|b| {
                        matches!(b, b'"' | b'{' | b'[' | b'}' | b']' | b'-' | b'0'..=b'9')
                    })
                    .map_or(bytes.len(), |len| i + 1 + len);
                out.push_str(&text[i..end]);
                i = end;
            }
        }
    }
    repaired.then_some(out)
}

/// The index just past the string starting at `start` (its closing quote), or the end.
pub(crate) fn string_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// The index just past the array or object starting at `start`, or the end.
fn value_end(bytes: &[u8], start: usize) -> usize {
    let mut depth = 0usize;
    for (i, byte) in outside_strings(bytes, start) {
        match byte {
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    bytes.len()
}

/// Copies a string literal (quotes included), replacing its lone surrogate escapes with
/// `\ufffd`; returns whether it replaced any.
fn repair_string(literal: &str, out: &mut String) -> bool {
    let bytes = literal.as_bytes();
    let mut repaired = false;
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        let Some(unit) = hex_escape(bytes, i) else {
            i += 2;
            continue;
        };
        let paired = (0xD800..0xDC00).contains(&unit)
            && hex_escape(bytes, i + 6).is_some_and(|low| (0xDC00..0xE000).contains(&low));
        if paired {
            i += 12;
        } else if (0xD800..0xE000).contains(&unit) {
            out.push_str(&literal[copied..i]);
            out.push_str("\\ufffd");
            i += 6;
            copied = i;
            repaired = true;
        } else {
            i += 6;
        }
    }
    out.push_str(&literal[copied.min(literal.len())..]);
    repaired
}

/// The code unit of the `\uXXXX` escape at `at`, if there is one.
fn hex_escape(bytes: &[u8], at: usize) -> Option<u16> {
    let hex = bytes.get(at..at + 6)?.strip_prefix(b"\\u")?;
    u16::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_surrogates_become_replacement_characters_and_pairs_stay() {
        let text = r#"{"a":"x\ud800y","b":"\udc00","c":"\ud83d\ude00","d":"\\ud800"}"#;
        let value = parse_value(text).unwrap();
        assert_eq!(value["a"], "x\u{fffd}y");
        assert_eq!(value["b"], "\u{fffd}");
        assert_eq!(value["c"], "\u{1f600}");
        // An escaped backslash followed by `ud800` is text, not an escape.
        assert_eq!(value["d"], "\\ud800");
    }

    #[test]
    fn numbers_beyond_f64_become_null_and_others_stay() {
        let value =
            parse_value(r#"{"big":1e400,"neg":-1E+400,"ok":1.5e3,"tiny":1e-400,"s":"1e400"}"#)
                .unwrap();
        assert_eq!(value["big"], Value::Null);
        assert_eq!(value["neg"], Value::Null);
        assert_eq!(value["ok"], 1500.0);
        assert_eq!(value["tiny"], 0.0);
        assert_eq!(value["s"], "1e400");
    }

    #[test]
    fn values_nested_too_deep_become_null_and_the_rest_stays() {
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        let text = format!(r#"{{"path":"a.rs","deep":{deep},"tail":"}}]\""}}"#);
        assert!(serde_json::from_str::<Value>(&text).is_err());
        let value = parse_value(&text).unwrap();
        assert_eq!(value["path"], "a.rs");
        assert_eq!(value["tail"], "}]\"");
        let mut level = &value["deep"];
        let mut depth = 1;
        while let Some([inner]) = level.as_array().map(Vec::as_slice) {
            level = inner;
            depth += 1;
        }
        assert_eq!((depth, level), (MAX_DEPTH, &Value::Null));
    }

    #[test]
    fn a_raw_input_of_millions_of_values_keeps_its_keys_within_the_value_budget() {
        let zeros = vec!["0"; 2 * MAX_VALUES].join(",");
        let text = format!(r#"{{"path":"a.rs","content":[{zeros}],"limit":5}}"#);
        let value = parse_value(&text).unwrap();
        assert_eq!(value["path"], "a.rs");
        assert_eq!(value["limit"], 5);
        assert_eq!(value["content"], Value::Null);
        assert_eq!(parse_value(&format!("[{zeros}]")), None);
        // Below the budget, everything is read.
        let fits = format!(r#"{{"content":[{}]}}"#, vec!["0"; 1000].join(","));
        assert_eq!(
            parse_value(&fits).unwrap()["content"]
                .as_array()
                .map(Vec::len),
            Some(1000)
        );
    }

    #[test]
    fn text_that_is_not_json_stays_not_json() {
        assert_eq!(repair("{\"a\":tru"), None);
        assert_eq!(parse_value("{\"a\":1e400"), None);
    }
}
