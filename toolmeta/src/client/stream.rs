//! Feeding a whole stream to a [`Ledger`], line by line, in bounded memory.

use std::io::{self, BufRead};

use super::{Ledger, LineOutcome};

impl Ledger {
    /// Reads every line of `reader` into the ledger (a JSONL log, a pipe, a socket).
    ///
    /// Lines may end with `\n` or `\r\n`. A line longer than
    /// [`LedgerBuilder::max_line_bytes`](super::LedgerBuilder::max_line_bytes) is skipped
    /// without being held in memory ([`LineOutcome::TooLong`]); a line that is not UTF-8 is
    /// [`LineOutcome::NotJson`]. Only I/O errors are errors.
    ///
    /// ```
    /// use toolmeta::client::Ledger;
    /// let log = "{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"c1\",\"kind\":\"read\"}\r\nnot json\n";
    /// let mut ledger = Ledger::new();
    /// ledger.read_lines(log.as_bytes()).unwrap();
    /// assert_eq!(ledger.len(), 1);
    /// assert_eq!(ledger.counts().skipped(), 1);
    /// ```
    pub fn read_lines<R: BufRead>(&mut self, mut reader: R) -> io::Result<()> {
        let limit = self.line_limit();
        let mut line = Vec::new();
        loop {
            line.clear();
            // Read at most two bytes past the limit: a line of exactly `limit` bytes and its
            // `\r\n`, and no more than needed to know a longer line is too long.
            let cap = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(2);
            let read = io::Read::take(&mut reader, cap).read_until(b'\n', &mut line)?;
            if read == 0 {
                return Ok(());
            }
            let ended = line.last() == Some(&b'\n');
            if ended {
                line.pop();
            }
            // At the end of the stream too, a `\r` ends the line (a line cut at the cap
            // still has more than `limit` bytes without it).
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            if line.len() > limit {
                if !ended {
                    reader.skip_until(b'\n')?;
                }
                self.begin(None);
                self.count(LineOutcome::TooLong);
                continue;
            }
            self.feed(line.as_slice());
        }
    }
}
