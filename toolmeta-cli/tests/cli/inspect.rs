//! `toolmeta inspect`, run in-process on the shipped logs: exact `--json` lines for the
//! ACP session log, the table, and clear errors.

use toolmeta_cli::inspect;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data");

struct Output {
    code: u8,
    stdout: String,
    stderr: String,
}

/// `toolmeta inspect ARGS...` with `$DATA` in an argument standing for the test data.
fn inspect(args: &[&str], stdin: &str) -> Output {
    let args = ["toolmeta", "inspect"]
        .into_iter()
        .map(str::to_owned)
        .chain(args.iter().map(|arg| arg.replace("$DATA", DATA)));
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let code = toolmeta_cli::run_args(args, &mut stdin.as_bytes(), &mut stdout, &mut stderr);
    Output {
        code,
        stdout: String::from_utf8(stdout).unwrap(),
        stderr: String::from_utf8(stderr).unwrap(),
    }
}

const SESSION_JSON: &str = r#"{"tool_call_id":"call_gr1","name":"grep","label":"Search","kind":"search","namespace":"grok_build","read_only":true,"input":{"pattern":"RETRIES","path":"src"},"status":"completed","source":"envelope","session_id":"s1","tool_name":"grep","title":"RETRIES","parent_tool_call_id":null,"first_seen_ms":null,"finished_at_ms":null,"duration_ms":null,"finished":true,"permission":null,"locations":[],"evidence":"envelope","evidence_key":null,"evidence_keys":[],"earned":true}
{"tool_call_id":"call_rf2","name":"read_file","label":"Read","kind":"read","namespace":"grok_build","read_only":true,"input":{"path":"src/config.rs","offset":1,"limit":40},"status":"completed","source":"envelope","session_id":"s1","tool_name":"read_file","title":"Read `src/config.rs`","parent_tool_call_id":null,"first_seen_ms":null,"finished_at_ms":null,"duration_ms":null,"finished":true,"permission":null,"locations":[{"path":"src/config.rs","line":1}],"evidence":"envelope","evidence_key":null,"evidence_keys":[],"earned":true}
{"tool_call_id":"call_sr3","name":"search_replace","label":"Edit","kind":"edit","namespace":"grok_build","read_only":false,"input":{"path":"src/config.rs"},"status":"completed","source":"envelope","session_id":"s1","tool_name":"search_replace","title":"Edit `src/config.rs`","parent_tool_call_id":null,"first_seen_ms":null,"finished_at_ms":null,"duration_ms":null,"finished":true,"permission":{"decision":"waiting","selected":null,"options":["allow","reject"]},"locations":[{"path":"src/config.rs","line":null}],"evidence":"envelope","evidence_key":null,"evidence_keys":[],"earned":true}
{"tool_call_id":"call_sh4","name":"run_terminal_command","label":"Run Command","kind":"execute","namespace":"grok_build","read_only":false,"input":{"command":"cargo test -p config","description":"Run the config tests"},"status":"completed","source":"envelope","session_id":"s1","tool_name":"run_terminal_command","title":"Execute `cargo test -p config`","parent_tool_call_id":null,"first_seen_ms":1791130584000,"finished_at_ms":1791130590000,"duration_ms":6000,"finished":true,"permission":null,"locations":[],"evidence":"envelope","evidence_key":null,"evidence_keys":[],"earned":true}
{"tool_call_id":"call_ws5","name":"web_search","label":"Web Search","kind":"web_search","namespace":"grok_build","read_only":true,"input":null,"status":"completed","source":"catalog","session_id":"s1","tool_name":"web_search","title":"web_search","parent_tool_call_id":null,"first_seen_ms":1791130591000,"finished_at_ms":1791130591000,"duration_ms":0,"finished":true,"permission":null,"locations":[],"evidence":"title","evidence_key":null,"evidence_keys":[],"earned":true}
"#;

#[test]
fn json_output_of_the_shipped_session_log_is_exact() {
    let out = inspect(&["--json", "$DATA/acp_session.jsonl"], "");
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    assert_eq!(out.stdout, SESSION_JSON);
}

