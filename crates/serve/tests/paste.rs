//! A paste never kills a session (issue 53): a line of moves pasted into `ssh -t HOST here`,
//! a room and the lobby — as plain bytes and as a bracketed paste — redraws the screen for
//! each key, faster than the one I/O thread sends the frames; the session waits for them
//! rather than ending with "the terminal failed". And in lines (`plain`), a burst of lines
//! plays. With the real OpenSSH client.

mod common;

use std::io::Write;

use common::pty::{Key, Pty};
use common::*;

/// A game's opening as a player copies it from a book or a web page.
const LINE: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5";

/// `text` as a terminal pastes it: plain, or between bracketed paste's marks.
fn pasted(text: &str, bracketed: bool) -> Vec<u8> {
    if bracketed {
        [b"\x1b[200~".as_slice(), text.as_bytes(), b"\x1b[201~"].concat()
    } else {
        text.as_bytes().to_vec()
    }
}

/// The session on `pty` lives: no failure said, and it still answers a key.
fn still_alive(pty: &mut Pty) {
    let text = pty.screen_text();
    assert!(!text.contains("terminal failed"), "{}", pty.dump());
    pty.send_key(Key::F(1)).unwrap();
    pty.wait_for("Esc").unwrap();
    pty.send_key(Key::Esc).unwrap();
}

#[test]
fn a_line_of_moves_pasted_at_one_terminal_is_played_and_the_session_lives() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-paste-here");
    let server = Server::start(&dir, &[]);
    let ann = key(&dir, "ann");
    for bracketed in [false, true] {
        let mut pty = server.screen(&ann, &["here"], 80, 24);
        pty.wait_for("F1 help").unwrap();
        if bracketed {
            // The game saved last time (the first paste's) is not resumed: a new one.
            pty.wait_for("Resume the game saved last time?").unwrap();
            // The question's guard: a key in its first 0.3 s does not answer it.
            std::thread::sleep(std::time::Duration::from_millis(400));
            pty.send_text("n").unwrap();
            pty.wait_until("a new game", |s| !s.contents().contains("Resume?"))
                .unwrap();
        }
        pty.send_bytes(&pasted(LINE, bracketed)).unwrap();
        pty.send_key(Key::Enter).unwrap();
        pty.wait_for("2. Nf3").unwrap();
        pty.wait_for("Nc6").unwrap();
        still_alive(&mut pty);
        // Pasted twice more at once, with the Enter: still alive.
        for _ in 0..2 {
            let mut burst = pasted(LINE, bracketed);
            burst.push(b'\r');
            pty.send_bytes(&burst).unwrap();
        }
        still_alive(&mut pty);

        assert!(
            !server.said().contains("terminal failed"),
            "{}",
            server.said()
        );
        pty.send_key(Key::Ctrl('q')).unwrap();
        pty.wait_for("Quit?").unwrap();
        // The question's guard, as above.
        std::thread::sleep(std::time::Duration::from_millis(400));
        pty.send_text("y").unwrap();
        assert!(pty.wait_exit().unwrap().success(), "{}", pty.dump());
    }
}

#[test]
fn scripted_bursts_of_44_to_300_bytes_leave_the_session_alive() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-paste-bursts");
    let server = Server::start(&dir, &[]);
    // Each burst at a session of its own, within the keys' budget (512 at once).
    for size in [44, 100, 200, 300] {
        for bracketed in [false, true] {
            let player = key(&dir, &format!("p{size}{bracketed}"));
            let mut pty = server.screen(&player, &["here"], 80, 24);
            pty.wait_for("F1 help").unwrap();
            let text: String = "e4 e5 Nf3 ".chars().cycle().take(size).collect();
            let mut burst = pasted(&text, bracketed);
            burst.push(b'\r');
            pty.send_bytes(&burst).unwrap();
            pty.wait_for("1. e4").unwrap();
            // Ctrl-U clears what the move box kept.
            pty.send_key(Key::Ctrl('u')).unwrap();
            still_alive(&mut pty);
        }
    }
}

