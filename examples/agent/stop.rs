//! The signal that stops one turn: set by `session/cancel`, by a permission answered
//! `cancelled`, or by the client leaving; awaited by whatever the turn is waiting on, and
//! polled by file work running on another thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use event_listener::Event;

/// One turn's stop signal. Clones share it; a new turn gets a new one, so stopping a turn
/// never outlives it and a new prompt cannot clear it.
#[derive(Clone, Default)]
pub struct StopSignal(Arc<Inner>);

#[derive(Default)]
struct Inner {
    stopped: AtomicBool,
    event: Event,
}

impl StopSignal {
    /// Stops the turn; every waiter wakes.
    pub fn stop(&self) {
        self.0.stopped.store(true, Ordering::SeqCst);
        self.0.event.notify(usize::MAX);
    }

    /// Whether the turn was stopped.
    pub fn is_stopped(&self) -> bool {
        self.0.stopped.load(Ordering::SeqCst)
    }

    /// Completes once the turn is stopped.
    pub async fn stopped(&self) {
        loop {
            if self.is_stopped() {
                return;
            }
            // Listen before checking again, so a stop in between is not missed.
            let listener = self.0.event.listen();
            if self.is_stopped() {
                return;
            }
            listener.await;
        }
    }

    /// Whether two handles are the same turn's signal.
    pub fn same(&self, other: &StopSignal) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}
