//! Puzzles in the database: Lichess's puzzles, the players' puzzle ratings, their history and
//! their personal bests in Storm and Streak.
//!
//! The program ships 6,005 of Lichess's puzzles (`assets/puzzles/`, zstd-compressed, CC0):
//! the first time the puzzles are opened they go into the database. `hotseat puzzles import`
//! adds Lichess's whole file (5.4 M puzzles) the same way, streamed (see import.rs).
//!
//! * **The next puzzle** ([`PuzzleBook::next`]) is the one nearest a rating (the player's,
//!   or within a range), of a theme if one is chosen, that the player has not played in the
//!   last [`RECENT_DAYS`]: one walk up and one walk down from the rating, rating by rating of
//!   those the theme has puzzles at, passing over a rating whose puzzles of the theme the
//!   player has all played (see `Walk`), each stopping at the first puzzle not played
//!   recently. Where all have been, the one played longest ago is given.
//! * **Ratings** are Glicko-2 (rating.rs), by player name (case does not matter, as in the
//!   library), starting at 1500. An attempt's result and the new rating are written in one
//!   transaction: a crash keeps both or neither, and the rating is never lost.
//! * **Rows read back** are checked again as a row of the CSV is: a database changed by hand
//!   gives an error naming the puzzle, never a panic.

mod counts;
mod import;
pub mod rating;

use rusqlite::{Connection, OptionalExtension, params};

use chess::puzzle::{Puzzle, parse_row};

use super::Store;
use super::db::Database;
use super::error::{Op, StoreError};
pub use import::{
    MAX_REFUSED_LISTED as MAX_PUZZLES_REFUSED_LISTED, PuzzleImport, PuzzleImportProgress,
    import_rows,
};
pub use rating::Rating;

/// The puzzles shipped with the program: Lichess's CSV, zstd-compressed.
pub const BUNDLED: &[u8] = include_bytes!("../../assets/puzzles/lichess-puzzles.csv.zst");

/// The time an attempt is kept with, in whole seconds since 1970 (0 on a clock set before
/// it): what [`RECENT_DAYS`] and a player's history count from.
pub fn wall_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// A puzzle played within this many days is not given again while others are left.
pub const RECENT_DAYS: i64 = 90;

/// How a puzzle was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PuzzleMode {
    /// One at a time, rated.
    Rated,
    /// One at a time, not rated (a retry, a puzzle opened by id after it was played).
    Casual,
    /// Puzzle Storm.
    Storm,
    /// Puzzle Streak.
    Streak,
}

impl PuzzleMode {
    /// The word kept in the database.
    pub fn word(self) -> &'static str {
        match self {
            PuzzleMode::Rated => "rated",
            PuzzleMode::Casual => "casual",
            PuzzleMode::Storm => "storm",
            PuzzleMode::Streak => "streak",
        }
    }

    fn from_word(word: &str) -> PuzzleMode {
        match word {
            "rated" => PuzzleMode::Rated,
            "storm" => PuzzleMode::Storm,
            "streak" => PuzzleMode::Streak,
            _ => PuzzleMode::Casual,
        }
    }
}

/// What to choose from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Choice {
    /// Lichess's theme name (`fork`, `mateIn2`).
    pub theme: Option<String>,
    /// Ratings from, to (inclusive).
    pub range: Option<(u16, u16)>,
}

/// One attempt, as the history lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub puzzle: String,
    /// Seconds since 1970.
    pub at: i64,
    pub mode: PuzzleMode,
    pub won: bool,
    /// The rating before and after, for a rated attempt.
    pub before: Option<f64>,
    pub after: Option<f64>,
}

/// The change an attempt made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    pub before: Rating,
    pub after: Rating,
}

impl RatingChange {
    /// The change in whole points, as shown (`+12`, `-8`).
    pub fn points(&self) -> i32 {
        self.after.shown() - self.before.shown()
    }
}

/// The puzzles and the players' records, in the database.
#[derive(Debug)]
pub struct PuzzleBook {
    db: Database,
}

/// The key a player's name is kept under: case and surrounding spaces do not matter.
pub fn player_key(name: &str) -> String {
    name.trim().to_lowercase()
}

