//! The sessions of one connection, bounded: past the limit the least recently used idle
//! session is forgotten, and a new session is refused while every kept one runs a turn.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use agent_client_protocol::Error;
use agent_client_protocol::v1::schema::SessionId;

use crate::stop::StopSignal;
use crate::workdir::Workdir;

/// What the agent keeps of one session.
pub struct Session {
    pub workdir: Arc<Workdir>,
    /// Call ids are unique per session across turns.
    calls: AtomicU64,
    /// The stop signal of the turn running now, if any.
    turn: Mutex<Option<StopSignal>>,
    /// When the session was last used, on the table's clock.
    last_used: AtomicU64,
}

impl Session {
    /// The next tool-call id of this session.
    pub fn next_call_id(&self) -> String {
        let call = self.calls.fetch_add(1, Ordering::Relaxed) + 1;
        format!("call_{call}")
    }

    fn turn(&self) -> MutexGuard<'_, Option<StopSignal>> {
        self.turn
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Starts a turn: its own stop signal, which nothing but this turn's cancellation sets.
    /// Refused while another turn runs that was not stopped (ACP wants one prompt at a time).
    pub fn begin_turn(&self) -> Result<StopSignal, Error> {
        let mut turn = self.turn();
        if turn.as_ref().is_some_and(|running| !running.is_stopped()) {
            return Err(Error::invalid_request()
                .data("this session is running a turn: cancel it or wait for its answer"));
        }
        let signal = StopSignal::default();
        *turn = Some(signal.clone());
        Ok(signal)
    }

    /// Ends the turn that `signal` belongs to (a later turn's stays).
    pub fn end_turn(&self, signal: &StopSignal) {
        let mut turn = self.turn();
        if turn.as_ref().is_some_and(|running| running.same(signal)) {
            *turn = None;
        }
    }

    /// Stops the running turn, if any: `session/cancel`.
    pub fn cancel(&self) {
        if let Some(running) = self.turn().as_ref() {
            running.stop();
        }
    }

    fn is_idle(&self) -> bool {
        self.turn().is_none()
    }
}

/// The sessions of the connection, by id.
pub struct Sessions {
    table: Mutex<Table>,
    max: usize,
}

struct Table {
    /// Sessions ever created: ids are never reused, even after eviction.
    created: u64,
    clock: u64,
    by_id: HashMap<SessionId, Arc<Session>>,
}

impl Sessions {
    /// No sessions yet; at most `max` kept.
    pub fn new(max: usize) -> Sessions {
        Sessions {
            table: Mutex::new(Table {
                created: 0,
                clock: 0,
                by_id: HashMap::new(),
            }),
            max: max.max(1),
        }
    }

    fn table(&self) -> MutexGuard<'_, Table> {
        self.table
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Keeps a new session working in `workdir`, making room if needed.
    pub fn create(&self, workdir: Workdir) -> Result<SessionId, Error> {
        let mut table = self.table();
        if table.by_id.len() >= self.max {
            let oldest_idle = table
                .by_id
                .iter()
                .filter(|(_, session)| session.is_idle())
                .min_by_key(|(_, session)| session.last_used.load(Ordering::Relaxed))
                .map(|(id, _)| id.clone());
            let Some(evicted) = oldest_idle else {
                let plural = if self.max == 1 { "" } else { "s" };
                return Err(Error::internal_error().data(format!(
                    "the agent keeps at most {} session{plural} and every one is running a \
                     turn; try again when one ends",
                    self.max
                )));
            };
            table.by_id.remove(&evicted);
        }
        table.created += 1;
        table.clock += 1;
        let id = SessionId::new(format!("session-{}", table.created));
        let session = Session {
            workdir: Arc::new(workdir),
            calls: AtomicU64::new(0),
            turn: Mutex::new(None),
            last_used: AtomicU64::new(table.clock),
        };
        table.by_id.insert(id.clone(), Arc::new(session));
        Ok(id)
    }

    /// The session `id`, marked used now.
    pub fn get(&self, id: &SessionId) -> Option<Arc<Session>> {
        let mut table = self.table();
        table.clock += 1;
        let now = table.clock;
        let session = table.by_id.get(id)?;
        session.last_used.store(now, Ordering::Relaxed);
        Some(Arc::clone(session))
    }

    /// Stops every running turn: the client is gone.
    pub fn stop_all(&self) {
        for session in self.table().by_id.values() {
            session.cancel();
        }
    }
}
