//! `toolmeta policy check` and `toolmeta proxy --policy` (DESIGN §8, "Where it applies"):
//! the options answered, the client methods refused, the JSON line's fields and order, the
//! log's decision records, and the exit codes. Expected values are decided from §8.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const TOOLMETA: &str = env!("CARGO_BIN_EXE_toolmeta");

const POLICY: &str = r#"version = 1
default = "ask"

[[rule]]
name = "tests"
decision = "allow"
label = "Run Command"
command = ["cargo test", "cargo check"]

[[rule]]
name = "git-log"
decision = "allow"
label = "Run Command"
command = ["git log"]

[[rule]]
name = "no-rm"
decision = "deny"
label = "Run Command"
command = ["rm"]

[[rule]]
name = "sources"
decision = "allow"
label = ["Read", "Edit"]
path = "/src/**"

[[rule]]
name = "secrets"
decision = "deny"
label = ["Read", "Edit", "Write"]
path = ["**/.env", "~/.ssh/**"]
"#;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("toolmeta-policy-cli-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn policy_file(name: &str, text: &str) -> PathBuf {
    let path = temp(name);
    fs::write(&path, text).unwrap();
    path
}

/// A permission request of Claude Code's Bash (named by `_meta.claudeCode.toolName`,
/// earned) running `command`, with `options` as `(optionId, kind)`.
fn bash_request(id: &str, call: &str, command: &str, options: &[(&str, &str)]) -> String {
    let options: Vec<Value> = options
        .iter()
        .map(|(id, kind)| serde_json::json!({"optionId": id, "name": id, "kind": kind}))
        .collect();
    serde_json::json!({
        "jsonrpc": "2.0", "id": id, "method": "session/request_permission",
        "params": {"sessionId": "s1", "toolCall": {
            "toolCallId": call, "title": command, "kind": "execute",
            "_meta": {"claudeCode": {"toolName": "Bash"}},
            "rawInput": {"command": command}},
        "options": options}
    })
    .to_string()
}

const ALL_OPTIONS: &[(&str, &str)] = &[
    ("always", "allow_always"),
    ("once", "allow_once"),
    ("never", "reject_always"),
    ("no", "reject_once"),
];

fn session_new(cwd: &str) -> [String; 2] {
    [
        format!(
            r#"{{"jsonrpc":"2.0","id":0,"method":"session/new","params":{{"cwd":"{cwd}","mcpServers":[]}}}}"#
        ),
        r#"{"jsonrpc":"2.0","id":0,"result":{"sessionId":"s1"}}"#.to_owned(),
    ]
}

