//! A decision of a 200-rule policy (DESIGN §8, issue 41: p99 ≤ 20 µs), from the library's
//! `Call` to the verdict: the shell parse, path normalization (and resolution on this
//! machine) and matching included, reading the message not.
//!
//! `cargo bench -p toolmeta-benches --bench policy` — criterion's estimate per call shape,
//! then the percentiles of single decisions over the mix (each timed on its own, so the
//! clock's own cost, some tens of nanoseconds, is in them).

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use toolmeta::policy::{Call, CallIdentity, CommandInput, Context, Policy};

fn calls() -> Vec<(&'static str, Call)> {
    let earned = |label: &str| Call {
        identities: vec![CallIdentity::labelled(label)],
        earned: true,
        ..Call::default()
    };
    let mut shell = earned("Run Command");
    shell.commands = vec![CommandInput::line(
        "cargo test -p toolmeta && git log --oneline | head -5",
    )];
    let mut nasty = earned("Run Command");
    nasty.commands = vec![CommandInput::line(
        "sudo env X=1 bash -c 'tool3 run; echo $(danger7 now)'",
    )];
    let mut argv = earned("Run Command");
    argv.commands = vec![CommandInput::Argv {
        argv: vec!["tool12".into(), "check".into(), "--all".into()],
        cwd: Some("sub/dir".into()),
    }];
    let mut read = earned("Read");
    read.paths = vec![
        "module7/src/../src/lib.rs".into(),
        "module7/src/main.rs".into(),
    ];
    let mut fetch = earned("Web Fetch");
    fetch.urls = vec!["https://a.b.cdn17.example:8443/x?y".into()];
    vec![
        ("shell line", shell),
        ("nested shell", nasty),
        ("argv", argv),
        ("two paths", read),
        ("url", fetch),
    ]
}

fn decide(c: &mut Criterion) {
    let policy = Policy::from_toml(&toolmeta_benches::policy_200_rules(), "bench.toml")
        .expect("the bench policy loads");
    assert_eq!(policy.rule_count(), 200);
    let context = Context::new(
        Some(PathBuf::from("/tmp/toolmeta-bench/project")),
        PathBuf::from("/tmp/toolmeta-bench/home"),
    );
    let calls = calls();
    for (name, call) in &calls {
        c.bench_function(&format!("policy decide, 200 rules: {name}"), |b| {
            b.iter(|| black_box(policy.decide(black_box(call), black_box(&context))))
        });
    }
    // Percentiles of single decisions over the mix, and of each call shape in it.
    let mut samples: Vec<Duration> = Vec::with_capacity(50_000);
    let mut by_shape: Vec<Vec<Duration>> = vec![Vec::with_capacity(2_000); calls.len()];
    for round in 0..10_000 {
        let (_, call) = &calls[round % calls.len()];
        let start = Instant::now();
        black_box(policy.decide(black_box(call), black_box(&context)));
        let elapsed = start.elapsed();
        samples.push(elapsed);
        by_shape[round % calls.len()].push(elapsed);
    }
    let at = |samples: &[Duration], q: f64| samples[((samples.len() as f64 - 1.0) * q) as usize];
    samples.sort_unstable();
    eprintln!(
        "policy decide, 200 rules, {} single decisions over the mix: p50 {:?}, p90 {:?}, p99 {:?}, max {:?}",
        samples.len(),
        at(&samples, 0.50),
        at(&samples, 0.90),
        at(&samples, 0.99),
        samples[samples.len() - 1]
    );
    for ((name, _), samples) in calls.iter().zip(&mut by_shape) {
        samples.sort_unstable();
        eprintln!(
            "  {name}: p50 {:?}, p90 {:?}, p99 {:?}",
            at(samples, 0.50),
            at(samples, 0.90),
            at(samples, 0.99)
        );
    }
    for (name, call) in &calls {
        eprintln!("  {name}: {}", policy.decide(call, &context).reason);
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_secs(1));
    targets = decide
}

/// `POLICY_BENCH_ONCE=NAME`: 1000 decisions of that call shape and nothing else, for
/// callgrind (`benches/policy_instructions.sh`), which counts instructions where the machine's
/// load makes wall-clock percentiles unreliable.
fn once(name: &str) {
    let policy = Policy::from_toml(&toolmeta_benches::policy_200_rules(), "bench.toml")
        .expect("the bench policy loads");
    let context = Context::new(
        Some(PathBuf::from("/tmp/toolmeta-bench/project")),
        PathBuf::from("/tmp/toolmeta-bench/home"),
    );
    let calls = calls();
    let Some((_, call)) = calls.iter().find(|(shape, _)| *shape == name) else {
        panic!(
            "no call shape `{name}`: one of {:?}",
            calls.iter().map(|(n, _)| n).collect::<Vec<_>>()
        );
    };
    for _ in 0..1000 {
        black_box(decide_once(&policy, black_box(call), &context));
    }
}

/// One decision (a function of its own, so that callgrind can count it).
#[inline(never)]
fn decide_once(policy: &Policy, call: &Call, context: &Context) -> toolmeta::policy::Verdict {
    policy.decide(call, context)
}

fn main() {
    if let Ok(name) = std::env::var("POLICY_BENCH_ONCE") {
        once(&name);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
