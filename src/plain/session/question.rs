//! A line typed while a question of the move's own waits: read as its answer first.
//!
//! Two questions are about the move being made, and take the line before anything else does:
//!
//! * *Promotion* ("promote to which piece?"): the piece's letter (`q r b n`, in any case, with
//!   or without `=`: `=Q`), the letter of the players' `--notation` (German `D T L S`, French
//!   `D T F C`...; where a language's letter is an English letter of another piece, the language
//!   wins, as when a move is typed), a figurine, the piece's name (`queen`), or the whole move
//!   again with its piece (`a8=Q`); `cancel` leaves the pawn where it stood. So `q` is the queen
//!   there and never quits, `n` the knight and never a "no", and German `D` the Dame, never a
//!   draw offer.
//! * *The draw claim with a move* ("Claim the draw with it?"): `yes`, `claim`, `cl` or `draw`
//!   claim it; `no` plays the move without the claim.
//!
//! Commands that only look (`board`, `clock`, `last`, `help`...) are still read, so a player can
//! look before answering, and `quit` still leaves. Anything else (another move, `resign`,
//! `pause`, `save`, a blank line, a word that means nothing) is answered with what the question
//! is and how to answer it, and changes nothing: no line is met with silence, and none is taken
//! for something it was not.

use std::time::Duration;

use super::Session;
use crate::app::Mode;
use crate::app::dialogs::Promotion;
use crate::app::keymap::Action;
use crate::plain::command::{self, Command, Reading};
use crate::rules::{Language, MoveStyle, Position, Role};

/// What the open question made of a line.
pub(super) enum Taken {
    /// Answered: the app acted, and what changed is to be heard.
    Answered,
    /// Not an answer: what to say, nothing changed.
    Said(Vec<String>),
}

impl Session {
    /// The line read as the answer to the promotion or claim question, if one is open; `None`
    /// when no such question is open or the line is a command that only looks.
    pub(super) fn at_question(&mut self, text: &str, now: Duration) -> Option<Taken> {
        match self.app.mode().clone() {
            Mode::Promotion(promotion) => self.at_promotion(promotion, text, now),
            Mode::ClaimWithMove(_) => self.at_claim(text, now),
            _ => None,
        }
    }

    fn at_promotion(&mut self, promotion: Promotion, text: &str, now: Duration) -> Option<Taken> {
        let style = self.app.view().words().style();
        if let Some(role) = promotion_piece(text, style, self.app.game().position(), promotion) {
            self.app.update(Action::Promote(role), now);
            return Some(Taken::Answered);
        }
        let reading = command::read(text);
        if is_cancel(text) {
            // Esc twice on the screen: the picker closes, then the move box empties.
            self.app.update(Action::Cancel, now);
            self.app.update(Action::Cancel, now);
            return Some(Taken::Said(vec![format!(
                "{} not played: the pawn stays on {}. Type another move.",
                promotion.to, promotion.from
            )]));
        }
        self.not_an_answer(text, reading)
    }

    fn at_claim(&mut self, text: &str, now: Duration) -> Option<Taken> {
        let reading = command::read(text);
        let answer = match &reading {
            Reading::Command(Command::Accept | Command::Claim) => Action::Yes,
            // The word, not its letter: `d` starts no claim by a slip.
            Reading::Command(Command::Draw) if text.trim().eq_ignore_ascii_case("draw") => {
                Action::Yes
            }
            Reading::Command(Command::Decline) => Action::No,
            _ => return self.not_an_answer(text, reading),
        };
        self.app.update(answer, now);
        Some(Taken::Answered)
    }

    /// A line that does not answer the question: a look is let through (`None`), anything
    /// else is told what the question is.
    fn not_an_answer(&mut self, text: &str, reading: Reading) -> Option<Taken> {
        let question = self.question().unwrap_or_default();
        let said = match reading {
            Reading::Command(c) if only_looks(&c) || c == Command::Quit => return None,
            Reading::Blank => question,
            _ => self.error(format!(
                "{} is no answer to the question, and nothing was done. {question}",
                command::shown(text.trim())
            )),
        };
        Some(Taken::Said(vec![said]))
    }
}

/// `cancel` (or `/cancel`): the question put away unanswered, as Esc does on the screen.
fn is_cancel(text: &str) -> bool {
    let word = text.trim();
    let word = word.strip_prefix('/').unwrap_or(word).trim();
    word.eq_ignore_ascii_case("cancel")
}

/// A command that reads the game and changes nothing.
fn only_looks(command: &Command) -> bool {
    matches!(
        command,
        Command::Help
            | Command::HelpOn(_)
            | Command::Board
            | Command::Pieces { .. }
            | Command::Rank(_)
            | Command::File(_)
            | Command::Square(_)
            | Command::MovesFrom(_)
            | Command::Last
            | Command::Moves
            | Command::Turn
            | Command::Clock
            | Command::Other
            | Command::Opening
            | Command::Flip
    )
}

