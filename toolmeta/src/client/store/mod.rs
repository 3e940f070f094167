//! [`Store`]: the retained calls and every structure kept in step with them — the index,
//! the eviction queues, the permission requests, the tombstones of evicted calls, the byte
//! count and the events — changed in one place.
//!
//! A [`Call`]'s received state is private to this module: the only way to change a call
//! is [`Store::change`] (and [`Store::create`], through it), so no way to change a call
//! can skip its resolution, byte count, queues, events or eviction.

mod call;
mod id_hasher;
mod in_order;
mod index;
mod queue;
mod recent_options;
mod recently_parsed;
mod slots;
mod tombstones;

use std::collections::HashMap;
use std::time::SystemTime;

use serde_json::value::RawValue;

pub use self::in_order::Calls;
use self::index::{CallIndex, Key};
use self::queue::SeqQueue;
use self::recent_options::RecentOptions;
pub(crate) use self::recently_parsed::Arguments;
use self::recently_parsed::RecentlyParsed;
use self::slots::{CallMap, Slot};
use self::tombstones::{Tombstone, Tombstones};
use super::line::{PermissionRequest, RequestId};
use super::permission::Requested;
use super::received::{Merged, Received};
use super::resolve::{Context, Resolved, resolve};
use super::text::{Text, WellKnown};
use super::{CallId, Change, Event, LineCounts};

pub use call::{Call, CallPath, Outcome, Source};

/// The ledger's retention limits.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Limits {
    pub(crate) max_finished: usize,
    pub(crate) max_pending: usize,
    pub(crate) max_retained_bytes: usize,
}

impl Limits {
    /// The most calls retained: as many evicted calls' keys are remembered, to drop their
    /// late updates (and as many subagent links).
    pub(crate) fn max_calls(&self) -> usize {
        self.max_finished.saturating_add(self.max_pending).max(1)
    }
}

/// The one id of a session the calls share: a session among the recent ones is not copied
/// again.
fn share_session(recent: &mut [Option<Text>; 4], session: &str) -> Text {
    if let Some(shared) = recent.iter().flatten().find(|shared| ***shared == *session) {
        return shared.clone();
    }
    let shared = Text::new(session, WellKnown::None);
    recent.rotate_right(1);
    recent[0] = Some(shared.clone());
    shared
}

/// Every retained call and the structures kept in step with them.
#[derive(Default)]
pub(crate) struct Store {
    limits: Limits,
    next_seq: u64,
    /// Every retained call by sequence number, and those the last message evicted.
    calls: CallMap,
    /// `(session, toolCallId)` → the call, or the tombstone of an evicted call.
    index: CallIndex,
    /// Unfinished and finished calls, oldest first: the eviction queues.
    pending: SeqQueue,
    finished: SeqQueue,
    /// Unanswered permission requests by JSON-RPC id → their call.
    permission_requests: HashMap<RequestId, u64>,
    tombstones: Tombstones,
    /// The sum of the retained calls' bytes and the tombstones' bytes.
    retained_bytes: usize,
    /// What the last message fed did.
    events: Vec<Event>,
    /// The calls the last message fed evicted, readable by handle until the next one, in
    /// the slots they still hold (their tombstones keep only their keys).
    just_evicted: Vec<(u64, Slot)>,
    /// Sessions of recent calls, so that calls of one session share its id.
    recent_sessions: [Option<Text>; 4],
    /// The `rawInput`s resolved last, parsed, with the catalog's answers: the next update
    /// of a call seldom changes them.
    recently_parsed: RecentlyParsed,
    /// The options of the latest permission request, shared by the next ones that offer them.
    recent_options: RecentOptions,
    pub(crate) counts: LineCounts,
}

impl Store {
    pub(crate) fn new(limits: Limits) -> Store {
        Store {
            limits,
            ..Store::default()
        }
    }

    pub(crate) fn begin(&mut self) {
        self.events.clear();
        for (_, slot) in self.just_evicted.drain(..) {
            self.calls.free(slot);
        }
        self.trim_tombstones();
    }

    pub(crate) fn events(&self) -> &[Event] {
        &self.events
    }

    pub(crate) fn retained_bytes(&self) -> usize {
        self.retained_bytes
    }

    pub(crate) fn call(&self, id: CallId) -> Option<&Call> {
        let evicted = || self.calls.held(self.just_evicted[self.held(id.0)?].1);
        self.calls.get(id.0).or_else(evicted)
    }

