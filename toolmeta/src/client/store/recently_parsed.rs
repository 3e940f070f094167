//! [`RecentlyParsed`]: the store's memo of the `rawInput` texts resolved last — each parsed,
//! with what the catalog answered about it — lent to resolution as [`Arguments`].
//!
//! A call is resolved again at each update that brings evidence, and its `rawInput` seldom
//! changes in between: over catalog traffic without envelopes, parsing the same text and
//! asking the catalog about it again was 22% of the instructions (`docs/performance.md`,
//! "Where the time goes"). Calls interleave, so a few texts are kept, not one. The text is
//! compared whole, so the value is the one parsing it gives, and an answer the catalog's
//! (a function of the harness, the tool's name and the arguments).

use std::cell::{OnceCell, RefCell};

use serde_json::Value;

use crate::client::few::Few;
use crate::client::json_repair::parse_value;
use crate::client::resolve::Resolved;
use crate::client::synthesis::Harness;
use crate::client::text::{Text, WellKnown};

/// A call's `rawInput` as resolution reads it: parsed when first needed ([`parse_value`]),
/// and the catalog's answers about it by harness and tool name. The memo is looked up only
/// when first asked (a call whose envelope has its `input` never asks).
pub(crate) struct Arguments<'m, 't> {
    text: Option<&'t str>,
    memo: &'m RecentlyParsed,
    /// Where the text is in the memo, once looked up.
    found: OnceCell<Option<usize>>,
    /// The text parsed here, when the memo did not have it.
    value: OnceCell<Option<Value>>,
    /// The answers given here.
    answers: RefCell<CatalogAnswers>,
}

impl<'t> Arguments<'_, 't> {
    /// The arguments parsed; `None` without `rawInput` or when it is not JSON.
    pub(crate) fn value(&self) -> Option<&Value> {
        let text = self.text?;
        match self.kept() {
            Some(kept) => kept.value.as_ref(),
            None => self.value.get_or_init(|| parse_value(text)).as_ref(),
        }
    }

    /// The catalog's answer about tool `name` of `harness` for these arguments: the one
    /// given before, else `ask`'s.
    pub(crate) fn answer(
        &self,
        harness: Harness,
        name: &str,
        ask: impl FnOnce() -> Option<Resolved>,
    ) -> Option<Resolved> {
        let before = self
            .kept()
            .and_then(|kept| kept.answers.get(harness, name))
            .or_else(|| self.answers.borrow().get(harness, name));
        if let Some(answer) = before {
            return answer;
        }
        let answer = ask();
        let name = Text::new(name, WellKnown::ToolNames);
        self.answers
            .borrow_mut()
            .keep((harness, name, answer.clone()));
        answer
    }

    /// The memo's entry for the text.
    fn kept(&self) -> Option<&Parsed> {
        let text = self.text?;
        let at = self
            .found
            .get_or_init(|| self.memo.kept.iter().position(|kept| *kept.text == *text));
        at.map(|at| &self.memo.kept[at])
    }

    /// What this resolution learned, to keep.
    pub(crate) fn learned(self) -> Learned<'t> {
        Learned {
            text: self.text,
            found: self.found.into_inner().flatten(),
            value: self.value.into_inner(),
            answers: self.answers.into_inner(),
        }
    }
}

/// What one resolution learned about its arguments.
pub(crate) struct Learned<'a> {
    text: Option<&'a str>,
    found: Option<usize>,
    value: Option<Option<Value>>,
    answers: CatalogAnswers,
}

/// The `rawInput` texts resolved last: each with what it parsed to and the catalog's
/// answers about it.
#[derive(Default)]
pub(crate) struct RecentlyParsed {
    /// In no order: each knows when it was last used, so none is moved to keep an order.
    kept: Vec<Parsed>,
    /// Counts the texts kept or used again: the stamp of the latest use.
    uses: u64,
}

/// One text kept, what it parsed to, and the catalog's answers about it.
struct Parsed {
    text: Text,
    value: Option<Value>,
    answers: CatalogAnswers,
    /// When it was last used ([`RecentlyParsed::uses`] then).
    used: u64,
}

impl RecentlyParsed {
    /// The longest text kept: a longer `rawInput` is parsed each time, so that what the
    /// ledger holds outside its byte budget stays small.
    const MAX_TEXT: usize = 4 << 10;
    /// How many texts are kept: about as many calls as a harness runs at once. The least
    /// recently used text gives its place to a new one.
    const MAX_TEXTS: usize = 4;

    /// The arguments `text` (a call's `rawInput`) for one resolution; what it learns is
    /// kept by [`RecentlyParsed::keep`]`(arguments.learned())`.
    pub(crate) fn lend<'t>(&self, text: Option<&'t str>) -> Arguments<'_, 't> {
        Arguments {
            text,
            memo: self,
            found: OnceCell::new(),
            value: OnceCell::new(),
            answers: RefCell::default(),
        }
    }

    /// Keeps what a resolution learned about its arguments for the next resolution of the
    /// same text.
    #[cfg_attr(
        not(feature = "catalog"),
        allow(
            unreachable_code,
            reason = "without the catalog there is no harness, so no answer to keep"
        )
    )]
    pub(crate) fn keep(&mut self, learned: Learned<'_>) {
        if let Some(at) = learned.found {
            self.uses += 1;
            let kept = &mut self.kept[at];
            kept.used = self.uses;
            for answer in learned.answers.0.iter() {
                kept.answers.keep(answer.clone());
            }
            return;
        }
        let (Some(text), Some(value)) = (learned.text, learned.value) else {
            return;
        };
        if text.len() > Self::MAX_TEXT {
            return;
        }
        self.uses += 1;
        let parsed = Parsed {
            text: Text::new(text, WellKnown::None),
            value,
            answers: learned.answers,
            used: self.uses,
        };
        if self.kept.len() < Self::MAX_TEXTS {
            self.kept.push(parsed);
        } else if let Some(oldest) = self.kept.iter_mut().min_by_key(|kept| kept.used) {
            // All places taken: the least recently used gives its place.
            *oldest = parsed;
        }
    }
}

