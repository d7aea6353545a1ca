//! "Take back?": the player who just moved asks, the opponent answers.

use std::time::Duration;

use super::{Look, Mode, Popup, question_default, text_box};
use crate::app::App;
use crate::app::keymap::{Action, KeyContext};
use crate::remote::Action as RemoteAction;
use crate::rules::Color;

/// `asked_by` (who just moved) asks to take the last move back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Takeback {
    pub asked_by: Color,
}

impl Popup for Takeback {
    fn keys(&self) -> KeyContext {
        KeyContext::Confirm
    }

    fn update(self, app: &mut App, action: Action, now: Duration) {
        let asked_by = self.asked_by;
        match action {
            Action::Yes => {
                app.mode = Mode::Playing;
                if app.net_act(RemoteAction::AnswerTakeback { accept: true }) {
                    return;
                }
                let last = app.last_move_text();
                match app.game.takeback(1, now) {
                    Ok(()) => {
                        app.offer_with_move = None;
                        app.back_to_present();
                        if app.auto_flip {
                            app.board.orientation = app.game.position().turn();
                        }
                        let who = app.who(!asked_by);
                        app.info(format!("{who} agreed: {last} taken back"));
                    }
                    Err(err) => app.error(err.to_string()),
                }
            }
            Action::No => {
                app.mode = Mode::Playing;
                if app.net_act(RemoteAction::AnswerTakeback { accept: false }) {
                    return;
                }
                app.info(format!(
                    "{} does not agree to take back {}",
                    app.who(!asked_by),
                    app.last_move_text()
                ));
            }
            _ => question_default(app, action),
        }
    }

    fn look<'a>(&'a self, app: &'a App) -> Option<Look<'a>> {
        let asked = if app.network().is_some() {
            // Across the network the asker's last move goes, and the reply made since.
            let moves = app
                .takeback_text(self.asked_by)
                .unwrap_or_else(|| "their last move".to_owned());
            format!("{} asks to take back {moves}.", app.who(self.asked_by))
        } else {
            format!(
                "{} asks to take back {}.",
                app.who(self.asked_by),
                app.last_move_text()
            )
        };
        text_box(
            "Take back?",
            vec![asked, format!("{}, do you agree?", app.who(!self.asked_by))],
            KeyContext::Confirm,
        )
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyModifiers};

    use super::Takeback;
    use crate::app::Mode;
    use crate::app::tests::{app, key, play_all, press, sans};
    use crate::rules::Color;

    #[test]
    fn n_refuses_and_enter_agrees() {
        let mut app = app();
        play_all(&mut app, &["e4", "e5"]);
        assert!(press(&mut app, KeyCode::Char('z'), KeyModifiers::CONTROL));
        let asked = Mode::Takeback(Takeback {
            asked_by: Color::Black,
        });
        assert_eq!(app.mode(), &asked);
        assert!(key(&mut app, KeyCode::Char('n')));
        assert_eq!(app.mode(), &Mode::Playing);
        assert_eq!(
            app.message().unwrap().text,
            "White does not agree to take back 1... e5"
        );
        assert_eq!(sans(&app), ["e4", "e5"]);
        assert!(press(&mut app, KeyCode::Char('z'), KeyModifiers::CONTROL));
        assert_eq!(app.mode(), &asked);
        assert!(key(&mut app, KeyCode::Enter));
        assert_eq!(
            app.message().unwrap().text,
            "White agreed: 1... e5 taken back"
        );
        assert_eq!(sans(&app), ["e4"]);
    }
}
