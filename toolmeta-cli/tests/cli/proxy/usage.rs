//! `toolmeta proxy AGENT` without `--` (issue 39): clap's usage error, exit 2, with a tip
//! that says the command line to write instead.

/// The exit code and standard error of `toolmeta ARGS…` (nothing runs: each is a usage
/// error).
fn usage_error(args: &[&str]) -> (u8, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut argv = vec!["toolmeta"];
    argv.extend_from_slice(args);
    let code = toolmeta_cli::run_args(argv, &mut &b""[..], &mut out, &mut err);
    assert!(out.is_empty());
    (code, String::from_utf8(err).unwrap())
}

#[test]
fn an_agent_without_the_separator_gets_the_line_to_write() {
    let (code, err) = usage_error(&["proxy", "cat"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: unexpected argument 'cat' found"),
        "{err}"
    );
    assert!(
        err.contains("tip: the agent's command line goes after `--`: `toolmeta proxy -- cat`"),
        "{err}"
    );
}

#[test]
fn the_tip_keeps_the_options_and_the_agents_own_arguments() {
    let (code, err) = usage_error(&[
        "proxy",
        "--log",
        "session log.jsonl",
        "--harness",
        "opencode",
        "opencode",
        "acp",
    ]);
    assert_eq!(code, 2);
    // `--harness opencode`'s value is not the agent; the second `opencode` is. A word with
    // a space is quoted as a shell reads it.
    assert!(
        err.contains(
            "`toolmeta proxy --log 'session log.jsonl' --harness opencode -- opencode acp`"
        ),
        "{err}"
    );
}

#[test]
fn a_misspelled_option_gets_clap_s_own_tip_only() {
    let (code, err) = usage_error(&["proxy", "--harnes", "x", "--", "cat"]);
    assert_eq!(code, 2);
    assert!(err.contains("'--harness'"), "{err}");
    assert!(!err.contains("goes after `--`"), "{err}");
}

#[test]
fn other_subcommands_get_no_proxy_tip() {
    let (code, err) = usage_error(&["catalog", "cat"]);
    assert_eq!(code, 2);
    assert!(!err.contains("goes after `--`"), "{err}");
}
