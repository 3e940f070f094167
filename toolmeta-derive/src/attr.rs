//! Parsing `#[tool(...)]` (and the `#[serde(...)]` renames the derive honours) into plain
//! values. Only the grammar is checked here; what the values mean is `check`'s job.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::parse::ParseStream;
use syn::{Attribute, Ident, Lit, LitBool, LitStr, Token};

use crate::case::RenameRule;
use crate::ctxt::Ctxt;
use crate::suggest;
use crate::symbol::*;

/// Where a `#[tool(...)]` attribute sits: decides which keys it accepts.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Scope {
    Struct,
    Enum,
    Field,
    Variant,
}

impl Scope {
    fn keys(self) -> &'static [Symbol] {
        match self {
            Scope::Struct => CONTAINER_KEYS,
            Scope::Enum => ENUM_KEYS,
            Scope::Field => FIELD_KEYS,
            Scope::Variant => VARIANT_KEYS,
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Scope::Struct => "a struct",
            Scope::Enum => "an enum",
            Scope::Field => "a field",
            Scope::Variant => "an enum variant",
        }
    }
}

/// One `key` or `key = literal` of a `#[tool(...)]` attribute.
struct Entry {
    key: Ident,
    /// `key` as a string, made once: comparing an `Ident` with a string formats it.
    name: String,
    value: Option<Lit>,
    /// `name = Path::TO_CONST`: the path of a constant instead of a literal.
    constant: Option<syn::ExprPath>,
    /// The `inner = "..."` pairs of `key(...)` (only `compute` takes that form).
    nested: Vec<(Ident, LitStr)>,
}

