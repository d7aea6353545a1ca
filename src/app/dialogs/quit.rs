//! "Quit?": asked while quitting would lose something, saying what.

use std::time::Duration;

use super::{Look, Popup, grave_default, text_box, yes_too_soon};
use crate::app::App;
use crate::app::keymap::{Action, KeyContext};

/// Quit while a game is in progress (or a finished game or its study is on disk nowhere)?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quit;

impl Popup for Quit {
    fn keys(&self) -> KeyContext {
        KeyContext::Grave
    }

    fn update(self, app: &mut App, action: Action, now: Duration) {
        match action {
            Action::Yes | Action::Quit if yes_too_soon(app, now, "y quits, Enter goes back") => {}
            Action::Yes | Action::Quit => app.quit = true,
            // Saving fails: a copy first, in a folder that can be written (the form says which).
            Action::Save => crate::app::SaveForm::open(app, now),
            Action::No | Action::Cancel => app.mode = super::board_mode(app),
            _ => grave_default(app, action, now),
        }
    }

    fn look<'a>(&'a self, app: &'a App) -> Option<Look<'a>> {
        let lines = if app.saving.unsaved_finish {
            vec![
                "The finished game could not be saved: it is on disk nowhere.".to_owned(),
                app.saving.elsewhere_line(),
                "Quit and lose it?".to_owned(),
            ]
        } else if app.study_would_be_lost() {
            vec![
                "The variations, comments and glyphs added to this game are not saved.".to_owned(),
                "Quit and lose them? (Ctrl-S saves the game with them first.)".to_owned(),
            ]
        } else if let Some(line) = app
            .saving
            .autosaving()
            .then(|| app.network().map(|n| n.quit_line().to_owned()))
            .flatten()
        {
            vec![line, "Quit?".to_owned()]
        } else if app.saving.autosaving() {
            vec![
                "A game is in progress. It is saved: hotseat offers to resume it next time, \
                 with the clocks as they stand now."
                    .to_owned(),
                "Quit?".to_owned(),
            ]
        } else {
            vec![
                match &app.saving.failure {
                    Some(why) => {
                        format!("A game is in progress, and it is not being saved: {why}.")
                    }
                    None => "A game is in progress, and it is not being saved.".to_owned(),
                },
                app.saving.elsewhere_line(),
                "Quit anyway?".to_owned(),
            ]
        };
        let mut lines = lines;
        lines.push("y quits · Enter or Esc: back to the game".to_owned());
        text_box("Quit?", lines, KeyContext::Grave)
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyModifiers};

    use super::Quit;
    use crate::app::Mode;
    use crate::app::tests::{app, key, play_all, press};

    fn ctrl_q(app: &mut crate::app::App) -> bool {
        press(app, KeyCode::Char('q'), KeyModifiers::CONTROL)
    }

    #[test]
    fn esc_goes_back_to_the_game_and_y_or_ctrl_q_quits() {
        for (code, modifiers) in [
            (KeyCode::Char('y'), KeyModifiers::NONE),
            (KeyCode::Char('q'), KeyModifiers::CONTROL),
        ] {
            let mut app = app();
            play_all(&mut app, &["e4"]);
            assert!(ctrl_q(&mut app));
            assert_eq!(app.mode(), &Mode::Quit(Quit));
            assert!(key(&mut app, KeyCode::Esc));
            assert_eq!(app.mode(), &Mode::Playing);
            assert!(!app.should_quit());
            assert!(ctrl_q(&mut app));
            assert!(press(&mut app, code, modifiers));
            assert!(
                !app.should_quit(),
                "{code:?} in the same instant: on its way already"
            );
            crate::app::tests::look(&mut app);
            assert!(press(&mut app, code, modifiers));
            assert!(app.should_quit(), "{code:?} quits");
        }
    }
}