impl Store {
    /// The puzzles: the database opened (made if missing), with the shipped puzzles in it.
    pub fn puzzles(&self) -> Result<PuzzleBook, StoreError> {
        self.ensure_dir(self.dir())?;
        let (db, _) = Database::open(&self.db_path())?;
        let mut book = PuzzleBook { db };
        book.ensure_bundled()?;
        Ok(book)
    }
}

impl PuzzleBook {
    /// A book on an open database, with the shipped puzzles in it.
    pub fn new(db: Database) -> Result<PuzzleBook, StoreError> {
        let mut book = PuzzleBook { db };
        book.ensure_bundled()?;
        Ok(book)
    }

    fn conn(&self) -> &Connection {
        self.db.conn()
    }

    fn err(&self, e: rusqlite::Error) -> StoreError {
        self.db.error(e)
    }

    fn damaged(&self, why: String) -> StoreError {
        StoreError::io(Op::Database, self.db.path(), std::io::Error::other(why))
    }

    /// The database, for the import.
    pub fn database_mut(&mut self) -> &mut Database {
        &mut self.db
    }

    /// Puts the shipped puzzles in, if the table is empty; makes the index by rating again
    /// if an import was stopped while they were away.
    fn ensure_bundled(&mut self) -> Result<(), StoreError> {
        self.conn()
            .execute_batch(import::RATING_INDEXES)
            .and_then(|()| counts::ensure(self.conn()))
            .map_err(|e| self.err(e))?;
        let any: bool = self
            .conn()
            .query_row("SELECT EXISTS (SELECT 1 FROM puzzles)", [], |r| r.get(0))
            .map_err(|e| self.err(e))?;
        if any {
            return Ok(());
        }
        let decoder = ruzstd::decoding::StreamingDecoder::new(BUNDLED)
            .map_err(|e| self.damaged(format!("the shipped puzzles are damaged: {e}")))?;
        let report = import_rows(&mut self.db, std::io::BufReader::new(decoder), |_| {})?;
        debug_assert_eq!(report.refused_count, 0, "{:?}", report.refused);
        Ok(())
    }

    /// How many puzzles there are.
    pub fn count(&self) -> Result<u64, StoreError> {
        self.conn()
            .query_row("SELECT count(*) FROM puzzles", [], |r| r.get::<_, i64>(0))
            .map(|n| n as u64)
            .map_err(|e| self.err(e))
    }

    /// The themes there are, by name.
    pub fn themes(&self) -> Result<Vec<String>, StoreError> {
        let mut stmt = self
            .conn()
            .prepare("SELECT name FROM puzzle_theme_names ORDER BY name")
            .map_err(|e| self.err(e))?;
        let rows = stmt
            .query_map([], |r| r.get(0))
            .and_then(|rows| rows.collect::<Result<Vec<String>, _>>());
        rows.map_err(|e| self.err(e))
    }

    fn theme_number(&self, name: &str) -> Result<Option<i64>, StoreError> {
        self.conn()
            .query_row(
                "SELECT n FROM puzzle_theme_names WHERE name = ?1",
                [name],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.err(e))
    }

    /// The puzzle with Lichess's id `id`.
    pub fn puzzle(&self, id: &str) -> Result<Option<Puzzle>, StoreError> {
        let row = self
            .conn()
            .query_row(
                "SELECT id, fen, moves, rating, deviation, popularity, plays, themes, game_url,
                        opening_tags
                 FROM puzzles WHERE id = ?1",
                [id],
                |r| {
                    let mut fields: Vec<String> = Vec::with_capacity(10);
                    for i in 0..10 {
                        let v: rusqlite::types::Value = r.get(i)?;
                        fields.push(match v {
                            rusqlite::types::Value::Integer(n) => n.to_string(),
                            rusqlite::types::Value::Text(t) => t,
                            _ => String::new(),
                        });
                    }
                    Ok(fields.join(","))
                },
            )
            .optional()
            .map_err(|e| self.err(e))?;
        row.map(|line| {
            parse_row(&line).map_err(|e| {
                self.damaged(format!(
                    "puzzle {} in it is damaged: {e}",
                    chess::quote::excerpt(id)
                ))
            })
        })
        .transpose()
    }

