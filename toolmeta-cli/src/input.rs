//! The programs' inputs: files and standard input, opened before any output, read line by
//! line within a bound.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

/// The longest line the programs read (16 MiB, the ledger's default); a longer one is
/// counted as too long and skipped without being held whole.
pub const MAX_LINE_BYTES: usize = 16 << 20;

/// One input of a program: a file, or standard input (`-`).
pub enum Input {
    /// A file, opened.
    File(BufReader<File>),
    /// Standard input, read from the reader the program was given.
    Stdin,
}

/// Opens every input first, so a misspelled file fails before any output; `-` is standard
/// input. The error names the file that could not be opened.
pub fn open_all(paths: &[PathBuf]) -> Result<Vec<Input>, (PathBuf, io::Error)> {
    paths
        .iter()
        .map(|path| {
            if is_stdin(path) {
                Ok(Input::Stdin)
            } else {
                File::open(path)
                    .map(|file| Input::File(BufReader::new(file)))
                    .map_err(|error| (path.clone(), error))
            }
        })
        .collect()
}

/// Whether `path` is `-`, standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// One line as read: its bytes without the line ending, or the first `MAX_LINE_BYTES + 2`
/// bytes of a line that was longer (the rest was skipped unread).
pub enum Line<'a> {
    /// A line within the bound.
    Whole(&'a [u8]),
    /// The start of a line over the bound: longer than `MAX_LINE_BYTES`, so any reader with
    /// that limit counts it as too long.
    TooLong(&'a [u8]),
}

/// Reads `reader` line by line (a `\n` or `\r\n` ends a line), holding at most
/// `limit + 2` bytes of any line, and calls `each` with every line. Stops at the end of
/// the input or at the first read error, or when `each` returns `false`.
pub fn for_each_line(
    mut reader: impl BufRead,
    limit: usize,
    mut each: impl FnMut(Line<'_>) -> bool,
) -> io::Result<()> {
    let cap = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(2);
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = io::Read::take(&mut reader, cap).read_until(b'\n', &mut line)?;
        if read == 0 {
            return Ok(());
        }
        let ended = line.last() == Some(&b'\n');
        if ended {
            line.pop();
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        let go_on = if line.len() > limit {
            if !ended {
                reader.skip_until(b'\n')?;
            }
            each(Line::TooLong(&line))
        } else {
            each(Line::Whole(&line))
        };
        if !go_on {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Line, for_each_line};

    fn lines(input: &[u8], limit: usize) -> Vec<Result<Vec<u8>, usize>> {
        let mut seen = Vec::new();
        for_each_line(input, limit, |line| {
            seen.push(match line {
                Line::Whole(bytes) => Ok(bytes.to_vec()),
                Line::TooLong(start) => Err(start.len()),
            });
            true
        })
        .unwrap();
        seen
    }

    #[test]
    fn lines_end_at_newlines_with_or_without_a_carriage_return() {
        assert_eq!(
            lines(b"a\r\nbc\n\nd", 8),
            [
                Ok(b"a".to_vec()),
                Ok(b"bc".to_vec()),
                Ok(vec![]),
                Ok(b"d".to_vec())
            ]
        );
    }

    #[test]
    fn a_line_over_the_limit_is_cut_and_the_next_line_is_whole() {
        let mut input = vec![b'x'; 100];
        input.extend_from_slice(b"\nok\n");
        // Held: the limit plus two bytes, never the whole line.
        assert_eq!(lines(&input, 4), [Err(6), Ok(b"ok".to_vec())]);
        // Exactly at the limit, with its `\r\n`: whole.
        assert_eq!(lines(b"abcd\r\n", 4), [Ok(b"abcd".to_vec())]);
        assert_eq!(lines(b"abcde", 4), [Err(5)]);
    }
}
