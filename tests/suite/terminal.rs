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

/// A draw offer, the quit question or the pause open, the clock running, arrow keys queued
/// ahead of each resize, and the terminal shrunk from 100x30 to 148x16 and back a dozen times:
/// the program draws every size and keeps running.
#[test]
fn resizes_under_each_dialog_with_keys_queued_never_panic() {
    for (open, shown) in [
        (Key::Ctrl('d'), "offers a draw"),
        (Key::Ctrl('q'), "Quit?"),
        (Key::Ctrl('p'), "aused"),
    ] {
        let mut pty = running_game(100, 30);
        pty.send_key(open).unwrap();
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
        pty.wait_until("the 100x30 screen drawn again", |s| {
            s.contents().contains("F1") && s.contents().contains("Ann")
        })
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
