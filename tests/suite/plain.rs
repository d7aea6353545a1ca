//! `hotseat --plain` end to end: whole games piped through the real binary, the sentences it
//! answers with, no control byte on its standard output, and the games it leaves on disk.

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use crate::common::pty::fresh_dir;

/// A data folder, a settings folder and a home of their own.
struct Place {
    dir: PathBuf,
}

impl Place {
    fn new() -> Place {
        Place {
            dir: fresh_dir("plain"),
        }
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    /// Writes the settings file hotseat reads.
    fn settings(&self, text: &str) {
        let dir = self.dir.join("config/hotseat");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("config.toml"), text).unwrap();
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_hotseat"));
        cmd.arg("--plain")
            .arg("--data-dir")
            .arg(self.data())
            .args(args)
            .env("HOME", &self.dir)
            .env("XDG_CONFIG_HOME", self.dir.join("config"))
            .env("XDG_DATA_HOME", self.dir.join("xdg-data"))
            .env_remove("NO_COLOR")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        cmd
    }

    /// Runs `hotseat --plain ARGS` with `input` on standard input, then its end.
    fn run(&self, args: &[&str], input: &str) -> Output {
        self.run_slowly(args, &[(input, Duration::ZERO)])
    }

    /// Runs it with each piece of input followed by a pause before the next (and the end).
    fn run_slowly(&self, args: &[&str], pieces: &[(&str, Duration)]) -> Output {
        let out = self.output(args, pieces);
        check_plain(&out.stdout);
        check_plain(&out.stderr);
        out
    }

    /// As [`Place::run_slowly`], its output not checked for control bytes.
    fn output(&self, args: &[&str], pieces: &[(&str, Duration)]) -> Output {
        let mut child = self.command(args).spawn().expect("hotseat runs");
        let mut stdin = child.stdin.take().unwrap();
        for (text, pause) in pieces {
            stdin.write_all(text.as_bytes()).unwrap();
            stdin.flush().unwrap();
            std::thread::sleep(*pause);
        }
        drop(stdin);
        child.wait_with_output().unwrap()
    }

