//! `hotseat serve` with the real OpenSSH client: `ssh` in a pseudo-terminal against the
//! server on 127.0.0.1, each screen read through a terminal emulator (the game's own pty
//! harness). Keys are made here with `ssh-keygen`. Where the system has no `ssh` (.ci/run
//! installs openssh-client), each test says so loudly and passes without running.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::pty::{Key, Pty};
use common::*;

/// Fool's mate typed by `white` and `black`, each move seen on the three screens, and
/// `ending` said on each.
fn fools_mate(white: &mut Pty, black: &mut Pty, watcher: &Pty, ending: &str) {
    for (i, mv) in ["f3", "e5", "g4", "Qh4"].into_iter().enumerate() {
        let mover = if i % 2 == 0 { &mut *white } else { &mut *black };
        type_move(mover, mv);
        let shown = ["1. f3", "e5", "2. g4", "Qh4#"][i];
        for screen in [&*white, &*black, watcher] {
            screen.wait_for(shown).unwrap();
        }
    }
    for screen in [&*white, &*black, watcher] {
        screen.wait_for(ending).unwrap();
    }
}

/// A server, three keys (ann, bob, cat) and the room `code` with ann playing White at 80x24
/// and bob Black at 120x40, White's invitation box closed.
struct Room {
    server: Server,
    keys: [PathBuf; 3],
    white: Pty,
    black: Pty,
}

fn room(label: &str, code: &str) -> Room {
    let dir = fresh_dir(label);
    let server = Server::start(&dir, &[]);
    let keys = ["ann", "bob", "cat"].map(|name| key(&dir, name));
    let mut white = server.screen(&keys[0], &[code], 80, 24);
    white.wait_for(&format!("Room {code}")).unwrap();
    let black = server.screen(&keys[1], &[code], 120, 40);
    black.wait_for("You play Black").unwrap();
    white.wait_for("Black: connected").unwrap();
    white.send_key(Key::Esc).unwrap();
    Room {
        server,
        keys,
        white,
        black,
    }
}

