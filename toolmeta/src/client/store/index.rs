//! [`CallIndex`]: which retained call an update belongs to, found without scanning.
//!
//! Calls are merged per `(session, toolCallId)`, and an update or call that names no
//! session matches any session. One id reused by many sessions (every session numbers its
//! calls `call_1`, ...) must not make each lookup or eviction walk all the calls with that
//! id, so the calls of an id are indexed by session, and ordered by age for the lookups
//! that want the latest.
//!
//! The ids are found by their hash: the table is keyed by the hash of the id (with the
//! index's own secret seed, [`IdHasher`]), and the ids that share a hash are told apart in
//! its entry. Growing the table then rehashes numbers, not ids read behind their pointers
//! (a cache miss each, about 2% of the time over the generated log, `docs/performance.md`, "Where the time goes").

use std::collections::hash_map::Entry;
use std::collections::{BTreeSet, HashMap};
use std::hash::BuildHasher;

use super::id_hasher::IdHasher;
use crate::client::few::Few;
use crate::client::text::Text;

/// The retained calls by `toolCallId`, then by session.
#[derive(Default)]
pub(crate) struct CallIndex {
    /// The ids by their hash, each with its calls (the ids shared with the calls, not
    /// copied).
    by_hash: HashMap<u64, Few<(Text, IdCalls)>, IdHasher>,
    /// The hash of the ids.
    hasher: IdHasher,
    /// Every id hashes alike, to test ids that share a hash.
    #[cfg(test)]
    pub(crate) collide: bool,
    /// Candidate calls examined by lookups: constant per lookup, whatever the traffic.
    #[cfg(test)]
    pub(crate) probes: std::cell::Cell<u64>,
}

/// The calls that share one `toolCallId`.
enum IdCalls {
    /// One call, with its session if it named one: by far the common case, kept inline.
    One { seq: u64, session: Option<Text> },
    /// Several calls (rare: boxed, so that the table's entries stay small).
    Many(Box<ManyCalls>),
}

/// The calls of one `toolCallId`, one per session, plus at most one that named no session.
#[derive(Default)]
struct ManyCalls {
    by_session: HashMap<Text, u64, IdHasher>,
    unsessioned: Option<u64>,
    /// Every call with the id, oldest first.
    seqs: BTreeSet<u64>,
}

impl CallIndex {
    /// The call an update with `session` and `tool_call_id` belongs to: the latest call with
    /// that id in that session or in none; for an update that names no session, the latest
    /// call with that id.
    pub(crate) fn find(&self, session: Option<&str>, tool_call_id: &str) -> Option<u64> {
        match (self.get(tool_call_id)?, session) {
            (IdCalls::One { seq, session: call }, Some(session)) => {
                self.probe(1);
                call.as_deref()
                    .is_none_or(|call| call == session)
                    .then_some(*seq)
            }
            (IdCalls::One { seq, .. }, None) => Some(*seq),
            (IdCalls::Many(many), Some(session)) => {
                self.probe(2);
                many.by_session.get(session).copied().max(many.unsessioned)
            }
            (IdCalls::Many(many), None) => many.seqs.last().copied(),
        }
    }

    /// Indexes a new call, newer than every call indexed so far.
    pub(crate) fn insert(&mut self, seq: u64, session: Option<&Text>, tool_call_id: &Text) {
        // One hash of the id: a new id (the common case) is inserted where it was looked up.
        let new = || IdCalls::One {
            seq,
            session: session.cloned(),
        };
        let ids = match self.by_hash.entry(self.hash(tool_call_id)) {
            Entry::Vacant(vacant) => {
                vacant.insert(Few::One((tool_call_id.clone(), new())));
                return;
            }
            Entry::Occupied(occupied) => occupied.into_mut(),
        };
        let calls = match ids.iter().position(|(id, _)| **id == **tool_call_id) {
            Some(found) => &mut ids.as_mut_slice()[found].1,
            None => {
                ids.push((tool_call_id.clone(), new()));
                return;
            }
        };
        if let IdCalls::One {
            seq: first,
            session: first_session,
        } = calls
        {
            let mut many = Box::<ManyCalls>::default();
            many.add(*first, first_session.take());
            *calls = IdCalls::Many(many);
        }
        if let IdCalls::Many(many) = calls {
            many.add(seq, session.cloned());
        }
    }

    /// Records that call `seq`, indexed without a session, now belongs to `session`.
    pub(crate) fn adopt(&mut self, seq: u64, session: &Text, tool_call_id: &str) {
        match self.get_mut(tool_call_id) {
            Some(IdCalls::One {
                seq: only,
                session: slot @ None,
            }) if *only == seq => *slot = Some(session.clone()),
            Some(IdCalls::Many(many)) if many.unsessioned == Some(seq) => {
                many.unsessioned = None;
                let slot = many.by_session.entry(session.clone()).or_insert(seq);
                *slot = (*slot).max(seq);
            }
            _ => {}
        }
    }

