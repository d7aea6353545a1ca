//! Reading Lichess's puzzle CSV into the database, streamed: `hotseat puzzles import FILE`
//! (and the shipped puzzles, the first time).
//!
//! The file is read a line at a time; each row is checked on its own (`chess::puzzle`) and a
//! bad one refused with its line number while the others go on. Rows are written in
//! transactions of [`BATCH`]: a stopped import keeps whole batches, and running it again
//! skips the puzzles already there (a puzzle whose rating or themes changed in a newer file is
//! updated). A line longer than [`MAX_LINE`] is refused without being held in memory.
//!
//! A puzzle's themes are kept in its own row, as bits (one per theme name, numbered in
//! `puzzle_theme_names`), and in the index by rating: so each row is one insert, a changed
//! puzzle one replace, and the index is the only thing sorted at the end. (Until schema 7 each
//! theme was a row of a table of its own, 27 million at Lichess's size, whose index took
//! most of an import's time to sort.)

use std::collections::HashMap;
use std::io::BufRead;

use rusqlite::{Connection, OptionalExtension, params};

use chess::puzzle::{Puzzle, PuzzleError, RowError, is_header, parse_row};

use super::counts::{self, Counts};
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

/// The index by rating: dropped while a large import writes (inserting into it in rating
/// order, one row at a time, cost most of an import's time) and made again at its end, by one
/// sort; made on opening too, should an import have been stopped. It holds each puzzle's
/// themes (as bits, see [`theme_bits`]), so that the next puzzle of a theme near a rating is
/// one walk of it that reads no row.
pub const RATING_INDEXES: &str = "
    CREATE INDEX IF NOT EXISTS puzzles_rating
        ON puzzles (rating, id, theme_bits, theme_bits_high);";

const DROP_RATING_INDEXES: &str = "DROP INDEX IF EXISTS puzzles_rating;";

/// The most themes the database tells apart: a bit each in two 63-bit columns (Lichess has
/// about 70). A row that would bring the next one is refused.
pub const MAX_THEMES: i64 = 126;

/// The bits of theme number `n` (1 to [`MAX_THEMES`]) in `theme_bits`, `theme_bits_high`.
pub fn theme_bits(n: i64) -> (i64, i64) {
    if n <= 63 {
        (1 << (n - 1), 0)
    } else {
        (0, 1 << (n - 64))
    }
}

/// The statements of one import.
struct Writer<'c> {
    /// Inserts a puzzle not there yet (and does nothing if it is).
    add: rusqlite::Statement<'c>,
    find: rusqlite::Statement<'c>,
    replace: rusqlite::Statement<'c>,
    themes: &'c mut HashMap<String, i64>,
    /// The puzzles by theme and rating, as this import leaves them.
    counts: &'c mut Counts,
    /// A row's columns, made again for each.
    moves: String,
    theme_text: String,
    tags: String,
    conn: &'c Connection,
}

