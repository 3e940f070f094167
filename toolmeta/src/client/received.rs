//! [`Received`]: what a call's updates sent, merged — the state its identity is resolved
//! from.

use std::borrow::Cow;
use std::sync::LazyLock;
use std::time::SystemTime;

use memchr::memmem::Finder;
use serde_json::value::RawValue;

use super::content::{ContentBlocks, Location};
use super::evidence::{
    Claims, Evidence, META_KEYS, Named, Says, follows_title_format, is_tool_name, names,
};
use super::evidence_value::ProxyMarkFields;
use super::few::Few;
use super::fill_in::{fill_in, only_adds};
use super::line::{MetaFields, RequestId, UpdateFields};
use super::loose_meta::{EnvelopeFields, LooseMeta, one_line};
use super::permission::Requested;
use super::text::{Text, WellKnown, merge_text};
use super::{Content, Permission, PermissionOutcome, Status};
use crate::ToolKind;
use crate::recognition::Party;

/// Everything a call's updates sent, merged field by field as [`Call`](super::Call) says:
/// once the call has finished, what its identity is resolved from no longer merges (a
/// contradicting update is a [`Conflict`]), save a late `rawInput` that only adds arguments.
#[derive(Debug, Default)]
pub(crate) struct Received {
    /// The envelope, merged across the updates (usable or not).
    pub(crate) envelope: Option<Envelope>,
    /// The evidence of the tool's name: one ordered, generic list.
    pub(crate) claims: Claims,
    pub(crate) acp_kind: Option<Text>,
    pub(crate) title: Option<Text>,
    /// The last title sent before the call finished that follows a fixed title format of
    /// some party: a later human title does not replace it.
    pub(crate) format_title: Option<Text>,
    pub(crate) status: Option<Text>,
    pub(crate) raw_input: Option<Box<RawValue>>,
    /// Whether `raw_input` came from the call's own updates (not a permission request).
    pub(crate) raw_input_from_update: bool,
    /// Whether the call's identity, as last resolved, has an input: until it has, its own
    /// arguments are not all there, and a permission request's may fill them in.
    pub(crate) has_input: bool,
    /// The latest non-empty `locations` sent, those with a path.
    pub(crate) locations: Few<Location>,
    /// The latest non-empty `content` array.
    pub(crate) content: Option<Box<RawValue>>,
    /// Whether `content` came from the call's own updates (not a permission request).
    pub(crate) content_from_update: bool,
    pub(crate) raw_output: Option<Box<RawValue>>,
    pub(crate) permission: Option<Box<Permission>>,
    /// What few calls have: subagent links, paths replaced, conflicts.
    pub(crate) rare: Option<Box<Rare>>,
    pub(crate) updates: u32,
    /// Whether the call has finished (once finished, always finished).
    pub(crate) finished: bool,
    pub(crate) first_seen: Option<SystemTime>,
    pub(crate) last_seen: Option<SystemTime>,
    pub(crate) finished_at: Option<SystemTime>,
}

/// The envelope as the call keeps it: [`LooseMeta`]'s fields, its strings [`Text`] that the
/// resolved identity and the claims share (kept as a `LooseMeta`, each name not well known
/// would be one more block, copied again for each of them).
#[derive(Debug, Clone, Default)]
pub(crate) struct Envelope {
    pub(crate) version: Option<u64>,
    pub(crate) name: Option<Text>,
    pub(crate) kind: Option<ToolKind>,
    pub(crate) namespace: Option<Text>,
    /// The known kind's label, else the label sent.
    pub(crate) label: Option<Text>,
    /// A label sent that contradicted the known kind.
    pub(crate) contradicted_label: Option<Text>,
    pub(crate) read_only: Option<bool>,
    pub(crate) input: Option<Box<RawValue>>,
    /// When `toolmeta proxy` stamped the envelope (its mark, `_meta["toolmeta/evidence"]`,
    /// came with it), whether the mark says it is earned. Once marked, always marked: an
    /// envelope part of which the proxy made is trusted only as far as its mark says.
    pub(crate) proxy_earned: Option<bool>,
}

impl Envelope {
    /// Whether it says who the tool is (see [`LooseMeta::has_identity`]).
    pub(crate) fn has_identity(&self) -> bool {
        self.name.is_some()
            || self.kind.is_some()
            || self.namespace.is_some()
            || self.label.is_some()
    }

