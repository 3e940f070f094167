//! What a decision judges: a call as the policy sees it ([`Call`]) and the session it runs in
//! ([`Context`]).

use std::path::PathBuf;

use serde_json::Value;

use crate::Namespace;

/// One identity a call has had: its label, kind, wire name and namespace, as the reader
/// resolved them. A field the reader does not know is `None`; a selector on it then does
/// not hold.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CallIdentity {
    /// The contract's label (`Read`, `Run Command`, the fallback's `Tool`, `Think`).
    pub label: String,
    /// The kind's wire name (`read`, `execute`, `other`).
    pub kind: Option<String>,
    /// The tool's wire name as the agent spelled it (`Bash`, `read_file`).
    pub tool: Option<String>,
    /// The namespace's wire name (aliases are resolved when compared).
    pub namespace: Option<String>,
}

impl CallIdentity {
    /// An identity of `label` and nothing else.
    pub fn labelled(label: impl Into<String>) -> CallIdentity {
        CallIdentity {
            label: label.into(),
            ..CallIdentity::default()
        }
    }

    /// The same identity with its kind.
    pub fn with_kind(mut self, kind: impl Into<String>) -> CallIdentity {
        self.kind = Some(kind.into());
        self
    }

    /// The same identity with its tool's wire name.
    pub fn with_tool(mut self, tool: impl Into<String>) -> CallIdentity {
        self.tool = Some(tool.into());
        self
    }

    /// The same identity with its namespace.
    pub fn with_namespace(mut self, namespace: impl Into<String>) -> CallIdentity {
        self.namespace = Some(namespace.into());
        self
    }
}

/// A command a call carried: a shell line (the canonical `command`, or a `terminal/create`
/// without `args`) or an argv (a `terminal/create` with `args`), with the `cwd` it runs in
/// when the call named one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandInput {
    /// A line a shell runs (`cargo test && cargo clippy`).
    Line {
        /// The line.
        line: String,
        /// The directory it runs in, as the call gave it.
        cwd: Option<String>,
    },
    /// A program and its arguments, run without a shell (unless the program is one).
    Argv {
        /// The program first, then its arguments.
        argv: Vec<String>,
        /// The directory it runs in, as the call gave it.
        cwd: Option<String>,
    },
}

impl CommandInput {
    /// A shell line with no `cwd` of its own.
    pub fn line(line: impl Into<String>) -> CommandInput {
        CommandInput::Line {
            line: line.into(),
            cwd: None,
        }
    }

    /// The `cwd` the command names, if any.
    pub fn cwd(&self) -> Option<&str> {
        match self {
            CommandInput::Line { cwd, .. } | CommandInput::Argv { cwd, .. } => cwd.as_deref(),
        }
    }
}

/// A call as the policy judges it: every identity it has had and every input any of its
/// updates or its permission request carried (DESIGN §8, "What is judged"). Deny and ask look
/// at each; an allow needs all of them allowed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Call {
    /// Every identity the call has had, oldest first. A call with none is never allowed.
    pub identities: Vec<CallIdentity>,
    /// Whether the identity was earned (DESIGN §8, "Earned identity"): an allow rule matches
    /// a call whose identity is not earned only when it says `evidence = "any"`.
    pub earned: bool,
    /// The reading ACP's `kind` alone gives (`execute` → Run Command), which deny and ask
    /// rules are also tested against when the identity is not earned.
    pub acp_kind_reading: Option<CallIdentity>,
    /// Every command the call carried.
    pub commands: Vec<CommandInput>,
    /// Every path the call named: its `path` and `directory`, its locations, its diffs.
    pub paths: Vec<String>,
    /// Every `url` the call carried.
    pub urls: Vec<String>,
    /// Whether the call carried more than was kept of it (see
    /// [`CallHistory`](super::CallHistory)): such a call is never allowed.
    pub incomplete: bool,
}

/// The session a call runs in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    /// The session's working directory (`session/new`'s `cwd`), when known. Without it a
    /// relative path never matches an allow and a command that names a `cwd` is not allowed.
    pub cwd: Option<PathBuf>,
    /// The home directory: what `~/` means in paths and patterns.
    pub home: PathBuf,
    /// The agent's name (`agentInfo.name`, or the proxy's `--harness`).
    pub agent: Option<String>,
    /// The namespace of the agent's catalog harness, when the agent is one (`claude_code`):
    /// an `agent` selector also names a catalog harness by its namespace.
    pub agent_namespace: Option<Namespace>,
}

impl Context {
    /// A session in `cwd` (if known) of a person whose home is `home`, agent unknown.
    pub fn new(cwd: Option<PathBuf>, home: PathBuf) -> Context {
        Context {
            cwd,
            home,
            agent: None,
            agent_namespace: None,
        }
    }

    /// The same session, of the agent named `agent`.
    pub fn with_agent(mut self, agent: impl Into<String>) -> Context {
        self.agent = Some(agent.into());
        self
    }
}

/// Why a client method's request could not be turned into a [`Call`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClientMethodError {
    /// The method is not one the policy checks (`fs/read_text_file`, `fs/write_text_file`,
    /// `terminal/create`).
    NotChecked,
    /// The request lacks what the method requires, or carries it with the wrong type: the
    /// request cannot be read, and is forwarded as it is.
    Unreadable(&'static str),
}

impl Call {
    /// The call a client method's request makes (DESIGN §8, "Where it applies"):
    /// `fs/read_text_file` is a Read of its `path`, `fs/write_text_file` a Write of its `path`,
    /// `terminal/create` a Run Command of its `command` (a shell line without `args`, an argv
    /// with them) in its `cwd`. Identified by the method, which is earned.
    pub fn from_client_method(method: &str, params: &Value) -> Result<Call, ClientMethodError> {
        let string = |key: &'static str| -> Result<Option<String>, ClientMethodError> {
            match params.get(key) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(s)) => Ok(Some(s.clone())),
                Some(_) => Err(ClientMethodError::Unreadable(key)),
            }
        };
        let (label, kind) = match method {
            "fs/read_text_file" => ("Read", "read"),
            "fs/write_text_file" => ("Write", "write"),
            "terminal/create" => ("Run Command", "execute"),
            _ => return Err(ClientMethodError::NotChecked),
        };
        let mut call = Call {
            identities: vec![CallIdentity::labelled(label).with_kind(kind)],
            earned: true,
            ..Call::default()
        };
        if method == "terminal/create" {
            let command = string("command")?.ok_or(ClientMethodError::Unreadable("command"))?;
            let cwd = string("cwd")?;
            let args = match params.get("args") {
                None | Some(Value::Null) => Vec::new(),
                Some(Value::Array(items)) => items
                    .iter()
                    .map(|item| item.as_str().map(str::to_owned))
                    .collect::<Option<Vec<_>>>()
                    .ok_or(ClientMethodError::Unreadable("args"))?,
                Some(_) => return Err(ClientMethodError::Unreadable("args")),
            };
            // Without args, clients such as Zed run `command` through the user's shell.
            call.commands.push(if args.is_empty() {
                CommandInput::Line { line: command, cwd }
            } else {
                let mut argv = vec![command];
                argv.extend(args);
                CommandInput::Argv { argv, cwd }
            });
        } else {
            let path = string("path")?.ok_or(ClientMethodError::Unreadable("path"))?;
            call.paths.push(path);
        }
        Ok(call)
    }
}
