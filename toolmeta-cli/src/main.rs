//! `toolmeta`: see the library's documentation, or `toolmeta --help`.
#![forbid(unsafe_code)]

use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let stdin = io::stdin();
    let code = toolmeta_cli::run_args(
        std::env::args_os(),
        &mut stdin.lock(),
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
    );
    ExitCode::from(code)
}
