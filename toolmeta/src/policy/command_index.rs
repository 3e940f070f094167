//! Every deny and ask rule's `command` prefixes by program name, so that a call's commands
//! are looked up once for all rules, not once per rule and prefix (DESIGN §8, `command`; the
//! semantics are [`CommandConstraint`](super::command::CommandConstraint)'s, only the lookup
//! is shared).

use super::command::ReadCommand;
use super::rule::Rule;
use super::verdict::Decision;
use super::wrappers::basename;

/// One deny or ask prefix: the rule it belongs to and its words.
#[derive(Debug, Clone)]
struct Entry {
    rule: usize,
    words: Vec<String>,
}

/// The deny and ask prefixes of a policy's rules, sorted by their program's
/// [`program_name`](super::shell::program_name).
#[derive(Debug, Clone, Default)]
pub(crate) struct CommandIndex {
    by_program: Vec<(String, Vec<Entry>)>,
}

impl CommandIndex {
    /// The index of `rules`' deny and ask prefixes (rule `i` of the slice is rule `i` of the
    /// index).
    pub(crate) fn new(rules: &[Rule]) -> CommandIndex {
        let mut index = CommandIndex::default();
        index.insert(rules, 0);
        index
    }

    fn insert(&mut self, rules: &[Rule], offset: usize) {
        for (i, rule) in rules.iter().enumerate() {
            if rule.decision == Decision::Allow {
                continue;
            }
            let Some(command) = &rule.command else {
                continue;
            };
            for (name, words) in command.prefixes() {
                let entry = Entry {
                    rule: offset + i,
                    words: words.to_vec(),
                };
                match self
                    .by_program
                    .binary_search_by(|(have, _)| have.as_str().cmp(name))
                {
                    Ok(at) => self.by_program[at].1.push(entry),
                    Err(at) => self.by_program.insert(at, (name.to_owned(), vec![entry])),
                }
            }
        }
    }

    /// This index followed by the deny and ask prefixes of `rules`, which come after this
    /// index's first `offset` rules.
    pub(crate) fn extend(&mut self, rules: &[Rule], offset: usize) {
        self.insert(rules, offset);
    }

    /// For each of `rules` rules, whether one of its deny or ask prefixes matches anything
    /// any of `commands` runs: at any program position of any simple command (the program
    /// also by its basename, ignoring ASCII case), or as consecutive words of text that did
    /// not parse.
    pub(crate) fn denied(&self, commands: &[ReadCommand], rules: usize) -> Vec<bool> {
        let mut hits = vec![false; rules];
        if self.by_program.is_empty() {
            return hits;
        }
        for read in commands {
            for rest in read.everything.starts() {
                // The program's name, as `program_name` gives it, compared without making it.
                let program = basename(&rest[0]);
                let Ok(at) = self.by_program.binary_search_by(|(have, _)| {
                    have.bytes()
                        .cmp(program.bytes().map(|b| b.to_ascii_lowercase()))
                }) else {
                    continue;
                };
                for entry in &self.by_program[at].1 {
                    // The program word agrees by its name; the prefix's other words must
                    // follow it exactly.
                    if !hits[entry.rule]
                        && rest.len() >= entry.words.len()
                        && entry.words[1..]
                            .iter()
                            .zip(&rest[1..])
                            .all(|(want, word)| want == word)
                    {
                        hits[entry.rule] = true;
                    }
                }
            }
        }
        hits
    }
}