#[test]
fn fools_mate_between_two_ssh_clients_and_a_watcher_and_both_keep_the_game() {
    if !have_ssh() {
        return;
    }
    let Room {
        server,
        keys: [ann, bob, cat],
        mut white,
        mut black,
    } = room("serve-mate", "club");
    let watcher = server.screen(&cat, &["club"], 80, 24);
    watcher.wait_for("You are watching").unwrap();
    fools_mate(&mut white, &mut black, &watcher, "Checkmate — Black wins");
    // Once everyone has left the finished room, it ends: its code opens a new game.
    drop((white, black, watcher));
    eventually("the finished room ended and its code free", || {
        let (_, listed, _) = server.run(&ann, &[], &["games"]);
        listed.contains("\"result\": \"0-1\"")
    });
    let again = server.screen(&cat, &["club"], 80, 24);
    again.wait_for("Room club").unwrap();
    assert!(!again.screen_text().contains("Qh4#"), "{}", again.dump());
    drop(again);
    // Both players keep the game in their own folder, by key: `games` lists it.
    let (ok, _, err) = server.run(&ann, &[], &["games"]);
    assert!(ok, "{err}");
    eventually("the game listed for both players", || {
        let (_, ann_games, _) = server.run(&ann, &[], &["games"]);
        let (_, bob_games, _) = server.run(&bob, &[], &["games"]);
        ann_games.contains("\"result\": \"0-1\"") && bob_games.contains("\"result\": \"0-1\"")
    });
    let (_, listed, _) = server.run(&ann, &[], &["games"]);
    // One JSON object a line, as the guide and --help say (not an array).
    assert!(
        listed
            .lines()
            .all(|line| line.starts_with('{') && line.ends_with('}')),
        "{listed}"
    );
    let file = listed
        .split("\"file\": \"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("a file in the list")
        .to_owned();
    let (ok, pgn, err) = server.run(&ann, &[], &["pgn", &file]);
    assert!(ok, "{err}");
    assert!(pgn.contains("2. g4 Qh4#"), "{pgn}");
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    // Only a file of the player's own games: no way out of the folder.
    // Nor a device, which would be read without end on the server: refused by its name.
    for id in ["../../host_ed25519", "/dev/zero"] {
        let (ok, out, err) = server.run(&ann, &[], &["pgn", id]);
        assert!(!ok);
        assert!(
            err.contains(&format!("no game \"{id}\" among yours")),
            "{err}"
        );
        assert!(out.is_empty(), "{out}");
    }
}

#[test]
fn a_player_whose_connection_drops_gets_the_same_seat_back_with_the_same_key() {
    if !have_ssh() {
        return;
    }
    let Room {
        server,
        keys: [ann, bob, cat],
        mut white,
        black,
    } = room("serve-rejoin", "r1");
    type_move(&mut white, "e4");
    black.wait_for("1. e4").unwrap();
    // Black's connection dies; the third key to come is a watcher, not Black.
    drop(black);
    let watcher = server.screen(&cat, &["r1"], 80, 24);
    watcher.wait_for("You are watching").unwrap();
    let mut black = server.screen(&bob, &["r1"], 80, 24);
    black.wait_for("You play Black").unwrap();
    black.wait_for("1. e4").unwrap();
    type_move(&mut black, "e5");
    white.wait_for("e5").unwrap();
    // White's too: Black and the watcher are told, as of Black's; then back with the same key,
    // White again, with the moves.
    drop(white);
    for screen in [&black, &watcher] {
        screen.wait_for("White's terminal is gone").unwrap();
    }
    let mut white = server.screen(&ann, &["r1"], 120, 40);
    white.wait_for("You play White").unwrap();
    white.wait_for("1. e4").unwrap();
    white.send_key(Key::Esc).unwrap();
    type_move(&mut white, "Nf3");
    black.wait_for("2. Nf3").unwrap();
    watcher.wait_for("2. Nf3").unwrap();
}

#[test]
fn a_player_in_lines_plays_a_room_with_a_screen_player() {
    if !have_ssh() {
        return;
    }
    use std::io::Write;
    let dir = fresh_dir("serve-plain");
    let server = Server::start(&dir, &[]);
    let (ann, bob) = (key(&dir, "ann"), key(&dir, "bob"));
    let mut white = server.screen(&ann, &["lines"], 80, 24);
    white.wait_for("Room lines").unwrap();
    // Bob plays in lines, without a terminal: his own edits them, as for a screen reader.
    let (mut black, said) = lines_client(&server, &bob, &["plain", "lines"]);
    let heard = |text: &str| said.lock().unwrap().contains(text);
    eventually("Bob told he plays Black", || heard("Black"));
    white.wait_for("Black: connected").unwrap();
    white.send_key(Key::Esc).unwrap();
    type_move(&mut white, "e4");
    eventually("Bob hears 1. e4", || heard("1. e4"));
    let mut stdin = black.stdin.take().unwrap();
    stdin.write_all(b"e5\n").unwrap();
    white.wait_for("e5").unwrap();
    // The end of his input leaves the game unfinished (exit status 3, as hotseat --plain).
    drop(stdin);
    let status = black.wait().unwrap();
    assert_eq!(status.code(), Some(3), "{}", said.lock().unwrap());
}

#[test]
fn a_game_at_one_ssh_terminal_is_for_two_players_and_quits_cleanly() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-here");
    let server = Server::start(&dir, &[]);
    let ann = key(&dir, "ann");
    let mut pty = server.screen(&ann, &["here"], 80, 24);
    pty.wait_for("F1 help").unwrap();
    for mv in ["e4", "e5"] {
        type_move(&mut pty, mv);
    }
    pty.wait_for("1. e4").unwrap();
    pty.resize(120, 40).unwrap();
    pty.wait_for("e5").unwrap();
    pty.send_key(Key::Ctrl('q')).unwrap();
    pty.wait_for("Quit?").unwrap();
    // A key that comes with the question does not answer it (the game's guard).
    std::thread::sleep(Duration::from_millis(400));
    pty.send_text("y").unwrap();
    assert!(pty.wait_exit().unwrap().success());
    // The game was saved in the player's folder: the same key finds it again.
    let mut pty = server.screen(&ann, &["here"], 80, 24);
    pty.wait_for("Resume the game saved last time?").unwrap();
    // The guard again: a key in the question's first 0.3 s does not answer it.
    std::thread::sleep(Duration::from_millis(400));
    pty.send_text("y").unwrap();
    pty.wait_until("the game resumed", |s| !s.contents().contains("Resume?"))
        .unwrap();
    pty.wait_for("1. e4       e5").unwrap();
}