impl Entry {
    /// The tokens of the whole entry, so an error underlines `key = value`.
    fn tokens(&self) -> TokenStream {
        let key = &self.key;
        match &self.value {
            Some(value) => quote!(#key = #value),
            None => quote!(#key),
        }
    }
}

/// A flag key (`no_input`), remembered by the span of its tokens.
pub type Flag = Option<Span>;

/// `#[tool(...)]` on a struct.
#[derive(Default)]
pub struct Container {
    pub name: Option<Name>,
    pub namespace: Option<LitStr>,
    pub kind: Option<LitStr>,
    pub label: Option<LitStr>,
    pub read_only: Option<LitBool>,
    /// `destructive`, `idempotent`, `open_world`: the other effect hints.
    pub destructive: Option<LitBool>,
    pub idempotent: Option<LitBool>,
    pub open_world: Option<LitBool>,
    /// `title = "..."`: a title for people (MCP's).
    pub title: Option<LitStr>,
    pub no_input: Flag,
    pub project: Flag,
    pub crate_path: Option<syn::Path>,
    /// `compute(key = "path::to::function", ...)`: keys computed from the whole tool.
    pub compute: Vec<Compute>,
    /// `remote = "path::Type"`: the struct is a definition mirroring the fields of `Type`,
    /// the argument type the tool is for; with the string it was written as.
    pub remote: Option<(syn::Type, LitStr)>,
    /// The first `#[tool(...)]` attribute, for errors about missing keys.
    pub attr_tokens: Option<TokenStream>,
    /// The name the attributes are read under, `tool` or `toolmeta`, for messages.
    pub attr_name: &'static str,
    /// `packed` of a `#[repr(packed)]`, by its tokens: no reference to a field can be taken.
    pub packed: Option<TokenStream>,
    /// What the container's `#[serde(...)]` changes about the raw JSON.
    pub serde: SerdeContainer,
    /// Keys that were probably meant but misspelled or malformed (already reported).
    pub misspelled: Vec<String>,
    /// Whether a `#[tool(...)]` could not be parsed to its end (already reported).
    pub broken: bool,
}

/// `name = "read_file"`, or `name = Path::TO_CONST`.
pub enum Name {
    Literal(LitStr),
    Constant(syn::ExprPath),
}

/// One `key = "path::to::function"` of `compute(...)`.
pub struct Compute {
    pub key: Ident,
    pub function: syn::Path,
    /// The function's string, where errors about it point.
    pub lit: LitStr,
}

/// `project` or `project = "key"` on a field.
pub struct Project {
    /// The tokens of the entry, for errors.
    pub tokens: TokenStream,
    /// The explicit key, when `project = "key"`.
    pub key: Option<LitStr>,
}

/// `#[tool(...)]` on a field.
#[derive(Default)]
pub struct Field {
    pub project: Option<Project>,
    pub extra: Option<LitStr>,
    pub with: Option<(syn::Path, LitStr)>,
    pub payload: Flag,
    pub skip: Flag,
    pub zero_based: Flag,
    pub last_line: Flag,
    pub not_payload: Flag,
    /// What the field's `#[serde(...)]` changes about the raw JSON.
    pub serde: SerdeField,
}

/// The container's serde attributes that change what the raw JSON looks like.
#[derive(Default)]
pub struct SerdeContainer {
    /// `rename_all = "..."` (or `rename_all(deserialize = "...")`).
    pub rename_all: Option<RenameRule>,
    /// `default`: every field may be absent.
    pub default: bool,
    /// `tag = "..."`: an internally tagged enum's tag key.
    pub tag: Option<String>,
    /// `rename_all_fields = "..."`: an enum's rule for the fields of every variant.
    pub rename_all_fields: Option<RenameRule>,
    /// `content = "..."`: an adjacently tagged enum's key of the variant's arguments.
    pub content: Option<String>,
    /// `from = "..."` or `try_from = "..."`, by its tokens: serde reads another type's JSON
    /// and converts it, so the raw JSON has that type's keys.
    pub from: Option<TokenStream>,
    /// `transparent`, by its tokens: the raw JSON is the one field's own.
    pub transparent: Option<TokenStream>,
    /// `remote = "..."`, by its tokens: serde implements no `Deserialize` for the item.
    pub remote: Option<TokenStream>,
}

/// A field's serde attributes that change what the raw JSON looks like.
#[derive(Default)]
pub struct SerdeField {
    /// `rename = "..."` or `rename(deserialize = "...")`.
    pub rename: Option<String>,
    /// Every `alias = "..."`: further keys serde reads the field from.
    pub aliases: Vec<String>,
    /// `default` or `default = "..."`: the field may be absent from the raw JSON.
    pub default: bool,
    /// `flatten`, by its tokens: the field's keys are spread over the raw arguments.
    pub flatten: Option<TokenStream>,
    /// `deserialize_with = ".."` or `with = ".."`, by its tokens: the raw value needs the
    /// user's conversion.
    pub deserialize_with: Option<TokenStream>,
    /// `skip` or `skip_deserializing`, by its tokens: never read from the raw JSON.
    pub skip: Option<TokenStream>,
}

/// `#[tool(...)]` on an enum variant.
#[derive(Default)]
pub struct Variant {
    pub dynamic: Flag,
}

impl Container {
    /// Parses the attributes of a struct (or, with `Scope::Enum`, of an enum), read under
    /// the name `name` (`tool` or `toolmeta`).
    pub fn from_attrs(cx: &Ctxt, attrs: &[Attribute], scope: Scope, name: Symbol) -> Container {
        let parsed = parse_tool_attrs(cx, attrs, scope, name);
        let mut container = Container {
            attr_tokens: attrs
                .iter()
                .find(|attr| attr.path() == name)
                .map(|attr| attr.to_token_stream()),
            attr_name: name.0,
            serde: SerdeContainer::from_attrs(attrs),
            packed: packed(attrs),
            misspelled: parsed.misspelled,
            broken: parsed.broken,
            ..Container::default()
        };
        let mut seen = Seen::default();
        for entry in parsed.entries {
            if !seen.first(cx, &entry) {
                continue;
            }
            let key = entry.name.as_str();
            // An identity key given with a value of the wrong kind is reported here, and
            // so is not reported missing as well.
            let mut identity_value = |example: &str| {
                let value = string_value(cx, &entry, example);
                if value.is_none() {
                    container.misspelled.push(key.to_owned());
                }
                value
            };
            if key == NAME {
                container.name = match entry.constant.clone() {
                    Some(constant) => Some(Name::Constant(constant)),
                    None => identity_value("name = \"read_file\"").map(Name::Literal),
                };
            } else if key == NAMESPACE {
                container.namespace = identity_value("namespace = \"grok_build\"");
            } else if key == KIND {
                container.kind = identity_value("kind = \"read\"");
            } else if key == LABEL {
                container.label = string_value(cx, &entry, "label = \"Tool\"");
            } else if key == READ_ONLY {
                container.read_only = bool_value(cx, &entry);
            } else if key == DESTRUCTIVE {
                container.destructive = bool_value(cx, &entry);
            } else if key == IDEMPOTENT {
                container.idempotent = bool_value(cx, &entry);
            } else if key == OPEN_WORLD {
                container.open_world = bool_value(cx, &entry);
            } else if key == TITLE {
                container.title = string_value(cx, &entry, "title = \"Read File\"");
            } else if key == COMPUTE {
                if entry.nested.is_empty() {
                    cx.error_spanned_by(
                        &entry.key,
                        "`compute` names the keys computed from the whole tool and their functions: `compute(limit = \"path::to::function\")`, the function `fn(&Self) -> Option<u64>`",
                    );
                }
                for (key, lit) in entry.nested {
                    match lit.parse::<syn::Path>() {
                        Ok(function) => container.compute.push(Compute { key, function, lit }),
                        Err(_) => cx.error_spanned_by(
                            &lit,
                            format!("`compute` expects the path of a function `fn(&Self) -> ...`, such as \"line_count\" or \"crate::convert::line_count\"; `{}` is not a path", lit.value()),
                        ),
                    }
                }
            } else if key == REMOTE {
                if let Some(lit) = string_value(cx, &entry, "remote = \"crate::args::PathArgs\"") {
                    match lit.parse::<syn::Type>() {
                        Ok(ty) => container.remote = Some((ty, lit)),
                        Err(_) => cx.error_spanned_by(
                            &lit,
                            format!("`remote` expects the argument type the tool is for, such as \"PathArgs\" or \"crate::args::PathArgs\"; `{}` is not a type", lit.value()),
                        ),
                    }
                }
            } else if key == NO_INPUT {
                container.no_input = flag_value(cx, &entry);
            } else if key == PROJECT {
                container.project = flag_value(cx, &entry);
            } else if key == CRATE
                && let Some(path) = string_value(cx, &entry, "crate = \"my_crate::toolmeta\"")
            {
                match path.parse::<syn::Path>() {
                    Ok(parsed) => container.crate_path = Some(parsed),
                    Err(_) => cx.error_spanned_by(
                        &path,
                        format!("`crate` expects a path to the toolmeta crate, such as \"::toolmeta\" or \"my_crate::toolmeta\"; `{}` is not a path", path.value()),
                    ),
                }
            }
        }
        container
    }
}

impl Field {
    /// Parses the attributes of a field.
    pub fn from_attrs(cx: &Ctxt, attrs: &[Attribute], name: Symbol) -> Field {
        let mut field = Field::default();
        let mut seen = Seen::default();
        for entry in parse_tool_attrs(cx, attrs, Scope::Field, name).entries {
            if !seen.first(cx, &entry) {
                continue;
            }
            let key = entry.name.as_str();
            if key == PROJECT {
                match &entry.value {
                    None => field.project = Some(Project { tokens: entry.tokens(), key: None }),
                    Some(Lit::Str(value)) if !value.suffix().is_empty() => cx.error_spanned_by(
                        value,
                        format!("a literal suffix (`{}`) has no meaning here: `project = \"path\"`", value.suffix()),
                    ),
                    Some(Lit::Str(value)) => {
                        field.project = Some(Project { tokens: entry.tokens(), key: Some(value.clone()) })
                    }
                    Some(other) => cx.error_spanned_by(
                        other,
                        "`project` expects a canonical key as a string, such as `project = \"path\"`, or no value to project under the field's own name",
                    ),
                }
            } else if key == EXTRA {
                field.extra = string_value(cx, &entry, "extra = \"encoding\"");
            } else if key == WITH {
                if let Some(path) = string_value(cx, &entry, "with = \"path::to::function\"") {
                    match path.parse::<syn::Path>() {
                        Ok(parsed) => field.with = Some((parsed, path)),
                        Err(_) => cx.error_spanned_by(
                            &path,
                            format!("`with` expects the path of a function `fn(&FieldType) -> T` (or `-> Option<T>` for an optional key), such as \"display_path\" or \"crate::convert::display_path\"; `{}` is not a path", path.value()),
                        ),
                    }
                }
            } else if key == PAYLOAD {
                field.payload = flag_value(cx, &entry);
            } else if key == SKIP {
                field.skip = flag_value(cx, &entry);
            } else if key == ZERO_BASED {
                field.zero_based = flag_value(cx, &entry);
            } else if key == LAST_LINE {
                field.last_line = flag_value(cx, &entry);
            } else if key == NOT_PAYLOAD {
                field.not_payload = flag_value(cx, &entry);
            }
        }
        field.serde = SerdeField::from_attrs(attrs);
        field
    }
}

impl Variant {
    /// Parses the attributes of an enum variant.
    pub fn from_attrs(cx: &Ctxt, attrs: &[Attribute], name: Symbol) -> Variant {
        let mut variant = Variant::default();
        let mut seen = Seen::default();
        for entry in parse_tool_attrs(cx, attrs, Scope::Variant, name).entries {
            if seen.first(cx, &entry) && entry.name.as_str() == DYNAMIC {
                variant.dynamic = flag_value(cx, &entry);
            }
        }
        variant
    }
}

/// The `packed` of a `#[repr(packed)]` or `#[repr(packed(N))]`, if any.
fn packed(attrs: &[Attribute]) -> Option<TokenStream> {
    let mut packed = None;
    for attr in attrs.iter().filter(|attr| attr.path() == REPR) {
        let _ = attr.parse_nested_meta(|meta| {
            if meta.path == PACKED {
                packed = Some(meta.path.to_token_stream());
            }
            skip_value(meta.input)
        });
    }
    packed
}

/// Remembers which keys an item already gave, to report duplicates.
#[derive(Default)]
struct Seen(Vec<String>);

impl Seen {
    /// Whether this is the first time the entry's key is given; reports a duplicate.
    fn first(&mut self, cx: &Ctxt, entry: &Entry) -> bool {
        let key = &entry.name;
        if self.0.contains(key) {
            // A second identity: the struct was meant to serve another tool too.
            let another_tool = match key.as_str() {
                "name" | "namespace" | "kind" => {
                    "; a struct is one tool: another tool over the same arguments is declared on a struct of its own that mirrors them, #[tool(remote = \"ThisStruct\", name = \"...\", ...)]"
                }
                _ => "",
            };
            cx.error_spanned_by(
                entry.tokens(),
                format!("duplicate key `{key}` in #[tool(...)]: each key may be given once; remove this one{another_tool}"),
            );
            return false;
        }
        self.0.push(key.clone());
        true
    }
}

/// What the `#[tool(...)]` attributes of one item hold.
struct Parsed {
    /// The known keys, with their values.
    entries: Vec<Entry>,
    /// Keys the user probably meant but misspelled or gave a malformed value, so that no
    /// "missing key" error piles onto the one already reported.
    misspelled: Vec<String>,
    /// Whether an attribute could not be parsed to its end.
    broken: bool,
}

/// The name an item's toolmeta attributes are read under: `toolmeta` when any part of the
/// item (the item, a field, a variant, a variant's field) has a `#[toolmeta(...)]`, so that
/// the derive can sit beside another derive that owns `#[tool]`; `tool` otherwise.
pub fn attr_name(input: &syn::DeriveInput) -> Symbol {
    let fields = |fields: &syn::Fields| -> bool {
        fields
            .iter()
            .any(|field| field.attrs.iter().any(|attr| attr.path() == TOOLMETA))
    };
    let any = input.attrs.iter().any(|attr| attr.path() == TOOLMETA)
        || match &input.data {
            syn::Data::Struct(data) => fields(&data.fields),
            syn::Data::Enum(data) => data.variants.iter().any(|variant| {
                variant.attrs.iter().any(|attr| attr.path() == TOOLMETA) || fields(&variant.fields)
            }),
            syn::Data::Union(data) => data
                .fields
                .named
                .iter()
                .any(|field| field.attrs.iter().any(|attr| attr.path() == TOOLMETA)),
        };
    if any { TOOLMETA } else { TOOL }
}

/// Under `#[toolmeta(...)]`, a `#[tool(...)]` belongs to another derive; one that holds only
/// toolmeta's keys for its place was meant as toolmeta's, and would be ignored: refused.
/// Returns the keys refused, which are then not reported missing too.
fn foreign_tool_attr_rule(cx: &Ctxt, attrs: &[Attribute], scope: Scope) -> Vec<String> {
    let mut refused = Vec::new();
    for attr in attrs.iter().filter(|attr| attr.path() == TOOL) {
        let mut keys = Vec::new();
        let parsed = attr.parse_nested_meta(|meta| {
            keys.push(meta.path.get_ident().map(ToString::to_string));
            skip_value(meta.input)
        });
        let ours = |key: &Option<String>| {
            key.as_deref()
                .is_some_and(|key| scope.keys().iter().any(|known| known.0 == key))
        };
        if parsed.is_ok() && !keys.is_empty() && keys.iter().all(ours) {
            refused.extend(keys.iter().flatten().cloned());
            cx.error_spanned_by(
                attr,
                format!(
                    "this #[tool(...)] holds toolmeta's keys, but the item reads its toolmeta attributes as #[toolmeta(...)] (another derive owns #[tool]): write #[toolmeta({})], so that neither is ignored",
                    keys.iter().flatten().cloned().collect::<Vec<_>>().join(", ")
                ),
            );
        }
    }
    refused
}

/// Every `key` / `key = literal` of every `#[tool(...)]` (or `#[toolmeta(...)]`, per `name`)
/// in `attrs`, with unknown keys reported (and dropped) already.
fn parse_tool_attrs(cx: &Ctxt, attrs: &[Attribute], scope: Scope, name: Symbol) -> Parsed {
    let mut parsed = Parsed {
        entries: Vec::new(),
        misspelled: Vec::new(),
        broken: false,
    };
    if name == TOOLMETA {
        parsed.misspelled = foreign_tool_attr_rule(cx, attrs, scope);
    }
    for attr in attrs.iter().filter(|attr| attr.path() == name) {
        if let syn::Meta::Path(path) = &attr.meta {
            cx.error_spanned_by(path, format!("#[{name}] needs keys: {}", example(scope)));
            parsed.broken = true;
            continue;
        }
        let result = attr.parse_nested_meta(|meta| {
            let Some(key) = meta.path.get_ident().cloned() else {
                return Err(meta.error(format!("expected a key such as {}", example(scope))));
            };
            let mut constant = None;
            let value = if meta.input.peek(Token![=]) {
                let tokens = value_tokens(meta.value()?)?;
                match syn::parse2::<Lit>(tokens.clone()) {
                    Ok(lit) => Some(lit),
                    // The wire name from a constant the harness already has (rig's `const NAME`).
                    Err(_) if key == NAME && scope == Scope::Struct && is_constant_path(&tokens) => {
                        constant = syn::parse2::<syn::ExprPath>(tokens).ok();
                        None
                    }
                    Err(_) => {
                        // Report and go on with the other keys, rather than stop at syn's
                        // "expected literal".
                        cx.error_spanned_by(
                            &tokens,
                            format!("`{key}` expects a literal value, such as {}", literal_example(&key.to_string())),
                        );
                        parsed.misspelled.push(key.to_string());
                        return Ok(());
                    }
                }
            } else if meta.input.peek(syn::token::Paren) && key == COMPUTE && scope == Scope::Struct {
                let mut nested = Vec::new();
                meta.parse_nested_meta(|inner| {
                    let Some(inner_key) = inner.path.get_ident().cloned() else {
                        return Err(inner.error("expected a canonical key, as in `compute(limit = \"path::to::function\")`"));
                    };
                    let function: LitStr = inner.value()?.parse().map_err(|error| {
                        syn::Error::new(error.span(), format!("`compute({inner_key} = ...)` expects the path of a function as a string: `compute({inner_key} = \"path::to::function\")`"))
                    })?;
                    nested.push((inner_key, function));
                    Ok(())
                })?;
                parsed.entries.push(Entry { name: key.to_string(), key, value: None, constant: None, nested });
                return Ok(());
            } else if meta.input.peek(syn::token::Paren) {
                let content;
                syn::parenthesized!(content in meta.input);
                let _ = content.parse::<TokenStream>();
                cx.error_spanned_by(
                    &key,
                    format!("`{key}(...)` is not a form #[tool] accepts: write `{key}` or `{key} = \"...\"`"),
                );
                parsed.misspelled.push(key.to_string());
                return Ok(());
            } else {
                None
            };
            let key_name = key.to_string();
            if scope.keys().iter().any(|known| key_name == known.0) {
                parsed.entries.push(Entry { key, name: key_name, value, constant, nested: Vec::new() });
            } else {
                let (message, near) = unknown_key_message(&key_name, scope, name);
                cx.error_spanned_by(&key, message);
                parsed.misspelled.extend(near);
            }
            Ok(())
        });
        if let Err(error) = result {
            cx.syn_error(error);
            parsed.broken = true;
        }
    }
    parsed
}

/// Whether `tokens` are the path of a constant (`ReadFile::NAME`, `<ReadFile as Tool>::NAME`,
/// `READ_FILE`), rather than a name whose quotes were forgotten (`read_file`).
fn is_constant_path(tokens: &TokenStream) -> bool {
    let Ok(path) = syn::parse2::<syn::ExprPath>(tokens.clone()) else {
        return false;
    };
    match path.path.get_ident() {
        Some(ident) if path.qself.is_none() => {
            let name = ident.to_string();
            name.chars().any(|c| c.is_ascii_uppercase())
                && !name.chars().any(|c| c.is_ascii_lowercase())
        }
        _ => true,
    }
}

/// The tokens of a value, up to the next top-level comma.
fn value_tokens(input: ParseStream) -> syn::Result<TokenStream> {
    let mut tokens = TokenStream::new();
    while !input.is_empty() && !input.peek(Token![,]) {
        tokens.extend([input.parse::<proc_macro2::TokenTree>()?]);
    }
    Ok(tokens)
}

fn literal_example(key: &str) -> &'static str {
    match key {
        "name" => "`name = \"read_file\"` or the path of a constant, `name = ReadFile::NAME`",
        "namespace" => "`namespace = \"grok_build\"`",
        "kind" => "`kind = \"read\"`",
        "label" => "`label = \"Tool\"`",
        "read_only" => "`read_only = false`",
        "destructive" => "`destructive = false`",
        "idempotent" => "`idempotent = false`",
        "open_world" => "`open_world = false`",
        "title" => "`title = \"Read File\"`",
        "crate" => "`crate = \"my_crate::toolmeta\"`",
        "project" => "`project = \"path\"`",
        "extra" => "`extra = \"encoding\"`",
        "with" => "`with = \"path::to::function\"`",
        "compute" => "`compute(limit = \"path::to::function\")`",
        "remote" => "`remote = \"crate::args::PathArgs\"`",
        _ => "a string: `key = \"...\"`",
    }
}

fn example(scope: Scope) -> &'static str {
    match scope {
        Scope::Struct => {
            "#[tool(name = \"read_file\", namespace = \"grok_build\", kind = \"read\")]"
        }
        Scope::Enum => "#[tool(crate = \"...\")]",
        Scope::Field => "#[tool(project)] or #[tool(project = \"path\")]",
        Scope::Variant => "#[tool(dynamic)]",
    }
}