    /// The player's rating (the starting one if they have none yet).
    pub fn rating(&self, player: &str) -> Result<Rating, StoreError> {
        self.conn()
            .query_row(
                "SELECT rating, deviation, volatility, played FROM puzzle_players WHERE key = ?1",
                [player_key(player)],
                |r| {
                    Ok(Rating {
                        rating: r.get(0)?,
                        deviation: r.get(1)?,
                        volatility: r.get(2)?,
                        played: r.get(3)?,
                    })
                },
            )
            .optional()
            .map(Option::unwrap_or_default)
            .map_err(|e| self.err(e))
    }

    /// The puzzle to give `player` next: nearest `target` (kept within the choice's range), of
    /// the chosen theme, not played in the last [`RECENT_DAYS`] before `now` (seconds since
    /// 1970); `seed` varies which of the puzzles of one rating comes. `Ok(None)` when no
    /// puzzle fits the range and theme at all.
    pub fn next(
        &self,
        player: &str,
        choice: &Choice,
        target: u16,
        seed: u64,
        now: i64,
    ) -> Result<Option<Puzzle>, StoreError> {
        let (lo, hi) = choice.range.unwrap_or((0, u16::MAX));
        let seed = seed ^ name_seed(&player_key(player));
        let target = spread(target, seed).clamp(lo, hi);
        // The theme's bit (none: any puzzle).
        let theme = match &choice.theme {
            Some(name) => match self.theme_number(name)? {
                Some(n) => Some(n),
                None => return Ok(None),
            },
            None => None,
        };
        let (low, high) = theme.map_or((0, 0), import::theme_bits);
        // Where among the puzzles of one rating to start: ids are letters and digits.
        const ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        let start: String = [seed % 62, seed / 62 % 62]
            .iter()
            .map(|&i| ALPHABET[i as usize] as char)
            .collect();
        let walk = Walk {
            conn: self.conn(),
            theme: theme.unwrap_or(0),
            bits: (low, high),
            player: player_key(player),
            since: now - RECENT_DAYS * 86_400,
            target,
            start,
        };
        // Up first; then down, only as far as what up found (nearer wins; up on a tie).
        let above = walk.find(true, hi).map_err(|e| self.err(e))?;
        let floor = match &above {
            Some((_, r)) if *r == target => None,
            Some((_, r)) => {
                let nearer = (u32::from(target) + 1).saturating_sub(u32::from(r - target));
                Some(lo.max(nearer as u16))
            }
            None => Some(lo),
        };
        let below = match floor {
            Some(floor) if floor <= target => walk.find(false, floor).map_err(|e| self.err(e))?,
            _ => None,
        };
        let best = below.or(above);
        let key = &walk.player;
        let id = match best {
            Some((id, _)) => id,
            None => {
                // All played recently: the one played longest ago.
                let sql = format!(
                    "SELECT t.id FROM puzzles AS t
                     WHERE {THEME_TEST} rating BETWEEN ?1 AND ?2
                     ORDER BY (SELECT max(at) FROM puzzle_history h
                               WHERE h.player = ?3 AND h.puzzle = t.id), abs(rating - ?4)
                     LIMIT 1"
                );
                let found: Option<String> = self
                    .conn()
                    .query_row(
                        &sql,
                        params![lo, hi, key, target, walk.since, low, high],
                        |r| r.get(0),
                    )
                    .optional()
                    .map_err(|e| self.err(e))?;
                match found {
                    Some(id) => id,
                    None => return Ok(None),
                }
            }
        };
        self.puzzle(&id)
    }

