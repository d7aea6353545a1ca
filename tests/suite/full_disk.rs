//! End to end on a file system that fills up: the mate of `1. f3 e5 2. g4 Qh4#` played on a
//! full disk is kept, retried, and written once there is room. It needs a small tmpfs, which
//! only root can mount (CI runs as root): where `mount` fails the test cannot run, which fails
//! it under CI and says so loudly elsewhere (`common::skip`), and the unit tests of the retry (`app::tests::saving`, an injected failing writer)
//! still run everywhere.

use crate::common;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::play::type_move;
use common::pty::{PtyCommand, fresh_dir};

/// A tmpfs mounted on a fresh folder, unmounted when dropped.
struct SmallDisk(PathBuf);

impl SmallDisk {
    fn mount() -> Option<SmallDisk> {
        SmallDisk::mount_with("size=512k")
    }

    /// A file system mounted read-only: a folder that may not be written, even by root.
    fn read_only() -> Option<SmallDisk> {
        SmallDisk::mount_with("size=64k,ro")
    }

    fn mount_with(options: &str) -> Option<SmallDisk> {
        let dir = fresh_dir("tmpfs");
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", options, "tmpfs"])
            .arg(&dir)
            .output()
            .is_ok_and(|out| out.status.success());
        mounted.then_some(SmallDisk(dir))
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// `hotseat --plain --new` with its data in `data` and its home in `home`, every stream piped.
fn plain_new(home: &Path, data: &Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(["--plain", "--new", "--data-dir"])
        .arg(data)
        .env("HOME", home)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// Writes into `path` until the file system has no room left.
fn fill(path: &Path) {
    let mut file = fs::File::create(path).unwrap();
    let block = [b'x'; 4096];
    while file.write_all(&block).is_ok() {}
    let _ = file.sync_all();
}

/// In lines: a game whose end could be written nowhere is not lost. The plain mode says it
/// whole as PGN on its output, exits 4 (not 0, as if all were well), and sets the autosave
/// of the moves before the end aside, so that the next start does not offer the ended game
/// as unfinished.
#[cfg(target_os = "linux")]
#[test]
fn a_plain_game_ended_on_a_full_disk_is_given_whole_to_the_output_and_not_offered_again() {
    let Some(disk) = SmallDisk::mount() else {
        common::skip::cannot_run("cannot mount a tmpfs here (needs root, as CI has)");
        return;
    };
    let data = disk.0.join("data");
    let mut child = plain_new(&disk.0, &data);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"f3\ne5\ng4\n").unwrap();
    // The first moves are saved before the disk fills.
    let saved = data.join("current.pgn");
    let start = std::time::Instant::now();
    while !fs::read_to_string(&saved).is_ok_and(|t| t.contains("2. g4")) {
        assert!(
            start.elapsed().as_secs() < 30,
            "the first moves never saved"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    fill(&disk.0.join("filler"));
    stdin.write_all(b"Qh4#\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(4), "{said}");
    assert!(
        said.contains("The finished game is saved nowhere"),
        "{said}"
    );
    assert!(
        said.contains("1. f3 e5 2. g4 Qh4# {Checkmate.} 0-1"),
        "{said}"
    );
    assert!(said.contains("End of the PGN."), "{said}");
    assert!(
        !saved.exists(),
        "the ended game is offered again as unfinished"
    );
    assert!(data.join("current.before-end.pgn").exists());
    // The next start offers no game to resume.
    fs::remove_file(disk.0.join("filler")).unwrap();
    let next = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(["--plain", "--data-dir"])
        .arg(&data)
        .env("HOME", &disk.0)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&next.stdout);
    assert!(!said.contains("esume"), "{said}");
    assert!(said.contains("White to move, move 1."), "{said}");
}

/// A folder that may not be written: the first thing said is that games are not being saved
/// and how to give another folder (it blamed another window); a game played to its end there
/// is given whole to the output, exit 4.
#[cfg(target_os = "linux")]
#[test]
fn a_plain_game_in_a_folder_that_may_not_be_written_says_so_and_gives_its_end_to_the_output() {
    let Some(disk) = SmallDisk::read_only() else {
        common::skip::cannot_run("cannot mount a tmpfs here (needs root, as CI has)");
        return;
    };
    let mut child = plain_new(&disk.0, &disk.0.join("data"));
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"f3\ne5\ng4\nQh4#\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(!said.contains("Another hotseat window"), "{said}");
    assert!(said.contains("Games are not being saved: "), "{said}");
    assert!(said.contains("--data-dir DIR"), "{said}");
    assert_eq!(out.status.code(), Some(4), "{said}");
    assert!(
        said.contains("1. f3 e5 2. g4 Qh4# {Checkmate.} 0-1"),
        "{said}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_mate_on_a_full_disk_is_saved_once_there_is_room() {
    let Some(disk) = SmallDisk::mount() else {
        common::skip::cannot_run("cannot mount a tmpfs here (needs root, as CI has)");
        return;
    };
    let data = disk.0.join("data");
    let mut pty = PtyCommand::hotseat()
        .arg("--data-dir")
        .arg(&data)
        .env("NO_COLOR", "1")
        .size(80, 24)
        .spawn()
        .unwrap();
    pty.wait_for("White to move").unwrap();
    for m in ["f3", "e5", "g4"] {
        type_move(&mut pty, m);
    }
    pty.wait_for("2. g4").unwrap();
    let filler = disk.0.join("filler");
    fill(&filler);
    type_move(&mut pty, "Qh4#");
    pty.wait_for("Checkmate").unwrap();
    pty.wait_for("not saved yet").unwrap();
    fs::remove_file(&filler).unwrap();
    pty.wait_for("The finished game is saved now").unwrap();
    let games: Vec<PathBuf> = fs::read_dir(data.join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(games.len(), 1, "{games:?}");
    let text = fs::read_to_string(&games[0]).unwrap();
    assert!(
        text.contains("1. f3 e5 2. g4 Qh4# {Checkmate.} 0-1"),
        "{text}"
    );
    // Past the game-over box's first moments, whose keys go into the move box (issue 56).
    std::thread::sleep(hotseat::app::requests::ANSWER_GUARD);
    pty.send_text("q").unwrap();
    assert!(pty.wait_exit().unwrap().success());
    assert!(!data.join("current.pgn").exists(), "not offered again");
}
