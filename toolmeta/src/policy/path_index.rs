//! Every rule's `path` patterns in one glob set per anchor, so that each path of a call is
//! matched once against all rules, not once per rule and pattern (DESIGN §8, `path`; the
//! semantics are [`path`](super::path)'s, only the matching is shared).

use globset::{Candidate, GlobSet, GlobSetBuilder};

use super::path::{Anchor, Bases, PathPattern, ReadPath, beneath};
use super::rule::Rule;
use super::verdict::Decision;

/// Patterns of one kind (deny/ask or allow) and one anchor group, built into glob sets. The
/// sets are built from as many patterns as globset accepts together (all of them, in any
/// policy a person writes); `owners[i]` is the rule whose pattern gave the set's glob `i`.
#[derive(Debug, Clone, Default)]
struct Group {
    chunks: Vec<Chunk>,
}

#[derive(Debug, Clone)]
struct Chunk {
    set: GlobSet,
    owners: Vec<usize>,
}

impl Group {
    /// Builds the group from `patterns` (each with its rule), halving a set globset refuses
    /// (a pattern's own globs always build: the rule's compilation built them).
    fn build(patterns: &[(usize, &PathPattern)]) -> Group {
        let mut group = Group::default();
        group.add(patterns);
        group
    }

    fn add(&mut self, patterns: &[(usize, &PathPattern)]) {
        if patterns.is_empty() {
            return;
        }
        let mut builder = GlobSetBuilder::new();
        let mut owners = Vec::new();
        for &(rule, pattern) in patterns {
            for glob in &pattern.globs {
                builder.add(glob.clone());
                owners.push(rule);
            }
        }
        match builder.build() {
            Ok(set) => self.chunks.push(Chunk { set, owners }),
            Err(_) if patterns.len() > 1 => {
                let (first, second) = patterns.split_at(patterns.len() / 2);
                self.add(first);
                self.add(second);
            }
            // Built once already when the rule was read: cannot fail again.
            Err(_) => {}
        }
    }

    /// Shifts every owner by `offset` rules (for a policy added after another).
    fn shifted(mut self, offset: usize) -> Group {
        for chunk in &mut self.chunks {
            for owner in &mut chunk.owners {
                *owner += offset;
            }
        }
        self
    }

    /// Marks in `hits` the rule of every glob that matches `candidate`.
    fn mark(&self, candidate: &Candidate<'_>, scratch: &mut Vec<usize>, hits: &mut [bool]) {
        for chunk in &self.chunks {
            chunk.set.matches_candidate_into(candidate, scratch);
            for &glob in scratch.iter() {
                hits[chunk.owners[glob]] = true;
            }
        }
    }

    /// Marks in `hits` the rule of every glob that matches both `lexical` and `resolved`
    /// (`same` when they are one path, which is then looked up once).
    fn mark_both(
        &self,
        lexical: &Candidate<'_>,
        resolved: &Candidate<'_>,
        same: bool,
        scratch: &mut [Vec<usize>; 2],
        hits: &mut [bool],
    ) {
        let [first, second] = scratch;
        for chunk in &self.chunks {
            chunk.set.matches_candidate_into(lexical, first);
            if first.is_empty() {
                continue;
            }
            if same {
                for &glob in first.iter() {
                    hits[chunk.owners[glob]] = true;
                }
                continue;
            }
            chunk.set.matches_candidate_into(resolved, second);
            for &glob in first.iter() {
                if second.contains(&glob) {
                    hits[chunk.owners[glob]] = true;
                }
            }
        }
    }
}

/// The `path` patterns of a policy's rules, by kind and anchor.
#[derive(Debug, Clone, Default)]
pub(crate) struct PathIndex {
    /// Deny and ask patterns: anchored at the root, at any depth, at the home directory, at
    /// the session cwd.
    deny_root: Group,
    deny_anywhere: Group,
    deny_home: Group,
    deny_cwd: Group,
    /// Allow patterns: at the root, at the home directory, beneath the session cwd (anchored
    /// there or at any depth in it).
    allow_root: Group,
    allow_home: Group,
    allow_cwd: Group,
}

impl PathIndex {
    /// The index of `rules`' patterns (rule `i` of the slice is rule `i` of the index).
    pub(crate) fn new(rules: &[Rule]) -> PathIndex {
        let mut deny: [Vec<(usize, &PathPattern)>; 4] = Default::default();
        let mut allow: [Vec<(usize, &PathPattern)>; 3] = Default::default();
        for (i, rule) in rules.iter().enumerate() {
            let Some(path) = &rule.path else { continue };
            for pattern in &path.patterns {
                if rule.decision == Decision::Allow {
                    let group = match pattern.anchor {
                        Anchor::Root => 0,
                        Anchor::Home => 1,
                        Anchor::Cwd | Anchor::Anywhere => 2,
                    };
                    allow[group].push((i, pattern));
                } else {
                    let group = match pattern.anchor {
                        Anchor::Root => 0,
                        Anchor::Anywhere => 1,
                        Anchor::Home => 2,
                        Anchor::Cwd => 3,
                    };
                    deny[group].push((i, pattern));
                }
            }
        }
        PathIndex {
            deny_root: Group::build(&deny[0]),
            deny_anywhere: Group::build(&deny[1]),
            deny_home: Group::build(&deny[2]),
            deny_cwd: Group::build(&deny[3]),
            allow_root: Group::build(&allow[0]),
            allow_home: Group::build(&allow[1]),
            allow_cwd: Group::build(&allow[2]),
        }
    }

