//! [`LastParsed`]: the `rawInput` parsed last, kept for the next resolution of the same text,
//! with what the catalog answered about it.
//!
//! A call is resolved again at each update that brings evidence, and its `rawInput` seldom
//! changes in between (the update adds ACP `kind`, a title, locations): over traffic without
//! envelopes, parsing the same text into a `Value` again was a third of resolving, and
//! asking the catalog again about it (projecting the arguments, writing the input as JSON)
//! most of the rest (`docs/performance.md`). The text is compared whole, so the value is the
//! one parsing it gives, and an answer the one the catalog gives: the synthesizer is a
//! function of the harness, the tool's name and the arguments.

use serde_json::Value;

use super::lenient::parse_value;
use super::resolve::Resolved;
use super::synthesis::Harness;

/// The last `rawInput` text parsed, what it parsed to, and the catalog's answers about it.
#[derive(Default)]
pub(crate) struct LastParsed {
    kept: Option<(Box<str>, Option<Value>)>,
    answers: CatalogAnswers,
    /// How many times a text was parsed.
    #[cfg(test)]
    parses: usize,
}

impl LastParsed {
    /// The longest text kept: a longer `rawInput` is parsed each time, so that what the
    /// ledger holds outside its byte budget stays small.
    const MAX_TEXT: usize = 4 << 10;

    /// Calls `read` with `text` parsed ([`parse_value`]) and the catalog's answers about
    /// it, parsing it only when it is not the text kept (a text kept in its place takes the
    /// place of its answers too).
    pub(crate) fn with<R>(
        &mut self,
        text: &str,
        read: impl FnOnce(Option<&Value>, &mut CatalogAnswers) -> R,
    ) -> R {
        if let Some((kept, value)) = &self.kept
            && **kept == *text
        {
            return read(value.as_ref(), &mut self.answers);
        }
        #[cfg(test)]
        {
            self.parses += 1;
        }
        let value = parse_value(text);
        if text.len() > Self::MAX_TEXT {
            return read(value.as_ref(), &mut CatalogAnswers::default());
        }
        self.answers.0.clear();
        let (_, value) = self.kept.insert((Box::from(text), value));
        read(value.as_ref(), &mut self.answers)
    }
}

/// What the catalog resolved one `rawInput` to, by harness and tool name (a call's names
/// are few: the first that the catalog knows answers).
#[derive(Default)]
pub(crate) struct CatalogAnswers(Vec<(Harness, Box<str>, Option<Resolved>)>);

impl CatalogAnswers {
    /// The most answers kept for one text.
    const MAX: usize = 4;

    /// The catalog's answer about tool `name` of `harness`: the one given before, else
    /// `ask`'s, kept for the next time.
    pub(crate) fn get(
        &mut self,
        harness: Harness,
        name: &str,
        ask: impl FnOnce() -> Option<Resolved>,
    ) -> Option<Resolved> {
        if let Some((_, _, answer)) = self
            .0
            .iter()
            .find(|(asked, named, _)| *asked == harness && **named == *name)
        {
            return answer.clone();
        }
        let answer = ask();
        if self.0.len() < Self::MAX {
            self.0.push((harness, Box::from(name), answer.clone()));
        }
        answer
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
        let read =
            |parsed: &mut LastParsed, text: &str| parsed.with(text, |value, _| value.cloned());
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
