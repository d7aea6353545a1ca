//! Moves written for people: SAN, figurine SAN or long algebraic, with the piece letters of the
//! player's language; and moves typed that way read back.
//!
//! PGN is always written in English SAN, as its standard requires (section 8.2.3); this is for
//! what people read and type: the move list, the status line, the `pgn` tool's output, the
//! plain line mode. The FIDE Laws (Appendix C.3) let each player use "the first letter of the
//! name which is commonly used in his country" and recommend figurines in print. The letters
//! here are those of the PGN standard's table of alternative piece letters (section 17), plus
//! Russian (Кр Ф Л С К), which the table lacks:
//!
//! | code | language | K | Q | R | B | N |
//! | --- | --- | --- | --- | --- | --- | --- |
//! | `en` | English | K | Q | R | B | N |
//! | `cs` | Czech | K | D | V | S | J |
//! | `da` | Danish | K | D | T | L | S |
//! | `de` | German | K | D | T | L | S |
//! | `es` | Spanish | R | D | T | A | C |
//! | `et` | Estonian | K | L | V | O | R |
//! | `fi` | Finnish | K | D | T | L | R |
//! | `fr` | French | R | D | T | F | C |
//! | `hu` | Hungarian | K | V | B | F | H |
//! | `is` | Icelandic | K | D | H | B | R |
//! | `it` | Italian | R | D | T | A | C |
//! | `nl` | Dutch | K | D | T | L | P |
//! | `no` | Norwegian | K | D | T | L | S |
//! | `pl` | Polish | K | H | W | G | S |
//! | `pt` | Portuguese | R | D | T | B | C |
//! | `ro` | Romanian | R | D | T | N | C |
//! | `ru` | Russian | Кр | Ф | Л | С | К |
//! | `sv` | Swedish | K | D | T | L | S |
//!
//! **Reading.** A move is typed in the chosen language's letters, in figurines (`♘f3`), or in
//! English; it is turned into English and read by [`Position::read_typed_move`]. Letters that
//! collide, and how each is resolved:
//!
//! * *A language's letter that is an English letter of another piece* (French and Spanish `R`
//!   is the king, Hungarian `B` the rook, Romanian `N` the bishop, Estonian and Icelandic `R`
//!   the knight...): the chosen language wins; the English meaning of that letter is not
//!   taken. English letters that the language does not use (German `N`, `Q`, `R`, `B`) are
//!   English pieces.
//! * *A piece letter that is also a file* (`A` bishop in Spanish and Italian, `B` bishop in
//!   Portuguese and rook in Hungarian, `C` knight, `D` queen, `F` bishop in French, `H` the
//!   Polish queen, `G` the Polish bishop...): files are small letters and pieces capitals, so
//!   `Dd5` is the queen and `dxe5` the pawn, as written. Only a capital at the start of the
//!   move (or after `=`, or after the last rank as in `e8D`) is a piece; capitals elsewhere are
//!   never translated, so `A2A4` typed with Caps Lock stays a pawn move. Text typed all in
//!   capitals (`DXE5`) is read both ways, as the piece and as the pawn (all small letters):
//!   one legal reading is played, two are named as ambiguous (`DXE5 is ambiguous: Dxe5 or
//!   dxe5`), exactly as English Caps Lock text is for `B` and the b-file.
//! * *Estonian `O`* (the bishop) against castling `O-O`: text that begins with `O-O` or `0-0`
//!   is castling; `Oc4` is the bishop.
//! * *Russian `К` and `Кр`*: the longer token is taken first, so `Кре2` is the king and `Кf3`
//!   the knight.
//!
//! **Writing** takes the English SAN or LAN the rules write and swaps each capital piece letter
//! for the language's letter or the figurine: no other capital occurs in SAN but `O` of
//! castling, which is kept.

use std::fmt;
use std::str::FromStr;

use super::move_text::{AmbiguousMove, MoveError};
use super::moves::Move;
use super::position::Position;

/// The English piece letters, king to knight, in the order of [`Language::letters`].
const ENGLISH: [char; 5] = ['K', 'Q', 'R', 'B', 'N'];

/// The figurines written for king to knight (the same for both sides, as in print).
const FIGURINES: [&str; 5] = ["♔", "♕", "♖", "♗", "♘"];

