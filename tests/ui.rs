//! Compile-time behaviour of `#[derive(ToolIdentity)]`: every rule of DESIGN.md §3 has a
//! compile-fail case whose reviewed `.stderr` is the error users see, and the supported
//! forms have compile-pass cases.
//!
//! Regenerate the expectations with `TRYBUILD=overwrite cargo test --test ui`, then review
//! every changed `.stderr` in `git diff`. The messages depend on the compiler version: they
//! are recorded with the toolchain the workspace declares (`rust-version`).

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    for category in [
        "container",
        "field",
        "keys",
        "shape",
        "types",
        "items",
        "enum",
    ] {
        cases.compile_fail(format!("tests/ui/{category}/*.rs"));
    }
    cases.pass("tests/ui/pass/*.rs");
}
