//! Code generation: the `Projection` and `ToolIdentity` impls of a tool struct, the
//! `Projection` and `ToolDispatch` impls of an enum of tools, and the fallback impls
//! emitted beside compile errors so that they are not followed by a cascade of
//! "trait not implemented" errors.

use std::fmt::Write as _;

use proc_macro2::{Delimiter, Ident, Punct, Spacing, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{DeriveInput, Generics, Type, WherePredicate, parse_quote};

use crate::ast::{Container, Data, Field, Tagged, Variant};
use crate::check::{self, Projected, Tool};
use crate::contract::{KeyType, OFFSET_KEY};
use crate::ctxt::Ctxt;
use crate::source::Source;

/// Expands the derive on `input`: the impls, or the errors plus fallback impls.
pub fn derive(input: &DeriveInput) -> TokenStream {
    let cx = Ctxt::default();
    let Some(container) = Container::from_ast(&cx, input) else {
        return cx
            .check()
            .err()
            .map(|error| error.to_compile_error())
            .unwrap_or_default();
    };
    // Everything the impls name is re-exported from `__private`, so that one short path
    // serves them all: fewer tokens per derived type to build, parse and resolve.
    let mut block = Source::default();
    match &container.attrs.crate_path {
        Some(path) => block
            .text("use ")
            .tokens(path)
            .text("::__private as __toolmeta;"),
        None => block.text("use ::toolmeta::__private as __toolmeta;"),
    };
    match &container.data {
        Data::Struct(fields) => {
            let tool = check::tool(&cx, &container, fields);
            if cx.has_errors() {
                fallback_struct(&mut block, &container, &tool);
            } else {
                tool_impls(&mut block, &container, &tool);
            }
        }
        Data::Tagged(tagged) => {
            let tools = check::tagged(&cx, &container, tagged);
            if cx.has_errors() {
                block.tokens(fallback_enum(&container));
            } else {
                tagged_impls(&mut block, &container, tagged, &tools);
            }
        }
        Data::Enum(variants) => {
            check::dispatch(&cx, &container, variants);
            if cx.has_errors() {
                block.tokens(fallback_enum(&container));
            } else {
                block.tokens(dispatch_impls(&container, variants));
            }
        }
    }
    let mut out = Source::default();
    if let Err(error) = cx.check() {
        out.tokens(error.to_compile_error());
    }
    // Only the rustc lint the paths can trigger is allowed: clippy already skips code
    // expanded from another crate's macro, and every lint attribute is work per derived type.
    out.text("#[allow(unused_qualifications)] const _: () =")
        .group(Delimiter::Brace, block)
        .tokens(Punct::new(';', Spacing::Alone));
    out.into_tokens()
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

/// The helper trait that checks and converts a value for `key`, and the `Projector` method
/// that writes what it returns.
fn key_trait(projected: &Projected) -> (Ident, &'static str) {
    let (name, method) = match projected.key_type {
        None => ("ProjectExtra", "extra"),
        Some(_) => match projected.key.as_str() {
            "path" => ("ProjectPath", "lossy"),
            "directory" => ("ProjectDirectory", "lossy"),
            "cwd" => ("ProjectCwd", "lossy"),
            "command" => ("ProjectCommand", "text"),
            "description" => ("ProjectDescription", "text"),
            "pattern" => ("ProjectPattern", "text"),
            "url" => ("ProjectUrl", "text"),
            "query" => ("ProjectQuery", "text"),
            OFFSET_KEY if projected.field.attrs.zero_based.is_some() => {
                ("ProjectOffset", "offset_from_zero")
            }
            OFFSET_KEY => ("ProjectOffset", "offset"),
            _ => ("ProjectLimit", "integer"),
        },
    };
    (Ident::new(name, Span::call_site()), method)
}

/// The trait that checks and converts what a `with` function returns: the value itself for
/// a key the label's shape requires, an `Option` otherwise.
fn with_trait(projected: &Projected) -> Ident {
    let class = match projected.key_type {
        None => "Extra",
        Some(KeyType::Path) => "Path",
        Some(KeyType::Text) => "Text",
        Some(KeyType::Integer) => "Integer",
    };
    let shape = if projected.required {
        "Value"
    } else {
        "Option"
    };
    Ident::new(&format!("With{class}{shape}"), Span::call_site())
}

/// The type whose fitness for the key is checked: `T` of an `Option<T>`, else the field type.
fn checked_type<'a>(field: &'a Field) -> &'a Type {
    field
        .option_inner
        .or(field.ty)
        .expect("only computed keys have no type, and they always go through their function")
}

