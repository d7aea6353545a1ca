//! Reading Lichess's puzzle CSV into the database, streamed: `hotseat puzzles import FILE`
//! (and the shipped puzzles, the first time).
//!
//! The file is read a line at a time; each row is checked on its own (`chess::puzzle`) and a
//! bad one refused with its line number while the others go on. Rows are written in
//! transactions of [`BATCH`]: a stopped import keeps whole batches, and running it again
//! skips the puzzles already there (a puzzle whose rating or themes changed in a newer file is
//! updated). A line longer than [`MAX_LINE`] is refused without being held in memory.

use std::collections::HashMap;
use std::io::BufRead;

use rusqlite::{Connection, params};

use chess::puzzle::{Puzzle, PuzzleError, RowError, is_header, parse_row};

use crate::store::db::{self, Database};
use crate::store::error::{Op, StoreError};

/// Rows written in one transaction.
pub const BATCH: usize = 50_000;

/// The longest line read (Lichess's are under 300 bytes).
pub const MAX_LINE: usize = 16 << 10;

/// How many refused rows are kept with their reasons; the rest are counted.
pub const MAX_REFUSED_LISTED: usize = 40;

/// What an import did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct PuzzleImport {
    /// Rows read (the header not counted).
    pub rows: u64,
    /// Puzzles new to the database.
    pub added: u64,
    /// Puzzles already there whose rating or themes changed.
    pub updated: u64,
    /// Puzzles already there as they are.
    pub already: u64,
    /// The first [`MAX_REFUSED_LISTED`] refused rows, with their lines.
    pub refused: Vec<RowError>,
    /// Rows refused in all.
    pub refused_count: u64,
}

/// How far an import is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PuzzleImportProgress {
    /// Rows read.
    pub rows: u64,
}

/// What reading the next line gave.
enum Line {
    Text,
    TooLong,
    End,
}

/// Reads the next line into `buf` (without its ending), up to [`MAX_LINE`] bytes; a longer
/// line is skipped to its end.
fn next_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<Line> {
    buf.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        if !too_long {
            let room = MAX_LINE.saturating_sub(buf.len());
            if take > room + usize::from(done) {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(&chunk[..take]);
            }
        }
        input.consume(take);
        if done {
            break;
        }
    }
    if !any {
        return Ok(Line::End);
    }
    while matches!(buf.last(), Some(b'\n' | b'\r')) {
        buf.pop();
    }
    Ok(if too_long { Line::TooLong } else { Line::Text })
}

/// The indexes by rating: dropped while a large import writes (inserting into them in
/// rating order, one row at a time, cost most of an import's time) and made again at its
/// end, by one sort each; made on opening too, should an import have been stopped.
pub const RATING_INDEXES: &str = "
    CREATE INDEX IF NOT EXISTS puzzles_rating ON puzzles (rating, id);
    CREATE INDEX IF NOT EXISTS puzzle_themes_key ON puzzle_themes (theme, rating, id);";

const DROP_RATING_INDEXES: &str = "
    DROP INDEX IF EXISTS puzzles_rating;
    DROP INDEX IF EXISTS puzzle_themes_key;";

/// The statements of one import.
struct Writer<'c> {
    /// Inserts a puzzle not there yet (and does nothing if it is).
    add: rusqlite::Statement<'c>,
    find: rusqlite::Statement<'c>,
    replace: rusqlite::Statement<'c>,
    theme: rusqlite::Statement<'c>,
    /// Removes a theme row of a changed puzzle: at once, or (while the indexes are away)
    /// noted for the end.
    untheme: rusqlite::Statement<'c>,
    themes: &'c mut HashMap<String, i64>,
    conn: &'c Connection,
}

