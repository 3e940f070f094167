//! The catalog: for each harness, a realistic `rawInput` of each major tool synthesizes the
//! envelope a first-party tool of the same label would carry.

use serde_json::{Value, json};
use toolmeta::catalog::{self, Harness};
use toolmeta::{LabelShape, keys};

/// Synthesizes and serializes, or fails naming the call.
fn envelope(harness: Harness, name: &str, raw: Value) -> Value {
    let meta = catalog::synthesize(harness, name, Some(&raw))
        .unwrap_or_else(|| panic!("{harness:?} {name} is in the catalog"));
    serde_json::to_value(meta).unwrap()
}

fn expected(
    name: &str,
    kind: &str,
    namespace: &str,
    label: &str,
    read_only: bool,
    input: Option<Value>,
) -> Value {
    let mut meta = json!({"version": 1, "name": name, "kind": kind, "namespace": namespace,
                          "label": label, "read_only": read_only});
    if let Some(input) = input {
        meta["input"] = input;
    }
    meta
}

#[test]
fn claude_code() {
    let cc = |name, raw| envelope(Harness::ClaudeCode, name, raw);
    assert_eq!(
        cc(
            "Read",
            json!({"file_path": "/repo/src/lib.rs", "offset": 0, "limit": 200})
        ),
        expected(
            "Read",
            "read",
            "claude_code",
            "Read",
            true,
            Some(json!({"path": "/repo/src/lib.rs", "offset": 1, "limit": 200}))
        )
    );
    assert_eq!(
        cc(
            "Edit",
            json!({"file_path": "/repo/src/lib.rs", "old_string": "a", "new_string": "b",
                          "replace_all": true})
        ),
        expected(
            "Edit",
            "edit",
            "claude_code",
            "Edit",
            false,
            Some(json!({"path": "/repo/src/lib.rs"}))
        )
    );
    assert_eq!(
        cc(
            "MultiEdit",
            json!({"file_path": "/repo/a.rs", "edits": [{"old_string": "a", "new_string": "b"}]})
        ),
        expected(
            "MultiEdit",
            "edit",
            "claude_code",
            "Edit",
            false,
            Some(json!({"path": "/repo/a.rs"}))
        )
    );
    assert_eq!(
        cc(
            "Write",
            json!({"file_path": "/repo/NOTES.md", "content": "# Notes\n"})
        ),
        expected(
            "Write",
            "write",
            "claude_code",
            "Write",
            false,
            Some(json!({"path": "/repo/NOTES.md"}))
        )
    );
    assert_eq!(
        cc(
            "Bash",
            json!({"command": "cargo test", "description": "Run the tests", "timeout": 120000})
        ),
        expected(
            "Bash",
            "execute",
            "claude_code",
            "Run Command",
            false,
            Some(json!({"command": "cargo test", "description": "Run the tests"}))
        )
    );
    assert_eq!(
        cc(
            "Grep",
            json!({"pattern": "fn main", "path": "src", "glob": "*.rs",
                          "output_mode": "content", "-n": true})
        ),
        expected(
            "Grep",
            "search",
            "claude_code",
            "Search",
            true,
            Some(json!({"pattern": "fn main", "path": "src"}))
        )
    );
    assert_eq!(
        cc("Glob", json!({"pattern": "**/*.toml"})),
        expected(
            "Glob",
            "search",
            "claude_code",
            "Search",
            true,
            Some(json!({"pattern": "**/*.toml"}))
        )
    );
    assert_eq!(
        cc("LS", json!({"path": "/repo/src", "ignore": ["target"]})),
        expected(
            "LS",
            "list_dir",
            "claude_code",
            "List Files",
            true,
            Some(json!({"directory": "/repo/src"}))
        )
    );
    assert_eq!(
        cc(
            "WebFetch",
            json!({"url": "https://docs.rs/serde", "prompt": "Summarize the derive docs"})
        ),
        expected(
            "WebFetch",
            "web_fetch",
            "claude_code",
            "Web Fetch",
            true,
            Some(json!({"url": "https://docs.rs/serde"}))
        )
    );
    assert_eq!(
        cc(
            "WebSearch",
            json!({"query": "agent client protocol tool kinds"})
        ),
        expected(
            "WebSearch",
            "web_search",
            "claude_code",
            "Web Search",
            true,
            Some(json!({"query": "agent client protocol tool kinds"}))
        )
    );
    assert_eq!(
        cc(
            "TodoWrite",
            json!({"todos": [{"content": "x", "status": "pending"}]})
        ),
        expected("TodoWrite", "plan", "claude_code", "Plan", false, None)
    );
    assert_eq!(
        cc(
            "Agent",
            json!({"description": "Find flaky tests", "prompt": "...", "subagent_type": "general-purpose"})
        ),
        expected(
            "Agent",
            "task",
            "claude_code",
            "Subagent",
            false,
            Some(json!({"description": "Find flaky tests"}))
        )
    );
}

