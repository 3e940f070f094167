//! The line reader: any bytes, read as a log, never panic, and every line is counted once;
//! reading the log whole (`read_lines`) and line by line (`feed_bytes`) agree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toolmeta::client::{Ledger, write_json_lines};

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
        by_line.feed_bytes(line.strip_suffix(b"\r").unwrap_or(line));
    }
    assert_eq!(
        whole.counts().lines,
        lines.len() as u64,
        "every line counted once"
    );
    assert_eq!(whole.counts(), by_line.counts());

    let (mut a, mut b) = (Vec::new(), Vec::new());
    write_json_lines(&whole, &mut a).unwrap();
    write_json_lines(&by_line, &mut b).unwrap();
    assert_eq!(a, b, "the same records whole and line by line");
});
