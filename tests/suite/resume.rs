//! End to end: never losing a game. The real binary in a pseudo-terminal, with its own data
//! folder (`--data-dir`) each test: autosave, resuming after a quit, a signal or SIGKILL, the
//! archive of finished and set-aside games, a corrupt or unwritable autosave, Ctrl-S and
//! `--load`.
//!
//! Every wait is for something to appear on the screen or in a file (with the harness's
//! generous timeout), never a fixed sleep; where time itself must pass for a clock, the wait is
//! for the clock on the screen to show it.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant, SystemTime};

use common::play::{board_text, clock, move_list, moves_shown, type_move};
#[cfg(unix)]
use common::pty::give_to_unprivileged;
use common::pty::{Key, Pty, PtyCommand, TIMEOUT, fresh_dir};

/// hotseat in a monochrome 80x24 terminal keeping its files in `data`, with `args`.
fn start(data: &Path, args: &[&str]) -> Pty {
    command(data, args).spawn().unwrap()
}

fn command(data: &Path, args: &[&str]) -> PtyCommand {
    PtyCommand::hotseat()
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .env("NO_COLOR", "1")
        .size(80, 24)
}

fn current(data: &Path) -> PathBuf {
    data.join("current.pgn")
}

/// The files in `dir`, sorted by name (none if it does not exist).
fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = match fs::read_dir(dir) {
        Ok(entries) => entries.map(|e| e.unwrap().path()).collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    files
}

/// The one file in `dir` whose name ends with `suffix`.
fn only_file(dir: &Path, suffix: &str) -> PathBuf {
    let all = files_in(dir);
    let found: Vec<&PathBuf> = all
        .iter()
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    assert_eq!(
        found.len(),
        1,
        "one *{suffix} in {}: {all:?}",
        dir.display()
    );
    found[0].clone()
}

/// The value of PGN tag `name` in the file at `path`, if the file and the tag are there.
fn tag(path: &Path, name: &str) -> Option<String> {
    let text = fs::read_to_string(path).ok()?;
    let start = format!("[{name} \"");
    let line = text.lines().find(|l| l.starts_with(&start))?;
    Some(line[start.len()..].trim_end_matches("\"]").to_owned())
}

/// Waits until `ready` holds (for a file), at most the harness's timeout.
fn wait_until(what: &str, ready: impl Fn() -> bool) {
    wait_until_within(what, TIMEOUT, ready);
}

fn wait_until_within(what: &str, timeout: Duration, ready: impl Fn() -> bool) {
    let deadline = Instant::now() + timeout;
    while !ready() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        thread::sleep(Duration::from_millis(10));
    }
}

/// Waits until the move list shows `moves` (and nothing more).
fn wait_for_moves(pty: &Pty, moves: &[&str]) {
    pty.wait_until(&format!("the moves {moves:?}"), |s| moves_shown(s) == moves)
        .unwrap();
}

/// Waits until `player`'s clock shows `at_most` or less: time itself must pass.
fn wait_for_clock(pty: &Pty, player: &str, at_most: Duration) {
    pty.wait_until(&format!("{player}'s clock at {at_most:?} or less"), |s| {
        clock(s, player).is_some_and(|t| t <= at_most)
    })
    .unwrap();
}

fn clocks(pty: &Pty) -> (Duration, Duration) {
    pty.with_screen(|s| {
        let read = |player| clock(s, player).unwrap_or_else(|| panic!("{player}'s clock"));
        (read("Ann (White)"), read("Bob (Black)"))
    })
}

