//! The database: one SQLite file, `hotseat.db`, in the data folder, for what hotseat keeps
//! beyond its PGN files — today the library's index (see `library/table.rs`).
//!
//! SQLite because it is one file any `sqlite3` can open, safe under crashes and under two
//! windows at once, and what other chess programs keep game databases in (en-croissant).
//! rusqlite builds SQLite's own C source into the program (`bundled`), so no system library is
//! needed on any platform.
//!
//! * **Two windows, a crash mid-write:** the database runs in WAL mode; every change of several
//!   rows is one transaction, so a killed process leaves the last committed state. A second
//!   process waits up to [`BUSY_WAIT`] for the other's write rather than failing.
//! * **Schema version and migrations:** the version is SQLite's `user_version`. [`MIGRATIONS`]
//!   holds one SQL script per version, applied in order, each in its own transaction with the
//!   version bump, so a database is always at one whole version. A database of a newer hotseat
//!   (a version this build does not know) is refused with a message, never changed.
//! * **Damage:** a file that is not a database or is corrupt is set aside as
//!   `hotseat.damaged.db` (numbered if taken; never deleted) and a new one is made: the library
//!   then rebuilds its index from the PGN files, which are the truth, and says so.
//!
//! **Adding a table** (the puzzles, a rating history): append a new script to [`MIGRATIONS`]
//! with its `CREATE TABLE` and `CREATE INDEX` statements; never edit one already released
//! (databases in the field have run it). A table that is only a cache of files (like the
//! library's) may also be emptied and refilled; a table that holds the only copy of something
//! (a player's rating) must not be: the damage rule above sets the whole file aside, never
//! deletes it, so such data can still be recovered by hand.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, TransactionBehavior};

use super::error::{Op, StoreError};
use super::names::numbered;
use super::nofollow;

/// The database's file name in the data folder.
pub const DB_FILE: &str = "hotseat.db";

/// How long a write waits for another process's transaction to end.
pub const BUSY_WAIT: Duration = Duration::from_secs(10);

