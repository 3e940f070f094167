//! rig (0xPlaygrounds/rig): tool argument structs of its example agents, copied as declared
//! (field names, types and serde attributes exactly), under rig's own extension namespace,
//! `_rig`. A rig tool names itself in `impl Tool for X { const NAME: &'static str = ".."; }`:
//! the wire name comes from that constant (`name = <DeleteFile as Tool>::NAME`), never
//! repeated. `Tool` here stands for `rig::tool::Tool`, of which only `NAME` is read.
//!
//! Provenance: 0xPlaygrounds/rig @ b75850e899498647563af2d644ee72d28ac7a69e —
//! examples/agent_with_human_in_the_loop/src/main.rs (`SendEmailArgs`, `DeleteFileArgs`),
//! crates/rig-agent/examples/runtime_model_routing.rs (`SearchArgs`),
//! examples/agent_with_echochambers/src/main.rs (`GetHistoryArgs`).

use serde::Deserialize;
use serde_json::json;
use toolmeta::ToolIdentity;
use toolmeta::ToolKind::*;

use super::check::{Tool, case};

/// `rig::tool::Tool`, as far as a tool's name goes.
pub trait RigTool {
    const NAME: &'static str;
}

pub struct SendEmail;
impl RigTool for SendEmail {
    const NAME: &'static str = "send_email";
}

pub struct DeleteFile;
impl RigTool for DeleteFile {
    const NAME: &'static str = "delete_file";
}

pub struct Search;
impl RigTool for Search {
    const NAME: &'static str = "search";
}

pub struct GetHistory;
impl RigTool for GetHistory {
    const NAME: &'static str = "get_history";
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = <SendEmail as RigTool>::NAME, namespace = "_rig", kind = "other", label = "Send Email")]
struct SendEmailArgs {
    #[tool(extra = "to")]
    to: String,
    #[tool(extra = "subject")]
    subject: String,
    body: String,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = <DeleteFile as RigTool>::NAME, namespace = "_rig", kind = "delete")]
struct DeleteFileArgs {
    #[tool(project)]
    path: String,
}

/// "Return deterministic research evidence": a search of the web's stand-in.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = <Search as RigTool>::NAME, namespace = "_rig", kind = "web_search")]
struct SearchArgs {
    #[tool(project)]
    query: String,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = <GetHistory as RigTool>::NAME, namespace = "_rig", kind = "other", label = "Chat History", read_only)]
struct GetHistoryArgs {
    #[tool(extra = "room_id")]
    room_id: String,
    #[tool(project)]
    limit: Option<i32>,
}

pub fn tools() -> Vec<Tool> {
    vec![
        case::<SendEmailArgs>(
            ("send_email", Other, "Send Email"),
            json!({"to": "ops@example.com", "subject": "Deploy done", "body": "All green."}),
            Some(json!({"to": "ops@example.com", "subject": "Deploy done"})),
            Some(json!({"to": "ops@example.com", "subject": "Deploy done"})),
        ),
        case::<DeleteFileArgs>(
            ("delete_file", Delete, "Delete"),
            json!({"path": "/tmp/scratch.txt"}),
            Some(json!({"path": "/tmp/scratch.txt"})),
            Some(json!({"path": "/tmp/scratch.txt"})),
        ),
        case::<SearchArgs>(
            ("search", WebSearch, "Web Search"),
            json!({"query": "rust async traits"}),
            Some(json!({"query": "rust async traits"})),
            Some(json!({"query": "rust async traits"})),
        ),
        case::<GetHistoryArgs>(
            ("get_history", Other, "Chat History"),
            json!({"room_id": "general", "limit": 20}),
            Some(json!({"limit": 20, "room_id": "general"})),
            Some(json!({"limit": 20, "room_id": "general"})),
        ),
    ]
}