/// The pieces on the board, without the marks of the cursor and the last move (a resumed game
/// puts the cursor back where a new game has it).
fn pieces(pty: &Pty) -> String {
    // Without the cursor's marks, and without blanks at the ends of rows (a cell a box once
    // covered reads as a space, one never written as nothing: both look the same).
    board_text(pty)
        .replace(['>', '<', '[', ']'], " ")
        .lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Plays `moves` in a new game of Ann (White) and Bob (Black) and quits mid-game: the game is
/// then saved in `data`.
fn saved_game(data: &Path, moves: &[&str]) {
    let mut pty = start(data, &["--white", "Ann", "--black", "Bob"]);
    pty.wait_for("Ann (White) to move").unwrap();
    for m in moves {
        type_move(&mut pty, m);
    }
    wait_for_moves(&pty, moves);
    pty.send_key(Key::Ctrl('q')).unwrap();
    pty.wait_for("It is saved").unwrap();
    common::play::look();
    pty.send_text("y").unwrap();
    let status = pty.wait_exit().unwrap();
    assert!(status.success(), "{status}");
    assert!(current(data).exists(), "the quit game is saved");
}

const OPENING: [&str; 3] = ["e4", "e5", "Nf3"];

/// The test: a timed game killed with SIGKILL (nothing runs, no save on the way out)
/// comes back from the last autosave with its moves, its board and both clocks within a second.
///
/// The clocks are saved every ten seconds while a clock runs, so the file can be up to ten
/// seconds behind the moment of the kill; on top of that the screen shows whole seconds (a
/// reading of 4:57 is anything from 4:57.0 to 4:57.9). To keep the comparison within the
/// issue's one second, the clocks are read just after a save of the clocks lands (seen in the
/// file, which may take up to ten seconds), and the kill follows at once.
#[cfg(unix)]
#[test]
fn sigkill_then_resume_restores_moves_board_and_clocks() {
    let data = fresh_dir("data");
    let mut pty = start(
        &data,
        &["--time", "5+0", "--white", "Ann", "--black", "Bob"],
    );
    pty.wait_for("Ready?").unwrap();
    type_move(&mut pty, "e4");
    type_move(&mut pty, "e5");
    wait_for_moves(&pty, &["e4", "e5"]);
    wait_for_clock(&pty, "Ann (White)", Duration::from_secs(4 * 60 + 58));
    type_move(&mut pty, "Nf3");
    wait_for_moves(&pty, &OPENING);
    wait_for_clock(&pty, "Bob (Black)", Duration::from_secs(4 * 60 + 57));

    // Just after an autosave: read the screen, kill at once.
    let saved = tag(&current(&data), "BlackClock").expect("a timed save");
    wait_until_within("the next save of the clocks", TIMEOUT * 2, || {
        tag(&current(&data), "BlackClock").is_some_and(|t| t != saved)
    });
    let before = clocks(&pty);
    let board = pieces(&pty);
    let list = pty.with_screen(move_list);
    pty.signal("KILL").unwrap();
    let status = pty.wait_exit().unwrap();
    assert!(!status.success(), "killed: {status}");

    let mut pty = start(&data, &["--resume"]);
    pty.wait_for("Game resumed").unwrap();
    pty.wait_for("Move 2, Black to move").unwrap();
    let after = clocks(&pty);
    assert_eq!(pty.with_screen(move_list), list);
    for (side, b, a) in [("White", before.0, after.0), ("Black", before.1, after.1)] {
        let diff = a.abs_diff(b);
        eprintln!("{side}: {b:?} before the kill, {a:?} resumed, {diff:?} apart");
        assert!(
            diff <= Duration::from_secs(1),
            "{side}'s clock: {b:?} before the kill, {a:?} resumed\n{}",
            pty.dump()
        );
    }
    // The clocks wait for Enter; then the box is gone and the board is the same.
    pty.send_key(Key::Enter).unwrap();
    pty.wait_for("Black's clock is running").unwrap();
    assert_eq!(pieces(&pty), board);
}

/// SIGTERM, SIGHUP and SIGINT save the game, restore the terminal and exit with 128 + the
/// signal's number; the game resumes with its moves.
#[cfg(unix)]
fn a_signal_saves_and_exits(name: &str, code: u32) {
    let data = fresh_dir("data");
    let mut pty = start(&data, &["--white", "Ann", "--black", "Bob"]);
    pty.wait_for("Ann (White) to move").unwrap();
    for m in OPENING {
        type_move(&mut pty, m);
    }
    wait_for_moves(&pty, &OPENING);
    pty.signal(name).unwrap();
    let status = pty.wait_exit().unwrap();
    assert_eq!(status.exit_code(), code, "{status}");
    assert_eq!(
        status.signal(),
        None,
        "{status}: an exit, not a death by the signal"
    );
    pty.wait_for(&format!("SIG{name}: the game is saved"))
        .unwrap();
    pty.with_screen(|s| {
        assert!(!s.alternate_screen(), "back on the main screen");
        assert!(!s.hide_cursor(), "the cursor is shown again");
    });
    let saved = fs::read_to_string(current(&data)).unwrap();
    assert!(saved.contains("1. e4 e5 2. Nf3 *"), "{saved}");

    let pty = start(&data, &["--resume"]);
    pty.wait_for("Resumed Ann vs Bob, move 2").unwrap();
    wait_for_moves(&pty, &OPENING);
}

#[cfg(unix)]
#[test]
fn sigterm_saves_the_game_and_exits_143() {
    a_signal_saves_and_exits("TERM", 143);
}

#[cfg(unix)]
#[test]
fn sighup_saves_the_game_and_exits_129() {
    a_signal_saves_and_exits("HUP", 129);
}

#[cfg(unix)]
#[test]
fn sigint_saves_the_game_and_exits_130() {
    a_signal_saves_and_exits("INT", 130);
}

/// The other signals that end a process by default restore the terminal and save too.
#[cfg(target_os = "linux")]
#[test]
fn sigquit_sigusr1_and_sigalrm_save_and_restore_the_terminal() {
    a_signal_saves_and_exits("QUIT", 131);
    a_signal_saves_and_exits("USR1", 138);
    a_signal_saves_and_exits("ALRM", 142);
}

/// A game quit after [`OPENING`], and hotseat started again without options: it asks.
fn offered_saved_game() -> (PathBuf, Pty) {
    let data = fresh_dir("data");
    saved_game(&data, &OPENING);
    let pty = start(&data, &[]);
    pty.wait_for("Resume?").unwrap();
    (data, pty)
}

/// The game of [`saved_game`] with [`OPENING`] is in the archive, marked unfinished, and no
/// longer in the autosave.
fn assert_archived_unfinished(data: &Path) {
    let archived = only_file(&data.join("games"), "-Ann-vs-Bob-unfinished.pgn");
    let text = fs::read_to_string(&archived).unwrap();
    assert!(text.contains("1. e4 e5 2. Nf3 *"), "{text}");
    assert!(!current(data).exists(), "archived, not copied");
}

#[test]
fn a_quit_game_is_offered_next_time_and_yes_resumes_it() {
    let (_data, mut pty) = offered_saved_game();
    pty.wait_for("Resume the game saved last time?").unwrap();
    pty.wait_for("Ann vs Bob, move 2, started ").unwrap();
    pty.wait_for(" UTC").unwrap();
    pty.send_text("y").unwrap();
    pty.wait_for("Resumed: Bob (Black) to move").unwrap();
    wait_for_moves(&pty, &OPENING);
    type_move(&mut pty, "Nc6");
    wait_for_moves(&pty, &["e4", "e5", "Nf3", "Nc6"]);
}

/// Saved games carry the players' local time: the start tag with its UTC offset, and the
/// resume question shows it as the players' clocks did (no "UTC").
#[cfg(unix)]
#[test]
fn saved_games_carry_the_local_time_and_its_offset() {
    // A POSIX time zone string: India, UTC+05:30 (the sign is inverted in POSIX).
    let india = |data: &Path, args: &[&str]| command(data, args).env("TZ", "IST-5:30").spawn();
    let data = fresh_dir("data");
    let mut pty = india(&data, &["--white", "Ann", "--black", "Bob"]).unwrap();
    pty.wait_for("Ann (White) to move").unwrap();
    type_move(&mut pty, "e4");
    wait_for_moves(&pty, &["e4"]);
    pty.send_key(Key::Ctrl('q')).unwrap();
    pty.wait_for("It is saved").unwrap();
    common::play::look();
    pty.send_text("y").unwrap();
    assert!(pty.wait_exit().unwrap().success());
    let text = fs::read_to_string(current(&data)).unwrap();
    let started = text
        .lines()
        .find_map(|l| l.strip_prefix("[HotseatStarted \""))
        .unwrap_or_else(|| panic!("no start tag in {text}"));
    assert!(started.ends_with("+05:30\"]"), "{started}");
    // The time itself is shifted, not only labelled: it is the UTC time now plus 5:30 (a
    // minute or two ago at most).
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let recent: Vec<String> = (0..=3)
        .map(|m| {
            let secs = (now - 60 * m + 5 * 3600 + 1800).rem_euclid(86_400);
            format!("{:02}:{:02}", secs / 3600, secs % 3600 / 60)
        })
        .collect();
    assert!(
        recent.contains(&started[11..16].to_owned()),
        "{started} not in {recent:?}"
    );
    let shown = format!("started {} {}", &started[..10], &started[11..16]);
    let pty = india(&data, &[]).unwrap();
    pty.wait_for(&shown).unwrap();
    assert!(!pty.screen_text().contains(" UTC"), "{}", pty.dump());
}

#[test]
fn a_quit_game_refused_at_the_offer_goes_to_the_archive_unfinished() {
    let (data, mut pty) = offered_saved_game();
    pty.send_text("n").unwrap();
    pty.wait_for("The unfinished game was archived as").unwrap();
    pty.wait_for("no moves yet").unwrap();
    assert_archived_unfinished(&data);
    // The new game plays, and is the one saved now.
    type_move(&mut pty, "d4");
    wait_for_moves(&pty, &["d4"]);
    wait_until("the new game's autosave", || {
        fs::read_to_string(current(&data)).is_ok_and(|t| t.contains("1. d4 *"))
    });
}

#[test]
fn new_sets_a_saved_game_aside_unfinished() {
    let data = fresh_dir("data");
    saved_game(&data, &OPENING);
    let pty = start(&data, &["--new"]);
    pty.wait_for("The unfinished game Ann vs Bob, move 2")
        .unwrap();
    pty.wait_for("no moves yet").unwrap();
    assert!(!pty.screen_text().contains("Resume?"));
    assert_archived_unfinished(&data);
}

/// A saved game that cannot be resumed is moved aside byte for byte, the screen says what was
/// wrong, and a new game plays. The data folder is relative (to a working directory of the
/// test's own) and the terminal wide (250 columns), so that the whole message fits on the
/// status line.
fn a_corrupt_save_is_set_aside(bytes: &[u8], reason: &str) {
    let cwd = fresh_dir("cwd");
    let data = cwd.join("d");
    fs::create_dir_all(&data).unwrap();
    fs::write(current(&data), bytes).unwrap();
    let mut pty = PtyCommand::hotseat()
        .cwd(&cwd)
        .args(["--data-dir", "d"])
        .env("NO_COLOR", "1")
        .size(250, 50)
        .spawn()
        .unwrap();
    pty.wait_for(&format!("Saved game not resumed ({reason}"))
        .unwrap();
    let moved = Path::new("d").join("current.corrupt-1.pgn");
    pty.wait_for(&format!("kept as {} · new game", moved.display()))
        .unwrap();
    assert!(!pty.screen_text().contains("Resume?"));
    assert_eq!(fs::read(cwd.join(&moved)).unwrap(), bytes, "unchanged");
    type_move(&mut pty, "e4");
    pty.wait_for("1. e4").unwrap();
    wait_until("the new game's autosave", || {
        fs::read_to_string(current(&data)).is_ok_and(|t| t.contains("1. e4 *"))
    });
    assert_eq!(
        fs::read(cwd.join(&moved)).unwrap(),
        bytes,
        "still unchanged"
    );
}

#[test]
fn a_garbage_autosave_is_set_aside_and_a_new_game_starts() {
    a_corrupt_save_is_set_aside(b"\xff\xfe\x00garbage\x01\x02", "the file is not text");
}

#[test]
fn a_truncated_autosave_is_set_aside_and_a_new_game_starts() {
    let data = fresh_dir("data");
    saved_game(&data, &["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    let full = fs::read(current(&data)).unwrap();
    let cut = &full[..full.len() - 12];
    assert!(!cut.ends_with(b"*"), "{}", String::from_utf8_lossy(cut));
    a_corrupt_save_is_set_aside(cut, "the file looks cut short");
}

/// A data folder that cannot be created (its parent is a file: chmod would not stop root):
/// the game plays on, and says so on the status line for as long as it lasts.
#[test]
fn an_unwritable_data_folder_warns_but_the_game_plays() {
    let parent = fresh_dir("data");
    fs::write(parent.join("file"), "not a folder").unwrap();
    let data = parent.join("file").join("sub");
    let mut pty = start(&data, &[]);
    pty.wait_for("F1 help").unwrap();
    type_move(&mut pty, "e4");
    pty.wait_for("Not saved: ").unwrap();
    pty.wait_for("⚠ not saved").unwrap();
    type_move(&mut pty, "e5");
    type_move(&mut pty, "Nf3");
    wait_for_moves(&pty, &OPENING);
    pty.wait_for("Black to move").unwrap();
    pty.wait_for("⚠ not saved").unwrap();
    assert_eq!(files_in(&parent), [parent.join("file")]);
}

/// A finished game goes to the archive, named after the players, and the game-over box says
/// where (under the home folder as `~`); the autosave is gone.
#[test]
fn a_checkmate_is_archived_and_the_box_says_where() {
    let home = fresh_dir("home");
    let data = home.join("data");
    let mut pty = command(&data, &["--white", "Ann", "--black", "Bob"])
        .env("HOME", &home)
        .spawn()
        .unwrap();
    pty.wait_for("Ann (White) to move").unwrap();
    for m in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"] {
        type_move(&mut pty, m);
    }
    pty.wait_for("Checkmate — Ann wins").unwrap();
    pty.wait_for("Saved to ~/data/games/").unwrap();
    let archived = only_file(&data.join("games"), "-Ann-vs-Bob.pgn");
    let name = archived.file_name().unwrap().to_string_lossy().into_owned();
    pty.wait_for(&format!("Saved to ~/data/games/{name}"))
        .unwrap();
    let text = fs::read_to_string(&archived).unwrap();
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(
        text.contains("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# {Checkmate.} 1-0"),
        "{text}"
    );
    assert!(!current(&data).exists(), "a finished game is not resumed");
    // A key in the box's first moments was on its way as the game ended: it is typed into
    // the move box, not taken for the box's own (issue 56).
    std::thread::sleep(hotseat::app::requests::ANSWER_GUARD);
    pty.send_text("q").unwrap();
    assert!(pty.wait_exit().unwrap().success());
    assert!(!current(&data).exists());
}

/// Ctrl-S writes the game to a file in the current directory; a second save asks before
/// replacing it; Tab switches to the position as FEN.
#[test]
fn ctrl_s_saves_a_copy_and_asks_before_replacing_it() {
    let cwd = fresh_dir("cwd");
    let data = fresh_dir("data");
    let mut pty = command(&data, &["--white", "Ann", "--black", "Bob"])
        .cwd(&cwd)
        .spawn()
        .unwrap();
    pty.wait_for("Ann (White) to move").unwrap();
    type_move(&mut pty, "e4");
    wait_for_moves(&pty, &["e4"]);
    pty.send_key(Key::Ctrl('s')).unwrap();
    pty.wait_for("Save the game as PGN to a file").unwrap();
    pty.wait_for(".pgn_").unwrap();
    pty.send_key(Key::Enter).unwrap();
    pty.wait_for("Saved the game (PGN) to 20").unwrap();
    let file = only_file(&cwd, ".pgn");
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.ends_with("-Ann-vs-Bob.pgn"), "{name}");
    pty.wait_for(&format!("Saved the game (PGN) to {name}"))
        .unwrap();
    let text = fs::read_to_string(&file).unwrap();
    assert!(text.contains("[White \"Ann\"]"), "{text}");
    assert!(text.contains("1. e4 *"), "{text}");

    type_move(&mut pty, "e5");
    wait_for_moves(&pty, &["e4", "e5"]);
    pty.send_key(Key::Ctrl('s')).unwrap();
    pty.wait_for("Save the game as PGN to a file").unwrap();
    pty.send_key(Key::Enter).unwrap();
    pty.wait_for("Replace?").unwrap();
    pty.wait_for(&format!("{name} already exists.")).unwrap();
    assert!(
        fs::read_to_string(&file).unwrap().contains("1. e4 *"),
        "not yet"
    );
    pty.send_text("y").unwrap();
    wait_until("the replaced file", || {
        fs::read_to_string(&file).is_ok_and(|t| t.contains("1. e4 e5 *"))
    });
    pty.wait_for(&format!("Saved the game (PGN) to {name}"))
        .unwrap();

    pty.send_key(Key::Ctrl('s')).unwrap();
    pty.wait_for("Save the game as PGN to a file").unwrap();
    pty.send_key(Key::Tab).unwrap();
    pty.wait_for("Save the position as FEN to a file").unwrap();
    pty.wait_for(".fen_").unwrap();
    pty.send_key(Key::Enter).unwrap();
    pty.wait_for("Saved the position (FEN) to 20").unwrap();
    pty.wait_for("-Ann-vs-Bob.fen").unwrap();
    let fen = fs::read_to_string(only_file(&cwd, ".fen")).unwrap();
    assert!(
        fen.starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq "),
        "{fen}"
    );
    assert_eq!(files_in(&cwd).len(), 2, "{:?}", files_in(&cwd));
}

/// `--load` of a finished game opens it for review: its moves, no game-over box, and nothing
/// written to the data folder.
#[test]
fn load_opens_a_finished_game_for_review() {
    let dir = fresh_dir("load");
    let file = dir.join("mate.pgn");
    fs::write(
        &file,
        "[Event \"Test\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n\
         1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
    )
    .unwrap();
    let data = fresh_dir("data");
    let pty = PtyCommand::hotseat()
        .cwd(&dir)
        .args(["--load", "mate.pgn", "--data-dir"])
        .arg(&data)
        .env("NO_COLOR", "1")
        .size(80, 24)
        .spawn()
        .unwrap();
    pty.wait_for("Loaded mate.pgn: Ann vs Bob, 1-0").unwrap();
    wait_for_moves(&pty, &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    let text = pty.screen_text();
    assert!(!text.contains("Game over ─"), "no game-over box:\n{text}");
    assert!(!text.contains("Saved to"), "{text}");
    quit_after_review(pty);
    // Nothing saved: only the lock the session held on its (empty) game slot.
    assert_eq!(files_in(&data), [data.join("current.lock")]);
}

fn quit_after_review(mut pty: Pty) {
    pty.send_key(Key::Ctrl('q')).unwrap();
    let status = pty.wait_exit().unwrap();
    assert!(status.success(), "{status}");
}

/// A Chess960 game is saved with its variant and start, and comes back as the same Chess960
/// game: castling rights of particular rooks, the panel's start number, and the move box
/// still reading Chess960 castling; a takeback of the castling puts king and rook back.
#[test]
fn a_chess960_game_resumes_as_chess960_with_its_rights() {
    let data = fresh_dir("data");
    let mut pty = start(
        &data,
        &["--chess960", "0", "--white", "Ann", "--black", "Bob"],
    );
    pty.wait_for("Chess960 #0").unwrap();
    let moves = ["Nc3", "Nd6", "Nd3", "Re8"];
    for m in moves {
        type_move(&mut pty, m);
    }
    wait_for_moves(&pty, &moves);
    pty.send_key(Key::Ctrl('q')).unwrap();
    pty.wait_for("It is saved").unwrap();
    common::play::look();
    pty.send_text("y").unwrap();
    assert!(pty.wait_exit().unwrap().success());
    assert_eq!(tag(&current(&data), "Variant").as_deref(), Some("Chess960"));
    assert_eq!(
        tag(&current(&data), "FEN").as_deref(),
        Some("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1")
    );

    let mut pty = start(&data, &["--resume"]);
    pty.wait_for("Resumed").unwrap();
    pty.wait_for("Chess960 #0").unwrap();
    wait_for_moves(&pty, &moves);
    // Black's f8 rook has left, so only the h8 rook can castle: king-takes-rook, king stays.
    type_move(&mut pty, "b3");
    type_move(&mut pty, "g8h8");
    wait_for_moves(&pty, &["Nc3", "Nd6", "Nd3", "Re8", "b3", "O-O"]);
}

/// The data loss: two windows on one folder. The second never offers, archives or
/// overwrites the game the first is playing; it says who holds it and plays a game of its own,
/// saved in its own file. When the first is killed with SIGKILL, its lock goes with it and its
/// game is offered for resume; the second window's game is found again on its own.
#[cfg(unix)]
#[test]
fn two_windows_on_one_folder_never_touch_each_others_game() {
    let data = fresh_dir("data");
    let mut a = start(&data, &["--white", "Ann", "--black", "Bob"]);
    a.wait_for("Ann (White) to move").unwrap();
    type_move(&mut a, "e4");
    type_move(&mut a, "e5");
    wait_for_moves(&a, &["e4", "e5"]);
    wait_until("A's autosave", || {
        fs::read_to_string(current(&data)).is_ok_and(|t| t.contains("1. e4 e5"))
    });

    let pid = a.process_id().unwrap();
    let mut b = start(&data, &["--white", "Cy", "--black", "Di"]);
    b.wait_for(&format!(
        "A game is being played in another hotseat window (process {pid}) since"
    ))
    .unwrap();
    assert!(!b.screen_text().contains("Resume?"), "{}", b.dump());
    b.wait_for("Cy (White) ›").unwrap();
    type_move(&mut b, "c4");
    type_move(&mut b, "c5");
    wait_for_moves(&b, &["c4", "c5"]);
    type_move(&mut a, "Bb5");
    wait_for_moves(&a, &["e4", "e5", "Bb5"]);
    b.send_key(Key::Ctrl('q')).unwrap();
    b.wait_for("It is saved").unwrap();
    common::play::look();
    b.send_text("y").unwrap();
    assert!(b.wait_exit().unwrap().success());

    let second = data.join("current-2.pgn");
    wait_until("A's save of Bb5", || {
        fs::read_to_string(current(&data)).is_ok_and(|t| t.contains("2. Bb5"))
    });
    let text = fs::read_to_string(&second).unwrap();
    assert!(text.contains("1. c4 c5 *"), "{text}");
    assert!(!data.join("games").exists(), "nothing archived");

    // A dies without a word: its lock goes, and its game is offered again.
    a.signal("KILL").unwrap();
    assert!(!a.wait_exit().unwrap().success());
    let mut c = start(&data, &[]);
    c.wait_for("Resume?").unwrap();
    c.wait_for("Ann vs Bob, move 2").unwrap();
    assert!(!c.screen_text().contains("another hotseat window"));
    // While C holds A's game, a fourth window finds B's.
    let mut d = start(&data, &[]);
    d.wait_for("Resume?").unwrap();
    d.wait_for("Cy vs Di, move 2").unwrap();
    d.wait_for("another hotseat window").unwrap();
    d.send_text("y").unwrap();
    wait_for_moves(&d, &["c4", "c5"]);
    c.send_text("y").unwrap();
    wait_for_moves(&c, &["e4", "e5", "Bb5"]);
}

/// The saved games in `data`: the text of every `current*.pgn`, slots and files of their own.
fn games_on_disk(data: &Path) -> Vec<String> {
    files_in(data)
        .iter()
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("current") && n.ends_with(".pgn"))
        })
        .filter_map(|p| fs::read_to_string(p).ok())
        .collect()
}

