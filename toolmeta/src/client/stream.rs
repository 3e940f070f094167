//! Feeding a whole stream to a [`Ledger`], line by line, in bounded memory.

use std::io::{self, BufRead};
use std::ops::ControlFlow;

use super::ledger::Reading;
use super::line::Line;
use super::{Ledger, LineOutcome};

impl Ledger {
    /// Reads every line of `reader` into the ledger (a JSONL log, a pipe, a socket).
    ///
    /// Lines may end with `\n` or `\r\n`. A line longer than
    /// [`LedgerBuilder::max_line_bytes`](super::LedgerBuilder::max_line_bytes) is skipped
    /// without being held in memory ([`LineOutcome::TooLong`]); a line that is not UTF-8 is
    /// [`LineOutcome::NotJson`]. Only I/O errors are errors; every line read before one is
    /// fed.
    ///
    /// It reads a few lines (up to 32, or 64 KiB) before applying them, which keeps the
    /// processor's caches warmer than one line at a time; what the ledger holds afterwards is
    /// what feeding each line with [`Ledger::feed`] gives.
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
        let mut ahead = ReadAhead::default();
        loop {
            let filled = ahead.fill(&mut reader, limit);
            // The lines read before a failed read are fed too, as they would be one by one.
            ahead.feed(self);
            if !filled? {
                return Ok(());
            }
        }
    }
}

/// Lines held to be read together before they are applied together: reading and applying
/// each keep their own code hot in the instruction cache, instead of evicting each other's
/// at every line (on the generated log, it leaves about a third of the instruction-cache
/// misses, measured with cachegrind: `docs/performance.md`). It holds at most
/// [`ReadAhead::LINES`] lines and past [`ReadAhead::BYTES`] only the line that crossed it,
/// so a stream still costs one line's limit and a little more.
#[derive(Default)]
struct ReadAhead {
    /// The lines' bytes, one after the other.
    text: Vec<u8>,
    /// Where each line ends in `text`, and whether it was too long (then it holds none of
    /// its bytes).
    ends: Vec<(usize, bool)>,
    /// Room for the lines read and how far each got, kept empty between batches: allocated
    /// once, not at every batch (each is 28 KiB, which glibc serves by consolidating its
    /// small free blocks first).
    lines: Vec<Line<'static>>,
    readings: Vec<Reading<'static>>,
}

impl ReadAhead {
    /// How many lines are read ahead, at most.
    const LINES: usize = 32;
    /// How many bytes of lines are held, past which the lines held are fed.
    const BYTES: usize = 64 << 10;

    /// Reads lines from `reader` until it holds enough; says whether the input goes on.
    fn fill(&mut self, reader: &mut impl BufRead, limit: usize) -> io::Result<bool> {
        while !self.is_full() {
            let start = self.text.len();
            match read_line(reader, limit, &mut self.text)? {
                None => return Ok(false),
                Some(LineRead::Whole) => self.ends.push((self.text.len(), false)),
                Some(LineRead::TooLong) => {
                    self.text.truncate(start);
                    self.ends.push((start, true));
                }
            }
        }
        Ok(true)
    }

    fn is_full(&self) -> bool {
        self.ends.len() >= Self::LINES || self.text.len() >= Self::BYTES
    }

    /// Reads the lines held, then applies them in order, each as one message fed.
    fn feed(&mut self, ledger: &mut Ledger) {
        let limit = ledger.line_limit();
        // The kept room, empty, lent to lines that borrow from this batch's text.
        let mut lines: Vec<Line<'_>> = std::mem::take(&mut self.lines);
        let mut readings: Vec<Reading<'_>> = std::mem::take(&mut self.readings);
        lines.resize_with(self.ends.len(), Line::default);
        let mut start = 0;
        for (&(end, too_long), line) in self.ends.iter().zip(&mut lines) {
            readings.push(if too_long {
                Reading::Done(LineOutcome::TooLong)
            } else {
                Reading::of_bytes(&self.text[start..end], limit, line)
            });
            start = end;
        }
        for (reading, line) in readings.drain(..).zip(&mut lines) {
            ledger.begin(None);
            let outcome = ledger.apply_reading(reading, line);
            ledger.count(outcome);
        }
        self.lines = emptied(lines);
        self.readings = emptied(readings);
        self.text.clear();
        self.ends.clear();
    }
}

/// `items` emptied, its allocation kept for items of another lifetime: std collects a vector
/// into one of the same layout in place (were it not to, the next batch would allocate
/// again, nothing worse).
fn emptied<T, U>(mut items: Vec<T>) -> Vec<U> {
    items.clear();
    items.into_iter().map_while(|_| None).collect()
}

