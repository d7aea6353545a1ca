//! Writing files so that a crash never leaves half of one.
//!
//! A file is never written in place. The new content goes to a temporary file in the same
//! folder (the same file system, so the final rename is atomic), which is flushed and synced to
//! disk, then renamed over the target. Whenever the process dies — SIGKILL, a power cut — the
//! target holds either the old content or the new, never a mix. On Unix the folder is synced
//! too, so the rename itself survives a power cut; Windows offers no such call through `std`,
//! and NTFS journals the rename anyway.
//!
//! `std::fs::rename` replaces an existing file on every platform (on Windows it uses
//! `MoveFileExW` with `MOVEFILE_REPLACE_EXISTING`, or POSIX rename semantics where the file
//! system has them). What Windows adds is sharing violations: a virus scanner or an indexer
//! that has the target open makes the rename fail with "access denied" for a moment, so there
//! the rename is retried a few times before giving up.
//!
//! A temporary file is named `.<target>.hotseat-<pid>-<n>.tmp`: hidden, unique within the
//! process by the counter and across processes by the process id, and created with
//! `create_new` so that a leftover of a dead process with the same id is never reused. On any
//! error it is removed; only a process killed in the middle of a write leaves one behind, and
//! [`remove_stale_temp_files`] sweeps those up.
//!
//! The archive must never overwrite a game, so [`write_new`] publishes the temporary file with
//! a hard link, which fails if the name is taken; on file systems without hard links it falls
//! back to checking first and renaming.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

use super::error::{Op, StoreError};
use super::nofollow;

const TEMP_MARK: &str = ".hotseat-";
const TEMP_EXT: &str = ".tmp";

/// Writes `bytes` to `path` atomically: afterwards `path` holds either its old content or all
/// of `bytes`, whatever happens. The folder must exist. An existing file is replaced.
pub fn atomic_write(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    write_replacing(path, bytes).map_err(|e| StoreError::io(Op::Write, path, e))
}

/// [`atomic_write`] with the bare I/O error, for callers that add their own context.
pub(crate) fn write_replacing(path: &Path, bytes: &[u8]) -> io::Result<()> {
    // The rename would replace a planted link rather than write through it; it is reported
    // instead, so that the player sees it.
    nofollow::refuse_link(path)?;
    let temp = TempFile::write(path, bytes, Durability::Synced)?;
    temp.persist(path, Durability::Synced)
}

/// [`write_replacing`] without waiting for the disk: still atomic against a killed program
/// (the rename publishes whole content), but a crash of the machine may lose it. For writes
/// that come often and matter little each, such as a running clock's reading.
pub(crate) fn write_replacing_unsynced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    nofollow::refuse_link(path)?;
    let temp = TempFile::write(path, bytes, Durability::Unsynced)?;
    temp.persist(path, Durability::Unsynced)
}

/// Whether a write waits until its data and its name are on the disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Durability {
    Synced,
    Unsynced,
}

/// Writes `bytes` atomically to the first name from `candidates` that is not taken, and returns
/// it. Never replaces an existing file.
pub(crate) fn write_new(
    candidates: impl IntoIterator<Item = PathBuf>,
    bytes: &[u8],
    sync: Durability,
) -> Result<PathBuf, (PathBuf, io::Error)> {
    let mut candidates = candidates.into_iter().peekable();
    let Some(first) = candidates.peek().cloned() else {
        return Err((PathBuf::new(), io::Error::other("no file name to write to")));
    };
    let mut temp = TempFile::write(&first, bytes, sync).map_err(|e| (first.clone(), e))?;
    let mut last = first;
    for candidate in candidates {
        match temp.persist_new(&candidate, sync) {
            Ok(()) => return Ok(candidate),
            Err((t, e)) if e.kind() == io::ErrorKind::AlreadyExists => {
                temp = t;
                last = candidate;
            }
            Err((_, e)) => return Err((candidate, e)),
        }
    }
    Err((
        last,
        io::Error::new(
            io::ErrorKind::AlreadyExists,
            "every file name for this game is taken",
        ),
    ))
}

