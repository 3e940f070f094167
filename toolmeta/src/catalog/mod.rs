//! The catalog: tools of harnesses that do not emit the envelope, declared with the derive,
//! so a client can synthesize the same envelope from their `rawInput`.
//!
//! (Being filled in: the harness tool declarations land with the toolset work.)

use serde_json::Value;

use crate::ToolMeta;

/// A harness whose tools the catalog knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Harness {
    /// Anthropic's Claude Code.
    ClaudeCode,
    /// OpenAI's Codex CLI.
    Codex,
    /// Google's Gemini CLI.
    GeminiCli,
    /// OpenCode.
    OpenCode,
}

/// Synthesizes the envelope of a call to `name` on `harness` from its raw JSON arguments
/// (`rawInput`); `None` when the catalog does not know the tool.
pub fn synthesize(harness: Harness, name: &str, raw_input: Option<&Value>) -> Option<ToolMeta> {
    let _ = (harness, name, raw_input);
    None
}
