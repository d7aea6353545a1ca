//! The host in charge (issue 53): commands typed at `hotseat serve`'s own terminal list the
//! connections and rooms, close a key's connections, ban and unban a key or an address, and
//! close a room — with the real OpenSSH client on 127.0.0.1.

mod common;

use common::pty::Pty;
use common::*;

/// The fingerprint of the one connection `who` lists, once it is logged in.
fn connected_key(server: &mut Server) -> String {
    let mut answer = String::new();
    // Polled for at most 10 s: the login is a moment after the screen shows.
    for _ in 0..200 {
        answer = server.command("who", "connection");
        if let Some(line) = answer
            .lines()
            .find(|l| l.len() > 64 && l[..64].bytes().all(|b| b.is_ascii_hexdigit()))
        {
            return line[..64].to_owned();
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!("no key in who: {answer}");
}

/// Polls `who` (at most 10 s) until it lists no connection.
fn no_connection_left(server: &mut Server) {
    let mut listed = String::new();
    for _ in 0..200 {
        listed = server.command("who", "connection");
        if listed.contains("0 connections") {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!("a connection is left: {listed}");
}

/// The client's ssh has ended (its connection closed by the server).
fn gone(pty: &mut Pty) {
    pty.wait_exit().expect("the connection closed");
}

#[test]
fn the_host_lists_kicks_bans_and_unbans_a_key_and_an_address() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-host");
    let mut server = Server::start(&dir, &[]);
    assert!(
        server
            .command("help", "kick KEY")
            .contains("ban KEY|ADDRESS")
    );
    assert!(server.command("fly", "not a command here").contains("help"));
    let ann = key(&dir, "ann");
    let mut pty = server.screen(&ann, &["here"], 80, 24);
    pty.wait_for("F1 help").unwrap();
    let fingerprint = connected_key(&mut server);
    assert!(server.command("who", "127.0.0.1").contains(&fingerprint));
    // Kicked: the player's screen says why, and the connection closes.
    let said = server.command(&format!("kick {}", &fingerprint[..10]), "Closed");
    assert!(said.contains("Closed 1 connection(s)"), "{said}");
    pty.wait_for("the server's host closed your connection")
        .unwrap();
    gone(&mut pty);
    // The connection itself is closed, not only its game: who lists it no more.
    no_connection_left(&mut server);
    // A connection with no game at all (ssh -N, or a master connection kept for others) is
    // closed by a ban too.
    let mut holder = std::process::Command::new("ssh")
        .args(server.ssh_args(&ann))
        .args(["-N", "player@127.0.0.1"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    connected_key(&mut server);
    // Banned: the key is told so on its next connection, until it is unbanned.
    let said = server.command(&format!("ban {fingerprint}"), "Banned");
    assert!(
        said.contains(&format!("Banned the key {fingerprint}")),
        "{said}"
    );
    assert!(server.command("bans", &fingerprint).contains(&fingerprint));
    let start = std::time::Instant::now();
    while holder.try_wait().unwrap().is_none() {
        assert!(
            start.elapsed().as_secs() < 10,
            "the held connection stays open"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    no_connection_left(&mut server);
    let (ok, _, err) = server.run(&ann, &[], &["games"]);
    assert!(!ok && err.contains("banned this key"), "{err}");
    // Kept across a restart of the server: the file in its folder.
    assert!(
        std::fs::read_to_string(dir.join("server").join("bans"))
            .unwrap()
            .contains(&fingerprint)
    );
    let said = server.command(&format!("unban {}", &fingerprint[..12]), "come in again");
    assert!(said.contains(&fingerprint), "{said}");
    let (ok, out, err) = server.run(&ann, &[], &["games"]);
    assert!(ok, "{out}{err}");
    // An address: refused before any login, and let in again once unbanned.
    server.command("ban 127.0.0.1", "Banned 127.0.0.1");
    let (ok, _, err) = server.run(&ann, &[], &["games"]);
    assert!(!ok, "{err}");
    eventually("the refusal written", || server.said().contains("banned"));
    server.command("unban 127.0.0.1", "come in again");
    let (ok, out, err) = server.run(&ann, &[], &["games"]);
    assert!(ok, "{out}{err}");
    assert!(
        server
            .command("unban 127.0.0.1", "not banned")
            .contains("bans lists")
    );
}

#[test]
fn the_host_closes_a_room_and_everyone_in_it_is_told() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-host-close");
    let mut server = Server::start(&dir, &[]);
    let ann = key(&dir, "ann");
    let bob = key(&dir, "bob");
    let mut white = server.screen(&ann, &["club"], 80, 24);
    white.wait_for("F1 help").unwrap();
    let mut black = server.screen(&bob, &["club"], 80, 24);
    black.wait_for("F1 help").unwrap();
    assert!(server.command("rooms", "club").contains("1 room open"));
    assert!(
        server
            .command("close nope", "No room")
            .contains("rooms lists them")
    );
    let said = server.command("close club", "Closed the room club");
    assert!(said.contains("2 connection(s)"), "{said}");
    for screen in [&mut white, &mut black] {
        screen.wait_for("closed this room").unwrap();
        gone(screen);
    }
    let mut listed = String::new();
    for _ in 0..200 {
        listed = server.command("rooms", "open");
        if listed.contains("0 rooms open") {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!("the room is still listed: {listed}");
}