    /// This index followed by `other`'s, whose rules come after this one's `rules` rules.
    pub(crate) fn extend(&mut self, other: PathIndex, rules: usize) {
        let pairs = [
            (&mut self.deny_root, other.deny_root),
            (&mut self.deny_anywhere, other.deny_anywhere),
            (&mut self.deny_home, other.deny_home),
            (&mut self.deny_cwd, other.deny_cwd),
            (&mut self.allow_root, other.allow_root),
            (&mut self.allow_home, other.allow_home),
            (&mut self.allow_cwd, other.allow_cwd),
        ];
        for (mine, theirs) in pairs {
            mine.chunks.extend(theirs.shifted(rules).chunks);
        }
    }

    /// For each of `rules` rules, whether its deny or ask patterns match any of `paths`, as
    /// written or as resolved, anywhere on the filesystem for patterns that match at any
    /// depth (NFC and lowercase on both sides).
    pub(crate) fn denied(&self, paths: &[ReadPath], bases: &Bases, rules: usize) -> Vec<bool> {
        let mut hits = vec![false; rules];
        let mut scratch = Vec::new();
        for path in paths {
            // A path that resolves to itself (no symlink on its way) is matched once.
            let mut absolute: Vec<&str> = [&path.lexical_nfc, &path.resolved_nfc]
                .into_iter()
                .flatten()
                .map(String::as_str)
                .collect();
            absolute.dedup();
            let relative = path.relative_nfc.as_deref().map(Candidate::new);
            for p in &absolute {
                let whole = Candidate::new(p);
                self.deny_root.mark(&whole, &mut scratch, &mut hits);
                let anywhere = Candidate::new(p.trim_start_matches('/'));
                self.deny_anywhere.mark(&anywhere, &mut scratch, &mut hits);
                // The same rest beneath a directory and its real path (the same when the
                // directory is its own real path) is matched once.
                let mut rests: Vec<&str> = [bases.home_nfc(), bases.real_home_nfc()]
                    .into_iter()
                    .filter_map(|base| beneath(p, base))
                    .collect();
                rests.dedup();
                for rest in rests {
                    self.deny_home
                        .mark(&Candidate::new(rest), &mut scratch, &mut hits);
                }
                let mut rests: Vec<&str> = [bases.cwd_nfc(), bases.real_cwd_nfc()]
                    .into_iter()
                    .flatten()
                    .filter_map(|base| beneath(p, base))
                    .collect();
                rests.dedup();
                for rest in rests {
                    self.deny_cwd
                        .mark(&Candidate::new(rest), &mut scratch, &mut hits);
                }
            }
            if let Some(relative) = &relative {
                self.deny_anywhere.mark(relative, &mut scratch, &mut hits);
                self.deny_cwd.mark(relative, &mut scratch, &mut hits);
            }
        }
        hits
    }

    /// For each of `rules` rules, whether its allow patterns allow every one of `paths` (and
    /// there is one): each matches one of them inside the cwd (unless the pattern is `//` or
    /// `~/`), with no `..` as given, both as written and as resolved through symlinks.
    pub(crate) fn allowed(&self, paths: &[ReadPath], bases: &Bases, rules: usize) -> Vec<bool> {
        let mut all = vec![!paths.is_empty(); rules];
        let mut hits = vec![false; rules];
        let mut scratch = [Vec::new(), Vec::new()];
        for path in paths {
            hits.fill(false);
            if let (false, Some(lexical), Some(resolved)) =
                (path.has_parent_component, &path.lexical, &path.resolved)
            {
                self.allow_root.mark_both(
                    &Candidate::new(lexical),
                    &Candidate::new(resolved),
                    lexical.as_os_str() == resolved.as_os_str(),
                    &mut scratch,
                    &mut hits,
                );
                if let (Ok(lexical), Ok(resolved)) = (
                    lexical.strip_prefix(bases.home()),
                    resolved.strip_prefix(bases.real_home()),
                ) {
                    self.allow_home.mark_both(
                        &Candidate::new(lexical),
                        &Candidate::new(resolved),
                        lexical.as_os_str() == resolved.as_os_str(),
                        &mut scratch,
                        &mut hits,
                    );
                }
                if let (Some(cwd), Some(real_cwd)) = (bases.cwd(), bases.real_cwd())
                    && let (Ok(lexical), Ok(resolved)) =
                        (lexical.strip_prefix(cwd), resolved.strip_prefix(real_cwd))
                {
                    self.allow_cwd.mark_both(
                        &Candidate::new(lexical),
                        &Candidate::new(resolved),
                        lexical.as_os_str() == resolved.as_os_str(),
                        &mut scratch,
                        &mut hits,
                    );
                }
            }
            for (all, hit) in all.iter_mut().zip(&hits) {
                *all &= *hit;
            }
        }
        all
    }
}
