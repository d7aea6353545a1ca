//! The game-over box: how the game ended, its result and where it was filed; then a new game,
//! a rematch, a look through the game, or quit. `ui` puts it in the panel, under the moves.

use crate::app::Say;
use std::time::Duration;

use super::{Look, Mode, Popup, text_box};
use crate::app::keymap::{Action, KeyContext, PointerKind};
use crate::app::{App, ArchiveNote};
use crate::game::GameSetup;
use crate::rules::Color;

/// The game has just ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOver;

impl Popup for GameOver {
    fn keys(&self) -> KeyContext {
        KeyContext::GameOver
    }

    fn update(self, app: &mut App, action: Action, _now: Duration) {
        match action {
            // Across the network a new game is hosted anew.
            Action::NewGame | Action::Rematch if app.table_refuses(&action) => {}
            Action::NewGame => crate::app::NewGameForm::open(app),
            Action::Rematch => rematch(app),
            // The review starts with the arrows on the moves, however the last move was made.
            Action::Review => {
                app.mode = Mode::Playing;
                app.board.engaged = false;
            }
            // Stepping back, or a click on a move, closes the box and shows that position.
            Action::HistoryBack | Action::HistoryStart => {
                app.mode = Mode::Playing;
                app.on_playing(action, app.now);
            }
            Action::Pointer(p)
                if p.kind == PointerKind::Down
                    && let Some(spot) = app.view().move_list_at(p.column, p.row) =>
            {
                app.study().show_spot(spot);
                app.mode = Mode::Playing;
            }
            // At once, unless the finished game is on disk nowhere.
            Action::Quit => app.quit_requested(),
            // Text typed at the box (a move as the game ended, `App::typed_into_the_end`):
            // the box closes and the move box takes it, for a variation.
            Action::Input(_) => {
                app.mode = Mode::Playing;
                app.board.engaged = false;
                app.on_playing(action, app.now);
            }
            _ => {}
        }
    }

    fn look<'a>(&'a self, app: &'a App) -> Option<Look<'a>> {
        let outcome = app.game().outcome()?;
        let mut lines = vec![
            app.view().words().outcome(outcome),
            outcome.result.pgn().to_owned(),
        ];
        match app.saving.archive_note() {
            Some(ArchiveNote::Saved(path)) => match app.saving.download(path) {
                // On a server: kept there as `path`, downloaded from the player's machine.
                Some(download) => lines.extend([format!("Kept as {path}"), download]),
                None => lines.push(format!("Saved to {path}")),
            },
            Some(ArchiveNote::Failed(why)) => {
                lines.push(format!("Not archived: {why}. Ctrl-S saves a copy."))
            }
            None => {}
        }
        text_box("Game over", lines, app.view().key_context())
    }
}

/// The same game again from the same start, with the same clock, the colours swapped: each
/// player takes the other seat with their own name and time control.
fn rematch(app: &mut App) {
    let game = &app.game;
    let setup = GameSetup {
        start: game.record().start().clone(),
        white: game.player(Color::Black).to_owned(),
        black: game.player(Color::White).to_owned(),
        white_time: game.clock().control(Color::Black).clone(),
        black_time: game.clock().control(Color::White).clone(),
    };
    app.start_game(setup, app.now);
    app.message.info(format!(
        "Rematch: {} vs {}, {}",
        app.game.player(Color::White),
        app.game.player(Color::Black),
        app.view().words().time_control()
    ));
}

#[cfg(test)]
mod tests {
    use crossterm::event::KeyCode;

    use super::GameOver;
    use crate::app::tests::{SCHOLARS_MOVES, config, key, play_all};
    use crate::app::{App, Mode};
    use crate::game::GameSetup;
    use crate::rules::Color;

    /// Ann (White) mates Bob.
    fn mated() -> App {
        let mut app = App::new(config(GameSetup {
            white: "Ann".to_owned(),
            black: "Bob".to_owned(),
            ..GameSetup::default()
        }));
        play_all(&mut app, &SCHOLARS_MOVES);
        play_all(&mut app, &["Qxf7#"]);
        assert_eq!(app.mode(), &Mode::GameOver(GameOver));
        // The box seen: its keys are its own (a key on its way as it opened goes into the
        // move box, `App::typed_into_the_end`).
        app.update(
            crate::app::keymap::Action::Tick,
            app.now + crate::app::requests::ANSWER_GUARD,
        );
        app
    }

    #[test]
    fn m_is_a_rematch_with_the_seats_changed() {
        let mut app = mated();
        assert!(key(&mut app, KeyCode::Char('m')));
        assert_eq!(app.game().player(Color::White), "Bob");
        assert_eq!(app.game().player(Color::Black), "Ann");
        assert_eq!(app.game().record().plies(), 0);
        assert_eq!(
            app.view().message().unwrap().text,
            "Rematch: Bob vs Ann, untimed"
        );
    }

    #[test]
    fn r_or_esc_closes_it_to_look_through_the_game() {
        for code in [KeyCode::Char('r'), KeyCode::Esc] {
            let mut app = mated();
            assert!(key(&mut app, code));
            assert_eq!(app.mode(), &Mode::Playing);
            assert!(app.view().arrows_step(), "the arrows are on the moves");
        }
    }

    #[test]
    fn n_opens_the_new_game_form_and_q_quits() {
        let mut app = mated();
        assert!(key(&mut app, KeyCode::Char('n')));
        assert!(matches!(app.mode(), Mode::NewGame(_)), "{:?}", app.mode());
        let mut app = mated();
        assert!(key(&mut app, KeyCode::Char('q')));
        assert!(app.should_quit());
    }
}
