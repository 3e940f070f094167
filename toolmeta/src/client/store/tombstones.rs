//! [`Tombstones`]: what the ledger keeps of evicted calls — their keys, so that a late
//! update for one is dropped rather than starting a call that never finishes. (The call
//! itself stays in its slot until the next message, readable by handle: the store lists
//! those slots, which are few, so that a tombstone is only its key.)

use std::collections::{HashMap, VecDeque};

use super::Call;
use super::id_hasher::IdHasher;
use super::index::Key;
use crate::client::text::Text;

/// What is kept of one evicted call: its key.
pub(super) struct Tombstone {
    session_id: Option<Text>,
    tool_call_id: Text,
}

impl Tombstone {
    /// About how many bytes a tombstone and its entries hold, beyond its ids.
    const BYTES: usize = 160;

    pub(super) fn key_of(call: &Call) -> Tombstone {
        let (session_id, tool_call_id) = call.key();
        Tombstone {
            session_id: session_id.cloned(),
            tool_call_id: tool_call_id.clone(),
        }
    }

    pub(super) fn key(&self) -> Key<'_> {
        (self.session_id.as_ref(), &self.tool_call_id)
    }

    /// About how many bytes its key holds, with its index entry (the call it may hold
    /// for one message is not counted: it is gone at the next).
    pub(super) fn retained_bytes(&self) -> usize {
        let (session_id, tool_call_id) = self.key();
        Tombstone::BYTES + tool_call_id.len() + session_id.map_or(0, |id| id.len())
    }
}

/// The tombstones, by call and in the order they were made: finding one by call, and the
/// oldest, take constant time (no scan, whatever a stream re-sends).
#[derive(Default)]
pub(super) struct Tombstones {
    /// By sequence number, hashed: calls are evicted out of their order, so a B-tree would
    /// insert in its middle, walking and splitting nodes.
    by_seq: HashMap<u64, Tombstone, IdHasher>,
    /// The order they were made in; an entry whose tombstone was taken is skipped when
    /// reached, and the queue is compacted when such entries outnumber the live ones.
    order: VecDeque<u64>,
    /// Entries examined: constant per operation, amortized, whatever the traffic.
    #[cfg(test)]
    pub(super) steps: u64,
}

impl Tombstones {
    pub(super) fn len(&self) -> usize {
        self.by_seq.len()
    }

    pub(super) fn push(&mut self, seq: u64, tombstone: Tombstone) {
        self.by_seq.insert(seq, tombstone);
        self.order.push_back(seq);
    }

    /// The key of evicted call `seq`.
    pub(super) fn key(&self, seq: u64) -> Option<Key<'_>> {
        Some(self.by_seq.get(&seq)?.key())
    }

    /// Takes tombstone `seq` out (its call's key is being reused).
    pub(super) fn take(&mut self, seq: u64) -> Option<Tombstone> {
        let tombstone = self.by_seq.remove(&seq)?;
        self.step(1);
        if self.order.len() > 2 * self.by_seq.len() + 16 {
            self.step(self.order.len());
            let by_seq = &self.by_seq;
            self.order.retain(|seq| by_seq.contains_key(seq));
        }
        Some(tombstone)
    }

    /// The oldest tombstone's call.
    pub(super) fn oldest(&mut self) -> Option<u64> {
        self.skip_taken();
        self.order.front().copied()
    }

    pub(super) fn pop_oldest(&mut self) -> Option<(u64, Tombstone)> {
        self.skip_taken();
        let seq = self.order.pop_front()?;
        Some((seq, self.by_seq.remove(&seq)?))
    }

    /// Drops the entries of the order whose tombstones were taken.
    fn skip_taken(&mut self) {
        while let Some(seq) = self.order.front() {
            if self.by_seq.contains_key(seq) {
                return;
            }
            self.order.pop_front();
            self.step(1);
        }
    }

    fn step(&mut self, _entries: usize) {
        #[cfg(test)]
        {
            self.steps += _entries as u64;
        }
    }

    #[cfg(test)]
    pub(super) fn retained_bytes(&self) -> usize {
        self.by_seq.values().map(Tombstone::retained_bytes).sum()
    }
}
