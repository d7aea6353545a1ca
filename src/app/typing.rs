//! Live feedback on the text in the move box: which pieces could be meant (they glow on the
//! board), a one-line hint, and Tab completion.
//!
//! A legal move *fits* the typed text when one of the ways of writing it starts with that text:
//! SAN with and without `+`/`#` (`Nf3`, `Qxf7#`), castling with `O` or `0`, LAN (`Ng1-f3`),
//! UCI (`g1f3`) and UCI with the piece letter (`Ng1f3`). Case matters first (`b` is a file,
//! `B` a bishop); only when nothing fits with the case as typed is it ignored, the way the move
//! reader itself is lenient (`nf3`).
//!
//! The hint says, in order of precedence: what Enter will do with a complete move or a command
//! word; the parser's own message when the move is ambiguous or needs a promotion piece; which
//! moves (or commands) the text could still become; and otherwise the parser's exact error,
//! which is what a player sees if they press Enter anyway.

use super::keymap::{action_for_word, bindings, command_words};
use super::{Message, MessageKind};
use crate::rules::{Bitboard, Move, MoveError, Position};

/// At most this many candidate moves are listed in a hint.
const LISTED: usize = 6;

/// What the typed text means on the current position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Feedback {
    /// The line under the move box; `None` when nothing is typed.
    pub hint: Option<Message>,
    /// Squares of the pieces that could make the move typed so far.
    pub glow: Bitboard,
    /// Where the move typed would go, once it is complete.
    pub targets: Bitboard,
}

/// Every way of writing `mv` that the typed text might be the start of.
fn forms(pos: &Position, mv: Move) -> Vec<String> {
    let san = pos.san(mv);
    let plain = pos.san_plain(mv);
    let uci = mv.uci().to_string();
    let mut forms = vec![pos.lan(mv), uci.clone()];
    if mv.is_castle() {
        forms.push(plain.replace('O', "0"));
        // Chess960 castling may also be typed as the king's walk to its destination.
        if mv.landing_squares().contains(mv.to()) && !mv.is_standard_castle() {
            forms.push(format!("{}{}", mv.from(), mv.to()));
        }
    } else if mv.role() != crate::rules::Role::Pawn {
        forms.push(format!("{}{uci}", mv.role().upper_char()));
    }
    if san != plain {
        forms.push(san);
    }
    forms.push(plain);
    forms
}

/// The legal moves the text could be the start of (see the [module docs](self)).
pub fn fitting_moves(pos: &Position, text: &str) -> Vec<Move> {
    let text = text.trim();
    if text.is_empty() {
        return Vec::new();
    }
    let moves = pos.legal_moves();
    let all: Vec<(Move, Vec<String>)> = moves.iter().map(|&m| (m, forms(pos, m))).collect();
    let exact: Vec<Move> = all
        .iter()
        .filter(|(_, f)| f.iter().any(|f| f.starts_with(text)))
        .map(|(m, _)| *m)
        .collect();
    if !exact.is_empty() {
        return exact;
    }
    let lower = text.to_ascii_lowercase();
    all.iter()
        .filter(|(_, f)| f.iter().any(|f| f.to_ascii_lowercase().starts_with(&lower)))
        .map(|(m, _)| *m)
        .collect()
}

/// The command words the text could be the start of.
fn fitting_words(text: &str) -> Vec<&'static str> {
    let text = text.trim().to_ascii_lowercase();
    if text.is_empty() {
        return Vec::new();
    }
    command_words().filter(|w| w.starts_with(&text)).collect()
}

fn sans(pos: &Position, moves: &[Move]) -> String {
    let mut names: Vec<String> = moves.iter().take(LISTED).map(|&m| pos.san(m)).collect();
    if moves.len() > LISTED {
        names.push(format!("… ({} in all)", moves.len()));
    }
    names.join(", ")
}

fn from_squares(moves: &[Move]) -> Bitboard {
    moves
        .iter()
        .fold(Bitboard::EMPTY, |b, m| b | Bitboard::from_square(m.from()))
}