    /// The games in the archive, as text.
    fn archived(&self) -> Vec<String> {
        let Ok(entries) = fs::read_dir(self.data().join("games")) else {
            return Vec::new();
        };
        entries
            .map(|e| fs::read_to_string(e.unwrap().path()).unwrap())
            .collect()
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// No control byte but the line feed, so no escape sequence, on standard output.
fn check_plain(stdout: &[u8]) {
    for (i, &b) in stdout.iter().enumerate() {
        assert!(
            b >= 0x20 && b != 0x7f || b == b'\n',
            "control byte {b:#04x} at {i} in:\n{}",
            String::from_utf8_lossy(stdout)
        );
    }
}

fn text_lines(bytes: &[u8]) -> Vec<String> {
    String::from_utf8(bytes.to_vec())
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

fn lines(out: &Output) -> Vec<String> {
    text_lines(&out.stdout)
}

/// The lines said on standard error: the errors (a move refused, a command written wrong).
fn errors(out: &Output) -> Vec<String> {
    text_lines(&out.stderr)
}

/// `line` was said as an error, on standard error.
fn told(out: &Output, line: &str) {
    assert!(
        errors(out).iter().any(|l| l == line),
        "no error {line:?} in:\n{}\nstdout: {}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
}

fn has(out: &Output, line: &str) {
    assert!(
        lines(out).iter().any(|l| l == line),
        "no line {line:?} in:\n{}\nstderr: {}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn fools_mate_is_told_and_archived() {
    let place = Place::new();
    let out = place.run(&[], "f3\ne5\ng4\nQh4#\nquit\n");
    assert!(out.status.success(), "{out:?}");
    assert!(lines(&out)[0].starts_with("hotseat, plain mode: White against Black, untimed."));
    has(&out, "White: pawn to f3. [1. f3]");
    has(&out, "Black: pawn to e5. [1... e5]");
    has(&out, "White: pawn to g4. [2. g4]");
    has(&out, "Black: queen to h4, checkmate. [2... Qh4#]");
    has(&out, "Black wins. [0-1]");
    let games = place.archived();
    assert_eq!(games.len(), 1, "{games:?}");
    assert!(games[0].contains("1. f3 e5 2. g4 Qh4#"), "{}", games[0]);
    assert!(games[0].contains("[Result \"0-1\"]"), "{}", games[0]);
    assert!(!place.data().join("current.pgn").exists());
}

/// A game set aside for a new one is said once, on standard output with the rest of the
/// start: not on standard error as well, where `2>&1 | espeak-ng` would read it twice.
#[test]
fn a_game_set_aside_at_the_start_is_said_once() {
    let place = Place::new();
    let out = place.run(&[], "e4\n");
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    let out = place.run(&["--new"], "quit\n");
    assert!(out.status.success(), "{out:?}");
    let said = |lines: Vec<String>| lines.iter().filter(|l| l.contains("archived as")).count();
    assert_eq!(said(lines(&out)), 1, "{out:?}");
    assert_eq!(said(errors(&out)), 0, "{out:?}");
}

#[test]
fn castling_en_passant_and_promotion() {
    let place = Place::new();
    let moves = "e4 d5\ne5 f5\nexf6\nNc6\nfxg7 Be6\ngxh8=Q\nQd7\nNf3 O-O-O\nBe2 Nf6\nO-O\n";
    let out = place.run(&["--white", "Ann", "--black", "Bob"], moves);
    // Left unfinished at the end of the input: exit status 3.
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    has(&out, "White: pawn takes f6 en passant. [3. exf6]");
    has(&out, "White: pawn takes h8, promotes to queen. [5. gxh8=Q]");
    has(&out, "Black castles queen side. [6... O-O-O]");
    has(&out, "White castles king side. [8. O-O]");
    // Input ended with the game going on: it waits for --resume.
    has(
        &out,
        "Input ended. The game is saved: hotseat --plain --resume goes on with it.",
    );
    let saved = fs::read_to_string(place.data().join("current.pgn")).unwrap();
    assert!(saved.contains("[White \"Ann\"]"), "{saved}");
    assert!(saved.contains("8. O-O *"), "{saved}");
    // And it goes on from there.
    let out = place.run(&["--resume"], "l\nb\n");
    has(&out, "Last move: White castles king side. [8. O-O]");
    has(
        &out,
        "Rank 1: white rook a1, white knight b1, white bishop c1, white queen d1, 1 empty, \
         white rook f1, white king g1, 1 empty.",
    );
}

#[test]
fn a_draw_by_agreement() {
    let place = Place::new();
    let out = place.run(&[], "e4\ndraw\ne5\naccept\n");
    has(
        &out,
        "Black offers a draw with this move. Draw again withdraws it.",
    );
    has(
        &out,
        "Black offers a draw. White: accept, decline, or play a move, which declines it.",
    );
    has(&out, "Draw by agreement. [1/2-1/2]");
    let games = place.archived();
    assert_eq!(games.len(), 1);
    assert!(games[0].contains("1/2-1/2"), "{}", games[0]);
}

#[test]
fn a_refused_move_changes_nothing() {
    let place = Place::new();
    let out = place.run(&[], "Ke3\nmoves\n");
    told(&out, "Ke3: no white king can reach e3.");
    has(&out, "No move has been made yet.");
}

#[test]
fn the_flag_falls_without_waiting_for_input() {
    let place = Place::new();
    place.settings("warnings = [1]\n");
    let out = place.run_slowly(
        &["--time", "2s+0"],
        &[
            ("e4\n", Duration::from_millis(3500)),
            ("c\n", Duration::ZERO),
        ],
    );
    assert!(out.status.success(), "{out:?}");
    has(&out, "White: pawn to e4. [1. e4]");
    has(&out, "Black: 1 second left.");
    has(&out, "White wins on time. [1-0]");
    // Asked after the fall: the clocks have stopped.
    let said = lines(&out);
    assert!(
        said.last().unwrap().ends_with("the clocks have stopped."),
        "{said:?}"
    );
    let games = place.archived();
    assert_eq!(games.len(), 1);
    assert!(
        games[0].contains("[Termination \"time forfeit\"]"),
        "{}",
        games[0]
    );
}

#[test]
fn every_command_answers() {
    let place = Place::new();
    let commands = [
        (
            "help",
            "board, b: the board rank by rank, empty squares counted.",
        ),
        ("/b", "Rank 4: empty."),
        ("p n", "White knights: b1, g1."),
        ("white knights", "White knights: b1, g1."),
        (
            "s e",
            "File e: white king e1, white pawn e2, 4 empty, black pawn e7, black king e8.",
        ),
        (
            "s 2",
            "Rank 2: white pawn a2, white pawn b2, white pawn c2, white pawn d2, white pawn e2, white pawn f2, white pawn g2, white pawn h2.",
        ),
        ("s e4", "e4: empty."),
        ("moves from g1", "Knight g1 can go to f3 or h3."),
        ("l", "No move has been made yet."),
        ("t", "White to move, move 1."),
        ("c", "This game has no clock."),
        ("o", "Black waits."),
        ("opening", "No named opening."),
        (
            "fl",
            "The board is read from Black's side now: rank 1 first.",
        ),
        ("frobnicate", "Frobnicate: unknown command, and not a move."),
    ];
    let input: String = commands.iter().map(|(c, _)| format!("{c}\n")).collect();
    let out = place.run(&[], &input);
    for (command, answer) in commands {
        if command == "frobnicate" {
            // No command, and not a move: said so, on standard error.
            assert!(
                errors(&out)
                    .iter()
                    .any(|l| l.starts_with("Frobnicate: unknown command")),
                "{out:?}"
            );
        } else {
            has(&out, answer);
        }
    }
}

#[test]
fn a_save_writes_the_game_where_asked() {
    let place = Place::new();
    let file = place.dir.join("copy.pgn");
    let out = place.run(&[], &format!("e4 e5\nsave {}\n", file.display()));
    assert!(
        lines(&out)
            .iter()
            .any(|l| l.starts_with("Saved the game (PGN) to ")),
        "{out:?}"
    );
    let text = fs::read_to_string(&file).unwrap();
    assert!(text.contains("1. e4 e5 *"), "{text}");
}

#[test]
fn a_wrong_warnings_setting_is_reported() {
    let place = Place::new();
    place.settings("warnings = [0]\n");
    let out = place.run(&[], "quit\n");
    let said = lines(&out).join("\n");
    assert!(said.contains("warnings"), "{said}");
}

/// A name with an escape sequence cannot be given (names are checked), but a path can hold
/// anything: what is said of it is cleaned.
#[test]
fn nothing_said_has_an_escape_sequence_even_from_a_path() {
    let place = Place::new();
    let out = place.run(&[], "save \u{1b}[31mred/x.pgn\n");
    check_plain(&out.stdout);
}

/// `--notation de`: the moves said and listed in German letters, typed in them too; the words
/// stay English and the saved game English SAN, as PGN requires.
#[test]
fn moves_are_said_in_the_players_notation_and_saved_in_english() {
    let place = Place::new();
    let out = place.run(&["--notation", "de"], "Sf3 Sf6\nLb5\nmoves\n");
    has(&out, "White: knight to f3. [1. Sf3]");
    has(&out, "Black: knight to f6. [1... Sf6]");
    told(&out, "Lb5: no white bishop can reach b5.");
    has(&out, "Moves: 1. Sf3 Sf6.");
    let saved = fs::read_to_string(place.data().join("current.pgn")).unwrap();
    assert!(saved.contains("1. Nf3 Nf6 *"), "{saved}");

    let out = place.run(&["--resume", "--notation", "figurine"], "l\n");
    has(&out, "Last move: Black: knight to f6. [1... ♘f6]");
}

/// SIGTERM, SIGHUP and SIGINT in the middle of a game: saved through the screen's own handler,
/// with no escape sequence written (the terminal is not the plain mode's to restore), and an
/// exit with 128 + the signal's number. The input is still open: it is the signal that saves.
#[cfg(unix)]
#[test]
fn a_signal_saves_the_game_and_exits_with_its_code() {
    use std::io::{BufRead, BufReader};
    use std::os::unix::process::ExitStatusExt;
    for (name, code) in [("TERM", 143), ("HUP", 129), ("INT", 130)] {
        let place = Place::new();
        let mut child = place
            .command(&["--time", "5+0"])
            .spawn()
            .expect("hotseat runs");
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"e4\ne5\nNf3\n").unwrap();
        stdin.flush().unwrap();
        // Read on a thread of its own, so a hang fails in seconds instead of never.
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let reader = std::thread::spawn(move || {
            let mut all = Vec::new();
            for line in BufReader::new(stdout).split(b'\n') {
                let line = line.unwrap();
                let _ = tx.send(String::from_utf8_lossy(&line).into_owned());
                all.extend_from_slice(&line);
                all.push(b'\n');
            }
            all
        });
        let wanted = "White: knight to f3. [2. Nf3]";
        let mut said = Vec::new();
        while said.last().map(String::as_str) != Some(wanted) {
            match rx.recv_timeout(Duration::from_secs(20)) {
                Ok(line) => said.push(line),
                Err(e) => {
                    let _ = child.kill();
                    panic!("SIG{name}: {e:?} waiting for {wanted:?}; said {said:?}");
                }
            }
        }
        let sent = Command::new("kill")
            .args([format!("-{name}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let status = child.wait().unwrap();
        drop(stdin);
        let stdout = reader.join().unwrap();
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
        assert_eq!(status.code(), Some(code), "SIG{name}: {status:?} {stderr}");
        assert_eq!(status.signal(), None, "an exit, not a death by the signal");
        check_plain(&stdout);
        check_plain(stderr.as_bytes());
        assert!(
            stderr.contains(&format!(
                "SIG{name}: the game is saved; `hotseat --plain --resume` resumes it"
            )),
            "{stderr}"
        );
        let saved = fs::read_to_string(place.data().join("current.pgn")).unwrap();
        assert!(saved.contains("2. Nf3 {[%clk"), "{saved}");
        assert!(saved.contains("[Result \"*\"]"), "{saved}");
    }
}

/// After a mate the game can still be stepped through, and `new` starts another one, saved in
/// its turn; the finished one stays in the archive.
#[test]
fn after_the_end_look_back_then_play_a_new_game() {
    let place = Place::new();
    let out = place.run(&[], "f3\ne5\ng4\nQh4#\nback\ns d8\nnew\ne4\n");
    has(
        &out,
        "After White: pawn to g4. [2. g4] End goes back to the last move.",
    );
    has(&out, "d8: black queen.");
    assert!(
        lines(&out).iter().any(|l| l.starts_with("New game: ")),
        "{out:?}"
    );
    has(&out, "White: pawn to e4. [1. e4]");
    let games = place.archived();
    assert_eq!(games.len(), 1, "{games:?}");
    assert!(games[0].contains("2. g4 Qh4#"), "{}", games[0]);
    let saved = fs::read_to_string(place.data().join("current.pgn")).unwrap();
    assert!(saved.contains("1. e4 *"), "{saved}");
}

/// The promotion question takes its own answers through the pipe: `q` is the queen and never
/// quits, `n` the knight and no "no", `=Q` the queen, German `D` the Dame and no draw offer;
/// anything else is told what the question is.
#[test]
fn the_promotion_question_takes_its_pieces_not_commands() {
    const FEN: &str = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    for (args, answer, san) in [
        (&["--time", "5+0"][..], "q", "a8=Q+"),
        (&[][..], "n", "a8=N"),
        (&[][..], "=Q", "a8=Q+"),
        (&["--notation", "de"][..], "D", "a8=D+"),
    ] {
        let place = Place::new();
        let args = [&["--new", "--fen", FEN][..], args].concat();
        let out = place.run(&args, &format!("a8\ndraw\n{answer}\n"));
        told(
            &out,
            &format!(
                "draw is no answer to the question, and nothing was done. a8: promote to which \
                 piece? queen, rook, bishop or knight: type {}, or cancel to play another move.",
                if answer == "D" {
                    "D, T, L or S"
                } else {
                    "q, r, b or n"
                }
            ),
        );
        let said = lines(&out);
        assert!(
            said.iter().any(|l| l.ends_with(&format!("[1. {san}]"))),
            "{answer}: {said:?}"
        );
        assert!(!said.iter().any(|l| l.contains("Quit?")), "{said:?}");
        assert!(
            !said.iter().any(|l| l.contains("offers a draw")),
            "{said:?}"
        );
    }
}

/// At "Claim the draw with it?" every word is answered: claim claims, the others are told the
/// question.
#[test]
fn every_word_at_the_claim_question_is_answered() {
    let place = Place::new();
    let out = place.run(
        &["--new"],
        "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1\nNg8\nresign\npa\nsave out.pgn\ncl\n",
    );
    let said = [lines(&out), errors(&out)].concat();
    let asked = said
        .iter()
        .filter(|l| l.contains("Claim the draw with it?"))
        .count();
    // Asked, then told again after each of resign, pa and save.
    assert_eq!(asked, 4, "{said:?}");
    has(
        &out,
        "Draw by threefold repetition, claimed by Black. [1/2-1/2]",
    );
}

/// The exit status says how the game stood: 0 finished, 3 left unfinished at the end of the
/// input (or quit), 1 an error; the errors on standard error, the game on standard output.
#[test]
fn the_exit_status_says_how_the_game_ended() {
    let place = Place::new();
    let out = place.run(&["--new"], "f3 e5 g4 Qh4#\n");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let out = place.run(&["--new"], "e4\nNf9\n");
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    has(&out, "White: pawn to e4. [1. e4]");
    assert_eq!(errors(&out).len(), 1, "{out:?}");
    assert!(errors(&out)[0].starts_with("Nf9: "), "{out:?}");
    assert!(!lines(&out).iter().any(|l| l.starts_with("Nf9")), "{out:?}");
    let out = place.run(&["--new"], "e4\nquit\nyes\n");
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    let missing = place.dir.join("no-such-game.pgn");
    let out = place.run(&["--load", missing.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(errors(&out)[0].starts_with("error: "), "{out:?}");
}

/// `--sound` and `sound = "bell"` ring in the plain mode too: the BEL byte before the sentences
/// of a move and of the end, and nothing else that is not plain text.
#[test]
fn the_bell_rings_with_sound_on() {
    let place = Place::new();
    for (args, settings) in [(&["--sound"][..], ""), (&[][..], "sound = \"bell\"\n")] {
        place.settings(settings);
        let args = [&["--new"][..], args].concat();
        let out = place.output(&args, &[("f3 e5 g4 Qh4#\nboard\n", Duration::ZERO)]);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        // One line: its four moves and the end ring once (bells in a row blur into one).
        let bells = out.stdout.iter().filter(|&&b| b == 0x07).count();
        assert_eq!(bells, 1, "{args:?}: {out:?}");
        let text: Vec<u8> = out.stdout.iter().copied().filter(|&b| b != 0x07).collect();
        check_plain(&text);
    }
    // Off: no bell.
    place.settings("");
    let out = place.run(&["--new"], "f3 e5 g4 Qh4#\n");
    assert!(!out.stdout.contains(&0x07), "{out:?}");
}

/// `--announce words` drops the bracketed notation (half the time to speak), and the setting
/// does the same; a wrong value says what to write.
#[test]
fn announce_words_from_the_option_and_the_setting() {
    let place = Place::new();
    let out = place.run(&["--new", "--announce", "words"], "f3\n");
    has(&out, "White: pawn to f3.");
    place.settings("announce = \"notation\"\n");
    let out = place.run(&["--new"], "f3\n");
    has(&out, "1. f3");
    // The command line wins over the file.
    let out = place.run(&["--new", "--announce", "both"], "f3\n");
    has(&out, "White: pawn to f3. [1. f3]");
    let out = place.run(&["--new", "--announce", "loud"], "f3\n");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("write \"words\", \"both\" or \"notation\"")
            && said.contains("--announce words"),
        "{said}"
    );
    place.settings("announce = \"loud\"\n");
    let out = place.run(&["--new"], "f3\n");
    has(&out, "White: pawn to f3. [1. f3]");
    let all = [lines(&out), errors(&out)].concat().join("\n");
    assert!(all.contains("announce = \"loud\""), "{all}");
}

/// A word that is no command and no move is an unknown command, with the nearest one; `help`
/// with a command or a group says only that.
#[test]
fn unknown_words_name_the_nearest_command_and_help_takes_a_topic() {
    let place = Place::new();
    let out = place.run(&["--new"], "boadr\nhelp clock\nhelp review\nhelp bord\n");
    told(
        &out,
        "Boadr: unknown command, and not a move. Did you mean board? help lists the commands.",
    );
    has(&out, "clock, c: both clocks.");
    has(
        &out,
        "back, bk: look one move back; board and the other readings read the position shown.",
    );
    has(&out, "end, en: back to the last move played.");
    let wrong = errors(&out);
    assert!(
        wrong
            .iter()
            .any(|l| l.starts_with("No help on bord:") && l.ends_with("Did you mean help board?")),
        "{wrong:?}"
    );
}

/// Lines that come while a save is being written wait for it: they are never typed into the
/// save form (`save x.pgn` then `e5` saved to `x.pgne5` and lost the move).
#[test]
fn lines_after_a_save_wait_for_it_and_are_played() {
    let place = Place::new();
    let file = place.dir.join("copy.pgn");
    let out = place.run(
        &["--new"],
        &format!("e4\nsave {}\ne5\nNf3\n", file.display()),
    );
    has(&out, "Black: pawn to e5. [1... e5]");
    has(&out, "White: knight to f3. [2. Nf3]");
    let text = fs::read_to_string(&file).unwrap();
    assert!(text.contains("1. e4 *"), "{text}");
    let saved: Vec<_> = fs::read_dir(&place.dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with("copy"))
        .collect();
    assert_eq!(saved, ["copy.pgn"], "{out:?}");
}

/// A save onto a file that exists asks first; no leaves the file and the game goes on (the
/// lines after it were once held for ever behind the form left open), yes replaces it.
#[test]
fn a_save_onto_a_file_asks_and_no_keeps_it() {
    let place = Place::new();
    let file = place.dir.join("copy.pgn");
    fs::write(&file, "kept").unwrap();
    let out = place.run(
        &["--new"],
        &format!("e4\nsave {}\nno\ne5\ncl\n", file.display()),
    );
    assert!(
        lines(&out)
            .iter()
            .any(|l| l.ends_with("already exists. Replace it? Answer yes or no.")),
        "{out:?}"
    );
    has(&out, "Not saved: save with a file name saves it elsewhere.");
    has(&out, "Black: pawn to e5. [1... e5]");
    assert_eq!(fs::read_to_string(&file).unwrap(), "kept");
    let out = place.run(
        &["--new"],
        &format!("d4\nsave {}\nyes\nd5\n", file.display()),
    );
    has(&out, "Black: pawn to d5. [1... d5]");
    assert!(fs::read_to_string(&file).unwrap().contains("1. d4 *"));
}

#[test]
fn a_game_against_stockfish_with_a_hint_is_archived_under_its_name() {
    let place = Place::new();
    let out = place.run_slowly(
        &[
            "--new",
            "--against",
            "stockfish",
            "--level",
            "1",
            "--engine-plays",
            "white",
        ],
        &[
            ("", Duration::from_millis(2500)),
            ("hint\n", Duration::from_millis(4000)),
            ("resign\n", Duration::from_millis(600)),
            ("y\n", Duration::from_millis(600)),
        ],
    );
    assert!(out.status.success(), "{out:?}");
    has(
        &out,
        "hotseat, plain mode: Stockfish (level 1, White) against Black, untimed. Type help for the commands.",
    );
    let said = lines(&out);
    assert!(
        said.iter()
            .any(|l| l.starts_with("White: ") && l.contains("[1. ")),
        "the engine moved first: {said:?}"
    );
    assert!(said.iter().any(|l| l.starts_with("Hint: ")), "{said:?}");
    let games = place.archived();
    assert_eq!(games.len(), 1);
    assert!(
        games[0].contains("[White \"Stockfish (level 1)\"]"),
        "{}",
        games[0]
    );
    assert!(
        games[0].contains("Hint (Stockfish at full strength): "),
        "{}",
        games[0]
    );
}

/// With a clock and the engine as White, the engine makes the first move by itself (it never
/// did: the clocks waited for a first move nobody at this terminal had to make).
#[cfg(unix)]
#[test]
fn the_engine_as_white_moves_first_in_a_timed_plain_game() {
    let place = Place::new();
    let engine = crate::sparring::fake("good", 1);
    let engine = engine.to_str().unwrap();
    let out = place.run_slowly(
        &[
            "--new",
            "--against",
            "stockfish",
            "--level",
            "3",
            "--engine-plays",
            "white",
            "--time",
            "5+3",
            "--engine",
            engine,
        ],
        // No line at all: the input ends at once, and the engine's move is waited for.
        &[("", Duration::ZERO)],
    );
    let said = lines(&out);
    assert!(
        said.iter()
            .any(|l| l.starts_with("White: ") && l.contains("[1. ")),
        "the engine moved first: {said:?}"
    );
    assert!(
        !said.iter().any(|l| l.contains("clock starts with")),
        "{said:?}"
    );
}

/// A piped game's last move is answered before the game is left: `echo e4 | hotseat --plain
/// --against stockfish` ended before the engine replied.
#[cfg(unix)]
#[test]
fn a_piped_game_waits_for_the_engines_reply_before_it_ends() {
    let place = Place::new();
    let engine = crate::sparring::fake("good", 1);
    let engine = engine.to_str().unwrap();
    let out = place.run(
        &["--new", "--against", "stockfish", "--engine", engine],
        "e4\n",
    );
    let said = lines(&out);
    let waited = said
        .iter()
        .position(|l| l == "Input ended: the engine's move is waited for first.");
    let replied = said
        .iter()
        .position(|l| l.starts_with("Black: ") && l.contains("[1... "));
    assert!(
        matches!((waited, replied), (Some(w), Some(r)) if w < r),
        "{said:?}"
    );
    let saved = fs::read_to_string(place.data().join("current.pgn")).unwrap_or_default();
    assert!(saved.contains("1. e4"), "{said:?}\n{saved}");
}

/// The engine dies in the middle of the game (the fake engine exits at its second search): the
/// game ends as abandoned by it, and is archived so.
#[cfg(unix)]
#[test]
fn an_engine_that_dies_mid_game_abandons_it_and_the_game_is_archived() {
    let place = Place::new();
    let engine = crate::sparring::fake("crash", 1);
    let engine = engine.to_str().unwrap();
    let out = place.run_slowly(
        &[
            "--new",
            "--against",
            "stockfish",
            "--level",
            "2",
            "--engine",
            engine,
        ],
        &[
            ("e4\n", Duration::from_millis(1500)),
            ("d4\n", Duration::from_millis(1500)),
        ],
    );
    let said = lines(&out);
    assert!(
        said.iter()
            .any(|l| l == "Fake (level 2) abandoned the game, White wins. [1-0]"),
        "{said:?}"
    );
    let games = place.archived();
    assert_eq!(games.len(), 1, "{said:?}");
    assert!(
        games[0].contains("[Black \"Fake (level 2)\"]"),
        "{}",
        games[0]
    );
    assert!(
        games[0].contains("[Termination \"abandoned\"]"),
        "{}",
        games[0]
    );
    assert!(games[0].contains("[Result \"1-0\"]"), "{}", games[0]);
}
