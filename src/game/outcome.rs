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
            _ => "normal",
        }
    }
}

impl fmt::Display for Outcome {
    /// The line a player reads: "Checkmate — White wins", "Draw by agreement", ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let winner = match self.result {
            GameResult::Win(c) => Some(c),
            GameResult::Draw => None,
        };
        match (self.reason, winner) {
            (Reason::Checkmate, Some(w)) => write!(f, "Checkmate — {w} wins"),
            (Reason::Stalemate, _) => f.write_str("Draw by stalemate"),
            (Reason::InsufficientMaterial, _) => {
                f.write_str("Draw: neither side can checkmate (insufficient material)")
            }
            (Reason::FivefoldRepetition, _) => f.write_str("Draw by fivefold repetition"),
            (Reason::SeventyFiveMoves, _) => f.write_str("Draw by the seventy-five-move rule"),
            (Reason::ThreefoldClaim(c), _) => {
                write!(f, "Draw by threefold repetition, claimed by {c}")
            }
            (Reason::FiftyMoveClaim(c), _) => {
                write!(f, "Draw by the fifty-move rule, claimed by {c}")
            }
            (Reason::Agreement, _) => f.write_str("Draw by agreement"),
            (Reason::Resignation(c), _) => write!(f, "{c} resigns — {} wins", !c),
            (Reason::TimeForfeit(c), _) => write!(f, "{} wins on time", !c),
            (Reason::TimeoutVsInsufficientMaterial(c), _) => {
                write!(f, "Draw: {c}'s flag fell, but {} cannot checkmate", !c)
            }
            (_, Some(w)) => write!(f, "{w} wins"),
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
