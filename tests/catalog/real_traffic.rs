//! The real-traffic corpus (`tests/data/real/<harness>/`): ACP sessions that real harnesses
//! emitted, each with the expected record of every call, written by hand from the contract
//! (see each directory's `PROVENANCE.md`). The ledger reads every session with no harness
//! named, as `inspect` does by default, and every call must come out as expected.

use std::fs;
use std::path::PathBuf;

use serde_json::Value;
use toolmeta::catalog::Harness;
use toolmeta::client::Ledger;

fn corpus(harness: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/real")
        .join(harness)
}

fn expected(harness: &str) -> Vec<Value> {
    expected_in(harness, "expected.jsonl")
}

fn expected_in(harness: &str, file: &str) -> Vec<Value> {
    let path = corpus(harness).join(file);
    fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

fn ledger_of(harness: &str, builder: toolmeta::client::LedgerBuilder) -> Ledger {
    ledger_in(harness, "session.jsonl", builder)
}

fn ledger_in(harness: &str, file: &str, builder: toolmeta::client::LedgerBuilder) -> Ledger {
    let path = corpus(harness).join(file);
    let mut ledger = builder.build();
    ledger
        .read_lines(fs::File::open(&path).map(std::io::BufReader::new).unwrap())
        .unwrap();
    assert_eq!(ledger.counts().not_json, 0, "{}", path.display());
    ledger
}

/// Compares every call with its expected record; all differences in one report.
fn check(harness: &str, ledger: &Ledger) {
    check_against(harness, &expected(harness), ledger);
}

fn check_against(harness: &str, expected: &[Value], ledger: &Ledger) {
    let ids: Vec<&str> = ledger.calls().map(|call| call.tool_call_id()).collect();
    let expected_ids: Vec<&str> = expected
        .iter()
        .map(|record| record["tool_call_id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids, expected_ids,
        "{harness}: the calls, in first-seen order"
    );
    let mut wrong = Vec::new();
    for (call, record) in ledger.calls().zip(expected) {
        let input = call.input_map().map(Value::Object).unwrap_or(Value::Null);
        let actual = [
            ("name", call.name().map(Value::from)),
            ("label", Some(Value::from(call.label()))),
            ("kind", Some(Value::from(call.kind().as_str()))),
            ("namespace", call.namespace().map(Value::from)),
            ("input", Some(input)),
            ("title", call.title().map(Value::from)),
        ];
        for (field, value) in actual {
            // A record names the title only where it says something (no tool name).
            if field == "title" && record.get("title").is_none() {
                continue;
            }
            let value = value.unwrap_or(Value::Null);
            if value != record[field] {
                wrong.push(format!(
                    "{} {field}: got {value}, expected {}",
                    call.tool_call_id(),
                    record[field]
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{harness}: {} differences\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn opencode() {
    check("opencode", &ledger_of("opencode", Ledger::builder()));
}

#[test]
fn codex_acp() {
    check("codex", &ledger_of("codex", Ledger::builder()));
}

#[test]
fn claude_code_via_claude_agent_acp() {
    check("claude_code", &ledger_of("claude_code", Ledger::builder()));
}

#[test]
fn gemini_cli() {
    check("gemini_cli", &ledger_of("gemini_cli", Ledger::builder()));
}

#[test]
fn grok_build_reference_session() {
    check("grok_build", &ledger_of("grok_build", Ledger::builder()));
}

#[test]
fn codex_acp_adapter_test_fixtures() {
    for session in ["read-search-list", "command-approval"] {
        let ledger = ledger_in(
            "codex_acp_fixtures",
            &format!("{session}.jsonl"),
            Ledger::builder(),
        );
        let expected = expected_in("codex_acp_fixtures", &format!("{session}.expected.jsonl"));
        check_against(session, &expected, &ledger);
    }
}

/// Naming the harness (`--harness`) gives the same records as the traffic's own marks.
#[test]
fn naming_the_harness_changes_nothing() {
    for (dir, harness) in [
        ("opencode", Harness::OpenCode),
        ("codex", Harness::Codex),
        ("claude_code", Harness::ClaudeCode),
        ("gemini_cli", Harness::GeminiCli),
        ("grok_build", Harness::GrokBuild),
    ] {
        check(dir, &ledger_of(dir, Ledger::builder().harness(harness)));
    }
}

/// Without the `initialize` answer (a log that starts mid-session), the marks left are the
/// calls' own: Claude Code's `_meta`, Gemini CLI's ids, Grok Build's envelopes. OpenCode and
/// codex-acp leave none, so their calls fall back to ACP's fields — and still keep the
/// canonical keys their `rawInput` carries.
#[test]
fn without_the_initialize_answer() {
    let strip = |dir: &str| -> Ledger {
        let text = fs::read_to_string(corpus(dir).join("session.jsonl")).unwrap();
        let mut ledger = Ledger::new();
        for line in text.lines().filter(|line| !line.contains("\"agentInfo\"")) {
            ledger.feed(line);
        }
        ledger
    };
    for dir in ["claude_code", "gemini_cli", "grok_build"] {
        check(dir, &strip(dir));
    }
    let opencode = strip("opencode");
    let bash = opencode.get("call_367f925009a24d96").unwrap();
    assert_eq!(bash.name(), Some("bash"), "the first title still names it");
    assert_eq!(bash.label(), "Run Command");
    assert_eq!(
        bash.input_map().map(Value::Object),
        Some(serde_json::json!({
            "command": "ls -la && python3 --version",
            "description": "List files and show Python version",
            "cwd": "/home/dev/work/opencode"
        })),
        "the rawInput keys canonical for Run Command"
    );
    let read = opencode.get("call_583ed8f1058747c2").unwrap();
    assert_eq!(
        read.input_map(),
        None,
        "filePath is not `path`: not guessed"
    );
    let codex = strip("codex");
    let exec = codex.get("call_b813747ee0a445b4").unwrap();
    assert_eq!(
        (exec.name(), exec.title(), exec.label()),
        (None, Some("Read README.md"), "Read"),
        "nothing names the tool; the title is only a title"
    );
    assert_eq!(
        exec.input_map(),
        None,
        "an argv command is not a canonical command string"
    );
}

/// Issue 27's public fixtures (`tests/data/real/public_fixtures/`, see its PROVENANCE.md),
/// each right by rule: ACP's `name` and codex-acp's `View Image {path}` title name the image
/// view; codex's collaboration item is named by `_meta.codex.collaboration.tool` (in the app
/// server's camelCase), never `update_goal` from its one `status` key; goose's `_meta` tool
/// name; and a Claude Code call with only `{command, description}` and ACP kind `execute` is
/// `Bash` (the call names no harness: a client of Claude Code names it).
#[test]
fn issue_27_public_fixtures() {
    for (fixture, builder) in [
        ("codex-acp-image-view", Ledger::builder()),
        ("codex-acp-collab-agent", Ledger::builder()),
        ("codex-acp-native-subagent-session", Ledger::builder()),
        ("goose-shell", Ledger::builder()),
        (
            "claude-agent-acp-bash",
            Ledger::builder().harness(Harness::ClaudeCode),
        ),
    ] {
        let ledger = ledger_in("public_fixtures", &format!("{fixture}.jsonl"), builder);
        let expected = expected_in("public_fixtures", &format!("{fixture}.expected.jsonl"));
        check_against(fixture, &expected, &ledger);
    }
}
