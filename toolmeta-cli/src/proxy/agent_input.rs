//! The agent's standard input, one writer for two sources: the client's lines, and the
//! proxy's own messages (its answers to the agent's requests), each of which goes in
//! between two whole client lines.
//!
//! The client's thread writes its lines itself ([`ClientSide`], a [`Write`]), as before;
//! the proxy's messages are queued ([`ProxySide::send`], which never blocks) and written by
//! a thread of their own once no client line is half written. So the thread that reads the
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
        ClientSide(shared),
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
pub(super) struct ClientSide<W>(Arc<Shared<W>>);

impl<W> Clone for ClientSide<W> {
    fn clone(&self) -> Self {
        ClientSide(self.0.clone())
    }
}

impl<W: Write> ClientSide<W> {
    /// Closes the agent's input (the client closed its end): the agent reads its end of
    /// file once what was written is read. Queued messages of the proxy are dropped.
    pub(super) fn close(&self) {
        self.0.lock().sink = None;
        self.0.line_done.notify_all();
    }
}

impl<W: Write> Write for ClientSide<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if bytes.is_empty() {
            return Ok(0);
        }
        let mut input = self.0.lock();
        let Some(sink) = &mut input.sink else {
            return Err(io::ErrorKind::BrokenPipe.into());
        };
        let written = sink.write_all(bytes);
        if written.is_err() {
            input.sink = None;
        } else {
            input.mid_line = !bytes.ends_with(b"\n");
        }
        let line_done = !input.mid_line || input.sink.is_none();
        drop(input);
        if line_done {
            self.0.line_done.notify_all();
        }
        written.map(|()| bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.0.lock().sink {
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

/// The writer of the proxy's messages: each waits for the client's current line to be
/// complete, then is written whole.
fn write_proxy_messages<W: Write>(shared: &Shared<W>, queue: &Queue) {
    loop {
        let mut state = queue.lock();
        let message = loop {
            if let Some(message) = state.messages.pop_front() {
                break message;
            }
            if state.closed {
                return;
            }
            state = queue.ready.wait(state).unwrap_or_else(PoisonError::into_inner);
        };
        drop(state);
        let mut input = shared.lock();
        while input.mid_line && input.sink.is_some() {
            input = shared
                .line_done
                .wait(input)
                .unwrap_or_else(PoisonError::into_inner);
        }
        if let Some(sink) = &mut input.sink
            && sink.write_all(&message).and_then(|()| sink.flush()).is_err()
        {
            input.sink = None;
        }
        drop(input);
        queue.bytes.fetch_sub(message.len(), Ordering::AcqRel);
    }
}
