//! The commands for scripts: `ssh HOST games` lists the player's games as `hotseat games
//! --json` does, `ssh HOST pgn ID` prints one of them (an ID as that list names it).

use std::io::Write;
use std::path::Path;

use hotseat::cli::games::{self, Form};
use hotseat::store::{DataDir, Store, read_bounded};

use crate::terminal::Output;

/// `games`: the player's library, one JSON object a line.
pub fn list(mut out: Output, folder: &Path) {
    let mut errors = Vec::new();
    let listed = games::list(&mut out, &mut errors, Some(folder), "", Form::Json, false);
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
    use super::is_game_name;

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
