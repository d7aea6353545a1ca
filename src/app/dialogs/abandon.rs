//! "New game?": asked before a new game would set the game in progress (or an unsaved study of
//! a finished one) aside. A running clock runs on while it is asked: only the players'
//! agreement stops it (Ctrl-P).

use std::time::Duration;

use super::{Look, Popup, grave_default, text_box, yes_too_soon};
use crate::app::App;
use crate::app::keymap::{Action, KeyContext};

/// Abandon the game in progress for a new one?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbandonGame;

impl Popup for AbandonGame {
    fn keys(&self) -> KeyContext {
        KeyContext::Grave
    }

    fn update(self, app: &mut App, action: Action, now: Duration) {
        match action {
            Action::Yes if yes_too_soon(app, now, "y sets up a new game, Enter goes back") => {}
            Action::Yes => crate::app::NewGameForm::open(app),
            _ => grave_default(app, action, now),
        }
    }

    fn look<'a>(&'a self, app: &'a App) -> Option<Look<'a>> {
        let lines: &[&str] = if app.study_would_be_lost() {
            &[
                "The variations, comments and glyphs added to this game are not saved.",
                "Set up a new game and lose them? (Ctrl-S saves the game with them first.)",
            ]
        } else if app.saving.autosaving() {
            &[
                "Set the game in progress aside and set up a new one?",
                "It goes to the archive, marked unfinished.",
            ]
        } else {
            &["Abandon the game in progress and set up a new one?"]
        };
        let mut lines: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
        lines.push("y: a new game · Enter or Esc: back to this one".to_owned());
        text_box("New game?", lines, KeyContext::Grave)
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyModifiers};

    use super::AbandonGame;
    use crate::app::Mode;
    use crate::app::tests::{enter, key, look, press, s, timed_app};
    use crate::rules::Color;

    #[test]
    fn the_clock_runs_on_while_asked_and_enter_goes_back() {
        let mut app = timed_app("5+0");
        key(&mut app, KeyCode::Enter);
        enter(&mut app, "e4");
        app.update(crate::app::keymap::Action::Tick, s(10));
        assert!(press(&mut app, KeyCode::Char('n'), KeyModifiers::CONTROL));
        assert_eq!(app.mode(), &Mode::AbandonGame(AbandonGame));
        assert!(
            !app.game().clock().is_paused(),
            "only the players' agreement stops the clock"
        );
        assert!(key(&mut app, KeyCode::Enter));
        assert_eq!(app.mode(), &Mode::Playing);
        assert_eq!(app.game().clock().running(), Some(Color::Black));
        // n is a knight's letter: it closes the question and starts a move.
        assert!(press(&mut app, KeyCode::Char('n'), KeyModifiers::CONTROL));
        key(&mut app, KeyCode::Char('n'));
        assert_eq!(app.mode(), &Mode::Playing);
        assert_eq!(app.view().input(), "n");
    }

    #[test]
    fn y_opens_the_new_game_form() {
        let mut app = timed_app("5+0");
        key(&mut app, KeyCode::Enter);
        enter(&mut app, "e4");
        assert!(press(&mut app, KeyCode::Char('n'), KeyModifiers::CONTROL));
        look(&mut app);
        assert!(key(&mut app, KeyCode::Char('y')));
        assert!(matches!(app.mode(), Mode::NewGame(_)), "{:?}", app.mode());
    }
}
