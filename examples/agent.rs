//! A real ACP agent on the official Rust SDK (`agent-client-protocol`), speaking over stdio,
//! whose every tool call carries the tool-identity envelope.
//!
//! ```text
//! cargo run --example agent          # then drive it from any ACP client
//! cargo run --example agent -- --no-envelopes   # as a harness without toolmeta: no envelopes
//! ```
//!
//! It answers `initialize`, `session/new` and `session/prompt`. It has no model: a prompt is
//! a small script, one tool call per line, run for real in the session's working directory:
//!
//! ```text
//! read <path> [<offset> [<limit>]]    read_file             (Read)
//! ls [<directory>]                    list_dir              (List Files)
//! grep <pattern> [<path>]             grep                  (Search)
//! run <command line>                  run_terminal_command  (Run Command)
//! edit <path> <old> => <new>          search_replace        (Edit; asks permission first)
//! ```
//!
//! A prompt with none of these lines plays a default turn: list the directory, read its
//! README, search for the prompt's first word, run `ls -a`, and create
//! `toolmeta-agent.txt` (an edit with an empty `<old>`, which asks permission first).
//!
//! Every call follows the lifecycle of the wire contract:
//!
//! 1. `tool_call` as soon as the tool is chosen: the identity-only envelope (from the static
//!    toolset, by wire name) and an ACP `kind` that agrees with it;
//! 2. `tool_call_update` once the arguments are parsed: the full envelope of the typed
//!    arguments, with `input`, beside `rawInput` and the `locations`;
//! 3. for edits, `session/request_permission` carrying that envelope too; the answer is
//!    honoured (a rejected or cancelled edit is not written and the call fails);
//! 4. progress (`in_progress`) and completion (`completed` / `failed`, with the output),
//!    which carry no envelope.

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use agent_client_protocol::v1::ConnectionTo;
use agent_client_protocol::v1::schema::{
    AgentCapabilities, CancelNotification, ContentBlock, ContentChunk, Diff, Implementation,
    InitializeRequest, InitializeResponse, NewSessionRequest, NewSessionResponse, PermissionOption,
    PermissionOptionKind, PromptRequest, PromptResponse, RequestPermissionOutcome,
    RequestPermissionRequest, SessionId, SessionNotification, SessionUpdate, StopReason, ToolCall,
    ToolCallContent, ToolCallLocation, ToolCallStatus, ToolCallUpdate, ToolCallUpdateFields,
};
use agent_client_protocol::{Agent, Client, Error, Stdio};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use toolmeta::acp::AcpToolEvent;
use toolmeta::{StaticToolset, ToolEntry, ToolIdentity};

// ---- The agent's tools ---------------------------------------------------------------

/// Reads a window of a file: `offset` is the 1-based first line (0 reads from the start).
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

/// Lists a directory.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "list_dir", namespace = "grok_build", kind = "list_dir")]
struct ListDir {
    #[tool(project = "directory")]
    target_directory: String,
}

/// Searches files for a literal pattern.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "grep", namespace = "grok_build", kind = "search")]
struct Grep {
    #[tool(project)]
    pattern: String,
    #[tool(project)]
    path: Option<String>,
}

/// Runs a shell command.
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "run_terminal_command",
    namespace = "grok_build",
    kind = "execute"
)]
struct RunTerminalCommand {
    #[tool(project)]
    command: String,
    #[tool(project)]
    cwd: Option<String>,
}

/// Replaces one occurrence of a string in a file; an empty `old_string` creates the file.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "search_replace", namespace = "grok_build", kind = "edit")]
struct SearchReplace {
    #[tool(project = "path")]
    file_path: String,
    #[tool(payload)]
    old_string: String,
    #[tool(payload)]
    new_string: String,
}

/// The tools by wire name: the first `tool_call` is stamped from here, before the arguments
/// are parsed. A duplicate wire name would stop the build.
const TOOLS: StaticToolset = StaticToolset::new(&[
    ToolEntry::deserialized::<ReadFile>(),
    ToolEntry::deserialized::<ListDir>(),
    ToolEntry::deserialized::<Grep>(),
    ToolEntry::deserialized::<RunTerminalCommand>(),
    ToolEntry::deserialized::<SearchReplace>(),
]);

// ---- The prompt as a script --------------------------------------------------------------

/// One tool call the "model" asked for: the wire name and the raw JSON arguments.
struct Step {
    name: &'static str,
    arguments: Value,
}

