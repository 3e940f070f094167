//! [`CallIndex`]: which retained call an update belongs to, found without scanning.
//!
//! Calls are merged per `(session, toolCallId)`; an update or call that names no session
//! matches any. One id reused by many sessions (each numbers its calls `call_1`, ...) must
//! not make a lookup or eviction walk every call with that id: the calls of an id are
//! indexed by session, and by age for the lookups that want the latest.
//!
//! The table is keyed by the id's hash ([`IdHasher`]), so that growing it rehashes
//! numbers, not ids behind pointers. A hash with one call, by far the common case, holds
//! only its number (an entry of 24 bytes, not 64: the table was the ledger's largest after
//! the calls, `docs/performance.md`, "Memory and allocations"); its id and session are
//! compared where the call or its tombstone keeps them. Ids that share a hash, and an id
//! several sessions use, keep their ids, in a box.

use std::collections::hash_map::Entry;
use std::collections::{BTreeSet, HashMap};
use std::hash::BuildHasher;

use super::id_hasher::IdHasher;
use crate::client::text::Text;

/// The key of an indexed call, `(session, toolCallId)`, as the call or its tombstone
/// keeps it.
pub(super) type Key<'a> = (Option<&'a Text>, &'a Text);

/// The retained calls (and the tombstones of evicted ones) by `toolCallId`, then by
/// session.
#[derive(Default)]
pub(crate) struct CallIndex {
    by_hash: HashMap<u64, HashCalls, IdHasher>,
    hasher: IdHasher,
    /// Every id hashes alike, to test ids that share a hash.
    #[cfg(test)]
    pub(crate) collide: bool,
    /// Candidate calls examined by lookups: constant per lookup, whatever the traffic.
    #[cfg(test)]
    pub(crate) probes: std::cell::Cell<u64>,
}

/// The calls whose ids share one hash.
enum HashCalls {
    /// One call: its key is read from the call.
    One(u64),
    /// Several (rare: boxed, so that the table's entries stay small): each id with its
    /// calls.
    Many(Box<SharedHash>),
}

/// The ids that share one hash, each with its calls.
struct SharedHash(Vec<(Text, IdCalls)>);

