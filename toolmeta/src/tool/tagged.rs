//! [`TaggedTool`]: one model-facing tool whose kind depends on an argument, declared as a
//! serde internally tagged enum (`#[serde(tag = "command")]`) with one struct variant per
//! kind, each with its own `#[tool(...)]`.

use serde_json::Value;

use crate::toolset::raw::project_raw;
use crate::{Identity, InputField};

/// One variant of a tagged tool: the tag value that selects it, its identity and its
/// projected fields. Written by the derive as a struct literal (so not `#[non_exhaustive]`,
/// like [`InputField`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TaggedVariant {
    /// The tag value serde reads the variant from (after `rename`/`rename_all`).
    pub tag: &'static str,
    /// Further tag values serde accepts for it (`#[serde(alias)]`).
    pub aliases: &'static [&'static str],
    /// The variant's identity.
    pub identity: Identity,
    /// The variant's projected fields with their raw wire keys.
    pub fields: &'static [InputField],
}

/// A serde internally tagged enum of tool variants: what `#[derive(ToolIdentity)]` gives an
/// enum with `#[serde(tag = "...")]` and struct variants, beside
/// [`ToolDispatch`](crate::ToolDispatch). Its raw arguments are projected by reading the tag
/// first ([`ToolEntry::tagged`](crate::ToolEntry::tagged)).
pub trait TaggedTool {
    /// The key of the tag in the raw arguments.
    const TAG: &'static str;
    /// Every variant, in declaration order.
    const VARIANTS: &'static [TaggedVariant];
}

/// The variant of `variants` that raw arguments `raw` select through their `tag` value.
pub(crate) fn variant_of<'a>(
    tag: &str,
    variants: &'a [TaggedVariant],
    raw: &Value,
) -> Option<&'a TaggedVariant> {
    let value = raw.get(tag)?.as_str()?;
    variants
        .iter()
        .find(|variant| variant.tag == value || variant.aliases.contains(&value))
}

/// The identity and canonical input of a call with raw arguments `raw`: the variant's,
/// `None` when the tag is missing or names no variant.
pub(crate) fn project_tagged(
    tag: &str,
    variants: &[TaggedVariant],
    raw: &Value,
) -> Option<(Identity, Option<Value>)> {
    let variant = variant_of(tag, variants, raw)?;
    Some((
        variant.identity,
        project_raw(&variant.identity, variant.fields, raw),
    ))
}
