//! The library screen's state: the archived games as a list to filter, sort, page through and
//! pick from. Pure data: the entries come from the store's index ([`crate::store::Library`]),
//! loaded by the front end; what the player picks comes back as a [`ListOutcome`] for the app
//! to act on (open the game, ask before moving it to the trash, go back to the game left).
//!
//! Two sources. The library itself is **paged** ([`LibraryList::paged`]): the list holds the
//! count and a few screens of rows around the selection, never the whole library (a million
//! games would take a gigabyte), and asks the front end for the rows it lacks
//! ([`LibraryList::wanted`], a [`PageQuery`]: the filter, the order, the first row), which
//! the database answers off the screen's thread ([`Page`]); the filter and the order are the
//! database's, by its indexes. Until a page comes the list shows what it has, and a key is
//! never kept waiting. The trash and the games of an explorer position are small and come
//! **whole** ([`LibraryList::new`]): filtered and sorted here.
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

/// The rows the list asks the library's index for: those that hold every word of `filter`,
/// in the order of `sort` (turned round when `reversed`), from row `start`, `rows` of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageQuery {
    pub filter: String,
    pub sort: Column,
    pub reversed: bool,
    pub start: usize,
    pub rows: usize,
}

impl PageQuery {
    /// Whether `other` asks for the same list (whatever its rows).
    fn same_list(&self, other: &PageQuery) -> bool {
        (&self.filter, self.sort, self.reversed) == (&other.filter, other.sort, other.reversed)
    }
}

/// The index's answer to a [`PageQuery`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    pub query: PageQuery,
    /// Games in the library.
    pub total: usize,
    /// Games the filter keeps.
    pub count: usize,
    /// Rows `query.start..` of them (fewer at the end).
    pub rows: Vec<Entry>,
}

impl Page {
    /// A page that holds the whole list, put newest first as the index gives it: the
    /// library when it is all there.
    pub fn whole(mut rows: Vec<Entry>) -> Page {
        rows.sort_by(newest_first);
        Page {
            query: LibraryList::first_query(rows.len().max(1)),
            total: rows.len(),
            count: rows.len(),
            rows,
        }
    }
}

/// How many screens of rows a page holds: the one shown and one on each side, so that
/// scrolling a row or a page finds its rows there.
const SCREENS_PER_PAGE: usize = 3;

/// The rows the list has of a paged library.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Paged {
    total: usize,
    count: usize,
    /// The list the rows are of, and the first row's place in it.
    query: PageQuery,
    rows: Arc<Vec<Entry>>,
    /// The page asked for and not yet come.
    asked: Option<PageQuery>,
    /// The page asked for was given up (a newer list overtook it).
    given_up: bool,
}

/// Where the list's games come from.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Source {
    /// All of them, given: indices into `games` of those the filter keeps, in order.
    Whole {
        games: Arc<Vec<Entry>>,
        shown: Vec<usize>,
    },
    Paged(Paged),
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
    source: Source,
    filter: String,
    sort: Column,
    reversed: bool,
    /// The selection, a place in the list shown.
    selected: usize,
    /// The first row on screen.
    top: usize,
    /// Rows the screen has room for.
    page: usize,
}

/// A row not read yet: drawn blank until its page comes.
static LOADING: std::sync::OnceLock<Entry> = std::sync::OnceLock::new();

fn loading() -> &'static Entry {
    LOADING.get_or_init(|| {
        Entry::new(
            String::new(),
            crate::store::FileStamp::default(),
            crate::store::Summary {
                date: String::new(),
                started: String::new(),
                white: String::new(),
                black: String::new(),
                result: String::new(),
                ending: String::new(),
                moves: 0,
                eco: String::new(),
                opening: String::new(),
                time_control: String::new(),
                variant: String::new(),
                engine_report: false,
                fingerprint: 0,
                positions: Vec::new(),
            },
        )
    })
}

