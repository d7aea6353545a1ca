//! End to end on a file system that fills up: the mate of `1. f3 e5 2. g4 Qh4#` played on a
//! full disk is kept, retried, and written once there is room. It needs a small tmpfs, which
//! only root can mount: where `mount` fails (CI runs as a normal user) the test says so and
//! passes, and the unit tests of the retry (`app::tests::saving`, an injected failing writer)
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
        let dir = fresh_dir("tmpfs");
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=512k", "tmpfs"])
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

/// Writes into `path` until the file system has no room left.
fn fill(path: &Path) {
    let mut file = fs::File::create(path).unwrap();
    let block = [b'x'; 4096];
    while file.write_all(&block).is_ok() {}
    let _ = file.sync_all();
}

#[cfg(target_os = "linux")]
#[test]
fn a_mate_on_a_full_disk_is_saved_once_there_is_room() {
    let Some(disk) = SmallDisk::mount() else {
        eprintln!("skipped: cannot mount a tmpfs here (needs root)");
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
