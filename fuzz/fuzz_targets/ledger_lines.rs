//! The line reader: any bytes, read as a log, never panic, and every line is counted once;
//! reading the log whole (`read_lines`) and line by line (`feed`) agree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toolmeta::client::Ledger;

// The tests' record of a call, shared rather than copied.
#[allow(dead_code)]
#[path = "../../tests/common/call_record.rs"]
mod call_record;

fuzz_target!(|data: &[u8]| {
    let mut whole = Ledger::new();
    whole
        .read_lines(data)
        .expect("reading from a slice cannot fail");

    let mut by_line = Ledger::new();
    let lines: Vec<&[u8]> = if data.is_empty() {
        Vec::new()
    } else {
        // `read_lines` splits on LF; a final line without one still counts.
        let body = data.strip_suffix(b"\n").unwrap_or(data);
        body.split(|byte| *byte == b'\n').collect()
    };
    for line in &lines {
        by_line.feed(line.strip_suffix(b"\r").unwrap_or(line));
    }
    assert_eq!(
        whole.counts().lines,
        lines.len() as u64,
        "every line counted once"
    );
    assert_eq!(whole.counts(), by_line.counts());

    let records = |ledger: &Ledger| -> Vec<serde_json::Value> {
        ledger.calls().map(call_record::call_record).collect()
    };
    assert_eq!(
        records(&whole),
        records(&by_line),
        "the same calls whole and line by line"
    );
});
