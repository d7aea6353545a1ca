//! The opening's name for a position ("C50 Italian Game: Giuoco Piano"), found by position so
//! that transpositions are recognised.
//!
//! The names are the lichess-org/chess-openings data set (CC0 1.0), shipped compacted in
//! `crates/chess/data/openings.txt` (about a third of the original's size; [`compile`] makes it from the
//! original TSV files, `cargo run --example openings` writes it). The lookup table is built at
//! first use by replaying every line (a few milliseconds), so start-up does not wait for it.
//!
//! The compact form, one line per named position, in the order of their moves:
//!
//! ```text
//! <plies kept from the line above><bytes kept from the name above><the further moves>
//! TAB <ECO, empty if as above> TAB <the rest of the name>
//! ```
//!
//! The two counts are one byte each, `'0'` plus the count (at most `MAX_KEPT`). A move is
//! two characters, its from and to squares (the king's destination for castling),
//! each written as the byte `'0' + square index` (a1 = `0`, h8 = `o`). In names, `~` and a
//! letter stand for one of the 52 most common words (`WORDS`: `~A` is "Variation"). Lines
//! starting `#` are comments.

use std::fmt;
use std::sync::{Mutex, OnceLock};

use crate::game::Record;
use crate::rules::{Bitboard, Move, Position, Square};

/// The named positions, compacted (see the module documentation). A static, not a const: the
/// table keeps offsets into it, which must all point into the one copy.
static DATA: &str = include_str!("../../data/openings.txt");

/// The words that `~A` to `~Z` and `~a` to `~z` stand for in the compact names, the ones that
/// save the most bytes. Changing them changes `crates/chess/data/openings.txt` (a test says so).
const WORDS: [&str; 52] = [
    "Variation",
    "Defense",
    "Gambit",
    "Attack",
    "Classical",
    "Countergambit",
    "Fianchetto",
    "Opening",
    "Line",
    "System",
    "Modern",
    "Exchange",
    "Indian",
    "Knights",
    "Pterodactyl",
    "Accepted",
    "Queen's",
    "King's",
    "Declined",
    "Rubinstein",
    "Symmetrical",
    "Formation",
    "Nimzowitsch",
    "Alekhine",
    "Tartakower",
    "Steinitz",
    "Counterattack",
    "Main",
    "Zukertort",
    "Traditional",
    "Tarrasch",
    "Normal",
    "Chigorin",
    "Grünfeld",
    "Game",
    "Zilbermints",
    "Accelerated",
    "Botvinnik",
    "Sicilian",
    "Reversed",
    "Closed",
    "Bogoljubow",
    "Paulsen",
    "English",
    "Pawn",
    "Benoni",
    "with",
    "Advance",
    "Deferred",
    "Neo-Grünfeld",
    "Anderssen",
    "Schlechter",
];

/// The word `~` and this byte stand for.
fn word(code: u8) -> Option<&'static str> {
    let i = match code {
        b'A'..=b'Z' => code - b'A',
        b'a'..=b'z' => code - b'a' + 26,
        _ => return None,
    };
    WORDS.get(usize::from(i)).copied()
}

/// `name` with the words of [`WORDS`] written short; the longest first, so that a word inside
/// another ("Grünfeld" in "Neo-Grünfeld") does not break it up.
fn shorten(name: &str) -> String {
    let mut order: Vec<usize> = (0..WORDS.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(WORDS[i].len()));
    let mut out = name.to_owned();
    for i in order {
        let code = if i < 26 {
            b'A' + i as u8
        } else {
            b'a' + (i - 26) as u8
        };
        out = out.replace(WORDS[i], &format!("~{}", code as char));
    }
    out
}

/// Appends the compact name text `short` to `name`, words written out; `false` if a `~` is not
/// followed by a known code.
fn lengthen(short: &str, name: &mut String) -> bool {
    let mut parts = short.split('~');
    name.push_str(parts.next().unwrap_or(""));
    for part in parts {
        let Some(w) = part.bytes().next().and_then(word) else {
            return false;
        };
        name.push_str(w);
        name.push_str(&part[1..]);
    }
    true
}

/// A named opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Opening {
    /// The ECO code, `A00` to `E99`.
    pub eco: &'static str,
    /// The name: family, then variations after a colon (`Italian Game: Giuoco Piano`).
    pub name: &'static str,
}

impl fmt::Display for Opening {
    /// `C50 Italian Game: Giuoco Piano`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.eco, self.name)
    }
}

