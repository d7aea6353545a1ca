//! The library screen's state: the archived games as a list to filter, sort, page through and
//! pick from. Pure data: the entries come from the store's index ([`crate::store::Library`]),
//! loaded by the front end; what the player picks comes back as a [`ListOutcome`] for the app
//! to act on (open the game, ask before moving it to the trash, go back to the game left).
//!
//! # The keys
//!
//! Typed text filters the list across every field (every word must match: `ann 0-1`);
//! Backspace takes a letter back, Ctrl-W or Ctrl-U the whole filter. ↑ ↓ move the selection,
//! PgUp PgDn a page, Home End to the ends. ← → choose the column the list is sorted by, Tab
//! turns the order round. Enter opens the game, Delete asks to move it to the trash, Esc clears
//! the filter, or with none goes back to the game.

use std::cmp::Ordering;
use std::sync::Arc;

use super::keymap::Action;
use crate::store::{Entry, filter_words};

/// A column of the list, in the order ← → go through them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    Date,
    White,
    Black,
    Result,
    Ending,
    Moves,
    Opening,
    TimeControl,
    Variant,
    Engine,
}

impl Column {
    pub const ALL: [Column; 10] = [
        Column::Date,
        Column::White,
        Column::Black,
        Column::Result,
        Column::Ending,
        Column::Moves,
        Column::Opening,
        Column::TimeControl,
        Column::Variant,
        Column::Engine,
    ];

    /// The heading.
    pub fn title(self) -> &'static str {
        match self {
            Column::Date => "Date",
            Column::White => "White",
            Column::Black => "Black",
            Column::Result => "Result",
            Column::Ending => "Ending",
            Column::Moves => "Moves",
            Column::Opening => "Opening",
            Column::TimeControl => "Time",
            Column::Variant => "Variant",
            Column::Engine => "Eval",
        }
    }

    /// The cell of `entry` in this column.
    pub fn cell(self, entry: &Entry) -> String {
        let s = &entry.summary;
        match self {
            Column::Date => s.date.clone(),
            Column::White => s.white.clone(),
            Column::Black => s.black.clone(),
            Column::Result => s.result.clone(),
            Column::Ending => s.ending.clone(),
            Column::Moves => s.moves.to_string(),
            Column::Opening if s.eco.is_empty() => s.opening.clone(),
            Column::Opening => format!("{} {}", s.eco, s.opening),
            Column::TimeControl => s.time_control.clone(),
            Column::Variant => s.variant.clone(),
            Column::Engine => if s.engine_report { "yes" } else { "" }.to_owned(),
        }
    }

    /// The order a column sorts in before Tab turns it round: the newest, the longest, and
    /// games with an engine report first; names and the rest from A.
    fn compare(self, a: &Entry, b: &Entry) -> Ordering {
        match self {
            Column::Date => newest_first(a, b),
            Column::Moves => b.summary.moves.cmp(&a.summary.moves),
            Column::Engine => b.summary.engine_report.cmp(&a.summary.engine_report),
            other => {
                let (x, y) = (other.cell(a), other.cell(b));
                x.to_lowercase().cmp(&y.to_lowercase())
            }
        }
    }
}

/// Newest first: by date (undated last), then hotseat's start time.
fn newest_first(a: &Entry, b: &Entry) -> Ordering {
    (b.sort_date(), &b.summary.started).cmp(&(a.sort_date(), &a.summary.started))
}

/// What a key asks of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListOutcome {
    /// Nothing beyond the list's own change.
    Stay,
    /// Back to the game left.
    Close,
    /// Open this file of the archive for review and study.
    Open(String),
    /// Ask whether to move this file to the trash.
    Delete(String),
}

/// Rows of the library screen that are not games: title, filter, headings, keys.
pub const CHROME_ROWS: u16 = 4;

/// The list of games on the library screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryList {
    /// Newest first, as the index gives them; shared, so that the dialog's copy for each key
    /// costs nothing.
    games: Arc<Vec<Entry>>,
    filter: String,
    sort: Column,
    reversed: bool,
    /// Indices into `games`: those the filter keeps, in the order shown.
    shown: Vec<usize>,
    /// The selection, an index into `shown`.
    selected: usize,
    /// The first row on screen, an index into `shown`.
    top: usize,
    /// Rows the screen has room for.
    page: usize,
}

impl LibraryList {
    pub fn new(games: Vec<Entry>) -> LibraryList {
        let mut list = LibraryList {
            games: Arc::new(games),
            filter: String::new(),
            sort: Column::Date,
            reversed: false,
            shown: Vec::new(),
            selected: 0,
            top: 0,
            page: 10,
        };
        list.refresh();
        list
    }

    /// Every game of the library.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// The games the filter keeps.
    pub fn shown_len(&self) -> usize {
        self.shown.len()
    }

    pub fn filter(&self) -> &str {
        &self.filter
    }

    /// The column sorted by, and whether the order is turned round.
    pub fn sort(&self) -> (Column, bool) {
        (self.sort, self.reversed)
    }

    /// The selected game.
    pub fn selected(&self) -> Option<&Entry> {
        self.shown.get(self.selected).map(|&i| &self.games[i])
    }

