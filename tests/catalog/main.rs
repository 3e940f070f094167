//! Recognizing calls of harnesses that send no envelope: the catalog of each harness, checked
//! against the tool lists real harnesses sent, and the ledger and the reference reader over
//! the real recorded traffic (`tests/data/real/`, provenance in each folder).
//!
//! One test binary, a module per subject; `cargo test --test catalog MODULE` runs one.

// A recording of the `agent` example driven by the official ACP TypeScript SDK's client.
mod agent_recording;
// A reading must be earned (DESIGN §6, §8): every recorded call with each piece of its
// evidence removed, and its arguments renamed to another tool's, reads as the design says.
mod earned_sweep;
// For each harness, a realistic `rawInput` of each major tool gives the right envelope.
mod harnesses;
// Every recorded real session comes out call by call as its `expected.jsonl` says.
mod real_traffic;
// The reference reader outside Rust (Node.js) agrees with the ledger and the corpus.
mod reference_reader;
// The catalog against the tool lists real harnesses sent to the model (`tools.json`).
mod tools_json;
