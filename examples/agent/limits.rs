//! What the agent bounds, set on its command line (the defaults suit an editor; the tests
//! run with kilobytes and milliseconds).

use std::time::Duration;

/// The agent's bounds.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The longest incoming line; a longer one is dropped unread and answered with a parse
    /// error that gives its length, not its text.
    pub max_line_bytes: usize,
    /// The most text one prompt may carry; a longer prompt is refused with `invalid_params`.
    pub max_prompt_bytes: usize,
    /// The most sessions kept; past it the least recently used idle session is forgotten,
    /// and a new session is refused while every kept one runs a turn.
    pub max_sessions: usize,
    /// The most output one tool call returns (a read, a search, a command's output).
    pub max_output_bytes: usize,
    /// The largest file a search reads (larger ones are skipped, and the output says so)
    /// and an edit changes.
    pub max_file_bytes: u64,
    /// How long one tool call may run before it is stopped.
    pub call_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_line_bytes: 16 << 20,
            max_prompt_bytes: 1 << 20,
            max_sessions: 256,
            max_output_bytes: 1 << 20,
            max_file_bytes: 16 << 20,
            call_timeout: Duration::from_secs(600),
        }
    }
}

/// The command line's help.
pub const USAGE: &str = "\
usage: agent [--max-line-bytes N] [--max-prompt-bytes N] [--max-sessions N]
             [--max-output-bytes N] [--max-file-bytes N] [--call-timeout-ms N]
             [--no-envelopes]

An ACP agent on stdio whose tool calls carry the toolmeta envelope (see the example's docs).
Defaults: 16 MiB lines, 1 MiB prompts, 256 sessions, 1 MiB of output per call, 16 MiB
files searched or edited, 600000 ms per call. `--no-envelopes` makes it a harness that has
not adopted toolmeta: no envelope, no ACP `name`, its `kind` and locations set by hand.";

impl Limits {
    /// Reads `--name N` or `--name=N` options; `Err` holds the message to print.
    pub fn from_args(args: impl IntoIterator<Item = String>) -> Result<Limits, String> {
        let mut limits = Limits::default();
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            if arg == "--help" || arg == "-h" {
                return Err(USAGE.to_owned());
            }
            let (name, value) = match arg.split_once('=') {
                Some((name, value)) => (name.to_owned(), value.to_owned()),
                None => {
                    let value = args.next().ok_or(format!("{arg} needs a value\n{USAGE}"))?;
                    (arg, value)
                }
            };
            let number: u64 = value
                .parse()
                .ok()
                .filter(|number| *number > 0)
                .ok_or(format!("{name} wants a positive integer, not `{value}`"))?;
            let size = usize::try_from(number).unwrap_or(usize::MAX);
            match name.as_str() {
                "--max-line-bytes" => limits.max_line_bytes = size,
                "--max-prompt-bytes" => limits.max_prompt_bytes = size,
                "--max-sessions" => limits.max_sessions = size,
                "--max-output-bytes" => limits.max_output_bytes = size,
                "--max-file-bytes" => limits.max_file_bytes = number,
                "--call-timeout-ms" => limits.call_timeout = Duration::from_millis(number),
                _ => return Err(format!("unknown option `{name}`\n{USAGE}")),
            }
        }
        Ok(limits)
    }
}
