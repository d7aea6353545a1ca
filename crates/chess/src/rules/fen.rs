//! Forsyth-Edwards Notation: parse into a [`Setup`], validate into a [`Position`], write back.
//!
//! Two steps, two kinds of error, as in shakmaty: text that is not FEN at all
//! ([`ParseFenError`]: wrong field count, a bad piece letter, a rank of nine squares), and FEN
//! that describes no legal position ([`PositionError`]: two white kings, the side not to move in
//! check, an en passant square no pawn could have skipped). [`FenError`] is either. Every message
//! names the problem and says what would be right.

use std::fmt;
use std::str::FromStr;

use super::attacks::king_attacks;
use super::bitboard::Bitboard;
use super::position::{CastleSide, Position};
use super::types::{Color, File, Piece, Rank, Role, Square};

/// The FEN of the standard starting position.
pub const INITIAL_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The largest half-move clock accepted: far beyond the 75-move rule's 150, but finite.
pub const MAX_HALFMOVES: u32 = 10_000;
/// The largest move number accepted.
pub const MAX_FULLMOVES: u32 = 100_000;

/// A position as FEN describes it, not yet checked for legality.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Indexed by [`Square::index`].
    pub board: [Option<Piece>; 64],
    pub turn: Color,
    /// The castling rights, in the order the field lists them.
    pub castling: Vec<CastlingRight>,
    pub ep_square: Option<Square>,
    pub halfmoves: u32,
    pub fullmoves: u32,
}

/// One castling right of a FEN castling field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingRight {
    pub color: Color,
    pub rook: CastlingRook,
    /// The letter as written, for messages.
    pub letter: char,
}

/// Which rook a castling right belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastlingRook {
    /// `KQkq` (standard FEN and X-FEN): the outermost rook on that side of the king.
    Outermost(CastleSide),
    /// A file letter (Shredder-FEN `HAha`, or X-FEN for an inner rook): the rook on that file
    /// of the owner's back rank.
    File(File),
}

/// Why a FEN string was rejected: it is not FEN, or it is FEN of no legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Parse(ParseFenError),
    Position(PositionError),
}

/// Text that is not FEN: wrong field count, a bad piece letter, a rank of nine squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    FieldCount(usize),
    RankCount(usize),
    RankLength { rank: Rank, squares: usize },
    PieceLetter { letter: char, rank: Rank },
    Turn(String),
    CastlingSyntax(String),
    CastlingDuplicate(char),
    EnPassantSyntax(String),
    Halfmoves(String),
    Fullmoves(String),
}

/// A FEN [`Setup`] that is no legal position: two white kings, the side not to move in check,
/// a castling right with no rook to castle with, an en passant square no pawn could have
/// skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A castling right, but the king is not on its back rank.
    CastlingKingAway {
        letter: char,
        king: Square,
        color: Color,
    },
    /// `K` or `Q` (or `k`, `q`) with no rook of that colour on that side of the king.
    CastlingNoRook {
        letter: char,
        king: Square,
        side: CastleSide,
        color: Color,
    },
    /// A file letter naming a square without a rook of that colour.
    CastlingRookMissing {
        letter: char,
        square: Square,
        color: Color,
    },
    /// Two rights for the same side of the same king (`KH`).
    CastlingSideTwice {
        color: Color,
        side: CastleSide,
    },
    EnPassantRank {
        square: Square,
        turn: Color,
    },
    EnPassantNoPawn {
        square: Square,
        pawn: Square,
        color: Color,
    },
    EnPassantNotEmpty {
        square: Square,
        origin: Square,
    },
    MissingKing(Color),
    TooManyKings(Color, u32),
    KingsAdjacent,
    OppositeCheck {
        in_check: Color,
    },
    PawnOnBackrank(Square),
    TooManyPieces(Color, u32),
    TooManyPawns(Color, u32),
}

impl From<ParseFenError> for FenError {
    fn from(err: ParseFenError) -> FenError {
        FenError::Parse(err)
    }
}

