//! Drives the `agent` example byte by byte over its stdio, as a hostile or broken client
//! would: any line, any answer, stdin closed at any moment. The SDK's client side cannot
//! send a malformed answer or a non-UTF-8 line; this driver can.
#![allow(dead_code)] // each test module uses only some of it

use std::collections::HashMap;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long a step may take before the test fails instead of hanging (the machine is shared:
/// this is far above what any step needs).
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A fresh directory for one test, canonical (the agent reports resolved paths).
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("toolmeta-agent-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("create the scratch directory");
    dir.canonicalize().expect("canonical scratch directory")
}

/// Writes `files` (path, text) under `dir`, creating folders as needed.
pub fn write_files(dir: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

/// The agent as a child process, spoken to in raw JSON lines.
pub struct RawAgent {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    next_id: u64,
    /// Every line the agent wrote, parsed (a line that is not JSON is kept as a string).
    pub received: Vec<Value>,
    /// How far `received` has been searched by `wait_for`.
    seen: usize,
}

impl RawAgent {
    /// Starts the agent with these command-line arguments.
    pub fn spawn(args: &[&str]) -> RawAgent {
        let mut child = Command::new(crate::common::example_binary("agent"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start the agent");
        let stdout = child.stdout.take().unwrap();
        let (send, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        RawAgent {
            stdin: child.stdin.take(),
            child,
            lines,
            next_id: 0,
            received: Vec::new(),
            seen: 0,
        }
    }

    /// Starts the agent with `args`, initializes it and opens a session in `cwd`.
    pub fn with_session(args: &[&str], cwd: &Path) -> (RawAgent, String) {
        let mut agent = RawAgent::spawn(args);
        agent.initialize();
        let session = agent.new_session(cwd);
        (agent, session)
    }

    /// Writes raw bytes to the agent's stdin.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).expect("write to the agent");
        stdin.flush().expect("flush to the agent");
    }

    /// Sends one JSON-RPC message as one line.
    pub fn send(&mut self, message: &Value) {
        let mut line = serde_json::to_vec(message).unwrap();
        line.push(b'\n');
        self.send_bytes(&line);
    }

    /// Sends a request; returns its id.
    pub fn request(&mut self, method: &str, params: Value) -> u64 {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        id
    }

    /// Sends a notification.
    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Answers a request the agent sent.
    pub fn answer(&mut self, request: &Value, result: Value) {
        self.send(&json!({"jsonrpc": "2.0", "id": request["id"], "result": result}));
    }

    /// Answers a request the agent sent with a JSON-RPC error.
    pub fn answer_error(&mut self, request: &Value, code: i64, message: &str) {
        self.send(&json!({
            "jsonrpc": "2.0", "id": request["id"], "error": {"code": code, "message": message}
        }));
    }

    /// Closes the agent's stdin: the client is gone.
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Takes the next line the agent writes, if one comes within `timeout`.
    fn next_line(&mut self, timeout: Duration) -> Option<&Value> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                let value = serde_json::from_str(&line).unwrap_or(Value::String(line));
                self.received.push(value);
                self.received.last()
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// The first message not searched yet that satisfies `wanted`, waiting up to `timeout`
    /// for it; `None` if it did not come (messages passed over stay in `received`).
    pub fn try_wait_for(
        &mut self,
        timeout: Duration,
        mut wanted: impl FnMut(&Value) -> bool,
    ) -> Option<Value> {
        let deadline = Instant::now() + timeout;
        loop {
            while self.seen < self.received.len() {
                self.seen += 1;
                if wanted(&self.received[self.seen - 1]) {
                    return Some(self.received[self.seen - 1].clone());
                }
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            self.next_line(left)?;
        }
    }

    /// Like `try_wait_for`, but the message must come within [`PATIENCE`].
    pub fn wait_for(&mut self, what: &str, wanted: impl FnMut(&Value) -> bool) -> Value {
        match self.try_wait_for(PATIENCE, wanted) {
            Some(message) => message,
            None => panic!(
                "the agent never sent {what} within {PATIENCE:?}; it sent:\n{}",
                self.transcript()
            ),
        }
    }

    /// The response to request `id`, searched from the start of the stream.
    pub fn response(&mut self, id: u64) -> Value {
        self.seen = 0;
        self.wait_for(&format!("the response to request {id}"), |message| {
            message["id"] == id && message.get("method").is_none()
        })
    }

    /// Waits up to `timeout` for the response to request `id`.
    pub fn try_response(&mut self, id: u64, timeout: Duration) -> Option<Value> {
        self.seen = 0;
        self.try_wait_for(timeout, |message| {
            message["id"] == id && message.get("method").is_none()
        })
    }

    /// The next request the agent sends (a permission request).
    pub fn next_permission_request(&mut self) -> Value {
        self.wait_for("a permission request", |message| {
            message["method"] == "session/request_permission"
        })
    }

    /// `initialize`, answered.
    pub fn initialize(&mut self) -> Value {
        let id = self.request("initialize", json!({"protocolVersion": 1}));
        self.response(id)
    }

    /// `session/new` in `cwd`; the new session's id.
    pub fn new_session(&mut self, cwd: &Path) -> String {
        let id = self.request("session/new", json!({"cwd": cwd, "mcpServers": []}));
        let response = self.response(id);
        response["result"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("session/new failed: {response}"))
            .to_owned()
    }

    /// Sends `session/prompt` with one text block; returns the request id.
    pub fn prompt(&mut self, session: &str, text: &str) -> u64 {
        self.request(
            "session/prompt",
            json!({"sessionId": session, "prompt": [{"type": "text", "text": text}]}),
        )
    }

    /// Sends `session/cancel`.
    pub fn cancel(&mut self, session: &str) {
        self.notify("session/cancel", json!({"sessionId": session}));
    }

    /// The stop reason of a prompt's response (panics on an error response).
    pub fn stop_reason(&mut self, prompt: u64) -> String {
        let response = self.response(prompt);
        match response["result"]["stopReason"].as_str() {
            Some(reason) => reason.to_owned(),
            None => panic!("the prompt failed: {response}"),
        }
    }

    /// Waits until tool call `id` of `session` is reported `in_progress`: it is running.
    pub fn wait_running(&mut self, session: &str, id: &str) {
        self.wait_for(&format!("{id} in progress"), |message| {
            let update = &message["params"]["update"];
            message["params"]["sessionId"] == session
                && update["toolCallId"] == id
                && update["status"] == "in_progress"
        });
    }

    /// What the agent reported of each tool call of `session`, by call id.
    pub fn calls(&self, session: &str) -> HashMap<String, CallReport> {
        let mut calls: HashMap<String, CallReport> = HashMap::new();
        for message in &self.received {
            let params = &message["params"];
            if params["sessionId"] != session {
                continue;
            }
            let (update, permission) = match message["method"].as_str() {
                Some("session/update") => (&params["update"], false),
                Some("session/request_permission") => (&params["toolCall"], true),
                _ => continue,
            };
            let Some(id) = update["toolCallId"].as_str() else {
                continue;
            };
            let call = calls.entry(id.to_owned()).or_default();
            call.asked_permission |= permission;
            if let Some(status) = update["status"].as_str() {
                call.status = status.to_owned();
            }
            if let Some(title) = update["title"].as_str() {
                call.title = title.to_owned();
            }
            for content in update["content"].as_array().into_iter().flatten() {
                if let Some(text) = content["content"]["text"].as_str() {
                    call.output.push_str(text);
                }
            }
        }
        calls
    }

    /// Waits up to `timeout` for the agent to exit.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().expect("poll the agent") {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Whether the agent is still running.
    pub fn is_running(&mut self) -> bool {
        self.child.try_wait().expect("poll the agent").is_none()
    }

    /// Every line received, one per line, for failure messages.
    pub fn transcript(&self) -> String {
        let mut text = String::new();
        for message in &self.received {
            let line = message.to_string();
            let shown: String = line.chars().take(400).collect();
            text.push_str(&shown);
            if shown.len() < line.len() {
                text.push_str(&format!("… ({} bytes)", line.len()));
            }
            text.push('\n');
        }
        text
    }
}

impl Drop for RawAgent {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What the agent reported of one tool call.
#[derive(Debug, Default)]
pub struct CallReport {
    /// The last status reported.
    pub status: String,
    /// The last title reported.
    pub title: String,
    /// The text content of every update, concatenated.
    pub output: String,
    /// Whether a permission request carried this call.
    pub asked_permission: bool,
}
