//! [`resolve`]: a call's identity and input, computed from what it received — one pure
//! function, run after each change that brings new evidence.

use serde_json::Value;
use serde_json::value::RawValue;

use super::agent::Agent;
use super::content::Location;
use super::evidence::{Evidence, Named, party_of_id};
use super::fallback::{canonical_input, canonical_input_of_text, location_input};
use super::received::{Envelope, Received};
use super::store::Arguments;
use super::synthesis::{Catalog, Harness};
use super::text::{Text, WellKnown};
use super::{KindFallback, Source};
use crate::recognition::Party;
use crate::{ToolKind, ToolMeta};

/// What resolution may consult beyond the call: the catalog and the agent of the stream.
pub(crate) struct Context<'c> {
    pub(crate) catalog: &'c Catalog,
    pub(crate) agent: Option<&'c Agent>,
}

/// A call's identity and input, as resolved from what it received.
#[derive(Debug, Clone)]
pub(crate) struct Resolved {
    pub(crate) source: Source,
    /// What named the tool.
    pub(crate) named_by: Option<Evidence>,
    pub(crate) name: Option<Text>,
    pub(crate) kind: ToolKind,
    pub(crate) label: Text,
    pub(crate) namespace: Option<Text>,
    pub(crate) read_only: Option<bool>,
    pub(crate) input: Input,
    /// The party the call was found to be (its title formats are evidence).
    pub(crate) party: Option<&'static Party>,
    /// The catalog tools the arguments fit equally well, when nothing else said which.
    pub(crate) ambiguous: Box<[&'static str]>,
    /// For a tool named by the arguments: whether their keys tell it apart from every other
    /// tool they fit as well (not so for the general tool of a tie, DESIGN §8).
    pub(crate) told_apart: bool,
}

/// Where the canonical input is.
#[derive(Debug, Clone)]
pub(crate) enum Input {
    None,
    /// The envelope's `input`.
    Envelope,
    /// Computed when resolving: the catalog's projection, the fallback's keys, or the
    /// completion of an envelope sent without `input`.
    Kept(Box<RawValue>),
}

impl Input {
    /// `input` kept as JSON text: an object, else nothing.
    pub(crate) fn kept(input: Option<Value>) -> Input {
        input
            .filter(Value::is_object)
            .and_then(|input| serde_json::value::to_raw_value(&input).ok())
            .map_or(Input::None, Input::Kept)
    }
}

impl Resolved {
    /// What ACP `kind` alone gives (`fallback`): no name, no input. A call is that of `other`
    /// before it received anything.
    pub(crate) fn of_kind(fallback: KindFallback) -> Resolved {
        Resolved {
            source: Source::Fallback,
            named_by: None,
            name: None,
            kind: fallback.kind,
            label: Text::from_static(fallback.label),
            namespace: None,
            read_only: fallback.read_only,
            input: Input::None,
            party: None,
            ambiguous: Box::default(),
            told_apart: false,
        }
    }

    /// Whether it names the same tool as `other` (all but the input and the party).
    pub(crate) fn same_identity(&self, other: &Resolved) -> bool {
        self.source == other.source
            && self.name == other.name
            && self.kind == other.kind
            && self.label == other.label
            && self.namespace == other.namespace
            && self.read_only == other.read_only
            && self.ambiguous == other.ambiguous
            && self.told_apart == other.told_apart
    }

    /// Whether it has an input.
    pub(crate) fn has_input(&self) -> bool {
        !matches!(self.input, Input::None)
    }