impl From<PositionError> for FenError {
    fn from(err: PositionError) -> FenError {
        FenError::Position(err)
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(err) => err.fmt(f),
            FenError::Position(err) => err.fmt(f),
        }
    }
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseFenError::*;
        match self {
            FieldCount(n) => write!(
                f,
                "a FEN has 6 fields separated by spaces (board, side to move, castling, \
                 en passant, half-move clock, move number), like \"{INITIAL_FEN}\"; found {n}"
            ),
            RankCount(n) => write!(
                f,
                "the board has {n} rank{}; it needs 8, separated by '/'",
                if *n == 1 { "" } else { "s" }
            ),
            RankLength { rank, squares } => write!(
                f,
                "rank {} has {squares} squares; each rank needs exactly 8 \
                 (pieces, plus digits 1-8 for runs of empty squares)",
                rank.char()
            ),
            PieceLetter { letter, rank } => write!(
                f,
                "'{}' on rank {} is not a piece: use KQRBNP for White, kqrbnp for Black \
                 and digits 1-8 for empty squares",
                letter.escape_default(),
                rank.char()
            ),
            Turn(s) => write!(
                f,
                "side to move must be w or b, not \"{}\"",
                s.escape_default()
            ),
            CastlingSyntax(s) => write!(
                f,
                "castling field \"{}\" is not valid: write - for none, or some of KQkq \
                 (X-FEN adds rook files for inner rooks; Shredder-FEN writes files, like HAha)",
                s.escape_default()
            ),
            CastlingDuplicate(c) => write!(f, "castling field lists {c} twice"),
            EnPassantSyntax(s) => write!(
                f,
                "en passant field \"{}\" is not valid: write - or a square like e3",
                s.escape_default()
            ),
            Halfmoves(s) => write!(
                f,
                "half-move clock \"{}\" must be a whole number from 0 to {MAX_HALFMOVES}",
                s.escape_default()
            ),
            Fullmoves(s) => write!(
                f,
                "move number \"{}\" must be a whole number from 1 to {MAX_FULLMOVES}",
                s.escape_default()
            ),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match self {
            CastlingKingAway {
                letter,
                king,
                color,
            } => write!(
                f,
                "castling right {letter} needs the {} king on rank {}, but it is on {king}",
                color.name(),
                Rank::First.relative_to(*color).char()
            ),
            CastlingNoRook {
                letter,
                king,
                side,
                color,
            } => write!(
                f,
                "castling right {letter} names no rook: there is no {} rook on rank {} on the \
                 {} side of the king on {king}",
                color.name(),
                Rank::First.relative_to(*color).char(),
                match side {
                    CastleSide::King => "h-file",
                    CastleSide::Queen => "a-file",
                }
            ),
            CastlingRookMissing {
                letter,
                square,
                color,
            } => write!(
                f,
                "castling right {letter} names no rook: there is no {} rook on {square}",
                color.name()
            ),
            CastlingSideTwice { color, side } => write!(
                f,
                "castling field gives {color} two {} rights; a king has one rook on each side",
                match side {
                    CastleSide::King => "kingside",
                    CastleSide::Queen => "queenside",
                }
            ),
            EnPassantRank { square, turn } => write!(
                f,
                "en passant square {square} must be on rank {} when {turn} is to move",
                Rank::Sixth.relative_to(*turn).char()
            ),
            EnPassantNoPawn {
                square,
                pawn,
                color,
            } => write!(
                f,
                "en passant square {square} has no {} pawn on {pawn} that could just have \
                 moved two squares",
                color.name()
            ),
            EnPassantNotEmpty { square, origin } => write!(
                f,
                "en passant square {square} and the pawn's starting square {origin} must be \
                 empty"
            ),
            MissingKing(c) => write!(f, "there is no {} king", c.name()),
            TooManyKings(c, n) => write!(f, "there are {n} {} kings; there must be one", c.name()),
            KingsAdjacent => f.write_str("the kings stand next to each other"),
            OppositeCheck { in_check } => write!(
                f,
                "{in_check} is in check but it is {}'s turn: the side not to move cannot be \
                 in check",
                !*in_check
            ),
            PawnOnBackrank(sq) => write!(f, "a pawn on {sq}: pawns cannot stand on rank 1 or 8"),
            TooManyPieces(c, n) => write!(f, "{c} has {n} pieces; at most 16 are possible"),
            TooManyPawns(c, n) => write!(f, "{c} has {n} pawns; at most 8 are possible"),
        }
    }
}

impl std::error::Error for FenError {}
impl std::error::Error for ParseFenError {}
impl std::error::Error for PositionError {}

