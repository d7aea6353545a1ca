//! The library's tables in the database (schema in `db.rs`, version 1): the rows written for
//! a game or a broken file, and the questions the list and the explorer ask of them.
//!
//! A game's row keeps the list's fields, the lower-cased text the filter searches
//! (`haystack`), the players' names lower-cased for the explorer's player filter, and the
//! positions' keys it has in `positions` (in `game_keys`, 8 bytes each), so that its rows
//! there can be found by their primary key when the file changes or goes.

use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, Row, Transaction, params, params_from_iter};

use super::explorer::{ExplorerRow, PlayerFilter};
use super::filter::Filter;
use super::staging::PositionRow;
use super::{Broken, Entry, FileStamp, Summary};

/// What the index knows of the files: each one's stamp.
pub(super) type Known = HashMap<String, FileStamp>;

/// Every file the index has read, with the stamp it had then.
pub(super) fn known(conn: &Connection) -> rusqlite::Result<Known> {
    let mut known = HashMap::new();
    let mut stmt = conn.prepare("SELECT name, size, secs, nanos FROM files")?;
    let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, stamp(r, 1)?)))?;
    for row in rows {
        let (file, stamp) = row?;
        known.insert(file, stamp);
    }
    Ok(known)
}

/// The file's stamp in the columns `at`, `at + 1`, `at + 2` (size, seconds, nanoseconds).
fn stamp(r: &Row, at: usize) -> rusqlite::Result<FileStamp> {
    Ok(FileStamp {
        size: r.get::<_, i64>(at)? as u64,
        secs: r.get::<_, i64>(at + 1)? as u64,
        nanos: r.get::<_, i64>(at + 2)? as u32,
    })
}

/// A game's result as the explorer counts it.
fn result_code(result: &str) -> i64 {
    match result {
        "1-0" => 1,
        "1/2-1/2" => 2,
        "0-1" => 3,
        _ => 0,
    }
}

/// The writes of one transaction, with their statements prepared once.
pub(super) struct Writer<'t> {
    tx: &'t Transaction<'t>,
    insert_game: rusqlite::Statement<'t>,
    insert_position: rusqlite::Statement<'t>,
    insert_keys: rusqlite::Statement<'t>,
    insert_text: rusqlite::Statement<'t>,
    find_game: rusqlite::Statement<'t>,
    delete_position: rusqlite::Statement<'t>,
    /// The positions of the games added, written by [`Writer::finish`] in the order of the
    /// table's key (a batch's rows then go into the table's pages in one pass, not in 200,000
    /// jumps across it), or handed to an import's staging file by [`Writer::into_staged`].
    positions: Vec<PositionRow>,
    /// The games added: row id and fingerprint.
    added: Vec<(i64, u64)>,
}

