//! The checks that need the whole item: the identity against the contract tables, each
//! field's key, and the projection against the label's shape. Produces the resolved tool
//! that `expand` turns into code; every mistake goes to the `Ctxt`.
//!
//! One function per rule, named `..._rule` (or `check_...` for an identity key) and headed
//! by the rule it checks in bold; `tool`, `field_key` and `check_shape` only call them in
//! order.

use std::collections::HashMap;

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::LitStr;

use crate::ast::{Container, Data, Field, Source, Tagged, Variant};
use crate::attr::{self, Compute};
use crate::contract::{self, Key};
use crate::ctxt::Ctxt;
use crate::effects;
use crate::shared::namespaces::{Spelling, spelling};
use crate::suggest;

/// A tool struct with its identity and projection resolved.
pub struct Tool<'a> {
    /// `None` when the identity had errors (the item then gets a fallback impl).
    pub identity: Option<Identity>,
    /// `false` for a `no_input` tool.
    pub has_input: bool,
    /// The projected fields in projection order: canonical keys in contract order, then
    /// extra keys in field order.
    pub projected: Vec<Projected<'a>>,
    /// How a toolset projects raw arguments that raw JSON cannot: `None` when every key is
    /// read from its wire key.
    pub typed: Option<Typed>,
}

/// Raw arguments that a toolset projects by deserializing them into the tool, because a key
/// is converted in Rust (`with`, `compute`, serde's `deserialize_with`/`with`, `flatten`) or
/// serde reads the whole tool from another shape (`from`, `try_from`, `transparent`).
pub struct Typed {
    /// The first conversion, where an error about it points.
    pub tokens: TokenStream,
    /// Whether no key can be read from the raw JSON (`from`, `try_from`, `transparent`).
    pub whole: bool,
    /// Whether the raw arguments are the JSON of the one field (`transparent`), not an object.
    pub transparent: bool,
}

/// A resolved namespace.
pub enum Namespace {
    /// A first-party namespace: its row of the table.
    FirstParty(&'static contract::Namespace),
    /// A harness's extension namespace (`_forge`), as written.
    Extension(String),
}

/// The resolved `#[tool(name, namespace, kind, label, read_only)]`, and the other effect
/// keys and `title`.
pub struct Identity {
    /// The wire name's expression: a string literal, or the path of a constant.
    pub name: TokenStream,
    pub kind: &'static contract::Kind,
    pub namespace: Namespace,
    pub label: String,
    pub read_only: bool,
    pub effects: effects::Declared,
}

/// One projected key and where it comes from.
pub struct Projected<'a> {
    pub source: Source<'a>,
    pub key: String,
    /// The canonical key's row of the key table; `None` for an extra key.
    pub canonical: Option<&'static Key>,
    /// The tokens that chose the key, for errors.
    pub key_tokens: TokenStream,
    /// Whether the label's shape requires the key (a `with` function then returns the value
    /// itself, not an `Option`).
    pub required: bool,
}

impl<'a> Projected<'a> {
    fn new(
        source: Source<'a>,
        key: String,
        canonical: Option<&'static Key>,
        key_tokens: TokenStream,
    ) -> Projected<'a> {
        Projected {
            source,
            key,
            canonical,
            key_tokens,
            required: false,
        }
    }

    pub fn is_extra(&self) -> bool {
        self.canonical.is_none()
    }

    /// The key's row of the key table: its canonical row, or the extra keys' one.
    pub fn row(&self) -> &'static Key {
        self.canonical.unwrap_or(&contract::EXTRA)
    }

    /// Whether the runtime may drop the value (a negative `offset`).
    pub fn normalized(&self) -> bool {
        self.canonical.is_some_and(Key::normalized)
    }

    /// Whether every value of the tool writes this key: a required field projected as is,
    /// or through a `with` function for a required key (which returns the value). (An
    /// `Option`, a `with` that may return `None`, and an `offset`, whose negative values are
    /// dropped, can each be absent.)
    pub fn always_present(&self) -> bool {
        let present = match self.source {
            // An empty or inverted range gives no `limit`.
            Source::Field(field) if field.attrs.last_line.is_some() => false,
            Source::Field(field) if field.attrs.with.is_none() => field.option_inner.is_none(),
            _ => self.required,
        };
        present && !self.normalized()
    }

    /// Whether the raw value cannot be projected as it is: computed from the whole tool,
    /// converted by `with`, by serde's `deserialize_with`/`with`, or flattened.
    pub fn converted(&self) -> bool {
        self.conversion().is_some()
    }

    /// The tokens of what converts the raw value, if anything does.
    fn conversion(&self) -> Option<TokenStream> {
        let field = match self.source {
            Source::Computed(compute) => return Some(compute.lit.to_token_stream()),
            Source::Field(field) => field,
        };
        let serde = &field.attrs.serde;
        match &field.attrs.with {
            Some((_, lit)) => Some(lit.to_token_stream()),
            None => serde
                .deserialize_with
                .clone()
                .or_else(|| serde.flatten.clone()),
        }
    }

    /// The field the key is projected from as it is (no function between): its type is
    /// the one checked against the key.
    pub fn plain_field(&self) -> Option<&'a Field<'a>> {
        self.source
            .field()
            .filter(|field| field.attrs.with.is_none())
    }
}

