//! Compile-time behaviour of `#[derive(ToolIdentity)]`: every rule of DESIGN.md §3 has a
//! compile-fail case whose reviewed `.stderr` is the error users see, and the supported
//! forms have compile-pass cases.
//!
//! Regenerate the expectations with `TRYBUILD=overwrite cargo test --test ui`, then review
//! every changed `.stderr` in `git diff tests/ui`.
//!
//! Compiler messages change between Rust releases, so the expectations are pinned to the
//! toolchain in `tests/ui/TOOLCHAIN`. On another compiler the cases are not compared (a
//! wall of diffs about spacing would hide nothing useful); the test says so and passes,
//! unless `TOOLMETA_UI_STRICT=1` asks for the comparison anyway. Under CI (`CI` set) a
//! skip is a failure.

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
];

#[test]
fn ui() {
    let pinned = include_str!("ui/TOOLCHAIN").trim();
    let running = rustc_version();
    if running.as_deref() != Some(pinned) && std::env::var_os("TOOLMETA_UI_STRICT").is_none() {
        // CI's compiler is the pinned one: a skip there would hide every compile-fail case.
        assert!(
            std::env::var_os("CI").is_none(),
            "the UI tests would be skipped under CI: rustc {} is not the pinned {pinned}",
            running.as_deref().unwrap_or("(unknown)")
        );
        eprintln!(
            "skipping the UI tests: their expected compiler output was recorded with rustc {pinned}, \
             and this is {}.\nRun them with rustc {pinned}, or re-record them for this compiler with \
             `TRYBUILD=overwrite cargo test --test ui` (then update tests/ui/TOOLCHAIN and review \
             `git diff tests/ui`). TOOLMETA_UI_STRICT=1 compares them anyway.",
            running.as_deref().unwrap_or("an unknown rustc")
        );
        return;
    }

    let cases = trybuild::TestCases::new();
    for category in CATEGORIES {
        cases.compile_fail(format!("tests/ui/{category}/*.rs"));
    }
    cases.pass("tests/ui/pass/*.rs");
}

/// The `x.y.z` of the `rustc` that cargo (and so trybuild) runs.
fn rustc_version() -> Option<String> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let output = Command::new(rustc).arg("--version").output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    // "rustc 1.95.0 (59807616e 2026-04-14)"
    text.split_whitespace().nth(1).map(str::to_owned)
}
