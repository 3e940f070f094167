//! Every recorded session of `tests/data/real/` replayed through `toolmeta policy check
//! --policy examples/policy.toml` (issue 41): each JSON line's `label`, `earned`, `decision`,
//! `rule` and `option_id` against a table written by hand from the recording's answer key
//! (`expected.jsonl`: which tool each call is) and DESIGN §8 applied to the starter policy.
//!
//! How the rows were decided (§8): a client `fs/*` method is identified by its method (earned);
//! the catalog harnesses here name their tools by earned evidence (Claude Code's `name`,
//! codex's argument keys, Gemini CLI's call ids, Kimi CLI's first title = the wire name,
//! OpenCode's argument keys, Qwen Code's `_meta` tool name). Edits and writes whose paths (the
//! input's, or a diff's) lie under `src/` or `docs/` are allowed by `edit-sources`; reads
//! inside the cwd by `read-the-project`; `rm -rf …` is denied by `destructive-commands` with
//! the request's first `reject_once`. Gemini CLI and Kimi CLI send no command with their shell
//! requests: the deny rule's selectors match and its key is missing, so the verdict is ask,
//! named by `destructive-commands`. Everything else falls to the default (ask).
//!
//! Replayed: the six `*/interleaved.jsonl` and codex-acp's `command-approval.jsonl` (one
//! request, ask by default; with a small policy allowing `npm install` it shows the call's
//! `cwd` deciding). The other fixtures carry no permission or client fs/terminal request, and
//! `grok_build` has no interleaved log. Every request here is earned: none of the recorded
//! agents asks about a call it names only by a title or its ACP kind.
//! The starter policy decides all three ways on the recordings. Counts over the 96 requests
//! of the six interleaved logs: allow 48 (read-the-project 28, edit-sources 20), deny 4
//! (destructive-commands), ask 44 (default 35, destructive-commands 9). By label: Read 30,
//! Run Command 24, Write 15, Edit 13, Web Fetch 4, Exit Plan Mode 3, Web Search 2,
//! Background Task 2, Skill 1, Enter Plan Mode 1, Subagent 1.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::toolmeta;

/// One expected line: the call id (or the client method), label, earned, decision, rule and
/// the option the proxy would send.
type Row = (
    &'static str,
    &'static str,
    bool,
    &'static str,
    &'static str,
    Option<&'static str>,
);

const FS_READ: &str = "fs/read_text_file";
const FS_WRITE: &str = "fs/write_text_file";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A fs/read_text_file inside the session cwd.
fn fs_read() -> Row {
    (FS_READ, "Read", true, "allow", "read-the-project", None)
}

/// A fs/write_text_file under `src/`.
fn fs_write_src() -> Row {
    (FS_WRITE, "Write", true, "allow", "edit-sources", None)
}

fn ask_default(id: &'static str, label: &'static str) -> Row {
    (id, label, true, "ask", "default", None)
}

/// A shell request without its command (Gemini CLI, Kimi CLI): ask, by the deny rule.
fn ask_no_command(id: &'static str) -> Row {
    (id, "Run Command", true, "ask", "destructive-commands", None)
}

fn allow_edit(id: &'static str, label: &'static str, option: &'static str) -> Row {
    (id, label, true, "allow", "edit-sources", Some(option))
}

fn deny_rm(id: &'static str, option: &'static str) -> Row {
    (
        id,
        "Run Command",
        true,
        "deny",
        "destructive-commands",
        Some(option),
    )
}

fn claude_code() -> Vec<Row> {
    vec![
        ask_default("toolu_6065374f483c487089c389b8", "Web Fetch"),
        ask_default("toolu_f982f665d8294cfbbe6df48c", "Web Search"),
        allow_edit("toolu_b91cd012dd9b4fa99fc5a9b2", "Edit", "allow-once"),
        allow_edit("toolu_4d5d0b4880bd4608bfba94d0", "Write", "allow-once"),
        ask_default("toolu_1b82875a809e41b5a0df95f6", "Edit"),
        ask_default("toolu_ecd361e08d084feeaf69f1b1", "Run Command"),
        ask_default("toolu_e86538ed4ff448b18942677b", "Run Command"),
        ask_default("toolu_13e9f014e81e4aee980aae47", "Read"),
        allow_edit("toolu_922fecdfa1ec4a288a3705b2", "Edit", "allow-once"),
        deny_rm("toolu_d5a47d50889440948f0bfe8f", "reject"),
        ask_default("toolu_a34c596146d347ea87fc7c53", "Exit Plan Mode"),
    ]
}

fn codex() -> Vec<Row> {
    vec![
        ask_default("call_87903aa78ac543c2", "Run Command"),
        ask_default("call_7d5d683363cf4a8d", "Run Command"),
        allow_edit("call_a4651afb7a7b403b", "Edit", "approved"),
        ask_default("call_7d94dabcd3304175", "Edit"),
        ask_default("call_19208aa27b7648e5", "Run Command"),
        ask_default("call_129b720849834a1e", "Run Command"),
        deny_rm("call_0b5b0026b08c4baa", "abort"),
    ]
}