impl Writer<'_> {
    fn theme_number(&mut self, name: &str) -> rusqlite::Result<i64> {
        if let Some(&n) = self.themes.get(name) {
            return Ok(n);
        }
        self.conn.execute(
            "INSERT OR IGNORE INTO puzzle_theme_names (name) VALUES (?1)",
            [name],
        )?;
        let n = self.conn.query_row(
            "SELECT n FROM puzzle_theme_names WHERE name = ?1",
            [name],
            |r| r.get(0),
        )?;
        self.themes.insert(name.to_owned(), n);
        Ok(n)
    }

    /// Writes one puzzle; counts what became of it.
    fn write(&mut self, p: &Puzzle, report: &mut PuzzleImport) -> rusqlite::Result<()> {
        let themes = p.themes.join(" ");
        let mut moves = String::with_capacity(p.moves.len() * 5);
        for m in &p.moves {
            if !moves.is_empty() {
                moves.push(' ');
            }
            moves.push_str(&m.uci().to_string());
        }
        let values = params![
            p.id,
            p.fen,
            moves,
            p.rating,
            p.deviation,
            p.popularity,
            p.plays,
            themes,
            p.game_url,
            p.opening_tags.join(" "),
        ];
        let mut new_rows: Vec<&str> = p.themes.iter().map(String::as_str).collect();
        new_rows.sort_unstable();
        new_rows.dedup();
        if self.add.execute(values)? == 1 {
            report.added += 1;
        } else {
            let (rating, old_themes): (u16, String) = self
                .find
                .query_row([&p.id], |r| Ok((r.get(0)?, r.get(1)?)))?;
            if rating == p.rating && old_themes == themes {
                report.already += 1;
                return Ok(());
            }
            for name in old_themes.split_ascii_whitespace() {
                if rating == p.rating && new_rows.contains(&name) {
                    // The same row stays.
                    new_rows.retain(|n| *n != name);
                    continue;
                }
                let n = self.theme_number(name)?;
                self.untheme.execute(params![n, rating, p.id])?;
            }
            self.replace.execute(values)?;
            report.updated += 1;
        }
        for name in new_rows {
            let n = self.theme_number(name)?;
            self.theme.execute(params![n, p.rating, p.id])?;
        }
        Ok(())
    }
}

/// Why a batch stopped.
enum BatchError {
    Sql(rusqlite::Error),
    Io(std::io::Error),
}

impl From<rusqlite::Error> for BatchError {
    fn from(e: rusqlite::Error) -> BatchError {
        BatchError::Sql(e)
    }
}

/// Reads the rows of `input` into the database, calling `progress` after each batch.
pub fn import_rows(
    db: &mut Database,
    input: impl BufRead + Send,
    progress: impl FnMut(PuzzleImportProgress),
) -> Result<PuzzleImport, StoreError> {
    import_in_batches(db, input, BATCH, progress)
}

/// Rows handed from the reading thread to the writing one at a time.
const CHUNK: usize = 1_000;

/// One row read: its line, and the puzzle or why it is none.
type Row = (u64, Result<Puzzle, PuzzleError>);

/// Reads and checks the rows of `input` (on its own thread), handing them on in chunks.
fn read_rows(
    mut input: impl BufRead,
    out: std::sync::mpsc::SyncSender<Result<Vec<Row>, std::io::Error>>,
) {
    let mut buf = Vec::with_capacity(512);
    let mut line_no: u64 = 0;
    let mut chunk = Vec::with_capacity(CHUNK);
    loop {
        let line = match next_line(&mut input, &mut buf) {
            Ok(line) => line,
            Err(e) => {
                let _ = out.send(Ok(std::mem::take(&mut chunk)));
                let _ = out.send(Err(e));
                return;
            }
        };
        line_no += 1;
        let parsed = match line {
            Line::End => break,
            Line::TooLong => Err(PuzzleError::LineTooLong(MAX_LINE)),
            Line::Text => match std::str::from_utf8(&buf) {
                Err(_) => Err(PuzzleError::NotText),
                Ok(text) if text.trim().is_empty() => continue,
                Ok(text) if line_no == 1 && is_header(text) => continue,
                Ok(text) => parse_row(text),
            },
        };
        chunk.push((line_no, parsed));
        if chunk.len() == CHUNK
            && out
                .send(Ok(std::mem::replace(&mut chunk, Vec::with_capacity(CHUNK))))
                .is_err()
        {
            return;
        }
    }
    let _ = out.send(Ok(chunk));
}