/// The opening of this very position, if it has a name. Chess960 positions have none.
///
/// ```
/// use hotseat_chess::game::openings;
/// use hotseat_chess::rules::Position;
/// let mut pos = Position::initial();
/// for san in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"] {
///     pos = pos.play(pos.parse_move(san).unwrap()).unwrap();
/// }
/// assert_eq!(
///     openings::lookup(&pos).unwrap().to_string(),
///     "C50 Italian Game: Giuoco Piano"
/// );
/// ```
pub fn lookup(pos: &Position) -> Option<Opening> {
    if pos.is_chess960() && pos.chess960_number() != Some(518) {
        return None;
    }
    table().find(pos.repetition_key())
}

/// The opening of a game that went through `positions` (its start first): the name of the
/// latest of them that has one, as a player would say "we played the Italian", even when the
/// last moves left the book.
pub fn of_line<'a>(positions: impl DoubleEndedIterator<Item = &'a Position>) -> Option<Opening> {
    positions.rev().find_map(lookup)
}

/// The opening of a recorded game as it stood after `ply` half-moves (see [`of_line`]); `None`
/// before the first move, without building the table.
pub fn of_record(record: &Record, ply: usize) -> Option<Opening> {
    if ply == 0 {
        return None;
    }
    of_line((0..=ply).filter_map(|p| record.position_at(p)))
}

/// Every line of the shipped data: its ECO code, name and moves from the start position. For
/// tests and tools; the lookup does not keep them.
pub fn lines() -> Result<Vec<(String, String, Vec<Move>)>, DataError> {
    let mut out = Vec::new();
    decode(DATA, |eco, name, moves, _| {
        out.push((eco.to_owned(), name.to_owned(), moves.to_vec()))
    })?;
    Ok(out)
}

/// The positions that have names, and where their lines are in [`DATA`]: 16 bytes a named
/// line (55 KB), not the names written out (235 KB of heap kept for the whole game after its
/// first move). A name is written out when it is first asked for ([`name_at`]) and kept.
struct Table {
    /// The named positions' keys, sorted; the first line of a position wins.
    keys: Vec<u64>,
    /// For each key, its line: the index into `lines`.
    line_of: Vec<u32>,
    /// Where each named line (comments left out) starts in [`DATA`].
    lines: Vec<u32>,
}

impl Table {
    fn find(&self, key: u64) -> Option<Opening> {
        let i = self.keys.binary_search(&key).ok()?;
        let line = self.line_of[i] as usize;
        Some(Opening {
            eco: self.eco_at(line)?,
            name: self.name_at(line)?,
        })
    }

    /// The named line `i` of [`DATA`].
    fn line(&self, i: usize) -> Option<&'static str> {
        let start = *self.lines.get(i)? as usize;
        DATA.get(start..)?.lines().next()
    }

    /// The ECO code of line `i`: its own, or the one of the nearest line above that has one.
    fn eco_at(&self, i: usize) -> Option<&'static str> {
        (0..=i).rev().find_map(|j| {
            fields(self.line(j)?)
                .map(|f| f.eco)
                .filter(|e| !e.is_empty())
        })
    }

    /// The name of line `i`, written out from the lines above that it keeps bytes of; kept
    /// once written (at most every name once, and a game asks for a handful).
    fn name_at(&self, i: usize) -> Option<&'static str> {
        // (line, name), sorted by line.
        static WRITTEN: Mutex<Vec<(usize, &'static str)>> = Mutex::new(Vec::new());
        let mut written = WRITTEN.lock().unwrap_or_else(|e| e.into_inner());
        let at = match written.binary_search_by_key(&i, |&(line, _)| line) {
            Ok(at) => return Some(written[at].1),
            Err(at) => at,
        };
        // The lines from the nearest above that keeps nothing of the name before it.
        let mut first = i;
        while first > 0 && fields(self.line(first)?)?.name_kept > 0 {
            first -= 1;
        }
        let mut name = String::new();
        for j in first..=i {
            let f = fields(self.line(j)?)?;
            if f.name_kept > name.len() || !name.is_char_boundary(f.name_kept) {
                return None;
            }
            name.truncate(f.name_kept);
            if !lengthen(f.rest, &mut name) {
                return None;
            }
        }
        let name: &'static str = Box::leak(name.into_boxed_str());
        written.insert(at, (i, name));
        Some(name)
    }
}

/// The parts of a compact line that name it.
struct Fields {
    /// Bytes kept from the name of the line above.
    name_kept: usize,
    /// The ECO code, empty if as above.
    eco: &'static str,
    /// The rest of the name, short words not yet written out.
    rest: &'static str,
}

