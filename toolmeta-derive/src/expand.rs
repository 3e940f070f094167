//! Code generation: the `ToolIdentity` impl of a tool struct, the
//! `Projection` and `ToolDispatch` impls of an enum of tools, and the fallback impls
//! emitted beside compile errors so that they are not followed by a cascade of
//! "trait not implemented" errors.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{DeriveInput, Generics, Type, WherePredicate, parse_quote};

use crate::ast::{Container, Data, Field, Source, Tagged, Variant};
use crate::attr;
use crate::check::{self, Projected, Tool};
use crate::contract::{KeyType, Write};
use crate::ctxt::Ctxt;

/// Expands the derive on `input`: the impls, or the errors plus fallback impls.
pub fn derive(input: &DeriveInput) -> TokenStream {
    let cx = Ctxt::default();
    let Some(container) = Container::from_ast(&cx, input) else {
        let mut output = cx
            .check()
            .err()
            .map(|error| compile_errors(&error))
            .unwrap_or_default();
        output.extend(fallback_unsupported(input));
        return output;
    };
    // Everything the impls name is re-exported from `__private`, so that one short path
    // serves them all: fewer tokens per derived type to build, parse and resolve.
    let private = private_module();
    let import = match &container.attrs.crate_path {
        Some(path) => quote!(use #path::__private::#private as __toolmeta;),
        None => quote!(use ::toolmeta::__private::#private as __toolmeta;),
    };
    let impls = match &container.data {
        Data::Struct(fields) => {
            let tool = check::tool(&cx, &container, fields);
            if cx.has_errors() {
                fallback_struct(&container, &tool)
            } else {
                let mut impls = tool_impls(&container, &tool);
                let ident = container.ident;
                impls.extend(name_check(
                    &container,
                    quote!(<#ident as __toolmeta::ToolIdentity>::IDENTITY.name),
                ));
                if let Some(remote) = &container.attrs.remote {
                    impls.extend(remote_impl(&container, &tool, fields, remote));
                }
                impls
            }
        }
        Data::Tagged(tagged) => {
            let tools = check::tagged(&cx, &container, tagged);
            if cx.has_errors() {
                let mut impls = fallback_enum(&container);
                impls.extend(fallback_tagged(&container, tagged));
                impls
            } else {
                tagged_impls(&container, tagged, &tools)
            }
        }
        Data::Enum(variants) => {
            check::dispatch(&cx, &container, variants);
            if cx.has_errors() {
                fallback_enum(&container)
            } else {
                dispatch_impls(&container, variants)
            }
        }
    };
    let errors = cx.check().err().map(|error| compile_errors(&error));
    // Only the rustc lints the generated code can trigger are allowed: `unused_qualifications`
    // (its paths) and `deprecated` (a deprecated tool type or field, which serde's derives
    // allow too). clippy already skips code expanded from another crate's macro, and every
    // lint attribute is work per derived type.
    quote! {
        #errors
        #[allow(unused_qualifications, deprecated)]
        const _: () = {
            #import
            #impls
        };
    }
}

/// The module of `toolmeta::__private` the generated code imports, named after this
/// crate's release (`toolmeta_derive_0_2_needs_toolmeta_0_2`): the runtime crate of the
/// same release declares it, so a mismatched pair fails with one unresolved import whose
/// name says which versions to align.
fn private_module() -> Ident {
    let major = env!("CARGO_PKG_VERSION_MAJOR");
    let version = match major {
        // Before 1.0, each minor release may break the generated code's contract.
        "0" => format!("0_{}", env!("CARGO_PKG_VERSION_MINOR")),
        major => major.to_owned(),
    };
    format_ident!("toolmeta_derive_{version}_needs_toolmeta_{version}")
}

/// One `compile_error!{"..."}` per error, spanned from the error's first token to its last
/// (as `syn::Error::to_compile_error`, without its `::core::` prefix, which an
/// edition-2015 crate resolves at its own root, where there is no `core`: every error
/// became "cannot find `core` in the crate root"; `compile_error!` is in every prelude).
fn compile_errors(error: &syn::Error) -> TokenStream {
    use proc_macro2::{Delimiter, Group, Literal, Punct, Spacing, TokenTree};
    error
        .clone()
        .into_iter()
        .flat_map(|error| {
            let mut spans = error
                .to_compile_error()
                .into_iter()
                .map(|token| token.span());
            let start = spans.next().unwrap_or_else(Span::call_site);
            let end = spans.last().unwrap_or(start);
            let mut message = Literal::string(&error.to_string());
            message.set_span(end);
            let mut bang = Punct::new('!', Spacing::Alone);
            bang.set_span(start);
            let mut body = Group::new(Delimiter::Brace, TokenTree::Literal(message).into());
            body.set_span(end);
            [
                TokenTree::Ident(Ident::new("compile_error", start)),
                TokenTree::Punct(bang),
                TokenTree::Group(body),
            ]
        })
        .collect()
}

/// A local of the generated code: hygienic (`Span::mixed_site`), so that no path of the
/// user's (a `with` function named `__toolmeta_map`, say) resolves to it.
fn local(name: &str) -> Ident {
    Ident::new(name, Span::mixed_site())
}

/// The type-parameter idents of `generics`.
fn type_params(generics: &Generics) -> Vec<&Ident> {
    generics.type_params().map(|param| &param.ident).collect()
}

/// Whether `ty` mentions one of `params`.
fn mentions(ty: &Type, params: &[&Ident]) -> bool {
    fn walk(tokens: TokenStream, params: &[&Ident]) -> bool {
        tokens.into_iter().any(|token| match token {
            proc_macro2::TokenTree::Ident(ident) => params.iter().any(|param| **param == ident),
            proc_macro2::TokenTree::Group(group) => walk(group.stream(), params),
            _ => false,
        })
    }
    // Most tools have no type parameters: skip re-tokenizing the type for them.
    !params.is_empty() && walk(quote!(#ty), params)
}

/// `generics` with `extra` predicates added to its where clause.
fn with_bounds(generics: &Generics, extra: Vec<WherePredicate>) -> Generics {
    let mut generics = generics.clone();
    if !extra.is_empty() {
        generics.make_where_clause().predicates.extend(extra);
    }
    generics
}

/// The helper trait that checks and converts a value for the key, and the `Projector`
/// method that writes what it returns (both from the key's row of the key table).
fn key_trait(projected: &Projected) -> (Ident, &'static str) {
    let row = projected.row();
    let method = match row.write {
        Write::Keyed(method) => method,
        Write::Normalized { zero_based, .. }
            if projected
                .source
                .field()
                .is_some_and(|field| field.attrs.zero_based.is_some()) =>
        {
            zero_based
        }
        Write::Normalized { method, .. } => method,
    };
    (Ident::new(row.project_trait, Span::call_site()), method)
}

/// The trait that checks and converts what a `with` function returns: the value itself for
/// a key the label's shape requires, an `Option` otherwise.
fn with_trait(projected: &Projected) -> Ident {
    let [value, option] = projected.row().with_traits;
    let name = if projected.required { value } else { option };
    Ident::new(name, Span::call_site())
}

/// The call that projects field number `index` onto the `Projector` chain
/// (`.text("command", <String as __toolmeta::ProjectCommand>::some(&self.command))`), and
/// the statements it needs first.
///
/// The key trait's method is spanned at the user's tokens, so a type that does not fit the
/// key is reported at the field's type (or a `with` function's output at its string); a
/// `with` function is called first, in the returned statements, at its string, so that a
/// signature that does not fit is reported there. The value reaches the `Projector` already
/// converted (`Option<&str>`, `Option<i128>`, ...), so its methods are not generic over the
/// field type: less for the compiler to infer per field.
fn project_field(
    index: usize,
    projected: &Projected,
    first_line: Option<&Projected>,
    receiver: Receiver,
) -> FieldCall {
    // `&self.field` in a struct; in a variant, the match binds the field by reference.
    let place = |member: &Ident, span: Span| match receiver {
        Receiver::Struct => quote_spanned!(span=> &self.#member),
        Receiver::Variant => quote_spanned!(span=> #member),
        // The definition's field, bound (and checked against the remote's) in `remote_impl`.
        Receiver::Remote => {
            let binding = remote_binding(member);
            quote_spanned!(span=> #binding)
        }
    };
    let (_, method) = key_trait(projected);
    let as_is = |projected: &Projected, field: &Field| {
        let place = place(field.ident, Span::call_site());
        as_is(projected, field, place)
    };
    let mut prelude = TokenStream::new();
    let value = match (projected.source, projected.source.function()) {
        (source, Some((path, lit))) => {
            let with = local(&format!("__toolmeta_with{index}"));
            let argument = match source {
                // (A remote definition has no computed key: `check` refuses it.)
                Source::Computed(_) => quote_spanned!(lit.span()=> self),
                Source::Field(field) => {
                    let mut field_at_lit = field.ident.clone();
                    field_at_lit.set_span(lit.span());
                    place(&field_at_lit, lit.span())
                }
            };
            prelude = quote_spanned! {lit.span()=> let #with = #path(#argument);};
            let with_trait = with_trait(projected);
            quote_spanned!(lit.span()=> <_ as __toolmeta::#with_trait>::project(&#with))
        }
        (Source::Field(field), None) => match (field.attrs.last_line, first_line) {
            // `limit` counts the lines from the first line (the `offset` field) through this one.
            (Some(_), Some(first)) => {
                let last = as_is(projected, field);
                let first_field = first
                    .plain_field()
                    .expect("checked: the first line is a field projected as it is");
                let first_value = as_is(first, first_field);
                let zero_based = first_field.attrs.zero_based.is_some();
                quote!(__toolmeta::last_line_limit(#first_value, #zero_based, #last))
            }
            _ => as_is(projected, field),
        },
        (Source::Computed(_), None) => unreachable!("a computed key always has its function"),
    };
    let method = Ident::new(method, Span::call_site());
    let call = match projected.row().write {
        Write::Normalized { .. } => quote!(.#method(#value)),
        Write::Keyed(_) => {
            let key = &projected.key;
            quote!(.#method(#key, #value))
        }
    };
    FieldCall { prelude, call }
}

/// The value of `field`, at `place` (a reference to it), read as it is through its key's
/// trait: `<u32 as __toolmeta::ProjectOffset>::some(&self.offset)`.
///
/// A type only the key trait can judge (see [`static_field`]) is already checked by the
/// trait's `RAW` in `INPUT_FIELDS`, so here it is read by method call on a
/// `__toolmeta::Field`, which finds the key's `checked` trait when the type fits and
/// `__toolmeta::Unfit` when it does not: the build then reports the type once, and counts
/// it once (rustc shows two identical errors as one, but counts both).
fn as_is(projected: &Projected, field: &Field, place: TokenStream) -> TokenStream {
    let ty = field.checked_type();
    if static_field(projected, ty).is_some() {
        let (trait_ident, _) = key_trait(projected);
        return match field.option_inner {
            Some(_) => {
                quote_spanned!(ty.span()=> <#ty as __toolmeta::#trait_ident>::optional(#place))
            }
            None => quote_spanned!(ty.span()=> <#ty as __toolmeta::#trait_ident>::some(#place)),
        };
    }
    let checked = Ident::new(projected.row().checked_trait, Span::call_site());
    let read = match field.option_inner {
        Some(_) => quote_spanned!(ty.span()=>
            (#place).as_ref().and_then(|value| (&__toolmeta::Field(value)).some())
        ),
        None => quote_spanned!(ty.span()=> (&__toolmeta::Field(#place)).some()),
    };
    // One of the two is unused: the key's when the type does not fit, else `Unfit`.
    quote!({
        #[allow(unused_imports)]
        use __toolmeta::{checked::#checked as _, Unfit as _};
        #read
    })
}

/// What projecting one field adds to the body of `project`.
struct FieldCall {
    /// Statements before the chain (a `with` function's call).
    prelude: TokenStream,
    /// The field's call in the `Projector` chain.
    call: TokenStream,
}

/// Where a tool's fields are read from: `self` (a struct), or the bindings of a variant's
/// match arm (a tagged tool).
#[derive(Clone, Copy)]
enum Receiver {
    Struct,
    Variant,
    /// The value of the type a `remote` definition is for.
    Remote,
}

/// Where-clause bounds for projected fields whose type mentions a type parameter, so a
/// generic struct implements the traits for exactly the arguments that fit its keys.
fn projection_bounds(generics: &Generics, projected: &[Projected]) -> Vec<WherePredicate> {
    let params = type_params(generics);
    projected
        .iter()
        .filter_map(|projected| Some((projected, projected.plain_field()?.checked_type())))
        .filter(|(_, ty)| mentions(ty, &params))
        .map(|(projected, ty)| {
            let (trait_ident, _) = key_trait(projected);
            parse_quote!(#ty: __toolmeta::#trait_ident)
        })
        .collect()
}

/// What the derived `has_input` says.
#[derive(Clone, Copy, PartialEq, Eq)]
enum HasInput {
    /// Some key is written by every value: the trait's default (`true`), not overridden.
    Always,
    /// A `no_input` tool: `false`.
    Never,
    /// Every key may be absent: whether the projection writes any, so that an empty
    /// projection omits `input` instead of writing `{}`.
    Counted,
}

impl HasInput {
    /// The body of `has_input` (`None`: the trait's default).
    fn body(self) -> Option<TokenStream> {
        match self {
            HasInput::Always => None,
            HasInput::Never => Some(quote!(false)),
            HasInput::Counted => Some(quote!(__toolmeta::projects_any(self))),
        }
    }
}

/// The parts of the struct impls that differ between a checked tool and the fallback.
struct StructParts {
    has_input: HasInput,
    /// The body of `project`.
    project: TokenStream,
    /// The `Identity` expression.
    identity: TokenStream,
    /// The entries of `INPUT_FIELDS`.
    input_fields: TokenStream,
    /// The `TYPED_PROJECTION` item, for a tool a toolset projects by deserializing it.
    typed: Option<TokenStream>,
}

fn tool_impls(container: &Container, tool: &Tool) -> TokenStream {
    let mut bounds = projection_bounds(container.generics, &tool.projected);
    // A generic tool deserializes for exactly the arguments that deserialize.
    if tool.typed.is_some() && container.generics.type_params().next().is_some() {
        bounds.push(parse_quote!(Self: __toolmeta::DeserializeOwned));
    }
    let generics = with_bounds(container.generics, bounds);
    let mut parts = tool_parts(container, tool, Receiver::Struct);
    // A remote definition's raw arguments are the remote type's: deserialized into it, so
    // that its own serde attributes decide, not the definition's copy of them.
    if let Some((remote, lit)) = &container.attrs.remote {
        let projection = quote_spanned!(lit.span()=> <Self as __toolmeta::DeserializedRemote<#remote>>::PROJECTION);
        parts.typed = Some(quote! {
            const TYPED_PROJECTION: __toolmeta::Option<__toolmeta::TypedProjection> = __toolmeta::Some(#projection);
        });
        return struct_impls(container, &generics, parts);
    }
    parts.typed = tool.typed.as_ref().map(|typed| {
        let span = first_span(&typed.tokens);
        let projection = match typed.transparent {
            true => quote_spanned!(span=> <Self as __toolmeta::DeserializedTool>::TRANSPARENT),
            false => quote_spanned!(span=> <Self as __toolmeta::DeserializedTool>::PROJECTION),
        };
        quote! {
            const TYPED_PROJECTION: __toolmeta::Option<__toolmeta::TypedProjection> = __toolmeta::Some(#projection);
        }
    });
    struct_impls(container, &generics, parts)
}

/// The `ToolFor` impl of a `remote` definition: the projection read from the remote type's
/// fields, each definition field checked against the remote's (its name, at the field's
/// name; its type, at the field's type).
fn remote_impl(
    container: &Container,
    tool: &Tool,
    fields: &[Field],
    (remote, _): &(syn::Type, syn::LitStr),
) -> TokenStream {
    let value = local("__toolmeta_value");
    let map = local("__toolmeta_map");
    let generics = with_bounds(
        container.generics,
        projection_bounds(container.generics, &tool.projected),
    );
    let parts = tool_parts(container, tool, Receiver::Remote);
    // Each definition field is read from the remote value into a binding of the
    // definition's type, which the projection then uses: a field the remote lacks, or of
    // another type, is one error, at the definition's field.
    let checks = fields.iter().map(|field| {
        let (ty, member) = (field.ty, field.ident);
        let binding = remote_binding(member);
        // The remote value, hygienic but located at the field, so that a mismatch points
        // at the field rather than at the derive.
        let value = Ident::new(
            "__toolmeta_value",
            Span::mixed_site().located_at(member.span()),
        );
        let place = quote_spanned!(member.span()=> &#value.#member);
        quote!(let #binding: &#ty = #place;)
    });
    let has_input = match parts.has_input {
        HasInput::Always => None,
        HasInput::Never => Some(quote!(false)),
        HasInput::Counted => Some(
            quote!(__toolmeta::projects_any(&<Self as __toolmeta::ToolFor<#remote>>::of(#value))),
        ),
    }
    .map(|body| quote!(fn has_input_of(#value: &#remote) -> __toolmeta::bool { #body }));
    let project = &parts.project;
    let ident = container.ident;
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics __toolmeta::ToolFor<#remote> for #ident #ty_generics #where_clause {
            #has_input
            fn project_of<__ToolmetaMap: __toolmeta::SerializeMap>(#value: &#remote, #map: &mut __ToolmetaMap) -> __toolmeta::Result<(), __ToolmetaMap::Error> {
                #(#checks)*
                #project
            }
        }
    }
}

/// For a wire name from a constant (`name = ReadFile::NAME`), a compile-time check that it
/// is not empty (that it is a `&'static str` is checked by its use in the identity), read
/// back from the identity so that a constant of another type is reported once.
fn name_check(container: &Container, name: TokenStream) -> Option<TokenStream> {
    let Some(attr::Name::Constant(path)) = &container.attrs.name else {
        return None;
    };
    // A generic tool's identity is read per instance; its name is checked where it is used.
    if container.generics.params.iter().next().is_some() {
        return None;
    }
    let message = format!(
        "the wire name `{}` is empty: it is the tool's model-facing name",
        quote!(#path).to_string().replace(' ', "")
    );
    Some(quote_spanned! {first_span(&quote!(#path))=>
        const _: () = __toolmeta::check_wire_name(#name, #message);
    })
}

/// The binding of a definition field's value in a remote projection (hygienic).
fn remote_binding(member: &Ident) -> Ident {
    let name = member.to_string();
    local(&format!(
        "__toolmeta_field_{}",
        name.trim_start_matches("r#")
    ))
}

/// The span of the first token of `tokens` (where an error about them points).
fn first_span(tokens: &TokenStream) -> Span {
    tokens
        .clone()
        .into_iter()
        .next()
        .map_or_else(Span::call_site, |token| token.span())
}

/// The identity, `has_input`, `project` body and `INPUT_FIELDS` of a checked tool.
fn tool_parts(container: &Container, tool: &Tool, receiver: Receiver) -> StructParts {
    let map = local("__toolmeta_map");
    let identity = tool.identity.as_ref().expect("checked before expanding");
    let first_line = tool
        .projected
        .iter()
        .find(|projected| projected.normalized());
    let (preludes, calls): (Vec<_>, Vec<_>) = tool
        .projected
        .iter()
        .enumerate()
        .map(|(index, projected)| {
            let FieldCall { prelude, call } = project_field(index, projected, first_line, receiver);
            (prelude, call)
        })
        .unzip();
    let project = quote! {
        #(#preludes)*
        __toolmeta::Projector::new(#map) #(#calls)* .finish()
    };

    let name = &identity.name;
    let kind = Ident::new(identity.kind.variant, Span::call_site());
    let namespace = match &identity.namespace {
        check::Namespace::FirstParty(row) => {
            let variant = Ident::new(row.variant, Span::call_site());
            quote!(__toolmeta::Namespace::#variant)
        }
        check::Namespace::Extension(name) => quote!(__toolmeta::Namespace::extension(#name)),
    };
    let mut identity_tokens =
        quote!(__toolmeta::Identity::new(#name, __toolmeta::ToolKind::#kind, #namespace));
    if identity.label != identity.kind.label {
        let label = &identity.label;
        identity_tokens.extend(quote!(.with_label(#label)));
    }
    if identity.read_only != identity.kind.read_only {
        let read_only = identity.read_only;
        identity_tokens.extend(quote!(.with_read_only(#read_only)));
    }
    identity_tokens.extend(crate::effects::tokens(&identity.effects));
    let whole = tool.typed.as_ref().is_some_and(|typed| typed.whole);
    let input_fields = tool
        .projected
        .iter()
        .map(|projected| input_field(container, projected, whole))
        .collect();
    StructParts {
        has_input: if !tool.has_input {
            HasInput::Never
        } else if tool.projected.iter().any(Projected::always_present) {
            HasInput::Always
        } else {
            HasInput::Counted
        },
        project,
        identity: identity_tokens,
        input_fields,
        typed: None,
    }
}

/// The `INPUT_FIELDS` entry of one projected field: only what differs from
/// `__toolmeta::FIELD`'s defaults is written.
fn input_field(container: &Container, projected: &Projected, whole: bool) -> TokenStream {
    let key = &projected.key;
    let mut entry = quote!(key: #key,);
    // A computed key has no wire key: `FIELD`'s empty one.
    let field = projected.source.field();
    if let Some(field) = field {
        let wire = &field.wire;
        entry.extend(quote!(wire: #wire,));
        let aliases = &field.attrs.serde.aliases;
        if !aliases.is_empty() {
            entry.extend(quote!(aliases: &[#(#aliases),*],));
        }
    }
    let optional = field.is_some_and(|field| {
        field.option_inner.is_some() || field.attrs.serde.default || container.attrs.serde.default
    });
    let zero_based = field.is_some_and(|field| field.attrs.zero_based.is_some());
    let last_line = field.is_some_and(|field| field.attrs.last_line.is_some());
    for (name, set) in [
        ("extra", projected.is_extra()),
        ("optional", optional),
        ("converted", whole || projected.converted()),
        ("zero_based", zero_based),
        ("last_line", last_line),
    ] {
        if set {
            let name = Ident::new(name, Span::call_site());
            entry.extend(quote!(#name: true,));
        }
    }
    let (base, raw) = raw_type(projected);
    entry.extend(raw);
    quote!(__toolmeta::InputField { #entry ..__toolmeta::#base },)
}

/// How an `INPUT_FIELDS` entry records the JSON values the field's type deserializes from
/// (`toolmeta::RawType`): the `__private` static it is filled from (`FIELD_U8` for a
/// `u8`, `FIELD` for a string under a canonical string key, ...), and, for a type the
/// derive cannot read by name (an alias, `Cow<str>`, a type parameter), `raw:` from the key
/// trait, which knows the type exactly. Spanned at the type, so a type that does not fit the
/// key is reported there — and only there: `project` reads such a field through
/// [`as_is`]'s fallback, which reports nothing.
fn raw_type(projected: &Projected) -> (Ident, Option<TokenStream>) {
    let base = |name: &str| Ident::new(name, Span::call_site());
    let ty = match projected.plain_field() {
        Some(field) if !projected.converted() => field.checked_type(),
        _ => return (base("FIELD"), None),
    };
    match static_field(projected, ty) {
        Some(name) => (base(&name), None),
        None => {
            let (trait_ident, _) = key_trait(projected);
            let raw = quote_spanned!(ty.span()=> <#ty as __toolmeta::#trait_ident>::RAW);
            (base("FIELD"), Some(quote!(raw: #raw,)))
        }
    }
}

/// The `__private` static an `INPUT_FIELDS` entry of a field of type `ty`, read as it is, is
/// filled from when the derive can read the type by name and it fits the key (`FIELD_U8`
/// for a `u8`); `None` when only the key trait knows (an alias, `Cow<str>`, a type
/// parameter) or the type does not fit (the key trait then reports it, in field order).
fn static_field(projected: &Projected, ty: &Type) -> Option<String> {
    let key_type = projected.row().ty;
    let (integers, strings) = match key_type {
        None => (true, true),
        Some(KeyType::Integer) => (true, false),
        Some(KeyType::Path | KeyType::Text) => (false, true),
    };
    match type_name(ty).as_deref() {
        Some(
            integer @ ("i8" | "i16" | "i32" | "i64" | "i128" | "isize" | "u8" | "u16" | "u32"
            | "u64" | "u128" | "usize"),
        ) if integers => Some(format!("FIELD_{}", integer.to_uppercase())),
        Some("bool") if key_type.is_none() => Some("FIELD_BOOL".to_owned()),
        Some("String" | "str" | "PathBuf" | "Path") if strings && key_type.is_none() => {
            Some("FIELD_STRING".to_owned())
        }
        Some("String" | "str" | "PathBuf" | "Path") if strings => Some("FIELD".to_owned()),
        _ => None,
    }
}

/// The name `ty` is spelled with, behind any references: `u8` for `&'a u8`, `PathBuf` for
/// `std::path::PathBuf`; `None` for a type with generic arguments, a qualified path or
/// another form.
fn type_name(ty: &Type) -> Option<String> {
    match ty {
        Type::Reference(reference) => type_name(&reference.elem),
        Type::Paren(paren) => type_name(&paren.elem),
        Type::Group(group) => type_name(&group.elem),
        Type::Path(path) if path.qself.is_none() => {
            let last = path.path.segments.last()?;
            last.arguments.is_none().then(|| last.ident.to_string())
        }
        _ => None,
    }
}

/// The impls of a tagged tool: `Projection` and `ToolDispatch` matching on the variant,
/// each arm the variant's own projection, and `TaggedTool` with every variant's tag value,
/// identity and wire keys for the raw projection.
fn tagged_impls(container: &Container, tagged: &Tagged, tools: &[Tool]) -> TokenStream {
    let map = local("__toolmeta_map");
    let ident = container.ident;
    let mut bounds = Vec::new();
    for tool in tools {
        bounds.extend(projection_bounds(container.generics, &tool.projected));
    }
    let generics = with_bounds(container.generics, bounds);
    let mut has_input = Vec::new();
    let mut project = Vec::new();
    let mut identity = Vec::new();
    let mut variants = Vec::new();
    for (variant, tool) in tagged.variants.iter().zip(tools) {
        let name = variant.tool.ident;
        let parts = tool_parts(&variant.tool, tool, Receiver::Variant);
        let any = variant.named.then(|| quote!({ .. }));
        let has = parts.has_input.body().unwrap_or_else(|| quote!(true));
        has_input.push(quote!(#ident::#name #any => #has,));
        // The arm binds the fields it projects, by reference.
        let bindings = variant.named.then(|| {
            let fields = tool
                .projected
                .iter()
                .filter_map(|projected| Some(projected.source.field()?.ident));
            quote!({ #(#fields,)* .. })
        });
        let body = &parts.project;
        project.push(quote!(#ident::#name #bindings => { #body }));
        let tool_identity = &parts.identity;
        identity.push(quote!(#ident::#name #any => __toolmeta::Some(#tool_identity),));
        let (tag, aliases, fields) = (&variant.tag, &variant.aliases, &parts.input_fields);
        variants.push(quote! {
            __toolmeta::TaggedVariant { tag: #tag, aliases: &[#(#aliases),*], identity: #tool_identity, fields: &[#fields], typed: __toolmeta::None },
        });
    }
    let tag = &tagged.tag;
    let name_checks: TokenStream = tagged
        .variants
        .iter()
        .enumerate()
        .filter_map(|(index, variant)| {
            // Generic parameters are the enum's: `variant.tool` carries them too.
            let ident = container.ident;
            name_check(
                &variant.tool,
                quote!(<#ident as __toolmeta::TaggedTool>::VARIANTS[#index].identity.name),
            )
        })
        .collect();
    let content = content_const(container);
    // A variant that converts a key in Rust: raw arguments are deserialized into the enum.
    let typed = tools.iter().find_map(|tool| tool.typed.as_ref()).map(|typed| {
        let span = first_span(&typed.tokens);
        let projection =
            quote_spanned!(span=> <Self as __toolmeta::DeserializedTaggedTool>::PROJECTION);
        quote! {
            const TYPED_PROJECTION: __toolmeta::Option<__toolmeta::TypedProjection> = __toolmeta::Some(#projection);
        }
    });
    let projection = impl_header(container, &generics, "Projection");
    let dispatch = impl_header(container, &generics, "ToolDispatch");
    let tagged_tool = impl_header(container, &generics, "TaggedTool");
    let into_entry = into_tool_entry(container, &generics);
    quote! {
        #projection {
            fn has_input(&self) -> __toolmeta::bool {
                match self { #(#has_input)* }
            }
            fn project<__ToolmetaMap: __toolmeta::SerializeMap>(&self, #map: &mut __ToolmetaMap) -> __toolmeta::Result<(), __ToolmetaMap::Error> {
                match self { #(#project)* }
            }
        }
        #dispatch {
            fn identity(&self) -> __toolmeta::Option<__toolmeta::Identity> {
                match self { #(#identity)* }
            }
        }
        #tagged_tool {
            const TAG: &'static __toolmeta::str = #tag;
            #content
            const VARIANTS: &'static [__toolmeta::TaggedVariant] = &[#(#variants)*];
            #typed
        }
        #into_entry
        #name_checks
    }
}

/// `const CONTENT` of an adjacently tagged enum (`#[serde(tag = "..", content = "..")]`).
fn content_const(container: &Container) -> Option<TokenStream> {
    let content = container.attrs.serde.content.as_ref()?;
    Some(
        quote!(const CONTENT: __toolmeta::Option<&'static __toolmeta::str> = __toolmeta::Some(#content);),
    )
}

/// The `IntoToolEntry` impl of a tagged enum, so that `toolset![Enum]` registers it as
/// `ToolEntry::tagged` (a tool struct has it from the blanket impl over `ToolIdentity`).
fn into_tool_entry(container: &Container, generics: &Generics) -> TokenStream {
    let header = impl_header(container, generics, "IntoToolEntry");
    quote! {
        #header {
            const TOOL_ENTRY: __toolmeta::ToolEntry = __toolmeta::ToolEntry::tagged::<Self>();
        }
    }
}

/// The impls emitted beside errors: they satisfy the traits so that uses of the type do not
/// add errors of their own, and still check the types of the fields whose key was valid.
fn fallback_struct(container: &Container, tool: &Tool) -> TokenStream {
    let params = type_params(container.generics);
    let converters: TokenStream = tool
        .projected
        .iter()
        .filter_map(|projected| Some((projected, projected.plain_field()?.checked_type())))
        .filter(|(_, ty)| !mentions(ty, &params))
        .map(|(projected, ty)| {
            let (trait_ident, _) = key_trait(projected);
            quote_spanned!(ty.span()=> let _ = <#ty as __toolmeta::#trait_ident>::value;)
        })
        .collect();
    struct_impls(
        container,
        container.generics,
        StructParts {
            has_input: HasInput::Always,
            project: quote!(#converters __toolmeta::Ok(())),
            identity: fallback_identity(container.ident),
            input_fields: TokenStream::new(),
            typed: None,
        },
    )
}

/// The identity of a tool whose derive failed. Its wire name is one no other tool has (the
/// type's path and where its derive is), so that a toolset registering several failed tools
/// does not stop the build a second time on a duplicate wire name; the build stops anyway,
/// on the derive's own errors.
fn fallback_identity(ident: &Ident) -> TokenStream {
    quote!(__toolmeta::Identity::new(
        concat!(
            "<",
            module_path!(),
            "::",
            stringify!(#ident),
            " at ",
            file!(),
            ":",
            line!(),
            ":",
            column!(),
            ": its #[derive(ToolIdentity)] failed>"
        ),
        __toolmeta::ToolKind::Other,
        __toolmeta::Namespace::GrokBuild
    ))
}

/// What the derive leaves for an item it does not support (a tuple struct, a union): a
/// `ToolIdentity` impl with the fallback identity, so that registering it or calling its
/// methods adds no error to the one the derive reported.
fn fallback_unsupported(input: &DeriveInput) -> TokenStream {
    // The item's errors are reported already: its attributes are read again only for a
    // `crate = "..."` path, and what reading them reports is not reported twice.
    let scratch = Ctxt::default();
    let attrs = attr::Container::from_attrs(
        &scratch,
        &input.attrs,
        attr::Scope::Struct,
        attr::attr_name(input),
    );
    let _ = scratch.check();
    let private = private_module();
    let import = match &attrs.crate_path {
        Some(path) => quote!(use #path::__private::#private as __toolmeta;),
        None => quote!(use ::toolmeta::__private::#private as __toolmeta;),
    };
    let map = local("__toolmeta_map");
    let ident = &input.ident;
    let identity = fallback_identity(ident);
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        #[allow(unused_qualifications, deprecated)]
        const _: () = {
            #import
            #[automatically_derived]
            impl #impl_generics __toolmeta::ToolIdentity for #ident #ty_generics #where_clause {
                const IDENTITY: __toolmeta::Identity = #identity;
                const INPUT_FIELDS: &'static [__toolmeta::InputField] = &[];
                fn project<__ToolmetaMap: __toolmeta::SerializeMap>(&self, #map: &mut __ToolmetaMap) -> __toolmeta::Result<(), __ToolmetaMap::Error> {
                    __toolmeta::Ok(())
                }
            }
        };
    }
}

/// The `ToolIdentity` impl of a tool struct, around its parts: one impl with the identity,
/// the recorded fields and the projection (rustc's work is per item, so one impl per
/// struct costs less to compile than two).
fn struct_impls(container: &Container, generics: &Generics, parts: StructParts) -> TokenStream {
    let map = local("__toolmeta_map");
    let StructParts {
        has_input,
        project,
        identity,
        input_fields,
        typed,
    } = parts;
    let tool_identity = impl_header(container, generics, "ToolIdentity");
    let has_input = has_input
        .body()
        .map(|body| quote!(fn has_input(&self) -> __toolmeta::bool { #body }));
    quote! {
        #tool_identity {
            const IDENTITY: __toolmeta::Identity = #identity;
            const INPUT_FIELDS: &'static [__toolmeta::InputField] = &[#input_fields];
            #typed
            #has_input
            fn project<__ToolmetaMap: __toolmeta::SerializeMap>(&self, #map: &mut __ToolmetaMap) -> __toolmeta::Result<(), __ToolmetaMap::Error> {
                #project
            }
        }
    }
}

/// `#[automatically_derived] impl<..> __toolmeta::{trait_name} for Type<..> where ..`.
fn impl_header(container: &Container, generics: &Generics, trait_name: &str) -> TokenStream {
    let ident = container.ident;
    let trait_ident = Ident::new(trait_name, Span::call_site());
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics __toolmeta::#trait_ident for #ident #ty_generics #where_clause
    }
}

fn dispatch_impls(container: &Container, variants: &[Variant]) -> TokenStream {
    let map = local("__toolmeta_map");
    let tool_binding = local("__toolmeta_tool");
    let ident = container.ident;
    // Every variant type must be a tool: a bound on it, spanned at the type, gives a type
    // that is not one error there ("`String` is not a tool"), and makes generic variants work.
    let bounds = variants
        .iter()
        .filter(|variant| variant.attrs.dynamic.is_none())
        .filter_map(Variant::newtype)
        .map(|ty| {
            let bound = quote_spanned!(ty.span()=> __toolmeta::ToolIdentity);
            parse_quote!(#ty: #bound)
        })
        .collect();
    let generics = with_bounds(container.generics, bounds);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();

    let mut has_input = Vec::new();
    let mut project = Vec::new();
    let mut identity = Vec::new();
    for variant in variants {
        let name = variant.ident;
        match (variant.attrs.dynamic, variant.newtype()) {
            (None, Some(ty)) => {
                let tool = quote!(<#ty as __toolmeta::ToolIdentity>::IDENTITY);
                has_input
                    .push(quote!(#ident::#name(#tool_binding) => __toolmeta::Projection::has_input(#tool_binding),));
                project.push(
                    quote!(#ident::#name(#tool_binding) => __toolmeta::Projection::project(#tool_binding, #map),),
                );
                identity.push(quote!(#ident::#name(_) => __toolmeta::Some(#tool),));
            }
            _ => {
                has_input.push(quote!(#ident::#name { .. } => false,));
                project.push(quote!(#ident::#name { .. } => __toolmeta::Ok(()),));
                identity.push(quote!(#ident::#name { .. } => __toolmeta::None,));
            }
        }
    }
    // An internally tagged enum of tool types (`#[serde(tag = "...")]`): its raw arguments
    // carry the tag, so a toolset can pick the variant's tool from them.
    let tagged = container.attrs.serde.tag.as_ref().map(|tag| {
        let entries = variants
            .iter()
            .filter(|variant| variant.attrs.dynamic.is_none())
            .filter_map(|variant| {
                let ty = variant.newtype()?;
                let (value, aliases) = (&variant.tag, &variant.tag_aliases);
                Some(quote! {
                    __toolmeta::TaggedVariant {
                        tag: #value,
                        aliases: &[#(#aliases),*],
                        identity: <#ty as __toolmeta::ToolIdentity>::IDENTITY,
                        fields: <#ty as __toolmeta::ToolIdentity>::INPUT_FIELDS,
                        typed: <#ty as __toolmeta::ToolIdentity>::TYPED_PROJECTION,
                    },
                })
            });
        let content = content_const(container);
        let into_entry = into_tool_entry(container, &generics);
        quote! {
            #[automatically_derived]
            impl #impl_generics __toolmeta::TaggedTool for #ident #ty_generics #where_clause {
                const TAG: &'static __toolmeta::str = #tag;
                #content
                const VARIANTS: &'static [__toolmeta::TaggedVariant] = &[#(#entries)*];
            }
            #into_entry
        }
    });
    quote! {
        #tagged

        #[automatically_derived]
        impl #impl_generics __toolmeta::Projection for #ident #ty_generics #where_clause {
            fn has_input(&self) -> __toolmeta::bool {
                match self {
                    #(#has_input)*
                }
            }

            fn project<__ToolmetaMap: __toolmeta::SerializeMap>(
                &self,
                #map: &mut __ToolmetaMap,
            ) -> __toolmeta::Result<(), __ToolmetaMap::Error> {
                match self {
                    #(#project)*
                }
            }
        }

        #[automatically_derived]
        impl #impl_generics __toolmeta::ToolDispatch for #ident #ty_generics #where_clause {
            fn identity(&self) -> __toolmeta::Option<__toolmeta::Identity> {
                match self {
                    #(#identity)*
                }
            }
        }
    }
}

/// A tagged enum's `TaggedTool` and `IntoToolEntry` beside errors: one variant, with the
/// fallback identity, so that `toolset![Enum]` adds no error of its own.
fn fallback_tagged(container: &Container, tagged: &Tagged) -> TokenStream {
    let tag = &tagged.tag;
    let identity = fallback_identity(container.ident);
    let header = impl_header(container, container.generics, "TaggedTool");
    let into_entry = into_tool_entry(container, container.generics);
    quote! {
        #header {
            const TAG: &'static __toolmeta::str = #tag;
            const VARIANTS: &'static [__toolmeta::TaggedVariant] = &[
                __toolmeta::TaggedVariant { tag: "", aliases: &[], identity: #identity, fields: &[], typed: __toolmeta::None },
            ];
        }
        #into_entry
    }
}

fn fallback_enum(container: &Container) -> TokenStream {
    let map = local("__toolmeta_map");
    let ident = container.ident;
    let (impl_generics, ty_generics, where_clause) = container.generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics __toolmeta::Projection for #ident #ty_generics #where_clause {
            fn has_input(&self) -> __toolmeta::bool {
                false
            }

            fn project<__ToolmetaMap: __toolmeta::SerializeMap>(
                &self,
                #map: &mut __ToolmetaMap,
            ) -> __toolmeta::Result<(), __ToolmetaMap::Error> {
                __toolmeta::Ok(())
            }
        }

        #[automatically_derived]
        impl #impl_generics __toolmeta::ToolDispatch for #ident #ty_generics #where_clause {
            fn identity(&self) -> __toolmeta::Option<__toolmeta::Identity> {
                __toolmeta::None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use quote::quote;

    /// An edition-2015 crate resolves `::core` at its own root, where there is none: the
    /// expansion names nothing through `core`, errors (`compile_error!`) and impls alike.
    #[test]
    fn the_expansion_names_nothing_through_core() {
        for input in [
            quote! {
                #[tool(name = "bash", namespace = "codex", kind = "raed")]
                struct Bash { #[tool(project)] command: String }
            },
            quote! {
                #[tool(name = "bash", namespace = "codex", kind = "execute")]
                struct Bash { #[tool(project)] command: Option<String>, #[tool(project)] description: Option<String> }
            },
            quote! {
                #[serde(tag = "command")]
                enum Editor {
                    #[tool(name = "editor", namespace = "codex", kind = "read")]
                    View { #[tool(project)] path: String },
                }
            },
        ] {
            let output = super::derive(&syn::parse2(input).unwrap()).to_string();
            assert!(!output.contains("core ::"), "{output}");
        }
    }

    /// The generated code imports the versioned module of `__private` (by the default path
    /// and by a `crate = "..."` override): a runtime crate of another release lacks it.
    #[test]
    fn the_generated_code_imports_the_versioned_module() {
        assert_eq!(
            env!("CARGO_PKG_VERSION_MAJOR"),
            "0",
            "update this test at 1.0"
        );
        let minor = env!("CARGO_PKG_VERSION_MINOR");
        let module = format!("toolmeta_derive_0_{minor}_needs_toolmeta_0_{minor}");
        for (input, path) in [
            (
                quote! {
                    #[tool(name = "bash", namespace = "codex", kind = "execute")]
                    struct Bash { #[tool(project)] command: String }
                },
                ":: toolmeta :: __private ::",
            ),
            (
                quote! {
                    #[tool(crate = "my::toolmeta", name = "bash", namespace = "codex", kind = "execute")]
                    struct Bash { #[tool(project)] command: String }
                },
                "my :: toolmeta :: __private ::",
            ),
        ] {
            let output = super::derive(&syn::parse2(input).unwrap()).to_string();
            let import = format!("use {path} {module} as __toolmeta ;");
            assert!(output.contains(&import), "{import} not in {output}");
            assert_eq!(output.matches("__private").count(), 1, "{output}");
        }
    }
}