/// [`import_rows`] in batches of `batch` rows: the file is read and its rows checked on a
/// thread of their own while this one writes.
pub(super) fn import_in_batches(
    db: &mut Database,
    input: impl BufRead + Send,
    batch: usize,
    mut progress: impl FnMut(PuzzleImportProgress),
) -> Result<PuzzleImport, StoreError> {
    let path = db.path().to_path_buf();
    let sql = |e: rusqlite::Error| db::error(&path, e);
    let mut report = PuzzleImport::default();
    let mut themes: HashMap<String, i64> = HashMap::new();
    // A larger page cache while importing (16 MiB) keeps the indexes' pages in memory.
    let conn = db.conn_mut();
    conn.pragma_update(None, "cache_size", -16_384)
        .map_err(sql)?;
    let (tx_rows, rx_rows) = std::sync::mpsc::sync_channel(8);
    std::thread::scope(|scope| {
        scope.spawn(move || read_rows(input, tx_rows));
        let mut pending: std::vec::IntoIter<Row> = Vec::new().into_iter();
        let mut done = false;
        // Whether the indexes by rating are away: from the second batch on.
        let mut bulk = false;
        while !done {
            let tx = conn.transaction().map_err(sql)?;
            let mut in_batch = 0;
            let result: Result<(), BatchError> = (|| {
                let mut w = Writer {
                    add: tx.prepare(
                        "INSERT INTO puzzles (id, fen, moves, rating, deviation, popularity,
                             plays, themes, game_url, opening_tags)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                         ON CONFLICT (id) DO NOTHING",
                    )?,
                    find: tx.prepare("SELECT rating, themes FROM puzzles WHERE id = ?1")?,
                    replace: tx.prepare(
                        "INSERT OR REPLACE INTO puzzles (id, fen, moves, rating, deviation,
                             popularity, plays, themes, game_url, opening_tags)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                    )?,
                    theme: tx.prepare(
                        "INSERT INTO puzzle_themes (theme, rating, id) VALUES (?1, ?2, ?3)",
                    )?,
                    untheme: tx.prepare(if bulk {
                        "INSERT INTO temp.puzzle_stale (theme, rating, id) VALUES (?1, ?2, ?3)"
                    } else {
                        "DELETE FROM puzzle_themes WHERE theme = ?1 AND rating = ?2 AND id = ?3"
                    })?,
                    themes: &mut themes,
                    conn: &tx,
                };
                while in_batch < batch {
                    let (line, parsed) = match pending.next() {
                        Some(row) => row,
                        None => match rx_rows.recv() {
                            Ok(Ok(chunk)) => {
                                pending = chunk.into_iter();
                                continue;
                            }
                            Ok(Err(e)) => return Err(BatchError::Io(e)),
                            Err(_) => {
                                done = true;
                                break;
                            }
                        },
                    };
                    report.rows += 1;
                    in_batch += 1;
                    match parsed {
                        Ok(p) => w.write(&p, &mut report)?,
                        Err(e) => refuse(&mut report, line, e),
                    }
                }
                Ok(())
            })();
            let io_error = match result {
                Ok(()) => None,
                Err(BatchError::Sql(e)) => return Err(sql(e)),
                // The rows read so far are kept.
                Err(BatchError::Io(e)) => Some(e),
            };
            if done || io_error.is_some() {
                if bulk {
                    tx.execute_batch(RATING_INDEXES).map_err(sql)?;
                    tx.execute_batch(
                        "DELETE FROM puzzle_themes WHERE rowid IN (
                             SELECT t.rowid FROM temp.puzzle_stale s JOIN puzzle_themes t
                             ON t.theme = s.theme AND t.rating = s.rating AND t.id = s.id);
                         DROP TABLE temp.puzzle_stale;",
                    )
                    .map_err(sql)?;
                }
            } else if !bulk {
                // A large file: the indexes go until the end.
                tx.execute_batch(DROP_RATING_INDEXES).map_err(sql)?;
                tx.execute_batch(
                    "CREATE TEMP TABLE IF NOT EXISTS puzzle_stale (theme, rating, id)",
                )
                .map_err(sql)?;
                bulk = true;
            }
            tx.commit().map_err(sql)?;
            if let Some(e) = io_error {
                return Err(StoreError::io(Op::Read, &path, e));
            }
            progress(PuzzleImportProgress { rows: report.rows });
        }
        Ok(())
    })?;
    Ok(report)
}

fn refuse(report: &mut PuzzleImport, line: u64, error: PuzzleError) {
    report.refused_count += 1;
    if report.refused.len() < MAX_REFUSED_LISTED {
        report.refused.push(RowError { line, error });
    }
}
