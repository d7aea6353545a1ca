//! The store against a real file system: autosave and resume of a timed game, unreadable
//! autosaves set aside, failing folders reported with their path, archive names, atomic writes,
//! exports and where the data directory is.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, SystemTime};

use hotseat::app::keymap::Action;
use hotseat::app::launch::SavedGameChoice;
use hotseat::app::{App, Config};
use hotseat::game::pgn::Tags;
use hotseat::game::stamp::WallClock;
use hotseat::game::{Game, GameSetup};
use hotseat::rules::Color;
use hotseat::runtime::worker::{FileWork, Job};
use hotseat::runtime::{Files, Launch, prepare};
use hotseat::store::{
    Autosave, DataDir, EndError, EndSteps, Op, Platform, RealFs, Stamp, Store, StoreError,
    TAG_STARTED, atomic_write, data_dir_for, default_export_path, export_fen, export_pgn,
    remove_stale_temp_files,
};

// ---- Helpers ----

/// A fresh folder under the system's temp dir, removed (with anything in it) on drop.
pub(crate) struct TestDir(PathBuf);

impl TestDir {
    pub(crate) fn new(name: &str) -> TestDir {
        static N: AtomicU32 = AtomicU32::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("hotseat-store-{}-{n}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).unwrap();
        TestDir(path)
    }

    pub(crate) fn path(&self) -> &Path {
        &self.0
    }

    pub(crate) fn store(&self) -> Store {
        Store::new(DataDir::new(self.path().join("data")))
    }
}

impl Drop for TestDir {
    fn drop(&mut self) {
        #[cfg(unix)]
        make_writable(&self.0);
        let _ = fs::remove_dir_all(&self.0);
    }
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

#[cfg(unix)]
fn make_writable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    if let Ok(entries) = fs::read_dir(path) {
        for e in entries.flatten() {
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                let _ = fs::set_permissions(e.path(), fs::Permissions::from_mode(0o755));
                make_writable(&e.path());
            }
        }
    }
}

/// Makes this thread's file calls obey the folders' permissions, as they do for any user but
/// root: root's capabilities to override them (`CAP_DAC_OVERRIDE`, `CAP_DAC_READ_SEARCH`) leave
/// this thread's effective set. Linux keeps capabilities per thread, and the harness runs each
/// test on a thread of its own that ends with it, so no other test is touched. CI runs as root.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn obey_permissions() {
    #[repr(C)]
    struct Header {
        version: u32,
        pid: libc::c_int,
    }
    #[repr(C)]
    #[derive(Clone, Copy, Default)]
    struct Data {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    /// `_LINUX_CAPABILITY_VERSION_3`: 64 bits of capabilities, in two `Data`.
    const VERSION_3: u32 = 0x2008_0522;
    const DAC_OVERRIDE_AND_READ_SEARCH: u32 = (1 << 1) | (1 << 2);
    let mut header = Header {
        version: VERSION_3,
        pid: 0,
    };
    let mut data = [Data::default(); 2];
    // SAFETY: the layouts are the kernel's (linux/capability.h) for version 3, which reads and
    // writes two `Data`; pid 0 is the calling thread.
    unsafe {
        if libc::syscall(
            libc::SYS_capget,
            &mut header as *mut Header,
            data.as_mut_ptr(),
        ) != 0
        {
            return;
        }
        data[0].effective &= !DAC_OVERRIDE_AND_READ_SEARCH;
        libc::syscall(libc::SYS_capset, &mut header as *mut Header, data.as_ptr());
    }
}

#[cfg(all(unix, not(target_os = "linux")))]
fn obey_permissions() {}

/// Whether chmod really stops writes here (for root, only once [`obey_permissions`] ran).
#[cfg(unix)]
fn read_only_is_enforced(dir: &Path) -> bool {
    let probe = dir.join("probe");
    match fs::write(&probe, b"x") {
        Ok(()) => {
            let _ = fs::remove_file(probe);
            false
        }
        Err(_) => true,
    }
}

pub(crate) fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

fn play(g: &mut Game, san: &str, now: Duration) {
    let mv = g.position().parse_move(san).unwrap();
    g.play(mv, now).unwrap();
}

/// A 5+3 game between Ann and Bob, a few moves in, White to move at 40 s.
fn timed_game() -> Game {
    let mut g = Game::new(GameSetup {
        white: "Ann".into(),
        black: "Bob".into(),
        white_time: "5+3".parse().unwrap(),
        black_time: "5+3".parse().unwrap(),
        ..GameSetup::default()
    });
    g.start(secs(0));
    for (san, t) in [
        ("e4", 3),
        ("e5", 7),
        ("Nf3", 12),
        ("Nc6", 20),
        ("Bb5", 26),
        ("a6", 31),
    ] {
        play(&mut g, san, secs(t));
    }
    g
}

fn started_tags() -> Tags {
    vec![(TAG_STARTED.into(), "2026-11-21T20:14:00Z".into())].into()
}

