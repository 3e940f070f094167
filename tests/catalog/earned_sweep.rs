//! The sweep of issue 38: a reading must be earned (DESIGN §6, §8).
//!
//! Over every recorded session in `tests/data/`, every call is mutated one piece of
//! evidence at a time — its ACP `name`, each `_meta` tool-name key, its title, its envelope,
//! each argument key removed; its arguments renamed to each other tool's of its harness —
//! and the ledger's reading of each mutant is compared with the reading DESIGN §6 and
//! docs/identification.md (the published rule, read off the shipped catalog document) say
//! it must have: the original, the tool the arguments were renamed to, or what ACP's `kind`
//! alone gives (Tool when it says nothing). [`expected`] is that rule, written here apart
//! from the ledger's code.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use serde_json::{Map, Value, json};
use toolmeta::catalog::Harness;
use toolmeta::client::{EvidenceKind, Ledger, LedgerBuilder, PROXY_EVIDENCE_KEY, Source};

// ---------------------------------------------------------------------------------------
// The catalog document, as any reader outside Rust sees it.

static CATALOG: LazyLock<Value> = LazyLock::new(|| {
    let path = root().join("toolmeta/catalog/catalog.json");
    serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap()
});

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A party of the catalog document: a harness with tools, or an agent without.
#[derive(Clone, Copy)]
struct Party(&'static Value);

impl Party {
    fn all() -> impl Iterator<Item = Party> {
        let harnesses = CATALOG["harnesses"].as_array().unwrap().iter();
        harnesses
            .chain(CATALOG["agents"].as_array().unwrap())
            .map(Party)
    }

    fn namespace(self) -> &'static str {
        self.0["namespace"].as_str().unwrap()
    }

    fn recognise(self, what: &str) -> &'static [Value] {
        self.0["recognise"][what]
            .as_array()
            .map_or(&[], Vec::as_slice)
    }

    fn tools(self) -> &'static [Value] {
        self.0["tools"].as_array().map_or(&[], Vec::as_slice)
    }

    fn tool(self, name: &str) -> Option<&'static Value> {
        self.tools().iter().find(|tool| tool["name"] == name)
    }

    fn event_keys(self) -> Vec<&'static str> {
        let keys = self.recognise("event_keys").iter();
        keys.filter_map(Value::as_str).collect()
    }
}

/// Every `_meta` tool-name key of the document: `(path, spelling, the party it marks)`, in
/// the document's order (parties, then its own).
fn meta_tool_names() -> Vec<(Vec<&'static str>, &'static str, Option<Party>)> {
    let key = |key: &'static Value, party: Option<Party>| {
        let path = key["path"].as_array().unwrap().iter();
        let marks = key["marks_harness"].as_bool() == Some(true);
        (
            path.map(|step| step.as_str().unwrap()).collect(),
            key["spelling"].as_str().unwrap(),
            party.filter(|_| marks),
        )
    };
    let mut keys: Vec<_> = Party::all()
        .flat_map(|party| {
            let names = party.recognise("meta_tool_names").iter();
            names.map(move |name| key(name, Some(party)))
        })
        .collect();
    keys.extend(
        CATALOG["meta_tool_names"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| key(k, None)),
    );
    keys
}

/// `spawnAgent` spelled back to `spawn_agent`.
fn spelled(name: &str, spelling: &str) -> String {
    if spelling != "camel_case" {
        return name.to_owned();
    }
    let mut wire = String::new();
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            wire.push('_');
            wire.push(c.to_ascii_lowercase());
        } else {
            wire.push(c);
        }
    }
    wire
}

