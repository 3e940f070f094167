//! Why a policy file was refused: [`LoadError`], each problem with its line and what to write
//! instead.

use std::fmt;

/// One thing wrong in a policy file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The 1-based line it is on (`None` when the file could not be read at all).
    pub line: Option<usize>,
    /// What is wrong and what to write instead.
    pub message: String,
}

/// A policy file that does not load: every problem found in it, in the order of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    /// The file as it was named (on the command line, or by the caller).
    pub file: String,
    /// The problems, at least one.
    pub problems: Vec<Problem>,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            match problem.line {
                Some(line) => write!(f, "{}:{}: {}", self.file, line, problem.message)?,
                None => write!(f, "{}: {}", self.file, problem.message)?,
            }
        }
        Ok(())
    }
}

impl std::error::Error for LoadError {}

/// The 1-based line of byte `offset` in `text`.
pub(crate) fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}