    pub(crate) fn as_loose(&self) -> LooseMeta<'_> {
        LooseMeta {
            version: self.version,
            name: self.name.as_deref().map(Cow::Borrowed),
            kind: self.kind,
            namespace: self.namespace.as_deref().map(Cow::Borrowed),
            label: self.label.as_deref().map(Cow::Borrowed),
            contradicted_label: self.contradicted_label.as_deref().map(Cow::Borrowed),
            read_only: self.read_only,
            input: self.input.as_deref().map(Cow::Borrowed),
        }
    }

    /// Merges a later envelope, and the proxy's `mark` on it, into it; says whether it
    /// changed (a changed `input` is told in `merged` too).
    fn merge(
        &mut self,
        mut later: EnvelopeFields<'_>,
        mark: Option<ProxyMarkFields<'_>>,
        merged: &mut Merged,
    ) -> bool {
        let mut changed = false;
        if let Some(mark) = mark {
            // Only a mark that says so in so many words (`"earned": true`) earns.
            let earned = self.proxy_earned.unwrap_or(true) && mark.earned == Some(true);
            changed = self.proxy_earned != Some(earned);
            self.proxy_earned = Some(earned);
        }
        let (kind, label) = later.take_kind_and_label();
        self.version = later.version.or(self.version);
        changed |= merge_text(&mut self.name, later.name.as_deref(), WellKnown::ToolNames);
        if kind.is_some() && kind != self.kind {
            self.kind = kind;
            changed = true;
        }
        let namespace = later.namespace.as_deref();
        changed |= merge_text(&mut self.namespace, namespace, WellKnown::Namespaces);
        // The label sent, fixed by the merged kind: a label never disguises the call's kind.
        changed |= merge_text(&mut self.label, label.as_deref(), WellKnown::Labels);
        if let Some(kind) = self.kind.filter(|kind| *kind != ToolKind::Other) {
            match self.label.take() {
                Some(label) if *label != *kind.label() => self.contradicted_label = Some(label),
                _ => {}
            }
            self.label = Some(Text::from_static(kind.label()));
        }
        if later.read_only.is_some() && later.read_only != self.read_only {
            self.read_only = later.read_only;
            changed = true;
        }
        if let Some(input) = later.input.map(one_line)
            && self.input.as_deref().map(RawValue::get) != Some(input.get())
        {
            self.input = Some(input.into_owned());
            merged.input_basis = true;
            changed = true;
        }
        changed
    }

    /// Finds the fields of `later` that differ from this one: the conflicting claims of an
    /// update after the call finished.
    fn differences(&self, mut later: EnvelopeFields<'_>, found: &mut Conflicting) {
        let (kind, label) = later.take_kind_and_label();
        found.differs("envelope.name", self.name.as_deref(), later.name.as_deref());
        let kind_str = |kind: Option<ToolKind>| kind.map(ToolKind::as_str);
        found.differs("envelope.kind", kind_str(self.kind), kind_str(kind));
        let namespace = later.namespace.as_deref();
        found.differs("envelope.namespace", self.namespace.as_deref(), namespace);
        found.differs("envelope.label", self.label.as_deref(), label.as_deref());
        let (kept, input) = (self.input.as_deref(), later.input.map(one_line));
        let input = input.as_deref().map(RawValue::get);
        found.differs("envelope.input", kept.map(RawValue::get), input);
    }

    fn retained_bytes(&self) -> usize {
        let text = |text: &Option<Text>| text.as_ref().map_or(0, Text::retained_bytes);
        size_of::<Envelope>()
            + text(&self.name)
            + text(&self.namespace)
            + text(&self.label)
            + text(&self.contradicted_label)
            + self.input.as_ref().map_or(0, |input| input.get().len())
    }
}

/// What few calls have.
#[derive(Debug, Default)]
pub(crate) struct Rare {
    /// The `toolCallId` of the call that made this one, from a legacy `_meta` hint.
    pub(crate) parent_tool_call_id: Option<Text>,
    /// The subagent session this call's `content` links (ACP's `session` content).
    pub(crate) child_session: Option<Text>,
    /// Paths the call named in locations and diffs that later updates replaced.
    pub(crate) earlier_paths: Vec<(PathFrom, Text)>,
    /// Claims after the call finished that contradicted the identity it finished with.
    pub(crate) conflicts: Vec<Conflict>,
    /// Conflicts past the ones kept.
    pub(crate) more_conflicts: u32,
}

