//! The programs' inputs: files and standard input, opened before any output, read line by
//! line within a bound (`Ledger::read_lines_with`), and fed to a ledger whether they are
//! plain ACP logs or session logs ([`crate::log`]).

use std::borrow::Cow;
use std::cell::Cell;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use toolmeta::client::{BoundedLine, Ledger, LedgerBuilder, LineMessage};

use crate::exit;
use crate::log::{self, MAX_RECORD_BYTES, Message};

/// The longest line the programs read: the ledger's default (16 MiB), so every ledger the
/// programs build keeps it unset; a longer line is counted as too long and skipped without
/// being held whole.
pub const MAX_LINE_BYTES: usize = LedgerBuilder::DEFAULT_MAX_LINE_BYTES;

/// The buffer a file is read through: the ledger reads the lines it holds whole in place
/// and copies a line split between two reads, one in a hundred at 64 KiB, one in sixteen
/// at std's 8 KiB (`docs/performance.md`, "Reading in place").
const BUFFER_BYTES: usize = 64 << 10;

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
                    .map(|file| Input::File(BufReader::with_capacity(BUFFER_BYTES, file)))
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

impl Clock {
    fn now(self) -> Option<SystemTime> {
        match self {
            Clock::None => None,
            Clock::Now => Some(SystemTime::now()),
        }
    }
}

/// The message a line of the programs' inputs holds: a record of a session log
/// ([`crate::log`]) holds its message, at its time `t`; any other line is the message, at
/// the [`Clock`]'s time.
pub fn message_of(line: BoundedLine<'_>, clock: Clock) -> LineMessage<'_> {
    let BoundedLine::Whole(bytes) = line else {
        // Longer than a record: too long for the ledger too, never held whole.
        return LineMessage::TooLong;
    };
    let Some(record) = log::read_record(bytes) else {
        // A line between the ledger's limit and a record's is counted as too long by the
        // ledger itself.
        return LineMessage::Message {
            bytes: Cow::Borrowed(bytes),
            time: clock.now(),
        };
    };
    match record.message {
        Message::Json(message) => LineMessage::Message {
            bytes: Cow::Borrowed(message.as_bytes()),
            time: record.time.or_else(|| clock.now()),
        },
        // Not JSON: counted so by the ledger.
        Message::Raw(text) => LineMessage::Message {
            bytes: match text {
                Cow::Borrowed(text) => Cow::Borrowed(text.as_bytes()),
                Cow::Owned(text) => Cow::Owned(text.into_bytes()),
            },
            time: None,
        },
        Message::TooLong(_) => LineMessage::TooLong,
    }
}

/// Reads every line of `reader` into `ledger` ([`Ledger::read_lines_with`], each line's
/// message as [`message_of`] says), calling `each` with the ledger after every line (its
/// [`events`](Ledger::events) are that line's) until it breaks; only I/O errors are errors.
pub fn read_into(
    ledger: &mut Ledger,
    reader: impl BufRead,
    clock: Clock,
    each: &mut dyn FnMut(&Ledger) -> ControlFlow<()>,
) -> io::Result<()> {
    ledger.read_lines_with(
        reader,
        MAX_RECORD_BYTES,
        |line| message_of(line, clock),
        each,
    )
}

/// Reads every line of `reader` into `ledger` as [`read_into`] does, calling `each` with
/// the ledger and the line's message as sent (who sent it and when, for a session log's
/// record) after every line, until it breaks: for a reader of what the ledger does not keep,
/// such as the export's prompt turns. The lines read ahead are held as [`Sent`] in order,
/// each given to `each` with the line applied.
pub fn read_into_with_messages(
    ledger: &mut Ledger,
    reader: impl BufRead,
    clock: Clock,
    each: &mut dyn FnMut(&Ledger, &Sent) -> ControlFlow<()>,
) -> io::Result<()> {
    let held = RefCell::new(VecDeque::new());
    ledger.read_lines_with(
        reader,
        MAX_RECORD_BYTES,
        |line| {
            held.borrow_mut().push_back(Sent::of(line));
            message_of(line, clock)
        },
        |ledger| {
            let sent = held.borrow_mut().pop_front().unwrap_or(Sent::Unread);
            each(ledger, &sent)
        },
    )
}

/// A line's message as it was sent, for [`read_into_with_messages`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sent {
    /// A session log's record of a JSON message: who sent it, and when.
    Record {
        /// Who sent it.
        dir: log::Direction,
        /// When, as the record says.
        time: Option<SystemTime>,
        /// The message.
        message: String,
    },
    /// A line that is the message itself.
    Plain(String),
    /// A line too long, not UTF-8, or a record of no JSON message.
    Unread,
}

impl Sent {
    fn of(line: BoundedLine<'_>) -> Sent {
        let BoundedLine::Whole(bytes) = line else {
            return Sent::Unread;
        };
        match log::read_record(bytes) {
            Some(record) => match record.message {
                Message::Json(message) => Sent::Record {
                    dir: record.dir,
                    time: record.time,
                    message: message.to_owned(),
                },
                _ => Sent::Unread,
            },
            None => {
                std::str::from_utf8(bytes).map_or(Sent::Unread, |text| Sent::Plain(text.to_owned()))
            }
        }
    }
}

/// Reads every file (`-`: `stdin`, once) into `ledger` with [`read_into`] at `clock`, opening
/// them all first so a typo fails before any output, and calls `each` with the ledger after
/// every line, until it breaks; on failure, reports it on `err` as `program` and returns the
/// exit code.
pub fn read_all(
    ledger: &mut Ledger,
    files: &[PathBuf],
    stdin: &mut dyn BufRead,
    clock: Clock,
    program: &str,
    err: &mut dyn Write,
    each: &mut dyn FnMut(&Ledger) -> ControlFlow<()>,
) -> Result<(), u8> {
    for_each_input(files, stdin, program, err, &mut |input| {
        let stopped = Cell::new(false);
        read_into(ledger, input, clock, &mut |ledger| {
            let flow = each(ledger);
            stopped.set(flow.is_break());
            flow
        })?;
        Ok(if stopped.get() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        })
    })
}

/// Opens every file (`-`: `stdin`, once) first, so a typo fails before any output, then
/// calls `read` with each in order until it breaks; on failure, reports it on `err` as
/// `program` and returns the exit code.
pub fn for_each_input(
    files: &[PathBuf],
    stdin: &mut dyn BufRead,
    program: &str,
    err: &mut dyn Write,
    read: &mut dyn FnMut(&mut dyn BufRead) -> io::Result<ControlFlow<()>>,
) -> Result<(), u8> {
    let inputs = open_all(files).map_err(|(path, error)| {
        let _ = writeln!(err, "{program}: cannot open `{}`: {error}", path.display());
        exit::IO
    })?;
    let mut stdin = Some(stdin);
    for (input, path) in inputs.into_iter().zip(files) {
        let read = match input {
            Input::File(mut file) => read(&mut file),
            // `-` given twice reads standard input once.
            Input::Stdin => match stdin.take() {
                Some(stdin) => read(stdin),
                None => Ok(ControlFlow::Continue(())),
            },
        };
        match read {
            Err(error) => {
                let _ = writeln!(err, "{program}: cannot read `{}`: {error}", path.display());
                return Err(exit::IO);
            }
            Ok(ControlFlow::Break(())) => break,
            Ok(ControlFlow::Continue(())) => {}
        }
    }
    Ok(())
}
