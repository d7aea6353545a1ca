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
//!
//! What the text *means* is decided once, by [`read_line`], and the hint, Tab and Enter all
//! go by it, so the hint can never promise what Enter then refuses. A line may hold several
//! moves (`Nc3 Nc6 d3`, `1. e4 e5 2. Nf3`), played in turn up to the first that cannot be;
//! a leading move number is checked against the game (`12...Nf6` on White's first move is
//! refused, naming `1.`); capitals are read generously ([`Position::read_typed_move`]); and
//! `e2 e4` with a space is one move when `e2` alone is none.

use std::fmt;

use super::keymap::{action_for_word, bindings, command_words};
use super::{Message, MessageKind};
use crate::game::MoveNumber;
use crate::rules::{Bitboard, Illegal, Move, MoveError, MoveStyle, Position, Square};

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

/// Why a typed move is not played: the move reader's refusal, or a move number that is not
/// this move's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    Move(MoveError),
    /// `typed` carries a number; `right` is this move's (`12.` for White, `12...` for Black).
    Number {
        typed: String,
        right: String,
    },
    /// A move number with no move after it.
    NumberAlone(String),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Move(err) => err.fmt(f),
            Refusal::Number { typed, right } => {
                write!(
                    f,
                    "\"{typed}\" has the wrong move number: this move is {right}"
                )
            }
            Refusal::NumberAlone(typed) => write!(f, "\"{typed}\" needs a move after it"),
        }
    }
}

/// One move of a typed line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The words as typed, move number included (`12...Nf6`, `e2 e4`).
    pub typed: String,
    /// The move's own text, without its number.
    pub body: String,
    /// The line from this move on, for the move box when play stops here.
    pub rest: String,
    pub read: Result<Move, Refusal>,
}

/// What a line of typed text means: its moves in turn, up to and including the first that
/// cannot be played (the last step then holds the refusal).
pub fn read_line(pos: &Position, text: &str) -> Vec<Step> {
    read_line_in(pos, text, MoveStyle::default())
}

/// [`read_line`] with moves typed in `style`'s piece letters (or figurines, or English; see
/// [`MoveStyle::read`]).
pub fn read_line_in(pos: &Position, text: &str, style: MoveStyle) -> Vec<Step> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut pos = pos.clone();
    let mut steps = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let start = i;
        let (number, mut body) = split_number(words[i]);
        if number.is_some() && body.is_empty() && i + 1 < words.len() {
            i += 1;
            body = words[i];
        }
        let mut read = match number {
            Some(_) if body.is_empty() => Err(Refusal::NumberAlone(words[start].to_owned())),
            Some(n) if n != MoveNumber::of(&pos) => Err(Refusal::Number {
                typed: words[start..=i].join(" "),
                right: MoveNumber::of(&pos).to_string(),
            }),
            _ => style.read(&pos, body).map_err(Refusal::Move),
        };
        let mut body = body.to_owned();
        if read.is_err()
            && body.parse::<Square>().is_ok()
            && let Some(next) = words.get(i + 1).filter(|w| w.parse::<Square>().is_ok())
            && let Ok(mv) = style.read(&pos, &format!("{body}{next}"))
        {
            body = format!("{body}{next}");
            read = Ok(mv);
            i += 1;
        }
        i += 1;
        // Marks written apart from their move: `exd6 e.p.`, `Qh5 !?`.
        while read.is_ok() && words.get(i).is_some_and(|w| is_annotation(w)) {
            i += 1;
        }
        let failed = read.is_err();
        if let Ok(mv) = read {
            pos.play_unchecked(mv);
        }
        steps.push(Step {
            typed: words[start..i].join(" "),
            body,
            rest: words[start..].join(" "),
            read,
        });
        if failed {
            break;
        }
    }
    steps
}

/// A word that only annotates the move before it: `e.p.`, `+`, `!?`.
fn is_annotation(word: &str) -> bool {
    ["e.p.", "e.p", "ep"]
        .iter()
        .any(|a| word.eq_ignore_ascii_case(a))
        || word.bytes().all(|b| matches!(b, b'+' | b'#' | b'!' | b'?'))
}

