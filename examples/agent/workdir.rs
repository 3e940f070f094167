//! A session's working directory as a capability: every file tool reaches files only
//! through a `cap_std` handle on the directory, which no `..`, absolute path or symlink
//! leads out of.
//!
//! A path is resolved once, before the call runs (and before an edit asks permission): every
//! symlink inside the directory followed, the result a plain relative path of real
//! directories, which is what the user is shown. The write itself walks that path again one
//! directory at a time following no symlink at all, so a symlink swapped in while the user
//! decides fails the write instead of redirecting it, and the file must still hold what the
//! user saw.
//!
//! Files are opened non-blocking and must be regular files: a FIFO or a device is refused,
//! never waited on. Everything here blocks, so the agent runs it on its thread pool.

use std::io::{self, BufRead, BufReader, Read, Seek, Write};
use std::path::{Component, Path, PathBuf};

use cap_fs_ext::{DirExt, FollowSymlinks, OpenOptionsFollowExt, OpenOptionsSyncExt};
use cap_std::ambient_authority;
use cap_std::fs::{Dir, File, OpenOptions};

use crate::stop::StopSignal;

/// The most matches one search returns.
const MAX_MATCHES: usize = 200;

/// A session's working directory.
pub struct Workdir {
    /// The directory as the client named it (absolute, as ACP requires).
    given: PathBuf,
    /// The same directory with every symlink resolved: what resolved paths are shown under.
    root: PathBuf,
    dir: Dir,
}

/// A path inside the working directory, resolved: relative, of real directories only (the
/// last component may name a file that does not exist yet).
pub struct Resolved(PathBuf);

impl Resolved {
    /// A path from `Dir::canonicalize`, which may say `.` for the directory itself.
    fn canonical(path: PathBuf) -> Resolved {
        Resolved(
            path.components()
                .filter(|component| *component != Component::CurDir)
                .collect(),
        )
    }

    /// The working directory itself.
    pub fn here() -> Resolved {
        Resolved(PathBuf::new())
    }

    /// The path relative to the working directory (`.` for the directory itself).
    pub fn relative(&self) -> &Path {
        if self.0.as_os_str().is_empty() {
            Path::new(".")
        } else {
            &self.0
        }
    }
}

impl Workdir {
    /// Opens the directory a session works in; it must be absolute.
    pub fn open(cwd: &Path) -> io::Result<Workdir> {
        if !cwd.is_absolute() {
            return Err(invalid(format!(
                "the working directory must be an absolute path, not `{}`",
                cwd.display()
            )));
        }
        let root = std::fs::canonicalize(cwd)?;
        let dir = Dir::open_ambient_dir(&root, ambient_authority())?;
        Ok(Workdir {
            given: cwd.to_owned(),
            root,
            dir,
        })
    }

    /// Where a resolved path is, absolute, as ACP shows paths.
    pub fn shown(&self, path: &Resolved) -> PathBuf {
        self.root.join(&path.0)
    }

    /// Whether `name` is a regular file in the directory.
    pub fn is_file(&self, name: &str) -> bool {
        self.dir.is_file(name)
    }