/// The message for an unknown key, and the key probably meant.
fn unknown_key_message(key: &str, scope: Scope, name: Symbol) -> (String, Option<String>) {
    let elsewhere = [Scope::Struct, Scope::Field, Scope::Variant]
        .into_iter()
        .filter(|other| *other != scope)
        .find(|other| other.keys().iter().any(|known| known.0 == key));
    if let Some(other) = elsewhere {
        let hint = match (scope, other) {
            (Scope::Enum, Scope::Struct) => {
                " (an enum of tools takes each variant's identity from its type; put `name`, `namespace` and `kind` on the variant types)"
            }
            _ => "",
        };
        let message = format!(
            "`{key}` is not accepted on {}: it belongs on {}{hint}",
            scope.describe(),
            other.describe()
        );
        return (message, None);
    }
    let valid = scope.keys().iter().map(|symbol| symbol.0);
    match suggest::closest(key, valid.clone()) {
        Some(near) => (
            format!(
                "unknown key `{key}` in #[{name}(...)] on {}; did you mean `{near}`?",
                scope.describe()
            ),
            Some(near.to_owned()),
        ),
        None => {
            // A key no toolmeta attribute has: maybe the attribute is another derive's.
            let foreign = match name == TOOL {
                true => {
                    "; if this #[tool(...)] belongs to another derive, write toolmeta's keys as #[toolmeta(...)] instead"
                }
                false => "",
            };
            (
                format!(
                    "unknown key `{key}` in #[{name}(...)] on {}; expected {}{foreign}",
                    scope.describe(),
                    suggest::one_of(valid)
                ),
                None,
            )
        }
    }
}

