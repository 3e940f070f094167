//! A real ACP agent on the official Rust SDK (`agent-client-protocol`), speaking over stdio,
//! whose every tool call carries the tool-identity envelope.
//!
//! ```text
//! cargo run --example agent          # then drive it from any ACP client
//! cargo run --example agent -- --help
//! ```
//!
//! It answers `initialize`, `session/new`, `session/prompt` and `session/cancel`. It has no
//! model: a prompt is a small script, one tool call per line, run for real in the session's
//! working directory:
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
//! Every call follows the lifecycle of the wire contract (built in `events.rs`): an
//! identity-only envelope on `tool_call`, the full envelope with `input` once the arguments
//! are parsed, the envelope on `session/request_permission` (the answer is honoured), and
//! none on progress and completion.
//!
//! A client cannot stop it, steer it out of its directory, or make it hang:
//!
//! - the file tools reach the session's directory only through a capability handle
//!   (`workdir.rs`): a path that resolves outside it is refused before anything runs or is
//!   asked, the permission request shows the resolved path, and the write walks that path
//!   again following no symlink, so nothing swapped in while the user decides redirects it;
//!   FIFOs and devices are refused, never read;
//! - a turn stops before its next call, killing a running command's process group, on
//!   `session/cancel`, on `$/cancel_request` for its prompt, on a permission answered
//!   `cancelled`, or when the client closes stdin; it answers `cancelled` (`turn.rs`);
//! - a permission answer that is an error or malformed counts as not allowed;
//! - no call blocks the connection: other sessions and cancels are served meanwhile;
//! - lines, prompts, sessions, tool output and call time are bounded (`limits.rs`); a line
//!   over the limit or not UTF-8 is answered with a parse error (`transport.rs`).
//!
//! `run` is a shell command: the working directory is where it starts, not a sandbox.

mod command;
mod events;
mod limits;
mod script;
mod sessions;
mod stop;
mod tools;
mod transport;
mod turn;
mod workdir;

use std::sync::Arc;

use agent_client_protocol::v1::ConnectionTo;
use agent_client_protocol::v1::schema::{
    self, AgentCapabilities, CancelNotification, ContentBlock, Implementation, InitializeRequest,
    InitializeResponse, NewSessionRequest, NewSessionResponse, PromptRequest, PromptResponse,
};
use agent_client_protocol::{Agent, Client, Error};

use crate::limits::Limits;
use crate::sessions::Sessions;
use crate::turn::Turn;
use crate::workdir::Workdir;

/// The text of a prompt's text blocks, one per line; `Err` with its size if over `max`.
fn prompt_text(prompt: &[ContentBlock], max: usize) -> Result<String, usize> {
    let texts: Vec<&str> = prompt
        .iter()
        .filter_map(|block| match block {
            ContentBlock::Text(text) => Some(text.text.as_str()),
            _ => None,
        })
        .collect();
    let size = texts.iter().map(|text| text.len() + 1).sum::<usize>();
    if size.saturating_sub(1) > max {
        return Err(size - 1);
    }
    Ok(texts.join("\n"))
}

async fn serve(limits: Limits) -> Result<(), Error> {
    let limits = Arc::new(limits);
    let sessions = Arc::new(Sessions::new(limits.max_sessions));
    let (on_new_session, on_prompt, on_cancel, on_close) = (
        Arc::clone(&sessions),
        Arc::clone(&sessions),
        Arc::clone(&sessions),
        Arc::clone(&sessions),
    );
    let on_prompt_limits = Arc::clone(&limits);
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
                let workdir = match Workdir::open(&request.cwd) {
                    Ok(workdir) => workdir,
                    Err(error) => {
                        return responder.respond_with_error(Error::invalid_params().data(
                            format!("cannot work in `{}`: {error}", request.cwd.display()),
                        ));
                    }
                };
                match on_new_session.create(workdir) {
                    Ok(id) => responder.respond(NewSessionResponse::new(id)),
                    Err(error) => responder.respond_with_error(error),
                }
            },
            agent_client_protocol::on_receive_request!(),
        )
        .on_receive_request(
            async move |request: PromptRequest, responder, connection: ConnectionTo<Client>| {
                let Some(session) = on_prompt.get(&request.session_id) else {
                    return responder.respond_with_error(
                        schema::Error::session_not_found(request.session_id).into(),
                    );
                };
                let max = on_prompt_limits.max_prompt_bytes;
                let text = match prompt_text(&request.prompt, max) {
                    Ok(text) => text,
                    Err(size) => {
                        return responder.respond_with_error(Error::invalid_params().data(
                            format!(
                                "the prompt has {size} bytes of text, over the {max}-byte limit"
                            ),
                        ));
                    }
                };
                let stop = match session.begin_turn() {
                    Ok(stop) => stop,
                    Err(error) => return responder.respond_with_error(error),
                };
                let turn = Turn {
                    connection: connection.clone(),
                    session_id: request.session_id,
                    session,
                    limits: Arc::clone(&on_prompt_limits),
                    stop,
                    request: responder.cancellation(),
                };
                // The turn waits on tools and permission answers: it runs outside the
                // handler, so the connection keeps serving meanwhile.
                connection.spawn(async move {
                    let steps = script::script(&text, &turn.session.workdir);
                    let stop_reason = turn.run(steps).await;
                    turn.session.end_turn(&turn.stop);
                    let answered = responder.respond(PromptResponse::new(stop_reason));
                    // A client that left cannot be answered; that ends nothing else.
                    if turn.connection.is_incoming_closed() {
                        return Ok(());
                    }
                    answered
                })
            },
            agent_client_protocol::on_receive_request!(),
        )
        .on_receive_notification(
            async move |cancel: CancelNotification, _connection| {
                if let Some(session) = on_cancel.get(&cancel.session_id) {
                    session.cancel();
                }
                Ok(())
            },
            agent_client_protocol::on_receive_notification!(),
        )
        // The client closed stdin: stop every turn (the SDK fails their pending permission
        // requests; nothing after them may run).
        .on_close(async move |_connection| {
            on_close.stop_all();
            Ok(())
        })
        .connect_to(transport::stdio(limits.max_line_bytes))
        .await
}

fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let no_envelopes = args.iter().any(|arg| arg == "--no-envelopes");
    events::set_declared(!no_envelopes);
    let limits = match Limits::from_args(args.into_iter().filter(|arg| arg != "--no-envelopes")) {
        Ok(limits) => limits,
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(if message == limits::USAGE { 0 } else { 2 });
        }
    };
    // The SDK is runtime-neutral: any executor can drive the connection.
    futures::executor::block_on(serve(limits))
}