/// Checks a tool struct.
pub fn tool<'a>(cx: &Ctxt, container: &'a Container<'a>, fields: &'a [Field<'a>]) -> Tool<'a> {
    let identity = identity(cx, container);
    let attrs = &container.attrs;
    let mut projected = Vec::new();
    let mut by_key: HashMap<String, String> = HashMap::new();

    no_input_rule(cx, container);
    let project_all = attrs.project.is_some() && attrs.no_input.is_none();

    let from_fields = fields.iter().map(|field| {
        let chosen = field_key(cx, field, project_all);
        zero_based_rule(cx, field, chosen.as_ref());
        last_line_rule(cx, field, chosen.as_ref());
        chosen
    });
    let computed = attrs
        .compute
        .iter()
        .map(|compute| computed_key(cx, compute));
    for chosen in from_fields.chain(computed).flatten() {
        if no_input_field_rule(cx, container, &chosen)
            && one_source_per_key_rule(cx, &mut by_key, &chosen)
        {
            projected.push(chosen);
        }
    }

    let key_order = |projected: &Projected| match projected.canonical {
        Some(canonical) => contract::KEYS
            .iter()
            .position(|row| row.name == canonical.name)
            .unwrap_or(0),
        None => contract::KEYS.len(),
    };
    // A stable sort keeps extra keys in field order.
    projected.sort_by_key(key_order);
    first_line_rule(cx, &projected);
    if let Some(shape) = identity
        .as_ref()
        .and_then(|identity| contract::shape(&identity.label))
    {
        for projected in &mut projected {
            projected.required = shape.required.contains(&projected.key.as_str());
        }
    }

    if attrs.no_input.is_none()
        && let Some(identity) = &identity
    {
        // After an error in some field's attributes, what the projection lacks may be
        // that field: report no missing key on top of it.
        let complete = !cx.has_errors();
        check_shape(cx, container, identity, &projected, complete);
    }
    packed_rule(cx, container, &projected);
    remote_rule(cx, container);
    let typed = typed(cx, container, &projected);
    Tool {
        identity,
        has_input: attrs.no_input.is_none(),
        projected,
        typed,
    }
}

/// **A remote definition computes no key**: a function of the whole tool takes the
/// definition, and the value projected is the remote type's (a field's `with` takes the
/// field, which both have).
fn remote_rule(cx: &Ctxt, container: &Container) {
    let Some((_, remote)) = &container.attrs.remote else {
        return;
    };
    for compute in &container.attrs.compute {
        cx.error_spanned_by(
            &compute.key,
            format!(
                "`compute` takes the whole tool, and `{}` is a definition for `{}`, which is what its calls hold: convert a field with `with = \"...\"` instead",
                container.ident,
                remote.value()
            ),
        );
    }
}

/// **A packed struct projects no field**: projecting borrows each projected field, and Rust
/// takes no reference to a field of a `#[repr(packed)]` struct.
fn packed_rule(cx: &Ctxt, container: &Container, projected: &[Projected]) {
    let Some(packed) = &container.attrs.packed else {
        return;
    };
    if projected
        .iter()
        .any(|projected| projected.source.field().is_some())
    {
        cx.error_spanned_by(
            packed,
            format!(
                "`{}` is #[repr(packed)], and its fields cannot be projected: projecting borrows each projected field, and Rust takes no reference to a field of a packed struct; remove `packed` (an argument struct gains nothing from it), or mark the tool #[tool(no_input)]",
                container.ident
            ),
        );
    }
}

/// **Every key reaches the envelope through every registration**: a toolset projects raw
/// arguments by deserializing them when raw JSON cannot give a key, which serde's `remote`
/// (no `Deserialize` for the item) rules out.
fn typed(cx: &Ctxt, container: &Container, projected: &[Projected]) -> Option<Typed> {
    let serde = &container.attrs.serde;
    let typed = if let Some(transparent) = &serde.transparent {
        Typed {
            tokens: transparent.clone(),
            whole: true,
            transparent: true,
        }
    } else if let Some(from) = &serde.from {
        Typed {
            tokens: from.clone(),
            whole: true,
            transparent: false,
        }
    } else {
        Typed {
            tokens: projected.iter().find_map(Projected::conversion)?,
            whole: false,
            transparent: false,
        }
    };
    if let Some(remote) = &serde.remote {
        cx.error_spanned_by(
            &typed.tokens,
            format!(
                "this key is converted in Rust, which raw JSON arguments cannot run, so a toolset projects them by deserializing `{}`; but with #[serde({remote})], serde implements no `Deserialize` for it: project only fields read as they are, or derive ToolIdentity on the remote type itself",
                container.ident
            ),
        );
    }
    Some(typed)
}

/// **`no_input` means no input**: a `no_input` tool does not also say `project`, which
/// projects every field.
fn no_input_rule(cx: &Ctxt, container: &Container) {
    let attrs = &container.attrs;
    if let (Some(project), Some(_)) = (attrs.project, attrs.no_input) {
        cx.error_at(
            project,
            "`project` and `no_input` contradict each other: `project` projects every field, `no_input` says the tool never carries input; keep one",
        );
    }
}

/// **A `no_input` tool projects no field.** Returns whether `chosen` may be projected.
fn no_input_field_rule(cx: &Ctxt, container: &Container, chosen: &Projected) -> bool {
    if container.attrs.no_input.is_none() {
        return true;
    }
    cx.error_spanned_by(
        &chosen.key_tokens,
        format!(
            "the tool is `no_input`, so it never carries input, but {} is projected; remove the projection, or remove `no_input`",
            chosen.source.describe()
        ),
    );
    false
}

/// **Each key comes from one field or function.** `by_key` holds who projects each key so
/// far; returns whether `chosen` is the first to project its key (and records it).
fn one_source_per_key_rule(
    cx: &Ctxt,
    by_key: &mut HashMap<String, String>,
    chosen: &Projected,
) -> bool {
    let source = chosen.source.describe();
    if let Some(first) = by_key.get(&chosen.key) {
        cx.error_spanned_by(
            &chosen.key_tokens,
            format!(
                "`{}` is projected twice, by {first} and by {source}: each key comes from one field or function",
                chosen.key
            ),
        );
        return false;
    }
    by_key.insert(chosen.key.clone(), source);
    true
}

/// The key of `compute(key = "function")`: canonical, since a computed value stands for
/// what the contract calls it (a harness-specific value has a field to project).
fn computed_key<'a>(cx: &Ctxt, compute: &'a Compute) -> Option<Projected<'a>> {
    let key = compute.key.to_string();
    if let Some(canonical) = contract::key(&key) {
        return Some(Projected::new(
            Source::Computed(compute),
            key,
            Some(canonical),
            compute.key.to_token_stream(),
        ));
    }
    let message = match suggest::closest(&key, contract::key_names()) {
        Some(near) => format!(
            "`compute` computes a canonical key, and `{key}` is not one; did you mean `{near}`?"
        ),
        None => format!(
            "`compute` computes a canonical key, and `{key}` is not one: expected {}; a harness-specific value is projected from its field with `extra = \"...\"`",
            canonical_keys()
        ),
    };
    cx.error_spanned_by(&compute.key, message);
    None
}