fn sans(g: &Game) -> Vec<String> {
    g.record().moves().iter().map(|m| m.san.clone()).collect()
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

// ---- Autosave and resume ----

#[test]
fn timed_game_survives_save_and_load_with_moves_position_and_clocks() {
    let dir = TestDir::new("roundtrip");
    let store = dir.store();
    let game = timed_game();
    let now = secs(40);
    let path = store
        .save_current(&game.to_pgn(now, &started_tags()))
        .unwrap();
    assert_eq!(path, store.current_path());

    let saved = store.load_current().unwrap().expect("a saved game");
    let back = saved.game();
    assert_eq!(sans(back), sans(&game));
    assert_eq!(back.position().fen(), game.position().fen());
    assert_eq!(back.clock_readings(), game.clock_readings());
    for color in Color::ALL {
        assert_eq!(
            back.clock().remaining(color, now),
            game.clock().remaining(color, now),
            "{color}"
        );
    }
    assert_eq!(back.player(Color::White), "Ann");
    assert!(!back.is_over());
    assert_eq!(saved.tag(TAG_STARTED), Some("2026-11-21T20:14:00Z"));
    assert_eq!(
        saved.summary(),
        "Ann vs Bob, move 4, started 2026-11-21 20:14 UTC"
    );
}

#[test]
fn a_clock_reading_between_seconds_resumes_within_a_second() {
    let dir = TestDir::new("subsecond");
    let store = dir.store();
    let game = timed_game();
    let now = Duration::from_millis(40_700);
    store.save_current(&game.to_pgn(now, &Tags::new())).unwrap();
    let back = store.load_current().unwrap().unwrap();
    let was = game.clock().remaining(Color::White, now).unwrap();
    let is = back.game().clock().remaining(Color::White, now).unwrap();
    assert!(was.abs_diff(is) < secs(1), "{was:?} vs {is:?}");
}

#[test]
fn no_saved_game_is_none_and_creates_no_folder() {
    let dir = TestDir::new("nofile");
    let store = dir.store();
    assert!(store.load_current().unwrap().is_none());
    assert!(
        !store.dir().exists(),
        "reading must not create the data dir"
    );
    store.clear_current().unwrap();
}

#[test]
fn saving_again_replaces_the_game_and_clear_forgets_it() {
    let dir = TestDir::new("replace");
    let store = dir.store();
    let mut game = timed_game();
    store
        .save_current(&game.to_pgn(secs(40), &Tags::new()))
        .unwrap();
    play(&mut game, "Ba4", secs(45));
    store
        .save_current(&game.to_pgn(secs(45), &Tags::new()))
        .unwrap();
    let back = store.load_current().unwrap().unwrap();
    assert_eq!(back.game().record().plies(), 7);
    assert_eq!(files_in(store.dir()), ["current.pgn"], "no temp files left");
    store.clear_current().unwrap();
    assert!(store.load_current().unwrap().is_none());
}

#[test]
fn summary_of_an_untimed_game_without_a_start_tag() {
    let dir = TestDir::new("summary");
    let store = dir.store();
    let game = Game::new(GameSetup::default());
    store
        .save_current(&game.to_pgn(secs(0), &Tags::new()))
        .unwrap();
    let back = store.load_current().unwrap().unwrap();
    assert_eq!(back.summary(), "White vs Black, move 1");
}

// ---- Unreadable autosaves ----

/// Writes `bytes` as the autosave, loads it, and checks it was moved aside intact with a message
/// naming both places; returns the message.
fn assert_set_aside(bytes: &[u8], expected_reason: &str) -> String {
    let dir = TestDir::new("corrupt");
    let store = dir.store();
    fs::create_dir_all(store.dir()).unwrap();
    fs::write(store.current_path(), bytes).unwrap();
    let err = store.load_current().unwrap_err();
    assert!(err.is_corrupt());
    let StoreError::Corrupt {
        path,
        reason,
        moved_to,
    } = &err
    else {
        panic!("not moved aside: {err}");
    };
    assert_eq!(path, &store.current_path());
    assert_eq!(moved_to, &store.dir().join("current.corrupt-1.pgn"));
    assert!(reason.contains(expected_reason), "{reason}");
    assert_eq!(fs::read(moved_to).unwrap(), bytes, "kept as it was");
    let message = err.to_string();
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(
        message.contains(&moved_to.display().to_string()),
        "{message}"
    );
    // And the next start is a normal one.
    assert!(store.load_current().unwrap().is_none());
    message
}

#[test]
fn garbage_bytes_are_set_aside() {
    assert_set_aside(&[0xff, 0xfe, 0x00, 0x13, 0x37, 0x80], "not text");
    assert_set_aside(b"\0\0\0\0 *", "not text");
}

#[test]
fn empty_autosave_is_set_aside() {
    assert_set_aside(b"", "empty");
    assert_set_aside(b"  \n\n", "empty");
}

#[test]
fn truncated_autosave_is_set_aside_even_when_the_rest_reads_as_a_game() {
    let pgn = timed_game().to_pgn(secs(40), &Tags::new());
    // Cut in the middle of a clock comment, and cut right after a whole move.
    let cut = pgn.find("Nf3").unwrap() + 10;
    assert_set_aside(&pgn.as_bytes()[..cut], "cut short");
    let cut = pgn.find("Nc6").unwrap() + 3;
    let message = assert_set_aside(&pgn.as_bytes()[..cut], "cut short");
    assert!(message.contains("\"Nc6\""), "{message}");
}

#[test]
fn hand_edited_illegal_move_is_set_aside_naming_the_move() {
    let pgn = timed_game()
        .to_pgn(secs(40), &Tags::new())
        .replace("Bb5", "Bb6");
    let message = assert_set_aside(pgn.as_bytes(), "Bb6");
    assert!(message.contains("move 3"), "{message}");
}

#[test]
fn text_that_is_not_pgn_is_set_aside() {
    assert_set_aside(b"dear diary, today I won *", "dear");
}

/// A named pipe or a folder in place of the autosave would hang or fail the start: it is never
/// opened for reading, and is moved aside like any file that is not a saved game.
#[cfg(unix)]
#[test]
fn a_fifo_or_a_folder_in_place_of_the_autosave_is_set_aside_without_blocking() {
    for what in ["fifo", "folder"] {
        let dir = TestDir::new(what);
        let store = dir.store();
        fs::create_dir_all(store.dir()).unwrap();
        let made = match what {
            "fifo" => std::process::Command::new("mkfifo")
                .arg(store.current_path())
                .status()
                .is_ok_and(|s| s.success()),
            _ => fs::create_dir(store.current_path()).is_ok(),
        };
        if !made {
            continue;
        }
        let err = store.load_current().unwrap_err();
        let StoreError::Corrupt {
            reason, moved_to, ..
        } = &err
        else {
            panic!("{what} not moved aside: {err}");
        };
        let expected = if what == "fifo" {
            "a named pipe (FIFO)"
        } else {
            "a folder"
        };
        assert_eq!(reason, &format!("it is {expected}, not a file"));
        assert!(fs::symlink_metadata(moved_to).is_ok(), "kept");
        assert!(store.load_current().unwrap().is_none());
    }
}

#[test]
fn corrupt_files_are_numbered_never_overwritten() {
    let dir = TestDir::new("numbered");
    let store = dir.store();
    fs::create_dir_all(store.dir()).unwrap();
    for (i, content) in [&b"one"[..], b"two", b"three"].iter().enumerate() {
        fs::write(store.current_path(), content).unwrap();
        let err = store.load_current().unwrap_err();
        let StoreError::Corrupt { moved_to, .. } = err else {
            panic!("{err}");
        };
        assert_eq!(
            moved_to.file_name().unwrap().to_str().unwrap(),
            format!("current.corrupt-{}.pgn", i + 1)
        );
    }
    assert_eq!(
        fs::read(store.dir().join("current.corrupt-1.pgn")).unwrap(),
        b"one"
    );
    assert_eq!(
        fs::read(store.dir().join("current.corrupt-3.pgn")).unwrap(),
        b"three"
    );
}

// ---- Folders that cannot be written ----

#[cfg(unix)]
#[test]
fn read_only_data_dir_reports_the_path_and_keeps_the_old_save() {
    let dir = TestDir::new("readonly");
    let store = dir.store();
    let game = timed_game();
    store
        .save_current(&game.to_pgn(secs(40), &Tags::new()))
        .unwrap();
    let before = fs::read(store.current_path()).unwrap();
    set_mode(store.dir(), 0o555);
    obey_permissions();
    if !read_only_is_enforced(store.dir()) {
        crate::common::skip::cannot_run("chmod does not stop this user's writes");
        return;
    }
    let err = store.save_current("changed *").unwrap_err();
    let message = err.to_string();
    assert!(
        message.starts_with(&format!(
            "cannot save the game to {}: ",
            store.current_path().display()
        )),
        "{message}"
    );
    assert!(message.contains("permission denied"), "{message}");
    set_mode(store.dir(), 0o755);
    assert_eq!(fs::read(store.current_path()).unwrap(), before);
    assert_eq!(files_in(store.dir()), ["current.pgn"], "no temp file left");
}

#[test]
fn data_dir_that_is_a_file_is_an_error_with_its_path() {
    let dir = TestDir::new("dirisfile");
    let file = dir.path().join("data");
    fs::write(&file, b"not a folder").unwrap();
    let store = Store::new(DataDir::new(&file));
    let err = store.save_current("*").unwrap_err();
    assert!(
        matches!(&err, StoreError::Io { op: Op::CreateDir, path, .. } if path == &file),
        "{err:?}"
    );
    assert!(
        err.to_string().contains(&file.display().to_string()),
        "{err}"
    );
    assert_eq!(fs::read(&file).unwrap(), b"not a folder");
    let err = store
        .archive("*", "2026-11-21", "Ann", "Bob", false)
        .unwrap_err();
    assert!(
        err.to_string().contains(&file.display().to_string()),
        "{err}"
    );
}

#[test]
fn autosave_keeps_failing_visibly_and_recovers() {
    let dir = TestDir::new("autosave");
    let blocker = dir.path().join("data");
    fs::write(&blocker, b"x").unwrap();
    let store = dir.store();
    let mut autosave = Autosave::new();
    let pgn = timed_game().to_pgn(secs(40), &Tags::new());
    assert!(autosave.save(&store, &pgn).is_err());
    assert!(autosave.failure().is_some());
    // Still failing: tried again, still reported.
    assert!(autosave.save(&store, &pgn).is_err());
    fs::remove_file(&blocker).unwrap();
    assert!(matches!(autosave.save(&store, &pgn), Ok(true)));
    assert!(autosave.failure().is_none());
    assert!(
        matches!(autosave.save(&store, &pgn), Ok(false)),
        "unchanged: not rewritten"
    );
    autosave.forget();
    assert!(matches!(autosave.save(&store, &pgn), Ok(true)));
}

// ---- Archive ----

#[test]
fn archive_names_by_date_and_players_and_never_overwrites() {
    let dir = TestDir::new("archive");
    let store = dir.store();
    let first = store
        .archive("first *", "2026-11-21", "Ann", "Bob", false)
        .unwrap();
    let second = store
        .archive("second *", "2026-11-21", "Ann", "Bob", false)
        .unwrap();
    let third = store
        .archive("third *", "2026-11-21", "Ann", "Bob", true)
        .unwrap();
    assert_eq!(first, store.games_dir().join("2026-11-21-Ann-vs-Bob.pgn"));
    assert_eq!(
        second,
        store.games_dir().join("2026-11-21-Ann-vs-Bob-2.pgn")
    );
    assert_eq!(
        third,
        store
            .games_dir()
            .join("2026-11-21-Ann-vs-Bob-unfinished.pgn")
    );
    assert_eq!(fs::read_to_string(first).unwrap(), "first *");
    assert_eq!(fs::read_to_string(second).unwrap(), "second *");
    assert_eq!(files_in(&store.games_dir()).len(), 3, "no temp files left");
}

#[test]
fn archive_names_are_safe_on_every_system() {
    let dir = TestDir::new("sanitise");
    let store = dir.store();
    let long = "x".repeat(500);
    let path = store
        .archive("*", "2026-11-21", "../../etc/pass\u{7}wd", &long, false)
        .unwrap();
    assert_eq!(path.parent().unwrap(), store.games_dir(), "stays in games/");
    let name = path.file_name().unwrap().to_str().unwrap();
    assert!(name.len() < 200, "{name}");
    assert!(
        !name.contains(['/', '\\', ':', '*', '?', '"', '<', '>', '|', '\u{7}']),
        "{name}"
    );
    assert!(name.starts_with("2026-11-21-etc_pass_wd-vs-xxx"), "{name}");
    let path = store.archive("*", "2026-11-21", "", "?", false).unwrap();
    assert!(path.ends_with("2026-11-21-White-vs-Black.pgn"), "{path:?}");
}

#[test]
fn new_game_archives_the_unfinished_one_and_clears_it() {
    let dir = TestDir::new("archivecurrent");
    let store = dir.store();
    assert_eq!(store.archive_current("2026-11-22").unwrap(), None);
    let pgn = timed_game().to_pgn(secs(40), &started_tags());
    store.save_current(&pgn).unwrap();
    let path = store.archive_current("2026-11-22").unwrap().unwrap();
    assert!(
        path.ends_with("games/2026-11-22-Ann-vs-Bob-unfinished.pgn"),
        "{path:?}"
    );
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        pgn,
        "archived unchanged"
    );
    assert!(store.load_current().unwrap().is_none());
}