    /// Whether its input is `other`'s, given whether what a completion or the envelope's
    /// input reads changed in between (`basis_changed`).
    pub(crate) fn same_input(&self, other: &Resolved, basis_changed: bool) -> bool {
        match (&self.input, &other.input) {
            (Input::None, Input::None) => true,
            (Input::Envelope, Input::Envelope) => !basis_changed,
            (Input::Kept(a), Input::Kept(b)) => a.get() == b.get(),
            _ => false,
        }
    }
}

/// The harness a call comes from: its party, its namespace, and the catalog's harness
/// when there is one.
#[derive(Clone)]
struct CallHarness {
    party: Option<&'static Party>,
    namespace: Option<Text>,
    catalog: Option<Harness>,
}

/// Resolves the identity and input of call `tool_call_id` from what it received (its
/// `rawInput` read through `arguments`), strongest evidence first (DESIGN §6): the
/// envelope; else the catalog of its harness, asked under each name the evidence gives
/// ([`Received::names`]), then by the argument names of `rawInput`; else ACP's own `kind`,
/// with the strongest name as the name.
pub(crate) fn resolve(
    received: &Received,
    tool_call_id: &str,
    context: &Context<'_>,
    arguments: &Arguments<'_, '_>,
) -> Resolved {
    let mut resolved = resolve_identity(received, tool_call_id, context, arguments);
    // An envelope's `input` is the input, even in an envelope that names no tool.
    if let Some(Envelope { input: Some(_), .. }) = &received.envelope {
        resolved.input = Input::Envelope;
    }
    resolved
}

fn resolve_identity(
    received: &Received,
    tool_call_id: &str,
    context: &Context<'_>,
    arguments: &Arguments<'_, '_>,
) -> Resolved {
    let fallback = KindFallback::from_acp_kind(received.acp_kind.as_deref().unwrap_or("other"));
    let harness = harness_of(received, tool_call_id, context);
    let names = || received.names(tool_call_id, harness.party);
    if let Some(envelope) = received.envelope.as_ref().filter(|e| e.has_identity()) {
        // The other evidence is asked only when the envelope names no tool.
        let (name, named_by) = match &envelope.name {
            Some(name) => (Some(name.clone()), Some(Evidence::Envelope)),
            None => names().next().map_or((None, None), |named| {
                (Some(named.to_text()), Some(named.by))
            }),
        };
        let label = match &envelope.label {
            Some(label) => label.clone(),
            None => Text::from_static(envelope.kind.map_or(fallback.label, ToolKind::label)),
        };
        let input = match envelope.input {
            Some(_) => Input::Envelope,
            None => completion(received, envelope, &label, context, arguments),
        };
        return Resolved {
            source: Source::Envelope,
            named_by,
            name,
            kind: envelope.kind.unwrap_or(fallback.kind),
            label,
            namespace: envelope.namespace.clone(),
            read_only: envelope
                .read_only
                .or_else(|| envelope.kind.map(ToolKind::is_read_only))
                .or(fallback.read_only),
            input,
            party: harness.party,
            ambiguous: Box::default(),
            told_apart: false,
        };
    }
    // Without a catalog only the fallback reads the arguments, and only their canonical
    // keys: read from the text, without a `Value` of the rest, when serde_json reads it as
    // it is (over traffic without envelopes, parsing `rawInput` whole was 8% of the
    // ledger's instructions: `docs/performance.md`, "Where the time goes").
    if harness.catalog.is_none()
        && let Some(raw) = received.raw_input.as_deref()
        && let Some(input) = canonical_input_of_text(fallback.label, raw.get())
    {
        return by_fallback(received, tool_call_id, harness, fallback, input);
    }
    // Else the catalog of its harness, given its `rawInput` parsed; else ACP `kind`.
    let raw_input = arguments.value();
    let mut ambiguous = Box::default();
    if let Some(catalog_harness) = harness.catalog {
        let ask = |name: &str, named_by: Evidence| {
            let meta = context
                .catalog
                .synthesize(catalog_harness, name, raw_input)?;
            Some(from_catalog(meta, named_by, received, raw_input))
        };
        let named = names().find_map(|named| {
            let name = named.wire_name();
            // An answer is kept only about parsed arguments: without them the input comes
            // from the call's own location, not from the catalog alone.
            let mut resolved = match raw_input {
                Some(_) => arguments.answer(catalog_harness, &name, || ask(&name, named.by))?,
                None => ask(&name, named.by)?,
            };
            resolved.named_by = Some(named.by);
            Some(resolved)
        });
        let by_arguments = || {
            let raw = raw_input?;
            match fits(catalog_harness, raw, fallback.kind) {
                Fit::One(name, told_apart) => {
                    let mut resolved = ask(name, Evidence::Arguments)?;
                    resolved.told_apart = told_apart;
                    Some(resolved)
                }
                Fit::Several(names) => {
                    ambiguous = names.into_boxed_slice();
                    None
                }
                Fit::None => None,
            }
        };
        if let Some(mut resolved) = named.or_else(by_arguments) {
            resolved.party = harness.party;
            return resolved;
        }
    }
    let input = fallback_input(fallback.label, raw_input, received.locations.first());
    let mut resolved = by_fallback(received, tool_call_id, harness, fallback, input);
    resolved.ambiguous = ambiguous;
    resolved
}

/// The input of a call whose envelope has no `input`: its `rawInput` through the catalog
/// tool the envelope names (the input alone, as text: [`Catalog::input`]), else what the
/// fallback keeps for `label`. Computed here, not by a getter (`docs/performance.md`,
/// "Decided against").
fn completion(
    received: &Received,
    envelope: &Envelope,
    label: &str,
    context: &Context<'_>,
    arguments: &Arguments<'_, '_>,
) -> Input {
    let harness = envelope.namespace.as_deref().and_then(Catalog::harness_of);
    let raw_input = arguments.value();
    let from_catalog = harness.zip(envelope.name.as_deref());
    let from_catalog =
        from_catalog.and_then(|(harness, name)| context.catalog.input(harness, name, raw_input));
    from_catalog.unwrap_or_else(|| {
        Input::kept(fallback_input(label, raw_input, received.locations.first()))
    })
}

/// What the fallback keeps of a call's arguments for `label`: the canonical keys of its
/// `rawInput`, else (no `rawInput` at all) what its first location says.
fn fallback_input(
    label: &str,
    arguments: Option<&Value>,
    location: Option<&Location>,
) -> Option<Value> {
    match (arguments, location) {
        (Some(arguments), _) => canonical_input(label, arguments).ok().flatten(),
        (None, Some(location)) => location_input(label, location.path(), location.line()),
        (None, None) => None,
    }
}

/// The identity ACP `kind` gives (`fallback`), named by the strongest name the evidence
/// gives, with `input`, the canonical input of its arguments or its location.
fn by_fallback(
    received: &Received,
    tool_call_id: &str,
    harness: CallHarness,
    fallback: KindFallback,
    input: Option<Value>,
) -> Resolved {
    let strongest: Option<Named<'_>> = received.names(tool_call_id, harness.party).next();
    Resolved {
        named_by: strongest.map(|named| named.by),
        name: strongest.map(|named| named.to_text()),
        // A named tool the catalog does not know keeps its harness's namespace; a call
        // nothing names gets none (DESIGN §2, §7).
        namespace: harness.namespace.filter(|_| strongest.is_some()),
        input: Input::kept(input),
        party: harness.party,
        ..Resolved::of_kind(fallback)
    }
}

/// The identity the catalog gave.
fn from_catalog(
    meta: ToolMeta,
    named_by: Evidence,
    received: &Received,
    raw_input: Option<&Value>,
) -> Resolved {
    // No input found in the arguments stands; without arguments at all (codex-acp's `View
    // Image`), the location has the path.
    let location = received.locations.first().filter(|_| raw_input.is_none());
    let input = meta.input.or_else(|| {
        let location = location?;
        location_input(&meta.label, location.path(), location.line())
    });
    Resolved {
        source: Source::Catalog,
        named_by: Some(named_by),
        name: Some(Text::new(&meta.name, WellKnown::ToolNames)),
        kind: meta.kind,
        label: match meta.label {
            std::borrow::Cow::Borrowed(label) => Text::from_static(label),
            std::borrow::Cow::Owned(label) => Text::from(label),
        },
        namespace: Some(Text::namespace(&meta.namespace)),
        read_only: Some(meta.read_only),
        input: Input::kept(input),
        party: None,
        ambiguous: Box::default(),
        // A tool named by the arguments is told apart unless the tie-break says otherwise.
        told_apart: true,
    }
}

/// The harness of a call (docs/identification.md §4.2): the party a `_meta` key it carries
/// marks; else the harness the ledger was built with; else the party the stream's agent
/// is; else the party whose `toolCallId` format its id matches; else the stream's agent
/// without a party (its extension namespace).
fn harness_of(received: &Received, tool_call_id: &str, context: &Context<'_>) -> CallHarness {
    let of_party = |party: &'static Party| CallHarness {
        party: Some(party),
        namespace: Some(Text::namespace(&party.namespace)),
        catalog: Catalog::harness_of_namespace(&party.namespace),
    };
    if let Some(party) = received.claims.marks().next() {
        return of_party(party);
    }
    if let Some(harness) = context.catalog.named_harness() {
        let namespace = Catalog::namespace_of(harness);
        return CallHarness {
            party: Party::of_namespace(namespace),
            namespace: Some(Text::namespace(&namespace)),
            catalog: Some(harness),
        };
    }
    if let Some(party) = context.agent.and_then(|agent| agent.party) {
        return of_party(party);
    }
    if let Some(party) = party_of_id(tool_call_id) {
        return of_party(party);
    }
    CallHarness {
        party: None,
        namespace: context
            .agent
            .and_then(|agent| agent.namespace.as_ref())
            .map(Text::namespace),
        catalog: context.agent.and_then(|agent| agent.harness),
    }
}