impl LibraryList {
    /// A list of all its games, filtered and sorted here (the trash, an explorer position's
    /// games).
    pub fn new(games: Vec<Entry>) -> LibraryList {
        let mut list = LibraryList {
            source: Source::Whole {
                games: Arc::new(games),
                shown: Vec::new(),
            },
            filter: String::new(),
            sort: Column::Date,
            reversed: false,
            selected: 0,
            top: 0,
            page: 10,
        };
        list.refresh();
        list
    }

    /// A list of the library paged from its index, starting with the `page` it gave.
    pub fn paged(page: Page) -> LibraryList {
        let query = page.query.clone();
        let mut list = LibraryList {
            source: Source::Paged(Paged {
                total: page.total,
                count: page.count,
                query: query.clone(),
                rows: Arc::new(Vec::new()),
                asked: None,
                given_up: false,
            }),
            filter: query.filter.clone(),
            sort: query.sort,
            reversed: query.reversed,
            selected: 0,
            top: 0,
            page: 10,
        };
        list.receive(page);
        list
    }

    /// The first page to ask for, for a screen of `rows` rows: the whole library, newest
    /// first.
    pub fn first_query(rows: usize) -> PageQuery {
        PageQuery {
            filter: String::new(),
            sort: Column::Date,
            reversed: false,
            start: 0,
            rows: rows.max(1) * SCREENS_PER_PAGE,
        }
    }

    /// Takes a page the index gave: kept if it is of the list shown now (a page asked before
    /// the last key changed the filter or the order is dropped).
    pub fn receive(&mut self, page: Page) {
        let current = self.query_at(0);
        let Source::Paged(paged) = &mut self.source else {
            return;
        };
        if paged.asked.as_ref() == Some(&page.query) {
            paged.asked = None;
        }
        if !page.query.same_list(&current) {
            return;
        }
        paged.total = page.total;
        paged.count = page.count;
        paged.query = page.query;
        paged.rows = Arc::new(page.rows);
        self.selected = self.selected.min(paged.count.saturating_sub(1));
        self.scroll_to_selection();
    }

    /// The page the list needs, when the rows on screen are not all there and no question is
    /// out. Asking is left to the caller (an effect for the front end, whose answer goes to
    /// [`LibraryList::receive`], and then this is asked again); the list remembers it.
    pub fn wanted(&mut self) -> Option<PageQuery> {
        let want = self.query_at(
            self.top
                .saturating_sub(self.page * (SCREENS_PER_PAGE - 1) / 2),
        );
        let (top, page) = (self.top, self.page);
        let Source::Paged(paged) = &mut self.source else {
            return None;
        };
        let have = paged.query.start..paged.query.start + paged.rows.len();
        let needed = top..(top + page).min(paged.count);
        let covered = paged.query.same_list(&want)
            && (needed.is_empty() || (have.contains(&needed.start) && needed.end <= have.end));
        // One question at a time: keys typed while the index answers ask once, for the list
        // as it is when the answer comes, not once each (a stale answer is then dropped).
        if covered || paged.asked.is_some() {
            return None;
        }
        paged.asked = Some(want.clone());
        paged.given_up = false;
        Some(want)
    }

    /// Whether the page asked for is of a list no longer shown (the filter or the order changed
    /// since it was asked): true once for each such page, for the caller to give it up
    /// ([`LibraryEffect::GiveUp`](super::LibraryEffect::GiveUp)) rather than wait for a scan
    /// whose answer would be dropped.
    pub fn overtaken(&mut self) -> bool {
        let current = self.query_at(0);
        let Source::Paged(paged) = &mut self.source else {
            return false;
        };
        match &paged.asked {
            Some(asked) if !paged.given_up && !asked.same_list(&current) => {
                paged.given_up = true;
                true
            }
            _ => false,
        }
    }

