//! No file is ever written through a symbolic link.
//!
//! The data folder belongs to the player, but a link planted in it (`current.lock` pointing at
//! `~/.bashrc`) must not make hotseat write into the file it points to. So every file opened
//! for writing is opened with `O_NOFOLLOW` on Unix (the open fails if the last part of the path
//! is a link, whatever a third party changes between a check and the open), and a file
//! replaced by an atomic write is first checked not to be a link, because the rename would
//! silently replace the player's link. On other systems the check is made before and after the
//! open. A planted link is reported with where it points, so that the player can remove it.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::Path;

/// Opens `path` with `options`, never through a symbolic link at `path` itself.
pub(super) fn open(options: &mut OpenOptions, path: &Path) -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW);
        options.open(path).map_err(|e| explain(path, e))
    }
    #[cfg(not(unix))]
    {
        refuse_link(path)?;
        let file = options.open(path)?;
        refuse_link(path)?;
        Ok(file)
    }
}

/// An error if `path` is a symbolic link (a missing file is not one): a file of hotseat's,
/// or a folder it makes in its data folder (`games/`), whatever the link points to.
pub(super) fn refuse_link(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => Err(planted(path)),
        _ => Ok(()),
    }
}

/// Creates a folder of hotseat's own in its data folder (`games/`) with `create`, never
/// through a symbolic link planted at `path`: checked before, so that nothing is made where it
/// points, and after, so that a link put there meanwhile is refused too.
pub(super) fn create_own_dir(
    path: &Path,
    create: impl FnOnce(&Path) -> io::Result<()>,
) -> io::Result<()> {
    refuse_link(path)?;
    create(path)?;
    refuse_link(path)
}

/// The open's error, said as a planted link when that is what it was (`ELOOP`).
#[cfg(unix)]
fn explain(path: &Path, e: io::Error) -> io::Error {
    if e.raw_os_error() == Some(libc::ELOOP) && refuse_link(path).is_err() {
        planted(path)
    } else {
        e
    }
}

/// "it is a symbolic link to ...": the error for a link found where a file of ours goes.
fn planted(path: &Path) -> io::Error {
    let target = fs::read_link(path)
        .map(|t| format!(" to {}", t.display()))
        .unwrap_or_default();
    io::Error::other(format!(
        "it is a symbolic link{target}, which hotseat never writes through; remove the link"
    ))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_link_is_refused_and_named_and_its_target_left_alone() {
        let dir = std::env::temp_dir().join(format!("hotseat-nofollow-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let target = dir.join("notes.txt");
        fs::write(&target, "mine").unwrap();
        let link = dir.join("current.lock");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let err = open(OpenOptions::new().write(true).create(true), &link).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "it is a symbolic link to {}, which hotseat never writes through; remove the link",
                target.display()
            )
        );
        assert!(refuse_link(&link).is_err());
        assert!(refuse_link(&target).is_ok());
        assert!(refuse_link(&dir.join("missing")).is_ok());
        assert_eq!(fs::read_to_string(&target).unwrap(), "mine");
        fs::remove_dir_all(dir).unwrap();
    }
}