impl<'t> Writer<'t> {
    pub(super) fn new(tx: &'t Transaction<'t>) -> rusqlite::Result<Writer<'t>> {
        Ok(Writer {
            tx,
            insert_game: tx.prepare(
                "INSERT INTO games (file, size, secs, nanos, fingerprint, date, sort_date, \
                 started, white, black, white_key, black_key, result, ending, moves, eco, \
                 opening, time_control, variant, engine, haystack, name, offset, length) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, \
                 ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24)",
            )?,
            insert_position: tx.prepare(
                "INSERT OR IGNORE INTO positions (key, game, san, result) VALUES (?1, ?2, ?3, ?4)",
            )?,
            insert_keys: tx.prepare("INSERT INTO game_keys (game, keys) VALUES (?1, ?2)")?,
            insert_text: tx.prepare("INSERT INTO games_text (rowid, haystack) VALUES (?1, ?2)")?,
            find_game: tx.prepare("SELECT id FROM games WHERE file = ?1")?,
            delete_position: tx.prepare("DELETE FROM positions WHERE key = ?1 AND game = ?2")?,
            positions: Vec::new(),
            added: Vec::new(),
        })
    }

    /// Writes the positions of the games added: to be called before the transaction's commit.
    pub(super) fn finish(mut self) -> rusqlite::Result<()> {
        let mut positions = std::mem::take(&mut self.positions);
        positions.sort_unstable();
        for (key, game, san, result) in &positions {
            self.insert_position
                .execute(params![key, game, san, result])?;
        }
        Ok(())
    }

    /// The games added (row id and fingerprint) and their positions, unwritten: an import
    /// stages them in a file of its own and merges them at its end (see `staging.rs`).
    pub(super) fn into_staged(self) -> (Vec<(i64, u64)>, Vec<PositionRow>) {
        (self.added, self.positions)
    }

    /// Forgets the file `name` of `games/`: its games and their positions, what was broken
    /// in it, and its stamp.
    pub(super) fn remove(&mut self, name: &str) -> rusqlite::Result<()> {
        let ids: Vec<i64> = {
            let mut stmt = self.tx.prepare("SELECT id FROM games WHERE name = ?1")?;
            stmt.query_map([name], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?
        };
        for id in ids {
            self.remove_game(id)?;
        }
        self.tx
            .execute("DELETE FROM broken WHERE name = ?1", [name])?;
        self.tx
            .execute("DELETE FROM files WHERE name = ?1", [name])?;
        Ok(())
    }

    /// Forgets the game with the row `id` and its positions.
    pub(super) fn remove_game(&mut self, id: i64) -> rusqlite::Result<()> {
        let keys: Option<Vec<u8>> = self
            .tx
            .query_row("SELECT keys FROM game_keys WHERE game = ?1", [id], |r| {
                r.get(0)
            })
            .optional()?;
        for key in keys.unwrap_or_default().chunks_exact(8) {
            let key = i64::from_le_bytes(key.try_into().unwrap_or_default());
            self.delete_position.execute(params![key, id])?;
        }
        self.tx
            .execute("DELETE FROM game_keys WHERE game = ?1", [id])?;
        // The filter's index is told the text it had, while the row still holds it.
        self.tx.execute(
            "INSERT INTO games_text (games_text, rowid, haystack) \
             SELECT 'delete', id, haystack FROM games WHERE id = ?1",
            [id],
        )?;
        self.tx.execute("DELETE FROM games WHERE id = ?1", [id])?;
        Ok(())
    }

    /// Records the stamp of the file `name` as read (or written) now.
    pub(super) fn set_file(&mut self, name: &str, stamp: FileStamp) -> rusqlite::Result<()> {
        self.tx.execute(
            "INSERT OR REPLACE INTO files (name, size, secs, nanos) VALUES (?1, ?2, ?3, ?4)",
            params![name, stamp.size as i64, stamp.secs as i64, stamp.nanos],
        )?;
        Ok(())
    }

    /// Adds the game of `entry` (whose summary carries its positions), in the place of a
    /// game of the same name (another window may have read the same file meanwhile).
    pub(super) fn add_game(&mut self, entry: &mut Entry) -> rusqlite::Result<()> {
        let old: Option<i64> = self
            .find_game
            .query_row([&entry.file], |r| r.get(0))
            .optional()?;
        if let Some(id) = old {
            self.remove_game(id)?;
        }
        let s = &entry.summary;
        let mut keys = Vec::with_capacity(s.positions.len() * 8);
        let mut seen = std::collections::HashSet::with_capacity(s.positions.len());
        for (key, _) in &s.positions {
            if seen.insert(*key) {
                keys.extend_from_slice(&key.to_le_bytes());
            }
        }
        self.insert_game.execute(params![
            entry.file,
            entry.stamp.size as i64,
            entry.stamp.secs as i64,
            entry.stamp.nanos,
            s.fingerprint as i64,
            s.date,
            entry.sort_date(),
            s.started,
            s.white,
            s.black,
            s.white.to_lowercase(),
            s.black.to_lowercase(),
            s.result,
            s.ending,
            s.moves,
            s.eco,
            s.opening,
            s.time_control,
            s.variant,
            s.engine_report,
            entry.haystack,
            entry.file_name(),
            entry.offset as i64,
            entry.length as i64,
        ])?;
        let id = self.tx.last_insert_rowid();
        self.added.push((id, s.fingerprint));
        self.insert_keys.execute(params![id, keys])?;
        self.insert_text.execute(params![id, entry.haystack])?;
        let result = result_code(&s.result);
        // Moved, not copied: a million games have ninety million of them.
        let positions = std::mem::take(&mut entry.summary.positions);
        self.positions.extend(
            positions
                .into_iter()
                .map(|(key, san)| (key as i64, id, san, result)),
        );
        Ok(())
    }

    /// Records that the text named `broken.file`, in the file `name`, is no game.
    pub(super) fn add_broken(&mut self, name: &str, broken: &Broken) -> rusqlite::Result<()> {
        self.tx.execute(
            "INSERT OR REPLACE INTO broken (file, name, size, secs, nanos, reason) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                broken.file,
                name,
                broken.stamp.size as i64,
                broken.stamp.secs as i64,
                broken.stamp.nanos,
                broken.reason
            ],
        )?;
        Ok(())
    }
}