#[test]
fn a_line_pasted_in_a_room_and_in_the_lobby_leaves_both_sessions_alive() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-paste-room");
    let server = Server::start(&dir, &[]);
    let [ann, bob] = ["ann", "bob"].map(|name| key(&dir, name));
    let mut white = server.screen(&ann, &["club"], 80, 24);
    white.wait_for("Room club").unwrap();
    let mut black = server.screen(&bob, &["club"], 120, 40);
    black.wait_for("You play Black").unwrap();
    white.wait_for("Black: connected").unwrap();
    white.send_key(Key::Esc).unwrap();
    // White pastes the whole line: the first move is White's and is played.
    white.send_bytes(&pasted(LINE, false)).unwrap();
    white.send_key(Key::Enter).unwrap();
    black.wait_for("1. e4").unwrap();
    still_alive(&mut white);
    // Black pastes a bracketed line with the Enter in it: its first move is Black's.
    let mut burst = pasted("e5 Nc6 a6 Nf6 Be7 b5 d6 O-O", true);
    burst.push(b'\r');
    black.send_bytes(&burst).unwrap();
    white.wait_for("e5").unwrap();
    still_alive(&mut black);
    still_alive(&mut white);
    // The lobby: a long paste into the name asked at the first visit.
    let cat = key(&dir, "cat");
    let mut lobby = server.screen(&cat, &[], 80, 24);
    lobby.wait_for("Your name").unwrap();
    // (Within the keys' budget: 512 at once, a person's paste is far less.)
    lobby.send_bytes(&pasted(&LINE.repeat(2), true)).unwrap();
    lobby.send_bytes(&pasted(&LINE.repeat(2), false)).unwrap();
    // Erased (the name takes 32 characters), then a name: the lobby answers.
    lobby.send_bytes(&[0x7f; 40]).unwrap();
    lobby.send_text("Cat").unwrap();
    lobby.send_key(Key::Enter).unwrap();
    lobby.wait_for("You are Cat").unwrap();
    assert!(
        !lobby.screen_text().contains("terminal failed"),
        "{}",
        lobby.dump()
    );
}

#[test]
fn a_burst_of_lines_in_plain_mode_plays_them_all() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-paste-plain");
    let server = Server::start(&dir, &[]);
    let ann = key(&dir, "ann");
    let (mut client, said) = lines_client(&server, &ann, &["plain"]);
    let heard = |text: &str| said.lock().unwrap().contains(text);
    eventually("the game begins", || heard("plain mode"));
    let moves = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5",
    ];
    let mut stdin = client.stdin.take().unwrap();
    // All at once, in one write.
    stdin
        .write_all(format!("{}\n", moves.join("\n")).as_bytes())
        .unwrap();
    stdin.flush().unwrap();
    eventually("the last move played", || heard("b5"));
    for mv in moves {
        assert!(heard(mv), "{mv} not in {}", said.lock().unwrap());
    }
    drop(stdin);
    let status = client.wait().unwrap();
    assert_eq!(status.code(), Some(3), "{}", said.lock().unwrap());
    // With a terminal (the server edits the lines): the same burst, pasted.
    let mut pty = server.screen(&ann, &["plain"], 80, 24);
    pty.wait_for("plain mode").unwrap();
    pty.wait_for("Resume").unwrap();
    pty.send_bytes(b"n\r").unwrap();
    pty.send_bytes(format!("{}\r", moves.join("\r")).as_bytes())
        .unwrap();
    pty.wait_for("b5").unwrap();
    pty.send_bytes(b"\x04").unwrap();
    assert_eq!(pty.wait_exit().unwrap().exit_code(), 3, "{}", pty.dump());
}

#[test]
fn lines_past_the_budget_are_dropped_with_a_note_not_in_silence() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-paste-flood");
    let server = Server::start(&dir, &[]);
    let ann = key(&dir, "ann");
    // A thousand lines in one write: more than anyone types, past the budget of 512.
    let mut client = std::process::Command::new("ssh")
        .args(server.ssh_args(&ann))
        .args(["player@127.0.0.1", "plain"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = client.stdin.take().unwrap();
    stdin.write_all("e4\n".repeat(1000).as_bytes()).unwrap();
    drop(stdin);
    let out = client.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("lines came faster than the game reads them, and some were dropped"),
        "{err}"
    );
}
