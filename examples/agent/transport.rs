//! The agent's stdio transport: the SDK's `Lines` fed by a line reader of our own.
//!
//! The SDK's `Stdio` reads lines with `AsyncBufReadExt::lines`, which fails the whole
//! connection on one line that is not UTF-8 and holds a line of any length in memory, then
//! echoes it whole in the parse error. This reader keeps at most `max_line_bytes` of a line;
//! a line that is too long or not UTF-8 reaches the SDK as a short placeholder that is not
//! JSON, so the SDK answers it with its ordinary parse error (`-32700`, `id: null`), whose
//! `data.line` says what was wrong, and the connection goes on.

use std::io;

use agent_client_protocol::Lines;
use blocking::Unblock;
use futures::io::{AsyncBufRead, AsyncBufReadExt, AsyncWriteExt, BufReader};
use futures::{Sink, Stream};

/// Stdin and stdout as JSON-RPC lines, incoming lines bounded by `max_line_bytes`.
pub fn stdio(
    max_line_bytes: usize,
) -> Lines<
    impl Sink<String, Error = io::Error> + Send + 'static,
    impl Stream<Item = io::Result<String>> + Send + 'static,
> {
    let stdin = BufReader::new(Unblock::new(io::stdin()));
    let incoming = futures::stream::unfold(stdin, move |mut stdin| async move {
        match next_line(&mut stdin, max_line_bytes).await {
            Ok(Some(line)) => Some((Ok(line), stdin)),
            Ok(None) => None,
            Err(error) => Some((Err(error), stdin)),
        }
    });
    let outgoing = futures::sink::unfold(
        Unblock::new(io::stdout()),
        async |mut stdout, line: String| {
            let mut bytes = line.into_bytes();
            bytes.push(b'\n');
            stdout.write_all(&bytes).await?;
            stdout.flush().await?;
            Ok::<_, io::Error>(stdout)
        },
    );
    Lines::new(Box::pin(outgoing), Box::pin(incoming))
}

/// The next line without its `\n` (or `\r\n`), `None` at the end of input. A line over
/// `max` bytes is consumed without being kept; it and a line that is not UTF-8 come back as
/// a placeholder that says so.
async fn next_line(
    reader: &mut (impl AsyncBufRead + Unpin),
    max: usize,
) -> io::Result<Option<String>> {
    let mut kept = Vec::new();
    let mut length = 0usize;
    loop {
        let buffer = reader.fill_buf().await?;
        if buffer.is_empty() {
            if length == 0 {
                return Ok(None);
            }
            break;
        }
        let end = buffer.iter().position(|&byte| byte == b'\n');
        let chunk = &buffer[..end.unwrap_or(buffer.len())];
        length = length.saturating_add(chunk.len());
        if length <= max {
            kept.extend_from_slice(chunk);
        } else {
            kept = Vec::new();
        }
        let used = chunk.len() + usize::from(end.is_some());
        reader.consume_unpin(used);
        if end.is_some() {
            break;
        }
    }
    if length > max {
        return Ok(Some(format!(
            "<a line of {length} bytes was dropped unread: over the {max}-byte line limit>"
        )));
    }
    if kept.last() == Some(&b'\r') {
        kept.pop();
    }
    match String::from_utf8(kept) {
        Ok(line) => Ok(Some(line)),
        Err(error) => Ok(Some(format!(
            "<a line of {length} bytes was dropped: not UTF-8 (invalid byte at offset {})>",
            error.utf8_error().valid_up_to()
        ))),
    }
}
