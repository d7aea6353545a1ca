//! The terminal's life around a game, end to end: resizes under every dialog, and a stop with
//! SIGTSTP and SIGCONT. Every wait has the harness's own timeout and prints the screen.

use crate::common;

use std::time::Duration;

use common::play::type_move;
use common::pty::{Key, Pty, PtyCommand};

/// A 5+3 game of Ann and Bob in a monochrome terminal of `cols` x `rows`, after 1. e4 e5 (so
/// that White's clock runs).
fn running_game(cols: u16, rows: u16) -> Pty {
    let mut pty = PtyCommand::hotseat()
        .args(["--white", "Ann", "--black", "Bob", "--time", "5+3"])
        .env("NO_COLOR", "1")
        .size(cols, rows)
        .spawn()
        .unwrap();
    pty.wait_for("F1 help").unwrap();
    if pty.screen_text().contains("Ready?") {
        pty.send_key(Key::Enter).unwrap();
    }
    type_move(&mut pty, "e4");
    pty.wait_for("1. e4").unwrap();
    type_move(&mut pty, "e5");
    pty.wait_for("e5").unwrap();
    pty
}

/// A draw offer (Ann offers with her move: Bob's question stands), the quit question or the
/// clocks paused (asked and agreed), the clock running, arrow keys queued ahead of each resize, and the terminal
/// shrunk from 100x30 to 148x16 and back a dozen times: the program draws every size and
/// keeps running.
#[test]
fn resizes_under_each_dialog_with_keys_queued_never_panic() {
    for (open, with_move, shown) in [
        (Key::Ctrl('d'), Some("Nf3"), "offers a draw · "),
        (Key::Ctrl('q'), None, "Quit?"),
        (Key::Ctrl('p'), None, "aused"),
    ] {
        let mut pty = running_game(100, 30);
        pty.send_key(open).unwrap();
        if open == Key::Ctrl('p') {
            // Asked, and agreed after a look: the clocks stop.
            pty.wait_for("asks to stop the clocks").unwrap();
            common::play::look();
            pty.send_key(open).unwrap();
        }
        if let Some(mv) = with_move {
            type_move(&mut pty, mv);
        }
        pty.wait_for(shown).unwrap();
        // Enough keys in one write that the program is still working through them when the
        // resize comes: frames are drawn at the new size before the resize event is read.
        let arrows: Vec<Key> = [Key::Up, Key::Left, Key::Down, Key::Right]
            .into_iter()
            .cycle()
            .take(120)
            .collect();
        for _ in 0..12 {
            pty.send_keys(&arrows).unwrap();
            pty.resize(148, 16).unwrap();
            pty.send_keys(&arrows).unwrap();
            pty.resize(100, 30).unwrap();
        }
        // Ctrl-L last, as a player would after such a storm: on a loaded machine a frame
        // drawn for the size of a moment before may reach the emulator after it has changed
        // size again, and only the program being alive is at stake here.
        pty.send_key(Key::Ctrl('l')).unwrap();
        // Nearly three thousand keys and two dozen resizes to work through: on a loaded
        // machine that takes longer than one key's usual wait.
        pty.wait_until_within(
            "the 100x30 screen drawn again",
            Duration::from_secs(40),
            |s| s.contents().contains("F1") && s.contents().contains("Ann"),
        )
        .unwrap();
        // Still running (a panic would have ended it with the screen restored), then ended
        // as a signal ends it.
        let early = pty.wait_exit_within(Duration::from_millis(500));
        assert!(
            early.is_err(),
            "the program ended: {early:?}\n{}",
            pty.dump()
        );
        pty.signal("TERM").unwrap();
        let status = pty.wait_exit().unwrap();
        assert_eq!(status.exit_code(), 128 + 15, "{}", pty.dump());
    }
}

