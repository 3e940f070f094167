//! Live export for `toolmeta proxy --otlp` (DESIGN §8): the proxy hands each line it
//! passes on, both ways, to a [`Tap`], which never waits; a thread of the tap's own reads
//! them as `inspect` reads a session log (a [`Ledger`] and a [`Tracer`], the line's
//! direction and the time the proxy read it) and hands each span to an [`Exporter`] that
//! drops what it has no room for.
//!
//! The tap sees exactly what `--log` records (the agent's lines before any envelope, the
//! client's, the proxy's own answers), so `inspect --otlp` of the proxy's log exports the
//! same spans, at the same times. Nothing of the forwarding waits on the tap: a line is
//! copied into a bounded queue (count and bytes), and a line that finds no room is not
//! traced, counted, and said at exit. A collector that is down or slow fills the
//! exporter's queue, not the proxy's.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::thread;
use std::time::{Duration, Instant, SystemTime};

use toolmeta::client::Ledger;

use super::{Delivery, ExportReport, Exporter, Settings, SettingsError, Tracer};
use crate::HarnessArg;
use crate::log::Direction;

/// How many lines wait for the tap's thread at most.
const QUEUE_LINES: usize = 4096;

/// How many bytes of lines wait for the tap's thread at most: the queue's memory is
/// bounded whatever the lines' sizes.
const QUEUE_BYTES: usize = 32 << 20;

/// How many finished calls the tap's ledger keeps (as the proxy's own ledger does: a
/// finished call rarely hears more).
const MAX_FINISHED: usize = 1_000;

/// How many unfinished calls the tap's ledger keeps (the library's default is 10 000). A
/// call whose end the tap never read (its line found no room while the tracer was behind)
/// stays unfinished: with the default, such calls piled up by a few hundred per million
/// lines of a flooding agent, 10 000 of them (and as many tombstones of evicted calls)
/// before the bound held, and the proxy's memory rose all that while. Past this bound the
/// oldest is ended there and exported `toolmeta.unfinished`; no agent runs that many calls
/// at once.
const MAX_PENDING: usize = 256;

/// The bytes the tap's ledger may hold.
const MAX_RETAINED_BYTES: usize = 32 << 20;

/// What goes to the tap's thread.
enum Item {
    /// A line the proxy passed (or answered with), without its line ending.
    Line {
        dir: Direction,
        time: SystemTime,
        bytes: Vec<u8>,
    },
    /// A `{"dir":"policy",…}` record of the policy's decision (DESIGN §8), as `--log`
    /// writes it.
    Policy(Vec<u8>),
    /// The session is over: end what is open, and send the last spans until `deadline`.
    End { deadline: Instant },
}

/// What became of the export, once the tap has finished.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TapReport {
    /// The exporter's report; `None` when the tap's thread did not finish in time (its
    /// spans still queued then are not delivered).
    pub export: Option<ExportReport>,
    /// Lines the tap had no room for (the tracer fell behind): the spans of their calls
    /// may miss what those lines said.
    pub untraced_lines: u64,
}

/// The live export of one proxy session. Cloned for each direction; see the module
/// documentation.
#[derive(Debug, Clone)]
pub struct Tap {
    queue: SyncSender<Item>,
    queued_bytes: Arc<AtomicUsize>,
    untraced: Arc<AtomicU64>,
    done: Arc<std::sync::Mutex<Option<Receiver<Option<ExportReport>>>>>,
}

impl Tap {
    /// Starts the export to `settings` and the tap's thread. `harness` names the agent
    /// when its `initialize` answer does not (the proxy's `--harness`).
    pub fn start(settings: &Settings, harness: Option<&HarnessArg>) -> Result<Tap, SettingsError> {
        let exporter = Exporter::start(settings, Delivery::DropWhenFull)?;
        let ledger = tap_ledger(harness);
        let tracer = Tracer::new(settings.include_input);
        let (queue, items) = mpsc::sync_channel(QUEUE_LINES);
        let (finished, done) = mpsc::sync_channel(1);
        let queued_bytes = Arc::new(AtomicUsize::new(0));
        let thread_bytes = Arc::clone(&queued_bytes);
        thread::Builder::new()
            .name("toolmeta-otlp-tap".into())
            .spawn(move || {
                let report = trace_loop(&items, ledger, tracer, exporter, &thread_bytes);
                let _ = finished.send(report);
            })
            .map_err(|error| SettingsError(format!("cannot start the export thread: {error}")))?;
        Ok(Tap {
            queue,
            queued_bytes,
            untraced: Arc::new(AtomicU64::new(0)),
            done: Arc::new(std::sync::Mutex::new(Some(done))),
        })
    }

    /// Takes a copy of one line (without its line ending) the proxy read at `time`, going
    /// `dir`; never waits: without room, the line is counted as untraced.
    pub fn line(&self, dir: Direction, time: SystemTime, line: &[u8]) {
        self.offer(line.len(), || Item::Line {
            dir,
            time,
            bytes: line.to_vec(),
        });
    }

    /// Takes a copy of a policy decision's record (`{"dir":"policy",…}`, DESIGN §8, as
    /// `--log` writes it), so that the call's span says the policy answered
    /// (`toolmeta.permission.by`, `toolmeta.permission.rule`). It must come before the
    /// proxy's answer to the request ([`Tap::line`] with [`Direction::ProxyToAgent`]),
    /// which ends a rejected call. Never waits.
    pub fn policy(&self, record: &[u8]) {
        self.offer(record.len(), || Item::Policy(record.to_vec()));
    }

