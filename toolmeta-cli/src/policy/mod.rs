//! `toolmeta policy`: the permission policy of DESIGN §8 from the command line.
//!
//! `test FILE` runs a policy file's `match` / `not_match` examples; `check` replays ACP
//! messages through a policy; [`judge`] is the one decision both `check` and `toolmeta
//! proxy --policy` make.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use clap::Subcommand;
use toolmeta::policy::{LoadError, Policy};

pub mod check;
pub mod judge;
pub mod test;

/// `toolmeta policy …`
#[derive(Debug, clap::Args)]
#[command(
    about = "Permission policies (DESIGN §8): one TOML file of allow, ask and deny rules for every agent"
)]
pub struct Args {
    /// What to do with a policy.
    #[command(subcommand)]
    pub command: PolicyCommand,
}

/// The `policy` subcommands.
#[derive(Debug, Subcommand)]
pub enum PolicyCommand {
    /// Run a policy file's `match` / `not_match` examples: exit 0 when all hold, 1 listing
    /// each that fails, 2 when the file does not load.
    Test(test::Args),
    /// Replay ACP messages (logs, session logs, standard input) through a policy: one JSON
    /// line per permission request or client fs/terminal request.
    Check(check::Args),
}

/// Runs `toolmeta policy`; returns the exit code.
pub fn run(args: &Args, stdin: &mut dyn BufRead, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    match &args.command {
        PolicyCommand::Test(args) => test::run(args, out, err),
        PolicyCommand::Check(args) => check::run(args, stdin, out, err),
    }
}

/// Loads the policy files `paths`, in order, into one policy (the rules add up, the
/// stricter default wins); the first that does not load is the error.
pub fn load(paths: &[PathBuf]) -> Result<Policy, LoadError> {
    let mut loaded: Option<Policy> = None;
    for path in paths {
        let policy = Policy::load(path)?;
        match &mut loaded {
            Some(all) => all.add(policy),
            None => loaded = Some(policy),
        }
    }
    loaded.ok_or_else(|| LoadError {
        file: String::new(),
        problems: vec![toolmeta::policy::Problem {
            line: None,
            message: "no policy file: pass --policy FILE".into(),
        }],
    })
}
