//! Near misses: the closest valid spelling of a mistyped name, for did-you-mean.

/// Whether `a` and `b` are the same bytes, in a `const` (where `==` on slices is not).
pub const fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The edit distance between `a` and `b` counting insertions, deletions, substitutions
/// and transpositions of adjacent characters (optimal string alignment), case-insensitive.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().flat_map(char::to_lowercase).collect();
    let b: Vec<char> = b.chars().flat_map(char::to_lowercase).collect();
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

/// Whether `candidate` is close enough to `word` to be what was meant: one edit for short
/// words, two for longer ones, or the same letters up to case, `_`, `-` and spaces.
pub fn is_near_miss(word: &str, candidate: &str) -> bool {
    let squash = |s: &str| -> String {
        s.chars()
            .filter(|c| *c != '_' && *c != '-' && *c != ' ')
            .flat_map(char::to_lowercase)
            .collect()
    };
    if squash(word) == squash(candidate) {
        return true;
    }
    let allowed = if candidate.chars().count() <= 4 { 1 } else { 2 };
    distance(word, candidate) <= allowed
}

/// The closest near miss of `word` among `candidates`, if any.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .filter(|candidate| *candidate != word && is_near_miss(word, candidate))
        .min_by_key(|candidate| distance(word, candidate))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(distance("raed", "read"), 1);
        assert_eq!(distance("paht", "path"), 1);
        assert_eq!(distance("grokbuild", "grok_build"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
    }

    #[test]
    fn near_misses() {
        assert_eq!(closest("raed", ["read", "edit", "write"]), Some("read"));
        assert_eq!(
            closest("GrokBuild", ["grok_build", "codex"]),
            Some("grok_build")
        );
        assert_eq!(closest("zzz", ["read", "edit"]), None);
        assert!(!is_near_miss("encoding", "path"));
    }
}