impl Rare {
    fn retained_bytes(&self) -> usize {
        size_of::<Rare>()
            + self.parent_tool_call_id.as_ref().map_or(0, |id| id.len())
            + self.child_session.as_ref().map_or(0, |id| id.len())
            + self
                .earlier_paths
                .iter()
                .map(|(_, path)| size_of::<(PathFrom, Text)>() + path.len())
                .sum::<usize>()
            + self
                .conflicts
                .iter()
                .map(|conflict| size_of::<Conflict>() + conflict.value.len())
                .sum::<usize>()
    }
}

/// The most conflicts a call keeps (the rest are counted).
const MAX_CONFLICTS: usize = 8;

/// The fields of an update that contradict a finished call, with what they said.
struct Conflicting(Vec<(&'static str, String)>);

impl Conflicting {
    /// Records `sent` as said by `field` when it is not what was `kept`.
    fn differs(&mut self, field: &'static str, kept: Option<&str>, sent: Option<&str>) {
        if let Some(sent) = sent
            && kept != Some(sent)
        {
            self.0.push((field, sent.to_owned()));
        }
    }
}

/// A claim about a finished call's identity that contradicted the identity it finished
/// with: which field of an update said it, and what it said. The call keeps its identity.
///
/// ```
/// use toolmeta::client::{Change, Ledger};
/// let mut ledger = Ledger::new();
/// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","status":"completed","_meta":{"x.ai/tool":{"name":"edit_file","kind":"edit","input":{"path":".bashrc"}}}}"#);
/// ledger.feed(r#"{"sessionUpdate":"tool_call_update","toolCallId":"c1","_meta":{"x.ai/tool":{"name":"read_file","kind":"read","input":{"path":"README.md"}}}}"#);
/// assert_eq!(ledger.events()[0].change, Change::IdentityConflict);
/// let call = ledger.get("c1").unwrap();
/// assert_eq!((call.name(), call.label()), (Some("edit_file"), "Edit"));
/// assert_eq!(call.input().unwrap().get(), r#"{"path":".bashrc"}"#);
/// let claimed: Vec<(&str, &str)> = call.conflicts().iter().map(|c| (c.field(), c.value())).collect();
/// assert_eq!(claimed, [
///     ("envelope.name", "read_file"),
///     ("envelope.kind", "read"),
///     ("envelope.label", "Read"),
///     ("envelope.input", r#"{"path":"README.md"}"#),
/// ]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    field: &'static str,
    value: Text,
}

impl Conflict {
    /// The field that said it: `envelope.name`, `envelope.kind`, `envelope.namespace`,
    /// `envelope.label`, `envelope.input`, `name` (ACP's), `kind` (ACP's), `rawInput`, or a
    /// `_meta` tool-name key (`_meta.claudeCode.toolName`).
    pub fn field(&self) -> &str {
        self.field
    }

    /// What it said (a JSON value as its text).
    pub fn value(&self) -> &str {
        &self.value
    }
}

/// Where a call named a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PathFrom {
    /// The canonical input's `path` or `directory`.
    Input,
    /// One of its ACP `locations`.
    Location,
    /// A diff in its `content` that changes an existing file.
    Diff,
    /// A diff in its `content` that creates a file (no `oldText`).
    NewFile,
}

impl PathFrom {
    /// Where a diff with `old_text` names its path: a diff without one creates the file.
    pub(crate) fn of_diff<T>(old_text: &Option<T>) -> PathFrom {
        match old_text {
            Some(_) => PathFrom::Diff,
            None => PathFrom::NewFile,
        }
    }
}

/// What merging one update changed.
#[derive(Debug, Default)]
pub(crate) struct Merged {
    /// Something the identity or the input is resolved from changed.
    pub(crate) evidence: bool,
    /// `rawInput`, the envelope's `input` or the locations changed.
    pub(crate) input_basis: bool,
    pub(crate) status_changed: bool,
    pub(crate) content_changed: bool,
    pub(crate) permission_requested: bool,
    pub(crate) permission_answered: bool,
    /// The id of an unanswered permission request the update's request replaced.
    pub(crate) replaced_request: Option<RequestId>,
    /// The subagent session the call links changed.
    pub(crate) child_session_changed: bool,
    /// A later claim contradicted the identity the call finished with.
    pub(crate) conflict: bool,
    /// The `rawInput` replaced by one a permission request filled in, or by late arguments:
    /// put back unless the call's identity stays.
    pub(crate) replaced_raw_input: Option<Option<Box<RawValue>>>,
}