/// `zero_based` says a source `offset` counts from 0: on any other key, or on a field that
/// is not projected, it means nothing.
fn zero_based_rule(cx: &Ctxt, field: &Field, projected: Option<&Projected>) {
    let Some(span) = field.attrs.zero_based else {
        return;
    };
    let message = match projected {
        Some(projected) if projected.normalized() => return,
        Some(projected) => format!(
            "`zero_based` applies to `offset` only: it shifts a start line counted from 0 to the contract's 1-based one, and field `{}` is projected as `{}`; remove `zero_based`",
            field.name, projected.key
        ),
        // Projected, but the key had an error of its own (already reported).
        None if field.attrs.project.is_some() || field.attrs.extra.is_some() => return,
        None => format!(
            "`zero_based` applies to a projected `offset`, and field `{}` is not projected; write #[tool(project = \"offset\", zero_based)], or remove `zero_based`",
            field.name
        ),
    };
    cx.error_at(span, message);
}

/// **`last_line` gives `limit`, as is**: it says the field is the inclusive last line of a
/// range and counts the range's lines, so it belongs on the field projected as `limit`,
/// read from the raw JSON as it is (not through a `with` function).
fn last_line_rule(cx: &Ctxt, field: &Field, projected: Option<&Projected>) {
    let Some(span) = field.attrs.last_line else {
        return;
    };
    let message = match projected {
        Some(projected) if projected.key == "limit" && !projected.is_extra() => {
            match field.attrs.with {
                Some(_) => format!(
                    "`last_line` and `with` both convert field `{}`: `last_line` counts the lines from the tool's `offset` through this last line; remove `with`, or compute `limit` in the `with` function and remove `last_line`",
                    field.name
                ),
                None => return,
            }
        }
        Some(projected) => format!(
            "`last_line` applies to `limit` only: it counts the lines from the tool's `offset` through this inclusive last line, and field `{}` is projected as `{}`; write #[tool(project = \"limit\", last_line)], or remove `last_line`",
            field.name, projected.key
        ),
        // Projected, but the key had an error of its own (already reported).
        None if field.attrs.project.is_some() || field.attrs.extra.is_some() => return,
        None => format!(
            "`last_line` applies to a projected `limit`, and field `{}` is not projected; write #[tool(project = \"limit\", last_line)], or remove `last_line`",
            field.name
        ),
    };
    cx.error_at(span, message);
}

