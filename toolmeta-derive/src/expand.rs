//! Code generation: the `Projection` and `ToolIdentity` impls of a tool struct, the
//! `Projection` and `ToolDispatch` impls of an enum of tools, and the fallback impls
//! emitted beside compile errors so that they are not followed by a cascade of
//! "trait not implemented" errors.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{DeriveInput, Generics, Type, WherePredicate, parse_quote};

use crate::ast::{Container, Data, Field, Variant};
use crate::check::{self, Projected, Tool};
use crate::contract::{KeyType, OFFSET_KEY};
use crate::ctxt::Ctxt;

/// Expands the derive on `input`: the impls, or the errors plus fallback impls.
pub fn derive(input: &DeriveInput) -> TokenStream {
    let cx = Ctxt::default();
    let Some(container) = Container::from_ast(&cx, input) else {
        let errors = cx.check().err().map(|error| error.to_compile_error());
        return quote!(#errors);
    };
    let body = match &container.data {
        Data::Struct(fields) => {
            let tool = check::tool(&cx, &container, fields);
            if cx.has_errors() {
                fallback_struct(&container, &tool)
            } else {
                tool_impls(&container, &tool)
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
    let crate_path = match &container.attrs.crate_path {
        Some(path) => quote!(#path),
        None => quote!(::toolmeta),
    };
    let errors = cx.check().err().map(|error| error.to_compile_error());
    // Everything the impls name is re-exported from `__private`, so that one short path
    // serves them all: fewer tokens per derived type to build, parse and resolve.
    quote! {
        #errors
        #[doc(hidden)]
        #[allow(unused_qualifications, clippy::all, clippy::pedantic)]
        const _: () = {
            use #crate_path::__private as _tm;
            #body
        };
    }
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

/// The helper trait that checks and converts a value for `key`.
fn key_trait(projected: &Projected) -> Ident {
    let name = match projected.key_type {
        None => "ProjectExtra",
        Some(_) => match projected.key.as_str() {
            "path" => "ProjectPath",
            "directory" => "ProjectDirectory",
            "cwd" => "ProjectCwd",
            "command" => "ProjectCommand",
            "description" => "ProjectDescription",
            "pattern" => "ProjectPattern",
            "url" => "ProjectUrl",
            "query" => "ProjectQuery",
            "offset" => "ProjectOffset",
            _ => "ProjectLimit",
        },
    };
    Ident::new(name, Span::call_site())
}

/// The type whose fitness for the key is checked: `T` of an `Option<T>`, else the field type.
fn checked_type<'a>(field: &'a Field) -> &'a Type {
    field.option_inner.unwrap_or(field.ty)
}

/// The statements projecting one field through the `__p` projector (`__private::Projector`).
fn project_field(projected: &Projected) -> TokenStream {
    let field = projected.field;
    let member = field.ident;
    let key = &projected.key;
    let trait_ident = key_trait(projected);
    // Converts `$value` (a reference to the value) to what is serialized, and writes it.
    let write = |value: TokenStream, convert: TokenStream| -> TokenStream {
        match projected.key_type {
            Some(KeyType::Integer) if key == OFFSET_KEY => quote!(__p.offset(#convert(#value));),
            Some(KeyType::Integer) => quote!(__p.integer(#key, #convert(#value));),
            _ => quote!(__p.entry(#key, &#convert(#value));),
        }
    };
    if let Some((path, lit)) = &field.attrs.with {
        // `with`: the converter's output type is inferred; errors land on the string.
        let convert = quote_spanned!(lit.span()=> <_ as _tm::#trait_ident>::value);
        let call = quote_spanned!(lit.span()=> #path(&self.#member));
        let write = write(quote!(&__converted), convert);
        return quote! {
            if let _tm::Some(__converted) = #call {
                #write
            }
        };
    }
    let ty = checked_type(field);
    let convert = quote_spanned!(ty.span()=> <#ty as _tm::#trait_ident>::value);
    match field.option_inner {
        Some(_) => {
            let write = write(quote!(__value), convert);
            quote! {
                if let _tm::Some(__value) = &self.#member {
                    #write
                }
            }
        }
        None => write(quote!(&self.#member), convert),
    }
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
            let trait_ident = key_trait(projected);
            parse_quote!(#ty: _tm::#trait_ident)
        })
        .collect()
}

fn tool_impls(container: &Container, tool: &Tool) -> TokenStream {
    let identity = tool.identity.as_ref().expect("checked before expanding");
    let generics = with_bounds(
        container.generics,
        projection_bounds(container.generics, &tool.projected),
    );
    let statements = tool.projected.iter().map(project_field);
    let name = &identity.name;
    let kind = format_ident!("{}", identity.kind.variant);
    let namespace = format_ident!("{}", identity.namespace.variant);
    let label = (identity.label != identity.kind.label).then(|| {
        let label = &identity.label;
        quote!(.with_label(#label))
    });
    let read_only = (identity.read_only != identity.kind.read_only).then(|| {
        let read_only = identity.read_only;
        quote!(.with_read_only(#read_only))
    });
    let input_fields = tool.projected.iter().map(|projected| {
        let key = &projected.key;
        let wire = &projected.field.wire;
        let extra = projected.is_extra();
        let optional = projected.field.option_inner.is_some();
        let converted = projected.field.attrs.with.is_some();
        quote!(_tm::input_field(#key, #wire, #extra, #optional, #converted))
    });

    let identity = quote! {
        _tm::Identity::new(#name, _tm::ToolKind::#kind, _tm::Namespace::#namespace) #label #read_only
    };
    let project = quote! {
        let mut __p = _tm::Projector::new(__map);
        #(#statements)*
        __p.finish()
    };
    struct_impls(
        container,
        &generics,
        !tool.has_input,
        &project,
        &identity,
        &quote!(#(#input_fields),*),
    )
}

/// The impls emitted beside errors: they satisfy the traits so that uses of the type do not
/// add errors of their own, and still check the types of the fields whose key was valid.
fn fallback_struct(container: &Container, tool: &Tool) -> TokenStream {
    let type_checks = tool
        .projected
        .iter()
        .filter(|projected| projected.field.attrs.with.is_none())
        .filter(|projected| {
            !mentions(
                checked_type(projected.field),
                &type_params(container.generics),
            )
        })
        .map(|projected| {
            let ty = checked_type(projected.field);
            let trait_ident = key_trait(projected);
            quote_spanned!(ty.span()=> let _ = <#ty as _tm::#trait_ident>::value;)
        });
    let identity = quote! {
        _tm::Identity::new("", _tm::ToolKind::Other, _tm::Namespace::GrokBuild)
    };
    struct_impls(
        container,
        container.generics,
        false,
        &quote!(#(#type_checks)* _tm::Ok(())),
        &identity,
        &TokenStream::new(),
    )
}

/// The `Projection` and `ToolIdentity` impls of a tool struct, around their parts.
/// `has_input` is the trait's default (`true`), so it is only emitted for `no_input` tools.
fn struct_impls(
    container: &Container,
    generics: &Generics,
    no_input: bool,
    project_body: &TokenStream,
    identity: &TokenStream,
    input_fields: &TokenStream,
) -> TokenStream {
    let ident = container.ident;
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let has_input = no_input.then(|| {
        quote! {
            fn has_input(&self) -> bool {
                false
            }
        }
    });
    quote! {
        #[automatically_derived]
        impl #impl_generics _tm::Projection for #ident #ty_generics #where_clause {
            #has_input

            fn project<__M: _tm::SerializeMap>(&self, __map: &mut __M) -> _tm::Result<(), __M::Error> {
                #project_body
            }
        }

        #[automatically_derived]
        impl #impl_generics _tm::ToolIdentity for #ident #ty_generics #where_clause {
            const IDENTITY: _tm::Identity = #identity;

            const INPUT_FIELDS: &'static [_tm::InputField] = &[#input_fields];
        }
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
            let bound = quote_spanned!(ty.span()=> _tm::ToolIdentity);
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
                let tool = quote!(<#ty as _tm::ToolIdentity>::IDENTITY);
                has_input.push(
                    quote!(#ident::#name(__tool) => _tm::Projection::has_input(__tool),),
                );
                project.push(
                    quote!(#ident::#name(__tool) => _tm::Projection::project(__tool, __map),),
                );
                identity.push(quote!(#ident::#name(_) => _tm::Some(#tool),));
            }
            _ => {
                has_input.push(quote!(#ident::#name { .. } => false,));
                project.push(quote!(#ident::#name { .. } => _tm::Ok(()),));
                identity.push(quote!(#ident::#name { .. } => _tm::None,));
            }
        }
    }
    quote! {
        #[automatically_derived]
        impl #impl_generics _tm::Projection for #ident #ty_generics #where_clause {
            fn has_input(&self) -> bool {
                match self {
                    #(#has_input)*
                }
            }

            fn project<__M: _tm::SerializeMap>(
                &self,
                __map: &mut __M,
            ) -> _tm::Result<(), __M::Error> {
                match self {
                    #(#project)*
                }
            }
        }

        #[automatically_derived]
        impl #impl_generics _tm::ToolDispatch for #ident #ty_generics #where_clause {
            fn identity(&self) -> _tm::Option<_tm::Identity> {
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
        impl #impl_generics _tm::Projection for #ident #ty_generics #where_clause {
            fn has_input(&self) -> bool {
                false
            }

            fn project<__M: _tm::SerializeMap>(
                &self,
                __map: &mut __M,
            ) -> _tm::Result<(), __M::Error> {
                _tm::Ok(())
            }
        }

        #[automatically_derived]
        impl #impl_generics _tm::ToolDispatch for #ident #ty_generics #where_clause {
            fn identity(&self) -> _tm::Option<_tm::Identity> {
                _tm::None
            }
        }
    }
}