#[test]
fn only_chess_shell_exec_forwarding_and_sftp_are_refused() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-refuse");
    let server = Server::start(&dir, &[]);
    let ann = key(&dir, "ann");
    let (ok, _, err) = server.run(&ann, &[], &["ls", "/"]);
    assert!(!ok);
    assert!(err.contains("plays chess and nothing else"), "{err}");
    let (ok, _, err) = server.run(&ann, &["-T"], &[]);
    assert!(!ok);
    assert!(err.contains("a game needs a terminal"), "{err}");
    let (ok, _, err) = server.run(&ann, &["-T"], &["club"]);
    assert!(!ok);
    assert!(err.contains("a game needs a terminal"), "{err}");
    // A tunnel through the server (direct-tcpip), and SFTP: each refused by the server
    // (not merely failing), as ssh says.
    let (ok, _, err) = server.run(&ann, &["-W", "127.0.0.1:22"], &[]);
    assert!(!ok, "{err}");
    assert!(err.contains("stdio forwarding failed"), "{err}");
    let (ok, out, err) = server.run(&ann, &["-s"], &["sftp"]);
    assert!(!ok, "{out}");
    assert!(err.contains("subsystem request failed"), "{err}");
    // Remote forwarding: refused, and with ExitOnForwardFailure ssh gives up.
    let (ok, _, err) = server.run(
        &ann,
        &[
            "-o",
            "ExitOnForwardFailure=yes",
            "-N",
            "-R",
            "127.0.0.1:0:127.0.0.1:22",
        ],
        &[],
    );
    assert!(!ok, "{err}");
}

#[test]
fn with_allow_keys_only_the_clubs_keys_get_in() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-allow");
    let (ann, stranger) = (key(&dir, "ann"), key(&dir, "stranger"));
    let club = dir.join("club_keys");
    std::fs::write(
        &club,
        format!(
            "# the club\n{}",
            std::fs::read_to_string(ann.with_extension("pub")).unwrap()
        ),
    )
    .unwrap();
    let server = Server::start(&dir, &["--allow-keys", club.to_str().unwrap()]);
    let (ok, _, err) = server.run(&stranger, &[], &["games"]);
    assert!(!ok);
    assert!(err.contains("Permission denied"), "{err}");
    let (ok, out, err) = server.run(&ann, &[], &["games"]);
    assert!(ok, "{err}");
    assert!(!out.contains("\"file\""), "{out}");
}

#[test]
fn with_guests_only_guest_comes_in_without_a_key_and_a_key_is_still_asked_of_the_rest() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-guests");
    let ann = key(&dir, "ann");
    let server = Server::start(&dir, &["--guests"]);
    // Without a key: `guest` comes in, anybody else is asked for a key and has none.
    let keyless = |user: &str| {
        let mut args = server.ssh_args(&ann);
        let at = args.iter().position(|a| a == "-i").unwrap();
        args.drain(at..at + 2);
        Command::new("ssh")
            .args(args)
            .args(["-o", "PubkeyAuthentication=no"])
            .arg(format!("{user}@127.0.0.1"))
            .arg("games")
            .stdin(Stdio::null())
            .output()
            .expect("ssh runs")
    };
    let guest = keyless("guest");
    assert!(
        guest.status.success(),
        "{}",
        String::from_utf8_lossy(&guest.stderr)
    );
    let player = keyless("player");
    assert!(!player.status.success());
    assert!(String::from_utf8_lossy(&player.stderr).contains("Permission denied"));
    // With a key, a player is known by it as without --guests.
    let (ok, _, err) = server.run(&ann, &[], &["games"]);
    assert!(ok, "{err}");
}

#[test]
fn a_wrong_allow_keys_file_is_said_before_the_server_starts() {
    let dir = fresh_dir("serve-badkeys");
    let club = dir.join("club_keys");
    std::fs::write(&club, "ssh-ed25519 not-base64 ann\n").unwrap();
    let out = Command::new(SERVER)
        .args(["--listen", "127.0.0.1:0", "--data-dir"])
        .arg(dir.join("server"))
        .arg("--allow-keys")
        .arg(&club)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 1: not a public key"), "{err}");
}

