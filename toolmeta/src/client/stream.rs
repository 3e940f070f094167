//! Feeding a whole stream to a [`Ledger`], line by line, in bounded memory: the one reading
//! loop of the library and the program alike.

use std::borrow::Cow;
use std::io::{self, BufRead};
use std::ops::ControlFlow;
use std::time::SystemTime;

use super::ledger::Reading;
use super::line::Line;
use super::{Ledger, LineOutcome};

impl Ledger {
    /// Reads every line of `reader` into the ledger (a JSONL log, a pipe, a socket).
    ///
    /// Lines may end with `\n` or `\r\n`. A line longer than
    /// [`LedgerBuilder::max_line_bytes`](super::LedgerBuilder::max_line_bytes) is skipped
    /// without being held in memory ([`LineOutcome::TooLong`]). Only I/O errors are errors;
    /// every line read before one is fed. The ledger then holds what feeding each line with
    /// [`Ledger::feed`] gives.
    ///
    /// The lines the reader's buffer holds whole are read where they are; a line that goes
    /// on past the buffer's end is copied. Give a file a buffer of 64 KiB rather than std's
    /// 8 KiB (`BufReader::with_capacity(64 << 10, file)`): lines of a few hundred bytes are
    /// then copied one in a hundred, not one in sixteen (`docs/performance.md`, "Reading in
    /// place").
    ///
    /// ```
    /// use toolmeta::client::Ledger;
    /// let log = "{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"c1\",\"kind\":\"read\"}\r\nnot json\n";
    /// let mut ledger = Ledger::new();
    /// ledger.read_lines(log.as_bytes()).unwrap();
    /// assert_eq!(ledger.len(), 1);
    /// assert_eq!(ledger.counts().skipped(), 1);
    /// ```
    pub fn read_lines<R: BufRead>(&mut self, reader: R) -> io::Result<()> {
        let limit = self.options.max_line_bytes;
        let each_line = |_: &Ledger| ControlFlow::Continue(());
        self.read_lines_with(reader, limit, LineMessage::of, each_line)
    }

    /// Reads every line of `reader` (each of at most `max_line_bytes`, as
    /// [`for_each_line`] reads them) into the ledger: `unwrap` says which message a line
    /// holds and when it was sent (a program's own log format wraps messages in records),
    /// and `each` is called with the ledger after each line is applied (its
    /// [`events`](Ledger::events) are that line's) and may stop the reading.
    ///
    /// Lines already in the reader's buffer are read a few at a time, in place, then
    /// applied: reading and applying each keep their own code hot in the instruction cache
    /// (`docs/performance.md`, "The instruction cache"). A line is never held waiting for
    /// more input: a live stream is applied as it arrives.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use std::ops::ControlFlow;
    /// use std::time::{Duration, SystemTime};
    /// use toolmeta::client::{BoundedLine, Ledger, LineMessage};
    ///
    /// // A program's log wraps each message in a record: `TIME_MS<TAB>MESSAGE`.
    /// fn unwrap(line: BoundedLine<'_>) -> LineMessage<'_> {
    ///     let BoundedLine::Whole(bytes) = line else { return LineMessage::TooLong };
    ///     let Some(tab) = bytes.iter().position(|&b| b == b'\t') else { return LineMessage::of(line) };
    ///     let millis = std::str::from_utf8(&bytes[..tab]).ok().and_then(|t| t.parse().ok());
    ///     let time = millis.map(|ms| SystemTime::UNIX_EPOCH + Duration::from_millis(ms));
    ///     LineMessage::Message { bytes: Cow::Borrowed(&bytes[tab + 1..]), time }
    /// }
    /// let log = "1000\t{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"c1\",\"kind\":\"read\"}\n";
    /// let mut ledger = Ledger::new();
    /// let mut created = 0;
    /// ledger.read_lines_with(log.as_bytes(), 1 << 20, unwrap, |ledger| {
    ///     created += ledger.events().len();
    ///     ControlFlow::Continue(())
    /// }).unwrap();
    /// let call = ledger.get("c1").unwrap();
    /// assert_eq!(call.first_seen(), Some(SystemTime::UNIX_EPOCH + Duration::from_secs(1)));
    /// assert!(created > 0);
    /// ```
    pub fn read_lines_with<R: BufRead>(
        &mut self,
        mut reader: R,
        max_line_bytes: usize,
        mut unwrap: impl FnMut(BoundedLine<'_>) -> LineMessage<'_>,
        mut each: impl FnMut(&Ledger) -> ControlFlow<()>,
    ) -> io::Result<()> {
        let mut ahead = ReadAhead::default();
        loop {
            match ahead.read_and_apply(&mut reader, max_line_bytes, &mut unwrap, self, &mut each) {
                Ok(Some(ControlFlow::Continue(()))) => {}
                Ok(Some(ControlFlow::Break(())) | None) => return Ok(()),
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        }
    }
}

/// The first line of `bytes` when they hold it whole and within `limit`: the line (without
/// its `\r\n` or `\n`), and how many bytes it takes with its line ending.
fn whole_line(bytes: &[u8], limit: usize) -> Option<(&[u8], usize)> {
    let window = &bytes[..bytes.len().min(limit.saturating_add(2))];
    let end = memchr::memchr(b'\n', window)?;
    let line = &bytes[..end];
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    (line.len() <= limit).then_some((line, end + 1))
}

/// The message a line holds, as a program unwraps it for [`Ledger::read_lines_with`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineMessage<'a> {
    /// A message (the line, or a part of it), sent at `time` when the program knows (a
    /// message that carries its own `timestamp` keeps it, as with [`Ledger::feed_at`]).
    Message {
        /// The message's bytes: borrowed from the line, or the program's own (unescaped).
        bytes: Cow<'a, [u8]>,
        /// When it was sent.
        time: Option<SystemTime>,
    },
    /// A line (or a message in it) too long to read: counted as [`LineOutcome::TooLong`].
    TooLong,
}

impl LineMessage<'_> {
    /// The line itself as the message, at no time given: what [`Ledger::read_lines`] reads.
    pub fn of<'a>(line: BoundedLine<'a>) -> LineMessage<'a> {
        match line {
            BoundedLine::Whole(bytes) => LineMessage::Message {
                bytes: Cow::Borrowed(bytes),
                time: None,
            },
            BoundedLine::TooLong(_) => LineMessage::TooLong,
        }
    }
}

