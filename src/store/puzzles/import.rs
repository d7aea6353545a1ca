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

use rusqlite::{Connection, OptionalExtension, params};

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

/// The statements of one import.
struct Writer<'c> {
    find: rusqlite::Statement<'c>,
    insert: rusqlite::Statement<'c>,
    theme: rusqlite::Statement<'c>,
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

    /// Writes one puzzle; what became of it.
    fn write(&mut self, p: &Puzzle, report: &mut PuzzleImport) -> rusqlite::Result<()> {
        let themes = p.themes.join(" ");
        let old: Option<(u16, String)> = self
            .find
            .query_row([&p.id], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?;
        match &old {
            Some((rating, old_themes)) if *rating == p.rating && *old_themes == themes => {
                report.already += 1;
                return Ok(());
            }
            Some((rating, old_themes)) => {
                for name in old_themes.split_ascii_whitespace() {
                    let n = self.theme_number(name)?;
                    self.untheme.execute(params![n, rating, p.id])?;
                }
                report.updated += 1;
            }
            None => report.added += 1,
        }
        let moves: Vec<String> = p.moves.iter().map(|m| m.uci().to_string()).collect();
        self.insert.execute(params![
            p.id,
            p.fen,
            moves.join(" "),
            p.rating,
            p.deviation,
            p.popularity,
            p.plays,
            themes,
            p.game_url,
            p.opening_tags.join(" "),
        ])?;
        for name in &p.themes {
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
    mut input: impl BufRead,
    mut progress: impl FnMut(PuzzleImportProgress),
) -> Result<PuzzleImport, StoreError> {
    let path = db.path().to_path_buf();
    let sql = |e: rusqlite::Error| db::error(&path, e);
    let mut report = PuzzleImport::default();
    let mut themes: HashMap<String, i64> = HashMap::new();
    let mut buf = Vec::with_capacity(512);
    let mut line_no: u64 = 0;
    // A larger page cache while importing (32 MiB) keeps the indexes' pages in memory.
    let conn = db.conn_mut();
    conn.pragma_update(None, "cache_size", -32_768)
        .map_err(sql)?;
    let mut done = false;
    while !done {
        let tx = conn.transaction().map_err(sql)?;
        let mut in_batch = 0;
        let result: Result<(), BatchError> = (|| {
            let mut w = Writer {
                find: tx.prepare("SELECT rating, themes FROM puzzles WHERE id = ?1")?,
                insert: tx.prepare(
                    "INSERT OR REPLACE INTO puzzles (id, fen, moves, rating, deviation,
                         popularity, plays, themes, game_url, opening_tags)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                )?,
                theme: tx.prepare(
                    "INSERT OR IGNORE INTO puzzle_themes (theme, rating, id) VALUES (?1, ?2, ?3)",
                )?,
                untheme: tx.prepare(
                    "DELETE FROM puzzle_themes WHERE theme = ?1 AND rating = ?2 AND id = ?3",
                )?,
                themes: &mut themes,
                conn: &tx,
            };
            while in_batch < BATCH {
                let line = next_line(&mut input, &mut buf).map_err(BatchError::Io)?;
                line_no += 1;
                let parsed = match line {
                    Line::End => {
                        done = true;
                        break;
                    }
                    Line::TooLong => Err(PuzzleError::LineTooLong(MAX_LINE)),
                    Line::Text => match std::str::from_utf8(&buf) {
                        Err(_) => Err(PuzzleError::NotText),
                        Ok(text) if text.trim().is_empty() => continue,
                        Ok(text) if line_no == 1 && is_header(text) => continue,
                        Ok(text) => parse_row(text),
                    },
                };
                report.rows += 1;
                in_batch += 1;
                match parsed {
                    Ok(p) => w.write(&p, &mut report)?,
                    Err(e) => refuse(&mut report, line_no, e),
                }
            }
            Ok(())
        })();
        match result {
            Ok(()) => tx.commit().map_err(sql)?,
            Err(BatchError::Sql(e)) => return Err(sql(e)),
            Err(BatchError::Io(e)) => {
                // The rows read so far are kept.
                tx.commit().map_err(sql)?;
                return Err(StoreError::io(Op::Read, &path, e));
            }
        }
        progress(PuzzleImportProgress { rows: report.rows });
    }
    Ok(report)
}

fn refuse(report: &mut PuzzleImport, line: u64, error: PuzzleError) {
    report.refused_count += 1;
    if report.refused.len() < MAX_REFUSED_LISTED {
        report.refused.push(RowError { line, error });
    }
}
