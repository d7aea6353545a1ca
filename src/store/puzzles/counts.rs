//! How many puzzles each theme has at each rating (`puzzle_rating_counts`; theme 0 counts
//! every puzzle), for the next puzzle to pass over a rating whose puzzles of the theme the
//! player has all played without crossing them (see [`super::PuzzleBook::next`]).
//!
//! The counts are exact or absent, never stale: an import takes them out in its first batch,
//! counts what it writes on top of those it found, and puts them all back in its last; an
//! import stopped between leaves none, and they are counted again from the index by rating
//! when the puzzles are next opened ([`ensure`]), as the index itself is made again.

use std::collections::HashMap;

use rusqlite::{Connection, params};

/// Puzzles by (theme number, 0 for all; rating).
pub type Counts = HashMap<(i64, u16), i64>;

/// Adds `delta` to the counts of a puzzle at `rating` with these theme bits.
pub fn add(counts: &mut Counts, rating: u16, (low, high): (i64, i64), delta: i64) {
    *counts.entry((0, rating)).or_default() += delta;
    for (mut bits, first) in [(low, 1), (high, 64)] {
        while bits != 0 {
            let n = first + i64::from(bits.trailing_zeros());
            bits &= bits - 1;
            *counts.entry((n, rating)).or_default() += delta;
        }
    }
}

/// Whether the counts are missing: puzzles there, and no count.
pub fn missing(conn: &Connection) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT NOT EXISTS (SELECT 1 FROM puzzle_rating_counts)
             AND EXISTS (SELECT 1 FROM puzzles)",
        [],
        |r| r.get(0),
    )
}

/// The counts as they are (none if missing: see [`missing`]).
pub fn load(conn: &Connection) -> rusqlite::Result<Counts> {
    let mut stmt = conn.prepare("SELECT theme, rating, puzzles FROM puzzle_rating_counts")?;
    let rows = stmt.query_map([], |r| Ok(((r.get(0)?, r.get(1)?), r.get(2)?)))?;
    rows.collect()
}

/// Takes the counts out (an import's first batch).
pub fn clear(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM puzzle_rating_counts", [])
        .map(drop)
}

/// Writes `counts` in place of those there.
pub fn store(conn: &Connection, counts: &Counts) -> rusqlite::Result<()> {
    clear(conn)?;
    let mut insert = conn
        .prepare("INSERT INTO puzzle_rating_counts (theme, rating, puzzles) VALUES (?1, ?2, ?3)")?;
    for (&(theme, rating), &n) in counts {
        if n > 0 {
            insert.execute(params![theme, rating, n])?;
        }
    }
    Ok(())
}

/// Counts every puzzle again, from the index by rating (a second or two at Lichess's size).
pub fn recount(conn: &Connection) -> rusqlite::Result<()> {
    let mut counts = Counts::new();
    let mut stmt = conn.prepare("SELECT rating, theme_bits, theme_bits_high FROM puzzles")?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        add(&mut counts, row.get(0)?, (row.get(1)?, row.get(2)?), 1);
    }
    store(conn, &counts)
}

/// Counts the puzzles if their counts are missing (an import was stopped, or the database
/// came from schema 7).
pub fn ensure(conn: &Connection) -> rusqlite::Result<()> {
    if missing(conn)? {
        let tx = conn.unchecked_transaction()?;
        recount(&tx)?;
        tx.commit()?;
    }
    Ok(())
}
