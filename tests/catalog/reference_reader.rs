//! The reference reader outside Rust (`reference/node/identify.mjs`) identifies the calls of
//! every recorded session from the shipped catalog file (`toolmeta/catalog/catalog.json`)
//! and the written rules alone, and agrees with the ledger call for call — name, label,
//! kind, namespace, input — and with the corpus's expected results (`docs/conformance.md`).
//!
//! It needs Node.js 20 or later: `node` on the `PATH`, or the program named by
//! `TOOLMETA_NODE`. Without it the test fails, saying so; it never passes unrun.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};
use toolmeta::client::{Call, Ledger};

/// The fields compared, in the order of the expected records.
const FIELDS: [&str; 5] = ["name", "label", "kind", "namespace", "input"];

/// Where today's ledger does not yet follow a rule of `docs/identification.md` that the
/// reference reader follows (recording, call, rule). Each entry must still differ: when the
/// ledger learns the rule, the test says to remove it.
const LEDGER_BEHIND: &[(&str, &str, &str)] = &[];

/// Expected records the rules do not give (recording, call, why). Each entry must still
/// differ: when the rules give it, the test says to remove it.
const EXPECTED_BEYOND_THE_RULES: &[(&str, &str, &str)] = &[];

/// Recordings whose traffic does not name their harness (no `agentInfo`, no mark), read with
/// the harness named (`--harness`), as `real_traffic` reads them.
const TOLD_HARNESS: &[(&str, &str)] =
    &[("public_fixtures/claude-agent-acp-bash.jsonl", "claude_code")];

fn told_harness(recording: &Recording) -> Option<&'static str> {
    TOLD_HARNESS
        .iter()
        .find(|(name, _)| *name == recording.name)
        .map(|(_, harness)| *harness)
}

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/real")
}

/// One recording: a session log, its expected records, and whether its lines are proxy log
/// lines (`{"dir","t","msg"}`, the `interleaved.jsonl` files).
struct Recording {
    name: String,
    log: PathBuf,
    expected: PathBuf,
    wrapped: bool,
}

/// Every recording of the corpus: each directory's `session.jsonl` (and `interleaved.jsonl`)
/// with its `expected.jsonl`, and each `<name>.jsonl` with its `<name>.expected.jsonl`. A
/// log without expected records fails the test: nothing is left out unseen.
fn recordings() -> Vec<Recording> {
    let mut recordings = Vec::new();
    let mut unmatched = Vec::new();
    let mut dirs: Vec<PathBuf> = fs::read_dir(corpus())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .collect();
    dirs.sort();
    for dir in dirs {
        let mut files: Vec<PathBuf> = fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "jsonl"))
            .collect();
        files.sort();
        for log in files {
            let file = log.file_name().unwrap().to_str().unwrap().to_owned();
            if file.ends_with("expected.jsonl") {
                continue;
            }
            let expected = match file.as_str() {
                "session.jsonl" | "interleaved.jsonl" => dir.join("expected.jsonl"),
                _ => dir.join(file.replace(".jsonl", ".expected.jsonl")),
            };
            let name = format!("{}/{file}", dir.file_name().unwrap().to_str().unwrap());
            if !expected.exists() {
                unmatched.push(name);
                continue;
            }
            recordings.push(Recording {
                name,
                wrapped: file == "interleaved.jsonl",
                log,
                expected,
            });
        }
    }
    assert!(
        unmatched.is_empty(),
        "recordings without expected records: {unmatched:?}"
    );
    recordings
}

/// The Node.js program, checked to run.
fn node() -> String {
    let program = std::env::var("TOOLMETA_NODE").unwrap_or_else(|_| "node".to_owned());
    let version = Command::new(&program).arg("--version").output();
    match version {
        Ok(output) if output.status.success() => {
            let version = String::from_utf8_lossy(&output.stdout);
            let major: u32 = version
                .trim()
                .trim_start_matches('v')
                .split('.')
                .next()
                .and_then(|major| major.parse().ok())
                .unwrap_or(0);
            assert!(
                major >= 20,
                "the reference reader needs Node.js 20 or later; `{program}` is {}",
                version.trim()
            );
            program
        }
        _ => panic!(
            "the reference reader test needs Node.js 20 or later: `{program} --version` did not \
             run. Install Node.js, or name its program in TOOLMETA_NODE."
        ),
    }
}

