//! The explorer of your own games, a panel beside the board (in the move list's place while it
//! is open): from the position shown, the moves played in the library, with how many games and
//! how they ended (White wins, draws, Black wins, in percent and as a bar), as lichess's
//! opening explorer shows them; positions are matched by hash, so transpositions count. Typing
//! filters by player (`Ann`, `Ann as White`). ↑↓ choose a move (every move played is listed;
//! the panel scrolls to the one chosen), Enter plays it on the analysis
//! board; ← → PageUp PageDown Home End step through the game as on the board, and the panel
//! follows the position shown. F7 opens and closes it.
//!
//! The counting is the file worker's ([`LibraryEffect::Explore`]): it keeps the library's table of
//! positions between questions, so each position costs a lookup.

use crate::app::Say;
use std::time::Duration;

use super::{Look, Mode, Popup};
use crate::app::keymap::{Action, KeyContext};
use crate::app::{App, LibraryEffect};
/// One move of the explorer's answer (the store's counts), as the panel draws it.
pub use crate::store::ExplorerRow;

/// The explorer: the position asked about, the filter, and the answer once it came.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explorer {
    /// The position's key ([`crate::rules::Position::repetition_key`]).
    pub key: u64,
    /// `Ann`, `Ann as White`; empty for every game.
    pub filter: String,
    /// `None` while the worker counts.
    pub rows: Option<Vec<ExplorerRow>>,
    pub selected: usize,
    /// How many games the library has, once the worker said so, while it reads their
    /// positions for the first question.
    pub reading: Option<usize>,
}

/// The bar of a row: White's wins, draws, Black's wins over `width` cells.
pub fn bar(row: &ExplorerRow, width: usize, ascii: bool) -> String {
    let (w, d, b) = row.percentages();
    let cells = |pct: u32| (pct as usize * width + 50) / 100;
    // Each part rounded, and never past the width (50% and 50% of 15 cells are 8 and 7).
    let cw = cells(w).min(width);
    let cd = cells(d).min(width - cw);
    let cb = cells(b).min(width - cw - cd);
    let (fw, fd, fb) = if ascii {
        ('#', '=', '-')
    } else {
        ('█', '▒', '░')
    };
    let mut out = String::new();
    out.extend(std::iter::repeat_n(fw, cw));
    out.extend(std::iter::repeat_n(fd, cd));
    out.extend(std::iter::repeat_n(fb, cb));
    out.extend(std::iter::repeat_n(' ', width.saturating_sub(cw + cd + cb)));
    out
}

impl Explorer {
    /// The worker read the library for the first question, `games` games, whose positions it
    /// reads when asked again: the question to ask again, if it is still this one's.
    pub fn reading(&mut self, key: u64, filter: String, games: usize) -> Option<LibraryEffect> {
        if self.key != key || self.filter != filter || self.rows.is_some() {
            return None;
        }
        self.reading = Some(games);
        Some(LibraryEffect::Explore { key, filter })
    }

    /// The worker's answer for the position `key` with `filter`, kept if it is still this
    /// question's. A library that cannot be read is this question's error (the explorer
    /// closes with it).
    pub fn answered(
        &mut self,
        key: u64,
        filter: &str,
        rows: Result<Vec<ExplorerRow>, super::LibraryError>,
    ) -> Result<(), super::LibraryError> {
        if self.key == key && self.filter == filter {
            self.rows = Some(rows?);
        }
        Ok(())
    }
}

impl Popup for Explorer {
    fn keys(&self) -> KeyContext {
        KeyContext::Explorer
    }

