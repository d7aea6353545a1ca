//! The files that keep games against a hostile folder: links planted where hotseat writes, game
//! slots that cannot be locked, a clean-up that fails, and the save-size cap. In process, on
//! the store and on the start-up of `runtime::prepare`; the same cases end to end, with real
//! windows killed, are in `resume`.

use std::fs;
use std::path::Path;
use std::time::SystemTime;

use hotseat::app::keymap::Action;
use hotseat::store::{GameLock, MAX_SLOTS, StoreError, export_fen, export_pgn};

use crate::store::{
    TestDir, answer, play_moves, secs, start_again, state, unfinished_and_finished,
};

const MINE: &str = "the player's own file\n";

/// A file of the player's outside the data folder, and a link to it planted at `link`.
#[cfg(unix)]
fn planted(dir: &TestDir, link: &Path) -> std::path::PathBuf {
    let target = dir.path().join("notes.txt");
    fs::write(&target, MINE).unwrap();
    fs::create_dir_all(link.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(&target, link).unwrap();
    target
}

/// The words for a planted link to `target`.
fn link_to(target: &Path) -> String {
    format!(
        "it is a symbolic link to {}, which hotseat never writes through",
        target.display()
    )
}

fn now() -> SystemTime {
    SystemTime::UNIX_EPOCH + secs(1_795_292_040)
}

// ---- Links ----

#[cfg(unix)]
#[test]
fn a_linked_lock_file_is_never_written_through_and_its_slot_is_skipped() {
    let dir = TestDir::new("link-lock");
    let store = dir.store();
    let target = planted(&dir, &store.dir().join("current.lock"));
    let claim = store.claim(42, now()).unwrap();
    assert_eq!(fs::read_to_string(&target).unwrap(), MINE);
    assert_eq!(claim.store.slot(), 2, "the next slot, locked");
    let trouble = claim.trouble.unwrap().to_string();
    assert!(
        trouble.starts_with(&format!(
            "cannot lock {}: {}",
            store.dir().join("current.lock").display(),
            link_to(&target)
        )),
        "{trouble}"
    );
    // A second window neither: it takes the slot after.
    assert_eq!(store.claim(43, now()).unwrap().store.slot(), 3);
    assert_eq!(fs::read_to_string(&target).unwrap(), MINE);
}

#[cfg(unix)]
#[test]
fn a_link_planted_as_the_autosave_is_refused_by_name() {
    let dir = TestDir::new("link-save");
    let store = dir.store();
    let target = planted(&dir, &store.current_path());
    let err = store
        .save_current("[White \"Ann\"]\n\n1. e4 *\n")
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "cannot save the game to {}: {}; remove the link",
            store.current_path().display(),
            link_to(&target)
        )
    );
    assert_eq!(fs::read_to_string(&target).unwrap(), MINE);
    assert!(
        fs::symlink_metadata(store.current_path())
            .unwrap()
            .is_symlink()
    );
}

/// A link in place of the autosave is not read as the saved game (which the next save would
/// then replace): it is moved aside, the link and not its target, and named.
#[cfg(unix)]
#[test]
fn a_link_planted_as_the_autosave_is_moved_aside_not_resumed() {
    let dir = TestDir::new("link-load");
    let store = dir.store();
    let target = planted(&dir, &store.current_path());
    let (unfinished, _) = unfinished_and_finished();
    fs::write(&target, &unfinished).unwrap();
    match store.load_current() {
        Err(StoreError::Corrupt {
            reason, moved_to, ..
        }) => {
            assert!(reason.starts_with(&link_to(&target)), "{reason}");
            assert!(fs::symlink_metadata(&moved_to).unwrap().is_symlink());
        }
        other => panic!("not set aside: {other:?}"),
    }
    assert_eq!(fs::read_to_string(&target).unwrap(), unfinished);
    assert!(fs::symlink_metadata(store.current_path()).is_err());
}