fn gemini_cli() -> Vec<Row> {
    vec![
        ask_no_command("run_shell_command__run_shell_command_1796316480793_0"),
        ask_default("web_fetch__web_fetch_1796316481210_0", "Web Fetch"),
        ask_default("activate_skill__activate_skill_1796316481361_0", "Skill"),
        ask_no_command("run_shell_command__run_shell_command_1796316481403_0"),
        ask_default(
            "list_background_processes__list_background_processes_1796316481702_0",
            "Background Task",
        ),
        ask_default(
            "read_background_output__read_background_output_1796316481759_0",
            "Background Task",
        ),
        fs_read(),
        allow_edit("replace__replace_1796316483463_0", "Edit", "proceed_once"),
        fs_read(),
        fs_write_src(),
        fs_read(),
        fs_read(),
        fs_read(),
        allow_edit(
            "write_file__write_file_1796316483606_0",
            "Write",
            "proceed_once",
        ),
        fs_read(),
        fs_write_src(),
        fs_read(),
        fs_read(),
        fs_read(),
        ask_default("replace__replace_1796316483674_0", "Edit"),
        fs_read(),
        (FS_WRITE, "Write", true, "ask", "default", None),
        ask_no_command("run_shell_command__run_shell_command_1796316483710_0"),
        ask_no_command("run_shell_command__run_shell_command_1796316483945_0"),
        ask_no_command("run_shell_command__run_shell_command_1796316484080_0"),
        ask_default(
            "enter_plan_mode__enter_plan_mode_1796316484118_0",
            "Enter Plan Mode",
        ),
        ask_default(
            "exit_plan_mode__exit_plan_mode_1796316484219_0",
            "Exit Plan Mode",
        ),
    ]
}

fn kimi_cli() -> Vec<Row> {
    vec![
        fs_read(),
        fs_read(),
        fs_read(),
        fs_read(),
        ask_no_command("3a51c041-ff53-433f-9827-7a50be93d0fe/call_fd92f212a0aa4796"),
        fs_read(),
        fs_read(),
        allow_edit(
            "bb23bb48-41b6-45c5-80ee-ff12bbeb559f/call_b9da71cedd954077",
            "Edit",
            "approve",
        ),
        fs_write_src(),
        allow_edit(
            "bb23bb48-41b6-45c5-80ee-ff12bbeb559f/call_d7832669e77f4e28",
            "Write",
            "approve",
        ),
        fs_write_src(),
        ask_no_command("bb23bb48-41b6-45c5-80ee-ff12bbeb559f/call_64f2db8733434ade"),
        ask_no_command("bb23bb48-41b6-45c5-80ee-ff12bbeb559f/call_e664bef859ec49ee"),
        fs_read(),
        fs_read(),
        ask_default(
            "f467b0e1-9926-4b07-9513-62033fd5d524/call_96cc677483c84b81",
            "Edit",
        ),
        ask_no_command("8cbd2c86-5eca-4519-b026-3a66b22b7fcc/call_b9abfbad2bb7432e"),
    ]
}

fn opencode() -> Vec<Row> {
    vec![
        ask_default("call_367f925009a24d96", "Run Command"),
        ask_default("call_ab92535968644a6d", "Web Fetch"),
        ask_default("call_ab3e6f68909e40cf", "Web Search"),
        allow_edit("call_9ead2115b82d4916", "Edit", "once"),
        fs_write_src(),
        allow_edit("call_ed0123c0ca5242be", "Write", "once"),
        fs_write_src(),
        ask_default("call_ee840fd62c17406b", "Edit"),
        (FS_WRITE, "Write", true, "ask", "default", None),
        ask_default("call_f890f3e542c543fa", "Run Command"),
        ask_default("call_b6e5bb325bc74295", "Run Command"),
        ask_default("call_19b83f665f81485a", "Read"),
        deny_rm("call_5b4acbbfecf04dc0", "reject"),
    ]
}

fn qwen_code() -> Vec<Row> {
    vec![
        fs_read(),
        fs_read(),
        fs_read(),
        ask_default("call_b1a540a489d8447b", "Web Fetch"),
        ask_default("call_cda41fd7ed594489", "Subagent"),
        fs_read(),
        fs_read(),
        allow_edit("call_338785038bf64fde", "Edit", "proceed_once"),
        fs_read(),
        fs_write_src(),
        allow_edit("call_9f7e32f30edb4c7b", "Write", "proceed_once"),
        fs_write_src(),
        ask_default("call_6bbbb1d07bd74121", "Run Command"),
        ask_default("call_83f0e4112863491a", "Run Command"),
        fs_read(),
        fs_read(),
        fs_read(),
        fs_read(),
        ask_default("call_21da5bef7ca546d2", "Edit"),
        deny_rm("call_598f8a31792a44a7", "cancel"),
        ask_default("call_8b6ba5698441419e", "Exit Plan Mode"),
    ]
}