/// Lines read together before they are applied together (see [`Ledger::read_lines_with`]):
/// at most [`ReadAhead::LINES`], those the reader's buffer holds whole, read where they are.
/// Only a line that goes on past the buffer's end (or is too long) is copied, one a batch:
/// a stream costs one line's limit and a little more.
#[derive(Default)]
struct ReadAhead {
    /// The line copied, when the buffer does not hold it whole.
    copied: Vec<u8>,
    room: Room,
}

/// Room for a batch's messages, its lines and how far reading each got, kept empty between
/// batches: allocated once, not at every batch (the lines are 28 KiB, which glibc serves by
/// consolidating its small free blocks first).
#[derive(Default)]
struct Room {
    messages: Vec<LineMessage<'static>>,
    lines: Vec<Line<'static>>,
    readings: Vec<Reading<'static>>,
}

impl ReadAhead {
    /// How many lines are read ahead, at most.
    const LINES: usize = 32;

    /// Reads the next lines of `reader`, then applies each as one message fed, calling
    /// `each` after it; `None` at the end of the input. A first line the buffer does not
    /// hold whole (it goes on past the buffer's end, or is too long) is copied, which may
    /// wait for input (nothing is held then); then come the lines the buffer holds whole.
    fn read_and_apply(
        &mut self,
        reader: &mut impl BufRead,
        limit: usize,
        unwrap: &mut impl FnMut(BoundedLine<'_>) -> LineMessage<'_>,
        ledger: &mut Ledger,
        each: &mut impl FnMut(&Ledger) -> ControlFlow<()>,
    ) -> io::Result<Option<ControlFlow<()>>> {
        let available = reader.fill_buf()?;
        if available.is_empty() {
            return Ok(None);
        }
        // A batch for each case: the borrow checker cannot tell their borrows apart in one.
        if whole_line(available, limit).is_some() {
            let mut batch = self.room.batch();
            let taken = whole_lines(&mut batch, available, limit, unwrap);
            let flow = self.room.apply(batch, ledger, each);
            reader.consume(taken);
            return Ok(Some(flow));
        }
        let mut batch = self.room.batch();
        self.copied.clear();
        let (read, buffered) = read_line(reader, limit, &mut self.copied)?;
        batch.extend(read.map(|read| unwrap(read.of(&self.copied))));
        // Only what is buffered, never waiting for input; an error is met at the next read.
        let available = match buffered {
            true => reader.fill_buf().unwrap_or_default(),
            false => &[],
        };
        let taken = whole_lines(&mut batch, available, limit, unwrap);
        let flow = self.room.apply(batch, ledger, each);
        reader.consume(taken);
        Ok(Some(flow))
    }
}

/// Adds to `batch` the lines `available` (a reader's buffer) holds whole, from its start,
/// until the batch is full; says how many bytes they took.
fn whole_lines<'a>(
    batch: &mut Vec<LineMessage<'a>>,
    available: &'a [u8],
    limit: usize,
    unwrap: &mut impl FnMut(BoundedLine<'_>) -> LineMessage<'_>,
) -> usize {
    let mut taken = 0;
    while batch.len() < ReadAhead::LINES
        && let Some((line, length)) = whole_line(&available[taken..], limit)
    {
        batch.push(unwrap(BoundedLine::Whole(line)));
        taken += length;
    }
    taken
}

impl Room {
    /// The kept room for a batch's messages, empty.
    fn batch<'a>(&mut self) -> Vec<LineMessage<'a>> {
        emptied(std::mem::take(&mut self.messages))
    }

