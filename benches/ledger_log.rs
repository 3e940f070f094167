//! The ledger against the validation floor as whole processes over one log file.
//!
//! - `ledger-log generate PATH`: writes the generated session log (`toolmeta_benches::stream`);
//! - `ledger-log generate-bare PATH`: writes the same log without envelopes
//!   (`toolmeta_benches::stream_without_envelopes`), the traffic of agents that send none;
//! - `ledger-log floor PATH [PASSES]`: reads it line by line and validates each line
//!   (`serde_json::from_str::<IgnoredAny>`), as any reader that must not be fooled by a broken
//!   line does at least;
//! - `ledger-log ledger PATH [PASSES]`: reads it with `Ledger::read_lines`, into a fresh
//!   ledger each pass: the library pass, through the reading loop `toolmeta inspect` reads
//!   through (`Ledger::read_lines_with`);
//! - `ledger-log bound PATH [PASSES]`: reads each line with serde_json into borrowed structs
//!   of only the fields the ledger reads ([`BoundLine`]), and keeps nothing: a lower bound
//!   for any ledger that reads its fields through serde_json, below the ledger's own reading
//!   (it fails a line on a string with escapes, or on a field of an unexpected type, where
//!   the ledger reads on).
//!
//! `PASSES` (1 by default) reads the file that many times in the one process, so that the
//! process runs long enough for `/usr/bin/time`'s resolution.
//!
//! All three read lines the same way, with the line reader the ledger's `read_lines` uses
//! (`toolmeta::client::for_each_line`), then a UTF-8 check, so the difference is what the
//! ledger does beyond validating. `benches/ledger_log.sh` times them beside `toolmeta
//! inspect` and a Node.js peer.
#![forbid(unsafe_code)]

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::ops::ControlFlow;

use serde::de::IgnoredAny;
use toolmeta::client::{BoundedLine, Ledger, for_each_line};
use toolmeta_benches::BoundLine;

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mode, path, passes) = match args.as_slice() {
        [mode, path] => (mode, path, 1),
        [mode, path, passes] => (mode, path, passes.parse().unwrap_or(0)),
        _ => (&String::new(), &String::new(), 0),
    };
    if passes == 0 {
        eprintln!("usage: ledger-log generate|generate-bare|floor|ledger|bound PATH [PASSES]");
        std::process::exit(2);
    }
    match mode.as_str() {
        "generate" => write_log(path, toolmeta_benches::stream()),
        "generate-bare" => write_log(path, toolmeta_benches::stream_without_envelopes()),
        "floor" => (0..passes).try_for_each(|_| floor(path)),
        "ledger" => (0..passes).try_for_each(|_| ledger(path)),
        "bound" => (0..passes).try_for_each(|_| bound(path)),
        other => {
            eprintln!("unknown mode {other:?}: generate, generate-bare, floor, ledger or bound");
            std::process::exit(2);
        }
    }
}

/// Writes `lines` to `path`, one per line.
fn write_log(path: &str, lines: Vec<String>) -> io::Result<()> {
    let mut out = BufWriter::new(File::create(path)?);
    for line in lines {
        writeln!(out, "{line}")?;
    }
    out.flush()
}

/// Validates every line of the log at `path`.
fn floor(path: &str) -> io::Result<()> {
    let (lines, valid) = count_lines(path, |text| {
        serde_json::from_str::<IgnoredAny>(text).is_ok()
    })?;
    println!("{lines} lines, {valid} valid JSON");
    Ok(())
}

/// Reads the fields the ledger reads from every line of the log at `path`, keeping nothing.
fn bound(path: &str) -> io::Result<()> {
    let (lines, tool_calls) = count_lines(path, |text| {
        serde_json::from_str::<BoundLine>(text).is_ok_and(|read| read.is_tool_call())
    })?;
    println!("{lines} lines, {tool_calls} tool-call updates");
    Ok(())
}

/// Reads the log at `path` line by line, with the line reader of the ledger's `read_lines`,
/// and counts the lines and those `read` says yes to (after a UTF-8 check, as the ledger's).
fn count_lines(path: &str, mut read: impl FnMut(&str) -> bool) -> io::Result<(usize, usize)> {
    let reader = BufReader::new(File::open(path)?);
    let (mut lines, mut yes) = (0usize, 0usize);
    for_each_line(reader, usize::MAX, |line| {
        lines += 1;
        if let BoundedLine::Whole(line) = line {
            yes += usize::from(read(std::str::from_utf8(line).unwrap_or("")));
        }
        ControlFlow::Continue(())
    })?;
    Ok((lines, yes))
}

/// Reads the log at `path` into a ledger.
fn ledger(path: &str) -> io::Result<()> {
    let mut ledger = Ledger::new();
    // Through the buffer `toolmeta inspect` reads a file with (`Ledger::read_lines`' advice).
    ledger.read_lines(BufReader::with_capacity(64 << 10, File::open(path)?))?;
    let counts = ledger.counts();
    println!(
        "{} lines, {} not JSON, {} calls held",
        counts.lines,
        counts.not_json,
        ledger.len()
    );
    Ok(())
}