/// The schema, one script per version: script `i` takes a database from version `i` to `i + 1`.
pub const MIGRATIONS: &[&str] = &[
    // 1: the library's index (library/table.rs). Each archive file is one row of `games`
    // (a game) or of `broken` (a file that is no game), with the name, size and modification
    // time that tell whether the file changed. `positions` holds each main-line position of
    // each game (its repetition key) with the move played there and the game's result, keyed
    // by position so that the explorer's question is one range of the primary key;
    // `game_keys` the keys a game has there (8 bytes each), to find its rows when it goes,
    // apart from `games` so that the filter's scan of `games` reads small rows.
    "CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        file TEXT NOT NULL UNIQUE,
        size INTEGER NOT NULL,
        secs INTEGER NOT NULL,
        nanos INTEGER NOT NULL,
        fingerprint INTEGER NOT NULL,
        date TEXT NOT NULL,
        sort_date TEXT NOT NULL,
        started TEXT NOT NULL,
        white TEXT NOT NULL,
        black TEXT NOT NULL,
        white_key TEXT NOT NULL,
        black_key TEXT NOT NULL,
        result TEXT NOT NULL,
        ending TEXT NOT NULL,
        moves INTEGER NOT NULL,
        eco TEXT NOT NULL,
        opening TEXT NOT NULL,
        time_control TEXT NOT NULL,
        variant TEXT NOT NULL,
        engine INTEGER NOT NULL,
        haystack TEXT NOT NULL
    );
    CREATE TABLE game_keys (
        game INTEGER PRIMARY KEY REFERENCES games (id),
        keys BLOB NOT NULL
    );
    CREATE INDEX games_fingerprint ON games (fingerprint);
    CREATE INDEX games_newest ON games (sort_date DESC, started DESC, secs DESC, nanos DESC, file DESC);
    CREATE INDEX games_white ON games (white_key);
    CREATE INDEX games_black ON games (black_key);
    CREATE TABLE broken (
        file TEXT PRIMARY KEY,
        size INTEGER NOT NULL,
        secs INTEGER NOT NULL,
        nanos INTEGER NOT NULL,
        reason TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE positions (
        key INTEGER NOT NULL,
        game INTEGER NOT NULL,
        san TEXT NOT NULL,
        result INTEGER NOT NULL,
        PRIMARY KEY (key, game, san)
    ) WITHOUT ROWID;",
    // 2: the modification time of `games/` when the index was last brought up to date, so
    // that opening the library need not list 100,000 files when none came or went.
    "CREATE TABLE library_folder (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        secs INTEGER NOT NULL,
        nanos INTEGER NOT NULL
    );",
    // 3: puzzles (puzzles.rs). `puzzles` holds Lichess's rows as they came (the line's moves
    // in UCI, the themes and opening tags space-separated), keyed by Lichess's id;
    // `puzzle_themes` each puzzle's themes by number, rating and id, so that the next puzzle
    // of a theme near a rating is one range of an index (the names in `puzzle_theme_names`).
    // The two indexes by rating are dropped during a large import and made again at its end
    // (puzzles/import.rs). The players' puzzle ratings (Glicko-2), the history of their
    // attempts and their personal bests in Storm and Streak are the only copy of what they
    // hold: never emptied.
    "CREATE TABLE puzzles (
        id TEXT PRIMARY KEY,
        fen TEXT NOT NULL,
        moves TEXT NOT NULL,
        rating INTEGER NOT NULL,
        deviation INTEGER,
        popularity INTEGER,
        plays INTEGER,
        themes TEXT NOT NULL,
        game_url TEXT NOT NULL,
        opening_tags TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX puzzles_rating ON puzzles (rating, id);
    CREATE TABLE puzzle_theme_names (
        n INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE
    );
    CREATE TABLE puzzle_themes (
        theme INTEGER NOT NULL,
        rating INTEGER NOT NULL,
        id TEXT NOT NULL
    );
    CREATE INDEX puzzle_themes_key ON puzzle_themes (theme, rating, id);
    CREATE TABLE puzzle_players (
        key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        played INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE puzzle_history (
        n INTEGER PRIMARY KEY,
        player TEXT NOT NULL,
        puzzle TEXT NOT NULL,
        at INTEGER NOT NULL,
        mode TEXT NOT NULL,
        won INTEGER NOT NULL,
        rating_before REAL,
        rating_after REAL
    );
    CREATE INDEX puzzle_history_seen ON puzzle_history (player, puzzle, at);
    CREATE INDEX puzzle_history_newest ON puzzle_history (player, n);
    CREATE TABLE puzzle_bests (
        player TEXT NOT NULL,
        mode TEXT NOT NULL,
        score INTEGER NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (player, mode)
    ) WITHOUT ROWID;",
    // 4: several games to a file (an imported collection stays one file: library/table.rs).
    // The library's tables are a cache of the files, so they are made anew (the next opening
    // reads the files again) rather than altered: `games` gets the game's place in its file
    // and loses `file`'s uniqueness; `files` keeps each file's stamp, whatever it holds;
    // `broken` names the file on disk apart from the game's name in the list. The indexes
    // are those the list sorts by, so that a page of any order is a walk of an index.
    "DROP TABLE positions;
    DROP TABLE game_keys;
    DROP TABLE games;
    DROP TABLE broken;
    DELETE FROM library_folder;
    CREATE TABLE files (
        name TEXT PRIMARY KEY,
        size INTEGER NOT NULL,
        secs INTEGER NOT NULL,
        nanos INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        file TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        offset INTEGER NOT NULL,
        length INTEGER NOT NULL,
        size INTEGER NOT NULL,
        secs INTEGER NOT NULL,
        nanos INTEGER NOT NULL,
        fingerprint INTEGER NOT NULL,
        date TEXT NOT NULL,
        sort_date TEXT NOT NULL,
        started TEXT NOT NULL,
        white TEXT NOT NULL,
        black TEXT NOT NULL,
        white_key TEXT NOT NULL,
        black_key TEXT NOT NULL,
        result TEXT NOT NULL,
        ending TEXT NOT NULL,
        moves INTEGER NOT NULL,
        eco TEXT NOT NULL,
        opening TEXT NOT NULL,
        time_control TEXT NOT NULL,
        variant TEXT NOT NULL,
        engine INTEGER NOT NULL,
        haystack TEXT NOT NULL
    );
    CREATE TABLE game_keys (
        game INTEGER PRIMARY KEY REFERENCES games (id),
        keys BLOB NOT NULL
    );
    CREATE TABLE broken (
        file TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        size INTEGER NOT NULL,
        secs INTEGER NOT NULL,
        nanos INTEGER NOT NULL,
        reason TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX broken_name ON broken (name);
    CREATE TABLE positions (
        key INTEGER NOT NULL,
        game INTEGER NOT NULL,
        san TEXT NOT NULL,
        result INTEGER NOT NULL,
        PRIMARY KEY (key, game, san)
    ) WITHOUT ROWID;
    CREATE INDEX games_name ON games (name, offset);
    CREATE INDEX games_fingerprint ON games (fingerprint);
    CREATE INDEX games_newest ON games (sort_date, started, secs, nanos, offset, file);
    CREATE INDEX games_white ON games (white_key);
    CREATE INDEX games_black ON games (black_key);
    CREATE INDEX games_by_white ON games (white COLLATE NOCASE);
    CREATE INDEX games_by_black ON games (black COLLATE NOCASE);
    CREATE INDEX games_by_result ON games (result);
    CREATE INDEX games_by_ending ON games (ending);
    CREATE INDEX games_by_moves ON games (moves);
    CREATE INDEX games_by_opening ON games (eco, opening COLLATE NOCASE);
    CREATE INDEX games_by_time ON games (time_control);
    CREATE INDEX games_by_variant ON games (variant);
    CREATE INDEX games_by_engine ON games (engine);",
    // 5: the filter's index (library/filter.rs): every three characters of each game's
    // searched text (`games.haystack`, lower-cased), so that a word of three characters or
    // more is found by FTS5's trigram index rather than a scan of every game. The text itself
    // is read from `games` (external content): a game's entry is written with its row and
    // taken out before it (library/table.rs). Filled here from the games the index has.
    "CREATE VIRTUAL TABLE games_text USING fts5(
        haystack, content = 'games', content_rowid = 'id',
        tokenize = 'trigram case_sensitive 1'
    );
    INSERT INTO games_text (games_text) VALUES ('rebuild');",
    // 6: the mistakes a player has not solved yet in "Learn from your mistakes"
    // (mistakes.rs): the position before the move (FEN), the move played and the engine's
    // line (UCI), the evaluation before (White's view: centipawns, or moves to mate signed
    // for the side that mates), as the move and the game were written for the player. One row
    // per player, position and move, in the game's order (`seq`, among those kept at the
    // same second); solving it deletes it. The only copy: never emptied.
    "CREATE TABLE mistakes (
        player_key TEXT NOT NULL,
        player TEXT NOT NULL,
        fen TEXT NOT NULL,
        played TEXT NOT NULL,
        best TEXT NOT NULL,
        cp INTEGER,
        mate INTEGER,
        said TEXT NOT NULL,
        game TEXT NOT NULL,
        added INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        PRIMARY KEY (player_key, fen, played)
    ) WITHOUT ROWID;
    CREATE INDEX mistakes_by_age ON mistakes (player_key, added, seq);",
    // 7: a puzzle's themes as bits in its own row (puzzles/import.rs): bit n - 1 of
    // `theme_bits` for theme number n up to 63, bit n - 64 of `theme_bits_high` up to 126,
    // and both in the index by rating, so that the next puzzle of a theme near a rating is
    // one walk of that index. `puzzle_themes` (a row per puzzle and theme, 27 million at
    // Lichess's size, whose index took most of an import's time to sort) goes. The bits of
    // the puzzles already there are found from their `themes` text.
    // `puzzle_theme_ratings` holds the ratings each theme has puzzles at, for the walk to
    // start at the nearest of them rather than cross every puzzle between (a rare theme far
    // from the player's rating).
    "CREATE TABLE puzzle_theme_ratings (
        theme INTEGER NOT NULL,
        rating INTEGER NOT NULL,
        PRIMARY KEY (theme, rating)
    ) WITHOUT ROWID;
    INSERT OR IGNORE INTO puzzle_theme_ratings (theme, rating)
        SELECT DISTINCT theme, rating FROM puzzle_themes;
    ALTER TABLE puzzles ADD COLUMN theme_bits INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE puzzles ADD COLUMN theme_bits_high INTEGER NOT NULL DEFAULT 0;
    UPDATE puzzles SET
        theme_bits = (SELECT ifnull(sum(1 << (n - 1)), 0) FROM puzzle_theme_names
            WHERE n BETWEEN 1 AND 63
            AND instr(' ' || puzzles.themes || ' ', ' ' || name || ' ') > 0),
        theme_bits_high = (SELECT ifnull(sum(1 << (n - 64)), 0) FROM puzzle_theme_names
            WHERE n BETWEEN 64 AND 126
            AND instr(' ' || puzzles.themes || ' ', ' ' || name || ' ') > 0);
    DROP INDEX IF EXISTS puzzles_rating;
    DROP TABLE puzzle_themes;
    CREATE INDEX puzzles_rating ON puzzles (rating, id, theme_bits, theme_bits_high);",
    // 8: how many puzzles each theme has at each rating (theme 0: all puzzles), and each
    // attempt's puzzle rating and themes in the history, indexed by player and rating, so
    // that the next puzzle passes over a rating whose puzzles of the theme the player has all
    // played by two seeks, instead of crossing every puzzle there (a rare theme once the
    // player had played the puzzles near their rating: 18 ms at Lichess's size). The counts
    // replace `puzzle_theme_ratings` and are made by puzzles/counts.rs when the database is
    // next opened (an import keeps them as it goes); the history's rows get their puzzle's
    // rating and themes here.
    "DROP TABLE puzzle_theme_ratings;
    CREATE TABLE puzzle_rating_counts (
        theme INTEGER NOT NULL,
        rating INTEGER NOT NULL,
        puzzles INTEGER NOT NULL,
        PRIMARY KEY (theme, rating)
    ) WITHOUT ROWID;
    ALTER TABLE puzzle_history ADD COLUMN rating INTEGER;
    ALTER TABLE puzzle_history ADD COLUMN theme_bits INTEGER;
    ALTER TABLE puzzle_history ADD COLUMN theme_bits_high INTEGER;
    UPDATE puzzle_history SET (rating, theme_bits, theme_bits_high) =
        (SELECT rating, theme_bits, theme_bits_high FROM puzzles WHERE id = puzzle);
    CREATE INDEX puzzle_history_rating ON puzzle_history (player, rating, at);",
    // 9: each game's searched text alone, for the filter's words of one or two characters,
    // which the trigram index cannot find (library/filter.rs): counting them, or gathering
    // the few games they keep, scans this index (some 90 bytes a game) instead of the table
    // (some 280): 0.12 s instead of 0.22 s at a million games. A large import drops it and
    // makes it again at its end, with the list's order indexes (library/table.rs,
    // `LIST_INDEXES`).
    "CREATE INDEX games_haystack ON games (haystack);",
];

