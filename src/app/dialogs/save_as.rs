//! The save form: the file name to export the game (PGN) or the position shown (FEN) to. The
//! export itself, and the front end's report on it, are [`crate::app::export`]'s; the form stays
//! open until that report.

use crate::app::Say;
use std::time::Duration;

use super::{Look, Mode, Popup, field_closed, field_line, form_box};
use crate::app::export::MAX_PATH_CHARS;
use crate::app::keymap::{Action, KeyContext};
use crate::app::{App, ExportKind, SaveForm};
use crate::rules::Color;
use crate::store::export_stem;

impl Popup for SaveForm {
    fn keys(&self) -> KeyContext {
        KeyContext::Path
    }

    fn update(mut self, app: &mut App, action: Action, now: Duration) {
        if field_closed(app, &action) {
            return;
        }
        match action {
            Action::Input(c) if self.path.chars().count() < MAX_PATH_CHARS => self.path.push(c),
            Action::DeleteChar => {
                self.path.pop();
            }
            Action::Complete => {
                let next = match self.kind {
                    ExportKind::Pgn => ExportKind::Fen,
                    ExportKind::Fen => ExportKind::Pgn,
                };
                let old = format!(".{}", self.kind.extension());
                if let Some(stem) = self.path.strip_suffix(&old) {
                    self.path = format!("{stem}.{}", next.extension());
                }
                self.kind = next;
            }
            Action::Select => {
                if self.path.trim().is_empty() {
                    app.message
                        .error("Type a file name to save to, like game.pgn");
                    return;
                }
                app.export(self, false, now);
                return;
            }
            _ => return,
        }
        app.mode = Mode::SaveAs(self);
    }

    fn look<'a>(&'a self, app: &'a App) -> Option<Look<'a>> {
        let what = match self.kind {
            ExportKind::Pgn => "the game as PGN".to_owned(),
            ExportKind::Fen => match app.view().review() {
                Some(ply) => format!("the position after half-move {ply} as FEN"),
                None => "the position as FEN".to_owned(),
            },
        };
        form_box(
            "Save",
            vec![
                format!(
                    "Save {what} to a file, relative to the current directory (~/ is your home)."
                ),
                field_line("File", &self.path),
            ],
            KeyContext::Path,
        )
    }
}

impl SaveForm {
    /// Ctrl-S: the form, with a file name suggested from the players and today's date.
    pub(in crate::app) fn open(app: &mut App, now: Duration) {
        let stem = export_stem(
            &app.saving.today(now),
            app.game.player(Color::White),
            app.game.player(Color::Black),
        );
        // While saving fails, in a folder the front end found it can write to.
        let folder = match &app.saving.elsewhere {
            Some(folder) if app.saving.failure.is_some() => {
                format!("{}/", folder.trim_end_matches('/'))
            }
            _ => String::new(),
        };
        app.mode = Mode::SaveAs(SaveForm {
            path: format!("{folder}{stem}.pgn"),
            kind: ExportKind::Pgn,
        });
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyModifiers};

    use crate::app::tests::{app, key, press};
    use crate::app::{ExportKind, Mode, SaveForm};

    fn form(app: &crate::app::App) -> SaveForm {
        match app.mode() {
            Mode::SaveAs(form) => form.clone(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn tab_switches_between_the_game_and_the_position_and_their_extensions() {
        let mut app = app();
        assert!(press(&mut app, KeyCode::Char('s'), KeyModifiers::CONTROL));
        let pgn = form(&app);
        assert_eq!(pgn.kind, ExportKind::Pgn);
        assert!(pgn.path.ends_with(".pgn"), "{}", pgn.path);
        assert!(key(&mut app, KeyCode::Tab));
        let fen = form(&app);
        assert_eq!(fen.kind, ExportKind::Fen);
        assert_eq!(fen.path.strip_suffix(".fen"), pgn.path.strip_suffix(".pgn"));
    }

    #[test]
    fn backspace_deletes_and_enter_on_no_name_says_what_to_type() {
        let mut app = app();
        assert!(press(&mut app, KeyCode::Char('s'), KeyModifiers::CONTROL));
        let len = form(&app).path.chars().count();
        for _ in 0..len {
            assert!(key(&mut app, KeyCode::Backspace));
        }
        assert_eq!(form(&app).path, "");
        assert!(key(&mut app, KeyCode::Enter));
        assert_eq!(form(&app).path, "", "still open");
        assert_eq!(
            app.view().message().unwrap().text,
            "Type a file name to save to, like game.pgn"
        );
        assert!(app.take_effects().is_empty());
        assert!(key(&mut app, KeyCode::Char('g')));
        assert_eq!(form(&app).path, "g");
        assert!(key(&mut app, KeyCode::Esc));
        assert_eq!(app.mode(), &Mode::Playing);
    }
}
