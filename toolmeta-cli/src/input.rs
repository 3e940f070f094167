//! The programs' inputs: files and standard input, opened before any output, read line by
//! line within a bound, and fed to a ledger whether they are plain ACP logs or session logs
//! ([`crate::log`]).

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use toolmeta::client::{Ledger, LineOutcome};

use crate::log::{self, MAX_RECORD_BYTES, Message};

/// The longest line the programs read (16 MiB, the ledger's default); a longer one is
/// counted as too long and skipped without being held whole.
pub const MAX_LINE_BYTES: usize = 16 << 20;

/// One input of a program: a file, or standard input (`-`).
pub enum Input {
    /// A file, opened.
    File(BufReader<File>),
    /// Standard input, read from the reader the program was given.
    Stdin,
}

/// Opens every input first, so a misspelled file fails before any output; `-` is standard
/// input. The error names the file that could not be opened.
pub fn open_all(paths: &[PathBuf]) -> Result<Vec<Input>, (PathBuf, io::Error)> {
    paths
        .iter()
        .map(|path| {
            if is_stdin(path) {
                Ok(Input::Stdin)
            } else {
                File::open(path)
                    .map(|file| Input::File(BufReader::new(file)))
                    .map_err(|error| (path.clone(), error))
            }
        })
        .collect()
}

/// Whether `path` is `-`, standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// One line as read: its bytes without the line ending, or the first `MAX_LINE_BYTES + 2`
/// bytes of a line that was longer (the rest was skipped unread).
pub enum Line<'a> {
    /// A line within the bound.
    Whole(&'a [u8]),
    /// The start of a line over the bound: longer than `MAX_LINE_BYTES`, so any reader with
    /// that limit counts it as too long.
    TooLong(&'a [u8]),
}

/// Reads `reader` line by line (a `\n` or `\r\n` ends a line), holding at most
/// `limit + 2` bytes of any line, and calls `each` with every line. Stops at the end of
/// the input or at the first read error, or when `each` returns `false`.
pub fn for_each_line(
    mut reader: impl BufRead,
    limit: usize,
    mut each: impl FnMut(Line<'_>) -> bool,
) -> io::Result<()> {
    let cap = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(2);
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = io::Read::take(&mut reader, cap).read_until(b'\n', &mut line)?;
        if read == 0 {
            return Ok(());
        }
        let ended = line.last() == Some(&b'\n');
        if ended {
            line.pop();
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        let go_on = if line.len() > limit {
            if !ended {
                reader.skip_until(b'\n')?;
            }
            each(Line::TooLong(&line))
        } else {
            each(Line::Whole(&line))
        };
        if !go_on {
            return Ok(());
        }
    }
}

/// The time a line that carries none is fed at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clock {
    /// None: the ledger keeps the times the lines carry (a persisted log's `timestamp`).
    None,
    /// When the line is read: a live stream.
    Now,
}

/// Feeds lines to a ledger: a record of a session log ([`crate::log`]) as its message, at
/// its time `t`; any other line as it is, at the [`Clock`]'s time.
pub struct Feeder {
    clock: Clock,
    /// A line longer than the ledger reads, to count a record of a line that was too long
    /// (allocated the first time one is met).
    too_long: Vec<u8>,
}

impl Feeder {
    /// A feeder whose plain lines are fed at `clock`'s time.
    pub fn new(clock: Clock) -> Feeder {
        Feeder {
            clock,
            too_long: Vec::new(),
        }
    }

    /// Feeds one line (as [`for_each_line`] reads it, with the limit [`MAX_RECORD_BYTES`]).
    pub fn feed(&mut self, ledger: &mut Ledger, line: Line<'_>) -> LineOutcome {
        let bytes = match line {
            Line::Whole(bytes) => bytes,
            // Longer than a record: too long for the ledger too, never held whole.
            Line::TooLong(start) => return ledger.feed(start),
        };
        match log::read_record(bytes) {
            Some(record) => match record.message {
                Message::Json(message) => match record.time.or_else(|| self.now()) {
                    Some(time) => ledger.feed_at(message, time),
                    None => ledger.feed(message),
                },
                // Not JSON: counted so by the ledger.
                Message::Raw(text) => ledger.feed(text.as_ref()),
                Message::TooLong(_) => {
                    if self.too_long.is_empty() {
                        self.too_long = vec![b' '; MAX_RECORD_BYTES + 1];
                    }
                    ledger.feed(&self.too_long)
                }
            },
            None => match (self.now(), std::str::from_utf8(bytes)) {
                (Some(now), Ok(text)) => ledger.feed_at(text, now),
                // A line between the ledger's limit and a record's is counted as too long
                // by the ledger itself.
                _ => ledger.feed(bytes),
            },
        }
    }

    fn now(&self) -> Option<SystemTime> {
        match self.clock {
            Clock::None => None,
            Clock::Now => Some(SystemTime::now()),
        }
    }
}

/// Reads every line of `reader` into `ledger` (see [`Feeder`]), calling `each` with the
/// ledger after every line (its [`events`](Ledger::events) are that line's); only I/O
/// errors are errors.
pub fn read_into(
    ledger: &mut Ledger,
    reader: impl BufRead,
    clock: Clock,
    each: &mut dyn FnMut(&Ledger),
) -> io::Result<()> {
    let mut feeder = Feeder::new(clock);
    for_each_line(reader, MAX_RECORD_BYTES, |line| {
        feeder.feed(ledger, line);
        each(ledger);
        true
    })
}

#[cfg(test)]
mod tests {
    use super::{Line, for_each_line};

    fn lines(input: &[u8], limit: usize) -> Vec<Result<Vec<u8>, usize>> {
        let mut seen = Vec::new();
        for_each_line(input, limit, |line| {
            seen.push(match line {
                Line::Whole(bytes) => Ok(bytes.to_vec()),
                Line::TooLong(start) => Err(start.len()),
            });
            true
        })
        .unwrap();
        seen
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
}
