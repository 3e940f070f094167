//! The ledger's throughput against the floor — merely validating each line
//! (`serde_json::from_str::<IgnoredAny>`) — and against parsing each line into
//! `serde_json::Value`, side by side over one generated stream of ACP lines (at least 100k), in the mix of a real
//! session: message chunks, identity-only `tool_call`s, refinements with `input`, permission
//! requests with diffs, completions with file contents, persisted lines, and Claude Code
//! calls without envelopes.
//!
//! `cargo bench -p toolmeta-benches --bench ledger` — the ratios: ledger time / extraction
//! bound time (target ≤ 1.5; the bound is the least serde_json takes to read the fields the
//! ledger read on 2026-12-05: [`BoundLine`], frozen), bound time / validation time, and
//! parse-to-`Value` time / ledger time. The whole-process measurement over a log file, with
//! the Node.js peer, is `benches/ledger_log.sh`; the figures and their commands are in
//! `docs/performance.md`, "The ledger and `toolmeta inspect`".

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group};
use serde::de::IgnoredAny;
use serde_json::Value;
use toolmeta::client::Ledger;

use toolmeta_benches::{BoundLine, stream};

fn ledger_vs_parse(c: &mut Criterion) {
    let lines = stream();
    let bytes: usize = lines.iter().map(|line| line.len() + 1).sum();
    // The stream must be what the ledger is meant for: every line read, none skipped.
    let mut check = Ledger::new();
    for line in &lines {
        check.feed(line);
    }
    assert_eq!(check.counts().lines as usize, lines.len());
    assert_eq!(check.counts().not_json, 0);
    eprintln!(
        "stream: {} lines, {:.1} MiB, {} calls, {} skipped (JSON-RPC responses)",
        lines.len(),
        bytes as f64 / (1 << 20) as f64,
        check.counts().evicted_finished as usize + check.len(),
        check.counts().skipped()
    );

    let mut group = c.benchmark_group("ledger_vs_parse");
    group.throughput(Throughput::Elements(lines.len() as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("validate_ignored_any", |b| b.iter(|| floor_pass(&lines)));
    group.bench_function("extraction_bound", |b| b.iter(|| bound_pass(&lines)));
    group.bench_function("parse_to_value", |b| b.iter(|| parse_pass(&lines)));
    group.bench_function("ledger", |b| b.iter(|| ledger_pass(&lines)));
    group.finish();
}

criterion_group!(benches, ledger_vs_parse);

/// The floor: one pass of merely validating every line (`IgnoredAny`), what any reader
/// that must not be fooled by a broken line does at least.
#[inline(never)]
fn floor_pass(lines: &[String]) {
    for line in lines {
        black_box(serde_json::from_str::<IgnoredAny>(black_box(line)).is_ok());
    }
}

/// One pass of the extraction bound: the fields the ledger reads, borrowed, nothing kept.
#[inline(never)]
fn bound_pass(lines: &[String]) -> usize {
    lines
        .iter()
        .filter_map(|line| serde_json::from_str::<BoundLine>(black_box(line)).ok())
        .filter(BoundLine::is_tool_call)
        .count()
}

/// One pass of merely parsing every line into a `Value`.
#[inline(never)]
fn parse_pass(lines: &[String]) {
    for line in lines {
        black_box(serde_json::from_str::<Value>(black_box(line)).ok());
    }
}

/// One pass of the ledger over every line.
#[inline(never)]
fn ledger_pass(lines: &[String]) -> usize {
    let mut ledger = Ledger::new();
    for line in lines {
        black_box(ledger.feed(black_box(line)));
    }
    ledger.len()
}

/// `LEDGER_BENCH_ONCE=1` runs one pass of each over the stream and exits, for instruction
/// counts that machine noise does not move:
///
/// ```text
/// LEDGER_BENCH_ONCE=1 valgrind --tool=callgrind --collect-atstart=no \
///     --toggle-collect='ledger::parse_pass' target/release/deps/ledger-<hash> --bench
/// ```
/// and the same with `ledger::floor_pass`, `ledger::bound_pass` and `ledger::ledger_pass`.
fn main() {
    if std::env::var_os("LEDGER_BENCH_ONCE").is_some() {
        let lines = stream();
        floor_pass(&lines);
        black_box(bound_pass(&lines));
        parse_pass(&lines);
        black_box(ledger_pass(&lines));
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
