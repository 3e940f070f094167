//! [`Message`]: the forms a message can be fed to the ledger in.

use serde_json::Value;

use super::{Ledger, LineOutcome};

/// What [`Ledger::feed`] and [`Ledger::feed_at`] read: one ACP message, in any form a
/// client holds it.
///
/// | form | read as |
/// |---|---|
/// | `&str`, `&String` | one line of text (without its line terminator; a trailing `\r` and a byte-order mark are tolerated); longer than [`LedgerBuilder::max_line_bytes`](super::LedgerBuilder::max_line_bytes): [`LineOutcome::TooLong`] |
/// | `&[u8]`, `&[u8; N]`, `&Vec<u8>` | the same, as bytes; not UTF-8: [`LineOutcome::NotJson`] |
/// | `&`[`Value`] | a message a client has already parsed, read in place (no text round trip) |
/// | `&SessionNotification`, `&RequestPermissionRequest` (`acp`) | the SDK's typed messages, read as their wire form |
/// | `(&RequestPermissionRequest, &RequestPermissionResponse)` (`acp`) | the client's answer to a permission request |
///
/// The forms agree: a message fed as text, as bytes, as a parsed value or typed makes the
/// same calls.
///
/// ```
/// use toolmeta::client::{Ledger, LineOutcome};
/// let mut ledger = Ledger::new();
/// let text = r#"{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"read"}"#;
/// assert_eq!(ledger.feed(text), LineOutcome::ToolCall);
/// assert_eq!(ledger.feed(text.as_bytes()), LineOutcome::ToolCall);
/// assert_eq!(ledger.feed(&serde_json::from_str::<serde_json::Value>(text).unwrap()), LineOutcome::ToolCall);
/// assert_eq!(ledger.feed(&b"\xff\xfe"[..]), LineOutcome::NotJson);
/// assert_eq!(ledger.len(), 1);
/// ```
pub trait Message: private::Read {}

impl<T: private::Read> Message for T {}

pub(crate) mod private {
    use super::*;

    /// How each form is read (after [`Ledger::begin`], before the outcome is counted).
    pub trait Read {
        /// Reads the message into `ledger`.
        fn read_into(self, ledger: &mut Ledger) -> LineOutcome;
    }

    /// Each form, read by the ledger's reader of its kind.
    macro_rules! read_by {
        ($reader:ident: $($form:ty),*) => {$(
            impl Read for $form {
                fn read_into(self, ledger: &mut Ledger) -> LineOutcome {
                    ledger.$reader(self)
                }
            }
        )*};
    }

    read_by!(read_text: &str, &String);
    read_by!(read_bytes: &[u8], &Vec<u8>);
    read_by!(read_value: &Value);

    impl<const N: usize> Read for &[u8; N] {
        fn read_into(self, ledger: &mut Ledger) -> LineOutcome {
            ledger.read_bytes(self)
        }
    }
}
