//! The programs' inputs: files and standard input, opened before any output, read line by
//! line within a bound (`toolmeta::client::for_each_line`), and fed to a ledger whether
//! they are plain ACP logs or session logs ([`crate::log`]).

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use toolmeta::client::{BoundedLine, Ledger, LineOutcome, for_each_line};

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
    pub fn feed(&mut self, ledger: &mut Ledger, line: BoundedLine<'_>) -> LineOutcome {
        let bytes = match line {
            BoundedLine::Whole(bytes) => bytes,
            // Longer than a record: too long for the ledger too, never held whole.
            BoundedLine::TooLong(start) => return ledger.feed(start),
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
/// ledger after every line (its [`events`](Ledger::events) are that line's) and the line
/// itself (empty for a line too long to hold: a reader of what the ledger does not keep,
/// such as the export's prompt turns, reads it); only I/O errors are errors.
pub fn read_lines_into(
    ledger: &mut Ledger,
    reader: impl BufRead,
    clock: Clock,
    each: &mut dyn FnMut(&Ledger, &[u8]),
) -> io::Result<()> {
    let mut feeder = Feeder::new(clock);
    for_each_line(reader, MAX_RECORD_BYTES, |line| {
        let bytes = match line {
            BoundedLine::Whole(bytes) => bytes,
            BoundedLine::TooLong(_) => &[],
        };
        feeder.feed(ledger, line);
        each(ledger, bytes);
        ControlFlow::Continue(())
    })
}
