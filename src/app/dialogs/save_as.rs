//! The save form: the file name to export the game (PGN) or the position shown (FEN) to. The
//! export itself, and the front end's report on it, are [`crate::app::export`]'s; the form stays
//! open until that report.

use std::time::Duration;

use super::{Look, Mode, Popup, close_and_quit, text_box};
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
                    app.error("Type a file name to save to, like game.pgn");
                    return;
                }
                app.export(self, false, now);
                return;
            }
            Action::Cancel => {
                app.mode = Mode::Playing;
                return;
            }
            Action::Quit => {
                close_and_quit(app);
                return;
            }
            _ => return,
        }
        app.mode = Mode::SaveAs(self);
    }

    fn look<'a>(&'a self, app: &'a App) -> Option<Look<'a>> {
        let what = match self.kind {
            ExportKind::Pgn => "the game as PGN".to_owned(),
            ExportKind::Fen => match app.review() {
                Some(ply) => format!("the position after half-move {ply} as FEN"),
                None => "the position as FEN".to_owned(),
            },
        };
        text_box(
            "Save",
            vec![
                format!("Save {what} to the file:"),
                format!("{}_", self.path),
                "Relative to the current directory; ~/ is your home.".to_owned(),
            ],
            KeyContext::Path,
        )
    }
}

impl App {
    /// Ctrl-S: the form, with a file name suggested from the players and today's date.
    pub(in crate::app) fn open_save_form(&mut self, now: Duration) {
        let stem = export_stem(
            &self.saving.today(now),
            self.game.player(Color::White),
            self.game.player(Color::Black),
        );
        self.mode = Mode::SaveAs(SaveForm {
            path: format!("{stem}.pgn"),
            kind: ExportKind::Pgn,
        });
    }
}
