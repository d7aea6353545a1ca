//! "Save it now?": at start-up, a finished game could not be archived last time. The board
//! shows it, for review only, while the players answer; the new game to start after archiving
//! it waits in the question.

use crate::app::Say;
use std::time::Duration;

use super::{Look, Mode, Popup, text_box};
use crate::app::keymap::{Action, KeyContext};
use crate::app::{App, FileEffect};
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
                app.effects
                    .push(FileEffect::ArchiveSaved { finished: true }.into());
                app.start_game(*self.setup, now);
            }
            Action::No | Action::Cancel => {
                // Not now: it stays on the board for review and in its file, untouched.
                app.mode = Mode::Playing;
                app.message.info(
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
                "Ctrl-Q: quit, leaving it for next time".to_owned(),
            ],
            KeyContext::Confirm,
        )
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyModifiers};

    use crate::app::tests::saving::asking_to_archive;
    use crate::app::tests::{key, press, sans};
    use crate::app::{Effect, FileEffect, Mode};

    #[test]
    fn y_archives_it_and_starts_a_new_game() {
        let mut app = asking_to_archive();
        assert!(key(&mut app, KeyCode::Char('y')));
        assert!(
            app.take_effects()
                .contains(&FileEffect::ArchiveSaved { finished: true }.into())
        );
        assert!(sans(&app).is_empty());
        assert!(!app.game().is_over());
    }

    #[test]
    fn esc_leaves_it_on_the_board_for_review_untouched() {
        let mut app = asking_to_archive();
        assert!(key(&mut app, KeyCode::Esc));
        assert_eq!(app.mode(), &Mode::Playing);
        assert!(app.game().is_over(), "the finished game stays on the board");
        assert!(
            !app.take_effects()
                .iter()
                .any(|e| matches!(e, Effect::Files(FileEffect::ArchiveSaved { .. }))),
            "not archived"
        );
    }

    #[test]
    fn the_quit_key_the_box_names_quits_and_leaves_the_game_for_next_time() {
        let mut app = asking_to_archive();
        let lines = app.view().dialog().expect("the question is open").lines;
        assert!(
            lines.iter().any(|l| l.starts_with("Ctrl-Q: quit")),
            "{lines:?}"
        );
        assert!(press(&mut app, KeyCode::Char('q'), KeyModifiers::CONTROL));
        assert!(app.should_quit());
        assert!(
            !app.take_effects()
                .iter()
                .any(|e| matches!(e, Effect::Files(FileEffect::ArchiveSaved { .. }))),
            "left as it is"
        );
    }
}