    /// Resolves `path` (relative to the directory, or absolute inside it), following the
    /// symlinks inside; refuses a path that leads out.
    pub fn resolve(&self, path: &str) -> io::Result<Resolved> {
        let outside = || {
            io::Error::new(
                io::ErrorKind::PermissionDenied,
                format!("refused: `{path}` is outside the session's working directory"),
            )
        };
        let requested = Path::new(path);
        let relative = if requested.is_absolute() {
            requested
                .strip_prefix(&self.root)
                .or_else(|_| requested.strip_prefix(&self.given))
                .map_err(|_| outside())?
        } else {
            requested
        };
        let relative = if relative.as_os_str().is_empty() {
            Path::new(".")
        } else {
            relative
        };
        match self.dir.canonicalize(relative) {
            Ok(resolved) => Ok(Resolved::canonical(resolved)),
            // A file to be created: its folder must resolve inside, and its name be a name.
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                let (Some(parent), Some(Component::Normal(name))) =
                    (relative.parent(), relative.components().next_back())
                else {
                    return Err(error);
                };
                let parent = if parent.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    parent
                };
                match self.dir.canonicalize(parent) {
                    Ok(parent) => Ok(Resolved::canonical(parent.join(name))),
                    Err(error) if error.kind() == io::ErrorKind::PermissionDenied => Err(outside()),
                    Err(error) => Err(error),
                }
            }
            // cap-std's answer to a path that leads out of the directory.
            Err(error) if error.kind() == io::ErrorKind::PermissionDenied => Err(outside()),
            Err(error) => Err(error),
        }
    }

    /// Opens a regular file for reading, without waiting on a FIFO or a device.
    fn open_regular(&self, path: &Resolved) -> io::Result<(File, u64)> {
        let file = self.dir.open_with(
            path.relative(),
            OpenOptions::new().read(true).nonblock(true),
        )?;
        let metadata = file.metadata()?;
        if !metadata.is_file() {
            return Err(invalid(format!(
                "`{}` is not a regular file",
                path.relative().display()
            )));
        }
        Ok((file, metadata.len()))
    }

    /// The text of an existing regular file, or `None` if there is none.
    pub fn read_existing(&self, path: &Resolved, max: u64) -> io::Result<Option<String>> {
        let (file, size) = match self.open_regular(path) {
            Ok(opened) => opened,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(error),
        };
        if size > max {
            return Err(invalid(format!(
                "the file has {size} bytes, over the {max}-byte limit of an edit"
            )));
        }
        let mut text = String::new();
        file.take(max).read_to_string(&mut text)?;
        Ok(Some(text))
    }

    /// Lines `first..first + limit` (0-based) of a file, at most `max` bytes of them.
    pub fn read_lines(
        &self,
        path: &Resolved,
        first: usize,
        limit: usize,
        max: usize,
    ) -> io::Result<String> {
        let (file, size) = self.open_regular(path)?;
        let mut reader = BufReader::new(file);
        let mut kept = Vec::new();
        let (mut line, mut cut) = (0usize, false);
        while line < first.saturating_add(limit) {
            let buffer = reader.fill_buf()?;
            if buffer.is_empty() {
                break;
            }
            let end = buffer.iter().position(|&byte| byte == b'\n');
            let chunk = &buffer[..end.map_or(buffer.len(), |end| end + 1)];
            if line >= first {
                let room = max - kept.len();
                kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
                if chunk.len() > room {
                    cut = true;
                    break;
                }
            }
            let used = chunk.len();
            reader.consume(used);
            line += usize::from(end.is_some());
        }
        let mut text = String::from_utf8_lossy(&kept).into_owned();
        if cut {
            text.push_str(&format!(
                "\n[output cut at {max} bytes; the file has {size} bytes]"
            ));
        }
        Ok(text)
    }

    /// The entries of a directory, sorted, folders marked with `/`.
    pub fn list(&self, path: &Resolved) -> io::Result<String> {
        let mut names = self
            .dir
            .read_dir(path.relative())?
            .map(|entry| {
                let entry = entry?;
                let slash = if entry.file_type()?.is_dir() { "/" } else { "" };
                Ok(format!("{}{slash}", entry.file_name().to_string_lossy()))
            })
            .collect::<io::Result<Vec<_>>>()?;
        names.sort();
        Ok(names.join("\n"))
    }

    /// The lines that contain `pattern` in the regular files under `path` (hidden entries
    /// and `target` skipped, symlinks not followed), at most `max` bytes of them.
    pub fn grep(
        &self,
        path: &Resolved,
        pattern: &str,
        limits: (usize, u64),
        stop: &StopSignal,
    ) -> io::Result<String> {
        let (max, max_file) = limits;
        let mut matches = Vec::new();
        let mut skipped = Vec::new();
        let root = self.dir.symlink_metadata(path.relative())?;
        if !root.is_dir() && !root.is_file() {
            return Err(invalid(format!(
                "`{}` is not a regular file or a directory",
                path.relative().display()
            )));
        }
        let mut pending = vec![path.relative().to_owned()];
        while let Some(path) = pending.pop() {
            if stop.is_stopped() {
                return Err(io::Error::new(io::ErrorKind::Interrupted, "stopped"));
            }
            let metadata = self.dir.symlink_metadata(&path)?;
            if metadata.is_dir() {
                for entry in self.dir.read_dir(&path)? {
                    let name = entry?.file_name();
                    let hidden = name.to_string_lossy().starts_with('.');
                    if !hidden && name != "target" {
                        pending.push(path.join(name));
                    }
                }
                continue;
            }
            if !metadata.is_file() {
                continue; // symlinks, FIFOs, sockets, devices
            }
            if metadata.len() > max_file {
                skipped.push(path.display().to_string());
                continue;
            }
            // Binary and unreadable files are not searched.
            let Ok((file, _)) = self.open_regular(&Resolved(path.clone())) else {
                continue;
            };
            let mut text = String::new();
            if file.take(max_file).read_to_string(&mut text).is_err() {
                continue;
            }
            let shown = path
                .strip_prefix(".")
                .unwrap_or(&path)
                .display()
                .to_string();
            for (number, line) in text.lines().enumerate() {
                if line.contains(pattern) && matches.len() < MAX_MATCHES {
                    matches.push(format!("{shown}:{}:{line}", number + 1));
                }
            }
        }
        matches.sort();
        let mut output = matches.join("\n");
        if output.len() > max {
            let total = output.len();
            output.truncate(output.floor_char_boundary(max));
            output.push_str(&format!(
                "\n[output cut at {max} bytes; the matches have {total} bytes]"
            ));
        }
        if !skipped.is_empty() {
            skipped.sort();
            output.push_str(&format!(
                "\n[not searched, over {max_file} bytes: {}]",
                skipped.join(", ")
            ));
        }
        Ok(output)
    }

    /// Writes `after` to the file the user allowed, if it still holds `before` (`None`: it
    /// must not exist). The path is walked again following no symlink: a directory or file
    /// replaced by a symlink since the permission request fails the write.
    pub fn write_allowed(
        &self,
        path: &Resolved,
        before: Option<&str>,
        after: &str,
    ) -> io::Result<()> {
        let changed = || {
            io::Error::new(
                io::ErrorKind::InvalidData,
                "refused: the path changed since the permission request; nothing was written",
            )
        };
        let mut dir = self.dir.try_clone()?;
        let mut components = path.0.components().peekable();
        let mut name = None;
        while let Some(component) = components.next() {
            let Component::Normal(part) = component else {
                return Err(changed());
            };
            if components.peek().is_none() {
                name = Some(part);
            } else {
                dir = dir.open_dir_nofollow(part).map_err(|_| changed())?;
            }
        }
        let name = name.ok_or_else(changed)?;
        let mut options = OpenOptions::new();
        options.follow(FollowSymlinks::No).nonblock(true);
        let mut file = match before {
            None => dir
                .open_with(name, options.write(true).create_new(true))
                .map_err(|error| match error.kind() {
                    io::ErrorKind::AlreadyExists => changed(),
                    _ => error,
                })?,
            Some(before) => {
                let mut file = dir
                    .open_with(name, options.read(true).write(true))
                    .map_err(|_| changed())?;
                if !file.metadata()?.is_file() {
                    return Err(changed());
                }
                let mut now = String::new();
                (&mut file)
                    .take(before.len() as u64 + 1)
                    .read_to_string(&mut now)?;
                if now != before {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        "refused: the file changed since the permission request; nothing was \
                         written",
                    ));
                }
                file.set_len(0)?;
                file.rewind()?;
                file
            }
        };
        file.write_all(after.as_bytes())?;
        file.flush()
    }
}

fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}