/// A leading move number and the rest of the word: `12...Nf6` is 12 for Black and `Nf6`.
/// Castling with zeros (`0-0`) has no dot, so it is no number.
fn split_number(word: &str) -> (Option<MoveNumber>, &str) {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let after = &word[digits..];
    let dots = after.bytes().take_while(|&b| b == b'.').count();
    let (white, body) = if dots > 0 {
        (dots == 1, &after[dots..])
    } else if let Some(body) = after.strip_prefix('…') {
        (false, body)
    } else {
        return (None, word);
    };
    match word[..digits].parse() {
        Ok(number) => (Some(MoveNumber { number, white }), body),
        Err(_) => (None, word),
    }
}

/// The moves a line plays, each legal: the position after them.
fn after(pos: &Position, steps: &[Step]) -> Position {
    let mut pos = pos.clone();
    for step in steps {
        if let Ok(mv) = step.read {
            pos.play_unchecked(mv);
        }
    }
    pos
}

/// The SANs of the moves a line plays, in turn.
fn played(pos: &Position, steps: &[Step]) -> Vec<String> {
    let mut pos = pos.clone();
    steps
        .iter()
        .filter_map(|s| s.read.as_ref().ok())
        .map(|&mv| {
            let san = pos.san(mv);
            pos.play_unchecked(mv);
            san
        })
        .collect()
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
/// use hotseat::app::move_entry::feedback;
/// use hotseat::rules::Position;
/// let pos = Position::initial();
/// let fb = feedback(&pos, "N");
/// assert_eq!(fb.glow.count(), 2); // both knights
/// assert_eq!(fb.hint.unwrap().text, "N… could be Na3, Nc3, Nf3, Nh3");
/// assert_eq!(feedback(&pos, "NF3").hint.unwrap().text, "Enter plays Nf3");
/// assert_eq!(feedback(&pos, "1.e4 e5").hint.unwrap().text, "Enter plays e4, e5");
/// ```
pub fn feedback(pos: &Position, text: &str) -> Feedback {
    let text = text.trim();
    if text.is_empty() {
        return Feedback::default();
    }
    if let Some(action) = action_for_word(text) {
        let (description, label) = bindings(super::keymap::KeyContext::Playing)
            .find(|b| b.action == action)
            .map_or(("", ""), |b| (b.description, b.label));
        // The description's first clause, then the footer's label, for narrow lines.
        let first = description
            .split([':', ';', '.'])
            .next()
            .unwrap_or_default();
        let mut hint = Message::info(format!("Enter: {description}"));
        for short in [first, label] {
            if !short.is_empty() && short != description {
                hint = hint.or_shorter(format!("Enter: {short}"));
            }
        }
        return Feedback {
            hint: Some(hint),
            ..Feedback::default()
        };
    }
    let steps = read_line(pos, text);
    let Some((last, done)) = steps.split_last() else {
        return Feedback::default();
    };
    if done.is_empty() {
        return step_feedback(pos, last);
    }
    let sans = played(pos, &steps).join(", ");
    let hint = match &last.read {
        Ok(_) => Message::info(format!("Enter plays {sans}")),
        // Still typing the last move: what it could become, after the others.
        Err(_) if last.rest == last.typed => {
            let after = after(pos, done);
            let inner = step_feedback(&after, last).hint;
            let before = played(pos, done).join(", ");
            let inner = inner.unwrap_or_else(|| Message::info(String::new()));
            Message::new(format!("After {before}: {}", inner.text), inner.kind)
        }
        Err(refusal) => Message::error(format!(
            "Enter plays {} then stops at \"{}\": {refusal}",
            played(pos, done).join(", "),
            last.typed
        )),
    };
    Feedback {
        hint: Some(hint),
        ..Feedback::default()
    }
}

/// The feedback for one move of a line, on the position it is played in.
fn step_feedback(pos: &Position, step: &Step) -> Feedback {
    let text = step.body.as_str();
    let hint = |text: String, kind| Some(shortened(Message::new(text, kind)));
    let err = match &step.read {
        Ok(mv) => {
            return Feedback {
                hint: hint(format!("Enter plays {}", pos.san(*mv)), MessageKind::Info),
                glow: Bitboard::from_square(mv.from()),
                targets: Bitboard::from_square(mv.to()),
            };
        }
        Err(Refusal::Move(err)) => err,
        Err(refusal) => {
            return Feedback {
                hint: hint(refusal.to_string(), MessageKind::Error),
                ..Feedback::default()
            };
        }
    };
    match err {
        MoveError::PromotionNeeded { from, to, .. } => Feedback {
            hint: Some(
                Message::info("Enter asks which piece to promote to (or add one: =Q, =R, =B, =N)")
                    .or_shorter("Enter asks for the piece (or add =Q, =R, =B, =N)")
                    .or_shorter("Enter asks for the piece (or add =Q)")
                    .or_shorter("Enter asks for the piece"),
            ),
            glow: Bitboard::from_square(*from),
            targets: Bitboard::from_square(*to),
        },
        MoveError::Ambiguous(err) => {
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
        // A castling that cannot be made is complete as typed: `O-O` is not the start of
        // `O-O-O`, and Enter would say why it cannot be made.
        MoveError::Illegal(illegal) if is_castling(illegal.reason) => Feedback {
            hint: hint(err.to_string(), MessageKind::Error),
            ..Feedback::default()
        },
        err => {
            let moves = fitting_moves(pos, text);
            let words = fitting_words(text);
            let hint = match (moves.as_slice(), words.as_slice()) {
                ([one], _) => hint(
                    format!("{text}… Tab completes {}", pos.san(*one)),
                    MessageKind::Info,
                ),
                ([], []) if "O-O-O".starts_with(&text.replace('0', "O").to_ascii_uppercase()) => {
                    // The start of a castling that cannot be made now: what to type for it.
                    Some(
                        Message::info(format!(
                            "{text}… O-O castles king side, O-O-O queen side (neither can be made \
                             now)"
                        ))
                        .or_shorter("O-O castles king side, O-O-O queen side"),
                    )
                }
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

/// `message` with shorter wordings for a narrow line: a refusal's reason without the quoted
/// text (which the box shows), then without its asides in brackets, then without its example.
///
/// ```
/// use hotseat::app::{Message, move_entry::shortened};
/// let m = shortened(Message::error("\"Nx\" is not a move: a move needs a square, like e4"));
/// assert_eq!(m.shorter, ["a move needs a square, like e4", "a move needs a square"]);
/// ```
pub fn shortened(mut message: Message) -> Message {
    let reason = message
        .text
        .split_once(" is not a move: ")
        .map_or(message.text.as_str(), |(_, reason)| reason);
    let bare = [" (", ", like "]
        .iter()
        .filter_map(|cut| reason.find(cut))
        .min()
        .map(|at| &reason[..at]);
    // Without its asides in brackets.
    let mut plain = String::new();
    let mut rest = reason;
    while let Some((before, after)) = rest.split_once(" (")
        && let Some((_, after)) = after.split_once(')')
    {
        plain.push_str(before);
        rest = after;
    }
    plain.push_str(rest);
    let shorter: Vec<String> = [Some(reason), Some(plain.as_str()), bare]
        .into_iter()
        .flatten()
        .filter(|s| *s != message.text)
        .map(str::to_owned)
        .fold(Vec::new(), |mut all, s| {
            if !all.contains(&s) {
                all.push(s);
            }
            all
        });
    message.shorter.extend(shorter);
    message
}

/// Whether the move reader refused the text as a castling.
fn is_castling(reason: Illegal) -> bool {
    matches!(
        reason,
        Illegal::CastlingRightLost { .. }
            | Illegal::CastlingInCheck
            | Illegal::CastlingBlocked { .. }
            | Illegal::CastlingThroughAttack { .. }
            | Illegal::CastlingNotHere { .. }
            | Illegal::KingAlreadyThere { .. }
    )
}

/// What Tab turns the text into: the SAN of the one move it fits (or of the complete move it
/// already is), else the one command word it starts.
///
/// ```
/// use hotseat::app::move_entry::completion;
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
    let steps = read_line(pos, text);
    let (last, done) = steps.split_last()?;
    if last.rest != last.typed {
        return None;
    }
    let after = after(pos, done);
    let number = last.typed.strip_suffix(&last.body).unwrap_or("");
    let completed = match &last.read {
        Ok(mv) => after.san(*mv),
        Err(Refusal::Move(MoveError::Illegal(illegal))) if is_castling(illegal.reason) => {
            return None;
        }
        Err(Refusal::Move(_)) => {
            let moves = fitting_moves(&after, &last.body);
            match moves.as_slice() {
                [one] => after.san(*one),
                [] if done.is_empty() && number.is_empty() => {
                    match fitting_words(text).as_slice() {
                        [word] => (*word).to_owned(),
                        _ => return None,
                    }
                }
                _ => return None,
            }
        }
        Err(_) => return None,
    };
    let mut line: Vec<&str> = done.iter().map(|s| s.typed.as_str()).collect();
    let last = format!("{number}{completed}");
    line.push(&last);
    Some(line.join(" "))
}
