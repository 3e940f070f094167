//! The derive on the first-party tools of the design's examples: exact envelope JSON.
// The structs mirror real tool arguments; fields that are not projected are never read.
#![allow(dead_code)]

use std::path::PathBuf;

use serde::Deserialize;
use toolmeta::{InputField, Namespace, RawType, ToolIdentity, ToolKind};

use crate::common::ReadFile;

fn read(offset: Option<i64>) -> ReadFile {
    ReadFile::of_main(offset)
}

fn json<T: ToolIdentity>(tool: &T) -> String {
    serde_json::to_string(&tool.envelope()).unwrap()
}

#[test]
fn read_file_offset_zero_becomes_one() {
    assert_eq!(
        json(&read(Some(0))),
        r#"{"version":1,"name":"read_file","kind":"read","namespace":"grok_build","label":"Read","read_only":true,"input":{"path":"src/main.rs","offset":1,"limit":60}}"#
    );
}

#[test]
fn read_file_negative_offset_is_dropped() {
    assert_eq!(
        json(&read(Some(-5))),
        r#"{"version":1,"name":"read_file","kind":"read","namespace":"grok_build","label":"Read","read_only":true,"input":{"path":"src/main.rs","limit":60}}"#
    );
}

#[test]
fn read_file_absent_offset_is_omitted() {
    assert_eq!(
        json(&read(None)),
        r#"{"version":1,"name":"read_file","kind":"read","namespace":"grok_build","label":"Read","read_only":true,"input":{"path":"src/main.rs","limit":60}}"#
    );
    assert_eq!(json(&read(Some(7))), json(&read(Some(7))));
    assert!(json(&read(Some(7))).contains(r#""offset":7"#));
}

#[test]
fn read_file_records_wire_keys() {
    assert_eq!(
        ReadFile::INPUT_FIELDS,
        &[
            InputField {
                key: "path",
                wire: "target_file",
                aliases: &[],
                extra: false,
                optional: false,
                converted: false,
                zero_based: false,
                last_line: false,
                raw: RawType::OfKey,
            },
            InputField {
                key: "offset",
                wire: "offset",
                aliases: &[],
                extra: false,
                optional: true,
                converted: false,
                zero_based: false,
                last_line: false,
                raw: RawType::Integer {
                    min: i64::MIN,
                    max: i64::MAX as u64
                },
            },
            InputField {
                key: "limit",
                wire: "limit",
                aliases: &[],
                extra: false,
                optional: true,
                converted: false,
                zero_based: false,
                last_line: false,
                raw: RawType::Integer {
                    min: 0,
                    max: u64::MAX
                },
            },
        ]
    );
    assert_eq!(ReadFile::IDENTITY.kind, ToolKind::Read);
    assert_eq!(ReadFile::IDENTITY.namespace, Namespace::GrokBuild);
}

#[test]
fn read_file_from_raw_arguments() {
    let tool: ReadFile = serde_json::from_str(r#"{"target_file":"a.rs","offset":3}"#).unwrap();
    assert_eq!(
        serde_json::to_value(tool.tool_meta().input).unwrap(),
        serde_json::json!({"path": "a.rs", "offset": 3})
    );
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "bash", namespace = "grok_build", kind = "execute")]
struct Bash {
    #[tool(project)]
    command: String,
    #[tool(project)]
    description: String,
    #[tool(project)]
    cwd: Option<PathBuf>,
    timeout_ms: Option<u64>,
}

#[test]
fn bash_with_empty_description_keeps_it() {
    let bash = Bash {
        command: "cargo test".into(),
        description: String::new(),
        cwd: None,
        timeout_ms: Some(1),
    };
    assert_eq!(
        json(&bash),
        r#"{"version":1,"name":"bash","kind":"execute","namespace":"grok_build","label":"Run Command","read_only":false,"input":{"command":"cargo test","description":""}}"#
    );
    let bash = Bash {
        cwd: Some(PathBuf::from("/repo")),
        ..bash
    };
    assert!(
        json(&bash)
            .ends_with(r#""input":{"command":"cargo test","description":"","cwd":"/repo"}}"#)
    );
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "grep", namespace = "grok_build", kind = "search")]
struct Grep {
    #[tool(project)]
    pattern: String,
    #[tool(project)]
    path: Option<String>,
    #[serde(rename = "-i")]
    #[tool(skip)]
    case_insensitive: Option<bool>,
}

#[test]
fn grep_without_path() {
    let grep = Grep {
        pattern: "fn main".into(),
        path: None,
        case_insensitive: Some(true),
    };
    assert_eq!(
        json(&grep),
        r#"{"version":1,"name":"grep","kind":"search","namespace":"grok_build","label":"Search","read_only":true,"input":{"pattern":"fn main"}}"#
    );
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "search_replace", namespace = "grok_build", kind = "edit")]
struct SearchReplace {
    #[tool(project = "path")]
    file_path: String,
    #[tool(payload)]
    old_string: String,
    #[tool(payload)]
    new_string: String,
    replace_all: Option<bool>,
}

#[test]
fn search_replace_never_projects_its_payload() {
    let edit = SearchReplace {
        file_path: "src/lib.rs".into(),
        old_string: "old".into(),
        new_string: "new".into(),
        replace_all: None,
    };
    assert_eq!(
        json(&edit),
        r#"{"version":1,"name":"search_replace","kind":"edit","namespace":"grok_build","label":"Edit","read_only":false,"input":{"path":"src/lib.rs"}}"#
    );
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "list_dir", namespace = "grok_build", kind = "list_dir")]
struct ListDir {
    #[serde(rename = "target_directory")]
    #[tool(project = "directory")]
    dir: String,
}