/// An open database, at the newest version.
#[derive(Debug)]
pub struct Database {
    conn: Connection,
    path: PathBuf,
}

/// What opening found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opened {
    /// The database was there and usable.
    Existing,
    /// There was none: an empty one was made.
    Created,
    /// The file was damaged (why): it was moved to `moved_to` and an empty one made.
    SetAside { moved_to: PathBuf, why: String },
}

/// Why a database could not be opened as it is.
#[derive(Debug)]
enum OpenError {
    Sqlite(rusqlite::Error),
    /// Written by a newer hotseat: its version, and ours.
    Newer(u32),
}

impl From<rusqlite::Error> for OpenError {
    fn from(e: rusqlite::Error) -> OpenError {
        OpenError::Sqlite(e)
    }
}

/// Whether an SQLite error means the file is damaged (not a database, or corrupt), rather
/// than busy, full or forbidden.
pub fn is_damage(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase)
    )
}

/// An SQLite error as the store's error about the database at `path`.
pub fn error(path: &Path, e: rusqlite::Error) -> StoreError {
    let why = match e.sqlite_error_code() {
        Some(ErrorCode::DiskFull) => "the disk is full".to_owned(),
        Some(ErrorCode::ReadOnly) => "it is read-only".to_owned(),
        Some(ErrorCode::PermissionDenied | ErrorCode::CannotOpen) => {
            "it cannot be opened for writing (check the folder's permissions)".to_owned()
        }
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => format!(
            "another hotseat kept it busy for more than {} seconds",
            BUSY_WAIT.as_secs()
        ),
        _ => e.to_string(),
    };
    StoreError::io(Op::Database, path, std::io::Error::other(why))
}

