//! The structured message model: a message fed as its text and as an
//! already-parsed value (`feed`) is read the same way.
//!
//! Lines with a duplicated object key are left out of the comparison: JSON leaves their
//! meaning open, and the two readings legitimately differ (a `Value` keeps the last
//! occurrence; the streaming reader keeps the last one of the right type).
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use toolmeta::client::Ledger;

// The tests' record of a call, shared rather than copied.
#[allow(dead_code)]
#[path = "../../tests/common/call_record.rs"]
mod call_record;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut as_text = Ledger::new();
    let mut as_value = Ledger::new();
    for line in text.lines() {
        let text_outcome = as_text.feed(line);
        // Only lines serde_json can hold as a `Value` have a parsed form to compare with.
        let Ok(value) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        if has_duplicate_keys(line) {
            continue;
        }
        let value_outcome = as_value.feed(&value);
        assert_eq!(text_outcome, value_outcome, "{line}");
    }
    // Calls from the comparable lines only: replay them as text into a fresh ledger.
    let mut replay = Ledger::new();
    for line in text.lines() {
        if serde_json::from_str::<Value>(line).is_ok() && !has_duplicate_keys(line) {
            replay.feed(line);
        }
    }
    // Compared as values: a parsed `Value` may order an object's keys differently from
    // the text it came from (serde_json without `preserve_order` sorts them).
    assert_eq!(records(&replay), records(&as_value));
});

fn records(ledger: &Ledger) -> Vec<Value> {
    ledger.calls().map(call_record::call_record).collect()
}

/// Whether any object in `line` (valid JSON) repeats a key.
fn has_duplicate_keys(line: &str) -> bool {
    use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};
    use std::collections::HashSet;
    use std::fmt;

    struct Check;
    impl<'de> serde::de::DeserializeSeed<'de> for Check {
        type Value = bool;
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<bool, D::Error> {
            d.deserialize_any(self)
        }
    }
    impl<'de> Visitor<'de> for Check {
        type Value = bool;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("JSON")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<bool, A::Error> {
            let (mut seen, mut duplicate) = (HashSet::new(), false);
            while let Some(key) = map.next_key::<String>()? {
                duplicate |= !seen.insert(key);
                duplicate |= map.next_value_seed(Check)?;
            }
            Ok(duplicate)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<bool, A::Error> {
            let mut duplicate = false;
            while let Some(inner) = seq.next_element_seed(Check)? {
                duplicate |= inner;
            }
            Ok(duplicate)
        }
        fn visit_bool<E>(self, _: bool) -> Result<bool, E> {
            Ok(false)
        }
        fn visit_i64<E>(self, _: i64) -> Result<bool, E> {
            Ok(false)
        }
        fn visit_u64<E>(self, _: u64) -> Result<bool, E> {
            Ok(false)
        }
        fn visit_f64<E>(self, _: f64) -> Result<bool, E> {
            Ok(false)
        }
        fn visit_str<E>(self, _: &str) -> Result<bool, E> {
            Ok(false)
        }
        fn visit_unit<E>(self) -> Result<bool, E> {
            Ok(false)
        }
    }
    let mut deserializer = serde_json::Deserializer::from_str(line);
    serde::de::DeserializeSeed::deserialize(Check, &mut deserializer).unwrap_or(true)
}
