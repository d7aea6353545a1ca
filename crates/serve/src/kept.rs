//! Rooms kept across restarts: each unfinished room's game is written as it goes to
//! `rooms/CODE/current.pgn` in the server's folder — the autosave of a game at a terminal, the
//! same PGN with `[%clk]` readings and the clocks' tags, written by the same atomic saves of
//! the store — with the room's code and its two players' keys as tags of its own. A move, a
//! takeback, a seat taken is written at once (and synced); a running clock's reading every
//! [`CLOCK_EVERY`]. So a server killed at any moment (even `kill -9`) finds every unfinished
//! room again at its next start ([`restore`]), its clocks stopped until both players are back.
//! A room whose game ends is archived in the server's own `games/` (the library format: `hotseat
//! games --data-dir SERVER_FOLDER` lists them) and its folder removed.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use hotseat::game::Game;
use hotseat::game::pgn::Tags;
use hotseat::net::host::Keep;
use hotseat::rules::Color;
use hotseat::store::{DataDir, Resumable, Stamp, Store, StoreError};

use crate::rooms::{Seats, valid_code};

/// The folder of the rooms in the server's folder.
pub const DIR: &str = "rooms";
/// The room's code.
pub const TAG_ROOM: &str = "Room";
/// The keys (SHA-256 fingerprints in hex) holding White's and Black's seats.
pub const TAG_WHITE_KEY: &str = "WhiteKey";
pub const TAG_BLACK_KEY: &str = "BlackKey";

/// How often a running clock's reading is written (as a game at a terminal autosaves it).
pub const CLOCK_EVERY: Duration = Duration::from_secs(2);

/// A room found again at start: its code, game, tags (without the room's own) and seats.
pub struct Found {
    pub code: String,
    pub game: Game,
    pub tags: Tags,
    pub white: Option<String>,
    pub black: Option<String>,
}

/// The store of room `code`'s game in the server's folder `data`.
fn store_of(data: &Path, code: &str) -> Store {
    Store::new(DataDir::new(data.join(DIR).join(code)))
}

/// Every unfinished room kept in `data`, and a sentence for each room file that could not be
/// resumed (moved aside as the store does with an unreadable autosave, never deleted).
pub fn restore(data: &Path) -> (Vec<Found>, Vec<String>) {
    let mut found = Vec::new();
    let mut problems = Vec::new();
    let Ok(entries) = std::fs::read_dir(data.join(DIR)) else {
        return (found, problems);
    };
    let mut codes: Vec<String> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|code| valid_code(code))
        .collect();
    codes.sort();
    for code in codes {
        match load(data, &code) {
            Ok(Some(room)) => found.push(room),
            Ok(None) => {}
            Err(e) => problems.push(e),
        }
    }
    (found, problems)
}

/// The unfinished room `code` kept in `data`, if there is one; an ended one found is archived
/// now (killed before its archiving was done), an unreadable one set aside.
pub fn load(data: &Path, code: &str) -> Result<Option<Found>, String> {
    let store = store_of(data, code);
    match store.load_current() {
        Ok(Some(saved)) if saved.game().is_over() => {
            finish(data, &store, saved.game(), &saved.pgn)
                .map_err(|e| format!("room {code}: {e}"))?;
            Ok(None)
        }
        Ok(Some(saved)) => Ok(Some(found_room(code.to_owned(), saved))),
        Ok(None) => {
            let _ = std::fs::remove_dir(store.dir());
            Ok(None)
        }
        Err(e) => Err(format!("room {code} not resumed: {e}")),
    }
}

fn found_room(code: String, saved: Resumable) -> Found {
    let key = |name| saved.tag(name).filter(|k| !k.is_empty()).map(str::to_owned);
    let (white, black) = (key(TAG_WHITE_KEY), key(TAG_BLACK_KEY));
    let tags = saved.imported.tags.without_derived(&[
        TAG_ROOM,
        TAG_WHITE_KEY,
        TAG_BLACK_KEY,
        hotseat::store::TAG_SAVED,
    ]);
    Found {
        code,
        game: saved.imported.game,
        tags,
        white,
        black,
    }
}

/// Archives room's ended `game` (its `pgn`) in the server's `games/`, then forgets the room.
fn finish(data: &Path, store: &Store, game: &Game, pgn: &str) -> Result<PathBuf, StoreError> {
    let date = Stamp::from_system_time(SystemTime::now()).date();
    let archived = Store::new(DataDir::new(data)).archive(
        pgn,
        &date,
        game.player(Color::White),
        game.player(Color::Black),
        false,
    )?;
    store.clear_current()?;
    let _ = std::fs::remove_dir(store.dir());
    Ok(archived)
}