    /// The page `query` was given up unread: no longer waited for ([`LibraryList::wanted`]
    /// then asks for the list as it is now).
    pub fn given_up(&mut self, query: &PageQuery) {
        if let Source::Paged(paged) = &mut self.source
            && paged.asked.as_ref() == Some(query)
        {
            paged.asked = None;
        }
    }

    /// The query for the list as it is now, from row `start`.
    fn query_at(&self, start: usize) -> PageQuery {
        PageQuery {
            filter: self.filter.clone(),
            sort: self.sort,
            reversed: self.reversed,
            start,
            rows: self.page * SCREENS_PER_PAGE,
        }
    }

    /// Every game of the library.
    pub fn len(&self) -> usize {
        match &self.source {
            Source::Whole { games, .. } => games.len(),
            Source::Paged(paged) => paged.total,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The games the filter keeps.
    pub fn shown_len(&self) -> usize {
        match &self.source {
            Source::Whole { shown, .. } => shown.len(),
            Source::Paged(paged) => paged.count,
        }
    }

    pub fn filter(&self) -> &str {
        &self.filter
    }

    /// The column sorted by, and whether the order is turned round.
    pub fn sort(&self) -> (Column, bool) {
        (self.sort, self.reversed)
    }

    /// The game at `row` of the list shown, if the list has it.
    fn at(&self, row: usize) -> Option<&Entry> {
        match &self.source {
            Source::Whole { games, shown } => shown.get(row).map(|&i| &games[i]),
            Source::Paged(paged) if paged.query.same_list(&self.query_at(0)) => row
                .checked_sub(paged.query.start)
                .and_then(|i| paged.rows.get(i)),
            Source::Paged(_) => None,
        }
    }

    /// The selected game (`None` too while its row is read).
    pub fn selected(&self) -> Option<&Entry> {
        self.at(self.selected)
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
    pub fn visible(&self) -> impl Iterator<Item = (&Entry, bool)> + '_ {
        self.rows_from(self.top, self.page)
    }

    /// The games on a screen of `rows` rows, from the top, with whether each is the selected
    /// one: as [`LibraryList::visible`], moved if need be so that the selection shows (the
    /// screen may have shrunk since the last key). A row not read yet is blank.
    pub fn window(&self, rows: usize) -> impl Iterator<Item = (&Entry, bool)> + '_ {
        let rows = rows.max(1);
        let top = if self.selected >= self.top + rows {
            self.selected + 1 - rows
        } else {
            self.top.min(self.selected)
        };
        self.rows_from(top, rows)
    }

    fn rows_from(&self, top: usize, rows: usize) -> impl Iterator<Item = (&Entry, bool)> + '_ {
        let end = (top + rows).min(self.shown_len());
        (top..end).map(move |row| {
            let entry: &Entry = match self.at(row) {
                Some(entry) => entry,
                None => loading(),
            };
            (entry, row == self.selected)
        })
    }

    /// Tells the list how many rows the screen shows, keeping the selection on screen.
    pub fn set_page(&mut self, rows: usize) {
        self.page = rows.max(1);
        self.scroll_to_selection();
    }

