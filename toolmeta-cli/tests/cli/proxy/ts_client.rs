//! The proxy between a client on the official ACP TypeScript SDK (`tests/acp-client`, run
//! with Node.js) and the project's agent example with its envelopes off (`--no-envelopes`):
//! an agent that has not adopted toolmeta and has no catalog. The client gets an envelope
//! on every call the traffic names, under the extension namespace made from the agent's
//! name, and the SDK takes every message; the bytes are the agent's otherwise.
//!
//! Needs `node` and `npm` (the client's packages are installed on first use from its
//! lockfile), and the `agent` example of the root package, which `cargo test --workspace`
//! builds.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use serde_json::{Value, json};
use toolmeta_cli::log::{Direction, Message, read_record};

const TOOLMETA: &str = env!("CARGO_BIN_EXE_toolmeta");
const CLIENT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/acp-client");

/// The root package's `agent` example, which `cargo test --workspace` builds beside this
/// package's tests.
fn agent() -> PathBuf {
    common::example("agent", "cargo build --example agent")
}

/// Installs the client's packages from its lockfile, once (the tests run in parallel).
fn client() -> &'static Path {
    static INSTALLED: OnceLock<PathBuf> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let client = Path::new(CLIENT);
        if !client
            .join("node_modules/@agentclientprotocol/sdk")
            .is_dir()
        {
            let status = Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund", "--silent"])
                .current_dir(client)
                .status()
                .expect("npm, to install the TypeScript client's packages");
            assert!(status.success(), "npm ci in tests/acp-client");
        }
        client.to_owned()
    })
}

/// A fresh working directory.
fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("toolmeta-proxy-ts-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("src")).unwrap();
    fs::write(dir.join("README.md"), "# demo\nThe toolmeta demo.\n").unwrap();
    fs::write(dir.join("src/lib.rs"), "// toolmeta\npub fn demo() {}\n").unwrap();
    dir
}

/// One tool call per line, as the agent example reads a prompt.
const PROMPT: &str = "ls src\nread README.md 1 5\ngrep toolmeta src\nrun echo hello\nedit notes.txt  => written through the proxy";

/// Runs the TypeScript client against `agent` (a command line) in `dir`; returns the wire
/// as the client saw it and what the SDK delivered.
fn drive(dir: &Path, agent: Vec<String>) -> (Vec<Value>, Vec<Value>) {
    let delivered = dir.join("delivered.jsonl");
    let script = dir.join("script.json");
    fs::write(
        &script,
        json!({"agent": agent, "cwd": dir, "prompts": [PROMPT],
               "delivered": delivered, "timeoutMs": 60000})
        .to_string(),
    )
    .unwrap();
    let out = Command::new("node")
        .arg(client().join("driver.mjs"))
        .arg(&script)
        .output()
        .expect("node");
    assert!(
        out.status.success(),
        "the client failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = |text: &str| -> Vec<Value> {
        text.lines()
            .filter(|line| !line.trim().is_empty())
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    };
    (
        lines(&String::from_utf8(out.stdout).unwrap()),
        lines(&fs::read_to_string(&delivered).unwrap()),
    )
}

/// The tool-call event object of a message, if it is one.
fn event(message: &Value) -> Option<&Value> {
    match message["method"].as_str()? {
        "session/update" => {
            let update = &message["params"]["update"];
            matches!(
                update["sessionUpdate"].as_str(),
                Some("tool_call" | "tool_call_update")
            )
            .then_some(update)
        }
        "session/request_permission" => Some(&message["params"]["toolCall"]),
        _ => None,
    }
}

fn envelope(event: &Value) -> Option<&Value> {
    event.get("_meta")?.get(toolmeta::TOOL_META_KEY)
}