/// Waits until one saved game in `data` holds `movetext`.
fn wait_for_save(data: &Path, movetext: &str) {
    wait_until(&format!("a save of {movetext:?}"), || {
        games_on_disk(data).iter().any(|t| t.contains(movetext))
    });
}

/// Waits until the words of `text` are on screen, maybe wrapped over lines (as the status
/// line wraps).
fn wait_for_wrapped(pty: &Pty, text: &str) {
    let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let text = words(text);
    pty.wait_until(&format!("{text:?} on screen"), |s| {
        words(&s.contents()).contains(&text)
    })
    .unwrap();
}

/// Quits `pty`'s game, saved.
fn quit_saved(pty: &mut Pty) {
    pty.send_key(Key::Ctrl('q')).unwrap();
    pty.wait_for("It is saved").unwrap();
    common::play::look();
    pty.send_text("y").unwrap();
    assert!(pty.wait_exit().unwrap().success(), "{}", pty.dump());
}

/// The loss: with a folder in place of `current.lock`, two windows wrote one game and
/// the first one's moves were gone. Now each plays in a locked slot of its own and says why
/// the first slot is left alone.
#[cfg(unix)]
#[test]
fn a_folder_in_place_of_the_lock_never_makes_two_windows_write_one_game() {
    let data = fresh_dir("data");
    fs::create_dir_all(data.join("current.lock")).unwrap();
    let mut a = start(&data, &["--white", "Ann", "--black", "Bob"]);
    wait_for_wrapped(
        &a,
        "it is a folder, not a file; that game slot is left alone",
    );
    for m in OPENING {
        type_move(&mut a, m);
    }
    wait_for_moves(&a, &OPENING);
    let mut b = start(&data, &["--white", "Cy", "--black", "Di"]);
    b.wait_for("Cy (White)").unwrap();
    type_move(&mut b, "d4");
    wait_for_moves(&b, &["d4"]);
    wait_for_save(&data, "1. e4 e5 2. Nf3 *");
    a.signal("KILL").unwrap();
    assert!(!a.wait_exit().unwrap().success());
    quit_saved(&mut b);
    let games = games_on_disk(&data);
    for movetext in ["1. e4 e5 2. Nf3 *", "1. d4 *"] {
        assert_eq!(
            games.iter().filter(|t| t.contains(movetext)).count(),
            1,
            "{movetext} in {games:#?}"
        );
    }
}

