//! "New game?": asked before a new game would set the game in progress (or an unsaved study of
//! a finished one) aside. The clocks stay paused while it is asked (`App::pause_for_form`).

use std::time::Duration;

use super::{Look, Popup, question_default, text_box};
use crate::app::App;
use crate::app::keymap::{Action, KeyContext};

/// Abandon the game in progress for a new one?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbandonGame;

impl Popup for AbandonGame {
    fn keys(&self) -> KeyContext {
        KeyContext::Confirm
    }

    fn update(self, app: &mut App, action: Action, now: Duration) {
        match action {
            Action::Yes => app.open_form(),
            Action::No | Action::Cancel => app.back_from_form(now),
            _ => question_default(app, action),
        }
    }

    fn look<'a>(&'a self, app: &'a App) -> Option<Look<'a>> {
        let lines: &[&str] = if app.study_would_be_lost() {
            &[
                "The variations, comments and glyphs added to this game are not saved.",
                "Set up a new game and lose them? (Ctrl-S saves the game with them first.)",
            ]
        } else if app.autosaving() {
            &[
                "Set the game in progress aside and set up a new one?",
                "It goes to the archive, marked unfinished.",
            ]
        } else {
            &["Abandon the game in progress and set up a new one?"]
        };
        text_box(
            "New game?",
            lines.iter().map(|l| (*l).to_owned()).collect(),
            KeyContext::Confirm,
        )
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyModifiers};

    use super::AbandonGame;
    use crate::app::Mode;
    use crate::app::tests::{enter, key, press, s, timed_app};
    use crate::rules::Color;

    #[test]
    fn the_clock_waits_while_asked_and_runs_again_after_no() {
        let mut app = timed_app("5+0");
        key(&mut app, KeyCode::Enter);
        enter(&mut app, "e4");
        app.update(crate::app::keymap::Action::Tick, s(10));
        assert!(press(&mut app, KeyCode::Char('n'), KeyModifiers::CONTROL));
        assert_eq!(app.mode(), &Mode::AbandonGame(AbandonGame));
        assert!(app.game().clock().is_paused(), "asking costs Black nothing");
        assert!(key(&mut app, KeyCode::Char('n')));
        assert_eq!(app.mode(), &Mode::Playing);
        assert_eq!(app.game().clock().running(), Some(Color::Black));
        assert!(!app.game().clock().is_paused());
    }

    #[test]
    fn y_opens_the_new_game_form() {
        let mut app = timed_app("5+0");
        key(&mut app, KeyCode::Enter);
        enter(&mut app, "e4");
        assert!(press(&mut app, KeyCode::Char('n'), KeyModifiers::CONTROL));
        assert!(key(&mut app, KeyCode::Char('y')));
        assert!(matches!(app.mode(), Mode::NewGame(_)), "{:?}", app.mode());
    }
}
