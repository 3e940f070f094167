//! The derive's envelope against the obvious hand-written way, side by side in one run.
//!
//! For a read-file tool and a shell tool:
//! - `to_bytes/derive`: the borrowing envelope serialized into a reused `Vec<u8>`;
//! - `to_bytes/hand_written`: the input `Value` built field by field with `to_value`, the
//!   envelope `Value` built around it, then serialized into the same kind of buffer;
//! - `stamp/derive`: the envelope's `stamp` (`tool.envelope().stamp(..)`) into an existing `_meta` map;
//! - `stamp/hand_written`: the same two `Value`s, inserted into the map;
//! - `read_file/raw_stamp/toolset`: the toolset's raw `stamp` of `read_file`'s JSON arguments;
//! - `read_file/raw_stamp/hand_written`: the same envelope picked from the raw arguments by hand.
//!
//! Run: `cargo bench -p toolmeta-benches --bench envelope`, and again with
//! `--features preserve_order` (serde_json keeps key order, as in an ACP harness); the
//! instruction counts: `sh benches/envelope_instructions.sh` (same features).
#![forbid(unsafe_code)]

use criterion::{BatchSize, Criterion, criterion_group};
use serde_json::{Map, Value, json};
use std::hint::black_box;
use toolmeta::{RegisteredTool, TOOL_META_KEY, ToolEntry, ToolIdentity, Toolset};

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