    /// The selection's place among the games shown.
    pub fn selected_row(&self) -> usize {
        self.selected
    }

    /// The first row on screen.
    pub fn top(&self) -> usize {
        self.top
    }

    /// The games on screen, from the top, with whether each is the selected one.
    pub fn visible(&self) -> impl Iterator<Item = (&Entry, bool)> {
        self.shown
            .iter()
            .enumerate()
            .skip(self.top)
            .take(self.page)
            .map(|(row, &i)| (&self.games[i], row == self.selected))
    }

    /// The games on a screen of `rows` rows, from the top, with whether each is the selected
    /// one: as [`LibraryList::visible`], moved if need be so that the selection shows (the
    /// screen may have shrunk since the last key).
    pub fn window(&self, rows: usize) -> impl Iterator<Item = (&Entry, bool)> {
        let rows = rows.max(1);
        let top = if self.selected >= self.top + rows {
            self.selected + 1 - rows
        } else {
            self.top.min(self.selected)
        };
        self.shown
            .iter()
            .enumerate()
            .skip(top)
            .take(rows)
            .map(|(row, &i)| (&self.games[i], row == self.selected))
    }

    /// Tells the list how many rows the screen shows, keeping the selection on screen.
    pub fn set_page(&mut self, rows: usize) {
        self.page = rows.max(1);
        self.scroll_to_selection();
    }

    /// Takes a game out of the list (moved to the trash).
    pub fn remove(&mut self, file: &str) {
        let row = self.selected;
        Arc::make_mut(&mut self.games).retain(|e| e.file != file);
        // The old places mean nothing now: the selection stays on the same row.
        self.shown.clear();
        self.refresh();
        self.selected = row.min(self.shown.len().saturating_sub(1));
        self.scroll_to_selection();
    }

    /// Applies one key.
    pub fn handle(&mut self, action: Action) -> ListOutcome {
        match action {
            Action::Input(c) if !c.is_control() => {
                self.filter.push(c);
                self.refilter();
            }
            Action::Space => {
                self.filter.push(' ');
                self.refilter();
            }
            Action::DeleteChar => {
                self.filter.pop();
                self.refilter();
            }
            Action::DeleteWord | Action::DeleteToStart => {
                self.filter.clear();
                self.refilter();
            }
            Action::Cancel if !self.filter.is_empty() => {
                self.filter.clear();
                self.refilter();
            }
            Action::Cancel | Action::Quit => return ListOutcome::Close,
            Action::CursorUp | Action::ScrollUp => self.select_by(-1),
            Action::CursorDown | Action::ScrollDown => self.select_by(1),
            Action::ScrollPageUp => self.select_by(-(self.page as isize)),
            Action::ScrollPageDown => self.select_by(self.page as isize),
            Action::ScrollTop | Action::HistoryStart => self.select_by(isize::MIN / 2),
            Action::ScrollBottom | Action::HistoryEnd => self.select_by(isize::MAX / 2),
            Action::CursorLeft | Action::CursorRight => {
                let at = Column::ALL
                    .iter()
                    .position(|&c| c == self.sort)
                    .unwrap_or(0);
                let n = Column::ALL.len();
                let next = if action == Action::CursorRight {
                    at + 1
                } else {
                    at + n - 1
                };
                self.sort = Column::ALL[next % n];
                self.reversed = false;
                self.refresh();
            }
            Action::Complete => {
                self.reversed = !self.reversed;
                self.refresh();
            }
            Action::Select => {
                if let Some(e) = self.selected() {
                    return ListOutcome::Open(e.file.clone());
                }
            }
            Action::DeleteForward => {
                if let Some(e) = self.selected() {
                    return ListOutcome::Delete(e.file.clone());
                }
            }
            _ => {}
        }
        ListOutcome::Stay
    }

    fn refilter(&mut self) {
        self.refresh();
        self.selected = 0;
        self.top = 0;
    }

    /// Filters and sorts again, keeping the selected game selected if it is still shown.
    fn refresh(&mut self) {
        let keep = self.selected().map(|e| e.file.clone());
        let words = filter_words(&self.filter);
        let games = &self.games;
        let mut shown: Vec<usize> = (0..games.len())
            .filter(|&i| games[i].matches(&words))
            .collect();
        let (sort, reversed) = (self.sort, self.reversed);
        // Games equal in the column: newest first, then the library's order (stable).
        shown.sort_by(|&a, &b| {
            let order = sort.compare(&games[a], &games[b]);
            let order = if reversed { order.reverse() } else { order };
            order.then_with(|| newest_first(&games[a], &games[b]))
        });
        self.shown = shown;
        self.selected = keep
            .and_then(|f| self.shown.iter().position(|&i| self.games[i].file == f))
            .unwrap_or(0)
            .min(self.shown.len().saturating_sub(1));
        self.scroll_to_selection();
    }

    fn select_by(&mut self, delta: isize) {
        let last = self.shown.len().saturating_sub(1) as isize;
        self.selected = (self.selected as isize)
            .saturating_add(delta)
            .clamp(0, last) as usize;
        self.scroll_to_selection();
    }

