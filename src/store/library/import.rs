//! Adding games from elsewhere (a lichess or chess.com download) to the archive.
//!
//! Each game of the file is checked on its own: a game that cannot be replayed is refused with
//! the reason and the others go on. A game already in the library (the same players, date,
//! result and main-line moves from the same start: see [`fingerprint`](super::fingerprint)),
//! or twice in the file, is filed once. Each new game becomes an archive file of its own, with
//! the text it had in the file (its comments, clocks and evaluations kept), named as hotseat
//! names its own games and never overwriting one.

use std::collections::HashSet;
use std::path::PathBuf;

use chess::game::pgn::SliceReader;

use super::summarize;
use crate::store::{Store, StoreError};

/// A game of the file that was not filed, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// Its place in the file, from 1.
    pub index: usize,
    pub reason: String,
}

/// What an import did.
#[derive(Debug, Default)]
pub struct ImportReport {
    /// The games read from the file.
    pub games: usize,
    /// The archive files written, in the file's order.
    pub added: Vec<PathBuf>,
    /// Games already in the library, or earlier in the same file.
    pub already: usize,
    pub refused: Vec<Refused>,
}

/// The text of each game of `bytes`, in order, as the PGN reader divides them.
pub fn split_games(bytes: &[u8]) -> Vec<&[u8]> {
    let mut reader = SliceReader::new(bytes);
    let mut games = Vec::new();
    loop {
        let before = reader.remaining();
        match reader.skip_game() {
            Ok(true) => {
                let used = before.len() - reader.remaining().len();
                games.push(&before[..used]);
            }
            Ok(false) | Err(_) => break,
        }
    }
    games
}

impl Store {
    /// Files the games of `bytes` into the archive (see the module documentation), calling
    /// `progress(done, total)` after each game. Fails only when the library cannot be listed or
    /// a game cannot be written; what was filed before stays filed.
    pub fn import_games(
        &self,
        bytes: &[u8],
        mut progress: impl FnMut(usize, usize),
    ) -> Result<ImportReport, StoreError> {
        let library = self.library()?;
        let mut known: HashSet<u64> = library
            .games
            .iter()
            .map(|e| e.summary.fingerprint)
            .collect();
        let games = split_games(bytes);
        let mut report = ImportReport {
            games: games.len(),
            ..ImportReport::default()
        };
        for (i, span) in games.iter().enumerate() {
            let text = String::from_utf8_lossy(span);
            let text = format!("{}\n", text.trim());
            match summarize(&text) {
                Err(reason) => report.refused.push(Refused {
                    index: i + 1,
                    reason: reason.to_string(),
                }),
                Ok(s) if !known.insert(s.fingerprint) => report.already += 1,
                Ok(s) => {
                    // As much of the date as is known: `1858-??-??` files as `1858`.
                    let known = s.date.split('?').next().unwrap_or("").trim_end_matches('-');
                    let date = if known.is_empty() { "undated" } else { known };
                    let path = self.archive(&text, date, &s.white, &s.black, s.result == "*")?;
                    report.added.push(path);
                }
            }
            progress(i + 1, games.len());
        }
        // The index brought up to date now, so that the next list is quick. A failure here
        // only costs that: the games are filed.
        if !report.added.is_empty() {
            let _ = self.library();
        }
        Ok(report)
    }
}
