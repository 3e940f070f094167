//! `#[derive(ToolIdentity)]` at run time (its compile errors are `toolmeta-derive/tests/ui`).

// Named conversions: an argv as one command line, an inclusive last line as `limit`.
mod conversions;
// A projection that comes out empty omits `input` on every path.
mod empty_input;
// Generic, borrowing, converted and re-exported forms, and enums of tools.
mod forms;
// A new harness written from the README and docs/adopting.md alone.
mod new_harness;
// Property: the borrowing envelope and the owned one serialize to the same bytes.
mod props;
// Tool-argument structs copied from public Rust coding agents (`real/`, provenance in each).
mod real;
// Every key reaches the envelope whichever way a tool is registered.
mod registration;
// Raw projection follows serde.
mod serde_raw;
// The first-party tools of the design's examples: exact envelope JSON.
mod tools;
