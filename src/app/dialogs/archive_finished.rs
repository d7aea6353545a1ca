//! "Save it now?": at start-up, a finished game could not be archived last time. The board
//! shows it, for review only, while the players answer; the new game to start after archiving
//! it waits in the question.

use std::time::Duration;

use super::{Look, Mode, Popup, text_box};
use crate::app::keymap::{Action, KeyContext};
use crate::app::{App, Effect};
use crate::game::GameSetup;

/// Save the finished game (shown on the board meanwhile) in the archive now?
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchiveFinished {
    /// The saved game in a few words: `Ann vs Bob, finished 1-0`.
    pub summary: String,
    /// The new game to start once it is archived.
    pub setup: Box<GameSetup>,
}

impl Popup for ArchiveFinished {
    fn keys(&self) -> KeyContext {
        KeyContext::Confirm
    }

    fn update(self, app: &mut App, action: Action, now: Duration) {
        match action {
            Action::Yes => {
                // Archived from its file by the front end, which says where it went (or why
                // not: then it stays, and is offered again next time).
                app.effects.push(Effect::ArchiveSaved { finished: true });
                app.start_game(*self.setup, now);
            }
            Action::No | Action::Cancel => {
                // Not now: it stays on the board for review and in its file, untouched.
                app.mode = Mode::Playing;
                app.info(
                    "Not archived: the finished game stays saved and is offered again next \
                     time; a new game (Ctrl-N) archives it first",
                );
            }
            // Quitting at the question leaves the saved game as it is, for next time.
            Action::Quit => app.quit = true,
            _ => {}
        }
    }

    fn look<'a>(&'a self, _app: &'a App) -> Option<Look<'a>> {
        text_box(
            "Save it now?",
            vec![
                "A finished game could not be archived last time:".to_owned(),
                self.summary.clone(),
                "y or Enter: save it in the archive now, then a new game".to_owned(),
                "n: not now; look through it, and be asked again next time".to_owned(),
                "q: quit, leaving it for next time".to_owned(),
            ],
            KeyContext::Confirm,
        )
    }
}
