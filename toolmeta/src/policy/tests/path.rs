//! `path`: anchoring, normalization, symlinks and case (DESIGN §8, `path`).

use std::path::{Path, PathBuf};

use super::*;
use Decision::{Allow, Ask, Deny};

const POLICY: &str = r#"
version = 1
default = "ask"

[[rule]]
name = "sources"
decision = "allow"
label = ["Read", "Edit"]
path = ["/src/**", "docs/*.md", "*.toml"]

[[rule]]
name = "secrets"
decision = "deny"
label = ["Read", "Edit", "Write", "Delete", "Move"]
path = ["**/.env", "**/.env.*", "~/.ssh/**", "*.pem", ".git", "/private/", "//etc/shadow", "café"]
"#;

fn judge(label: &str, paths: &[&str]) -> Verdict {
    verdict(&policy(POLICY), &with_paths(label, paths))
}

fn assert_paths(label: &str, paths: &[&str], want: Decision, rule: &str) {
    let got = judge(label, paths);
    assert_eq!(
        (got.decision, got.rule.as_str()),
        (want, rule),
        "{paths:?}: {got:?}"
    );
}

#[test]
fn an_allow_pattern_with_a_leading_slash_is_anchored_at_the_session_cwd() {
    assert_paths("Read", &["src/main.rs"], Allow, "sources");
    assert_paths("Read", &["./src/lib/mod.rs"], Allow, "sources");
    assert_paths("Read", &[&format!("{CWD}/src/main.rs")], Allow, "sources");
    assert_paths("Read", &["lib/src/main.rs"], Ask, "default");
    assert_paths("Read", &["/src/main.rs"], Ask, "default");
}

#[test]
fn an_allow_matches_the_path_itself_not_the_directory_above() {
    assert_paths("Read", &["src"], Ask, "default");
    assert_paths("Read", &["docs/guide.md"], Allow, "sources");
    // `*` does not cross a slash.
    assert_paths("Read", &["docs/deep/guide.md"], Ask, "default");
}

#[test]
fn a_pattern_with_a_slash_before_its_end_is_anchored_and_one_without_matches_at_any_depth() {
    assert_paths("Read", &["Cargo.toml"], Allow, "sources");
    assert_paths("Read", &["crates/a/Cargo.toml"], Allow, "sources");
    // At any depth, for an allow, still inside the cwd.
    assert_paths("Read", &["/etc/Cargo.toml"], Ask, "default");
    assert_paths("Read", &[&format!("{HOME}/Cargo.toml")], Ask, "default");
}

#[test]
fn an_allow_refuses_dot_dot_as_given_even_when_it_lands_inside() {
    assert_paths("Read", &["src/../src/main.rs"], Ask, "default");
    assert_paths("Read", &["src/../../project/src/main.rs"], Ask, "default");
    assert_paths("Read", &["../project/src/main.rs"], Ask, "default");
}

#[test]
fn an_allow_compares_exactly_case_and_unicode_form_included() {
    assert_paths("Read", &["SRC/main.rs"], Ask, "default");
    assert_paths("Read", &["Src/main.rs"], Ask, "default");
    let policy = policy(
        "version = 1\ndefault = \"ask\"\n[[rule]]\ndecision = \"allow\"\nlabel = \"Read\"\npath = \"/caf\u{e9}/**\"\n",
    );
    assert_eq!(
        decision(&policy, &with_paths("Read", &["caf\u{e9}/x"])),
        Allow
    );
    assert_eq!(
        decision(&policy, &with_paths("Read", &["cafe\u{301}/x"])),
        Ask
    );
}

#[test]
fn without_a_session_cwd_a_relative_path_never_matches_an_allow() {
    let policy = policy(POLICY);
    let unknown = Context::new(None, HOME.into());
    assert_eq!(
        policy
            .decide(&with_paths("Read", &["src/main.rs"]), &unknown)
            .decision,
        Ask
    );
    // A deny pattern at any depth still sees it.
    assert_eq!(
        policy
            .decide(&with_paths("Read", &["app/.env"]), &unknown)
            .decision,
        Deny
    );
}