#[test]
fn codex() {
    let codex = |name, raw| envelope(Harness::Codex, name, raw);
    assert_eq!(
        codex(
            "shell",
            json!({"command": ["bash", "-lc", "cargo test -p config"],
                              "workdir": "/home/dev/proj", "timeout_ms": 60000})
        ),
        expected(
            "shell",
            "execute",
            "codex",
            "Run Command",
            false,
            Some(json!({"command": "cargo test -p config", "cwd": "/home/dev/proj"}))
        )
    );
    assert_eq!(
        codex("shell", json!({"command": ["rg", "-n", "fn main"]})),
        expected(
            "shell",
            "execute",
            "codex",
            "Run Command",
            false,
            Some(json!({"command": "rg -n 'fn main'"}))
        )
    );
    assert_eq!(
        codex(
            "shell_command",
            json!({"command": "ls -la", "workdir": "/repo"})
        ),
        expected(
            "shell_command",
            "execute",
            "codex",
            "Run Command",
            false,
            Some(json!({"command": "ls -la", "cwd": "/repo"}))
        )
    );
    assert_eq!(
        codex(
            "exec_command",
            json!({"cmd": "npm test", "yield_time_ms": 1000})
        ),
        expected(
            "exec_command",
            "execute",
            "codex",
            "Run Command",
            false,
            Some(json!({"command": "npm test"}))
        )
    );
    assert_eq!(
        codex(
            "apply_patch",
            json!({"input": "*** Begin Patch\n*** Update File: a.rs\n*** End Patch"})
        ),
        expected("apply_patch", "edit", "codex", "Edit", false, None)
    );
    assert_eq!(
        codex(
            "read_file",
            json!({"file_path": "/repo/a.rs", "offset": 1, "limit": 50, "mode": "slice"})
        ),
        expected(
            "read_file",
            "read",
            "codex",
            "Read",
            true,
            Some(json!({"path": "/repo/a.rs", "offset": 1, "limit": 50}))
        )
    );
    assert_eq!(
        codex(
            "list_dir",
            json!({"dir_path": "/repo", "offset": 1, "limit": 25, "depth": 2})
        ),
        expected(
            "list_dir",
            "list_dir",
            "codex",
            "List Files",
            true,
            Some(json!({"directory": "/repo"}))
        )
    );
    assert_eq!(
        codex(
            "grep_files",
            json!({"pattern": "TODO", "include": "*.rs", "path": "/repo", "limit": 100})
        ),
        expected(
            "grep_files",
            "search",
            "codex",
            "Search",
            true,
            Some(json!({"pattern": "TODO", "path": "/repo"}))
        )
    );
    assert_eq!(
        codex(
            "update_plan",
            json!({"plan": [{"step": "a", "status": "pending"}]})
        ),
        expected("update_plan", "plan", "codex", "Plan", false, None)
    );
}