#[test]
fn json_records_have_exactly_the_documented_keys_on_every_shipped_log() {
    let keys = [
        "tool_call_id",
        "name",
        "label",
        "kind",
        "namespace",
        "read_only",
        "input",
        "status",
        "source",
        "session_id",
        "tool_name",
        "title",
        "parent_tool_call_id",
        "first_seen_ms",
        "finished_at_ms",
        "duration_ms",
        "finished",
        "permission",
        "locations",
        "evidence",
        "evidence_key",
        "evidence_keys",
        "earned",
    ];
    for log in [
        "acp_session",
        "persisted_session",
        "claude_code_session",
        "mixed_bad_lines",
    ] {
        let out = inspect(&["--json", &format!("$DATA/{log}.jsonl")], "");
        assert_eq!(out.code, 0, "{log}: {}", out.stderr);
        for line in out.stdout.lines() {
            // Key order is part of the output: check it on the text.
            let mut at = 0;
            for key in keys {
                let found = line[at..]
                    .find(&format!("\"{key}\":"))
                    .unwrap_or_else(|| panic!("{log}: {key} in {line}"));
                at += found;
            }
            let record: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(line).unwrap();
            assert_eq!(record.len(), keys.len(), "{line}");
            assert!(
                ["envelope", "catalog", "fallback"].contains(&record["source"].as_str().unwrap())
            );
            let evidence = record["evidence"].as_str().unwrap();
            assert!(
                toolmeta::client::EvidenceKind::from_wire(evidence).is_some(),
                "{line}"
            );
            // A key path only for `meta`, keys only for `arguments`.
            assert_eq!(
                record["evidence_key"].is_string(),
                evidence == "meta",
                "{line}"
            );
            if evidence != "arguments" {
                assert_eq!(record["evidence_keys"], serde_json::json!([]), "{line}");
            }
        }
    }
}

#[test]
fn the_table_groups_calls_by_label() {
    let out = inspect(&["$DATA/acp_session.jsonl"], "");
    assert_eq!(out.code, 0);
    assert_eq!(
        out.stdout,
        "\
label        calls  names                 statuses     time
Search           1  grep                  completed 1
Read             1  read_file             completed 1
Edit             1  search_replace        completed 1
Run Command      1  run_terminal_command  completed 1  6.0s
Web Search       1  web_search            completed 1  0ms

session s1: 5 calls: 5 completed, 0 failed, 0 rejected, 0 unfinished, over 7.0s

5 calls; 16 lines: 14 tool-call updates, 0 permission answers, 2 other session updates, 0 other messages, 0 blank
skipped lines: 0 (not JSON 0, no toolCallId 0, too long 0)
"
    );
}