/// Renames `from` to the first name from `candidates` that is not taken, and returns it.
pub(crate) fn rename_new(
    from: &Path,
    candidates: impl IntoIterator<Item = PathBuf>,
) -> io::Result<PathBuf> {
    for candidate in candidates {
        match link_or_rename_new(from, &candidate) {
            Ok(()) => {
                sync_dir(&candidate);
                return Ok(candidate);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "every name to move it to is taken",
    ))
}

/// How [`claim_name`] gave a file its new name.
pub(super) enum Claimed {
    /// `to` is a second name of the file; `from` still exists.
    Linked,
    /// The file was renamed: `from` is gone.
    Renamed,
}

/// Gives the file `from` the name `to` unless `to` exists, atomically where the file system has
/// hard links.
pub(super) fn claim_name(from: &Path, to: &Path) -> io::Result<Claimed> {
    match fs::hard_link(from, to) {
        Ok(()) => Ok(Claimed::Linked),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
        Err(_) => {
            // No hard links here (FAT, some network shares): check, then rename.
            if fs::symlink_metadata(to).is_ok() {
                return Err(io::ErrorKind::AlreadyExists.into());
            }
            rename(from, to).map(|()| Claimed::Renamed)
        }
    }
}

/// Moves `from` to `to` unless `to` exists.
fn link_or_rename_new(from: &Path, to: &Path) -> io::Result<()> {
    match claim_name(from, to)? {
        Claimed::Linked => fs::remove_file(from),
        Claimed::Renamed => Ok(()),
    }
}

/// A temporary file next to its target, removed on drop unless persisted.
struct TempFile {
    path: Option<PathBuf>,
}

impl TempFile {
    /// Creates a temporary file beside `target`, writes `bytes` and syncs them to disk (unless
    /// `sync` says not to).
    fn write(target: &Path, bytes: &[u8], sync: Durability) -> io::Result<TempFile> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let name = target
            .file_name()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
        let dir = target.parent().unwrap_or(Path::new(""));
        let (file, path) = loop {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let mut temp_name = std::ffi::OsString::from(".");
            temp_name.push(name);
            temp_name.push(format!("{TEMP_MARK}{}-{n}{TEMP_EXT}", std::process::id()));
            let path = dir.join(temp_name);
            match nofollow::open(OpenOptions::new().write(true).create_new(true), &path) {
                Ok(f) => break (f, path),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        };
        let temp = TempFile { path: Some(path) };
        let mut file = file;
        file.write_all(bytes)?;
        file.flush()?;
        if sync == Durability::Synced {
            file.sync_all()?;
        }
        Ok(temp)
    }

    fn path(&self) -> &Path {
        self.path.as_deref().unwrap_or(Path::new(""))
    }

    /// Renames the file over `target`.
    fn persist(mut self, target: &Path, sync: Durability) -> io::Result<()> {
        rename(self.path(), target)?;
        self.path = None;
        if sync == Durability::Synced {
            sync_dir(target);
        }
        Ok(())
    }

    /// Gives the file the name `target` if nobody has it; hands the file back if it is taken.
    fn persist_new(mut self, target: &Path, sync: Durability) -> Result<(), (TempFile, io::Error)> {
        match claim_name(self.path(), target) {
            // The content has its name; dropping `self` removes the temporary one.
            Ok(Claimed::Linked) => {}
            Ok(Claimed::Renamed) => self.path = None,
            Err(e) => return Err((self, e)),
        }
        if sync == Durability::Synced {
            sync_dir(target);
        }
        Ok(())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if let Some(p) = self.path.take() {
            let _ = fs::remove_file(p);
        }
    }
}

#[cfg(not(windows))]
fn rename(from: &Path, to: &Path) -> io::Result<()> {
    fs::rename(from, to)
}

/// Windows: retry briefly while another program (a scanner, an indexer) has the target open.
#[cfg(windows)]
fn rename(from: &Path, to: &Path) -> io::Result<()> {
    let mut tries = 0;
    loop {
        match fs::rename(from, to) {
            Err(e) if e.kind() == io::ErrorKind::PermissionDenied && tries < 5 => {
                tries += 1;
                std::thread::sleep(Duration::from_millis(20 * tries));
            }
            other => return other,
        }
    }
}

/// Makes a rename in the folder of `path` durable. Best effort: some file systems refuse to
/// sync a folder, and the data itself is already on disk.
pub(super) fn sync_dir(path: &Path) {
    #[cfg(unix)]
    {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    #[cfg(not(unix))]
    let _ = path;
}

/// Whether `name` is one of our temporary files.
fn is_temp_name(name: &str) -> bool {
    name.starts_with('.') && name.contains(TEMP_MARK) && name.ends_with(TEMP_EXT)
}

/// Removes temporary files left in `dir` by a process killed mid-write: those last modified
/// more than `older_than` before `now`. A write takes milliseconds, so a minute is plenty to
/// leave another running hotseat's write alone. Best effort; returns what was removed.
pub fn remove_stale_temp_files(dir: &Path, now: SystemTime, older_than: Duration) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut removed = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        if !name.to_str().is_some_and(is_temp_name) {
            continue;
        }
        let stale = entry
            .metadata()
            .ok()
            .filter(|m| m.is_file())
            .and_then(|m| m.modified().ok())
            .and_then(|t| now.duration_since(t).ok())
            .is_some_and(|age| age >= older_than);
        if stale && fs::remove_file(entry.path()).is_ok() {
            removed.push(entry.path());
        }
    }
    removed
}

