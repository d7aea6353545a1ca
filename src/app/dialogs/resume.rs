//! "Resume?": at start-up, an unfinished game was saved last time. The board shows it while
//! the players answer; the new game to start instead waits in the question.

use crate::app::Say;
use std::time::Duration;

use super::{Look, Popup, text_box};
use crate::app::keymap::{Action, KeyContext};
use crate::app::{App, FileEffect};
use crate::game::GameSetup;

/// Resume the saved game (shown on the board meanwhile)?
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resume {
    /// The saved game in a few words: `Ann vs Bob, move 2`.
    pub summary: String,
    /// The new game to start instead.
    pub setup: Box<GameSetup>,
}

impl Popup for Resume {
    fn keys(&self) -> KeyContext {
        KeyContext::Confirm
    }

    fn update(self, app: &mut App, action: Action, now: Duration) {
        match action {
            Action::Yes => {
                app.mode = app.opening_mode();
                let turn = app.game.position().turn();
                app.message
                    .info(format!("Resumed: {} to move", app.view().words().who(turn)));
                app.requests.offer_standing(&app.game, now);
            }
            Action::No | Action::Cancel => {
                // The saved game is the front end's to archive, from its file.
                app.saving.track = false;
                app.effects
                    .push(FileEffect::ArchiveSaved { finished: false }.into());
                app.start_game(*self.setup, now);
            }
            // Quitting at the question leaves the saved game as it is, for next time.
            Action::Quit => app.quit = true,
            _ => {}
        }
    }

    fn look<'a>(&'a self, _app: &'a App) -> Option<Look<'a>> {
        text_box(
            "Resume?",
            vec![
                "Resume the game saved last time?".to_owned(),
                self.summary.clone(),
                "y or Enter: resume it (its clocks wait for a key)".to_owned(),
                "n: a new game; this one goes to the archive".to_owned(),
            ],
            KeyContext::Confirm,
        )
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::KeyCode;

    use crate::app::tests::saving::{SAVED, asking};
    use crate::app::tests::{key, sans};
    use crate::app::{FileEffect, Mode};

    #[test]
    fn enter_resumes_the_saved_game_with_its_clocks_waiting() {
        let mut app = asking(SAVED);
        assert!(key(&mut app, KeyCode::Enter));
        assert_eq!(app.mode(), &Mode::Ready(super::super::Ready));
        assert_eq!(sans(&app), ["e4", "e5", "Nf3"]);
        assert!(app.take_effects().is_empty(), "nothing archived");
    }

    #[test]
    fn n_archives_the_saved_game_and_starts_the_new_one() {
        let mut app = asking(SAVED);
        assert!(key(&mut app, KeyCode::Char('n')));
        assert!(
            app.take_effects()
                .contains(&FileEffect::ArchiveSaved { finished: false }.into())
        );
        assert_eq!(app.mode(), &Mode::Playing);
        assert!(sans(&app).is_empty());
    }
}
