//! [`RecentlyParsed`]: the `rawInput` texts parsed last, kept for the next resolution of
//! the same text, each with what the catalog answered about it.
//!
//! A call is resolved again at each update that brings evidence, and its `rawInput` seldom
//! changes in between (the update adds ACP `kind`, a title, locations): over traffic without
//! envelopes, parsing the same text into a `Value` again was a third of resolving, and
//! asking the catalog again about it (projecting the arguments, writing the input as JSON)
//! most of the rest (`docs/performance.md`). Calls interleave (parallel tool calls, several
//! sessions in one stream), so a few texts are kept, not one. The text is compared whole, so
//! the value is the one parsing it gives, and an answer the one the catalog gives: the
//! synthesizer is a function of the harness, the tool's name and the arguments.

use serde_json::Value;

use super::few::Few;
use super::json_repair::parse_value;
use super::resolve::Resolved;
use super::synthesis::Harness;
use super::text::Text;
use super::text::WellKnown;

/// The `rawInput` texts parsed last: each with what it parsed to and the catalog's answers
/// about it.
#[derive(Default)]
pub(crate) struct RecentlyParsed {
    /// In no order: each knows when it was last used, so none is moved to keep an order.
    kept: Vec<Parsed>,
    /// Counts the texts asked for: the stamp of the latest use.
    uses: u64,
    /// How many times a text was parsed.
    #[cfg(test)]
    parses: usize,
}

/// One text kept, what it parsed to, and the catalog's answers about it.
struct Parsed {
    text: Box<str>,
    value: Option<Value>,
    answers: CatalogAnswers,
    /// When it was last used ([`RecentlyParsed::uses`] then).
    used: u64,
}

impl RecentlyParsed {
    /// The longest text kept: a longer `rawInput` is parsed each time, so that what the
    /// ledger holds outside its byte budget stays small (at most four such texts and their
    /// values).
    const MAX_TEXT: usize = 4 << 10;
    /// How many texts are kept: about as many calls as a harness runs at once. The least
    /// recently used text gives its place to a new one.
    const MAX_TEXTS: usize = 4;

    /// Calls `read` with `text` parsed ([`parse_value`]) and the catalog's answers about
    /// it, parsing it only when it is not one of the texts kept.
    pub(crate) fn with<R>(
        &mut self,
        text: &str,
        read: impl FnOnce(Option<&Value>, &mut CatalogAnswers) -> R,
    ) -> R {
        self.uses += 1;
        let at = match self.kept.iter().position(|kept| *kept.text == *text) {
            Some(at) => at,
            None => {
                #[cfg(test)]
                {
                    self.parses += 1;
                }
                let value = parse_value(text);
                if text.len() > Self::MAX_TEXT {
                    return read(value.as_ref(), &mut CatalogAnswers::default());
                }
                let parsed = Parsed {
                    text: Box::from(text),
                    value,
                    answers: CatalogAnswers::default(),
                    used: self.uses,
                };
                let least_recent = (0..self.kept.len()).min_by_key(|&at| self.kept[at].used);
                match least_recent {
                    // All places taken: the least recently used gives its place.
                    Some(oldest) if self.kept.len() >= Self::MAX_TEXTS => {
                        self.kept[oldest] = parsed;
                        oldest
                    }
                    _ => {
                        self.kept.push(parsed);
                        self.kept.len() - 1
                    }
                }
            }
        };
        let recent = &mut self.kept[at];
        recent.used = self.uses;
        read(recent.value.as_ref(), &mut recent.answers)
    }
}

/// What the catalog resolved one `rawInput` to, by harness and tool name (a call's names
/// are few: the first that the catalog knows answers, so one answer is kept inline).
#[derive(Default)]
pub(crate) struct CatalogAnswers(Few<(Harness, Text, Option<Resolved>)>);

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
            let name = Text::new(name, WellKnown::ToolNames);
            self.0.push((harness, name, answer.clone()));
        }
        answer
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::RecentlyParsed;
    use crate::client::json_repair::parse_value;

    /// The same text is parsed once and reads as parsing it reads; another text, or one too
    /// long to keep, is parsed again.
    #[test]
    fn a_text_is_parsed_again_only_when_it_changed_or_is_long() {
        let mut parsed = RecentlyParsed::default();
        let text = r#"{"command":"ls -la","description":"List"}"#;
        let read =
            |parsed: &mut RecentlyParsed, text: &str| parsed.with(text, |value, _| value.cloned());
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
        assert_eq!(parsed.parses, 2, "the first text is still kept");
        let long = format!(
            r#"{{"content":"{}"}}"#,
            "x".repeat(RecentlyParsed::MAX_TEXT)
        );
        for _ in 0..2 {
            assert_eq!(read(&mut parsed, &long), parse_value(&long));
        }
        assert_eq!(parsed.parses, 4, "a long text is not kept");
        assert_eq!(read(&mut parsed, text), parse_value(text));
        assert_eq!(parsed.parses, 4, "and takes no kept text's place");
    }

    /// Calls that interleave have each their text parsed once; past the most texts kept,
    /// the least recently used is parsed again, and a text read again is used recently.
    #[test]
    fn interleaved_texts_are_parsed_once_and_the_least_recently_used_goes() {
        let texts: Vec<String> = (0..=RecentlyParsed::MAX_TEXTS)
            .map(|i| format!(r#"{{"path":"src/{i}.rs"}}"#))
            .collect();
        let mut parsed = RecentlyParsed::default();
        let read = |parsed: &mut RecentlyParsed, i: usize| {
            let value = parsed.with(&texts[i], |value, _| value.cloned());
            assert_eq!(value, parse_value(&texts[i]));
        };
        // Four calls started, then each updated, twice over.
        for i in [0, 1, 2, 3, 0, 1, 2, 3, 3, 2, 1, 0] {
            read(&mut parsed, i);
        }
        assert_eq!(parsed.parses, 4);
        // Text 0 was used last: a fifth text takes the place of text 3, the least recent.
        for i in [4, 0, 1, 2] {
            read(&mut parsed, i);
        }
        assert_eq!(parsed.parses, 5);
        read(&mut parsed, 3);
        assert_eq!(parsed.parses, 6);
    }

    /// The catalog's answers stay with their text while other texts come and go.
    #[cfg(feature = "catalog")]
    #[test]
    fn answers_stay_with_their_text() {
        use crate::client::synthesis::Harness;

        let mut parsed = RecentlyParsed::default();
        let mut asked = 0;
        let mut ask = |parsed: &mut RecentlyParsed, text: &str| {
            parsed.with(text, |_, answers| {
                answers.get(Harness::ClaudeCode, "Read", || {
                    asked += 1;
                    None
                })
            })
        };
        ask(&mut parsed, r#"{"file_path":"a"}"#);
        ask(&mut parsed, r#"{"file_path":"b"}"#);
        ask(&mut parsed, r#"{"file_path":"a"}"#);
        ask(&mut parsed, r#"{"file_path":"b"}"#);
        assert_eq!(asked, 2);
    }
}
