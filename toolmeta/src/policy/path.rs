//! The `path` constraint: `.gitignore`-style globs (`globset`) anchored at the session cwd,
//! the home directory or the root, with the normalization, symlink and case rules of
//! DESIGN §8 (`path`).

use std::cell::OnceCell;
use std::path::{Component, Path, PathBuf};

use globset::{Glob, GlobBuilder, GlobSetBuilder};
use unicode_normalization::UnicodeNormalization;

use super::call::Context;

/// Where a pattern is anchored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Anchor {
    /// `/p`, or any pattern with a slash before its end: the session cwd.
    Cwd,
    /// `~/p`: the home directory.
    Home,
    /// `//p`: the root.
    Root,
    /// A pattern without a slash, or starting with `**/`: any depth.
    Anywhere,
}

/// One pattern of a rule's `path`: where it is anchored, and its globs (an allow's: the
/// pattern itself, exactly; a deny or ask's: the pattern and everything beneath it, NFC and
/// lowercase).
#[derive(Debug, Clone)]
pub(crate) struct PathPattern {
    pub(crate) anchor: Anchor,
    pub(crate) globs: Vec<Glob>,
}

/// A rule's `path` patterns, compiled for the rule's decision. They are matched through the
/// policy's [`PathIndex`](super::path_index::PathIndex), every rule's at once.
#[derive(Debug, Clone)]
pub(crate) struct PathConstraint {
    pub(crate) patterns: Vec<PathPattern>,
}

impl PathConstraint {
    /// Compiles each pattern for an allow (`for_allow`) or a deny/ask; the index and the
    /// reason of the first that is not a pattern.
    pub(crate) fn compile(
        values: &[String],
        for_allow: bool,
    ) -> Result<PathConstraint, (usize, String)> {
        let mut patterns = Vec::with_capacity(values.len());
        for (i, value) in values.iter().enumerate() {
            patterns.push(pattern(value, for_allow).map_err(|why| (i, why))?);
        }
        Ok(PathConstraint { patterns })
    }
}

/// `path` relative to `base` (both NFC strings of absolute paths), if it lies beneath it.
pub(crate) fn beneath<'p>(path: &'p str, base: &str) -> Option<&'p str> {
    let rest = path.strip_prefix(base.trim_end_matches('/'))?;
    if rest.is_empty() {
        Some(rest)
    } else {
        rest.strip_prefix('/')
    }
}

fn pattern(value: &str, for_allow: bool) -> Result<PathPattern, String> {
    if value.is_empty() {
        return Err(
            "an empty path pattern matches nothing: write a glob such as `/src/**` or `**/.env`"
                .into(),
        );
    }
    let (anchor, rest) = if value == "~" {
        (Anchor::Home, "")
    } else if let Some(rest) = value.strip_prefix("~/") {
        (Anchor::Home, rest)
    } else if let Some(rest) = value.strip_prefix("//") {
        (Anchor::Root, rest)
    } else if let Some(rest) = value.strip_prefix("**/") {
        (Anchor::Anywhere, rest)
    } else if let Some(rest) = value.strip_prefix('/') {
        (Anchor::Cwd, rest)
    } else if value.trim_end_matches('/').contains('/') {
        (Anchor::Cwd, value)
    } else {
        (Anchor::Anywhere, value)
    };
    // A trailing slash marks a directory in `.gitignore`; the directory is what is named.
    let rest = rest.trim_end_matches('/');
    if rest.split('/').any(|part| part == ".." || part == ".") {
        return Err(format!(
            "`{value}` has a `.` or `..` component: write the path it means without them"
        ));
    }
    if value.starts_with('~') && !(value == "~" || value.starts_with("~/")) {
        return Err(format!(
            "`{value}`: only `~/` (the home directory) is understood: write `~/…` or the \
             directory itself (`//home/name/…`)"
        ));
    }
    let glob = match anchor {
        Anchor::Root => format!("/{rest}"),
        Anchor::Anywhere => format!("**/{rest}"),
        Anchor::Cwd | Anchor::Home => rest.to_owned(),
    };
    let build = |glob: &str, case_insensitive: bool| {
        GlobBuilder::new(glob)
            .literal_separator(true)
            .case_insensitive(case_insensitive)
            .backslash_escape(true)
            .build()
            .map_err(|err| {
                format!(
                    "`{value}` is not a glob ({}): write `.gitignore`-style patterns with `*`, \
                     `**`, `?` and `[…]`",
                    err.kind()
                )
            })
    };
    let globs = if for_allow {
        vec![build(&glob, false)?]
    } else {
        // Folded by hand as well: globset's case-insensitivity leaves some letters (`É`) apart.
        let glob: String = glob.nfc().collect::<String>().to_lowercase();
        // A directory it matches covers everything beneath it.
        let beneath = if glob.is_empty() || glob == "/" {
            "**".to_owned()
        } else {
            format!("{}/**", glob.trim_end_matches('/'))
        };
        vec![build(&glob, true)?, build(&beneath, true)?]
    };
    // The set the index will build of this pattern alone, built now, so that a pattern
    // globset refuses is refused here, with its line.
    let mut set = GlobSetBuilder::new();
    for glob in &globs {
        set.add(glob.clone());
    }
    set.build()
        .map_err(|err| format!("`{value}` is not a glob: {err}"))?;
    Ok(PathPattern { anchor, globs })
}