/// The figurines read for king to knight: either set, wherever a piece letter may stand.
const FIGURINES_READ: [[&str; 2]; 5] = [["♔", "♚"], ["♕", "♛"], ["♖", "♜"], ["♗", "♝"], ["♘", "♞"]];

/// How moves are written: the form, and the piece letters' language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Standard algebraic: `Nf3`, `exd5`, `e8=Q+`.
    #[default]
    San,
    /// SAN with figurines for the pieces: `♘f3`.
    Figurine,
    /// Long algebraic: `Ng1-f3`, `e4xd5`.
    Lan,
}

impl Notation {
    /// The names read by [`FromStr`], for messages.
    pub const NAMES: &'static str = "san, figurine or lan";
}

/// A notation name that is none of [`Notation::NAMES`]; the text as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownNotation(pub String);

impl fmt::Display for UnknownNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown notation {:?}: write {} (or a language's code for its piece letters, like de)",
            self.0,
            Notation::NAMES
        )
    }
}

impl std::error::Error for UnknownNotation {}

impl FromStr for Notation {
    type Err = UnknownNotation;

    fn from_str(s: &str) -> Result<Notation, UnknownNotation> {
        match s.trim().to_ascii_lowercase().as_str() {
            "san" => Ok(Notation::San),
            "figurine" | "fan" => Ok(Notation::Figurine),
            "lan" | "long" => Ok(Notation::Lan),
            _ => Err(UnknownNotation(s.to_owned())),
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Notation::San => "san",
            Notation::Figurine => "figurine",
            Notation::Lan => "lan",
        })
    }
}

/// A language's piece letters (see the module docs of `localised` for the table).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    #[default]
    English,
    Czech,
    Danish,
    German,
    Spanish,
    Estonian,
    Finnish,
    French,
    Hungarian,
    Icelandic,
    Italian,
    Dutch,
    Norwegian,
    Polish,
    Portuguese,
    Romanian,
    Russian,
    Swedish,
}

impl Language {
    /// Every language, in the order of the table.
    pub const ALL: [Language; 18] = [
        Language::English,
        Language::Czech,
        Language::Danish,
        Language::German,
        Language::Spanish,
        Language::Estonian,
        Language::Finnish,
        Language::French,
        Language::Hungarian,
        Language::Icelandic,
        Language::Italian,
        Language::Dutch,
        Language::Norwegian,
        Language::Polish,
        Language::Portuguese,
        Language::Romanian,
        Language::Russian,
        Language::Swedish,
    ];

    /// The ISO 639-1 code: `de`.
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Czech => "cs",
            Language::Danish => "da",
            Language::German => "de",
            Language::Spanish => "es",
            Language::Estonian => "et",
            Language::Finnish => "fi",
            Language::French => "fr",
            Language::Hungarian => "hu",
            Language::Icelandic => "is",
            Language::Italian => "it",
            Language::Dutch => "nl",
            Language::Norwegian => "no",
            Language::Polish => "pl",
            Language::Portuguese => "pt",
            Language::Romanian => "ro",
            Language::Russian => "ru",
            Language::Swedish => "sv",
        }
    }

    /// The piece letters for king, queen, rook, bishop and knight.
    ///
    /// ```
    /// use hotseat_chess::rules::Language;
    /// assert_eq!(Language::German.letters(), ["K", "D", "T", "L", "S"]);
    /// ```
    pub const fn letters(self) -> [&'static str; 5] {
        match self {
            Language::English => ["K", "Q", "R", "B", "N"],
            Language::Czech => ["K", "D", "V", "S", "J"],
            Language::Danish | Language::German | Language::Norwegian | Language::Swedish => {
                ["K", "D", "T", "L", "S"]
            }
            Language::Spanish | Language::Italian => ["R", "D", "T", "A", "C"],
            Language::Estonian => ["K", "L", "V", "O", "R"],
            Language::Finnish => ["K", "D", "T", "L", "R"],
            Language::French => ["R", "D", "T", "F", "C"],
            Language::Hungarian => ["K", "V", "B", "F", "H"],
            Language::Icelandic => ["K", "D", "H", "B", "R"],
            Language::Dutch => ["K", "D", "T", "L", "P"],
            Language::Polish => ["K", "H", "W", "G", "S"],
            Language::Portuguese => ["R", "D", "T", "B", "C"],
            Language::Romanian => ["R", "D", "T", "N", "C"],
            Language::Russian => ["Кр", "Ф", "Л", "С", "К"],
        }
    }

    /// Every code, for messages: `en, cs, da, ...`.
    pub fn codes() -> String {
        Language::ALL.map(Language::code).join(", ")
    }
}

