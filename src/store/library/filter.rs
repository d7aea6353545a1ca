//! The filter's question to the database: the games whose searched text (`games.haystack`,
//! lower-cased) holds every word typed.
//!
//! A scan of every game's text costs 0.07 s at 100,000 games and 0.4 s at a million, for each
//! key typed. So the text is also in `games_text` (schema 5), an FTS5 table with SQLite's
//! trigram tokenizer: every run of three characters is a token, and a word of three characters
//! or more, asked as a phrase (`"flag"` is the trigrams `fla`, `lag` one after the other), is
//! found where it is a part of the text, exactly as `instr` finds it, from the index alone.
//! A word of one or two characters has no trigram: it is tested on the rows the longer words
//! found, or on every row when all the words are that short (the first key or two typed):
//! then the rows read are those of `games_haystack` (schema 9), each game's text alone, a
//! third of the table's bytes, and the count comes from that index alone.

use rusqlite::Connection;

/// The words of a filter, split by what can find them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Filter {
    /// The FTS5 query for the words of three characters or more (`"ann" "flag"`: each a
    /// phrase, all of them needed), if there are any.
    indexed: Option<String>,
    /// The words too short for the index, tested with `instr` on each row.
    short: Vec<String>,
}

/// The fewest characters the trigram index can find.
const TRIGRAM: usize = 3;

impl Filter {
    /// The filter of `words` (lower-cased, none empty).
    pub(super) fn new(words: &[String]) -> Filter {
        let (long, short): (Vec<&String>, Vec<&String>) =
            words.iter().partition(|w| w.chars().count() >= TRIGRAM);
        let indexed = (!long.is_empty()).then(|| {
            long.iter()
                .map(|w| format!("\"{}\"", w.replace('"', "\"\"")))
                .collect::<Vec<_>>()
                .join(" AND ")
        });
        Filter {
            indexed,
            short: short.into_iter().cloned().collect(),
        }
    }

    /// Whether any game is left out (there are words).
    pub(super) fn is_some(&self) -> bool {
        self.indexed.is_some() || !self.short.is_empty()
    }

    /// Whether the index answers alone (no word too short for it).
    fn index_alone(&self) -> bool {
        self.indexed.is_some() && self.short.is_empty()
    }

    /// The condition on a row of `games` (`WHERE …`, or nothing), with its parameters
    /// numbered from 1 in the order of [`Filter::params`]. `walk` keeps SQLite from reading
    /// the index's matches as the rows to visit: it then walks the order's index and tests
    /// each game against them (for a filter that keeps many games, where the first page is
    /// found long before the end).
    pub(super) fn condition(&self, walk: bool) -> String {
        let mut terms = Vec::new();
        let mut n = 0;
        if self.indexed.is_some() {
            n += 1;
            let id = if walk { "+id" } else { "id" };
            terms.push(format!(
                "{id} IN (SELECT rowid FROM games_text WHERE games_text MATCH ?{n})"
            ));
        }
        for _ in &self.short {
            n += 1;
            terms.push(format!("instr(haystack, ?{n}) > 0"));
        }
        if terms.is_empty() {
            String::new()
        } else {
            format!(" WHERE {}", terms.join(" AND "))
        }
    }

    /// The condition of a page that reads the games the filter keeps and sorts them (few of
    /// them: not a walk of the order's index), numbered as [`Filter::condition`]. When the
    /// words are all too short for the trigram index, the games are first found by a scan
    /// of `games_haystack` (each game's text and row id alone: schema 9) rather than of the
    /// table, and only their rows are read.
    pub(super) fn gathered(&self) -> String {
        if self.indexed.is_some() || self.short.is_empty() {
            return self.condition(false);
        }
        format!(
            " WHERE id IN (SELECT id FROM games{})",
            self.condition(false)
        )
    }

    /// The parameters of [`Filter::condition`].
    pub(super) fn params(&self) -> Vec<String> {
        self.indexed
            .iter()
            .cloned()
            .chain(self.short.iter().cloned())
            .collect()
    }

    /// How many games the filter keeps: from the index alone when it can answer alone.
    pub(super) fn count(&self, conn: &Connection) -> rusqlite::Result<usize> {
        let n: i64 = match &self.indexed {
            Some(query) if self.index_alone() => conn.query_row(
                "SELECT count(*) FROM games_text WHERE games_text MATCH ?1",
                [query],
                |r| r.get(0),
            )?,
            _ => conn.query_row(
                &format!("SELECT count(*) FROM games{}", self.condition(false)),
                rusqlite::params_from_iter(self.params()),
                |r| r.get(0),
            )?,
        };
        Ok(n as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(q: &str) -> Vec<String> {
        q.split_whitespace().map(str::to_lowercase).collect()
    }

    #[test]
    fn words_of_three_characters_go_to_the_index_shorter_ones_to_a_test_of_each_row() {
        let f = Filter::new(&words("ann 0-1 a é\"t"));
        assert_eq!(
            f.indexed.as_deref(),
            Some("\"ann\" AND \"0-1\" AND \"é\"\"t\"")
        );
        assert_eq!(f.short, ["a"]);
        assert!(!f.index_alone());
        assert_eq!(
            f.condition(true),
            " WHERE +id IN (SELECT rowid FROM games_text WHERE games_text MATCH ?1) \
             AND instr(haystack, ?2) > 0"
        );
        assert_eq!(f.params().len(), 2);
        let short = Filter::new(&words("1- ab"));
        assert_eq!(short.indexed, None);
        assert_eq!(
            short.condition(false),
            " WHERE instr(haystack, ?1) > 0 AND instr(haystack, ?2) > 0"
        );
        assert_eq!(
            short.gathered(),
            " WHERE id IN (SELECT id FROM games \
             WHERE instr(haystack, ?1) > 0 AND instr(haystack, ?2) > 0)"
        );
        assert_eq!(f.gathered(), f.condition(false));
        let none = Filter::new(&[]);
        assert_eq!(none.gathered(), "");
        assert!(!none.is_some());
        assert_eq!(none.condition(false), "");
    }
}
