//! The contract as a harness writes it: the derive and the runtime's envelope, toolsets,
//! effects, strict decoding, the published and reference schemas, and the docs that state it
//! (DESIGN.md §2–§5).
//!
//! One test binary, a module per subject; `cargo test --test contract MODULE` runs one.

#[path = "../common/mod.rs"]
mod common;

// Counts allocations; its crate replaces this binary's global allocator, counting per thread.
mod allocations;
// The derive: first-party and real harness tools, generic and borrowing forms, every way a
// tool is registered, serde's attributes, named conversions, empty inputs.
mod derive;
// `docs/wire-contract.md` and `docs/catalog.md` read back against the runtime's tables.
mod docs;
// Each kind's effects, the derive's overrides, and a client asking a call for them.
mod effects;
// The envelope's exact serialized form, and stamping it into `_meta`.
mod envelope;
// The published JSON Schema, the reference schema, and strict decoding against them.
mod schema;
// Strict decoding of the envelope (`ToolMeta`).
mod strict_decoding;
// Toolsets: lookup, renames, duplicates, raw projection through wire keys.
mod toolset;