#[test]
fn a_finished_game_left_in_the_autosave_is_archived_as_finished() {
    let dir = TestDir::new("finished");
    let store = dir.store();
    let mut game = timed_game();
    game.resign(Color::Black, secs(41)).unwrap();
    store
        .save_current(&game.to_pgn(secs(41), &Tags::new()))
        .unwrap();
    let saved = store.load_current().unwrap().unwrap();
    assert!(saved.game().is_over());
    assert!(
        saved.summary().starts_with("Ann vs Bob, finished 1-0"),
        "{}",
        saved.summary()
    );
    let path = store.archive_current("2026-11-22").unwrap().unwrap();
    assert!(path.ends_with("2026-11-22-Ann-vs-Bob.pgn"), "{path:?}");

    // With its start in the tags, it is named by the day it began, as at its end.
    store
        .save_current(&game.to_pgn(secs(41), &started_tags()))
        .unwrap();
    let path = store.archive_current("2026-11-23").unwrap().unwrap();
    assert!(path.ends_with("2026-11-21-Ann-vs-Bob.pgn"), "{path:?}");
}

// ---- Atomic writes ----

#[test]
fn atomic_write_replaces_and_leaves_no_temp_file() {
    let dir = TestDir::new("atomic");
    let target = dir.path().join("a.txt");
    atomic_write(&target, b"old").unwrap();
    atomic_write(&target, b"new").unwrap();
    assert_eq!(fs::read(&target).unwrap(), b"new");
    assert_eq!(files_in(dir.path()), ["a.txt"]);
}

