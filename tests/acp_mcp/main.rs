//! The protocols' own SDKs: toolmeta's `acp` and `rmcp` features, and the examples (`agent`,
//! `harness`, `mcp_server`) driven by the official ACP and MCP SDKs and by hostile clients.
//!
//! One test binary, a module per subject; a module that needs a feature of this package (on
//! by default) is compiled only with it. The examples it runs are the ones `cargo test`
//! builds beside the tests; `cargo test --test acp_mcp MODULE` runs one module.

#[path = "../common/mod.rs"]
mod common;

// Stamping the ACP schema's values, and envelope kinds mapped onto ACP's.
#[cfg(feature = "acp")]
mod acp;
// Both ends on the official ACP Rust SDK, the `agent` example as the agent.
#[cfg(feature = "acp")]
mod acp_roundtrip;
// The `agent` example against hostile and broken clients, and the TypeScript SDK's client.
#[cfg(feature = "acp")]
mod agent;
// The stream of the `harness` example: valid ACP, and the envelope lifecycle.
#[cfg(feature = "acp")]
mod harness_example;
// The `mcp_server` example, read and called by the official MCP Rust SDK's client.
#[cfg(feature = "rmcp")]
mod mcp_server;
// MCP annotations and definitions from the declaration, and the envelope of an MCP call.
#[cfg(feature = "rmcp")]
mod rmcp;
