//! "Resign?": asked of the side to move; Tab turns it to the other player, since a player may
//! resign at any time, not only on their own move.

use crate::app::Say;
use std::time::Duration;

use super::{Look, Mode, Popup, grave_default, text_box, yes_too_soon};
use crate::app::App;
use crate::app::keymap::{Action, KeyContext};
use crate::rules::Color;

/// Does `color` really resign?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resign {
    pub color: Color,
}

impl Popup for Resign {
    fn keys(&self) -> KeyContext {
        KeyContext::Grave
    }

    fn update(self, app: &mut App, action: Action, now: Duration) {
        match action {
            Action::Complete if app.table.plays_both() => {
                app.mode = Mode::Resign(Resign { color: !self.color })
            }
            Action::Yes if yes_too_soon(app, now, "y resigns, Enter keeps playing") => {}
            Action::Yes => {
                app.mode = Mode::Playing;
                if app.desk().net_act(crate::remote::Action::Resign) {
                    return;
                }
                if let Err(err) = app.game.resign(self.color, now) {
                    app.message.error(err.to_string());
                }
            }
            _ => grave_default(app, action, now),
        }
    }

    fn look<'a>(&'a self, app: &'a App) -> Option<Look<'a>> {
        let color = self.color;
        text_box(
            "Resign?",
            vec![
                format!("Resign the game for {}?", app.view().words().who(color)),
                format!(
                    "{0} would win. (Tab: {0} resigns instead.)",
                    app.game().player(!color)
                ),
                "y resigns · Enter or Esc: keep playing".to_owned(),
            ],
            KeyContext::Grave,
        )
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyModifiers};

    use super::Resign;
    use crate::app::Mode;
    use crate::app::tests::{app, key, play_all, press};
    use crate::game::GameResult;
    use crate::rules::Color;

    #[test]
    fn tab_turns_the_question_to_the_other_player_and_y_resigns_for_them() {
        let mut app = app();
        play_all(&mut app, &["e4"]);
        assert!(press(&mut app, KeyCode::Char('r'), KeyModifiers::CONTROL));
        assert_eq!(
            app.mode(),
            &Mode::Resign(Resign {
                color: Color::Black
            })
        );
        assert!(key(&mut app, KeyCode::Tab));
        assert_eq!(
            app.mode(),
            &Mode::Resign(Resign {
                color: Color::White
            })
        );
        crate::app::tests::look(&mut app);
        assert!(key(&mut app, KeyCode::Char('y')));
        let outcome = app.game().outcome().expect("White resigned");
        assert_eq!(outcome.result, GameResult::Win(Color::Black));
    }

    #[test]
    fn esc_enter_or_n_closes_it_and_the_game_goes_on() {
        for code in [KeyCode::Esc, KeyCode::Enter, KeyCode::Char('n')] {
            let mut app = app();
            assert!(press(&mut app, KeyCode::Char('r'), KeyModifiers::CONTROL));
            assert!(key(&mut app, code));
            assert_eq!(app.mode(), &Mode::Playing);
            assert_eq!(app.game().outcome(), None);
        }
    }
}