/// The calls that share one `toolCallId`, within [`HashCalls::Many`].
enum IdCalls {
    /// One call, with its session if it named one.
    One { seq: u64, session: Option<Text> },
    /// Several calls (boxed, so that the ids' entries stay small).
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
    /// call with that id. `key` gives an indexed call's key.
    pub(crate) fn find<'k>(
        &self,
        session: Option<&str>,
        tool_call_id: &str,
        key: impl Fn(u64) -> Option<Key<'k>>,
    ) -> Option<u64> {
        match self.by_hash.get(&self.hash(tool_call_id))? {
            HashCalls::One(seq) => {
                self.probe(1);
                let (call_session, call_id) = key(*seq)?;
                let found = **call_id == *tool_call_id
                    && session
                        .is_none_or(|session| call_session.is_none_or(|call| **call == *session));
                found.then_some(*seq)
            }
            HashCalls::Many(ids) => self.find_among(&ids.0, session, tool_call_id),
        }
    }

    /// [`CallIndex::find`] among ids that share a hash (rare: out of line, so that the
    /// common lookup stays small).
    #[cold]
    #[inline(never)]
    fn find_among(
        &self,
        ids: &[(Text, IdCalls)],
        session: Option<&str>,
        tool_call_id: &str,
    ) -> Option<u64> {
        let (_, calls) = ids.iter().find(|(id, _)| **id == *tool_call_id)?;
        match (calls, session) {
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

    /// Indexes a new call, newer than every call indexed so far; `key` gives the key of
    /// an indexed call.
    pub(crate) fn insert<'k>(
        &mut self,
        seq: u64,
        session: Option<&Text>,
        tool_call_id: &Text,
        key: impl Fn(u64) -> Option<Key<'k>>,
    ) {
        // One hash of the id: a new id (the common case) is inserted where it was looked up.
        match self.by_hash.entry(self.hash(tool_call_id)) {
            Entry::Vacant(vacant) => {
                vacant.insert(HashCalls::One(seq));
            }
            Entry::Occupied(occupied) => {
                share_hash(occupied.into_mut(), seq, session, tool_call_id, key);
            }
        }
    }
    /// Records that call `seq`, indexed without a session, now belongs to `session` (a
    /// call alone under its hash has nothing to record: its session is read from it).
    pub(crate) fn adopt(&mut self, seq: u64, session: &Text, tool_call_id: &str) {
        let Some(HashCalls::Many(ids)) = self.by_hash.get_mut(&self.hash(tool_call_id)) else {
            return;
        };
        let found = ids.0.iter_mut().find(|(id, _)| **id == *tool_call_id);
        match found.map(|(_, calls)| calls) {
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
        let hash = self.hash(tool_call_id);
        let Some(calls) = self.by_hash.get_mut(&hash) else {
            return;
        };
        let ids = match calls {
            HashCalls::One(only) => {
                if *only == seq {
                    self.by_hash.remove(&hash);
                }
                return;
            }
            HashCalls::Many(ids) => &mut ids.0,
        };
        let Some(at) = ids.iter().position(|(id, _)| **id == *tool_call_id) else {
            return;
        };
        if remove_call(&mut ids[at].1, seq, session) == 0 {
            ids.swap_remove(at);
        }
        match ids.as_slice() {
            [] => {
                self.by_hash.remove(&hash);
            }
            // One call left under the hash: its key is read from it again.
            [(_, IdCalls::One { seq, .. })] => *calls = HashCalls::One(*seq),
            _ => {}
        }
    }

    fn hash(&self, tool_call_id: &str) -> u64 {
        #[cfg(test)]
        if self.collide {
            return 0;
        }
        self.hasher.hash_one(tool_call_id)
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.by_hash
            .values()
            .map(|calls| match calls {
                HashCalls::One(_) => 1,
                HashCalls::Many(ids) => ids.0.iter().map(|(_, calls)| seqs_len(calls)).sum(),
            })
            .sum()
    }

    fn probe(&self, _candidates: u64) {
        #[cfg(test)]
        self.probes.set(self.probes.get() + _candidates);
    }
}

/// Adds call `seq` under a hash that has calls already (rare: out of line, so that the
/// common insertion stays small); `key` gives the key of an indexed call.
#[cold]
#[inline(never)]
fn share_hash<'k>(
    calls: &mut HashCalls,
    seq: u64,
    session: Option<&Text>,
    tool_call_id: &Text,
    key: impl Fn(u64) -> Option<Key<'k>>,
) {
    if let HashCalls::One(first) = *calls {
        // A second call in the entry: the first one's key is kept in it from now on.
        let ids = key(first)
            .map(|(session, id)| {
                let first = IdCalls::One {
                    seq: first,
                    session: session.cloned(),
                };
                (id.clone(), first)
            })
            .into_iter()
            .collect();
        *calls = HashCalls::Many(Box::new(SharedHash(ids)));
    }
    let HashCalls::Many(ids) = calls else {
        return;
    };
    let ids = &mut ids.0;
    let calls = match ids.iter().position(|(id, _)| **id == **tool_call_id) {
        Some(found) => &mut ids[found].1,
        None => {
            let session = session.cloned();
            ids.push((tool_call_id.clone(), IdCalls::One { seq, session }));
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

/// Removes call `seq`, which had `session`, from the calls of its id; says how many are
/// left.
fn remove_call(calls: &mut IdCalls, seq: u64, session: Option<&str>) -> usize {
    match calls {
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
    }
}

impl ManyCalls {
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

fn seqs_len(calls: &IdCalls) -> usize {
    match calls {
        IdCalls::One { .. } => 1,
        IdCalls::Many(many) => many.seqs.len(),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::CallIndex;
    use crate::client::text::{Text, WellKnown};

    /// Ids that share a hash are told apart: each is found, adopted and removed as it is
    /// when alone in its entry, where its key is read from the call.
    #[test]
    fn ids_that_share_a_hash_are_told_apart() {
        for collide in [false, true] {
            let mut index = CallIndex {
                collide,
                ..CallIndex::default()
            };
            let text = |text: &str| Text::new(text, WellKnown::None);
            // The calls' keys, as the store keeps them.
            let mut calls: HashMap<u64, (Option<Text>, Text)> = HashMap::new();
            for (seq, session, id) in [(0, Some("s1"), "a"), (1, None, "b"), (2, Some("s1"), "c")]
                .into_iter()
                .chain([(3, None, "a")])
            {
                calls.insert(seq, (session.map(text), text(id)));
                let (session, id) = &calls[&seq];
                let key = |seq| calls.get(&seq).map(|(s, id)| (s.as_ref(), id));
                index.insert(seq, session.as_ref(), id, key);
            }
            macro_rules! find {
                ($session:expr, $id:expr) => {
                    index.find($session, $id, |seq| {
                        calls.get(&seq).map(|(s, id)| (s.as_ref(), id))
                    })
                };
            }
            assert_eq!(find!(Some("s1"), "a"), Some(3), "collide: {collide}");
            assert_eq!(find!(Some("s2"), "a"), Some(3));
            assert_eq!(find!(None, "b"), Some(1));
            assert_eq!(find!(Some("s2"), "c"), None);
            assert_eq!(find!(None, "d"), None);
            index.adopt(1, &text("s1"), "b");
            calls.get_mut(&1).expect("call 1").0 = Some(text("s1"));
            assert_eq!(find!(Some("s2"), "b"), None);
            assert_eq!(find!(Some("s1"), "b"), Some(1));
            index.remove(1, Some("s1"), "b");
            calls.remove(&1);
            assert_eq!(find!(None, "b"), None);
            assert_eq!(find!(None, "c"), Some(2));
            assert_eq!(index.len(), 3);
            index.remove(3, None, "a");
            calls.remove(&3);
            assert_eq!(find!(Some("s1"), "a"), Some(0));
            assert_eq!(find!(Some("s2"), "a"), None);
            index.remove(0, Some("s1"), "a");
            index.remove(2, Some("s1"), "c");
            assert_eq!(index.len(), 0);
            assert!(index.by_hash.is_empty());
        }
    }
}