/// The archive never writes over a name that is taken, a link included: the game gets the next
/// name, and the link's target is untouched.
#[cfg(unix)]
#[test]
fn a_link_in_the_archive_is_passed_over() {
    let dir = TestDir::new("link-archive");
    let store = dir.store();
    let taken = store.games_dir().join("2026-11-21-Ann-vs-Bob.pgn");
    let target = planted(&dir, &taken);
    let path = store
        .archive("1. e4 *\n", "2026-11-21", "Ann", "Bob", false)
        .unwrap();
    assert_eq!(path, store.games_dir().join("2026-11-21-Ann-vs-Bob-2.pgn"));
    assert_eq!(fs::read_to_string(&target).unwrap(), MINE);
    assert!(fs::symlink_metadata(&taken).unwrap().is_symlink());
}

/// A folder of the player's outside the data folder, and a link to it planted as the archive
/// folder `games/`. Returns the folder.
#[cfg(unix)]
fn planted_folder(dir: &TestDir, games: &Path) -> std::path::PathBuf {
    let target = dir.path().join("elsewhere");
    fs::create_dir_all(&target).unwrap();
    fs::create_dir_all(games.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(&target, games).unwrap();
    target
}

/// The words for a link planted as the archive folder, pointing at `target`.
fn linked_archive(games: &Path, target: &Path) -> String {
    format!(
        "cannot create the folder {}: {}; remove the link",
        games.display(),
        link_to(target)
    )
}

/// A link planted as `games/`: archiving an unfinished game (`--new`, a new game) refuses it by
/// name and writes nothing where it points.
#[cfg(unix)]
#[test]
fn a_linked_archive_folder_is_never_written_through() {
    let dir = TestDir::new("link-games");
    let store = dir.store();
    let target = planted_folder(&dir, &store.games_dir());
    let err = store
        .archive("1. e4 *\n", "2026-11-21", "Ann", "Bob", true)
        .unwrap_err();
    assert_eq!(err.to_string(), linked_archive(&store.games_dir(), &target));
    assert_eq!(fs::read_dir(&target).unwrap().count(), 0);
}

/// A game's end with `games/` a planted link: the finished game stays in `current.pgn` (to be
/// archived at the next start), the error names the link, and nothing is linked or written
/// where it points.
#[cfg(unix)]
#[test]
fn a_game_end_never_archives_through_a_linked_folder() {
    let dir = TestDir::new("link-games-end");
    let store = dir.store();
    let target = planted_folder(&dir, &store.games_dir());
    let (_, finished) = unfinished_and_finished();
    let err = store
        .finish_game(&finished, "2026-11-21", "Ann", "Bob")
        .unwrap_err();
    assert!(matches!(err, hotseat::store::EndError::KeptInCurrent(_)));
    assert_eq!(
        err.store_error().to_string(),
        linked_archive(&store.games_dir(), &target)
    );
    assert_eq!(fs::read_dir(&target).unwrap().count(), 0);
    assert_eq!(fs::read_to_string(store.current_path()).unwrap(), finished);
}

/// Start-up's sweep of half-written files does not reach through a link planted as `games/`,
/// and a copy of the saved game found there does not count as archived.
#[cfg(unix)]
#[test]
fn a_linked_archive_folder_is_neither_swept_nor_searched() {
    let dir = TestDir::new("link-games-sweep");
    let store = dir.store();
    let target = planted_folder(&dir, &store.games_dir());
    let temp = target.join(".current.pgn.hotseat-42-0.tmp");
    fs::write(&temp, "half").unwrap();
    let (unfinished, _) = unfinished_and_finished();
    store.save_current(&unfinished).unwrap();
    fs::write(
        target.join("2026-11-21-Ann-vs-Bob-unfinished.pgn"),
        &unfinished,
    )
    .unwrap();
    let later = SystemTime::now() + secs(3600);
    assert_eq!(
        store.remove_stale_temp_files(later),
        Vec::<std::path::PathBuf>::new()
    );
    assert!(temp.exists());
    assert_eq!(store.archived_unfinished(), None);
}

#[cfg(unix)]
#[test]
fn the_new_game_forms_memory_is_never_written_through_a_link() {
    let dir = TestDir::new("link-memory");
    let store = dir.store();
    let memory = store.dir().join("last-game.toml");
    let target = planted(&dir, &memory);
    let err = store
        .write_file("last-game.toml", b"white = \"Ann\"\n")
        .unwrap_err();
    assert!(
        err.to_string().starts_with(&format!(
            "cannot write {}: {}",
            memory.display(),
            link_to(&target)
        )),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&target).unwrap(), MINE);
}

