//! What the plain mode says about a position and a move: short sentences that read well aloud
//! (a screen reader, a braille line), worked out from the chess crate alone.
//!
//! A move is said as a listener wants to hear it, `White: knight to f3.`, `Black: pawn takes
//! d5, check.`, `White castles king side.`, with the notation after it in brackets (`[1. Nf3]`,
//! written in the players' notation by the caller: `[1. Sf3]` in German), which a screen reader
//! at its usual punctuation level does not read out and a braille reader sees. The words stay
//! English. The board is read rank by rank with empty squares counted (`2 empty`), never one by
//! one. Nothing here knows of the app: [`super::session`] chooses what to say.

use crate::app::Announce;
use crate::game::{GameResult, MoveNumber, Outcome, Reason};
use crate::rules::{Bitboard, Color, File, Move, Piece, Position, Rank, Role, Square};

/// The roles in the order a player counts their pieces.
pub const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// `White: knight to f3.` — the move `mv`, made in `before`, in words.
///
/// ```
/// use hotseat::plain::speech::move_words;
/// use hotseat::rules::Position;
/// let pos = Position::initial();
/// let mv = pos.parse_move("Nf3").unwrap();
/// assert_eq!(move_words(&pos, mv), "White: knight to f3.");
/// ```
pub fn move_words(before: &Position, mv: Move) -> String {
    let mover = before.turn();
    let mut text = match mv {
        Move::Castle { king, rook } => format!("{mover} castles {} side", side_of(king, rook)),
        Move::EnPassant { to, .. } => format!("{mover}: pawn takes {to} en passant"),
        Move::Normal {
            role,
            to,
            capture,
            promotion,
            ..
        } => {
            let verb = if capture.is_some() { "takes" } else { "to" };
            let mut text = format!("{mover}: {} {verb} {to}", role.name());
            if let Some(piece) = promotion {
                text.push_str(&format!(", promotes to {}", piece.name()));
            }
            text
        }
    };
    match before.play(mv) {
        Ok(after) if after.is_checkmate() => text.push_str(", checkmate"),
        Ok(after) if after.is_check() => text.push_str(", check"),
        _ => {}
    }
    text.push('.');
    text
}

fn side_of(king: Square, rook: Square) -> &'static str {
    if rook.file().index() > king.file().index() {
        "king"
    } else {
        "queen"
    }
}

/// The sentence for the move `mv` at `ply` of a game from `start`, made in `before`: its
/// words, then its number and notation (`written`, in the players' style) in brackets:
/// `White: knight to f3. [1. Nf3]`. The words are always English, the notation the players'.
/// `announce` chooses the words alone, the notation alone (`1. Nf3`), or both.
pub fn move_sentence(
    start: &Position,
    ply: usize,
    before: &Position,
    mv: Move,
    written: &str,
    announce: Announce,
) -> String {
    let notation = numbered(start, ply, written);
    match announce {
        Announce::Words => move_words(before, mv),
        Announce::Both => format!("{} [{notation}]", move_words(before, mv)),
        Announce::Notation => notation,
    }
}

/// `1. Nf3` or `1... e5`: the move at `ply`, already `written` in the players' style.
pub fn numbered(start: &Position, ply: usize, written: &str) -> String {
    format!("{} {written}", MoveNumber::of_ply(start, ply))
}

/// How a game ended, as the sentence after the last move: `Black wins. [0-1]`,
/// `Draw by stalemate. [1/2-1/2]`. Checkmate is already said by the move itself.
/// With `announce` words alone, the result in notation is left out.
pub fn outcome_sentence(outcome: Outcome, white: &str, black: &str, announce: Announce) -> String {
    let text = match (outcome.reason, outcome.result) {
        (Reason::Checkmate, GameResult::Win(c)) => format!("{} wins", c.fold(white, black)),
        _ => outcome.named(white, black).to_string().replace(" — ", ", "),
    };
    match announce {
        Announce::Words => format!("{text}."),
        Announce::Both | Announce::Notation => format!("{text}. [{}]", outcome.result.pgn()),
    }
}

/// A piece as said: `white knight`.
pub fn piece_name(piece: Piece) -> String {
    format!("{} {}", piece.color.name(), piece.role.name())
}

/// The plural of a role: `knights`.
pub fn plural(role: Role) -> String {
    format!("{}s", role.name())
}

/// The squares of a line, said with the empty ones counted: `white rook a1, 2 empty, white
/// bishop d1`; `empty` when there is nothing on it.
pub fn line(pos: &Position, squares: impl IntoIterator<Item = Square>) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut empty = 0;
    let mut any = false;
    for sq in squares {
        match pos.piece_at(sq) {
            Some(piece) => {
                if empty > 0 {
                    parts.push(format!("{empty} empty"));
                    empty = 0;
                }
                any = true;
                parts.push(format!("{} {sq}", piece_name(piece)));
            }
            None => empty += 1,
        }
    }
    if !any {
        return "empty".to_owned();
    }
    if empty > 0 {
        parts.push(format!("{empty} empty"));
    }
    parts.join(", ")
}

