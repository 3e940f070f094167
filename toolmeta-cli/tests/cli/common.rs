//! What the tests that run example programs share.

use std::path::{Path, PathBuf};

/// An example program that `cargo test` builds beside the tests (in
/// `target/<profile>/examples`); `build` says how to build it when it is missing.
pub fn example(name: &str, build: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let profile = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>");
    let example = profile
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        example.is_file(),
        "{} is missing: run `{build}` first",
        example.display()
    );
    example
}
