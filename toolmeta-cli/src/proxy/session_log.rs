//! `--log FILE`: both directions written as they pass, in the session log format
//! ([`crate::log`]), within a size cap; a failure is reported once and never stops the
//! session.

use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::SystemTime;

use crate::log::{self, Direction, TRUNCATED_BYTES};

/// The session log, shared by the two directions.
#[derive(Clone)]
pub(crate) struct SessionLog(Arc<Mutex<Writer>>);

struct Writer {
    path: PathBuf,
    /// `None` once writing stopped (a failure, or the cap reached).
    file: Option<Box<dyn Write + Send>>,
    /// The file's size so far.
    size: u64,
    limit: u64,
    /// Where the proxy's own messages go (the process's standard error).
    report: Box<dyn Write + Send>,
}

impl SessionLog {
    /// Opens `path` for appending, with `limit` bytes as the most the file may hold.
    pub(crate) fn open(
        path: &Path,
        limit: u64,
        report: Box<dyn Write + Send>,
    ) -> io::Result<SessionLog> {
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        let size = file.metadata()?.len();
        Ok(SessionLog::new(path, Box::new(file), size, limit, report))
    }

    fn new(
        path: &Path,
        file: Box<dyn Write + Send>,
        size: u64,
        limit: u64,
        report: Box<dyn Write + Send>,
    ) -> SessionLog {
        SessionLog(Arc::new(Mutex::new(Writer {
            path: path.to_owned(),
            file: Some(file),
            size,
            limit,
            report,
        })))
    }
}

impl SessionLog {
    /// Writes one whole line of the log (a record with its newline), such as a policy
    /// decision's.
    pub(crate) fn write_line(&self, line: &[u8]) {
        let mut writer = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        writer.write(line, &[line.len()]);
    }
}

/// One direction's records, gathered until [`Records::flush`] writes them to the log, in one
/// write.
pub(crate) struct Records {
    log: SessionLog,
    gathered: Vec<u8>,
    /// Where each gathered record ends.
    ends: Vec<usize>,
}