#[test]
fn a_typescript_sdk_client_gets_envelopes_from_an_agent_that_sends_none() {
    let agent = agent();
    let dir = workdir("proxied");
    let log = dir.join("proxy.jsonl");
    let (wire, delivered) = drive(
        &dir,
        vec![
            TOOLMETA.to_owned(),
            "proxy".to_owned(),
            "--log".to_owned(),
            log.display().to_string(),
            "--".to_owned(),
            agent.display().to_string(),
            "--no-envelopes".to_owned(),
        ],
    );
    // The agent ran the calls for real, through the proxy.
    assert_eq!(
        fs::read_to_string(dir.join("notes.txt")).unwrap(),
        "written through the proxy"
    );

    // The agent sent no envelope: the proxy's log has the agent's own bytes.
    let agent_lines: Vec<String> = fs::read_to_string(&log)
        .unwrap()
        .lines()
        .filter_map(|line| {
            let record = read_record(line.as_bytes()).expect("a record");
            match (record.dir, record.message) {
                (Direction::AgentToClient, Message::Json(message)) => Some(message.to_owned()),
                _ => None,
            }
        })
        .collect();
    let sent: Vec<Value> = agent_lines
        .iter()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert!(
        sent.iter()
            .filter_map(event)
            .all(|event| envelope(event).is_none())
    );
    let received: Vec<&Value> = wire
        .iter()
        .filter(|record| record["dir"] == "agent->client")
        .map(|record| &record["msg"])
        .collect();
    assert_eq!(received.len(), sent.len());

    // Each call as the client saw it: the namespace made from `agentInfo.name`
    // (`toolmeta-agent`), the name from the first title (the agent's tool's wire name),
    // kind, label and read-only from ACP's kind. Permission requests too.
    let mut identities: Vec<(String, String, Value)> = Vec::new();
    let mut permission_stamped = false;
    for (sent, received) in sent.iter().zip(&received) {
        let Some(event) = event(received) else {
            assert_eq!(
                *received, sent,
                "a line that is not a tool-call event changed"
            );
            continue;
        };
        // Nothing but the envelope was added.
        let mut without = (*received).clone();
        let object = match without["method"].as_str() {
            Some("session/update") => &mut without["params"]["update"],
            _ => &mut without["params"]["toolCall"],
        };
        let meta = object.as_object_mut().unwrap().remove("_meta");
        assert_eq!(&without, sent);
        let Some(envelope) = meta
            .as_ref()
            .and_then(|meta| meta.get(toolmeta::TOOL_META_KEY))
        else {
            // Only progress and completion updates go unstamped.
            assert!(
                event.get("rawInput").is_none() && event.get("title").is_none(),
                "{event}"
            );
            continue;
        };
        let id = event["toolCallId"].as_str().unwrap().to_owned();
        permission_stamped |= received["method"] == "session/request_permission";
        if !identities.iter().any(|(seen, _, _)| *seen == id) {
            let mut identity = envelope.clone();
            identity.as_object_mut().unwrap().remove("input");
            identities.push((
                id,
                event["title"].as_str().unwrap_or("").to_owned(),
                identity,
            ));
        }
    }
    let identity = |name: &str, kind: &str, label: &str, read_only: bool| {
        json!({"version": 1, "name": name, "kind": kind, "namespace": "_toolmeta_agent",
               "label": label, "read_only": read_only})
    };
    let got: Vec<&Value> = identities.iter().map(|(_, _, identity)| identity).collect();
    assert_eq!(
        got,
        [
            // list_dir is sent with ACP kind `read`: without a catalog, ACP's kind is all
            // the proxy knows of what it does.
            &identity("list_dir", "read", "Read", true),
            &identity("read_file", "read", "Read", true),
            // ACP's `search` covers the contract's Search Tools too, which is not
            // read-only: known only by it, a call does not claim read-only (DESIGN §6).
            &identity("grep", "search", "Search", false),
            &identity("run_terminal_command", "execute", "Run Command", false),
            &identity("search_replace", "edit", "Edit", false),
        ]
    );
    assert!(permission_stamped, "the edit's permission request");

    // The SDK parsed and delivered every tool-call event with its envelope.
    let on_wire: Vec<&Value> = received
        .iter()
        .filter_map(|message| event(message))
        .collect();
    let handed: Vec<&Value> = delivered
        .iter()
        .filter_map(|message| event(message))
        .collect();
    assert_eq!(handed.len(), on_wire.len());
    for (handed, on_wire) in handed.iter().zip(&on_wire) {
        assert_eq!(envelope(handed), envelope(on_wire));
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn with_acp_fields_the_sdk_client_also_gets_acps_name_and_kind() {
    let agent = agent();
    let dir = workdir("acp-fields");
    let (wire, delivered) = drive(
        &dir,
        vec![
            TOOLMETA.to_owned(),
            "proxy".to_owned(),
            "--acp-fields".to_owned(),
            "--".to_owned(),
            agent.display().to_string(),
            "--no-envelopes".to_owned(),
        ],
    );
    let acp_kind = |kind: &str| match kind {
        "read" | "search" | "execute" | "edit" => kind.to_owned(),
        other => panic!("a kind this agent does not send: {other}"),
    };
    let stamped: Vec<&Value> = delivered
        .iter()
        .filter_map(event)
        .filter(|event| envelope(event).is_some())
        .collect();
    // Every call's events: the tool_call, the update with the arguments; the permission.
    assert_eq!(stamped.len(), 11, "{wire:?}");
    for event in stamped {
        let envelope = envelope(event).unwrap();
        assert_eq!(event["name"], envelope["name"], "{event}");
        assert_eq!(
            event["kind"].as_str().unwrap(),
            acp_kind(envelope["kind"].as_str().unwrap()),
            "{event}"
        );
    }
    let _ = fs::remove_dir_all(&dir);
}
