//! The library's file work, on the file worker: reading the index, opening an archived game,
//! the trash, and the explorer's counts. Each answer goes back to the app as [`LibraryNews`].
//!
//! The explorer asks the database (see `store/library/table.rs`): the index is opened and
//! brought up to date with the files at the first question ([`LibraryNews::Reading`] says how
//! many games it has), then kept open, so that each position is one query. It is closed whenever
//! the archive may have changed (a game archived, deleted or restored, the library read again).

use crate::app::dialogs::{LibraryError, LibraryNews, Unopened};
use crate::app::library::{Column, LibraryList, Page, PageQuery};
use crate::app::{Event, LibraryEffect, OpenedGame};
use crate::game::pgn::import_games_to_last_legal_move;
use crate::store::{Entry, GameName, Index, Interrupter, PlayerFilter, SortBy, Store, shown};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// The library's file work, with the index kept open between questions (the list's pages,
/// the explorer's positions).
#[derive(Debug, Default)]
pub(super) struct LibraryWork {
    index: Option<Index>,
    /// The last page's filter, with the library's count and the filter's: taken again only
    /// when the filter changes, not for each page.
    counted: Option<(String, usize, usize)>,
    /// The page being read, for the loop to give up when a newer filter overtakes it.
    overtaking: Arc<Overtaking>,
}

/// The list's page the worker is reading, shared with the session's loop, which gives it up
/// ([`LibraryEffect::GiveUp`](crate::app::LibraryEffect::GiveUp)) when the player typed on:
/// a filter of one or two letters scans every game (half a second at a million), and the
/// answer to the last key must not wait behind it.
#[derive(Debug, Default)]
pub struct Overtaking {
    /// The index's handle while a page is read (`None` between pages: nothing is stopped).
    reading: Mutex<Option<Interrupter>>,
    /// The page being read was given up: its failure is no error, and it is asked again.
    given_up: AtomicBool,
}

impl Overtaking {
    fn reading(&self) -> MutexGuard<'_, Option<Interrupter>> {
        self.reading.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stops the page being read, if one is (a page done is left as it is).
    pub fn give_up(&self) {
        if let Some(reading) = self.reading().as_ref() {
            self.given_up.store(true, Ordering::SeqCst);
            reading.interrupt();
        }
    }
}

/// The first page read when the library opens: enough rows for three screens of 60.
const FIRST_PAGE_ROWS: usize = 60;

impl LibraryWork {
    /// The page being read, for the session's loop.
    pub(super) fn overtaking(&self) -> Arc<Overtaking> {
        self.overtaking.clone()
    }

    /// Closes the index: the archive changed.
    pub(super) fn forget(&mut self) {
        self.index = None;
        self.counted = None;
    }

    /// Carries out a library effect; the answer is the app's [`LibraryNews`] (always `Some`,
    /// as the file worker's other answers are `Option`s).
    pub(super) fn carry_out(
        &mut self,
        store: Option<&Store>,
        effect: LibraryEffect,
    ) -> Option<Event> {
        let no_store = || LibraryError::NoFolder;
        let news = match effect {
            LibraryEffect::Explore { key, filter } => self.explore(store, key, filter),
            LibraryEffect::ExploreGames { key, filter } => {
                LibraryNews::Reached(self.reached(store, key, &filter))
            }
            LibraryEffect::Load => {
                self.forget();
                let query = LibraryList::first_query(FIRST_PAGE_ROWS);
                LibraryNews::Loaded(self.page(store, query))
            }
            LibraryEffect::Page(query) => self.page_unless_given_up(store, query),
            // Carried out by the loop itself (see `Overtaking`); nothing for the worker.
            LibraryEffect::GiveUp => return None,
            LibraryEffect::Open(file) => LibraryNews::Opened(
                store
                    .ok_or_else(no_store)
                    .and_then(|s| open(s, &file))
                    .map(Box::new),
            ),
            LibraryEffect::Trash(file) => {
                self.forget();
                LibraryNews::Trashed {
                    result: store
                        .ok_or_else(no_store)
                        .and_then(|s| s.trash_game(&file).map_err(LibraryError::Store))
                        .map(|path| name_of(&path)),
                    file,
                }
            }
            LibraryEffect::Restore(file) => {
                self.forget();
                LibraryNews::Restored(
                    store
                        .ok_or_else(no_store)
                        .and_then(|s| s.restore_game(&file).map_err(LibraryError::Store))
                        .map(|path| name_of(&path)),
                )
            }
            LibraryEffect::LoadTrash => LibraryNews::TrashRead(
                store
                    .ok_or_else(no_store)
                    .and_then(|s| s.trash().map_err(LibraryError::Store)),
            ),
            LibraryEffect::Purge(file) => LibraryNews::Purged {
                result: store
                    .ok_or_else(no_store)
                    .and_then(|s| s.purge_game(&file).map_err(LibraryError::Store)),
                file,
            },
        };
        Some(Event::Library(news))
    }