    /// Forgets call `seq` (evicted), which had `session` and `tool_call_id`.
    pub(crate) fn remove(&mut self, seq: u64, session: Option<&str>, tool_call_id: &str) {
        let Some(calls) = self.get_mut(tool_call_id) else {
            return;
        };
        let left = match calls {
            IdCalls::One { seq: only, .. } => usize::from(*only != seq),
            IdCalls::Many(many) => {
                many.seqs.remove(&seq);
                match session {
                    Some(session) if many.by_session.get(session) == Some(&seq) => {
                        many.by_session.remove(session);
                    }
                    _ if many.unsessioned == Some(seq) => many.unsessioned = None,
                    _ => {}
                }
                if let (1, Some(&only)) = (many.seqs.len(), many.seqs.first()) {
                    // At most one session entry is left: draining it is not a scan.
                    let session = many.by_session.drain().find(|(_, seq)| *seq == only);
                    *calls = IdCalls::One {
                        seq: only,
                        session: session.map(|(session, _)| session),
                    };
                }
                seqs_len(calls)
            }
        };
        if left == 0 {
            self.forget_id(tool_call_id);
        }
    }

    /// The hash of an id.
    fn hash(&self, tool_call_id: &str) -> u64 {
        #[cfg(test)]
        if self.collide {
            return 0;
        }
        self.hasher.hash_one(tool_call_id)
    }

    fn get(&self, tool_call_id: &str) -> Option<&IdCalls> {
        let ids = self.by_hash.get(&self.hash(tool_call_id))?;
        let (_, calls) = ids.iter().find(|(id, _)| **id == *tool_call_id)?;
        Some(calls)
    }

    fn get_mut(&mut self, tool_call_id: &str) -> Option<&mut IdCalls> {
        let hash = self.hash(tool_call_id);
        let ids = self.by_hash.get_mut(&hash)?.as_mut_slice();
        let (_, calls) = ids.iter_mut().find(|(id, _)| **id == *tool_call_id)?;
        Some(calls)
    }

    /// Drops an id that has no call left.
    fn forget_id(&mut self, tool_call_id: &str) {
        let hash = self.hash(tool_call_id);
        if let Some(ids) = self.by_hash.get_mut(&hash) {
            ids.retain(|(id, _)| **id != *tool_call_id);
            if ids.is_empty() {
                self.by_hash.remove(&hash);
            }
        }
    }

    /// How many calls are indexed.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.by_hash
            .values()
            .flat_map(|ids| ids.iter())
            .map(|(_, calls)| seqs_len(calls))
            .sum()
    }

    #[cfg(test)]
    fn probe(&self, candidates: u64) {
        self.probes.set(self.probes.get() + candidates);
    }

    #[cfg(not(test))]
    fn probe(&self, _candidates: u64) {}
}

impl ManyCalls {
    /// Adds a call.
    fn add(&mut self, seq: u64, session: Option<Text>) {
        self.seqs.insert(seq);
        match session {
            Some(session) => {
                self.by_session.insert(session, seq);
            }
            None => self.unsessioned = Some(seq),
        }
    }
}

/// How many calls an id has.
fn seqs_len(calls: &IdCalls) -> usize {
    match calls {
        IdCalls::One { .. } => 1,
        IdCalls::Many(many) => many.seqs.len(),
    }
}

#[cfg(test)]
mod tests {

    use super::CallIndex;
    use crate::client::text::Text;
    use crate::client::text::WellKnown;

    /// Ids that share a hash are told apart: each is found, adopted and removed as it is
    /// when alone in its entry.
    #[test]
    fn ids_that_share_a_hash_are_told_apart() {
        for collide in [false, true] {
            let mut index = CallIndex {
                collide,
                ..CallIndex::default()
            };
            let [a, b, c] = ["a", "b", "c"].map(|id| Text::new(id, WellKnown::None));
            let s1 = Text::new("s1", WellKnown::None);
            index.insert(0, Some(&s1), &a);
            index.insert(1, None, &b);
            index.insert(2, Some(&s1), &c);
            index.insert(3, None, &a);
            assert_eq!(index.find(Some("s1"), "a"), Some(3), "collide: {collide}");
            assert_eq!(index.find(Some("s2"), "a"), Some(3));
            assert_eq!(index.find(None, "b"), Some(1));
            assert_eq!(index.find(Some("s2"), "c"), None);
            assert_eq!(index.find(None, "d"), None);
            index.adopt(1, &s1, "b");
            assert_eq!(index.find(Some("s2"), "b"), None);
            assert_eq!(index.find(Some("s1"), "b"), Some(1));
            index.remove(1, Some("s1"), "b");
            assert_eq!(index.find(None, "b"), None);
            assert_eq!(index.find(None, "c"), Some(2));
            assert_eq!(index.len(), 3);
            index.remove(3, None, "a");
            assert_eq!(index.find(Some("s1"), "a"), Some(0));
            index.remove(0, Some("s1"), "a");
            index.remove(2, Some("s1"), "c");
            assert_eq!(index.len(), 0);
            assert!(index.by_hash.is_empty());
        }
    }
}
