//! [`SeqQueue`]: an eviction queue — sequence numbers, oldest first, in a ring buffer.
//!
//! Calls join a queue nearly in order and leave it mostly at its ends: a new call is the
//! newest pending one; a call finishes a few messages after it started, near the newest
//! ends; eviction takes the oldest. A sorted ring buffer does each with a binary search
//! (none at the newest end) and a shift of the shorter side, where a B-tree walks and
//! splits nodes it allocates one by one (`docs/performance.md`, "Memory and allocations").
//! A call in the middle shifts at most half the queue: microseconds at the limits.

use std::collections::VecDeque;
use std::collections::vec_deque;

/// Sequence numbers in increasing order, each at most once.
#[derive(Debug, Default)]
pub(crate) struct SeqQueue(VecDeque<u64>);

impl SeqQueue {
    /// Adds `seq`, if it is not there.
    pub(crate) fn insert(&mut self, seq: u64) {
        if let Err(at) = self.position(seq) {
            self.0.insert(at, seq);
        }
    }

    /// Removes `seq`, if it is there.
    pub(crate) fn remove(&mut self, seq: u64) {
        if let Ok(at) = self.position(seq) {
            self.0.remove(at);
        }
    }

    /// Where `seq` is, or where it would go.
    fn position(&self, seq: u64) -> Result<usize, usize> {
        match self.0.back() {
            // The common case, a call newer than every other: no search.
            Some(&newest) if newest < seq => Err(self.0.len()),
            None => Err(0),
            Some(_) => self.0.binary_search(&seq),
        }
    }

    /// The oldest.
    pub(crate) fn first(&self) -> Option<u64> {
        self.0.front().copied()
    }

    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// Oldest first (from either end).
    pub(crate) fn iter(&self) -> std::iter::Copied<vec_deque::Iter<'_, u64>> {
        self.0.iter().copied()
    }

    #[cfg(test)]
    pub(crate) fn contains(&self, seq: u64) -> bool {
        self.position(seq).is_ok()
    }
}

#[cfg(test)]
impl<const N: usize> From<[u64; N]> for SeqQueue {
    fn from(seqs: [u64; N]) -> SeqQueue {
        let mut queue = SeqQueue::default();
        for seq in seqs {
            queue.insert(seq);
        }
        queue
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::SeqQueue;

    /// Random insertions and removals — at the newest end, the oldest, and anywhere —
    /// leave the queue what a `BTreeSet` holds after the same operations.
    #[test]
    fn keeps_what_an_ordered_set_keeps() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut random = move |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % below
        };
        let (mut queue, mut set) = (SeqQueue::default(), BTreeSet::new());
        let mut newest = 0u64;
        for _ in 0..20_000 {
            let seq = match random(4) {
                0 => {
                    newest += 1 + random(3);
                    newest
                }
                1 => set.first().copied().unwrap_or(0),
                2 => newest.saturating_sub(random(4)),
                _ => random(newest + 1),
            };
            if random(2) == 0 {
                queue.insert(seq);
                set.insert(seq);
            } else {
                queue.remove(seq);
                set.remove(&seq);
            }
            assert_eq!(queue.len(), set.len());
            assert_eq!(queue.first(), set.first().copied());
            assert_eq!(queue.contains(seq), set.contains(&seq));
        }
        assert!(queue.iter().eq(set.iter().copied()));
        assert!(queue.iter().rev().eq(set.iter().rev().copied()));
    }
}