/// A single word naming a tool: `{name}` of docs/identification.md.
fn is_name(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// `text` matched against a pattern of `{name}`, `{any}` and `{digits}` pieces: the
/// `{name}`s it binds, or `None`.
fn matches(pattern: &str, text: &str) -> Option<Vec<String>> {
    fn go(pattern: &str, text: &str, names: &mut Vec<String>) -> bool {
        let Some(open) = pattern.find('{') else {
            return pattern == text;
        };
        let (literal, rest) = pattern.split_at(open);
        let Some(text) = text.strip_prefix(literal) else {
            return false;
        };
        let close = rest.find('}').unwrap();
        let (piece, rest) = (&rest[1..close], &rest[close + 1..]);
        for end in (0..=text.len()).filter(|end| text.is_char_boundary(*end)) {
            let taken = &text[..end];
            let fits = match piece {
                "name" => is_name(taken) && names.iter().all(|name| name == taken),
                "digits" => !taken.is_empty() && taken.chars().all(|c| c.is_ascii_digit()),
                _ => !taken.is_empty(),
            };
            let before = names.len();
            if piece == "name" && fits {
                names.push(taken.to_owned());
            }
            if fits && go(rest, &text[end..], names) {
                return true;
            }
            names.truncate(before);
        }
        false
    }
    let mut names = Vec::new();
    go(pattern, text, &mut names).then_some(names)
}

// ---------------------------------------------------------------------------------------
// What one call carries, read off its updates as docs/identification.md §2 merges them.

/// The evidence a call's updates carry.
#[derive(Debug, Default)]
struct Carried {
    envelope_names: bool,
    acp_name: Option<String>,
    /// Each `_meta` tool-name key sent: (update number, place in the document's order,
    /// wire name, the party it marks).
    meta: Vec<(usize, usize, String, Option<&'static str>)>,
    first_title: Option<String>,
    /// The latest title that follows a title format of any party.
    format_title: Option<String>,
    acp_kind: Option<String>,
    raw_input: Option<Value>,
    /// Whether the call's own updates (not a permission request) carried its kind, its
    /// arguments.
    own_kind: bool,
    own_raw_input: bool,
}

/// The tool-call objects of call `id` in `value`, wherever they sit, with whether each is
/// a permission request's.
fn call_objects<'v>(value: &'v Value, id: &str, out: &mut Vec<(&'v Map<String, Value>, bool)>) {
    match value {
        Value::Object(map) => {
            if map.get("toolCallId").and_then(Value::as_str) == Some(id) {
                let update = map.contains_key("sessionUpdate");
                out.push((map, !update));
            }
            for value in map.values() {
                call_objects(value, id, out);
            }
        }
        Value::Array(values) => values.iter().for_each(|value| call_objects(value, id, out)),
        _ => {}
    }
}

/// The session a line is about: its first `sessionId`, wherever it sits.
fn session_of(value: &Value) -> Option<&str> {
    match value {
        Value::Object(map) => match map.get("sessionId").and_then(Value::as_str) {
            Some(session) => Some(session),
            None => map.values().find_map(session_of),
        },
        Value::Array(values) => values.iter().find_map(session_of),
        _ => None,
    }
}

/// Whether a line may carry an update of a call of `session` (a call first seen without a
/// session joins the first session that names it).
fn in_session(line: &Value, session: Option<&str>) -> bool {
    match (session_of(line), session) {
        (Some(said), Some(session)) => said == session,
        _ => true,
    }
}

/// The lines that carry updates of call `id` of `session`, by index.
fn lines_of<'l>(
    lines: &'l [Option<Value>],
    session: Option<&'l str>,
    id: &'l str,
) -> impl Iterator<Item = (usize, &'l Value)> + 'l {
    lines.iter().enumerate().filter_map(move |(at, line)| {
        let line = line.as_ref()?;
        let mut objects = Vec::new();
        call_objects(line, id, &mut objects);
        (!objects.is_empty() && in_session(line, session)).then_some((at, line))
    })
}

fn carried(lines: &[Option<Value>], session: Option<&str>, id: &str) -> Carried {
    let meta_keys = meta_tool_names();
    let formats: Vec<&str> = Party::all()
        .flat_map(|party| party.recognise("titles"))
        .map(|format| format["pattern"].as_str().unwrap())
        .collect();
    let mut carried = Carried::default();
    let mut objects = Vec::new();
    for (_, line) in lines_of(lines, session, id) {
        call_objects(line, id, &mut objects);
    }
    for (at, (object, by_permission)) in objects.into_iter().enumerate() {
        let envelope = &object.get("_meta").and_then(|meta| meta.get("x.ai/tool"));
        if let Some(Value::Object(envelope)) = envelope {
            let identity = ["name", "kind", "namespace", "label"];
            carried.envelope_names |= identity
                .iter()
                .any(|key| envelope.get(*key).is_some_and(Value::is_string));
        }
        if let Some(name) = object.get("name").and_then(Value::as_str) {
            carried.acp_name = Some(name.to_owned());
        }
        for (place, (path, spelling, marks)) in meta_keys.iter().enumerate() {
            let mut value = object.get("_meta");
            for step in path {
                value = value.and_then(|value| value.get(*step));
            }
            if let Some(name) = value.and_then(Value::as_str) {
                carried.meta.retain(|(_, kept, ..)| *kept != place);
                let marks = marks.map(Party::namespace);
                carried
                    .meta
                    .push((at, place, spelled(name, spelling), marks));
            }
        }
        if let Some(title) = object.get("title").and_then(Value::as_str) {
            carried.first_title.get_or_insert_with(|| title.to_owned());
            if formats
                .iter()
                .any(|format| matches(format, title).is_some())
            {
                carried.format_title = Some(title.to_owned());
            }
        }
        if let Some(kind) = object.get("kind").and_then(Value::as_str)
            && !(by_permission && carried.own_kind)
        {
            carried.acp_kind = Some(kind.to_owned());
            carried.own_kind |= !by_permission;
        }
        if let Some(raw) = object.get("rawInput").filter(|raw| !raw.is_null()) {
            let empty = raw.as_object().is_some_and(Map::is_empty);
            if !(by_permission && carried.own_raw_input) {
                carried.raw_input = Some(raw.clone());
                carried.own_raw_input |= !by_permission && !empty;
            }
        }
    }
    carried
}

/// The party of a call (docs/identification.md §4.2).
fn party_of(carried: &Carried, stream: &Stream, id: &str) -> Option<Party> {
    let marked = carried.meta.iter().filter_map(|(.., marks)| *marks).next();
    let by_namespace = |namespace: &str| Party::all().find(|p| p.namespace() == namespace);
    if let Some(namespace) = marked.or(stream.told) {
        return by_namespace(namespace);
    }
    if let Some(agent) = &stream.agent {
        return Party::all().find(|party| {
            let names = party.recognise("agent_names").iter();
            names
                .filter_map(Value::as_str)
                .any(|name| agent.contains(name))
        });
    }
    if stream.grok_envelopes {
        return by_namespace("grok_build");
    }
    Party::all().find(|party| {
        let mut formats = party.recognise("tool_call_ids").iter();
        formats.any(|format| matches(format.as_str().unwrap(), id).is_some())
    })
}

/// The names the call's evidence gives, strongest first (docs/identification.md §4.3).
fn names(carried: &Carried, party: Option<Party>, id: &str) -> Vec<Named> {
    let named = |name: &str, evidence, key: Option<String>| Named {
        name: name.to_owned(),
        evidence,
        key,
    };
    let mut names: Vec<Named> = carried
        .acp_name
        .iter()
        .map(|n| named(n, "acp_name", None))
        .collect();
    let meta_keys = meta_tool_names();
    let mut meta: Vec<_> = carried.meta.iter().collect();
    meta.sort_by_key(|(at, place, ..)| (std::cmp::Reverse(*at), *place));
    names.extend(
        meta.into_iter()
            .map(|(_, place, name, _)| named(name, "meta", Some(meta_keys[*place].0.join(".")))),
    );
    let first_title = carried.first_title.iter().filter(|t| is_name(t));
    names.extend(first_title.map(|title| named(title, "title", None)));
    for party in Party::all() {
        for format in party.recognise("tool_call_ids") {
            let bound = matches(format.as_str().unwrap(), id)
                .into_iter()
                .flatten()
                .take(1);
            names.extend(bound.map(|name| named(&name, "call_id", None)));
        }
    }
    let titles = party.map_or(&[][..], |party| party.recognise("titles"));
    for format in titles {
        let pattern = format["pattern"].as_str().unwrap();
        if let Some(bound) = carried
            .format_title
            .as_deref()
            .and_then(|t| matches(pattern, t))
        {
            let tool = format["tool"].as_str().map(str::to_owned);
            let name = tool.or(bound.into_iter().next());
            names.extend(name.map(|name| named(&name, "title_format", None)));
        }
    }
    names
}

/// A name the evidence gives, with the evidence that gave it.
struct Named {
    name: String,
    evidence: &'static str,
    key: Option<String>,
}

// ---------------------------------------------------------------------------------------
// The argument rule (docs/identification.md §4.5), over the document's argument lists.

fn accepts(accepts: &Value, value: &Value) -> bool {
    match (accepts["type"].as_str().unwrap(), value) {
        ("any", _) => true,
        ("nullable", Value::Null) => true,
        ("nullable", value) => self::accepts(&accepts["of"], value),
        ("string", Value::String(_)) | ("boolean", Value::Bool(_)) => true,
        ("number", Value::Number(_)) | ("object", Value::Object(_)) => true,
        ("integer", Value::Number(_)) => {
            let wide = |n: &Value| n.as_i64().map(i128::from).or(n.as_u64().map(i128::from));
            wide(value).is_some_and(|n| {
                wide(&accepts["min"]).is_none_or(|min| min <= n)
                    && wide(&accepts["max"]).is_none_or(|max| n <= max)
            })
        }
        ("array", Value::Array(items)) => items
            .iter()
            .all(|item| self::accepts(&accepts["items"], item)),
        _ => false,
    }
}

/// How many of `raw`'s telling keys `tool` shares, when it fits them.
fn shares(tool: &Value, raw: &Map<String, Value>, event_keys: &[&str]) -> Option<usize> {
    let mut shared = 0;
    for argument in tool["arguments"].as_array()? {
        let spellings = std::iter::once(&argument["name"]).chain(argument["aliases"].as_array()?);
        let given: Vec<(&str, &Value)> = spellings
            .filter_map(|name| name.as_str())
            .filter_map(|name| Some((name, raw.get(name)?)))
            .collect();
        match given.as_slice() {
            [] if argument["required"] == true => return None,
            [] => {}
            [(name, value)] if accepts(&argument["accepts"], value) => {
                shared += usize::from(!event_keys.contains(name));
            }
            _ => return None,
        }
    }
    Some(shared)
}

fn argument_names(tool: &Value) -> Vec<&str> {
    let arguments = tool["arguments"].as_array().map_or(&[][..], Vec::as_slice);
    arguments
        .iter()
        .flat_map(|a| std::iter::once(&a["name"]).chain(a["aliases"].as_array().unwrap()))
        .filter_map(Value::as_str)
        .collect()
}

/// The tool a harness's tools say `raw` was made for, if exactly one.
/// How the argument rule picked its tool.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Decided {
    /// It alone fits best: its keys tell it apart.
    Alone,
    /// It is the one of several that fit best whose kind is the call's ACP kind's.
    ByAcpKind,
    /// It is the general tool of several that fit best (the narrower ones take no key it
    /// does not): the keys do not tell it apart from them.
    ByGeneralTool,
}

fn named_by_arguments(
    party: Party,
    raw: &Value,
    acp_kind: &str,
) -> Option<(&'static str, Decided)> {
    let raw = raw.as_object()?;
    let event_keys = party.event_keys();
    let telling = raw
        .keys()
        .filter(|k| !event_keys.contains(&k.as_str()))
        .count();
    let shares: Vec<(&Value, usize)> = party
        .tools()
        .iter()
        .filter_map(|tool| Some((tool, shares(tool, raw, &event_keys)?)))
        .filter(|(_, shared)| *shared > 0 && 2 * shared >= telling)
        .collect();
    let top = shares.iter().map(|(_, shared)| *shared).max()?;
    let mut best: Vec<&Value> = shares
        .iter()
        .filter(|(_, s)| *s == top)
        .map(|(t, _)| *t)
        .collect();
    let fallback_kind = fallback(acp_kind)["kind"].as_str().unwrap();
    let of_kind: Vec<&Value> = best
        .iter()
        .copied()
        .filter(|t| t["kind"] == fallback_kind)
        .collect();
    let mut decided = Decided::Alone;
    if best.len() > 1 && fallback_kind != "other" && !of_kind.is_empty() {
        best = of_kind;
        decided = Decided::ByAcpKind;
    }
    if best.len() > 1 {
        let general: Vec<&Value> = best
            .iter()
            .copied()
            .filter(|tool| {
                let own = argument_names(tool);
                best.iter()
                    .all(|other| argument_names(other).iter().all(|a| own.contains(a)))
            })
            .collect();
        if general.len() == 1 {
            best = general;
            decided = Decided::ByGeneralTool;
        }
    }
    match best.as_slice() {
        [only] => Some((only["name"].as_str()?, decided)),
        _ => None,
    }
}

/// The `acp_kinds` row of an ACP kind (an unknown one reads as `other`).
fn fallback(acp_kind: &str) -> &'static Value {
    let rows = CATALOG["acp_kinds"].as_array().unwrap();
    let row = |kind: &str| rows.iter().find(|row| row["acp_kind"] == kind);
    row(acp_kind).or_else(|| row("other")).unwrap()
}

