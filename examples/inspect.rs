//! `inspect`: read ACP logs and show which tools were called.
//!
//! ```text
//! cargo run --example inspect -- [--json] [--harness NAME] FILE...   (`-` reads stdin)
//! ```
//!
//! Prints the calls grouped by label (count, names seen, statuses) and the skipped-line
//! count; with `--json`, one JSON object per call in first-seen order. `--harness` names
//! the agent that produced logs without envelopes (`claude_code`, `codex`, `gemini_cli`,
//! `opencode`, `grok_build`), so the catalog can identify its tools; without it the marks
//! the traffic carries are used (the agent's `initialize` answer, `_meta.claudeCode`,
//! Gemini CLI's call ids, Grok Build's envelopes).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::process::ExitCode;

use toolmeta::Namespace;
use toolmeta::catalog::Harness;
use toolmeta::client::{Ledger, Summary, write_json_lines};

const USAGE: &str = "\
usage: inspect [--json] [--harness NAME] FILE...
  FILE            an ACP log (JSON Lines); `-` reads standard input
  --json          print one JSON object per call instead of the table
  --harness NAME  the agent behind calls without an envelope, when the log
                  does not say: claude_code, codex, gemini_cli, opencode
                  or grok_build
";

fn main() -> ExitCode {
    let args = match utf8_args(std::env::args_os().skip(1)) {
        Ok(args) => args,
        Err(message) => {
            eprintln!("inspect: {message}");
            return ExitCode::from(2);
        }
    };
    let stdin = io::stdin();
    let code = run(
        &args,
        stdin.lock(),
        &mut io::stdout().lock(),
        &mut io::stderr(),
    );
    ExitCode::from(code)
}

/// The arguments as strings; one that is not UTF-8 is a usage error naming it (lossily),
/// not a panic.
pub fn utf8_args(
    args: impl IntoIterator<Item = std::ffi::OsString>,
) -> Result<Vec<String>, String> {
    args.into_iter()
        .map(|arg| {
            arg.into_string().map_err(|arg| {
                format!(
                    "argument `{}` is not valid UTF-8 (file names must be UTF-8)",
                    arg.to_string_lossy()
                )
            })
        })
        .collect()
}

/// Runs `inspect` with `args` (without the program name); returns the exit code:
/// 0 on success, 1 when an input cannot be read, 2 on a usage error.
pub fn run(args: &[String], stdin: impl BufRead, out: &mut impl Write, err: &mut impl Write) -> u8 {
    let options = match Options::parse(args) {
        Ok(Parsed::Run(options)) => options,
        Ok(Parsed::Help) => return report(out.write_all(USAGE.as_bytes()), err),
        Err(message) => {
            let _ = write!(err, "inspect: {message}\n{USAGE}");
            return 2;
        }
    };
    let mut builder = Ledger::builder();
    if let Some(harness) = options.harness {
        builder = builder.harness(harness);
    }
    let mut ledger = builder.build();

    // Open every file first, so a typo fails before any output.
    let mut inputs = Vec::new();
    for path in &options.files {
        if path == "-" {
            inputs.push(None);
            continue;
        }
        match File::open(path) {
            Ok(file) => inputs.push(Some(BufReader::new(file))),
            Err(error) => {
                let _ = writeln!(err, "inspect: cannot open `{path}`: {error}");
                return 1;
            }
        }
    }
    let mut stdin = Some(stdin);
    for (input, path) in inputs.into_iter().zip(&options.files) {
        let read = match input {
            Some(file) => ledger.read_lines(file),
            // `-` given twice reads standard input once.
            None => match stdin.take() {
                Some(stdin) => ledger.read_lines(stdin),
                None => Ok(()),
            },
        };
        if let Err(error) = read {
            let _ = writeln!(err, "inspect: cannot read `{path}`: {error}");
            return 1;
        }
    }

    let written = if options.json {
        write_json_lines(&ledger, &mut *out)
    } else {
        write!(out, "{}", Summary::of(&ledger))
    };
    report(written.and_then(|()| out.flush()), err)
}

fn report(result: io::Result<()>, err: &mut impl Write) -> u8 {
    match result {
        Ok(()) => 0,
        // A closed pipe (`inspect ... | head`) is the reader's choice, not an error.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(error) => {
            let _ = writeln!(err, "inspect: cannot write the output: {error}");
            1
        }
    }
}

struct Options {
    json: bool,
    harness: Option<Harness>,
    files: Vec<String>,
}

enum Parsed {
    Run(Options),
    Help,
}

impl Options {
    fn parse(args: &[String]) -> Result<Parsed, String> {
        let mut options = Options {
            json: false,
            harness: None,
            files: Vec::new(),
        };
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "-h" | "--help" => return Ok(Parsed::Help),
                "--json" => options.json = true,
                "--harness" => {
                    let name = args.next().ok_or("`--harness` needs a name")?;
                    options.harness = Some(parse_harness(name)?);
                }
                flag if flag.starts_with("--harness=") => {
                    options.harness = Some(parse_harness(&flag["--harness=".len()..])?);
                }
                flag if flag.starts_with('-') && flag != "-" => {
                    return Err(format!("unknown option `{flag}`"));
                }
                file => options.files.push(file.to_owned()),
            }
        }
        if options.files.is_empty() {
            return Err("no input: give one or more files, or `-` for standard input".to_owned());
        }
        Ok(Parsed::Run(options))
    }
}

fn parse_harness(name: &str) -> Result<Harness, String> {
    Namespace::from_wire(name)
        .and_then(Harness::from_namespace)
        .ok_or_else(|| {
            let known: Vec<&str> = Harness::ALL
                .iter()
                .map(|h| h.namespace().as_str())
                .collect();
            format!(
                "unknown harness `{name}`, expected one of {}",
                known.join(", ")
            )
        })
}