/// What was last written of one room.
#[derive(Default)]
struct Written {
    revision: Option<u64>,
    seats: (Option<String>, Option<String>),
    at: Option<Instant>,
    ended: bool,
    /// Saving is failing (said once, on the server's error output, until it works again).
    failing: bool,
}

/// The [`Keep`] of room `code`: writes its game as it goes, archives it at its end (and then
/// sets `ended`).
pub fn keeper(data: &Path, code: &str, seats: Arc<Mutex<Seats>>, ended: Arc<AtomicBool>) -> Keep {
    let data = data.to_path_buf();
    let code = code.to_owned();
    let store = store_of(&data, &code);
    let written = Mutex::new(Written::default());
    Keep(Arc::new(move |game: &Game, tags: &Tags, now: Duration| {
        let held = {
            let seats = seats.lock().unwrap_or_else(|e| e.into_inner());
            (seats.white.clone(), seats.black.clone())
        };
        let mut written = written.lock().unwrap_or_else(|e| e.into_inner());
        let changed = written.revision != Some(game.revision()) || written.seats != held;
        let due = written.at.is_none_or(|at| at.elapsed() >= CLOCK_EVERY);
        let clocks_due = due && (game.clock().running().is_some() || written.failing);
        if written.ended || !(changed || clocks_due) {
            return;
        }
        let mut tags = tags.clone();
        tags.push(TAG_ROOM, code.as_str());
        tags.push(TAG_WHITE_KEY, held.0.clone().unwrap_or_default());
        tags.push(TAG_BLACK_KEY, held.1.clone().unwrap_or_default());
        let pgn = game.to_pgn(now, &tags);
        let result = if game.is_over() {
            finish(&data, &store, game, &pgn).map(|_| ())
        } else if changed {
            store.save_current(&pgn).map(|_| ())
        } else {
            store.save_current_unsynced(&pgn).map(|_| ())
        };
        match result {
            Ok(()) => {
                written.failing = false;
                written.ended = game.is_over();
                ended.store(written.ended, Ordering::SeqCst);
                written.revision = Some(game.revision());
                written.seats = held;
                written.at = Some(Instant::now());
            }
            Err(e) => {
                if !written.failing {
                    eprintln!("Room {code}: cannot keep its game: {e}");
                }
                written.failing = true;
                written.at = Some(Instant::now());
            }
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room_file(data: &Path, code: &str, text: &str) {
        let dir = data.join(DIR).join(code);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("current.pgn"), text).unwrap();
    }

    fn fresh(label: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hotseat-kept-{label}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn restore_resumes_the_unfinished_archives_the_ended_and_sets_aside_the_unreadable() {
        let data = fresh("restore");
        room_file(
            &data,
            "club",
            "[Room \"club\"]\n[WhiteKey \"aa\"]\n[BlackKey \"\"]\n[TimeControl \"300+3\"]\n\
             [WhiteClock \"0:05:02.9\"]\n[BlackClock \"0:05:02.9\"]\n\n\
             1. f3 {[%clk 0:05:03]} e5 {[%clk 0:05:02]} *\n",
        );
        room_file(&data, "done", "1. f3 e5 2. g4 Qh4# 0-1\n");
        room_file(&data, "torn", "1. f3 e5 2. g4");
        // Not a room's name: not looked at.
        room_file(&data, "a.b", "1. e4 *\n");
        let (found, problems) = restore(&data);
        assert_eq!(found.len(), 1);
        let club = &found[0];
        assert_eq!(club.code, "club");
        assert_eq!(club.game.record().plies(), 2);
        assert_eq!(
            (club.white.as_deref(), club.black.as_deref()),
            (Some("aa"), None)
        );
        assert!(club.tags.get(TAG_ROOM).is_none() && club.tags.get(TAG_WHITE_KEY).is_none());
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].starts_with("room torn not resumed"),
            "{problems:?}"
        );
        assert!(data.join(DIR).join("torn/current.corrupt-1.pgn").exists());
        assert!(!data.join(DIR).join("done").exists());
        let archived: Vec<_> = std::fs::read_dir(data.join("games")).unwrap().collect();
        assert_eq!(archived.len(), 1);
        let _ = std::fs::remove_dir_all(&data);
    }
}
