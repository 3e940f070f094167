//! The client side: reading tool identities off an ACP stream.
//!
//! - [`LooseMeta`] reads one envelope tolerantly: it never fails on a JSON object.
//! - [`Ledger`] consumes a stream of ACP messages in every shape seen in the wild, merges
//!   each tool call's updates into a [`Call`], falls back to the catalog or to ACP's own
//!   fields when a call carries no envelope, and keeps its memory bounded.
//! - With the `acp` feature, `Ledger::feed_notification`, `Ledger::feed_permission_request`
//!   and `Ledger::feed_permission_response` take the ACP SDK's typed messages.
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
//!     ledger.feed_line_at(line, SystemTime::now());
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
//! - **Times.** A persisted line's own `timestamp` (Unix seconds, milliseconds,
//!   microseconds or nanoseconds, or RFC 3339) is the time of its updates; otherwise the
//!   time the caller gives (`feed_line_at`, `feed_value_at`, the typed `…_at` entry
//!   points); otherwise none. A call keeps when it was first seen, last updated and
//!   finished; [`Call::duration`] is the difference. Nothing reads the system clock.
//! - **Content.** `content`, `rawOutput` and `rawInput` are kept as the raw JSON text
//!   sent (`Box<RawValue>`), parsed only when asked ([`Call::content`] reads the blocks,
//!   borrowing their strings); `locations` and Claude Code's `parentToolUseId` are kept as
//!   strings. All of it counts against [`LedgerBuilder::max_retained_bytes`]. An empty
//!   `content` or `locations` list erases nothing: harnesses send `[]` on updates that do
//!   not mean to clear them.
//! - **Permissions.** A `session/request_permission` request is an update of its call
//!   whose `rawInput`, `kind`, `status` and `content` only fill in what the call's own
//!   updates have not sent — so it never moves the status backwards nor replaces the
//!   tool's arguments — and whose `options` are kept ([`Permission`]). The client's answer
//!   (a JSON-RPC response with the request's `id` and a `result.outcome`, or the SDK's
//!   `RequestPermissionResponse`) records the selected option or the cancellation:
//!   waiting → allowed | rejected | cancelled. A rejected or cancelled call is finished
//!   ([`Call::is_finished`]) even when the agent sends nothing more for it.
//! - **Status.** [`Status`] is ACP's four statuses plus `Unknown(&str)` for any other value
//!   sent; a call that never sent one is `Pending`, ACP's default.
//! - **Identity.** [`Call::label`] and [`Call::kind`] are always known (`Tool`/`other` when
//!   nothing says); [`Call::name`] is the tool's name only when the traffic names the
//!   tool, never a human title ([`Call::title`]).
//! - **Sessions.** [`Ledger::sessions`] and [`Ledger::session`] view the calls of each
//!   session ([`Session`]), with a [`Summary`] of counts and times;
//!   [`Ledger::forget_session`] drops a finished session. The keys of evicted and forgotten
//!   calls are remembered (a bounded number, counted in the byte budget), so a late
//!   `tool_call_update` for one is dropped ([`LineCounts::late_updates`]) instead of
//!   starting a call that never finishes.

#[cfg(feature = "acp")]
mod acp;
mod call;
mod content;
mod counts;
mod event;
mod evidence;
mod fallback;
mod index;
mod ledger;
mod lenient;
mod line;
mod loose;
mod permission;
mod session;
mod status;
mod stream;
mod summary;
mod synthesis;
mod time;
mod tolerant;

pub use call::{Call, Source};
pub use content::{Content, ContentBlocks, Location};
pub use counts::LineCounts;
pub use event::{CallId, Change, Event};
pub use fallback::KindFallback;
pub use ledger::{Calls, Ledger, LedgerBuilder, LineOutcome};
pub use loose::LooseMeta;
pub use permission::{Permission, PermissionDecision, PermissionOption, PermissionOutcome};
pub use session::Session;
pub use status::Status;
pub use summary::{LabelSummary, Summary};
#[cfg(feature = "catalog")]
pub use synthesis::Synthesizer;