#[test]
fn deny_patterns_at_any_depth_match_anywhere_on_the_filesystem() {
    assert_paths("Read", &[".env"], Deny, "secrets");
    assert_paths("Read", &["app/config/.env"], Deny, "secrets");
    assert_paths("Read", &["/opt/elsewhere/.env"], Deny, "secrets");
    assert_paths("Edit", &["config/.env.production"], Deny, "secrets");
    assert_paths("Read", &["certs/server.pem"], Deny, "secrets");
    assert_paths("Read", &["/tmp/key.pem"], Deny, "secrets");
    assert_paths("Read", &["environment.rs"], Ask, "default");
    assert_paths("Read", &[".envrc"], Ask, "default");
}

#[test]
fn deny_follows_tilde_to_the_home_directory() {
    assert_paths("Read", &["~/.ssh/id_rsa"], Deny, "secrets");
    assert_paths("Read", &[&format!("{HOME}/.ssh/config")], Deny, "secrets");
    assert_paths(
        "Read",
        &[&format!("{HOME}/./.ssh/../.ssh/id_ed25519")],
        Deny,
        "secrets",
    );
    assert_paths("Read", &["~/.sshx/id_rsa"], Ask, "default");
}

#[test]
fn a_deny_pattern_that_matches_a_directory_covers_everything_beneath_it() {
    assert_paths("Read", &[".git/config"], Deny, "secrets");
    assert_paths("Edit", &["vendor/.git/hooks/pre-commit"], Deny, "secrets");
    assert_paths("Read", &["private/notes/a.txt"], Deny, "secrets");
    // `/private/` is anchored at the cwd: `src/private` is another directory.
    assert_paths("Read", &["src/private/a.txt"], Allow, "sources");
    assert_paths("Read", &["lib/private/a.txt"], Ask, "default");
    assert_paths("Read", &["/etc/shadow"], Deny, "secrets");
    assert_paths("Read", &["/etc/shadow-"], Ask, "default");
}

#[test]
fn deny_compares_case_insensitively_after_unicode_nfc() {
    assert_paths("Read", &[".ENV"], Deny, "secrets");
    assert_paths("Read", &["App/.Env.Local"], Deny, "secrets");
    assert_paths("Read", &["~/.SSH/id_rsa"], Deny, "secrets");
    assert_paths("Read", &["KEY.PEM"], Deny, "secrets");
    assert_paths("Read", &["/ETC/SHADOW"], Deny, "secrets");
    // The pattern is NFC `café`; the path spells it decomposed, and in capitals.
    assert_paths("Read", &["notes/cafe\u{301}/menu"], Deny, "secrets");
    assert_paths("Read", &["notes/CAF\u{c9}"], Deny, "secrets");
}

#[test]
fn deny_normalizes_traversal_before_matching() {
    assert_paths("Read", &["src/../.env"], Deny, "secrets");
    assert_paths(
        "Read",
        &["src/./../../project/.git/config"],
        Deny,
        "secrets",
    );
    assert_paths("Read", &["/tmp/../etc/shadow"], Deny, "secrets");
    assert_paths("Read", &["/../../../etc/shadow"], Deny, "secrets");
}

#[test]
fn several_paths_in_one_call_are_all_judged() {
    assert_paths("Read", &["src/a.rs", "src/b.rs"], Allow, "sources");
    assert_paths("Read", &["src/a.rs", "/etc/passwd"], Ask, "default");
    assert_paths("Read", &["src/a.rs", "src/.env"], Deny, "secrets");
    assert_paths(
        "Edit",
        &["docs/a.md", "src/x.rs", ".git/HEAD"],
        Deny,
        "secrets",
    );
}

#[test]
fn labels_are_the_contracts_a_rule_on_edit_does_not_cover_write() {
    assert_paths("Edit", &["src/main.rs"], Allow, "sources");
    assert_paths("Write", &["src/main.rs"], Ask, "default");
    assert_paths("Search", &[".env"], Ask, "default");
}

