//! Programs that run another program (`sudo rm …`), and shells that run a string: where in a
//! simple command a deny or ask looks for a program, each wrapper's own options skipped as
//! its manual defines them.

/// The shells whose `-c` string, or standard input, is a shell line.
const SHELLS: &[&str] = &["sh", "bash", "zsh", "dash", "ksh", "mksh", "fish"];

/// The last component of a program word: `/usr/bin/rm` → `rm`.
pub(crate) fn basename(word: &str) -> &str {
    word.rsplit('/').next().unwrap_or(word)
}

/// Whether `program` (a basename) is a shell.
pub(crate) fn is_shell(program: &str) -> bool {
    SHELLS.contains(&program)
}

/// Whether an argv's program is a shell exactly as an allow accepts one: a bare name or under
/// `/bin` or `/usr/bin` (DESIGN §8: `bash`, `sh`, `zsh`, `dash`).
pub(crate) fn is_exact_shell(program: &str) -> bool {
    let name = program
        .strip_prefix("/usr/bin/")
        .or_else(|| program.strip_prefix("/bin/"))
        .unwrap_or(program);
    ["bash", "sh", "zsh", "dash"].contains(&name)
}

/// What a shell invocation runs.
pub(crate) enum ShellInput<'a> {
    /// A `-c` string.
    String(&'a str),
    /// Its standard input (no `-c`, no script).
    Stdin,
    /// A script file, or nothing this reader can see.
    Script,
}

/// What a shell given `args` (after its own name) runs: the first operand after the options
/// when a `-c` is among them (`-c`, `-lc`, `-ec`, `-o pipefail -c`), standard input when
/// there is no operand (or `-s`), a script otherwise.
pub(crate) fn shell_command_string(args: &[String]) -> ShellInput<'_> {
    let mut command = false;
    let mut stdin = false;
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        if arg == "--" || arg == "-" {
            i += 1;
            break;
        }
        if matches!(arg, "--rcfile" | "--init-file") {
            i += 2;
            continue;
        }
        if arg.starts_with("--") {
            i += 1;
            continue;
        }
        let Some(flags) = arg.strip_prefix('-').or_else(|| arg.strip_prefix('+')) else {
            break;
        };
        if flags.is_empty() {
            break;
        }
        command |= flags.contains('c');
        stdin |= flags.contains('s');
        // `-o NAME` and `-O NAME` take the next word.
        if flags.ends_with('o') || flags.ends_with('O') {
            i += 1;
        }
        i += 1;
    }
    match args.get(i) {
        Some(string) if command => ShellInput::String(string),
        _ if command => ShellInput::Script,
        None => ShellInput::Stdin,
        Some(_) if stdin => ShellInput::Stdin,
        Some(_) => ShellInput::Script,
    }
}

/// A wrapper's options: those that take a value (as a separate word or attached), those that
/// do not, and how many operands come before the program.
struct Wrapper {
    name: &'static str,
    /// Short options that take a value (`-u USER`).
    short_with_value: &'static str,
    /// Short options that take none.
    short_flags: &'static str,
    /// Long options that take a value (`--user`), as `--user VALUE` or `--user=VALUE`.
    long_with_value: &'static [&'static str],
    /// Long options that take none, or only an attached `=VALUE`.
    long_flags: &'static [&'static str],
    /// Operands before the program (`timeout DURATION`).
    operands: usize,
    /// Whether `NAME=VALUE` words may come between the options and the program (`env`, `sudo`).
    assignments: bool,
    /// Whether a bare `-NUMBER` is an option (`nice -10`).
    numeric_option: bool,
}

impl Wrapper {
    /// A wrapper with no options, operands or assignments: what each entry below departs from.
    const BARE: Wrapper = Wrapper {
        name: "",
        short_with_value: "",
        short_flags: "",
        long_with_value: &[],
        long_flags: &[],
        operands: 0,
        assignments: false,
        numeric_option: false,
    };
}