impl Writer<'_> {
    /// The number of a known theme.
    fn known_theme(&mut self, name: &str) -> rusqlite::Result<Option<i64>> {
        if let Some(&n) = self.themes.get(name) {
            return Ok(Some(n));
        }
        let known: Option<i64> = self
            .conn
            .query_row(
                "SELECT n FROM puzzle_theme_names WHERE name = ?1",
                [name],
                |r| r.get(0),
            )
            .optional()?;
        if let Some(n) = known {
            self.themes.insert(name.to_owned(), n);
        }
        Ok(known)
    }

    /// The puzzle's themes as bits, new themes numbered; or why not, with no theme numbered
    /// (more than [`MAX_THEMES`]).
    fn bits(&mut self, p: &Puzzle) -> rusqlite::Result<Result<(i64, i64), PuzzleError>> {
        let (mut low, mut high) = (0, 0);
        let mut new: Vec<&str> = Vec::new();
        for name in &p.themes {
            match self.known_theme(name)? {
                Some(n) => {
                    let (l, h) = theme_bits(n);
                    low |= l;
                    high |= h;
                }
                None if new.contains(&name.as_str()) => {}
                None => new.push(name),
            }
        }
        if new.is_empty() {
            return Ok(Ok((low, high)));
        }
        let last: i64 = self.conn.query_row(
            "SELECT ifnull(max(n), 0) FROM puzzle_theme_names",
            [],
            |r| r.get(0),
        )?;
        if last + new.len() as i64 > MAX_THEMES {
            let theme = new[(MAX_THEMES - last).max(0) as usize].to_owned();
            return Ok(Err(PuzzleError::TooManyThemes {
                theme,
                max: MAX_THEMES as usize,
            }));
        }
        for (n, name) in (last + 1..).zip(new) {
            self.conn.execute(
                "INSERT INTO puzzle_theme_names (n, name) VALUES (?1, ?2)",
                params![n, name],
            )?;
            self.themes.insert(name.to_owned(), n);
            let (l, h) = theme_bits(n);
            low |= l;
            high |= h;
        }
        Ok(Ok((low, high)))
    }

    /// Writes one puzzle with its themes' bits; counts what became of it.
    fn write(
        &mut self,
        p: &Puzzle,
        (low, high): (i64, i64),
        report: &mut PuzzleImport,
    ) -> rusqlite::Result<()> {
        use std::fmt::Write;
        fn words(out: &mut String, words: &[String]) {
            out.clear();
            for w in words {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(w);
            }
        }
        words(&mut self.theme_text, &p.themes);
        words(&mut self.tags, &p.opening_tags);
        self.moves.clear();
        for m in &p.moves {
            if !self.moves.is_empty() {
                self.moves.push(' ');
            }
            let _ = write!(self.moves, "{}", m.uci());
        }
        let values = params![
            p.id,
            p.fen,
            self.moves,
            p.rating,
            p.deviation,
            p.popularity,
            p.plays,
            self.theme_text,
            p.game_url,
            self.tags,
            low,
            high,
        ];
        if self.add.execute(values)? == 1 {
            report.added += 1;
        } else {
            let (rating, old_themes, old_bits): (u16, String, (i64, i64)) =
                self.find.query_row([&p.id], |r| {
                    Ok((r.get(0)?, r.get(1)?, (r.get(2)?, r.get(3)?)))
                })?;
            if rating == p.rating && old_themes == self.theme_text {
                report.already += 1;
                return Ok(());
            }
            self.replace.execute(values)?;
            report.updated += 1;
            counts::add(self.counts, rating, old_bits, -1);
        }
        counts::add(self.counts, p.rating, (low, high), 1);
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

/// The connection's settings while an import writes, and after: a page cache of 16 MiB
/// rather than SQLite's 2 MB (the index's sort at the end keeps within it), and the
/// write-ahead log copied into the database every 32 MB rather than every 4 MB (each copy
/// syncs the file). What the connection had is put back when the import ends, however it ends.
/// Not [`Database::bulk`]'s 64 MB cache: the whole import is to stay under 100 MB.
fn import_settings(conn: &Connection, on: bool) -> rusqlite::Result<()> {
    let (cache, checkpoint) = if on {
        (-16_384, 8_192)
    } else {
        (-2_000, 1_000)
    };
    conn.pragma_update(None, "cache_size", cache)?;
    conn.pragma_update(None, "wal_autocheckpoint", checkpoint)
}

/// [`import_rows`] in batches of `batch` rows: the file is read and its rows checked on a
/// thread of their own while this one writes.
pub(super) fn import_in_batches(
    db: &mut Database,
    input: impl BufRead + Send,
    batch: usize,
    progress: impl FnMut(PuzzleImportProgress),
) -> Result<PuzzleImport, StoreError> {
    let path = db.path().to_path_buf();
    let conn = db.conn_mut();
    import_settings(conn, true).map_err(|e| db::error(&path, e))?;
    let result = write_batches(conn, &path, input, batch, progress);
    let restored = import_settings(conn, false).map_err(|e| db::error(&path, e));
    let report = result?;
    restored?;
    Ok(report)
}

fn write_batches(
    conn: &mut Connection,
    path: &std::path::Path,
    input: impl BufRead + Send,
    batch: usize,
    mut progress: impl FnMut(PuzzleImportProgress),
) -> Result<PuzzleImport, StoreError> {
    let sql = |e: rusqlite::Error| db::error(path, e);
    let mut report = PuzzleImport::default();
    let mut themes: HashMap<String, i64> = HashMap::new();
    // The counts found, if they are there; the import's own are added to them. Missing (a
    // stopped import): counted afresh at the end.
    let found = if counts::missing(conn).map_err(sql)? {
        None
    } else {
        Some(counts::load(conn).map_err(sql)?)
    };
    let complete = found.is_some();
    let mut counts = found.unwrap_or_default();
    let mut first = true;
    let (tx_rows, rx_rows) = std::sync::mpsc::sync_channel(8);
    std::thread::scope(|scope| {
        scope.spawn(move || read_rows(input, tx_rows));
        let mut pending: std::vec::IntoIter<Row> = Vec::new().into_iter();
        let mut done = false;
        // Whether the index by rating is away: from the second batch on.
        let mut bulk = false;
        while !done {
            let tx = conn.transaction().map_err(sql)?;
            if std::mem::take(&mut first) {
                // Out until the last batch puts them back.
                counts::clear(&tx).map_err(sql)?;
            }
            let mut in_batch = 0;
            let result: Result<(), BatchError> = (|| {
                const COLUMNS: &str = "id, fen, moves, rating, deviation, popularity, plays, \
                    themes, game_url, opening_tags, theme_bits, theme_bits_high";
                const VALUES: &str = "?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12";
                let mut w = Writer {
                    add: tx.prepare(&format!(
                        "INSERT INTO puzzles ({COLUMNS}) VALUES ({VALUES}) ON CONFLICT (id) DO NOTHING"
                    ))?,
                    find: tx.prepare(
                        "SELECT rating, themes, theme_bits, theme_bits_high FROM puzzles
                         WHERE id = ?1",
                    )?,
                    replace: tx.prepare(&format!(
                        "INSERT OR REPLACE INTO puzzles ({COLUMNS}) VALUES ({VALUES})"
                    ))?,
                    themes: &mut themes,
                    counts: &mut counts,
                    moves: String::with_capacity(64),
                    theme_text: String::with_capacity(128),
                    tags: String::with_capacity(128),
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
                    let checked = match parsed {
                        Ok(p) => w.bits(&p)?.map(|bits| (p, bits)),
                        Err(e) => Err(e),
                    };
                    match checked {
                        Ok((p, bits)) => w.write(&p, bits, &mut report)?,
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
                }
                if complete {
                    counts::store(&tx, &counts).map_err(sql)?;
                } else {
                    counts::recount(&tx).map_err(sql)?;
                }
            } else if !bulk {
                // A large file: the index goes until the end.
                tx.execute_batch(DROP_RATING_INDEXES).map_err(sql)?;
                bulk = true;
            }
            tx.commit().map_err(sql)?;
            if let Some(e) = io_error {
                return Err(StoreError::io(Op::Read, path, e));
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