/// **A range has a first line**: a `last_line` field counts from the tool's `offset`, so the
/// tool projects `offset` from a field of its own (read as it is, not through `with`).
fn first_line_rule(cx: &Ctxt, projected: &[Projected]) {
    let Some(last) = projected
        .iter()
        .filter_map(|projected| projected.source.field())
        .find(|field| field.attrs.last_line.is_some())
    else {
        return;
    };
    let first = projected.iter().find(|projected| projected.normalized());
    let message = match first {
        Some(first) if first.plain_field().is_none() => format!(
            "`last_line` counts from the tool's `offset`, which {} projects through a function; project the first line from its field as it is (#[tool(project = \"offset\")]), or compute `limit` too",
            first.source.describe()
        ),
        Some(_) => return,
        None => format!(
            "`last_line` counts the lines from the tool's first line, the field projected as `offset`, and no field is; project it: #[tool(project = \"offset\")] on the field with the first line (field `{}` is the last)",
            last.name
        ),
    };
    if let Some(span) = last.attrs.last_line {
        cx.error_at(span, message);
    }
}

/// Resolves the identity keys; reports every one that is missing or wrong.
fn identity(cx: &Ctxt, container: &Container) -> Option<Identity> {
    let attrs = &container.attrs;
    let missing = |key: &str, advice: &str| {
        if attrs.broken || attrs.misspelled.iter().any(|meant| meant == key) {
            return;
        }
        let message = format!("missing `{key}` in #[{}(...)]: {advice}", attrs.attr_name);
        match &attrs.attr_tokens {
            Some(tokens) => cx.error_spanned_by(tokens, message),
            None => cx.error_spanned_by(
                container.ident,
                format!(
                    "#[derive(ToolIdentity)] needs the tool's identity: add #[tool(name = \"...\", namespace = \"...\", kind = \"...\")] to `{}`",
                    container.ident
                ),
            ),
        }
    };
    let no_attr = attrs.attr_tokens.is_none();

    let name = match &attrs.name {
        Some(attr::Name::Literal(name)) if name.value().trim().is_empty() => {
            cx.error_spanned_by(name, "`name` cannot be empty: it is the tool's model-facing wire name, such as \"read_file\"");
            None
        }
        Some(attr::Name::Literal(name)) => Some(name.to_token_stream()),
        Some(attr::Name::Constant(path)) => Some(path.to_token_stream()),
        None => {
            missing(
                "name",
                "add the tool's model-facing wire name, such as `name = \"read_file\"`",
            );
            None
        }
    };
    let namespace = match &attrs.namespace {
        Some(namespace) => check_namespace(cx, namespace),
        None => {
            if !no_attr {
                missing(
                    "namespace",
                    &format!(
                        "add `namespace = \"...\"` with one of {}, or your harness's own extension namespace, such as `namespace = \"_myharness\"`",
                        namespaces()
                    ),
                );
            }
            None
        }
    };
    let kind = match &attrs.kind {
        Some(kind) => check_kind(cx, kind),
        None => {
            if !no_attr {
                missing(
                    "kind",
                    "add what the tool does, such as `kind = \"read\"`, `kind = \"edit\"` or `kind = \"execute\"` (`kind = \"other\"` when no kind fits)",
                );
            }
            None
        }
    };
    let label = match (kind, &attrs.label) {
        (Some(kind), None) => Some(kind.label.to_owned()),
        (Some(kind), Some(label)) if kind.wire == contract::OTHER_KIND => {
            if label.value().trim().is_empty() {
                cx.error_spanned_by(label, "`label` cannot be empty: it is the tool's display and grouping key, such as \"Tool\"");
                None
            } else {
                Some(label.value())
            }
        }
        (Some(kind), Some(label)) if label.value() == kind.label => Some(label.value()),
        (Some(kind), Some(label)) => {
            cx.error_spanned_by(
                label,
                format!(
                    "label \"{}\" contradicts kind `{}`, whose label is \"{}\": remove `label` (it defaults to the kind's), or use `kind = \"other\"` for a tool with its own label",
                    label.value(),
                    kind.wire,
                    kind.label
                ),
            );
            None
        }
        (None, _) => None,
    };
    let read_only = attrs.read_only.as_ref().map(|lit| lit.value);
    let effects = kind.and_then(|kind| effects::check(cx, attrs, kind));
    Some(Identity {
        name: name?,
        namespace: namespace?,
        read_only: read_only.unwrap_or(kind?.read_only),
        kind: kind?,
        label: label?,
        effects: effects?,
    })
}

fn namespaces() -> String {
    suggest::one_of(contract::NAMESPACES.iter().map(|namespace| namespace.wire))
}

