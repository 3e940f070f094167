//! Compile-time behaviour of `#[derive(ToolIdentity)]`: every rule of DESIGN.md §3 has a
//! compile-fail case whose reviewed `.stderr` is the error users see, and the supported
//! forms have compile-pass cases.
//!
//! Regenerate the expectations with `TRYBUILD=overwrite cargo test -p toolmeta-derive --test
//! ui`, then review every changed `.stderr` in `git diff toolmeta-derive/tests/ui`.
//!
//! Compiler messages change between Rust releases, so the expectations belong to the
//! toolchain pinned in `rust-toolchain.toml`, which cargo uses in this repository. Run with
//! another compiler (`cargo +nightly test`, a `RUSTC` override), the suite fails and says
//! why rather than passing unseen.
//!
//! The cases are in a folder per category beside this file. The suite lives in the derive's
//! crate so that trybuild builds only what the cases use (toolmeta, serde, serde_json), not
//! the dev-dependencies of the workspace's behaviour tests (the ACP and MCP SDKs, tokio).

// The error count of a build with several misfit field types (rustc's JSON, not trybuild).
mod error_count;

use std::process::Command;

const CATEGORIES: &[&str] = &[
    "container",
    "field",
    "keys",
    "shape",
    "types",
    "items",
    "enum",
    "toolset",
    "payload",
    "serde",
    "effects",
    "namespace",
    "registration",
    "attribute",
    "remote",
];

#[test]
fn ui() {
    let pinned = pinned_channel();
    let running = rustc_version();
    assert!(
        running.as_deref() == Some(pinned),
        "the UI expectations were recorded with rustc {pinned} (rust-toolchain.toml), and this \
         is {}: run `cargo test -p toolmeta-derive --test ui` without a toolchain override, or re-record them for \
         this compiler with `TRYBUILD=overwrite cargo test -p toolmeta-derive --test ui`, review `git diff toolmeta-derive/tests/ui`, \
         and move the pin",
        running.as_deref().unwrap_or("an unknown rustc")
    );

    let cases = trybuild::TestCases::new();
    for category in CATEGORIES {
        cases.compile_fail(format!("tests/ui/{category}/*.rs"));
    }
    cases.pass("tests/ui/pass/*.rs");
}

/// The `channel` of `rust-toolchain.toml`.
fn pinned_channel() -> &'static str {
    include_str!("../../../rust-toolchain.toml")
        .lines()
        .find_map(|line| line.strip_prefix("channel = "))
        .map(|value| value.trim().trim_matches('"'))
        .expect("rust-toolchain.toml names a channel")
}

/// The `x.y.z` of the `rustc` that cargo (and so trybuild) runs.
fn rustc_version() -> Option<String> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let output = Command::new(rustc).arg("--version").output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    // "rustc 1.95.0 (59807616e 2026-04-14)"
    text.split_whitespace().nth(1).map(str::to_owned)
}