#[test]
fn a_silent_client_is_closed_after_the_login_time_and_one_address_gets_only_its_share() {
    use std::io::Read;
    use std::net::TcpStream;
    let dir = fresh_dir("serve-limits");
    let server = Server::start(&dir, &["--per-address", "2", "--login-timeout", "1"]);
    let connect = || {
        let stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        stream
    };
    // Reads until the server closes the connection: what it sent, and how long that took.
    let drain = |mut stream: TcpStream| {
        let start = Instant::now();
        let mut got = Vec::new();
        let mut buf = [0u8; 1024];
        loop {
            match stream.read(&mut buf) {
                Ok(0) => return (String::from_utf8_lossy(&got).into_owned(), start.elapsed()),
                Ok(n) => got.extend_from_slice(&buf[..n]),
                Err(e) => panic!("the server kept the connection open: {e}"),
            }
        }
    };
    let (first, second) = (connect(), connect());
    std::thread::sleep(Duration::from_millis(200));
    // A third from the same address is closed at once, told why in the one way SSH allows
    // before its key exchange: a disconnect message after the server's version line.
    let (said, took) = drain(connect());
    assert!(said.starts_with("SSH-2.0-"), "{said}");
    assert!(said.contains("logging in at once already"), "{said}");
    assert!(took < Duration::from_secs(1), "{took:?}");
    // The two that said nothing are closed after the login time, having heard only the
    // server's greeting.
    for stream in [first, second] {
        let (said, took) = drain(stream);
        assert!(said.starts_with("SSH-2.0-"), "{said}");
        assert!(took < Duration::from_secs(3), "{took:?}");
    }
    // Their places are free again.
    let mut again = connect();
    let mut greeting = [0u8; 8];
    again.read_exact(&mut greeting).unwrap();
    assert_eq!(&greeting, b"SSH-2.0-");
    // One that greets back and then says nothing more (no key exchange, to which SSH could
    // say goodbye) is closed after the login time too.
    use std::io::Write;
    again.write_all(b"SSH-2.0-quiet\r\n").unwrap();
    let (_, took) = drain(again);
    assert!(took < Duration::from_secs(3), "{took:?}");
}

/// The clock readings on a screen (`m:ss` figures), top to bottom.
fn clock_readings(screen: &vt100::Screen) -> Vec<String> {
    screen
        .contents()
        .split(|c: char| c.is_whitespace() || c == '│')
        .filter(|w| {
            let Some((m, s)) = w.split_once(':') else {
                return false;
            };
            !m.is_empty()
                && m.len() <= 2
                && s.len() == 2
                && m.bytes().chain(s.bytes()).all(|b| b.is_ascii_digit())
        })
        .map(str::to_owned)
        .collect()
}

#[test]
fn a_server_killed_mid_game_resumes_the_room_with_its_clocks_stopped_until_both_are_back() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-restart");
    let options = ["--", "--time", "5+3"];
    let server = Server::start(&dir, &options);
    let [ann, bob] = ["ann", "bob"].map(|name| key(&dir, name));
    let mut white = server.screen(&ann, &["rs"], 80, 24);
    white.wait_for("Room rs").unwrap();
    let mut black = server.screen(&bob, &["rs"], 120, 40);
    black.wait_for("You play Black").unwrap();
    white.wait_for("Black: connected").unwrap();
    white.send_key(Key::Esc).unwrap();
    type_move(&mut white, "f3");
    black.wait_for("1. f3").unwrap();
    type_move(&mut black, "e5");
    white.wait_for("e5").unwrap();
    // SIGKILL, at once: what the server knew must be on disk already, written as it went.
    drop(server);
    drop((white, black));
    let room = dir.join("server/rooms/rs");
    let kept = std::fs::read_to_string(room.join("current.pgn")).unwrap();
    for part in ["[Room \"rs\"]", "1. f3 {[%clk 0:05:0", "e5 {[%clk 0:05:0"] {
        assert!(kept.contains(part), "{part} not in\n{kept}");
    }
    for tag in ["WhiteKey", "BlackKey"] {
        assert!(!kept.contains(&format!("[{tag} \"\"]")), "{kept}");
    }

    let server = Server::start(&dir, &options);
    // White comes back first: the moves are there, the clocks stopped, no move taken.
    let mut white = server.screen(&ann, &["rs"], 80, 24);
    white.wait_for("You play White").unwrap();
    white.wait_for("1. f3").unwrap();
    white.send_key(Key::Esc).unwrap();
    white
        .wait_until("both clocks at 5:02", |screen| {
            clock_readings(screen) == ["5:02", "5:02"]
        })
        .unwrap();
    let since = Instant::now();
    type_move(&mut white, "g4");
    white.wait_for("the game waits for your opponent").unwrap();
    // Past the tenths the kept reading had: a running clock would show 5:01 by now.
    std::thread::sleep(Duration::from_secs(1).saturating_sub(since.elapsed()));
    assert_eq!(
        white.with_screen(clock_readings),
        ["5:02", "5:02"],
        "{}",
        white.dump()
    );
    // Black comes back with the same key to the same seat: White's clock runs again.
    let mut black = server.screen(&bob, &["rs"], 120, 40);
    black.wait_for("You play Black").unwrap();
    black.wait_for("1. f3").unwrap();
    white
        .wait_until("White's clock running", |screen| {
            clock_readings(screen).last().is_some_and(|c| c != "5:02")
        })
        .unwrap();
    type_move(&mut white, "g4");
    black.wait_for("2. g4").unwrap();
    type_move(&mut black, "Qh4");
    for screen in [&white, &black] {
        screen.wait_for("Checkmate — Black wins").unwrap();
    }
    // A finished room leaves the list, archived in the server's own library.
    eventually("the room archived", || !room.exists());
    let mut listed = Vec::new();
    let mut errors = Vec::new();
    hotseat::cli::games::list(
        &mut listed,
        &mut errors,
        Some(&dir.join("server")),
        "",
        hotseat::cli::games::Form::Json,
        false,
    )
    .unwrap();
    let listed = String::from_utf8(listed).unwrap();
    assert!(listed.contains("\"result\": \"0-1\""), "{listed}");
    assert!(errors.is_empty(), "{}", String::from_utf8_lossy(&errors));
    // The next start has nothing to resume, and the code opens a new game.
    drop(server);
    let server = Server::start(&dir, &options);
    let white = server.screen(&ann, &["rs"], 80, 24);
    white.wait_for("Room rs").unwrap();
    assert!(!white.screen_text().contains("1. f3"), "{}", white.dump());
}

