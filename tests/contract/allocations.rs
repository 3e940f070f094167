//! The borrowing envelope makes no heap allocation when the buffer has enough capacity.
//!
//! `allocation-counter` replaces the global allocator of the test binary it is linked into
//! (this one, `contract`), counting per thread, so the tests running in parallel do not
//! disturb each other's counts.
#![forbid(unsafe_code)]

use toolmeta::ToolIdentity;

use crate::common::ReadFile;

#[derive(ToolIdentity)]
#[tool(name = "bash", namespace = "grok_build", kind = "execute")]
struct Bash<'a> {
    #[tool(project)]
    command: &'a str,
    #[tool(project)]
    description: Option<&'a str>,
}

fn allocations_of(write: impl FnOnce()) -> u64 {
    allocation_counter::measure(write).count_total
}

#[test]
fn writing_the_envelope_into_a_buffer_with_capacity_does_not_allocate() {
    let read = ReadFile::of_main(Some(0));
    let mut buffer = Vec::with_capacity(1024);
    let count = allocations_of(|| serde_json::to_writer(&mut buffer, &read.envelope()).unwrap());
    assert_eq!(count, 0, "wrote {}", String::from_utf8_lossy(&buffer));
    assert!(buffer.starts_with(br#"{"version":1,"name":"read_file""#));

    let bash = Bash {
        command: "cargo test",
        description: Some(""),
    };
    buffer.clear();
    let count = allocations_of(|| {
        serde_json::to_writer(&mut buffer, &bash.envelope().with_name("shell")).unwrap()
    });
    assert_eq!(count, 0, "wrote {}", String::from_utf8_lossy(&buffer));
}

#[test]
fn the_counter_does_see_allocations() {
    // Guards the test above against a counter that never counts.
    let read = ReadFile {
        path: "src/main.rs".to_owned(),
        offset: None,
        limit: None,
        pages: None,
    };
    let count = allocations_of(|| drop(read.tool_meta()));
    assert!(count > 0);
}