#[cfg(unix)]
#[test]
fn exports_are_never_written_through_a_link() {
    let dir = TestDir::new("link-export");
    let export = dir.path().join("out").join("game.pgn");
    let target = planted(&dir, &export);
    for err in [
        export_pgn(&export, "1. e4 *\n").unwrap_err(),
        export_fen(&export, "8/8/8/8/8/8/8/K1k5 w - - 0 1").unwrap_err(),
    ] {
        assert!(
            err.to_string().starts_with(&format!(
                "cannot write {}: {}",
                export.display(),
                link_to(&target)
            )),
            "{err}"
        );
    }
    assert_eq!(fs::read_to_string(&target).unwrap(), MINE);
}

/// A link already at the name of a session's own file is a taken name like any other: the next
/// name is created, and the link's target is untouched.
#[cfg(unix)]
#[test]
fn a_link_at_the_name_of_a_file_of_its_own_is_passed_over() {
    let dir = TestDir::new("link-own");
    let store = dir.store();
    let target = planted(&dir, &store.dir().join("current-own-4242.pgn"));
    let (own, _guard) = store.own_file(4242).unwrap();
    assert_eq!(
        own.current_path(),
        store.dir().join("current-own-4242-2.pgn")
    );
    assert_eq!(fs::read_to_string(&target).unwrap(), MINE);
}

// ---- Slots that cannot be locked ----

#[test]
fn a_folder_in_place_of_the_lock_is_skipped_and_named() {
    let dir = TestDir::new("lock-folder");
    let store = dir.store();
    let lock = store.dir().join("current.lock");
    fs::create_dir_all(&lock).unwrap();
    let first = store.claim(42, now()).unwrap();
    let second = store.claim(43, now()).unwrap();
    assert_eq!(
        (first.store.slot(), second.store.slot()),
        (2, 3),
        "one writer each"
    );
    assert_eq!(
        first.trouble.unwrap().to_string(),
        format!("cannot lock {}: it is a folder, not a file", lock.display())
    );
}

/// Every slot held: a tenth session plays in a file of its own, created under a name with its
/// process id that no other session can take, and removed at the end if nothing was saved in
/// it.
#[test]
fn with_every_slot_held_a_session_plays_in_a_file_of_its_own() {
    let dir = TestDir::new("own-file");
    let store = dir.store();
    let held: Vec<_> = (1..=MAX_SLOTS)
        .map(|n| store.claim(n, now()).unwrap())
        .collect();
    let tenth = store.claim(4242, now()).unwrap();
    let own = store.dir().join("current-own-4242.pgn");
    assert!(tenth.store.is_own_file());
    assert_eq!(tenth.store.current_path(), own);
    assert_eq!(tenth.others.len(), held.len());
    let trouble = tenth.trouble.unwrap().to_string();
    assert!(
        trouble.ends_with(": all 9 game slots are in use"),
        "{trouble}"
    );
    // The same process id again (a reused one): another name, never the same file.
    let again = store.claim(4242, now()).unwrap();
    assert_eq!(
        again.store.current_path(),
        store.dir().join("current-own-4242-2.pgn")
    );
    tenth
        .store
        .save_current("[White \"Ann\"]\n\n1. e4 *\n")
        .unwrap();
    let lock: GameLock = tenth.lock.unwrap();
    drop(lock);
    drop(again);
    assert!(own.exists(), "a saved game is kept");
    assert!(
        !store.dir().join("current-own-4242-2.pgn").exists(),
        "an empty one is not left behind"
    );
}