/// Runs `policy check --policy POLICY --home /home/dev EXTRA… LOG` over one recording (a path
/// under `tests/data/real/`); returns its JSON lines.
fn check(policy: &Path, extra: &[&str], recording: &str) -> Vec<Value> {
    let log = root().join("tests/data/real").join(recording);
    let mut args = vec![
        "policy",
        "check",
        "--policy",
        policy.to_str().unwrap(),
        "--home",
        "/home/dev",
    ];
    args.extend_from_slice(extra);
    args.push(log.to_str().unwrap());
    let (code, out, err) = toolmeta(&args, "");
    assert_eq!(code, 0, "{recording}: policy check failed: {err}");
    out.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

fn starter() -> PathBuf {
    root().join("examples/policy.toml")
}

fn replay(recording: &str, expected: &[Row]) {
    replay_with(&starter(), &[], recording, expected);
}

fn replay_with(policy: &Path, extra: &[&str], recording: &str, expected: &[Row]) {
    let lines = check(policy, extra, recording);
    let got: Vec<String> = lines
        .iter()
        .map(|line| {
            let key = line["tool_call_id"]
                .as_str()
                .unwrap_or_else(|| line["method"].as_str().unwrap_or("?"));
            format!(
                "{key} {} earned={} {} {} {}",
                line["label"], line["earned"], line["decision"], line["rule"], line["option_id"]
            )
        })
        .collect();
    let want: Vec<String> = expected
        .iter()
        .map(|(key, label, earned, decision, rule, option)| {
            let option = option.map_or("null".to_owned(), |o| format!("\"{o}\""));
            format!("{key} \"{label}\" earned={earned} \"{decision}\" \"{rule}\" {option}")
        })
        .collect();
    assert_eq!(got, want, "{recording}: decisions differ from the table");
}

#[test]
fn claude_code_replayed() {
    replay("claude_code/interleaved.jsonl", &claude_code());
}

#[test]
fn codex_replayed() {
    replay("codex/interleaved.jsonl", &codex());
}

#[test]
fn gemini_cli_replayed() {
    replay("gemini_cli/interleaved.jsonl", &gemini_cli());
}

#[test]
fn kimi_cli_replayed() {
    replay("kimi_cli/interleaved.jsonl", &kimi_cli());
}

#[test]
fn opencode_replayed() {
    replay("opencode/interleaved.jsonl", &opencode());
}

#[test]
fn qwen_code_replayed() {
    replay("qwen_code/interleaved.jsonl", &qwen_code());
}

/// The counts the module's doc states, from the tables (not from the program's output).
#[test]
fn the_tables_decide_all_three_ways() {
    let all: Vec<Row> = [
        claude_code(),
        codex(),
        gemini_cli(),
        kimi_cli(),
        opencode(),
        qwen_code(),
    ]
    .concat();
    let count = |decision: &str, rule: &str| {
        all.iter()
            .filter(|row| row.3 == decision && row.4 == rule)
            .count()
    };
    assert_eq!(all.len(), 96);
    assert_eq!(
        (
            count("allow", "read-the-project"),
            count("allow", "edit-sources"),
            count("deny", "destructive-commands"),
            count("ask", "default"),
            count("ask", "destructive-commands"),
        ),
        (28, 20, 4, 35, 9)
    );
    let labels = |label: &str| all.iter().filter(|row| row.1 == label).count();
    assert_eq!(
        [
            "Read",
            "Run Command",
            "Write",
            "Edit",
            "Web Fetch",
            "Exit Plan Mode",
            "Web Search",
            "Background Task"
        ]
        .map(labels),
        [30, 24, 15, 13, 4, 3, 2, 2]
    );
}

/// codex-acp's own fixture: `npm install` with `rawInput {command, cwd}` and a permission
/// request, no `session/new` cwd recorded. The starter policy names no npm command: ask.
#[test]
fn codex_acp_command_approval_replayed() {
    replay(
        "codex_acp_fixtures/command-approval.jsonl",
        &[ask_default("cmd-a", "Run Command")],
    );
}

/// The same request under a policy that allows `npm install`: the call carries `cwd`
/// `/workspace`, which an allow needs inside the session cwd (§8, `command`). With `--cwd
/// /workspace` it is, and the first `allow_once` option is sent; with no session cwd known
/// it cannot be shown inside, so the allow does not hold and the default (ask) decides.
#[test]
fn an_allow_needs_the_calls_cwd_inside_the_sessions() {
    let dir = std::env::temp_dir().join(format!("toolmeta-policy-replay-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let policy = dir.join("npm.toml");
    fs::write(
        &policy,
        "version = 1\ndefault = \"ask\"\n\n[[rule]]\nname = \"npm-install\"\n\
         decision = \"allow\"\nlabel = \"Run Command\"\ncommand = \"npm install\"\n",
    )
    .unwrap();
    let recording = "codex_acp_fixtures/command-approval.jsonl";
    replay_with(
        &policy,
        &["--cwd", "/workspace"],
        recording,
        &[(
            "cmd-a",
            "Run Command",
            true,
            "allow",
            "npm-install",
            Some("allow_once"),
        )],
    );
    replay_with(
        &policy,
        &[],
        recording,
        &[ask_default("cmd-a", "Run Command")],
    );
    fs::remove_dir_all(&dir).unwrap();
}
