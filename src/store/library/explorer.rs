//! The explorer of your own games: from a position, the moves played in the library, with how
//! many games and how they ended, as lichess's opening explorer shows them.
//!
//! Positions are matched by their repetition key (board, side to move, castling rights, an en
//! passant square only when the capture is legal), so a position reached by another move order
//! counts the same. The database keeps one row per position, game and move, keyed by position
//! (`table.rs`): a position's moves are one indexed query, with nothing built in memory.

use chess::rules::Color;

/// Which games the explorer counts: all, or one player's (on one side or either).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerFilter {
    /// Lower-cased; empty for every game.
    name: String,
    side: Option<Color>,
}

impl PlayerFilter {
    /// Reads `Ann`, `Ann as White`, `Bob as black`; empty text is every game.
    pub fn parse(text: &str) -> PlayerFilter {
        let text = text.trim();
        let lower = text.to_lowercase();
        for (suffix, side) in [(" as white", Color::White), (" as black", Color::Black)] {
            if let Some(name) = lower.strip_suffix(suffix) {
                return PlayerFilter {
                    name: name.trim().to_owned(),
                    side: Some(side),
                };
            }
        }
        PlayerFilter {
            name: lower,
            side: None,
        }
    }

    /// The player's name, lower-cased (empty for every game).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The side the player must have had, if one was said.
    pub fn side(&self) -> Option<Color> {
        self.side
    }

    pub fn is_everyone(&self) -> bool {
        self.name.is_empty()
    }
}

/// One move played from the position: how many games, and their results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplorerRow {
    pub san: String,
    pub games: usize,
    pub white_wins: usize,
    pub draws: usize,
    pub black_wins: usize,
}

impl ExplorerRow {
    /// White wins, draws, Black wins, in whole percent of the games (unfinished games count in
    /// none, so the three may add to less than 100).
    pub fn percentages(&self) -> (u32, u32, u32) {
        let pct = |n: usize| {
            (n * 100 + self.games / 2)
                .checked_div(self.games)
                .unwrap_or(0) as u32
        };
        (pct(self.white_wins), pct(self.draws), pct(self.black_wins))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{DataDir, Index, Store};
    use chess::rules::Position;

    fn key_after(sans: &[&str]) -> u64 {
        let mut pos = Position::initial();
        for san in sans {
            pos = pos.play(pos.parse_move(san).unwrap()).unwrap();
        }
        pos.repetition_key()
    }

    /// Five games in a data folder of the test's own, indexed.
    fn library(name: &str) -> (Index, std::path::PathBuf) {
        let dir =
            std::env::temp_dir().join(format!("hotseat-explorer-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::new(DataDir::new(dir.clone()));
        std::fs::create_dir_all(store.games_dir()).unwrap();
        let games = [
            ("Ann", "Bob", "1-0", "1. e4 e5 2. Nf3 Nc6"),
            ("Bob", "Ann", "0-1", "1. e4 e5 2. Nf3 Nf6"),
            ("Ann", "Cid", "1/2-1/2", "1. e4 c5"),
            // The same position after 1. e4 e5 2. Nf3 reached by 1. Nf3 e5 2. e4.
            ("Cid", "Ann", "0-1", "1. Nf3 e5 2. e4 Nc6"),
            ("Cid", "Bob", "*", "1. d4 d5"),
        ];
        for (i, (white, black, result, moves)) in games.iter().enumerate() {
            std::fs::write(
                store.games_dir().join(format!("{i}.pgn")),
                format!(
                    "[Date \"2026.01.0{}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n\n{moves} {result}\n",
                    i + 1
                ),
            )
            .unwrap();
        }
        (store.index().unwrap().unwrap(), dir)
    }

    fn counts(rows: &[ExplorerRow]) -> Vec<(&str, usize)> {
        rows.iter().map(|r| (r.san.as_str(), r.games)).collect()
    }

    fn files(entries: Vec<crate::store::Entry>) -> Vec<String> {
        entries.into_iter().map(|e| e.file).collect()
    }

    #[test]
    fn the_moves_from_the_start_are_counted_with_their_results() {
        let (index, dir) = library("start");
        let rows = index
            .explore(key_after(&[]), &PlayerFilter::default())
            .unwrap();
        let summary: Vec<(&str, usize, usize, usize, usize)> = rows
            .iter()
            .map(|r| (r.san.as_str(), r.games, r.white_wins, r.draws, r.black_wins))
            .collect();
        assert_eq!(
            summary,
            [("e4", 3, 1, 1, 1), ("Nf3", 1, 0, 0, 1), ("d4", 1, 0, 0, 0)]
        );
        assert_eq!(rows[0].percentages(), (33, 33, 33));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn transpositions_count_as_the_same_position() {
        let (index, dir) = library("transpositions");
        let key = key_after(&["e4", "e5", "Nf3"]);
        assert_eq!(key, key_after(&["Nf3", "e5", "e4"]));
        let rows = index.explore(key, &PlayerFilter::default()).unwrap();
        assert_eq!(counts(&rows), [("Nc6", 2), ("Nf6", 1)]);
        // Newest first.
        assert_eq!(
            files(index.reached(key, &PlayerFilter::default()).unwrap()),
            ["3.pgn", "1.pgn", "0.pgn"]
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_player_filter_counts_one_players_games_on_one_side() {
        let (index, dir) = library("player");
        let start = key_after(&[]);
        let rows = index
            .explore(start, &PlayerFilter::parse("ann as White"))
            .unwrap();
        assert_eq!(counts(&rows), [("e4", 2)]);
        let rows = index
            .explore(start, &PlayerFilter::parse("Bob as black"))
            .unwrap();
        assert_eq!(counts(&rows), [("d4", 1), ("e4", 1)]);
        assert_eq!(
            files(index.reached(start, &PlayerFilter::parse("Ann")).unwrap()),
            ["3.pgn", "2.pgn", "1.pgn", "0.pgn"]
        );
        assert!(
            index
                .explore(start, &PlayerFilter::parse("Zed"))
                .unwrap()
                .is_empty()
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_position_nobody_reached_has_no_rows() {
        let (index, dir) = library("nobody");
        let key = key_after(&["a4"]);
        assert!(
            index
                .explore(key, &PlayerFilter::default())
                .unwrap()
                .is_empty()
        );
        assert!(
            index
                .reached(key, &PlayerFilter::default())
                .unwrap()
                .is_empty()
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}
