//! The typed syntax tree of a derive input: a tool struct or an enum of tools, with the
//! attributes of each part parsed.

use syn::{DeriveInput, Generics, Ident, Type};

use crate::attr::{self, Scope};
use crate::case::RenameRule;
use crate::ctxt::Ctxt;
use crate::symbol::Symbol;

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
    /// A serde internally tagged enum (`#[serde(tag = "...")]`) of struct variants: one
    /// tool whose identity depends on the tag, each variant checked as a tool struct.
    Tagged(Tagged<'a>),
}

/// A tagged tool: the tag's key and its variants.
pub struct Tagged<'a> {
    pub tag: String,
    pub variants: Vec<TaggedVariant<'a>>,
}

/// A variant of a tagged tool, checked as a tool struct of its own.
pub struct TaggedVariant<'a> {
    /// The tag value serde reads the variant from, and its aliases.
    pub tag: String,
    pub aliases: Vec<String>,
    /// Whether the variant is written `Name { .. }` (else `Name`, a unit variant).
    pub named: bool,
    /// The variant as a tool: its ident, `#[tool(...)]` and fields.
    pub tool: Container<'a>,
}

/// A named field of a tool struct. (A key computed from the whole tool,
/// `#[tool(compute(key = "function"))]`, is a source of its own: `attr::Compute`, in the
/// container's attributes.)
pub struct Field<'a> {
    /// The field's name.
    pub ident: &'a Ident,
    /// The field's name without any `r#`.
    pub name: String,
    /// The key serde reads the field from in the raw JSON arguments.
    pub wire: String,
    /// The field's type.
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
    /// The tag value serde reads the variant from when the enum is internally tagged
    /// (after `rename`/`rename_all`), and its aliases.
    pub tag: String,
    pub tag_aliases: Vec<String>,
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
        let name = attr::attr_name(input);
        let (data, scope) = match &input.data {
            syn::Data::Struct(data) => match &data.fields {
                syn::Fields::Named(fields) => {
                    let attrs = attr::Container::from_attrs(cx, &input.attrs, Scope::Struct, name);
                    let fields = fields
                        .named
                        .iter()
                        .map(|field| Field::from_ast(cx, field, &attrs, name))
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
                        "#[derive(ToolIdentity)] needs a struct with named fields: each projected field is matched to a canonical key and a JSON argument by name; write `struct Name { field: Type }` (arguments that have no struct of their own, such as rmcp's `Parameters<JsonObject>`, are described by a struct with named fields that derives ToolIdentity: its `ToolEntry` projects the raw object)",
                    );
                    return None;
                }
                // A tool without arguments: it has no input to project.
                syn::Fields::Unit => {
                    let mut attrs =
                        attr::Container::from_attrs(cx, &input.attrs, Scope::Struct, name);
                    if attrs.no_input.is_none() {
                        attrs.no_input = Some(input.ident.span());
                    }
                    return Some(Container {
                        ident: &input.ident,
                        generics: &input.generics,
                        attrs,
                        data: Data::Struct(Vec::new()),
                    });
                }
            },
            syn::Data::Enum(data) if is_tagged_tool(input, data) => {
                let attrs = attr::Container::from_attrs(cx, &input.attrs, Scope::Enum, name);
                let tag = attrs.serde.tag.clone().expect("checked by is_tagged_tool");
                let variants = data
                    .variants
                    .iter()
                    .map(|variant| TaggedVariant::from_ast(cx, input, &attrs, variant, name))
                    .collect();
                return Some(Container {
                    ident: &input.ident,
                    generics: &input.generics,
                    attrs,
                    data: Data::Tagged(Tagged { tag, variants }),
                });
            }
            syn::Data::Enum(data) => {
                let rename_all = attr::SerdeContainer::from_attrs(&input.attrs).rename_all;
                let variants = data
                    .variants
                    .iter()
                    .map(|variant| {
                        let (tag, tag_aliases) = variant_tag(variant, rename_all);
                        check_no_field_attrs(cx, variant, name);
                        Variant {
                            ident: &variant.ident,
                            attrs: attr::Variant::from_attrs(cx, &variant.attrs, name),
                            fields: &variant.fields,
                            tag,
                            tag_aliases,
                        }
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
        let attrs = attr::Container::from_attrs(cx, &input.attrs, scope, name);
        Some(Container {
            ident: &input.ident,
            generics: &input.generics,
            attrs,
            data,
        })
    }
}

/// Whether an enum is a tagged tool: `#[serde(tag = "...")]` with a struct variant (an
/// enum of newtype variants is a dispatch enum, tagged or not).
fn is_tagged_tool(input: &DeriveInput, data: &syn::DataEnum) -> bool {
    attr::SerdeContainer::from_attrs(&input.attrs).tag.is_some()
        && data
            .variants
            .iter()
            .any(|variant| matches!(variant.fields, syn::Fields::Named(_)))
}

/// The tag value serde reads `variant` from, and its aliases.
fn variant_tag(variant: &syn::Variant, rename_all: Option<RenameRule>) -> (String, Vec<String>) {
    let serde = attr::SerdeField::from_attrs(&variant.attrs);
    let name = variant.ident.to_string();
    let tag = match (serde.rename, rename_all) {
        (Some(rename), _) => rename,
        (None, Some(rule)) => rule.apply_to_variant(&name),
        (None, None) => name,
    };
    (tag, serde.aliases)
}

impl<'a> TaggedVariant<'a> {
    fn from_ast(
        cx: &Ctxt,
        input: &'a DeriveInput,
        enum_attrs: &attr::Container,
        variant: &'a syn::Variant,
        name: Symbol,
    ) -> TaggedVariant<'a> {
        let mut attrs = attr::Container::from_attrs(cx, &variant.attrs, Scope::Struct, name);
        if attrs.crate_path.is_none() {
            attrs.crate_path = enum_attrs.crate_path.clone();
        }
        // The variant's own `rename_all` names its fields, else the enum's `rename_all_fields`.
        if attrs.serde.rename_all.is_none() {
            attrs.serde.rename_all = enum_attrs.serde.rename_all_fields;
        }
        let (tag, aliases) = variant_tag(variant, enum_attrs.serde.rename_all);
        let (named, fields) = match &variant.fields {
            syn::Fields::Named(fields) => (
                true,
                fields
                    .named
                    .iter()
                    .map(|field| Field::from_ast(cx, field, &attrs, name))
                    .collect(),
            ),
            syn::Fields::Unit => (false, Vec::new()),
            syn::Fields::Unnamed(_) => {
                cx.error_spanned_by(
                    variant,
                    format!(
                        "variant `{}` of a tagged tool must be a struct variant, `{} {{ field: Type }}`, with its own #[tool(name = \"...\", namespace = \"...\", kind = \"...\")]: serde reads its fields beside the tag",
                        variant.ident, variant.ident
                    ),
                );
                (false, Vec::new())
            }
        };
        TaggedVariant {
            tag,
            aliases,
            named,
            tool: Container {
                ident: &variant.ident,
                generics: &input.generics,
                attrs,
                data: Data::Struct(fields),
            },
        }
    }
}

