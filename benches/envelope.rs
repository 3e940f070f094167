//! The derive's envelope against the obvious hand-written way, side by side in one run.
//!
//! For a read-file tool and a shell tool:
//! - `to_bytes/derive`: the borrowing envelope serialized into a reused `Vec<u8>`;
//! - `to_bytes/hand_written`: the input `Value` built field by field with `to_value`, the
//!   envelope `Value` built around it, then serialized into the same kind of buffer;
//! - `stamp/derive`: `ToolIdentity::stamp` into an existing `_meta` map;
//! - `stamp/hand_written`: the same two `Value`s, inserted into the map.
//!
//! Run: `cargo bench -p toolmeta-benches --bench envelope`, and again with
//! `--features preserve_order` (serde_json keeps key order, as in an ACP harness).
#![forbid(unsafe_code)]

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use serde_json::{Map, Value, json};
use std::hint::black_box;
use toolmeta::{TOOL_META_KEY, ToolIdentity};

/// Grok Build's `read_file`, as DESIGN.md declares it.
#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
struct ReadFile {
    #[tool(project)]
    path: String,
    #[tool(project)]
    offset: Option<i64>,
    #[tool(project)]
    limit: Option<u64>,
    #[allow(dead_code)]
    pages: Option<String>,
}

/// A shell tool.
#[derive(ToolIdentity)]
#[tool(name = "bash", namespace = "grok_build", kind = "execute")]
struct Bash {
    #[tool(project)]
    command: String,
    #[tool(project)]
    description: Option<String>,
    #[tool(project)]
    cwd: Option<String>,
    #[allow(dead_code)]
    timeout_ms: Option<u64>,
}

/// The obvious hand-written envelope of `read_file`.
fn read_file_by_hand(tool: &ReadFile) -> Value {
    let mut input = Map::new();
    input.insert("path".to_owned(), serde_json::to_value(&tool.path).unwrap());
    if let Some(offset) = tool.offset.filter(|offset| *offset >= 0) {
        input.insert(
            "offset".to_owned(),
            serde_json::to_value(offset.max(1)).unwrap(),
        );
    }
    if let Some(limit) = tool.limit {
        input.insert("limit".to_owned(), serde_json::to_value(limit).unwrap());
    }
    json!({
        "version": 1,
        "name": "read_file",
        "kind": "read",
        "namespace": "grok_build",
        "label": "Read",
        "read_only": true,
        "input": Value::Object(input),
    })
}

/// The obvious hand-written envelope of `bash`.
fn bash_by_hand(tool: &Bash) -> Value {
    let mut input = Map::new();
    input.insert(
        "command".to_owned(),
        serde_json::to_value(&tool.command).unwrap(),
    );
    if let Some(description) = &tool.description {
        input.insert(
            "description".to_owned(),
            serde_json::to_value(description).unwrap(),
        );
    }
    if let Some(cwd) = &tool.cwd {
        input.insert("cwd".to_owned(), serde_json::to_value(cwd).unwrap());
    }
    json!({
        "version": 1,
        "name": "bash",
        "kind": "execute",
        "namespace": "grok_build",
        "label": "Run Command",
        "read_only": false,
        "input": Value::Object(input),
    })
}

/// An event's `_meta` as harnesses send it, before stamping.
fn existing_meta() -> Map<String, Value> {
    let mut meta = Map::new();
    meta.insert("bash_mode".to_owned(), Value::Bool(false));
    meta.insert("backend".to_owned(), Value::String("local".to_owned()));
    meta
}

fn bench_tool<T: ToolIdentity>(c: &mut Criterion, name: &str, tool: &T, by_hand: fn(&T) -> Value) {
    // Both ways must produce the same envelope, or the comparison means nothing.
    assert_eq!(
        serde_json::to_value(tool.envelope()).unwrap(),
        by_hand(tool)
    );

    let mut group = c.benchmark_group(format!("{name}/to_bytes"));
    let mut buffer = Vec::with_capacity(512);
    group.bench_function("derive", |b| {
        b.iter(|| {
            buffer.clear();
            serde_json::to_writer(&mut buffer, &black_box(tool).envelope()).unwrap();
            black_box(&buffer);
        })
    });
    group.bench_function("hand_written", |b| {
        b.iter(|| {
            buffer.clear();
            serde_json::to_writer(&mut buffer, &by_hand(black_box(tool))).unwrap();
            black_box(&buffer);
        })
    });
    group.finish();

    let mut group = c.benchmark_group(format!("{name}/stamp"));
    group.bench_function("derive", |b| {
        b.iter_batched(
            existing_meta,
            |meta| black_box(black_box(tool).stamp(Some(meta))),
            BatchSize::PerIteration,
        )
    });
    group.bench_function("hand_written", |b| {
        b.iter_batched(
            existing_meta,
            |mut meta| {
                meta.insert(TOOL_META_KEY.to_owned(), by_hand(black_box(tool)));
                black_box(meta)
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

fn envelopes(c: &mut Criterion) {
    let read = ReadFile {
        path: "crates/toolmeta/src/envelope.rs".to_owned(),
        offset: Some(0),
        limit: Some(120),
        pages: None,
    };
    bench_tool(c, "read_file", &read, read_file_by_hand);
    let bash = Bash {
        command: "cargo test --workspace -- --nocapture".to_owned(),
        description: Some("Run the test suite".to_owned()),
        cwd: Some("/work/project".to_owned()),
        timeout_ms: Some(600_000),
    };
    bench_tool(c, "bash", &bash, bash_by_hand);
}

criterion_group!(benches, envelopes);
criterion_main!(benches);
