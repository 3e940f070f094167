//! An MCP server on the official MCP Rust SDK (`rmcp`), over stdio, whose tools are declared
//! once with `#[derive(ToolIdentity)]`: every tool it lists carries its MCP annotations (the
//! four effect hints) and its tool-identity envelope in `_meta`, and no hint is written by
//! hand.
//!
//! ```text
//! cargo run --example mcp_server     # then connect any MCP client on stdio
//! ```
//!
//! It serves the directory it runs in:
//!
//! ```text
//! read_file             (Read)         a window of a text file
//! grep                  (Search)       lines of files that contain a literal pattern
//! run_terminal_command  (Run Command)  a shell command
//! search_replace        (Edit)         one replacement in a file (an empty `old_string` creates it)
//! ```
//!
//! rmcp's `#[tool]` macros make each tool's definition, with the input schema of its argument
//! struct (schemars); one loop completes every definition from the toolset of the same
//! structs ([`McpTool::complete`]).

use std::fs;
use std::io;
use std::path::PathBuf;
use std::process::Command;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ContentBlock, Implementation, ServerCapabilities, ServerConfig};
use rmcp::{ServerHandler, ServiceExt};
use schemars::JsonSchema;
use serde::Deserialize;
use toolmeta::rmcp::McpTool;
use toolmeta::{StaticToolset, ToolIdentity, toolset};

// ---- The tools, declared once ---------------------------------------------------------------

/// Reads a window of a text file.
#[derive(Deserialize, JsonSchema, ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
struct ReadFile {
    /// The file, relative to the served directory.
    #[tool(project)]
    path: String,
    /// The first line to read, 1-based.
    #[tool(project)]
    offset: Option<u64>,
    /// How many lines to read.
    #[tool(project)]
    limit: Option<u64>,
}

/// Searches the served directory's files for lines that contain a literal pattern.
#[derive(Deserialize, JsonSchema, ToolIdentity)]
#[tool(name = "grep", namespace = "grok_build", kind = "search")]
struct Grep {
    /// The text to look for.
    #[tool(project)]
    pattern: String,
    /// A file or directory to search instead of the whole served directory.
    #[tool(project)]
    path: Option<String>,
}

/// Runs a shell command in the served directory.
#[derive(Deserialize, JsonSchema, ToolIdentity)]
#[tool(
    name = "run_terminal_command",
    namespace = "grok_build",
    kind = "execute"
)]
struct RunTerminalCommand {
    /// The command line, run by `sh -c`.
    #[tool(project)]
    command: String,
}

/// Replaces one occurrence of a string in a file; an empty `old_string` creates the file.
#[derive(Deserialize, JsonSchema, ToolIdentity)]
#[tool(name = "search_replace", namespace = "grok_build", kind = "edit")]
struct SearchReplace {
    /// The file, relative to the served directory.
    #[tool(project = "path")]
    file_path: String,
    /// The text to replace (empty to create the file).
    #[tool(payload)]
    old_string: String,
    /// The text to put in its place.
    #[tool(payload)]
    new_string: String,
}

/// The tools by wire name: each definition rmcp makes is completed from here.
const TOOLS: StaticToolset = toolset![ReadFile, Grep, RunTerminalCommand, SearchReplace];

// ---- The server -------------------------------------------------------------------------------

#[derive(Clone)]
struct Workspace {
    root: PathBuf,
    tool_router: ToolRouter<Workspace>,
}

#[rmcp::tool_router]
impl Workspace {
    fn new(root: PathBuf) -> Workspace {
        let mut tool_router = Workspace::tool_router();
        // The annotations and the envelope of every tool, from its declaration.
        for route in tool_router.map.values_mut() {
            let name = route.attr.name.clone();
            let tool = TOOLS
                .get(&name)
                .unwrap_or_else(|| panic!("the tool `{name}` is served but not declared"));
            route.attr.complete(&tool);
        }
        Workspace { root, tool_router }
    }

    /// Reads a window of a text file.
    #[rmcp::tool(name = "read_file")]
    fn read_file(&self, Parameters(read): Parameters<ReadFile>) -> CallToolResult {
        outcome(self.read(&read))
    }