/// A session ends without dropping its hold (the process just exits): the next start removes
/// its own file if it is still empty, and never one that holds a game or whose session runs.
#[test]
fn empty_files_of_ended_sessions_are_swept_at_the_next_start() {
    let dir = TestDir::new("own-sweep");
    let store = dir.store();
    let _held: Vec<_> = (1..=MAX_SLOTS)
        .map(|n| store.claim(n, now()).unwrap())
        .collect();
    let running = store.claim(77, now()).unwrap();
    let ended = store.dir().join("current-own-78.pgn");
    let saved = store.dir().join("current-own-79.pgn");
    fs::write(&ended, "").unwrap();
    fs::write(&saved, "1. e4 *\n").unwrap();
    let removed = store.remove_stale_temp_files(now());
    assert_eq!(removed, std::slice::from_ref(&ended));
    assert!(running.store.current_path().exists(), "its session runs");
    assert!(saved.exists() && !ended.exists());
}

#[test]
fn a_session_without_a_slot_says_where_it_saves_and_saves_there() {
    let dir = TestDir::new("own-screen");
    let store = dir.store();
    let _held: Vec<_> = (1..=MAX_SLOTS)
        .map(|n| store.claim(n, now()).unwrap())
        .collect();
    let (mut app, mut files) = start_again(&store);
    let status = app.view().status().text;
    let own = store
        .dir()
        .join(format!("current-own-{}.pgn", std::process::id()));
    assert!(
        status.contains("Playing in a file of its own")
            && status.contains(&own.display().to_string()),
        "{status}"
    );
    answer(&mut app, &mut files, Action::Tick);
    play_moves(&mut app, &mut files, &["e4"]);
    let text = fs::read_to_string(&own).unwrap();
    assert!(text.contains("1. e4 *"), "{text}");
    assert!(!store.current_path().exists(), "slot 1 untouched");
}

// ---- Clean-up ----

/// The old name of an archived game that cannot be removed is an error with its path and the
/// reason (a folder in its place cannot be unlinked, even by root); no file is not one.
#[test]
fn removing_the_autosave_reports_a_failure_with_its_path() {
    let dir = TestDir::new("clear");
    let store = dir.store();
    store.clear_current().unwrap();
    fs::create_dir_all(store.current_path().join("inside")).unwrap();
    assert_eq!(
        store.clear_current().unwrap_err().to_string(),
        format!(
            "cannot remove {}: it is a folder, not a file",
            store.current_path().display()
        )
    );
}

/// An unfinished game set aside before whose old name could not be removed: the next start
/// finds it in the archive and neither offers it nor archives it twice. Only a file archived as
/// unfinished counts: an export with the same bytes does not hide a game.
#[test]
fn an_unfinished_game_already_in_the_archive_is_not_offered_again() {
    let dir = TestDir::new("archived-unfinished");
    let store = dir.store();
    let (unfinished, _) = unfinished_and_finished();
    store.save_current(&unfinished).unwrap();
    fs::create_dir_all(store.games_dir()).unwrap();
    let export = store.games_dir().join("Ann-vs-Bob-2026-11-21.pgn");
    fs::write(&export, &unfinished).unwrap();
    assert_eq!(store.archived_unfinished(), None);
    let (app, files) = start_again(&store);
    assert!(app.view().dialog().is_some_and(|d| d.title == "Resume?"));
    drop(files);

    fs::remove_file(&export).unwrap();
    let archived = store
        .games_dir()
        .join("2026-11-21-Ann-vs-Bob-unfinished.pgn");
    fs::write(&archived, &unfinished).unwrap();
    assert_eq!(store.archived_unfinished(), Some(archived));
    let (app, _files) = start_again(&store);
    assert!(app.view().dialog().is_none(), "not offered");
    assert_eq!(state(&store), (None, vec![unfinished]), "tidied, not twice");
}

