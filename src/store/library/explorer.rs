//! The explorer of your own games: from a position, the moves played in the library, with how
//! many games and how they ended, as lichess's opening explorer shows them.
//!
//! Positions are matched by their repetition key (board, side to move, castling rights, an en
//! passant square only when the capture is legal), so a position reached by another move order
//! counts the same. The table from positions to games is built once from the index (a few
//! hundred milliseconds for 10,000 games); each position is then a lookup.

use std::collections::{HashMap, HashSet};

use chess::rules::Color;

use super::Entry;

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

    /// Whether `entry` is one of the games counted.
    pub fn admits(&self, entry: &Entry) -> bool {
        if self.name.is_empty() {
            return true;
        }
        let is = |player: &str| player.to_lowercase() == self.name;
        match self.side {
            Some(Color::White) => is(&entry.summary.white),
            Some(Color::Black) => is(&entry.summary.black),
            None => is(&entry.summary.white) || is(&entry.summary.black),
        }
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

/// The library's positions, each with the games that reached it and the move played there.
#[derive(Debug, Default)]
pub struct Explorer {
    /// Position key -> (index of the game in the list it was built from, index into `moves`).
    by_position: HashMap<u64, Vec<(u32, u32)>>,
    moves: Vec<String>,
}

impl Explorer {
    /// The table for `games` (the library's list, whose indices the answers use).
    pub fn build(games: &[Entry]) -> Explorer {
        let mut by_position: HashMap<u64, Vec<(u32, u32)>> = HashMap::new();
        let mut interned: HashMap<&str, u32> = HashMap::new();
        let mut moves = Vec::new();
        let mut seen = HashSet::new();
        for (game, entry) in games.iter().enumerate() {
            seen.clear();
            for pair in entry.summary.positions.split(' ').filter(|p| !p.is_empty()) {
                let Some((hash, san)) = pair.split_once(':') else {
                    continue;
                };
                let Ok(key) = u64::from_str_radix(hash, 16) else {
                    continue;
                };
                let id = *interned.entry(san).or_insert_with(|| {
                    moves.push(san.to_owned());
                    (moves.len() - 1) as u32
                });
                // A game that comes back to a position and plays the same move counts once.
                if seen.insert((key, id)) {
                    by_position.entry(key).or_default().push((game as u32, id));
                }
            }
        }
        Explorer { by_position, moves }
    }

    /// The moves played from the position `key` in the games `filter` admits, most played
    /// first (then by move).
    pub fn rows(&self, games: &[Entry], key: u64, filter: &PlayerFilter) -> Vec<ExplorerRow> {
        let mut rows: HashMap<u32, ExplorerRow> = HashMap::new();
        for &(game, mv) in self.by_position.get(&key).map_or(&[][..], Vec::as_slice) {
            let Some(entry) = games.get(game as usize) else {
                continue;
            };
            if !filter.admits(entry) {
                continue;
            }
            let row = rows.entry(mv).or_insert_with(|| ExplorerRow {
                san: self.moves[mv as usize].clone(),
                games: 0,
                white_wins: 0,
                draws: 0,
                black_wins: 0,
            });
            row.games += 1;
            match entry.summary.result.as_str() {
                "1-0" => row.white_wins += 1,
                "0-1" => row.black_wins += 1,
                "1/2-1/2" => row.draws += 1,
                _ => {}
            }
        }
        let mut rows: Vec<ExplorerRow> = rows.into_values().collect();
        rows.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.san.cmp(&b.san)));
        rows
    }

    /// The games (indices into `games`, in its order) that reached the position `key` and
    /// that `filter` admits; only those that played `san` there when it is given.
    pub fn games(
        &self,
        games: &[Entry],
        key: u64,
        san: Option<&str>,
        filter: &PlayerFilter,
    ) -> Vec<usize> {
        let mut found: Vec<usize> = self
            .by_position
            .get(&key)
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .filter(|&&(_, mv)| san.is_none_or(|s| self.moves[mv as usize] == s))
            .map(|&(game, _)| game as usize)
            .filter(|&g| games.get(g).is_some_and(|e| filter.admits(e)))
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Entry, FileStamp, summarize};
    use super::*;
    use chess::rules::Position;

    fn game(white: &str, black: &str, result: &str, moves: &str) -> Entry {
        let text = format!(
            "[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n\n{moves} {result}\n"
        );
        Entry::new(
            format!("{white}-{black}.pgn"),
            FileStamp::default(),
            summarize(&text).unwrap(),
        )
    }

    fn key_after(sans: &[&str]) -> u64 {
        let mut pos = Position::initial();
        for san in sans {
            pos = pos.play(pos.parse_move(san).unwrap()).unwrap();
        }
        pos.repetition_key()
    }

    fn library() -> Vec<Entry> {
        vec![
            game("Ann", "Bob", "1-0", "1. e4 e5 2. Nf3 Nc6"),
            game("Bob", "Ann", "0-1", "1. e4 e5 2. Nf3 Nf6"),
            game("Ann", "Cid", "1/2-1/2", "1. e4 c5"),
            // The same position after 1. e4 e5 2. Nf3 reached by 1. Nf3 e5 2. e4.
            game("Cid", "Ann", "0-1", "1. Nf3 e5 2. e4 Nc6"),
            game("Cid", "Bob", "*", "1. d4 d5"),
        ]
    }

    #[test]
    fn the_moves_from_the_start_are_counted_with_their_results() {
        let games = library();
        let explorer = Explorer::build(&games);
        let rows = explorer.rows(&games, key_after(&[]), &PlayerFilter::default());
        let summary: Vec<(&str, usize, usize, usize, usize)> = rows
            .iter()
            .map(|r| (r.san.as_str(), r.games, r.white_wins, r.draws, r.black_wins))
            .collect();
        assert_eq!(
            summary,
            [("e4", 3, 1, 1, 1), ("Nf3", 1, 0, 0, 1), ("d4", 1, 0, 0, 0)]
        );
        assert_eq!(rows[0].percentages(), (33, 33, 33));
    }

    #[test]
    fn transpositions_count_as_the_same_position() {
        let games = library();
        let explorer = Explorer::build(&games);
        let key = key_after(&["e4", "e5", "Nf3"]);
        assert_eq!(key, key_after(&["Nf3", "e5", "e4"]));
        let rows = explorer.rows(&games, key, &PlayerFilter::default());
        let counts: Vec<(&str, usize)> = rows.iter().map(|r| (r.san.as_str(), r.games)).collect();
        assert_eq!(counts, [("Nc6", 2), ("Nf6", 1)]);
        assert_eq!(
            explorer.games(&games, key, Some("Nc6"), &PlayerFilter::default()),
            [0, 3]
        );
    }

    #[test]
    fn the_player_filter_counts_one_players_games_on_one_side() {
        let games = library();
        let explorer = Explorer::build(&games);
        let start = key_after(&[]);
        let ann_white = PlayerFilter::parse("ann as White");
        let rows = explorer.rows(&games, start, &ann_white);
        let counts: Vec<(&str, usize)> = rows.iter().map(|r| (r.san.as_str(), r.games)).collect();
        assert_eq!(counts, [("e4", 2)]);
        let ann = PlayerFilter::parse("Ann");
        assert_eq!(explorer.games(&games, start, None, &ann), [0, 1, 2, 3]);
        assert!(
            explorer
                .rows(&games, start, &PlayerFilter::parse("Zed"))
                .is_empty()
        );
    }

    #[test]
    fn a_position_nobody_reached_has_no_rows() {
        let games = library();
        let explorer = Explorer::build(&games);
        let key = key_after(&["a4"]);
        assert!(
            explorer
                .rows(&games, key, &PlayerFilter::default())
                .is_empty()
        );
    }
}
