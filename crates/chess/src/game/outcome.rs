//! How a game ended: a result (`1-0`, `0-1`, `1/2-1/2`) and the reason, with the text a player
//! reads on screen and the PGN `Termination` value.

use std::fmt;

use crate::rules::Color;

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    Win(Color),
    Draw,
}

impl GameResult {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub const fn pgn(self) -> &'static str {
        match self {
            GameResult::Win(Color::White) => "1-0",
            GameResult::Win(Color::Black) => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    pub fn from_pgn(s: &str) -> Option<GameResult> {
        match s {
            "1-0" => Some(GameResult::Win(Color::White)),
            "0-1" => Some(GameResult::Win(Color::Black)),
            "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
        }
    }
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The side that delivered mate is in the result.
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    FivefoldRepetition,
    SeventyFiveMoves,
    /// Threefold repetition, claimed by this player.
    ThreefoldClaim(Color),
    /// The fifty-move rule, claimed by this player.
    FiftyMoveClaim(Color),
    Agreement,
    /// This player resigned.
    Resignation(Color),
    /// This player's flag fell and the opponent could still mate.
    TimeForfeit(Color),
    /// This player's flag fell but the opponent cannot mate by any series of legal moves (6.9).
    TimeoutVsInsufficientMaterial(Color),
    /// This player left the game unfinished and lost it: an engine opponent that stopped
    /// working in the middle of the game (PGN `Termination "abandoned"`).
    Abandoned(Color),
    /// A result read from a PGN file that does not say why.
    Recorded,
}

/// A finished game's result and reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub result: GameResult,
    pub reason: Reason,
}

impl Outcome {
    pub const fn new(result: GameResult, reason: Reason) -> Outcome {
        Outcome { result, reason }
    }

    /// The PGN `Termination` tag value.
    pub const fn termination(self) -> &'static str {
        match self.reason {
            Reason::TimeForfeit(_) | Reason::TimeoutVsInsufficientMaterial(_) => "time forfeit",
            Reason::Abandoned(_) => "abandoned",
            _ => "normal",
        }
    }

    /// The comment a saved game closes with, in the usual words ("Black resigns.", "Draw by
    /// agreement.", "White wins on time."), so that the file keeps what the result alone
    /// cannot say; [`Outcome::from_closing_comment`] reads it back. `None` for a result read from
    /// a file that did not say why.
    pub fn closing_comment(self) -> Option<String> {
        Some(match self.reason {
            Reason::Checkmate => "Checkmate.".to_owned(),
            Reason::Stalemate => "Draw by stalemate.".to_owned(),
            Reason::InsufficientMaterial => "Draw: neither side can checkmate.".to_owned(),
            Reason::FivefoldRepetition => "Draw by fivefold repetition.".to_owned(),
            Reason::SeventyFiveMoves => "Draw by the seventy-five-move rule.".to_owned(),
            Reason::ThreefoldClaim(c) => format!("Draw by threefold repetition, claimed by {c}."),
            Reason::FiftyMoveClaim(c) => format!("Draw by the fifty-move rule, claimed by {c}."),
            Reason::Agreement => "Draw by agreement.".to_owned(),
            Reason::Resignation(c) => format!("{c} resigns."),
            Reason::TimeForfeit(c) => format!("{} wins on time.", !c),
            Reason::TimeoutVsInsufficientMaterial(c) => {
                format!("Draw: {c}'s flag fell, {} cannot mate.", !c)
            }
            Reason::Abandoned(c) => format!("{c} abandoned the game."),
            Reason::Recorded => return None,
        })
    }

    /// The outcome a closing comment written by [`Outcome::closing_comment`] describes, for a
    /// game with this `result`: the comment may carry other text before it (a clock reading),
    /// and a comment that contradicts the result (`White resigns.` in a game White won) is
    /// not believed.
    pub fn from_closing_comment(result: GameResult, comment: &str) -> Option<Outcome> {
        let comment = comment.trim();
        Reason::ALL_KNOWN
            .iter()
            .map(|&reason| Outcome::new(result, reason))
            .filter(|o| o.is_consistent())
            .find(|o| {
                o.closing_comment()
                    .is_some_and(|c| comment == c || comment.ends_with(&format!(" {c}")))
            })
    }

    /// Whether the reason fits the result: the side that resigned or lost on time lost, a
    /// claim or an agreement drew, a checkmate won.
    fn is_consistent(self) -> bool {
        match (self.reason, self.result) {
            (Reason::Checkmate, GameResult::Win(_)) => true,
            (
                Reason::Resignation(c) | Reason::TimeForfeit(c) | Reason::Abandoned(c),
                GameResult::Win(w),
            ) => w == !c,
            (
                Reason::Checkmate
                | Reason::Resignation(_)
                | Reason::TimeForfeit(_)
                | Reason::Abandoned(_),
                _,
            ) => false,
            (_, GameResult::Draw) => true,
            (_, GameResult::Win(_)) => false,
        }
    }
}

