//! "Resign?": asked of the side to move; Tab turns it to the other player, since a player may
//! resign at any time, not only on their own move.

use std::time::Duration;

use super::{Look, Mode, Popup, question_default, text_box};
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
        KeyContext::Confirm
    }

    fn update(self, app: &mut App, action: Action, now: Duration) {
        match action {
            Action::Complete => app.mode = Mode::Resign(Resign { color: !self.color }),
            Action::Yes => {
                app.mode = Mode::Playing;
                if let Err(err) = app.game.resign(self.color, now) {
                    app.error(err.to_string());
                }
            }
            _ => question_default(app, action),
        }
    }

    fn look<'a>(&'a self, app: &'a App) -> Option<Look<'a>> {
        let color = self.color;
        text_box(
            "Resign?",
            vec![
                format!("Resign the game for {}?", app.who(color)),
                format!(
                    "{0} would win. (Tab: {0} resigns instead.)",
                    app.game().player(!color)
                ),
            ],
            KeyContext::Confirm,
        )
    }
}