/// How a call's arguments fit the tools of its harness.
enum Fit {
    None,
    /// One tool, and whether the keys tell it apart (not the general tool of a tie).
    One(&'static str, bool),
    Several(Vec<&'static str>),
}

/// The tool the argument names of `raw` say: the one that fits best. Among several that fit
/// equally well: those whose kind is the call's ACP kind; then, of those, the one whose
/// arguments include every other's (the general tool beside its narrower variants:
/// Claude Code's `Bash` beside `PowerShell`). Several left: the arguments do not say.
fn fits(harness: Harness, raw: &Value, acp_kind: ToolKind) -> Fit {
    let mut best = Catalog::fits(harness, raw);
    let mut told_apart = true;
    if best.len() > 1 && acp_kind != ToolKind::Other {
        let of_kind: Vec<&'static str> = best
            .iter()
            .copied()
            .filter(|name| Catalog::tool_kind(harness, name) == Some(acp_kind))
            .collect();
        if !of_kind.is_empty() {
            best = of_kind;
        }
    }
    if best.len() > 1 {
        let arguments = |name: &str| Catalog::argument_names(harness, name).unwrap_or_default();
        let general: Vec<&'static str> = best
            .iter()
            .copied()
            .filter(|name| {
                let own = arguments(name);
                best.iter().all(|other| {
                    arguments(other)
                        .iter()
                        .all(|argument| own.contains(argument))
                })
            })
            .collect();
        if general.len() == 1 {
            best = general;
            told_apart = false;
        }
    }
    match best.as_slice() {
        [] => Fit::None,
        [only] => Fit::One(only, told_apart),
        _ => Fit::Several(best),
    }
}
