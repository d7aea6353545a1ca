//! Moves as the players read them: the game's record (English SAN, as PGN keeps it) written
//! in the players' [`MoveStyle`] — figurines, long algebraic, their language's piece letters —
//! for the move list and the status line. The plain line mode writes moves with the same
//! calls ([`written_move`], [`MoveStyle::write`]).

use super::App;
use crate::game::Game;
use crate::rules::{Move, MoveStyle, Notation};

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

impl App {
    /// How moves are written on screen and read from the move box.
    pub fn move_style(&self) -> MoveStyle {
        self.style
    }

    /// The move at `ply` of the game as the players read it.
    pub(super) fn written_move(&self, ply: usize) -> String {
        written_move(&self.game, ply, self.style)
    }

    /// `mv`, legal on the board shown, as the players read it.
    pub(super) fn written(&self, mv: Move) -> String {
        self.style.write(self.board_position(), mv)
    }
}
