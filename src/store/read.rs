//! Reading a file a player names (`--load`, `hotseat pgn`) or a save found at start-up, so that
//! no file can make hotseat hang or eat the machine's memory.
//!
//! * Only regular files are read. A folder, a named pipe (FIFO), a socket or a device is refused
//!   with a message saying what it is: `/dev/zero` would never end, and opening a FIFO for
//!   reading waits for a writer that may never come. The type is checked before opening
//!   (`stat`), and again on the opened file (`fstat`), which no rename in between can fool; on
//!   Unix the file is opened with `O_NONBLOCK`, so even a FIFO swapped in at that instant never
//!   blocks the open.
//! * The size limit is enforced while reading (`take(limit + 1)`), never trusted from the
//!   metadata: a file that grows while it is read, or whose length the system reports as 0, is
//!   still cut off at the limit.

use std::fmt;
use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

use super::error::describe;

/// Why a file could not be read whole.
#[derive(Debug)]
pub enum ReadError {
    /// The path names something other than a regular file: what it is.
    NotAFile(Special),
    /// The file holds more than the limit, in bytes.
    TooLarge(u64),
    /// The operating system's error.
    Io(io::Error),
}

impl ReadError {
    /// Whether the file does not exist.
    pub fn is_not_found(&self) -> bool {
        matches!(self, ReadError::Io(e) if e.kind() == io::ErrorKind::NotFound)
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::NotAFile(what) => write!(f, "it is {what}, not a file"),
            ReadError::TooLarge(limit) => {
                write!(f, "the file is larger than {} MiB", limit >> 20)
            }
            ReadError::Io(e) => f.write_str(&describe(e)),
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> Self {
        ReadError::Io(e)
    }
}

/// What a path names when it is not a regular file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    Folder,
    Fifo,
    Socket,
    CharDevice,
    BlockDevice,
    /// Anything else the system has that is not a regular file.
    Other,
}

impl fmt::Display for Special {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Special::Folder => "a folder",
            Special::Fifo => "a named pipe (FIFO)",
            Special::Socket => "a socket",
            Special::CharDevice => "a character device",
            Special::BlockDevice => "a block device",
            Special::Other => "a special file",
        })
    }
}

/// What a file is when it is not a regular file.
fn special_kind(meta: &Metadata) -> Option<Special> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some(Special::Folder);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some(Special::Fifo);
        }
        if t.is_socket() {
            return Some(Special::Socket);
        }
        if t.is_char_device() {
            return Some(Special::CharDevice);
        }
        if t.is_block_device() {
            return Some(Special::BlockDevice);
        }
    }
    Some(Special::Other)
}

/// Opens `path` for reading if it is a regular file (following symbolic links), without ever
/// blocking.
pub fn open_regular(path: &Path) -> Result<File, ReadError> {
    if let Some(what) = special_kind(&fs::metadata(path)?) {
        return Err(ReadError::NotAFile(what));
    }
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    match special_kind(&file.metadata()?) {
        Some(what) => Err(ReadError::NotAFile(what)),
        None => Ok(file),
    }
}

/// A reader of the regular file at `path` that fails with [`ReadError::TooLarge`] (as the
/// `io::Error`'s inner error) once more than `limit` bytes come out: for files read a game at a
/// time, which need no more memory than one game but should still end.
pub fn open_bounded(path: &Path, limit: u64) -> Result<Bounded<File>, ReadError> {
    Ok(Bounded {
        inner: open_regular(path)?,
        left: limit.saturating_add(1),
        limit,
    })
}

/// See [`open_bounded`].
#[derive(Debug)]
pub struct Bounded<R> {
    inner: R,
    /// Bytes that may still be read, counting one past the limit.
    left: u64,
    limit: u64,
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.left == 0 {
            return Err(io::Error::new(
                io::ErrorKind::FileTooLarge,
                ReadError::TooLarge(self.limit),
            ));
        }
        let max = buf
            .len()
            .min(usize::try_from(self.left).unwrap_or(usize::MAX));
        let n = self.inner.read(&mut buf[..max])?;
        self.left -= n as u64;
        if self.left == 0 {
            return self.read(buf);
        }
        Ok(n)
    }
}

/// The whole of the regular file at `path`, if it holds at most `limit` bytes.
pub fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let file = open_regular(path)?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge(limit));
    }
    Ok(bytes)
}

// The integration tests' rule for a test that cannot run (a failure under CI), shared with them
// by path: the tests are not in the published crate, nor is this module.
#[cfg(test)]
#[path = "../../tests/suite/common/skip.rs"]
mod skip;

#[cfg(test)]
mod tests {
    use super::skip;
    use super::*;

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("hotseat-read-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_regular_file_within_the_limit_is_read_whole() {
        let dir = temp_dir("ok");
        let path = dir.join("a.pgn");
        fs::write(&path, b"1. e4 *").unwrap();
        assert_eq!(read_bounded(&path, 7).unwrap(), b"1. e4 *");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_limit_is_enforced_while_reading() {
        let dir = temp_dir("large");
        let path = dir.join("a.pgn");
        fs::write(&path, b"1. e4 *").unwrap();
        assert!(matches!(
            read_bounded(&path, 6),
            Err(ReadError::TooLarge(6))
        ));
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_bounded_reader_fails_past_the_limit_and_not_before() {
        let dir = temp_dir("bounded");
        let path = dir.join("a.pgn");
        fs::write(&path, b"1. e4 *").unwrap();
        let mut text = String::new();
        open_bounded(&path, 7)
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        assert_eq!(text, "1. e4 *");
        let err = open_bounded(&path, 6)
            .unwrap()
            .read_to_string(&mut String::new())
            .unwrap_err();
        assert_eq!(err.to_string(), "the file is larger than 0 MiB");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_folder_is_refused_by_name() {
        let dir = temp_dir("dir");
        let err = read_bounded(&dir, 100).unwrap_err();
        assert_eq!(err.to_string(), "it is a folder, not a file");
        fs::remove_dir_all(dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_character_device_is_refused_before_reading() {
        let err = read_bounded(Path::new("/dev/zero"), 1 << 30).unwrap_err();
        assert_eq!(err.to_string(), "it is a character device, not a file");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let dir = temp_dir("fifo");
        let path = dir.join("current.pgn");
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        if !made.is_ok_and(|s| s.success()) {
            skip::cannot_run("mkfifo could not make a named pipe (coreutils' mkfifo)");
            return;
        }
        let err = read_bounded(&path, 100).unwrap_err();
        assert_eq!(err.to_string(), "it is a named pipe (FIFO), not a file");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_missing_file_says_so() {
        let err = read_bounded(Path::new("/no/such/hotseat/file.pgn"), 10).unwrap_err();
        assert!(err.is_not_found());
        assert_eq!(err.to_string(), "no such file or folder");
    }
}