/// **The namespace is first-party or a harness's extension** (DESIGN §2): spelled as on the
/// wire (a read-side alias is refused with the wire name to write); did-you-mean for a near
/// miss of a first-party name, the extension to write for any other bare name.
fn check_namespace(cx: &Ctxt, lit: &LitStr) -> Option<Namespace> {
    let value = lit.value();
    let message = match spelling(&value) {
        Spelling::FirstParty(i) => return Some(Namespace::FirstParty(&contract::NAMESPACES[i])),
        Spelling::Extension => return Some(Namespace::Extension(value)),
        Spelling::Alias(i) if value.starts_with('_') => format!(
            "`{value}` is the first-party namespace `{wire}` now (readers still accept `{value}`): write `namespace = \"{wire}\"`",
            wire = contract::NAMESPACES[i].wire
        ),
        Spelling::Alias(i) => format!(
            "`{value}` is an alias readers accept; the attribute takes the wire name: `namespace = \"{}\"`",
            contract::NAMESPACES[i].wire
        ),
        Spelling::Refused(refusal) => refusal.explain(&value),
    };
    cx.error_spanned_by(lit, message);
    None
}

/// **The kind is one of `ToolKind`**, snake_case; did-you-mean for a near miss.
fn check_kind(cx: &Ctxt, lit: &LitStr) -> Option<&'static contract::Kind> {
    let value = lit.value();
    if let Some(kind) = contract::kind(&value) {
        return Some(kind);
    }
    let message = match suggest::kind_for(&value) {
        suggest::KindSuggestion::Kind(near) => {
            format!("unknown kind `{value}`; did you mean `{near}`?")
        }
        suggest::KindSuggestion::Acp(kinds) => format!(
            "`{value}` is one of ACP's tool kinds, not one of toolmeta's, which are finer: the kinds ACP reports as `{value}` are {}; pick the one this tool is",
            suggest::one_of(kinds.iter().copied())
        ),
        suggest::KindSuggestion::None => format!(
            "unknown kind `{value}`: expected a kind of `toolmeta::ToolKind` (snake_case), such as `read`, `edit`, `write`, `execute` or `search`; use `kind = \"other\"` with a `label` for a tool that fits none"
        ),
    };
    cx.error_spanned_by(lit, message);
    None
}

/// `a "Read"`, `an "Edit"`: the label quoted, with its article.
fn a_label(label: &str) -> String {
    let article = match label.chars().next() {
        Some('A' | 'E' | 'I' | 'O' | 'U') => "an",
        _ => "a",
    };
    format!("{article} \"{label}\"")
}

fn canonical_keys() -> String {
    suggest::one_of(contract::key_names())
}

/// Which key a field is projected under, if any: the field's attributes checked rule by
/// rule, then its key.
fn field_key<'a>(cx: &Ctxt, field: &'a Field<'a>, project_all: bool) -> Option<Projected<'a>> {
    let attrs = &field.attrs;
    let excluded = exclusion_rule(cx, field);
    if !one_choice_rule(cx, field, excluded) {
        return None;
    }
    let explicitly = attrs.project.is_some() || attrs.extra.is_some();
    let projects = explicitly || (project_all && excluded.is_none());
    if !projected_only_rule(cx, field, projects) || !projects {
        return None;
    }
    if !payload_rule(cx, field, explicitly) || !serde_rule(cx, field, explicitly) {
        return None;
    }
    let projected = match &attrs.extra {
        Some(extra) => extra_key_rule(cx, field, extra),
        None => canonical_key_rule(cx, field),
    }?;
    argv_rule(cx, &projected).then_some(projected)
}

/// **An argv is one command line**: a list of words projected as `command` goes through
/// `toolmeta::convert::command_line`, which joins it as a shell would read it (a type that
/// does not fit the key is otherwise reported by the key's trait). Returns whether the
/// projection may go on.
fn argv_rule(cx: &Ctxt, projected: &Projected) -> bool {
    let Some(field) = projected.plain_field() else {
        return true;
    };
    let is_list = match field.checked_type() {
        syn::Type::Path(path) => path
            .path
            .segments
            .last()
            .is_some_and(|last| last.ident == "Vec" || last.ident == "VecDeque"),
        syn::Type::Array(_) | syn::Type::Slice(_) => true,
        syn::Type::Reference(reference) => matches!(&*reference.elem, syn::Type::Slice(_)),
        _ => false,
    };
    if projected.key != "command" || !is_list {
        return true;
    }
    cx.error_spanned_by(
        field.ty,
        format!(
            "field `{}` is a list of words, and `command` is one command line: convert it with #[tool(project, with = \"toolmeta::convert::command_line\")], which joins an argv as a shell would read it (`[\"bash\", \"-lc\", script]` is the script)",
            field.name
        ),
    );
    false
}

/// **`payload` or `skip`, not both**: each keeps a field out of the projection, for a
/// different reason. Returns which one keeps the field out, if any.
fn exclusion_rule(cx: &Ctxt, field: &Field) -> Option<&'static str> {
    match (field.attrs.payload, field.attrs.skip) {
        (Some(_), Some(skip)) => {
            cx.error_at(skip, "`payload` and `skip` both keep a field out of the projection; keep one (`payload` for bulky content, `skip` for anything else)");
            Some("payload")
        }
        (Some(_), None) => Some("payload"),
        (None, Some(_)) => Some("skip"),
        (None, None) => None,
    }
}

