//! One row of Lichess's puzzle database, read and checked.
//!
//! The columns are Lichess's, in its order ([`COLUMNS`]):
//! `PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags`.
//! `FEN` is the position *before* the opponent's move: the first move of `Moves` (UCI) is the
//! opponent's, the solver plays the second, fourth, … and the last move is the solver's. Older
//! dumps had no `OpeningTags`, so nine columns are read too.
//!
//! Nothing in a row is trusted: the FEN must be a legal position, every move legal in turn,
//! the numbers numbers, and no field may hold a control character (the id and the link end up
//! on a terminal). A row that fails says why ([`PuzzleError`]); the reader of a file adds the
//! line ([`RowError`]).

use std::fmt;

use crate::quote::excerpt as quoted;
use crate::rules::{Bitboard, FenError, Move, Position, Role, Square};

/// Lichess's column names, in order.
pub const COLUMNS: [&str; 10] = [
    "PuzzleId",
    "FEN",
    "Moves",
    "Rating",
    "RatingDeviation",
    "Popularity",
    "NbPlays",
    "Themes",
    "GameUrl",
    "OpeningTags",
];

/// The longest id accepted (Lichess's are five characters).
pub const MAX_ID_LEN: usize = 16;

/// The most moves a solution may have (Lichess's longest are about twenty plies).
pub const MAX_MOVES: usize = 64;

/// A puzzle, checked: the start position is legal and every move of the line legal in turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Lichess's id (`00sHx`), also the end of its address: `https://lichess.org/training/ID`.
    pub id: String,
    /// The position before the opponent's move, as the row gave it.
    pub fen: String,
    /// That position.
    pub start: Position,
    /// The line: the opponent's move first, then the solver's and the opponent's in turn, the
    /// solver's last. At least two moves, always an even number.
    pub moves: Vec<Move>,
    /// The puzzle's Glicko-2 rating on Lichess.
    pub rating: u16,
    /// Its rating deviation, where the row has one.
    pub deviation: Option<u16>,
    /// Lichess's popularity, -100 to 100, where the row has one.
    pub popularity: Option<i16>,
    /// How many times it was played on Lichess, where the row has it.
    pub plays: Option<u32>,
    /// Its themes (`fork`, `mateIn2`, `endgame`, …).
    pub themes: Vec<String>,
    /// The game it comes from, on Lichess (may be empty).
    pub game_url: String,
    /// The opening's tags, where the row has them.
    pub opening_tags: Vec<String>,
}

impl Puzzle {
    /// The side that solves: the side *not* to move in the FEN, since the opponent moves first.
    pub fn solver(&self) -> crate::rules::Color {
        !self.start.turn()
    }

    /// The number of moves the solver has to find.
    pub fn solver_moves(&self) -> usize {
        self.moves.len() / 2
    }

    /// `Some(n)` for a "mate in n" puzzle (its theme `mateIn2`, or `mate` with the line's
    /// length).
    ///
    /// ```
    /// use hotseat_chess::puzzle::parse_row;
    /// let row = "0DSAy,R4k2/1r3ppp/8/2nN4/8/1pP5/1P4PP/2K5 b - - 5 29,b7b8 a8b8,408,,,,hangingPiece mateIn1,https://lichess.org/FoQMju93/black#58,";
    /// assert_eq!(parse_row(row).unwrap().mate_in(), Some(1));
    /// ```
    pub fn mate_in(&self) -> Option<usize> {
        for theme in &self.themes {
            if let Some(n) = theme.strip_prefix("mateIn") {
                return n.parse().ok();
            }
        }
        self.has_theme("mate").then(|| self.solver_moves())
    }

    /// Whether the puzzle has this theme (Lichess's spelling, `backRankMate`).
    pub fn has_theme(&self, theme: &str) -> bool {
        self.themes.iter().any(|t| t == theme)
    }

    /// The puzzle's page on Lichess.
    pub fn training_url(&self) -> String {
        format!("https://lichess.org/training/{}", self.id)
    }

    /// The position the solver first sees: after the opponent's move.
    pub fn problem(&self) -> Position {
        self.start
            .play(self.moves[0])
            .expect("checked when the row was read")
    }
}

