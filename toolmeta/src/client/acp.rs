//! Feeding the ledger the ACP SDK's typed messages (`client` + `acp`).
//!
//! A client built on the official SDK (`agent-client-protocol`) receives
//! [`SessionNotification`]s and [`RequestPermissionRequest`]s as typed values; [`Ledger::feed`]
//! reads them exactly as their JSON-RPC lines would be read, so a live client and a replay
//! of the same session's log agree. The client's answer to a permission request
//! (`(&request, &response)`) is recorded on the call the request was for.
//!
//! What the typed path cannot see: in the schema crates of the SDK's supported range, ACP's
//! subagent sessions (`subagent_update`, a tool call's `session` content) sit behind an
//! unstable feature, so a typed notification cannot carry them; only JSON (a line, a
//! parsed value) links subagent sessions. Legacy `_meta` hints ride in `_meta` either way.
//!
//! ```
//! use toolmeta::acp::schema::v1::{
//!     PermissionOption, PermissionOptionKind, RequestPermissionOutcome,
//!     RequestPermissionRequest, RequestPermissionResponse, SelectedPermissionOutcome,
//!     SessionNotification, SessionUpdate, ToolCall, ToolCallUpdate, ToolCallUpdateFields,
//!     ToolKind,
//! };
//! use toolmeta::client::{Ledger, LineOutcome, PermissionDecision};
//!
//! let mut ledger = Ledger::new();
//! let call = ToolCall::new("call_1", "Run `ls`").kind(ToolKind::Execute);
//! let notification = SessionNotification::new("s1", SessionUpdate::ToolCall(call));
//! assert_eq!(ledger.feed(&notification), LineOutcome::ToolCall);
//! assert_eq!(ledger.get_in_session("s1", "call_1").unwrap().label(), "Run Command");
//!
//! let request = RequestPermissionRequest::new(
//!     "s1",
//!     ToolCallUpdate::new("call_1", ToolCallUpdateFields::new().title("rm -rf build")),
//!     vec![
//!         PermissionOption::new("allow", "Allow", PermissionOptionKind::AllowOnce),
//!         PermissionOption::new("reject", "Reject", PermissionOptionKind::RejectOnce),
//!     ],
//! );
//! assert_eq!(ledger.feed(&request), LineOutcome::ToolCall);
//! let response = RequestPermissionResponse::new(RequestPermissionOutcome::Selected(
//!     SelectedPermissionOutcome::new("reject"),
//! ));
//! assert_eq!(ledger.feed((&request, &response)), LineOutcome::PermissionAnswer);
//! let call = ledger.get("call_1").unwrap();
//! assert_eq!(call.permission().unwrap().decision(), PermissionDecision::Rejected);
//! assert!(call.is_finished());
//! ```

use std::borrow::Cow;

use serde::Serialize;

use super::line::AnsweredOutcome;
use super::message::private::Read;
use super::{Ledger, LineOutcome};
use crate::acp::schema::v1::{
    RequestPermissionRequest, RequestPermissionResponse, SessionNotification,
};

impl Read for &SessionNotification {
    fn read_into(self, ledger: &mut Ledger) -> LineOutcome {
        read_typed(ledger, "session/update", self)
    }
}

impl Read for &RequestPermissionRequest {
    fn read_into(self, ledger: &mut Ledger) -> LineOutcome {
        read_typed(ledger, "session/request_permission", self)
    }
}

/// The client's answer to a permission request, recorded on the call the request was for;
/// [`LineOutcome::NotUpdate`] when the ledger has no such call, or no request for it.
impl Read for (&RequestPermissionRequest, &RequestPermissionResponse) {
    fn read_into(self, ledger: &mut Ledger) -> LineOutcome {
        let (request, response) = self;
        // Read from the wire form, as every typed message is.
        let wire = serde_json::to_value(&response.outcome).unwrap_or_default();
        let option_id = wire["optionId"].as_str().map(Cow::Borrowed);
        let Some(outcome) = AnsweredOutcome::of(wire["outcome"].as_str(), option_id) else {
            return LineOutcome::NotUpdate;
        };
        let session_id = request.session_id.to_string();
        let tool_call_id = request.tool_call.tool_call_id.to_string();
        ledger.answer_call(&session_id, &tool_call_id, outcome)
    }
}

/// Reads `params` as the `params` of a `method` message, through its wire form.
fn read_typed(ledger: &mut Ledger, method: &str, params: &impl Serialize) -> LineOutcome {
    // The SDK's types serialize to the wire form; reading that is what makes the typed and
    // the line-based readings agree by construction. Serializing these types cannot fail
    // (string keys, no non-finite floats); a failure is read as no message, not a panic.
    #[derive(Serialize)]
    struct Message<'a, P> {
        method: &'a str,
        params: &'a P,
    }
    match serde_json::to_string(&Message { method, params }) {
        Ok(text) => match ledger.read_json(&text) {
            LineOutcome::NotJson => LineOutcome::NotUpdate,
            outcome => outcome,
        },
        Err(_) => LineOutcome::NotUpdate,
    }
}
