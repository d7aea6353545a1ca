//! The new-game form as a dialog: the form itself (its fields, what typing does to them, the
//! game it sets up) is [`crate::app::newgame`]; here, what opening, starting and leaving it do
//! to the app. The clock of a game in progress is paused while it is open, and runs again if
//! the players go back to that game.

use std::time::Duration;

use super::{Look, Mode, Popup};
use crate::app::keymap::{Action, KeyContext};
use crate::app::newgame::FormResult;
use crate::app::{App, FileEffect, NewGameForm};

impl Popup for Box<NewGameForm> {
    fn keys(&self) -> KeyContext {
        KeyContext::Form
    }

    fn update(mut self, app: &mut App, action: Action, now: Duration) {
        if action == Action::Quit {
            app.back_from_form();
            app.quit_requested();
            return;
        }
        match NewGameForm::update(&mut self, action) {
            FormResult::Editing => app.mode = Mode::NewGame(self),
            FormResult::Cancel => app.back_from_form(),
            FormResult::Start(setup) => {
                app.theme = app.theme.with_palette(self.palette);
                let choices = self.choices(&setup);
                if app.saving.enabled {
                    app.effects
                        .push(FileEffect::Remember(choices.clone()).into());
                }
                app.remembered = Some(choices);
                app.start_game(*setup, now);
            }
        }
    }

    fn look<'a>(&'a self, _app: &'a App) -> Option<Look<'a>> {
        Some(Look::Form(self))
    }
}

impl NewGameForm {
    /// Opens the form, filled in like the game on the board (and with the choices of the last
    /// game started from it).
    pub(in crate::app) fn open(app: &mut App) {
        let mut form = NewGameForm::new(&app.game, app.theme.palette());
        if let Some(choices) = &app.remembered {
            form.recall(choices);
        }
        app.mode = Mode::NewGame(Box::new(form));
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyModifiers};

    use crate::app::Mode;
    use crate::app::tests::{app, key, play_all, press};

    #[test]
    fn esc_closes_the_form_and_enter_starts_its_game() {
        let mut app = app();
        assert!(press(&mut app, KeyCode::Char('n'), KeyModifiers::CONTROL));
        assert!(matches!(app.mode(), Mode::NewGame(_)), "{:?}", app.mode());
        assert!(key(&mut app, KeyCode::Esc));
        assert_eq!(app.mode(), &Mode::Playing);
        play_all(&mut app, &["e4"]);
        assert!(press(&mut app, KeyCode::Char('n'), KeyModifiers::CONTROL));
        crate::app::tests::look(&mut app);
        assert!(
            key(&mut app, KeyCode::Char('y')),
            "the game in progress is set aside"
        );
        assert!(key(&mut app, KeyCode::Enter));
        assert_eq!(app.mode(), &Mode::Playing);
        assert_eq!(app.game().record().plies(), 0);
        assert!(app.view().message().unwrap().text.starts_with("New game: "));
    }

    #[test]
    fn typed_letters_go_into_the_field_not_to_the_keymap() {
        let mut app = app();
        assert!(press(&mut app, KeyCode::Char('n'), KeyModifiers::CONTROL));
        // `q` quits after a game and closes the help; here it is a letter of a name.
        assert!(key(&mut app, KeyCode::Char('q')));
        let Mode::NewGame(form) = app.mode() else {
            panic!("{:?}", app.mode());
        };
        assert_eq!(form.white, "q");
        assert!(!app.should_quit());
    }
}
