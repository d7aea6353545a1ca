//! Playing hotseat in a pseudo-terminal: typing moves, quitting, and reading the board, the
//! move list and the clocks off the 80x24 screen.

use std::time::Duration;

use vt100::Screen;

use super::pty::{Key, Pty};

/// Columns of the board at 80x24; the side panel (clocks, move list) is right of it.
const BOARD_COLS: u16 = 44;

/// Types a move and presses Enter.
pub fn type_move(pty: &mut Pty, text: &str) {
    pty.send_text(text).unwrap();
    pty.send_key(Key::Enter).unwrap();
}

/// The board's part of the screen (left of the side panel).
pub fn board_text(pty: &Pty) -> String {
    pty.with_screen(|s| {
        s.rows(0, BOARD_COLS)
            .take(20)
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// The moves of the move list, without their numbers: `["e4", "e5", "Nf3"]`.
pub fn moves_shown(s: &Screen) -> Vec<String> {
    move_list(s)
        .iter()
        .flat_map(|row| row.split_whitespace().skip(1))
        .map(str::to_owned)
        .collect()
}

/// The side panel's rows (clocks, captured pieces, move list) inside its frame, trimmed.
pub fn panel_rows(s: &Screen) -> Vec<String> {
    let cols = s.size().1.get() - BOARD_COLS;
    s.rows(BOARD_COLS, cols)
        .map(|r| {
            r.trim_matches(|c: char| c == '│' || c.is_whitespace())
                .to_owned()
        })
        .collect()
}

/// The move list as shown: the panel's rows that start with a move number (`1. e4       e5`).
pub fn move_list(s: &Screen) -> Vec<String> {
    panel_rows(s)
        .into_iter()
        .filter(|r| {
            let digits = r.chars().take_while(char::is_ascii_digit).count();
            digits > 0 && r[digits..].starts_with(". ")
        })
        .collect()
}

/// The time on `player`'s clock line (`Ann (White)` or plain `White`): `4:57` is 297 s.
pub fn clock(s: &Screen, player: &str) -> Option<Duration> {
    panel_rows(s)
        .iter()
        .filter(|row| row.contains(player))
        .find_map(|row| row.split_whitespace().find_map(parse_clock))
}

/// `4:57`, `1:02:03` or `0:07.3` as a duration.
pub fn parse_clock(text: &str) -> Option<Duration> {
    let (whole, tenths) = match text.split_once('.') {
        Some((w, t)) if t.len() == 1 => (w, t.parse::<u64>().ok()?),
        Some(_) => return None,
        None => (text, 0),
    };
    let parts: Vec<u64> = whole
        .split(':')
        .map(|p| p.parse::<u64>().ok().filter(|_| !p.is_empty()))
        .collect::<Option<_>>()?;
    if parts.len() < 2 || parts.len() > 3 || parts[1..].iter().any(|&p| p > 59) {
        return None;
    }
    let secs = parts.iter().fold(0, |acc, p| acc * 60 + p);
    Some(Duration::from_millis(secs * 1000 + tenths * 100))
}

/// A player's look at a question just shown before answering it: a key sent in the first
/// 0.3 s after a question opens was already on its way and does not say yes to it.
pub fn look() {
    std::thread::sleep(Duration::from_millis(400));
}

/// Quits: Ctrl-Q, then `y` if a game in progress makes it ask. The program must exit with 0.
pub fn quit(mut pty: Pty) {
    pty.send_key(Key::Ctrl('q')).unwrap();
    if pty.wait_for_within("Quit?", Duration::from_secs(2)).is_ok() {
        look();
        pty.send_text("y").unwrap();
    }
    let status = pty.wait_exit().unwrap();
    assert!(status.success(), "{status}");
}
