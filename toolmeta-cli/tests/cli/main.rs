//! The `toolmeta` program: each subcommand in-process on readers and writers, and the binary
//! as a process (exit codes, closed pipes, signals, the proxy between real peers).
//!
//! One test binary, a module per subcommand; `cargo test -p toolmeta-cli --test cli MODULE`
//! runs one.

// `toolmeta catalog`: the export is the shipped catalog file; the table for a person.
mod catalog;
// What the modules running example programs share.
mod common;
// `toolmeta inspect` on the shipped logs: exact `--json` lines, the table, errors.
mod inspect;
// `toolmeta live`: what the traffic makes it print cannot drive the terminal.
mod live;
// The binary as a process: help, exit codes, closed pipes.
mod program;
// `toolmeta proxy`: the stamping rules, the process, real sessions replayed, real SDK peers.
mod proxy;
// `toolmeta touched`: the real recordings, and crafted or unlucky logs.
mod touched;
