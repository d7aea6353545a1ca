//! A page of the library's list from the database, in any order, filtered or not, from any
//! row, without reading the rows before it.
//!
//! `LIMIT rows OFFSET start` reads and drops `start` rows: a page deep in a list of 100,000
//! games sorted by a player took a second. A page is instead read from a row whose place is
//! known (keyset paging): the screen moves a row or a screen at a time, so the last page's
//! first and last rows ([`Anchor`]s) are next to the one asked for, and the page is "the rows
//! after this game in this order", one range of the order's index. A page nearer the end
//! than the start (End) is read from the end, in the order turned round. Whatever is nearest,
//! an anchor or an end, the rows between it and the page are all that is skipped.

use rusqlite::types::Value;
use rusqlite::{Connection, params_from_iter};

use super::Entry;
use super::filter::Filter;
use super::table::{ENTRY_COLUMNS, entry};

/// The orders the library's list can be read in, each by an index of `games` (schema 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortBy {
    /// Newest first (undated games last).
    Newest,
    White,
    Black,
    Result,
    Ending,
    /// The longest first.
    Moves,
    /// By ECO code, then name.
    Opening,
    TimeControl,
    Variant,
    /// Games with an engine's evaluations first.
    Engine,
}

/// One column of an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Term {
    column: &'static str,
    /// Compared without case (the players' names, the opening's).
    nocase: bool,
    descending: bool,
}

impl Term {
    const fn asc(column: &'static str) -> Term {
        Term {
            column,
            nocase: false,
            descending: false,
        }
    }

    fn expr(self) -> String {
        if self.nocase {
            format!("{} COLLATE NOCASE", self.column)
        } else {
            self.column.to_owned()
        }
    }

    fn turned(self) -> Term {
        Term {
            descending: !self.descending,
            ..self
        }
    }
}

/// Newest first: date (undated last), start time, file time, place in the file, name. The
/// name is unique, so this order (and every order ending with it) is total.
const NEWEST: [&str; 6] = ["sort_date", "started", "secs", "nanos", "offset", "file"];

impl SortBy {
    /// The order's columns: the sorted column (turned round when `reversed`), then newest
    /// first among equals.
    fn terms(self, reversed: bool) -> Vec<Term> {
        let newest = NEWEST.iter().map(|&c| Term::asc(c).turned());
        if self == SortBy::Newest {
            return newest
                .map(|t| if reversed { t.turned() } else { t })
                .collect();
        }
        let (column, nocase, descending) = match self {
            SortBy::Newest | SortBy::White => ("white", true, false),
            SortBy::Black => ("black", true, false),
            SortBy::Result => ("result", false, false),
            SortBy::Ending => ("ending", false, false),
            SortBy::Moves => ("moves", false, true),
            SortBy::Opening => ("eco", false, false),
            SortBy::TimeControl => ("time_control", false, false),
            SortBy::Variant => ("variant", false, false),
            SortBy::Engine => ("engine", false, true),
        };
        let first = Term {
            column,
            nocase,
            descending: descending != reversed,
        };
        let mut terms = vec![first];
        if self == SortBy::Opening {
            terms.push(Term {
                column: "opening",
                nocase: true,
                descending: reversed,
            });
        }
        terms.extend(newest);
        terms
    }
}

/// The `ORDER BY` clause of `terms`; `scan` puts a `+` on the first column, which keeps
/// SQLite from walking the order's index and reading each game's row out of order to test it
/// (0.3 s for 100,000 games of which none match): it reads the rows that match and sorts them.
fn order_by(terms: &[Term], scan: bool) -> String {
    let columns: Vec<String> = terms
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let plus = if i == 0 && scan { "+" } else { "" };
            let dir = if t.descending { "DESC" } else { "ASC" };
            format!("{plus}{} {dir}", t.expr())
        })
        .collect();
    format!("ORDER BY {}", columns.join(", "))
}

/// The condition that a row comes after the row whose values of `terms` are the parameters
/// numbered from `first`: later in the first column, or equal there and later in the rest.
/// Its first part (`white >= ?`) is a range of the order's index.
fn after(terms: &[Term], first: usize) -> String {
    fn rest(terms: &[Term], n: usize) -> String {
        let t = terms[0];
        let op = if t.descending { "<" } else { ">" };
        if terms.len() == 1 {
            format!("{} {op} ?{n}", t.expr())
        } else {
            format!(
                "({e} {op} ?{n} OR ({e} = ?{n} AND {}))",
                rest(&terms[1..], n + 1),
                e = t.expr()
            )
        }
    }
    let t = terms[0];
    let op = if t.descending { "<=" } else { ">=" };
    format!("{} {op} ?{first} AND {}", t.expr(), rest(terms, first))
}

/// A row of the list whose place is known: the game named `file` is row `row`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Anchor {
    pub row: usize,
    pub file: String,
}

/// How a page is read: from which game (none: the list's start), in the order or turned
/// round, skipping how many rows.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Plan<'a> {
    from: Option<&'a str>,
    turned: bool,
    skip: usize,
}

/// The cheapest way to rows `start..end` of `count`, with `anchors` (rows of the same list).
fn plans(start: usize, end: usize, count: usize, anchors: &[Anchor]) -> Vec<Plan<'_>> {
    let mut plans = vec![
        Plan {
            from: None,
            turned: false,
            skip: start,
        },
        Plan {
            from: None,
            turned: true,
            skip: count - end,
        },
    ];
    for a in anchors {
        if a.row < start {
            plans.push(Plan {
                from: Some(&a.file),
                turned: false,
                skip: start - a.row - 1,
            });
        } else if a.row >= end {
            plans.push(Plan {
                from: Some(&a.file),
                turned: true,
                skip: a.row - end,
            });
        }
    }
    plans.sort_by_key(|p| p.skip);
    plans
}