/// One line as [`for_each_line`] reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoundedLine<'a> {
    /// A line within the bound, without its line ending.
    Whole(&'a [u8]),
    /// The first bytes (at most the limit and two) of a line longer than the bound; the
    /// rest was skipped unread.
    TooLong(&'a [u8]),
}

/// Reads `reader` line by line, holding at most `limit + 2` bytes of any line, and calls
/// `each` with every line until the input ends, a read fails, or `each` breaks. A `\n` or
/// `\r\n` ends a line (a `\r` also at the end of the input). [`Ledger::read_lines`] reads
/// its lines the same way (one function reads a line for both); this serves a program
/// that feeds the ledger in its own way (with its own times, or several inputs).
///
/// ```
/// use std::ops::ControlFlow;
/// use toolmeta::client::{BoundedLine, for_each_line};
///
/// let mut lines = Vec::new();
/// for_each_line("short\r\nmuch too long\nend".as_bytes(), 5, |line| {
///     lines.push(match line {
///         BoundedLine::Whole(line) => (true, line.to_vec()),
///         BoundedLine::TooLong(start) => (false, start.to_vec()),
///     });
///     ControlFlow::Continue(())
/// })
/// .unwrap();
/// let expected = [(true, &b"short"[..]), (false, b"much to"), (true, b"end")];
/// assert_eq!(lines, expected.map(|(whole, line)| (whole, line.to_vec())));
/// ```
pub fn for_each_line(
    mut reader: impl BufRead,
    limit: usize,
    mut each: impl FnMut(BoundedLine<'_>) -> ControlFlow<()>,
) -> io::Result<()> {
    let mut line = Vec::new();
    loop {
        line.clear();
        let line = match read_line(&mut reader, limit, &mut line)? {
            None => return Ok(()),
            Some(LineRead::Whole) => BoundedLine::Whole(&line),
            Some(LineRead::TooLong) => BoundedLine::TooLong(&line),
        };
        if each(line).is_break() {
            return Ok(());
        }
    }
}

/// What [`read_line`] read.
enum LineRead {
    /// A line within the limit.
    Whole,
    /// A line over the limit: its first bytes (at most the limit and two); the rest was
    /// skipped unread.
    TooLong,
}

/// Appends the next line of `reader` to `buf`, without its line ending and holding at most
/// `limit + 2` bytes of it; `None` at the end of the input.
///
/// It looks for the line's end in the reader's buffer with `memchr`, not with
/// `BufRead::read_until`, whose byte search is std's portable one: on the generated log
/// that search was 3% of the ledger's time (`docs/performance.md`).
fn read_line(
    reader: &mut impl BufRead,
    limit: usize,
    buf: &mut Vec<u8>,
) -> io::Result<Option<LineRead>> {
    // At most two bytes past the limit: a line of exactly `limit` bytes and its `\r\n`, and
    // no more than needed to know a longer line is too long.
    let cap = limit.saturating_add(2);
    let start = buf.len();
    let (mut read_any, mut ended) = (false, false);
    while !ended && buf.len() - start < cap {
        let available = match reader.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            break;
        }
        read_any = true;
        let window = &available[..available.len().min(cap - (buf.len() - start))];
        let taken = match memchr::memchr(b'\n', window) {
            Some(at) => {
                ended = true;
                buf.extend_from_slice(&window[..at]);
                at + 1
            }
            None => {
                buf.extend_from_slice(window);
                window.len()
            }
        };
        reader.consume(taken);
    }
    if !read_any {
        return Ok(None);
    }
    // At the end of the stream too, a `\r` ends the line (a line cut at the cap still
    // has more than `limit` bytes without it).
    if buf.len() > start && buf.last() == Some(&b'\r') {
        buf.pop();
    }
    if buf.len() - start > limit {
        if !ended {
            reader.skip_until(b'\n')?;
        }
        return Ok(Some(LineRead::TooLong));
    }
    Ok(Some(LineRead::Whole))
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::{BoundedLine, emptied, for_each_line};

    /// The read-ahead's room for lines is allocated once: emptied for lines of another
    /// batch, a vector keeps its allocation.
    #[test]
    fn an_emptied_vector_keeps_its_allocation() {
        let text = String::from("borrowed");
        let mut borrowing: Vec<Option<&str>> = Vec::with_capacity(32);
        borrowing.push(Some(&text));
        let at = borrowing.as_ptr() as usize;
        let kept: Vec<Option<&'static str>> = emptied(borrowing);
        assert!(kept.is_empty());
        assert_eq!((kept.capacity(), kept.as_ptr() as usize), (32, at));
    }

    /// Every line [`for_each_line`] reads from `reader`: a whole line's bytes, or the bytes
    /// held of a line too long.
    fn read_all(reader: impl std::io::BufRead, limit: usize) -> Vec<Result<Vec<u8>, Vec<u8>>> {
        let mut seen = Vec::new();
        for_each_line(reader, limit, |line| {
            seen.push(match line {
                BoundedLine::Whole(bytes) => Ok(bytes.to_vec()),
                BoundedLine::TooLong(start) => Err(start.to_vec()),
            });
            ControlFlow::Continue(())
        })
        .unwrap();
        seen
    }

    /// The lines of `input`, a line too long by how many of its bytes were held.
    fn lines(input: &[u8], limit: usize) -> Vec<Result<Vec<u8>, usize>> {
        let held = |line: Vec<u8>| line.len();
        read_all(input, limit)
            .into_iter()
            .map(|line| line.map_err(held))
            .collect()
    }

    #[test]
    fn the_lines_read_before_an_io_error_are_fed() {
        use std::io::{self, BufReader, Read};

        use crate::client::Ledger;

        /// Fails every read.
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("connection reset"))
            }
        }
        let lines: String = (0..3)
            .map(|i| format!("{{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"c{i}\"}}\n"))
            .collect();
        let mut ledger = Ledger::new();
        let read = ledger.read_lines(BufReader::new(lines.as_bytes().chain(Broken)));
        assert_eq!(read.unwrap_err().to_string(), "connection reset");
        assert_eq!(ledger.len(), 3);
        assert_eq!(ledger.counts().lines, 3);
    }

    #[test]
    fn lines_end_at_newlines_with_or_without_a_carriage_return() {
        assert_eq!(
            lines(b"a\r\nbc\n\nd", 8),
            [
                Ok(b"a".to_vec()),
                Ok(b"bc".to_vec()),
                Ok(vec![]),
                Ok(b"d".to_vec())
            ]
        );
    }

    #[test]
    fn a_line_over_the_limit_is_cut_and_the_next_line_is_whole() {
        let mut input = vec![b'x'; 100];
        input.extend_from_slice(b"\nok\n");
        // Held: the limit plus two bytes, never the whole line.
        assert_eq!(lines(&input, 4), [Err(6), Ok(b"ok".to_vec())]);
        // Exactly at the limit, with its `\r\n`: whole.
        assert_eq!(lines(b"abcd\r\n", 4), [Ok(b"abcd".to_vec())]);
        assert_eq!(lines(b"abcde", 4), [Err(5)]);
    }

    /// What a line is, said plainly: the bytes up to each `\n` (or the end of the input),
    /// without a last `\r`; a line of more than `limit` bytes is too long, and of it are
    /// kept its first `limit + 2` bytes, then without a last `\n` or `\r`.
    fn reference(input: &[u8], limit: usize) -> Vec<Result<Vec<u8>, Vec<u8>>> {
        let mut seen = Vec::new();
        let mut rest = input;
        while !rest.is_empty() {
            let raw_end = rest
                .iter()
                .position(|&byte| byte == b'\n')
                .map_or(rest.len(), |at| at + 1);
            let (raw, after) = rest.split_at(raw_end);
            let held = &raw[..raw.len().min(limit + 2)];
            let held = held.strip_suffix(b"\n").unwrap_or(held);
            let held = held.strip_suffix(b"\r").unwrap_or(held);
            seen.push(if held.len() > limit {
                Err(held.to_vec())
            } else {
                Ok(held.to_vec())
            });
            rest = after;
        }
        seen
    }

    /// Lines split across the reader's buffer at every place read as lines read whole do.
    #[test]
    fn lines_read_through_any_buffer_size_are_the_same_lines() {
        use std::io::BufReader;

        let inputs: [&[u8]; 6] = [
            b"ab\r\ncd\n\nefghij\r\n",
            b"abcdefgh\nx\r\r\n\r\n",
            b"\n\n\r",
            b"abcd\r\nabcde\r\nabcdef\r\n",
            b"too long without an end",
            b"a\rb\rc\n\rd",
        ];
        for input in inputs {
            for limit in 0..=7 {
                let expected = reference(input, limit);
                for capacity in 1..=9 {
                    let seen = read_all(BufReader::with_capacity(capacity, input), limit);
                    assert_eq!(
                        seen, expected,
                        "{input:?}, limit {limit}, buffer of {capacity}"
                    );
                }
            }
        }
    }

    /// A read interrupted by a signal is tried again, as `read_until` does.
    #[test]
    fn an_interrupted_read_is_tried_again() {
        use std::io::{self, BufRead, Read};

        /// Interrupted before each of its bytes.
        struct Interrupting<'a> {
            bytes: &'a [u8],
            interrupt: bool,
        }
        impl Read for Interrupting<'_> {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                unreachable!("read through the buffer")
            }
        }
        impl BufRead for Interrupting<'_> {
            fn fill_buf(&mut self) -> io::Result<&[u8]> {
                self.interrupt = !self.interrupt;
                if self.interrupt {
                    return Err(io::ErrorKind::Interrupted.into());
                }
                Ok(&self.bytes[..self.bytes.len().min(1)])
            }
            fn consume(&mut self, amount: usize) {
                self.bytes = &self.bytes[amount..];
            }
        }
        let reader = Interrupting {
            bytes: b"ab\ncd",
            interrupt: false,
        };
        assert_eq!(
            read_all(reader, 8),
            [Ok(b"ab".to_vec()), Ok(b"cd".to_vec())]
        );
    }
}