// ---------------------------------------------------------------------------------------
// The expectation.

/// A reading: where the identity came from, and the identity.
#[derive(Debug, Clone, PartialEq)]
struct Reading {
    source: &'static str,
    name: Option<String>,
    label: String,
    read_only: Option<bool>,
}

/// The evidence value of DESIGN §8: what the reading rests on, and whether it is earned.
#[derive(Debug, Clone, PartialEq)]
struct EvidenceValue {
    evidence: &'static str,
    /// The `_meta` key path (`meta`), or the distinguishing keys (`arguments`).
    keys: Vec<String>,
    earned: bool,
}

/// What DESIGN §6 and §8 say a call carrying `carried` reads as, and on what evidence.
///
/// The reading: an envelope that names a tool keeps the agent's own reading (`original`);
/// else the strongest name the evidence gives that the harness's catalog knows; else the
/// tool the call's argument keys fit best (docs/identification.md §4.5); else what ACP's
/// `kind` alone gives (Tool for `other`), named by the strongest name, if any.
///
/// Earned (§8): an envelope an agent sent; a catalog tool named by ACP `name`, a `_meta`
/// tool-name key, a call-id format, a first title that is the wire name, or by argument
/// keys that tell it apart from every other tool they fit. Never: a title format, ACP's
/// `kind` alone, a tool the keys do not tell apart from a narrower one (the general-tool
/// tie-break), and a read-only reading of a call the agent sent as `edit`, `delete`, `move`
/// or `execute`.
fn expected(
    carried: &Carried,
    party: Option<Party>,
    id: &str,
    original: &Reading,
) -> (Reading, EvidenceValue) {
    let value = |evidence, keys: Vec<String>, earned| EvidenceValue {
        evidence,
        keys,
        earned,
    };
    let acp_kind = carried.acp_kind.as_deref().unwrap_or("other");
    let sent_as_acting = ["edit", "delete", "move", "execute"].contains(&acp_kind);
    let earned_reading = |reading: &Reading, earned: bool| {
        earned && !(sent_as_acting && reading.read_only == Some(true))
    };
    if carried.envelope_names {
        let earned = earned_reading(original, true);
        return (original.clone(), value("envelope", Vec::new(), earned));
    }
    let names = names(carried, party, id);
    let catalog_tool = |name: &str| {
        let tool = party?.tool(name)?;
        Some(Reading {
            source: "catalog",
            name: Some(name.to_owned()),
            label: tool["label"].as_str()?.to_owned(),
            read_only: tool["effects"]["read_only"].as_bool(),
        })
    };
    for named in &names {
        if let Some(reading) = catalog_tool(&named.name) {
            let earned = earned_reading(&reading, named.evidence != "title_format");
            let keys = named.key.iter().cloned().collect();
            return (reading, value(named.evidence, keys, earned));
        }
    }
    let by_arguments = party.filter(|p| !p.tools().is_empty()).and_then(|party| {
        let raw = carried.raw_input.as_ref()?;
        let (tool, decided) = named_by_arguments(party, raw, acp_kind)?;
        let reading = catalog_tool(tool)?;
        let event_keys = party.event_keys();
        let keys = raw.as_object()?.keys().filter(|key| {
            !event_keys.contains(&key.as_str())
                && argument_names(party.tool(tool).unwrap()).contains(&key.as_str())
        });
        let earned = earned_reading(&reading, decided != Decided::ByGeneralTool);
        let mut keys: Vec<String> = keys.cloned().collect();
        keys.sort_unstable();
        Some((reading, value("arguments", keys, earned)))
    });
    by_arguments.unwrap_or_else(|| {
        let row = fallback(acp_kind);
        let reading = Reading {
            source: "fallback",
            name: names.first().map(|named| named.name.clone()),
            label: row["label"].as_str().unwrap().to_owned(),
            read_only: row["read_only"].as_bool(),
        };
        let evidence = if carried.acp_kind.is_some() {
            "acp_kind"
        } else {
            "none"
        };
        (reading, value(evidence, Vec::new(), false))
    })
}