impl Received {
    /// Merges one update, seen at `time`; says what it changed.
    ///
    /// A permission request's `rawInput`, `kind` and `content` describe the permission
    /// (OpenCode sends `{filepath, diff}`): they only fill in what the call's own updates
    /// have not sent, the `rawInput` key by key (own values win) while the call's own
    /// arguments give it no input (OpenCode's `bash` sends `{cwd}` in the call, `{command}`
    /// in the request). It puts a running call back to `pending`, never a finished one.
    ///
    /// Its rare paths are out of line (`#[inline(never)]`), so that the code every update
    /// runs fits the instruction cache (`docs/performance.md`, "The instruction cache").
    pub(crate) fn merge(
        &mut self,
        update: &mut UpdateFields<'_>,
        permission: Option<Requested>,
        time: Option<SystemTime>,
    ) -> Merged {
        self.updates = self.updates.saturating_add(1);
        let at = self.updates;
        if let Some(time) = time {
            self.first_seen.get_or_insert(time);
            self.last_seen = Some(time);
        }
        let from_permission = permission.is_some();
        let mut merged = Merged::default();
        let (envelope, keys, proxy_mark) = match update.meta.take() {
            Some(MetaFields {
                envelope,
                keys,
                proxy_mark,
            }) => (envelope, Some(keys), proxy_mark),
            None => (None, None, None),
        };
        // Most updates carry no `_meta`, or only the envelope in it: then no key is looked
        // at, twice, key by key.
        let keys: &[Option<Cow<'_, str>>] = match &keys {
            Some(keys) if keys.iter().any(Option::is_some) => keys,
            _ => &[],
        };
        let kind = update
            .kind
            .take()
            .filter(|_| !from_permission || self.acp_kind.is_none());
        // The request's keys the call's own arguments lack fill them in (`fill_in`).
        let filling = from_permission && self.raw_input_from_update && !self.has_input;
        let raw_input = match update.raw_input.take() {
            Some(request) if filling => self
                .raw_input
                .as_deref()
                .and_then(|own| fill_in(own, &request))
                .map(Cow::Owned),
            // The call's own arguments give it an input: the request's never replace them.
            Some(_) if from_permission && self.raw_input_from_update => None,
            raw_input => raw_input,
        };
        if self.finished {
            let raw_input = match raw_input {
                Some(raw) if only_adds(self.raw_input.as_deref(), &raw) => {
                    self.take_late_input(raw, from_permission, &mut merged);
                    None
                }
                raw_input => raw_input,
            };
            merged.conflict = self.record_conflicts(update, envelope, keys, kind, raw_input);
        } else {
            if let Some(envelope) = envelope {
                let kept = self.envelope.get_or_insert_with(Envelope::default);
                merged.evidence |= kept.merge(envelope, proxy_mark, &mut merged);
            }
            merged.evidence |= self.merge_evidence(update, keys, at);
            merged.evidence |= merge_text(&mut self.acp_kind, kind.as_deref(), WellKnown::AcpKinds);
            if let Some(raw) = raw_input {
                // `{}` is what Claude Code's first `tool_call` sends before the arguments
                // stream in: no arguments yet, so a permission request may still bring them.
                let empty = raw
                    .get()
                    .bytes()
                    .filter(|b| !b.is_ascii_whitespace())
                    .eq(*b"{}");
                // Filled in, the call's own arguments are still there.
                self.raw_input_from_update =
                    (!from_permission || self.raw_input_from_update) && !empty;
                if filling {
                    // Provisional: the ledger keeps it only if the identity stays.
                    merged.replaced_raw_input = Some(self.raw_input.replace(raw.into_owned()));
                    merged.evidence = true;
                    merged.input_basis = true;
                } else if keep_raw(&mut self.raw_input, &raw) {
                    merged.evidence = true;
                    merged.input_basis = true;
                }
            }
        }
        if let Some(title) = update.title.take() {
            // A title sent again was matched against the title formats when it was first sent.
            let changed = match self.claims.get(Evidence::FirstTitle) {
                // The first title, when it reads as a tool name, is a claim already: the
                // title shares the claim's copy.
                Some(claim) if self.title.is_none() && *claim.name == *title => {
                    self.title = Some(claim.name.clone());
                    true
                }
                _ => merge_text(&mut self.title, Some(&title), WellKnown::None),
            };
            if changed
                && !self.finished
                && follows_title_format(&title)
                && self.format_title != self.title
            {
                self.format_title.clone_from(&self.title);
                merged.evidence = true;
            }
        }
        for (meta_key, value) in META_KEYS.iter().zip(keys) {
            if let (Says::ParentToolCall, Some(parent)) = (meta_key.says, value)
                && self.rare().parent_tool_call_id.as_deref() != Some(&**parent)
            {
                self.rare().parent_tool_call_id = Some(Text::new(parent, WellKnown::None));
                merged.content_changed = true;
            }
        }
        self.merge_status(update.status.take(), from_permission, &mut merged);
        self.merge_work(update, from_permission, &mut merged);
        if let Some(request) = permission
            && !self.finished
        {
            let replaced = self
                .permission
                .replace(Box::new(Permission::requested(request, time)));
            merged.permission_requested = true;
            merged.replaced_request = replaced.and_then(|permission| permission.request_id);
        }
        merged
    }