fn parse_board(field: &str) -> Result<[Option<Piece>; 64], ParseFenError> {
    // Eight ranks or an error about their number, before any other error in them: counted
    // only when something is wrong (or past the eighth rank), so a good field is read once.
    let wrong = |error: ParseFenError| {
        let rows = field.bytes().filter(|&b| b == b'/').count() + 1;
        if rows != 8 {
            ParseFenError::RankCount(rows)
        } else {
            error
        }
    };
    let mut board = [None; 64];
    // Byte by byte, a rank ending at each `/` and at the end of the field.
    let mut rank = Rank::Eighth;
    let mut file = 0usize;
    for (at, b) in field.bytes().enumerate() {
        match b {
            b'/' => {
                if file != 8 || rank == Rank::First {
                    return Err(wrong(ParseFenError::RankLength {
                        rank,
                        squares: file,
                    }));
                }
                rank = Rank::new(rank as u32 - 1);
                file = 0;
            }
            b'1'..=b'8' => file += usize::from(b - b'0'),
            _ => {
                let piece = Piece::from_char(char::from(b)).filter(|_| b.is_ascii_alphabetic());
                let Some(piece) = piece else {
                    // The whole character, not its first byte.
                    let letter = field[at..].chars().next().unwrap_or('?');
                    return Err(wrong(ParseFenError::PieceLetter { letter, rank }));
                };
                if file < 8 {
                    board[Square::from_coords(File::new(file as u32), rank).index()] = Some(piece);
                }
                file += 1;
            }
        }
    }
    if file != 8 || rank != Rank::First {
        return Err(wrong(ParseFenError::RankLength {
            rank,
            squares: file,
        }));
    }
    Ok(board)
}

fn parse_castling(field: &str) -> Result<Vec<CastlingRight>, ParseFenError> {
    if field == "-" {
        return Ok(Vec::new());
    }
    let mut rights: Vec<CastlingRight> = Vec::new();
    for letter in field.chars() {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rook = match letter.to_ascii_lowercase() {
            'k' => CastlingRook::Outermost(CastleSide::King),
            'q' => CastlingRook::Outermost(CastleSide::Queen),
            c @ 'a'..='h' => CastlingRook::File(File::new(u32::from(c) - u32::from('a'))),
            _ => return Err(ParseFenError::CastlingSyntax(field.to_owned())),
        };
        if rights.iter().any(|r| r.letter == letter) {
            return Err(ParseFenError::CastlingDuplicate(letter));
        }
        rights.push(CastlingRight {
            color,
            rook,
            letter,
        });
    }
    if rights.is_empty() {
        return Err(ParseFenError::CastlingSyntax(field.to_owned()));
    }
    Ok(rights)
}

/// Finds the rook a castling right belongs to and gives it to the position.
fn add_castling_right(pos: &mut Position, right: CastlingRight) -> Result<(), PositionError> {
    let CastlingRight {
        color,
        rook,
        letter,
    } = right;
    let back = Rank::First.relative_to(color);
    let king = pos.king(color);
    if king.rank() != back {
        return Err(PositionError::CastlingKingAway {
            letter,
            king,
            color,
        });
    }
    let rooks = pos.pieces(color, Role::Rook) & Bitboard::from_rank(back);
    let (side, square) = match rook {
        CastlingRook::Outermost(side) => {
            let beyond = match side {
                CastleSide::King => {
                    Bitboard(u64::MAX.checked_shl(king.index() as u32 + 1).unwrap_or(0))
                }
                CastleSide::Queen => Bitboard((1u64 << king.index()) - 1),
            } & rooks;
            let outermost = match side {
                CastleSide::King => beyond.last(),
                CastleSide::Queen => beyond.first(),
            };
            let square = outermost.ok_or(PositionError::CastlingNoRook {
                letter,
                king,
                side,
                color,
            })?;
            (side, square)
        }
        CastlingRook::File(file) => {
            let square = Square::from_coords(file, back);
            if !rooks.contains(square) {
                return Err(PositionError::CastlingRookMissing {
                    letter,
                    square,
                    color,
                });
            }
            (CastleSide::of(king, square), square)
        }
    };
    if pos.can_castle(color, side) {
        return Err(PositionError::CastlingSideTwice { color, side });
    }
    pos.add_castling(color, side, square);
    Ok(())
}

fn parse_counter(field: Option<&str>, default: u32, min: u32, max: u32) -> Option<u32> {
    match field {
        None => Some(default),
        Some(s) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
            s.parse().ok().filter(|n| (min..=max).contains(n))
        }
        Some(_) => None,
    }
}

