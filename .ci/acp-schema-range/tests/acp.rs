//! The root package's ACP tests, compiled against this crate's schema version.
#[path = "../../../tests/acp.rs"]
mod acp;