/// **One choice per field**: a field is projected (`project` or `extra`) or kept out
/// (`payload` or `skip`), and a projected one has one key (`project` or `extra`). Returns
/// whether the attributes agree.
fn one_choice_rule(cx: &Ctxt, field: &Field, excluded: Option<&str>) -> bool {
    let attrs = &field.attrs;
    if let (Some(excluded), Some(project)) = (excluded, &attrs.project) {
        cx.error_spanned_by(
            &project.tokens,
            format!("`project` and `{excluded}` contradict each other: a field is either projected or not; keep one"),
        );
        return false;
    }
    if let (Some(excluded), Some(extra)) = (excluded, &attrs.extra) {
        cx.error_spanned_by(
            extra,
            format!("`extra` and `{excluded}` contradict each other: a field is either projected or not; keep one"),
        );
        return false;
    }
    if let (Some(project), Some(_)) = (&attrs.project, &attrs.extra) {
        cx.error_spanned_by(
            &project.tokens,
            "`project` and `extra` both choose the field's key; keep one: `project` for a canonical key, `extra` for a harness-specific one",
        );
        return false;
    }
    true
}

/// **`with` and `not_payload` qualify a projection**: on a field that is not projected
/// they mean nothing. Returns whether the field may go on (a stray `with` stops it, so
/// that its function is not checked against a key the field does not have).
fn projected_only_rule(cx: &Ctxt, field: &Field, projects: bool) -> bool {
    if projects {
        return true;
    }
    let attrs = &field.attrs;
    if let Some((_, with)) = &attrs.with {
        cx.error_spanned_by(
            with,
            format!(
                "`with` converts a projected field, but field `{}` is not projected; add `project = \"...\"` or `extra = \"...\"`, or remove `with`",
                field.name
            ),
        );
        return false;
    }
    if let Some(span) = attrs.not_payload {
        cx.error_at(
            span,
            format!("`not_payload` acknowledges that a projected field with a payload name is short, but field `{}` is not projected; remove it", field.name),
        );
    }
    true
}

/// **An extra key is harness-specific**: named (not blank, no surrounding white space),
/// not a canonical key, and not a near miss of one that readers would take for a typo.
fn extra_key_rule<'a>(cx: &Ctxt, field: &'a Field<'a>, extra: &LitStr) -> Option<Projected<'a>> {
    let key = extra.value();
    let message = if key.trim().is_empty() {
        Some(
            "an extra key cannot be empty or blank: name it, such as `extra = \"encoding\"`"
                .to_owned(),
        )
    } else if key.trim() != key {
        Some(format!(
            "extra key {key:?} has leading or trailing white space, which readers would not match: write it without, such as `extra = \"encoding\"`"
        ))
    } else if contract::key(&key).is_some() {
        Some(format!(
            "`{key}` is a canonical key: project it with `project = \"{key}\"`; `extra` is for harness-specific keys"
        ))
    } else {
        suggest::near_miss_key(&key).map(|near| {
            format!(
                "extra key `{key}` is a near miss of the canonical key `{near}`: readers would miss it; if you mean `{near}`, write `project = \"{near}\"`, otherwise pick a name that is clearly different"
            )
        })
    };
    if let Some(message) = message {
        cx.error_spanned_by(extra, message);
        return None;
    }
    Some(Projected::new(
        Source::Field(field),
        key,
        None,
        extra.to_token_stream(),
    ))
}

/// **A projected key is canonical**: `project = "key"` names a canonical key, and a bare
/// `project` (or the struct's `project`) needs a field named after one; did-you-mean for a
/// near miss, or the way to an extra key.
fn canonical_key_rule<'a>(cx: &Ctxt, field: &'a Field<'a>) -> Option<Projected<'a>> {
    let attrs = &field.attrs;
    let (key, key_tokens, explicit) = match &attrs.project {
        Some(project) => match &project.key {
            Some(key) => (key.value(), key.to_token_stream(), true),
            None => (field.name.clone(), project.tokens.clone(), false),
        },
        None => (field.name.clone(), field.ident.to_token_stream(), false),
    };
    if let Some(canonical) = contract::key(&key) {
        return Some(Projected::new(
            Source::Field(field),
            key,
            Some(canonical),
            key_tokens,
        ));
    }
    let near = if explicit {
        suggest::closest(&key, contract::key_names())
    } else {
        suggest::canonical_for(&key)
    };
    let message = match (explicit, near, attrs.project.is_some()) {
        (true, Some(near), _) => format!("unknown canonical key `{key}`; did you mean `{near}`?"),
        (true, None, _) => format!(
            "unknown canonical key `{key}`: expected {}; for a harness-specific key write `extra = \"{key}\"`",
            canonical_keys()
        ),
        (false, Some(near), true) => format!(
            "field `{key}` is not named after a canonical key, so bare `project` has no key to use; did you mean `project = \"{near}\"`?"
        ),
        (false, None, true) => format!(
            "field `{key}` is not named after a canonical key, so bare `project` has no key to use: write `project = \"...\"` with one of {}, or `extra = \"{key}\"` for a harness-specific key",
            canonical_keys()
        ),
        (false, near, false) => format!(
            "field `{key}` is not a canonical key, and #[tool(project)] on the struct projects every field: mark it #[tool(skip)] or #[tool(payload)]{}",
            match near {
                Some(near) => format!(", or project it with #[tool(project = \"{near}\")]"),
                None =>
                    ", or give it a key with #[tool(project = \"...\")] or #[tool(extra = \"...\")]"
                        .to_owned(),
            }
        ),
    };
    cx.error_spanned_by(key_tokens, message);
    None
}

