//! The two directions: lines read, logged, stamped or answered (agent→client only) and
//! written on.
//!
//! A line is written on as soon as the proxy has no further complete line in hand: when
//! the next line has not arrived yet, it is written at once, alone. Only while lines that
//! have already arrived wait to be read are their writes gathered into one (at most
//! [`MAX_GATHERED`] bytes), so a reader is never kept waiting for a line the proxy could have
//! written, and a burst costs one write instead of one per line.

use std::io::{Read, Write};
use std::time::SystemTime;

use super::agent_input::ClientSide;
use super::lines::{self, Piece, body};
use super::session_log::{LongLine, Records, SessionLog};
use super::telemetry::Telemetry;
use super::traffic::{AgentLines, ClientLines, Pass};
use crate::MAX_LINE_BYTES;
use crate::log::Direction;

/// The most bytes of lines gathered into one write.
const MAX_GATHERED: usize = 64 << 10;

/// Where one direction's lines go. Once a write fails (the reader went away), what follows
/// is dropped.
struct Outlet<W: Write> {
    sink: Option<W>,
    gathered: Vec<u8>,
}

impl<W: Write> Outlet<W> {
    fn new(sink: W) -> Outlet<W> {
        Outlet {
            sink: Some(sink),
            gathered: Vec::new(),
        }
    }

    /// Takes a whole line, to be written by [`Outlet::send`].
    fn line(&mut self, parts: &[&[u8]]) {
        for part in parts {
            self.gathered.extend_from_slice(part);
        }
    }

    /// Whether enough is gathered to write it without waiting for the input to drain.
    fn is_full(&self) -> bool {
        self.gathered.len() >= MAX_GATHERED
    }

    /// Writes a piece of a long line now, after what was gathered.
    fn piece(&mut self, bytes: &[u8]) {
        self.send();
        self.write(bytes, false);
    }

    /// Writes what was gathered, and flushes.
    fn send(&mut self) {
        let gathered = std::mem::take(&mut self.gathered);
        self.write(&gathered, true);
        self.gathered = gathered;
        self.gathered.clear();
        if self.gathered.capacity() > 4 * MAX_GATHERED {
            self.gathered = Vec::new();
        }
    }

    fn write(&mut self, bytes: &[u8], flush: bool) {
        if let Some(sink) = &mut self.sink {
            let written = sink
                .write_all(bytes)
                .and_then(|()| if flush { sink.flush() } else { Ok(()) });
            if written.is_err() {
                self.sink = None;
            }
        }
    }
}

/// Passes the client's lines to the agent (`agent_in`: the client's side of the one
/// writer), reading each for what the proxy learns from it, until the client closes its
/// end; then closes the agent's input. A line the agent can no longer take is dropped; the
/// client is still read, so that its end is noticed.
pub(super) fn client_to_agent<W: Write>(
    client_in: impl Read,
    agent_in: ClientSide<W>,
    mut lines: ClientLines,
    log: Option<&SessionLog>,
    telemetry: Option<&Telemetry>,
) {
    struct Client<'a>(&'a mut ClientLines);
    impl LineReader for Client<'_> {
        fn pass(&mut self, line: &[u8], now: SystemTime, _settle: &mut dyn FnMut()) -> Pass {
            self.0.read(line, now);
            Pass::Unchanged
        }
        fn answer(&mut self, _response: &[u8]) {}
    }
    forward(
        client_in,
        agent_in.clone(),
        Direction::ClientToAgent,
        log,
        telemetry,
        &mut Client(&mut lines),
    );
    agent_in.close();
}

/// Passes the agent's lines to the client, stamping tool-call events and answering the
/// requests its decider answers. Once the client can take no more, the agent's output is
/// still read (and logged) to its end, so that the agent never blocks on a full pipe.
pub(super) fn agent_to_client(
    agent_out: impl Read,
    client_out: impl Write,
    lines: &mut AgentLines,
    log: Option<&SessionLog>,
    telemetry: Option<&Telemetry>,
) {
    forward(
        agent_out,
        client_out,
        Direction::AgentToClient,
        log,
        telemetry,
        lines,
    );
}

impl LineReader for AgentLines {
    fn pass(&mut self, line: &[u8], now: SystemTime, settle: &mut dyn FnMut()) -> Pass {
        AgentLines::pass(self, line, now, settle)
    }
    fn answer(&mut self, response: &[u8]) {
        self.send(response);
    }
}

/// What reads the lines of one direction.
trait LineReader {
    /// Reads one line (without its line ending) at `now`: what becomes of it. `settle`
    /// writes to the log the records of the lines read before this one; a reader calls it
    /// before it writes a record of its own (a policy decision), so that the log keeps the
    /// order the lines came in.
    fn pass(&mut self, line: &[u8], now: SystemTime, settle: &mut dyn FnMut()) -> Pass;
    /// Sends the answer [`LineReader::pass`] made, once it is logged.
    fn answer(&mut self, response: &[u8]);
}

/// Reads `from` to its end and writes each line to `to`, as `reader` makes it. The log's
/// records are written before the lines they record (the log then has every message
/// before any answer to it; a request the proxy answers, then its answer, as
/// `proxy->agent`), but for a line too long to read whole, whose record waits for its end.
/// The export (`telemetry`) takes what the log records, as it is recorded.
fn forward(
    from: impl Read,
    to: impl Write,
    dir: Direction,
    log: Option<&SessionLog>,
    telemetry: Option<&Telemetry>,
    reader: &mut impl LineReader,
) {
    let mut to = Outlet::new(to);
    let mut records = log.map(|log| Records::new(log.clone()));
    let mut long = LongLine::default();
    let send = |to: &mut Outlet<_>, records: &mut Option<Records>| {
        if let Some(records) = records {
            records.flush();
        }
        to.send();
    };
    let _ = lines::pump(from, MAX_LINE_BYTES, |piece| {
        match piece {
            Piece::Line(line) => {
                let now = SystemTime::now();
                let text = body(line);
                if let Some(records) = &mut records {
                    records.record(dir, now, text, None);
                }
                if let Some(telemetry) = telemetry {
                    telemetry.line(dir, now, text);
                }
                let mut settle = || {
                    if let Some(records) = &mut records {
                        records.flush_before_last();
                    }
                };
                match reader.pass(text, now, &mut settle) {
                    Pass::Unchanged => to.line(&[line]),
                    Pass::Changed(changed) => to.line(&[&changed, &line[text.len()..]]),
                    Pass::Answered(response) => {
                        if let Some(records) = &mut records {
                            records.record(Direction::ProxyToAgent, now, &response, None);
                            records.flush();
                        }
                        if let Some(telemetry) = telemetry {
                            telemetry.line(Direction::ProxyToAgent, now, &response);
                        }
                        reader.answer(&response);
                    }
                }
                if to.is_full() {
                    send(&mut to, &mut records);
                }
            }
            Piece::Long(bytes) => {
                send(&mut to, &mut records);
                to.piece(bytes);
                long.push(bytes);
            }
            Piece::LongEnd => {
                let (start, len) = long.finish();
                if let Some(records) = &mut records {
                    records.record(dir, SystemTime::now(), &start, Some(len));
                }
            }
            Piece::Drained => send(&mut to, &mut records),
        }
        Ok(())
    });
}