#[test]
fn several_files_and_stdin_go_into_one_ledger() {
    let stdin = std::fs::read_to_string(format!("{DATA}/mixed_bad_lines.jsonl")).unwrap();
    let out = inspect(&["$DATA/persisted_session.jsonl", "-"], &stdin);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("Run Command      2  shell, bash"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("failed 1"), "{}", out.stdout);
    // mixed_bad_lines.jsonl: two lines that are not JSON, two updates without a
    // `toolCallId`, and eight JSON messages that are not session updates.
    assert!(
        out.stdout.contains(", 8 other messages, "),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("skipped lines: 4 (not JSON 2, no toolCallId 2, too long 0)"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_missing_file_is_a_clear_error_before_any_output() {
    let out = inspect(&["$DATA/acp_session.jsonl", "$DATA/no_such_log.jsonl"], "");
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout, "");
    assert!(
        out.stderr.starts_with("inspect: cannot open `"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("no_such_log.jsonl`: "),
        "{}",
        out.stderr
    );
}

#[test]
fn usage_errors_say_what_is_wrong() {
    for (args, message) in [
        (
            &[][..],
            "error: the following required arguments were not provided:\n  <FILE>...",
        ),
        (
            &["--jsn", "x"][..],
            "error: unexpected argument '--jsn' found\n\n  tip: a similar argument exists: '--json'",
        ),
        (
            &["--harness"][..],
            "error: a value is required for '--harness <NAME>' but none was supplied",
        ),
        (
            &["--harness", "cursor", "-"][..],
            "error: invalid value 'cursor' for '--harness <NAME>': unknown harness `cursor`, expected one of",
        ),
    ] {
        let out = inspect(args, "");
        assert_eq!(out.code, 2, "{args:?}");
        assert_eq!(out.stdout, "", "{args:?}");
        assert!(out.stderr.starts_with(message), "{args:?}: {}", out.stderr);
        // Each points to the way out: the usage, or where to read it.
        assert!(
            out.stderr.contains("Usage: toolmeta inspect")
                || out
                    .stderr
                    .ends_with("For more information, try '--help'.\n"),
            "{args:?}: {}",
            out.stderr
        );
    }
    let help = inspect(&["--help"], "");
    assert_eq!((help.code, help.stderr.as_str()), (0, ""));
    assert!(
        help.stdout.starts_with("Show which tools"),
        "{}",
        help.stdout
    );
    assert!(help.stdout.contains("Exit codes:"), "{}", help.stdout);
}

#[test]
fn an_empty_input_prints_only_the_counts() {
    let out = inspect(&["-"], "");
    assert_eq!(out.code, 0);
    assert_eq!(
        out.stdout,
        "0 calls; 0 lines: 0 tool-call updates, 0 permission answers, 0 other session updates, 0 other messages, 0 blank\n\
         skipped lines: 0 (not JSON 0, no toolCallId 0, too long 0)\n"
    );
    assert_eq!(inspect(&["--json", "-"], "").stdout, "");
}

#[test]
fn claude_code_calls_are_identified_by_the_catalog() {
    let out = inspect(&["--json", "$DATA/claude_code_session.jsonl"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let records: Vec<serde_json::Value> = out
        .stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let names: Vec<&str> = records
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Grep", "Read", "Edit", "Bash", "WebFetch", "TodoWrite"]
    );
    for record in &records {
        assert_eq!(record["source"], "catalog", "{record}");
        assert_eq!(record["namespace"], "claude_code", "{record}");
    }
    // The input arrived after the first `tool_call` (whose `rawInput` was `{}`), and for the
    // edit only in the permission request.
    assert_eq!(records[1]["input"]["path"], "/home/dev/proj/src/retry.rs");
    assert_eq!(
        records[2]["input"],
        serde_json::json!({"path": "/home/dev/proj/src/retry.rs"})
    );
    assert_eq!(records[4]["status"], "failed");
}

#[cfg(unix)]
#[test]
fn a_non_utf8_file_name_is_read_or_reported_not_a_panic() {
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStringExt;

    let args = [
        OsString::from("toolmeta"),
        OsString::from("inspect"),
        OsString::from("--json"),
        OsString::from_vec(b"/nonexistent/\xff.jsonl".to_vec()),
    ];
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let code = toolmeta_cli::run_args(args, &mut &b""[..], &mut stdout, &mut stderr);
    assert_eq!(code, 1);
    assert_eq!(
        String::from_utf8(stderr).unwrap(),
        "inspect: cannot open `/nonexistent/\u{fffd}.jsonl`: No such file or directory (os error 2)\n"
    );
    assert!(stdout.is_empty());
}

fn ledger_of_titles(titles: &[&str]) -> toolmeta::client::Ledger {
    let mut ledger = toolmeta::client::Ledger::new();
    for (i, title) in titles.iter().enumerate() {
        // One-word titles are tool names: each call is named by its title.
        let update = serde_json::json!({"sessionUpdate": "tool_call", "toolCallId": format!("c{i}"),
            "title": title, "kind": "read", "status": "completed"});
        ledger.feed(&update);
    }
    ledger
}

#[test]
fn a_column_wider_than_65535_characters_does_not_panic() {
    // 10,000 calls with tool names of their own: the names column passes u16::MAX.
    let titles: Vec<String> = (0..10_000).map(|i| format!("read_{i}")).collect();
    let titles: Vec<&str> = titles.iter().map(String::as_str).collect();
    let table = inspect::table(&ledger_of_titles(&titles));
    let names_width = table.lines().nth(1).unwrap().len();
    assert!(names_width > 65_535, "{names_width}");
    assert!(table.lines().next().unwrap().starts_with("label "));
}

#[test]
fn control_characters_in_names_are_escaped_in_the_table() {
    // Names come from the traffic: an ACP `name` may hold anything.
    let mut ledger = toolmeta::client::Ledger::new();
    for (i, name) in [
        "evil\u{1b}]0;pwned\u{7}",
        "two\nRead        9  forged  completed 9",
        "\u{202e}txt.exe",
    ]
    .iter()
    .enumerate()
    {
        ledger.feed(
            &serde_json::json!({"sessionUpdate": "tool_call", "toolCallId": format!("c{i}"),
            "name": name, "kind": "read", "status": "completed"}),
        );
    }
    let table = inspect::table(&ledger);
    assert!(!table.contains('\u{1b}') && !table.contains('\u{7}') && !table.contains('\u{202e}'));
    assert!(table.contains(r"evil\u{1b}]0;pwned\u{7}"), "{table}");
    assert!(table.contains(r"two\nRead"), "{table}");
    assert!(table.contains(r"\u{202e}txt.exe"), "{table}");
    // One header, one row, a blank line, the session line, a blank line and the two count
    // lines: no forged row.
    assert_eq!(table.lines().count(), 7, "{table}");
}

#[test]
fn raw_line_breaks_in_an_envelope_input_do_not_split_its_record() {
    // An input the agent sent pretty-printed: CRs, tabs and spaces between its tokens (a
    // raw CR may stand inside a line; a string's escaped `\n` and `\"` are its content).
    let line = "{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"c1\",\"_meta\":{\"x.ai/tool\":{\"version\":1,\"name\":\"read_file\",\"kind\":\"read\",\"namespace\":\"grok_build\",\"input\":{\r  \"path\" :\t\"a b\\n\\\"c\\\" d\",\r  \"offset\": 2\r}}}}";
    let output = inspect(&["--json", "-"], line);
    assert_eq!(output.code, 0, "{}", output.stderr);
    let records: Vec<&str> = output.stdout.lines().collect();
    assert_eq!(records.len(), 1, "{}", output.stdout);
    assert!(!records[0].contains(['\r', '\t']), "{}", records[0]);
    let record: serde_json::Value = serde_json::from_str(records[0]).unwrap();
    assert_eq!(
        record["input"],
        serde_json::json!({"path": "a b\n\"c\" d", "offset": 2})
    );
}

#[test]
fn an_input_that_cannot_be_read_back_is_written_as_null() {
    let line = r#"{"sessionUpdate":"tool_call","toolCallId":"c1","_meta":{"x.ai/tool":{"version":1,"name":"read_file","kind":"read","namespace":"grok_build","input":{"path":"a","limit":1e400}}}}"#;
    let output = inspect(&["--json", "-"], line);
    assert_eq!(output.code, 0, "{}", output.stderr);
    let record: serde_json::Value = serde_json::from_str(output.stdout.trim_end()).unwrap();
    assert_eq!(record["tool_call_id"], "c1");
    assert_eq!(record["input"], serde_json::Value::Null);
}

#[test]
fn an_input_repeated_by_several_calls_is_judged_the_same_in_every_record() {
    // The same unreadable text is `null` for every call that carries it, and the readable
    // one between them is itself.
    let call = |id: &str, input: &str| {
        format!(
            r#"{{"sessionUpdate":"tool_call","toolCallId":"{id}","_meta":{{"x.ai/tool":{{"version":1,"name":"read_file","kind":"read","namespace":"grok_build","input":{input}}}}}}}"#
        )
    };
    let unreadable = r#"{"path":"a","limit":1e400}"#;
    let readable = r#"{"path":"a","limit":1}"#;
    let lines = [
        call("c1", unreadable),
        call("c2", readable),
        call("c3", unreadable),
        call("c4", readable),
    ]
    .join("\n");
    let output = inspect(&["--json", "-"], &lines);
    assert_eq!(output.code, 0, "{}", output.stderr);
    let inputs: Vec<serde_json::Value> = output
        .stdout
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap()["input"].clone())
        .collect();
    let value = serde_json::json!({"path": "a", "limit": 1});
    assert_eq!(
        inputs,
        [
            serde_json::Value::Null,
            value.clone(),
            serde_json::Value::Null,
            value
        ]
    );
}

#[test]
fn strings_that_need_escaping_read_back_from_the_records_as_they_were_sent() {
    // A quote, a backslash, control characters, U+2028 and non-ASCII text in the id, the
    // title, the session and a location's path.
    let odd = "a\"b\\c\u{1}\u{1f}\t\n\r\u{2028}é漢🙂";
    let update = serde_json::json!({
        "jsonrpc": "2.0",
        "method": "session/update",
        "params": {"sessionId": odd, "update": {
            "sessionUpdate": "tool_call",
            "toolCallId": odd,
            "title": odd,
            "kind": "read",
            "locations": [{"path": odd, "line": 7}],
        }},
    });
    let output = inspect(&["--json", "-"], &update.to_string());
    assert_eq!(output.code, 0, "{}", output.stderr);
    assert_eq!(output.stdout.lines().count(), 1, "{}", output.stdout);
    let record: serde_json::Value = serde_json::from_str(output.stdout.trim_end()).unwrap();
    for key in ["tool_call_id", "title", "name", "session_id"] {
        assert_eq!(record[key], odd, "{key}");
    }
    assert_eq!(
        record["locations"],
        serde_json::json!([{"path": odd, "line": 7}])
    );
}

/// The recordings' `interleaved.jsonl` (both directions, `{"dir","t","msg"}` per line, the
/// form `toolmeta proxy --log` writes): every call, with the client's answers, each message
/// at its recorded time.
#[test]
fn session_logs_of_both_directions_are_read_message_by_message_at_their_time() {
    for harness in ["claude_code", "codex", "gemini_cli", "opencode"] {
        let out = inspect(
            &["--json", &format!("$DATA/real/{harness}/interleaved.jsonl")],
            "",
        );
        assert_eq!((out.code, out.stderr.as_str()), (0, ""), "{harness}");
        let ids: Vec<String> = out
            .stdout
            .lines()
            .map(|line| {
                let record: serde_json::Value = serde_json::from_str(line).unwrap();
                record["tool_call_id"].as_str().unwrap().to_owned()
            })
            .collect();
        let expected: Vec<String> =
            std::fs::read_to_string(format!("{DATA}/real/{harness}/expected.jsonl"))
                .unwrap()
                .lines()
                .map(|line| {
                    let record: serde_json::Value = serde_json::from_str(line).unwrap();
                    record["tool_call_id"].as_str().unwrap().to_owned()
                })
                .collect();
        assert_eq!(ids, expected, "{harness}");
    }
    // Claude Code's `rm -rf build`: first seen at t=4383 ms, refused by the client's answer
    // (option `reject`) at t=4441 ms.
    let out = inspect(&["--json", "$DATA/real/claude_code/interleaved.jsonl"], "");
    let rm: serde_json::Value = out
        .stdout
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .find(|record| record["tool_call_id"] == "toolu_d5a47d50889440948f0bfe8f")
        .unwrap();
    assert_eq!(
        (
            &rm["permission"]["decision"],
            &rm["permission"]["selected"],
            &rm["first_seen_ms"],
            &rm["finished_at_ms"],
            &rm["duration_ms"]
        ),
        (
            &serde_json::json!("rejected"),
            &serde_json::json!("reject"),
            &serde_json::json!(4383),
            &serde_json::json!(4441),
            &serde_json::json!(58)
        )
    );
}

/// `--explain`: one line per call — id, label, name, the evidence with its key or keys,
/// earned or not (DESIGN §8) — on the shipped Claude Code log (`_meta.claudeCode.toolName`
/// names every tool: earned) and the session log (agents' own envelopes, and a first
/// title that is the tool's wire name: earned).
#[test]
fn explain_says_what_each_identity_rests_on() {
    let out = inspect(&["--explain", "$DATA/acp_session.jsonl"], "");
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    assert_eq!(
        out.stdout,
        "call_gr1  Search  grep  envelope  earned\n\
         call_rf2  Read  read_file  envelope  earned\n\
         call_sr3  Edit  search_replace  envelope  earned\n\
         call_sh4  Run Command  run_terminal_command  envelope  earned\n\
         call_ws5  Web Search  web_search  title  earned\n"
    );
    let out = inspect(&["--explain", "$DATA/claude_code_session.jsonl"], "");
    assert_eq!(out.code, 0);
    assert!(!out.stdout.is_empty());
    for line in out.stdout.lines() {
        assert!(
            line.contains("  meta claudeCode.toolName  earned"),
            "{line}"
        );
    }
    let both = inspect(&["--explain", "--json", "$DATA/acp_session.jsonl"], "");
    assert_eq!(both.code, 2, "{}", both.stderr);
}
