//! The names of the attributes and their keys.

use std::fmt::{self, Display};

use syn::{Ident, Path};

/// An attribute or key name.
#[derive(Copy, Clone)]
pub struct Symbol(pub &'static str);

/// `#[tool(...)]`
pub const TOOL: Symbol = Symbol("tool");
/// `#[toolmeta(...)]`, the same attribute under toolmeta's own name, for an item where
/// another derive owns `#[tool]`.
pub const TOOLMETA: Symbol = Symbol("toolmeta");
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
pub const REMOTE: Symbol = Symbol("remote");
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

// `#[repr(...)]`
pub const REPR: Symbol = Symbol("repr");
pub const PACKED: Symbol = Symbol("packed");

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
pub const CONTENT: Symbol = Symbol("content");
pub const FROM: Symbol = Symbol("from");
pub const TRY_FROM: Symbol = Symbol("try_from");
pub const TRANSPARENT: Symbol = Symbol("transparent");
pub const SERDE_REMOTE: Symbol = Symbol("remote");

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
    REMOTE,
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

impl PartialEq for Symbol {
    fn eq(&self, other: &Symbol) -> bool {
        self.0 == other.0
    }
}

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