/// Ten windows on one folder, one more than there are slots: the tenth plays in a file of its
/// own and says so. Some are killed with SIGKILL (a different choice each run, printed), the
/// others quit: every window's moves are on disk, each in a file of its own.
#[cfg(unix)]
#[test]
fn ten_windows_killed_at_random_keep_every_windows_moves() {
    let data = fresh_dir("data");
    let first = ["a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4"];
    let mut windows: Vec<Pty> = Vec::new();
    for (n, m) in first.iter().enumerate() {
        let white = format!("W{n}");
        let mut pty = start(&data, &["--white", &white, "--black", "Nb"]);
        pty.wait_for(&format!("{white} (White)")).unwrap();
        if n == 9 {
            wait_for_wrapped(&pty, "Playing in a file of its own");
        }
        type_move(&mut pty, m);
        type_move(&mut pty, "Nc6");
        wait_for_moves(&pty, &[m, "Nc6"]);
        wait_for_save(&data, &format!("1. {m} Nc6 *"));
        windows.push(pty);
    }
    let seed = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    for (n, pty) in windows.iter_mut().enumerate() {
        if (seed >> (n + 3)) & 1 == 1 {
            pty.signal("KILL").unwrap();
            assert!(!pty.wait_exit().unwrap().success());
        } else {
            quit_saved(pty);
        }
    }
    let games = games_on_disk(&data);
    assert_eq!(games.len(), 10, "seed {seed}: {games:#?}");
    for m in first {
        let movetext = format!("1. {m} Nc6 *");
        assert_eq!(
            games.iter().filter(|t| t.contains(&movetext)).count(),
            1,
            "seed {seed}: {movetext} in {games:#?}"
        );
    }
}

