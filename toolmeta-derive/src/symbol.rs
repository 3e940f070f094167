//! The names of the attributes and their keys.

use std::fmt::{self, Display};

use syn::{Ident, Path};

/// An attribute or key name.
#[derive(Copy, Clone)]
pub struct Symbol(pub &'static str);

/// `#[tool(...)]`
pub const TOOL: Symbol = Symbol("tool");
/// `#[serde(...)]`
pub const SERDE: Symbol = Symbol("serde");

// Container keys.
pub const NAME: Symbol = Symbol("name");
pub const NAMESPACE: Symbol = Symbol("namespace");
pub const KIND: Symbol = Symbol("kind");
pub const LABEL: Symbol = Symbol("label");
pub const READ_ONLY: Symbol = Symbol("read_only");
pub const DESTRUCTIVE: Symbol = Symbol("destructive");
pub const IDEMPOTENT: Symbol = Symbol("idempotent");
pub const OPEN_WORLD: Symbol = Symbol("open_world");
pub const TITLE: Symbol = Symbol("title");
pub const NO_INPUT: Symbol = Symbol("no_input");
pub const CRATE: Symbol = Symbol("crate");
pub const COMPUTE: Symbol = Symbol("compute");
// Container and field key.
pub const PROJECT: Symbol = Symbol("project");
// Field keys.
pub const EXTRA: Symbol = Symbol("extra");
pub const WITH: Symbol = Symbol("with");
pub const PAYLOAD: Symbol = Symbol("payload");
pub const SKIP: Symbol = Symbol("skip");
pub const ZERO_BASED: Symbol = Symbol("zero_based");
pub const LAST_LINE: Symbol = Symbol("last_line");
pub const NOT_PAYLOAD: Symbol = Symbol("not_payload");
// Variant key.
pub const DYNAMIC: Symbol = Symbol("dynamic");

// serde keys.
pub const RENAME: Symbol = Symbol("rename");
pub const RENAME_ALL: Symbol = Symbol("rename_all");
pub const DESERIALIZE: Symbol = Symbol("deserialize");
pub const ALIAS: Symbol = Symbol("alias");
pub const DEFAULT: Symbol = Symbol("default");
pub const FLATTEN: Symbol = Symbol("flatten");
pub const DESERIALIZE_WITH: Symbol = Symbol("deserialize_with");
pub const SERDE_WITH: Symbol = Symbol("with");
pub const SERDE_SKIP: Symbol = Symbol("skip");
pub const SKIP_DESERIALIZING: Symbol = Symbol("skip_deserializing");
pub const TAG: Symbol = Symbol("tag");
pub const RENAME_ALL_FIELDS: Symbol = Symbol("rename_all_fields");

/// The keys of a struct's `#[tool(...)]`.
pub const CONTAINER_KEYS: &[Symbol] = &[
    NAME,
    NAMESPACE,
    KIND,
    LABEL,
    READ_ONLY,
    DESTRUCTIVE,
    IDEMPOTENT,
    OPEN_WORLD,
    TITLE,
    NO_INPUT,
    PROJECT,
    CRATE,
    COMPUTE,
];
/// The keys of a field's `#[tool(...)]`.
pub const FIELD_KEYS: &[Symbol] = &[
    PROJECT,
    EXTRA,
    WITH,
    PAYLOAD,
    SKIP,
    ZERO_BASED,
    LAST_LINE,
    NOT_PAYLOAD,
];
/// The keys of an enum's `#[tool(...)]`.
pub const ENUM_KEYS: &[Symbol] = &[CRATE];
/// The keys of an enum variant's `#[tool(...)]`.
pub const VARIANT_KEYS: &[Symbol] = &[DYNAMIC];

impl PartialEq<Symbol> for Ident {
    fn eq(&self, word: &Symbol) -> bool {
        self == word.0
    }
}

impl PartialEq<Symbol> for &Ident {
    fn eq(&self, word: &Symbol) -> bool {
        *self == word.0
    }
}

impl PartialEq<Symbol> for &str {
    fn eq(&self, word: &Symbol) -> bool {
        *self == word.0
    }
}

impl PartialEq<Symbol> for Path {
    fn eq(&self, word: &Symbol) -> bool {
        self.is_ident(word.0)
    }
}

impl PartialEq<Symbol> for &Path {
    fn eq(&self, word: &Symbol) -> bool {
        self.is_ident(word.0)
    }
}

impl Display for Symbol {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str(self.0)
    }
}