impl Database {
    /// Opens (or creates) the database at `path` and brings it to the newest version; a damaged
    /// file is set aside (see the module documentation).
    pub fn open(path: &Path) -> Result<(Database, Opened), StoreError> {
        nofollow::refuse_link(path).map_err(|e| StoreError::io(Op::Database, path, e))?;
        let existed = path.exists();
        match Database::try_open(path) {
            Ok(db) => Ok((
                db,
                if existed {
                    Opened::Existing
                } else {
                    Opened::Created
                },
            )),
            Err(OpenError::Sqlite(e)) if is_damage(&e) => {
                let moved_to = set_aside(path)?;
                let db = Database::try_open(path).map_err(|e| match e {
                    OpenError::Sqlite(e) => error(path, e),
                    OpenError::Newer(v) => newer(path, v),
                })?;
                Ok((
                    db,
                    Opened::SetAside {
                        moved_to,
                        why: e.to_string(),
                    },
                ))
            }
            Err(OpenError::Sqlite(e)) => Err(error(path, e)),
            Err(OpenError::Newer(v)) => Err(newer(path, v)),
        }
    }

    /// Opens and migrates, waiting while another process holds a lock SQLite does not wait
    /// for by itself (switching a new file to WAL, recovering another's log).
    fn try_open(path: &Path) -> Result<Database, OpenError> {
        let started = std::time::Instant::now();
        loop {
            match Database::open_once(path) {
                Err(OpenError::Sqlite(e))
                    if matches!(
                        e.sqlite_error_code(),
                        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
                    ) && started.elapsed() < BUSY_WAIT =>
                {
                    std::thread::sleep(Duration::from_millis(20));
                }
                other => return other,
            }
        }
    }

