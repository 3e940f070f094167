//! The workspace's criterion benches (`envelope.rs`, `ledger.rs`); this library is empty.
#![forbid(unsafe_code)]