impl FromStr for Setup {
    type Err = ParseFenError;

    /// Reads FEN syntax. The two move counters may be left out (they default to `0 1`).
    fn from_str(fen: &str) -> Result<Setup, ParseFenError> {
        // At most seven fields are kept: more is an error that only needs their number.
        let mut fields = [""; 7];
        let mut count = 0;
        let bytes = fen.as_bytes();
        let mut at = 0;
        loop {
            while at < bytes.len() && bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            if at == bytes.len() {
                break;
            }
            let start = at;
            while at < bytes.len() && !bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            // Cut at ASCII whitespace, so at character boundaries.
            if let Some(slot) = fields.get_mut(count) {
                *slot = &fen[start..at];
            }
            count += 1;
        }
        if !(4..=6).contains(&count) {
            return Err(ParseFenError::FieldCount(count));
        }
        let fields = &fields[..count];
        let board = parse_board(fields[0])?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(ParseFenError::Turn(other.to_owned())),
        };
        let castling = parse_castling(fields[2])?;
        let ep_square = match fields[3] {
            "-" => None,
            s => Some(
                s.parse::<Square>()
                    .map_err(|_| ParseFenError::EnPassantSyntax(s.to_owned()))?,
            ),
        };
        let halfmoves = parse_counter(fields.get(4).copied(), 0, 0, MAX_HALFMOVES)
            .ok_or_else(|| ParseFenError::Halfmoves(fields[4].to_owned()))?;
        let fullmoves = parse_counter(fields.get(5).copied(), 1, 1, MAX_FULLMOVES)
            .ok_or_else(|| ParseFenError::Fullmoves(fields[5].to_owned()))?;
        Ok(Setup {
            board,
            turn,
            castling,
            ep_square,
            halfmoves,
            fullmoves,
        })
    }
}

impl Setup {
    /// Checks that the setup is a legal position and builds it.
    pub fn into_position(self) -> Result<Position, PositionError> {
        let mut pos = Position::empty(self.turn);
        for sq in Square::all() {
            if let Some(piece) = self.board[sq.index()] {
                pos.put(piece, sq);
            }
        }
        for color in Color::ALL {
            let kings = pos.pieces(color, Role::King).count();
            match kings {
                0 => return Err(PositionError::MissingKing(color)),
                1 => {}
                n => return Err(PositionError::TooManyKings(color, n)),
            }
            let pieces = pos.by_color(color).count();
            if pieces > 16 {
                return Err(PositionError::TooManyPieces(color, pieces));
            }
            let pawns = pos.pieces(color, Role::Pawn).count();
            if pawns > 8 {
                return Err(PositionError::TooManyPawns(color, pawns));
            }
        }
        if let Some(sq) = (pos.by_role(Role::Pawn) & Bitboard::BACKRANKS).first() {
            return Err(PositionError::PawnOnBackrank(sq));
        }
        if king_attacks(pos.king(Color::White)).contains(pos.king(Color::Black)) {
            return Err(PositionError::KingsAdjacent);
        }
        let them = !self.turn;
        if pos.is_attacked(pos.king(them), self.turn, pos.occupied()) {
            return Err(PositionError::OppositeCheck { in_check: them });
        }

        for &right in &self.castling {
            add_castling_right(&mut pos, right)?;
        }
        pos.chess960 = pos.needs_chess960();

        if let Some(ep) = self.ep_square {
            let us = self.turn;
            if ep.rank() != Rank::Sixth.relative_to(us) {
                return Err(PositionError::EnPassantRank {
                    square: ep,
                    turn: us,
                });
            }
            let forward: i32 = us.fold(-1, 1);
            // The pawn that skipped `ep` stands one rank further from its owner's side.
            let pawn = ep.offset(0, forward).unwrap_or(ep);
            let origin = ep.offset(0, -forward).unwrap_or(ep);
            if !pos.pieces(them, Role::Pawn).contains(pawn) {
                return Err(PositionError::EnPassantNoPawn {
                    square: ep,
                    pawn,
                    color: them,
                });
            }
            if pos.occupied().contains(ep) || pos.occupied().contains(origin) {
                return Err(PositionError::EnPassantNotEmpty { square: ep, origin });
            }
            let capturers = super::attacks::pawn_attacks(them, ep) & pos.pieces(us, Role::Pawn);
            if capturers.any() {
                pos.ep_square = Some(ep);
            }
        }
        pos.halfmoves = self.halfmoves;
        pos.fullmoves = self.fullmoves;
        pos.finish();
        Ok(pos)
    }
}