#[test]
fn gemini_cli() {
    let gemini = |name, raw| envelope(Harness::GeminiCli, name, raw);
    assert_eq!(
        gemini(
            "read_file",
            json!({"file_path": "/repo/src/a.ts", "start_line": 1, "end_line": 100})
        ),
        expected(
            "read_file",
            "read",
            "gemini_cli",
            "Read",
            true,
            Some(json!({"path": "/repo/src/a.ts", "offset": 1, "limit": 100}))
        ),
        "Gemini CLI's range is 1-based, end inclusive"
    );
    assert_eq!(
        gemini(
            "read_file",
            json!({"file_path": "/repo/src/a.ts", "start_line": 42, "end_line": 51})
        )["input"],
        json!({"path": "/repo/src/a.ts", "offset": 42, "limit": 10})
    );
    assert_eq!(
        gemini(
            "read_file",
            json!({"file_path": "/repo/a.ts", "end_line": 5})
        )["input"],
        json!({"path": "/repo/a.ts", "limit": 5}),
        "no start line: the window starts at the first line"
    );
    assert_eq!(
        gemini(
            "read_file",
            json!({"file_path": "/repo/a.ts", "start_line": 9, "end_line": 3})
        )["input"],
        json!({"path": "/repo/a.ts", "offset": 9}),
        "an empty range has no limit"
    );
    assert_eq!(
        gemini(
            "write_file",
            json!({"file_path": "/repo/b.ts", "content": "export {}"})
        ),
        expected(
            "write_file",
            "write",
            "gemini_cli",
            "Write",
            false,
            Some(json!({"path": "/repo/b.ts"}))
        )
    );
    assert_eq!(
        gemini(
            "replace",
            json!({"file_path": "/repo/b.ts", "instruction": "rename", "old_string": "a",
                                 "new_string": "b", "allow_multiple": true})
        ),
        expected(
            "replace",
            "edit",
            "gemini_cli",
            "Edit",
            false,
            Some(json!({"path": "/repo/b.ts"}))
        )
    );
    assert_eq!(
        gemini(
            "run_shell_command",
            json!({"command": "npm test", "description": "Run tests",
                                           "dir_path": "packages/core"})
        ),
        expected(
            "run_shell_command",
            "execute",
            "gemini_cli",
            "Run Command",
            false,
            Some(
                json!({"command": "npm test", "description": "Run tests", "cwd": "packages/core"})
            )
        )
    );
    assert_eq!(
        gemini(
            "grep_search",
            json!({"pattern": "useState", "include_pattern": "*.tsx", "dir_path": "/repo/src"})
        ),
        expected(
            "grep_search",
            "search",
            "gemini_cli",
            "Search",
            true,
            Some(json!({"pattern": "useState", "path": "/repo/src"}))
        )
    );
    assert_eq!(
        gemini(
            "glob",
            json!({"pattern": "src/**/*.ts", "dir_path": "/repo", "case_sensitive": false})
        ),
        expected(
            "glob",
            "search",
            "gemini_cli",
            "Search",
            true,
            Some(json!({"pattern": "src/**/*.ts", "path": "/repo"}))
        )
    );
    assert_eq!(
        gemini("list_directory", json!({"dir_path": "/repo/packages"})),
        expected(
            "list_directory",
            "list_dir",
            "gemini_cli",
            "List Files",
            true,
            Some(json!({"directory": "/repo/packages"}))
        )
    );
    assert_eq!(
        gemini(
            "web_fetch",
            json!({"prompt": "Summarize https://example.com/changelog"})
        ),
        expected(
            "web_fetch",
            "web_fetch",
            "gemini_cli",
            "Web Fetch",
            true,
            None
        )
    );
    assert_eq!(
        gemini("google_web_search", json!({"query": "gemini cli tools"})),
        expected(
            "google_web_search",
            "web_search",
            "gemini_cli",
            "Web Search",
            true,
            Some(json!({"query": "gemini cli tools"}))
        )
    );
}