    fn scroll_to_selection(&mut self) {
        if self.selected < self.top {
            self.top = self.selected;
        } else if self.selected >= self.top + self.page {
            self.top = self.selected + 1 - self.page;
        }
        let max_top = self.shown.len().saturating_sub(self.page);
        self.top = self.top.min(max_top);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{FileStamp, summarize};

    fn entry(file: &str, date: &str, white: &str, black: &str, result: &str, moves: &str) -> Entry {
        let text = format!(
            "[Date \"{date}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n\n{moves} {result}\n"
        );
        Entry::new(
            file.to_owned(),
            FileStamp::default(),
            summarize(&text).unwrap(),
        )
    }

    fn list() -> LibraryList {
        LibraryList::new(vec![
            entry("c.pgn", "2026.11.23", "Cid", "Ann", "1/2-1/2", "1. c4"),
            entry("b.pgn", "2026.11.22", "Bob", "Cid", "1-0", "1. d4 d5 2. c4"),
            entry(
                "a.pgn",
                "2026.11.21",
                "Ann",
                "Bob",
                "0-1",
                "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6",
            ),
        ])
    }

    fn files(list: &LibraryList) -> Vec<String> {
        list.visible().map(|(e, _)| e.file.clone()).collect()
    }

    fn typed(list: &mut LibraryList, text: &str) {
        for c in text.chars() {
            list.handle(if c == ' ' {
                Action::Space
            } else {
                Action::Input(c)
            });
        }
    }

    #[test]
    fn typing_filters_across_the_fields_and_backspace_and_esc_undo_it() {
        let mut list = list();
        typed(&mut list, "ann");
        assert_eq!(files(&list), ["c.pgn", "a.pgn"]);
        typed(&mut list, " 0-1");
        assert_eq!(files(&list), ["a.pgn"]);
        typed(&mut list, "x");
        assert!(files(&list).is_empty());
        assert_eq!(list.handle(Action::Select), ListOutcome::Stay);
        list.handle(Action::DeleteChar);
        assert_eq!(files(&list), ["a.pgn"]);
        typed(&mut list, "\u{0}");
        assert_eq!(list.filter(), "ann 0-1");
        assert_eq!(list.handle(Action::Cancel), ListOutcome::Stay);
        assert_eq!(files(&list).len(), 3);
        assert_eq!(list.handle(Action::Cancel), ListOutcome::Close);
    }

    #[test]
    fn a_column_sorts_the_list_and_tab_turns_it_round() {
        let mut list = list();
        assert_eq!(files(&list), ["c.pgn", "b.pgn", "a.pgn"]);
        list.handle(Action::CursorRight);
        assert_eq!(list.sort(), (Column::White, false));
        assert_eq!(files(&list), ["a.pgn", "b.pgn", "c.pgn"]);
        list.handle(Action::Complete);
        assert_eq!(files(&list), ["c.pgn", "b.pgn", "a.pgn"]);
        // Back past Date to the last column, and on to Moves: the longest game first.
        list.handle(Action::CursorLeft);
        list.handle(Action::CursorLeft);
        assert_eq!(list.sort(), (Column::Engine, false));
        for _ in 0..4 {
            list.handle(Action::CursorLeft);
        }
        assert_eq!(list.sort(), (Column::Moves, false));
        assert_eq!(files(&list), ["a.pgn", "b.pgn", "c.pgn"]);
    }

    #[test]
    fn the_selection_pages_and_stays_on_screen_and_enter_opens_it() {
        let games: Vec<Entry> = (0..25)
            .map(|i| {
                entry(
                    &format!("{i:02}.pgn"),
                    &format!("2026.01.{:02}", i + 1),
                    "A",
                    "B",
                    "1-0",
                    "1. e4",
                )
            })
            .collect();
        let mut list = LibraryList::new(games);
        list.set_page(10);
        assert_eq!(list.selected().unwrap().file, "24.pgn", "newest first");
        list.handle(Action::ScrollPageDown);
        assert_eq!(list.selected_row(), 10);
        assert_eq!(list.top(), 1);
        list.handle(Action::ScrollBottom);
        assert_eq!((list.selected_row(), list.top()), (24, 15));
        assert_eq!(
            list.handle(Action::Select),
            ListOutcome::Open("00.pgn".to_owned())
        );
        list.handle(Action::ScrollPageUp);
        assert_eq!((list.selected_row(), list.top()), (14, 14));
        list.handle(Action::ScrollTop);
        assert_eq!((list.selected_row(), list.top()), (0, 0));
        list.handle(Action::CursorUp);
        assert_eq!(list.selected_row(), 0);
    }

    #[test]
    fn delete_asks_for_the_selected_game_and_removing_it_keeps_a_selection() {
        let mut list = list();
        list.handle(Action::CursorDown);
        assert_eq!(
            list.handle(Action::DeleteForward),
            ListOutcome::Delete("b.pgn".to_owned())
        );
        list.remove("b.pgn");
        assert_eq!(files(&list), ["c.pgn", "a.pgn"]);
        assert!(list.selected().is_some());
        assert_eq!(list.len(), 2);
    }
}
