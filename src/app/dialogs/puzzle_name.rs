//! Whose puzzles? Asked when Ctrl-V (or `puzzles`) opens the puzzles from a game whose player
//! to move has no name of their own (the form's "White" or "Black"): a puzzle rating is kept
//! by name, and one kept under "White" would be everyone's who ever played White unnamed.

use crate::app::Say;
use std::time::Duration;

use super::{Look, Mode, Popup, field_closed, field_line, form_box};
use crate::app::App;
use crate::app::keymap::{Action, KeyContext};
use crate::rules::Color;

/// The longest name taken: as long as the new-game form's.
pub const MAX_NAME_CHARS: usize = 40;

/// The name being typed, for the player to move (`side`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleName {
    pub side: Color,
    pub name: String,
}

impl Popup for PuzzleName {
    fn keys(&self) -> KeyContext {
        KeyContext::Name
    }

    fn update(mut self, app: &mut App, action: Action, now: Duration) {
        if field_closed(app, &action) {
            return;
        }
        match action {
            Action::Input(c) if self.name.chars().count() < MAX_NAME_CHARS && !c.is_control() => {
                self.name.push(c);
            }
            Action::DeleteChar => {
                self.name.pop();
            }
            Action::Select => {
                let name = self.name.trim();
                if crate::app::puzzle::unnamed(name, self.side) {
                    app.message.error(format!(
                        "Type the name your puzzle rating is kept under, like Ann (not {})",
                        if name.is_empty() { "empty" } else { name }
                    ));
                    return;
                }
                let name = name.to_owned();
                app.mode = Mode::Playing;
                crate::app::puzzle::open_for(app, name, now);
                return;
            }
            _ => return,
        }
        app.mode = Mode::PuzzleName(self);
    }

    fn look<'a>(&'a self, _app: &'a App) -> Option<Look<'a>> {
        form_box(
            "Puzzles",
            vec![
                format!("Whose puzzles? {} has no name in this game.", self.side),
                "Your puzzle rating is kept under your name.".to_owned(),
                field_line("Name", &self.name),
            ],
            KeyContext::Name,
        )
    }
}