/// Why a row is no puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// Not Lichess's ten (or the older nine) columns.
    Columns(usize),
    /// A field holds a control character.
    Control { column: &'static str },
    /// The id is empty, too long or not letters and digits.
    Id(String),
    /// The FEN does not parse, or is no legal position.
    Fen { fen: String, error: FenError },
    /// A move is not UCI (`e2e4`, `e7e8q`).
    MoveSyntax { index: usize, text: String },
    /// A move is not legal where it comes.
    IllegalMove { index: usize, text: String },
    /// The line has fewer than two moves, an odd number, or too many.
    MoveCount(usize),
    /// A number column holds something else.
    Number { column: &'static str, text: String },
    /// The line is longer than this many bytes: no puzzle is.
    LineTooLong(usize),
    /// The line is not UTF-8 text.
    NotText,
    /// The row brings a theme beyond the most a database keeps apart (`max`): refused by the
    /// reader of a file, not by [`parse_row`].
    TooManyThemes { theme: String, max: usize },
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::Columns(n) => write!(
                f,
                "{n} columns, expected 10 ({}) separated by commas",
                COLUMNS.join(",")
            ),
            PuzzleError::Control { column } => {
                write!(f, "the {column} column holds a control character")
            }
            PuzzleError::Id(id) => write!(
                f,
                "the puzzle id {} is not 1 to {MAX_ID_LEN} letters and digits",
                quoted(id)
            ),
            PuzzleError::Fen { fen, error } => write!(f, "bad FEN {}: {error}", quoted(fen)),
            PuzzleError::MoveSyntax { index, text } => write!(
                f,
                "move {} of the line, {}, is not a UCI move (like e2e4 or e7e8q)",
                index + 1,
                quoted(text)
            ),
            PuzzleError::IllegalMove { index, text } => write!(
                f,
                "move {} of the line, {}, is illegal in its position",
                index + 1,
                quoted(text)
            ),
            PuzzleError::MoveCount(n) => write!(
                f,
                "the line has {n} moves; a puzzle has the opponent's move and the solver's \
                 answers, an even number from 2 to {MAX_MOVES}"
            ),
            PuzzleError::Number { column, text } => {
                write!(f, "{column} should be a number, not {}", quoted(text))
            }
            PuzzleError::LineTooLong(max) => {
                write!(f, "the line is longer than {max} bytes: no puzzle is")
            }
            PuzzleError::NotText => write!(f, "the line is not UTF-8 text"),
            PuzzleError::TooManyThemes { theme, max } => write!(
                f,
                "the theme {} would be the {}th different theme; hotseat tells at most {max} \
                 apart (Lichess's file has about 70)",
                quoted(theme),
                max + 1
            ),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// A refused row of a file: its line (counting from 1, the header included) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowError {
    pub line: u64,
    pub error: PuzzleError,
}

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.error)
    }
}

impl std::error::Error for RowError {}

/// Whether a line is Lichess's header (`PuzzleId,FEN,…`), which a file may start with.
pub fn is_header(line: &str) -> bool {
    line.trim_end_matches(['\r', '\n']).starts_with("PuzzleId,")
}

/// Reads one row (its line ending may be left on).
pub fn parse_row(line: &str) -> Result<Puzzle, PuzzleError> {
    let line = line.trim_end_matches(['\r', '\n']);
    let fields: Vec<&str> = line.split(',').collect();
    if fields.len() != 10 && fields.len() != 9 {
        return Err(PuzzleError::Columns(fields.len()));
    }
    for (field, column) in fields.iter().zip(COLUMNS) {
        if field.chars().any(char::is_control) {
            return Err(PuzzleError::Control { column });
        }
    }
    let id = fields[0];
    if id.is_empty() || id.len() > MAX_ID_LEN || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(PuzzleError::Id(id.to_owned()));
    }
    let fen = fields[1].trim();
    let start = Position::from_fen(fen).map_err(|error| PuzzleError::Fen {
        fen: fen.to_owned(),
        error,
    })?;
    let texts: Vec<&str> = fields[2].split_ascii_whitespace().collect();
    if texts.len() < 2 || !texts.len().is_multiple_of(2) || texts.len() > MAX_MOVES {
        return Err(PuzzleError::MoveCount(texts.len()));
    }
    let mut moves = Vec::with_capacity(texts.len());
    let mut position = start.clone();
    for (index, text) in texts.iter().enumerate() {
        let m = uci_move(&position, text).map_err(|syntax| {
            if syntax {
                PuzzleError::MoveSyntax {
                    index,
                    text: (*text).to_owned(),
                }
            } else {
                PuzzleError::IllegalMove {
                    index,
                    text: (*text).to_owned(),
                }
            }
        })?;
        position.play_unchecked(m);
        moves.push(m);
    }
    let words = |s: &str| s.split_ascii_whitespace().map(str::to_owned).collect();
    Ok(Puzzle {
        id: id.to_owned(),
        fen: fen.to_owned(),
        start,
        moves,
        rating: number(fields[3], "Rating")?.ok_or(PuzzleError::Number {
            column: "Rating",
            text: String::new(),
        })?,
        deviation: number(fields[4], "RatingDeviation")?,
        popularity: number(fields[5], "Popularity")?,
        plays: number(fields[6], "NbPlays")?,
        themes: words(fields[7]),
        game_url: fields[8].trim().to_owned(),
        opening_tags: fields.get(9).map(|f| words(f)).unwrap_or_default(),
    })
}