/// The naming parts of a compact line; `None` if it cannot be read.
fn fields(line: &'static str) -> Option<Fields> {
    let name_kept = usize::from(line.as_bytes().get(1)?.checked_sub(b'0')?);
    let mut parts = line.get(2..)?.split('\t');
    let _moves = parts.next()?;
    Some(Fields {
        name_kept,
        eco: parts.next()?,
        rest: parts.next()?,
    })
}

/// The named lines of `data` (comments and empty lines left out), as [`decode`] reads them.
fn named_lines(data: &str) -> impl Iterator<Item = &str> {
    data.lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let data: &'static str = DATA;
        let lines: Vec<u32> = named_lines(data)
            .map(|line| (line.as_ptr() as usize - data.as_ptr() as usize) as u32)
            .collect();
        let mut keys: Vec<(u64, u32)> = Vec::with_capacity(lines.len());
        // The shipped data is checked by the tests; were it ever unreadable, the names stop
        // where it went wrong rather than the game.
        let _ = decode(DATA, |_, _, _, pos| {
            keys.push((pos.repetition_key(), keys.len() as u32));
        });
        // Stable: among equal keys the first line stays first, and dedup keeps it.
        keys.sort_by_key(|&(k, _)| k);
        keys.dedup_by_key(|&mut (k, _)| k);
        Table {
            keys: keys.iter().map(|&(k, _)| k).collect(),
            line_of: keys.iter().map(|&(_, line)| line).collect(),
            lines,
        }
    })
}

/// The most plies or name bytes a line keeps from the one above: its count is one byte, `'0'`
/// to `'~'`.
const MAX_KEPT: usize = (b'~' - b'0') as usize;

/// The byte that writes square `sq` in the compact form.
fn square_byte(sq: Square) -> u8 {
    b'0' + sq.index() as u8
}

/// Reads the compact form, calling `each(eco, name, moves, position)` for every line.
fn decode(
    data: &str,
    mut each: impl FnMut(&str, &str, &[Move], &Position),
) -> Result<(), DataError> {
    let mut positions = vec![Position::initial()];
    let mut moves: Vec<Move> = Vec::new();
    let mut eco = String::new();
    let mut name = String::new();
    for (n, line) in data.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let bad = |what: &'static str| DataError { line: n + 1, what };
        let count = |i: usize| {
            line.as_bytes()
                .get(i)
                .and_then(|b| b.checked_sub(b'0'))
                .map(usize::from)
                .ok_or_else(|| bad("bad count"))
        };
        let (kept, name_kept) = (count(0)?, count(1)?);
        let mut fields = line.get(2..).ok_or_else(|| bad("bad count"))?.split('\t');
        let mut field = || fields.next().ok_or_else(|| bad("too few fields"));
        let further = field()?.as_bytes();
        let code = field()?;
        let rest = field()?;
        if kept > moves.len() || further.len() % 2 != 0 {
            return Err(bad("bad moves"));
        }
        moves.truncate(kept);
        positions.truncate(kept + 1);
        for pair in further.chunks(2) {
            let pos = positions.last().expect("the start is never removed");
            let square = |byte: u8| {
                byte.checked_sub(b'0')
                    .and_then(|index| Square::try_new(u32::from(index)))
            };
            let (from, to) = square(pair[0])
                .zip(square(pair[1]))
                .ok_or_else(|| bad("illegal move"))?;
            // Only the moves from `from` to `to` are generated (not every legal move, listed:
            // this runs for each of the thousands of moves of the data set, on a game's first
            // move), in the order of the full list, so that of promotions the same one is first.
            let mut found = None;
            pos.generate_between(
                Bitboard::from_square(from),
                Bitboard::from_square(to),
                |m| {
                    if found.is_none() && m.from() == from && m.to() == to {
                        found = Some(m);
                    }
                },
            );
            let mv = found.ok_or_else(|| bad("illegal move"))?;
            let mut next = pos.clone();
            next.play_unchecked(mv);
            moves.push(mv);
            positions.push(next);
        }
        if !code.is_empty() {
            eco = code.to_owned();
        }
        if name_kept > name.len() || !name.is_char_boundary(name_kept) {
            return Err(bad("bad name count"));
        }
        name.truncate(name_kept);
        if !lengthen(rest, &mut name) {
            return Err(bad("bad word code"));
        }
        each(&eco, &name, &moves, positions.last().expect("never empty"));
    }
    Ok(())
}

/// A line of the compact form that cannot be read: the data shipped is broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataError {
    /// From 1.
    pub line: usize,
    pub what: &'static str,
}