/// **Payloads never leak by accident**: a field whose Rust name or serde wire name (or
/// alias) is a payload name, or a key that is one, is not projected under any key unless
/// `not_payload` says it is short. Returns whether the field may be projected.
fn payload_rule(cx: &Ctxt, field: &Field, explicitly: bool) -> bool {
    let attrs = &field.attrs;
    let names = std::iter::once(field.name.as_str())
        .chain(std::iter::once(field.wire.as_str()))
        .chain(attrs.serde.aliases.iter().map(String::as_str));
    let key = match (&attrs.extra, &attrs.project) {
        (Some(extra), _) => Some(extra),
        (None, Some(project)) => project.key.as_ref(),
        (None, None) => None,
    };
    let key_payload = key.filter(|key| contract::payload_name(&key.value()).is_some());
    let field_payload = names.into_iter().find_map(contract::payload_name);
    match (field_payload, key_payload, attrs.not_payload) {
        (None, None, Some(span)) => {
            cx.error_at(
                span,
                format!("`not_payload` acknowledges a payload name, but neither field `{}` nor its key has one; remove it", field.name),
            );
            true
        }
        (_, _, Some(_)) | (None, None, None) => true,
        (Some(payload), _, None) if !explicitly => {
            cx.error_spanned_by(
                field.ident,
                format!(
                    "field `{}` holds a payload (`{payload}` is a payload name: file contents, edits, patches, todo lists), and #[tool(project)] on the struct projects every field; payloads are never projected: mark it #[tool(payload)]",
                    field.name
                ),
            );
            false
        }
        (Some(payload), _, None) => {
            let tokens = key.map_or_else(
                || {
                    attrs
                        .project
                        .as_ref()
                        .map(|project| project.tokens.clone())
                        .unwrap_or_default()
                },
                ToTokens::to_token_stream,
            );
            cx.error_spanned_by(
                tokens,
                format!(
                    "field `{}` holds a payload (`{payload}` is a payload name: file contents, edits, patches, todo lists), and payloads are never projected, under a canonical key or an extra one; mark it #[tool(payload)], or, if this field is really a short value, say so with #[tool(not_payload)] beside its key",
                    field.name
                ),
            );
            false
        }
        (None, Some(key), None) => {
            cx.error_spanned_by(
                key,
                format!(
                    "`{}` is a payload name (file contents, edits, patches, todo lists), and payloads are never projected, so it cannot be a key; if field `{}` holds bulky content mark it #[tool(payload)], otherwise name the key after the short value it holds (or keep the name and say so with #[tool(not_payload)])",
                    key.value(),
                    field.name
                ),
            );
            false
        }
    }
}

/// **Raw projection follows serde**: a field serde never reads (`skip`,
/// `skip_deserializing`) cannot be projected, and a flattened one only through `with`.
/// Returns whether the field may be projected.
fn serde_rule(cx: &Ctxt, field: &Field, explicitly: bool) -> bool {
    let serde = &field.attrs.serde;
    if let Some(skip) = &serde.skip {
        let advice = if explicitly {
            "remove the projection"
        } else {
            "mark it #[tool(skip)]"
        };
        cx.error_spanned_by(
            skip,
            format!(
                "field `{}` is #[serde({skip})]: serde never reads it from the arguments (it always holds its default), so it cannot be projected; {advice}",
                field.name
            ),
        );
        return false;
    }
    if let (Some(flatten), None) = (&serde.flatten, &field.attrs.with) {
        cx.error_spanned_by(
            flatten,
            format!(
                "field `{}` is #[serde(flatten)]: its keys are spread over the top level of the raw arguments, so it cannot be projected as one value; convert it with `with = \"...\"` (projected from the typed value only; the raw projection skips it), or compute the key from the whole tool with #[tool(compute(key = \"...\"))] on the struct",
                field.name
            ),
        );
        return false;
    }
    true
}

/// The projection against the label's shape, rule by rule. `complete` is false after an
/// error in some field's attributes: what the projection lacks may be that field, so no
/// missing key is reported on top of it.
fn check_shape(
    cx: &Ctxt,
    container: &Container,
    identity: &Identity,
    projected: &[Projected],
    complete: bool,
) {
    match contract::shape(&identity.label) {
        Some(shape) => {
            shape_keys_rule(cx, shape, projected);
            required_keys_rule(cx, container, shape, projected, complete);
        }
        None if complete => projects_something_rule(cx, container, projected),
        None => {}
    }
}