    pub(crate) fn calls(&self) -> Calls<'_> {
        Calls::new(&self.calls, &self.pending, &self.finished)
    }

    pub(crate) fn len(&self) -> usize {
        self.calls.len()
    }

    /// The call, retained or evicted, that the index gives an update with `session` and
    /// `tool_call_id` ([`Store::change`] says which: it changes only a retained call).
    pub(crate) fn indexed(&self, session: Option<&str>, tool_call_id: &str) -> Option<u64> {
        let key = |seq| key_of(&self.calls, &self.tombstones, seq);
        self.index.find(session, tool_call_id, key)
    }

    /// The retained call with `tool_call_id` in `session` (or the latest in any).
    pub(crate) fn get(&self, session: Option<&str>, tool_call_id: &str) -> Option<&Call> {
        let seq = self.indexed(session, tool_call_id)?;
        self.calls.get(seq)
    }

    /// Starts a call (after forgetting the evicted call it replaces, if any) with its first
    /// change, `merge` (see [`Store::change`]): a call exists only with what named it, is
    /// resolved and counted there, and its first identity is an event like any later one.
    pub(crate) fn create(
        &mut self,
        replaces: Option<u64>,
        session: Option<&str>,
        tool_call_id: &str,
        context: &Context<'_>,
        time: Option<SystemTime>,
        merge: impl FnOnce(&mut Received) -> Merged,
    ) -> Option<(u64, Merged)> {
        if let Some(evicted) = replaces
            && let Some(tombstone) = self.tombstones.take(evicted)
        {
            self.forget_tombstone(evicted, tombstone);
        }
        let seq = self.next_seq;
        self.next_seq += 1;
        let shared = session.map(|session| share_session(&mut self.recent_sessions, session));
        let tool_call_id = Text::new(tool_call_id, WellKnown::None);
        // Counted by its first change, just below: not counted empty first.
        let call = Call::new(CallId(seq), shared, tool_call_id);
        let (shared, tool_call_id) = call.key();
        let key = |seq| key_of(&self.calls, &self.tombstones, seq);
        self.index.insert(seq, shared, tool_call_id, key);
        self.calls.insert(seq, call);
        self.pending.insert(seq);
        self.event(seq, Change::Created);
        let merged = self.change(seq, session, context, time, merge)?;
        Some((seq, merged))
    }

    /// The one path through which a call changes: a call seen so far without a session
    /// joins `session`; `merge` changes what it received; then the call is resolved again
    /// (unless it had finished), its bytes counted, finished (once, for good), requeued, its
    /// events recorded, and the limits enforced.
    pub(crate) fn change(
        &mut self,
        seq: u64,
        session: Option<&str>,
        context: &Context<'_>,
        time: Option<SystemTime>,
        merge: impl FnOnce(&mut Received) -> Merged,
    ) -> Option<Merged> {
        let call = self.calls.get_mut(seq)?;
        if let Some(session) = session
            && call.session_id().is_none()
        {
            let session = share_session(&mut self.recent_sessions, session);
            self.index.adopt(seq, &session, call.tool_call_id());
            call.session_id = Some(session);
        }
        let was_finished = call.received.finished;
        let mut merged = merge(&mut call.received);
        let (mut identified, mut input_changed) = (false, false);
        let first = call.received.updates <= 1;
        if (merged.evidence || first) && !was_finished {
            let raw_input = call.received.raw_input.as_deref().map(RawValue::get);
            let arguments = self.recently_parsed.lend(raw_input);
            let mut resolved = resolve(&call.received, call.tool_call_id(), context, &arguments);
            let learned = arguments.learned();
            self.recently_parsed.keep(learned);
            // A permission request filled in the call's arguments: kept only when they
            // leave the identity the call has without them (a request's keys describe the
            // permission: OpenCode's `{filepath, parentDir}` must not hide the `read` that
            // `{filePath}` names). An envelope that names the tool reads no argument for
            // the identity: nothing to compare.
            if let Some(own) = merged.replaced_raw_input.take()
                && !call
                    .received
                    .envelope
                    .as_ref()
                    .is_some_and(|envelope| envelope.has_identity())
            {
                let filled = std::mem::replace(&mut call.received.raw_input, own);
                let without = resolve_rarely(&mut self.recently_parsed, call, context);
                if without.same_identity(&resolved) {
                    call.received.raw_input = filled;
                } else {
                    resolved = without;
                }
            }
            identified = !resolved.same_identity(&call.resolved);
            input_changed = !resolved.same_input(&call.resolved, merged.input_basis);
            call.received.has_input = resolved.has_input();
            call.resolved = resolved;
        } else if let Some(replaced) = merged.replaced_raw_input.take() {
            // Late arguments of a finished call: its input may grow, its identity stays.
            let resolved = resolve_rarely(&mut self.recently_parsed, call, context);
            if resolved.same_identity(&call.resolved) {
                input_changed = !resolved.same_input(&call.resolved, merged.input_basis);
                call.received.has_input = resolved.has_input();
                call.resolved = resolved;
            } else {
                merged.conflict |= call.received.undo_late_input(replaced);
            }
        }
        let finished = !was_finished && call.received.finishes();
        if finished {
            call.received.finished = true;
            call.received.finished_at = time;
        }
        let bytes = call.retained_bytes();
        self.retained_bytes = self
            .retained_bytes
            .saturating_sub(call.counted_bytes)
            .saturating_add(bytes);
        call.counted_bytes = bytes;
        if merged.permission_requested {
            if let Some(replaced) = &merged.replaced_request {
                self.permission_requests.remove(replaced);
            }
            if let Some(request) = call.permission().and_then(|p| p.request_id.clone()) {
                self.permission_requests.insert(request, seq);
            }
        }
        for (happened, change) in [
            (identified, Change::Identified),
            (input_changed, Change::InputChanged),
            (merged.status_changed, Change::StatusChanged),
            (merged.content_changed, Change::ContentChanged),
            (merged.permission_requested, Change::PermissionRequested),
            (merged.permission_answered, Change::PermissionAnswered),
            (merged.conflict, Change::IdentityConflict),
            (finished, Change::Finished),
        ] {
            if happened {
                self.event(seq, change);
            }
        }
        if finished {
            self.pending.remove(seq);
            self.finished.insert(seq);
        }
        self.evict(seq);
        Some(merged)
    }

    /// A permission request as a call keeps it: its options shared with the latest
    /// request's when they are the same.
    pub(crate) fn share_options(&mut self, request: PermissionRequest<'_>) -> Requested {
        self.recent_options.share(request)
    }

    /// The call waiting for the answer to permission request `request_id`, which the answer
    /// takes off the waiting list.
    pub(crate) fn answered(&mut self, request_id: &RequestId) -> Option<u64> {
        self.permission_requests.remove(request_id)
    }

    fn event(&mut self, seq: u64, change: Change) {
        self.events.push(Event {
            call: CallId(seq),
            change,
        });
    }

    /// Evicts calls past the limits; `current`, the call just changed, is never evicted
    /// for the count limits.
    fn evict(&mut self, current: u64) {
        let oldest_but = |queue: &SeqQueue| queue.iter().find(|&seq| seq != current);
        while self.finished.len() > self.limits.max_finished
            && let Some(seq) = oldest_but(&self.finished)
        {
            self.evict_call(seq);
            self.counts.evicted_finished += 1;
        }
        while self.pending.len() > self.limits.max_pending
            && let Some(seq) = oldest_but(&self.pending)
        {
            self.evict_call(seq);
            self.counts.evicted_pending += 1;
        }
        while self.retained_bytes > self.limits.max_retained_bytes {
            if let Some((seq, tombstone)) = self.pop_oldest_key() {
                self.forget_tombstone(seq, tombstone);
                continue;
            }
            let Some(seq) = self.finished.first().or_else(|| self.pending.first()) else {
                // Only this message's tombstones are left: the budget wins over reading
                // the calls they hold until the next message.
                let Some((seq, tombstone)) = self.tombstones.pop_oldest() else {
                    break;
                };
                self.forget_tombstone(seq, tombstone);
                continue;
            };
            self.evict_call(seq);
            self.counts.evicted_for_bytes += 1;
        }
    }

    /// Evicts one call: it leaves a tombstone, and stays readable until the next message.
    fn evict_call(&mut self, seq: u64) {
        if let Some((slot, tombstone)) = self.remove(seq) {
            self.event(seq, Change::Evicted);
            self.just_evicted.push((seq, slot));
            self.bury(seq, tombstone);
        }
    }

    /// Forgets a call: it leaves a tombstone (its late updates are then dropped).
    pub(crate) fn forget(&mut self, seq: u64) -> bool {
        let Some((slot, tombstone)) = self.remove(seq) else {
            return false;
        };
        self.calls.free(slot);
        self.bury(seq, tombstone);
        true
    }

    /// Removes a call from every structure but the index, where its tombstone goes; the
    /// call stays in its slot until freed.
    fn remove(&mut self, seq: u64) -> Option<(Slot, Tombstone)> {
        let (slot, call) = self.calls.retire(seq)?;
        self.pending.remove(seq);
        self.finished.remove(seq);
        self.retained_bytes = self.retained_bytes.saturating_sub(call.counted_bytes);
        if let Some(request_id) = call.permission().and_then(|p| p.request_id.as_ref()) {
            self.permission_requests.remove(request_id);
        }
        Some((slot, Tombstone::key_of(call)))
    }

    /// Keeps the tombstone of call `seq`, within the number of tombstones kept.
    fn bury(&mut self, seq: u64, tombstone: Tombstone) {
        self.retained_bytes = self
            .retained_bytes
            .saturating_add(tombstone.retained_bytes());
        self.tombstones.push(seq, tombstone);
        self.trim_tombstones();
    }

    /// Drops the oldest tombstones past their number, but none that still holds a call
    /// evicted by the message being fed (the next message's start trims again).
    fn trim_tombstones(&mut self) {
        while self.tombstones.len() > self.limits.max_calls()
            && let Some((oldest, tombstone)) = self.pop_oldest_key()
        {
            self.forget_tombstone(oldest, tombstone);
        }
    }

    /// Where call `seq`, evicted by the message being fed, is in `just_evicted`.
    fn held(&self, seq: u64) -> Option<usize> {
        self.just_evicted
            .iter()
            .position(|(evicted, _)| *evicted == seq)
    }

    /// The oldest tombstone, unless it still holds a call evicted by the message being fed.
    fn pop_oldest_key(&mut self) -> Option<(u64, Tombstone)> {
        let oldest = self.tombstones.oldest()?;
        match self.held(oldest) {
            None => self.tombstones.pop_oldest(),
            Some(_) => None,
        }
    }

    /// Drops tombstone `seq` (taken out of the tombstones) from the index, with the call
    /// it still holds, if any.
    fn forget_tombstone(&mut self, seq: u64, tombstone: Tombstone) {
        if let Some(at) = self.held(seq) {
            let (_, slot) = self.just_evicted.remove(at);
            self.calls.free(slot);
        }
        self.retained_bytes = self
            .retained_bytes
            .saturating_sub(tombstone.retained_bytes());
        let (session_id, tool_call_id) = tombstone.key();
        self.index
            .remove(seq, session_id.map(|session| &**session), tool_call_id);
    }

    /// The sizes of the calls and of the structures over them, which must agree, and the
    /// bytes counted against the bytes the calls and tombstones hold.
    #[cfg(test)]
    pub(crate) fn check(&self) {
        let calls = self.calls.len();
        assert_eq!(self.index.len() - self.tombstones.len(), calls, "index");
        assert_eq!(self.pending.len() + self.finished.len(), calls, "queues");
        assert_eq!(
            self.calls.occupied(),
            calls + self.just_evicted.len(),
            "slots: the retained calls and the evicted ones held until the next message"
        );
        let counted: usize = self
            .calls
            .values()
            .map(|call| call.counted_bytes)
            .sum::<usize>()
            + self.tombstones.retained_bytes();
        assert_eq!(counted, self.retained_bytes, "bytes");
        for call in self.calls.values() {
            assert_eq!(call.counted_bytes, call.retained_bytes(), "a call's bytes");
            let seq = call.id().0;
            assert_eq!(
                call.is_finished(),
                self.finished.contains(seq),
                "queue of {seq}"
            );
        }
    }

    #[cfg(test)]
    pub(crate) fn probes(&self) -> u64 {
        self.index.probes.get()
    }

    #[cfg(test)]
    pub(crate) fn tombstone_steps(&self) -> u64 {
        self.tombstones.steps
    }
}

/// The key of call `seq` as the index compares it: the retained call's, else its
/// tombstone's.
fn key_of<'a>(calls: &'a CallMap, tombstones: &'a Tombstones, seq: u64) -> Option<Key<'a>> {
    match calls.get(seq) {
        Some(call) => Some(call.key()),
        None => tombstones.key(seq),
    }
}

/// Resolves `call` from what it received, its `rawInput` read through the arguments parsed
/// recently: for the rare second resolution of one update (filled-in or late arguments),
/// out of line so that the common path keeps its one call.
#[inline(never)]
fn resolve_rarely(
    recently_parsed: &mut RecentlyParsed,
    call: &Call,
    context: &Context<'_>,
) -> Resolved {
    let raw_input = call.received.raw_input.as_deref().map(RawValue::get);
    let arguments = recently_parsed.lend(raw_input);
    let resolved = resolve(&call.received, call.tool_call_id(), context, &arguments);
    let learned = arguments.learned();
    recently_parsed.keep(learned);
    resolved
}