/// The squares of a rank as read from `side`'s seat: a to h for White, h to a for Black.
fn rank_squares(rank: Rank, side: Color) -> Vec<Square> {
    let mut squares: Vec<Square> = (0..8)
        .map(|f| Square::from_coords(File::new(f), rank))
        .collect();
    if side == Color::Black {
        squares.reverse();
    }
    squares
}

/// The squares of a file as read from `side`'s seat: from its own side of the board outwards.
fn file_squares(file: File, side: Color) -> Vec<Square> {
    let mut squares: Vec<Square> = (0..8)
        .map(|r| Square::from_coords(file, Rank::new(r)))
        .collect();
    if side == Color::Black {
        squares.reverse();
    }
    squares
}

/// The whole board, one sentence per rank, from the far rank to the near one as `side` sits:
/// `Rank 8: black rook a8, ...`.
pub fn board(pos: &Position, side: Color) -> Vec<String> {
    let mut ranks: Vec<u32> = (0..8).rev().collect();
    if side == Color::Black {
        ranks.reverse();
    }
    ranks
        .into_iter()
        .map(|r| {
            let rank = Rank::new(r);
            format!(
                "Rank {}: {}.",
                rank.char(),
                line(pos, rank_squares(rank, side))
            )
        })
        .collect()
}

/// One rank: `Rank 4: 4 empty, white pawn e4, 3 empty.`
pub fn rank(pos: &Position, rank: Rank, side: Color) -> String {
    format!(
        "Rank {}: {}.",
        rank.char(),
        line(pos, rank_squares(rank, side))
    )
}

/// One file: `File e: white king e1, white pawn e2, 4 empty, black pawn e7, black king e8.`
pub fn file(pos: &Position, file: File, side: Color) -> String {
    format!(
        "File {}: {}.",
        file.char(),
        line(pos, file_squares(file, side))
    )
}

/// One square: `e4: white pawn.` or `e4: empty.`
pub fn square(pos: &Position, sq: Square) -> String {
    match pos.piece_at(sq) {
        Some(piece) => format!("{sq}: {}.", piece_name(piece)),
        None => format!("{sq}: empty."),
    }
}

/// A list said the way people say one: `a`, `a or b`, `a, b or c`.
pub fn either(items: &[String], last_word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {last_word} {last}", rest.join(", ")),
    }
}

fn squares_of(bb: Bitboard) -> Vec<String> {
    bb.into_iter().map(|sq| sq.to_string()).collect()
}

/// Where the pieces of one side stand, kind by kind: `White: king e1; queen d1; rooks a1,
/// h1; ...`. With `role`, only that kind: `White knights: b1, g1.`
pub fn pieces(pos: &Position, color: Color, role: Option<Role>) -> String {
    match role {
        Some(role) => {
            let squares = squares_of(pos.pieces(color, role));
            if squares.is_empty() {
                format!("{color} {}: none.", plural(role))
            } else {
                format!("{color} {}: {}.", plural(role), squares.join(", "))
            }
        }
        None => {
            let kinds: Vec<String> = ROLES
                .iter()
                .filter_map(|&role| {
                    let squares = squares_of(pos.pieces(color, role));
                    match squares.len() {
                        0 => None,
                        1 => Some(format!("{} {}", role.name(), squares[0])),
                        _ => Some(format!("{} {}", plural(role), squares.join(", "))),
                    }
                })
                .collect();
            format!("{color}: {}.", kinds.join("; "))
        }
    }
}

