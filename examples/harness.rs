//! A small coding-agent harness that streams its tool calls as ACP `session/update`
//! notifications, one JSON-RPC message per line on stdout, with the tool-identity envelope
//! stamped on every event that should carry it.
//!
//! ```text
//! cargo run --example harness                                  # the JSONL stream
//! cargo run --example harness | cargo run -p toolmeta-cli -- inspect -   # read it back
//! ```
//!
//! The harness registers tools of three namespaces (`grok_build`, `codex`, `opencode`) in a
//! compile-time-checked toolset, including a runtime rename (Codex's `shell` also answers to
//! its legacy name `container.exec`), and plays a scripted turn. Each call goes through the
//! lifecycle of the wire contract:
//!
//! 1. `tool_call` as soon as the model names the tool: identity only, arguments not parsed;
//! 2. `tool_call_update` once the arguments are parsed: the full envelope with `input`;
//! 3. for edits, a `session/request_permission` request carrying the envelope too;
//! 4. progress and completion updates, which carry none.
//!
//! A call to a tool the toolset does not know (an MCP tool here) gets no envelope at all.

use std::error::Error;
use std::io::{self, BufWriter, Write as _};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use toolmeta::acp::AcpToolEvent;
use toolmeta::acp::schema::v1::{
    ContentBlock, ContentChunk, Diff, JsonRpcMessage, Notification, PermissionOption,
    PermissionOptionKind, Request, RequestId, RequestPermissionRequest, SessionNotification,
    SessionUpdate, ToolCall, ToolCallContent, ToolCallLocation, ToolCallStatus, ToolCallUpdate,
    ToolCallUpdateFields,
};
use toolmeta::{StaticToolset, ToolEntry, ToolIdentity};

// ---- The harness's tools -------------------------------------------------------------

/// Reads a window of a file.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
struct ReadFile {
    #[serde(rename = "target_file")]
    #[tool(project = "path")]
    path: String,
    #[tool(project)]
    offset: Option<i64>,
    #[tool(project)]
    limit: Option<u64>,
}

/// Replaces a string in a file.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "search_replace", namespace = "grok_build", kind = "edit")]
struct SearchReplace {
    #[tool(project = "path")]
    file_path: String,
    #[tool(payload)]
    old_string: String,
    #[tool(payload)]
    new_string: String,
    #[serde(default)]
    replace_all: bool,
}

/// Codex's shell: an argv, projected as one command line.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "shell", namespace = "codex", kind = "execute")]
struct Shell {
    // An argv as one command line, shell-quoted; a `bash -lc` script as itself.
    #[tool(project, with = "toolmeta::convert::command_line")]
    command: Vec<String>,
    #[tool(project = "cwd")]
    workdir: Option<String>,
}

/// Codex's plan: no stable cross-harness shape, so no `input`.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "update_plan", namespace = "codex", kind = "plan", no_input)]
struct UpdatePlan {
    #[tool(payload)]
    #[expect(
        dead_code,
        reason = "this demo harness parses its tools' arguments but runs none"
    )]
    plan: Vec<Value>,
}

/// OpenCode's grep (camelCase arguments).
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "grep", namespace = "opencode", kind = "search")]
#[serde(rename_all = "camelCase")]
struct Grep {
    #[tool(project)]
    pattern: String,
    #[tool(project)]
    path: Option<String>,
    #[expect(
        dead_code,
        reason = "this demo harness parses its tools' arguments but runs none"
    )]
    include: Option<String>,
}

/// OpenCode's write (camelCase arguments).
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "write", namespace = "opencode", kind = "write")]
#[serde(rename_all = "camelCase")]
struct Write {
    #[tool(project = "path")]
    file_path: String,
    #[tool(payload)]
    #[expect(
        dead_code,
        reason = "this demo harness parses its tools' arguments but runs none"
    )]
    content: String,
}

/// Every tool the model may call, by wire name. Deserialized entries project raw arguments
/// exactly as the typed values would (the `with` conversion of `shell` included). A
/// duplicate wire name here would stop the build.
const TOOLS: StaticToolset = StaticToolset::new(&[
    ToolEntry::deserialized::<ReadFile>(),
    ToolEntry::deserialized::<SearchReplace>(),
    ToolEntry::deserialized::<Shell>(),
    ToolEntry::deserialized::<Shell>().renamed("container.exec"),
    ToolEntry::deserialized::<UpdatePlan>(),
    ToolEntry::deserialized::<Grep>(),
    ToolEntry::deserialized::<Write>(),
]);

// ---- The ACP stream --------------------------------------------------------------------

/// Writes ACP messages to stdout, one JSON-RPC message per line.
struct Stream<W: io::Write> {
    out: W,
    session: &'static str,
    next_request_id: i64,
}

