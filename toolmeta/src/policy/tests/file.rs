//! Loading: every refusal of DESIGN §8's list with its line and what to write instead.

use super::super::test_examples;
use super::*;

fn refusal(text: &str) -> String {
    match Policy::from_toml(text, "p.toml") {
        Ok(_) => panic!("loaded:\n{text}"),
        Err(err) => err.to_string(),
    }
}

fn assert_refused(text: &str, line: usize, says: &[&str]) {
    let message = refusal(text);
    assert!(
        message.starts_with(&format!("p.toml:{line}: ")),
        "{message}"
    );
    for part in says {
        assert!(message.contains(part), "{message:?} lacks {part:?}");
    }
}

#[test]
fn an_unknown_key_is_refused_with_did_you_mean() {
    assert_refused(
        "version = 1\n[[rule]]\ndecison = \"allow\"\n",
        3,
        &["unknown key `decison`", "did you mean `decision`?"],
    );
    assert_refused(
        "version = 1\ndefualt = \"ask\"\n",
        2,
        &["did you mean `default`?"],
    );
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"deny\"\nfrobnicate = 1\n",
        4,
        &["write one of `name`"],
    );
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"deny\"\npaths = [\"x\"]\n",
        4,
        &["did you mean `path`?"],
    );
}

#[test]
fn an_unknown_label_or_kind_is_refused_with_did_you_mean() {
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"deny\"\nlabel = \"Raed\"\n",
        4,
        &["unknown label `Raed`", "did you mean `Read`?"],
    );
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"deny\"\nlabel = [\"Read\",\n  \"run command\"]\n",
        5,
        &["did you mean `Run Command`?"],
    );
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"deny\"\nkind = \"exec\"\n",
        4,
        &["unknown kind `exec`"],
    );
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"deny\"\nkind = \"excute\"\n",
        4,
        &["did you mean `execute`?"],
    );
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"deny\"\nnamespace = \"grokbuild\"\n",
        4,
        &["grok_build"],
    );
    // The fallback's labels are known.
    assert!(
        Policy::from_toml(
            "version = 1\n[[rule]]\ndecision = \"ask\"\nlabel = [\"Tool\", \"Think\"]\n",
            "p.toml"
        )
        .is_ok()
    );
}

#[test]
fn a_wrong_type_is_refused() {
    assert_refused(
        "version = 1\n[[rule]]\ndecision = 1\n",
        3,
        &["not a string"],
    );
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"deny\"\nlabel = 3\n",
        4,
        &["a string or a list of strings"],
    );
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"deny\"\npath = [\"a\", 2]\n",
        4,
        &["strings only"],
    );
    assert_refused(
        "version = 1\n[rule]\ndecision = \"deny\"\n",
        2,
        &["`[[rule]]`"],
    );
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"deny\"\ncommand = []\n",
        4,
        &["names nothing"],
    );
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"forbid\"\n",
        3,
        &["write `allow`, `ask` or `deny`"],
    );
    assert_refused(
        "version = 1\n[[rule]]\nlabel = \"Read\"\n",
        2,
        &["no `decision`"],
    );
}

#[test]
fn an_allow_default_and_a_catch_all_allow_are_refused() {
    assert_refused(
        "version = 1\ndefault = \"allow\"\n",
        2,
        &["allow default is refused", "default = \"ask\""],
    );
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"allow\"\n",
        3,
        &["allows every call"],
    );
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"allow\"\nevidence = \"all\"\nlabel = \"Read\"\n",
        4,
        &["`evidence = \"any\"`"],
    );
}

#[test]
fn a_version_other_than_1_and_invalid_toml_are_refused() {
    assert_refused("version = 2\n", 1, &["version = 1"]);
    assert_refused("version = \"1\"\n", 1, &["version = 1"]);
    assert_refused("default = \"ask\"\n", 1, &["no `version`"]);
    assert_refused("version = 1\n\n[[rule]\n", 3, &["not valid TOML"]);
}

#[test]
fn a_bad_glob_prefix_or_host_is_refused() {
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"deny\"\npath = [\"ok\",\n \"src/[\"]\n",
        5,
        &["is not a glob"],
    );
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"deny\"\npath = \"/src/../x\"\n",
        4,
        &["`..`"],
    );
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"deny\"\ncommand = \"cargo $(x)\"\n",
        4,
        &["not a command prefix"],
    );
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"deny\"\ncommand = \"a && b\"\n",
        4,
        &["not a command prefix"],
    );
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"deny\"\nhost = \"https://docs.rs/\"\n",
        4,
        &["not a host"],
    );
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"deny\"\nhost = \"docs.rs:443\"\n",
        4,
        &["any port matches"],
    );
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"deny\"\nhost = \"a.*.com\"\n",
        4,
        &["leading `*.`"],
    );
}

#[test]
fn every_problem_of_a_file_is_reported_in_one_go() {
    let message = refusal(
        "version = 1\n[[rule]]\ndecision = \"deny\"\nlabel = \"Raed\"\n[[rule]]\ndecision = \"allow\"\nkind = \"reed\"\n",
    );
    assert_eq!(message.lines().count(), 2, "{message}");
    assert!(message.lines().nth(1).unwrap().starts_with("p.toml:7:"));
}

#[test]
fn a_failing_example_refuses_the_file_and_policy_test_lists_it() {
    let text = r#"version = 1
[[rule]]
name = "tests"
decision = "allow"
label = "Run Command"
command = ["cargo test", "cargo check"]
match = ["cargo test -p toolmeta", "cargo build"]
not_match = ["cargo testx", "cargo test; rm x", "cargo check"]
"#;
    let message = refusal(text);
    assert!(
        message.contains("p.toml:7: rule `tests`: `match` example \"cargo build\""),
        "{message}"
    );
    assert!(
        message.contains("p.toml:8: rule `tests`: `not_match` example \"cargo check\""),
        "{message}"
    );
    let report = test_examples(text, "p.toml").unwrap();
    assert_eq!(report.examples, 5);
    assert_eq!(report.failures.len(), 2);
    assert_eq!(report.failures[0].line, 7);
}

#[test]
fn examples_are_checked_against_the_rule_alone_with_its_selectors_taken_as_met() {
    let text = r#"version = 1
[[rule]]
decision = "deny"
agent = "nobody-runs-this"
label = "Read"
path = ["**/.env", "~/.ssh/**"]
match = [".env", "sub/.ENV", "~/.ssh/id_rsa", "/home/user/.ssh/config"]
not_match = [".envrc", "src/main.rs"]

[[rule]]
decision = "allow"
label = "Web Fetch"
host = "*.github.com"
match = ["https://api.github.com/x"]
not_match = ["https://github.com/", "ftp://api.github.com/", "https://api.github.com@evil.example/"]
"#;
    let report = test_examples(text, "p.toml").unwrap();
    assert_eq!(
        (report.examples, report.failures.len()),
        (10, 0),
        "{:?}",
        report.failures
    );
    assert!(Policy::from_toml(text, "p.toml").is_ok());
}

#[test]
fn examples_need_a_rule_with_exactly_one_input_key() {
    assert_refused(
        "version = 1\n[[rule]]\ndecision = \"deny\"\nlabel = \"Read\"\nmatch = \"x\"\n",
        5,
        &["exactly one of `command`, `path` or `host`"],
    );
}
