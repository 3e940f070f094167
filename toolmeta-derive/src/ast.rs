//! The typed syntax tree of a derive input: a tool struct or an enum of tools, with the
//! attributes of each part parsed.

use syn::{DeriveInput, Generics, Ident, Type};

use crate::attr::{self, Scope};
use crate::ctxt::Ctxt;

/// The item `#[derive(ToolIdentity)]` is on.
pub struct Container<'a> {
    pub ident: &'a Ident,
    pub generics: &'a Generics,
    pub attrs: attr::Container,
    pub data: Data<'a>,
}

/// A struct's fields or an enum's variants.
pub enum Data<'a> {
    Struct(Vec<Field<'a>>),
    Enum(Vec<Variant<'a>>),
}

/// A named field of a tool struct.
pub struct Field<'a> {
    pub ident: &'a Ident,
    /// The field's name without any `r#`.
    pub name: String,
    /// The key serde reads the field from in the raw JSON arguments.
    pub wire: String,
    pub ty: &'a Type,
    /// `T` when the field is an `Option<T>`.
    pub option_inner: Option<&'a Type>,
    pub attrs: attr::Field,
}

/// A variant of an enum of tools.
pub struct Variant<'a> {
    pub ident: &'a Ident,
    pub attrs: attr::Variant,
    pub fields: &'a syn::Fields,
}

impl Variant<'_> {
    /// The type of a newtype variant `Name(Type)`.
    pub fn newtype(&self) -> Option<&Type> {
        match self.fields {
            syn::Fields::Unnamed(fields) if fields.unnamed.len() == 1 => {
                Some(&fields.unnamed[0].ty)
            }
            _ => None,
        }
    }
}

impl<'a> Container<'a> {
    /// Parses `input`; `None` when it is not an item the derive supports (reported).
    pub fn from_ast(cx: &Ctxt, input: &'a DeriveInput) -> Option<Container<'a>> {
        let (data, scope) = match &input.data {
            syn::Data::Struct(data) => match &data.fields {
                syn::Fields::Named(fields) => {
                    let attrs = attr::Container::from_attrs(cx, &input.attrs, Scope::Struct);
                    let fields = fields
                        .named
                        .iter()
                        .map(|field| Field::from_ast(cx, field, &attrs))
                        .collect();
                    return Some(Container {
                        ident: &input.ident,
                        generics: &input.generics,
                        attrs,
                        data: Data::Struct(fields),
                    });
                }
                syn::Fields::Unnamed(_) => {
                    cx.error_spanned_by(
                        &input.ident,
                        "#[derive(ToolIdentity)] needs a struct with named fields: each projected field is matched to a canonical key and a JSON argument by name; write `struct Name { field: Type }`",
                    );
                    return None;
                }
                syn::Fields::Unit => {
                    cx.error_spanned_by(
                        &input.ident,
                        "#[derive(ToolIdentity)] needs a struct with named fields; a tool without arguments is written `struct Name {}` with #[tool(no_input)]",
                    );
                    return None;
                }
            },
            syn::Data::Enum(data) => {
                let variants = data
                    .variants
                    .iter()
                    .map(|variant| Variant {
                        ident: &variant.ident,
                        attrs: attr::Variant::from_attrs(cx, &variant.attrs),
                        fields: &variant.fields,
                    })
                    .collect();
                (Data::Enum(variants), Scope::Enum)
            }
            syn::Data::Union(data) => {
                cx.error_spanned_by(
                    data.union_token,
                    "#[derive(ToolIdentity)] does not support unions: derive it on a struct with named fields, or on an enum of tool structs",
                );
                return None;
            }
        };
        let attrs = attr::Container::from_attrs(cx, &input.attrs, scope);
        Some(Container {
            ident: &input.ident,
            generics: &input.generics,
            attrs,
            data,
        })
    }
}

impl<'a> Field<'a> {
    fn from_ast(cx: &Ctxt, field: &'a syn::Field, container: &attr::Container) -> Field<'a> {
        let ident = field.ident.as_ref().expect("named fields have names");
        let name = ident.to_string().trim_start_matches("r#").to_owned();
        let attrs = attr::Field::from_attrs(cx, &field.attrs);
        let wire = match (&attrs.serde.rename, container.serde.rename_all) {
            (Some(rename), _) => rename.clone(),
            (None, Some(rule)) => rule.apply_to_field(&name),
            (None, None) => name.clone(),
        };
        Field {
            ident,
            name,
            wire,
            ty: &field.ty,
            option_inner: option_inner(&field.ty),
            attrs,
        }
    }
}

/// `T` when `ty` is spelled `Option<T>` (or `std::option::Option<T>`, `core::option::Option<T>`).
/// Looks through the invisible groups of a type passed through a `macro_rules!` fragment
/// and through parentheses.
fn option_inner(ty: &Type) -> Option<&Type> {
    let path = match ty {
        Type::Group(group) => return option_inner(&group.elem),
        Type::Paren(paren) => return option_inner(&paren.elem),
        Type::Path(path) => path,
        _ => return None,
    };
    if path.qself.is_some() {
        return None;
    }
    let segments: Vec<String> = path
        .path
        .segments
        .iter()
        .map(|segment| segment.ident.to_string())
        .collect();
    let is_option = match segments
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["Option"] => path.path.leading_colon.is_none(),
        ["std" | "core", "option", "Option"] => true,
        _ => false,
    };
    if !is_option {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &path.path.segments.last()?.arguments else {
        return None;
    };
    match args.args.iter().collect::<Vec<_>>().as_slice() {
        [syn::GenericArgument::Type(inner)] => Some(inner),
        _ => None,
    }
}
