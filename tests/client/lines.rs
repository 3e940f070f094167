//! Reading a stream line by line ([`for_each_line`], [`Ledger::read_lines`] and
//! [`Ledger::read_lines_with`]): line ends, the line limit, I/O errors, a live stream, and a
//! program's own records.

use std::borrow::Cow;
use std::cell::Cell;
use std::io::{self, BufRead, BufReader, Read};
use std::ops::ControlFlow;

use toolmeta::client::{BoundedLine, Ledger, LineMessage, for_each_line};

/// Every line [`for_each_line`] reads from `reader`: a whole line's bytes, or the bytes
/// held of a line too long.
fn read_all(reader: impl BufRead, limit: usize) -> Vec<Result<Vec<u8>, Vec<u8>>> {
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

/// A live stream: each line the reader has is applied before the reader is asked for
/// more (which would wait for the agent).
#[test]
fn a_line_is_applied_before_more_input_is_awaited() {
    /// Gives one chunk at a time, and notes how many lines were applied when the next
    /// chunk was asked for.
    struct Chunks<'a> {
        chunks: Vec<&'static [u8]>,
        applied: &'a Cell<usize>,
        asked_after: Vec<usize>,
    }
    impl Read for Chunks<'_> {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            unreachable!("read through the buffer")
        }
    }
    impl BufRead for Chunks<'_> {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            if self.chunks.first().is_some_and(|chunk| chunk.is_empty()) {
                self.chunks.remove(0);
                self.asked_after.push(self.applied.get());
            }
            Ok(self.chunks.first().copied().unwrap_or_default())
        }
        fn consume(&mut self, amount: usize) {
            self.chunks[0] = &self.chunks[0][amount..];
        }
    }
    let applied = Cell::new(0);
    let mut reader = Chunks {
        chunks: vec![
            b"{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"c1\"}\n",
            b"{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"c2\"}\nnot json\n",
        ],
        applied: &applied,
        asked_after: Vec::new(),
    };
    let mut ledger = Ledger::new();
    let each = |_: &Ledger| {
        applied.set(applied.get() + 1);
        ControlFlow::Continue(())
    };
    ledger
        .read_lines_with(&mut reader, 1 << 10, LineMessage::of, each)
        .unwrap();
    // The second chunk was asked for once the first line was applied, the end of the
    // input once all three were.
    assert_eq!(reader.asked_after, [1, 3]);
    assert_eq!((ledger.len(), ledger.counts().not_json), (2, 1));
}

/// `own ID` is the program's record of a `tool_call` of `ID`; `long` of a message too
/// long.
fn unwrap_own(line: BoundedLine<'_>) -> LineMessage<'_> {
    match line {
        BoundedLine::Whole(b"long") | BoundedLine::TooLong(_) => LineMessage::TooLong,
        BoundedLine::Whole(line) => {
            let id = String::from_utf8_lossy(&line[4..]);
            let message = format!(r#"{{"sessionUpdate":"tool_call","toolCallId":"{id}"}}"#);
            LineMessage::Message {
                bytes: Cow::Owned(message.into_bytes()),
                time: None,
            }
        }
    }
}

/// A program's own message (unescaped from its record) and a message too long are read
/// as the line would be, and `each` stops the reading.
#[test]
fn a_programs_own_messages_are_read_and_each_may_stop() {
    let log = b"own c1\nlong\nown c2\nown c3\n";
    let mut ledger = Ledger::new();
    let mut outcomes = Vec::new();
    ledger
        .read_lines_with(&log[..], 64, unwrap_own, |ledger| {
            outcomes.push(ledger.counts().lines);
            if ledger.get("c2").is_some() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
    assert_eq!(outcomes, [1, 2, 3]);
    assert_eq!(ledger.counts().too_long, 1);
    assert!(ledger.get("c3").is_none(), "read after `each` stopped");
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

/// Lines split across the reader's buffer at every place read as lines read whole do:
/// by [`for_each_line`], and as a program unwraps them from [`Ledger::read_lines_with`]
/// (which reads the lines its reader's buffer holds whole where they are, and copies the
/// others). The streams' lines end in every way, around limits from 0 to 7 bytes.
#[test]
fn lines_read_through_any_buffer_size_are_the_same_lines() {
    let streams: [&[u8]; 6] = [
        b"ab\r\ncd\n\nefghij\r\n",
        b"abcdefgh\nx\r\r\n\r\n",
        b"\n\n\r",
        b"abcd\r\nabcde\r\nabcdef\r\n",
        b"too long without an end",
        b"a\rb\rc\n\rd",
    ];
    for input in streams {
        for limit in 0..=7 {
            let expected = reference(input, limit);
            for capacity in 1..=9 {
                let context = format!("{input:?}, limit {limit}, buffer of {capacity}");
                let seen = read_all(BufReader::with_capacity(capacity, input), limit);
                assert_eq!(seen, expected, "for_each_line: {context}");
                let mut unwrapped = Vec::new();
                let reader = BufReader::with_capacity(capacity, input);
                let each = |_: &Ledger| ControlFlow::Continue(());
                let read = Ledger::new().read_lines_with(
                    reader,
                    limit,
                    |line| {
                        unwrapped.push(match line {
                            BoundedLine::Whole(bytes) => Ok(bytes.to_vec()),
                            BoundedLine::TooLong(start) => Err(start.to_vec()),
                        });
                        LineMessage::of(line)
                    },
                    each,
                );
                read.unwrap();
                assert_eq!(unwrapped, expected, "read_lines_with: {context}");
            }
        }
    }
}

/// A read interrupted by a signal is tried again, as `read_until` does.
#[test]
fn an_interrupted_read_is_tried_again() {
    /// Interrupted before each chunk of at most `chunk` of its bytes.
    struct Interrupting<'a> {
        bytes: &'a [u8],
        chunk: usize,
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
            Ok(&self.bytes[..self.bytes.len().min(self.chunk)])
        }
        fn consume(&mut self, amount: usize) {
            self.bytes = &self.bytes[amount..];
        }
    }
    let reader = |bytes, chunk| Interrupting {
        bytes,
        chunk,
        interrupt: false,
    };
    assert_eq!(
        read_all(reader(b"ab\ncd", 1), 8),
        [Ok(b"ab".to_vec()), Ok(b"cd".to_vec())]
    );
    // The ledger's reading loop too: lines copied a byte at a time, or read in place.
    let lines = b"{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"c1\"}\nno\n{}";
    for chunk in [1, lines.len()] {
        let mut ledger = Ledger::new();
        ledger.read_lines(reader(lines, chunk)).unwrap();
        assert_eq!((ledger.len(), ledger.counts().lines), (1, 3), "{chunk}");
    }
}
