//! `toolmeta proxy`.

// The Decider extension point: the proxy's own answers between whole client lines.
mod decider;
// It leaves as soon as both sides are done.
mod exit;
// As a process in front of small agents: bytes, exit status, standard error, signals, log.
mod process;
// Every recorded real session replayed through the proxy.
mod replay;
// The stamping rules, line by line, on the `Stamper` in-process.
mod stamp;
// Between a client on the official ACP TypeScript SDK and an agent that sends no envelope.
mod ts_client;
// `toolmeta proxy AGENT` without `--` says what to write.
mod usage;