#[test]
fn failed_rename_cleans_up_and_keeps_what_was_there() {
    // The target is a folder with something in it: the data is written, the rename fails.
    let dir = TestDir::new("renamefails");
    let target = dir.path().join("taken");
    fs::create_dir(&target).unwrap();
    fs::write(target.join("inside"), b"keep").unwrap();
    let err = atomic_write(&target, b"new").unwrap_err();
    assert!(
        err.to_string()
            .starts_with(&format!("cannot write {}", target.display()))
    );
    assert_eq!(fs::read(target.join("inside")).unwrap(), b"keep");
    assert_eq!(files_in(dir.path()), ["taken"], "the temp file was removed");
}

#[test]
fn atomic_write_under_a_file_fails_with_the_path() {
    let dir = TestDir::new("parentfile");
    let parent = dir.path().join("plain");
    fs::write(&parent, b"old").unwrap();
    let target = parent.join("x.pgn");
    let err = atomic_write(&target, b"new").unwrap_err();
    assert_eq!(err.path(), Some(target.as_path()));
    assert!(
        err.to_string().contains(&target.display().to_string()),
        "{err}"
    );
    assert_eq!(fs::read(&parent).unwrap(), b"old");
}

#[cfg(unix)]
#[test]
fn atomic_write_in_a_read_only_folder_keeps_the_old_content() {
    let dir = TestDir::new("atomicro");
    let sub = dir.path().join("ro");
    fs::create_dir(&sub).unwrap();
    let target = sub.join("a.txt");
    fs::write(&target, b"old").unwrap();
    set_mode(&sub, 0o555);
    obey_permissions();
    if !read_only_is_enforced(&sub) {
        crate::common::skip::cannot_run("chmod does not stop this user's writes");
        return;
    }
    let err = atomic_write(&target, b"new").unwrap_err();
    assert!(err.to_string().contains("permission denied"), "{err}");
    assert_eq!(fs::read(&target).unwrap(), b"old");
    set_mode(&sub, 0o755);
    assert_eq!(files_in(&sub), ["a.txt"]);
}