    /// The explorer's counts of the moves from the position `key`; the index opened first if
    /// it is not open (then the answer is how many games it has, and the counts follow).
    fn explore(&mut self, store: Option<&Store>, key: u64, filter: String) -> LibraryNews {
        if self.index.is_none() {
            return match self.open(store) {
                Ok(Some(games)) => LibraryNews::Reading { key, filter, games },
                Ok(None) => LibraryNews::Explored {
                    key,
                    filter,
                    rows: Ok(Vec::new()),
                },
                Err(err) => LibraryNews::Explored {
                    key,
                    filter,
                    rows: Err(err),
                },
            };
        }
        let rows = match &self.index {
            Some(index) => index
                .explore(key, &PlayerFilter::parse(&filter))
                .map_err(LibraryError::Store),
            None => Ok(Vec::new()),
        };
        LibraryNews::Explored { key, filter, rows }
    }

    /// Opens the index, up to date; how many games it has (`None`: no library yet).
    fn open(&mut self, store: Option<&Store>) -> Result<Option<usize>, LibraryError> {
        let store = store.ok_or(LibraryError::NoFolder)?;
        self.index = store.index().map_err(LibraryError::Store)?;
        match &self.index {
            Some(index) => index.count().map(Some).map_err(LibraryError::Store),
            None => Ok(None),
        }
    }

    /// The page `query`, or the news that it was given up while it was read.
    fn page_unless_given_up(&mut self, store: Option<&Store>, query: PageQuery) -> LibraryNews {
        if self.index.is_none()
            && let Err(err) = self.open(store)
        {
            return LibraryNews::Page(Err(err));
        }
        if let Some(index) = &self.index {
            *self.overtaking.reading() = Some(index.interrupter());
        }
        let page = self.page(store, query.clone());
        // Under the lock: once `reading` is `None`, no interruption can reach the index.
        let mut reading = self.overtaking.reading();
        *reading = None;
        let given_up = self.overtaking.given_up.swap(false, Ordering::SeqCst);
        drop(reading);
        match page {
            Err(_) if given_up => {
                // An interrupted count must not stand as this filter's count.
                self.counted = None;
                LibraryNews::GivenUp(query)
            }
            page => LibraryNews::Page(page),
        }
    }

    /// The page `query` of the library's list (an empty one when there is no library yet).
    fn page(&mut self, store: Option<&Store>, query: PageQuery) -> Result<Page, LibraryError> {
        if self.index.is_none() {
            self.open(store)?;
        }
        let Some(index) = &self.index else {
            return Ok(Page {
                query,
                total: 0,
                count: 0,
                rows: Vec::new(),
            });
        };
        let counted = self
            .counted
            .as_ref()
            .map(|(filter, total, count)| (filter.as_str(), *total, *count));
        let (total, count, rows) = index
            .page(
                &query.filter,
                sort_by(query.sort),
                query.reversed,
                query.start,
                query.rows,
                counted,
            )
            .map_err(LibraryError::Store)?;
        self.counted = Some((query.filter.clone(), total, count));
        Ok(Page {
            query,
            total,
            count,
            rows,
        })
    }

    /// The library's games that reached the position `key` and that `filter` admits, newest
    /// first.
    fn reached(
        &mut self,
        store: Option<&Store>,
        key: u64,
        filter: &str,
    ) -> Result<Vec<Entry>, LibraryError> {
        if self.index.is_none() {
            self.open(store)?;
        }
        match &self.index {
            Some(index) => index
                .reached(key, &PlayerFilter::parse(filter))
                .map_err(LibraryError::Store),
            None => Ok(Vec::new()),
        }
    }
}

/// The largest archive file opened (a game with every comment hotseat reads is far smaller).
const MAX_GAME_BYTES: u64 = 8 << 20;

