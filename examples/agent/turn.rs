//! One prompt turn: its tool calls, one after another, each raced against the turn's stop.
//!
//! Nothing here blocks the connection: file work runs on the thread pool, commands are child
//! processes awaited asynchronously, and every wait (a tool, a permission answer) ends as
//! soon as the turn is stopped: by `session/cancel`, by `$/cancel_request` on the prompt,
//! by a permission answered `cancelled`, or by the client leaving. A stopped call is reported
//! `failed`, a running command's whole process group is killed, and no later call starts.

use std::future::Future;
use std::io;
use std::pin::pin;
use std::sync::Arc;

use agent_client_protocol::v1::ConnectionTo;
use agent_client_protocol::v1::schema::{
    ContentBlock, ContentChunk, PermissionOption, PermissionOptionKind, RequestPermissionOutcome,
    RequestPermissionRequest, SessionId, SessionNotification, SessionUpdate, StopReason,
    ToolCallStatus,
};
use agent_client_protocol::{
    Client, RequestCancellation, is_connection_terminated, is_incoming_transport_closed,
};
use futures::future::{self, Either};
use serde::de::DeserializeOwned;
use serde_json::Value;
use toolmeta::{ToolIdentity, ToolKind};

use crate::command;
use crate::events;
use crate::limits::Limits;
use crate::script::Step;
use crate::sessions::Session;
use crate::stop::StopSignal;
use crate::tools::{Grep, ListDir, ReadFile, RunTerminalCommand, SearchReplace, path_argument};
use crate::workdir::Resolved;

/// The turn was stopped: cancelled, or the client is gone.
pub struct Stopped;

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
            Err(error) => Outcome::failed(error.to_string()),
        }
    }

    fn failed(output: impl Into<String>) -> Outcome {
        Outcome {
            status: ToolCallStatus::Failed,
            output: output.into(),
        }
    }
}

/// One prompt turn of one session.
pub struct Turn {
    pub connection: ConnectionTo<Client>,
    pub session_id: SessionId,
    pub session: Arc<Session>,
    pub limits: Arc<Limits>,
    /// This turn's stop signal (the session's `session/cancel` sets it).
    pub stop: StopSignal,
    /// `$/cancel_request` on the `session/prompt` request.
    pub request: RequestCancellation,
}

impl Turn {
    /// Runs the steps; the stop reason to answer the prompt with.
    pub async fn run(&self, steps: Vec<Step>) -> StopReason {
        let played = async {
            self.say(format!("Running {} tool calls.\n", steps.len()))?;
            for step in steps {
                if self.is_stopped() {
                    return Err(Stopped);
                }
                self.call(step).await?;
            }
            self.say("Done.\n")
        };
        match played.await {
            Ok(()) if !self.is_stopped() => StopReason::EndTurn,
            Ok(()) | Err(Stopped) => StopReason::Cancelled,
        }
    }

    fn is_stopped(&self) -> bool {
        self.stop.is_stopped()
            || self.request.is_cancelled()
            || self.connection.is_incoming_closed()
    }

    /// Completes when the turn is stopped.
    async fn stopped(&self) {
        future::select(pin!(self.stop.stopped()), pin!(self.request.cancelled())).await;
    }

    /// Waits for `work` unless the turn is stopped first (then `work` is dropped).
    async fn unless_stopped<T>(&self, work: impl Future<Output = T>) -> Result<T, Stopped> {
        match future::select(pin!(work), pin!(self.stopped())).await {
            Either::Left((done, _)) => Ok(done),
            Either::Right(((), _)) => Err(Stopped),
        }
    }

