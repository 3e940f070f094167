//! A real agent behind `toolmeta proxy --policy` (issue 41, "Real agents"): OpenCode 1.18.33,
//! its `permission` set to ask before every read, edit, shell command and fetch, recorded
//! through the proxy with the policy beside the recording (`tests/data/policy/opencode/`,
//! `PROVENANCE.md`). `proxy_log.jsonl` is the proxy's `--log` (both directions, the proxy's
//! own answers as `proxy->agent`, a `{"dir":"policy",…}` record per decision);
//! `interleaved.jsonl` is what the client saw.
//!
//! The table below is written from the scripted calls (`capture_script.json`), the policy
//! (`policy.toml`) and DESIGN §8: an allowed permission request is answered by the proxy with
//! its first `allow_once` option, a denied one with its first `reject_once`, and the client
//! never sees either; an ask is forwarded and the client's answer (the capture client's:
//! `allow_once`, `reject_once` when the call mentions `sa-reject`) goes back unchanged; a
//! client method the policy does not deny is forwarded. `policy check` and `inspect` on the
//! recording must say what the proxy did.

use std::fs;
use std::path::PathBuf;

use serde_json::Value;

use crate::common::toolmeta;

const PERMISSION: &str = "session/request_permission";
const FS_WRITE: &str = "fs/write_text_file";
/// The session's cwd, as the recording has it (the capture kit's neutral path).
const CWD: &str = "/home/dev/work/opencode_policy";

/// One request the agent sent, in order: its method, what the scripted call named (a path or
/// a command, as the script wrote it), its label, the policy's decision and rule, and for a
/// forwarded permission request the kind of option the person (the capture client) chose.
struct Row {
    method: &'static str,
    subject: String,
    label: &'static str,
    decision: &'static str,
    rule: &'static str,
    person: Option<&'static str>,
}

fn row(
    method: &'static str,
    subject: &str,
    label: &'static str,
    (decision, rule): (&'static str, &'static str),
    person: Option<&'static str>,
) -> Row {
    Row {
        method,
        subject: subject.to_owned(),
        label,
        decision,
        rule,
        person,
    }
}

fn in_cwd(path: &str) -> String {
    format!("{CWD}/{path}")
}

/// The nine requests of the four scripted turns (`op_allowed`, `op_deny_env`, `op_deny_rm`,
/// `op_ask_push`). OpenCode writes an edited file through the client (`fs/write_text_file`)
/// once the edit is allowed.
fn expected() -> Vec<Row> {
    vec![
        // A read inside the project: `read-the-project` (`/**`).
        row(
            PERMISSION,
            &in_cwd("README.md"),
            "Read",
            ("allow", "read-the-project"),
            None,
        ),
        // `git status --short`: a prefix of `read-only-git`.
        row(
            PERMISSION,
            "git status --short",
            "Run Command",
            ("allow", "read-only-git"),
            None,
        ),
        // An edit under `src/`: `edit-sources`.
        row(
            PERMISSION,
            &in_cwd("src/utils.py"),
            "Edit",
            ("allow", "edit-sources"),
            None,
        ),
        // The edit's write through the client: allowed, so forwarded (only a deny acts on a
        // client method).
        row(
            FS_WRITE,
            &in_cwd("src/utils.py"),
            "Write",
            ("allow", "edit-sources"),
            None,
        ),
        // Unlisted: the default asks the person, who allows it once.
        row(
            PERMISSION,
            "python3 -m src.main list",
            "Run Command",
            ("ask", "default"),
            Some("allow_once"),
        ),
        // A host no rule lists: the default.
        row(
            PERMISSION,
            "http://127.0.0.1:8765/page",
            "Web Fetch",
            ("ask", "default"),
            Some("allow_once"),
        ),
        // `.env`: `secrets` denies it, though `read-the-project` allows every path inside the
        // project (deny beats allow).
        row(
            PERMISSION,
            &in_cwd(".env"),
            "Read",
            ("deny", "secrets"),
            None,
        ),
        // `rm -rf` inside a command substitution.
        row(
            PERMISSION,
            "echo \"cleaned: $(rm -rf build)\"",
            "Run Command",
            ("deny", "destructive-commands"),
            None,
        ),
        // `git push`: the ask rule; the person rejects it (the call mentions `sa-reject`).
        row(
            PERMISSION,
            "git push origin main  # sa-reject",
            "Run Command",
            ("ask", "publish-and-push"),
            Some("reject_once"),
        ),
    ]
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/policy/opencode")
}

