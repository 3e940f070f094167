//! The `command` constraint: token prefixes of the commands a call runs, read by a real bash
//! parser (DESIGN §8, `command`).

use super::call::{CommandInput, Context};
use super::path::{Bases, inside, lexical};
use super::shell::{self, Everything, program_name};
use super::wrappers::is_exact_shell;

/// One prefix of a rule's `command`: its words, and its program's [`program_name`].
#[derive(Debug, Clone)]
struct Prefix {
    words: Vec<String>,
    program_name: String,
}

/// The prefixes of one rule's `command`.
#[derive(Debug, Clone)]
pub(crate) struct CommandConstraint {
    prefixes: Vec<Prefix>,
}

impl CommandConstraint {
    /// Reads each prefix as one simple command of literal words; the index and the reason of
    /// the first that is not one.
    pub(crate) fn compile(values: &[String]) -> Result<CommandConstraint, (usize, String)> {
        let mut prefixes = Vec::with_capacity(values.len());
        for (i, value) in values.iter().enumerate() {
            match shell::plain_commands(value) {
                Some(mut commands) if commands.len() == 1 => {
                    let words = commands.remove(0);
                    prefixes.push(Prefix {
                        program_name: program_name(&words[0]),
                        words,
                    });
                }
                _ => {
                    return Err((
                        i,
                        format!(
                            "`{value}` is not a command prefix: write the program and its first \
                             words as plain words, one command, with no operators, quotes around \
                             nothing but literal text, and no expansions (`cargo test`, `git log`)"
                        ),
                    ));
                }
            }
        }
        Ok(CommandConstraint { prefixes })
    }

    /// Whether an allow's prefix starts `words`: the program word exactly as written, then
    /// each word of the prefix, whole.
    pub(crate) fn allows(&self, words: &[String]) -> bool {
        self.prefixes.iter().any(|prefix| {
            let prefix = &prefix.words;
            words.len() >= prefix.len() && words[..prefix.len()] == prefix[..]
        })
    }

    /// Each prefix's program name ([`program_name`]) and words, for the policy's
    /// [`CommandIndex`](super::command_index::CommandIndex), which judges deny and ask.
    pub(crate) fn prefixes(&self) -> impl Iterator<Item = (&str, &[String])> {
        self.prefixes
            .iter()
            .map(|prefix| (prefix.program_name.as_str(), prefix.words.as_slice()))
    }
}

/// One command of a call, read once per decision for every rule.
#[derive(Debug)]
pub(crate) struct ReadCommand {
    /// The simple commands an allow may accept, or `None` when the command is not only
    /// plain simple commands (then no `command` allow matches it).
    pub(crate) plain: Option<Vec<Vec<String>>>,
    /// Whether the command's `cwd`, if it names one, lies inside the session's cwd.
    pub(crate) cwd_inside: bool,
    /// Everything a deny or ask looks at.
    pub(crate) everything: Everything,
}

impl ReadCommand {
    /// Reads `command` in `context`, whose directories `bases` has read (and resolves the
    /// command's `cwd` with the same lookups).
    pub(crate) fn read(command: &CommandInput, context: &Context, bases: &Bases) -> ReadCommand {
        let (plain, everything) = match command {
            CommandInput::Line { line, .. } => shell::read_line(line),
            CommandInput::Argv { argv, .. } => {
                let plain = match argv.as_slice() {
                    [] => None,
                    [program, flag, line, ..]
                        if is_exact_shell(program) && matches!(flag.as_str(), "-c" | "-lc") =>
                    {
                        shell::plain_commands(line)
                    }
                    argv => Some(vec![argv.to_vec()]),
                };
                (plain, shell::everything_of_argv(argv))
            }
        };
        ReadCommand {
            plain,
            cwd_inside: cwd_inside(command.cwd(), context, bases),
            everything,
        }
    }
}

/// Whether a command's `cwd` (resolved against the session cwd) lies inside the session cwd
/// with no `..` component; a command without one runs in the session's own.
fn cwd_inside(cwd: Option<&str>, context: &Context, bases: &Bases) -> bool {
    let Some(cwd) = cwd else {
        return true;
    };
    let Some(session) = &context.cwd else {
        return false;
    };
    if std::path::Path::new(cwd)
        .components()
        .any(|c| matches!(c, std::path::Component::ParentDir))
    {
        return false;
    }
    let joined = session.join(cwd);
    let lexical_cwd = lexical(&joined);
    if !inside(&lexical_cwd, &lexical(session)) {
        return false;
    }
    let real_session = bases.resolve(session);
    inside(&bases.resolve(&joined), &real_session)
}
