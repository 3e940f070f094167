//! `toolmeta`: see the library's documentation, or `toolmeta --help`.
#![forbid(unsafe_code)]

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(toolmeta_cli::main())
}
