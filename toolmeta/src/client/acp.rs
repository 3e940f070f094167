//! Feeding the ledger the ACP SDK's typed messages (`client` + `acp`).
//!
//! A client built on the official SDK (`agent-client-protocol`) receives
//! [`SessionNotification`]s and [`RequestPermissionRequest`]s as typed values; these entry
//! points read them exactly as their JSON-RPC lines would be read, so a live client and a
//! replay of the same session's log agree. The client's answer to a permission request
//! ([`RequestPermissionResponse`]) is recorded on the call the request was for.

use std::time::SystemTime;

use serde::Serialize;
use serde_json::Value;

use super::line::AnsweredOutcome;
use super::{Ledger, LineOutcome};
use crate::acp::schema::v1::{
    RequestPermissionRequest, RequestPermissionResponse, SessionNotification,
};

impl Ledger {
    /// Reads one `session/update` notification as the SDK delivered it.
    ///
    /// ```
    /// use toolmeta::acp::schema::v1::{SessionNotification, SessionUpdate, ToolCall, ToolKind};
    /// use toolmeta::client::{Ledger, LineOutcome};
    ///
    /// let mut ledger = Ledger::new();
    /// let call = ToolCall::new("call_1", "Run `ls`").kind(ToolKind::Execute);
    /// let notification = SessionNotification::new("s1", SessionUpdate::ToolCall(call));
    /// assert_eq!(ledger.feed_notification(&notification), LineOutcome::ToolCall);
    /// assert_eq!(ledger.get_in_session("s1", "call_1").unwrap().label(), "Run Command");
    /// ```
    pub fn feed_notification(&mut self, notification: &SessionNotification) -> LineOutcome {
        self.begin(None);
        self.feed_typed("session/update", notification)
    }

    /// Reads one `session/update` notification received at `time` (see
    /// [`Ledger::feed_line_at`]).
    pub fn feed_notification_at(
        &mut self,
        notification: &SessionNotification,
        time: SystemTime,
    ) -> LineOutcome {
        self.begin(Some(time));
        self.feed_typed("session/update", notification)
    }

    /// Reads one `session/request_permission` request as the SDK delivered it: its
    /// `toolCall` is an update of that call.
    ///
    /// ```
    /// use toolmeta::acp::schema::v1::{
    ///     PermissionOption, PermissionOptionKind, RequestPermissionRequest, ToolCallUpdate,
    ///     ToolCallUpdateFields,
    /// };
    /// use toolmeta::client::{Ledger, LineOutcome};
    ///
    /// let mut ledger = Ledger::new();
    /// let request = RequestPermissionRequest::new(
    ///     "s1",
    ///     ToolCallUpdate::new("call_1", ToolCallUpdateFields::new().title("Edit `src/lib.rs`")),
    ///     vec![PermissionOption::new("allow", "Allow", PermissionOptionKind::AllowOnce)],
    /// );
    /// assert_eq!(ledger.feed_permission_request(&request), LineOutcome::ToolCall);
    /// assert_eq!(ledger.get("call_1").unwrap().title(), Some("Edit `src/lib.rs`"));
    /// ```
    pub fn feed_permission_request(&mut self, request: &RequestPermissionRequest) -> LineOutcome {
        self.begin(None);
        self.feed_typed("session/request_permission", request)
    }

    /// Reads one `session/request_permission` request received at `time`.
    pub fn feed_permission_request_at(
        &mut self,
        request: &RequestPermissionRequest,
        time: SystemTime,
    ) -> LineOutcome {
        self.begin(Some(time));
        self.feed_typed("session/request_permission", request)
    }

