//! Games that are kept: the finished-games archive, and exports the player asks for.
//!
//! Archiving never overwrites: two games between the same players on the same day get `-2`,
//! `-3`... and the name is claimed atomically together with the content (see
//! [`super::atomic`]), so even two hotseat processes finishing games at once cannot clobber
//! each other. Exports go where the player says and replace what is there — the app asks
//! first — but are still atomic, so a failed export never destroys the file it was replacing.

use std::path::{Path, PathBuf};

use super::Store;
use super::atomic::{Durability, write_new, write_replacing};
use super::error::{Op, StoreError};
use super::names::{archive_stem, numbered};

impl Store {
    /// Writes a game into `games/`, named by `date` and the players (`2026-11-21-Ann-vs-Bob.pgn`,
    /// `...-unfinished.pgn` for a game set aside before its end), creating the folder if needed.
    /// Never overwrites another file. Returns the new file's path.
    pub fn archive(
        &self,
        game_pgn: &str,
        date: &str,
        white: &str,
        black: &str,
        unfinished: bool,
    ) -> Result<PathBuf, StoreError> {
        let games = self.games_dir();
        self.ensure_dir(&games)?;
        let stem = archive_stem(date, white, black, unfinished);
        write_new(
            numbered(&games, &stem, "pgn"),
            game_pgn.as_bytes(),
            Durability::Synced,
        )
        .map_err(|(path, e)| StoreError::io(Op::Archive, path, e))
    }
}

/// Writes a game's PGN to `path`, atomically, replacing any file there. The folder must exist.
pub fn export_pgn(path: &Path, pgn: &str) -> Result<(), StoreError> {
    write_replacing(path, pgn.as_bytes()).map_err(|e| StoreError::io(Op::Write, path, e))
}

/// Writes a FEN to `path` as one line, atomically, replacing any file there.
pub fn export_fen(path: &Path, fen: &str) -> Result<(), StoreError> {
    let line = format!("{}\n", fen.trim_end());
    write_replacing(path, line.as_bytes()).map_err(|e| StoreError::io(Op::Write, path, e))
}