/// Reads the prompt's command lines; a prompt with none gets the default turn.
fn script(prompt: &str, cwd: &Path) -> Vec<Step> {
    let steps: Vec<Step> = prompt.lines().filter_map(parse_line).collect();
    if steps.is_empty() {
        default_turn(prompt, cwd)
    } else {
        steps
    }
}

fn parse_line(line: &str) -> Option<Step> {
    let line = line.trim();
    let (verb, rest) = line.split_once(' ').unwrap_or((line, ""));
    let rest = rest.trim();
    let words: Vec<&str> = rest.split_whitespace().collect();
    let (name, arguments) = match verb {
        "read" if !words.is_empty() => {
            let mut arguments = json!({ "target_file": words[0] });
            if let Some(offset) = words.get(1).and_then(|word| word.parse::<i64>().ok()) {
                arguments["offset"] = offset.into();
            }
            if let Some(limit) = words.get(2).and_then(|word| word.parse::<u64>().ok()) {
                arguments["limit"] = limit.into();
            }
            ("read_file", arguments)
        }
        "ls" => (
            "list_dir",
            json!({ "target_directory": words.first().copied().unwrap_or(".") }),
        ),
        "grep" if !words.is_empty() => {
            let mut arguments = json!({ "pattern": words[0] });
            if let Some(path) = words.get(1) {
                arguments["path"] = (*path).into();
            }
            ("grep", arguments)
        }
        "run" if !rest.is_empty() => ("run_terminal_command", json!({ "command": rest })),
        "edit" => {
            let (path, change) = rest.split_once(' ')?;
            let (old, new) = change.split_once("=>")?;
            (
                "search_replace",
                json!({ "file_path": path, "old_string": old.trim(), "new_string": new.trim() }),
            )
        }
        _ => return None,
    };
    Some(Step { name, arguments })
}

fn default_turn(prompt: &str, cwd: &Path) -> Vec<Step> {
    let readme = ["README.md", "README", "readme.md"]
        .into_iter()
        .find(|name| cwd.join(name).is_file())
        .unwrap_or("README.md");
    let word = prompt.split_whitespace().next().unwrap_or("TODO");
    vec![
        Step {
            name: "list_dir",
            arguments: json!({ "target_directory": "." }),
        },
        Step {
            name: "read_file",
            arguments: json!({ "target_file": readme, "offset": 1, "limit": 40 }),
        },
        Step {
            name: "grep",
            arguments: json!({ "pattern": word }),
        },
        Step {
            name: "run_terminal_command",
            arguments: json!({ "command": "ls -a" }),
        },
        Step {
            name: "search_replace",
            arguments: json!({
                "file_path": "toolmeta-agent.txt",
                "old_string": "",
                "new_string": format!("Written by the toolmeta example agent for: {prompt}\n"),
            }),
        },
    ]
}

// ---- Running a turn --------------------------------------------------------------------

/// What one tool call produced.
struct Outcome {
    status: ToolCallStatus,
    output: String,
}

impl Outcome {
    fn of(result: io::Result<String>) -> Outcome {
        match result {
            Ok(output) => Outcome {
                status: ToolCallStatus::Completed,
                output,
            },
            Err(error) => Outcome {
                status: ToolCallStatus::Failed,
                output: error.to_string(),
            },
        }
    }
}

/// What the agent keeps of one session.
struct Session {
    cwd: PathBuf,
    /// Call ids are unique per session across turns.
    calls: AtomicU64,
    /// Set by `session/cancel`; the turn stops before its next call.
    cancelled: AtomicBool,
}

/// One prompt turn of one session.
struct Turn {
    connection: ConnectionTo<Client>,
    session_id: SessionId,
    session: Arc<Session>,
}

impl Turn {
    fn update(&self, update: SessionUpdate) -> Result<(), Error> {
        self.connection
            .send_notification(SessionNotification::new(self.session_id.clone(), update))
    }

    fn say(&self, text: impl Into<String>) -> Result<(), Error> {
        self.update(SessionUpdate::AgentMessageChunk(ContentChunk::new(
            ContentBlock::from(text.into()),
        )))
    }

    fn next_call_id(&self) -> String {
        let call = self.session.calls.fetch_add(1, Ordering::Relaxed) + 1;
        format!("call_{call}")
    }

    fn resolve(&self, path: &str) -> PathBuf {
        match path {
            "." | "" => self.session.cwd.clone(),
            path => self.session.cwd.join(path),
        }
    }