    /// Records the client's answer to the call's permission request, given at time `at`.
    pub(crate) fn answer(&mut self, outcome: PermissionOutcome, at: Option<SystemTime>) -> Merged {
        let permission = self.permission.as_deref_mut();
        let answered = permission.map(|permission| permission.answer(outcome, at));
        Merged {
            permission_answered: answered.is_some(),
            ..Merged::default()
        }
    }

    /// Merges the claims of the tool's name: ACP `name`, the `_meta` keys, the first title.
    /// Says whether any of it changed.
    fn merge_evidence(
        &mut self,
        update: &UpdateFields<'_>,
        keys: &[Option<Cow<'_, str>>],
        at: u32,
    ) -> bool {
        let mut changed = false;
        // A harness that names the tool in the envelope often names it again elsewhere
        // (Grok Build's first title): the claims share the envelope's copy.
        let envelope_name = self.envelope.as_ref().and_then(|kept| kept.name.as_ref());
        if let Some(name) = &update.name {
            changed |= self.claims.say(Evidence::AcpName, name, at, envelope_name);
        }
        for (meta_key, value) in META_KEYS.iter().zip(keys) {
            if let (Says::ToolName, Some(name)) = (meta_key.says, value) {
                let by = Evidence::MetaKey(meta_key.path.as_str());
                changed |= self.claims.say(by, name, at, envelope_name);
            }
        }
        if let Some(title) = &update.title
            && self.title.is_none()
            && is_tool_name(title)
        {
            let by = Evidence::FirstTitle;
            changed |= self.claims.say(by, title, at, envelope_name);
        }
        changed
    }

    /// After the call finished: takes a `rawInput` that only adds arguments, provisionally
    /// ([`Received::undo_late_input`] unless the identity stays).
    #[inline(never)]
    fn take_late_input(
        &mut self,
        raw: Cow<'_, RawValue>,
        from_permission: bool,
        merged: &mut Merged,
    ) {
        self.raw_input_from_update |= !from_permission;
        merged.replaced_raw_input = Some(self.raw_input.replace(raw.into_owned()));
        merged.input_basis = true;
    }

    /// Puts back the `rawInput` a late one replaced and records the late one as a conflict
    /// (it changed the identity the call finished with); says whether the conflict is new.
    #[inline(never)]
    pub(crate) fn undo_late_input(&mut self, replaced: Option<Box<RawValue>>) -> bool {
        let late = std::mem::replace(&mut self.raw_input, replaced);
        late.is_some_and(|late| self.push_conflicts(vec![("rawInput", late.get().to_owned())]))
    }

    /// After the call finished: records the update's fields that contradict what the
    /// identity was resolved from, merging none; says whether one was new.
    #[inline(never)]
    fn record_conflicts(
        &mut self,
        update: &UpdateFields<'_>,
        envelope: Option<EnvelopeFields<'_>>,
        keys: &[Option<Cow<'_, str>>],
        kind: Option<Cow<'_, str>>,
        raw_input: Option<Cow<'_, RawValue>>,
    ) -> bool {
        let mut found = Conflicting(Vec::new());
        if let Some(envelope) = envelope {
            let none = Envelope::default();
            let kept = self.envelope.as_ref().unwrap_or(&none);
            kept.differences(envelope, &mut found);
        }
        let claim = |by: Evidence| self.claims.get(by).map(|claim| &*claim.name);
        found.differs("name", claim(Evidence::AcpName), update.name.as_deref());
        for (meta_key, value) in META_KEYS.iter().zip(keys) {
            if meta_key.says == Says::ToolName {
                let path = meta_key.path.as_str();
                found.differs(path, claim(Evidence::MetaKey(path)), value.as_deref());
            }
        }
        found.differs("kind", self.acp_kind.as_deref(), kind.as_deref());
        let (kept, raw) = (self.raw_input.as_deref(), raw_input.as_deref());
        found.differs("rawInput", kept.map(RawValue::get), raw.map(RawValue::get));
        self.push_conflicts(found.0)
    }

    /// Records `found` (each once, up to [`MAX_CONFLICTS`], the rest counted); says whether
    /// one was new.
    fn push_conflicts(&mut self, found: Vec<(&'static str, String)>) -> bool {
        if found.is_empty() {
            return false;
        }
        let rare = self.rare();
        let mut new = false;
        for (field, value) in found {
            let conflict = Conflict {
                field,
                value: value.into(),
            };
            if rare.conflicts.contains(&conflict) {
                continue;
            }
            new = true;
            if rare.conflicts.len() < MAX_CONFLICTS {
                rare.conflicts.push(conflict);
            } else {
                rare.more_conflicts = rare.more_conflicts.saturating_add(1);
            }
        }
        new
    }

    fn merge_status(
        &mut self,
        status: Option<Cow<'_, str>>,
        from_permission: bool,
        merged: &mut Merged,
    ) {
        // A request puts a running call back to waiting on the user, whatever it says.
        let status = match from_permission {
            true => (!self.finished).then_some(Cow::Borrowed("pending")),
            false => status,
        };
        // Compared as read: a first `pending` is no change from ACP's default.
        let first = self.status.is_none();
        let replaced = merge_text(&mut self.status, status.as_deref(), WellKnown::Statuses);
        merged.status_changed = replaced && !(first && status.as_deref() == Some("pending"));
    }

    /// Merges what the call shows of its work: content, locations, output.
    fn merge_work(
        &mut self,
        update: &mut UpdateFields<'_>,
        from_permission: bool,
        merged: &mut Merged,
    ) {
        if let Some(locations) = update.locations.take() {
            // Harnesses repeat their locations on update after update: copied only when new.
            let same = locations.len() == self.locations.len()
                && locations.iter().zip(&*self.locations).all(|(new, old)| {
                    new.path.as_deref() == Some(old.path()) && new.line == old.line()
                });
            if !same {
                let new = locations.iter().filter_map(|location| {
                    Some(Location::new(location.path.as_deref()?, location.line))
                });
                let replaced = std::mem::replace(&mut self.locations, new.collect());
                for old in replaced.iter() {
                    if !self.locations.iter().any(|new| new.path() == old.path()) {
                        self.remember_path(PathFrom::Location, old.path());
                    }
                }
                merged.content_changed = true;
                merged.input_basis = true;
                merged.evidence |= self.raw_input.is_none();
            }
        }
        if let Some(content) = update
            .content
            .take()
            .filter(|_| !from_permission || !self.content_from_update)
        {
            self.content_from_update |= !from_permission;
            if self.content.as_deref().map(RawValue::get) != Some(content.get()) {
                let replaced = self.content.replace(content.into_owned());
                merged.content_changed = true;
                if let Some(replaced) = replaced {
                    self.remember_diffs(&replaced);
                }
                let child = self.content.as_deref().and_then(linked_session);
                let kept = self
                    .rare
                    .as_ref()
                    .and_then(|rare| rare.child_session.as_deref());
                if child.as_deref() != kept {
                    self.rare().child_session =
                        child.map(|child| Text::new(&child, WellKnown::None));
                    merged.child_session_changed = true;
                }
            }
        }
        if let Some(raw_output) = update.raw_output.take() {
            merged.content_changed |= keep_raw(&mut self.raw_output, &raw_output);
        }
    }

    /// Keeps the diff paths of `replaced` content that the new content lacks.
    #[inline(never)]
    fn remember_diffs(&mut self, replaced: &RawValue) {
        static DIFF: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(b"\"diff\""));
        if DIFF.find(replaced.get().as_bytes()).is_none() {
            return;
        }
        let now: Vec<String> = ContentBlocks::of(self.content.as_deref())
            .filter_map(|block| match block {
                Content::Diff { path, .. } => Some(path.into_owned()),
                _ => None,
            })
            .collect();
        for block in ContentBlocks::of(Some(replaced)) {
            if let Content::Diff { path, old_text, .. } = block
                && !now.iter().any(|kept| *kept == *path)
            {
                self.remember_path(PathFrom::of_diff(&old_text), &path);
            }
        }
    }

    #[inline(never)]
    fn remember_path(&mut self, from: PathFrom, path: &str) {
        let rare = self.rare();
        if !rare.earlier_paths.iter().any(|(_, kept)| **kept == *path) {
            rare.earlier_paths
                .push((from, Text::new(path, WellKnown::None)));
        }
    }

    #[inline(never)]
    fn rare(&mut self) -> &mut Rare {
        self.rare.get_or_insert_with(Box::default)
    }

    /// The names its evidence gives, as a call `tool_call_id` of `party`, strongest first.
    pub(crate) fn names<'a>(
        &'a self,
        tool_call_id: &'a str,
        party: Option<&'static Party>,
    ) -> impl Iterator<Item = Named<'a>> + 'a {
        let format_title = self.format_title.as_deref();
        names(&self.claims, tool_call_id, format_title, party)
    }

    /// The status as read: ACP's default `pending` when none was sent.
    pub(crate) fn status(&self) -> Status<'_> {
        self.status
            .as_deref()
            .map_or(Status::Pending, Status::from_wire)
    }