#[test]
fn stale_temp_files_are_swept_but_fresh_ones_are_left() {
    let dir = TestDir::new("sweep");
    let temp = dir.path().join(".current.pgn.hotseat-99999-0.tmp");
    let other = dir.path().join("notes.tmp");
    fs::write(&temp, b"half").unwrap();
    fs::write(&other, b"mine").unwrap();
    let now = SystemTime::now();
    assert!(remove_stale_temp_files(dir.path(), now, secs(60)).is_empty());
    let later = now + secs(120);
    assert_eq!(remove_stale_temp_files(dir.path(), later, secs(60)), [temp]);
    assert_eq!(files_in(dir.path()), ["notes.tmp"]);
}

// ---- Export ----

#[test]
fn default_export_path_never_names_an_existing_file() {
    let dir = TestDir::new("export");
    let first = default_export_path(dir.path(), "2026-11-22", "Ann", "Bob");
    assert_eq!(first, dir.path().join("2026-11-22-Ann-vs-Bob.pgn"));
    export_pgn(&first, "1. e4 *\n").unwrap();
    let second = default_export_path(dir.path(), "2026-11-22", "Ann", "Bob");
    assert_eq!(second, dir.path().join("2026-11-22-Ann-vs-Bob-2.pgn"));
    assert_eq!(fs::read_to_string(&first).unwrap(), "1. e4 *\n");
}

#[test]
fn fen_export_is_one_line() {
    let dir = TestDir::new("fen");
    let path = dir.path().join("pos.fen");
    let fen = timed_game().position().fen();
    export_fen(&path, &fen).unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), format!("{fen}\n"));
    let err = export_fen(&dir.path().join("missing/pos.fen"), &fen).unwrap_err();
    assert!(err.to_string().contains("missing"), "{err}");
}

// ---- Where the data directory is ----

fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<OsString> + 'a {
    move |name| {
        vars.iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| OsString::from(v))
    }
}

#[test]
fn xdg_data_home_wins_over_home() {
    let vars = [("XDG_DATA_HOME", "/data"), ("HOME", "/home/ann")];
    assert_eq!(
        data_dir_for(Platform::Xdg, env(&vars)).unwrap(),
        PathBuf::from("/data/hotseat")
    );
}

#[test]
fn empty_or_relative_xdg_data_home_is_ignored() {
    for xdg in ["", "relative/dir"] {
        let vars = [("XDG_DATA_HOME", xdg), ("HOME", "/home/ann")];
        assert_eq!(
            data_dir_for(Platform::Xdg, env(&vars)).unwrap(),
            PathBuf::from("/home/ann/.local/share/hotseat")
        );
    }
}

#[test]
fn no_home_is_an_error_that_points_to_data_dir() {
    let err = data_dir_for(Platform::Xdg, env(&[])).unwrap_err();
    assert!(err.to_string().contains("--data-dir"), "{err}");
    assert!(err.path().is_none());
    assert!(data_dir_for(Platform::MacOs, env(&[("HOME", "")])).is_err());
}

#[test]
fn macos_uses_application_support_and_ignores_xdg() {
    let vars = [("XDG_DATA_HOME", "/data"), ("HOME", "/Users/ann")];
    assert_eq!(
        data_dir_for(Platform::MacOs, env(&vars)).unwrap(),
        PathBuf::from("/Users/ann/Library/Application Support/hotseat")
    );
}