impl Reason {
    /// Every reason but [`Reason::Recorded`], with each colour where it has one.
    pub const ALL_KNOWN: [Reason; 18] = [
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::InsufficientMaterial,
        Reason::FivefoldRepetition,
        Reason::SeventyFiveMoves,
        Reason::ThreefoldClaim(Color::White),
        Reason::ThreefoldClaim(Color::Black),
        Reason::FiftyMoveClaim(Color::White),
        Reason::FiftyMoveClaim(Color::Black),
        Reason::Agreement,
        Reason::Resignation(Color::White),
        Reason::Resignation(Color::Black),
        Reason::TimeForfeit(Color::White),
        Reason::TimeForfeit(Color::Black),
        Reason::TimeoutVsInsufficientMaterial(Color::White),
        Reason::TimeoutVsInsufficientMaterial(Color::Black),
        Reason::Abandoned(Color::White),
        Reason::Abandoned(Color::Black),
    ];
}

impl Outcome {
    /// The outcome in words that name the players (`Bob resigns — Ann wins`); `white` and
    /// `black` are the names, or the colours where no name is known. [`Outcome`]'s `Display`
    /// is this with the colours.
    ///
    /// ```
    /// use hotseat_chess::game::{GameResult, Outcome, Reason};
    /// use hotseat_chess::rules::Color;
    /// let o = Outcome::new(GameResult::Win(Color::White), Reason::Resignation(Color::Black));
    /// assert_eq!(o.named("Ann", "Bob").to_string(), "Bob resigns — Ann wins");
    /// assert_eq!(o.to_string(), "Black resigns — White wins");
    /// ```
    pub fn named<'a>(self, white: &'a str, black: &'a str) -> Named<'a> {
        Named {
            outcome: self,
            white,
            black,
        }
    }
}

/// An [`Outcome`] in words with the players' names: see [`Outcome::named`].
#[derive(Clone, Copy, Debug)]
pub struct Named<'a> {
    outcome: Outcome,
    white: &'a str,
    black: &'a str,
}

impl fmt::Display for Outcome {
    /// The line a player reads: "Checkmate — White wins", "Draw by agreement", ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.named("White", "Black").fmt(f)
    }
}

impl fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (white, black) = (self.white, self.black);
        let n = |c: Color| c.fold(white, black);
        let winner = match self.outcome.result {
            GameResult::Win(c) => Some(c),
            GameResult::Draw => None,
        };
        match (self.outcome.reason, winner) {
            (Reason::Checkmate, Some(w)) => write!(f, "Checkmate — {} wins", n(w)),
            (Reason::Stalemate, _) => f.write_str("Draw by stalemate"),
            (Reason::InsufficientMaterial, _) => {
                f.write_str("Draw: neither side can checkmate (insufficient material)")
            }
            (Reason::FivefoldRepetition, _) => f.write_str("Draw by fivefold repetition"),
            (Reason::SeventyFiveMoves, _) => f.write_str("Draw by the seventy-five-move rule"),
            (Reason::ThreefoldClaim(c), _) => {
                write!(f, "Draw by threefold repetition, claimed by {}", n(c))
            }
            (Reason::FiftyMoveClaim(c), _) => {
                write!(f, "Draw by the fifty-move rule, claimed by {}", n(c))
            }
            (Reason::Agreement, _) => f.write_str("Draw by agreement"),
            (Reason::Resignation(c), _) => write!(f, "{} resigns — {} wins", n(c), n(!c)),
            (Reason::TimeForfeit(c), _) => write!(f, "{} wins on time", n(!c)),
            (Reason::Abandoned(c), _) => {
                write!(f, "{} abandoned the game — {} wins", n(c), n(!c))
            }
            (Reason::TimeoutVsInsufficientMaterial(c), _) => {
                write!(
                    f,
                    "Draw: {}'s flag fell, but {} cannot checkmate",
                    n(c),
                    n(!c)
                )
            }
            (_, Some(w)) => write!(f, "{} wins", n(w)),
            (_, None) => f.write_str("Draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_players_read() {
        let cases = [
            (
                Outcome::new(GameResult::Win(Color::White), Reason::Checkmate),
                "Checkmate — White wins",
            ),
            (
                Outcome::new(GameResult::Draw, Reason::ThreefoldClaim(Color::Black)),
                "Draw by threefold repetition, claimed by Black",
            ),
            (
                Outcome::new(
                    GameResult::Win(Color::Black),
                    Reason::TimeForfeit(Color::White),
                ),
                "Black wins on time",
            ),
            (
                Outcome::new(
                    GameResult::Draw,
                    Reason::TimeoutVsInsufficientMaterial(Color::White),
                ),
                "Draw: White's flag fell, but Black cannot checkmate",
            ),
            (
                Outcome::new(GameResult::Draw, Reason::Agreement),
                "Draw by agreement",
            ),
            (
                Outcome::new(
                    GameResult::Win(Color::Black),
                    Reason::Resignation(Color::White),
                ),
                "White resigns — Black wins",
            ),
        ];
        for (outcome, text) in cases {
            assert_eq!(outcome.to_string(), text);
        }
    }

    #[test]
    fn termination_values() {
        let time = Outcome::new(
            GameResult::Win(Color::Black),
            Reason::TimeForfeit(Color::White),
        );
        assert_eq!(time.termination(), "time forfeit");
        assert_eq!(
            Outcome::new(GameResult::Draw, Reason::Agreement).termination(),
            "normal"
        );
        assert_eq!(GameResult::from_pgn("1/2-1/2"), Some(GameResult::Draw));
        assert_eq!(GameResult::Win(Color::Black).pgn(), "0-1");
    }
}