/// The wrappers of DESIGN §8, options from their manuals (GNU coreutils, sudo, OpenBSD doas,
/// GNU time and findutils' xargs, bash's builtins).
const WRAPPERS: &[Wrapper] = &[
    Wrapper {
        name: "env",
        short_with_value: "uCS",
        short_flags: "i0v",
        long_with_value: &["--unset", "--chdir", "--split-string"],
        long_flags: &[
            "--ignore-environment",
            "--null",
            "--debug",
            "--block-signal",
            "--default-signal",
            "--ignore-signal",
            "--list-signal-handling",
        ],
        assignments: true,
        ..Wrapper::BARE
    },
    Wrapper {
        name: "sudo",
        short_with_value: "ugCDhprtTU",
        short_flags: "AbEeHiKklnPSsVvB",
        long_with_value: &[
            "--user",
            "--group",
            "--close-from",
            "--chdir",
            "--host",
            "--prompt",
            "--role",
            "--type",
            "--command-timeout",
            "--other-user",
            "--chroot",
        ],
        long_flags: &[
            "--askpass",
            "--background",
            "--bell",
            "--preserve-env",
            "--edit",
            "--set-home",
            "--login",
            "--remove-timestamp",
            "--reset-timestamp",
            "--list",
            "--non-interactive",
            "--preserve-groups",
            "--stdin",
            "--shell",
            "--validate",
        ],
        assignments: true,
        ..Wrapper::BARE
    },
    Wrapper {
        name: "doas",
        short_with_value: "Cu",
        short_flags: "Lns",
        ..Wrapper::BARE
    },
    Wrapper {
        name: "timeout",
        short_with_value: "ks",
        short_flags: "fpv",
        long_with_value: &["--kill-after", "--signal"],
        long_flags: &["--foreground", "--preserve-status", "--verbose"],
        operands: 1,
        ..Wrapper::BARE
    },
    Wrapper {
        name: "nice",
        short_with_value: "n",
        long_with_value: &["--adjustment"],
        numeric_option: true,
        ..Wrapper::BARE
    },
    Wrapper {
        name: "nohup",
        ..Wrapper::BARE
    },
    Wrapper {
        name: "time",
        short_with_value: "fo",
        short_flags: "apqv",
        long_with_value: &["--format", "--output"],
        long_flags: &["--append", "--portability", "--quiet", "--verbose"],
        ..Wrapper::BARE
    },
    Wrapper {
        name: "command",
        short_flags: "pvV",
        ..Wrapper::BARE
    },
    Wrapper {
        name: "builtin",
        ..Wrapper::BARE
    },
    Wrapper {
        name: "exec",
        short_with_value: "a",
        short_flags: "cl",
        ..Wrapper::BARE
    },
    Wrapper {
        name: "xargs",
        short_with_value: "adELInPs",
        short_flags: "0oprtx",
        long_with_value: &[
            "--arg-file",
            "--delimiter",
            "--max-args",
            "--max-procs",
            "--max-chars",
            "--process-slot-var",
        ],
        long_flags: &[
            "--null",
            "--open-tty",
            "--interactive",
            "--no-run-if-empty",
            "--verbose",
            "--exit",
            "--show-limits",
            "--eof",
            "--replace",
            "--max-lines",
        ],
        ..Wrapper::BARE
    },
    Wrapper {
        name: "stdbuf",
        short_with_value: "ioe",
        long_with_value: &["--input", "--output", "--error"],
        ..Wrapper::BARE
    },
];

/// xargs' short options whose value may only be attached (`-i[REPLACE]`, `-e[EOF]`,
/// `-l[LINES]`): never a separate word.
const XARGS_ATTACHED_ONLY: &str = "eil";

/// Where the program a wrapper runs starts in `words` after the wrapper at `at`: `Ok(i)`, or
/// `Err(())` when its options cannot be placed (an option its manual does not define).
fn after_wrapper(wrapper: &Wrapper, words: &[String], at: usize) -> Result<usize, ()> {
    let mut i = at + 1;
    while i < words.len() {
        let word = words[i].as_str();
        if word == "--" {
            i += 1;
            break;
        }
        if let Some(long) = word.strip_prefix("--") {
            let (name, attached) = match long.split_once('=') {
                Some((name, _)) => (name, true),
                None => (long, false),
            };
            let name = &word[..name.len() + 2];
            if wrapper.long_with_value.contains(&name) {
                i += if attached { 1 } else { 2 };
            } else if wrapper.long_flags.contains(&name) {
                i += 1;
            } else {
                return Err(());
            }
            continue;
        }
        let Some(flags) = word.strip_prefix('-').filter(|flags| !flags.is_empty()) else {
            break;
        };
        if wrapper.numeric_option && flags.bytes().all(|b| b.is_ascii_digit()) {
            i += 1;
            continue;
        }
        let mut consumed = 1;
        for (at, flag) in flags.char_indices() {
            if wrapper.name == "xargs" && XARGS_ATTACHED_ONLY.contains(flag) {
                break;
            }
            if wrapper.short_with_value.contains(flag) {
                // The value is the rest of this word, or the next word.
                if at + flag.len_utf8() == flags.len() {
                    consumed = 2;
                }
                break;
            }
            if !wrapper.short_flags.contains(flag) {
                return Err(());
            }
        }
        i += consumed;
    }
    if wrapper.assignments {
        while i < words.len() && is_assignment(&words[i]) {
            i += 1;
        }
    }
    Ok(i + wrapper.operands)
}

fn is_assignment(word: &str) -> bool {
    match word.split_once('=') {
        Some((name, _)) => {
            !name.is_empty()
                && !name.starts_with(|c: char| c.is_ascii_digit())
                && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        }
        None => false,
    }
}