    /// Records an attempt, and for a rated one the player's new rating, in one transaction.
    pub fn record(
        &mut self,
        player: &str,
        puzzle: &Puzzle,
        mode: PuzzleMode,
        won: bool,
        now: i64,
    ) -> Result<RatingChange, StoreError> {
        let before = self.rating(player)?;
        let after = if mode == PuzzleMode::Rated {
            rating::rate(before, puzzle.rating, puzzle.deviation, won)
        } else {
            before
        };
        let key = player_key(player);
        let write = |conn: &mut Connection| -> rusqlite::Result<()> {
            let tx = conn.transaction()?;
            if mode == PuzzleMode::Rated {
                tx.execute(
                    "INSERT INTO puzzle_players (key, name, rating, deviation, volatility, played)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                     ON CONFLICT (key) DO UPDATE SET name = ?2, rating = ?3, deviation = ?4,
                         volatility = ?5, played = ?6",
                    params![
                        key,
                        player.trim(),
                        after.rating,
                        after.deviation,
                        after.volatility,
                        after.played
                    ],
                )?;
            }
            let rated = mode == PuzzleMode::Rated;
            // With the puzzle's rating and themes, for the next puzzle's count of those played
            // at a rating (see `Walk`).
            tx.execute(
                "INSERT INTO puzzle_history (player, puzzle, at, mode, won, rating_before,
                     rating_after, rating, theme_bits, theme_bits_high)
                 SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, p.rating, p.theme_bits, p.theme_bits_high
                 FROM (SELECT 1) LEFT JOIN puzzles AS p ON p.id = ?2",
                params![
                    key,
                    puzzle.id,
                    now,
                    mode.word(),
                    won,
                    rated.then_some(before.rating),
                    rated.then_some(after.rating)
                ],
            )?;
            tx.commit()
        };
        write(self.db.conn_mut()).map_err(|e| self.err(e))?;
        Ok(RatingChange { before, after })
    }

    /// Whether the player has played this puzzle before (in any mode).
    pub fn played_before(&self, player: &str, id: &str) -> Result<bool, StoreError> {
        self.conn()
            .query_row(
                "SELECT EXISTS (SELECT 1 FROM puzzle_history WHERE player = ?1 AND puzzle = ?2)",
                params![player_key(player), id],
                |r| r.get(0),
            )
            .map_err(|e| self.err(e))
    }

    /// The player's attempts, newest first, at most `limit`.
    pub fn history(&self, player: &str, limit: usize) -> Result<Vec<Played>, StoreError> {
        let mut stmt = self
            .conn()
            .prepare(
                "SELECT puzzle, at, mode, won, rating_before, rating_after FROM puzzle_history
                 WHERE player = ?1 ORDER BY n DESC LIMIT ?2",
            )
            .map_err(|e| self.err(e))?;
        let rows = stmt
            .query_map(params![player_key(player), limit as i64], |r| {
                Ok(Played {
                    puzzle: r.get(0)?,
                    at: r.get(1)?,
                    mode: PuzzleMode::from_word(&r.get::<_, String>(2)?),
                    won: r.get(3)?,
                    before: r.get(4)?,
                    after: r.get(5)?,
                })
            })
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>());
        rows.map_err(|e| self.err(e))
    }

    /// The player's best score in Storm or Streak.
    pub fn best(&self, player: &str, mode: PuzzleMode) -> Result<Option<u32>, StoreError> {
        self.conn()
            .query_row(
                "SELECT score FROM puzzle_bests WHERE player = ?1 AND mode = ?2",
                params![player_key(player), mode.word()],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.err(e))
    }

    /// Records a run's score; returns the best before it (`None` for a first run). The best
    /// is only ever raised.
    pub fn record_run(
        &mut self,
        player: &str,
        mode: PuzzleMode,
        score: u32,
        now: i64,
    ) -> Result<Option<u32>, StoreError> {
        let old = self.best(player, mode)?;
        if old.is_none_or(|old| score > old) {
            self.conn()
                .execute(
                    "INSERT INTO puzzle_bests (player, mode, score, at) VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (player, mode) DO UPDATE SET score = ?3, at = ?4",
                    params![player_key(player), mode.word(), score, now],
                )
                .map_err(|e| self.err(e))?;
        }
        Ok(old)
    }
}

/// The test of a puzzle's theme on its own columns (or the history's), with the theme's bits
/// as `?6`, `?7` (none: any puzzle).
const THEME_TEST: &str = "((?6 | ?7) = 0 OR theme_bits & ?6 OR theme_bits_high & ?7) AND";

