//! What a call shows of its work: [`Content`] blocks and [`Location`]s.

use std::borrow::Cow;

use serde_json::value::RawValue;

use super::fields::{FromText, fields, read, read_object};
use super::text::{Text, WellKnown};

/// A file a call works on: ACP's `ToolCallLocation`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Location {
    path: Text,
    line: Option<u64>,
}

impl Location {
    pub(crate) fn new(path: &str, line: Option<u64>) -> Location {
        Location {
            path: Text::new(path, WellKnown::None),
            line,
        }
    }

    /// The file's path, as sent.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The line (1-based), when sent.
    pub fn line(&self) -> Option<u64> {
        self.line
    }
}

/// One block of a call's `content`, read from the raw text the ledger kept.
///
/// Strings borrow from the call when they hold no escapes.
///
/// ```
/// use toolmeta::client::{Content, Ledger};
/// let mut ledger = Ledger::new();
/// ledger.feed(r#"{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed","content":[
///     {"type":"content","content":{"type":"text","text":"3 files changed"}},
///     {"type":"diff","path":"/r/a.py","oldText":"x = 1","newText":"x = 2"},
///     {"type":"terminal","terminalId":"term-1"},
///     {"type":"content","content":{"type":"image","mimeType":"image/png","data":"iVBO"}}]}"#);
/// let call = ledger.get("c1").unwrap();
/// let blocks: Vec<Content> = call.content().collect();
/// assert_eq!(blocks[0].text(), Some("3 files changed"));
/// assert!(matches!(&blocks[1], Content::Diff { path, old_text: Some(old), new_text }
///     if path == "/r/a.py" && old == "x = 1" && new_text == "x = 2"));
/// assert!(matches!(&blocks[2], Content::Terminal { terminal_id } if terminal_id == "term-1"));
/// assert!(matches!(&blocks[3], Content::Other(raw) if raw.get().contains("image/png")));
/// ```
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum Content<'a> {
    /// Text: `{"type":"content","content":{"type":"text","text":…}}`.
    Text(Cow<'a, str>),
    /// A file change: `{"type":"diff","path":…,"oldText":…,"newText":…}` (`oldText` is
    /// absent for a new file).
    Diff {
        /// The file's path.
        path: Cow<'a, str>,
        /// Its text before, when it existed.
        old_text: Option<Cow<'a, str>>,
        /// Its text after.
        new_text: Cow<'a, str>,
    },
    /// A terminal the client runs for the agent: `{"type":"terminal","terminalId":…}`.
    Terminal {
        /// The terminal's id, as in `terminal/create`'s answer.
        terminal_id: Cow<'a, str>,
    },
    /// A subagent session the call started: `{"type":"session","sessionId":…}` (ACP's
    /// subagent sessions); that session's calls are the subagent's.
    Session {
        /// The subagent's session id.
        session_id: Cow<'a, str>,
    },
    /// Any other block (an image, audio, a resource, a type ACP may add), as sent.
    Other(&'a RawValue),
}

impl Content<'_> {
    /// The text of a [`Content::Text`] block.
    pub fn text(&self) -> Option<&str> {
        match self {
            Content::Text(text) => Some(text),
            _ => None,
        }
    }
}

/// The blocks of a call's `content`, in order: see [`Call::content`](super::Call::content).
#[derive(Debug, Clone)]
pub struct ContentBlocks<'a>(std::vec::IntoIter<&'a RawValue>);

impl<'a> ContentBlocks<'a> {
    /// The blocks of `content`, a JSON array's text (anything else has none).
    pub(crate) fn of(content: Option<&'a RawValue>) -> ContentBlocks<'a> {
        let blocks = content
            .and_then(|raw| serde_json::from_str::<Vec<&'a RawValue>>(raw.get()).ok())
            .unwrap_or_default();
        ContentBlocks(blocks.into_iter())
    }
}

impl<'a> Iterator for ContentBlocks<'a> {
    type Item = Content<'a>;

    fn next(&mut self) -> Option<Content<'a>> {
        self.0.next().map(read_block)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl ExactSizeIterator for ContentBlocks<'_> {}

fn read_block(raw: &RawValue) -> Content<'_> {
    let mut block = BlockFields::default();
    let mut text = serde_json::Deserializer::from_str(raw.get());
    let Ok(true) = read_object::<FromText, _, _>(&mut text, &mut block) else {
        return Content::Other(raw);
    };
    let read = match block.block_type.as_deref() {
        Some("content") => (block.inner)
            .filter(|inner| inner.inner_type.as_deref() == Some("text"))
            .and_then(|inner| inner.text.map(Content::Text)),
        Some("diff") => (block.path.zip(block.new_text)).map(|(path, new_text)| Content::Diff {
            path,
            old_text: block.old_text,
            new_text,
        }),
        Some("terminal") => {
            (block.terminal_id).map(|terminal_id| Content::Terminal { terminal_id })
        }
        Some("session") => (block.session_id).map(|session_id| Content::Session { session_id }),
        _ => None,
    };
    read.unwrap_or(Content::Other(raw))
}

fields! {
    /// One `ToolCallContent` block.
    struct BlockFields<'a> {
        "type" => block_type: Option<Cow<'a, str>> = read::scalar,
        "content" => inner: Option<InnerFields<'a>> = read::object,
        "path" => path: Option<Cow<'a, str>> = read::scalar,
        "oldText" => old_text: Option<Cow<'a, str>> = read::scalar,
        "newText" => new_text: Option<Cow<'a, str>> = read::scalar,
        "terminalId" => terminal_id: Option<Cow<'a, str>> = read::scalar,
        "sessionId" => session_id: Option<Cow<'a, str>> = read::scalar,
    }
}

fields! {
    /// The `content` of a `{"type":"content"}` block: ACP's `ContentBlock`.
    struct InnerFields<'a> {
        "type" => inner_type: Option<Cow<'a, str>> = read::scalar,
        "text" => text: Option<Cow<'a, str>> = read::scalar,
    }
}