/// hotseat as a user whom permissions stop, in a 160x30 terminal, on `data`.
#[cfg(unix)]
fn start_unprivileged(data: &Path, args: &[&str]) -> Pty {
    PtyCommand::hotseat_unprivileged()
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .env("NO_COLOR", "1")
        .size(160, 30)
        .spawn()
        .unwrap()
}

/// The loss: an autosave that cannot be read (mode 000) sent the new game nowhere. It
/// is left exactly as it is, and the new game is saved in a file of its own, named on screen.
#[cfg(unix)]
#[test]
fn an_unreadable_autosave_is_left_as_it_is_and_the_new_game_saved_elsewhere() {
    use std::os::unix::fs::PermissionsExt;
    let data = fresh_dir("data");
    saved_game(&data, &OPENING);
    let before = fs::read(current(&data)).unwrap();
    fs::set_permissions(current(&data), fs::Permissions::from_mode(0o000)).unwrap();
    give_to_unprivileged(&data);
    give_to_unprivileged(&data.join("current.lock"));

    let mut pty = start_unprivileged(&data, &[]);
    pty.wait_for("permission denied; it is left as it is · this game is saved in")
        .unwrap();
    pty.wait_for("current-own-").unwrap();
    type_move(&mut pty, "d4");
    pty.wait_for("1. d4").unwrap();
    quit_saved(&mut pty);

    fs::set_permissions(current(&data), fs::Permissions::from_mode(0o644)).unwrap();
    assert_eq!(fs::read(current(&data)).unwrap(), before, "left as it was");
    let own: Vec<PathBuf> = files_in(&data)
        .into_iter()
        .filter(|p| p.to_string_lossy().contains("current-own-"))
        .collect();
    assert_eq!(own.len(), 1, "{own:?}");
    let own = &own[0];
    let text = fs::read_to_string(own).unwrap();
    assert!(text.contains("1. d4 *"), "{}: {text}", own.display());
}