/// Into the lobby with `key`, giving `name` at this first visit.
fn first_visit(server: &Server, key: &Path, name: &str, cols: u16, rows: u16) -> Pty {
    let mut lobby = server.screen(key, &[], cols, rows);
    lobby.wait_for("Your name").unwrap();
    lobby.send_text(name).unwrap();
    lobby.send_key(Key::Enter).unwrap();
    lobby.wait_for(&format!("You are {name}")).unwrap();
    lobby
}

/// The code of the room just opened in the lobby on `screen`, and the line to tell a friend.
fn code_shown(screen: &Pty) -> String {
    screen.wait_for("Your room's code is").unwrap();
    let said = line_with(screen, "Your room's code is");
    let code = said
        .split("code is ")
        .nth(1)
        .and_then(|rest| rest.split('.').next())
        .unwrap()
        .to_owned();
    assert_eq!(code.len(), 5, "{said}");
    screen.wait_for(&format!("-t {code}")).unwrap();
    code
}

/// The line of `screen` that holds `needle`.
fn line_with(screen: &Pty, needle: &str) -> String {
    screen
        .screen_text()
        .lines()
        .find(|line| line.contains(needle))
        .unwrap_or_else(|| panic!("no {needle} on\n{}", screen.dump()))
        .to_owned()
}

#[test]
fn the_lobby_asks_a_name_at_the_first_visit_and_knows_it_again_by_key() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-lobby-name");
    let server = Server::start(&dir, &[]);
    let ann = key(&dir, "ann");
    let mut lobby = first_visit(&server, &ann, "Ann", 80, 24);
    lobby.wait_for("Your games (0)").unwrap();
    lobby.send_text("q").unwrap();
    assert!(lobby.wait_exit().unwrap().success());
    // The same key, another day: known, not asked.
    let mut lobby = server.screen(&ann, &[], 120, 40);
    lobby.wait_for("You are Ann").unwrap();
    assert!(
        !lobby.screen_text().contains("Your name"),
        "{}",
        lobby.dump()
    );
    // Changed from the lobby, and kept.
    lobby.send_text("e").unwrap();
    lobby.wait_for("Your name").unwrap();
    for _ in 0..3 {
        lobby.send_key(Key::Backspace).unwrap();
    }
    lobby.send_text("Annie").unwrap();
    lobby.send_key(Key::Enter).unwrap();
    lobby.wait_for("You are Annie").unwrap();
    lobby.send_key(Key::Esc).unwrap();
    assert!(lobby.wait_exit().unwrap().success());
    let lobby = server.screen(&ann, &[], 80, 24);
    lobby.wait_for("You are Annie").unwrap();
}