    /// Records the client's answer to a permission request on the call the request was
    /// for (read with [`Ledger::feed_permission_request`]); [`LineOutcome::NotUpdate`]
    /// when the ledger has no such call.
    ///
    /// ```
    /// use toolmeta::acp::schema::v1::{
    ///     PermissionOption, PermissionOptionKind, RequestPermissionOutcome,
    ///     RequestPermissionRequest, RequestPermissionResponse, SelectedPermissionOutcome,
    ///     ToolCallUpdate, ToolCallUpdateFields,
    /// };
    /// use toolmeta::client::{Ledger, LineOutcome, PermissionDecision};
    ///
    /// let mut ledger = Ledger::new();
    /// let request = RequestPermissionRequest::new(
    ///     "s1",
    ///     ToolCallUpdate::new("call_1", ToolCallUpdateFields::new().title("rm -rf build")),
    ///     vec![
    ///         PermissionOption::new("allow", "Allow", PermissionOptionKind::AllowOnce),
    ///         PermissionOption::new("reject", "Reject", PermissionOptionKind::RejectOnce),
    ///     ],
    /// );
    /// ledger.feed_permission_request(&request);
    /// let response = RequestPermissionResponse::new(RequestPermissionOutcome::Selected(
    ///     SelectedPermissionOutcome::new("reject"),
    /// ));
    /// assert_eq!(ledger.feed_permission_response(&request, &response), LineOutcome::PermissionAnswer);
    /// let call = ledger.get("call_1").unwrap();
    /// assert_eq!(call.permission().unwrap().decision(), PermissionDecision::Rejected);
    /// assert!(call.is_finished());
    /// ```
    pub fn feed_permission_response(
        &mut self,
        request: &RequestPermissionRequest,
        response: &RequestPermissionResponse,
    ) -> LineOutcome {
        self.begin(None);
        self.feed_typed_answer(request, response)
    }

    /// Records the client's answer to a permission request, given at `time`.
    pub fn feed_permission_response_at(
        &mut self,
        request: &RequestPermissionRequest,
        response: &RequestPermissionResponse,
        time: SystemTime,
    ) -> LineOutcome {
        self.begin(Some(time));
        self.feed_typed_answer(request, response)
    }

    fn feed_typed_answer(
        &mut self,
        request: &RequestPermissionRequest,
        response: &RequestPermissionResponse,
    ) -> LineOutcome {
        // Read from the wire form, as every typed entry point is.
        let outcome = serde_json::to_value(&response.outcome).ok();
        let outcome = match outcome
            .as_ref()
            .and_then(|outcome| outcome.get("outcome"))
            .and_then(Value::as_str)
        {
            Some("cancelled") => Some(AnsweredOutcome::Cancelled),
            Some("selected") => outcome
                .as_ref()
                .and_then(|outcome| outcome.get("optionId"))
                .and_then(Value::as_str)
                .map(|id| AnsweredOutcome::Selected(id.to_owned().into())),
            _ => None,
        };
        let outcome = match outcome {
            Some(outcome) => {
                let session_id = request.session_id.to_string();
                let tool_call_id = request.tool_call.tool_call_id.to_string();
                self.answer_call(&session_id, &tool_call_id, outcome)
            }
            None => LineOutcome::NotUpdate,
        };
        self.count(outcome)
    }

    /// Reads `params` as the `params` of a `method` message.
    fn feed_typed(&mut self, method: &str, params: &impl Serialize) -> LineOutcome {
        // The SDK's types serialize to the wire form; going through it is what makes the
        // typed and the line-based readings agree by construction. Serializing these types
        // cannot fail (string keys, no non-finite floats); a failure is read as a message
        // that is not an update rather than a panic.
        #[derive(Serialize)]
        struct Message<'a, P> {
            method: &'a str,
            params: &'a P,
        }
        let outcome = match serde_json::to_string(&Message { method, params }) {
            // `begin` was called by the entry point: the time it was given stands.
            Ok(text) => match self.read_json(&text) {
                LineOutcome::NotJson => LineOutcome::NotUpdate,
                outcome => outcome,
            },
            Err(_) => LineOutcome::NotUpdate,
        };
        self.count(outcome)
    }
}