    /// Runs blocking file work on the thread pool, bounded by the call timeout.
    async fn off_thread<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> io::Result<T> + Send + 'static,
    ) -> Result<io::Result<T>, Stopped> {
        let timeout = self.limits.call_timeout;
        let timed = future::select(blocking::unblock(work), async_io::Timer::after(timeout));
        self.unless_stopped(async {
            match timed.await {
                Either::Left((result, _)) => result,
                Either::Right(_) => Err(timed_out(timeout)),
            }
        })
        .await
    }

    fn update(&self, update: SessionUpdate) -> Result<(), Stopped> {
        // Sending fails only when the connection is gone.
        self.connection
            .send_notification(SessionNotification::new(self.session_id.clone(), update))
            .map_err(|_| Stopped)
    }

    fn say(&self, text: impl Into<String>) -> Result<(), Stopped> {
        self.update(SessionUpdate::AgentMessageChunk(ContentChunk::new(
            ContentBlock::from(text.into()),
        )))
    }

    /// Plays one tool call through its lifecycle; a stopped call is reported failed.
    async fn call(&self, step: Step) -> Result<(), Stopped> {
        let Step { name, arguments } = step;
        let id = self.session.next_call_id();
        self.update(SessionUpdate::ToolCall(events::chosen(&id, name)))?;
        let outcome = match name {
            "read_file" => {
                self.tool(&id, &arguments, async |read: ReadFile, path| {
                    self.read(read, path).await
                })
                .await
            }
            "list_dir" => {
                self.tool(&id, &arguments, async |_: ListDir, path| {
                    let workdir = Arc::clone(&self.session.workdir);
                    let path = path.expect("`target_directory` is required");
                    Ok(Outcome::of(
                        self.off_thread(move || workdir.list(&path)).await?,
                    ))
                })
                .await
            }
            "grep" => {
                self.tool(&id, &arguments, async |grep: Grep, path| {
                    self.grep(grep, path).await
                })
                .await
            }
            "run_terminal_command" => {
                self.tool(&id, &arguments, async |run: RunTerminalCommand, path| {
                    self.execute(run, path).await
                })
                .await
            }
            "search_replace" => {
                self.tool(&id, &arguments, async |edit: SearchReplace, path| {
                    self.edit(&id, &arguments, edit, path).await
                })
                .await
            }
            _ => unreachable!("every registered tool is handled"),
        };
        let (outcome, stopped) = match outcome {
            Ok(outcome) => (outcome, None),
            Err(Stopped) => (
                Outcome::failed("Stopped: the turn was cancelled before this call finished."),
                Some(Stopped),
            ),
        };
        let finished = self.update(SessionUpdate::ToolCallUpdate(events::finished(
            &id,
            outcome.status,
            outcome.output,
        )));
        match stopped {
            Some(stopped) => Err(stopped),
            None => finished,
        }
    }

    /// Parses the arguments as `T` and resolves its path inside the session's directory,
    /// sends the update that carries them and their full envelope, then runs `run` on them.
    async fn tool<T: ToolIdentity + DeserializeOwned>(
        &self,
        id: &str,
        arguments: &Value,
        run: impl AsyncFnOnce(T, Option<Resolved>) -> Result<Outcome, Stopped>,
    ) -> Result<Outcome, Stopped> {
        let tool = match T::deserialize(arguments) {
            Ok(tool) => tool,
            Err(error) => return Ok(Outcome::failed(format!("invalid arguments: {error}"))),
        };
        let resolved = match path_argument(arguments) {
            Some(path) => {
                let (workdir, path) = (Arc::clone(&self.session.workdir), path.to_owned());
                self.off_thread(move || workdir.resolve(&path).map(Some))
                    .await?
            }
            None => Ok(None),
        };
        // A command's `cwd` is where it runs, not a location it touches.
        let kind = T::IDENTITY.kind;
        let location = match &resolved {
            Ok(Some(path)) if kind != ToolKind::Execute => Some(self.session.workdir.shown(path)),
            _ => None,
        };
        let cwd = self.session.workdir.shown(&Resolved::here());
        self.update(SessionUpdate::ToolCallUpdate(events::parsed(
            id, &tool, arguments, &cwd, location,
        )))?;
        let path = match resolved {
            Ok(path) => path,
            Err(refused) => return Ok(Outcome::failed(refused.to_string())),
        };
        // An edit is in progress only once it is allowed.
        if kind != ToolKind::Edit {
            self.in_progress(id)?;
        }
        run(tool, path).await
    }

    fn in_progress(&self, id: &str) -> Result<(), Stopped> {
        self.update(SessionUpdate::ToolCallUpdate(events::in_progress(id)))
    }

    async fn read(&self, read: ReadFile, path: Option<Resolved>) -> Result<Outcome, Stopped> {
        let path = path.expect("`target_file` is required");
        let first = usize::try_from(read.offset.unwrap_or(1).max(1) - 1).unwrap_or(usize::MAX);
        let limit = read.limit.map_or(usize::MAX, |limit| {
            usize::try_from(limit).unwrap_or(usize::MAX)
        });
        let (workdir, max) = (
            Arc::clone(&self.session.workdir),
            self.limits.max_output_bytes,
        );
        let text = self
            .off_thread(move || workdir.read_lines(&path, first, limit, max))
            .await?;
        Ok(Outcome::of(text))
    }

    async fn grep(&self, grep: Grep, path: Option<Resolved>) -> Result<Outcome, Stopped> {
        let workdir = Arc::clone(&self.session.workdir);
        let path = path.unwrap_or_else(Resolved::here);
        let limits = (self.limits.max_output_bytes, self.limits.max_file_bytes);
        let stop = self.stop.clone();
        let found = self
            .off_thread(move || workdir.grep(&path, &grep.pattern, limits, &stop))
            .await?;
        Ok(Outcome::of(found))
    }

    async fn execute(
        &self,
        run: RunTerminalCommand,
        path: Option<Resolved>,
    ) -> Result<Outcome, Stopped> {
        let cwd = self
            .session
            .workdir
            .shown(&path.unwrap_or_else(Resolved::here));
        let ran = command::run(&run.command, &cwd, &self.limits);
        Ok(Outcome::of(self.unless_stopped(ran).await?))
    }

    /// An edit: asks permission with the full envelope, the diff and the resolved path, and
    /// honours the answer; the write checks the path again (see `Workdir::write_allowed`).
    async fn edit(
        &self,
        id: &str,
        arguments: &Value,
        edit: SearchReplace,
        path: Option<Resolved>,
    ) -> Result<Outcome, Stopped> {
        let path = Arc::new(path.expect("`file_path` is required"));
        let workdir = Arc::clone(&self.session.workdir);
        let max = self.limits.max_file_bytes;
        let current = {
            let (workdir, path) = (Arc::clone(&workdir), Arc::clone(&path));
            match self
                .off_thread(move || workdir.read_existing(&path, max))
                .await?
            {
                Ok(current) => current,
                Err(error) => return Ok(Outcome::of(Err(error))),
            }
        };
        let replaced = match (&current, edit.old_string.is_empty()) {
            (None, true) => edit.new_string.clone(),
            (Some(_), true) => return Ok(Outcome::failed("the file already exists")),
            (None, false) => return Ok(Outcome::failed("no such file")),
            (Some(text), false) if !text.contains(&edit.old_string) => {
                return Ok(Outcome::failed("`old_string` is not in the file"));
            }
            (Some(text), false) => text.replacen(&edit.old_string, &edit.new_string, 1),
        };

        let tool_call = events::permission(
            id,
            &edit,
            arguments,
            &workdir.shown(&Resolved::here()),
            workdir.shown(&path),
            current.clone(),
            replaced.clone(),
        );
        let request = RequestPermissionRequest::new(
            self.session_id.clone(),
            tool_call,
            vec![
                PermissionOption::new("allow", "Allow", PermissionOptionKind::AllowOnce),
                PermissionOption::new("reject", "Reject", PermissionOptionKind::RejectOnce),
            ],
        );
        // Stopping the turn drops the wait, which sends `$/cancel_request` for it.
        let answer = self
            .unless_stopped(self.connection.send_request(request).block_task())
            .await?;
        let refused = match answer {
            Ok(response) => match &response.outcome {
                RequestPermissionOutcome::Selected(selected)
                    if &*selected.option_id.0 == "allow" =>
                {
                    None
                }
                RequestPermissionOutcome::Selected(selected) => Some(format!(
                    "The user chose `{}`; nothing was written.",
                    selected.option_id.0
                )),
                // ACP: the client answers `cancelled` because it cancelled the turn.
                RequestPermissionOutcome::Cancelled => {
                    self.stop.stop();
                    return Err(Stopped);
                }
                _ => Some("The permission answer was not understood; nothing was written.".into()),
            },
            Err(error)
                if is_incoming_transport_closed(&error) || is_connection_terminated(&error) =>
            {
                return Err(Stopped);
            }
            // A failed or malformed answer is no permission.
            Err(error) => Some(format!(
                "The permission request failed ({}: {}); nothing was written.",
                i32::from(error.code),
                error.message
            )),
        };
        if let Some(refused) = refused {
            return Ok(Outcome::failed(refused));
        }
        self.in_progress(id)?;
        let shown = edit.file_path;
        let written = self
            .off_thread(move || {
                workdir.write_allowed(&path, current.as_deref(), &replaced)?;
                Ok(format!("Edited {shown}"))
            })
            .await?;
        Ok(Outcome::of(written))
    }
}

/// The error of a call that ran out of time.
pub fn timed_out(timeout: std::time::Duration) -> io::Error {
    io::Error::new(
        io::ErrorKind::TimedOut,
        format!(
            "stopped after {} ms, the call time limit",
            timeout.as_millis()
        ),
    )
}