#[test]
fn windows_prefers_appdata_then_local_then_profile() {
    let appdata = r"C:\Users\ann\AppData\Roaming";
    let local = r"C:\Users\ann\AppData\Local";
    let profile = r"C:\Users\ann";
    let all = [
        ("APPDATA", appdata),
        ("LOCALAPPDATA", local),
        ("USERPROFILE", profile),
    ];
    assert_eq!(
        data_dir_for(Platform::Windows, env(&all)).unwrap(),
        PathBuf::from(appdata).join("hotseat")
    );
    assert_eq!(
        data_dir_for(Platform::Windows, env(&all[1..])).unwrap(),
        PathBuf::from(local).join("hotseat")
    );
    assert_eq!(
        data_dir_for(Platform::Windows, env(&all[2..])).unwrap(),
        PathBuf::from(profile)
            .join("AppData")
            .join("Roaming")
            .join("hotseat")
    );
    assert!(data_dir_for(Platform::Windows, env(&[("HOME", "/home/ann")])).is_err());
}

#[test]
fn explicit_data_dir_is_used_as_given() {
    let store = Store::new(DataDir::new("/somewhere/else"));
    assert_eq!(
        store.current_path(),
        PathBuf::from("/somewhere/else/current.pgn")
    );
    assert_eq!(store.games_dir(), PathBuf::from("/somewhere/else/games"));
}

#[test]
fn stamps_for_tags_and_file_names() {
    let t = Stamp::from_system_time(SystemTime::UNIX_EPOCH + secs(1_795_292_040));
    assert_eq!(t.rfc3339(), "2026-11-21T20:14:00Z");
    assert_eq!(t.pgn_date(), "2026.11.21");
    assert_eq!(t.date(), "2026-11-21");
}

// ---- A game's end, one atomic step ----

/// The real file system, failing its `fail_at`-th call (from 1) as a kill or a full disk would.
struct FailAt {
    fail_at: usize,
    calls: usize,
}

impl FailAt {
    fn step(&mut self) -> std::io::Result<()> {
        self.calls += 1;
        if self.calls == self.fail_at {
            return Err(std::io::Error::from(std::io::ErrorKind::StorageFull));
        }
        Ok(())
    }
}

impl EndSteps for FailAt {
    fn save(&mut self, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
        self.step()?;
        RealFs.save(path, bytes)
    }
    fn create_dir(&mut self, path: &Path) -> std::io::Result<()> {
        self.step()?;
        RealFs.create_dir(path)
    }
    fn claim(&mut self, from: &Path, to: &Path) -> std::io::Result<bool> {
        self.step()?;
        RealFs.claim(from, to)
    }
    fn remove(&mut self, path: &Path) -> std::io::Result<()> {
        self.step()?;
        RealFs.remove(path)
    }
}

/// The game in progress, and the same game finished (Black resigns), as PGN.
pub(crate) fn unfinished_and_finished() -> (String, String) {
    let mut game = timed_game();
    let unfinished = game.to_pgn(secs(40), &started_tags());
    game.resign(Color::Black, secs(41)).unwrap();
    (unfinished, game.to_pgn(secs(41), &started_tags()))
}

/// What the folder holds: the autosave's text if any, and the texts of the archive.
pub(crate) fn state(store: &Store) -> (Option<String>, Vec<String>) {
    let current = fs::read_to_string(store.current_path()).ok();
    let archived = fs::read_dir(store.games_dir())
        .map(|d| {
            d.map(|e| fs::read_to_string(e.unwrap().path()).unwrap())
                .collect()
        })
        .unwrap_or_default();
    (current, archived)
}

/// Each file-system step of the game's end fails in turn, as a kill or a full disk there would
/// stop it: the game is then either unfinished in the autosave or finished (in the archive, or
/// in the autosave on its way there) — never both, never neither — and the next start leaves
/// exactly one finished copy in the archive.
#[test]
fn a_game_end_cut_short_at_any_step_leaves_one_game_never_two_or_none() {
    let (unfinished, finished) = unfinished_and_finished();
    let mut happy_calls = 0;
    for fail_at in 1..=6 {
        let dir = TestDir::new("end");
        let store = dir.store();
        store.save_current(&unfinished).unwrap();
        let mut steps = FailAt { fail_at, calls: 0 };
        let result = store.finish_game_with(&mut steps, &finished, "2026-11-21", "Ann", "Bob");
        let (current, archived) = state(&store);
        match &result {
            Ok(path) => {
                assert_eq!(fs::read_to_string(path).unwrap(), finished);
                if fail_at > steps.calls {
                    happy_calls = steps.calls;
                    assert_eq!(current, None, "the autosave is gone");
                }
            }
            Err(EndError::NotSaved(_)) => {
                assert_eq!(
                    current.as_deref(),
                    Some(unfinished.as_str()),
                    "step {fail_at}"
                );
                assert!(archived.is_empty(), "step {fail_at}");
            }
            Err(EndError::KeptInCurrent(_)) => {
                assert_eq!(
                    current.as_deref(),
                    Some(finished.as_str()),
                    "step {fail_at}"
                );
                assert!(archived.is_empty(), "step {fail_at}");
            }
        }
        // Never both the unfinished game and the finished one; never neither.
        let unfinished_left = current.as_deref() == Some(unfinished.as_str());
        assert!(
            unfinished_left != (!archived.is_empty() || current.as_deref() == Some(&finished)),
            "step {fail_at}: {result:?}"
        );
        assert!(archived.len() <= 1);

        // The next start: a finished autosave goes to the archive, once.
        let next = store.load_current().unwrap();
        if next.as_ref().is_some_and(|s| s.game().is_over()) {
            store.archive_current("2026-11-22").unwrap();
        }
        let (current, archived) = state(&store);
        if unfinished_left {
            assert!(next.is_some_and(|s| !s.game().is_over()), "resumable");
            assert!(archived.is_empty());
        } else {
            assert_eq!(current, None, "step {fail_at}");
            assert_eq!(
                archived,
                std::slice::from_ref(&finished),
                "step {fail_at}: archived once"
            );
        }
    }
    assert_eq!(happy_calls, 5, "every step was failed once");
}