impl std::fmt::Display for DataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.what)
    }
}

impl std::error::Error for DataError {}

/// Makes the compact form from the data set's TSV files (columns `eco`, `name`, `pgn`; a
/// header line; moves as PGN movetext from the start position). Used by
/// `cargo run --example openings` and by the test that checks the shipped file is up to date.
// Text, not a type: a maintainer's tool (run when the data set is updated), whose error is
// printed for the person updating it; nothing branches on it.
pub fn compile(tsv_files: &[&str]) -> Result<String, String> {
    let mut rows: Vec<(String, String, Vec<Move>)> = Vec::new();
    for text in tsv_files {
        for (n, line) in text.lines().enumerate().skip(1) {
            let bad = |what: String| format!("line {}: {what}", n + 1);
            let mut cols = line.split('\t');
            let (Some(eco), Some(name), Some(pgn)) = (cols.next(), cols.next(), cols.next()) else {
                return Err(bad("expected eco, name and pgn".into()));
            };
            let mut pos = Position::initial();
            let mut moves = Vec::new();
            for token in pgn.split_whitespace() {
                let san = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                if san.is_empty() {
                    continue;
                }
                let mv = pos.parse_move(san).map_err(|e| bad(e.to_string()))?;
                if mv.promotion().is_some() {
                    return Err(bad(format!(
                        "{san}: promotions are not in the compact form"
                    )));
                }
                pos = pos.play(mv).map_err(|e| bad(e.to_string()))?;
                moves.push(mv);
            }
            rows.push((eco.to_owned(), name.to_owned(), moves));
        }
    }
    // In the order of the moves (a walk through the tree of lines), so that each line shares as
    // many moves as it can with the one above.
    let key = |m: &Move| (m.from().index(), m.to().index());
    rows.sort_by(|a, b| a.2.iter().map(key).cmp(b.2.iter().map(key)));
    let mut out = String::from(
        "# Opening names: the lichess-org/chess-openings data set (CC0 1.0), compacted by\n\
         # `cargo run --example openings`; the format is in src/game/openings.rs.\n",
    );
    let (mut prev_moves, mut prev_eco, mut prev_name): (&[Move], &str, &str) = (&[], "", "");
    for (eco, name, moves) in &rows {
        let kept = prev_moves
            .iter()
            .zip(moves)
            .take_while(|(a, b)| a == b)
            .count()
            .min(MAX_KEPT);
        let mut name_kept = prev_name
            .bytes()
            .zip(name.bytes())
            .take_while(|(a, b)| a == b)
            .count()
            .min(MAX_KEPT);
        while !name.is_char_boundary(name_kept) {
            name_kept -= 1;
        }
        out.push(char::from(b'0' + kept as u8));
        out.push(char::from(b'0' + name_kept as u8));
        for m in &moves[kept..] {
            out.push(square_byte(m.from()) as char);
            out.push(square_byte(m.to()) as char);
        }
        out.push('\t');
        if eco != prev_eco {
            out.push_str(eco);
        }
        out.push('\t');
        if name.contains('~') {
            return Err(format!("{name}: a name may not contain `~`"));
        }
        out.push_str(&shorten(&name[name_kept..]));
        out.push('\n');
        (prev_moves, prev_eco, prev_name) = (moves, eco, name);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(sans: &[&str]) -> Position {
        let mut pos = Position::initial();
        for san in sans {
            pos = pos.play(pos.parse_move(san).unwrap()).unwrap();
        }
        pos
    }

    #[test]
    fn the_start_position_has_no_name() {
        assert_eq!(lookup(&Position::initial()), None);
    }

    #[test]
    fn transpositions_find_the_same_name() {
        let direct = after(&["d4", "Nf6", "c4", "e6", "Nc3", "Bb4"]);
        let transposed = after(&["c4", "e6", "Nc3", "Nf6", "d4", "Bb4"]);
        let name = lookup(&direct).unwrap();
        assert_eq!(name.eco, "E20");
        assert!(name.name.starts_with("Nimzo-Indian Defense"), "{name}");
        assert_eq!(lookup(&transposed), Some(name));
    }

    #[test]
    fn a_game_keeps_its_last_name_after_leaving_the_book() {
        let sans = [
            "e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6",
        ];
        let mut line = vec![Position::initial()];
        for san in sans.iter().chain(&["Qd2", "h5", "Rb1", "Rh6"]) {
            let pos = line.last().unwrap();
            line.push(pos.play(pos.parse_move(san).unwrap()).unwrap());
        }
        assert_eq!(lookup(line.last().unwrap()), None, "out of the book");
        let najdorf = of_line(line.iter()).unwrap();
        assert_eq!(
            najdorf.to_string(),
            "B90 Sicilian Defense: Najdorf Variation"
        );
        assert_eq!(of_line(line[..1].iter()), None);
    }

    #[test]
    fn chess960_positions_have_no_names() {
        let pos = Position::chess960(0).unwrap();
        let e4 = pos.play(pos.parse_move("e4").unwrap()).unwrap();
        assert_eq!(lookup(&e4), None);
    }

    #[test]
    fn the_compact_form_round_trips() {
        let tsv = "eco\tname\tpgn\n\
                   C50\tItalian Game\t1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5\n\
                   C20\tKing's Pawn Game\t1. e4 e5\n\
                   C60\tRuy López\t1. e4 e5 2. Nf3 Nc6 3. Bb5\n\
                   C60\tRuy López: Cozio Defense\t1. e4 e5 2. Nf3 Nc6 3. Bb5 Nge7\n\
                   A00\tKádas Opening\t1. h4\n";
        let compact = compile(&[tsv]).unwrap();
        let mut seen = Vec::new();
        decode(&compact, |eco, name, moves, _| {
            seen.push((eco.to_owned(), name.to_owned(), moves.len()))
        })
        .unwrap();
        let want = [
            ("C20", "King's Pawn Game", 2),
            ("C60", "Ruy López", 5),
            ("C60", "Ruy López: Cozio Defense", 6),
            ("C50", "Italian Game", 6),
            ("A00", "Kádas Opening", 1),
        ];
        let mut want: Vec<_> = want
            .iter()
            .map(|(e, n, l)| (e.to_string(), n.to_string(), *l))
            .collect();
        want.sort();
        seen.sort();
        assert_eq!(seen, want);
    }

    #[test]
    fn every_line_is_found_by_its_position_with_the_name_and_eco_decode_reads() {
        let table = table();
        let mut i = 0;
        decode(DATA, |eco, name, _, pos| {
            assert_eq!(table.eco_at(i), Some(eco), "line {i}");
            assert_eq!(table.name_at(i), Some(name), "line {i}");
            let found = lookup(pos).expect("a named position");
            // A position named by an earlier line keeps that line's name.
            let first = table.line_of[table.keys.binary_search(&pos.repetition_key()).unwrap()];
            assert!(first as usize <= i);
            if first as usize == i {
                assert_eq!((found.eco, found.name), (eco, name), "line {i}");
            }
            i += 1;
        })
        .unwrap();
        assert_eq!(i, table.lines.len());
    }

    #[test]
    fn common_words_are_written_short_and_read_back() {
        let name = "Neo-Grünfeld Defense: Exchange Variation, with Grünfeld signs";
        let short = shorten(name);
        assert_eq!(short, "~x ~B: ~L ~A, ~u ~h signs");
        let mut back = String::new();
        assert!(lengthen(&short, &mut back));
        assert_eq!(back, name);
        assert!(!lengthen("~!", &mut back));
        assert!(compile(&["eco\tname\tpgn\nA00\tA ~ name\t1. e4\n"]).is_err());
    }

    #[test]
    fn bad_compact_lines_are_named() {
        let err = decode("00\tA00\tName\n00zz\t\tX\n", |_, _, _, _| ()).unwrap_err();
        assert_eq!(err.to_string(), "line 2: illegal move");
        // e2-e4 (squares 12 and 28: '<' and 'L'), then e2-e4 again, now Black's turn.
        let mut read = 0;
        let err = decode("00<L\tB00\tKing\n10<L\t\tX\n", |_, _, moves, _| {
            assert_eq!(moves.len(), 1);
            read += 1;
        })
        .unwrap_err();
        assert_eq!(
            (read, err.to_string().as_str()),
            (1, "line 2: illegal move")
        );
        let err = decode("00!!\tA00\tName\n", |_, _, _, _| ()).unwrap_err();
        assert_eq!(err.to_string(), "line 1: illegal move");
        let err = decode("50\tA00\tName\n", |_, _, _, _| ()).unwrap_err();
        assert_eq!(err.to_string(), "line 1: bad moves");
        let err = decode("0", |_, _, _, _| ()).unwrap_err();
        assert_eq!(err.to_string(), "line 1: bad count");
        let err = decode("0/\tA00\tName\n", |_, _, _, _| ()).unwrap_err();
        assert_eq!(err.to_string(), "line 1: bad count");
    }
}