    async fn run(&self, steps: Vec<Step>) -> Result<StopReason, Error> {
        self.say(format!("Running {} tool calls.\n", steps.len()))?;
        for step in steps {
            if self.session.cancelled.load(Ordering::Relaxed) {
                return Ok(StopReason::Cancelled);
            }
            self.call(step).await?;
        }
        self.say("Done.\n")?;
        Ok(StopReason::EndTurn)
    }

    /// Plays one tool call through its lifecycle.
    async fn call(&self, step: Step) -> Result<(), Error> {
        let Step { name, arguments } = step;
        let id = self.next_call_id();
        let tool = TOOLS
            .get(name)
            .expect("the script names only registered tools");

        // 1. The tool is chosen: identity only, arguments not parsed yet.
        let mut call = ToolCall::new(id.clone(), name).status(ToolCallStatus::Pending);
        if envelopes() {
            call.stamp_from(&tool, None);
        }
        call.set_tool_kind(tool.identity().kind);
        self.update(SessionUpdate::ToolCall(call))?;

        // 2. Arguments parsed: the typed tool's full envelope, then the tool runs.
        let outcome = match name {
            "read_file" => self.typed(&id, &arguments, |read| self.read(read)).await?,
            "list_dir" => self.typed(&id, &arguments, |list| self.list(list)).await?,
            "grep" => self.typed(&id, &arguments, |grep| self.grep(grep)).await?,
            "run_terminal_command" => self.typed(&id, &arguments, |run| self.execute(run)).await?,
            "search_replace" => self.edit(&id, &arguments).await?,
            _ => unreachable!("every registered tool is handled"),
        };

        // 4. Completion carries no envelope.
        self.update(SessionUpdate::ToolCallUpdate(ToolCallUpdate::new(
            id,
            ToolCallUpdateFields::new()
                .status(outcome.status)
                .content(vec![ToolCallContent::from(outcome.output)]),
        )))
    }

    /// Parses the arguments as `T`, stamps its envelope on the update that carries them,
    /// marks the call in progress and runs it.
    async fn typed<T: ToolIdentity + DeserializeOwned>(
        &self,
        id: &str,
        arguments: &Value,
        run: impl FnOnce(&T) -> io::Result<String>,
    ) -> Result<Outcome, Error> {
        let tool: T = match self.parsed(id, arguments)? {
            Ok(tool) => tool,
            Err(outcome) => return Ok(outcome),
        };
        self.in_progress(id)?;
        Ok(Outcome::of(run(&tool)))
    }

    /// Sends the update that carries the parsed arguments and their full envelope.
    fn parsed<T: ToolIdentity + DeserializeOwned>(
        &self,
        id: &str,
        arguments: &Value,
    ) -> Result<Result<T, Outcome>, Error> {
        let mut fields = ToolCallUpdateFields::new().raw_input(arguments.clone());
        let tool = match T::deserialize(arguments) {
            Ok(tool) => tool,
            Err(error) => {
                return Ok(Err(Outcome {
                    status: ToolCallStatus::Failed,
                    output: format!("invalid arguments: {error}"),
                }));
            }
        };
        if let Some(path) = location(arguments) {
            fields = fields.locations(vec![ToolCallLocation::new(self.resolve(path))]);
        }
        let mut update = ToolCallUpdate::new(
            id.to_owned(),
            fields.title(title(T::IDENTITY.name, arguments)),
        );
        if envelopes() {
            update.stamp(&tool.envelope());
        }
        self.update(SessionUpdate::ToolCallUpdate(update))?;
        Ok(Ok(tool))
    }

    /// 4. Progress carries no envelope.
    fn in_progress(&self, id: &str) -> Result<(), Error> {
        self.update(SessionUpdate::ToolCallUpdate(ToolCallUpdate::new(
            id.to_owned(),
            ToolCallUpdateFields::new().status(ToolCallStatus::InProgress),
        )))
    }

