//! `toolmeta proxy`.

// As a process in front of small agents: bytes, exit status, standard error, signals, log.
mod process;
// Every recorded real session replayed through the proxy.
mod replay;
// The stamping rules, line by line, on the `Stamper` in-process.
mod stamp;
// Between a client on the official ACP TypeScript SDK and an agent that sends no envelope.
mod ts_client;