#[test]
fn a_game_opened_in_the_lobby_is_joined_from_another_lobby_watched_from_a_third_and_played_to_mate()
{
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-lobby-game");
    let server = Server::start(&dir, &["--", "--time", "5+3"]);
    let [ann, bob, cat] = ["ann", "bob", "cat"].map(|name| key(&dir, name));
    // Bob and Cat are in the lobby before the room opens: their lists change as it does.
    let mut bob_lobby = first_visit(&server, &bob, "Bob", 120, 40);
    let mut cat_lobby = first_visit(&server, &cat, "Cat", 80, 24);
    let mut white = first_visit(&server, &ann, "Ann", 80, 24);
    // A new game: Ann plays White (Down to the side, Right from random to White).
    white.send_text("n").unwrap();
    white.wait_for("You play").unwrap();
    white.send_keys(&[Key::Down, Key::Right]).unwrap();
    white
        .wait_until("White chosen", |s| s.contents().contains("‹ White ›"))
        .unwrap();
    white.send_key(Key::Enter).unwrap();
    let code = code_shown(&white);
    white.send_key(Key::Enter).unwrap();
    white.wait_for(&format!("Room {code}")).unwrap();
    // Bob sees it under Join, with Ann's name and the clock, and joins it from there.
    bob_lobby.wait_for("Join: a seat is free (1)").unwrap();
    let listed = line_with(&bob_lobby, &code);
    assert!(listed.contains("Ann – (free seat)   5+3"), "{listed}");
    // The marker is on it: the first Enter goes in.
    assert!(line_with(&bob_lobby, &code).contains('▸'));
    bob_lobby.send_key(Key::Enter).unwrap();
    let mut black = bob_lobby;
    // The game's own words, with the names the lobby knows.
    black.wait_for("You play Bob (Black)").unwrap();
    white.wait_for("Black: connected").unwrap();
    white.send_key(Key::Esc).unwrap();
    // Cat sees it move from Join to Watch, and watches it.
    cat_lobby.wait_for("Watch (1)").unwrap();
    assert!(line_with(&cat_lobby, &code).contains("Ann – Bob"));
    cat_lobby
        .wait_until("the marker on the game to watch", |s| {
            s.contents()
                .lines()
                .any(|line| line.contains('▸') && line.contains(&code))
        })
        .unwrap();
    cat_lobby.send_key(Key::Enter).unwrap();
    let mut watcher = cat_lobby;
    watcher.wait_for("You are watching").unwrap();
    fools_mate(&mut white, &mut black, &watcher, "Checkmate — Bob wins");
    // After the game, back in the lobby; the room has left its lists. (A q in the first second
    // or so after a room's game ends is not taken, with `ssh -t HOST CODE` as here: the
    // player reads the box first.)
    white.wait_for("Saved to").unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    white.send_text("q").unwrap();
    white.wait_for(&format!("Back from room {code}.")).unwrap();
    for list in ["Your games (0)", "Join: a seat is free (0)", "Watch (0)"] {
        white.wait_for(list).unwrap();
    }
    // Bob and Cat go back to their lobbies too: their places given up, nobody is left in the
    // finished room, so it ends and its code opens a new game.
    for screen in [&mut black, &mut watcher] {
        screen.send_text("q").unwrap();
        screen.wait_for(&format!("Back from room {code}.")).unwrap();
    }
    let again = server.screen(&cat, &[&code], 80, 24);
    again.wait_for(&format!("Room {code}")).unwrap();
    again.wait_for("You play").unwrap();
    assert!(!again.screen_text().contains("Qh4#"), "{}", again.dump());
    drop(again);
    // The game carries the names the lobby knows.
    let (ok, listed, err) = server.run(&ann, &[], &["games"]);
    assert!(ok, "{err}");
    assert!(
        listed.contains("\"white\": \"Ann\"") && listed.contains("\"black\": \"Bob\""),
        "{listed}"
    );
}

