//! The client side (DESIGN.md §6): the loose reader, the ledger's merging, identity from the
//! evidence a call carries, live events, bounded memory, and hostile input.
//!
//! One test binary, a module per subject; `cargo test --test client MODULE` runs one.

#[path = "../common/mod.rs"]
mod common;

// Values serde_json cannot represent, batches, byte order marks, line limits.
mod bad_input;
// A crafted or unlucky log cannot make a report omit or relabel a path, or hide that it is
// incomplete.
mod crafted_logs;
// Identity from the strongest evidence, the fallback, permission requests, and the line
// shapes of other harnesses' traffic.
mod evidence;
// The evidence order of DESIGN §6: ACP's `name`, `_meta` keys, titles, ids; the harness from
// `initialize`; identity frozen when a call finishes; subagents.
mod identity;
// Every line shape, merging per call, the fallback and the catalog, counters, sessions,
// bounded memory.
mod ledger;
// Events with stable handles, times, content, permissions and sessions, for a live client.
mod live;
// Reading a stream line by line: line ends, the line limit, I/O errors, a live stream.
mod lines;
// The loose reader of one envelope (`LooseMeta`).
mod loose_meta;
// The policy's decisions do not depend on the order of its rules (a property).
mod policy_order;
// Properties over hostile input: no panic, every line counted once, memory within limits.
mod props;