/// A game set aside during a session is archived with the moves played since its last save;
/// when its old name could not be removed (nor rewritten), the next start finds the archived
/// game as the one that continues it: the same start stamp and players, the saved moves first.
/// Another stamp, other players or other moves are another game, offered as before.
#[test]
fn a_game_archived_with_more_moves_than_its_old_name_is_not_offered_again() {
    let pgn = |started: &str, black: &str, moves: &str| {
        format!(
            "[White \"Ann\"]\n[Black \"{black}\"]\n[HotseatStarted \"{started}\"]\n\n{moves} *\n"
        )
    };
    let stamp = "2026-11-21T20:14:00Z";
    let dir = TestDir::new("archived-continued");
    let store = dir.store();
    let saved = pgn(stamp, "Bob", "1. e4 e5 2. Nf3");
    store.save_current(&saved).unwrap();
    fs::create_dir_all(store.games_dir()).unwrap();
    let archived = store
        .games_dir()
        .join("2026-11-22-Ann-vs-Bob-unfinished.pgn");
    for other in [
        pgn("2026-11-21T20:15:00Z", "Bob", "1. e4 e5 2. Nf3 Nc6"),
        pgn(stamp, "Cid", "1. e4 e5 2. Nf3 Nc6"),
        pgn(stamp, "Bob", "1. e4 e5 2. Nc3 Nc6"),
        pgn(stamp, "Bob", "1. e4 e5"),
        "1. e4 e5 2. Nf3 Nc6 *\n".to_owned(),
    ] {
        fs::write(&archived, &other).unwrap();
        assert_eq!(store.archived_unfinished(), None, "{other}");
    }
    let later = pgn(stamp, "Bob", "1. e4 e5 2. Nf3 Nc6");
    fs::write(store.games_dir().join("2026-11-22-Ann-vs-Bob.pgn"), &later).unwrap();
    assert_eq!(store.archived_unfinished(), None, "not marked unfinished");
    fs::write(&archived, &later).unwrap();
    assert_eq!(store.archived_unfinished(), Some(archived.clone()));
    let (app, _files) = start_again(&store);
    assert!(app.view().dialog().is_none(), "not offered");
    assert!(!store.current_path().exists(), "the old name tidied away");
    assert_eq!(
        fs::read_to_string(&archived).unwrap(),
        later,
        "archived once"
    );
}

/// A game's end never writes over a game of the archive: with its name taken, the finished
/// game gets the next one (`-2`), and the other file is left as it is.
#[test]
fn a_game_end_takes_the_next_name_when_its_own_is_taken() {
    let dir = TestDir::new("end-taken");
    let store = dir.store();
    fs::create_dir_all(store.games_dir()).unwrap();
    let taken = store.games_dir().join("2026-11-21-Ann-vs-Bob.pgn");
    fs::write(&taken, "another game\n").unwrap();
    let (_, finished) = unfinished_and_finished();
    let path = store
        .finish_game(&finished, "2026-11-21", "Ann", "Bob")
        .unwrap();
    assert_eq!(path, store.games_dir().join("2026-11-21-Ann-vs-Bob-2.pgn"));
    assert_eq!(fs::read_to_string(&taken).unwrap(), "another game\n");
    assert_eq!(fs::read_to_string(&path).unwrap(), finished);
    assert!(!store.current_path().exists());
}

// ---- The size cap ----

/// A save is at most 32 MiB: one byte more is set aside unread, as too large; 32 MiB exactly is
/// read (and set aside for what it holds). Sparse files: nothing is written to disk.
#[test]
fn the_save_size_cap_is_32_mib() {
    const CAP: u64 = 32 * 1024 * 1024;
    let dir = TestDir::new("cap");
    let store = dir.store();
    for (len, reason) in [
        (CAP + 1, "the file is larger than 32 MiB"),
        (CAP, "the file is not text (it holds NUL bytes)"),
    ] {
        fs::create_dir_all(store.dir()).unwrap();
        fs::File::create(store.current_path())
            .and_then(|f| f.set_len(len))
            .unwrap();
        match store.load_current() {
            Err(StoreError::Corrupt {
                reason: why,
                moved_to,
                ..
            }) => {
                assert_eq!(why, reason, "{len} bytes");
                fs::remove_file(moved_to).unwrap();
            }
            other => panic!("{len} bytes: {other:?}"),
        }
    }
}