#[test]
fn a_room_opened_for_lines_in_the_lobby_is_served_in_lines_to_whoever_comes_by_its_code() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-lobby-lines");
    let server = Server::start(&dir, &[]);
    let (ann, bob) = (key(&dir, "ann"), key(&dir, "bob"));
    let mut white = first_visit(&server, &ann, "Ann", 80, 24);
    white.send_text("n").unwrap();
    white.wait_for("You play").unwrap();
    // White (the side, from random), then lines on (two rows down).
    white
        .send_keys(&[Key::Down, Key::Right, Key::Down, Key::Down, Key::Right])
        .unwrap();
    white
        .wait_until("lines on", |s| s.contents().contains("Lines    ‹ on ›"))
        .unwrap();
    white.send_key(Key::Enter).unwrap();
    let code = code_shown(&white);
    white.send_key(Key::Enter).unwrap();
    white.wait_for(&format!("Room {code}")).unwrap();
    // Bob types only the code, with no terminal: the room serves him lines.
    let (mut black, said) = lines_client(&server, &bob, &[&code]);
    let heard = |text: &str| said.lock().unwrap().contains(text);
    eventually("Bob told he plays Black, in lines", || {
        heard("hotseat, plain mode") && heard("You play Black.")
    });
    white.wait_for("Black: connected").unwrap();
    // The end of his input, before any move: nothing to keep, a clean end.
    drop(black.stdin.take());
    let status = black.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{}", said.lock().unwrap());
}

#[test]
fn the_limit_per_address_counts_logins_so_a_club_behind_one_address_all_play() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-per-address");
    let server = Server::start(&dir, &["--per-address", "2"]);
    let keys = ["ann", "bob", "cat", "dan"].map(|name| key(&dir, name));
    // Four players from one address (a club's, behind one router): each logs in in turn and
    // stays; the limit is on logins at once, not on players.
    let white = server.screen(&keys[0], &["club"], 80, 24);
    white.wait_for("Room club").unwrap();
    let black = server.screen(&keys[1], &["club"], 80, 24);
    black.wait_for("You play Black").unwrap();
    let watchers: Vec<_> = keys[2..]
        .iter()
        .map(|key| {
            let watcher = server.screen(key, &["club"], 80, 24);
            watcher.wait_for("You are watching").unwrap();
            watcher
        })
        .collect();
    assert_eq!(watchers.len(), 2);
}

#[test]
fn a_client_that_types_nothing_for_the_idle_time_is_told_and_closed_though_its_clock_redraws() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-idle");
    let server = Server::start(&dir, &["--idle-timeout", "3s", "--", "--time", "5+3"]);
    let ann = key(&dir, "ann");
    let mut pty = server.screen(&ann, &["here"], 80, 24);
    pty.wait_for("F1 help").unwrap();
    // A move: from now a clock runs, redrawn every second, and nobody types.
    type_move(&mut pty, "e4");
    pty.wait_for("1. e4").unwrap();
    let since = Instant::now();
    pty.wait_for_within("nothing typed for 3 seconds", Duration::from_secs(10))
        .unwrap();
    assert!(
        since.elapsed() >= Duration::from_secs(2),
        "{:?}",
        since.elapsed()
    );
    let status = pty.wait_exit_within(Duration::from_secs(10)).unwrap();
    assert!(!status.success());
    // Its game is kept in the player's folder, to resume.
    let players = dir.join("server/players");
    eventually("the game kept", || {
        std::fs::read_dir(&players)
            .into_iter()
            .flatten()
            .filter_map(Result::ok)
            .filter_map(|player| std::fs::read_to_string(player.path().join("current.pgn")).ok())
            .any(|kept| kept.contains("1. e4"))
    });
}

#[test]
fn a_client_with_only_an_rsa_key_is_told_which_keys_the_server_takes() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-rsa");
    let server = Server::start(&dir, &[]);
    let rsa = dir.join("rsa");
    let made = Command::new("ssh-keygen")
        .args(["-q", "-t", "rsa", "-b", "2048", "-N", "", "-f"])
        .arg(&rsa)
        .status()
        .unwrap();
    assert!(made.success());
    // Not in batch mode, and at the default log level: as a player types it.
    let mut args = server.ssh_args(&rsa);
    for option in ["BatchMode=yes", "LogLevel=ERROR"] {
        let at = args.iter().position(|a| a == option).unwrap();
        args.drain(at - 1..=at);
    }
    let out = Command::new("ssh")
        .args(args)
        .args(["player@127.0.0.1", "games"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("takes Ed25519 or ECDSA keys, not RSA"),
        "{err}"
    );
    assert!(err.contains("ssh-keygen -t ed25519"), "{err}");
    eventually("the server said it", || server.said().contains("RSA key"));
}
