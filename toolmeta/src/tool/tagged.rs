//! [`TaggedTool`]: one model-facing tool whose kind depends on an argument, declared as a
//! serde internally tagged enum (`#[serde(tag = "command")]`) with one struct variant per
//! kind, each with its own `#[tool(...)]`; or a serde-tagged enum of tool types, internally
//! or adjacently tagged (`#[serde(tag = "name", content = "arguments")]`).

use serde_json::Value;

use crate::toolset::raw::project_raw;
use crate::{Identity, InputField, TypedProjection};

/// One variant of a tagged tool: the tag value that selects it, its identity and its
/// projected fields. Written by the derive as a struct literal (so not `#[non_exhaustive]`,
/// like [`InputField`]).
#[derive(Debug, Clone, Copy)]
pub struct TaggedVariant {
    /// The tag value serde reads the variant from (after `rename`/`rename_all`).
    pub tag: &'static str,
    /// Further tag values serde accepts for it (`#[serde(alias)]`).
    pub aliases: &'static [&'static str],
    /// The variant's identity.
    pub identity: Identity,
    /// The variant's projected fields with their raw wire keys.
    pub fields: &'static [InputField],
    /// For a variant holding a tool type that converts a key in Rust, its typed projection
    /// (the type's [`ToolIdentity::TYPED_PROJECTION`](crate::ToolIdentity)): the variant's
    /// arguments are deserialized into it.
    #[doc(hidden)]
    pub typed: Option<TypedProjection>,
}

/// By what it is: the tag values, identity and fields (not the address of a projection
/// function, which Rust does not guarantee unique).
impl PartialEq for TaggedVariant {
    fn eq(&self, other: &TaggedVariant) -> bool {
        (self.tag, self.aliases, self.identity, self.fields)
            == (other.tag, other.aliases, other.identity, other.fields)
            && self.typed.is_some() == other.typed.is_some()
    }
}

impl Eq for TaggedVariant {}

impl std::hash::Hash for TaggedVariant {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.tag, self.aliases, self.identity, self.fields).hash(state);
        self.typed.is_some().hash(state);
    }
}

/// A serde internally tagged enum of tool variants: what `#[derive(ToolIdentity)]` gives an
/// enum with `#[serde(tag = "...")]` and struct variants, beside
/// [`ToolDispatch`](crate::ToolDispatch). Its raw arguments are projected by reading the tag
/// first ([`ToolEntry::tagged`](crate::ToolEntry::tagged)).
pub trait TaggedTool {
    /// The key of the tag in the raw arguments.
    const TAG: &'static str;
    /// For an adjacently tagged enum (`#[serde(tag = "name", content = "arguments")]`), the
    /// key of the variant's arguments beside the tag; `None` when they sit beside the tag
    /// (internally tagged).
    const CONTENT: Option<&'static str> = None;
    /// Every variant, in declaration order.
    const VARIANTS: &'static [TaggedVariant];
    /// Set by the derive when some variant converts a key in Rust (`with`, `compute`, ...):
    /// raw arguments are then projected by deserializing them into the enum.
    #[doc(hidden)]
    const TYPED_PROJECTION: Option<TypedProjection> = None;
}

/// How a tagged tool's raw arguments select a variant: the tag's key, where the variant's
/// arguments are, and the variants.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tagging {
    pub(crate) tag: &'static str,
    pub(crate) content: Option<&'static str>,
    pub(crate) variants: &'static [TaggedVariant],
}

impl Tagging {
    pub(crate) const fn of<T: TaggedTool>() -> Tagging {
        Tagging {
            tag: T::TAG,
            content: T::CONTENT,
            variants: T::VARIANTS,
        }
    }

    /// The variant that raw arguments `raw` select through their tag value.
    pub(crate) fn variant_of(&self, raw: &Value) -> Option<&'static TaggedVariant> {
        let value = raw.get(self.tag)?.as_str()?;
        self.variants
            .iter()
            .find(|variant| variant.tag == value || variant.aliases.contains(&value))
    }

    /// The identity and canonical input of a call with raw arguments `raw`: the variant's,
    /// read from its content when adjacently tagged; `None` when the tag is missing or names
    /// no variant.
    pub(crate) fn project(&self, raw: &Value) -> Option<(Identity, Option<Value>)> {
        let variant = self.variant_of(raw)?;
        let arguments = match self.content {
            Some(content) => raw.get(content),
            None => Some(raw),
        };
        let input = arguments.and_then(|arguments| {
            if let Some(typed) = variant.typed
                && let Some(input) = typed(arguments)
            {
                return input;
            }
            project_raw(&variant.identity, variant.fields, arguments)
        });
        Some((variant.identity, input))
    }
}
