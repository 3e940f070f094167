//! [`LastParsed`]: the `rawInput` parsed last, kept for the next resolution of the same text.
//!
//! A call is resolved again at each update that brings evidence, and its `rawInput` seldom
//! changes in between (the update adds ACP `kind`, a title, locations): over traffic without
//! envelopes, parsing the same text into a `Value` again was a third of resolving
//! (`docs/performance.md`). The text is compared whole, so the value is the one parsing it
//! gives.

use serde_json::Value;

use super::lenient::parse_value;

/// The last `rawInput` text parsed and what it parsed to.
#[derive(Default)]
pub(crate) struct LastParsed {
    kept: Option<(Box<str>, Option<Value>)>,
    /// How many times a text was parsed.
    #[cfg(test)]
    parses: usize,
}

impl LastParsed {
    /// The longest text kept: a longer `rawInput` is parsed each time, so that what the
    /// ledger holds outside its byte budget stays small.
    const MAX_TEXT: usize = 4 << 10;

    /// Calls `read` with `text` parsed ([`parse_value`]), parsing it only when it is not the
    /// text parsed last.
    pub(crate) fn with<R>(&mut self, text: &str, read: impl FnOnce(Option<&Value>) -> R) -> R {
        if let Some((kept, value)) = &self.kept
            && **kept == *text
        {
            return read(value.as_ref());
        }
        #[cfg(test)]
        {
            self.parses += 1;
        }
        let value = parse_value(text);
        if text.len() > Self::MAX_TEXT {
            return read(value.as_ref());
        }
        let (_, value) = self.kept.insert((Box::from(text), value));
        read(value.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::LastParsed;
    use crate::client::lenient::parse_value;

    /// The same text is parsed once and reads as parsing it reads; another text, or one too
    /// long to keep, is parsed again.
    #[test]
    fn a_text_is_parsed_again_only_when_it_changed_or_is_long() {
        let mut parsed = LastParsed::default();
        let text = r#"{"command":"ls -la","description":"List"}"#;
        let read = |parsed: &mut LastParsed, text: &str| parsed.with(text, |value| value.cloned());
        assert_eq!(read(&mut parsed, text), parse_value(text));
        assert_eq!(
            read(&mut parsed, text),
            Some(json!({"command": "ls -la", "description": "List"}))
        );
        assert_eq!(parsed.parses, 1);
        // Not JSON: kept as what it parses to, nothing.
        assert_eq!(read(&mut parsed, "{nope"), None);
        assert_eq!(read(&mut parsed, "{nope"), None);
        assert_eq!(parsed.parses, 2);
        assert_eq!(read(&mut parsed, text), parse_value(text));
        assert_eq!(parsed.parses, 3);
        let long = format!(r#"{{"content":"{}"}}"#, "x".repeat(LastParsed::MAX_TEXT));
        for _ in 0..2 {
            assert_eq!(read(&mut parsed, &long), parse_value(&long));
        }
        assert_eq!(parsed.parses, 5, "a long text is not kept");
        assert_eq!(read(&mut parsed, text), parse_value(text));
        assert_eq!(parsed.parses, 5, "and does not replace the text kept");
    }
}