fn path(file: &str) -> String {
    dir().join(file).to_str().unwrap().to_owned()
}

fn read_lines(file: &str) -> Vec<Value> {
    fs::read_to_string(dir().join(file))
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{file}: {line}: {e}")))
        .collect()
}

/// A request the agent sent to the client that the policy judges: a permission request or a
/// client fs/terminal method.
fn is_judged_request(record: &Value) -> bool {
    record["dir"] == "agent->client"
        && record["msg"]["id"].is_number()
        && matches!(
            record["msg"]["method"].as_str(),
            Some(PERMISSION | FS_WRITE | "fs/read_text_file" | "terminal/create")
        )
}

/// The answers in `log` to the agent's request `id`, sent in direction `dir`.
fn answers<'a>(log: &'a [Value], dir: &str, id: &Value) -> Vec<&'a Value> {
    log.iter()
        .filter(|record| {
            record["dir"] == dir
                && record["msg"]["id"] == *id
                && record["msg"].get("method").is_none()
        })
        .collect()
}

/// The option of `kind` the request offers first.
fn option_of(request: &Value, kind: &str) -> String {
    request["params"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|option| option["kind"] == kind)
        .unwrap_or_else(|| panic!("no {kind} option in {request}"))["optionId"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// The option the proxy itself answers with (§8): allow → the first `allow_once`, deny → the
/// first `reject_once` (OpenCode offers both); ask and client methods → none.
fn proxy_option(row: &Row, request: &Value) -> Option<String> {
    match (row.method, row.decision) {
        (PERMISSION, "allow") => Some(option_of(request, "allow_once")),
        (PERMISSION, "deny") => Some(option_of(request, "reject_once")),
        _ => None,
    }
}

/// Every command, path and url the agent's lines carried for `tool_call_id`, and the
/// request's own.
fn subjects(log: &[Value], tool_call_id: &str) -> Vec<String> {
    let mut found = Vec::new();
    for record in log.iter().filter(|record| record["dir"] == "agent->client") {
        let params = &record["msg"]["params"];
        let call = if params["update"]["toolCallId"] == tool_call_id {
            &params["update"]
        } else if params["toolCall"]["toolCallId"] == tool_call_id {
            &params["toolCall"]
        } else {
            continue;
        };
        for key in ["command", "filePath", "url"] {
            if let Some(value) = call["rawInput"][key].as_str() {
                found.push(value.to_owned());
            }
        }
    }
    found
}

/// The requests of the proxy's log, each with the record just before it.
fn requests(log: &[Value]) -> Vec<(usize, &Value)> {
    log.iter()
        .enumerate()
        .filter(|(_, record)| is_judged_request(record))
        .collect()
}

#[test]
fn each_request_of_the_real_agent_got_the_decision_the_policy_gives() {
    let log = read_lines("proxy_log.jsonl");
    let seen = read_lines("interleaved.jsonl");
    let expected = expected();
    let requests = requests(&log);
    assert_eq!(
        requests.len(),
        expected.len(),
        "the agent's permission and client-method requests"
    );
    for ((at, request), row) in requests.into_iter().zip(&expected) {
        let message = &request["msg"];
        let id = &message["id"];
        assert_eq!(message["method"], row.method, "request {id}");
        let tool_call_id = message["params"]["toolCall"]["toolCallId"].as_str();
        match tool_call_id {
            Some(call) => assert!(
                subjects(&log, call).contains(&row.subject),
                "request {id}: the call does not carry {}",
                row.subject
            ),
            None => assert_eq!(message["params"]["path"], row.subject.as_str()),
        }
        let option = proxy_option(row, message);

        // The decision's record, just before the request's own.
        let decision = &log[at - 1];
        assert_eq!(decision["dir"], "policy", "request {id}: {decision}");
        assert_eq!(decision["id"], *id);
        assert_eq!(decision["session_id"], message["params"]["sessionId"]);
        assert_eq!(decision["tool_call_id"].as_str(), tool_call_id);
        assert_eq!(
            (decision["decision"].as_str(), decision["rule"].as_str()),
            (Some(row.decision), Some(row.rule)),
            "request {id}"
        );
        assert_eq!(decision["option_id"].as_str(), option.as_deref());
        // OpenCode's first title is the tool's wire name; a client method is named by its
        // method: both earned (§8).
        let evidence = if row.method == PERMISSION {
            "title"
        } else {
            "method"
        };
        assert_eq!(decision["evidence"], evidence, "request {id}");
        assert_eq!(decision["earned"], true, "request {id}");

        let by_proxy = answers(&log, "proxy->agent", id);
        let by_client = answers(&log, "client->agent", id);
        // The request as the client saw it: the agent's, but for the envelope the proxy
        // stamps on a permission request's call (DESIGN §7).
        let client_saw = seen.iter().any(|record| {
            let mut shown = record["msg"].clone();
            if let Some(call) = shown
                .pointer_mut("/params/toolCall")
                .and_then(Value::as_object_mut)
            {
                call.remove("_meta");
            }
            record["dir"] == "agent->client" && shown == *message
        });
        match option {
            // Answered by the proxy: once, with the option; the client never saw it.
            Some(option) => {
                assert_eq!(by_proxy.len(), 1, "request {id}: the proxy's answers");
                assert_eq!(
                    by_proxy[0]["msg"]["result"]["outcome"],
                    serde_json::json!({"outcome": "selected", "optionId": option}),
                    "request {id}"
                );
                assert!(by_client.is_empty(), "request {id} answered by the client");
                assert!(!client_saw, "request {id} reached the client");
            }
            // Forwarded unchanged, and the client's answer passed back.
            None => {
                assert!(by_proxy.is_empty(), "request {id} answered by the proxy");
                assert!(client_saw, "request {id} did not reach the client");
                assert_eq!(by_client.len(), 1, "request {id}: the client's answers");
                let in_client_view = answers(&seen, "client->agent", id);
                assert_eq!(in_client_view.len(), 1, "request {id}");
                assert_eq!(by_client[0]["msg"], in_client_view[0]["msg"]);
                if let Some(kind) = row.person {
                    assert_eq!(
                        by_client[0]["msg"]["result"]["outcome"],
                        serde_json::json!({"outcome": "selected", "optionId": option_of(message, kind)}),
                        "request {id}: the person's answer"
                    );
                }
            }
        }
    }
    // The proxy answered nothing else, and never with an `allow_always`.
    let answered = log
        .iter()
        .filter(|record| record["dir"] == "proxy->agent")
        .count();
    let answered_by_policy = expected
        .iter()
        .filter(|row| row.method == PERMISSION && row.decision != "ask")
        .count();
    assert_eq!(answered, answered_by_policy);
    // What the denied read would have shown never passed: `.env`'s content is in neither
    // direction.
    for file in ["proxy_log.jsonl", "interleaved.jsonl"] {
        let text = fs::read_to_string(dir().join(file)).unwrap();
        assert!(
            !text.contains("not-a-real-key"),
            "{file} holds .env's content"
        );
    }
}

/// The fields `policy check` and the proxy's records share, from a `policy check` line.
fn shared(line: &Value) -> Value {
    serde_json::json!({
        "session_id": line["session_id"], "id": line["id"], "tool_call_id": line["tool_call_id"],
        "decision": line["decision"], "option_id": line["option_id"], "rule": line["rule"],
        "evidence": line["evidence"], "earned": line["earned"],
    })
}

#[test]
fn policy_check_on_the_recording_agrees_with_what_the_proxy_did() {
    let log = read_lines("proxy_log.jsonl");
    let expected = expected();
    let (code, out, err) = toolmeta(
        &[
            "policy",
            "check",
            "--policy",
            &path("policy.toml"),
            &path("proxy_log.jsonl"),
        ],
        "",
    );
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let records: Vec<&Value> = log
        .iter()
        .filter(|record| record["dir"] == "policy")
        .collect();
    assert_eq!(lines.len(), records.len());
    assert_eq!(lines.len(), expected.len());
    for ((line, record), row) in lines.iter().zip(&records).zip(&expected) {
        let mut proxy = (*record).clone();
        let proxy = proxy.as_object_mut().unwrap();
        proxy.remove("dir");
        proxy.remove("t");
        assert_eq!(shared(line), Value::Object(proxy.clone()), "{line}");
        assert_eq!(line["method"], row.method, "{line}");
        assert_eq!(line["label"], row.label, "{line}");
        let rules: Vec<&str> = if row.rule == "default" {
            vec![]
        } else {
            vec![row.rule]
        };
        assert_eq!(line["rules"], serde_json::json!(rules), "{line}");
    }
}

/// The client saw only what was forwarded: the asks and the allowed client write, each call
/// named by the proxy's own envelope (earned, as its mark says).
#[test]
fn the_client_saw_only_the_forwarded_requests() {
    let (code, out, err) = toolmeta(
        &[
            "policy",
            "check",
            "--policy",
            &path("policy.toml"),
            &path("interleaved.jsonl"),
        ],
        "",
    );
    assert_eq!((code, err.as_str()), (0, ""));
    let got: Vec<(String, String, String, String, bool)> = out
        .lines()
        .map(|line| {
            let line: Value = serde_json::from_str(line).unwrap();
            let text = |key: &str| line[key].as_str().unwrap_or_default().to_owned();
            (
                text("label"),
                text("decision"),
                text("rule"),
                text("evidence"),
                line["earned"].as_bool().unwrap(),
            )
        })
        .collect();
    let want: Vec<(String, String, String, String, bool)> = expected()
        .iter()
        .filter(|row| row.method != PERMISSION || row.decision == "ask")
        .map(|row| {
            let evidence = if row.method == PERMISSION {
                "proxy_envelope"
            } else {
                "method"
            };
            (
                row.label.to_owned(),
                row.decision.to_owned(),
                row.rule.to_owned(),
                evidence.to_owned(),
                true,
            )
        })
        .collect();
    assert_eq!(got, want);
}

#[test]
fn inspect_shows_the_decisions_and_the_answers() {
    let log = read_lines("proxy_log.jsonl");
    let expected = expected();
    let (code, text, err) = toolmeta(&["inspect", &path("proxy_log.jsonl")], "");
    assert_eq!((code, err.as_str()), (0, ""));
    let count = |decision: &str| expected.iter().filter(|r| r.decision == decision).count();
    let summary = format!(
        "policy decisions: {} (allow {}, ask {}, deny {})",
        expected.len(),
        count("allow"),
        count("ask"),
        count("deny")
    );
    assert!(text.contains(&summary), "{summary}\n{text}");
    let shown: Vec<&str> = text
        .lines()
        .skip_while(|line| !line.starts_with("policy decisions:"))
        .skip(1)
        .take(expected.len())
        .collect();
    let (_, json, _) = toolmeta(&["inspect", "--json", &path("proxy_log.jsonl")], "");
    let calls: Vec<Value> = json
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    for (((_, request), row), line) in requests(&log).into_iter().zip(&expected).zip(shown) {
        let message = &request["msg"];
        assert!(line.trim_start().starts_with(row.decision), "{line}");
        assert!(line.contains(&format!("rule {}", row.rule)), "{line}");
        let option = proxy_option(row, message);
        match &option {
            Some(option) => assert!(line.contains(&format!("answered `{option}`")), "{line}"),
            None => assert!(!line.contains("answered"), "{line}"),
        }
        let Some(call_id) = message["params"]["toolCall"]["toolCallId"].as_str() else {
            continue;
        };
        assert!(line.contains(call_id), "{line}");
        // The call's permission: the proxy's answer, else the person's.
        let call = calls
            .iter()
            .find(|call| call["tool_call_id"] == call_id)
            .unwrap();
        let chosen = option.unwrap_or_else(|| option_of(message, row.person.unwrap()));
        let allowed = chosen == option_of(message, "allow_once");
        assert_eq!(call["permission"]["selected"], chosen.as_str(), "{call_id}");
        assert_eq!(
            call["permission"]["decision"],
            if allowed { "allowed" } else { "rejected" },
            "{call_id}"
        );
        assert_eq!(call["label"], row.label, "{call_id}");
        // OpenCode honours a reject: the call fails without running.
        if !allowed {
            assert_eq!(call["status"], "failed", "{call_id}");
        }
    }
}

/// The recording's policy holds its own examples (`toolmeta policy test`).
#[test]
fn the_recordings_policy_passes_its_examples() {
    let (code, out, err) = toolmeta(&["policy", "test", &path("policy.toml")], "");
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
}