/// The indexes of `games` only the list reads, as schemas 4 and 9 made them (`db.rs`; a test
/// holds the two the same): its twelve orders, and each game's searched text for the filter's
/// short words (`games_haystack`). A large import drops them and makes them again at its end
/// ([`drop_list_indexes`], [`make_list_indexes`]), one sort of each rather than a million
/// inserts at random places of thirteen indexes. The indexes the import itself asks (the
/// fingerprint's, for duplicates; the file's and the name's, for files read again) stay.
pub(super) const LIST_INDEXES: [(&str, &str); 13] = [
    (
        "games_newest",
        "games (sort_date, started, secs, nanos, offset, file)",
    ),
    ("games_white", "games (white_key)"),
    ("games_black", "games (black_key)"),
    ("games_by_white", "games (white COLLATE NOCASE)"),
    ("games_by_black", "games (black COLLATE NOCASE)"),
    ("games_by_result", "games (result)"),
    ("games_by_ending", "games (ending)"),
    ("games_by_moves", "games (moves)"),
    ("games_by_opening", "games (eco, opening COLLATE NOCASE)"),
    ("games_by_time", "games (time_control)"),
    ("games_by_variant", "games (variant)"),
    ("games_by_engine", "games (engine)"),
    ("games_haystack", "games (haystack)"),
];

/// Drops the [`LIST_INDEXES`], in one transaction. The list is still right without them
/// (each page sorted, slower), and the next opening of the library by a process that finds
/// no import running makes them again: a crash meanwhile loses nothing.
pub(super) fn drop_list_indexes(conn: &mut Connection) -> rusqlite::Result<()> {
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    for (name, _) in LIST_INDEXES {
        tx.execute_batch(&format!("DROP INDEX IF EXISTS {name}"))?;
    }
    tx.commit()
}

/// Whether any of the [`LIST_INDEXES`] is missing (a large import running, or one that
/// stopped before its end).
pub(super) fn list_indexes_missing(conn: &Connection) -> rusqlite::Result<bool> {
    let names = LIST_INDEXES.map(|(name, _)| name);
    let there: i64 = conn.query_row(
        &format!(
            "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN ({})",
            vec!["?"; names.len()].join(", ")
        ),
        params_from_iter(names),
        |r| r.get(0),
    )?;
    Ok(there < names.len() as i64)
}

/// Makes the [`LIST_INDEXES`] that are missing, in one transaction (each one sort of the
/// table: seconds at a million games).
pub(super) fn make_list_indexes(conn: &mut Connection) -> rusqlite::Result<()> {
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    for (name, on) in LIST_INDEXES {
        tx.execute_batch(&format!("CREATE INDEX IF NOT EXISTS {name} ON {on}"))?;
    }
    tx.commit()
}

/// Empties the library's tables (for a rebuild).
pub(super) fn clear(tx: &Transaction) -> rusqlite::Result<()> {
    tx.execute_batch(
        "DELETE FROM positions; DELETE FROM game_keys; DELETE FROM games; DELETE FROM broken; \
         DELETE FROM files; INSERT INTO games_text (games_text) VALUES ('delete-all');",
    )
}

/// The columns an [`Entry`] is read from, in [`entry`]'s order.
pub(super) const ENTRY_COLUMNS: &str = "file, size, secs, nanos, fingerprint, date, started, white, black, \
     result, ending, moves, eco, opening, time_control, variant, engine, haystack, offset, length";