    fn open_once(path: &Path) -> Result<Database, OpenError> {
        let mut conn = Connection::open(path)?;
        conn.busy_timeout(BUSY_WAIT)?;
        // The first read of the file: where a file that is no database says so.
        let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
        debug_assert!(
            mode.eq_ignore_ascii_case("wal") || mode == "memory",
            "{mode}"
        );
        // In WAL mode NORMAL loses no committed transaction on a crash of the program, only
        // (on a power cut) the last few, and never corrupts the file.
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        migrate(&mut conn)?;
        Ok(Database {
            conn,
            path: path.to_path_buf(),
        })
    }

    /// Sets the connection for writing many rows (an import, a rebuild), or back: a page
    /// cache of 64 MB rather than SQLite's 2 MB (the positions' table is written all over),
    /// and the write-ahead log copied into the database every 32 MB rather than every 4 MB
    /// (each copy syncs the file). SQLite frees the cache down to the small size again.
    pub fn bulk(&self, on: bool) -> Result<(), StoreError> {
        set_bulk(&self.conn, on).map_err(|e| self.error(e))
    }

    /// The connection, for the tables' own modules.
    pub fn conn(&self) -> &Connection {
        &self.conn
    }

    pub fn conn_mut(&mut self) -> &mut Connection {
        &mut self.conn
    }

    /// Where the database is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// An SQLite error of this database as the store's error.
    pub fn error(&self, e: rusqlite::Error) -> StoreError {
        error(&self.path, e)
    }

    /// The schema version of the file.
    pub fn version(&self) -> Result<u32, StoreError> {
        self.conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(|e| self.error(e))
    }
}

/// [`Database::bulk`] on a bare connection.
pub(super) fn set_bulk(conn: &Connection, on: bool) -> rusqlite::Result<()> {
    let (cache, checkpoint) = if on {
        (-65_536, 8_192)
    } else {
        (-2_000, 1_000)
    };
    conn.pragma_update(None, "cache_size", cache)?;
    conn.pragma_update(None, "wal_autocheckpoint", checkpoint)
}

fn newer(path: &Path, version: u32) -> StoreError {
    StoreError::io(
        Op::Database,
        path,
        std::io::Error::other(format!(
            "it was written by a newer hotseat (schema {version}; this one knows up to {}): \
             use that version, or move the file away to start a new index",
            MIGRATIONS.len()
        )),
    )
}

