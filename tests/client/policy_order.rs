//! DESIGN §8, "Decision": among the rules that match, deny beats ask beats allow, whatever
//! their order. A property: any permutation of a policy's rules gives every call the same
//! decision.

use std::path::PathBuf;

use proptest::prelude::*;
use toolmeta::policy::{Call, CallIdentity, CommandInput, Context, Policy};

/// Rules of every decision, with overlapping selectors and constraints.
const RULES: &[&str] = &[
    "decision = \"allow\"\nlabel = \"Run Command\"\ncommand = [\"cargo test\", \"ls\"]",
    "decision = \"allow\"\nlabel = \"Run Command\"\ncommand = \"git log\"",
    "decision = \"deny\"\nlabel = \"Run Command\"\ncommand = \"rm\"",
    "decision = \"ask\"\ncommand = \"git push\"",
    "decision = \"allow\"\nlabel = [\"Read\", \"Edit\"]\npath = \"/src/**\"",
    "decision = \"deny\"\npath = [\"**/.env\", \"~/.ssh\"]",
    "decision = \"ask\"\nlabel = \"Edit\"\npath = \"*.lock\"",
    "decision = \"allow\"\nlabel = \"Web Fetch\"\nhost = [\"docs.rs\", \"*.github.com\"]",
    "decision = \"deny\"\nhost = \"*.pastebin.example\"",
    "decision = \"allow\"\nlabel = \"Read\"\nevidence = \"any\"\npath = \"/docs/**\"",
    "decision = \"ask\"\nlabel = \"Delete\"",
    "decision = \"deny\"\ntool = \"Bash\"",
];

const LINES: &[&str] = &[
    "cargo test",
    "cargo test && ls",
    "ls; rm -rf /",
    "git log | git push",
    "git push",
    "bash -c 'rm x'",
    "cargo test $(rm x)",
    "ls 'unterminated",
    "git log -3 && cargo test",
];
const PATHS: &[&str] = &[
    "src/a.rs",
    "src/.env",
    "~/.ssh/id_rsa",
    "Cargo.lock",
    "docs/x.md",
    "/etc/passwd",
];
const URLS: &[&str] = &[
    "https://docs.rs/x",
    "https://a.pastebin.example/",
    "ftp://docs.rs/",
    "https://api.github.com/",
];
const LABELS: &[&str] = &["Run Command", "Read", "Edit", "Delete", "Web Fetch", "Tool"];

fn call() -> impl Strategy<Value = Call> {
    (
        prop::sample::subsequence(LABELS, 1..=2),
        any::<bool>(),
        prop::option::of(prop::sample::select(vec!["Bash", "bash"])),
        prop::sample::subsequence(LINES, 0..=2),
        prop::sample::subsequence(PATHS, 0..=2),
        prop::sample::subsequence(URLS, 0..=2),
    )
        .prop_map(|(labels, earned, tool, lines, paths, urls)| Call {
            identities: labels
                .iter()
                .map(|label| {
                    let identity = CallIdentity::labelled(*label);
                    match tool {
                        Some(tool) => identity.with_tool(tool),
                        None => identity,
                    }
                })
                .collect(),
            earned,
            acp_kind_reading: Some(CallIdentity::labelled("Run Command")),
            commands: lines.iter().map(|line| CommandInput::line(*line)).collect(),
            paths: paths.iter().map(|p| p.to_string()).collect(),
            urls: urls.iter().map(|u| u.to_string()).collect(),
            incomplete: false,
        })
}

fn policy(order: &[usize], default: &str) -> Policy {
    let mut text = format!("version = 1\ndefault = \"{default}\"\n");
    for &i in order {
        text.push_str("[[rule]]\n");
        text.push_str(RULES[i]);
        text.push('\n');
    }
    Policy::from_toml(&text, "order.toml").expect("the rules load")
}

proptest! {
    #![proptest_config(crate::common::proptest_config())]
    #[test]
    fn rule_order_never_changes_a_decision(
        chosen in prop::sample::subsequence((0..RULES.len()).collect::<Vec<_>>(), 1..=RULES.len()),
        seed in any::<u64>(),
        default in prop::sample::select(vec!["ask", "deny"]),
        calls in prop::collection::vec(call(), 1..8),
    ) {
        let mut shuffled = chosen.clone();
        // A permutation from the seed (Fisher–Yates with a small LCG).
        let mut state = seed | 1;
        for i in (1..shuffled.len()).rev() {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            shuffled.swap(i, (state >> 33) as usize % (i + 1));
        }
        let (a, b) = (policy(&chosen, default), policy(&shuffled, default));
        let context = Context::new(
            Some(PathBuf::from("/nonexistent-toolmeta-order/project")),
            PathBuf::from("/nonexistent-toolmeta-order/home"),
        );
        for call in &calls {
            prop_assert_eq!(a.decide(call, &context).decision, b.decide(call, &context).decision, "{:?}", call);
        }
    }
}
