//! What a session served to someone else may do (issue 53): no path of the server's file
//! system named, read or written at a guest's word, their games downloaded instead, and the
//! server's engines shared in line. With the real OpenSSH client against `hotseat serve` on
//! 127.0.0.1.

mod common;

use std::path::{Path, PathBuf};

use common::pty::Key;
use common::*;

/// Every file under `dir`, outside the server's own folder: what a guest could have written.
fn files_outside_the_server(dir: &Path) -> Vec<PathBuf> {
    fn walk(at: &Path, skip: &Path, into: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(at).into_iter().flatten().flatten() {
            let path = entry.path();
            if path == skip {
                continue;
            }
            if path.is_dir() {
                walk(&path, skip, into);
            } else {
                into.push(path);
            }
        }
    }
    let mut found = Vec::new();
    walk(dir, &dir.join("server"), &mut found);
    found.retain(|p| {
        // The test's own keys and ssh's known hosts.
        let name = p.file_name().unwrap().to_string_lossy();
        !(name.starts_with("ann") || name.starts_with("bob") || name == "known_hosts")
    });
    found
}

#[test]
fn a_guest_writes_no_file_of_the_servers_and_downloads_their_game_instead() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-guest-files");
    let server = Server::start(&dir, &[]);
    let ann = key(&dir, "ann");
    let mut pty = server.screen(&ann, &["here"], 100, 30);
    pty.wait_for("F1 help").unwrap();
    type_move(&mut pty, "f3");
    pty.wait_for("1. f3").unwrap();
    // Ctrl-S: no form for a path, the download instead.
    pty.send_key(Key::Ctrl('s')).unwrap();
    pty.wait_for("pgn current").unwrap();
    assert!(
        !pty.screen_text().contains("Save as"),
        "{}",
        pty.screen_text()
    );
    // The library (F6): the command that lists the games, no folder of the server's.
    pty.send_key(Key::F(6)).unwrap();
    pty.wait_for("HOST games").unwrap();
    // The game in progress, downloaded from the player's machine.
    let (ok, pgn, err) = server.run(&ann, &[], &["pgn", "current"]);
    assert!(ok && pgn.contains("1. f3"), "{pgn}{err}");
    // The game ends: the box names its file, kept on the server, and how to download it,
    // never the server's path.
    for mv in ["e5", "g4", "Qh4"] {
        type_move(&mut pty, mv);
    }
    pty.wait_for("Kept as").unwrap();
    let screen = pty.screen_text();
    assert!(screen.contains("downloads it"), "{screen}");
    let home = dir.display().to_string();
    assert!(
        !screen.contains(&home) && !screen.contains("/players/"),
        "{screen}"
    );
    let (ok, games, _) = server.run(&ann, &[], &["games"]);
    assert!(ok, "{games}");
    drop(pty);

    // In lines: `save PATH` prints the game to the player's own terminal, writes nothing, and
    // a name with the shell's syntax is only text.
    let bob = key(&dir, "bob");
    let (mut child, said) = lines_client(&server, &bob, &["plain"]);
    {
        use std::io::Write;
        let stdin = child.stdin.as_mut().unwrap();
        stdin
            .write_all(b"e4\nsave ~/.bashrc\nsave $(touch pwned).pgn\nsave\n")
            .unwrap();
    }
    eventually("the PGN printed three times", || {
        said.lock().unwrap().matches("End of the PGN.").count() == 3
    });
    drop(child.stdin.take());
    let _ = child.wait();
    eventually("the way back said at the end", || {
        said.lock().unwrap().contains("Input ended")
    });
    let said = said.lock().unwrap().clone();
    assert!(said.contains("The game as PGN follows"), "{said}");
    // The way back is the server's, not a local command's.
    assert!(said.contains("connect again with the same key"), "{said}");
    assert!(!said.contains("hotseat --plain --resume"), "{said}");
    assert!(said.contains("1. e4"), "{said}");
    assert!(!said.contains(&home), "{said}");
    assert_eq!(files_outside_the_server(&dir), Vec::<PathBuf>::new());
    assert!(!dir.join("server").join("pwned").exists());
    assert!(!dir.join("server").join("pwned.pgn").exists());
}

#[test]
fn guests_share_the_servers_engines_in_line_and_hear_their_place() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-guest-engines");
    let server = Server::start(&dir, &["--engines", "1"]);
    let ann = key(&dir, "ann");
    let bob = key(&dir, "bob");
    let mut screens = Vec::new();
    for key in [&ann, &bob] {
        let mut pty = server.screen(key, &["here"], 120, 40);
        pty.wait_for("F1 help").unwrap();
        for mv in ["f3", "e5", "g4", "Qh4"] {
            type_move(&mut pty, mv);
        }
        pty.wait_for("Game over").unwrap();
        // A position before the mate, which the engine has moves to search in.
        pty.send_key(Key::Left).unwrap();
        pty.wait_for("Reviewing after 2. g4").unwrap();
        screens.push(pty);
    }
    let mut second = screens.pop().unwrap();
    let mut first = screens.pop().unwrap();
    // Ann's live lines (F5) take the one engine: a search of millions of nodes.
    first.send_key(Key::F(5)).unwrap();
    first
        .wait_until("the engine's lines (d1, d2...)", |s| {
            s.contents().split_whitespace().any(|w| {
                w.len() > 1 && w.starts_with('d') && w[1..].bytes().all(|b| b.is_ascii_digit())
            })
        })
        .unwrap();
    // Bob's report waits in line, and says so.
    second.send_key(Key::F(4)).unwrap();
    second
        .wait_for("engines are busy: the engine starts after 1 other")
        .unwrap();
    // Ann stops hers: Bob's starts.
    first.send_key(Key::F(5)).unwrap();
    second
        .wait_until("the report under way", |s| {
            !s.contents().contains("engines are busy")
        })
        .unwrap();
}
