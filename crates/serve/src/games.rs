//! The commands for scripts: `ssh HOST games` lists the player's games, one JSON object a
//! line (the objects of `hotseat games --json`, without its array: a script reads a line at a
//! time), `ssh HOST pgn ID` prints one of them (an ID as that list names it).

use std::io::Write;
use std::path::Path;

use hotseat::cli::games::{self, Form};
use hotseat::store::{DataDir, Store, read_bounded};

use crate::terminal::Output;

/// `games`: the player's library, one JSON object a line.
pub fn list(mut out: Output, folder: &Path) {
    let mut errors = Vec::new();
    let mut lines = JsonLines::new(&mut out);
    let listed = games::list(&mut lines, &mut errors, Some(folder), "", Form::Json, false)
        .and_then(|()| Ok(lines.flush()?));
    if !errors.is_empty() {
        out.error(&String::from_utf8_lossy(&errors));
    }
    match listed {
        Ok(()) => out.exit(0),
        Err(e) => {
            out.error(&format!("hotseat: {e:#}\n"));
            out.exit(1);
        }
    }
}

/// The ID of the game in progress, for `pgn`.
pub const CURRENT: &str = "current";

/// The JSON array `hotseat games --json` writes (`[`, an object a line, each but the last
/// followed by a comma, `]`) as one JSON object a line, written on as it comes.
struct JsonLines<W: Write> {
    inner: W,
    line: Vec<u8>,
    /// Lines written since the last flush.
    unflushed: usize,
}

/// Lines of the list sent to the client at once.
const LINES_A_FLUSH: usize = 64;

impl<W: Write> JsonLines<W> {
    fn new(inner: W) -> JsonLines<W> {
        JsonLines {
            inner,
            line: Vec::new(),
            unflushed: 0,
        }
    }

    /// A line of the array read: its object, if it has one, written.
    fn end_line(&mut self) -> std::io::Result<()> {
        let line = std::mem::take(&mut self.line);
        let text = line.trim_ascii();
        let object = text.strip_suffix(b",").unwrap_or(text).trim_ascii();
        if object.is_empty() || object == b"[" || object == b"]" {
            return Ok(());
        }
        self.inner.write_all(object)?;
        self.inner.write_all(b"\n")?;
        self.unflushed += 1;
        if self.unflushed >= LINES_A_FLUSH {
            self.unflushed = 0;
            self.inner.flush()?;
        }
        Ok(())
    }
}

impl<W: Write> Write for JsonLines<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        for &b in buf {
            if b == b'\n' {
                self.end_line()?;
            } else {
                self.line.push(b);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.end_line()?;
        self.inner.flush()
    }
}

/// The most of a game's file `pgn` prints: a game's file is far smaller.
const MAX_PGN_BYTES: u64 = 8 << 20;

/// Whether `id` is the name of one of the regular files in `games` (not a link, not a folder):
/// the only names `pgn` opens. Any name the store gave a game (`José`, `O'Brien`) is one; a
/// path, `..` or a device never is, being no entry of the folder.
fn listed(games: &Path, id: &str) -> bool {
    if !is_plausible(id) {
        return false;
    }
    let Ok(entries) = std::fs::read_dir(games) else {
        return false;
    };
    entries.flatten().any(|entry| {
        entry.file_name().to_str() == Some(id) && entry.file_type().is_ok_and(|t| t.is_file())
    })
}

/// A name worth looking for: not empty, not hidden, no separator, at most 255 bytes.
fn is_plausible(id: &str) -> bool {
    !id.is_empty() && id.len() <= 255 && !id.starts_with('.') && !id.contains(['/', '\\', '\0'])
}

/// `pgn ID`: the game's file as it is kept. The name is checked before anything is opened,
/// and the file is read only if it is a regular file, up to [`MAX_PGN_BYTES`].
/// `pgn current` prints the game in progress (the player's autosave), which has no file among
/// the finished ones yet.
pub fn pgn(mut out: Output, folder: &Path, id: &str) {
    let store = Store::new(DataDir::new(folder));
    let path = if id == CURRENT {
        Some(store.current_path())
    } else {
        listed(&store.games_dir(), id).then(|| store.games_dir().join(id))
    };
    let text = path.and_then(|path| read_bounded(&path, MAX_PGN_BYTES).ok());
    match text {
        Some(text) => {
            let _ = out.write_all(&text);
            out.exit(0);
        }
        None => {
            out.error(&format!(
                "hotseat: no game {} among yours: `games` lists them, each with its file \
                 (the ID to give), and `pgn {CURRENT}` prints the game in progress\n",
                hotseat::text::excerpt(id)
            ));
            out.exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_one_json_object_a_line() {
        let mut lines = JsonLines::new(Vec::new());
        let array =
            "[\n  {\"file\": \"a.pgn\", \"note\": \"x, y]\"},\n  {\"file\": \"b.pgn\"}\n]\n";
        // Written in pieces, as the list is.
        for piece in array.as_bytes().chunks(7) {
            lines.write_all(piece).unwrap();
        }
        lines.flush().unwrap();
        assert_eq!(
            String::from_utf8(lines.inner).unwrap(),
            "{\"file\": \"a.pgn\", \"note\": \"x, y]\"}\n{\"file\": \"b.pgn\"}\n"
        );
        let mut empty = JsonLines::new(Vec::new());
        empty.write_all(b"[\n]\n").unwrap();
        empty.flush().unwrap();
        assert!(empty.inner.is_empty());
    }

    #[test]
    fn only_a_regular_file_of_the_games_folder_names_a_game() {
        let dir = std::env::temp_dir().join(format!("hotseat-serve-games-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        for name in [
            "2026-11-27-Ann-vs-Bob.pgn",
            "2026-11-27-José-vs-O'Brien.pgn",
        ] {
            std::fs::write(dir.join(name), "1. e4 *").unwrap();
            assert!(listed(&dir, name), "{name}");
        }
        #[cfg(unix)]
        std::os::unix::fs::symlink("/etc/passwd", dir.join("link.pgn")).unwrap();
        for bad in [
            "",
            ".",
            "..",
            "sub",
            "link.pgn",
            "../x.pgn",
            "/etc/passwd",
            "/dev/zero",
            "sub/x.pgn",
            "missing.pgn",
        ] {
            assert!(!listed(&dir, bad), "{bad:?}");
        }
        assert!(!listed(&dir, &"a".repeat(256)));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