/// What the piece on `sq` can do: `Knight g1 can go to f3 or h3.`
pub fn moves_from(pos: &Position, sq: Square) -> String {
    let Some(piece) = pos.piece_at(sq) else {
        return format!("{sq}: empty, no piece to move.");
    };
    let name = capitalised(&format!("{} {sq}", piece.role.name()));
    if piece.color != pos.turn() {
        return format!(
            "{} {sq} cannot move now: it is {}'s move.",
            capitalised(&piece_name(piece)),
            pos.turn()
        );
    }
    let moves: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.from() == sq)
        .collect();
    let mut goes: Vec<String> = Vec::new();
    let mut takes: Vec<String> = Vec::new();
    let mut castles: Vec<String> = Vec::new();
    for mv in moves {
        let (list, text) = match mv {
            Move::Castle { king, rook } => (&mut castles, format!("{} side", side_of(king, rook))),
            m if m.is_capture() => (&mut takes, m.to().to_string()),
            m => (&mut goes, m.to().to_string()),
        };
        // A promotion is one square however many pieces it may become.
        if !list.contains(&text) {
            list.push(text);
        }
    }
    let mut can: Vec<String> = Vec::new();
    if !goes.is_empty() {
        can.push(format!("go to {}", either(&goes, "or")));
    }
    if !takes.is_empty() {
        can.push(format!("take on {}", either(&takes, "or")));
    }
    if !castles.is_empty() {
        can.push(format!("castle {}", either(&castles, "or")));
    }
    if can.is_empty() {
        return format!("{name} has no legal move.");
    }
    let promotes = piece.role == Role::Pawn
        && (sq.rank() == Rank::new(6) && piece.color == Color::White
            || sq.rank() == Rank::new(1) && piece.color == Color::Black);
    let tail = if promotes { ", and promote" } else { "" };
    format!("{name} can {}{tail}.", either(&can, "or"))
}

/// A time as said aloud: `4 minutes 59 seconds`, `1 hour 2 minutes`, `9.4 seconds` under ten
/// seconds (tenths count then), whole seconds otherwise, cut down as a clock shows them.
///
/// ```
/// use hotseat::plain::speech::spoken_time;
/// use std::time::Duration;
/// assert_eq!(spoken_time(Duration::from_millis(299_900)), "4 minutes 59 seconds");
/// assert_eq!(spoken_time(Duration::from_secs(60)), "1 minute");
/// assert_eq!(spoken_time(Duration::from_millis(9_450)), "9.4 seconds");
/// assert_eq!(spoken_time(Duration::ZERO), "0 seconds");
/// ```
pub fn spoken_time(t: std::time::Duration) -> String {
    if t.as_secs() < 10 {
        let tenths = t.subsec_millis() / 100;
        return match (t.as_secs(), tenths) {
            (s, 0) => count(s, "second"),
            (s, tenths) => format!("{s}.{tenths} seconds"),
        };
    }
    let secs = t.as_secs();
    let parts: Vec<String> = [
        (secs / 3600, "hour"),
        (secs / 60 % 60, "minute"),
        (secs % 60, "second"),
    ]
    .into_iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, unit)| count(n, unit))
    .collect();
    parts.join(" ")
}

/// `1 minute`, `2 minutes`.
pub fn count(n: u64, unit: &str) -> String {
    if n == 1 {
        format!("1 {unit}")
    } else {
        format!("{n} {unit}s")
    }
}

