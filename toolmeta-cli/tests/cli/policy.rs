//! `toolmeta policy test FILE` (DESIGN §8): exit 0 when every example holds, 1 listing each
//! that fails, 2 when the file does not load; the repository's starter policy passes.

use std::path::PathBuf;

fn run(args: &[&str]) -> (u8, String, String) {
    crate::common::toolmeta(args, "")
}

fn file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("toolmeta-policy-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn the_starter_policy_passes_its_own_examples() {
    let starter = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples/policy.toml");
    let (code, out, err) = run(&["policy", "test", starter.to_str().unwrap()]);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    assert!(out.trim_end().ends_with("examples hold"), "{out}");
}

#[test]
fn each_failing_example_is_listed_with_its_line_and_the_exit_is_1() {
    let path = file(
        "failing.toml",
        "version = 1\n[[rule]]\nname = \"keys\"\ndecision = \"deny\"\npath = \"*.pem\"\nmatch = [\"a.pem\", \"a.txt\"]\nnot_match = [\"b.PEM\"]\n",
    );
    let (code, out, _) = run(&["policy", "test", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].ends_with(":6: rule `keys`: `match` example \"a.txt\" does not match the rule"),
        "{out}"
    );
    assert!(
        lines[1].ends_with(":7: rule `keys`: `not_match` example \"b.PEM\" matches the rule"),
        "{out}"
    );
    assert!(lines[2].ends_with("1 of 3 examples hold"), "{out}");
}

#[test]
fn a_file_that_does_not_load_exits_2_with_its_line() {
    let path = file("broken.toml", "version = 1\n[[rule]]\ndecison = \"deny\"\n");
    let (code, out, err) = run(&["policy", "test", path.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains("broken.toml:3: unknown key `decison` in a rule: did you mean `decision`?"),
        "{err}"
    );
    let (code, _, err) = run(&["policy", "test", "/nonexistent/policy.toml"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read the policy file"), "{err}");
}