/// Above this many matches, a filtered page walks the order's index testing each game
/// against the filter (its index's matches, or the words in its text), and finds its rows
/// long before the end; at or below it, the matches are read and sorted (walking the index
/// for a filter that keeps few games would read every row out of order). (Lower in
/// the tests, whose lists are small, so that both ways are taken.)
#[cfg(not(test))]
const WALK_ABOVE: usize = 2_000;
#[cfg(test)]
const WALK_ABOVE: usize = 50;

/// Rows `start..start + rows` of the `count` games `filter` keeps, in the order `sort`
/// (turned round when `reversed`), read from the nearest of the list's ends and `anchors`.
pub(super) fn page(
    conn: &Connection,
    filter: &Filter,
    (sort, reversed): (SortBy, bool),
    (start, rows): (usize, usize),
    count: usize,
    anchors: &[Anchor],
) -> rusqlite::Result<Vec<Entry>> {
    let end = (start + rows).min(count);
    if start >= end {
        return Ok(Vec::new());
    }
    let terms = sort.terms(reversed);
    for plan in plans(start, end, count, anchors) {
        let terms: Vec<Term> = if plan.turned {
            terms.iter().map(|t| t.turned()).collect()
        } else {
            terms.clone()
        };
        let mut params: Vec<Value> = filter.params().into_iter().map(Value::Text).collect();
        let walk = count > WALK_ABOVE;
        let mut condition = if walk {
            filter.condition(true)
        } else {
            filter.gathered()
        };
        if let Some(file) = plan.from {
            let Some(values) = values(conn, &terms, file)? else {
                // The game is gone: another way.
                continue;
            };
            let keyset = after(&terms, params.len() + 1);
            params.extend(values);
            condition = if condition.is_empty() {
                format!(" WHERE {keyset}")
            } else {
                format!("{condition} AND {keyset}")
            };
        }
        let sql = format!(
            "SELECT {ENTRY_COLUMNS} FROM games{condition} {} LIMIT {} OFFSET {}",
            order_by(&terms, filter.is_some() && !walk),
            end - start,
            plan.skip
        );
        let mut stmt = conn.prepare(&sql)?;
        let mut entries = stmt
            .query_map(params_from_iter(params), entry)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        if plan.turned {
            entries.reverse();
        }
        return Ok(entries);
    }
    unreachable!("the plans from the list's ends need no game")
}

/// The values of `terms`' columns of the game named `file`, if it is there.
fn values(conn: &Connection, terms: &[Term], file: &str) -> rusqlite::Result<Option<Vec<Value>>> {
    use rusqlite::OptionalExtension;
    let columns: Vec<&str> = terms.iter().map(|t| t.column).collect();
    let sql = format!("SELECT {} FROM games WHERE file = ?1", columns.join(", "));
    conn.query_row(&sql, [file], |r| {
        (0..terms.len()).map(|i| r.get::<_, Value>(i)).collect()
    })
    .optional()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_order_is_its_column_then_newest_first_and_turns_round_whole() {
        let white = SortBy::White.terms(false);
        assert_eq!(
            order_by(&white, false),
            "ORDER BY white COLLATE NOCASE ASC, sort_date DESC, started DESC, secs DESC, \
             nanos DESC, offset DESC, file DESC"
        );
        let moves = SortBy::Moves.terms(true);
        assert_eq!(
            order_by(&moves, true),
            "ORDER BY +moves ASC, sort_date DESC, started DESC, secs DESC, nanos DESC, \
             offset DESC, file DESC"
        );
        let oldest = SortBy::Newest.terms(true);
        assert!(oldest.iter().all(|t| !t.descending));
        let opening = SortBy::Opening.terms(false);
        assert_eq!(opening[1].expr(), "opening COLLATE NOCASE");
    }

    #[test]
    fn after_a_row_is_a_range_of_the_first_column_then_ties_broken_in_order() {
        let terms = [
            Term {
                column: "white",
                nocase: true,
                descending: false,
            },
            Term::asc("file").turned(),
        ];
        assert_eq!(
            after(&terms, 3),
            "white COLLATE NOCASE >= ?3 AND (white COLLATE NOCASE > ?3 OR \
             (white COLLATE NOCASE = ?3 AND file < ?4))"
        );
    }

    #[test]
    fn a_page_is_read_from_the_nearest_known_row_or_end() {
        let anchors = [
            Anchor {
                row: 500,
                file: "a".into(),
            },
            Anchor {
                row: 679,
                file: "b".into(),
            },
        ];
        // A screen down from the last page: after its last row.
        let down = &plans(680, 740, 100_000, &anchors)[0];
        assert_eq!((down.from, down.turned, down.skip), (Some("b"), false, 0));
        // A screen up: before its first row, the order turned round.
        let up = &plans(440, 500, 100_000, &anchors)[0];
        assert_eq!((up.from, up.turned, up.skip), (Some("a"), true, 0));
        // The end: from the end.
        let end = &plans(99_940, 100_000, 100_000, &anchors)[0];
        assert_eq!((end.from, end.turned, end.skip), (None, true, 0));
        // The start, with no anchor.
        let top = &plans(0, 60, 100_000, &[])[0];
        assert_eq!((top.from, top.turned, top.skip), (None, false, 0));
    }
}