impl Position {
    /// Reads and validates a FEN string.
    ///
    /// ```
    /// use hotseat_chess::rules::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// assert_eq!(pos.legal_moves().len(), 15);
    /// let err = Position::from_fen("4k3/8/8/8/8/8/8/4K2K w - - 0 1").unwrap_err();
    /// assert_eq!(err.to_string(), "there are 2 white kings; there must be one");
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Ok(fen.parse::<Setup>()?.into_position()?)
    }

    /// The position as canonical FEN: castling as a subset of `KQkq` or `-`, and the en passant
    /// square only when an en passant capture is legal. Chess960 castling is written as X-FEN,
    /// as python-chess writes it: `K`/`Q` for the outermost rook on that side of the king, the
    /// rook's file letter when another rook stands further out.
    pub fn fen(&self) -> String {
        let mut s = String::with_capacity(90);
        // The board square by square, filled from the pieces' sets rather than asking each
        // square what stands there, and written as bytes: a PGN replay writes a FEN a game.
        let mut board = [0u8; 64];
        for color in Color::ALL {
            for role in Role::ALL {
                let letter = Piece { color, role }.char() as u8;
                for sq in self.pieces(color, role) {
                    board[sq.index()] = letter;
                }
            }
        }
        // Eight ranks of at most eight bytes, and seven slashes; a rank's pieces found from its
        // byte of the occupied set, the empty squares between them counted at once.
        let mut placement = [0u8; 71];
        let mut len = 0;
        let occupied = self.occupied().0;
        for rank in (0..8).rev() {
            if rank < 7 {
                placement[len] = b'/';
                len += 1;
            }
            let mut row = (occupied >> (rank * 8)) as u8;
            let mut file = 0;
            while row != 0 {
                let next = row.trailing_zeros() as u8;
                if next > file {
                    placement[len] = b'0' + (next - file);
                    len += 1;
                }
                placement[len] = board[rank * 8 + usize::from(next)];
                len += 1;
                file = next + 1;
                row &= row - 1;
            }
            if file < 8 {
                placement[len] = b'0' + (8 - file);
                len += 1;
            }
        }
        // Piece letters, digits and slashes: ASCII.
        s.push_str(std::str::from_utf8(&placement[..len]).unwrap_or_default());
        s.push(' ');
        s.push(self.turn.char());
        s.push(' ');
        self.write_castling(&mut s);
        s.push(' ');
        match self.legal_ep_square() {
            Some(ep) => {
                s.push(ep.file().char());
                s.push(ep.rank().char());
            }
            None => s.push('-'),
        }
        s.push(' ');
        push_decimal(&mut s, self.halfmoves);
        s.push(' ');
        push_decimal(&mut s, self.fullmoves);
        s
    }
}

/// Appends `n` in decimal: the move counters, without the formatting machinery (a PGN replay
/// writes a FEN for every game).
fn push_decimal(s: &mut String, mut n: u32) {
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    s.extend(digits[start..].iter().map(|&d| char::from(d)));
}

impl Position {
    /// The castling field in X-FEN (see [`Position::fen`]).
    fn write_castling(&self, s: &mut String) {
        let before = s.len();
        for color in Color::ALL {
            let rooks = self.pieces(color, Role::Rook);
            for side in [CastleSide::King, CastleSide::Queen] {
                let Some(rook) = self.castle_rook(color, side) else {
                    continue;
                };
                let further_out = rooks.into_iter().any(|other| match side {
                    CastleSide::King => other.rank() == rook.rank() && other > rook,
                    CastleSide::Queen => other.rank() == rook.rank() && other < rook,
                });
                let letter = match side {
                    _ if further_out => rook.file().char(),
                    CastleSide::King => 'k',
                    CastleSide::Queen => 'q',
                };
                s.push(color.fold(letter.to_ascii_uppercase(), letter));
            }
        }
        if s.len() == before {
            s.push('-');
        }
    }
}

impl FromStr for Position {
    type Err = FenError;
    fn from_str(fen: &str) -> Result<Position, FenError> {
        Position::from_fen(fen)
    }
}