    /// Whether its permission was rejected or cancelled.
    pub(crate) fn denied(&self) -> bool {
        let permission = self.permission.as_deref();
        permission.is_some_and(|permission| permission.decision().denies())
    }

    /// Whether it finishes the call: a terminal status, or a permission denied.
    pub(crate) fn finishes(&self) -> bool {
        self.status().is_terminal() || self.denied()
    }

    /// About how many bytes it holds beyond the call's own struct.
    pub(crate) fn retained_bytes(&self) -> usize {
        let text = |text: &Option<Text>| text.as_ref().map_or(0, Text::retained_bytes);
        let raw = |value: &Option<Box<RawValue>>| value.as_ref().map_or(0, |raw| raw.get().len());
        let paths = self.locations.iter().map(|location| location.path().len());
        self.envelope.as_ref().map_or(0, Envelope::retained_bytes)
            + self.claims.retained_bytes()
            + text(&self.acp_kind)
            + text(&self.title)
            + text(&self.format_title)
            + text(&self.status)
            + raw(&self.raw_input)
            + self.locations.heap_bytes()
            + paths.sum::<usize>()
            + raw(&self.content)
            + raw(&self.raw_output)
            + self
                .permission
                .as_deref()
                .map_or(0, Permission::retained_bytes)
            + self.rare.as_deref().map_or(0, Rare::retained_bytes)
    }
}

/// The subagent session a `content` array links, looked for only in content that mentions
/// one.
#[inline(never)]
fn linked_session(content: &RawValue) -> Option<String> {
    static SESSION: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(b"\"session\""));
    SESSION.find(content.get().as_bytes())?;
    ContentBlocks::of(Some(content)).find_map(|block| match block {
        Content::Session { session_id } => Some(session_id.into_owned()),
        _ => None,
    })
}

/// Keeps `later` in `slot`, copied only when it differs (harnesses repeat the same
/// `rawInput` on update after update); says whether it differed.
fn keep_raw(slot: &mut Option<Box<RawValue>>, later: &RawValue) -> bool {
    if slot.as_deref().map(RawValue::get) == Some(later.get()) {
        return false;
    }
    *slot = Some(later.to_owned());
    true
}
