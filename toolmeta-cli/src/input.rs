//! The programs' inputs: files and standard input, opened before any output, read line by
//! line within a bound (`toolmeta::client::for_each_line`), and fed to a ledger whether
//! they are plain ACP logs or session logs ([`crate::log`]).

use std::borrow::Cow;
use std::cell::Cell;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use toolmeta::client::{BoundedLine, Ledger, LineMessage};

use crate::exit;
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

/// Reads every file (`-`: `stdin`, once) into `ledger` with [`read_into`] at `clock`, opening them all
/// first so a typo fails before any output, and calls `each` with the ledger after every
/// line, until it breaks; on failure, reports it on `err` as `program` and returns the
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
    let inputs = open_all(files).map_err(|(path, error)| {
        let _ = writeln!(err, "{program}: cannot open `{}`: {error}", path.display());
        exit::IO
    })?;
    let stopped = Cell::new(false);
    let mut each = |ledger: &Ledger| {
        let flow = each(ledger);
        stopped.set(flow.is_break());
        flow
    };
    let mut stdin = Some(stdin);
    for (input, path) in inputs.into_iter().zip(files) {
        let read = match input {
            Input::File(file) => read_into(ledger, file, clock, &mut each),
            // `-` given twice reads standard input once.
            Input::Stdin => match stdin.take() {
                Some(stdin) => read_into(ledger, stdin, clock, &mut each),
                None => Ok(()),
            },
        };
        if let Err(error) = read {
            let _ = writeln!(err, "{program}: cannot read `{}`: {error}", path.display());
            return Err(exit::IO);
        }
        if stopped.get() {
            break;
        }
    }
    Ok(())
}
