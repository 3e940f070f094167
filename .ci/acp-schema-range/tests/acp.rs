//! The root package's ACP tests, compiled against this crate's schema version.
#[path = "../../../tests/acp_mcp/acp.rs"]
mod acp;