/// The state letter of process `pid` in `/proc` (`T` when stopped).
#[cfg(target_os = "linux")]
fn process_state(pid: u32) -> char {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The state follows the command name in parentheses, which may itself hold spaces.
    stat.rsplit_once(") ")
        .and_then(|(_, rest)| rest.chars().next())
        .unwrap_or('?')
}

/// Waits (at most 10 s) for the process `pid` to be stopped.
#[cfg(target_os = "linux")]
fn wait_stopped(pid: u32) {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while process_state(pid) != 'T' {
        assert!(std::time::Instant::now() < deadline, "not stopped");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// SIGTSTP: the game is saved and the terminal given back as it was found (main screen, the
/// cursor shown, cooked mode, where typed text echoes) before the process stops. SIGCONT: the
/// terminal is taken back and everything drawn again; White's clock ran on through the stop,
/// and the screen says how long it lasted.
#[cfg(target_os = "linux")]
#[test]
fn a_stop_gives_the_terminal_back_and_a_continue_redraws_with_the_clock_run_on() {
    let mut pty = running_game(80, 24);
    let pid = pty.process_id().unwrap();
    pty.wait_until("White's clock running", |s| {
        common::play::clock(s, "Ann (White)").is_some_and(|t| t < Duration::from_secs(300))
    })
    .unwrap();
    let before = pty
        .with_screen(|s| common::play::clock(s, "Ann (White)"))
        .unwrap();
    pty.signal("TSTP").unwrap();
    pty.wait_until("the main screen back", |s| !s.alternate_screen())
        .unwrap();
    wait_stopped(pid);
    pty.with_screen(|s| {
        assert!(!s.hide_cursor(), "the cursor is shown");
        assert_eq!(s.mouse_protocol_mode(), vt100::MouseProtocolMode::None);
    });
    // Cooked mode: the terminal itself echoes what is typed, though nobody reads it.
    pty.send_text("zz").unwrap();
    pty.wait_for("zz").unwrap();
    // Erased again in the terminal's line editing, so that the game never reads them.
    pty.send_keys(&[Key::Backspace, Key::Backspace]).unwrap();
    std::thread::sleep(Duration::from_secs(3));
    pty.signal("CONT").unwrap();
    pty.wait_until("the game drawn again", |s| {
        s.alternate_screen() && s.contents().contains("F1") && s.contents().contains("Bob")
    })
    .unwrap();
    pty.wait_for("The game was stopped for 0:0").unwrap();
    pty.wait_for("clock ran on").unwrap();
    let after = pty
        .with_screen(|s| common::play::clock(s, "Ann (White)"))
        .unwrap();
    assert!(
        before - after >= Duration::from_secs(3),
        "White's clock: {before:?} before the stop, {after:?} after\n{}",
        pty.dump()
    );
    pty.signal("TERM").unwrap();
    assert_eq!(pty.wait_exit().unwrap().exit_code(), 128 + 15);
}

/// Ctrl-Z, as in every terminal program: the same stop as SIGTSTP (the terminal given back,
/// the process stopped), and nothing taken back; SIGCONT (the shell's `fg`) brings the game
/// back with the time away said.
#[cfg(target_os = "linux")]
#[test]
fn ctrl_z_suspends_like_any_terminal_program_and_takes_nothing_back() {
    let mut pty = running_game(80, 24);
    let pid = pty.process_id().unwrap();
    pty.send_key(Key::Ctrl('z')).unwrap();
    pty.wait_until("the main screen back", |s| !s.alternate_screen())
        .unwrap();
    wait_stopped(pid);
    pty.signal("CONT").unwrap();
    pty.wait_for("The game was stopped for").unwrap();
    assert!(
        pty.with_screen(common::play::moves_shown)
            .ends_with(&["e4".to_owned(), "e5".to_owned()]),
        "{}",
        pty.dump()
    );
    pty.signal("TERM").unwrap();
    assert_eq!(pty.wait_exit().unwrap().exit_code(), 128 + 15);
}