/// One search for the next puzzle: from the target rating one way, rating by rating of those
/// the theme has puzzles at (`puzzle_rating_counts`). A rating whose puzzles of the theme the
/// player has all played recently, by the history's count, is passed over by two seeks; at
/// another, the puzzles of that one rating are walked to the first not played recently. (So
/// the walk never crosses every puzzle between the player's rating and the next puzzle of a
/// rare theme they have not played.) The history counts a puzzle at the rating it had when
/// played: should a newer file have moved it since, a rating with one puzzle left may be
/// passed over, and the next nearest comes; never one played recently.
struct Walk<'c> {
    conn: &'c Connection,
    /// The theme's number, 0 for any puzzle.
    theme: i64,
    bits: (i64, i64),
    player: String,
    /// Played after this (seconds since 1970): recently.
    since: i64,
    target: u16,
    /// Where among the puzzles of the target rating to start.
    start: String,
}

impl Walk<'_> {
    /// The first puzzle not played recently, with its rating, from the target up to `bound`
    /// (`up`) or down to it.
    fn find(&self, up: bool, bound: u16) -> rusqlite::Result<Option<(String, u16)>> {
        let (lo, hi) = if up {
            (self.target, bound)
        } else {
            (bound, self.target)
        };
        let mut ratings = self.conn.prepare(if up {
            "SELECT rating, puzzles FROM puzzle_rating_counts
             WHERE theme = ?1 AND rating BETWEEN ?2 AND ?3 ORDER BY rating"
        } else {
            "SELECT rating, puzzles FROM puzzle_rating_counts
             WHERE theme = ?1 AND rating BETWEEN ?2 AND ?3 ORDER BY rating DESC"
        })?;
        let mut played = self.conn.prepare(&format!(
            "SELECT count(DISTINCT puzzle) FROM puzzle_history
             WHERE {THEME_TEST} player = ?1 AND rating = ?2 AND at > ?3"
        ))?;
        let fresh = "NOT EXISTS (SELECT 1 FROM puzzle_history h
             WHERE h.player = ?3 AND h.puzzle = t.id AND h.at > ?4)";
        let mut walk = self.conn.prepare(&if up {
            format!(
                "SELECT id FROM puzzles AS t
                 WHERE {THEME_TEST} rating = ?1 AND id >= ?2 AND {fresh}
                 ORDER BY id LIMIT 1"
            )
        } else {
            format!(
                "SELECT id FROM puzzles AS t
                 WHERE {THEME_TEST} rating = ?1 AND id < ?2 AND {fresh}
                 ORDER BY id DESC LIMIT 1"
            )
        })?;
        let (low, high) = self.bits;
        let mut rows = ratings.query(params![self.theme, lo, hi])?;
        while let Some(row) = rows.next()? {
            let (rating, puzzles): (u16, i64) = (row.get(0)?, row.get(1)?);
            let seen: i64 = played.query_row(
                params![
                    self.player,
                    rating,
                    self.since,
                    None::<i64>,
                    None::<i64>,
                    low,
                    high
                ],
                |r| r.get(0),
            )?;
            if seen >= puzzles {
                continue;
            }
            // "~" sorts after every id.
            let from = match (rating == self.target, up) {
                (true, _) => self.start.as_str(),
                (false, true) => "",
                (false, false) => "~",
            };
            let found: Option<String> = walk
                .query_row(
                    params![
                        rating,
                        from,
                        self.player,
                        self.since,
                        None::<i64>,
                        low,
                        high
                    ],
                    |r| r.get(0),
                )
                .optional()?;
            if let Some(id) = found {
                return Ok(Some((id, rating)));
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests;

/// How far from the asked rating the seed moves the target, either way. Lichess's ratings
/// are sparse at any one point (6,005 puzzles over 2,400 points), so without it the seed
/// would choose only among the puzzles of one exact rating, and every new player at 1500
/// would get the same first puzzle.
pub const SPREAD: u16 = 40;

/// `target` moved by the seed within [`SPREAD`] either way.
fn spread(target: u16, seed: u64) -> u16 {
    let shift = (seed >> 17) % (2 * u64::from(SPREAD) + 1);
    (target.saturating_add(shift as u16)).saturating_sub(SPREAD)
}

/// A number from a player's name (FNV-1a), mixed into the seed: two players starting at the
/// same moment still get puzzles of their own.
fn name_seed(key: &str) -> u64 {
    key.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