/// What the catalog resolved one `rawInput` to, by harness and tool name (a call's names
/// are few: the first that the catalog knows answers, so one answer is kept inline).
#[derive(Default)]
struct CatalogAnswers(Few<(Harness, Text, Option<Resolved>)>);

impl CatalogAnswers {
    /// The most answers kept for one text.
    const MAX: usize = 4;

    fn get(&self, harness: Harness, name: &str) -> Option<Option<Resolved>> {
        self.0
            .iter()
            .find(|(asked, named, _)| *asked == harness && **named == *name)
            .map(|(_, _, answer)| answer.clone())
    }

    fn keep(&mut self, entry: (Harness, Text, Option<Resolved>)) {
        if self.0.len() < Self::MAX {
            self.0.push(entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::RecentlyParsed;
    use crate::client::json_repair::parse_value;

    /// Lends `text`, reads its value, keeps what was learned; says whether it was parsed.
    fn read(memo: &mut RecentlyParsed, text: &str) -> bool {
        let arguments = memo.lend(Some(text));
        assert_eq!(arguments.value().cloned(), parse_value(text));
        let parsed = arguments.value.get().is_some();
        let learned = arguments.learned();
        memo.keep(learned);
        parsed
    }

    /// The same text is parsed once and reads as parsing it reads; another text, or one too
    /// long to keep, is parsed again.
    #[test]
    fn a_text_is_parsed_again_only_when_it_changed_or_is_long() {
        let mut memo = RecentlyParsed::default();
        let text = r#"{"command":"ls -la","description":"List"}"#;
        assert!(read(&mut memo, text));
        assert!(!read(&mut memo, text));
        let arguments = memo.lend(Some(text));
        assert_eq!(
            arguments.value(),
            Some(&json!({"command": "ls -la", "description": "List"}))
        );
        let learned = arguments.learned();
        memo.keep(learned);
        // Not JSON: kept as what it parses to, nothing.
        assert!(read(&mut memo, "{nope"));
        assert!(!read(&mut memo, "{nope"));
        assert!(!read(&mut memo, text), "the first text is still kept");
        let long = format!(
            r#"{{"content":"{}"}}"#,
            "x".repeat(RecentlyParsed::MAX_TEXT)
        );
        assert!(read(&mut memo, &long));
        assert!(read(&mut memo, &long), "a long text is not kept");
        assert!(!read(&mut memo, text), "and takes no kept text's place");
    }

    /// Calls that interleave have each their text parsed once; past the most texts kept,
    /// the least recently used is parsed again, and a text read again is used recently.
    #[test]
    fn interleaved_texts_are_parsed_once_and_the_least_recently_used_goes() {
        let texts: Vec<String> = (0..=RecentlyParsed::MAX_TEXTS)
            .map(|i| format!(r#"{{"path":"src/{i}.rs"}}"#))
            .collect();
        let mut memo = RecentlyParsed::default();
        let mut parses = 0;
        let mut read_text = |memo: &mut RecentlyParsed, i: usize| {
            parses += usize::from(read(memo, &texts[i]));
            parses
        };
        // Four calls started, then each updated, twice over.
        for i in [0, 1, 2, 3, 0, 1, 2, 3, 3, 2, 1, 0] {
            read_text(&mut memo, i);
        }
        assert_eq!(read_text(&mut memo, 0), 4);
        // Text 3 was used least recently: a fifth text takes its place.
        for i in [4, 0, 1, 2] {
            read_text(&mut memo, i);
        }
        assert_eq!(read_text(&mut memo, 4), 5);
        assert_eq!(read_text(&mut memo, 3), 6);
    }

    /// The catalog's answers stay with their text while other texts come and go.
    #[cfg(feature = "catalog")]
    #[test]
    fn answers_stay_with_their_text() {
        use crate::client::synthesis::Harness;

        let mut memo = RecentlyParsed::default();
        let mut asked = 0;
        let mut ask = |memo: &mut RecentlyParsed, text: &str| {
            let arguments = memo.lend(Some(text));
            arguments.value();
            arguments.answer(Harness::ClaudeCode, "Read", || {
                asked += 1;
                None
            });
            let learned = arguments.learned();
            memo.keep(learned);
        };
        ask(&mut memo, r#"{"file_path":"a"}"#);
        ask(&mut memo, r#"{"file_path":"b"}"#);
        ask(&mut memo, r#"{"file_path":"a"}"#);
        ask(&mut memo, r#"{"file_path":"b"}"#);
        assert_eq!(asked, 2);
    }
}