/// The index's order for a column of the list.
fn sort_by(column: Column) -> SortBy {
    match column {
        Column::Date => SortBy::Newest,
        Column::White => SortBy::White,
        Column::Black => SortBy::Black,
        Column::Result => SortBy::Result,
        Column::Ending => SortBy::Ending,
        Column::Moves => SortBy::Moves,
        Column::Opening => SortBy::Opening,
        Column::TimeControl => SortBy::TimeControl,
        Column::Variant => SortBy::Variant,
        Column::Engine => SortBy::Engine,
    }
}

fn name_of(path: &std::path::Path) -> String {
    path.file_name()
        .map_or_else(|| shown(path), |n| n.to_string_lossy().into_owned())
}

/// Reads the archive file `file` as `--load` reads a game: a move that cannot be played ends
/// it there, with a note.
///
/// A game of a collection (`file.pgn#offset`) is read from its place in the file, and is not
/// written back (the study added to it is saved as a game of its own).
fn open(store: &Store, file: &str) -> Result<OpenedGame, LibraryError> {
    let (path, bytes, in_collection) =
        match store.collection_game(file).map_err(LibraryError::Store)? {
            Some((path, text)) => (path, text.into_bytes(), true),
            None => {
                let path = store.games_dir().join(file);
                let bytes = crate::store::read_bounded(&path, MAX_GAME_BYTES).map_err(|e| {
                    LibraryError::Unopened {
                        path: shown(&path),
                        why: Unopened::Read(e),
                    }
                })?;
                (path, bytes, false)
            }
        };
    let shown_path = if in_collection {
        format!(
            "{}#{}",
            shown(&path),
            GameName::parse(file).offset.unwrap_or(0)
        )
    } else {
        shown(&path)
    };
    let unopened = |why| LibraryError::Unopened {
        path: shown_path.clone(),
        why,
    };
    let mut first = None;
    let mut count = 0usize;
    import_games_to_last_legal_move(bytes.as_slice(), |game| {
        count += 1;
        if first.is_none() {
            first = Some(game);
        }
    })
    .map_err(|e| unopened(Unopened::Io(e)))?;
    match first {
        Some(Ok(imported)) => Ok(OpenedGame {
            game: imported.game,
            tags: imported.tags,
            source: shown_path,
            // Written back only where rewriting it loses no other game.
            archive_file: (count == 1 && !in_collection).then_some(path),
        }),
        Some(Err(e)) => Err(unopened(Unopened::Game(Box::new(e)))),
        None => Err(unopened(Unopened::Empty)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::DataDir;

    /// A page of the list as the worker gives it.
    fn page(work: &mut LibraryWork, store: &Store, query: PageQuery) -> Page {
        match work.carry_out(Some(store), LibraryEffect::Page(query)) {
            Some(Event::Library(LibraryNews::Page(Ok(page)))) => page,
            other => panic!("no page: {other:?}"),
        }
    }

    /// `n` games of a club's download: White Ann, Bob, Cid in turn, Black P0, P1, ….
    fn club(n: usize) -> String {
        let players = ["Ann", "Bob", "Cid"];
        (0..n)
            .map(|i| {
                let moves = ["1. e4 e5", "1. d4 d5 2. c4", "1. c4"][i % 3];
                format!(
                    "[Date \"2025.{:02}.{:02}\"]\n[White \"{}\"]\n[Black \"P{i}\"]\n[Result \"1-0\"]\n\n{moves} 1-0\n\n",
                    1 + i / 28 % 12,
                    1 + i % 28,
                    players[i % 3]
                )
            })
            .collect()
    }

    fn query(filter: &str, sort: Column, reversed: bool, start: usize, rows: usize) -> PageQuery {
        PageQuery {
            filter: filter.to_owned(),
            sort,
            reversed,
            start,
            rows,
        }
    }

    #[test]
    fn a_page_given_up_while_it_is_read_is_said_so_and_the_pages_after_it_are_right() {
        let dir = std::env::temp_dir().join(format!(
            "hotseat-tui-library-given-up-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::new(DataDir::new(dir.clone()));
        store
            .import_games(club(600).as_bytes(), "club", |_| {})
            .unwrap();
        let mut work = LibraryWork::default();
        let overtaking = work.overtaking();
        // Given up with no page being read: nothing is stopped.
        overtaking.give_up();
        // Words too short for the trigram index: each page a scan of every game.
        let short = [
            query("b", Column::Date, false, 0, 30),
            query("p1", Column::White, true, 0, 30),
        ];
        let counts: Vec<usize> = short
            .iter()
            .map(|q| page(&mut work, &store, q.clone()).count)
            .collect();
        assert_eq!(
            counts,
            [600, 111],
            "every game has a Black, P1 and P10… P199 have p1"
        );
        // Given up over and over from another thread while pages are read: each answer is
        // the page, right, or the news that it was given up; never an error.
        let stop = AtomicBool::new(false);
        let given_up = std::thread::scope(|s| {
            s.spawn(|| {
                while !stop.load(Ordering::SeqCst) {
                    overtaking.give_up();
                }
            });
            let mut given_up = 0;
            for i in 0..2000 {
                let q = short[i % 2].clone();
                match work.carry_out(Some(&store), LibraryEffect::Page(q.clone())) {
                    Some(Event::Library(LibraryNews::GivenUp(asked))) => {
                        assert_eq!(asked, q);
                        given_up += 1;
                    }
                    Some(Event::Library(LibraryNews::Page(Ok(page)))) => {
                        assert_eq!(page.count, counts[i % 2], "{q:?}");
                    }
                    other => panic!("neither the page nor given up: {other:?}"),
                }
                if given_up >= 20 {
                    break;
                }
            }
            stop.store(true, Ordering::SeqCst);
            given_up
        });
        assert!(given_up > 0, "no page was ever stopped");
        // The pages after it: the counts of each filter, not one a stopped count left behind.
        for (q, count) in short.iter().zip(&counts) {
            let answer = page(&mut work, &store, q.clone());
            assert_eq!((answer.total, answer.count), (600, *count));
            assert_eq!(answer.rows.len(), 30);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_list_comes_in_pages_filtered_and_sorted_by_the_index_and_a_collection_game_opens() {
        let dir =
            std::env::temp_dir().join(format!("hotseat-tui-library-pages-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::new(DataDir::new(dir.clone()));
        let report = store
            .import_games(club(250).as_bytes(), "club", |_| {})
            .unwrap();
        assert_eq!(report.added, 250);
        let mut work = LibraryWork::default();
        let Some(Event::Library(LibraryNews::Loaded(Ok(first)))) =
            work.carry_out(Some(&store), LibraryEffect::Load)
        else {
            panic!("the first page");
        };
        assert_eq!((first.total, first.count), (250, 250));
        assert_eq!(
            first.rows.len(),
            3 * FIRST_PAGE_ROWS,
            "a page, not the library"
        );
        let dates: Vec<&str> = first.rows.iter().map(|e| e.summary.date.as_str()).collect();
        let mut newest = dates.clone();
        newest.sort_by(|a, b| b.cmp(a));
        assert_eq!(dates, newest, "newest first");
        // Filtered and sorted by the index, from any row.
        let bobs = page(
            &mut work,
            &store,
            query("bob", Column::Moves, false, 80, 10),
        );
        assert_eq!((bobs.total, bobs.count), (250, 83));
        assert_eq!(bobs.rows.len(), 3, "the last three of 83");
        assert!(bobs.rows.iter().all(|e| e.summary.white == "Bob"));
        let longest = page(&mut work, &store, query("", Column::Moves, false, 0, 5));
        assert!(longest.rows.iter().all(|e| e.summary.moves == 2));
        let shortest = page(&mut work, &store, query("", Column::Moves, true, 0, 5));
        assert!(shortest.rows.iter().all(|e| e.summary.moves == 1));
        let by_white = page(&mut work, &store, query("", Column::White, true, 0, 100));
        assert_eq!(by_white.rows[0].summary.white, "Cid");
        assert_eq!(by_white.rows[99].summary.white, "Bob");
        // A game of the collection opens from its place, and is not written back there.
        let name = bobs.rows[0].file.clone();
        assert!(name.starts_with("imported-club.pgn#"), "{name}");
        let Some(Event::Library(LibraryNews::Opened(Ok(opened)))) =
            LibraryWork::default().carry_out(Some(&store), LibraryEffect::Open(name.clone()))
        else {
            panic!("the game opens");
        };
        assert_eq!(opened.game.player(crate::rules::Color::White), "Bob");
        assert_eq!(opened.archive_file, None);
        assert!(opened.source.ends_with(&name), "{}", opened.source);
        let Some(Event::Library(LibraryNews::Trashed { result: Ok(_), .. })) =
            work.carry_out(Some(&store), LibraryEffect::Trash(name.clone()))
        else {
            panic!("the game goes to the trash");
        };
        let bobs = page(&mut work, &store, query("bob", Column::Date, false, 0, 100));
        assert_eq!(bobs.count, 82);
        assert!(bobs.rows.iter().all(|e| e.file != name));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_library_is_read_a_game_opened_trashed_and_brought_back() {
        let dir =
            std::env::temp_dir().join(format!("hotseat-runtime-library-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::new(DataDir::new(dir.clone()));
        std::fs::create_dir_all(store.games_dir()).unwrap();
        std::fs::write(
            store.games_dir().join("g.pgn"),
            "[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
        )
        .unwrap();
        let mut work = LibraryWork::default();
        let start = crate::rules::Position::initial().repetition_key();
        let explore = |work: &mut LibraryWork| match work.carry_out(
            Some(&store),
            LibraryEffect::Explore {
                key: start,
                filter: "ann as white".to_owned(),
            },
        ) {
            Some(Event::Library(LibraryNews::Explored { rows: Ok(rows), .. })) => rows,
            other => panic!("no rows: {other:?}"),
        };
        let Some(Event::Library(LibraryNews::Reading { games: 1, .. })) = work.carry_out(
            Some(&store),
            LibraryEffect::Explore {
                key: start,
                filter: String::new(),
            },
        ) else {
            panic!("first, how many games are read");
        };
        assert_eq!(explore(&mut work)[0].san, "e4");
        assert_eq!(explore(&mut work)[0].white_wins, 1);
        let reached = |work: &mut LibraryWork, filter: &str| match work.carry_out(
            Some(&store),
            LibraryEffect::ExploreGames {
                key: start,
                filter: filter.to_owned(),
            },
        ) {
            Some(Event::Library(LibraryNews::Reached(Ok(games)))) => games,
            other => panic!("no games: {other:?}"),
        };
        assert_eq!(reached(&mut work, "Ann")[0].file, "g.pgn");
        assert!(reached(&mut work, "Ann as Black").is_empty());
        let Some(Event::Library(LibraryNews::Loaded(Ok(games)))) =
            work.carry_out(Some(&store), LibraryEffect::Load)
        else {
            panic!("the library is read");
        };
        assert_eq!((games.total, games.count, games.rows.len()), (1, 1, 1));
        let Some(Event::Library(LibraryNews::Opened(Ok(opened)))) =
            work.carry_out(Some(&store), LibraryEffect::Open("g.pgn".to_owned()))
        else {
            panic!("the game opens");
        };
        assert!(opened.game.is_over());
        assert_eq!(opened.game.record().plies(), 7);
        let Some(Event::Library(LibraryNews::Trashed {
            result: Ok(name), ..
        })) = work.carry_out(Some(&store), LibraryEffect::Trash("g.pgn".to_owned()))
        else {
            panic!("the game goes to the trash");
        };
        assert!(!store.games_dir().join("g.pgn").exists());
        let Some(Event::Library(LibraryNews::Restored(Ok(back)))) =
            work.carry_out(Some(&store), LibraryEffect::Restore(name))
        else {
            panic!("the game comes back");
        };
        assert_eq!(back, "g.pgn");
        // The trash: listed, and a game deleted from it for good.
        let Some(Event::Library(LibraryNews::Trashed {
            result: Ok(name), ..
        })) = work.carry_out(Some(&store), LibraryEffect::Trash("g.pgn".to_owned()))
        else {
            panic!("the game goes to the trash again");
        };
        let Some(Event::Library(LibraryNews::TrashRead(Ok(trash)))) =
            work.carry_out(Some(&store), LibraryEffect::LoadTrash)
        else {
            panic!("the trash is read");
        };
        assert_eq!(trash[0].file, name);
        let Some(Event::Library(LibraryNews::Purged { result: Ok(()), .. })) =
            work.carry_out(Some(&store), LibraryEffect::Purge(name.clone()))
        else {
            panic!("the game is deleted for good");
        };
        assert!(!store.trash_dir().join(&name).exists());
        let Some(Event::Library(LibraryNews::Opened(Err(err)))) =
            work.carry_out(Some(&store), LibraryEffect::Open("missing.pgn".to_owned()))
        else {
            panic!("a missing file is said");
        };
        assert!(err.to_string().starts_with("Cannot open"), "{err}");
        assert!(matches!(
            work.carry_out(None, LibraryEffect::Load),
            Some(Event::Library(LibraryNews::Loaded(Err(_))))
        ));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