fn string_value(cx: &Ctxt, entry: &Entry, example: &str) -> Option<LitStr> {
    match &entry.value {
        Some(Lit::Str(value)) if !value.suffix().is_empty() => {
            cx.error_spanned_by(
                value,
                format!(
                    "a literal suffix (`{}`) has no meaning here: `{example}`",
                    value.suffix()
                ),
            );
            None
        }
        Some(Lit::Str(value)) => Some(value.clone()),
        Some(other) => {
            cx.error_spanned_by(
                other,
                format!("`{}` expects a string literal: `{example}`", entry.key),
            );
            None
        }
        None => {
            cx.error_spanned_by(
                &entry.key,
                format!("`{}` needs a value: `{example}`", entry.key),
            );
            None
        }
    }
}

/// A boolean key: `key` alone is `true`, else `key = true` or `key = false`.
fn bool_value(cx: &Ctxt, entry: &Entry) -> Option<LitBool> {
    match &entry.value {
        None => Some(LitBool::new(true, entry.key.span())),
        Some(Lit::Bool(value)) => Some(value.clone()),
        Some(other) => {
            cx.error_spanned_by(
                other,
                format!(
                    "`{key}` expects `true` or `false` (unquoted), or no value: `{key}` or `{key} = false`",
                    key = entry.key
                ),
            );
            None
        }
    }
}

