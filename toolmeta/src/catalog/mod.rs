//! The catalog: the tools of harnesses that do not emit the envelope, declared with the
//! derive itself, so a client can synthesize the same envelope — same labels, same canonical
//! keys — from their `rawInput`.
//!
//! Each harness module declares its tools as `#[derive(Deserialize, ToolIdentity)]` structs
//! with the wire names and argument names that harness sends, bulky arguments marked
//! `payload`, and registers them in a compile-time-checked [`StaticToolset`] (`TOOLS`).
//! [`synthesize`] looks a call up there and projects its raw arguments (see
//! [`toolset`](mod@crate::toolset) for the rules).
//!
//! Where a harness's argument does not carry a canonical value as is, the tool converts it
//! with `with` and is registered [`ToolEntry::deserialized`](crate::ToolEntry::deserialized):
//! Codex `shell`'s argv becomes one command line, and the zero-based `offset` of Gemini CLI's
//! `read_file` and OpenCode's `read` becomes the canonical 1-based line.
//!
//! ```
//! use serde_json::json;
//! use toolmeta::catalog::{self, Harness};
//!
//! let meta = catalog::synthesize(
//!     Harness::ClaudeCode,
//!     "Read",
//!     Some(&json!({"file_path": "/repo/src/main.rs", "offset": 10, "limit": 20})),
//! )
//! .unwrap();
//! assert_eq!(meta.label, "Read");
//! assert_eq!(meta.input, Some(json!({"path": "/repo/src/main.rs", "offset": 10, "limit": 20})));
//!
//! // A tool the catalog does not know (an MCP tool, say): nothing to synthesize.
//! assert!(catalog::synthesize(Harness::ClaudeCode, "mcp__github__create_issue", None).is_none());
//! ```

pub mod claude_code;
pub mod codex;
mod convert;
pub mod gemini_cli;
pub mod opencode;

use serde_json::Value;

use crate::{Namespace, StaticToolset, ToolLookup, ToolMeta};

/// A harness whose tools the catalog knows.
///
/// ```
/// use toolmeta::catalog::Harness;
/// use toolmeta::{Namespace, ToolLookup};
/// assert_eq!(Harness::GeminiCli.namespace(), Namespace::GeminiCli);
/// assert!(Harness::Codex.tools().contains("apply_patch"));
/// assert_eq!(Harness::from_namespace(Namespace::OpenCode), Some(Harness::OpenCode));
/// ```
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

impl Harness {
    /// Every harness of the catalog.
    pub const ALL: &'static [Harness] = &[
        Harness::ClaudeCode,
        Harness::Codex,
        Harness::GeminiCli,
        Harness::OpenCode,
    ];

    /// The namespace its tools' envelopes carry.
    pub const fn namespace(self) -> Namespace {
        match self {
            Harness::ClaudeCode => Namespace::ClaudeCode,
            Harness::Codex => Namespace::Codex,
            Harness::GeminiCli => Namespace::GeminiCli,
            Harness::OpenCode => Namespace::OpenCode,
        }
    }

    /// The harness whose tools carry `namespace`, if the catalog has one.
    pub const fn from_namespace(namespace: Namespace) -> Option<Harness> {
        match namespace {
            Namespace::ClaudeCode => Some(Harness::ClaudeCode),
            Namespace::Codex => Some(Harness::Codex),
            Namespace::GeminiCli => Some(Harness::GeminiCli),
            Namespace::OpenCode => Some(Harness::OpenCode),
            Namespace::GrokBuild
            | Namespace::GrokBuildConcise
            | Namespace::GrokBuildHashline
            | Namespace::Mcp
            | Namespace::Zed
            | Namespace::Goose
            | Namespace::AmazonQ => None,
        }
    }

    /// Its tools, by wire name.
    pub const fn tools(self) -> &'static StaticToolset {
        match self {
            Harness::ClaudeCode => &claude_code::TOOLS,
            Harness::Codex => &codex::TOOLS,
            Harness::GeminiCli => &gemini_cli::TOOLS,
            Harness::OpenCode => &opencode::TOOLS,
        }
    }
}

/// Synthesizes the envelope of a call to `name` on `harness` from its raw JSON arguments
/// (`rawInput`); `None` when the catalog does not know the tool.
///
/// Without arguments (or with arguments that cannot give an input, see
/// [`toolset`](mod@crate::toolset)) the envelope carries identity only.
///
/// ```
/// use serde_json::json;
/// use toolmeta::catalog::{self, Harness};
///
/// let shell = catalog::synthesize(
///     Harness::Codex,
///     "shell",
///     Some(&json!({"command": ["bash", "-lc", "cargo test"], "workdir": "/repo"})),
/// )
/// .unwrap();
/// assert_eq!(shell.label, "Run Command");
/// assert_eq!(shell.input, Some(json!({"command": "cargo test", "cwd": "/repo"})));
/// ```
pub fn synthesize(harness: Harness, name: &str, raw_input: Option<&Value>) -> Option<ToolMeta> {
    harness.tools().tool_meta(name, raw_input)
}