// ---------------------------------------------------------------------------------------
// The mutations.

#[derive(Debug, Clone)]
enum Mutation {
    None,
    RemoveEnvelope,
    RemoveName,
    RemoveMeta(Vec<&'static str>),
    RemoveTitle,
    RemoveArgument(String),
    RenameArguments(&'static str),
}

/// Applies `mutation` to every tool-call object of call `id` in `value`.
fn mutate(value: &mut Value, id: &str, mutation: &Mutation, renamed: &Map<String, Value>) {
    match value {
        Value::Object(map) => {
            if map.get("toolCallId").and_then(Value::as_str) == Some(id) {
                mutate_call(map, mutation, renamed);
            }
            for value in map.values_mut() {
                mutate(value, id, mutation, renamed);
            }
        }
        Value::Array(values) => values
            .iter_mut()
            .for_each(|v| mutate(v, id, mutation, renamed)),
        _ => {}
    }
}

fn mutate_call(call: &mut Map<String, Value>, mutation: &Mutation, renamed: &Map<String, Value>) {
    let meta = call.get_mut("_meta").and_then(Value::as_object_mut);
    match mutation {
        Mutation::None => {}
        Mutation::RemoveEnvelope => {
            meta.map(|meta| meta.remove("x.ai/tool"));
        }
        Mutation::RemoveName => {
            call.remove("name");
        }
        Mutation::RemoveMeta(path) => {
            let (last, steps) = path.split_last().unwrap();
            let mut at = meta;
            for step in steps {
                at = at.and_then(|map| map.get_mut(*step)?.as_object_mut());
            }
            at.map(|map| map.remove(*last));
        }
        Mutation::RemoveTitle => {
            call.remove("title");
        }
        Mutation::RemoveArgument(key) => {
            if let Some(Value::Object(raw)) = call.get_mut("rawInput") {
                raw.remove(key);
            }
        }
        Mutation::RenameArguments(_) => {
            if let Some(Value::Object(raw)) = call.get_mut("rawInput")
                && !raw.is_empty()
            {
                *raw = renamed.clone();
            }
        }
    }
}

/// A value of the JSON type an argument accepts.
fn sample(accepts: &Value) -> Value {
    match accepts["type"].as_str().unwrap() {
        "nullable" => sample(&accepts["of"]),
        "boolean" => json!(true),
        "number" => json!(1.5),
        "integer" => json!(accepts["min"].as_i64().unwrap_or(0).max(1)),
        "array" => json!([]),
        "object" => json!({}),
        _ => json!("x"),
    }
}

/// The call's arguments renamed to `tool`'s: its every argument under its own name, with a
/// value of its type; the keys its harness's events carry whatever the tool are kept.
fn renamed_to(tool: &Value, raw: &Value, event_keys: &[&str]) -> Map<String, Value> {
    let mut renamed: Map<String, Value> = raw
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(key, _)| event_keys.contains(&key.as_str()))
        .map(|(key, value)| (key.clone(), value.clone()))
        .collect();
    for argument in tool["arguments"].as_array().unwrap() {
        let name = argument["name"].as_str().unwrap().to_owned();
        renamed
            .entry(name)
            .or_insert_with(|| sample(&argument["accepts"]));
    }
    renamed
}

// ---------------------------------------------------------------------------------------
// The sessions.

/// A recorded session and what reading it needs.
struct Recorded {
    path: PathBuf,
    harness: Option<Harness>,
}

fn recorded_sessions() -> Vec<Recorded> {
    let data = root().join("tests/data");
    let mut files: Vec<PathBuf> = Vec::new();
    let mut dirs = vec![data];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "jsonl")
                && !path.to_string_lossy().ends_with("expected.jsonl")
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .map(|path| Recorded {
            // This fixture is one permission request of a Claude Code client; its client
            // names the harness (tests/real_traffic.rs).
            harness: path
                .ends_with("claude-agent-acp-bash.jsonl")
                .then_some(Harness::ClaudeCode),
            path,
        })
        .collect()
}