/// The text with its first letter in capitals.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn after(moves: &[&str]) -> Position {
        let mut pos = Position::initial();
        for m in moves {
            let mv = pos.parse_move(m).unwrap();
            pos = pos.play(mv).unwrap();
        }
        pos
    }

    fn words(pos: &Position, san: &str) -> String {
        move_words(pos, pos.parse_move(san).unwrap())
    }

    #[test]
    fn moves_are_said_as_the_issue_shows() {
        assert_eq!(words(&Position::initial(), "Nf3"), "White: knight to f3.");
        let pos = after(&["e4", "d5"]);
        assert_eq!(words(&pos, "exd5"), "White: pawn takes d5.");
        let pos = after(&["f3", "e5", "g4"]);
        assert_eq!(words(&pos, "Qh4#"), "Black: queen to h4, checkmate.");
        let pos = after(&["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"]);
        assert_eq!(words(&pos, "O-O"), "White castles king side.");
        assert_eq!(words(&pos, "Bxf7+"), "White: bishop takes f7, check.");
    }

    #[test]
    fn queen_side_castling_en_passant_and_promotion() {
        let pos = Position::from_fen("r3k3/8/8/8/8/8/8/4K3 b q - 0 1").unwrap();
        assert_eq!(words(&pos, "O-O-O"), "Black castles queen side.");
        let pos = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
        assert_eq!(words(&pos, "exd6"), "White: pawn takes d6 en passant.");
        let pos = Position::from_fen("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(
            words(&pos, "e8=Q+"),
            "White: pawn to e8, promotes to queen, check."
        );
        assert_eq!(
            words(&pos, "exd8=N"),
            "White: pawn takes d8, promotes to knight."
        );
    }

    #[test]
    fn the_sentence_carries_the_number_and_the_san() {
        let start = Position::initial();
        let pos = after(&["e4"]);
        let mv = pos.parse_move("d5").unwrap();
        assert_eq!(
            move_sentence(&start, 1, &pos, mv, &pos.san(mv), Announce::Both),
            "Black: pawn to d5. [1... d5]"
        );
        // The notation is as given; the words stay English.
        assert_eq!(
            move_sentence(&start, 1, &pos, mv, "d7-d5", Announce::Both),
            "Black: pawn to d5. [1... d7-d5]"
        );
        // The words alone, or the notation alone.
        assert_eq!(
            move_sentence(&start, 1, &pos, mv, &pos.san(mv), Announce::Words),
            "Black: pawn to d5."
        );
        assert_eq!(
            move_sentence(&start, 1, &pos, mv, &pos.san(mv), Announce::Notation),
            "1... d5"
        );
        let mate = Outcome::new(GameResult::Win(Color::Black), Reason::Checkmate);
        assert_eq!(
            outcome_sentence(mate, "White", "Black", Announce::Words),
            "Black wins."
        );
    }

    #[test]
    fn outcomes_are_sentences_without_dashes() {
        let mate = Outcome::new(GameResult::Win(Color::Black), Reason::Checkmate);
        assert_eq!(
            outcome_sentence(mate, "White", "Black", Announce::Both),
            "Black wins. [0-1]"
        );
        let resigned = Outcome::new(
            GameResult::Win(Color::White),
            Reason::Resignation(Color::Black),
        );
        assert_eq!(
            outcome_sentence(resigned, "Ann", "Bob", Announce::Both),
            "Bob resigns, Ann wins. [1-0]"
        );
        let agreed = Outcome::new(GameResult::Draw, Reason::Agreement);
        assert_eq!(
            outcome_sentence(agreed, "White", "Black", Announce::Both),
            "Draw by agreement. [1/2-1/2]"
        );
    }

    #[test]
    fn the_board_counts_empty_squares() {
        let pos = Position::initial();
        let lines = board(&pos, Color::White);
        assert_eq!(lines.len(), 8);
        assert_eq!(
            lines[0],
            "Rank 8: black rook a8, black knight b8, black bishop c8, black queen d8, \
             black king e8, black bishop f8, black knight g8, black rook h8."
        );
        assert_eq!(lines[4], "Rank 4: empty.");
        let pos = after(&["e4"]);
        assert_eq!(
            rank(&pos, Rank::new(3), Color::White),
            "Rank 4: 4 empty, white pawn e4, 3 empty."
        );
        // From Black's seat: rank 1 first, h to a.
        let flipped = board(&pos, Color::Black);
        assert!(flipped[0].starts_with("Rank 1: white rook h1, white knight g1"));
        assert_eq!(
            file(&pos, File::new(4), Color::White),
            "File e: white king e1, 2 empty, white pawn e4, 2 empty, black pawn e7, black king e8."
        );
        assert_eq!(square(&pos, "e4".parse().unwrap()), "e4: white pawn.");
        assert_eq!(square(&pos, "e5".parse().unwrap()), "e5: empty.");
    }

    #[test]
    fn pieces_by_side_and_kind() {
        let pos = Position::initial();
        assert_eq!(
            pieces(&pos, Color::White, Some(Role::Knight)),
            "White knights: b1, g1."
        );
        let all = pieces(&pos, Color::Black, None);
        assert!(
            all.starts_with("Black: king e8; queen d8; rooks a8, h8; bishops c8, f8;"),
            "{all}"
        );
        let bare = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(
            pieces(&bare, Color::White, Some(Role::Queen)),
            "White queens: none."
        );
    }

    #[test]
    fn what_a_piece_can_do() {
        let pos = Position::initial();
        let g1 = "g1".parse().unwrap();
        assert_eq!(moves_from(&pos, g1), "Knight g1 can go to f3 or h3.");
        assert_eq!(
            moves_from(&pos, "c1".parse().unwrap()),
            "Bishop c1 has no legal move."
        );
        assert_eq!(
            moves_from(&pos, "e5".parse().unwrap()),
            "e5: empty, no piece to move."
        );
        assert_eq!(
            moves_from(&pos, "b8".parse().unwrap()),
            "Black knight b8 cannot move now: it is White's move."
        );
        let pos = after(&["e4", "d5"]);
        assert_eq!(
            moves_from(&pos, "e4".parse().unwrap()),
            "Pawn e4 can go to e5 or take on d5."
        );
        let pos = Position::from_fen("6k1/3P4/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
        assert_eq!(
            moves_from(&pos, "d7".parse().unwrap()),
            "Pawn d7 can go to d8, and promote."
        );
        let king = moves_from(&pos, "e1".parse().unwrap());
        assert!(king.ends_with("or castle queen side."), "{king}");
    }

    #[test]
    fn times_are_said_in_units() {
        assert_eq!(spoken_time(Duration::from_secs(3720)), "1 hour 2 minutes");
        assert_eq!(spoken_time(Duration::from_secs(30)), "30 seconds");
        assert_eq!(spoken_time(Duration::from_secs(1)), "1 second");
    }
}
