//! Reading a byte stream as lines in bounded memory: a line up to the limit is handed over
//! whole, a longer one in pieces as they arrive, never held whole.

use std::io::{self, BufRead, BufReader, Read};

/// What the reader hands over.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Piece<'a> {
    /// A whole line, with its line ending (`\n`, `\r\n`, or none at the end of the stream).
    Line(&'a [u8]),
    /// The next bytes of a line longer than the limit, in order; the first piece holds at
    /// least the limit's worth.
    Long(&'a [u8]),
    /// The end of a long line (its last piece was the one with the line ending, if any).
    LongEnd,
    /// No complete line is left in hand: the next line has yet to arrive. What was written
    /// so far must reach the reader now.
    Drained,
}

/// The capacity of the reader's buffer.
const BUFFER_BYTES: usize = 64 << 10;

/// Reads `reader` to its end, handing each line to `each` as it completes: whole when it
/// has at most `limit` bytes besides its line ending, else in pieces (memory stays within
/// `limit` plus the buffer); after a line that leaves no complete line in hand, and at the
/// end, [`Piece::Drained`]. Stops at the first error of the reader or of `each`.
pub(crate) fn pump(
    reader: impl Read,
    limit: usize,
    mut each: impl FnMut(Piece<'_>) -> io::Result<()>,
) -> io::Result<()> {
    let mut reader = BufReader::with_capacity(BUFFER_BYTES, reader);
    let mut line: Vec<u8> = Vec::new();
    let mut long = false;
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            if long {
                each(Piece::LongEnd)?;
                each(Piece::Drained)?;
            } else if !line.is_empty() {
                each(Piece::Line(&line))?;
                each(Piece::Drained)?;
            }
            return Ok(());
        }
        let (chunk, ended) = match memchr::memchr(b'\n', buffer) {
            Some(at) => (&buffer[..=at], true),
            None => (buffer, false),
        };
        let used = chunk.len();
        if long {
            each(Piece::Long(chunk))?;
            if ended {
                each(Piece::LongEnd)?;
                long = false;
            }
        } else if ended && line.is_empty() && body_len(chunk) <= limit {
            // The common case: a whole line in the buffer, handed over in place.
            each(Piece::Line(chunk))?;
        } else {
            line.extend_from_slice(chunk);
            // Without its ending yet, a line may still end in a `\r` of a `\r\n`.
            let over = if ended {
                body_len(&line) > limit
            } else {
                line.len() > limit + 1
            };
            if over {
                each(Piece::Long(&line))?;
                line.clear();
                if ended {
                    each(Piece::LongEnd)?;
                } else {
                    long = true;
                }
            } else if ended {
                each(Piece::Line(&line))?;
                line.clear();
            }
        }
        reader.consume(used);
        if ended && memchr::memchr(b'\n', reader.buffer()).is_none() {
            each(Piece::Drained)?;
        }
        // A long line's buffer is not kept at its largest.
        if line.capacity() > 2 * BUFFER_BYTES && line.is_empty() {
            line = Vec::new();
        }
    }
}

/// The length of a line without its line ending.
pub(crate) fn body_len(line: &[u8]) -> usize {
    body(line).len()
}

/// A line without its line ending (`\n` or `\r\n`).
pub(crate) fn body(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `pump` hands over, but [`Piece::Drained`].
    fn pieces(input: &[u8], limit: usize, chunk: usize) -> Vec<String> {
        let mut seen = pieces_and_drained(input, limit, chunk);
        seen.retain(|piece| piece != "drained");
        seen
    }

    /// What `pump` hands over, with a reader that returns at most `chunk` bytes a read.
    fn pieces_and_drained(input: &[u8], limit: usize, chunk: usize) -> Vec<String> {
        struct Trickle<'a>(&'a [u8], usize);
        impl Read for Trickle<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = self.0.len().min(self.1).min(buf.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut seen = Vec::new();
        pump(Trickle(input, chunk), limit, |piece| {
            seen.push(match piece {
                Piece::Line(line) => format!("line {}", String::from_utf8_lossy(line)),
                Piece::Long(bytes) => format!("long {}", String::from_utf8_lossy(bytes)),
                Piece::LongEnd => "end".to_owned(),
                Piece::Drained => "drained".to_owned(),
            });
            Ok(())
        })
        .unwrap();
        seen
    }

    #[test]
    fn lines_keep_their_endings_and_the_last_line_may_have_none() {
        for chunk in [1, 2, 3, 100] {
            assert_eq!(
                pieces(b"a\r\nbc\n\nd", 8, chunk),
                ["line a\r\n", "line bc\n", "line \n", "line d"],
                "{chunk}"
            );
        }
    }

    #[test]
    fn a_line_over_the_limit_streams_in_pieces_and_the_next_line_is_whole() {
        let input = b"0123456789\nok\n";
        assert_eq!(
            pieces(input, 4, 100),
            ["long 0123456789\n", "end", "line ok\n"]
        );
        // Arriving in small reads: held up to the limit (and a `\r`), then streamed.
        assert_eq!(
            pieces(input, 4, 3),
            ["long 012345", "long 678", "long 9\n", "end", "line ok\n"]
        );
        // Exactly at the limit, with a `\r\n`: whole, however it arrives.
        for chunk in [1, 2, 100] {
            assert_eq!(pieces(b"abcd\r\n", 4, chunk), ["line abcd\r\n"], "{chunk}");
        }
        // A long last line without an ending still ends.
        assert_eq!(pieces(b"abcdefg", 4, 100), ["long abcdefg", "end"]);
    }

    #[test]
    fn drained_comes_when_no_complete_line_is_left_in_hand() {
        // All in one read: after the last complete line, and after the last line at the end.
        assert_eq!(
            pieces_and_drained(b"a\nb\nc", 8, 100),
            ["line a\n", "line b\n", "drained", "line c", "drained"]
        );
        // One line a read: after each.
        assert_eq!(
            pieces_and_drained(b"a\nb\n", 8, 2),
            ["line a\n", "drained", "line b\n", "drained"]
        );
        assert_eq!(
            pieces_and_drained(b"0123456789\n", 4, 100),
            ["long 0123456789\n", "end", "drained"]
        );
    }

    #[test]
    fn body_drops_the_line_ending() {
        assert_eq!(body(b"a\r\n"), b"a");
        assert_eq!(body(b"a\n"), b"a");
        assert_eq!(body(b"a\r"), b"a");
        assert_eq!(body(b"a"), b"a");
    }
}
