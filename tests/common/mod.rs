//! Fixtures shared by the behaviour tests: tools declared once, as the design declares them.
//!
//! Each test binary that needs them says `mod common;`; a binary uses only some of them.
#![allow(dead_code)]

mod call_record;

#[allow(unused_imports)] // a binary uses only some of the fixtures
pub use call_record::call_record;
use serde::Deserialize;
use toolmeta::ToolIdentity;

/// Grok Build's `read_file`, as DESIGN.md §2 declares it: the model-facing `target_file`
/// projected as `path`, `offset` (0-based on the wire, normalized to 1-based) and `limit`,
/// and `pages`, which is not projected.
#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
pub struct ReadFile {
    #[serde(rename = "target_file")]
    #[tool(project = "path")]
    pub path: String,
    #[tool(project)]
    pub offset: Option<i64>,
    #[tool(project)]
    pub limit: Option<u64>,
    pub pages: Option<String>,
}

impl ReadFile {
    /// A read of `src/main.rs` from `offset`, 60 lines.
    pub fn of_main(offset: Option<i64>) -> ReadFile {
        ReadFile {
            path: "src/main.rs".to_owned(),
            offset,
            limit: Some(60),
            pages: None,
        }
    }
}