// ---- A finished game that could not be archived: "save it now?" at the next start ----

/// A game that ended while the archive failed (its first name claim, as a full disk or a
/// read-only `games/` would), leaving the finished game in the autosave; the session quits.
fn end_with_the_archive_failing(store: &Store) -> String {
    let (unfinished, finished) = unfinished_and_finished();
    store.save_current(&unfinished).unwrap();
    let mut steps = FailAt {
        fail_at: 4,
        calls: 0,
    };
    let result = store.finish_game_with(&mut steps, &finished, "2026-11-21", "Ann", "Bob");
    assert!(
        matches!(result, Err(EndError::KeptInCurrent(_))),
        "{result:?}"
    );
    assert!(
        result
            .unwrap_err()
            .to_string()
            .contains("the next start offers to archive it")
    );
    finished
}

/// The next start of hotseat on `store`'s folder: the first screen, with its files.
pub(crate) fn start_again(store: &Store) -> (App, Files) {
    let launch = Launch {
        config: Config {
            autosave: true,
            ..Config::default()
        },
        data_dir: Some(store.dir().to_path_buf()),
        saved: SavedGameChoice::Ask,
        engine: None,
        policy: hotseat::runtime::Policy::Local,
    };
    let wall = WallClock::utc(SystemTime::UNIX_EPOCH + secs(1_795_334_400));
    let (config, files) = prepare(launch, wall);
    (App::new(config), files)
}

/// The players answer `answer`; the front end carries out what the app asks.
pub(crate) fn answer(app: &mut App, files: &mut Files, answer: Action) {
    app.update(answer, secs(1));
    for effect in app.take_effects() {
        let Some(work) = crate::common::file_work(effect) else {
            continue;
        };
        let job = Job {
            work,
            now: secs(1),
            save_job: app.save_job(),
        };
        if let Some(event) = files.carry_out(job) {
            app.update(event, secs(1));
        }
    }
}

fn asked_to_archive(app: &App) -> bool {
    app.view()
        .dialog()
        .is_some_and(|d| d.title == "Save it now?")
}

#[test]
fn a_finished_game_the_archive_refused_is_offered_next_time_and_yes_archives_it() {
    let dir = TestDir::new("save-it-now");
    let store = dir.store();
    let finished = end_with_the_archive_failing(&store);

    let (mut app, mut files) = start_again(&store);
    assert!(asked_to_archive(&app), "asked, not offered for resume");
    assert!(app.game().is_over());
    answer(&mut app, &mut files, Action::Yes);
    let (current, archived) = state(&store);
    assert_eq!(current, None);
    assert_eq!(archived, [finished]);
    let status = app.view().status().text;
    assert!(
        status.contains("The finished game was archived as")
            && status.contains("2026-11-21-Ann-vs-Bob.pgn"),
        "named by the day it began: {status}"
    );
    assert!(!app.game().is_over(), "a new game follows");
    drop(files);

    let (app, _files) = start_again(&store);
    assert!(!asked_to_archive(&app), "nothing is left to ask about");
    assert!(app.view().dialog().is_none());
}

#[test]
fn not_now_or_quit_leave_the_finished_game_and_ask_again_next_time() {
    let dir = TestDir::new("not-now");
    let store = dir.store();
    let finished = end_with_the_archive_failing(&store);
    for (no, expect_quit) in [
        (Action::No, false),
        (Action::Cancel, false),
        (Action::Quit, true),
    ] {
        let (mut app, mut files) = start_again(&store);
        assert!(asked_to_archive(&app), "{no:?}");
        answer(&mut app, &mut files, no);
        assert_eq!(app.should_quit(), expect_quit, "{no:?}");
        if !expect_quit {
            assert!(app.game().is_over(), "reviewed, read-only");
            answer(&mut app, &mut files, Action::Tick);
        }
        assert_eq!(
            state(&store),
            (Some(finished.clone()), Vec::new()),
            "{no:?}"
        );
    }
}

