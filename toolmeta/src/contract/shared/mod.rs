//! The wire contract's tables and rules, written once for both crates.
//!
//! `toolmeta` compiles this directory as `contract::shared`, and `toolmeta-derive` compiles
//! the same files as its `shared` module through the symlink `toolmeta-derive/src/shared`
//! (as serde shares `serde_derive/src/internals` with `serde_derive_internals`): a
//! proc-macro crate cannot depend on the runtime crate, and `cargo package` copies what a
//! symlink points at into each crate's package, so both packages carry the same tables.
//!
//! So the files here name nothing outside this directory (no `crate::` paths) and depend on
//! `core` and `std` only. Each table is a macro that hands its rows to a callback macro of
//! the reader's (`kind_table!(kinds)`): the runtime generates its enums from the rows, the
//! derive its lookup tables. A row is `Name { column: value ... }`; a callback matches the
//! columns it reads, in order, and ignores the rest with `$($more:tt)*`, so a column added
//! at the end of every row breaks no reader that does not need it.

pub mod keys;
pub mod kinds;
pub mod namespaces;
pub mod shapes;
pub mod spelling;