/// The feedback for `text` typed on `pos`.
///
/// ```
/// use hotseat::app::typing::feedback;
/// use hotseat::rules::Position;
/// let pos = Position::initial();
/// let fb = feedback(&pos, "N");
/// assert_eq!(fb.glow.count(), 2); // both knights
/// assert_eq!(fb.hint.unwrap().text, "N… could be Na3, Nc3, Nf3, Nh3");
/// ```
pub fn feedback(pos: &Position, text: &str) -> Feedback {
    let text = text.trim();
    if text.is_empty() {
        return Feedback::default();
    }
    let hint = |text: String, kind| Some(Message { text, kind });
    if let Some(action) = action_for_word(text) {
        let description = bindings(super::keymap::KeyContext::Playing)
            .find(|b| b.action == action)
            .map_or("", |b| b.description);
        return Feedback {
            hint: hint(format!("Enter: {description}"), MessageKind::Info),
            ..Feedback::default()
        };
    }
    match pos.parse_move(text) {
        Ok(mv) => Feedback {
            hint: hint(format!("Enter plays {}", pos.san(mv)), MessageKind::Info),
            glow: Bitboard::from_square(mv.from()),
            targets: Bitboard::from_square(mv.to()),
        },
        Err(MoveError::PromotionNeeded { from, to, .. }) => Feedback {
            hint: hint(
                "Enter asks which piece to promote to (or add one: =Q, =R, =B, =N)".to_owned(),
                MessageKind::Info,
            ),
            glow: Bitboard::from_square(from),
            targets: Bitboard::from_square(to),
        },
        Err(MoveError::Ambiguous(err)) => {
            let options = &err.candidates;
            let moves = pos.legal_moves();
            let candidates: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| options.contains(&pos.san_plain(m)) || options.contains(&pos.san(m)))
                .collect();
            Feedback {
                hint: hint(err.to_string(), MessageKind::Error),
                glow: from_squares(&candidates),
                targets: Bitboard::EMPTY,
            }
        }
        Err(err) => {
            let moves = fitting_moves(pos, text);
            let words = fitting_words(text);
            let hint = match (moves.as_slice(), words.as_slice()) {
                ([one], _) => hint(
                    format!("{text}… Tab completes {}", pos.san(*one)),
                    MessageKind::Info,
                ),
                ([], []) => hint(err.to_string(), MessageKind::Error),
                ([], [word]) => hint(format!("{text}… Tab completes {word}"), MessageKind::Info),
                ([], words) => hint(
                    format!("{text}… could be {}", words.join(", ")),
                    MessageKind::Info,
                ),
                (moves, _) => hint(
                    format!("{text}… could be {}", sans(pos, moves)),
                    MessageKind::Info,
                ),
            };
            Feedback {
                hint,
                glow: from_squares(&moves),
                targets: Bitboard::EMPTY,
            }
        }
    }
}

/// What Tab turns the text into: the SAN of the one move it fits (or of the complete move it
/// already is), else the one command word it starts.
///
/// ```
/// use hotseat::app::typing::completion;
/// use hotseat::rules::Position;
/// let pos = Position::initial();
/// assert_eq!(completion(&pos, "Nf").as_deref(), Some("Nf3"));
/// assert_eq!(completion(&pos, "g1f3").as_deref(), Some("Nf3"));
/// assert_eq!(completion(&pos, "N"), None);
/// assert_eq!(completion(&pos, "resi").as_deref(), Some("resign"));
/// ```
pub fn completion(pos: &Position, text: &str) -> Option<String> {
    let text = text.trim();
    if text.is_empty() || action_for_word(text).is_some() {
        return None;
    }
    if let Ok(mv) = pos.parse_move(text) {
        return Some(pos.san(mv));
    }
    let moves = fitting_moves(pos, text);
    match moves.as_slice() {
        [one] => Some(pos.san(*one)),
        [] => match fitting_words(text).as_slice() {
            [word] => Some((*word).to_owned()),
            _ => None,
        },
        _ => None,
    }
}