/// A language code with no piece letters here; the text as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLanguage(pub String);

impl fmt::Display for UnknownLanguage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no piece letters for {:?}: write one of {}",
            self.0,
            Language::codes()
        )
    }
}

impl std::error::Error for UnknownLanguage {}

impl FromStr for Language {
    type Err = UnknownLanguage;

    fn from_str(s: &str) -> Result<Language, UnknownLanguage> {
        let code = s.trim().to_ascii_lowercase();
        let code = match code.as_str() {
            "nb" | "nn" => "no",
            other => other,
        };
        Language::ALL
            .into_iter()
            .find(|l| l.code() == code)
            .ok_or_else(|| UnknownLanguage(s.to_owned()))
    }
}

/// How moves are shown to people and read from them: a [`Notation`] and a [`Language`].
///
/// ```
/// use hotseat_chess::rules::{Language, MoveStyle, Notation, Position};
/// let pos = Position::initial();
/// let german = MoveStyle::new(Notation::San, Language::German);
/// let mv = german.read(&pos, "Sf3").unwrap();
/// assert_eq!(german.write(&pos, mv), "Sf3");
/// assert_eq!(MoveStyle::new(Notation::Figurine, Language::English).write(&pos, mv), "♘f3");
/// assert_eq!(MoveStyle::new(Notation::Lan, Language::German).write(&pos, mv), "Sg1-f3");
/// assert_eq!(pos.san(mv), "Nf3"); // PGN stays English
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveStyle {
    pub notation: Notation,
    pub language: Language,
}

impl MoveStyle {
    pub const fn new(notation: Notation, language: Language) -> MoveStyle {
        MoveStyle { notation, language }
    }

    /// Whether this is plain English SAN, the form the rules write.
    pub fn is_english_san(self) -> bool {
        self == MoveStyle::default()
    }

    /// `mv`, legal in `pos`, written in this style.
    pub fn write(self, pos: &Position, mv: Move) -> String {
        match self.notation {
            Notation::Lan => self.localise(&pos.lan(mv)),
            Notation::San | Notation::Figurine => self.localise(&pos.san(mv)),
        }
    }

    /// A move already written in English SAN (as a game's record keeps it) in this style's
    /// letters or figurines. For [`Notation::Lan`] the SAN's letters are swapped (writing LAN
    /// needs the position: [`MoveStyle::write`]).
    ///
    /// ```
    /// use hotseat_chess::rules::{Language, MoveStyle, Notation};
    /// let french = MoveStyle::new(Notation::San, Language::French);
    /// assert_eq!(french.localise("Qxe8+"), "Dxe8+");
    /// assert_eq!(french.localise("exd8=N#"), "exd8=C#");
    /// assert_eq!(french.localise("O-O"), "O-O");
    /// ```
    pub fn localise(self, english: &str) -> String {
        if self.is_english_san() || self == MoveStyle::new(Notation::Lan, Language::English) {
            return english.to_owned();
        }
        let mut out = String::with_capacity(english.len() + 4);
        for c in english.chars() {
            match ENGLISH.iter().position(|&e| e == c) {
                Some(i) if self.notation == Notation::Figurine => out.push_str(FIGURINES[i]),
                Some(i) => out.push_str(self.language.letters()[i]),
                None => out.push(c),
            }
        }
        out
    }