#[test]
fn opencode() {
    let oc = |name, raw| envelope(Harness::OpenCode, name, raw);
    assert_eq!(
        oc(
            "read",
            json!({"filePath": "/repo/src/index.ts", "offset": 10, "limit": 2000})
        ),
        expected(
            "read",
            "read",
            "opencode",
            "Read",
            true,
            Some(json!({"path": "/repo/src/index.ts", "offset": 10, "limit": 2000}))
        ),
        "OpenCode's offset is 1-based (1.18)"
    );
    assert_eq!(
        oc(
            "edit",
            json!({"filePath": "/repo/src/index.ts", "oldString": "a", "newString": "b"})
        ),
        expected(
            "edit",
            "edit",
            "opencode",
            "Edit",
            false,
            Some(json!({"path": "/repo/src/index.ts"}))
        )
    );
    assert_eq!(
        oc(
            "write",
            json!({"filePath": "/repo/README.md", "content": "# hi"})
        ),
        expected(
            "write",
            "write",
            "opencode",
            "Write",
            false,
            Some(json!({"path": "/repo/README.md"}))
        )
    );
    assert_eq!(
        oc(
            "bash",
            json!({"command": "bun test", "description": "Runs the tests", "timeout": 60000})
        ),
        expected(
            "bash",
            "execute",
            "opencode",
            "Run Command",
            false,
            Some(json!({"command": "bun test"}))
        ),
        "1.18's bash has no description argument: a model's extra key is not projected"
    );
    assert_eq!(
        oc("bash", json!({"command": "ls", "workdir": "/repo/pkg"}))["input"],
        json!({"command": "ls", "cwd": "/repo/pkg"})
    );
    assert_eq!(
        oc("bash", json!({"command": "ls", "cwd": "/repo"}))["input"],
        json!({"command": "ls", "cwd": "/repo"}),
        "OpenCode's ACP updates carry the resolved directory as cwd"
    );
    assert_eq!(
        oc("apply_patch", json!({"patchText": "*** Begin Patch"})),
        expected("apply_patch", "edit", "opencode", "Edit", false, None)
    );
    assert_eq!(
        oc("websearch", json!({"query": "acp", "numResults": 3})),
        expected(
            "websearch",
            "web_search",
            "opencode",
            "Web Search",
            true,
            Some(json!({"query": "acp"}))
        )
    );
    assert_eq!(
        oc(
            "grep",
            json!({"pattern": "export function", "path": "/repo/src", "include": "*.ts"})
        ),
        expected(
            "grep",
            "search",
            "opencode",
            "Search",
            true,
            Some(json!({"pattern": "export function", "path": "/repo/src"}))
        )
    );
    assert_eq!(
        oc("list", json!({"path": "/repo"})),
        expected(
            "list",
            "list",
            "opencode",
            "List Files",
            true,
            Some(json!({"directory": "/repo"}))
        )
    );
    assert_eq!(
        oc("list", json!({})),
        expected("list", "list", "opencode", "List Files", true, None),
        "no path: no directory to report, so identity only"
    );
    assert_eq!(
        oc(
            "webfetch",
            json!({"url": "https://opencode.ai/docs", "format": "markdown"})
        ),
        expected(
            "webfetch",
            "web_fetch",
            "opencode",
            "Web Fetch",
            true,
            Some(json!({"url": "https://opencode.ai/docs"}))
        )
    );
    assert_eq!(
        oc("todowrite", json!({"todos": []})),
        expected("todowrite", "plan", "opencode", "Plan", false, None)
    );
}

#[test]
fn earlier_names_still_identify_their_tools() {
    let search = catalog::synthesize(Harness::GeminiCli, "search_file_content", None).unwrap();
    assert_eq!(
        (search.name.as_str(), search.label.as_ref()),
        ("search_file_content", "Search")
    );
    let task = catalog::synthesize(
        Harness::ClaudeCode,
        "Task",
        Some(&json!({"description": "d", "prompt": "p"})),
    )
    .unwrap();
    assert_eq!(
        (task.label.as_ref(), task.input),
        ("Subagent", Some(json!({"description": "d"})))
    );
    let read = catalog::synthesize(
        Harness::ClaudeCode,
        "mcp__acp__Read",
        Some(&json!({"file_path": "/r/a.rs"})),
    )
    .unwrap();
    assert_eq!(
        (read.name.as_str(), read.input),
        ("mcp__acp__Read", Some(json!({"path": "/r/a.rs"})))
    );
    for name in ["KillBash", "KillShell", "TaskStop"] {
        let stop = catalog::synthesize(Harness::ClaudeCode, name, None).unwrap();
        assert_eq!(stop.label, "Kill Task", "{name}");
    }
}

