//! `save`: exporting the game as PGN, or the position shown as FEN, to a file the player names.
//!
//! Ctrl-S (or the word `save`) opens a one-line form with a suggested file name in the current
//! directory, `2026-11-22-Ann-vs-Bob.pgn` (the archive's scheme); Tab switches between the game (PGN) and the position
//! on the board (FEN — the reviewed one while reviewing). Enter hands the text to the front end
//! ([`Effect::Export`]), which writes it atomically and reports back
//! ([`Event::Exported`](super::Event::Exported)): a file
//! that exists is only replaced after a yes, and a failure keeps the form open with the reason,
//! so the player can correct the path. The word `fen` shows the position's FEN on the status
//! line instead.

use std::path::PathBuf;
use std::time::Duration;

use super::keymap::Action;
use super::{App, Effect, Mode, Question};
use crate::rules::Color;
use crate::store::{StoreError, export_stem, shown};

/// The longest path the form takes.
pub const MAX_PATH_CHARS: usize = 240;

/// What is exported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportKind {
    /// The whole game, as PGN.
    Pgn,
    /// The position on the board, as one FEN line.
    Fen,
}

impl ExportKind {
    fn extension(self) -> &'static str {
        match self {
            ExportKind::Pgn => "pgn",
            ExportKind::Fen => "fen",
        }
    }
}

/// The save form: the file name being typed, and what goes into it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveForm {
    pub path: String,
    pub kind: ExportKind,
}

/// A file to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportJob {
    /// As typed: relative to the current directory, `~/` for the home directory.
    pub path: String,
    pub text: String,
    pub kind: ExportKind,
    /// Replace the file if it exists (the player said yes).
    pub replace: bool,
}

/// What became of an [`ExportJob`] ([`Event::Exported`](super::Event::Exported)).
#[derive(Debug)]
pub enum ExportResult {
    /// Written, here.
    Written(PathBuf),
    /// Not written: the file exists and the job did not say to replace it.
    Exists,
    /// Not written, and why.
    Failed(StoreError),
}

impl App {
    /// Ctrl-S: the form, with a file name suggested from the players and today's date.
    pub(super) fn open_save_form(&mut self, now: Duration) {
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

    pub(super) fn on_save_as(&mut self, action: Action, now: Duration) {
        let Mode::SaveAs(form) = &mut self.mode else {
            return;
        };
        match action {
            Action::Input(c) if form.path.chars().count() < MAX_PATH_CHARS => form.path.push(c),
            Action::DeleteChar => {
                form.path.pop();
            }
            Action::Complete => {
                let next = match form.kind {
                    ExportKind::Pgn => ExportKind::Fen,
                    ExportKind::Fen => ExportKind::Pgn,
                };
                let old = format!(".{}", form.kind.extension());
                if let Some(stem) = form.path.strip_suffix(&old) {
                    form.path = format!("{stem}.{}", next.extension());
                }
                form.kind = next;
            }
            Action::Select => {
                if form.path.trim().is_empty() {
                    self.error("Type a file name to save to, like game.pgn");
                    return;
                }
                let form = form.clone();
                self.export(form, false, now);
            }
            Action::Cancel => self.mode = Mode::Playing,
            Action::Quit => {
                self.mode = Mode::Playing;
                self.quit_requested();
            }
            _ => {}
        }
    }

    /// Hands the form's file to the front end; the form stays open until the report.
    fn export(&mut self, form: SaveForm, replace: bool, now: Duration) {
        let text = match form.kind {
            ExportKind::Pgn => self.game.to_pgn(now, &self.saving.tags()),
            ExportKind::Fen => format!("{}\n", self.shown_position().fen()),
        };
        self.effects.push(Effect::Export(ExportJob {
            path: form.path.trim().to_owned(),
            text,
            kind: form.kind,
            replace,
        }));
        self.mode = Mode::SaveAs(form);
    }

    pub(super) fn replace_export(&mut self, now: Duration) {
        if let Some(form) = self.pending_export.take() {
            self.export(form, true, now);
        }
    }

    pub(super) fn back_to_save_form(&mut self) {
        self.mode = match self.pending_export.take() {
            Some(form) => Mode::SaveAs(form),
            None => Mode::Playing,
        };
    }

    /// How an [`Effect::Export`] went. The form waits for it; if it was closed meanwhile,
    /// only the news is told.
    pub(super) fn exported(&mut self, result: ExportResult) {
        let Mode::SaveAs(form) = &self.mode else {
            match result {
                ExportResult::Written(path) => self.info(format!("Saved to {}", shown(&path))),
                ExportResult::Failed(why) => self.error(format!("Not saved: {why}")),
                ExportResult::Exists => {}
            }
            return;
        };
        let what = match form.kind {
            ExportKind::Pgn => "the game (PGN)",
            ExportKind::Fen => "the position (FEN)",
        };
        match result {
            ExportResult::Written(path) => {
                let path = shown(&path);
                if form.kind == ExportKind::Pgn {
                    self.saving.study_unsaved = false;
                }
                self.mode = Mode::Playing;
                self.info(format!("Saved {what} to {path}"));
            }
            ExportResult::Exists => {
                self.pending_export = Some(form.clone());
                self.mode = Mode::Confirm(Question::Replace);
            }
            ExportResult::Failed(why) => self.error(format!("Not saved: {why}")),
        }
    }

    /// The word `fen`: the position on the board as FEN, on the status line.
    pub(super) fn show_fen(&mut self) {
        let fen = self.shown_position().fen();
        self.info(format!("FEN {fen}"));
    }

    /// The file the replace question is about.
    pub fn pending_export_path(&self) -> Option<&str> {
        self.pending_export.as_ref().map(|f| f.path.as_str())
    }
}
