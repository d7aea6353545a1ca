//! The mistakes each player has not solved yet in "Learn from your mistakes" (see
//! `app/retro.rs`): kept when a player starts to learn from a game's report, offered again
//! later with the puzzles (`hotseat puzzles --mistakes`), deleted once solved.
//!
//! A mistake is kept by player (the name's key, as the puzzle ratings are: case and spaces
//! around it do not matter), position and move played, so the same mistake of the same game
//! learnt from twice is one row. The rows are the only copy (like the ratings): the database's
//! damage rule sets the whole file aside, never empties this table. What is read back is
//! checked again by whoever plays it (the FEN parsed, the moves legal): a row changed by hand
//! is refused with its position, never a panic.

use rusqlite::{Connection, params};

use super::Store;
use super::db::Database;
use super::error::StoreError;
use super::puzzles::player_key;
use crate::game::report::Eval;
use crate::rules::Color;

/// One mistake, as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// The player's name as written in the game.
    pub player: String,
    /// The position before the move (FEN).
    pub fen: String,
    /// The move played (UCI).
    pub played: String,
    /// The engine's line from the position (UCI, space between moves).
    pub best: String,
    /// The evaluation of the position before the move, White's view.
    pub before: Eval,
    /// The move as the player was told it: `15. Bxf7??`.
    pub said: String,
    /// The game it was played in: `Ann – Bob, 2026.11.27`.
    pub game: String,
}

/// A kept mistake read back and checked: its position and moves legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedMistake {
    /// The position before the move.
    pub before: crate::rules::Position,
    pub played: crate::rules::Move,
    /// The engine's line from `before`, as far as it is legal (at least its first move).
    pub better: Vec<crate::rules::Move>,
}

/// Why a kept mistake cannot be played: its row was changed by hand (or by another
/// program), so its position or moves no longer make sense.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadMistake {
    /// The position before the move does not parse.
    Position { fen: String, why: String },
    /// The move played is not legal in it.
    Played { fen: String },
    /// The engine's line has no legal first move.
    NoBetter { fen: String },
}

impl std::fmt::Display for BadMistake {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadMistake::Position { fen, why } => {
                write!(f, "the mistake kept at {fen} has a bad position: {why}")
            }
            BadMistake::Played { fen } => {
                write!(f, "the mistake kept at {fen} has an illegal move played")
            }
            BadMistake::NoBetter { fen } => {
                write!(f, "the mistake kept at {fen} has no legal better move")
            }
        }
    }
}

impl std::error::Error for BadMistake {}

impl Mistake {
    /// The mistake checked as a puzzle row is: a row changed by hand is refused with why,
    /// never a panic.
    pub fn check(&self) -> Result<CheckedMistake, BadMistake> {
        use crate::rules::Position;
        let before = Position::from_fen(&self.fen).map_err(|e| BadMistake::Position {
            fen: self.fen.clone(),
            why: e.to_string(),
        })?;
        let played = before
            .parse_move(&self.played)
            .map_err(|_| BadMistake::Played {
                fen: self.fen.clone(),
            })?;
        let mut better = Vec::new();
        let mut at = before.clone();
        for text in self.best.split_whitespace() {
            let Ok(mv) = at.parse_move(text) else { break };
            better.push(mv);
            let Ok(next) = at.play(mv) else { break };
            at = next;
        }
        if better.is_empty() {
            return Err(BadMistake::NoBetter {
                fen: self.fen.clone(),
            });
        }
        Ok(CheckedMistake {
            before,
            played,
            better,
        })
    }
}

/// The players' mistakes, in the database.
#[derive(Debug)]
pub struct MistakeBook {
    db: Database,
}

impl Store {
    /// The mistakes kept: the database opened (made if missing).
    pub fn mistakes(&self) -> Result<MistakeBook, StoreError> {
        self.ensure_dir(self.dir())?;
        let (db, _) = Database::open(&self.db_path())?;
        Ok(MistakeBook { db })
    }
}

/// `(cp, mate)` as kept: one of them, the mate signed for the side that mates.
fn columns(eval: Eval) -> (Option<i32>, Option<i64>) {
    match eval {
        Eval::Cp(cp) => (Some(cp), None),
        Eval::Mate { winner, moves } => {
            let moves = i64::from(moves);
            (
                None,
                Some(if winner == Color::White {
                    moves
                } else {
                    -moves
                }),
            )
        }
    }
}

/// The evaluation kept, or `None` for a row that holds none (changed by hand).
fn eval_of(cp: Option<i32>, mate: Option<i64>) -> Option<Eval> {
    match (cp, mate) {
        (Some(cp), None) => Some(Eval::Cp(cp)),
        (None, Some(m)) if m != 0 => Some(Eval::Mate {
            winner: if m > 0 { Color::White } else { Color::Black },
            moves: u32::try_from(m.unsigned_abs()).ok()?,
        }),
        _ => None,
    }
}

impl MistakeBook {
    /// A book on an open database.
    pub fn new(db: Database) -> MistakeBook {
        MistakeBook { db }
    }

    fn conn(&self) -> &Connection {
        self.db.conn()
    }

    fn err(&self, e: rusqlite::Error) -> StoreError {
        self.db.error(e)
    }

