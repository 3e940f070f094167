//! Feeding the ledger the ACP SDK's typed messages (`client` + `acp`).
//!
//! A client built on the official SDK (`agent-client-protocol`) receives
//! [`SessionNotification`]s and [`RequestPermissionRequest`]s as typed values; these entry
//! points read them exactly as their JSON-RPC lines would be read, so a live client and a
//! replay of the same session's log agree.

use serde::Serialize;
use serde_json::Value;

use super::{Ledger, LineOutcome};
use crate::acp::schema::v1::{RequestPermissionRequest, SessionNotification};

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
    /// assert_eq!(ledger.get_in_session("s1", "call_1").unwrap().label(), Some("Run Command"));
    /// ```
    pub fn feed_notification(&mut self, notification: &SessionNotification) -> LineOutcome {
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
        self.feed_typed("session/request_permission", request)
    }

    /// Reads `params` as the `params` of a `method` message.
    fn feed_typed(&mut self, method: &str, params: &impl Serialize) -> LineOutcome {
        // The SDK's types serialize to the wire form; going through it is what makes the
        // typed and the line-based readings agree by construction. Serializing these types
        // cannot fail (string keys, no non-finite floats); a failure is read as a message
        // that is not an update rather than a panic.
        match serde_json::to_value(params) {
            Ok(params) => {
                let mut message = serde_json::Map::with_capacity(2);
                message.insert("method".to_owned(), Value::String(method.to_owned()));
                message.insert("params".to_owned(), params);
                self.feed_value(&Value::Object(message))
            }
            Err(_) => self.feed_value(&Value::Null),
        }
    }
}