    /// The move `text` means in `pos`, typed in this style's language, in figurines, or in
    /// English (see the module docs of `localised` for how letters that collide are read).
    pub fn read(self, pos: &Position, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let english = self.to_english(text);
        let read = pos.read_typed_move(&english);
        if self.language == Language::English || !shouted(text) {
            return read.map_err(|e| self.with_input(e, text));
        }
        // All in capitals: the first letter may be a file too.
        let as_pawn = pos.parse_move(&text.to_lowercase());
        match (read, as_pawn) {
            (Ok(a), Ok(b)) if a != b => {
                let mut candidates = vec![self.write(pos, a), self.write(pos, b)];
                candidates.sort();
                Err(MoveError::Ambiguous(AmbiguousMove {
                    input: text.to_owned(),
                    candidates,
                }))
            }
            (Ok(mv), _) | (Err(_), Ok(mv)) => Ok(mv),
            (Err(e), Err(_)) => Err(self.with_input(e, text)),
        }
    }

    /// The piece tokens read for king to knight: the language's letters, the figurines, then
    /// the English letter if the language does not give it to another piece.
    fn tokens(self, role: usize) -> impl Iterator<Item = &'static str> {
        let own = self.language.letters();
        let english = Language::English.letters()[role];
        let taken = own
            .iter()
            .enumerate()
            .any(|(i, l)| i != role && *l == english);
        std::iter::once(own[role])
            .chain(FIGURINES_READ[role])
            .chain((!taken).then_some(english))
    }

    /// The piece at the start of `text`: its index (king to knight) and the token's length.
    fn piece_at(self, text: &str) -> Option<(usize, usize)> {
        let mut best: Option<(usize, usize)> = None;
        for role in 0..5 {
            for token in self.tokens(role) {
                if text.starts_with(token) && best.is_none_or(|(_, len)| token.len() > len) {
                    best = Some((role, token.len()));
                }
            }
        }
        best
    }

    /// A line of typed moves with this language's piece letters and the figurines turned into
    /// English letters, word by word, for what reads English SAN as it is typed (the move
    /// box's hints). [`MoveStyle::read`] reads a move itself.
    ///
    /// ```
    /// use hotseat_chess::rules::{Language, MoveStyle, Notation};
    /// let german = MoveStyle::new(Notation::San, Language::German);
    /// assert_eq!(german.typed_in_english("1. e4 e5 2. Sf3 Lc5"), "1. e4 e5 2. Nf3 Bc5");
    /// ```
    pub fn typed_in_english(self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while !rest.is_empty() {
            let word_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            out.push_str(&self.to_english(&rest[..word_end]));
            let space_end = rest[word_end..]
                .find(|c: char| !c.is_whitespace())
                .map_or(rest.len(), |i| word_end + i);
            out.push_str(&rest[word_end..space_end]);
            rest = &rest[space_end..];
        }
        out
    }

    /// `text` with this language's piece letters as English ones, where they stand for pieces:
    /// at the start, after `=` or `(`, or right after the last rank of a promotion.
    fn to_english(self, text: &str) -> String {
        if ["O-O", "0-0", "o-o"].iter().any(|c| text.starts_with(c)) {
            return text.to_owned();
        }
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        let mut at_piece = true;
        while let Some(c) = rest.chars().next() {
            if at_piece && let Some((role, len)) = self.piece_at(rest) {
                out.push(ENGLISH[role]);
                rest = &rest[len..];
                at_piece = false;
                continue;
            }
            out.push(c);
            rest = &rest[c.len_utf8()..];
            // A promotion piece follows `=`, `(`, or the eighth or first rank (`e8D`).
            at_piece = c == '=' || c == '(' || ((c == '8' || c == '1') && out.len() >= 2);
        }
        out
    }

    /// `err` naming the text as typed, its candidates in this style.
    fn with_input(self, err: MoveError, text: &str) -> MoveError {
        match err {
            MoveError::Ambiguous(AmbiguousMove { candidates, .. }) => {
                MoveError::Ambiguous(AmbiguousMove {
                    input: text.to_owned(),
                    candidates: candidates.iter().map(|c| self.localise(c)).collect(),
                })
            }
            other => other,
        }
    }
}