    /// Keeps `mistakes` (those kept already stay as they are), at `added` (seconds since the
    /// epoch), in one transaction; how many were new.
    pub fn keep(&mut self, mistakes: &[Mistake], added: i64) -> Result<usize, StoreError> {
        let path = self.db.path().to_owned();
        let err = |e| super::db::error(&path, e);
        let tx = self.db.conn_mut().transaction().map_err(err)?;
        let mut new = 0;
        {
            let mut insert = tx
                .prepare(
                    "INSERT OR IGNORE INTO mistakes \
                     (player_key, player, fen, played, best, cp, mate, said, game, added, seq) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                )
                .map_err(err)?;
            for (seq, m) in mistakes.iter().enumerate() {
                let (cp, mate) = columns(m.before);
                new += insert
                    .execute(params![
                        player_key(&m.player),
                        m.player.trim(),
                        m.fen,
                        m.played,
                        m.best,
                        cp,
                        mate,
                        m.said,
                        m.game,
                        added,
                        seq as i64
                    ])
                    .map_err(err)?;
            }
        }
        tx.commit().map_err(err)?;
        Ok(new)
    }

    /// The mistakes `player` has not solved, oldest first (in each game, in its order); a row that holds no evaluation
    /// (changed by hand) is an error naming its position.
    pub fn unsolved(&self, player: &str) -> Result<Vec<Mistake>, StoreError> {
        let mut query = self
            .conn()
            .prepare(
                "SELECT player, fen, played, best, cp, mate, said, game FROM mistakes \
                 WHERE player_key = ?1 ORDER BY added, seq",
            )
            .map_err(|e| self.err(e))?;
        let rows = query
            .query_map([player_key(player)], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, Option<i32>>(4)?,
                    r.get::<_, Option<i64>>(5)?,
                    r.get::<_, String>(6)?,
                    r.get::<_, String>(7)?,
                ))
            })
            .map_err(|e| self.err(e))?;
        let mut kept = Vec::new();
        for row in rows {
            let (player, fen, played, best, cp, mate, said, game) = row.map_err(|e| self.err(e))?;
            let Some(before) = eval_of(cp, mate) else {
                return Err(StoreError::io(
                    super::Op::Database,
                    self.db.path(),
                    std::io::Error::other(format!(
                        "the mistake kept for {fen} has no evaluation (the database was \
                         changed by hand?)"
                    )),
                ));
            };
            kept.push(Mistake {
                player,
                fen,
                played,
                best,
                before,
                said,
                game,
            });
        }
        Ok(kept)
    }

    /// `player` solved the mistake `played` from `fen`: it leaves the list. Whether it was
    /// there.
    pub fn solved(&mut self, player: &str, fen: &str, played: &str) -> Result<bool, StoreError> {
        self.conn()
            .execute(
                "DELETE FROM mistakes WHERE player_key = ?1 AND fen = ?2 AND played = ?3",
                params![player_key(player), fen, played],
            )
            .map(|n| n > 0)
            .map_err(|e| self.err(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book(name: &str) -> (MistakeBook, std::path::PathBuf) {
        let dir =
            std::env::temp_dir().join(format!("hotseat-mistakes-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let (db, _) = Database::open(&dir.join("hotseat.db")).unwrap();
        (MistakeBook::new(db), dir)
    }

    fn mistake(player: &str, played: &str, before: Eval) -> Mistake {
        Mistake {
            player: player.to_owned(),
            fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned(),
            played: played.to_owned(),
            best: "e2e4 e7e5".to_owned(),
            before,
            said: format!("1. {played}?"),
            game: "Ann – Bob".to_owned(),
        }
    }

    #[test]
    fn mistakes_are_kept_per_player_once_and_leave_when_solved() {
        let (mut book, dir) = book("kept");
        let mate = Eval::Mate {
            winner: Color::Black,
            moves: 3,
        };
        let kept = [
            mistake("Ann", "f2f3", Eval::Cp(20)),
            mistake("Ann", "g2g4", mate),
            mistake("Bob", "f2f3", Eval::Cp(-15)),
        ];
        assert_eq!(book.keep(&kept, 100).unwrap(), 3);
        // The same again (the report learnt from twice) adds nothing.
        assert_eq!(book.keep(&kept[..1], 200).unwrap(), 0);
        let ann = book.unsolved(" ANN ").unwrap();
        assert_eq!(ann, kept[..2]);
        assert_eq!(book.unsolved("bob").unwrap(), kept[2..]);
        assert!(book.unsolved("Carl").unwrap().is_empty());
        // Solved: it leaves Ann's list, not Bob's.
        assert!(book.solved("ann", &kept[0].fen, "f2f3").unwrap());
        assert!(!book.solved("ann", &kept[0].fen, "f2f3").unwrap());
        assert_eq!(book.unsolved("Ann").unwrap(), kept[1..2]);
        assert_eq!(book.unsolved("Bob").unwrap().len(), 1);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_row_with_no_evaluation_is_refused_naming_it_never_a_panic() {
        let (mut book, dir) = book("damaged");
        book.keep(&[mistake("Ann", "f2f3", Eval::Cp(20))], 1)
            .unwrap();
        book.conn()
            .execute("UPDATE mistakes SET cp = NULL", [])
            .unwrap();
        let err = book.unsolved("Ann").unwrap_err().to_string();
        assert!(err.contains("has no evaluation"), "{err}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