/// The session's directories a path is judged against, for one decision. Each is worked out
/// the first time the decision needs it (a call without paths never resolves the cwd or the
/// home directory), and never outlives the decision: a symlink changed on disk between two
/// decisions is seen by the second.
#[derive(Debug)]
pub(crate) struct Bases<'a> {
    /// The session cwd as given (used only when absolute) and the home directory.
    given_cwd: Option<&'a Path>,
    given_home: &'a Path,
    cwd: OnceCell<Option<PathBuf>>,
    home: OnceCell<PathBuf>,
    real_cwd: OnceCell<Option<PathBuf>>,
    real_home: OnceCell<PathBuf>,
    cwd_nfc: OnceCell<Option<String>>,
    real_cwd_nfc: OnceCell<Option<String>>,
    home_nfc: OnceCell<String>,
    real_home_nfc: OnceCell<String>,
    /// What resolving paths has found so far in this decision.
    resolver: Resolver,
}

/// The real paths found during one decision (the moment it decides): an ancestor several
/// paths share (the cwd, a directory) is resolved once, and nothing beneath an ancestor
/// that does not exist is looked up (the system could not resolve it either).
#[derive(Debug, Default)]
struct Resolver {
    known: std::cell::RefCell<Vec<(PathBuf, Option<PathBuf>)>>,
}

impl Resolver {
    /// The real path of `path` (absolute) on this machine: its deepest existing ancestor's
    /// real path, then the rest normalized lexically, so that a file not yet created under a
    /// symlinked directory resolves where it would be written. Remembers what it finds.
    fn resolve(&self, path: &Path) -> PathBuf {
        for ancestor in path.ancestors() {
            if ancestor.as_os_str().is_empty() {
                break;
            }
            let real = {
                let known = self.known.borrow();
                let text = ancestor.as_os_str().as_encoded_bytes();
                if known
                    .iter()
                    .any(|(missing, real)| real.is_none() && beneath_text(text, missing))
                {
                    continue;
                }
                known
                    .iter()
                    .find(|(seen, _)| seen.as_os_str() == ancestor.as_os_str())
                    .map(|(_, real)| real.clone())
            };
            let real = real.unwrap_or_else(|| {
                let real = std::fs::canonicalize(ancestor).ok();
                self.known
                    .borrow_mut()
                    .push((ancestor.to_owned(), real.clone()));
                real
            });
            if let Some(real) = real {
                return joined(path, ancestor, real);
            }
        }
        lexical(path)
    }
}

/// Whether the path spelled `text` is `dir` or lies beneath it as written (the system
/// resolves `dir`'s spelling on the way to it: if `dir` does not resolve, neither does it).
fn beneath_text(text: &[u8], dir: &Path) -> bool {
    let dir = dir.as_os_str().as_encoded_bytes();
    text.strip_prefix(dir).is_some_and(|rest| {
        rest.is_empty()
            || dir
                .last()
                .is_some_and(|&last| std::path::is_separator(char::from(last)))
            || std::path::is_separator(char::from(rest[0]))
    })
}

/// `path`, whose `ancestor` resolves to `real`, resolved.
fn joined(path: &Path, ancestor: &Path, real: PathBuf) -> PathBuf {
    match path.strip_prefix(ancestor) {
        Ok(rest) if rest.as_os_str().is_empty() => real,
        Ok(rest) => lexical(&real.join(rest)),
        Err(_) => lexical(&real),
    }
}