/// What the reference reader says of every call of every recording, by recording name: one
/// run for the recordings that name their harness, one per harness named for the others.
fn reference_reader(recordings: &[Recording]) -> BTreeMap<String, Vec<Value>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut by_file: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    let mut told: Vec<Option<&str>> = recordings.iter().map(told_harness).collect();
    told.sort_unstable();
    told.dedup();
    for harness in told {
        let mut command = Command::new(node());
        command
            .arg(root.join("reference/node/identify.mjs"))
            .arg(root.join("toolmeta/catalog/catalog.json"));
        if let Some(harness) = harness {
            command.args(["--harness", harness]);
        }
        let output = command
            .args(
                recordings
                    .iter()
                    .filter(|recording| told_harness(recording) == harness)
                    .map(|recording| &recording.log),
            )
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "identify.mjs failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        for line in String::from_utf8(output.stdout).unwrap().lines() {
            let record: Value = serde_json::from_str(line).unwrap();
            let file = PathBuf::from(record["file"].as_str().unwrap());
            let recording = recordings
                .iter()
                .find(|recording| recording.log == file)
                .unwrap();
            by_file
                .entry(recording.name.clone())
                .or_default()
                .push(record);
        }
    }
    by_file
}

/// The ledger's records of a recording, as `identify.mjs` writes them.
fn ledger(recording: &Recording) -> Vec<Value> {
    let mut builder = Ledger::builder();
    if let Some(harness) = told_harness(recording) {
        builder = builder.harness(harness.parse().unwrap());
    }
    let mut ledger = builder.build();
    for line in fs::read_to_string(&recording.log).unwrap().lines() {
        if recording.wrapped {
            let wrapped: Value = serde_json::from_str(line).unwrap();
            ledger.feed(&wrapped["msg"]);
        } else {
            ledger.feed(line);
        }
    }
    ledger.calls().map(record).collect()
}

fn record(call: &Call) -> Value {
    json!({
        "tool_call_id": call.tool_call_id(),
        "name": call.name(),
        "label": call.label(),
        "kind": call.kind().as_str(),
        "namespace": call.namespace(),
        "input": call.input_map().map(Value::Object),
    })
}

