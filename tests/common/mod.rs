//! Fixtures shared by the behaviour tests: tools declared once, as the design declares them,
//! the record of a call, the examples' binaries and proptest's settings.
//!
//! Each test binary that needs them says `#[path = "../common/mod.rs"] mod common;` in its
//! `main.rs`; a binary uses only some of them.
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

/// goose's `text_editor`, one tool whose kind depends on its `command`: a read, an edit in
/// place (not idempotent) and an overwrite (idempotent).
#[derive(Debug, Deserialize, ToolIdentity)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum TextEditor {
    #[tool(name = "text_editor", namespace = "goose", kind = "read")]
    View {
        #[tool(project)]
        path: String,
    },
    #[tool(name = "text_editor", namespace = "goose", kind = "edit")]
    StrReplace {
        #[tool(project)]
        path: String,
    },
    #[tool(name = "text_editor", namespace = "goose", kind = "write")]
    Write {
        #[tool(project)]
        path: String,
    },
}

/// The binary of the example `name`, which `cargo test` builds beside the tests (tests live
/// in target/<profile>/deps, examples in target/<profile>/examples).
pub fn example_binary(name: &str) -> std::path::PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let profile = exe
        .parent()
        .and_then(std::path::Path::parent)
        .expect("target/<profile>");
    let binary = profile
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        binary.is_file(),
        "{} is missing: `cargo test` builds the examples; with `--test` alone, run \
         `cargo build --example {name}` first",
        binary.display()
    );
    binary
}

/// Proptest's settings for these tests: a failure is kept next to the module that found it
/// (`props.rs` → `props.proptest-regressions`), and replayed from there first. Proptest's
/// default looks up from the module for a `main.rs`, finds the test binary's, and would keep
/// every module's failures in one `tests/proptest-regressions/` (of the module's file name).
pub fn proptest_config() -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..proptest::test_runner::Config::default()
    }
}
