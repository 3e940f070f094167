//! The agent's standard input, one writer for two sources: the client's lines, and the
//! proxy's own messages (its answers to the agent's requests), each of which goes in
//! between two whole client lines.
//!
//! The client's thread writes its lines itself ([`ClientSide`], a [`Write`]), as before;
//! the proxy's messages are queued ([`ProxySide::send`], which never blocks) and written by
//! a thread of their own when no client line is half written, or, when one is, by the
//! client's thread right after that line's end (before the client's next line). So the thread that reads the
//! agent's output never waits on the agent's input: an agent that writes a long line
//! before it reads cannot stall the proxy (and the proxy cannot stall it). The queue is
//! bounded: a message that does not fit is refused, and the caller passes the request on
//! to the client instead.

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

/// The most bytes of the proxy's messages waiting to be written.
const MAX_QUEUED_BYTES: usize = 4 << 20;

/// Builds the two sides of the agent's input `sink`, and starts the thread that writes the
/// proxy's messages.
pub(super) fn split<W: Write + Send + 'static>(sink: W) -> (ClientSide<W>, ProxySide) {
    let shared = Arc::new(Shared {
        input: Mutex::new(Input {
            sink: Some(sink),
            mid_line: false,
        }),
        line_done: Condvar::new(),
    });
    let queue = Arc::new(Queue::default());
    let writer = (shared.clone(), queue.clone());
    std::thread::spawn(move || {
        let (shared, queue) = writer;
        write_proxy_messages(&shared, &queue);
    });
    (
        ClientSide {
            shared,
            queue: queue.clone(),
        },
        ProxySide { queue },
    )
}

/// The agent's input and whether a client line is half written.
struct Input<W> {
    /// `None` once closed (the client's end closed, or the agent stopped reading).
    sink: Option<W>,
    /// Whether the last bytes the client's side wrote ended inside a line.
    mid_line: bool,
}

struct Shared<W> {
    input: Mutex<Input<W>>,
    /// Signalled when a client line is complete, and when the input closes.
    line_done: Condvar,
}

impl<W> Shared<W> {
    fn lock(&self) -> MutexGuard<'_, Input<W>> {
        self.input.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The proxy's messages waiting to be written, and whether more can come.
#[derive(Default)]
struct Queue {
    state: Mutex<QueueState>,
    ready: Condvar,
    /// The bytes queued and not yet written.
    bytes: AtomicUsize,
}

#[derive(Default)]
struct QueueState {
    messages: VecDeque<Vec<u8>>,
    /// No more messages will be sent: the writer ends once the queue is empty.
    closed: bool,
}

impl Queue {
    fn lock(&self) -> MutexGuard<'_, QueueState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The client's side: whole lines, or pieces of a line too long to hold, in order.
pub(super) struct ClientSide<W> {
    shared: Arc<Shared<W>>,
    queue: Arc<Queue>,
}

impl<W> Clone for ClientSide<W> {
    fn clone(&self) -> Self {
        ClientSide {
            shared: self.shared.clone(),
            queue: self.queue.clone(),
        }
    }
}

impl<W: Write> ClientSide<W> {
    /// Closes the agent's input (the client closed its end): the agent reads its end of
    /// file once what was written is read. The proxy's messages queued by then are written
    /// first, unless the client's last line was left without its line ending (a message
    /// after it would join that line).
    pub(super) fn close(&self) {
        let mut input = self.shared.lock();
        let mid_line = input.mid_line;
        if let Some(sink) = &mut input.sink
            && !mid_line
        {
            let _ = write_queued(sink, &self.queue);
        }
        input.sink = None;
        drop(input);
        self.shared.line_done.notify_all();
    }
}

impl<W: Write> Write for ClientSide<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if bytes.is_empty() {
            return Ok(0);
        }
        let mut guard = self.shared.lock();
        let input = &mut *guard;
        let Some(sink) = &mut input.sink else {
            return Err(io::ErrorKind::BrokenPipe.into());
        };
        let mut written = sink.write_all(bytes);
        if written.is_ok() {
            input.mid_line = !bytes.ends_with(b"\n");
            // Messages of the proxy that waited for this line go at once, before the
            // client's next line.
            if !input.mid_line && self.queue.bytes.load(Ordering::Acquire) > 0 {
                written = write_queued(sink, &self.queue);
            }
        }
        if written.is_err() {
            input.sink = None;
        }
        let line_done = !input.mid_line || input.sink.is_none();
        drop(guard);
        if line_done {
            self.shared.line_done.notify_all();
        }
        written.map(|()| bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.shared.lock().sink {
            Some(sink) => sink.flush(),
            None => Err(io::ErrorKind::BrokenPipe.into()),
        }
    }
}

/// The proxy's side: whole messages, queued, written between client lines.
pub(super) struct ProxySide {
    queue: Arc<Queue>,
}

impl ProxySide {
    /// Whether a message of `len` bytes (without its line ending) would be queued now. Only
    /// the thread that sends can make the room smaller, so its answer holds for that thread.
    pub(super) fn has_room(&self, len: usize) -> bool {
        self.queue.bytes.load(Ordering::Acquire) + len < MAX_QUEUED_BYTES
    }

