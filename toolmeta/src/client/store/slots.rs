//! [`CallMap`]: the retained calls by sequence number, each in a slot that the next call
//! reuses once its call is gone.
//!
//! A call is about 650 bytes: boxed, each new call was an allocation glibc served by
//! splitting and merging free blocks, and each evicted call a free that touched its cold
//! neighbours. Slots are reused instead, reached from a sequence number through a small
//! hash table. They come in fixed chunks, never moved: one table grown by doubling left
//! freed blocks of megabytes the heap could not give back. Slots are not given back while
//! the ledger lives: there are as many as the most calls it held at once, which its limits
//! bound.

use std::collections::HashMap;

use super::Call;
use super::id_hasher::IdHasher;

/// How many calls a chunk of slots holds (about 41 KiB: below glibc's threshold for
/// mapping an allocation of its own, 128 KiB).
const CHUNK: usize = 64;

/// Where a call is, while it is retained or held by its tombstone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Slot(usize);

impl Slot {
    fn at(self) -> (usize, usize) {
        (self.0 / CHUNK, self.0 % CHUNK)
    }
}

/// Every retained call by sequence number, and the evicted calls their tombstones hold
/// until the next message (in a slot, out of the count and of the lookup by number).
#[derive(Default)]
pub(crate) struct CallMap {
    chunks: Vec<Box<[Option<Call>]>>,
    /// Slots emptied, reused last freed first.
    free: Vec<Slot>,
    by_seq: HashMap<u64, Slot, IdHasher>,
}

impl CallMap {
    /// The number of retained calls.
    pub(crate) fn len(&self) -> usize {
        self.by_seq.len()
    }

    pub(crate) fn get(&self, seq: u64) -> Option<&Call> {
        self.held(*self.by_seq.get(&seq)?)
    }

    pub(super) fn get_mut(&mut self, seq: u64) -> Option<&mut Call> {
        let (chunk, at) = self.by_seq.get(&seq)?.at();
        self.chunks.get_mut(chunk)?.get_mut(at)?.as_mut()
    }

    /// Keeps `call` as call `seq` (a sequence number is given once).
    pub(super) fn insert(&mut self, seq: u64, call: Call) {
        let slot = self.free.pop().unwrap_or_else(|| self.grow());
        let (chunk, at) = slot.at();
        self.chunks[chunk][at] = Some(call);
        if let Some(replaced) = self.by_seq.insert(seq, slot) {
            self.free(replaced);
        }
    }

    /// A new chunk of slots: gives its first, and keeps the others free.
    #[cold]
    fn grow(&mut self) -> Slot {
        let first = self.chunks.len() * CHUNK;
        self.chunks.push((0..CHUNK).map(|_| None).collect());
        // Reused from the lowest: a new chunk fills in order.
        self.free.extend((first + 1..first + CHUNK).rev().map(Slot));
        Slot(first)
    }

    /// Takes call `seq` out of the retained calls, leaving it in its slot until
    /// [`CallMap::free`].
    pub(super) fn retire(&mut self, seq: u64) -> Option<(Slot, &Call)> {
        let slot = self.by_seq.remove(&seq)?;
        Some((slot, self.held(slot)?))
    }

    pub(super) fn held(&self, slot: Slot) -> Option<&Call> {
        let (chunk, at) = slot.at();
        self.chunks.get(chunk)?.get(at)?.as_ref()
    }

    /// Drops the retired call in `slot`, in place; its slot goes to the next call (out of
    /// line: a call's drop is long, and inlined where calls are added and evicted).
    #[inline(never)]
    pub(super) fn free(&mut self, slot: Slot) {
        let (chunk, at) = slot.at();
        if let Some(call) = self
            .chunks
            .get_mut(chunk)
            .and_then(|chunk| chunk.get_mut(at))
            && call.is_some()
        {
            // Dropped where it is, not moved out first.
            *call = None;
            self.free.push(slot);
        }
    }

    /// The slots in use: retained calls and those tombstones hold.
    #[cfg(test)]
    pub(super) fn occupied(&self) -> usize {
        self.chunks.len() * CHUNK - self.free.len()
    }

    /// The retained calls, in no order.
    #[cfg(test)]
    pub(super) fn values(&self) -> impl Iterator<Item = &Call> {
        self.by_seq.values().filter_map(|&slot| self.held(slot))
    }
}

#[cfg(test)]
mod tests {
    use super::{CHUNK, CallMap};
    use crate::client::CallId;
    use crate::client::store::Call;
    use crate::client::text::{Text, WellKnown};

    fn call(seq: u64) -> Call {
        let id = Text::new(&format!("call_{seq}"), WellKnown::None);
        Call::new(CallId(seq), None, id)
    }

    /// A retired call stays readable in its slot until freed; freed slots go to the next
    /// calls, so the chunks grow with the most calls held at once, not with every call.
    #[test]
    fn slots_are_reused_and_a_retired_call_is_held_until_freed() {
        let mut calls = CallMap::default();
        for seq in 0..3 * CHUNK as u64 {
            calls.insert(seq, call(seq));
        }
        assert_eq!((calls.len(), calls.chunks.len()), (3 * CHUNK, 3));
        for seq in 0..2 * CHUNK as u64 {
            let (slot, retired) = calls.retire(seq).expect("retained");
            assert_eq!(retired.id(), CallId(seq));
            assert!(calls.get(seq).is_none(), "retired calls are not retained");
            assert_eq!(calls.held(slot).map(Call::id), Some(CallId(seq)));
            calls.free(slot);
            assert!(calls.held(slot).is_none());
            calls.free(slot);
        }
        assert_eq!((calls.len(), calls.occupied()), (CHUNK, CHUNK));
        for seq in 3 * CHUNK as u64..5 * CHUNK as u64 {
            calls.insert(seq, call(seq));
        }
        assert_eq!((calls.len(), calls.chunks.len()), (3 * CHUNK, 3));
        for seq in (2 * CHUNK as u64..3 * CHUNK as u64).chain(3 * CHUNK as u64..5 * CHUNK as u64) {
            assert_eq!(calls.get(seq).map(Call::id), Some(CallId(seq)));
        }
        assert_eq!(calls.values().count(), 3 * CHUNK);
    }
}