/// The clean-up: `current.pgn` archived with `--new` but its folder is read-only, so
/// the old name stays. The screen says where and why, and the next start does not offer the
/// game again (nor archive it twice): it is found in the archive.
#[cfg(unix)]
#[test]
fn a_failed_clean_up_is_reported_and_the_game_not_offered_again() {
    let data = fresh_dir("data");
    saved_game(&data, &OPENING);
    let games = data.join("games");
    fs::create_dir_all(&games).unwrap();
    let said = read_only_for_the_unprivileged(&data);

    let pty = start_unprivileged(&data, &["--new"]);
    wait_for_wrapped(&pty, &said);
    wait_for_wrapped(&pty, "archived as");
    drop(pty);
    the_next_start_says_and_does_not_offer(&data, &said);
    assert_archived_unfinished_once(&data);
}

/// The next start in `data`, read-only as [`read_only_for_the_unprivileged`] made it, says
/// `said` and does not offer the saved game; then `data` is writable again. Returns the
/// screen's words.
#[cfg(unix)]
fn the_next_start_says_and_does_not_offer(data: &Path, said: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let pty = start_unprivileged(data, &[]);
    wait_for_wrapped(&pty, said);
    assert!(!pty.screen_text().contains("Resume?"), "{}", pty.dump());
    let words = pty
        .screen_text()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    drop(pty);
    fs::set_permissions(data, fs::Permissions::from_mode(0o755)).unwrap();
    words
}

