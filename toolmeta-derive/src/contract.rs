//! The derive's reading of the wire contract: the kinds, namespaces, canonical keys and
//! label shapes of `shared/` (the one source both crates compile: `shared` is a symlink to
//! `toolmeta/src/contract/shared`), as lookup tables, and the payload names.

use crate::shared::keys::key_table;
pub use crate::shared::kinds::OTHER as OTHER_KIND;
use crate::shared::kinds::kind_table;
pub use crate::shared::namespaces::{FIRST_PARTY as NAMESPACES, FirstParty as Namespace};
use crate::shared::shapes::shape_table;

/// One row of the kind table.
pub struct Kind {
    /// The snake_case wire name.
    pub wire: &'static str,
    /// The `toolmeta::ToolKind` variant.
    pub variant: &'static str,
    /// The cross-harness label.
    pub label: &'static str,
    /// The read-only default.
    pub read_only: bool,
    /// The wire name of the ACP `ToolKind` it maps to.
    pub acp: &'static str,
}

macro_rules! kinds {
    ($( $(#[$doc:meta])* $variant:ident { wire: $wire:literal, label: $label:literal, read_only: $read_only:literal, acp: $acp:literal, $($more:tt)* } )*) => {
        /// Every kind, in the order of the wire contract.
        pub const KINDS: &[Kind] = &[
            $(Kind { wire: $wire, variant: stringify!($variant), label: $label, read_only: $read_only, acp: $acp },)*
        ];
    };
}
kind_table!(kinds);

/// What values a canonical key carries.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KeyType {
    /// A string naming a path.
    Path,
    /// A string.
    Text,
    /// An integer.
    Integer,
}

/// One row of the key table: a key, what it carries, and how the generated code projects it.
pub struct Key {
    /// The key in the canonical input.
    pub name: &'static str,
    /// What it carries; `None` for the row of the extra keys ([`EXTRA`]).
    pub ty: Option<KeyType>,
    /// The `__private` trait a field type implements to carry the key (it converts the
    /// value; its `on_unimplemented` message says which types fit).
    pub project_trait: &'static str,
    /// The `__private` traits that check and convert a `with` function's output: for a key
    /// the label's shape requires (the function returns the value) and for any other (it
    /// returns an `Option`).
    pub with_traits: [&'static str; 2],
    /// The trait of `__private::checked` that reads a field of a type only the key trait
    /// can judge (named as the key table's row: `OFFSET`).
    pub checked_trait: &'static str,
    /// The `Projector` method that writes it.
    pub write: Write,
}

/// How the generated `project` writes a key, as a `Projector` method.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Write {
    /// `.method("key", value)`.
    Keyed(&'static str),
    /// `.method(value)`: the method knows its key and normalizes the value; `zero_based` is
    /// the method for a source that counts from 0 (`#[tool(zero_based)]`).
    Normalized {
        method: &'static str,
        zero_based: &'static str,
    },
}

/// The `__private` traits that check a `with` function's output, by what the key carries.
const fn with_traits(carries: KeyType) -> [&'static str; 2] {
    match carries {
        KeyType::Path => ["WithPathValue", "WithPathOption"],
        KeyType::Text => ["WithTextValue", "WithTextOption"],
        KeyType::Integer => ["WithIntegerValue", "WithIntegerOption"],
    }
}

/// How the derive writes a key, from its `write` column: `offset / offset_from_zero` is
/// normalized, any other method is keyed.
macro_rules! write {
    ($method:ident / $zero_based:ident) => {
        Write::Normalized {
            method: stringify!($method),
            zero_based: stringify!($zero_based),
        }
    };
    ($method:ident) => {
        Write::Keyed(stringify!($method))
    };
}

macro_rules! keys {
    ($( $(#[$doc:meta])* $name:ident { key: $key:literal, carries: $ty:ident, project_trait: $trait:ident, write: $write:ident $(/ $zero_based:ident)?, $($more:tt)* } )*) => {
        /// Every canonical key, in the order of the wire contract (which is also the order
        /// of the projection).
        pub const KEYS: &[Key] = &[
            $(Key {
                name: $key,
                ty: Some(KeyType::$ty),
                project_trait: stringify!($trait),
                with_traits: with_traits(KeyType::$ty),
                checked_trait: stringify!($name),
                write: write!($write $(/ $zero_based)?),
            },)*
        ];
    };
}
key_table!(keys);

impl Key {
    /// Whether the runtime normalizes the value (`offset`, a 1-based start line): it may
    /// drop it (a negative offset), and `zero_based` applies.
    pub fn normalized(&self) -> bool {
        matches!(self.write, Write::Normalized { .. })
    }
}

/// The row of every harness-specific extra key (`#[tool(extra = "...")]`).
pub const EXTRA: Key = Key {
    name: "",
    ty: None,
    project_trait: "ProjectExtra",
    with_traits: ["WithExtraValue", "WithExtraOption"],
    checked_trait: "EXTRA",
    write: Write::Keyed("extra"),
};

/// Names of bulky payloads (file contents, edits, patches, todo lists): a field so named, in
/// Rust or on the wire, is never projected unless its attribute says it is short. Matched
/// up to case, `_` and `-`, so the camelCase forms (`fileText`, `oldString`, ...) count too.
pub const PAYLOAD_NAMES: &[&str] = &[
    "content",
    "contents",
    "file_text",
    "old_string",
    "new_string",
    "old_str",
    "new_str",
    "new_source",
    "patch",
    "patch_text",
    "diff",
    "edits",
    "todos",
];

/// The payload name `name` is spelled after, if any.
pub fn payload_name(name: &str) -> Option<&'static str> {
    // Compared letter by letter, skipping `_` and `-`, without building strings: this runs
    // for every projected field's names.
    let letters = |word: &'static str| word.bytes().filter(|b| *b != b'_');
    let spelled = |payload: &'static str| {
        let mut name = name
            .bytes()
            .filter(|b| *b != b'_' && *b != b'-')
            .map(|b| b.to_ascii_lowercase());
        letters(payload).all(|b| name.next() == Some(b)) && name.next().is_none()
    };
    PAYLOAD_NAMES
        .iter()
        .copied()
        .find(|payload| spelled(payload))
}

/// One label shape: the keys a projecting tool of that label must and may carry.
pub struct Shape {
    /// The label.
    pub label: &'static str,
    /// Keys that must be projected, from non-optional fields.
    pub required: &'static [&'static str],
    /// Keys that may be projected besides.
    pub optional: &'static [&'static str],
}

macro_rules! shapes {
    ($( $label:literal { required: [$($required:literal),*], optional: [$($optional:literal),*] $($more:tt)* } )*) => {
        /// The labels that have a shape; every other label accepts any canonical key.
        pub const SHAPES: &[Shape] = &[$(Shape { label: $label, required: &[$($required),*], optional: &[$($optional),*] }),*];
    };
}
shape_table!(shapes);

/// The kind spelled exactly `wire`.
pub fn kind(wire: &str) -> Option<&'static Kind> {
    KINDS.iter().find(|kind| kind.wire == wire)
}

/// The canonical key `key`; `None` when it is not canonical.
pub fn key(key: &str) -> Option<&'static Key> {
    KEYS.iter().find(|row| row.name == key)
}

/// The names of the canonical keys, in contract order.
pub fn key_names() -> impl Iterator<Item = &'static str> + Clone {
    KEYS.iter().map(|row| row.name)
}

/// The shape of `label`; `None` for an open label.
pub fn shape(label: &str) -> Option<&'static Shape> {
    SHAPES.iter().find(|shape| shape.label == label)
}
