//! `command`: token prefixes on a real bash parse (DESIGN §8, `command`).

use serde_json::json;

use super::super::Call;
use super::*;
use Decision::{Allow, Ask, Deny};

const POLICY: &str = r#"
version = 1
default = "ask"

[[rule]]
name = "tests"
decision = "allow"
label = "Run Command"
command = ["cargo test", "cargo check", "ls"]

[[rule]]
name = "logs"
decision = "allow"
label = "Run Command"
command = "git log"

[[rule]]
name = "rm"
decision = "deny"
label = "Run Command"
command = ["rm", "shred"]

[[rule]]
name = "push"
decision = "ask"
label = "Run Command"
command = "git push"
"#;

fn judge(line: &str) -> Verdict {
    verdict(&policy(POLICY), &run(line))
}

fn assert_line(line: &str, want: Decision, rule: &str) {
    let got = judge(line);
    assert_eq!(
        (got.decision, got.rule.as_str()),
        (want, rule),
        "{line:?}: {got:?}"
    );
}

// --- allow: only simple commands of literal words, each starting with a prefix ---

#[test]
fn a_prefix_matches_on_token_boundaries() {
    assert_line("cargo test", Allow, "tests");
    assert_line("cargo test -p toolmeta", Allow, "tests");
    assert_line("cargo testx", Ask, "default");
    assert_line("cargo", Ask, "default");
    assert_line("git logx", Ask, "default");
    assert_line("git log -3", Allow, "logs");
}

#[test]
fn simple_commands_joined_by_and_or_semicolon_pipe_and_newline_are_each_judged() {
    assert_line("cargo test && cargo check", Allow, "tests");
    assert_line("cargo test || ls", Allow, "tests");
    assert_line("cargo test; ls\nls -la", Allow, "tests");
    assert_line("ls | cargo check", Allow, "tests");
    assert_line("cargo test | tee out", Ask, "default");
    assert_line("cargo test; rm x", Deny, "rm");
}

#[test]
fn one_line_may_be_allowed_by_several_rules_and_the_output_names_them_all() {
    let got = judge("git log -1 && cargo test && ls && git log");
    assert_eq!(got.decision, Allow);
    assert_eq!(got.rules, ["logs", "tests"]);
    // The deciding rule is the first in order among them.
    assert_eq!(got.rule, "tests");
}

#[test]
fn no_expansion_or_substitution_is_allowed() {
    for line in [
        "cargo test $HOME",
        "cargo test ${X}",
        "cargo test `whoami`",
        "cargo test $(whoami)",
        "cargo test *",
        "cargo test src/*.rs",
        "cargo test {a,b}",
        "cargo test ~",
        "cargo test $'\\x41'",
        "cargo test $((1+1))",
        "cargo test \"$X\"",
    ] {
        assert_line(line, Ask, "default");
    }
}

#[test]
fn quoting_of_literal_text_is_still_literal() {
    assert_line("cargo 'test'", Allow, "tests");
    assert_line("cargo \"test\" -p x", Allow, "tests");
    assert_line("cargo te\\st", Allow, "tests");
    // A quoted word stays one word: it does not start `cargo test`.
    assert_line("'cargo test'", Ask, "default");
}

#[test]
fn no_subshell_background_assignment_or_compound_is_allowed() {
    for line in [
        "(cargo test)",
        "{ cargo test; }",
        "cargo test &",
        "cargo test & ls",
        "FOO=1 cargo test",
        "! cargo test",
        "time cargo test",
        "if true; then cargo test; fi",
        "for x in a; do cargo test; done",
        "f() { cargo test; }; f",
    ] {
        assert_line(line, Ask, "default");
    }
}

#[test]
fn only_dev_null_and_2_to_1_redirections_are_allowed() {
    assert_line("cargo test > /dev/null", Allow, "tests");
    assert_line("cargo test 2>/dev/null", Allow, "tests");
    assert_line("cargo test >/dev/null 2>&1", Allow, "tests");
    assert_line("cargo test < /dev/null", Allow, "tests");
    assert_line("cargo test &> /dev/null", Allow, "tests");
    assert_line("cargo test > out.txt", Ask, "default");
    assert_line("cargo test >> ~/.bashrc", Ask, "default");
    assert_line("cargo test 1>&2", Ask, "default");
    assert_line("cargo test < secrets", Ask, "default");
    assert_line("cargo test <<< x", Ask, "default");
    assert_line("cargo test <<EOF\nx\nEOF", Ask, "default");
    assert_line("cargo test > >(cat)", Ask, "default");
}

#[test]
fn the_program_word_is_compared_exactly_as_written() {
    assert_line("/usr/bin/cargo test", Ask, "default");
    assert_line("./cargo test", Ask, "default");
    assert_line("Cargo test", Ask, "default");
    assert_line("CARGO test", Ask, "default");
}

#[test]
fn a_line_that_does_not_parse_never_matches_an_allow() {
    assert_line("cargo test 'unterminated", Ask, "default");
    assert_line("cargo test )", Ask, "default");
    assert_line("cargo test && ", Ask, "default");
}