fn expected(recording: &Recording) -> Vec<Value> {
    fs::read_to_string(&recording.expected)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// `(call, field, ours, theirs)` for every field on which two lists of records differ; the
/// lists must hold the same calls in the same order.
fn differences(what: &str, ours: &[Value], theirs: &[Value]) -> Vec<(String, String)> {
    let ids = |records: &[Value]| -> Vec<String> {
        records
            .iter()
            .map(|record| record["tool_call_id"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(
        ids(ours),
        ids(theirs),
        "{what}: the calls, in first-seen order"
    );
    let mut differences = Vec::new();
    for (a, b) in ours.iter().zip(theirs) {
        for field in FIELDS {
            if a[field] != b[field] {
                differences.push((
                    a["tool_call_id"].as_str().unwrap().to_owned(),
                    format!("{field}: {} vs {}", a[field], b[field]),
                ));
            }
        }
    }
    differences
}

#[test]
fn the_reference_reader_agrees_with_the_ledger_and_the_corpus() {
    let recordings = recordings();
    assert!(recordings.len() >= 20, "{} recordings", recordings.len());
    let node = reference_reader(&recordings);
    let mut report = Vec::new();
    let mut unexpected = Vec::new();
    let mut listed_but_agreeing: Vec<String> = Vec::new();
    let (mut calls, mut with_ledger, mut with_expected) = (0, 0, 0);
    for recording in &recordings {
        let ours = node.get(&recording.name).cloned().unwrap_or_default();
        let from_ledger = ledger(recording);
        let records = expected(recording);
        let ledger_differs = differences(
            &format!("{} (reader vs ledger)", recording.name),
            &ours,
            &from_ledger,
        );
        let expected_differs = differences(
            &format!("{} (reader vs expected)", recording.name),
            &ours,
            &records,
        );
        let known = |list: &[(&str, &str, &str)], id: &str| {
            list.iter()
                .any(|(name, call, _)| *name == recording.name && *call == id)
        };
        let ledger_known = |id: &str| known(LEDGER_BEHIND, id);
        for (id, difference) in &ledger_differs {
            if !ledger_known(id) {
                unexpected.push(format!(
                    "{} {id}: reader vs ledger {difference}",
                    recording.name
                ));
            }
        }
        for (id, difference) in &expected_differs {
            if !known(EXPECTED_BEYOND_THE_RULES, id) {
                unexpected.push(format!(
                    "{} {id}: reader vs expected {difference}",
                    recording.name
                ));
            }
        }
        for record in &ours {
            let id = record["tool_call_id"].as_str().unwrap();
            if ledger_known(id) && ledger_differs.iter().all(|(call, _)| call != id) {
                listed_but_agreeing.push(format!("{} {id} (ledger)", recording.name));
            }
            if known(EXPECTED_BEYOND_THE_RULES, id)
                && expected_differs.iter().all(|(call, _)| call != id)
            {
                listed_but_agreeing.push(format!("{} {id} (expected)", recording.name));
            }
        }
        let agree = |differs: &[(String, String)]| {
            ours.iter()
                .filter(|record| {
                    differs
                        .iter()
                        .all(|(id, _)| id != record["tool_call_id"].as_str().unwrap())
                })
                .count()
        };
        calls += ours.len();
        with_ledger += agree(&ledger_differs);
        with_expected += agree(&expected_differs);
        report.push(format!(
            "{:58} ledger {:>2}/{:<2}  expected {:>2}/{:<2}",
            recording.name,
            agree(&ledger_differs),
            ours.len(),
            agree(&expected_differs),
            ours.len()
        ));
    }
    eprintln!(
        "{}\nin all: {calls} calls, {with_ledger} as the ledger, {with_expected} as expected",
        report.join("\n")
    );
    assert!(
        unexpected.is_empty(),
        "the reference reader disagrees:\n  {}",
        unexpected.join("\n  ")
    );
    assert!(
        listed_but_agreeing.is_empty(),
        "these calls are listed as known differences but agree now: remove them from \
         LEDGER_BEHIND or EXPECTED_BEYOND_THE_RULES:\n  {}",
        listed_but_agreeing.join("\n  ")
    );
}

/// The reader's answer is its own: a catalog with a tool renamed changes what it says.
#[test]
fn the_reference_reader_reads_the_catalog_it_is_given() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut catalog: Value = serde_json::from_str(
        &fs::read_to_string(root.join("toolmeta/catalog/catalog.json")).unwrap(),
    )
    .unwrap();
    for harness in catalog["harnesses"].as_array_mut().unwrap() {
        if harness["harness"] == "opencode" {
            for tool in harness["tools"].as_array_mut().unwrap() {
                if tool["name"] == "read" {
                    tool["label"] = json!("Peek");
                }
            }
        }
    }
    let dir = std::env::temp_dir().join(format!("toolmeta-reference-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("catalog.json");
    fs::write(&path, serde_json::to_string(&catalog).unwrap()).unwrap();
    let output = Command::new(node())
        .arg(root.join("reference/node/identify.mjs"))
        .arg(&path)
        .arg(corpus().join("opencode/session.jsonl"))
        .output()
        .unwrap();
    fs::remove_dir_all(&dir).unwrap();
    let labels: Vec<String> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            serde_json::from_str::<Value>(line).unwrap()["label"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert!(labels.iter().any(|label| label == "Peek"), "{labels:?}");
    assert!(!labels.iter().any(|label| label == "Read"), "{labels:?}");
}

/// The namespace of an agent without a catalog is the one `Namespace::for_agent` makes.
#[test]
fn agent_namespaces_are_the_runtimes() {
    let names = [
        "qwen-code",
        "Kimi Code CLI",
        "Goose",
        "Zed",
        "open-code",
        "Forge",
        "@scope/My Agent 2",
        "9lives",
        "--",
        "agent_",
        &format!("{}-tail", "x".repeat(80)),
    ];
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let script = format!(
        "import({module:?}).then((m) => {{ const c = m.loadCatalog(require('fs').readFileSync({catalog:?}, 'utf8')); \
         console.log(JSON.stringify({names}.map((n) => m.extensionNamespace(c, n)))); }})",
        module = root
            .join("reference/node/identify.mjs")
            .display()
            .to_string(),
        catalog = root
            .join("toolmeta/catalog/catalog.json")
            .display()
            .to_string(),
        names = serde_json::to_string(&names).unwrap(),
    );
    let output = Command::new(node()).args(["-e", &script]).output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let node: Vec<Option<String>> = serde_json::from_slice(&output.stdout).unwrap();
    let rust: Vec<Option<String>> = names
        .iter()
        .map(|name| toolmeta::Namespace::for_agent(name).map(|ns| ns.as_str().to_owned()))
        .collect();
    assert_eq!(node, rust);
    assert_eq!(rust[0].as_deref(), Some("qwen_code"));
}

/// The rules no recording tells apart (`docs/identification.md` §3, §4.2, §4.3), on small
/// sessions written for them: the two readers agree on every call, and the names are the
/// ones the rules give.
#[test]
fn both_readers_follow_the_rules_no_recording_tells_apart() {
    let vibe = r#"{"jsonrpc":"2.0","id":0,"result":{"agentInfo":{"name":"Mistral Vibe"}}}"#;
    let codex = r#"{"jsonrpc":"2.0","id":0,"result":{"agentInfo":{"name":"codex-acp"}}}"#;
    let qwen = r#"{"jsonrpc":"2.0","id":0,"result":{"agentInfo":{"name":"qwen-code"}}}"#;
    let update = |body: Value| json!({"sessionId": "s1", "update": body}).to_string();
    let sessions: [(&str, Vec<String>); 3] = [
        (
            "claims.jsonl",
            vec![
                vibe.to_owned(),
                // Claims of one kind: the latest wins…
                update(
                    json!({"sessionUpdate": "tool_call", "toolCallId": "latest", "title": "Working", "_meta": {"toolName": "agent"}}),
                ),
                update(
                    json!({"sessionUpdate": "tool_call_update", "toolCallId": "latest", "_meta": {"tool_name": "web_fetch"}}),
                ),
                // …sent in one update, the first of the catalog's list (Qwen Code's
                // `toolName` before the shared `tool_name`), whatever the order on the wire…
                update(
                    json!({"sessionUpdate": "tool_call", "toolCallId": "together", "_meta": {"tool_name": "b", "toolName": "a"}}),
                ),
                // …and a claim sent again is the latest again.
                update(
                    json!({"sessionUpdate": "tool_call", "toolCallId": "again", "_meta": {"toolName": "x"}}),
                ),
                update(
                    json!({"sessionUpdate": "tool_call_update", "toolCallId": "again", "_meta": {"tool_name": "y"}}),
                ),
                update(
                    json!({"sessionUpdate": "tool_call_update", "toolCallId": "again", "_meta": {"toolName": "x"}}),
                ),
                // Once finished, the identity is the one it finished with.
                update(
                    json!({"sessionUpdate": "tool_call", "toolCallId": "frozen", "status": "completed", "_meta": {"toolName": "first"}}),
                ),
                update(
                    json!({"sessionUpdate": "tool_call_update", "toolCallId": "frozen", "_meta": {"tool_name": "second"}}),
                ),
            ],
        ),
        (
            "titles.jsonl",
            vec![
                codex.to_owned(),
                // A later human title does not replace the name a title format gave.
                update(
                    json!({"sessionUpdate": "tool_call", "toolCallId": "view", "title": "View Image /r/a.png", "kind": "read", "locations": [{"path": "/r/a.png"}]}),
                ),
                update(
                    json!({"sessionUpdate": "tool_call_update", "toolCallId": "view", "title": "Viewed /r/a.png"}),
                ),
                // Kimi CLI's title formats count in Kimi CLI's traffic only.
                update(
                    json!({"sessionUpdate": "tool_call", "toolCallId": "shell", "title": "Shell: ls", "kind": "execute"}),
                ),
            ],
        ),
        (
            "ids.jsonl",
            vec![
                qwen.to_owned(),
                // The stream's agent comes before the party a call-id format marks; the id
                // still names the tool.
                update(
                    json!({"sessionUpdate": "tool_call", "toolCallId": "read_file__read_file_1796316480558_0", "title": "Reading", "kind": "read", "rawInput": {"absolute_path": "/w/a.rs"}}),
                ),
            ],
        ),
    ];
    let dir = std::env::temp_dir().join(format!("toolmeta-rules-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut command = Command::new(node());
    command
        .arg(root.join("reference/node/identify.mjs"))
        .arg(root.join("toolmeta/catalog/catalog.json"));
    let mut from_ledger = Vec::new();
    for (file, lines) in &sessions {
        let path = dir.join(file);
        fs::write(&path, lines.join("\n")).unwrap();
        command.arg(&path);
        let mut ledger = Ledger::new();
        for line in lines {
            ledger.feed(line.as_str());
        }
        from_ledger.extend(ledger.calls().map(record));
    }
    let output = command.output().unwrap();
    fs::remove_dir_all(&dir).unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let from_node: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(
        differences("rules (reader vs ledger)", &from_node, &from_ledger),
        []
    );
    let field = |id: &str, field: &str| {
        let call = from_ledger
            .iter()
            .find(|record| record["tool_call_id"] == id)
            .unwrap();
        call[field].clone()
    };
    for (id, name) in [
        ("latest", json!("web_fetch")),
        ("together", json!("a")),
        ("again", json!("x")),
        ("frozen", json!("first")),
        ("view", json!("view_image")),
        ("shell", Value::Null),
        ("read_file__read_file_1796316480558_0", json!("read_file")),
    ] {
        assert_eq!(field(id, "name"), name, "{id}");
    }
    assert_eq!(field("latest", "namespace"), "_mistral_vibe");
    assert_eq!(field("view", "namespace"), "codex");
    assert_eq!(
        field("read_file__read_file_1796316480558_0", "namespace"),
        "qwen_code"
    );
}

/// Issue 38's readings that were not earned (DESIGN §6, "A reading must be earned"), on
/// the traffic that produced them: both readers read codex-acp's network permission
/// request (its `rawInput` only `RequestPermissionsEvent`'s fields) as no Codex tool, ACP's
/// default kind giving Tool, never `apply_patch`/Edit; and Mistral Vibe's `agents.spawn`,
/// sent with ACP kind `think`, as Think and not read-only.
#[test]
fn both_readers_read_issue_38_s_calls_as_earned() {
    let sessions = [
        (
            "network.jsonl",
            [
                r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":1,"agentInfo":{"name":"codex-acp","title":"Codex","version":"0.16.0"}}}"#,
                r#"{"jsonrpc":"2.0","id":7,"method":"session/request_permission","params":{"sessionId":"s1","toolCall":{"toolCallId":"call_q7Vn2","status":"pending","title":"Fetch the crate index from crates.io","rawInput":{"call_id":"call_q7Vn2","turn_id":"019b3c2e","environmentId":"local","started_at_ms":1781000000000,"reason":"Fetch the crate index from crates.io","permissions":{"network":{"enabled":true}},"cwd":"/home/dev/work/codex"}},"options":[{"optionId":"approved","name":"Yes","kind":"allow_once"},{"optionId":"abort","name":"No","kind":"reject_once"}]}}"#,
            ],
        ),
        (
            "subagent.jsonl",
            [
                r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":1,"agentInfo":{"name":"Mistral Vibe","version":"2.1.0"}}}"#,
                r#"{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call","toolCallId":"spawn_1","title":"agents.spawn","kind":"think","status":"pending","rawInput":{"description":"Refactor the parser","prompt":"Rewrite src/parse.rs and run the tests"},"_meta":{"tool_name":"agents.spawn"}}}}"#,
            ],
        ),
    ];
    let dir = std::env::temp_dir().join(format!("toolmeta-earned-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut command = Command::new(node());
    command
        .arg(root.join("reference/node/identify.mjs"))
        .arg(root.join("toolmeta/catalog/catalog.json"));
    let mut from_ledger = Vec::new();
    let mut read_only = Vec::new();
    for (file, lines) in &sessions {
        let path = dir.join(file);
        fs::write(&path, lines.join("\n")).unwrap();
        command.arg(&path);
        let mut ledger = Ledger::new();
        for line in lines {
            ledger.feed(*line);
        }
        from_ledger.extend(ledger.calls().map(record));
        read_only.extend(ledger.calls().map(Call::read_only));
    }
    let output = command.output().unwrap();
    fs::remove_dir_all(&dir).unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let from_node: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(
        differences("issue 38 (reader vs ledger)", &from_node, &from_ledger),
        []
    );
    let [network, spawn] = from_ledger.as_slice() else {
        panic!("{from_ledger:?}");
    };
    assert_eq!(
        (&network["name"], &network["label"], &network["kind"]),
        (&Value::Null, &json!("Tool"), &json!("other")),
        "{network}"
    );
    assert_eq!(
        (&spawn["name"], &spawn["label"], &spawn["namespace"]),
        (
            &json!("agents.spawn"),
            &json!("Think"),
            &json!("_mistral_vibe")
        )
    );
    // Read-only: unknown for the request (ACP `other`), not read-only for the subagent.
    assert_eq!(read_only, [None, Some(false)]);
    let node_read_only: Vec<&Value> = from_node.iter().map(|call| &call["read_only"]).collect();
    assert_eq!(node_read_only, [&Value::Null, &json!(false)]);
}