/// Applies the migrations the database has not had, each in one transaction. The version is
/// read again inside the transaction: a second process that migrated meanwhile is not
/// migrated over.
fn migrate(conn: &mut Connection) -> Result<(), OpenError> {
    loop {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let version: u32 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        let Some(script) = MIGRATIONS.get(version as usize) else {
            return if version as usize > MIGRATIONS.len() {
                Err(OpenError::Newer(version))
            } else {
                Ok(())
            };
        };
        tx.execute_batch(script)?;
        tx.pragma_update(None, "user_version", version + 1)?;
        tx.commit()?;
    }
}

/// Moves a damaged database (and its write-ahead log) aside under the first free
/// `hotseat.damaged[-N].db`; returns the new name.
pub(super) fn set_aside(path: &Path) -> Result<PathBuf, StoreError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let target = numbered(dir, "hotseat.damaged", "db")
        .find(|p| std::fs::symlink_metadata(p).is_err())
        .ok_or_else(|| {
            StoreError::io(
                Op::Database,
                path,
                std::io::Error::other("no free name to set the damaged database aside"),
            )
        })?;
    std::fs::rename(path, &target).map_err(|e| StoreError::io(Op::Database, path, e))?;
    for suffix in ["-wal", "-shm"] {
        let mut from = path.as_os_str().to_owned();
        from.push(suffix);
        let mut to = target.as_os_str().to_owned();
        to.push(suffix);
        if Path::new(&from).exists() {
            let _ = std::fs::rename(&from, &to);
        }
    }
    Ok(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hotseat-db-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_new_database_is_made_at_the_newest_version_in_wal_mode() {
        let dir = temp("new");
        let path = dir.join(DB_FILE);
        let (db, opened) = Database::open(&path).unwrap();
        assert_eq!(opened, Opened::Created);
        assert_eq!(db.version().unwrap() as usize, MIGRATIONS.len());
        let mode: String = db
            .conn()
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
        drop(db);
        let (_, opened) = Database::open(&path).unwrap();
        assert_eq!(opened, Opened::Existing);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_damaged_file_is_set_aside_never_deleted_and_a_new_one_made() {
        let dir = temp("damaged");
        let path = dir.join(DB_FILE);
        let garbage = b"this is not a database, and it is more than a header long........";
        std::fs::write(&path, garbage.repeat(100)).unwrap();
        let (db, opened) = Database::open(&path).unwrap();
        let Opened::SetAside { moved_to, why } = opened else {
            panic!("not set aside: {opened:?}");
        };
        assert_eq!(moved_to, dir.join("hotseat.damaged.db"));
        assert!(why.contains("not a database"), "{why}");
        assert_eq!(std::fs::read(&moved_to).unwrap(), garbage.repeat(100));
        assert_eq!(db.version().unwrap() as usize, MIGRATIONS.len());
        drop(db);
        // A second damage finds the first one's name taken.
        std::fs::write(&path, garbage.repeat(100)).unwrap();
        let (_, opened) = Database::open(&path).unwrap();
        assert!(
            matches!(&opened, Opened::SetAside { moved_to, .. } if moved_to.ends_with("hotseat.damaged-2.db")),
            "{opened:?}"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_newer_schema_is_refused_and_left_as_it_is() {
        let dir = temp("newer");
        let path = dir.join(DB_FILE);
        let (db, _) = Database::open(&path).unwrap();
        db.conn()
            .pragma_update(None, "user_version", MIGRATIONS.len() as u32 + 5)
            .unwrap();
        drop(db);
        let err = Database::open(&path).unwrap_err().to_string();
        assert!(err.contains("newer hotseat"), "{err}");
        assert!(path.exists());
        assert!(!dir.join("hotseat.damaged.db").exists());
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn two_connections_see_each_others_committed_rows() {
        let dir = temp("two");
        let path = dir.join(DB_FILE);
        let (mut one, _) = Database::open(&path).unwrap();
        let (two, _) = Database::open(&path).unwrap();
        let tx = one.conn_mut().transaction().unwrap();
        tx.execute(
            "INSERT INTO files (name, size, secs, nanos) VALUES ('a.pgn', 1, 2, 3)",
            [],
        )
        .unwrap();
        let before: i64 = two
            .conn()
            .query_row("SELECT count(*) FROM files", [], |r| r.get(0))
            .unwrap();
        assert_eq!(before, 0, "not committed yet");
        tx.commit().unwrap();
        let after: i64 = two
            .conn()
            .query_row("SELECT count(*) FROM files", [], |r| r.get(0))
            .unwrap();
        assert_eq!(after, 1);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
