//! The `toolmeta` program: each subcommand in-process on readers and writers, and the binary
//! as a process (exit codes, closed pipes, signals, the proxy between real peers).
//!
//! One test binary, a module per subcommand; `cargo test -p toolmeta-cli --test cli MODULE`
//! runs one.

// `toolmeta catalog`: the export is the shipped catalog file; the table for a person.
mod catalog;
// What the modules running example programs share.
mod common;
// Issue 38's readings: what is not earned is never read as more than it says.
mod earned;
// Every list of catalog harnesses in the README, the docs and the help is the catalog's.
mod harness_lists;
// `toolmeta inspect` on the shipped logs: exact `--json` lines, the table, errors.
mod inspect;
// `toolmeta live`: what the traffic makes it print cannot drive the terminal.
mod live;
// `inspect --otlp` on the real wire: spans decoded by a receiver of the official messages.
mod otlp;
// `--otlp` in a build without the `otel` feature says how to get it.
mod otlp_not_built;
// Counts of one are said in the singular.
mod plurals;
// `toolmeta policy test`: a policy's own examples, and its exit codes.
mod policy;
// A real agent (OpenCode) recorded behind `toolmeta proxy --policy`: each decision acted on.
mod policy_agent;
// `toolmeta policy check` and `toolmeta proxy --policy`: the decisions acted on.
#[cfg(unix)]
mod policy_acts;
// Every real recording replayed through `policy check` with the starter policy.
mod policy_replay;
// The binary as a process: help, exit codes, closed pipes.
mod program;
// `toolmeta proxy`: the stamping rules, the process, real sessions replayed, real SDK peers.
mod proxy;
// `toolmeta touched`: the real recordings, and crafted or unlucky logs.
mod touched;