#[test]
fn unknown_tools_and_missing_arguments() {
    assert_eq!(
        catalog::synthesize(Harness::OpenCode, "Read", None),
        None,
        "names are case-sensitive"
    );
    assert_eq!(
        catalog::synthesize(Harness::Codex, "mcp__github__search", None),
        None
    );
    let identity_only = catalog::synthesize(Harness::ClaudeCode, "Read", None).unwrap();
    assert_eq!(identity_only.input, None);
    assert_eq!(identity_only.label, "Read");
    let broken =
        catalog::synthesize(Harness::ClaudeCode, "Read", Some(&json!({"offset": 3}))).unwrap();
    assert_eq!(
        broken.input, None,
        "no file_path: no input rather than a shapeless one"
    );
}

#[test]
fn every_catalog_tool_carries_its_harness_namespace_and_its_kind_label() {
    for &harness in Harness::ALL {
        assert!(!harness.tools().is_empty());
        for tool in harness.tools().tools() {
            let identity = tool.identity();
            assert_eq!(identity.namespace, harness.namespace(), "{}", tool.name());
            assert_eq!(
                identity.label,
                identity.kind.label(),
                "{}: same labels as first-party",
                tool.name()
            );
            for field in tool.entry().input_fields() {
                assert!(
                    keys::key_type(field.key).is_some(),
                    "{}: {} is canonical",
                    tool.name(),
                    field.key
                );
                assert!(
                    LabelShape::of(identity.label).allows(field.key),
                    "{}: {} is in the {} shape",
                    tool.name(),
                    field.key,
                    identity.label
                );
            }
        }
    }
}

#[test]
fn the_major_labels_are_covered_by_every_harness() {
    for &harness in Harness::ALL {
        let labels: Vec<&str> = harness
            .tools()
            .tools()
            .map(|tool| tool.identity().label)
            .collect();
        for label in [
            "Read",
            "Edit",
            "Run Command",
            "Search",
            "List Files",
            "Plan",
        ] {
            // No public source shows a Grok Build plan tool.
            if harness == Harness::GrokBuild && label == "Plan" {
                continue;
            }
            // Kimi CLI has no listing tool: its agents list with Glob or Shell.
            if harness == Harness::KimiCli && label == "List Files" {
                continue;
            }
            assert!(labels.contains(&label), "{harness:?} has a {label} tool");
        }
    }
}

fn schema_validator(relative: &str) -> jsonschema::Validator {
    let path = format!("{}/{relative}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    jsonschema::draft7::new(&serde_json::from_str(&text).unwrap()).unwrap()
}

#[test]
fn catalog_envelopes_validate_against_the_published_and_reference_schemas() {
    let published = schema_validator("toolmeta/schema/tool_meta.schema.json");
    let reference = schema_validator("tests/data/reference/grok_tool_meta.schema.json");
    let mut checked = 0;
    for &harness in Harness::ALL {
        for tool in harness.tools().tools() {
            // Arguments that fill every projected field with a value of its key's type.
            let mut raw = serde_json::Map::new();
            for field in tool.entry().input_fields() {
                let value = match keys::key_type(field.key) {
                    Some(keys::KeyType::Integer) => json!(3),
                    _ => json!("x"),
                };
                raw.insert(field.wire.to_owned(), value);
            }
            let raw = Value::Object(raw);
            for meta in [tool.tool_meta(None), tool.tool_meta(Some(&raw))] {
                let meta = serde_json::to_value(meta).unwrap();
                assert!(published.is_valid(&meta), "{}: {meta}", tool.name());
                if harness.namespace().in_reference_schema() {
                    assert!(reference.is_valid(&meta), "{}: {meta}", tool.name());
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 80, "{checked}");
}
