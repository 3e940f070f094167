//! The `agent` example, checked from the wire by a client on the official ACP TypeScript SDK
//! (`tests/acp-client`): a turn of a read, a listing, a search, a command and an allowed
//! edit, where every tool-call event must carry the envelope, ACP's `name` and `kind`, and
//! `locations` wherever its label's shape has a path — from the one call the agent makes
//! (`AcpToolEvent::complete`).
//!
//! The client is installed here on first use (`npm ci`, from its committed lockfile), so the
//! test needs Node.js 20 or later and npm, and the npm registry the first time.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

use crate::common;

/// The client's directory.
fn client_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/acp-client")
}

/// Installs the client's dependencies from its lockfile unless they are there.
fn install_client() {
    let dir = client_dir();
    if dir
        .join("node_modules/@agentclientprotocol/sdk/package.json")
        .is_file()
    {
        return;
    }
    let status = Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund"])
        .current_dir(&dir)
        .status()
        .unwrap_or_else(|error| {
            panic!("the ACP client needs npm (Node.js 20 or later) to install: {error}")
        });
    assert!(status.success(), "`npm ci` in {} failed", dir.display());
}

/// Runs `node` on a script of the client; its stdout.
fn node(args: &[&Path]) -> (bool, String) {
    let output = Command::new("node")
        .args(args)
        .current_dir(client_dir())
        .stderr(Stdio::inherit())
        .output()
        .unwrap_or_else(|error| panic!("the ACP client needs Node.js 20 or later: {error}"));
    (
        output.status.success(),
        String::from_utf8(output.stdout).expect("UTF-8 output"),
    )
}

#[test]
fn every_tool_call_event_of_the_agent_is_complete_on_the_wire() {
    install_client();
    let cwd = std::env::temp_dir().join(format!("toolmeta-acp-client-{}", std::process::id()));
    let _ = fs::remove_dir_all(&cwd);
    fs::create_dir_all(cwd.join("src")).unwrap();
    fs::write(cwd.join("README.md"), "# Demo\nfn main() {}\nline three\n").unwrap();
    fs::write(cwd.join("src/lib.rs"), "pub fn answer() -> u32 { 42 }\n").unwrap();

    let script = cwd.with_extension("script.json");
    let wire = cwd.with_extension("wire.jsonl");
    let delivered = cwd.with_extension("delivered.jsonl");
    let turn = "ls .\nread README.md 2 5\ngrep fn src\nrun ls -a\nedit notes.txt => hello";
    fs::write(
        &script,
        json!({"agent": [common::example_binary("agent")], "cwd": cwd, "prompts": [turn],
               "delivered": delivered})
        .to_string(),
    )
    .unwrap();

    let (ran, recorded) = node(&[Path::new("driver.mjs"), &script]);
    assert!(ran, "the client's turn failed");
    fs::write(&wire, recorded).unwrap();
    let (complete, summary) = node(&[Path::new("check_tool_calls.mjs"), &wire, &delivered]);
    let summary: Value = serde_json::from_str(&summary).expect("the check's summary");
    assert!(complete, "{summary:#}");

    // Five calls: each a `tool_call`, an update with its arguments, and the edit's
    // permission request: 11 events, 6 with arguments; a path in all but the command.
    let counts =
        |events: u64| json!({"events": events, "envelope": events, "name": events, "kind": events});
    assert_eq!(summary["all"], counts(11), "{summary:#}");
    assert_eq!(summary["withArguments"], counts(6), "{summary:#}");
    assert_eq!(summary["locations"], json!({"needed": 5, "present": 5}));
    assert_eq!(summary["delivered"], 11, "the SDK parsed every event");
    assert_eq!(summary["failures"], json!([]));
    // The edit was allowed, and written.
    assert_eq!(fs::read_to_string(cwd.join("notes.txt")).unwrap(), "hello");

    for path in [&script, &wire, &delivered] {
        let _ = fs::remove_file(path);
    }
    let _ = fs::remove_dir_all(&cwd);
}