    fn update(mut self, app: &mut App, action: Action, now: Duration) {
        let count = self.rows.as_ref().map_or(0, Vec::len);
        match action {
            Action::Cancel | Action::Explore => app.mode = Mode::Playing,
            Action::Quit => {
                app.mode = Mode::Playing;
                app.quit_requested();
            }
            Action::CursorUp => {
                self.selected = self.selected.saturating_sub(1);
                app.mode = Mode::Explorer(self);
            }
            Action::CursorDown => {
                self.selected = (self.selected + 1).min(count.saturating_sub(1));
                app.mode = Mode::Explorer(self);
            }
            Action::Input(c) if !c.is_control() => {
                self.filter.push(c);
                Explorer::ask(app, self);
            }
            Action::DeleteChar => {
                self.filter.pop();
                Explorer::ask(app, self);
            }
            Action::HistoryBack
            | Action::HistoryForward
            | Action::HistoryStart
            | Action::HistoryEnd
            | Action::VariationNext
            | Action::VariationLeave => {
                // Stepped as on the board; the panel follows the position shown.
                app.mode = Mode::Playing;
                app.on_playing(action, now);
                if app.view().shown().position().repetition_key() == self.key {
                    app.mode = Mode::Explorer(self);
                } else {
                    Explorer::ask(
                        app,
                        Explorer {
                            filter: self.filter,
                            ..Explorer::default()
                        },
                    );
                }
            }
            Action::Complete => {
                // The games themselves, in the library's list: Enter there opens one.
                app.message = None;
                app.effects.push(
                    LibraryEffect::ExploreGames {
                        key: self.key,
                        filter: self.filter,
                    }
                    .into(),
                );
                app.mode = Mode::Library(super::Library {
                    reached: true,
                    ..super::Library::default()
                });
            }
            Action::Select => {
                let san = self
                    .rows
                    .as_ref()
                    .and_then(|rows| rows.get(self.selected))
                    .map(|r| r.san.clone());
                let position = app.view().shown().position().clone();
                match san.and_then(|s| position.parse_move(&s).ok()) {
                    Some(mv) => {
                        app.mode = Mode::Playing;
                        app.submit(mv, now);
                        // On to the position the move leads to, with the same filter.
                        if app.view().shown().position() != &position {
                            Explorer::ask(
                                app,
                                Explorer {
                                    filter: self.filter,
                                    ..Explorer::default()
                                },
                            );
                        }
                    }
                    None => app.mode = Mode::Explorer(self),
                }
            }
            _ => {}
        }
    }

    fn look<'a>(&'a self, _app: &'a App) -> Option<Look<'a>> {
        Some(Look::Explorer(self))
    }
}

impl Explorer {
    /// The panel's first line: whose games are counted.
    pub fn heading(&self) -> String {
        if self.filter.is_empty() {
            "All games · type a name to filter".to_owned()
        } else {
            format!("Games of {}_", self.filter)
        }
    }

    /// Every move of the answer, each as the players read it (the panel shows those it has
    /// room for, scrolled to the selected one); `None` while the worker counts.
    pub fn shown_rows<'a>(&'a self, app: &App) -> Option<Vec<(String, &'a ExplorerRow)>> {
        let rows = self.rows.as_ref()?;
        let position = app.view().shown().position();
        let style = app.view().words().style();
        let shown = rows
            .iter()
            .map(|row| {
                let written = match position.parse_move(&row.san) {
                    Ok(mv) => style.write(position, mv),
                    Err(_) => style.localise(&row.san),
                };
                (written, row)
            })
            .collect();
        Some(shown)
    }
}

impl Explorer {
    /// Opens the explorer on the position shown (F7, `explore`): after the game, in
    /// review of a loaded or finished one, and on the analysis board; never while a game is
    /// being played.
    pub(in crate::app) fn open(app: &mut App) {
        if !app.saving.enabled {
            app.message
                .error("There is no library: hotseat has no folder to keep games in");
            return;
        }
        if app.view().game_in_progress() {
            app.message
                .error("The explorer opens after the game: no help from the archive during play");
            return;
        }
        Explorer::ask(app, Explorer::default());
    }

