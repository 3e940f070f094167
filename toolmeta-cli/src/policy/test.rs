//! `toolmeta policy test FILE`: a policy file's own examples.

use std::io::Write;
use std::path::PathBuf;

use toolmeta::policy::{LoadError, Problem, test_examples};

/// Exit codes of `policy test` (DESIGN §8).
pub mod exit {
    /// Every example holds.
    pub const HOLD: u8 = 0;
    /// At least one example fails; each is listed.
    pub const FAIL: u8 = 1;
    /// The file does not load (the problems are listed with their lines).
    pub const DOES_NOT_LOAD: u8 = 2;
}

/// `toolmeta policy test FILE`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The policy file.
    pub file: PathBuf,
}

/// Runs the examples of `args.file`; returns the exit code.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let file = args.file.display().to_string();
    let text = match std::fs::read_to_string(&args.file) {
        Ok(text) => text,
        Err(error) => {
            let refusal = LoadError {
                file,
                problems: vec![Problem {
                    line: None,
                    message: format!("cannot read the policy file: {error}"),
                }],
            };
            let _ = writeln!(err, "{refusal}");
            return exit::DOES_NOT_LOAD;
        }
    };
    let report = match test_examples(&text, &file) {
        Ok(report) => report,
        Err(refusal) => {
            let _ = writeln!(err, "{refusal}");
            return exit::DOES_NOT_LOAD;
        }
    };
    for failure in &report.failures {
        let _ = writeln!(out, "{file}:{}: {failure}", failure.line);
    }
    let holding = report.examples - report.failures.len();
    let _ = writeln!(
        out,
        "{file}: {holding} of {} examples hold",
        report.examples
    );
    if report.failures.is_empty() {
        exit::HOLD
    } else {
        exit::FAIL
    }
}
