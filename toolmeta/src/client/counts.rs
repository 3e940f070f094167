//! [`LineCounts`]: what the lines a ledger read turned out to be.

use super::LineOutcome;

/// What the lines a [`Ledger`](super::Ledger) read turned out to be, and what it evicted.
///
/// Every line fed is counted exactly once in one of the outcome counters, so
/// `lines == tool_call_updates + permission_answers + other_updates + blank + skipped()`.
///
/// ```
/// use toolmeta::client::Ledger;
/// let mut ledger = Ledger::new();
/// ledger.feed("{oops");
/// ledger.feed(r#"{"jsonrpc":"2.0","id":7,"result":{}}"#);
/// ledger.feed("");
/// let counts = ledger.counts();
/// assert_eq!((counts.lines, counts.not_json, counts.not_update, counts.blank), (3, 1, 1, 1));
/// assert_eq!(counts.skipped(), 2);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct LineCounts {
    /// Lines fed (including blank and skipped ones).
    pub lines: u64,
    /// Updates of a tool call, merged (or dropped as [`late_updates`](Self::late_updates)).
    pub tool_call_updates: u64,
    /// Clients' answers to permission requests, recorded on their calls.
    pub permission_answers: u64,
    /// Session updates about something else, ignored.
    pub other_updates: u64,
    /// Empty or whitespace-only lines, ignored.
    pub blank: u64,
    /// Lines that are not JSON (or not UTF-8), skipped.
    pub not_json: u64,
    /// JSON lines that are not session updates, skipped.
    pub not_update: u64,
    /// Tool-call updates without a string `toolCallId`, skipped.
    pub missing_tool_call_id: u64,
    /// Lines longer than the ledger's limit, skipped unread.
    pub too_long: u64,
    /// Finished calls evicted to stay within the retention limit.
    pub evicted_finished: u64,
    /// Unfinished calls evicted to stay within the retention limit.
    pub evicted_pending: u64,
    /// Calls (finished or not) evicted to stay within the byte budget
    /// ([`LedgerBuilder::max_retained_bytes`](super::LedgerBuilder::max_retained_bytes)).
    pub evicted_for_bytes: u64,
    /// Tool-call updates (counted in `tool_call_updates` too) dropped because their call
    /// had been evicted or its session forgotten: merged, they would start a call that
    /// never finishes.
    pub late_updates: u64,
}

impl LineCounts {
    /// Lines skipped: not JSON, not an update, without `toolCallId`, or too long.
    pub fn skipped(&self) -> u64 {
        self.not_json + self.not_update + self.missing_tool_call_id + self.too_long
    }

    /// Calls evicted, whatever the limit that evicted them.
    pub fn evicted(&self) -> u64 {
        self.evicted_finished + self.evicted_pending + self.evicted_for_bytes
    }

    /// Whether the ledger still holds every call the stream showed: no call evicted, no
    /// late update dropped, and no line that could have carried one skipped as broken (not
    /// JSON, too long, or an update without `toolCallId`). A report over a ledger that is
    /// not complete may be missing calls, and should say so.
    ///
    /// ```
    /// use toolmeta::client::Ledger;
    /// let mut ledger = Ledger::builder().max_finished(1).build();
    /// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"a","status":"completed"}"#);
    /// assert!(ledger.counts().is_complete());
    /// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"b","status":"completed"}"#);
    /// assert!(!ledger.counts().is_complete()); // `a` was evicted
    /// ```
    pub fn is_complete(&self) -> bool {
        self.evicted() == 0
            && self.late_updates == 0
            && self.not_json == 0
            && self.too_long == 0
            && self.missing_tool_call_id == 0
    }

    pub(crate) fn record(&mut self, outcome: LineOutcome) {
        self.lines += 1;
        let counter = match outcome {
            LineOutcome::ToolCall => &mut self.tool_call_updates,
            LineOutcome::PermissionAnswer => &mut self.permission_answers,
            LineOutcome::OtherUpdate => &mut self.other_updates,
            LineOutcome::Blank => &mut self.blank,
            LineOutcome::NotJson => &mut self.not_json,
            LineOutcome::NotUpdate => &mut self.not_update,
            LineOutcome::MissingToolCallId => &mut self.missing_tool_call_id,
            LineOutcome::TooLong => &mut self.too_long,
        };
        *counter += 1;
    }
}