impl Records {
    /// Records for `log`.
    pub(crate) fn new(log: SessionLog) -> Records {
        Records {
            log,
            gathered: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// Gathers the record of one line (without its line ending) read at `time`;
    /// `whole_len` is the line's length when `line` is only its start.
    pub(crate) fn record(
        &mut self,
        dir: Direction,
        time: SystemTime,
        line: &[u8],
        whole_len: Option<u64>,
    ) {
        log::write_record(&mut self.gathered, dir, log::millis(time), line, whole_len);
        self.ends.push(self.gathered.len());
    }

    /// Writes the gathered records to the log but the last (the line being read), so that
    /// a record written to the log on its own — a policy decision, just before the request
    /// it decides — comes after the lines read before that request.
    pub(crate) fn flush_before_last(&mut self) {
        let Some(&before_last) = self
            .ends
            .len()
            .checked_sub(2)
            .and_then(|i| self.ends.get(i))
        else {
            return;
        };
        let mut writer = self.log.0.lock().unwrap_or_else(PoisonError::into_inner);
        writer.write(
            &self.gathered[..before_last],
            &self.ends[..self.ends.len() - 1],
        );
        drop(writer);
        self.gathered.drain(..before_last);
        self.ends.clear();
        self.ends.push(self.gathered.len());
    }

    /// Writes the gathered records to the log.
    pub(crate) fn flush(&mut self) {
        if self.gathered.is_empty() {
            return;
        }
        let mut writer = self.log.0.lock().unwrap_or_else(PoisonError::into_inner);
        writer.write(&self.gathered, &self.ends);
        drop(writer);
        self.gathered.clear();
        self.ends.clear();
        if self.gathered.capacity() > 1 << 20 {
            self.gathered = Vec::new();
        }
    }
}

impl Writer {
    /// Writes the records `batch` holds (each ending at one of `ends`): those that fit
    /// within the limit, in one write.
    fn write(&mut self, batch: &[u8], ends: &[usize]) {
        let Some(file) = &mut self.file else {
            return;
        };
        let room = self.limit.saturating_sub(self.size);
        let fits = ends
            .iter()
            .rev()
            .copied()
            .find(|&end| end as u64 <= room)
            .unwrap_or(0);
        // One write: a reader following the file sees whole lines.
        let written = file.write_all(&batch[..fits]).and_then(|()| file.flush());
        if let Err(error) = written {
            self.file = None;
            let _ = writeln!(
                self.report,
                "toolmeta proxy: cannot write the log `{}`: {error}; the session goes on without it",
                self.path.display()
            );
            return;
        }
        self.size += fits as u64;
        if fits < batch.len() {
            self.file = None;
            let _ = writeln!(
                self.report,
                "toolmeta proxy: the log `{}` reached its limit of {} bytes: later messages are not logged (--log-limit)",
                self.path.display(),
                self.limit
            );
        }
    }
}

/// The start of a long line being logged: its first bytes and its length so far.
#[derive(Default)]
pub(crate) struct LongLine {
    start: Vec<u8>,
    len: u64,
    /// The line's last two bytes so far, to leave its line ending out of its length.
    tail: [u8; 2],
}

impl LongLine {
    /// Takes the next piece of the line.
    pub(crate) fn push(&mut self, piece: &[u8]) {
        let room = TRUNCATED_BYTES.saturating_sub(self.start.len());
        self.start
            .extend_from_slice(&piece[..piece.len().min(room)]);
        self.len += piece.len() as u64;
        match piece {
            [.., a, b] => self.tail = [*a, *b],
            [b] => self.tail = [self.tail[1], *b],
            [] => {}
        }
    }

    /// The line's start and its length without its line ending; ready for the next line.
    pub(crate) fn finish(&mut self) -> (Vec<u8>, u64) {
        let ending = match self.tail {
            [b'\r', b'\n'] => 2,
            [_, b'\n'] => 1,
            _ => 0,
        };
        let len = self.len.saturating_sub(ending);
        self.len = 0;
        self.tail = [0; 2];
        (std::mem::take(&mut self.start), len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that fails after `ok` writes, and counts them.
    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<(Vec<u8>, usize)>>, usize);

    impl Write for Sink {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let mut inner = self.0.lock().unwrap();
            if inner.1 >= self.1 {
                return Err(io::Error::other("disk full"));
            }
            inner.1 += 1;
            inner.0.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn text(sink: &Sink) -> String {
        String::from_utf8(sink.0.lock().unwrap().0.clone()).unwrap()
    }

    /// A log into `file` (already holding `size` bytes, limited to `limit`) that reports to
    /// `report`.
    fn log_into(file: &Sink, size: u64, limit: u64, report: &Sink) -> SessionLog {
        SessionLog::new(
            Path::new("s.jsonl"),
            Box::new(file.clone()),
            size,
            limit,
            Box::new(report.clone()),
        )
    }

    #[test]
    fn a_failing_write_is_reported_once_and_logging_stops() {
        let file = Sink(Arc::default(), 1);
        let report = Sink(Arc::default(), usize::MAX);
        let log = log_into(&file, 0, u64::MAX, &report);
        let mut records = Records::new(log);
        for _ in 0..3 {
            records.record(
                Direction::AgentToClient,
                SystemTime::UNIX_EPOCH,
                b"{}",
                None,
            );
            records.flush();
        }
        assert_eq!(
            text(&file),
            "{\"dir\":\"agent->client\",\"t\":0,\"msg\":{}}\n"
        );
        assert_eq!(
            text(&report),
            "toolmeta proxy: cannot write the log `s.jsonl`: disk full; the session goes on without it\n"
        );
    }

    #[test]
    fn the_log_stops_before_its_limit_and_says_so_once() {
        let file = Sink(Arc::default(), usize::MAX);
        let report = Sink(Arc::default(), usize::MAX);
        let record_len = "{\"dir\":\"client->agent\",\"t\":0,\"msg\":1}\n".len() as u64;
        // Room for three records after what the file already holds.
        let log = log_into(&file, 10, 10 + 3 * record_len + 1, &report);
        // Two records at a time: the limit falls inside the second batch, whose first
        // record is written whole.
        let mut records = Records::new(log);
        for _ in 0..2 {
            records.record(Direction::ClientToAgent, SystemTime::UNIX_EPOCH, b"1", None);
            records.record(Direction::ClientToAgent, SystemTime::UNIX_EPOCH, b"1", None);
            records.flush();
        }
        assert_eq!(text(&file).lines().count(), 3);
        assert_eq!(text(&report).lines().count(), 1);
        assert!(
            text(&report).contains("reached its limit of"),
            "{}",
            text(&report)
        );
    }

    /// A record the log takes on its own (a policy decision) lands after the lines gathered
    /// before the one being read, and before that one (the request it decides): the order of
    /// a burst of agent lines that OpenCode sends as an update and its permission request.
    #[test]
    fn a_record_of_its_own_lands_between_the_earlier_lines_and_the_last() {
        let file = Sink(Arc::default(), usize::MAX);
        let report = Sink(Arc::default(), usize::MAX);
        let log = log_into(&file, 0, u64::MAX, &report);
        let mut records = Records::new(log.clone());
        // Nothing gathered before the line being read: nothing to write yet.
        records.record(Direction::AgentToClient, SystemTime::UNIX_EPOCH, b"1", None);
        records.flush_before_last();
        assert_eq!(text(&file), "");
        records.flush();
        for line in [b"2", b"3", b"4"] {
            records.record(Direction::AgentToClient, SystemTime::UNIX_EPOCH, line, None);
        }
        records.flush_before_last();
        log.write_line(b"{\"dir\":\"policy\"}\n");
        records.flush();
        let written = text(&file);
        let lasts: Vec<&str> = written
            .lines()
            .map(|line| line.rsplit(':').next().unwrap().trim_end_matches('}'))
            .collect();
        assert_eq!(lasts, ["1", "2", "3", "\"policy\"", "4"], "{written}");
    }

    #[test]
    fn a_long_line_keeps_its_start_and_counts_its_length() {
        let mut long = LongLine::default();
        long.push(&vec![b'a'; 1000]);
        long.push(&vec![b'b'; 1000]);
        long.push(b"c\r");
        long.push(b"\n");
        let (start, len) = long.finish();
        assert_eq!(start.len(), TRUNCATED_BYTES);
        assert_eq!(len, 2001);
        assert_eq!(long.finish(), (Vec::new(), 0));
        long.push(b"xyz");
        assert_eq!(long.finish(), (b"xyz".to_vec(), 3));
    }
}
