//! What start-up does with the game saved last time: the policy, without the files.
//!
//! The runtime (`runtime::files::prepare`) reads the autosave file and carries out what
//! [`resume_plan`] decides; the words of the first screen's notice come from here too. Kept
//! pure so every case is a unit test: resumed (`--resume`), offered (the app asks), filed in the
//! archive as unfinished (`--new`, or an unfinished game given with `--load`, which takes its
//! place), or left in place while a finished game is reviewed. A finished game that could not
//! be archived is never offered for resume: the players are asked whether to save it in the
//! archive now (`--new` and `--load` file it there without asking).

use super::{GameToOpen, Message, MessageKind};

/// What to do with an unfinished game saved last time (`--resume`, `--new`, or neither).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SavedGameChoice {
    /// Ask the players.
    #[default]
    Ask,
    /// Resume it (`--resume`).
    Resume,
    /// Archive it as unfinished and start afresh (`--new`, or a game given with `--load`).
    SetAside,
}

/// What the autosave file held, as far as the decision goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SavedGame {
    /// No saved game.
    None,
    /// A game saved at its end but never archived (the archive failed, or the process died).
    Finished,
    /// A finished game already in the archive under another name: only the old name is left
    /// to remove (a game end cut short after the archive had it).
    Archived,
    /// A game in progress.
    Unfinished,
}

/// What start-up does with the saved game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResumePlan {
    /// Nothing to do. `nothing_to_resume`: `--resume` was asked for, so the players are told.
    Fresh { nothing_to_resume: bool },
    /// File it in the archive (finished, or unfinished and set aside).
    Archive,
    /// Leave it in place while the session reviews another game; it is archived before the
    /// first autosave would overwrite it.
    Protect,
    /// Open it straight away.
    Resume,
    /// Ask the players whether to resume it.
    Ask,
    /// A finished game that could not be archived: ask whether to save it in the archive now.
    AskArchive,
}

/// The start-up policy: what happens to `saved` given the players' `choice` and the game the
/// session opens with (`--load`), if any.
pub fn resume_plan(
    saved: SavedGame,
    choice: SavedGameChoice,
    opening: Option<&GameToOpen>,
) -> ResumePlan {
    match saved {
        SavedGame::None => ResumePlan::Fresh {
            nothing_to_resume: choice == SavedGameChoice::Resume,
        },
        SavedGame::Archived => ResumePlan::Archive,
        // Starting afresh (`--new`) or opening another game (`--load`) was asked for: it goes
        // to the archive, as an unfinished game would. Otherwise the players are asked.
        SavedGame::Finished if choice == SavedGameChoice::SetAside || opening.is_some() => {
            ResumePlan::Archive
        }
        SavedGame::Finished => ResumePlan::AskArchive,
        SavedGame::Unfinished => {
            let loading_unfinished =
                matches!(opening, Some(GameToOpen::Load(g)) if !g.game.is_over());
            let set_aside = choice == SavedGameChoice::SetAside || loading_unfinished;
            if set_aside {
                ResumePlan::Archive
            } else if opening.is_some() {
                // A finished game opened for review: the saved one stays until something
                // would overwrite it.
                ResumePlan::Protect
            } else if choice == SavedGameChoice::Resume {
                ResumePlan::Resume
            } else {
                ResumePlan::Ask
            }
        }
    }
}

/// The notice for a saved game filed in the archive at start-up: `archived` is where it went
/// (`Ok(None)`: the file had gone meanwhile, nothing to say) or why it could not go.
pub fn archived_note(
    finished: bool,
    summary: &str,
    archived: Result<Option<String>, crate::store::StoreError>,
) -> Option<Message> {
    let which = if finished { "finished" } else { "unfinished" };
    match archived {
        Ok(Some(path)) => Some(Message::info(format!(
            "The {which} game {summary} was archived as {path}"
        ))),
        Ok(None) => None,
        Err(err) if finished => Some(Message::error(format!(
            "Could not archive the finished game: {err}"
        ))),
        Err(err) => Some(Message::error(format!(
            "Could not archive the unfinished game {summary}: {err}"
        ))),
    }
}

/// The first screen's notice when another hotseat holds the game saved in this folder: it is
/// left alone, and this window plays a game of its own. `pid` and `since` (a time of day) when
/// known.
pub fn another_window_note(pid: Option<u32>, since: Option<&str>) -> Message {
    let mut text = "A game is being played in another hotseat window".to_owned();
    if let Some(pid) = pid {
        text.push_str(&format!(" (process {pid})"));
    }
    if let Some(since) = since {
        text.push_str(&format!(" since {since}"));
    }
    text.push_str(": this is a separate game, saved on its own");
    Message::info(text)
}