    /// Shows `explorer` for the position shown, and asks the worker for its moves.
    pub(in crate::app) fn ask(app: &mut App, explorer: Explorer) {
        let key = app.view().shown().position().repetition_key();
        app.effects.push(
            LibraryEffect::Explore {
                key,
                filter: explorer.filter.clone(),
            }
            .into(),
        );
        app.mode = Mode::Explorer(Explorer {
            key,
            rows: None,
            selected: 0,
            ..explorer
        });
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::KeyCode;

    use super::*;
    use crate::app::dialogs::LibraryNews;
    use crate::app::tests::{config, key, play_all};
    use crate::game::GameSetup;

    fn row(san: &str, games: usize, w: usize, d: usize, b: usize) -> ExplorerRow {
        ExplorerRow {
            san: san.to_owned(),
            games,
            white_wins: w,
            draws: d,
            black_wins: b,
        }
    }

    fn saving_app() -> App {
        let mut config = config(GameSetup::default());
        config.autosave = true;
        App::new(config)
    }

    #[test]
    fn the_bar_splits_by_results() {
        assert_eq!(bar(&row("e4", 4, 2, 1, 1), 8, true), "####==--");
        assert_eq!(bar(&row("d4", 2, 0, 0, 0), 4, false), "    ");
        assert_eq!(
            bar(&row("e5", 4, 2, 2, 0), 15, true),
            "########=======",
            "two halves of an odd width fill it, no more"
        );
    }

    #[test]
    fn the_explorer_waits_for_the_game_to_end_then_lists_and_plays_a_move() {
        let mut app = saving_app();
        play_all(&mut app, &["e4"]);
        key(&mut app, KeyCode::F(7));
        assert_eq!(app.mode(), &Mode::Playing, "not during play");
        // Over: the analysis board.
        let mut app = saving_app();
        play_all(&mut app, &["f3", "e5", "g4", "Qh4#"]);
        key(&mut app, KeyCode::Esc);
        key(&mut app, KeyCode::Up);
        assert_eq!(app.view().shown().ply(), 0);
        app.take_effects();
        assert!(key(&mut app, KeyCode::F(7)));
        let start = app.view().shown().position().repetition_key();
        assert_eq!(
            app.take_effects(),
            [LibraryEffect::Explore {
                key: start,
                filter: String::new()
            }]
        );
        // The first question: the worker says how many games it reads, and is asked again.
        app.update(
            crate::app::Event::Library(LibraryNews::Reading {
                key: start,
                filter: String::new(),
                games: 10_000,
            }),
            app.now,
        );
        assert!(matches!(app.mode(), Mode::Explorer(e) if e.reading == Some(10_000)));
        assert_eq!(
            app.take_effects(),
            [LibraryEffect::Explore {
                key: start,
                filter: String::new()
            }]
        );
        let rows = vec![row("e4", 3, 1, 1, 1), row("d4", 1, 1, 0, 0)];
        app.update(
            crate::app::Event::Library(LibraryNews::Explored {
                key: start,
                filter: String::new(),
                rows: Ok(rows),
            }),
            app.now,
        );
        let Mode::Explorer(explorer) = app.mode().clone() else {
            panic!("the explorer shows: {:?}", app.mode());
        };
        assert_eq!(app.view().dialog_look(), Some(Look::Explorer(&explorer)));
        let shown = explorer.shown_rows(&app).expect("counted");
        assert_eq!(shown.len(), 2);
        assert_eq!(shown[0].0, "e4");
        assert_eq!(shown[0].1.percentages(), (33, 33, 33));
        assert_eq!(shown[1].0, "d4");
        key(&mut app, KeyCode::Down);
        key(&mut app, KeyCode::Enter);
        assert_eq!(
            app.game().variations().len(),
            1,
            "d4 is played on the board"
        );
        let after = app.view().shown().position().repetition_key();
        assert_ne!(after, start);
        assert!(
            app.take_effects().contains(
                &LibraryEffect::Explore {
                    key: after,
                    filter: String::new()
                }
                .into()
            )
        );
        // Typing a name asks again, for that player's games.
        key(&mut app, KeyCode::Char('A'));
        assert!(
            app.take_effects().contains(
                &LibraryEffect::Explore {
                    key: after,
                    filter: "A".to_owned()
                }
                .into()
            )
        );
        key(&mut app, KeyCode::Esc);
        assert_eq!(app.mode(), &Mode::Playing);
    }

    #[test]
    fn tab_lists_the_games_that_reached_the_position_and_enter_opens_one() {
        let mut app = saving_app();
        play_all(&mut app, &["f3", "e5", "g4", "Qh4#"]);
        key(&mut app, KeyCode::Esc);
        key(&mut app, KeyCode::F(7));
        key(&mut app, KeyCode::Char('A'));
        let at = app.view().shown().position().repetition_key();
        app.take_effects();
        assert!(key(&mut app, KeyCode::Tab));
        assert_eq!(
            app.take_effects(),
            [LibraryEffect::ExploreGames {
                key: at,
                filter: "A".to_owned()
            }]
        );
        let reading = super::super::Library {
            reached: true,
            ..super::super::Library::default()
        };
        assert_eq!(app.mode(), &Mode::Library(reading.clone()));
        let games = |files: &[&str]| -> Vec<crate::store::Entry> {
            files
                .iter()
                .map(|f| {
                    crate::store::Entry::new(
                        (*f).to_owned(),
                        crate::store::FileStamp::default(),
                        crate::store::summarize("[White \"A\"]\n\n1. f3 e5 *\n").unwrap(),
                    )
                })
                .collect()
        };
        // The whole library's list, were it to come, is not these games.
        app.update(
            crate::app::Event::Library(LibraryNews::Loaded(Ok(crate::app::library::Page::whole(
                games(&["a.pgn", "b.pgn"]),
            )))),
            app.now,
        );
        assert_eq!(app.mode(), &Mode::Library(reading));
        app.update(
            crate::app::Event::Library(LibraryNews::Reached(Ok(games(&["b.pgn"])))),
            app.now,
        );
        key(&mut app, KeyCode::Enter);
        assert_eq!(
            app.take_effects(),
            [LibraryEffect::Open("b.pgn".to_owned())]
        );
    }

    #[test]
    fn the_panel_follows_the_position_stepped_to_and_writes_moves_in_the_players_notation() {
        let mut app = saving_app();
        play_all(&mut app, &["f3", "e5", "g4", "Qh4#"]);
        key(&mut app, KeyCode::Esc);
        assert!(key(&mut app, KeyCode::F(7)));
        let end = app.view().shown().position().repetition_key();
        key(&mut app, KeyCode::Char('A'));
        app.take_effects();
        key(&mut app, KeyCode::Left);
        let before = app.view().shown().position().repetition_key();
        assert_ne!(before, end, "a move back");
        assert_eq!(
            app.take_effects(),
            [LibraryEffect::Explore {
                key: before,
                filter: "A".to_owned()
            }],
            "asked again for the position shown, with the filter kept"
        );
        assert!(matches!(app.mode(), Mode::Explorer(e) if e.key == before && e.filter == "A"));
        key(&mut app, KeyCode::Home);
        assert_eq!(app.view().shown().ply(), 0);
        let start = app.view().shown().position().repetition_key();
        app.take_effects();
        // At the start already: the answer is kept, nothing asked again.
        app.update(
            crate::app::Event::Library(LibraryNews::Explored {
                key: start,
                filter: "A".to_owned(),
                rows: Ok(vec![row("Nf3", 1, 1, 0, 0)]),
            }),
            app.now,
        );
        key(&mut app, KeyCode::Home);
        assert!(app.take_effects().is_empty());
        let Mode::Explorer(explorer) = app.mode().clone() else {
            panic!("still open: {:?}", app.mode());
        };
        app.style = crate::rules::MoveStyle::new(
            crate::rules::Notation::Lan,
            crate::rules::Language::German,
        );
        let shown = explorer.shown_rows(&app).expect("counted");
        assert_eq!(shown[0].0, "Sg1-f3");
    }
}
