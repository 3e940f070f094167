//! `toolmeta catalog`: the data export is the shipped `toolmeta/catalog/catalog.json`, byte
//! for byte, and the table for a person shows every harness.

use std::path::PathBuf;

fn run(args: &[&str]) -> (u8, String, String) {
    crate::common::toolmeta(args, "")
}

fn shipped() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../toolmeta/catalog/catalog.json")
}

/// The repository ships the export; it must be what the declarations say now.
#[test]
fn the_shipped_catalog_is_the_declarations() {
    let (code, out, err) = run(&["catalog", "--json"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let regenerate = "toolmeta/catalog/catalog.json is not what the declarations say: \
                      regenerate it and review the diff:\n\n    \
                      cargo run -p toolmeta-cli -- catalog --json > toolmeta/catalog/catalog.json && git diff toolmeta/catalog\n";
    let checked_in = std::fs::read_to_string(shipped())
        .unwrap_or_else(|e| panic!("{}: {e}\n{regenerate}", shipped().display()));
    if checked_in != out {
        let differing: Vec<String> = checked_in
            .lines()
            .zip(out.lines())
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .take(5)
            .map(|(n, (a, b))| format!("line {}: {a:?} (shipped) != {b:?} (declared)", n + 1))
            .collect();
        panic!(
            "{regenerate}\nfirst differences:\n  {}\n(shipped {} lines, declared {})",
            differing.join("\n  "),
            checked_in.lines().count(),
            out.lines().count()
        );
    }
}

#[test]
fn the_export_is_json_in_the_documented_format() {
    let (_, out, _) = run(&["catalog", "--json"]);
    let data: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(data["format"], "toolmeta-catalog");
    assert_eq!(data["format_version"], 2);
    let harnesses: Vec<&str> = data["harnesses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["harness"].as_str().unwrap())
        .collect();
    for harness in [
        "claude_code",
        "codex",
        "gemini_cli",
        "opencode",
        "grok_build",
    ] {
        assert!(harnesses.contains(&harness), "{harness} in {harnesses:?}");
    }
}

#[test]
fn the_table_names_every_harness_and_tool() {
    let (code, out, _) = run(&["catalog"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("toolmeta catalog, format 2"), "{out}");
    assert!(
        out.contains("\ncodex (20 tools), checked against codex-acp 0.16.0"),
        "{out}"
    );
    assert!(
        out.contains("shell               Run Command (execute)"),
        "{out}"
    );
    assert!(
        out.contains("command <- command [command_line], cwd <- workdir"),
        "{out}"
    );
    assert!(out.contains("goose: no catalog of tools"), "{out}");
}

#[test]
fn a_closed_output_is_not_an_error() {
    struct Closed;
    impl std::io::Write for Closed {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut err = Vec::new();
    let code = toolmeta_cli::run_args(
        ["toolmeta", "catalog", "--json"],
        &mut std::io::empty(),
        &mut Closed,
        &mut err,
    );
    assert_eq!((code, err.len()), (0, 0));
}