    /// Reads the messages of `batch` into lines, then applies each, calling `each` after
    /// it; keeps the room.
    fn apply(
        &mut self,
        batch: Vec<LineMessage<'_>>,
        ledger: &mut Ledger,
        each: &mut impl FnMut(&Ledger) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let limit = ledger.options.max_line_bytes;
        // The kept room, empty, lent to lines that borrow from this batch's bytes.
        let mut lines: Vec<Line<'_>> = std::mem::take(&mut self.lines);
        let mut readings: Vec<Reading<'_>> = std::mem::take(&mut self.readings);
        lines.resize_with(batch.len(), Line::default);
        for (message, line) in batch.iter().zip(&mut lines) {
            readings.push(match message {
                LineMessage::Message { bytes, .. } => Reading::of_bytes(bytes, limit, line),
                LineMessage::TooLong => Reading::Done(LineOutcome::TooLong),
            });
        }
        let mut flow = ControlFlow::Continue(());
        for ((reading, line), message) in readings.drain(..).zip(&mut lines).zip(&batch) {
            let time = match message {
                LineMessage::Message { time, .. } => *time,
                LineMessage::TooLong => None,
            };
            ledger.begin(time);
            let outcome = ledger.apply_reading(reading, line);
            ledger.count(outcome);
            flow = each(ledger);
            if flow.is_break() {
                break;
            }
        }
        self.lines = emptied(lines);
        self.readings = emptied(readings);
        self.messages = emptied(batch);
        flow
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
/// `\r\n` ends a line (a `\r` also at the end of the input), as for [`Ledger::read_lines`].
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
        let Some(read) = read_line(&mut reader, limit, &mut line)?.0 else {
            return Ok(());
        };
        if each(read.of(&line)).is_break() {
            return Ok(());
        }
    }
}

/// Which [`BoundedLine`] [`read_line`] read.
enum LineRead {
    Whole,
    TooLong,
}

impl LineRead {
    /// The line read, held in `bytes`.
    fn of(self, bytes: &[u8]) -> BoundedLine<'_> {
        match self {
            LineRead::Whole => BoundedLine::Whole(bytes),
            LineRead::TooLong => BoundedLine::TooLong(bytes),
        }
    }
}

/// Appends the next line of `reader` to `buf`, without its line ending and holding at most
/// `limit + 2` bytes of it; `None` at the end of the input. Also says whether the reader
/// still holds bytes in its buffer (reading more would not wait for input).
///
/// `memchr` finds the line's end, not `BufRead::read_until`'s portable search (3% of the
/// ledger's time: `docs/performance.md`, "Where the time goes").
fn read_line(
    reader: &mut impl BufRead,
    limit: usize,
    buf: &mut Vec<u8>,
) -> io::Result<(Option<LineRead>, bool)> {
    // At most two bytes past the limit: a line of exactly `limit` bytes and its `\r\n`, and
    // no more than needed to know a longer line is too long.
    let cap = limit.saturating_add(2);
    let start = buf.len();
    let (mut read_any, mut ended, mut buffered) = (false, false, false);
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
        let held = available.len();
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
        buffered = taken < held;
        reader.consume(taken);
    }
    if !read_any {
        return Ok((None, false));
    }
    // At the end of the stream too, a `\r` ends the line (a line cut at the cap still
    // has more than `limit` bytes without it).
    if buf.len() > start && buf.last() == Some(&b'\r') {
        buf.pop();
    }
    if buf.len() - start > limit {
        if !ended {
            reader.skip_until(b'\n')?;
            buffered = false;
        }
        return Ok((Some(LineRead::TooLong), buffered));
    }
    Ok((Some(LineRead::Whole), buffered))
}

#[cfg(test)]
mod tests {
    use super::emptied;

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
}