/// The list's order: newest first (undated games last), then start time, file time, place,
/// name.
const NEWEST_FIRST: &str =
    "ORDER BY sort_date DESC, started DESC, secs DESC, nanos DESC, offset DESC, file DESC";

/// The same for a filtered list: the `+` keeps SQLite from walking the order's index and
/// reading each game's row out of order to test it (0.3 s for 100,000 games that do not
/// match); it scans the table and sorts the few that do (0.05 s).
const NEWEST_FIRST_FILTERED: &str =
    "ORDER BY +sort_date DESC, started DESC, secs DESC, nanos DESC, offset DESC, file DESC";

pub(super) fn entry(r: &Row) -> rusqlite::Result<Entry> {
    let summary = Summary {
        fingerprint: r.get::<_, i64>(4)? as u64,
        date: r.get(5)?,
        started: r.get(6)?,
        white: r.get(7)?,
        black: r.get(8)?,
        result: r.get(9)?,
        ending: r.get(10)?,
        moves: r.get(11)?,
        eco: r.get(12)?,
        opening: r.get(13)?,
        time_control: r.get(14)?,
        variant: r.get(15)?,
        engine_report: r.get(16)?,
        positions: Vec::new(),
    };
    // The searched text as it was stored with the game, not made again.
    Ok(Entry {
        file: r.get(0)?,
        stamp: stamp(r, 1)?,
        summary,
        offset: r.get::<_, i64>(18)? as u64,
        length: r.get::<_, i64>(19)? as u64,
        haystack: r.get(17)?,
    })
}

/// Hands `each` the games whose searched text holds every one of `words` (lower-cased),
/// newest first, one at a time as they are read: a list of a million games is never held
/// whole (SQLite's sorter, for a filtered list, spills to a temporary file past its cache).
/// `each`'s error stops the reading and is returned as it is; the database's, as `E`.
pub(super) fn each_game<E>(
    conn: &Connection,
    words: &[String],
    error: impl Fn(rusqlite::Error) -> E,
    mut each: impl FnMut(Entry) -> Result<(), E>,
) -> Result<(), E> {
    let filter = Filter::new(words);
    let order = if filter.is_some() {
        NEWEST_FIRST_FILTERED
    } else {
        NEWEST_FIRST
    };
    let sql = format!(
        "SELECT {ENTRY_COLUMNS} FROM games{} {order}",
        filter.condition(false)
    );
    let mut stmt = conn.prepare(&sql).map_err(&error)?;
    let mut rows = stmt
        .query(params_from_iter(filter.params()))
        .map_err(&error)?;
    while let Some(row) = rows.next().map_err(&error)? {
        each(entry(row).map_err(&error)?)?;
    }
    Ok(())
}

/// How many games the index has.
pub(super) fn count(conn: &Connection) -> rusqlite::Result<usize> {
    conn.query_row("SELECT count(*) FROM games", [], |r| r.get::<_, i64>(0))
        .map(|n| n as usize)
}

/// The broken files, by name.
pub(super) fn broken(conn: &Connection) -> rusqlite::Result<Vec<Broken>> {
    let mut stmt =
        conn.prepare("SELECT file, size, secs, nanos, reason FROM broken ORDER BY file")?;
    let rows = stmt.query_map([], |r| {
        Ok(Broken {
            file: r.get(0)?,
            stamp: stamp(r, 1)?,
            reason: r.get(4)?,
        })
    })?;
    rows.collect()
}

/// Whether a game with this fingerprint is in the index.
pub(super) fn has_fingerprint(conn: &Connection, fingerprint: u64) -> rusqlite::Result<bool> {
    let mut stmt = conn.prepare("SELECT 1 FROM games WHERE fingerprint = ?1 LIMIT 1")?;
    stmt.exists([fingerprint as i64])
}

/// The condition on a game `g` that the player filter puts, with its one parameter (?2).
fn player_condition(filter: &PlayerFilter) -> &'static str {
    match filter.side() {
        _ if filter.is_everyone() => "",
        Some(chess::rules::Color::White) => " AND g.white_key = ?2",
        Some(chess::rules::Color::Black) => " AND g.black_key = ?2",
        None => " AND (g.white_key = ?2 OR g.black_key = ?2)",
    }
}