/// Makes `data` read-only to the unprivileged player, its archive folder and lock still
/// theirs: the archive can take a game but `current.pgn` cannot be removed. Returns what the
/// screen then says of `current.pgn`.
#[cfg(unix)]
fn read_only_for_the_unprivileged(data: &Path) -> String {
    use std::os::unix::fs::PermissionsExt;
    give_to_unprivileged(&data.join("games"));
    give_to_unprivileged(&data.join("current.lock"));
    // The player's own saved game (hotseat writes it 0600: only its owner reads it).
    give_to_unprivileged(&current(data));
    fs::set_permissions(data, fs::Permissions::from_mode(0o555)).unwrap();
    format!(
        "Cannot remove {}: permission denied; its game is in the archive and is not offered \
         again",
        current(data).display()
    )
}

/// The screen's `words` say the game was archived as `archived`, naming the file (its folder
/// may be shortened to `…/`).
fn assert_names_the_archived_file(words: &str, archived: &Path) {
    let name = archived.file_name().unwrap().to_string_lossy();
    let said = words.split("archived as ").nth(1).unwrap_or_default();
    assert!(
        said.split_whitespace()
            .next()
            .is_some_and(|path| path.ends_with(&format!("/{name}"))),
        "{name} not named in {words}"
    );
}