    /// An edit: 3. asks permission with the full envelope, and honours the answer.
    async fn edit(&self, id: &str, arguments: &Value) -> Result<Outcome, Error> {
        let edit: SearchReplace = match self.parsed(id, arguments)? {
            Ok(edit) => edit,
            Err(outcome) => return Ok(outcome),
        };
        let path = self.resolve(&edit.file_path);
        let current = match fs::read_to_string(&path) {
            Ok(text) => Some(text),
            Err(error) if error.kind() == io::ErrorKind::NotFound => None,
            Err(error) => return Ok(Outcome::of(Err(error))),
        };
        let replaced = match (&current, edit.old_string.is_empty()) {
            (None, true) => edit.new_string.clone(),
            (Some(_), true) => return Ok(Outcome::of(Err(invalid("the file already exists")))),
            (None, false) => return Ok(Outcome::of(Err(invalid("no such file")))),
            (Some(text), false) if !text.contains(&edit.old_string) => {
                return Ok(Outcome::of(Err(invalid("`old_string` is not in the file"))));
            }
            (Some(text), false) => text.replacen(&edit.old_string, &edit.new_string, 1),
        };

        let diff = Diff::new(path.clone(), replaced.clone()).old_text(current);
        let mut tool_call = ToolCallUpdate::new(
            id.to_owned(),
            ToolCallUpdateFields::new()
                .title(title(SearchReplace::IDENTITY.name, arguments))
                .content(vec![ToolCallContent::Diff(diff)]),
        );
        if envelopes() {
            tool_call.stamp(&edit.envelope());
        }
        let request = RequestPermissionRequest::new(
            self.session_id.clone(),
            tool_call,
            vec![
                PermissionOption::new("allow", "Allow", PermissionOptionKind::AllowOnce),
                PermissionOption::new("reject", "Reject", PermissionOptionKind::RejectOnce),
            ],
        );
        let response = self.connection.send_request(request).block_task().await?;
        let allowed = matches!(
            &response.outcome,
            RequestPermissionOutcome::Selected(selected) if &*selected.option_id.0 == "allow"
        );
        if !allowed {
            return Ok(Outcome {
                status: ToolCallStatus::Failed,
                output: "The user did not allow this edit; nothing was written.".to_owned(),
            });
        }
        self.in_progress(id)?;
        Ok(Outcome::of(
            fs::write(&path, replaced).map(|()| format!("Edited {}", edit.file_path)),
        ))
    }

    fn read(&self, read: &ReadFile) -> io::Result<String> {
        let text = fs::read_to_string(self.resolve(&read.path))?;
        let first = usize::try_from(read.offset.unwrap_or(1).max(1) - 1).unwrap_or(usize::MAX);
        let limit = read.limit.map_or(usize::MAX, |limit| {
            usize::try_from(limit).unwrap_or(usize::MAX)
        });
        Ok(text
            .lines()
            .skip(first)
            .take(limit)
            .map(|line| format!("{line}\n"))
            .collect())
    }

    fn list(&self, list: &ListDir) -> io::Result<String> {
        let mut names = fs::read_dir(self.resolve(&list.target_directory))?
            .map(|entry| {
                let entry = entry?;
                let slash = if entry.file_type()?.is_dir() { "/" } else { "" };
                Ok(format!("{}{slash}", entry.file_name().to_string_lossy()))
            })
            .collect::<io::Result<Vec<_>>>()?;
        names.sort();
        Ok(names.join("\n"))
    }

    fn grep(&self, grep: &Grep) -> io::Result<String> {
        const MAX_MATCHES: usize = 200;
        let root = self.resolve(grep.path.as_deref().unwrap_or("."));
        let mut matches = Vec::new();
        let mut pending = vec![root.clone()];
        while let Some(path) = pending.pop() {
            if path.is_dir() {
                for entry in fs::read_dir(&path)? {
                    let entry = entry?;
                    let hidden = entry.file_name().to_string_lossy().starts_with('.');
                    if !hidden && entry.file_name() != "target" {
                        pending.push(entry.path());
                    }
                }
                continue;
            }
            // Binary and unreadable files are not searched.
            let Ok(text) = fs::read_to_string(&path) else {
                continue;
            };
            let shown = path
                .strip_prefix(&self.session.cwd)
                .unwrap_or(&path)
                .display();
            for (number, line) in text.lines().enumerate() {
                if line.contains(&grep.pattern) && matches.len() < MAX_MATCHES {
                    matches.push(format!("{shown}:{}:{line}", number + 1));
                }
            }
        }
        matches.sort();
        Ok(matches.join("\n"))
    }

    fn execute(&self, run: &RunTerminalCommand) -> io::Result<String> {
        let cwd = self.resolve(run.cwd.as_deref().unwrap_or("."));
        let output = Command::new("sh")
            .arg("-c")
            .arg(&run.command)
            .current_dir(cwd)
            .output()?;
        let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
        text.push_str(&String::from_utf8_lossy(&output.stderr));
        if output.status.success() {
            Ok(text)
        } else {
            Err(io::Error::other(format!("{}\n{text}", output.status)))
        }
    }
}