/// Appends the call that projects field number `index` to the `Projector` chain in `chain`
/// (`.text("command", <String as __toolmeta::ProjectCommand>::some(&self.command))`).
///
/// The key trait's method is spliced in spanned at the user's tokens, so a type that does
/// not fit the key is reported at the field's type (or a `with` function's output at its
/// string); a `with` function is called first, in `prelude`, at its string, so that a
/// signature that does not fit is reported there. The value reaches the `Projector` already
/// converted (`Option<&str>`, `Option<i128>`, ...), so its methods are not generic over the
/// field type: less for the compiler to infer per field.
fn project_field(
    index: usize,
    projected: &Projected,
    receiver: Receiver,
    prelude: &mut Source,
    chain: &mut Source,
) {
    let field = projected.field;
    let member = field.ident;
    // `&self.field` in a struct; in a variant, the match binds the field by reference.
    let place = |member: &Ident, span: Span| match receiver {
        Receiver::Struct => quote_spanned!(span=> &self.#member),
        Receiver::Variant => quote_spanned!(span=> #member),
    };
    let (trait_ident, method) = key_trait(projected);
    let value = if let Some((path, lit)) = &field.attrs.with {
        let with = format_ident!("__toolmeta_with{index}");
        if field.computed {
            prelude.tokens(quote_spanned! {lit.span()=> let #with = #path(self);});
        } else {
            let mut field_at_lit = member.clone();
            field_at_lit.set_span(lit.span());
            let place = place(&field_at_lit, lit.span());
            prelude.tokens(quote_spanned! {lit.span()=> let #with = #path(#place);});
        }
        let with_trait = with_trait(projected);
        quote_spanned!(lit.span()=> <_ as __toolmeta::#with_trait>::project(&#with))
    } else {
        let ty = checked_type(field);
        let convert = match field.option_inner {
            Some(_) => quote_spanned!(ty.span()=> <#ty as __toolmeta::#trait_ident>::optional),
            None => quote_spanned!(ty.span()=> <#ty as __toolmeta::#trait_ident>::some),
        };
        let place = place(member, Span::call_site());
        quote!(#convert(#place))
    };
    let mut arguments = Source::default();
    if !method.starts_with("offset") {
        arguments.text(&format!("{:?}, ", projected.key));
    }
    arguments.tokens(value);
    chain
        .text(&format!(".{method}"))
        .group(Delimiter::Parenthesis, arguments);
}

/// Where a tool's fields are read from: `self` (a struct), or the bindings of a variant's
/// match arm (a tagged tool).
#[derive(Clone, Copy)]
enum Receiver {
    Struct,
    Variant,
}

/// Where-clause bounds for projected fields whose type mentions a type parameter, so a
/// generic struct implements the traits for exactly the arguments that fit its keys.
fn projection_bounds(generics: &Generics, projected: &[Projected]) -> Vec<WherePredicate> {
    let params = type_params(generics);
    projected
        .iter()
        .filter(|projected| projected.field.attrs.with.is_none())
        .filter(|projected| mentions(checked_type(projected.field), &params))
        .map(|projected| {
            let ty = checked_type(projected.field);
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

/// The parts of the struct impls that differ between a checked tool and the fallback.
struct StructParts {
    has_input: HasInput,
    /// The body of `project`.
    project: Source,
    /// The `Identity` expression.
    identity: String,
    /// The entries of `INPUT_FIELDS`.
    input_fields: String,
}

fn tool_impls(out: &mut Source, container: &Container, tool: &Tool) {
    let generics = with_bounds(
        container.generics,
        projection_bounds(container.generics, &tool.projected),
    );
    let parts = tool_parts(container, tool, Receiver::Struct);
    struct_impls(out, container, &generics, parts)
}

/// The identity, `has_input`, `project` body and `INPUT_FIELDS` of a checked tool.
fn tool_parts(container: &Container, tool: &Tool, receiver: Receiver) -> StructParts {
    let identity = tool.identity.as_ref().expect("checked before expanding");
    let mut project = Source::default();
    let mut chain = Source::default();
    chain.text("__toolmeta::Projector::new(__toolmeta_map)");
    for (index, projected) in tool.projected.iter().enumerate() {
        project_field(index, projected, receiver, &mut project, &mut chain);
    }
    chain.text(".finish()");
    project.append(chain);

    let mut identity_text = format!(
        "__toolmeta::Identity::new({:?}, __toolmeta::ToolKind::{}, __toolmeta::Namespace::{})",
        identity.name, identity.kind.variant, identity.namespace.variant
    );
    if identity.label != identity.kind.label {
        let _ = write!(identity_text, ".with_label({:?})", identity.label);
    }
    if identity.read_only != identity.kind.read_only {
        let _ = write!(identity_text, ".with_read_only({})", identity.read_only);
    }
    let mut input_fields = String::new();
    for projected in &tool.projected {
        let field = projected.field;
        let optional = field.option_inner.is_some()
            || field.attrs.serde.default
            || container.attrs.serde.default;
        // Only what differs from `__toolmeta::FIELD`'s defaults is written.
        let _ = write!(
            input_fields,
            "__toolmeta::InputField {{ key: {:?}, wire: {:?}, ",
            projected.key, field.wire
        );
        if !field.attrs.serde.aliases.is_empty() {
            let _ = write!(input_fields, "aliases: &{:?}, ", field.attrs.serde.aliases);
        }
        for (name, set) in [
            ("extra", projected.is_extra()),
            ("optional", optional),
            ("converted", projected.converted()),
            ("zero_based", field.attrs.zero_based.is_some()),
        ] {
            if set {
                let _ = write!(input_fields, "{name}: true, ");
            }
        }
        input_fields.push_str("..__toolmeta::FIELD },");
    }
    StructParts {
        has_input: if !tool.has_input {
            HasInput::Never
        } else if tool.projected.iter().any(Projected::always_present) {
            HasInput::Always
        } else {
            HasInput::Counted
        },
        project,
        identity: identity_text,
        input_fields,
    }
}

/// The impls of a tagged tool: `Projection` and `ToolDispatch` matching on the variant,
/// each arm the variant's own projection, and `TaggedTool` with every variant's tag value,
/// identity and wire keys for the raw projection.
fn tagged_impls(out: &mut Source, container: &Container, tagged: &Tagged, tools: &[Tool]) {
    let ident = container.ident;
    let mut bounds = Vec::new();
    for tool in tools {
        bounds.extend(projection_bounds(container.generics, &tool.projected));
    }
    let generics = with_bounds(container.generics, bounds);
    let mut has_input = Source::default();
    let mut project = Source::default();
    let mut identity = String::new();
    let mut variants = String::new();
    for (variant, tool) in tagged.variants.iter().zip(tools) {
        let name = variant.tool.ident;
        let parts = tool_parts(&variant.tool, tool, Receiver::Variant);
        let any = if variant.named { "{ .. }" } else { "" };
        let _ = write!(
            has_input,
            "{ident}::{name} {any} => {},",
            match parts.has_input {
                HasInput::Always => "true",
                HasInput::Never => "false",
                HasInput::Counted => "__toolmeta::projects_any(self)",
            }
        );
        // The arm binds the fields it projects, by reference.
        let mut bindings = Source::default();
        if variant.named {
            let mut fields = Source::default();
            for projected in tool.projected.iter().filter(|p| !p.field.computed) {
                fields.tokens(projected.field.ident).text(",");
            }
            fields.text("..");
            bindings.group(Delimiter::Brace, fields);
        }
        project
            .text(&format!("{ident}::{name}"))
            .append(bindings)
            .text("=>")
            .group(Delimiter::Brace, parts.project);
        let _ = write!(
            identity,
            "{ident}::{name} {any} => __toolmeta::Some({}),",
            parts.identity
        );
        let _ = write!(
            variants,
            "__toolmeta::TaggedVariant {{ tag: {:?}, aliases: &{:?}, identity: {}, fields: &[{}] }},",
            variant.tag, variant.aliases, parts.identity, parts.input_fields
        );
    }

    let mut projection = Source::default();
    projection.text("fn has_input(&self) -> ::core::primitive::bool");
    let mut body = Source::default();
    body.text("match self").group(Delimiter::Brace, has_input);
    projection.group(Delimiter::Brace, body);
    projection.text(
        "fn project<__ToolmetaMap: __toolmeta::SerializeMap>(&self, __toolmeta_map: &mut __ToolmetaMap) -> __toolmeta::Result<(), __ToolmetaMap::Error>",
    );
    let mut body = Source::default();
    body.text("match self").group(Delimiter::Brace, project);
    projection.group(Delimiter::Brace, body);
    impl_header(out, container, &generics, "Projection");
    out.group(Delimiter::Brace, projection);

    impl_header(out, container, &generics, "ToolDispatch");
    let _ = write!(
        out,
        "{{ fn identity(&self) -> __toolmeta::Option<__toolmeta::Identity> {{ match self {{ {identity} }} }} }}"
    );
    impl_header(out, container, &generics, "TaggedTool");
    let _ = write!(
        out,
        "{{ const TAG: &'static ::core::primitive::str = {:?}; const VARIANTS: &'static [__toolmeta::TaggedVariant] = &[{variants}]; }}",
        tagged.tag
    );
}

/// The impls emitted beside errors: they satisfy the traits so that uses of the type do not
/// add errors of their own, and still check the types of the fields whose key was valid.
fn fallback_struct(out: &mut Source, container: &Container, tool: &Tool) {
    let params = type_params(container.generics);
    let converters: TokenStream = tool
        .projected
        .iter()
        .filter(|projected| projected.field.attrs.with.is_none())
        .filter(|projected| !mentions(checked_type(projected.field), &params))
        .map(|projected| {
            let ty = checked_type(projected.field);
            let (trait_ident, _) = key_trait(projected);
            quote_spanned!(ty.span()=> let _ = <#ty as __toolmeta::#trait_ident>::value;)
        })
        .collect();
    struct_impls(
        out,
        container,
        container.generics,
        StructParts {
            has_input: HasInput::Always,
            project: {
                let mut project = Source::default();
                project.tokens(converters).text("__toolmeta::Ok(())");
                project
            },
            identity: "__toolmeta::Identity::new(\"\", __toolmeta::ToolKind::Other, __toolmeta::Namespace::GrokBuild)"
                .to_owned(),
            input_fields: String::new(),
        },
    )
}

/// The `ToolIdentity` and `Projection` impls of a tool struct, around their parts. Only the
/// body of `project` holds spliced tokens (its key-trait calls), so everything else stays text.
fn struct_impls(out: &mut Source, container: &Container, generics: &Generics, parts: StructParts) {
    impl_header(out, container, generics, "ToolIdentity");
    let _ = write!(
        out,
        "{{ const IDENTITY: __toolmeta::Identity = {}; const INPUT_FIELDS: &'static [__toolmeta::InputField] = &[{}]; }}",
        parts.identity, parts.input_fields
    );

    let mut projection = Source::default();
    match parts.has_input {
        HasInput::Always => {}
        HasInput::Never => {
            projection.text("fn has_input(&self) -> ::core::primitive::bool { false }");
        }
        HasInput::Counted => {
            projection.text(
                "fn has_input(&self) -> ::core::primitive::bool { __toolmeta::projects_any(self) }",
            );
        }
    }
    projection
        .text("fn project<__ToolmetaMap: __toolmeta::SerializeMap>(&self, __toolmeta_map: &mut __ToolmetaMap) -> __toolmeta::Result<(), __ToolmetaMap::Error>")
        .group(Delimiter::Brace, parts.project);
    impl_header(out, container, generics, "Projection");
    out.group(Delimiter::Brace, projection);
}

/// `#[automatically_derived] impl<..> __toolmeta::{trait_name} for Type<..> where ..`: text for a
/// type without generics, the user's tokens spliced in otherwise.
fn impl_header(out: &mut Source, container: &Container, generics: &Generics, trait_name: &str) {
    let ident = container.ident;
    if generics.params.is_empty() && generics.where_clause.is_none() {
        let _ = write!(
            out,
            "#[automatically_derived] impl __toolmeta::{trait_name} for {ident}"
        );
    } else {
        let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
        out.text("#[automatically_derived] impl")
            .tokens(impl_generics)
            .text(&format!("__toolmeta::{trait_name} for {ident}"))
            .tokens(ty_generics)
            .tokens(where_clause);
    }
}

fn dispatch_impls(container: &Container, variants: &[Variant]) -> TokenStream {
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
                    .push(quote!(#ident::#name(__toolmeta_tool) => __toolmeta::Projection::has_input(__toolmeta_tool),));
                project.push(
                    quote!(#ident::#name(__toolmeta_tool) => __toolmeta::Projection::project(__toolmeta_tool, __toolmeta_map),),
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
                    },
                })
            });
        quote! {
            #[automatically_derived]
            impl #impl_generics __toolmeta::TaggedTool for #ident #ty_generics #where_clause {
                const TAG: &'static ::core::primitive::str = #tag;
                const VARIANTS: &'static [__toolmeta::TaggedVariant] = &[#(#entries)*];
            }
        }
    });
    quote! {
        #tagged

        #[automatically_derived]
        impl #impl_generics __toolmeta::Projection for #ident #ty_generics #where_clause {
            fn has_input(&self) -> ::core::primitive::bool {
                match self {
                    #(#has_input)*
                }
            }

            fn project<__ToolmetaMap: __toolmeta::SerializeMap>(
                &self,
                __toolmeta_map: &mut __ToolmetaMap,
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

fn fallback_enum(container: &Container) -> TokenStream {
    let ident = container.ident;
    let (impl_generics, ty_generics, where_clause) = container.generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics __toolmeta::Projection for #ident #ty_generics #where_clause {
            fn has_input(&self) -> ::core::primitive::bool {
                false
            }

            fn project<__ToolmetaMap: __toolmeta::SerializeMap>(
                &self,
                __toolmeta_map: &mut __ToolmetaMap,
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