impl<'a> Bases<'a> {
    /// The directories of `context`; what they resolve to is looked up when first needed.
    pub(crate) fn new(context: &'a Context) -> Bases<'a> {
        Bases {
            given_cwd: context.cwd.as_deref(),
            given_home: &context.home,
            cwd: OnceCell::new(),
            home: OnceCell::new(),
            real_cwd: OnceCell::new(),
            real_home: OnceCell::new(),
            cwd_nfc: OnceCell::new(),
            real_cwd_nfc: OnceCell::new(),
            home_nfc: OnceCell::new(),
            real_home_nfc: OnceCell::new(),
            resolver: Resolver::default(),
        }
    }

    /// The session cwd, absolute, normalized lexically (`None` when unknown or relative).
    pub(crate) fn cwd(&self) -> Option<&Path> {
        self.cwd
            .get_or_init(|| self.given_cwd.filter(|cwd| cwd.is_absolute()).map(lexical))
            .as_deref()
    }

    /// The home directory, normalized lexically.
    pub(crate) fn home(&self) -> &Path {
        self.home.get_or_init(|| lexical(self.given_home))
    }

    /// The session cwd's real path.
    pub(crate) fn real_cwd(&self) -> Option<&Path> {
        self.real_cwd
            .get_or_init(|| self.cwd().map(|cwd| self.resolver.resolve(cwd)))
            .as_deref()
    }

    /// The home directory's real path.
    pub(crate) fn real_home(&self) -> &Path {
        self.real_home
            .get_or_init(|| self.resolver.resolve(self.home()))
    }

    /// The session cwd as deny and ask compare it ([`nfc`]).
    pub(crate) fn cwd_nfc(&self) -> Option<&str> {
        self.cwd_nfc.get_or_init(|| self.cwd().map(nfc)).as_deref()
    }

    /// The session cwd's real path as deny and ask compare it.
    pub(crate) fn real_cwd_nfc(&self) -> Option<&str> {
        self.real_cwd_nfc
            .get_or_init(|| self.real_cwd().map(nfc))
            .as_deref()
    }

    /// The home directory as deny and ask compare it.
    pub(crate) fn home_nfc(&self) -> &str {
        self.home_nfc.get_or_init(|| nfc(self.home()))
    }

    /// The home directory's real path as deny and ask compare it.
    pub(crate) fn real_home_nfc(&self) -> &str {
        self.real_home_nfc.get_or_init(|| nfc(self.real_home()))
    }

    /// The real path of `path` on this machine (see `Resolver::resolve`), with the lookups
    /// of this decision.
    pub(crate) fn resolve(&self, path: &Path) -> PathBuf {
        self.resolver.resolve(path)
    }
}

/// A path as deny and ask compare it: NFC, then lowercase.
fn nfc(path: &Path) -> String {
    let text = path.to_string_lossy();
    // ASCII is its own NFC.
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    text.nfc().collect::<String>().to_lowercase()
}

/// One path of a call, read once per decision for every rule.
#[derive(Debug)]
pub(crate) struct ReadPath {
    pub(crate) has_parent_component: bool,
    /// Absolute, normalized lexically (`None` for a relative path without a session cwd).
    pub(crate) lexical: Option<PathBuf>,
    /// Absolute, through the deepest existing ancestor's real path.
    pub(crate) resolved: Option<PathBuf>,
    pub(crate) lexical_nfc: Option<String>,
    pub(crate) resolved_nfc: Option<String>,
    /// A relative path without a session cwd, normalized lexically, for deny and ask.
    pub(crate) relative_nfc: Option<String>,
}

impl ReadPath {
    /// Reads `given` (as the agent wrote it) in the session of `bases`.
    pub(crate) fn read(given: &str, bases: &Bases<'_>) -> ReadPath {
        let has_parent_component = Path::new(given)
            .components()
            .any(|c| matches!(c, Component::ParentDir));
        let expanded: Option<PathBuf> = if given == "~" {
            Some(bases.home().to_owned())
        } else if let Some(rest) = given.strip_prefix("~/") {
            Some(bases.home().join(rest))
        } else if Path::new(given).is_absolute() {
            Some(PathBuf::from(given))
        } else {
            bases.cwd().map(|cwd| cwd.join(given))
        };
        let lexical_path = expanded.as_deref().map(lexical);
        let resolved = expanded.as_deref().map(|path| bases.resolver.resolve(path));
        let relative_nfc = match expanded {
            Some(_) => None,
            None => Some(nfc(&lexical(Path::new(given)))),
        };
        ReadPath {
            has_parent_component,
            lexical_nfc: lexical_path.as_deref().map(nfc),
            resolved_nfc: resolved.as_deref().map(nfc),
            lexical: lexical_path,
            resolved,
            relative_nfc,
        }
    }
}

/// `path` with `.` removed and each `..` taking away the component before it (never above
/// the root; a relative path keeps the `..` it cannot take away).
pub(crate) fn lexical(path: &Path) -> PathBuf {
    // Never longer than `path`: one allocation.
    let mut out = PathBuf::with_capacity(path.as_os_str().len());
    let mut depth = 0usize;
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if depth > 0 {
                    out.pop();
                    depth -= 1;
                } else if !out.has_root() {
                    out.push("..");
                }
            }
            Component::Normal(part) => {
                out.push(part);
                depth += 1;
            }
            Component::RootDir | Component::Prefix(_) => out.push(component.as_os_str()),
        }
    }
    out
}

/// Whether `path` is `dir` or lies beneath it (both lexical and absolute).
pub(crate) fn inside(path: &Path, dir: &Path) -> bool {
    path.starts_with(dir)
}