/// Every position of `words` where a deny or ask looks for a program: the first word, the
/// program each wrapper runs (wrappers nest: `sudo env X=1 nice rm`), every word after a
/// wrapper whose options cannot be placed, and the program of `find`'s `-exec` and `-ok`.
pub(crate) fn program_positions(words: &[String]) -> Vec<usize> {
    let mut positions = Vec::new();
    if words.is_empty() {
        return positions;
    }
    let mut at = 0;
    loop {
        positions.push(at);
        let program = basename(&words[at]);
        if program == "find" {
            for (i, word) in words.iter().enumerate().skip(at + 1) {
                if matches!(word.as_str(), "-exec" | "-execdir" | "-ok" | "-okdir")
                    && i + 1 < words.len()
                {
                    positions.push(i + 1);
                }
            }
        }
        let Some(wrapper) = WRAPPERS.iter().find(|wrapper| wrapper.name == program) else {
            break;
        };
        match after_wrapper(wrapper, words, at) {
            Ok(next) if next < words.len() => at = next,
            Ok(_) => break,
            Err(()) => {
                positions.extend(at + 1..words.len());
                break;
            }
        }
    }
    positions.sort_unstable();
    positions.dedup();
    positions
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split(' ').map(str::to_owned).collect()
    }

    fn programs(line: &str) -> Vec<String> {
        let words = words(line);
        program_positions(&words)
            .into_iter()
            .map(|i| words[i].clone())
            .collect()
    }

    #[test]
    fn wrappers_options_are_skipped_as_their_manuals_define_them() {
        assert_eq!(programs("sudo -u root rm -rf /"), ["sudo", "rm"]);
        assert_eq!(programs("sudo -uroot rm x"), ["sudo", "rm"]);
        assert_eq!(programs("env -i FOO=1 BAR=2 rm x"), ["env", "rm"]);
        assert_eq!(programs("env --chdir=/tmp rm x"), ["env", "rm"]);
        assert_eq!(programs("env -C /tmp rm x"), ["env", "rm"]);
        assert_eq!(programs("timeout -s KILL 10 rm x"), ["timeout", "rm"]);
        assert_eq!(
            programs("timeout --signal=KILL 10s rm x"),
            ["timeout", "rm"]
        );
        assert_eq!(programs("nice -n 5 rm x"), ["nice", "rm"]);
        assert_eq!(programs("nice -10 rm x"), ["nice", "rm"]);
        assert_eq!(programs("nohup rm x"), ["nohup", "rm"]);
        assert_eq!(programs("xargs -0 -n 1 rm"), ["xargs", "rm"]);
        assert_eq!(programs("xargs -I{} rm {}"), ["xargs", "rm"]);
        assert_eq!(programs("stdbuf -oL rm x"), ["stdbuf", "rm"]);
        assert_eq!(programs("exec -a name rm x"), ["exec", "rm"]);
        assert_eq!(programs("command -p rm x"), ["command", "rm"]);
        assert_eq!(
            programs("sudo env nice -n 1 timeout 5 /bin/rm x"),
            ["sudo", "env", "nice", "timeout", "/bin/rm"]
        );
        assert_eq!(programs("find . -name x -exec rm {} ;"), ["find", "rm"]);
    }

    #[test]
    fn a_wrapper_option_that_cannot_be_placed_tries_every_later_word() {
        assert_eq!(
            programs("sudo --frobnicate x rm y"),
            ["sudo", "--frobnicate", "x", "rm", "y"]
        );
        assert_eq!(programs("timeout -Z 5 rm"), ["timeout", "-Z", "5", "rm"]);
    }

    #[test]
    fn a_shell_runs_its_c_string_its_stdin_or_a_script() {
        let args = |line: &str| words(line);
        assert!(matches!(
            shell_command_string(&args("-c rm")),
            ShellInput::String("rm")
        ));
        assert!(matches!(
            shell_command_string(&args("-lc rm")),
            ShellInput::String("rm")
        ));
        assert!(matches!(
            shell_command_string(&args("-e -o pipefail -c rm")),
            ShellInput::String("rm")
        ));
        assert!(matches!(
            shell_command_string(&args("-x script.sh")),
            ShellInput::Script
        ));
        assert!(matches!(shell_command_string(&[]), ShellInput::Stdin));
        assert!(matches!(
            shell_command_string(&args("-s arg")),
            ShellInput::Stdin
        ));
    }

    #[test]
    fn an_exact_shell_is_a_bare_name_or_under_bin_or_usr_bin() {
        assert!(is_exact_shell("bash"));
        assert!(is_exact_shell("/bin/sh"));
        assert!(is_exact_shell("/usr/bin/zsh"));
        assert!(!is_exact_shell("/usr/local/bin/bash"));
        assert!(!is_exact_shell("./bash"));
        assert!(!is_exact_shell("fish"));
    }
}
