//! `save`: exporting the game as PGN, or the position shown as FEN, to a file the player names.
//!
//! Ctrl-S (or the word `save`) opens a one-line form with a suggested file name in the current
//! directory, `2026-11-22-Ann-vs-Bob.pgn` (the archive's scheme); Tab switches between the game (PGN) and the position
//! on the board (FEN — the reviewed one while reviewing). Enter hands the text to the front end
//! ([`FileEffect::Export`]), which writes it atomically and reports back
//! ([`Event::Exported`](super::Event::Exported)): a file
//! that exists is only replaced after a yes, and a failure keeps the form open with the reason,
//! so the player can correct the path. The word `fen` shows the position's FEN on the status
//! line instead.

use crate::app::Say;
use std::path::PathBuf;
use std::time::Duration;

use super::{App, FileEffect, Message, Mode};
use crate::store::{StoreError, shown};

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
    pub(super) fn extension(self) -> &'static str {
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
    /// Hands the form's file to the front end; the form stays open until the report.
    pub(super) fn export(&mut self, form: SaveForm, replace: bool, now: Duration) {
        let text = match form.kind {
            ExportKind::Pgn => self.game.to_pgn(now, &self.saving.tags()),
            ExportKind::Fen => format!("{}\n", self.view().shown().position().fen()),
        };
        self.effects.push(
            FileEffect::Export(ExportJob {
                path: form.path.trim().to_owned(),
                text,
                kind: form.kind,
                replace,
            })
            .into(),
        );
        self.mode = Mode::SaveAs(form);
    }

    /// How an [`Effect::Export`] went. The form waits for it; if it was closed meanwhile,
    /// only the news is told.
    pub(super) fn exported(&mut self, result: ExportResult) {
        let Mode::SaveAs(form) = &self.mode else {
            match result {
                ExportResult::Written(path) => {
                    self.message.info(format!("Saved to {}", shown(&path)))
                }
                ExportResult::Failed(why) => self.message.error(format!("Not saved: {why}")),
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
                self.message.info(format!("Saved {what} to {path}"));
            }
            ExportResult::Exists => {
                let form = form.clone();
                self.mode = Mode::Replace(super::dialogs::Replace { form });
            }
            ExportResult::Failed(why) => self.message.error(format!("Not saved: {why}")),
        }
    }

    /// On a server (`hotseat serve`), Ctrl-S, the library and the explorer name no path of the
    /// server's: the player hears how to download their games from their own machine instead
    /// (the session's policy refuses the files themselves).
    pub(super) fn served_files(&mut self, action: super::keymap::Action) {
        let Some(served) = &self.saving.served else {
            return;
        };
        let ssh = &served.ssh;
        let game = self
            .saving
            .archived_path
            .as_deref()
            .and_then(|path| path.file_name())
            .map_or_else(
                || "current".to_owned(),
                |name| name.to_string_lossy().into_owned(),
            );
        let message = match action {
            super::keymap::Action::Save if !self.saving.enabled => Message::info(
                "A game you watch is the players' to keep: nothing of it is saved under your key",
            ),
            super::keymap::Action::Save => Message::info(format!(
                "Kept on the server under your key, never in its files: from your own machine, \
                 {ssh} pgn {game} downloads this game, {ssh} games lists the others"
            ))
            .or_shorter(format!("From your machine: {ssh} pgn {game} downloads it"))
            .or_shorter(format!("{ssh} pgn {game}")),
            _ => Message::info(format!(
                "The library is hotseat's on your own machine; your games here are listed from \
                 it with {ssh} games and downloaded with {ssh} pgn ID"
            ))
            .or_shorter(format!("Your games here: {ssh} games")),
        };
        self.message = Some(message);
    }

    /// Work the session's policy did not carry out (`why`): the dialog waiting for it closes,
    /// and the player hears why.
    pub(super) fn refused(&mut self, why: &str) {
        if matches!(
            self.mode,
            Mode::SaveAs(_) | Mode::Replace(_) | Mode::Library(_) | Mode::Explorer(_)
        ) {
            self.mode = Mode::Playing;
        }
        self.message.error(format!("Not done: {why}"));
    }

    /// The word `fen`: the position on the board as FEN, on the status line.
    pub(super) fn show_fen(&mut self) {
        let fen = self.view().shown().position().fen();
        self.message.info(format!("FEN {fen}"));
    }
}
