//! What must hold after every [`App::update`], whatever the input: the position is legal, the
//! record replays to it, the clocks read sensibly, and the board shows the position reviewed.
//! The property tests and the screen fuzz target check it after each random step.

use std::time::Duration;

use super::App;
use crate::rules::{Color, Position};

/// Checks the app's state at app time `now`; says what is wrong if anything is.
// Text, not a type: a test oracle. The property tests print which invariant broke and stop;
// nothing branches on which one it was.
pub fn check(app: &App, now: Duration) -> Result<(), String> {
    let game = app.game();
    let position = game.position();
    if Position::from_fen(&position.fen()).as_ref() != Ok(position) {
        return Err(format!("not a legal position: {}", position.fen()));
    }

    let record = game.record();
    let mut replayed = record.start().clone();
    for (ply, recorded) in record.moves().iter().enumerate() {
        if !replayed.is_legal(recorded.mv) {
            return Err(format!("move {ply} of the record is illegal"));
        }
        replayed.play_unchecked(recorded.mv);
        let stored = record.position_at(ply + 1).map(Position::fen);
        if stored != Some(replayed.fen()) {
            return Err(format!("ply {ply}: the record keeps {stored:?}"));
        }
    }
    if replayed.fen() != position.fen() {
        return Err("the record does not replay to the position".to_owned());
    }

    for color in [Color::White, Color::Black] {
        let remaining = game.clock().remaining(color, now);
        if remaining.is_some() != game.is_timed() {
            return Err(format!("{color}'s clock: {remaining:?}"));
        }
        // A flag that has fallen has ended the game by the end of the update.
        if remaining == Some(Duration::ZERO) && !game.is_over() {
            return Err(format!("{color}'s clock reads zero in a game going on"));
        }
    }

    match app.view().review() {
        Some(ply) if ply > record.plies() => {
            Err(format!("reviewing ply {ply} of {}", record.plies()))
        }
        Some(ply) if Some(app.view().shown().position()) != record.position_at(ply) => {
            Err(format!("ply {ply} reviewed but another position shown"))
        }
        None if app.view().shown().position() != position => {
            Err("the present shown, but not its position".to_owned())
        }
        _ => Ok(()),
    }
}
