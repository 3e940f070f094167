//! A build without the `otel` feature still parses `--otlp`, and says how to get it.
#![cfg(not(feature = "otel"))]

use std::process::Command;

const TOOLMETA: &str = env!("CARGO_BIN_EXE_toolmeta");
const LOG: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/data/real/codex/interleaved.jsonl"
);

#[test]
fn otlp_without_the_feature_exits_2_saying_how_to_install_it() {
    let out = Command::new(TOOLMETA)
        .args(["inspect", "--otlp", "http://127.0.0.1:4318", LOG])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--features otel"), "{stderr}");
}

#[test]
fn the_variables_alone_do_not_stop_a_build_without_the_feature_but_it_says_so() {
    let out = Command::new(TOOLMETA)
        .args(["inspect", LOG])
        .env("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318")
        .env_remove("OTEL_SDK_DISABLED")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--features otel"), "{stderr}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("Run Command"));
}

#[test]
fn proxy_otlp_without_the_feature_exits_2_before_the_agent_starts() {
    let out = Command::new(TOOLMETA)
        .args([
            "proxy",
            "--otlp",
            "http://127.0.0.1:4318",
            "--",
            "sh",
            "-c",
            "echo started",
        ])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--features otel"), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
}

#[test]
fn proxy_with_the_variables_alone_runs_the_agent_and_says_export_is_not_built() {
    let out = Command::new(TOOLMETA)
        .args([
            "proxy",
            "--",
            "sh",
            "-c",
            "echo \"$OTEL_EXPORTER_OTLP_ENDPOINT\"",
        ])
        .env("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318")
        .env_remove("OTEL_SDK_DISABLED")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    // The agent got the variable unchanged.
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "http://127.0.0.1:4318\n"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--features otel"), "{stderr}");
}