    /// Searches files for lines that contain a literal pattern.
    #[rmcp::tool(name = "grep")]
    fn grep(&self, Parameters(grep): Parameters<Grep>) -> CallToolResult {
        outcome(self.search(&grep))
    }

    /// Runs a shell command in the served directory.
    #[rmcp::tool(name = "run_terminal_command")]
    fn run_terminal_command(
        &self,
        Parameters(run): Parameters<RunTerminalCommand>,
    ) -> CallToolResult {
        outcome(self.execute(&run))
    }

    /// Replaces one occurrence of a string in a file; an empty `old_string` creates the file.
    #[rmcp::tool(name = "search_replace")]
    fn search_replace(&self, Parameters(edit): Parameters<SearchReplace>) -> CallToolResult {
        outcome(self.edit(&edit))
    }
}

// Lists and calls through the completed router (by default the macro would build a new one).
#[rmcp::tool_handler(router = self.tool_router)]
impl ServerHandler for Workspace {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build()).with_server_info(
            Implementation::new("toolmeta-mcp-server", env!("CARGO_PKG_VERSION")),
        )
    }
}

fn outcome(result: io::Result<String>) -> CallToolResult {
    match result {
        Ok(text) => CallToolResult::success(vec![ContentBlock::text(text)]),
        Err(error) => CallToolResult::error(vec![ContentBlock::text(error.to_string())]),
    }
}

fn invalid(message: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

// ---- What the tools do ------------------------------------------------------------------------

impl Workspace {
    fn read(&self, read: &ReadFile) -> io::Result<String> {
        let text = fs::read_to_string(self.root.join(&read.path))?;
        let first = read.offset.unwrap_or(1).max(1) - 1;
        let lines = text
            .lines()
            .skip(usize::try_from(first).unwrap_or(usize::MAX))
            .take(read.limit.map_or(usize::MAX, |limit| {
                usize::try_from(limit).unwrap_or(usize::MAX)
            }));
        Ok(lines.map(|line| format!("{line}\n")).collect())
    }

    fn search(&self, grep: &Grep) -> io::Result<String> {
        const MAX_MATCHES: usize = 200;
        let mut matches = Vec::new();
        let mut pending = vec![self.root.join(grep.path.as_deref().unwrap_or("."))];
        while let Some(path) = pending.pop() {
            if path.is_dir() {
                for entry in fs::read_dir(&path)? {
                    let entry = entry?;
                    if !entry.file_name().to_string_lossy().starts_with('.') {
                        pending.push(entry.path());
                    }
                }
                continue;
            }
            // Binary and unreadable files are not searched.
            let Ok(text) = fs::read_to_string(&path) else {
                continue;
            };
            let shown = path.strip_prefix(&self.root).unwrap_or(&path).display();
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
        let output = Command::new("sh")
            .arg("-c")
            .arg(&run.command)
            .current_dir(&self.root)
            .output()?;
        let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
        text.push_str(&String::from_utf8_lossy(&output.stderr));
        if output.status.success() {
            Ok(text)
        } else {
            Err(io::Error::other(format!("{}\n{text}", output.status)))
        }
    }

    fn edit(&self, edit: &SearchReplace) -> io::Result<String> {
        let path = self.root.join(&edit.file_path);
        let current = match fs::read_to_string(&path) {
            Ok(text) => Some(text),
            Err(error) if error.kind() == io::ErrorKind::NotFound => None,
            Err(error) => return Err(error),
        };
        let replaced = match (current, edit.old_string.is_empty()) {
            (None, true) => edit.new_string.clone(),
            (Some(_), true) => return Err(invalid("the file already exists")),
            (None, false) => return Err(invalid("no such file")),
            (Some(text), false) if !text.contains(&edit.old_string) => {
                return Err(invalid("`old_string` is not in the file"));
            }
            (Some(text), false) => text.replacen(&edit.old_string, &edit.new_string, 1),
        };
        fs::write(&path, replaced)?;
        Ok(format!("Edited {}", edit.file_path))
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = std::env::current_dir()?;
    let server = Workspace::new(root).serve(rmcp::transport::stdio()).await?;
    server.waiting().await?;
    Ok(())
}