/// The obvious hand-written envelope of a `read_file` call from its raw JSON arguments (what
/// the toolset's raw `stamp` does): each key looked up and checked, its value cloned.
fn read_file_raw_by_hand(raw: &Value) -> Value {
    let mut input = Map::new();
    if let Some(path) = raw.get("path").filter(|path| path.is_string()) {
        input.insert("path".to_owned(), path.clone());
    }
    if let Some(offset) = raw
        .get("offset")
        .and_then(Value::as_i64)
        .filter(|offset| *offset >= 0)
    {
        input.insert(
            "offset".to_owned(),
            serde_json::to_value(offset.max(1)).unwrap(),
        );
    }
    if let Some(limit) = raw.get("limit").and_then(Value::as_u64) {
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

/// The raw arguments of a `read_file` call, as the model sent them.
fn read_file_raw() -> Value {
    json!({"path": "crates/toolmeta/src/envelope.rs", "offset": 0, "limit": 120, "pages": null})
}

/// The toolset that knows `read_file` by its recorded wire keys.
fn toolset() -> Toolset {
    let mut tools = Toolset::new();
    tools.insert(ToolEntry::of::<ReadFile>()).unwrap();
    tools
}

/// The toolset's raw `stamp` against the hand-written way.
fn bench_raw(c: &mut Criterion) {
    let tools = toolset();
    let tool = tools.get("read_file").unwrap();
    let raw = read_file_raw();
    let mut by_hand = existing_meta();
    by_hand.insert(TOOL_META_KEY.to_owned(), read_file_raw_by_hand(&raw));
    assert_eq!(tool.stamp(Some(&raw), Some(existing_meta())), by_hand);

    let mut group = c.benchmark_group("read_file/raw_stamp");
    group.bench_function("toolset", |b| {
        b.iter_batched(
            existing_meta,
            |meta| black_box(tool.stamp(Some(black_box(&raw)), Some(meta))),
            BatchSize::PerIteration,
        )
    });
    group.bench_function("hand_written", |b| {
        b.iter_batched(
            existing_meta,
            |mut meta| {
                meta.insert(
                    TOOL_META_KEY.to_owned(),
                    read_file_raw_by_hand(black_box(&raw)),
                );
                black_box(meta)
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
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
            |meta| black_box(black_box(tool).envelope().stamp(Some(meta))),
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

/// The two tools the benches stamp.
fn tools() -> (ReadFile, Bash) {
    let read = ReadFile {
        path: "crates/toolmeta/src/envelope.rs".to_owned(),
        offset: Some(0),
        limit: Some(120),
        pages: None,
    };
    let bash = Bash {
        command: "cargo test --workspace -- --nocapture".to_owned(),
        description: Some("Run the test suite".to_owned()),
        cwd: Some("/work/project".to_owned()),
        timeout_ms: Some(600_000),
    };
    (read, bash)
}

fn envelopes(c: &mut Criterion) {
    let (read, bash) = tools();
    bench_tool(c, "read_file", &read, read_file_by_hand);
    bench_tool(c, "bash", &bash, bash_by_hand);
    bench_raw(c);
}

criterion_group!(benches, envelopes);

/// `ENVELOPE_BENCH_ONCE=<case>` runs [`ONCE`] stamps of one case each way and exits, for
/// instruction counts that machine noise does not move; `benches/envelope_instructions.sh`
/// counts them under callgrind. The cases: `read_file`, `bash` (`envelope().stamp()`) and `raw` (the
/// toolset's raw `stamp` of `read_file`). Each way is an `#[inline(never)]` function that
/// returns the stamped map, which criterion does not time dropping either, wrapped in one
/// that drops it (`dropped_*`), for the count with the drop.
const ONCE: usize = 1000;

/// The derive's `stamp` of `tool` into `meta`.
#[inline(never)]
fn stamp_derive<T: ToolIdentity>(tool: &T, meta: Map<String, Value>) -> Map<String, Value> {
    black_box(tool).envelope().stamp(Some(meta))
}

/// The hand-written stamp of `tool` into `meta`.
#[inline(never)]
fn stamp_by_hand<T>(
    tool: &T,
    by_hand: fn(&T) -> Value,
    mut meta: Map<String, Value>,
) -> Map<String, Value> {
    meta.insert(TOOL_META_KEY.to_owned(), by_hand(black_box(tool)));
    meta
}

/// The toolset's raw `stamp` into `meta`.
#[inline(never)]
fn raw_stamp_toolset(
    tool: &RegisteredTool<'_>,
    raw: &Value,
    meta: Map<String, Value>,
) -> Map<String, Value> {
    tool.stamp(Some(black_box(raw)), Some(meta))
}

/// The hand-written stamp from raw arguments into `meta`.
#[inline(never)]
fn raw_stamp_by_hand(raw: &Value, mut meta: Map<String, Value>) -> Map<String, Value> {
    meta.insert(
        TOOL_META_KEY.to_owned(),
        read_file_raw_by_hand(black_box(raw)),
    );
    meta
}

/// `stamp` and drop the result.
#[inline(never)]
fn dropped_derive(
    meta: Map<String, Value>,
    stamp: impl FnOnce(Map<String, Value>) -> Map<String, Value>,
) {
    drop(black_box(stamp(meta)));
}

/// The hand-written stamp, and drop the result.
#[inline(never)]
fn dropped_by_hand(
    meta: Map<String, Value>,
    stamp: impl FnOnce(Map<String, Value>) -> Map<String, Value>,
) {
    drop(black_box(stamp(meta)));
}

/// Runs [`ONCE`] stamps of `case` each way.
fn once(case: &str) {
    let (read, bash) = tools();
    let toolset = toolset();
    let tool = toolset.get("read_file").unwrap();
    let raw = read_file_raw();
    for _ in 0..ONCE {
        match case {
            "read_file" => {
                dropped_derive(existing_meta(), |meta| stamp_derive(&read, meta));
                dropped_by_hand(existing_meta(), |meta| {
                    stamp_by_hand(&read, read_file_by_hand, meta)
                });
            }
            "bash" => {
                dropped_derive(existing_meta(), |meta| stamp_derive(&bash, meta));
                dropped_by_hand(existing_meta(), |meta| {
                    stamp_by_hand(&bash, bash_by_hand, meta)
                });
            }
            "raw" => {
                dropped_derive(existing_meta(), |meta| raw_stamp_toolset(&tool, &raw, meta));
                dropped_by_hand(existing_meta(), |meta| raw_stamp_by_hand(&raw, meta));
            }
            _ => panic!("ENVELOPE_BENCH_ONCE is one of read_file, bash, raw; not {case:?}"),
        }
    }
}

fn main() {
    if let Some(case) = std::env::var_os("ENVELOPE_BENCH_ONCE") {
        once(case.to_str().expect("a case name"));
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