/// What the stream says about its agent.
struct Stream {
    told: Option<&'static str>,
    agent: Option<String>,
    grok_envelopes: bool,
}

fn stream_of(lines: &[Option<Value>], told: Option<Harness>) -> Stream {
    fn agent(value: &Value) -> Option<String> {
        match value {
            Value::Object(map) => {
                if let Some(info) = map.get("agentInfo") {
                    let name = info["name"].as_str().or(info["title"].as_str())?;
                    let name = name.to_lowercase();
                    return Some(name.rsplit('/').next().unwrap().to_owned());
                }
                map.values().find_map(agent)
            }
            Value::Array(values) => values.iter().find_map(agent),
            _ => None,
        }
    }
    fn grok_envelope(value: &Value) -> bool {
        match value {
            Value::Object(map) => {
                let envelope = map.get("x.ai/tool").and_then(|e| e["namespace"].as_str());
                envelope.is_some_and(|namespace| namespace.starts_with("grok_build"))
                    || map.values().any(grok_envelope)
            }
            Value::Array(values) => values.iter().any(grok_envelope),
            _ => false,
        }
    }
    Stream {
        told: told.map(|_| "claude_code"),
        agent: lines.iter().flatten().find_map(agent),
        grok_envelopes: lines.iter().flatten().any(grok_envelope),
    }
}

/// A ledger that read `lines`: each as recorded (`texts`) where `recorded` has it unchanged.
fn read_with(
    lines: &[Option<Value>],
    recorded: &[Option<Value>],
    texts: &[&str],
    harness: Option<Harness>,
) -> Ledger {
    let mut builder: LedgerBuilder = Ledger::builder();
    if let Some(harness) = harness {
        builder = builder.harness(harness);
    }
    let mut ledger = builder.build();
    for ((line, recorded), text) in lines.iter().zip(recorded).zip(texts) {
        match line {
            Some(value) if line != recorded => ledger.feed(value.to_string().as_str()),
            _ => ledger.feed(*text),
        };
    }
    ledger
}

fn reading_of(ledger: &Ledger, session: Option<&str>, id: &str) -> Option<Reading> {
    Some(evidence_and_reading_of(ledger, session, id)?.0)
}

