//! Real harness structs: tool-argument structs copied from four public Rust coding agents
//! (Codex, Zed's agent, goose, the Amazon Q Developer CLI), annotated the natural way, each
//! with the envelope it must give, typed and raw (tests/real/). Expected values are decided
//! from the contract (DESIGN.md §2, §3): the label shapes, the `offset` rules, payloads
//! never projected, raw projection following serde.
// The copied structs keep every field the harness declares, read or not.
#![allow(dead_code)]

#[path = "real/amazon_q.rs"]
mod amazon_q;
#[path = "real/check.rs"]
mod check;
#[path = "real/codex.rs"]
mod codex;
#[path = "real/goose.rs"]
mod goose;
#[path = "real/zed.rs"]
mod zed;

// Each `tools()` checks every declaration of its file on real calls and returns the
// structs (tagged enums are checked inside, by variant) for the property test below.

#[test]
fn codex_tools_give_their_envelopes() {
    assert_eq!(codex::tools().len(), 9);
}

#[test]
fn zed_tools_give_their_envelopes() {
    // 11 structs; the tagged `EditFileByMode` is checked inside.
    assert_eq!(zed::tools().len(), 11);
}

#[test]
fn goose_tools_give_their_envelopes() {
    // 7 structs; the tagged `TextEditor` is checked inside.
    assert_eq!(goose::tools().len(), 7);
}

#[test]
fn amazon_q_tools_give_their_envelopes() {
    // 13 structs; the tagged enums `FsWrite` and `TodoList` are checked inside.
    assert_eq!(amazon_q::tools().len(), 13);
}