fn flag_value(cx: &Ctxt, entry: &Entry) -> Flag {
    match &entry.value {
        None => Some(entry.key.span()),
        Some(value) => {
            cx.error_spanned_by(
                value,
                format!(
                    "`{key}` takes no value: write `{key}` alone",
                    key = entry.key
                ),
            );
            // The key still says what was meant; keep it so that no error follows from its absence.
            Some(entry.key.span())
        }
    }
}

impl SerdeContainer {
    pub fn from_attrs(attrs: &[Attribute]) -> SerdeContainer {
        let mut serde = SerdeContainer::default();
        for_each_serde_key(attrs, |meta| {
            if meta.path == RENAME_ALL {
                if let Some(rule) = deserialize_name(&meta)? {
                    serde.rename_all = RenameRule::from_name(&rule);
                }
            } else if meta.path == DEFAULT {
                skip_value(meta.input)?;
                serde.default = true;
            } else if meta.path == RENAME_ALL_FIELDS {
                if let Some(rule) = deserialize_name(&meta)? {
                    serde.rename_all_fields = RenameRule::from_name(&rule);
                }
            } else if meta.path == TAG {
                serde.tag = Some(meta.value()?.parse::<LitStr>()?.value());
            } else if meta.path == CONTENT {
                serde.content = Some(meta.value()?.parse::<LitStr>()?.value());
            } else if meta.path == FROM || meta.path == TRY_FROM {
                let tokens = meta.path.to_token_stream();
                let ty: LitStr = meta.value()?.parse()?;
                serde.from = Some(quote!(#tokens = #ty));
            } else if meta.path == TRANSPARENT {
                serde.transparent = Some(meta.path.to_token_stream());
            } else if meta.path == SERDE_REMOTE {
                let tokens = meta.path.to_token_stream();
                let ty: LitStr = meta.value()?.parse()?;
                serde.remote = Some(quote!(#tokens = #ty));
            } else {
                skip_value(meta.input)?;
            }
            Ok(())
        });
        serde
    }
}

impl SerdeField {
    pub fn from_attrs(attrs: &[Attribute]) -> SerdeField {
        let mut serde = SerdeField::default();
        for_each_serde_key(attrs, |meta| {
            // Only the keys that matter are kept, by their tokens, for errors pointing at them.
            let tokens = || meta.path.to_token_stream();
            if meta.path == RENAME {
                if let Some(rename) = deserialize_name(&meta)? {
                    serde.rename = Some(rename);
                }
            } else if meta.path == ALIAS {
                serde.aliases.push(meta.value()?.parse::<LitStr>()?.value());
            } else if meta.path == DEFAULT {
                skip_value(meta.input)?;
                serde.default = true;
            } else if meta.path == FLATTEN {
                serde.flatten = Some(tokens());
            } else if meta.path == DESERIALIZE_WITH || meta.path == SERDE_WITH {
                serde.deserialize_with = Some(tokens());
                skip_value(meta.input)?;
            } else if meta.path == SERDE_SKIP || meta.path == SKIP_DESERIALIZING {
                serde.skip = Some(tokens());
            } else {
                skip_value(meta.input)?;
            }
            Ok(())
        });
        serde
    }
}

/// Calls `each` on every key of every `#[serde(...)]` in `attrs`. Malformed serde attributes
/// are serde's to report: what cannot be parsed is skipped without complaint.
fn for_each_serde_key(
    attrs: &[Attribute],
    mut each: impl FnMut(syn::meta::ParseNestedMeta) -> syn::Result<()>,
) {
    for attr in attrs.iter().filter(|attr| attr.path() == SERDE) {
        let _ = attr.parse_nested_meta(&mut each);
    }
}

/// The deserialize-side value of `key = ".."` / `key(deserialize = "..")`.
fn deserialize_name(meta: &syn::meta::ParseNestedMeta) -> syn::Result<Option<String>> {
    let mut found = None;
    if meta.input.peek(Token![=]) {
        found = Some(meta.value()?.parse::<LitStr>()?.value());
    } else if meta.input.peek(syn::token::Paren) {
        meta.parse_nested_meta(|inner| {
            if inner.path == DESERIALIZE {
                found = Some(inner.value()?.parse::<LitStr>()?.value());
            } else {
                skip_value(inner.input)?;
            }
            Ok(())
        })?;
    }
    Ok(found)
}

/// Skips whatever follows a key up to the next top-level comma.
fn skip_value(input: ParseStream) -> syn::Result<()> {
    while !input.is_empty() && !input.peek(Token![,]) {
        input.parse::<proc_macro2::TokenTree>()?;
    }
    Ok(())
}