#[test]
fn list_dir() {
    let list = ListDir { dir: ".".into() };
    assert_eq!(
        json(&list),
        r#"{"version":1,"name":"list_dir","kind":"list_dir","namespace":"grok_build","label":"List Files","read_only":true,"input":{"directory":"."}}"#
    );
    assert_eq!(ListDir::INPUT_FIELDS[0].wire, "target_directory");
}

#[derive(Deserialize, ToolIdentity)]
#[serde(rename_all = "camelCase")]
#[tool(name = "write", namespace = "opencode", kind = "write")]
struct OpenCodeWrite {
    #[tool(project = "path")]
    file_path: String,
    #[tool(payload)]
    content: String,
}

#[test]
fn opencode_write_camel_case() {
    let write: OpenCodeWrite =
        serde_json::from_str(r#"{"filePath":"/tmp/a.txt","content":"hello"}"#).unwrap();
    assert_eq!(
        json(&write),
        r#"{"version":1,"name":"write","kind":"write","namespace":"opencode","label":"Write","read_only":false,"input":{"path":"/tmp/a.txt"}}"#
    );
    assert_eq!(
        OpenCodeWrite::INPUT_FIELDS,
        &[InputField {
            key: "path",
            wire: "filePath",
            aliases: &[],
            extra: false,
            optional: false,
            converted: false,
            zero_based: false,
            last_line: false,
            raw: RawType::OfKey,
        }]
    );
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "update_plan", namespace = "codex", kind = "plan", no_input)]
struct UpdatePlan {
    explanation: Option<String>,
    #[tool(payload)]
    plan: Vec<String>,
}

#[test]
fn codex_no_input_tool_omits_input() {
    let plan = UpdatePlan {
        explanation: Some("x".into()),
        plan: vec!["step".into()],
    };
    assert_eq!(
        json(&plan),
        r#"{"version":1,"name":"update_plan","kind":"plan","namespace":"codex","label":"Plan","read_only":false}"#
    );
    assert!(UpdatePlan::INPUT_FIELDS.is_empty());
    assert_eq!(plan.tool_meta().input, None);
}

#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "github__create_issue",
    namespace = "mcp",
    kind = "other",
    label = "Tool"
)]
struct CreateIssue {
    #[tool(extra = "repo")]
    repo: String,
    #[tool(extra = "issue_number")]
    number: Option<u32>,
    #[tool(payload)]
    body: String,
}

#[test]
fn mcp_tool_as_other() {
    let issue = CreateIssue {
        repo: "x/y".into(),
        number: Some(4),
        body: "long".into(),
    };
    assert_eq!(
        json(&issue),
        r#"{"version":1,"name":"github__create_issue","kind":"other","namespace":"mcp","label":"Tool","read_only":false,"input":{"repo":"x/y","issue_number":4}}"#
    );
    assert!(CreateIssue::INPUT_FIELDS.iter().all(|field| field.extra));
}

#[derive(ToolIdentity)]
#[tool(
    name = "fetch",
    namespace = "grok_build",
    kind = "other",
    label = "Fetch It",
    read_only
)]
struct Custom {
    #[tool(project)]
    url: String,
    #[tool(project)]
    limit: Option<u128>,
    #[tool(extra = "verbose")]
    verbose: bool,
}

/// Canonical keys come in the contract's order (`limit` before `url`) whatever the field
/// order, then extra keys in field order; a `u128` beyond the JSON range saturates.
#[test]
fn custom_label_read_only_override_extra_after_canonical() {
    let tool = Custom {
        url: "https://x".into(),
        limit: Some(u128::MAX),
        verbose: true,
    };
    assert_eq!(
        json(&tool),
        r#"{"version":1,"name":"fetch","kind":"other","namespace":"grok_build","label":"Fetch It","read_only":true,"input":{"limit":18446744073709551615,"url":"https://x","verbose":true}}"#
    );
}

#[derive(ToolIdentity)]
#[tool(
    name = "edit_file",
    namespace = "grok_build_hashline",
    kind = "edit",
    read_only = false
)]
struct EditFile {
    #[tool(project)]
    path: String,
}

#[test]
fn stamp_keeps_other_meta_keys() {
    let mut existing = serde_json::Map::new();
    existing.insert("bash_mode".into(), serde_json::Value::Bool(true));
    let stamped = EditFile { path: "a".into() }
        .envelope()
        .stamp(Some(existing));
    // A `serde_json::Map` orders its keys itself, so compare values, not bytes.
    assert_eq!(
        serde_json::Value::Object(stamped),
        serde_json::json!({
            "bash_mode": true,
            "x.ai/tool": {"version":1,"name":"edit_file","kind":"edit","namespace":"grok_build_hashline","label":"Edit","read_only":false,"input":{"path":"a"}}
        })
    );
    assert_eq!(
        serde_json::to_string(&EditFile::IDENTITY.envelope()).unwrap(),
        r#"{"version":1,"name":"edit_file","kind":"edit","namespace":"grok_build_hashline","label":"Edit","read_only":false}"#
    );
}