#[test]
fn yes_failing_again_says_why_and_keeps_the_finished_game() {
    let dir = TestDir::new("still-failing");
    let store = dir.store();
    let finished = end_with_the_archive_failing(&store);
    // The archive's folder cannot be made: a file has its name.
    fs::remove_dir(store.games_dir()).unwrap();
    fs::write(store.games_dir(), b"in the way").unwrap();

    let (mut app, mut files) = start_again(&store);
    assert!(asked_to_archive(&app));
    answer(&mut app, &mut files, Action::Yes);
    let status = app.view().status().text;
    assert!(
        status.contains("Could not archive the finished game") && status.contains("games"),
        "{status}"
    );
    assert!(status.contains("offered again next time"), "{status}");
    let current = fs::read_to_string(store.current_path()).ok();
    assert_eq!(current.as_deref(), Some(finished.as_str()), "kept");
    // The new game's first save does not go over it.
    play_moves(&mut app, &mut files, &["e4"]);
    assert_eq!(
        fs::read_to_string(store.current_path()).ok().as_deref(),
        Some(finished.as_str()),
        "never overwritten"
    );
    assert_eq!(app.game().record().plies(), 1);
    assert!(
        app.view().saving().warning().is_some(),
        "the new game says it is not saved: {}",
        app.view().status().text
    );
    drop(files);

    fs::remove_file(store.games_dir()).unwrap();
    let (mut app, mut files) = start_again(&store);
    assert!(asked_to_archive(&app), "asked again");
    answer(&mut app, &mut files, Action::Yes);
    assert_eq!(state(&store), (None, vec![finished]));
}

/// Plays `moves` on the app, carrying out its effects.
pub(crate) fn play_moves(app: &mut App, files: &mut Files, moves: &[&str]) {
    for san in moves {
        for c in san.chars() {
            answer(app, files, Action::Input(c));
        }
        answer(app, files, Action::Select);
    }
}

#[test]
fn a_finished_game_another_window_holds_is_never_touched() {
    let dir = TestDir::new("held");
    let store = dir.store();
    let finished = end_with_the_archive_failing(&store);
    let (first, _first_files) = start_again(&store);
    assert!(asked_to_archive(&first));
    // A second window on the same folder plays a game of its own and leaves that one alone.
    let (second, _second_files) = start_again(&store);
    assert!(!asked_to_archive(&second));
    assert!(
        second
            .view()
            .status()
            .text
            .contains("another hotseat window")
    );
    assert_eq!(state(&store), (Some(finished), Vec::new()));
}

#[test]
fn a_finished_game_already_archived_is_only_tidied_away_on_every_system() {
    let dir = TestDir::new("copy");
    let store = dir.store();
    let (_, finished) = unfinished_and_finished();
    store.save_current(&finished).unwrap();
    fs::create_dir_all(store.games_dir()).unwrap();
    // A copy, not a link: as Windows sees a game end cut short between its link and its unlink
    // (its link count cannot be read there).
    let copy = store.games_dir().join("2026-11-21-Ann-vs-Bob.pgn");
    fs::write(&copy, &finished).unwrap();
    fs::write(
        store.games_dir().join("other.pgn"),
        "[White \"X\"]\n\n1-0\n",
    )
    .unwrap();
    assert!(store.archived_already());
    let (app, _files) = start_again(&store);
    assert!(!asked_to_archive(&app));
    assert_eq!(state(&store).0, None, "the old name is removed");
    assert_eq!(
        fs::read_dir(store.games_dir()).unwrap().count(),
        2,
        "no second copy"
    );

    // Different bytes are a different game: not taken for archived.
    store.save_current(&finished.replace("Ann", "Amy")).unwrap();
    assert!(!store.archived_already());
}

/// The file worker's results are typed events: the app reads what happened from the variant,
/// never from the words.
#[test]
fn file_work_comes_back_as_typed_events() {
    use hotseat::app::event::SaveError;
    use hotseat::app::{Event, ExportJob, ExportKind, ExportResult, FileEffect};
    use hotseat::runtime::worker::Work;

    let dir = TestDir::new("typed-results");
    let store = dir.store();
    let (_app, mut files) = start_again(&store);
    let job = |effect| Job {
        work: Work::Files(effect),
        now: secs(1),
        save_job: None,
    };
    // A folder where the autosave goes: the save fails, as a write.
    fs::create_dir_all(store.current_path()).unwrap();
    match files.carry_out(job(FileEffect::Autosave("1. e4 *\n".to_owned()))) {
        Some(Event::Saved(Err(SaveError::Write(err)))) => {
            assert!(err.to_string().contains("cannot save the game"), "{err}");
        }
        other => panic!("expected a failed save, got {other:?}"),
    }
    // An export onto a file that exists, without a yes: asked, not written.
    let path = dir.path().join("g.pgn");
    fs::write(&path, "kept").unwrap();
    let export = |replace| ExportJob {
        path: path.display().to_string(),
        text: "1. e4 *\n".to_owned(),
        kind: ExportKind::Pgn,
        replace,
    };
    assert!(matches!(
        files.carry_out(job(FileEffect::Export(export(false)))),
        Some(Event::Exported(ExportResult::Exists))
    ));
    assert_eq!(fs::read_to_string(&path).unwrap(), "kept");
    match files.carry_out(job(FileEffect::Export(export(true)))) {
        Some(Event::Exported(ExportResult::Written(written))) => assert_eq!(written, path),
        other => panic!("expected the export written, got {other:?}"),
    }
}