/// The moves played from the position `key` in the games `filter` admits, most played first
/// (then by move).
pub(super) fn explore(
    conn: &Connection,
    key: u64,
    filter: &PlayerFilter,
) -> rusqlite::Result<Vec<ExplorerRow>> {
    let condition = player_condition(filter);
    // Counted here rather than by `GROUP BY san`, which sorts every row of the position
    // (100,000 at the start of 100,000 games) to group a few dozen moves.
    let sql = if condition.is_empty() {
        "SELECT san, result FROM positions WHERE key = ?1".to_owned()
    } else {
        format!(
            "SELECT p.san, p.result FROM positions p JOIN games g ON g.id = p.game \
             WHERE p.key = ?1{condition}"
        )
    };
    let mut stmt = conn.prepare(&sql)?;
    let mut found = if condition.is_empty() {
        stmt.query([key as i64])?
    } else {
        stmt.query(params![key as i64, filter.name()])?
    };
    let mut rows: Vec<ExplorerRow> = Vec::new();
    while let Some(r) = found.next()? {
        let san = r.get_ref(0)?.as_str()?;
        let at = match rows.iter().position(|row| row.san == san) {
            Some(at) => at,
            None => {
                rows.push(ExplorerRow {
                    san: san.to_owned(),
                    games: 0,
                    white_wins: 0,
                    draws: 0,
                    black_wins: 0,
                });
                rows.len() - 1
            }
        };
        let row = &mut rows[at];
        row.games += 1;
        match r.get::<_, i64>(1)? {
            1 => row.white_wins += 1,
            2 => row.draws += 1,
            3 => row.black_wins += 1,
            _ => {}
        }
    }
    rows.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.san.cmp(&b.san)));
    Ok(rows)
}

/// The games that reached the position `key` and that `filter` admits, newest first.
pub(super) fn reached(
    conn: &Connection,
    key: u64,
    filter: &PlayerFilter,
) -> rusqlite::Result<Vec<Entry>> {
    let condition = player_condition(filter);
    let sql = format!(
        "SELECT {ENTRY_COLUMNS} FROM games g WHERE g.id IN \
         (SELECT game FROM positions WHERE key = ?1){condition} {NEWEST_FIRST}"
    );
    let mut stmt = conn.prepare(&sql)?;
    if condition.is_empty() {
        stmt.query_map([key as i64], entry)?.collect()
    } else {
        stmt.query_map(params![key as i64, filter.name()], entry)?
            .collect()
    }
}

/// The modification time of `games/` stored when the index was last brought up to date.
pub(super) fn folder_stamp(conn: &Connection) -> rusqlite::Result<Option<(u64, u32)>> {
    conn.query_row(
        "SELECT secs, nanos FROM library_folder WHERE id = 1",
        [],
        |r| Ok((r.get::<_, i64>(0)? as u64, r.get::<_, i64>(1)? as u32)),
    )
    .optional()
}

/// Stores the folder's modification time (`None` forgets it: the next opening lists the files).
pub(super) fn set_folder_stamp(
    conn: &Connection,
    stamp: Option<(u64, u32)>,
) -> rusqlite::Result<()> {
    match stamp {
        Some((secs, nanos)) => conn.execute(
            "INSERT OR REPLACE INTO library_folder (id, secs, nanos) VALUES (1, ?1, ?2)",
            params![secs as i64, nanos],
        ),
        None => conn.execute("DELETE FROM library_folder", []),
    }
    .map(drop)
}

/// Where a game's text is, as the index has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Place {
    pub id: i64,
    /// The file in `games/`.
    pub name: String,
    pub offset: u64,
    pub length: u64,
    pub fingerprint: u64,
}

/// Where the game named `file` (as the list names it) is.
pub(super) fn place(conn: &Connection, file: &str) -> rusqlite::Result<Option<Place>> {
    conn.query_row(
        "SELECT id, name, offset, length, fingerprint FROM games WHERE file = ?1",
        [file],
        |r| {
            Ok(Place {
                id: r.get(0)?,
                name: r.get(1)?,
                offset: r.get::<_, i64>(2)? as u64,
                length: r.get::<_, i64>(3)? as u64,
                fingerprint: r.get::<_, i64>(4)? as u64,
            })
        },
    )
    .optional()
}
