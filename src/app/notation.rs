//! Moves as the players read them: the game's record (English SAN, as PGN keeps it) written
//! in the players' [`MoveStyle`] — figurines, long algebraic, their language's piece letters —
//! for the move list and the status line. The plain line mode writes moves with the same
//! calls ([`written_move`], [`MoveStyle::write`]).

use super::view::View;
use crate::game::{Game, MoveNumber, Outcome};
use crate::rules::{Color, Move, MoveStyle, Notation};

/// The move at `ply` (from 0) of `game`'s record in `style`; empty past the end.
///
/// ```
/// use hotseat::app::notation::written_move;
/// use hotseat::game::{Game, GameSetup};
/// use hotseat::rules::{Language, MoveStyle, Notation};
/// let mut game = Game::new(GameSetup::default());
/// let nf3 = game.position().parse_move("Nf3").unwrap();
/// game.play(nf3, std::time::Duration::ZERO).unwrap();
/// let german = MoveStyle::new(Notation::Lan, Language::German);
/// assert_eq!(written_move(&game, 0, german), "Sg1-f3");
/// assert_eq!(game.record().moves()[0].san, "Nf3");
/// ```
pub fn written_move(game: &Game, ply: usize, style: MoveStyle) -> String {
    let record = game.record();
    let Some(recorded) = record.moves().get(ply) else {
        return String::new();
    };
    match (style.notation, record.position_at(ply)) {
        (Notation::Lan, Some(before)) => style.write(before, recorded.mv),
        _ => style.localise(&recorded.san),
    }
}

/// The game on the board in the players' words: names, move numbers, moves written in their
/// [`MoveStyle`], how it ended, its time control. What every message, dialog and panel says
/// of the game is said through here, so each is said the same way everywhere.
#[derive(Clone, Copy, Debug)]
pub struct Words<'a> {
    game: &'a Game,
    style: MoveStyle,
}

impl<'a> Words<'a> {
    /// `game` in `style`.
    pub fn new(game: &'a Game, style: MoveStyle) -> Words<'a> {
        Words { game, style }
    }

    /// How moves are written on screen and read from the move box.
    pub fn style(&self) -> MoveStyle {
        self.style
    }

    /// A player as messages name them: `White`, or `Ann (White)` when named.
    pub fn who(&self, color: Color) -> String {
        let name = self.game.player(color);
        if name == color.to_string() {
            name.to_owned()
        } else if let Some(named) = name.strip_suffix(')').filter(|n| n.contains(" (")) {
            // A name with its own brackets, as the engine's: `Stockfish (level 8, Black)`,
            // not `Stockfish (level 8) (Black)`.
            format!("{named}, {color})")
        } else {
            format!("{name} ({color})")
        }
    }

    /// How a game ended, in words that name the players where names are known: `Bob resigns
    /// — Ann wins`.
    pub fn outcome(&self, outcome: Outcome) -> String {
        outcome
            .named(
                self.game.player(Color::White),
                self.game.player(Color::Black),
            )
            .to_string()
    }

    /// The number of the move at `ply` (from 0): `12.` or `12...`.
    pub fn move_number(&self, ply: usize) -> MoveNumber {
        MoveNumber::of_ply(self.game.record().start(), ply)
    }

    /// The move at `ply` of the game as the players read it.
    pub fn written_move(&self, ply: usize) -> String {
        written_move(self.game, ply, self.style)
    }

    /// The move at `ply` with its number: `12... Qxd4`.
    pub fn numbered_move(&self, ply: usize) -> String {
        format!("{} {}", self.move_number(ply), self.written_move(ply))
    }

    /// The last move played with its number (`12... Qxd4`), or `nothing`.
    pub fn last_move(&self) -> String {
        match self.game.record().plies() {
            0 => "nothing".to_owned(),
            plies => self.numbered_move(plies - 1),
        }
    }

    /// What a takeback asked by `by` across the network undoes, for messages: `by`'s last move
    /// (`12... Qxd4`), and the reply made since if there is one (`12... Qxd4 and 13. Nf3`).
    /// `None` before `by` has moved.
    pub fn takeback(&self, by: Color) -> Option<String> {
        let plies = self.game.record().plies();
        let last_by = !self.game.position().turn();
        let (own, reply) = if last_by == by {
            (plies.checked_sub(1)?, None)
        } else {
            (plies.checked_sub(2)?, Some(plies - 1))
        };
        Some(match reply {
            None => self.numbered_move(own),
            Some(reply) => format!(
                "{} and {}",
                self.numbered_move(own),
                self.numbered_move(reply)
            ),
        })
    }

    /// The time control in words, both sides' when they differ.
    pub fn time_control(&self) -> String {
        let white = self.game.clock().control(Color::White);
        let black = self.game.clock().control(Color::Black);
        if white == black {
            white.describe()
        } else {
            format!("White {}, Black {}", white.describe(), black.describe())
        }
    }
}

impl<'a> View<'a> {
    /// The game on the board in the players' words.
    pub fn words(&self) -> Words<'a> {
        Words::new(&self.app.game, self.app.style)
    }

    /// `mv`, legal on the board shown, as the players read it.
    pub(super) fn written(&self, mv: Move) -> String {
        self.app
            .style
            .write(self.app.view().shown().board_position(), mv)
    }
}