/// An optional number column: empty is `None`.
fn number<T: std::str::FromStr>(
    text: &str,
    column: &'static str,
) -> Result<Option<T>, PuzzleError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse().map(Some).map_err(|_| PuzzleError::Number {
        column,
        text: text.to_owned(),
    })
}

/// The legal move a UCI text names here: `Err(true)` when the text is no UCI move,
/// `Err(false)` when it is but is not legal. Castling is the king's two-square step
/// (`e1g1`), or the king taking its own rook (`e1h1`) as UCI_Chess960 writes it.
pub fn uci_move(position: &Position, text: &str) -> Result<Move, bool> {
    let bytes = text.as_bytes();
    if !(4..=5).contains(&bytes.len()) || !text.is_ascii() {
        return Err(true);
    }
    let from: Square = text[0..2].parse().map_err(|_| true)?;
    let to: Square = text[2..4].parse().map_err(|_| true)?;
    let promotion = match bytes.get(4) {
        None => None,
        Some(&c) => match Role::from_char(c as char) {
            Some(r) if c.is_ascii_lowercase() && Role::PROMOTIONS.contains(&r) => Some(r),
            _ => return Err(true),
        },
    };
    // Only the moves between the two squares are generated (castling matched on the king's
    // destination and on the rook's square): an import checks 5 million lines of moves.
    let mut found = None;
    position.generate_between(
        Bitboard::from_square(from),
        Bitboard::from_square(to),
        |m| {
            if found.is_none() && m.promotion() == promotion {
                found = Some(m);
            }
        },
    );
    found.ok_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MATE_IN_1: &str = "0DSAy,R4k2/1r3ppp/8/2nN4/8/1pP5/1P4PP/2K5 b - - 5 29,b7b8 a8b8,408,,,,hangingPiece mateIn1,https://lichess.org/FoQMju93/black#58,";
    const FULL: &str = "00sHx,q3k1nr/1pp1nQpp/3p4/1P2p3/4P3/B1PP1b2/B5PP/5K2 b k - 0 17,e8d7 a2e6 d7d8 f7f8,1760,80,83,72,mate mateIn2 middlegame short,https://lichess.org/yyznGmXs/black#34,Italian_Game Italian_Game_Classical_Variation";

    #[test]
    fn a_row_of_the_bundled_file_reads_with_its_empty_columns() {
        let p = parse_row(MATE_IN_1).unwrap();
        assert_eq!(p.id, "0DSAy");
        assert_eq!(p.rating, 408);
        assert_eq!(p.deviation, None);
        assert_eq!(p.plays, None);
        assert_eq!(p.themes, ["hangingPiece", "mateIn1"]);
        assert_eq!(p.moves.len(), 2);
        assert_eq!(p.moves[0].uci().to_string(), "b7b8");
        assert_eq!(p.solver(), crate::rules::Color::White);
        assert_eq!(p.mate_in(), Some(1));
        assert!(p.opening_tags.is_empty());
    }

    #[test]
    fn a_full_lichess_row_reads_every_column() {
        let p = parse_row(&format!("{FULL}\r\n")).unwrap();
        assert_eq!(p.deviation, Some(80));
        assert_eq!(p.popularity, Some(83));
        assert_eq!(p.plays, Some(72));
        assert_eq!(p.mate_in(), Some(2));
        assert_eq!(
            p.opening_tags,
            ["Italian_Game", "Italian_Game_Classical_Variation"]
        );
        assert_eq!(p.game_url, "https://lichess.org/yyznGmXs/black#34");
        assert_eq!(p.training_url(), "https://lichess.org/training/00sHx");
    }

    #[test]
    fn the_older_nine_column_rows_read_too() {
        let nine = FULL.rsplit_once(',').unwrap().0;
        assert!(parse_row(nine).is_ok());
    }

    #[test]
    fn a_wrong_column_count_is_refused_with_the_count() {
        let err = parse_row("abc,def").unwrap_err();
        assert_eq!(err, PuzzleError::Columns(2));
        assert!(err.to_string().contains("expected 10"), "{err}");
        assert_eq!(
            parse_row(&format!("{FULL},extra")).unwrap_err(),
            PuzzleError::Columns(11)
        );
    }

    #[test]
    fn a_bad_fen_is_refused_saying_what_is_wrong() {
        let row = MATE_IN_1.replace("R4k2/", "R4k2/X");
        let err = parse_row(&row).unwrap_err();
        assert!(matches!(err, PuzzleError::Fen { .. }), "{err:?}");
        assert!(err.to_string().starts_with("bad FEN"), "{err}");
        // Parses, but is no legal position: two white kings.
        let row = MATE_IN_1.replace("2K5", "2KK4");
        assert!(matches!(
            parse_row(&row).unwrap_err(),
            PuzzleError::Fen { .. }
        ));
    }

    #[test]
    fn an_illegal_move_is_refused_with_its_place_in_the_line() {
        let row = MATE_IN_1.replace("a8b8", "a8c8");
        let err = parse_row(&row).unwrap_err();
        assert_eq!(
            err,
            PuzzleError::IllegalMove {
                index: 1,
                text: "a8c8".into()
            }
        );
        assert!(err.to_string().contains("move 2 of the line"), "{err}");
        let row = MATE_IN_1.replace("b7b8", "b7z8");
        assert!(matches!(
            parse_row(&row).unwrap_err(),
            PuzzleError::MoveSyntax { index: 0, .. }
        ));
        // An uppercase promotion letter is not UCI.
        let row = MATE_IN_1.replace("b7b8", "b7b8Q");
        assert!(matches!(
            parse_row(&row).unwrap_err(),
            PuzzleError::MoveSyntax { .. }
        ));
    }

    #[test]
    fn a_line_must_end_on_the_solvers_move() {
        let row = MATE_IN_1.replace("b7b8 a8b8", "b7b8");
        assert_eq!(parse_row(&row).unwrap_err(), PuzzleError::MoveCount(1));
        let row = MATE_IN_1.replace("b7b8 a8b8", "");
        assert_eq!(parse_row(&row).unwrap_err(), PuzzleError::MoveCount(0));
    }

    #[test]
    fn numbers_ids_and_control_characters_are_checked() {
        let row = MATE_IN_1.replace(",408,", ",high,");
        assert!(matches!(
            parse_row(&row).unwrap_err(),
            PuzzleError::Number {
                column: "Rating",
                ..
            }
        ));
        let row = MATE_IN_1.replace(",408,", ",,");
        assert!(matches!(
            parse_row(&row).unwrap_err(),
            PuzzleError::Number {
                column: "Rating",
                ..
            }
        ));
        let row = MATE_IN_1.replace("0DSAy", "0D/Ay");
        assert!(matches!(parse_row(&row).unwrap_err(), PuzzleError::Id(_)));
        let row = MATE_IN_1.replace("lichess.org", "lichess\u{1b}[2J.org");
        assert_eq!(
            parse_row(&row).unwrap_err(),
            PuzzleError::Control { column: "GameUrl" }
        );
    }

    #[test]
    fn castling_reads_as_the_kings_step_or_as_king_takes_rook() {
        let p = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let a = uci_move(&p, "e1g1").unwrap();
        let b = uci_move(&p, "e1h1").unwrap();
        assert!(a.is_castle());
        assert_eq!(a, b);
    }
}