#[test]
fn a_line_that_does_not_parse_matches_a_deny_whose_prefix_appears_in_it_as_words() {
    assert_line("rm -rf / 'unterminated", Deny, "rm");
    assert_line("cargo test; (rm x", Deny, "rm");
    assert_line("ls ) git push", Ask, "push");
    assert_line("echo x 'rmdir y", Ask, "default");
}

#[test]
fn inside_a_shell_line_bash_c_is_to_an_allow_the_program_bash() {
    assert_line("bash -c 'cargo test'", Ask, "default");
    assert_line("cargo test && sh -c ls", Ask, "default");
}

// --- deny and ask: any simple command anywhere ---

#[test]
fn deny_sees_every_simple_command_of_a_list() {
    assert_line("ls && rm -rf /", Deny, "rm");
    assert_line("ls || rm x", Deny, "rm");
    assert_line("ls | rm x", Deny, "rm");
    assert_line("ls\nrm x", Deny, "rm");
    assert_line("ls & rm x", Deny, "rm");
    assert_line("git push --force && cargo test", Ask, "push");
}

#[test]
fn deny_sees_inside_substitutions_subshells_and_compound_commands() {
    for line in [
        "echo $(rm x)",
        "echo `rm x`",
        "echo \"$(rm x)\"",
        "cargo test $(rm -rf ~)",
        "(cd /tmp && rm x)",
        "{ rm x; }",
        "if ls; then rm x; fi",
        "if rm x; then ls; fi",
        "while true; do rm x; done",
        "until false; do rm x; done",
        "for f in a b; do rm $f; done",
        "for f in $(rm x); do ls; done",
        "case x in x) rm x;; esac",
        "f() { rm x; }",
        "cat <(rm x)",
        "ls > >(rm x)",
        "x=$(rm y)",
        "echo ${x:-$(rm x)}",
        "[[ -n $(rm x) ]]",
        "ls > \"$(rm x)\"",
    ] {
        assert_line(line, Deny, "rm");
    }
}

#[test]
fn deny_sees_inside_shell_c_strings_and_eval() {
    for line in [
        "bash -c 'rm -rf /'",
        "sh -c \"ls; rm x\"",
        "bash -lc 'cd / && rm x'",
        "zsh -c 'rm x'",
        "dash -c 'rm x'",
        "/bin/bash -c 'rm x'",
        "/usr/local/bin/bash -c 'rm x'",
        "bash -e -o pipefail -c 'rm x'",
        "sh -c \"sh -c 'rm x'\"",
        "sudo sh -c 'rm x'",
        "eval 'rm x'",
        "eval rm x",
    ] {
        assert_line(line, Deny, "rm");
    }
}

#[test]
fn deny_sees_heredocs_and_here_strings_fed_to_a_shell() {
    assert_line("bash <<EOF\nrm -rf /\nEOF", Deny, "rm");
    assert_line("sh <<'EOF'\nls\nrm x\nEOF", Deny, "rm");
    assert_line("bash <<< 'rm x'", Deny, "rm");
    // An expanding heredoc runs its substitutions, whatever reads it.
    assert_line("cat <<EOF\n$(rm x)\nEOF", Deny, "rm");
    // A quoted heredoc given to a program that is not a shell is data.
    assert_line("cat <<'EOF'\nrm x\nEOF", Ask, "default");
}

#[test]
fn deny_sees_through_assignments_and_wrappers() {
    for line in [
        "FOO=1 rm x",
        "A=1 B=2 rm x",
        "env rm x",
        "env -i FOO=1 rm x",
        "env -u HOME rm x",
        "sudo rm x",
        "sudo -u root -E rm x",
        "sudo --user=root rm x",
        "doas -u root rm x",
        "timeout 10 rm x",
        "timeout -s KILL 10 rm x",
        "nice rm x",
        "nice -n 19 rm x",
        "nohup rm x",
        "time rm x",
        "command rm x",
        "builtin rm x",
        "exec rm x",
        "xargs rm",
        "xargs -0 -n1 rm",
        "stdbuf -o0 rm x",
        "sudo env nice -n 1 timeout 5 rm x",
        "find . -name '*.tmp' -exec rm {} \\;",
    ] {
        assert_line(line, Deny, "rm");
    }
}

#[test]
fn a_wrapper_option_that_cannot_be_placed_makes_every_later_word_a_program() {
    assert_line("sudo --no-such-option rm x", Deny, "rm");
    assert_line("timeout --bogus 5 rm x", Deny, "rm");
}

#[test]
fn deny_compares_the_program_also_by_its_basename() {
    assert_line("/bin/rm x", Deny, "rm");
    assert_line("/usr/bin/rm -rf /", Deny, "rm");
    assert_line("./rm x", Deny, "rm");
    assert_line("\\rm x", Deny, "rm");
    assert_line("r''m x", Deny, "rm");
    assert_line("\"rm\" x", Deny, "rm");
}

#[test]
fn deny_keeps_token_boundaries_and_looks_at_programs_not_arguments() {
    assert_line("rmdir x", Ask, "default");
    assert_line("echo rm", Ask, "default");
    assert_line("ls rm", Allow, "tests");
    assert_line("git pushx", Ask, "default");
}

