//! Strict decoding: any text either fails to decode or decodes to an envelope that
//! round-trips through its own serialization.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toolmeta::ToolMeta;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(meta) = serde_json::from_str::<ToolMeta>(text) else {
        return;
    };
    let written = serde_json::to_string(&meta).expect("a decoded envelope serializes");
    let again: ToolMeta = serde_json::from_str(&written).expect("and decodes again");
    assert_eq!(meta, again);
});