/// The game of [`saved_game`] with [`OPENING`] is in the archive once, marked unfinished.
fn assert_archived_unfinished_once(data: &Path) {
    let archived = only_file(&data.join("games"), "-Ann-vs-Bob-unfinished.pgn");
    let text = fs::read_to_string(&archived).unwrap();
    assert!(text.contains("1. e4 e5 2. Nf3 *"), "{text}");
    assert_eq!(files_in(&data.join("games")).len(), 1);
}

/// A finished game that could not be archived, filed at "Save it now?" while its folder is
/// read-only: the archive takes it but the old name stays. The screen says where and why, and
/// the next start neither asks again nor files it twice.
#[cfg(unix)]
#[test]
fn a_finished_game_whose_old_name_stays_is_not_asked_about_again() {
    use std::os::unix::fs::PermissionsExt;
    let data = fresh_dir("data");
    let games = data.join("games");
    fs::create_dir_all(&games).unwrap();
    let mate = "[Event \"?\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"0-1\"]\n\n\
                1. f3 e5 2. g4 Qh4# 0-1\n";
    fs::write(current(&data), mate).unwrap();
    fs::write(data.join("current.lock"), "").unwrap();
    let said = read_only_for_the_unprivileged(&data);

    let mut pty = start_unprivileged(&data, &[]);
    pty.wait_for("Save it now?").unwrap();
    pty.send_text("y").unwrap();
    wait_for_wrapped(&pty, &said);
    drop(pty);
    let pty = start_unprivileged(&data, &[]);
    wait_for_wrapped(&pty, &said);
    assert!(
        !pty.screen_text().contains("Save it now?"),
        "{}",
        pty.dump()
    );
    let words = pty
        .screen_text()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    drop(pty);
    fs::set_permissions(&data, fs::Permissions::from_mode(0o755)).unwrap();
    let archived = only_file(&games, "-Ann-vs-Bob.pgn");
    // The screen names the file the archive has it in (its folder may be cut short).
    assert_names_the_archived_file(&words, &archived);
    assert_eq!(fs::read_to_string(archived).unwrap(), mate);
    assert_eq!(files_in(&games).len(), 1, "filed once");
}

/// The in-session clean-up: a game resumed in a folder that has turned read-only (its
/// archive still writable) and played on is set aside by a new game. The archive takes it with
/// the moves played since, but `current.pgn`, which still holds the game as it was, cannot be
/// removed: the screen says so with the path and why, and the next start neither offers the
/// game again nor archives it twice.
#[cfg(unix)]
#[test]
fn a_clean_up_that_fails_in_session_is_reported_and_the_game_not_offered_again() {
    let data = fresh_dir("data");
    saved_game(&data, &OPENING);
    fs::create_dir_all(data.join("games")).unwrap();
    let said = read_only_for_the_unprivileged(&data);

    let mut pty = start_unprivileged(&data, &["--resume"]);
    pty.wait_for("Resumed Ann vs Bob, move 2").unwrap();
    type_move(&mut pty, "Nc6");
    pty.wait_for("Nf3      Nc6").unwrap();
    pty.send_key(Key::Ctrl('n')).unwrap();
    pty.wait_for("New game?").unwrap();
    common::play::look();
    pty.send_text("y").unwrap();
    pty.wait_for("Clock").unwrap();
    pty.send_key(Key::Enter).unwrap();
    wait_for_wrapped(&pty, &said);
    drop(pty);

    let words = the_next_start_says_and_does_not_offer(&data, &said);
    let archived = only_file(&data.join("games"), "-Ann-vs-Bob-unfinished.pgn");
    assert_names_the_archived_file(&words, &archived);
    let text = fs::read_to_string(&archived).unwrap();
    assert!(text.contains("1. e4 e5 2. Nf3 Nc6 *"), "{text}");
    assert_eq!(files_in(&data.join("games")).len(), 1, "archived once");
}