#[test]
fn deny_beats_an_allow_in_the_same_line() {
    assert_line("cargo test && shred secrets", Deny, "rm");
    assert_line("git push && rm x", Deny, "rm");
}

// --- argv: terminal/create with args ---

fn terminal(params: serde_json::Value) -> Verdict {
    let call = Call::from_client_method("terminal/create", &params).expect("readable");
    verdict(&policy(POLICY), &call)
}

#[test]
fn terminal_create_with_args_is_one_simple_command() {
    let got = terminal(json!({"sessionId": "s", "command": "cargo", "args": ["test", "-p", "x"]}));
    assert_eq!((got.decision, got.rule.as_str()), (Allow, "tests"));
    // An argument with spaces is one word: not `cargo test`.
    let got = terminal(json!({"command": "cargo", "args": ["test x"]}));
    assert_eq!(got.decision, Ask);
    // Arguments are never a shell line: `;` is a word.
    let got = terminal(json!({"command": "ls", "args": [";", "rm", "x"]}));
    assert_eq!(got.decision, Allow);
    let got = terminal(json!({"command": "/usr/bin/cargo", "args": ["test"]}));
    assert_eq!(got.decision, Ask);
    let got = terminal(json!({"command": "/usr/bin/rm", "args": ["-rf", "/"]}));
    assert_eq!(got.decision, Deny);
}

#[test]
fn terminal_create_without_args_is_a_shell_line() {
    for args in [json!(null), json!([])] {
        let got = terminal(json!({"command": "cargo test && rm x", "args": args}));
        assert_eq!((got.decision, got.rule.as_str()), (Deny, "rm"));
        let got = terminal(json!({"command": "cargo test -p x", "args": args}));
        assert_eq!(got.decision, Allow);
    }
    let got = terminal(json!({"command": "cargo test"}));
    assert_eq!(got.decision, Allow);
}

#[test]
fn an_argv_running_a_shell_with_c_is_judged_by_its_string() {
    for shell in ["bash", "sh", "zsh", "dash", "/bin/bash", "/usr/bin/sh"] {
        let got = terminal(json!({"command": shell, "args": ["-c", "cargo test && ls"]}));
        assert_eq!(got.decision, Allow, "{shell}");
        let got = terminal(json!({"command": shell, "args": ["-lc", "cargo test; rm x"]}));
        assert_eq!(got.decision, Deny, "{shell}");
    }
    // Any other program path is a program to an allow ...
    let got = terminal(json!({"command": "/opt/bin/bash", "args": ["-c", "cargo test"]}));
    assert_eq!(got.decision, Ask);
    let got = terminal(json!({"command": "bash", "args": ["-x", "-c", "cargo test"]}));
    assert_eq!(got.decision, Ask);
    // ... but deny also judges the string of any program whose basename is a shell.
    let got = terminal(json!({"command": "/opt/bin/bash", "args": ["-c", "rm x"]}));
    assert_eq!(got.decision, Deny);
    let got = terminal(json!({"command": "sudo", "args": ["bash", "-c", "rm x"]}));
    assert_eq!(got.decision, Deny);
}

// --- cwd ---

fn run_in(line: &str, cwd: &str) -> Call {
    let mut call = run(line);
    call.commands = vec![CommandInput::Line {
        line: line.into(),
        cwd: Some(cwd.into()),
    }];
    call
}

#[test]
fn a_cwd_must_lie_inside_the_session_cwd_with_no_dot_dot() {
    let policy = policy(POLICY);
    let d = |call: &Call| policy.decide(call, &context()).decision;
    assert_eq!(d(&run_in("cargo test", "sub/crate")), Allow);
    assert_eq!(d(&run_in("cargo test", CWD)), Allow);
    assert_eq!(d(&run_in("cargo test", &format!("{CWD}/sub"))), Allow);
    assert_eq!(d(&run_in("cargo test", "/etc")), Ask);
    assert_eq!(d(&run_in("cargo test", "../other")), Ask);
    assert_eq!(d(&run_in("cargo test", "sub/../../other")), Ask);
    assert_eq!(d(&run_in("cargo test", "sub/..")), Ask);
    assert_eq!(d(&run_in("cargo test", &format!("{CWD}-evil"))), Ask);
    // Without a known session cwd, a command that names one is not allowed.
    let unknown = Context::new(None, HOME.into());
    assert_eq!(
        policy
            .decide(&run_in("cargo test", "sub"), &unknown)
            .decision,
        Ask
    );
    assert_eq!(policy.decide(&run("cargo test"), &unknown).decision, Allow);
    // A deny still applies wherever the command runs.
    assert_eq!(d(&run_in("rm x", "/etc")), Deny);
}

#[test]
fn every_command_of_a_call_must_be_allowed() {
    let policy = policy(POLICY);
    let mut call = run("cargo test");
    call.commands.push(CommandInput::line("curl evil.example"));
    assert_eq!(decision(&policy, &call), Ask);
    call.commands.push(CommandInput::line("rm x"));
    assert_eq!(decision(&policy, &call), Deny);
}
