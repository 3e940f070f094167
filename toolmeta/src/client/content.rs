//! What a call shows of its work: [`Content`] blocks and [`Location`]s.

use std::borrow::Cow;

use serde::de::MapAccess;
use serde_json::value::RawValue;

use super::tolerant::{Loose, Tolerant, next_key, read_into, skip_value};

/// A file a call works on: ACP's `ToolCallLocation`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Location {
    path: Box<str>,
    line: Option<u64>,
}

impl Location {
    pub(crate) fn new(path: &str, line: Option<u64>) -> Location {
        Location {
            path: path.into(),
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
/// ledger.feed_line(r#"{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed","content":[
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
    let fields = match serde_json::from_str::<Loose<BlockFields<'_>>>(raw.get()) {
        Ok(Loose(Some(fields))) => fields,
        _ => return Content::Other(raw),
    };
    match fields {
        BlockFields {
            block_type: Some(block_type),
            inner:
                Some(InnerFields {
                    inner_type: Some(inner_type),
                    text: Some(text),
                }),
            ..
        } if block_type == "content" && inner_type == "text" => Content::Text(text),
        BlockFields {
            block_type: Some(block_type),
            path: Some(path),
            new_text: Some(new_text),
            old_text,
            ..
        } if block_type == "diff" => Content::Diff {
            path,
            old_text,
            new_text,
        },
        BlockFields {
            block_type: Some(block_type),
            terminal_id: Some(terminal_id),
            ..
        } if block_type == "terminal" => Content::Terminal { terminal_id },
        _ => Content::Other(raw),
    }
}

#[derive(Default)]
struct BlockFields<'a> {
    block_type: Option<Cow<'a, str>>,
    inner: Option<InnerFields<'a>>,
    path: Option<Cow<'a, str>>,
    old_text: Option<Cow<'a, str>>,
    new_text: Option<Cow<'a, str>>,
    terminal_id: Option<Cow<'a, str>>,
}

/// The `content` of a `{"type":"content"}` block: ACP's `ContentBlock`.
#[derive(Default)]
struct InnerFields<'a> {
    inner_type: Option<Cow<'a, str>>,
    text: Option<Cow<'a, str>>,
}

impl<'de> Tolerant<'de> for BlockFields<'de> {
    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        let mut fields = BlockFields::default();
        while let Some(key) = next_key(&mut map)? {
            match &*key {
                "type" => read_into(&mut map, &mut fields.block_type)?,
                "content" => read_into(&mut map, &mut fields.inner)?,
                "path" => read_into(&mut map, &mut fields.path)?,
                "oldText" => read_into(&mut map, &mut fields.old_text)?,
                "newText" => read_into(&mut map, &mut fields.new_text)?,
                "terminalId" => read_into(&mut map, &mut fields.terminal_id)?,
                _ => skip_value(&mut map)?,
            }
        }
        Ok(Some(fields))
    }
}

impl<'de> Tolerant<'de> for InnerFields<'de> {
    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        let mut fields = InnerFields::default();
        while let Some(key) = next_key(&mut map)? {
            match &*key {
                "type" => read_into(&mut map, &mut fields.inner_type)?,
                "text" => read_into(&mut map, &mut fields.text)?,
                _ => skip_value(&mut map)?,
            }
        }
        Ok(Some(fields))
    }
}
