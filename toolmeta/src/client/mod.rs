//! The client side: reading tool identities off an ACP stream.
//!
//! - [`LooseMeta`] reads one envelope tolerantly: it never fails on a JSON object.
//! - [`Ledger`] consumes a stream of ACP messages in every shape seen in the wild, merges
//!   each tool call's updates, falls back to the catalog or to ACP's own fields when a call
//!   carries no envelope, and keeps its memory bounded.
//! - With the `acp` feature, `Ledger::feed_notification` and
//!   `Ledger::feed_permission_request` take the ACP SDK's typed messages.
//! - [`CallRecord`], [`write_json_lines`] and [`Summary`] render a ledger, as the
//!   `inspect` example does.
//!
//! ```
//! use toolmeta::client::Ledger;
//!
//! let log = r#"
//! {"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call","toolCallId":"c1","title":"grep","_meta":{"x.ai/tool":{"version":1,"name":"grep","kind":"search","namespace":"grok_build","label":"Search","read_only":true}}}}}
//! {"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed"}}}
//! "#;
//! let mut ledger = Ledger::new();
//! ledger.read_lines(log.as_bytes()).unwrap();
//! for call in &ledger {
//!     println!("{} {:?} {:?}", call.tool_call_id(), call.label(), call.status());
//! }
//! assert_eq!(ledger.get("c1").unwrap().status(), Some("completed"));
//! ```

#[cfg(feature = "acp")]
mod acp;
mod call;
mod counts;
mod evidence;
mod fallback;
mod index;
mod ledger;
mod lenient;
mod line;
mod loose;
mod record;
mod stream;
mod summary;
mod synthesis;
mod tolerant;

pub use call::{Call, Source};
pub use counts::LineCounts;
pub use fallback::KindFallback;
pub use ledger::{Calls, Ledger, LedgerBuilder, LineOutcome};
pub use loose::LooseMeta;
pub use record::{CallRecord, write_json_lines};
pub use summary::{LabelGroup, Summary};
#[cfg(feature = "catalog")]
pub use synthesis::Synthesizer;
