//! [`Calls`]: the retained calls in first-seen order, read off the two eviction queues.
//!
//! The calls are kept in slots reached by sequence number ([`CallMap`]), so that an update
//! finds its call in one hash lookup; the order they were first seen in is the order of the
//! unfinished and the finished queue, which hold every retained call between them, merged.

use std::fmt;

use super::Call;
use super::queue::SeqQueue;
use super::slots::CallMap;

/// The retained calls of a [`Ledger`](crate::client::Ledger), in first-seen order (from
/// either end).
#[derive(Clone)]
pub struct Calls<'a> {
    calls: &'a CallMap,
    pending: Peeked<'a>,
    finished: Peeked<'a>,
}

impl<'a> Calls<'a> {
    /// The calls of `calls`, in the order of the sequence numbers of `pending` and
    /// `finished` (disjoint, and holding every call of `calls` between them).
    pub(super) fn new(
        calls: &'a CallMap,
        pending: &'a SeqQueue,
        finished: &'a SeqQueue,
    ) -> Calls<'a> {
        Calls {
            calls,
            pending: Peeked::new(pending),
            finished: Peeked::new(finished),
        }
    }

    /// The next call from `end`. Every queued call is retained (`Store::check`); one that
    /// is not would be skipped.
    fn next_from(&mut self, end: End) -> Option<&'a Call> {
        loop {
            if let Some(call) = self.calls.get(self.next_seq(end)?) {
                return Some(call);
            }
        }
    }

    /// The next sequence number from `end`: from the front the lower of the two queues'
    /// first, from the back the higher of their last.
    fn next_seq(&mut self, end: End) -> Option<u64> {
        let from_pending = match (self.pending.peek(end), self.finished.peek(end)) {
            (Some(pending), Some(finished)) => (pending < finished) == (end == End::Front),
            (pending, _) => pending.is_some(),
        };
        match from_pending {
            true => self.pending.take(end),
            false => self.finished.take(end),
        }
    }
}

/// An end of the merged queues.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    Front,
    Back,
}

impl<'a> Iterator for Calls<'a> {
    type Item = &'a Call;

    fn next(&mut self) -> Option<&'a Call> {
        self.next_from(End::Front)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.pending.len() + self.finished.len();
        (len, Some(len))
    }
}

impl DoubleEndedIterator for Calls<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.next_from(End::Back)
    }
}

impl ExactSizeIterator for Calls<'_> {}

impl fmt::Debug for Calls<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}

/// One queue's sequence numbers, with the next one from each end looked at.
#[derive(Clone)]
struct Peeked<'a> {
    seqs: std::iter::Copied<std::collections::vec_deque::Iter<'a, u64>>,
    front: Option<u64>,
    back: Option<u64>,
}

impl<'a> Peeked<'a> {
    fn new(seqs: &'a SeqQueue) -> Peeked<'a> {
        Peeked {
            seqs: seqs.iter(),
            front: None,
            back: None,
        }
    }

    /// The sequence number left at `end`; it stays until taken.
    fn peek(&mut self, end: End) -> Option<u64> {
        let (near, far) = match end {
            End::Front => (&mut self.front, &mut self.back),
            End::Back => (&mut self.back, &mut self.front),
        };
        if near.is_none() {
            // The last one left may have been looked at from the other end already.
            let next = match end {
                End::Front => self.seqs.next(),
                End::Back => self.seqs.next_back(),
            };
            *near = next.or_else(|| far.take());
        }
        *near
    }

    /// Takes the sequence number [`Peeked::peek`] looked at from `end`.
    fn take(&mut self, end: End) -> Option<u64> {
        match end {
            End::Front => self.front.take(),
            End::Back => self.back.take(),
        }
    }

    fn len(&self) -> usize {
        self.seqs.len() + usize::from(self.front.is_some()) + usize::from(self.back.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::{CallMap, Calls, SeqQueue};
    use crate::client::CallId;
    use crate::client::store::Call;
    use crate::client::text::{Text, WellKnown};

    /// Every way of taking calls from either end gives each call once, in first-seen order
    /// from its end, and the length left is exact at every step.
    #[test]
    fn both_ends_meet_without_losing_or_repeating_a_call() {
        let pending = SeqQueue::from([0, 3, 4, 9]);
        let finished = SeqQueue::from([1, 2, 5, 6, 7, 8]);
        let mut calls = CallMap::default();
        for seq in 0..10 {
            let id = Text::new(&format!("call_{seq}"), WellKnown::None);
            calls.insert(seq, Call::new(CallId(seq), None, id));
        }
        for pattern in 0u32..(1 << 10) {
            let mut calls = Calls::new(&calls, &pending, &finished);
            let (mut front, mut back) = (Vec::new(), Vec::new());
            for step in 0..10 {
                let call = if pattern & (1 << step) == 0 {
                    calls.next().map(|call| (&mut front, call))
                } else {
                    calls.next_back().map(|call| (&mut back, call))
                };
                let (taken, call) = call.expect("a call left");
                taken.push(call.id().0);
                assert_eq!(calls.len(), 9 - step, "pattern {pattern:b}");
            }
            assert!(calls.next().is_none() && calls.next_back().is_none());
            back.reverse();
            front.extend(back);
            assert_eq!(front, (0..10).collect::<Vec<u64>>(), "pattern {pattern:b}");
        }
    }
}
