//! Catalog synthesis: any arguments to any catalog tool give an envelope of that harness
//! (or none for an unknown name), whose input, when present, is a non-empty object.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use toolmeta::catalog::{Harness, synthesize};

fuzz_target!(|data: &[u8]| {
    let [harness, tool, rest @ ..] = data else {
        return;
    };
    let harness = Harness::ALL[usize::from(*harness) % Harness::ALL.len()];
    let tools = harness.tools();
    let name = tools
        .tools()
        .nth(usize::from(*tool) % tools.len())
        .expect("the index is within the toolset")
        .name();
    let raw = serde_json::from_slice::<Value>(rest).ok();
    let meta = synthesize(harness, name, raw.as_ref()).expect("a catalog tool is known");
    assert_eq!(meta.namespace, harness.namespace());
    assert_eq!(meta.name, name);
    if let Some(input) = &meta.input {
        let input = input.as_object().expect("input is an object");
        assert!(!input.is_empty(), "input is never {{}}");
    }
    assert!(synthesize(harness, "\u{0}not a tool", raw.as_ref()).is_none());
});