/// The first screen's notice: `earlier` (set before start-up looked at the files: a problem
/// of the settings file) and start-up's notes, joined by ` · `, an error if any of them is one.
pub fn join_notes(notes: Vec<Message>, earlier: Option<Message>) -> Option<Message> {
    earlier.into_iter().chain(notes).reduce(|a, b| {
        let kind = if b.kind == MessageKind::Error {
            b.kind
        } else {
            a.kind
        };
        Message::new(format!("{} · {}", a.text, b.text), kind)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::OpenedGame;
    use crate::game::Game;
    use crate::game::pgn::Tags;

    fn load(over: bool) -> GameToOpen {
        let mut game = Game::new(crate::game::GameSetup::default());
        if over {
            game.resign(crate::rules::Color::White, std::time::Duration::ZERO)
                .unwrap();
            assert!(game.is_over());
        }
        GameToOpen::Load(Box::new(OpenedGame {
            game,
            tags: Tags::new(),
            source: "a file".to_owned(),
            archive_file: None,
        }))
    }

    #[test]
    fn resume_with_nothing_saved_says_so_and_starts_fresh() {
        assert_eq!(
            resume_plan(SavedGame::None, SavedGameChoice::Resume, None),
            ResumePlan::Fresh {
                nothing_to_resume: true
            }
        );
        assert_eq!(
            resume_plan(SavedGame::None, SavedGameChoice::Ask, None),
            ResumePlan::Fresh {
                nothing_to_resume: false
            }
        );
    }

    #[test]
    fn a_finished_game_never_archived_is_offered_for_the_archive_never_for_resume() {
        for choice in [SavedGameChoice::Ask, SavedGameChoice::Resume] {
            assert_eq!(
                resume_plan(SavedGame::Finished, choice, None),
                ResumePlan::AskArchive
            );
        }
    }

    #[test]
    fn a_finished_game_never_archived_is_archived_when_another_game_is_asked_for() {
        for choice in [
            SavedGameChoice::Ask,
            SavedGameChoice::Resume,
            SavedGameChoice::SetAside,
        ] {
            for over in [false, true] {
                assert_eq!(
                    resume_plan(SavedGame::Finished, choice, Some(&load(over))),
                    ResumePlan::Archive
                );
            }
        }
        assert_eq!(
            resume_plan(SavedGame::Finished, SavedGameChoice::SetAside, None),
            ResumePlan::Archive
        );
    }

    #[test]
    fn a_finished_game_already_in_the_archive_is_only_tidied_away() {
        for choice in [
            SavedGameChoice::Ask,
            SavedGameChoice::Resume,
            SavedGameChoice::SetAside,
        ] {
            assert_eq!(
                resume_plan(SavedGame::Archived, choice, None),
                ResumePlan::Archive
            );
        }
    }

    #[test]
    fn an_unfinished_game_is_asked_about_resumed_or_set_aside_as_the_players_chose() {
        let plan = |choice| resume_plan(SavedGame::Unfinished, choice, None);
        assert_eq!(plan(SavedGameChoice::Ask), ResumePlan::Ask);
        assert_eq!(plan(SavedGameChoice::Resume), ResumePlan::Resume);
        assert_eq!(plan(SavedGameChoice::SetAside), ResumePlan::Archive);
    }

    #[test]
    fn loading_an_unfinished_game_sets_the_saved_one_aside_even_with_resume() {
        let plan = resume_plan(
            SavedGame::Unfinished,
            SavedGameChoice::Resume,
            Some(&load(false)),
        );
        assert_eq!(plan, ResumePlan::Archive);
    }

    #[test]
    fn reviewing_a_finished_game_leaves_the_saved_one_in_place() {
        for choice in [SavedGameChoice::Ask, SavedGameChoice::Resume] {
            let plan = resume_plan(SavedGame::Unfinished, choice, Some(&load(true)));
            assert_eq!(plan, ResumePlan::Protect);
        }
        let plan = resume_plan(
            SavedGame::Unfinished,
            SavedGameChoice::SetAside,
            Some(&load(true)),
        );
        assert_eq!(plan, ResumePlan::Archive);
    }

    /// The disk full while archiving: the store's own error, as the front end hands it on.
    fn disk_full() -> crate::store::StoreError {
        crate::store::StoreError::Io {
            op: crate::store::Op::Archive,
            path: "/g/x.pgn".into(),
            source: std::io::ErrorKind::StorageFull.into(),
        }
    }

    #[test]
    fn archive_notes_name_the_game_and_where_it_went() {
        let note = archived_note(false, "Ann–Bob", Ok(Some("~/g.pgn".to_owned()))).unwrap();
        assert_eq!(
            note,
            Message::info("The unfinished game Ann–Bob was archived as ~/g.pgn")
        );
        let note = archived_note(true, "Ann–Bob", Ok(Some("~/g.pgn".to_owned()))).unwrap();
        assert_eq!(
            note,
            Message::info("The finished game Ann–Bob was archived as ~/g.pgn")
        );
        let why = disk_full().to_string();
        let note = archived_note(true, "Ann–Bob", Err(disk_full())).unwrap();
        assert_eq!(
            note,
            Message::error(format!("Could not archive the finished game: {why}"))
        );
        let note = archived_note(false, "Ann–Bob", Err(disk_full())).unwrap();
        assert_eq!(
            note,
            Message::error(format!(
                "Could not archive the unfinished game Ann–Bob: {why}"
            ))
        );
    }

    #[test]
    fn another_window_is_named_with_its_process_and_start_when_known() {
        assert_eq!(
            another_window_note(Some(4242), Some("20:14")).text,
            "A game is being played in another hotseat window (process 4242) since 20:14: \
             this is a separate game, saved on its own"
        );
        assert_eq!(
            another_window_note(None, None).text,
            "A game is being played in another hotseat window: this is a separate game, \
             saved on its own"
        );
    }

    #[test]
    fn a_saved_game_gone_before_it_was_archived_adds_no_note() {
        assert_eq!(archived_note(true, "x", Ok(None)), None);
        assert_eq!(join_notes(Vec::new(), None), None);
    }

    #[test]
    fn notes_join_with_a_dot_and_are_an_error_if_any_is() {
        let joined = join_notes(
            vec![Message::error("a"), Message::info("b")],
            Some(Message::info("earlier")),
        );
        assert_eq!(joined, Some(Message::error("earlier · a · b")));
        let joined = join_notes(vec![Message::info("a"), Message::error("b")], None);
        assert_eq!(joined, Some(Message::error("a · b")));
        assert_eq!(
            join_notes(Vec::new(), Some(Message::info("earlier"))),
            Some(Message::info("earlier"))
        );
    }
}
