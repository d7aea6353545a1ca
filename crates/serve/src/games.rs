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

/// Whether `id` can name a game's file among the player's: a file name of letters, digits, `.`,
/// `_` and `-`, not starting with a dot. Anything else (a path, `..`, a device) is no game.
fn is_game_name(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 255
        && !id.starts_with('.')
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
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
        is_game_name(id).then(|| store.games_dir().join(id))
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
    fn only_a_plain_file_name_names_a_game() {
        assert!(is_game_name("2026-11-27-Ann-vs-Bob.pgn"));
        for bad in [
            "",
            ".",
            "..",
            ".hidden",
            "../x.pgn",
            "/dev/zero",
            "a/b.pgn",
            "a\\b",
            "x y.pgn",
            "caf\u{e9}.pgn",
        ] {
            assert!(!is_game_name(bad), "{bad:?}");
        }
        assert!(!is_game_name(&"a".repeat(256)));
    }
}
