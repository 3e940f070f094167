//! [`CallIndex`]: which retained call an update belongs to, found without scanning.
//!
//! Calls are merged per `(session, toolCallId)`, and an update or call that names no
//! session matches any session. One id reused by many sessions (every session numbers its
//! calls `call_1`, ...) must not make each lookup or eviction walk all the calls with that
//! id, so the calls of an id are indexed by session, and ordered by age for the lookups
//! that want the latest.

use std::collections::hash_map::Entry;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use super::id_hasher::IdHasher;

/// The retained calls by `toolCallId`, then by session.
#[derive(Default)]
pub(crate) struct CallIndex {
    /// Keyed by the call's own `toolCallId` (shared, not copied).
    by_id: HashMap<Arc<str>, IdCalls, IdHasher>,
    /// Candidate calls examined by lookups: constant per lookup, whatever the traffic.
    #[cfg(test)]
    pub(crate) probes: std::cell::Cell<u64>,
}

/// The calls that share one `toolCallId`.
enum IdCalls {
    /// One call, with its session if it named one: by far the common case, kept inline.
    One { seq: u64, session: Option<Arc<str>> },
    /// Several calls, one per session, plus at most one that named no session.
    Many {
        by_session: HashMap<Arc<str>, u64, IdHasher>,
        unsessioned: Option<u64>,
        /// Every call with the id, oldest first.
        seqs: BTreeSet<u64>,
    },
}

impl CallIndex {
    /// The call an update with `session` and `tool_call_id` belongs to: the latest call with
    /// that id in that session or in none; for an update that names no session, the latest
    /// call with that id.
    pub(crate) fn find(&self, session: Option<&str>, tool_call_id: &str) -> Option<u64> {
        match (self.by_id.get(tool_call_id)?, session) {
            (IdCalls::One { seq, session: call }, Some(session)) => {
                self.probe(1);
                call.as_deref()
                    .is_none_or(|call| call == session)
                    .then_some(*seq)
            }
            (IdCalls::One { seq, .. }, None) => Some(*seq),
            (
                IdCalls::Many {
                    by_session,
                    unsessioned,
                    ..
                },
                Some(session),
            ) => {
                self.probe(2);
                by_session.get(session).copied().max(*unsessioned)
            }
            (IdCalls::Many { seqs, .. }, None) => seqs.last().copied(),
        }
    }

    /// Indexes a new call, newer than every call indexed so far.
    pub(crate) fn insert(&mut self, seq: u64, session: Option<&Arc<str>>, tool_call_id: &Arc<str>) {
        // One hash of the id: a new id (the common case) is inserted where it was looked up.
        let calls = match self.by_id.entry(Arc::clone(tool_call_id)) {
            Entry::Vacant(vacant) => {
                vacant.insert(IdCalls::One {
                    seq,
                    session: session.cloned(),
                });
                return;
            }
            Entry::Occupied(occupied) => occupied.into_mut(),
        };
        if let IdCalls::One {
            seq: first,
            session: first_session,
        } = calls
        {
            let mut many = IdCalls::Many {
                by_session: HashMap::default(),
                unsessioned: None,
                seqs: BTreeSet::new(),
            };
            many.add(*first, first_session.take());
            *calls = many;
        }
        calls.add(seq, session.cloned());
    }

    /// Records that call `seq`, indexed without a session, now belongs to `session`.
    pub(crate) fn adopt(&mut self, seq: u64, session: &Arc<str>, tool_call_id: &str) {
        match self.by_id.get_mut(tool_call_id) {
            Some(IdCalls::One {
                seq: only,
                session: slot @ None,
            }) if *only == seq => *slot = Some(Arc::clone(session)),
            Some(IdCalls::Many {
                by_session,
                unsessioned,
                ..
            }) if *unsessioned == Some(seq) => {
                *unsessioned = None;
                let slot = by_session.entry(Arc::clone(session)).or_insert(seq);
                *slot = (*slot).max(seq);
            }
            _ => {}
        }
    }

    /// Forgets call `seq` (evicted), which had `session` and `tool_call_id`.
    pub(crate) fn remove(&mut self, seq: u64, session: Option<&str>, tool_call_id: &str) {
        let Some(calls) = self.by_id.get_mut(tool_call_id) else {
            return;
        };
        let left = match calls {
            IdCalls::One { seq: only, .. } => usize::from(*only != seq),
            IdCalls::Many {
                by_session,
                unsessioned,
                seqs,
            } => {
                seqs.remove(&seq);
                match session {
                    Some(session) if by_session.get(session) == Some(&seq) => {
                        by_session.remove(session);
                    }
                    _ if *unsessioned == Some(seq) => *unsessioned = None,
                    _ => {}
                }
                if let (1, Some(&only)) = (seqs.len(), seqs.first()) {
                    // At most one session entry is left: draining it is not a scan.
                    let session = by_session.drain().find(|(_, seq)| *seq == only);
                    *calls = IdCalls::One {
                        seq: only,
                        session: session.map(|(session, _)| session),
                    };
                }
                seqs_len(calls)
            }
        };
        if left == 0 {
            self.by_id.remove(tool_call_id);
        }
    }

    /// How many calls are indexed.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.by_id.values().map(seqs_len).sum()
    }

    #[cfg(test)]
    fn probe(&self, candidates: u64) {
        self.probes.set(self.probes.get() + candidates);
    }

    #[cfg(not(test))]
    fn probe(&self, _candidates: u64) {}
}

impl IdCalls {
    /// Adds a call to a `Many`.
    fn add(&mut self, seq: u64, session: Option<Arc<str>>) {
        if let IdCalls::Many {
            by_session,
            unsessioned,
            seqs,
        } = self
        {
            seqs.insert(seq);
            match session {
                Some(session) => {
                    by_session.insert(session, seq);
                }
                None => *unsessioned = Some(seq),
            }
        }
    }
}

/// How many calls an id has.
fn seqs_len(calls: &IdCalls) -> usize {
    match calls {
        IdCalls::One { .. } => 1,
        IdCalls::Many { seqs, .. } => seqs.len(),
    }
}
