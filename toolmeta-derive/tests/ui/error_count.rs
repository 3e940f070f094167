//! A build with several field types that do not fit their keys reports each type once and
//! says so in its count (issue 23: "due to 4 previous errors" while showing two).
//!
//! rustc shows two identical errors as one but counts both, so a count that disagrees with
//! what is shown means the expansion checks a type twice. trybuild drops the count from its
//! output, so this test builds a small crate with cargo and reads rustc's JSON messages.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// Four fields whose types only the key traits can judge (an alias, a reference behind an
/// alias, a `Cow`): two fit, three do not.
const LIB: &str = r#"
use std::borrow::Cow;
use std::ffi::OsStr;
use toolmeta::ToolIdentity;

type Line = u32;
type Os<'a> = &'a OsStr;

#[derive(ToolIdentity)]
#[tool(name = "read_file", kind = "read", namespace = "_errcount")]
pub struct ReadFile<'a> {
    #[tool(project = "path")]
    pub path: Os<'a>,
    #[tool(project = "offset")]
    pub offset: Option<Line>,
    #[tool(project = "limit")]
    pub limit: Option<Cow<'a, str>>,
    #[tool(extra = "mode")]
    pub mode: Vec<u8>,
}

#[derive(ToolIdentity)]
#[tool(name = "grep", kind = "search", namespace = "_errcount")]
pub struct Grep {
    #[tool(project = "pattern")]
    pub pattern: Box<[u8]>,
}
"#;

#[test]
fn each_type_that_does_not_fit_is_shown_and_counted_once() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("toolmeta-derive is a member of the workspace");
    let dir = workspace.join("target/tests/error-count");
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let manifest = format!(
        "[package]\nname = \"error-count\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\ntoolmeta = {{ path = {:?} }}\n\n[workspace]\n",
        workspace.join("toolmeta")
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    std::fs::write(dir.join("src/lib.rs"), LIB).unwrap();
    // The workspace's versions of the dependencies, already fetched.
    std::fs::copy(workspace.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();

    let output = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["check", "--quiet", "--message-format=json"])
        .current_dir(&dir)
        // Its own target directory: the build neither waits for the workspace's lock nor
        // disturbs its artifacts.
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .output()
        .unwrap();
    assert!(!output.status.success(), "the crate must not build");

    let messages: Vec<Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|line| line["reason"] == "compiler-message")
        .map(|line| line["message"].clone())
        .filter(|message| message["level"] == "error")
        .collect();
    // (line, message): the key traits' `on_unimplemented` messages, naming each type as the
    // field declares it, at the lines of `LIB` that declare the fields that do not fit.
    let expected = [
        (
            17,
            "`Cow<'a, str>` cannot be projected as `limit`: an integer key needs a primitive integer type",
        ),
        (
            19,
            "`Vec<u8>` cannot be projected under an extra key: extra values are strings, paths, integers or bools",
        ),
        (
            26,
            "`Box<[u8]>` cannot be projected as `pattern`: a text key needs a string type",
        ),
    ];
    let shown: Vec<(u64, &str)> = messages
        .iter()
        .filter(|message| !message["code"].is_null())
        .map(|message| {
            let line = message["spans"][0]["line_start"].as_u64().unwrap();
            (line, message["message"].as_str().unwrap())
        })
        .collect();
    assert_eq!(
        shown,
        expected,
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );

    // cargo's summary counts what rustc sent it, duplicates included.
    let summary = "could not compile `error-count` (lib) due to 3 previous errors";
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.lines().any(|line| line.ends_with(summary)),
        "{stderr}"
    );
}