fn invalid(message: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

/// The path a call touches, for its ACP `locations`.
fn location(arguments: &Value) -> Option<&str> {
    ["target_file", "file_path", "target_directory", "path"]
        .into_iter()
        .find_map(|key| arguments.get(key)?.as_str())
}

/// A human title, as agents show them (the envelope, not the title, names the tool).
fn title(name: &str, arguments: &Value) -> String {
    let text = |key: &str| arguments.get(key).and_then(Value::as_str).unwrap_or("");
    match name {
        "read_file" => format!("Read `{}`", text("target_file")),
        "list_dir" => format!("List `{}`", text("target_directory")),
        "grep" => format!("Search `{}`", text("pattern")),
        "run_terminal_command" => format!("Run `{}`", text("command")),
        "search_replace" => format!("Edit `{}`", text("file_path")),
        _ => name.to_owned(),
    }
}

// ---- The ACP connection ------------------------------------------------------------------

/// The sessions this connection created, by id.
type Sessions = Arc<Mutex<HashMap<SessionId, Arc<Session>>>>;

fn session(sessions: &Sessions, id: &SessionId) -> Option<Arc<Session>> {
    let sessions = sessions
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    sessions.get(id).cloned()
}

fn prompt_text(prompt: &[ContentBlock]) -> String {
    prompt
        .iter()
        .filter_map(|block| match block {
            ContentBlock::Text(text) => Some(text.text.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

async fn serve() -> Result<(), Error> {
    let sessions = Sessions::default();
    let (on_new_session, on_cancel) = (Arc::clone(&sessions), Arc::clone(&sessions));
    Agent
        .v1()
        .name("toolmeta-agent")
        .on_receive_request(
            async move |initialize: InitializeRequest, responder, _connection| {
                responder.respond(
                    InitializeResponse::new(initialize.protocol_version)
                        .agent_capabilities(AgentCapabilities::new())
                        .agent_info(
                            Implementation::new("toolmeta-agent", env!("CARGO_PKG_VERSION"))
                                .title("toolmeta example agent"),
                        ),
                )
            },
            agent_client_protocol::on_receive_request!(),
        )
        .on_receive_request(
            async move |request: NewSessionRequest, responder, _connection| {
                let mut sessions = on_new_session
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                let id = SessionId::new(format!("session-{}", sessions.len() + 1));
                let session = Session {
                    cwd: request.cwd.clone(),
                    calls: AtomicU64::new(0),
                    cancelled: AtomicBool::new(false),
                };
                sessions.insert(id.clone(), Arc::new(session));
                responder.respond(NewSessionResponse::new(id))
            },
            agent_client_protocol::on_receive_request!(),
        )
        .on_receive_request(
            async move |request: PromptRequest, responder, connection: ConnectionTo<Client>| {
                let Some(session) = session(&sessions, &request.session_id) else {
                    return responder
                        .respond_with_error(Error::invalid_params().data("unknown session"));
                };
                session.cancelled.store(false, Ordering::Relaxed);
                let turn = Turn {
                    connection: connection.clone(),
                    session_id: request.session_id.clone(),
                    session,
                };
                // The turn waits on permission answers, which arrive through this
                // connection's dispatch loop: it must run outside the handler.
                connection.spawn(async move {
                    let steps = script(&prompt_text(&request.prompt), &turn.session.cwd);
                    let stop_reason = turn.run(steps).await?;
                    responder.respond(PromptResponse::new(stop_reason))
                })
            },
            agent_client_protocol::on_receive_request!(),
        )
        .on_receive_notification(
            async move |cancel: CancelNotification, _connection| {
                if let Some(session) = session(&on_cancel, &cancel.session_id) {
                    session.cancelled.store(true, Ordering::Relaxed);
                }
                Ok(())
            },
            agent_client_protocol::on_receive_notification!(),
        )
        .connect_to(Stdio::new())
        .await
}

/// Whether the tool calls carry the envelope: not with `--no-envelopes`, which makes the
/// agent a harness that has not adopted toolmeta (for `toolmeta proxy`'s tests).
fn envelopes() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| !std::env::args().any(|arg| arg == "--no-envelopes"))
}

fn main() -> Result<(), Error> {
    // The SDK is runtime-neutral: any executor can drive the connection.
    futures::executor::block_on(serve())
}