    /// Takes a game out of the list (moved to the trash).
    pub fn remove(&mut self, file: &str) {
        let row = self.selected;
        match &mut self.source {
            Source::Whole { games, shown } => {
                Arc::make_mut(games).retain(|e| e.file != file);
                // The old places mean nothing now: the selection stays on the same row.
                shown.clear();
                self.refresh();
            }
            Source::Paged(paged) => {
                let before = paged.rows.len();
                Arc::make_mut(&mut paged.rows).retain(|e| e.file != file);
                if paged.rows.len() < before {
                    paged.total = paged.total.saturating_sub(1);
                    paged.count = paged.count.saturating_sub(1);
                    // The rows after it moved up: the last of the page is read again.
                    Arc::make_mut(&mut paged.rows).clear();
                }
            }
        }
        self.selected = row.min(self.shown_len().saturating_sub(1));
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
                self.resort();
            }
            Action::Complete => {
                self.reversed = !self.reversed;
                self.resort();
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

    /// A new order: kept on the selected game when the list has all of them; a paged list
    /// goes to its top (the game's place in the new order is the index's to find).
    fn resort(&mut self) {
        if matches!(self.source, Source::Paged(_)) {
            self.selected = 0;
            self.top = 0;
        }
        self.refresh();
    }

    /// Filters and sorts again (a whole list), keeping the selected game selected if it is
    /// still shown. A paged list asks for its rows again ([`LibraryList::wanted`]).
    fn refresh(&mut self) {
        let keep = self.selected().map(|e| e.file.clone());
        let Source::Whole { games, shown } = &mut self.source else {
            self.scroll_to_selection();
            return;
        };
        let words = filter_words(&self.filter);
        let mut kept: Vec<usize> = (0..games.len())
            .filter(|&i| games[i].matches(&words))
            .collect();
        let (sort, reversed) = (self.sort, self.reversed);
        // Games equal in the column: newest first, then the library's order (stable).
        kept.sort_by(|&a, &b| {
            let order = sort.compare(&games[a], &games[b]);
            let order = if reversed { order.reverse() } else { order };
            order.then_with(|| newest_first(&games[a], &games[b]))
        });
        *shown = kept;
        let (games, shown) = (&*games, &*shown);
        self.selected = keep
            .and_then(|f| shown.iter().position(|&i| games[i].file == f))
            .unwrap_or(0)
            .min(shown.len().saturating_sub(1));
        self.scroll_to_selection();
    }

    fn select_by(&mut self, delta: isize) {
        let last = self.shown_len().saturating_sub(1) as isize;
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
        let max_top = self.shown_len().saturating_sub(self.page);
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

    /// What the index would answer to `query`, from `games` (already newest first), for
    /// filters and the Date column.
    fn answer(games: &[Entry], query: &PageQuery) -> Page {
        let words = filter_words(&query.filter);
        let mut kept: Vec<Entry> = games
            .iter()
            .filter(|e| e.matches(&words))
            .cloned()
            .collect();
        if query.reversed {
            kept.reverse();
        }
        Page {
            query: query.clone(),
            total: games.len(),
            count: kept.len(),
            rows: kept
                .into_iter()
                .skip(query.start)
                .take(query.rows)
                .collect(),
        }
    }

    fn many(n: usize) -> Vec<Entry> {
        (0..n)
            .map(|i| {
                let white = if i % 2 == 0 { "Ann" } else { "Bob" };
                entry(
                    &format!("g{i:03}.pgn"),
                    &format!("2026.{:02}.{:02}", 12 - i / 28 % 12, 28 - i % 28),
                    white,
                    "Cid",
                    "1-0",
                    "1. e4",
                )
            })
            .collect()
    }

    #[test]
    fn a_paged_list_asks_for_the_rows_it_lacks_once_and_shows_them_when_they_come() {
        let games = many(200);
        let first = answer(&games, &LibraryList::first_query(10));
        assert_eq!(first.rows.len(), 30);
        let mut list = LibraryList::paged(first);
        list.set_page(10);
        assert_eq!((list.len(), list.shown_len()), (200, 200));
        assert_eq!(list.wanted(), None, "the screen's rows are there");
        assert_eq!(files(&list)[0], "g000.pgn");
        // Down a page at a time: the third screen is the page's last; the fourth is asked for.
        list.handle(Action::ScrollPageDown);
        list.handle(Action::ScrollPageDown);
        assert_eq!(list.wanted(), None);
        list.handle(Action::ScrollPageDown);
        let asked = list.wanted().expect("rows past the page");
        assert!(asked.start <= list.top() && list.top() + 10 <= asked.start + asked.rows);
        assert_eq!(list.wanted(), None, "asked once");
        // Meanwhile the rows not read show blank, and Enter on one opens nothing.
        assert!(list.selected().is_none());
        assert!(
            list.visible()
                .any(|(e, selected)| selected && e.file.is_empty())
        );
        assert!(list.visible().any(|(e, _)| !e.file.is_empty()));
        assert_eq!(list.handle(Action::Select), ListOutcome::Stay);
        list.receive(answer(&games, &asked));
        assert_eq!(
            list.selected().map(|e| e.file.as_str()),
            Some(format!("g{:03}.pgn", list.selected_row()).as_str())
        );
        // End: the last rows.
        list.handle(Action::ScrollBottom);
        let asked = list.wanted().unwrap();
        list.receive(answer(&games, &asked));
        assert_eq!(list.selected().unwrap().file, "g199.pgn");
    }

    #[test]
    fn a_paged_list_filters_and_sorts_by_asking_and_drops_a_page_that_came_too_late() {
        let games = many(200);
        let mut list = LibraryList::paged(answer(&games, &LibraryList::first_query(10)));
        list.set_page(10);
        typed(&mut list, "an");
        let stale = list.wanted().unwrap();
        assert_eq!((stale.filter.as_str(), stale.start), ("an", 0));
        typed(&mut list, "n");
        assert_eq!(list.wanted(), None, "one question at a time");
        // The answer for "an" comes after "ann" was typed: not shown, and "ann" asked.
        list.receive(answer(&games, &stale));
        assert_eq!(
            list.shown_len(),
            200,
            "the old count until the new one comes"
        );
        let asked = list.wanted().unwrap();
        assert_eq!(asked.filter, "ann");
        list.receive(answer(&games, &asked));
        assert_eq!(list.shown_len(), 100);
        assert!(list.visible().all(|(e, _)| e.summary.white == "Ann"));
        // Tab turns the order round: asked of the index, from the top.
        list.handle(Action::ScrollPageDown);
        list.handle(Action::Complete);
        let asked = list.wanted().unwrap();
        assert!(asked.reversed && asked.start == 0);
        assert_eq!((list.selected_row(), list.top()), (0, 0));
        list.receive(answer(&games, &asked));
        assert_eq!(
            list.selected().unwrap().file,
            "g198.pgn",
            "the oldest Ann first"
        );
        // A game moved to the trash: its page is read again.
        list.remove("g198.pgn");
        assert_eq!(list.shown_len(), 99);
        let asked = list.wanted().unwrap();
        assert_eq!(asked.start, 0);
    }

    #[test]
    fn a_page_overtaken_by_a_newer_filter_is_given_up_once_and_the_newer_asked_after_it() {
        let games = many(200);
        let mut list = LibraryList::paged(answer(&games, &LibraryList::first_query(10)));
        list.set_page(10);
        assert!(!list.overtaken(), "nothing asked");
        typed(&mut list, "a");
        let scan = list.wanted().unwrap();
        assert!(!list.overtaken(), "the page asked is of the list shown");
        typed(&mut list, "n");
        assert!(list.overtaken(), "\"an\" overtook \"a\"");
        typed(&mut list, "n");
        assert!(!list.overtaken(), "given up once");
        assert_eq!(list.wanted(), None, "still one question at a time");
        // Given up: "ann" is asked at once, and a late answer to "a" would still be dropped.
        list.given_up(&scan);
        let asked = list.wanted().unwrap();
        assert_eq!(asked.filter, "ann");
        list.given_up(&scan);
        assert_eq!(
            list.wanted(),
            None,
            "a stale page given up leaves the newer asked"
        );
        list.receive(answer(&games, &asked));
        assert_eq!(list.shown_len(), 100);
        // A filter typed back to the page asked: nothing overtaken.
        typed(&mut list, "x");
        list.wanted().unwrap();
        typed(&mut list, "y");
        list.handle(Action::DeleteChar);
        assert!(!list.overtaken());
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