/// **A tool that projects nothing says `no_input`**: an empty `input` is never the
/// intended contract (for a label without a shape; a shape requires its keys instead).
fn projects_something_rule(cx: &Ctxt, container: &Container, projected: &[Projected]) {
    if projected.is_empty() {
        cx.error_spanned_by(
            container.ident,
            format!(
                "`{}` projects no field: mark the tool #[tool(no_input)] if it has no stable cross-harness shape (its envelope then carries no `input`), or project a field with #[tool(project)]",
                container.ident
            ),
        );
    }
}

/// **A closed shape admits only its keys**: a canonical key outside the label's shape is
/// refused (a harness-specific value goes under an `extra` key).
fn shape_keys_rule(cx: &Ctxt, shape: &contract::Shape, projected: &[Projected]) {
    let describe_shape = || {
        let mut keys: Vec<String> = shape
            .required
            .iter()
            .map(|key| format!("`{key}` (required)"))
            .collect();
        keys.extend(shape.optional.iter().map(|key| format!("`{key}`")));
        match keys.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => keys.join(""),
        }
    };
    for projected in projected.iter().filter(|projected| !projected.is_extra()) {
        let key = projected.key.as_str();
        if !shape.required.contains(&key) && !shape.optional.contains(&key) {
            cx.error_spanned_by(
                &projected.key_tokens,
                format!(
                    "`{key}` is not part of the \"{}\" shape: {} tool projects {}; project this field under a harness-specific key with `extra = \"...\"`, or not at all",
                    shape.label,
                    a_label(shape.label),
                    describe_shape()
                ),
            );
        }
    }
}

/// **The shape's required keys are in every envelope**: each is projected, from a field
/// that is not an `Option` (or through a `with` function, which returns the value).
fn required_keys_rule(
    cx: &Ctxt,
    container: &Container,
    shape: &contract::Shape,
    projected: &[Projected],
    complete: bool,
) {
    for required in shape.required {
        match projected.iter().find(|projected| projected.key == *required) {
            None if !complete => {}
            None => cx.error_spanned_by(
                container.ident,
                format!(
                    "{} tool must project `{required}`: mark the field that holds it #[tool(project = \"{required}\")], or mark the tool #[tool(no_input)] if it has no stable shape",
                    a_label(shape.label)
                ),
            ),
            Some(projected) => {
                if let Some(field) = projected.plain_field()
                    && field.option_inner.is_some()
                {
                    cx.error_spanned_by(
                        field.ty,
                        format!(
                            "`{required}` is required for {} tool, but field `{}` is an `Option`: every call must carry `{required}`, so make the field non-optional (or give the value with `with = \"...\"`, a function that returns it)",
                            a_label(shape.label),
                            field.name
                        ),
                    )
                }
            }
        }
    }
}

/// Checks a tagged tool: every variant as a tool struct, and at least one variant.
pub fn tagged<'a>(cx: &Ctxt, container: &Container, tagged: &'a Tagged<'a>) -> Vec<Tool<'a>> {
    if tagged.variants.is_empty() {
        cx.error_spanned_by(
            container.ident,
            "a tagged tool needs variants: one struct variant per kind, each with its own #[tool(...)]",
        );
    }
    tagged
        .variants
        .iter()
        .map(|variant| match &variant.tool.data {
            Data::Struct(fields) => tool(cx, &variant.tool, fields),
            _ => unreachable!("the variants of a tagged tool are parsed as structs"),
        })
        .collect()
}

/// Checks an enum of tools: newtype variants, at most one dynamic catch-all.
pub fn dispatch(cx: &Ctxt, container: &Container, variants: &[Variant]) {
    if variants.is_empty() {
        cx.error_spanned_by(
            container.ident,
            "an enum of tools needs variants: one newtype variant per tool, such as `Read(ReadFile)`",
        );
    }
    let mut dynamic: Option<String> = None;
    for variant in variants {
        if let Some(span) = variant.attrs.dynamic {
            match &dynamic {
                Some(first) => cx.error_at(
                    span,
                    format!("only one variant can be the #[tool(dynamic)] catch-all, and `{first}` already is"),
                ),
                None => dynamic = Some(variant.ident.to_string()),
            }
            continue;
        }
        if variant.newtype().is_none() {
            let tokens = match variant.fields {
                syn::Fields::Unit => variant.ident.to_token_stream(),
                fields => {
                    let ident = variant.ident;
                    quote!(#ident #fields)
                }
            };
            cx.error_spanned_by(
                tokens,
                format!(
                    "variant `{}` must hold exactly one tool type, as in `{}(ReadFile)`; a catch-all for tools without a static identity is marked #[tool(dynamic)]",
                    variant.ident, variant.ident
                ),
            );
        }
    }
}
