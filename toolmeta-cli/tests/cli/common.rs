//! What the tests share: the program run in-process, the example programs it drives, and the
//! proxy's stamper fed line by line.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use toolmeta_cli::proxy::Stamper;

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

/// Runs `toolmeta ARGS…` in-process with `stdin` as its standard input; returns its exit code,
/// standard output and standard error.
pub fn toolmeta(args: &[&str], stdin: &str) -> (u8, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = toolmeta_cli::run_args(
        std::iter::once("toolmeta").chain(args.iter().copied()),
        &mut stdin.as_bytes(),
        &mut out,
        &mut err,
    );
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

/// Feeds `lines` to a fresh stamper; returns what each became (`None`: unchanged).
pub fn stamp_all(harness: Option<&str>, acp_fields: bool, lines: &[&str]) -> Vec<Option<String>> {
    let mut stamper = Stamper::new(harness, acp_fields);
    lines
        .iter()
        .map(|line| {
            stamper
                .stamp(line.as_bytes(), SystemTime::now())
                .map(|out| String::from_utf8(out).unwrap())
        })
        .collect()
}