    /// Queues `message` (one JSON text, without a line ending) for the agent; `false`,
    /// and nothing queued, when the queue is full (the agent has not read what it was
    /// sent) or closed.
    pub(super) fn send(&self, message: &[u8]) -> bool {
        let len = message.len() + 1;
        let queued = self.queue.bytes.fetch_add(len, Ordering::AcqRel);
        if queued + len > MAX_QUEUED_BYTES {
            self.queue.bytes.fetch_sub(len, Ordering::AcqRel);
            return false;
        }
        let mut line = Vec::with_capacity(len);
        line.extend_from_slice(message);
        line.push(b'\n');
        let mut state = self.queue.lock();
        if state.closed {
            self.queue.bytes.fetch_sub(len, Ordering::AcqRel);
            return false;
        }
        state.messages.push_back(line);
        drop(state);
        self.queue.ready.notify_one();
        true
    }
}

impl Drop for ProxySide {
    fn drop(&mut self) {
        self.queue.lock().closed = true;
        self.queue.ready.notify_one();
    }
}

/// Writes every queued message of the proxy to `sink`; the caller holds the input's lock
/// (see [`write_proxy_messages`]). On a failure the rest are dropped.
fn write_queued(sink: &mut impl Write, queue: &Queue) -> io::Result<()> {
    let queued: Vec<Vec<u8>> = queue.lock().messages.drain(..).collect();
    let bytes = queued.iter().map(Vec::len).sum();
    let mut written = Ok(());
    for message in &queued {
        written = sink.write_all(message).and_then(|()| sink.flush());
        if written.is_err() {
            break;
        }
    }
    queue.bytes.fetch_sub(bytes, Ordering::AcqRel);
    written
}

/// The writer of the proxy's messages: each waits for the client's current line to be
/// complete, then is written whole. A message is taken off the queue only under the
/// input's lock, so that [`ClientSide::close`] (which writes what is queued) and this
/// writer never both take one, nor lose one between them.
fn write_proxy_messages<W: Write>(shared: &Shared<W>, queue: &Queue) {
    loop {
        let mut state = queue.lock();
        while state.messages.is_empty() {
            if state.closed {
                return;
            }
            state = queue
                .ready
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        drop(state);
        let mut input = shared.lock();
        while input.mid_line && input.sink.is_some() {
            input = shared
                .line_done
                .wait(input)
                .unwrap_or_else(PoisonError::into_inner);
        }
        let Some(message) = queue.lock().messages.pop_front() else {
            continue;
        };
        if let Some(sink) = &mut input.sink
            && sink
                .write_all(&message)
                .and_then(|()| sink.flush())
                .is_err()
        {
            input.sink = None;
        }
        drop(input);
        queue.bytes.fetch_sub(message.len(), Ordering::AcqRel);
    }
}