#[test]
fn a_missing_path_never_lets_an_allow_through_and_turns_a_matching_deny_into_ask() {
    let got = judge("Read", &[]);
    assert_eq!((got.decision, got.rule.as_str()), (Ask, "secrets"));
    let strict = policy(&POLICY.replace("default = \"ask\"", "default = \"deny\""));
    let got = verdict(&strict, &with_paths("Read", &[]));
    assert_eq!((got.decision, got.rule.as_str()), (Deny, "secrets"));
    // A label no deny rule names: no path simply means no allow.
    assert_eq!(judge("List Files", &[]).rule, "default");
}

/// A real temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("toolmeta-policy-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(std::fs::canonicalize(&dir).expect("temp dir"))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[cfg(unix)]
fn symlink(target: &Path, link: &Path) {
    std::os::unix::fs::symlink(target, link).expect("symlink");
}

#[cfg(unix)]
#[test]
fn an_allow_needs_the_resolved_path_to_match_too_so_a_symlink_out_of_the_cwd_is_not_allowed() {
    let root = TempDir::new("symlink-allow");
    let project = root.0.join("project");
    let outside = root.0.join("outside");
    std::fs::create_dir_all(project.join("src")).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("secret.txt"), "x").unwrap();
    std::fs::write(project.join("src/main.rs"), "x").unwrap();
    symlink(&outside, &project.join("src/link"));
    symlink(
        &outside.join("secret.txt"),
        &project.join("src/file-link.rs"),
    );
    let policy = policy(POLICY);
    let context = Context::new(Some(project.clone()), HOME.into());
    let d = |path: &str| {
        policy
            .decide(&with_paths("Read", &[path]), &context)
            .decision
    };
    assert_eq!(d("src/main.rs"), Allow);
    assert_eq!(d("src/link/secret.txt"), Ask);
    // A file not yet created under a symlinked directory resolves where it would be written.
    assert_eq!(d("src/link/new/file.rs"), Ask);
    assert_eq!(d("src/file-link.rs"), Ask);
    // A session cwd reached through a symlink: its real path anchors the resolved form.
    let alias = root.0.join("alias");
    symlink(&project, &alias);
    let through = Context::new(Some(alias), HOME.into());
    assert_eq!(
        policy
            .decide(&with_paths("Read", &["src/main.rs"]), &through)
            .decision,
        Allow
    );
}

#[cfg(unix)]
#[test]
fn a_deny_matches_the_resolved_path_as_well_as_the_one_written() {
    let root = TempDir::new("symlink-deny");
    let project = root.0.join("project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(project.join(".env"), "SECRET=1").unwrap();
    symlink(&project.join(".env"), &project.join("innocent.txt"));
    symlink(&project.join(".git-real"), &project.join("harmless-dir"));
    std::fs::create_dir_all(project.join(".git-real")).unwrap();
    let policy = policy(POLICY);
    let context = Context::new(Some(project.clone()), HOME.into());
    let d = |path: &str| {
        policy
            .decide(&with_paths("Read", &[path]), &context)
            .decision
    };
    assert_eq!(d("innocent.txt"), Deny);
    assert_eq!(d("harmless-dir/x"), Ask);
    // A path through a symlink to `/etc` reaches `/etc/shadow`.
    symlink(Path::new("/etc"), &project.join("etc-link"));
    assert_eq!(d("etc-link/shadow"), Deny);
}

#[test]
fn a_rule_with_double_slash_or_tilde_allows_outside_the_cwd() {
    let policy = policy(
        r#"
version = 1
[[rule]]
decision = "allow"
label = "Read"
path = ["//usr/share/doc/**", "~/notes/*.md"]
"#,
    );
    assert_eq!(
        decision(&policy, &with_paths("Read", &["/usr/share/doc/a/b"])),
        Allow
    );
    assert_eq!(
        decision(&policy, &with_paths("Read", &["~/notes/x.md"])),
        Allow
    );
    assert_eq!(
        decision(
            &policy,
            &with_paths("Read", &[&format!("{HOME}/notes/x.md")])
        ),
        Allow
    );
    assert_eq!(
        decision(&policy, &with_paths("Read", &["~/notes/../x.md"])),
        Ask
    );
    assert_eq!(
        decision(
            &policy,
            &with_paths("Read", &["/usr/share/doc/../../../etc/passwd"])
        ),
        Ask
    );
}