    fn offer(&self, len: usize, item: impl FnOnce() -> Item) {
        let before = self.queued_bytes.fetch_add(len, Ordering::Relaxed);
        let sent = before + len <= QUEUE_BYTES
            && match self.queue.try_send(item()) {
                Ok(()) => true,
                Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => false,
            };
        if !sent {
            self.queued_bytes.fetch_sub(len, Ordering::Relaxed);
            self.untraced.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Ends the session's export: what is still open is ended (`toolmeta.unfinished`), and
    /// the last spans are sent, waiting at most `wait` in all (DESIGN §8: about 100 ms).
    pub fn finish(self, wait: Duration) -> TapReport {
        let started = Instant::now();
        let deadline = started + wait;
        // The end waits behind the lines already queued; if even the end finds no room,
        // the thread is hopelessly behind and what it holds is lost with it.
        let ended = self.queue.try_send(Item::End { deadline }).is_ok();
        let done = self.done.lock().ok().and_then(|mut done| done.take());
        let export = match done {
            Some(done) if ended => done
                .recv_timeout(deadline.saturating_duration_since(Instant::now()) + SLACK)
                .ok()
                .flatten(),
            _ => None,
        };
        TapReport {
            export,
            untraced_lines: self.untraced.load(Ordering::Relaxed),
        }
    }
}

/// The tap's ledger, within the tap's bounds; `harness` names the agent when its
/// `initialize` answer does not.
fn tap_ledger(harness: Option<&HarnessArg>) -> Ledger {
    let mut builder = Ledger::builder()
        .max_finished(MAX_FINISHED)
        .max_pending(MAX_PENDING)
        .max_retained_bytes(MAX_RETAINED_BYTES);
    if let Some(harness) = harness.and_then(HarnessArg::harness) {
        builder = builder.harness(harness);
    }
    builder.build()
}

/// How long the tap's thread rests once it has read every queued line: it then takes what
/// arrived meanwhile in one go, so that a busy session wakes it about a hundred times a
/// second rather than once per line (each wake-up a system call in the forwarding thread
/// and a thread switch on a loaded machine).
const REST: Duration = Duration::from_millis(10);

/// What the tap's thread may take beyond the deadline to hand its report over.
const SLACK: Duration = Duration::from_millis(10);

/// The tap's thread: every line into the ledger and the tracer, every span to the
/// exporter, until the end (or every sender is gone).
fn trace_loop(
    items: &Receiver<Item>,
    mut ledger: Ledger,
    mut tracer: Tracer,
    exporter: Exporter,
    queued_bytes: &AtomicUsize,
) -> Option<ExportReport> {
    let mut send = |span| exporter.send(span);
    let mut deadline = None;
    while let Ok(item) = items.recv() {
        let mut next = Some(item);
        while let Some(item) = next.take() {
            match item {
                Item::Line { dir, time, bytes } => {
                    queued_bytes.fetch_sub(bytes.len(), Ordering::Relaxed);
                    match std::str::from_utf8(&bytes) {
                        // In `inspect`'s order: the ledger, then the tracer's own reading.
                        Ok(text) => {
                            ledger.feed_at(text, time);
                            tracer.observe(text, Some(dir), Some(time), &mut send);
                        }
                        // Not UTF-8: the ledger counts it, nothing to trace.
                        Err(_) => {
                            ledger.feed(bytes.as_slice());
                        }
                    }
                    tracer.after(&ledger, &mut send);
                }
                Item::Policy(bytes) => {
                    queued_bytes.fetch_sub(bytes.len(), Ordering::Relaxed);
                    if let Ok(text) = std::str::from_utf8(&bytes) {
                        tracer.observe(text, None, None, &mut send);
                    }
                }
                Item::End { deadline: at } => {
                    deadline = Some(at);
                    break;
                }
            }
            next = items.try_recv().ok();
        }
        if deadline.is_some() {
            break;
        }
        thread::sleep(REST);
    }
    tracer.finish(&ledger, &mut send);
    let wait = deadline.map_or(Duration::ZERO, |deadline| {
        deadline.saturating_duration_since(Instant::now())
    });
    Some(exporter.finish(wait))
}

#[cfg(test)]
mod tests {
    use toolmeta::client::Change;

    use super::*;

    /// Calls whose end the tap never read (their lines dropped) are held only up to
    /// MAX_PENDING: past it the oldest is evicted, which the tracer exports as unfinished,
    /// and what the ledger keeps stops growing with the length of the session.
    #[test]
    fn calls_whose_end_was_lost_are_held_up_to_the_bound_then_ended() {
        let mut ledger = tap_ledger(None);
        let extra = 100;
        let mut evicted = 0;
        for n in 0..MAX_PENDING + extra {
            ledger.feed(
                format!(
                    r#"{{"jsonrpc":"2.0","method":"session/update","params":{{"sessionId":"s","update":{{"sessionUpdate":"tool_call","toolCallId":"c{n}","title":"read_file","kind":"read","rawInput":{{"path":"src/m{n}.rs"}}}}}}}}"#
                )
                .as_str(),
            );
            evicted += ledger
                .events()
                .iter()
                .filter(|event| event.change == Change::Evicted)
                .count();
        }
        assert_eq!(ledger.len(), MAX_PENDING);
        assert_eq!(ledger.counts().evicted_pending, extra as u64);
        assert_eq!(evicted, extra);
        // The oldest went first; the newest are held.
        assert!(ledger.get("c0").is_none());
        assert!(
            ledger
                .get(&format!("c{}", MAX_PENDING + extra - 1))
                .is_some()
        );
    }
}
