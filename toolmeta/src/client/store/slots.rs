//! [`CallMap`]: the retained calls by sequence number, each in a slot of one table that
//! the next call reuses once its call is gone.
//!
//! A call is about 650 bytes: in a box of its own, each new call was an allocation that
//! glibc served by splitting and merging free blocks, and each evicted call a free that
//! touched its cold neighbours. Slots are reused instead, and a call is reached from its
//! sequence number through a small hash table of slot numbers.

use std::collections::HashMap;

use slab::Slab;

use super::Call;
use super::id_hasher::IdHasher;

/// Where a call is in the table, while it is retained or held by its tombstone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Slot(usize);

/// Every retained call by sequence number, and the evicted calls their tombstones hold
/// until the next message (in a slot, out of the count and of the lookup by number).
#[derive(Default)]
pub(crate) struct CallMap {
    slots: Slab<Call>,
    by_seq: HashMap<u64, Slot, IdHasher>,
}

impl CallMap {
    /// The number of retained calls.
    pub(crate) fn len(&self) -> usize {
        self.by_seq.len()
    }

    pub(crate) fn get(&self, seq: u64) -> Option<&Call> {
        let slot = self.by_seq.get(&seq)?;
        self.slots.get(slot.0)
    }

    pub(super) fn get_mut(&mut self, seq: u64) -> Option<&mut Call> {
        let slot = self.by_seq.get(&seq)?;
        self.slots.get_mut(slot.0)
    }

    pub(super) fn insert(&mut self, seq: u64, call: Call) {
        let slot = Slot(self.slots.insert(call));
        if let Some(Slot(replaced)) = self.by_seq.insert(seq, slot) {
            // A sequence number is never reused; were it, the older call must not leak.
            self.slots.try_remove(replaced);
        }
    }

    /// Takes call `seq` out of the retained calls, leaving it in its slot until
    /// [`CallMap::free`].
    pub(super) fn retire(&mut self, seq: u64) -> Option<(Slot, &Call)> {
        let slot = self.by_seq.remove(&seq)?;
        Some((slot, self.slots.get(slot.0)?))
    }

    /// The call a tombstone holds in `slot`.
    pub(super) fn held(&self, slot: Slot) -> Option<&Call> {
        self.slots.get(slot.0)
    }

    /// Drops the retired call in `slot`; its slot goes to the next call.
    pub(super) fn free(&mut self, slot: Slot) {
        self.slots.try_remove(slot.0);
    }

    /// The slots in use: retained calls and those tombstones hold.
    #[cfg(test)]
    pub(super) fn occupied(&self) -> usize {
        self.slots.len()
    }

    /// The retained calls, in no order.
    #[cfg(test)]
    pub(super) fn values(&self) -> impl Iterator<Item = &Call> {
        self.by_seq
            .values()
            .filter_map(|slot| self.slots.get(slot.0))
    }
}