/// The first of `folders` that a file can be written in, found by creating an empty file of a
/// name no other process uses (never through a link) and removing it: where a copy of the game
/// can go while its own file cannot be written.
pub fn writable_folder(folders: impl IntoIterator<Item = PathBuf>) -> Option<PathBuf> {
    folders.into_iter().find(|folder| {
        let probe = folder.join(format!(".hotseat-probe-{}.tmp", std::process::id()));
        let made = nofollow::open(OpenOptions::new().write(true).create_new(true), &probe);
        made.is_ok() && fs::remove_file(&probe).is_ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_folder_that_can_be_written_is_found_and_left_as_it_was() {
        let dir = std::env::temp_dir().join(format!("hotseat-writable-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("ok")).unwrap();
        fs::write(dir.join("file"), "").unwrap();
        let folders = ["missing", "file", "ok"].map(|name| dir.join(name));
        assert_eq!(writable_folder(folders), Some(dir.join("ok")));
        assert_eq!(fs::read_dir(dir.join("ok")).unwrap().count(), 0);
        assert_eq!(writable_folder([dir.join("missing")]), None);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn temp_names_are_recognised() {
        assert!(is_temp_name(".current.pgn.hotseat-42-0.tmp"));
        assert!(!is_temp_name("current.pgn"));
        assert!(!is_temp_name(".hidden.tmp"));
    }

    #[test]
    fn an_unsynced_write_replaces_whole_and_leaves_no_temporary_file() {
        let dir = std::env::temp_dir().join(format!("hotseat-unsynced-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("current.pgn");
        fs::write(&path, "old").unwrap();
        write_replacing_unsynced(&path, b"new content").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new content");
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["current.pgn"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    fn fresh(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("hotseat-atomic-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_new_file_takes_the_first_free_name_and_stops_at_another_error() {
        let dir = fresh("new");
        let taken = dir.join("a.pgn");
        fs::write(&taken, "old").unwrap();
        let free = dir.join("b.pgn");
        assert_eq!(
            write_new([taken.clone(), free.clone()], b"game", Durability::Synced).unwrap(),
            free
        );
        assert_eq!(fs::read_to_string(&taken).unwrap(), "old", "never replaced");
        assert_eq!(fs::read_to_string(&free).unwrap(), "game");
        let mut left: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        left.sort();
        assert_eq!(left, ["a.pgn", "b.pgn"], "no temporary file left");
        // A name that cannot be written for another reason than being taken is the answer:
        // the next name is not tried.
        let nowhere = dir.join("no-such-folder").join("c.pgn");
        let after = dir.join("d.pgn");
        let (at, e) = write_new(
            [taken.clone(), nowhere.clone(), after.clone()],
            b"game",
            Durability::Synced,
        )
        .unwrap_err();
        assert_eq!((at, e.kind()), (nowhere, io::ErrorKind::NotFound));
        assert!(!after.exists());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_rename_to_a_new_name_skips_taken_ones_and_stops_at_another_error() {
        let dir = fresh("rename");
        let from = dir.join("current.pgn");
        fs::write(&from, "game").unwrap();
        let taken = dir.join("a.pgn");
        fs::write(&taken, "old").unwrap();
        let nowhere = dir.join("no-such-folder").join("b.pgn");
        let free = dir.join("c.pgn");
        let e = rename_new(&from, [nowhere, free.clone()]).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
        assert!(from.is_file() && !free.exists(), "nothing moved");
        assert_eq!(
            rename_new(&from, [taken.clone(), free.clone()]).unwrap(),
            free
        );
        assert_eq!(fs::read_to_string(&taken).unwrap(), "old");
        assert_eq!(fs::read_to_string(&free).unwrap(), "game");
        assert!(!from.exists(), "moved, not copied");
        let _ = fs::remove_dir_all(&dir);
    }

    /// Where a hard link cannot be made (here: of a folder, as on a file system without
    /// them), the name is claimed by a rename, still never over a taken one.
    #[test]
    fn without_a_hard_link_a_name_is_claimed_by_a_rename() {
        let dir = fresh("claim");
        let from = dir.join("folder");
        fs::create_dir(&from).unwrap();
        let taken = dir.join("taken");
        fs::write(&taken, "old").unwrap();
        let e = claim_name(&from, &taken).err().unwrap();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        let to = dir.join("free");
        assert!(matches!(claim_name(&from, &to), Ok(Claimed::Renamed)));
        assert!(to.is_dir() && !from.exists());
        let _ = fs::remove_dir_all(&dir);
    }

    /// The temporary file's name is numbered: names taken (a killed write's leftovers, another
    /// process's) are passed over, and any other error ends the write at once.
    #[test]
    fn a_temporary_name_taken_is_passed_over_and_a_missing_folder_refused() {
        let dir = fresh("temp");
        // Every name the temporary file could have in this process for a while: the counter
        // is shared by all the writes of the tests, far fewer than this.
        for n in 0..5000 {
            let name = format!(
                ".planted.pgn{TEMP_MARK}{}-{n}{TEMP_EXT}",
                std::process::id()
            );
            fs::write(dir.join(name), "").unwrap();
        }
        let target = dir.join("planted.pgn");
        write_replacing(&target, b"game").unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "game");

        let nowhere = dir.join("no-such-folder").join("x.pgn");
        let e = write_replacing(&nowhere, b"game").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
        let _ = fs::remove_dir_all(&dir);
    }
}
