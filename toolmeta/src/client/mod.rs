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
//! - **Events and handles.** A [`CallId`] is fixed when the call is created: a call that
//!   joins a session later keeps it, so no call is "new twice". A call evicted by a message
//!   stays readable through its handle until the next message is fed.
//! - **Received and resolved.** A call keeps what its updates sent, merged, and what one
//!   pure function resolves from that after each change. Every change to a call goes
//!   through one path, which resolves, counts its bytes, finishes it, moves it between the
//!   eviction queues and records its events.
//! - **Times.** A persisted line's own `timestamp` (Unix seconds to nanoseconds, or RFC
//!   3339), else the time the caller gives ([`Ledger::feed_at`]), else none: nothing reads
//!   the system clock.
//! - **Content.** `content`, `rawOutput` and `rawInput` are kept as the raw JSON text sent,
//!   parsed only when asked ([`Call::content`]), and counted against
//!   [`LedgerBuilder::max_retained_bytes`]. An empty `content` or `locations` erases
//!   nothing: harnesses send `[]` on updates that do not mean to clear them.
//! - **Permissions.** A `session/request_permission` request's `rawInput`, `kind` and
//!   `content` only fill in what the call's own updates have not sent (the `rawInput` key by
//!   key), so they never replace the tool's arguments; its `options` are kept
//!   ([`Permission`]), and a running call goes back to `pending`. The client's answer
//!   records allowed, rejected or cancelled; a rejected or cancelled call is finished, and
//!   one the agent then reports completed is [`Outcome::RejectedButCompleted`].
//! - **Identity.** [`Call::label`] and [`Call::kind`] are always known (`Tool`/`other` when
//!   nothing says); [`Call::name`] is the tool's name only when the traffic names the tool,
//!   never a human title. Until a call finishes, the strongest kind of evidence wins, and
//!   among claims of one kind the latest; a finished call keeps its identity and records a
//!   contradicting claim ([`Call::conflicts`]).
//! - **Subagents and sessions.** [`Ledger::parent`] links a subagent's calls to the call
//!   that started it; [`Ledger::sessions`] views the calls of each session with a
//!   [`Summary`]. The keys of evicted and forgotten calls are remembered (bounded, counted in
//!   the byte budget), so a late update for one is dropped ([`LineCounts::late_updates`])
//!   instead of starting a call that never finishes.

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

/// Each type written as its wire value, [`as_str`](Status::as_str).
macro_rules! display_as_str {
    ($($ty:ty),*) => {$(
        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    )*};
}

display_as_str!(EvidenceKind, Outcome, Source, Status<'_>);