fn check(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(TOOLMETA)
        .args(["policy", "check"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn lines(output: &Output) -> Vec<Value> {
    String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn check_prints_one_line_per_request_with_the_fields_in_order_and_the_option_the_proxy_sends() {
    let policy = policy_file("check.toml", POLICY);
    let mut input: Vec<String> = session_new("/work/project").into();
    input.push(bash_request(
        "1",
        "c1",
        "cargo test && git log -3",
        ALL_OPTIONS,
    ));
    input.push(bash_request("2", "c2", "rm -rf target", ALL_OPTIONS));
    input.push(bash_request(
        "3",
        "c3",
        "rm x",
        &[("once", "allow_once"), ("never", "reject_always")],
    ));
    input.push(bash_request("4", "c4", "rm x", &[("once", "allow_once")]));
    input.push(bash_request("5", "c5", "make", ALL_OPTIONS));
    input.push(bash_request(
        "6",
        "c6",
        "cargo check",
        &[("always", "allow_always")],
    ));
    input.push(
        r#"{"jsonrpc":"2.0","id":7,"method":"fs/read_text_file","params":{"sessionId":"s1","path":"/work/project/.env"}}"#
            .to_owned(),
    );
    input.push(
        r#"{"jsonrpc":"2.0","id":8,"method":"terminal/create","params":{"sessionId":"s1","command":"cargo","args":["test"]}}"#
            .to_owned(),
    );
    let output = check(&["--policy", policy.to_str().unwrap()], &input.join("\n"));
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    let first = text.lines().next().unwrap();
    // The fields, in DESIGN §8's order.
    assert_eq!(
        first,
        r#"{"session_id":"s1","id":"1","method":"session/request_permission","tool_call_id":"c1","label":"Run Command","evidence":"meta","earned":true,"decision":"allow","option_id":"once","rule":"tests","rules":["tests","git-log"]}"#
    );
    let got: Vec<(String, Value, String, Value)> = lines(&output)
        .into_iter()
        .map(|line| {
            (
                line["method"].as_str().unwrap().to_owned(),
                line["option_id"].clone(),
                line["decision"].as_str().unwrap().to_owned(),
                line["rule"].clone(),
            )
        })
        .collect();
    let permission = "session/request_permission".to_owned();
    assert_eq!(
        got,
        [
            // Allowed: the first allow_once, never allow_always.
            (
                permission.clone(),
                "once".into(),
                "allow".into(),
                "tests".into()
            ),
            // Denied: reject_once first, else reject_always, else cancelled (null).
            (
                permission.clone(),
                "no".into(),
                "deny".into(),
                "no-rm".into()
            ),
            (
                permission.clone(),
                "never".into(),
                "deny".into(),
                "no-rm".into()
            ),
            (
                permission.clone(),
                Value::Null,
                "deny".into(),
                "no-rm".into()
            ),
            // Ask forwards.
            (
                permission.clone(),
                Value::Null,
                "ask".into(),
                "default".into()
            ),
            // Allowed but no allow_once offered: forwarded.
            (permission, Value::Null, "allow".into(), "tests".into()),
            // Client methods: identified by their method, answered with an error or forwarded.
            (
                "fs/read_text_file".into(),
                Value::Null,
                "deny".into(),
                "secrets".into()
            ),
            (
                "terminal/create".into(),
                Value::Null,
                "allow".into(),
                "tests".into()
            ),
        ]
    );
    let read = &lines(&output)[6];
    assert_eq!(
        (
            &read["evidence"],
            &read["earned"],
            &read["label"],
            &read["tool_call_id"]
        ),
        (
            &Value::from("method"),
            &Value::from(true),
            &Value::from("Read"),
            &Value::Null
        )
    );
    assert_eq!(read["id"], Value::from(7), "the id as written (a number)");
}

#[test]
fn check_takes_the_cwd_from_session_new_else_from_the_command_line() {
    let policy = policy_file("cwd.toml", POLICY);
    let read = r#"{"jsonrpc":"2.0","id":1,"method":"fs/read_text_file","params":{"sessionId":"s1","path":"src/lib.rs"}}"#;
    // No cwd known: a relative path never matches an allow.
    let output = check(&["--policy", policy.to_str().unwrap()], read);
    assert_eq!(lines(&output)[0]["decision"], "ask");
    let output = check(
        &[
            "--policy",
            policy.to_str().unwrap(),
            "--cwd",
            "/work/project",
        ],
        read,
    );
    assert_eq!(lines(&output)[0]["decision"], "allow");
    assert_eq!(lines(&output)[0]["rules"], serde_json::json!(["sources"]));
    let [new, answer] = session_new("/work/project");
    let output = check(
        &["--policy", policy.to_str().unwrap()],
        &[new, answer, read.to_owned()].join("\n"),
    );
    assert_eq!(lines(&output)[0]["decision"], "allow");
}

#[test]
fn check_resolves_tilde_against_home() {
    let policy = policy_file("home.toml", POLICY);
    let read = r#"{"jsonrpc":"2.0","id":1,"method":"fs/read_text_file","params":{"path":"/home/someone/.ssh/id_rsa"}}"#;
    let output = check(
        &[
            "--policy",
            policy.to_str().unwrap(),
            "--home",
            "/home/someone",
        ],
        read,
    );
    assert_eq!(lines(&output)[0]["decision"], "deny");
    assert_eq!(lines(&output)[0]["rule"], "secrets");
    let output = check(
        &[
            "--policy",
            policy.to_str().unwrap(),
            "--home",
            "/home/other",
        ],
        read,
    );
    assert_eq!(lines(&output)[0]["decision"], "ask");
}

#[test]
fn check_adds_policies_up_and_the_stricter_default_wins() {
    let first = policy_file("first.toml", POLICY);
    let second = policy_file("second.toml", "version = 1\ndefault = \"deny\"\n");
    let output = check(
        &[
            "--policy",
            first.to_str().unwrap(),
            "--policy",
            second.to_str().unwrap(),
        ],
        &bash_request("1", "c1", "make", ALL_OPTIONS),
    );
    let line = &lines(&output)[0];
    assert_eq!(
        (&line["decision"], &line["option_id"]),
        (&"deny".into(), &"no".into())
    );
    assert_eq!(line["rules"], serde_json::json!([]));
}

#[test]
fn a_call_identified_by_acps_kind_alone_is_not_allowed_unless_its_rule_says_any() {
    let request = r#"{"jsonrpc":"2.0","id":1,"method":"session/request_permission","params":{"sessionId":"s1","toolCall":{"toolCallId":"c1","title":"cargo test","kind":"execute","rawInput":{"command":"cargo test"}},"options":[{"optionId":"once","name":"Allow","kind":"allow_once"}]}}"#;
    let strict = policy_file("strict.toml", POLICY);
    let output = check(
        &[
            "--policy",
            strict.to_str().unwrap(),
            "--harness",
            "acme-coder",
        ],
        request,
    );
    let line = &lines(&output)[0];
    assert_eq!(
        (&line["decision"], &line["earned"], &line["evidence"]),
        (&"ask".into(), &false.into(), &"acp_kind".into())
    );
    let any = policy_file(
        "any.toml",
        &POLICY.replace(
            "command = [\"cargo test\", \"cargo check\"]",
            "command = [\"cargo test\", \"cargo check\"]\nevidence = \"any\"",
        ),
    );
    let output = check(
        &["--policy", any.to_str().unwrap(), "--harness", "acme-coder"],
        request,
    );
    assert_eq!(lines(&output)[0]["decision"], "allow");
}

#[test]
fn check_exits_2_naming_the_line_when_the_policy_does_not_load() {
    let bad = policy_file(
        "bad.toml",
        "version = 1\n\n[[rule]]\ndecision = \"allow\"\nlabel = \"Raed\"\n",
    );
    let output = check(&["--policy", bad.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("bad.toml:5"), "{stderr}");
    // No --policy at all is a usage error too.
    let output = check(&[], "");
    assert_eq!(output.status.code(), Some(2));
}

/// Runs `toolmeta proxy --policy POLICY --log LOG -- sh -c SCRIPT` with the client's input
/// held open until the agent exits; returns what the client received, the proxy's stderr
/// and exit code.
fn proxy(
    policy: &Path,
    log: &Path,
    script: &str,
    requests: &[String],
) -> (String, String, Option<i32>) {
    let mut command = Command::new(TOOLMETA);
    command
        .args(["proxy", "--policy"])
        .arg(policy)
        .arg("--log")
        .arg(log)
        .args(["--", "sh", "-c", script, "sh"])
        .args(requests)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().unwrap();
    let stdin = child.stdin.take().unwrap();
    let started = Instant::now();
    // The agent ends on its own once it has read the proxy's answers.
    while child.try_wait().unwrap().is_none() && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code(),
    )
}

#[test]
fn the_proxy_answers_allows_and_denies_forwards_asks_and_refuses_denied_client_methods() {
    let policy = policy_file("proxy.toml", POLICY);
    let log = temp("proxy.jsonl");
    let received = temp("proxy-received");
    let _ = fs::remove_file(&log);
    let requests = vec![
        bash_request("p1", "c1", "cargo test", ALL_OPTIONS),
        bash_request("p2", "c2", "rm -rf /", ALL_OPTIONS),
        bash_request("p3", "c3", "make", ALL_OPTIONS),
        r#"{"jsonrpc":"2.0","id":4,"method":"fs/read_text_file","params":{"sessionId":"s1","path":"/w/.env"}}"#.to_owned(),
        // Unreadable (`path` is not a string): forwarded as it is.
        r#"{"jsonrpc":"2.0","id":5,"method":"fs/read_text_file","params":{"sessionId":"s1","path":5}}"#.to_owned(),
    ];
    // The agent sends the requests, then saves the three answers the proxy writes to it.
    let script = format!(
        r#"for request in "$@"; do printf '%s\n' "$request"; done; head -n 3 > '{}'"#,
        received.display()
    );
    let (client_got, stderr, code) = proxy(&policy, &log, &script, &requests);
    assert_eq!(code, Some(0), "{stderr}");
    let answers: Vec<Value> = fs::read_to_string(&received)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(
        answers[0]["result"]["outcome"],
        serde_json::json!({"outcome": "selected", "optionId": "once"})
    );
    assert_eq!(
        answers[1]["result"]["outcome"],
        serde_json::json!({"outcome": "selected", "optionId": "no"})
    );
    assert_eq!(answers[2]["id"], 4);
    let message = answers[2]["error"]["message"].as_str().unwrap();
    assert!(message.contains("`secrets`"), "{message}");
    // The client saw only what was forwarded: the ask and the unreadable request.
    let forwarded: Vec<Value> = client_got
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap()["id"].clone())
        .collect();
    assert_eq!(forwarded, [Value::from("p3"), Value::from(5)]);
    // Every decision in the log, with DESIGN §8's fields in order, and one stderr line each.
    let decisions: Vec<String> = fs::read_to_string(&log)
        .unwrap()
        .lines()
        .filter(|line| line.starts_with(r#"{"dir":"policy""#))
        .map(str::to_owned)
        .collect();
    assert_eq!(decisions.len(), 4, "{decisions:?}");
    let first: serde_json::Map<String, Value> = serde_json::from_str(&decisions[0]).unwrap();
    let keys: Vec<&str> = decisions[0]
        .trim_start_matches('{')
        .split(",\"")
        .map(|field| field.trim_start_matches('"').split('"').next().unwrap())
        .collect();
    assert_eq!(
        keys,
        [
            "dir",
            "t",
            "session_id",
            "id",
            "tool_call_id",
            "decision",
            "option_id",
            "rule",
            "evidence",
            "earned"
        ]
    );
    assert_eq!(
        (
            &first["decision"],
            &first["option_id"],
            &first["rule"],
            &first["evidence"],
            &first["earned"]
        ),
        (
            &"allow".into(),
            &"once".into(),
            &"tests".into(),
            &"meta".into(),
            &true.into()
        )
    );
    assert_eq!(
        stderr
            .lines()
            .filter(|line| line.contains("policy"))
            .count(),
        4,
        "{stderr}"
    );
    // inspect shows them.
    let inspect = Command::new(TOOLMETA)
        .arg("inspect")
        .arg(&log)
        .output()
        .unwrap();
    let shown = String::from_utf8(inspect.stdout).unwrap();
    assert!(
        shown.contains("policy decisions: 4 (allow 1, ask 1, deny 2)"),
        "{shown}"
    );
}

#[test]
fn a_policy_that_does_not_load_stops_the_proxy_before_the_agent_starts() {
    let bad = policy_file("proxy-bad.toml", "version = 1\ndefault = \"allow\"\n");
    let started = temp("agent-started");
    let _ = fs::remove_file(&started);
    let output = Command::new(TOOLMETA)
        .args(["proxy", "--policy"])
        .arg(&bad)
        .args(["--", "touch"])
        .arg(&started)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("proxy-bad.toml:2"), "{stderr}");
    assert!(!started.exists(), "the agent ran");
}
