//! The client side: reading tool identities off an ACP stream.
//!
//! - [`LooseMeta`] reads one envelope tolerantly: it never fails on a JSON object.
//! - [`Ledger`] consumes a stream of ACP messages in every shape seen in the wild (as text,
//!   bytes, parsed values or, with the `acp` feature, the SDK's typed messages: see
//!   [`Message`]), merges each tool call's updates into a [`Call`], resolves its identity
//!   from the strongest evidence it carries ([`Evidence`]), and keeps its memory bounded.
//!
//! # A live view
//!
//! Each message fed leaves [`Ledger::events`]: which call ([`CallId`]) had what
//! [`Change`] — created, identified, input arrived, status changed, content changed,
//! permission asked or answered, finished, evicted. A view is a loop over them, with no
//! snapshot to diff:
//!
//! ```
//! use std::time::SystemTime;
//! use toolmeta::client::{Change, Ledger};
//!
//! let stream = r#"
//! {"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Terminal","kind":"execute","status":"pending"}}}
//! {"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call_update","toolCallId":"c1","rawInput":{"command":"cargo test"},"status":"in_progress"}}}
//! {"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed","content":[{"type":"content","content":{"type":"text","text":"ok"}}]}}}
//! "#;
//! let mut ledger = Ledger::new();
//! let mut shown = Vec::new();
//! for line in stream.lines() {
//!     ledger.feed_at(line, SystemTime::now());
//!     for event in ledger.events() {
//!         let Some(call) = ledger.call(event.call) else { continue };
//!         match event.change {
//!             Change::Created => shown.push(format!("+ {}", call.label())),
//!             Change::InputChanged => shown.push(format!("  input {}", call.input().unwrap().get())),
//!             Change::Finished => shown.push(format!("= {} {}", call.label(), call.status())),
//!             _ => {}
//!         }
//!     }
//! }
//! assert_eq!(shown, ["+ Run Command", r#"  input {"command":"cargo test"}"#, "= Run Command completed"]);
//! ```
//!
//! # Design
//!
//! - **Events and handles.** A [`CallId`] is the call's place in first-seen order, fixed
//!   when the call is created; the `(session, toolCallId)` index maps to it. A call whose
//!   first updates named no session joins the first session that names it: the index and
//!   the session view follow, the handle does not change, so the call is never "new
//!   twice". Events of one message are kept until the next message is fed; a call evicted
//!   by that message stays readable through its handle until then.
//! - **Received and resolved.** A call keeps what its updates sent, merged (the envelope,
//!   the claims about its name as one ordered list, ACP's fields, content, permission,
//!   times), and what is resolved from that by one pure function after each change. Every
//!   change to a call goes through one path, which resolves, counts its bytes, finishes
//!   it, moves it between the eviction queues and records its events.
//! - **Times.** A persisted line's own `timestamp` (Unix seconds, milliseconds,
//!   microseconds or nanoseconds, or RFC 3339) is the time of its updates; otherwise the
//!   time the caller gives ([`Ledger::feed_at`]); otherwise none. A call keeps when it was first seen, last updated and
//!   finished; [`Call::duration`] is the difference. Nothing reads the system clock.
//! - **Content.** `content`, `rawOutput` and `rawInput` are kept as the raw JSON text
//!   sent (`Box<RawValue>`), parsed only when asked ([`Call::content`] reads the blocks,
//!   borrowing their strings); `locations` and Claude Code's `parentToolUseId` are kept as
//!   strings. All of it counts against [`LedgerBuilder::max_retained_bytes`]. An empty
//!   `content` or `locations` list erases nothing: harnesses send `[]` on updates that do
//!   not mean to clear them.
//! - **Permissions.** A `session/request_permission` request is an update of its call
//!   whose `rawInput`, `kind` and `content` only fill in what the call's own updates have
//!   not sent (the `rawInput` key by key) — so it never replaces the tool's arguments, and
//!   the arguments only it names are not lost — and whose `options` are kept
//!   ([`Permission`]). It puts a call that is still running back to `pending` (it waits on
//!   the user); a finished call keeps its status. The client's answer
//!   (a JSON-RPC response with the request's `id` and a `result.outcome`, or the SDK's
//!   `RequestPermissionResponse`) records the selected option or the cancellation:
//!   waiting → allowed | rejected | cancelled. A rejected or cancelled call is finished
//!   ([`Call::is_finished`]) even when the agent sends nothing more for it; one the agent
//!   then reports completed is [`Outcome::RejectedButCompleted`].
//! - **Status.** [`Status`] is ACP's four statuses plus `Unknown(&str)` for any other value
//!   sent; a call that never sent one is `Pending`, ACP's default.
//! - **Identity.** [`Call::label`] and [`Call::kind`] are always known (`Tool`/`other` when
//!   nothing says); [`Call::name`] is the tool's name only when the traffic names the
//!   tool, never a human title ([`Call::title`]). Until a call finishes, the strongest
//!   kind of evidence wins, and among claims of one kind the latest; once it has finished,
//!   its identity is kept and a contradicting claim recorded ([`Call::conflicts`]); a
//!   later `rawInput` that only adds arguments may still grow its input.
//! - **Subagents.** ACP's subagent sessions (`subagent_update`, a tool call's `session`
//!   content) and the legacy `_meta` hints link a subagent's calls to the call that
//!   started it ([`Ledger::parent`]).
//! - **Sessions.** [`Ledger::sessions`] and [`Ledger::session`] view the calls of each
//!   session ([`Session`]), with a [`Summary`] of counts and times;
//!   [`Ledger::forget_session`] drops a finished session. The keys of evicted and forgotten
//!   calls are remembered (a bounded number, counted in the byte budget), so a late
//!   `tool_call_update` for one is dropped ([`LineCounts::late_updates`]) instead of
//!   starting a call that never finishes.

#[cfg(feature = "acp")]
mod acp;
mod agent;
mod content;
mod counts;
mod event;
mod evidence;
mod evidence_value;
mod fallback;
mod few;
mod fields;
mod fill_in;
mod json_repair;
mod ledger;
mod line;
mod loose_meta;
mod message;
mod permission;
mod received;
mod resolve;
mod resolved_envelope;
mod route;
mod session;
mod status;
mod store;
mod stream;
mod summary;
mod synthesis;
mod text;
mod time;

pub use content::{Content, ContentBlocks, Location};
pub use counts::LineCounts;
pub use event::{CallId, Change, Event};
pub use evidence::Evidence;
pub use evidence_value::{EvidenceKind, EvidenceValue, PROXY_EVIDENCE_KEY};
pub use fallback::KindFallback;
pub use ledger::{Calls, Ledger, LedgerBuilder, LineOutcome, Parent};
pub use loose_meta::LooseMeta;
pub use message::Message;
pub use permission::{Permission, PermissionDecision, PermissionOption, PermissionOutcome};
pub use received::{Conflict, PathFrom};
pub use resolved_envelope::ResolvedEnvelope;
pub use route::{MethodKind, UpdateKind};
pub use session::Session;
pub use status::Status;
pub use store::{Call, CallPath, Outcome, Source};
pub use stream::{BoundedLine, LineMessage, for_each_line};
pub use summary::{LabelSummary, Summary};
#[cfg(feature = "catalog")]
pub use synthesis::Synthesizer;