/// The call's reading and its evidence value, as the ledger says.
fn evidence_and_reading_of(
    ledger: &Ledger,
    session: Option<&str>,
    id: &str,
) -> Option<(Reading, EvidenceValue)> {
    let call = match session {
        Some(session) => ledger.get_in_session(session, id),
        None => ledger.get(id),
    }?;
    let evidence = call.evidence();
    let keys = match evidence.evidence_key {
        Some(key) => vec![key.to_owned()],
        None => evidence.evidence_keys.clone(),
    };
    let evidence = EvidenceValue {
        evidence: evidence.evidence.as_str(),
        keys,
        earned: evidence.earned,
    };
    Some((
        Reading {
            source: match call.source() {
                Source::Envelope => "envelope",
                Source::Catalog => "catalog",
                _ => "fallback",
            },
            name: call.name().map(str::to_owned),
            label: call.label().to_owned(),
            read_only: call.read_only(),
        },
        evidence,
    ))
}

/// The sweep's tally.
#[derive(Default)]
struct Tally {
    sessions: usize,
    calls: usize,
    mutants: usize,
    by_outcome: BTreeMap<&'static str, usize>,
    by_evidence: BTreeMap<(&'static str, bool), usize>,
    wrong: Vec<String>,
}

fn sweep_session(recorded: &Recorded, tally: &mut Tally) {
    let text = fs::read_to_string(&recorded.path).unwrap();
    let texts: Vec<&str> = text.lines().collect();
    let lines: Vec<Option<Value>> = texts.iter().map(|l| serde_json::from_str(l).ok()).collect();
    let baseline = read_with(&lines, &lines, &texts, recorded.harness);
    let name = recorded
        .path
        .strip_prefix(root())
        .unwrap_or(Path::new("?"))
        .display();
    tally.sessions += 1;
    let calls: Vec<(Option<String>, String)> = baseline
        .calls()
        .map(|call| {
            (
                call.session_id().map(str::to_owned),
                call.tool_call_id().to_owned(),
            )
        })
        .collect();
    for (session, id) in calls {
        tally.calls += 1;
        let original = reading_of(&baseline, session.as_deref(), &id).unwrap();
        let unmutated = carried(&lines, session.as_deref(), &id);
        // What the stream said of its agent by the call's last update: a finished call
        // keeps the identity it finished with (docs/identification.md §3).
        let last = lines_of(&lines, session.as_deref(), &id)
            .last()
            .map_or(0, |(at, _)| at);
        let party = party_of(
            &unmutated,
            &stream_of(&lines[..=last], recorded.harness),
            &id,
        );
        let mut mutations = vec![Mutation::None];
        if unmutated.envelope_names {
            mutations.push(Mutation::RemoveEnvelope);
        }
        if unmutated.acp_name.is_some() {
            mutations.push(Mutation::RemoveName);
        }
        let meta_keys = meta_tool_names();
        for (_, place, ..) in &unmutated.meta {
            mutations.push(Mutation::RemoveMeta(meta_keys[*place].0.clone()));
        }
        if unmutated.first_title.is_some() {
            mutations.push(Mutation::RemoveTitle);
        }
        let raw = unmutated.raw_input.clone().unwrap_or(Value::Null);
        for key in raw.as_object().into_iter().flat_map(Map::keys) {
            mutations.push(Mutation::RemoveArgument(key.clone()));
        }
        if raw.as_object().is_some_and(|raw| !raw.is_empty())
            && let Some(party) = party
        {
            // A tool whose arguments the catalog does not list cannot be renamed to.
            let listed = party
                .tools()
                .iter()
                .filter(|tool| !argument_names(tool).is_empty());
            for tool in listed {
                let tool = tool["name"].as_str().unwrap();
                if Some(tool) != original.name.as_deref() {
                    mutations.push(Mutation::RenameArguments(tool));
                }
            }
        }
        for mutation in mutations {
            let renamed = match (&mutation, party) {
                (Mutation::RenameArguments(tool), Some(party)) => {
                    renamed_to(party.tool(tool).unwrap(), &raw, &party.event_keys())
                }
                _ => Map::new(),
            };
            let mut mutant = lines.clone();
            for line in mutant.iter_mut().flatten() {
                if in_session(line, session.as_deref()) {
                    mutate(line, &id, &mutation, &renamed);
                }
            }
            let carried = carried(&mutant, session.as_deref(), &id);
            let stream = stream_of(&mutant[..=last], recorded.harness);
            let party = party_of(&carried, &stream, &id);
            let (want, evidence) = expected(&carried, party, &id, &original);
            *tally
                .by_evidence
                .entry((evidence.evidence, evidence.earned))
                .or_default() += 1;
            let got = evidence_and_reading_of(
                &read_with(&mutant, &lines, &texts, recorded.harness),
                session.as_deref(),
                &id,
            );
            tally.mutants += 1;
            let outcome = match &mutation {
                Mutation::RenameArguments(tool) if want.name.as_deref() == Some(tool) => {
                    "renamed-to tool"
                }
                _ if (&want.name, &want.label, want.read_only)
                    == (&original.name, &original.label, original.read_only) =>
                {
                    "original"
                }
                _ if want.source == "fallback" && want.label == "Tool" => "Tool",
                _ if want.source == "fallback" => "ACP kind",
                _ => "another tool",
            };
            *tally.by_outcome.entry(outcome).or_default() += 1;
            if got != Some((want.clone(), evidence.clone())) {
                tally.wrong.push(format!(
                    "{name} {id} {mutation:?}: got {got:?}, expected {want:?} {evidence:?} ({outcome})"
                ));
            }
        }
    }
}

/// Every mutant of every call of every recorded session reads as DESIGN §6 says.
#[test]
fn every_mutant_of_every_recorded_call_reads_as_earned() {
    let mut tally = Tally::default();
    for recorded in recorded_sessions() {
        sweep_session(&recorded, &mut tally);
    }
    eprintln!(
        "sweep: {} sessions, {} calls, {} mutants: {:?}; evidence (earned): {:?}",
        tally.sessions, tally.calls, tally.mutants, tally.by_outcome, tally.by_evidence
    );
    assert!(
        tally.sessions >= 25 && tally.calls >= 180,
        "the corpus is all there"
    );
    assert!(
        tally.wrong.is_empty(),
        "{} of {} mutants read otherwise:\n{}",
        tally.wrong.len(),
        tally.mutants,
        tally.wrong.join("\n")
    );
}

/// One recorded session with `mutation` applied to call `id` of `session`, read by a ledger:
/// that call's reading.
fn mutant_reading(file: &str, session: &str, id: &str, mutation: Mutation) -> Reading {
    let text = fs::read_to_string(root().join("tests/data").join(file)).unwrap();
    let texts: Vec<&str> = text.lines().collect();
    let lines: Vec<Option<Value>> = texts.iter().map(|l| serde_json::from_str(l).ok()).collect();
    let mut mutant = lines.clone();
    for line in mutant.iter_mut().flatten() {
        if in_session(line, Some(session)) {
            mutate(line, id, &mutation, &Map::new());
        }
    }
    let ledger = read_with(&mutant, &lines, &texts, None);
    reading_of(&ledger, Some(session), id).unwrap()
}

fn fallback_reading(name: &str, label: &str, read_only: Option<bool>) -> Reading {
    Reading {
        source: "fallback",
        name: Some(name.to_owned()),
        label: label.to_owned(),
        read_only,
    }
}

/// Grok Build's first call without its envelope finishes before any envelope says the
/// stream is Grok Build's: it keeps what ACP's `search` alone gives (not read-only: Search
/// Tools is a search too), named by its first title, and later envelopes do not rewrite it
/// (docs/identification.md §3, §4.2). The sweep first expected the harness from the whole
/// stream.
#[test]
fn a_call_finished_before_the_stream_names_its_harness_keeps_its_fallback() {
    let reading = mutant_reading(
        "real/grok_build/session.jsonl",
        "s1",
        "call_gr1",
        Mutation::RemoveEnvelope,
    );
    assert_eq!(reading, fallback_reading("grep", "Search", None));
}

/// `call_1` is a call of two sessions of one log: without its envelope in session `a1`, that
/// call reads as ACP's `read` with its first title as the name, and session `b2`'s `call_1`
/// keeps its own envelope. The sweep first merged the two calls' evidence.
#[test]
fn a_call_id_reused_by_another_session_is_another_call() {
    let file = "persisted_session.jsonl";
    let reading = mutant_reading(file, "a1", "call_1", Mutation::RemoveEnvelope);
    assert_eq!(reading, fallback_reading("list_dir", "Read", Some(true)));
    let untouched = mutant_reading(file, "b2", "call_1", Mutation::None);
    assert_eq!(
        (untouched.source, untouched.name.as_deref()),
        ("envelope", Some("read_file"))
    );
}

/// OpenCode names its tool only in the first title: without it, a `glob` call's
/// `{"pattern"}` fits `glob` and `grep` alike, and the published rule's last tie-break
/// (docs/identification.md §4.5, step 2) picks the general `grep`. Both are Search and read
/// only, but the keys do not tell `grep` apart: such a reading is not earned (DESIGN §8).
#[test]
fn a_glob_without_its_title_reads_as_the_general_grep() {
    let grep = mutant_reading(
        "real/opencode/session.jsonl",
        "ses_dc33d2e61ffeCIBWdsnZ6KMUmh",
        "call_f08d62ae0e1943e3",
        Mutation::RemoveTitle,
    );
    assert_eq!(
        (grep.source, grep.name.as_deref(), grep.label.as_str()),
        ("catalog", Some("grep"), "Search")
    );
    let text = fs::read_to_string(root().join("tests/data/real/opencode/session.jsonl")).unwrap();
    let mut lines: Vec<Option<Value>> =
        text.lines().map(|l| serde_json::from_str(l).ok()).collect();
    for line in lines.iter_mut().flatten() {
        mutate(
            line,
            "call_f08d62ae0e1943e3",
            &Mutation::RemoveTitle,
            &Map::new(),
        );
    }
    let texts: Vec<&str> = text.lines().collect();
    let ledger = read_with(&lines, &vec![None; lines.len()], &texts, None);
    let evidence = ledger.get("call_f08d62ae0e1943e3").unwrap().evidence();
    assert_eq!(evidence.evidence.as_str(), "arguments");
    assert_eq!(evidence.evidence_keys, ["pattern"]);
    assert!(!evidence.earned, "pattern does not tell grep from glob");
}

/// The proxy's mark (`_meta["toolmeta/evidence"]`) beside an envelope says how far the
/// envelope is to be trusted: as far as its `earned` says, and not at all once a part of the
/// envelope came marked unearned; a mark without an envelope marks nothing, and an agent's
/// own envelope is earned.
#[test]
fn an_envelope_the_proxy_marked_is_trusted_as_far_as_its_mark_says() {
    let envelope = r#""x.ai/tool":{"version":1,"name":"view_image","kind":"read","namespace":"codex","label":"Read","read_only":true}"#;
    let call = |id: &str, meta: &str| {
        format!(
            r#"{{"sessionUpdate":"tool_call","toolCallId":"{id}","kind":"read","_meta":{{{meta}}}}}"#
        )
    };
    let mut ledger = Ledger::new();
    ledger.feed(call("own", envelope).as_str());
    let marked = |earned: &str| {
        format!(
            r#"{envelope},"{PROXY_EVIDENCE_KEY}":{{"evidence":"title_format","earned":{earned}}}"#
        )
    };
    ledger.feed(call("earned", &marked("true")).as_str());
    ledger.feed(call("unearned", &marked("false")).as_str());
    ledger.feed(call("unsure", &marked(r#""yes""#)).as_str());
    // Marked unearned once, then earned: still unearned.
    ledger.feed(call("once", &marked("false")).as_str());
    ledger.feed(call("once", &marked("true")).as_str());
    let mark_alone = format!(r#""{PROXY_EVIDENCE_KEY}":{{"evidence":"meta","earned":true}}"#);
    ledger.feed(call("alone", &mark_alone).as_str());
    let evidence = |id: &str| {
        let evidence = ledger.get(id).unwrap().evidence();
        (evidence.evidence, evidence.earned)
    };
    assert_eq!(evidence("own"), (EvidenceKind::Envelope, true));
    assert_eq!(evidence("earned"), (EvidenceKind::ProxyEnvelope, true));
    assert_eq!(evidence("unearned"), (EvidenceKind::ProxyEnvelope, false));
    assert_eq!(evidence("unsure"), (EvidenceKind::ProxyEnvelope, false));
    assert_eq!(evidence("once"), (EvidenceKind::ProxyEnvelope, false));
    assert_eq!(evidence("alone"), (EvidenceKind::AcpKind, false));
    assert_eq!(ledger.get("unearned").unwrap().label(), "Read");
}

/// DESIGN §8's readings that are never earned, on calls of the catalog's harnesses: a
/// title format with free text in it, ACP's kind alone, and a read-only reading of a call
/// the agent sent as `execute`; and those that are: a `_meta` tool-name key (with its path),
/// a Gemini CLI call id, distinguishing argument keys (event keys left out).
#[test]
fn what_is_earned_and_what_is_not() {
    let mut ledger = Ledger::new();
    ledger.feed(r#"{"jsonrpc":"2.0","id":0,"result":{"agentInfo":{"name":"codex-acp"}}}"#);
    let feed = |ledger: &mut Ledger, update: &str| {
        ledger.feed(update);
    };
    feed(
        &mut ledger,
        r#"{"sessionUpdate":"tool_call","toolCallId":"image","kind":"read","title":"View Image /r/a.png"}"#,
    );
    feed(
        &mut ledger,
        r#"{"sessionUpdate":"tool_call","toolCallId":"think","kind":"think","title":"Spawning an agent"}"#,
    );
    feed(
        &mut ledger,
        r#"{"sessionUpdate":"tool_call","toolCallId":"search","kind":"search","title":"Search","rawInput":{"query":"q","action":{},"call_id":"c9","turn_id":"t1"}}"#,
    );
    feed(
        &mut ledger,
        r#"{"sessionUpdate":"tool_call","toolCallId":"network","kind":"other","title":"Network","rawInput":{"call_id":"c","turn_id":"t","started_at_ms":1,"reason":"r","permissions":{},"cwd":"/r","environmentId":"e"}}"#,
    );
    feed(
        &mut ledger,
        r#"{"sessionUpdate":"tool_call","toolCallId":"toolu_1","kind":"execute","_meta":{"claudeCode":{"toolName":"Read"}},"rawInput":{"file_path":"/r/a"}}"#,
    );
    feed(
        &mut ledger,
        r#"{"sessionUpdate":"tool_call","toolCallId":"toolu_2","kind":"read","_meta":{"claudeCode":{"toolName":"Read"}},"rawInput":{"file_path":"/r/a"}}"#,
    );
    feed(
        &mut ledger,
        r#"{"sessionUpdate":"tool_call","toolCallId":"read_file__read_file_1796316480558_0","kind":"read"}"#,
    );
    let evidence = |id: &str| {
        let evidence = ledger.get(id).unwrap().evidence();
        let keys = match evidence.evidence_key {
            Some(key) => vec![key.to_owned()],
            None => evidence.evidence_keys,
        };
        (evidence.evidence.as_str(), keys, evidence.earned)
    };
    let none: Vec<String> = Vec::new();
    assert_eq!(evidence("image"), ("title_format", none.clone(), false));
    assert_eq!(evidence("think"), ("acp_kind", none.clone(), false));
    assert_eq!(ledger.get("think").unwrap().read_only(), Some(false));
    assert_eq!(
        evidence("search"),
        (
            "arguments",
            vec!["action".to_owned(), "query".to_owned()],
            true
        )
    );
    assert_eq!(evidence("network"), ("acp_kind", none.clone(), false));
    assert_ne!(ledger.get("network").unwrap().label(), "Edit");
    let meta = vec!["claudeCode.toolName".to_owned()];
    assert_eq!(evidence("toolu_1"), ("meta", meta.clone(), false));
    assert_eq!(
        ledger.get("toolu_1").unwrap().kind_alone().label,
        "Run Command"
    );
    assert_eq!(evidence("toolu_2"), ("meta", meta, true));
    assert_eq!(
        evidence("read_file__read_file_1796316480558_0"),
        ("call_id", none, true)
    );
}