/// The piece a line chooses for `promotion`; see the [module docs](self).
pub fn promotion_piece(
    text: &str,
    style: MoveStyle,
    pos: &Position,
    promotion: Promotion,
) -> Option<Role> {
    let text = text.trim();
    let text = text.strip_prefix('/').unwrap_or(text).trim();
    let letter = text.strip_prefix('=').unwrap_or(text).trim();
    if let Some(role) = piece_letter(letter, style.language) {
        return Some(role);
    }
    let lower = letter.to_lowercase();
    if let Some(&role) = Role::PROMOTIONS.iter().find(|r| r.name() == lower) {
        return Some(role);
    }
    // The whole move again, with its piece: `a8=Q`, `a7a8q`, `a8D` in German.
    let mv = style.read(pos, text).ok()?;
    (mv.from() == promotion.from && mv.to() == promotion.to)
        .then(|| mv.promotion())
        .flatten()
}

/// A promotion piece's one letter: the language's first (in either case), then a figurine,
/// then English where the language does not use that letter for another piece.
fn piece_letter(text: &str, language: Language) -> Option<Role> {
    let mut chars = text.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    let upper: String = c.to_uppercase().collect();
    let letters = language.letters();
    // The letters run king, queen, rook, bishop, knight; a promotion is one of the last four.
    if let Some(i) = letters.iter().position(|l| *l == upper) {
        return i.checked_sub(1).map(|i| Role::PROMOTIONS[i]);
    }
    let figurines = [['♕', '♛'], ['♖', '♜'], ['♗', '♝'], ['♘', '♞']];
    if let Some(i) = figurines.iter().position(|f| f.contains(&c)) {
        return Some(Role::PROMOTIONS[i]);
    }
    Role::from_char(c.to_ascii_lowercase()).filter(|r| Role::PROMOTIONS.contains(r))
}

/// How the promotion question is answered, in the players' letters: `q, r, b or n`, or
/// `D, T, L or S` in German.
pub(super) fn promotion_letters(language: Language) -> String {
    let letters = language.letters();
    let shown: Vec<String> = letters[1..]
        .iter()
        .map(|l| {
            if language == Language::English {
                l.to_lowercase()
            } else {
                (*l).to_owned()
            }
        })
        .collect();
    crate::plain::speech::either(&shown, "or")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Notation, Square};

    fn asked(fen: &str, from: &str, to: &str) -> (Position, Promotion) {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        (
            Position::from_fen(fen).unwrap(),
            Promotion::new(sq(from), sq(to)),
        )
    }

    fn piece(text: &str, language: Language) -> Option<Role> {
        let (pos, promotion) = asked("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7", "a8");
        let style = MoveStyle::new(Notation::San, language);
        promotion_piece(text, style, &pos, promotion)
    }

    #[test]
    fn english_letters_names_and_the_whole_move_choose_the_piece() {
        for (text, role) in [
            ("q", Role::Queen),
            ("Q", Role::Queen),
            ("=Q", Role::Queen),
            ("=q", Role::Queen),
            ("/n", Role::Knight),
            ("r", Role::Rook),
            ("b", Role::Bishop),
            ("Knight", Role::Knight),
            ("queen", Role::Queen),
            ("a8=R", Role::Rook),
            ("a7a8n", Role::Knight),
            ("♘", Role::Knight),
        ] {
            assert_eq!(piece(text, Language::English), Some(role), "{text}");
        }
        for text in ["k", "p", "d", "draw", "e4", "b8=Q", "", "qq", "king"] {
            assert_eq!(piece(text, Language::English), None, "{text}");
        }
    }

    #[test]
    fn the_languages_letters_win_over_english_ones() {
        assert_eq!(piece("D", Language::German), Some(Role::Queen));
        assert_eq!(piece("d", Language::German), Some(Role::Queen));
        assert_eq!(piece("T", Language::German), Some(Role::Rook));
        assert_eq!(piece("L", Language::German), Some(Role::Bishop));
        assert_eq!(piece("S", Language::German), Some(Role::Knight));
        assert_eq!(piece("a8D", Language::German), Some(Role::Queen));
        // English letters the language does not use are still English pieces.
        assert_eq!(piece("q", Language::German), Some(Role::Queen));
        // Hungarian B is the rook; French R the king, which no pawn becomes.
        assert_eq!(piece("B", Language::Hungarian), Some(Role::Rook));
        assert_eq!(piece("R", Language::French), None);
        assert_eq!(piece("Ф", Language::Russian), Some(Role::Queen));
        assert_eq!(promotion_letters(Language::German), "D, T, L or S");
        assert_eq!(promotion_letters(Language::English), "q, r, b or n");
    }
}
