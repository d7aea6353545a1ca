//! Where an import's positions wait until its end: a database file of the import's own,
//! `imports/import[-N].db` in the data folder, deleted once its rows are in the explorer's
//! table.
//!
//! **Why not straight into the explorer's table.** `positions` is keyed by position, and a
//! batch's 200,000 rows fall all across it: past the page cache (a few hundred thousand
//! games) each batch rewrote most of the table's pages, and a million games took half an
//! hour. Staged rows are appended in the order they come; at the import's end they are put
//! into `positions` in the key's order, one pass over its pages (SQLite sorts them).
//!
//! **Why a file of its own.** Staged in `hotseat.db`, the rows' pages were freed after the
//! merge but stayed in the file (SQLite does not give pages back without a `VACUUM`): the
//! database was twice its size. A file of its own is simply deleted.
//!
//! **Crashes.** A batch's positions are committed here (synced) *before* its games are
//! committed to `hotseat.db`, so a game filed always has its positions staged or merged.
//! The other way round (the process stopped between the two) leaves rows of games that were
//! never filed, whose row ids the next batch may give to other games: each staged game is
//! kept with its fingerprint, and the merge takes only the rows of games that are filed under
//! the same id with the same fingerprint (a game removed meanwhile is left out the same way).
//! Within one file an id is staged once: an import stops at its first batch that fails, so
//! the only batch it staged and did not file is its last.
//! The merge is one transaction of `hotseat.db` and inserts what is not there yet, so a merge
//! cut short, or done twice, leaves the explorer right. A staging file whose import stopped is
//! merged by the next opening of the library that finds no import running
//! (`Store::no_import_running`).

use std::fs::{self, OpenOptions};
use std::path::{Path, PathBuf};

use rusqlite::{Connection, params};

use crate::store::names::numbered;

/// The folder of the data folder where imports stage their positions.
pub(super) const STAGING_DIR: &str = "imports";

/// A position of a game, as the explorer's table keeps it: key, game, move, result.
pub(super) type PositionRow = (i64, i64, String, i64);

/// An import's staging file, open.
pub(super) struct Staging {
    conn: Connection,
    path: PathBuf,
}

impl Staging {
    /// Makes a new staging file in `dir` (the staging folder, made if missing).
    pub(super) fn create(dir: &Path) -> std::io::Result<Staging> {
        fs::create_dir_all(dir)?;
        for path in numbered(dir, "import", "db") {
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(_) => {
                    let conn = open(&path).map_err(std::io::Error::other)?;
                    conn.execute_batch(
                        "CREATE TABLE IF NOT EXISTS staged_games (
                            game INTEGER PRIMARY KEY,
                            fingerprint INTEGER NOT NULL
                        );
                        CREATE TABLE IF NOT EXISTS staged_positions (
                            key INTEGER NOT NULL,
                            game INTEGER NOT NULL,
                            san TEXT NOT NULL,
                            result INTEGER NOT NULL
                        );",
                    )
                    .map_err(std::io::Error::other)?;
                    return Ok(Staging { conn, path });
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
        Err(std::io::Error::other(
            "no free name for an import's staging file",
        ))
    }

    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    /// Closes the file (to be merged by its path).
    pub(super) fn close(self) -> PathBuf {
        self.path
    }

    /// Stages the positions of a batch's games (`games`: each one's row id and fingerprint),
    /// in one transaction, synced when it returns.
    pub(super) fn add(
        &mut self,
        games: &[(i64, u64)],
        positions: &[PositionRow],
    ) -> rusqlite::Result<()> {
        let tx = self.conn.transaction()?;
        {
            let mut game = tx.prepare(
                "INSERT OR REPLACE INTO staged_games (game, fingerprint) VALUES (?1, ?2)",
            )?;
            for (id, fingerprint) in games {
                game.execute(params![id, *fingerprint as i64])?;
            }
            let mut position = tx.prepare(
                "INSERT INTO staged_positions (key, game, san, result) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for (key, game, san, result) in positions {
                position.execute(params![key, game, san, result])?;
            }
        }
        tx.commit()
    }
}

/// Opens a staging file: a rollback journal, synced at each commit (rows appended to a table
/// journal only its last page; the commit is on disk before the games' own).
fn open(path: &Path) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(crate::store::db::BUSY_WAIT)?;
    conn.pragma_update(None, "journal_mode", "TRUNCATE")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    Ok(conn)
}

/// The staging files in `dir`, oldest name first.
pub(super) fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(read) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let paths: Vec<PathBuf> = read.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    // A journal whose staging file is gone (left by an older build's removal, killed between
    // the file and its journal) belongs to no one: deleted.
    for path in &paths {
        if let Some(file) = path.to_str().and_then(|p| p.strip_suffix("-journal"))
            && !Path::new(file).exists()
        {
            let _ = fs::remove_file(path);
        }
    }
    let mut files: Vec<PathBuf> = paths
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "db"))
        .collect();
    files.sort();
    files
}

/// Puts the staged positions of the file at `path` into the explorer's table of `conn`
/// (`hotseat.db`) in its key's order, in one transaction, then deletes the file. Only the
/// rows of games filed under their staged id and fingerprint are taken (see the module
/// documentation).
pub(super) fn merge(conn: &mut Connection, path: &Path) -> rusqlite::Result<()> {
    conn.execute(
        "ATTACH DATABASE ?1 AS staging",
        [path.to_string_lossy().as_ref()],
    )?;
    // SQLite's sorter on two threads (the merge sorts every staged row: minutes at a million
    // games).
    conn.pragma_update(None, "threads", 2)?;
    let merged = (|| {
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        // A file made but stopped before its tables: nothing to merge.
        let tables: i64 = tx.query_row(
            "SELECT count(*) FROM staging.sqlite_master WHERE name = 'staged_positions'",
            [],
            |r| r.get(0),
        )?;
        if tables > 0 {
            tx.execute(
                "INSERT OR IGNORE INTO main.positions (key, game, san, result) \
                 SELECT key, game, san, result FROM staging.staged_positions \
                 WHERE game NOT IN (SELECT s.game FROM staging.staged_games s \
                     WHERE NOT EXISTS (SELECT 1 FROM main.games g \
                         WHERE g.id = s.game AND g.fingerprint = s.fingerprint)) \
                 ORDER BY key, game, san",
                [],
            )?;
        }
        tx.commit()
    })();
    let detached = conn.execute("DETACH DATABASE staging", []);
    merged?;
    detached?;
    remove(path);
    Ok(())
}

/// Deletes a staging file and its journal (gone already is fine: another opening merged it).
/// The journal first: a process killed between the two leaves the staging file alone, which
/// the next opening merges again (its rows are in already, and the merge ignores them) and
/// deletes; the other order could leave a journal (kept, empty, between transactions: the
/// staging files' journal mode is TRUNCATE) that no one would ever delete.
pub(super) fn remove(path: &Path) {
    let _ = fs::remove_file(journal_of(path));
    let _ = fs::remove_file(path);
}

/// The rollback journal of the staging file at `path`.
fn journal_of(path: &Path) -> PathBuf {
    let mut journal = path.as_os_str().to_owned();
    journal.push("-journal");
    PathBuf::from(journal)
}