impl<W: io::Write> Stream<W> {
    fn line<T: Serialize>(&mut self, message: &T) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, message)?;
        self.out.write_all(b"\n")
    }

    fn update(&mut self, update: SessionUpdate) -> io::Result<()> {
        let notification = SessionNotification::new(self.session, update);
        self.line(&JsonRpcMessage::wrap(Notification {
            method: "session/update".into(),
            params: Some(notification),
        }))
    }

    fn request_permission(&mut self, tool_call: ToolCallUpdate) -> io::Result<()> {
        let request = RequestPermissionRequest::new(
            self.session,
            tool_call,
            vec![
                PermissionOption::new("allow", "Allow", PermissionOptionKind::AllowOnce),
                PermissionOption::new("reject", "Reject", PermissionOptionKind::RejectOnce),
            ],
        );
        self.next_request_id += 1;
        self.line(&JsonRpcMessage::wrap(Request {
            id: RequestId::Number(self.next_request_id),
            method: "session/request_permission".into(),
            params: Some(request),
        }))
    }

    fn say(&mut self, text: &str, user: bool) -> io::Result<()> {
        let chunk = ContentChunk::new(ContentBlock::from(text));
        self.update(if user {
            SessionUpdate::UserMessageChunk(chunk)
        } else {
            SessionUpdate::AgentMessageChunk(chunk)
        })
    }

    /// Plays one tool call through its lifecycle.
    fn call(&mut self, id: &str, step: &Step) -> io::Result<()> {
        let Step {
            name,
            raw_input,
            title,
            path,
        } = step;

        // 1. The model has named the tool: identity only, arguments not parsed yet. An
        //    unknown tool (MCP) is left unstamped.
        let mut call = ToolCall::new(id.to_owned(), *name)
            .name(name.to_string())
            .raw_input(raw_input.clone());
        let tool = TOOLS.get(name);
        if let Some(tool) = &tool {
            call.stamp_from(tool, None);
            call.set_tool_kind(tool.identity().kind);
        }
        self.update(SessionUpdate::ToolCall(call))?;

        // 2. Arguments parsed: the full envelope, `input` projected from the raw arguments.
        let mut fields = ToolCallUpdateFields::new()
            .title(title.to_string())
            .raw_input(raw_input.clone());
        if let Some(path) = path {
            fields = fields.locations(vec![ToolCallLocation::new(*path)]);
        }
        let mut refined = ToolCallUpdate::new(id.to_owned(), fields);
        if let Some(tool) = &tool {
            refined.stamp_from(tool, Some(raw_input));
            refined.set_tool_kind(tool.identity().kind);
        }

        // 3. Edits ask first; the request carries the envelope of the typed arguments.
        if *name == "search_replace" {
            let edit: SearchReplace =
                serde_json::from_value(raw_input.clone()).map_err(io::Error::other)?;
            let mut tool_call = refined.clone();
            tool_call.stamp(&edit.envelope());
            self.request_permission(tool_call)?;
            let diff = Diff::new(&edit.file_path, &edit.new_string).old_text(edit.old_string);
            refined.fields.content = Some(vec![ToolCallContent::Diff(diff)]);
            debug_assert!(!edit.replace_all);
        }
        self.update(SessionUpdate::ToolCallUpdate(refined))?;

        // 4. Progress and completion carry no envelope.
        let done = |status| {
            SessionUpdate::ToolCallUpdate(ToolCallUpdate::new(
                id.to_owned(),
                ToolCallUpdateFields::new().status(status),
            ))
        };
        self.update(done(ToolCallStatus::InProgress))?;
        self.update(done(ToolCallStatus::Completed))
    }
}

/// One scripted tool call: the wire name the model used and its raw arguments.
struct Step {
    name: &'static str,
    raw_input: Value,
    title: &'static str,
    path: Option<&'static str>,
}

fn script() -> Vec<Step> {
    vec![
        Step {
            name: "grep",
            raw_input: json!({"pattern": "RETRIES", "path": "src", "include": "*.rs"}),
            title: "Search `RETRIES` in src",
            path: None,
        },
        Step {
            name: "read_file",
            raw_input: json!({"target_file": "src/config.rs", "offset": 0, "limit": 40}),
            title: "Read `src/config.rs`",
            path: Some("src/config.rs"),
        },
        Step {
            name: "update_plan",
            raw_input: json!({"plan": [
                {"step": "Raise RETRIES to 5", "status": "in_progress"},
                {"step": "Run the config tests", "status": "pending"}
            ]}),
            title: "Update plan",
            path: None,
        },
        Step {
            name: "search_replace",
            raw_input: json!({"file_path": "src/config.rs",
                              "old_string": "RETRIES: u32 = 3;",
                              "new_string": "RETRIES: u32 = 5;"}),
            title: "Edit `src/config.rs`",
            path: Some("src/config.rs"),
        },
        Step {
            name: "container.exec",
            raw_input: json!({"command": ["bash", "-lc", "cargo test -p config"],
                              "workdir": "/home/dev/proj"}),
            title: "Run `cargo test -p config`",
            path: None,
        },
        Step {
            name: "write",
            raw_input: json!({"filePath": "notes/retries.md",
                              "content": "RETRIES raised from 3 to 5.\n"}),
            title: "Write `notes/retries.md`",
            path: Some("notes/retries.md"),
        },
        Step {
            name: "linear.create_issue",
            raw_input: json!({"title": "Document the retry policy"}),
            title: "Create a Linear issue",
            path: None,
        },
    ]
}

/// Plays the scripted turn into `out`, one JSON-RPC message per line.
pub fn run(out: impl io::Write) -> io::Result<()> {
    let mut stream = Stream {
        out: BufWriter::new(out),
        session: "harness-demo",
        next_request_id: 0,
    };
    stream.say(
        "Find the retry constant and raise it to 5, then run the tests.",
        true,
    )?;
    for (i, step) in script().iter().enumerate() {
        stream.call(&format!("call_{}", i + 1), step)?;
    }
    stream.say("RETRIES is now 5 and the config tests pass.", false)?;
    stream.out.flush()
}

fn main() -> Result<(), Box<dyn Error>> {
    run(io::stdout().lock())?;
    Ok(())
}