impl<'a> Field<'a> {
    /// The type whose fitness for a key is checked: `T` of an `Option<T>`, else the field's.
    pub fn checked_type(&self) -> &'a Type {
        self.option_inner.unwrap_or(self.ty)
    }

    fn from_ast(
        cx: &Ctxt,
        field: &'a syn::Field,
        container: &attr::Container,
        attr_name: Symbol,
    ) -> Field<'a> {
        let ident = field.ident.as_ref().expect("named fields have names");
        let name = ident.to_string().trim_start_matches("r#").to_owned();
        let attrs = attr::Field::from_attrs(cx, &field.attrs, attr_name);
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

/// A dispatch enum's variant is a tool type with attributes of its own: `#[tool(...)]` on
/// the variant's field would be ignored, so it is refused.
fn check_no_field_attrs(cx: &Ctxt, variant: &syn::Variant, name: Symbol) {
    for field in &variant.fields {
        for attr in field.attrs.iter().filter(|attr| attr.path() == name) {
            cx.error_spanned_by(
                attr,
                format!(
                    "#[{name}(...)] on the field of variant `{}` has no effect: the variant's type is the tool, so its #[{name}(...)] attributes go on that type's fields",
                    variant.ident
                ),
            );
        }
    }
}

/// Where a projected key comes from: a field, or the whole tool.
#[derive(Clone, Copy)]
pub enum Source<'a> {
    /// A field of the tool.
    Field(&'a Field<'a>),
    /// A key computed from the whole tool: `#[tool(compute(key = "function"))]`.
    Computed(&'a attr::Compute),
}

impl<'a> Source<'a> {
    /// The field, when the key comes from one.
    pub fn field(self) -> Option<&'a Field<'a>> {
        match self {
            Source::Field(field) => Some(field),
            Source::Computed(_) => None,
        }
    }

    /// The function that gives the value (a field's `with`, a computed key's function),
    /// with the string it was written as.
    pub fn function(self) -> Option<(&'a syn::Path, &'a syn::LitStr)> {
        match self {
            Source::Field(field) => field.attrs.with.as_ref().map(|(path, lit)| (path, lit)),
            Source::Computed(compute) => Some((&compute.function, &compute.lit)),
        }
    }

    /// The source as messages name it: "field `path`", "`compute(limit = ...)`".
    pub fn describe(self) -> String {
        match self {
            Source::Field(field) => format!("field `{}`", field.name),
            Source::Computed(compute) => format!("`compute({} = ...)`", compute.key),
        }
    }
}
