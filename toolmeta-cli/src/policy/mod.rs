//! `toolmeta policy`: the permission policy of DESIGN §8 from the command line.
//!
//! `test FILE` runs a policy file's `match` / `not_match` examples. (`check`, which replays
//! ACP logs through a policy, comes with the evidence value the ledger's calls will carry:
//! it needs each call's `evidence` and `earned`.)

use std::io::Write;

use clap::Subcommand;

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
}

/// Runs `toolmeta policy`; returns the exit code.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    match &args.command {
        PolicyCommand::Test(args) => test::run(args, out, err),
    }
}