/// Whether `text` is written in capitals, Caps Lock style: a capital letter and no small one
/// but the capture sign.
fn shouted(text: &str) -> bool {
    text.chars().any(char::is_uppercase) && !text.chars().any(|c| c.is_lowercase() && c != 'x')
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn style(code: &str) -> MoveStyle {
        MoveStyle::new(Notation::San, code.parse().unwrap())
    }

    /// The SAN of what `text`, typed in `code`'s letters, plays in `fen`, or the error.
    fn read(code: &str, fen: &str, text: &str) -> Result<String, String> {
        let pos = Position::from_fen(fen).unwrap();
        style(code)
            .read(&pos, text)
            .map(|m| pos.san(m))
            .map_err(|e| e.to_string())
    }

    /// A position where every piece can move: knights, bishops, rooks, queen, king, and a
    /// promotion on e8 by capture or push.
    const OPEN: &str = "3rk3/4P3/8/8/8/8/8/R1B1KQN1 w Q - 0 1";

    /// A pawn that promotes on e8 by a push.
    const PROMOTION: &str = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";

    #[test]
    fn every_language_writes_and_reads_back_every_piece() {
        let pos = Position::from_fen(OPEN).unwrap();
        for language in Language::ALL {
            for notation in [Notation::San, Notation::Figurine, Notation::Lan] {
                let style = MoveStyle::new(notation, language);
                for &mv in pos.legal_moves().iter() {
                    let written = style.write(&pos, mv);
                    assert_eq!(
                        style.read(&pos, &written),
                        Ok(mv),
                        "{} {notation}: {written}",
                        language.code()
                    );
                }
            }
        }
    }

    #[test]
    fn each_language_writes_its_own_letters() {
        let pos = Position::from_fen(OPEN).unwrap();
        let sans = |code: &str| -> Vec<String> {
            let style = style(code);
            ["Nf3", "Bd2", "Ra2", "Qf2", "Ke2", "exd8=N"]
                .iter()
                .map(|s| style.write(&pos, pos.parse_move(s).unwrap()))
                .collect()
        };
        assert_eq!(sans("en"), ["Nf3", "Bd2", "Ra2", "Qf2", "Ke2", "exd8=N"]);
        assert_eq!(sans("de"), ["Sf3", "Ld2", "Ta2", "Df2", "Ke2", "exd8=S"]);
        assert_eq!(sans("fr"), ["Cf3", "Fd2", "Ta2", "Df2", "Re2", "exd8=C"]);
        assert_eq!(sans("es"), ["Cf3", "Ad2", "Ta2", "Df2", "Re2", "exd8=C"]);
        assert_eq!(sans("it"), ["Cf3", "Ad2", "Ta2", "Df2", "Re2", "exd8=C"]);
        assert_eq!(sans("nl"), ["Pf3", "Ld2", "Ta2", "Df2", "Ke2", "exd8=P"]);
        assert_eq!(sans("pt"), ["Cf3", "Bd2", "Ta2", "Df2", "Re2", "exd8=C"]);
        assert_eq!(sans("cs"), ["Jf3", "Sd2", "Va2", "Df2", "Ke2", "exd8=J"]);
        assert_eq!(sans("pl"), ["Sf3", "Gd2", "Wa2", "Hf2", "Ke2", "exd8=S"]);
        assert_eq!(sans("hu"), ["Hf3", "Fd2", "Ba2", "Vf2", "Ke2", "exd8=H"]);
        assert_eq!(sans("ru"), ["Кf3", "Сd2", "Лa2", "Фf2", "Крe2", "exd8=К"]);
        let figurine = MoveStyle::new(Notation::Figurine, Language::German);
        assert_eq!(figurine.localise("Nxf3+"), "♘xf3+");
        assert_eq!(figurine.localise("e8=Q#"), "e8=♕#");
    }

    #[test]
    fn typing_takes_the_languages_letters_figurines_and_english() {
        assert_eq!(read("de", START, "Sf3").unwrap(), "Nf3");
        assert_eq!(read("de", START, "♘f3").unwrap(), "Nf3");
        assert_eq!(read("de", START, "Nf3").unwrap(), "Nf3");
        assert_eq!(read("de", START, "Sg1-f3").unwrap(), "Nf3");
        assert_eq!(read("de", START, "e4").unwrap(), "e4");
        assert_eq!(read("fr", START, "Cc3").unwrap(), "Nc3");
        assert_eq!(read("ru", START, "Кf3").unwrap(), "Nf3");
        assert_eq!(read("de", PROMOTION, "e8D").unwrap(), "e8=Q");
        assert_eq!(read("de", PROMOTION, "e8=♘").unwrap(), "e8=N");
        assert_eq!(read("de", OPEN, "exd8=S").unwrap(), "exd8=N");
        assert_eq!(read("de", OPEN, "exd8(T)").unwrap(), "exd8=R+");
        assert_eq!(read("ru", OPEN, "Крe2").unwrap(), "Ke2");
        assert_eq!(read("ru", OPEN, "Фf2").unwrap(), "Qf2");
    }

    /// The chosen language's letter wins over the English letter of another piece: French `R`
    /// is the king, not a rook; Hungarian `B` the rook, not a bishop.
    #[test]
    fn a_languages_letter_wins_over_english() {
        assert_eq!(read("fr", OPEN, "Re2").unwrap(), "Ke2");
        assert_eq!(
            read("fr", OPEN, "Ra2").unwrap_err(),
            "no white king can reach a2"
        );
        assert_eq!(read("fr", OPEN, "Ta2").unwrap(), "Ra2");
        assert_eq!(read("hu", OPEN, "Ba2").unwrap(), "Ra2");
        assert_eq!(read("hu", OPEN, "Fd2").unwrap(), "Bd2");
        assert_eq!(read("ro", OPEN, "Nd2").unwrap(), "Bd2");
        // English letters the language does not use are still English.
        assert_eq!(read("de", OPEN, "Qf2").unwrap(), "Qf2");
        assert_eq!(read("de", OPEN, "Bd2").unwrap(), "Bd2");
    }

    /// Piece letters that are also files: a capital at the start is the piece, small letters
    /// are files; all capitals are read both ways and played when one reading is legal.
    #[test]
    fn piece_letters_that_are_files_follow_the_case() {
        // Spanish A is the bishop; a is the a-file.
        let both = "4k3/8/8/8/8/1p6/P7/2B1K3 w - - 0 1";
        assert_eq!(
            read("es", both, "Axb3").unwrap_err(),
            "no white bishop can reach b3"
        );
        assert_eq!(read("es", both, "axb3").unwrap(), "axb3");
        assert_eq!(read("es", both, "AXB3").unwrap(), "axb3");
        assert_eq!(read("es", START, "A2A4").unwrap(), "a4");
        // German D: the queen, or (in capitals) the d-pawn; both legal: named.
        let both = "4k3/8/8/4p3/3P4/8/7Q/4K3 w - - 0 1";
        assert_eq!(read("de", both, "Dxe5").unwrap(), "Qxe5+");
        assert_eq!(
            read("de", both, "DXE5").unwrap_err(),
            "DXE5 is ambiguous: Dxe5+ or dxe5"
        );
        assert_eq!(read("de", both, "dxe5").unwrap(), "dxe5");
    }

    /// Estonian `O` is the bishop, and castling is still `O-O`.
    #[test]
    fn estonian_bishop_and_castling() {
        let fen = "4k3/8/8/8/8/8/8/2B1K2R w K - 0 1";
        assert_eq!(read("et", fen, "O-O").unwrap(), "O-O");
        assert_eq!(read("et", fen, "Od2").unwrap(), "Bd2");
        let pos = Position::from_fen(fen).unwrap();
        let castle = pos.parse_move("O-O").unwrap();
        assert_eq!(style("et").write(&pos, castle), "O-O");
    }

    #[test]
    fn an_ambiguous_move_is_named_in_the_language() {
        let fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        assert_eq!(
            read("de", fen, "Sd2").unwrap_err(),
            "Sd2 is ambiguous: Sbd2 or Sfd2"
        );
    }

    #[test]
    fn names_are_read_and_wrong_ones_explained() {
        assert_eq!("FIGURINE".parse::<Notation>(), Ok(Notation::Figurine));
        assert_eq!(" de ".parse::<Language>(), Ok(Language::German));
        assert_eq!("nb".parse::<Language>(), Ok(Language::Norwegian));
        assert!(
            "xx".parse::<Language>()
                .unwrap_err()
                .to_string()
                .contains("en, cs, da, de")
        );
        assert!(
            "fen"
                .parse::<Notation>()
                .unwrap_err()
                .to_string()
                .contains("san, figurine or lan")
        );
    }
}
