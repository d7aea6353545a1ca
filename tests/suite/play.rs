//! End to end: the real binary in a pseudo-terminal, driven by keys, read from the emulated
//! screen. Every wait is for something to appear on screen (with the harness's generous
//! timeout), never a fixed sleep.

use crate::common;

use std::time::Duration;

use common::play::{board_text, moves_shown, quit, type_move};
use common::pty::{Key, Pty, PtyCommand};

/// The game in a monochrome 80x24 terminal, with `args`.
fn hotseat(args: &[&str]) -> Pty {
    let mut pty = PtyCommand::hotseat()
        .args(args)
        .env("NO_COLOR", "1")
        .size(80, 24)
        .spawn()
        .unwrap();
    pty.wait_for("to move").unwrap();
    pty.wait_for("F1 help").unwrap();
    let _ = &mut pty;
    pty
}

#[test]
fn typed_scholars_mate_ends_in_checkmate_and_1_0() {
    let mut pty = hotseat(&[]);
    for m in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"] {
        type_move(&mut pty, m);
    }
    pty.wait_for("3. Bc4      Nf6").unwrap();
    type_move(&mut pty, "Qxf7");
    pty.wait_for("Checkmate — White wins").unwrap();
    pty.wait_for("1-0").unwrap();
    pty.wait_for("4. Qxf7#").unwrap();
    // A key in the box's first moments was on its way as the game ended: it is typed into
    // the move box, not taken for the box's own (issue 56).
    std::thread::sleep(hotseat::app::requests::ANSWER_GUARD);
    pty.send_text("q").unwrap();
    assert!(pty.wait_exit().unwrap().success());
}

/// Arrow keys from `from` to `to` on a board with White at the bottom.
fn arrows(from: (i32, i32), to: (i32, i32)) -> Vec<Key> {
    let (df, dr) = (to.0 - from.0, to.1 - from.1);
    let mut keys = Vec::new();
    let horizontal = if df > 0 { Key::Right } else { Key::Left };
    let vertical = if dr > 0 { Key::Up } else { Key::Down };
    keys.extend(std::iter::repeat_n(horizontal, df.unsigned_abs() as usize));
    keys.extend(std::iter::repeat_n(vertical, dr.unsigned_abs() as usize));
    keys
}

fn coords(square: &str) -> (i32, i32) {
    let b = square.as_bytes();
    (i32::from(b[0] - b'a'), i32::from(b[1] - b'1'))
}

#[test]
fn the_same_game_by_cursor_keys() {
    let mut pty = hotseat(&[]);
    let mut cursor = coords("e2");
    let moves = [
        ("e2", "e4"),
        ("e7", "e5"),
        ("d1", "h5"),
        ("b8", "c6"),
        ("f1", "c4"),
        ("g8", "f6"),
        ("h5", "f7"),
    ];
    for (from, to) in moves {
        for (square, key) in [(from, Key::Enter), (to, Key::Enter)] {
            pty.send_keys(&arrows(cursor, coords(square))).unwrap();
            cursor = coords(square);
            pty.send_key(key).unwrap();
        }
    }
    pty.wait_for("Checkmate — White wins").unwrap();
    pty.wait_for("1-0").unwrap();
    pty.wait_for("4. Qxf7#").unwrap();
}

#[test]
fn a_promotion_through_the_picker() {
    let mut pty = hotseat(&["--fen", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"]);
    type_move(&mut pty, "b7b8");
    pty.wait_for("Promote to").unwrap();
    pty.wait_for("[♕ Queen]").unwrap();
    pty.send_keys(&[Key::Right, Key::Right, Key::Right])
        .unwrap();
    pty.wait_for("[♘ Knight]").unwrap();
    pty.send_key(Key::Enter).unwrap();
    pty.wait_for("1. b8=N").unwrap();
    // A knight is not enough to mate: the game is drawn at once.
    pty.wait_for("insufficient material").unwrap();
    pty.wait_for("1/2-1/2").unwrap();
}

#[test]
fn an_illegal_move_is_rejected_with_the_board_unchanged() {
    let mut pty = hotseat(&[]);
    let before = board_text(&pty);
    type_move(&mut pty, "e5");
    pty.wait_for("no white pawn can reach e5").unwrap();
    assert_eq!(board_text(&pty), before);
    assert!(pty.screen_text().contains("White › e5"), "the text stays");
    assert!(pty.screen_text().contains("no moves yet"));
    quit(pty);
}

#[test]
fn a_draw_offer_accepted() {
    let mut pty = hotseat(&["--white", "Ann", "--black", "Bob"]);
    pty.send_key(Key::Ctrl('d')).unwrap();
    pty.wait_for("offers a draw with this move").unwrap();
    type_move(&mut pty, "e4");
    pty.wait_for("1. e4").unwrap();
    pty.wait_for("offers a draw · ").unwrap();
    common::play::look();
    pty.send_key(Key::Ctrl('d')).unwrap();
    pty.wait_for("Draw by agreement").unwrap();
    pty.wait_for("1/2-1/2").unwrap();
}

#[test]
fn a_short_clock_runs_out() {
    // Two seconds for White, time odds against a 5-minute Black.
    let mut pty = hotseat(&["--white-time", "2s+0", "--black-time", "5+0"]);
    pty.wait_for("Ready?").unwrap();
    pty.wait_for("0:02.0").unwrap();
    pty.wait_for("White 2s+0, Black 5+0").unwrap();
    pty.send_key(Key::Enter).unwrap();
    pty.wait_for_within("Black wins on time", Duration::from_secs(20))
        .unwrap();
    pty.wait_for("0-1").unwrap();
    pty.wait_for("0:00.0 flag").unwrap();
}

#[test]
fn a_resize_redraws_at_once() {
    let mut pty = hotseat(&[]);
    pty.resize(50, 12).unwrap();
    pty.wait_for("terminal too small: need 60x16 (have 50x12)")
        .unwrap();
    pty.resize(160, 50).unwrap();
    pty.wait_until("a big board", |s| {
        let text = s.contents();
        !text.contains("too small") && text.contains("F1 help") && text.contains("a          b")
    })
    .unwrap();
    pty.resize(80, 24).unwrap();
    pty.wait_until("the 80x24 board", |s| {
        s.contents().contains("a    b    c    d")
    })
    .unwrap();
    quit(pty);
}

#[test]
fn quitting_restores_the_terminal() {
    let mut pty = hotseat(&[]);
    pty.with_screen(|s| {
        assert!(
            s.alternate_screen(),
            "the game draws on the alternate screen"
        );
    });
    type_move(&mut pty, "e4");
    pty.wait_for("1. e4").unwrap();
    pty.send_key(Key::Ctrl('q')).unwrap();
    pty.wait_for("Quit?").unwrap();
    common::play::look();
    pty.send_text("y").unwrap();
    let status = pty.wait_exit().unwrap();
    assert!(status.success(), "{status}");
    pty.with_screen(|s| {
        assert!(!s.alternate_screen(), "back on the main screen");
        assert!(!s.hide_cursor(), "the cursor is shown again");
        assert_eq!(
            s.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "mouse reporting is off"
        );
    });
}

#[test]
fn bad_options_are_reported_before_any_screen() {
    let mut pty = PtyCommand::hotseat()
        .args(["--time", "5+"])
        .spawn()
        .unwrap();
    let status = pty.wait_exit().unwrap();
    assert_eq!(status.exit_code(), 2);
    let text = pty.screen_text();
    assert!(text.contains("like 5+3"), "{text}");
    pty.with_screen(|s| assert!(!s.alternate_screen()));
}

/// The 1-based terminal cell in the middle of `square` at 80x24, White at the bottom.
fn cell(square: &str) -> (u16, u16) {
    use hotseat::rules::Color;
    use hotseat::ui::board::BoardLayout;
    use hotseat::ui::layout::ScreenLayout;
    use ratatui::layout::Rect;
    let screen = ScreenLayout::new(Rect::new(0, 0, 80, 24)).unwrap();
    let layout = BoardLayout::new(screen.board, Color::White).unwrap();
    let p = layout.glyph_position(square.parse().unwrap());
    (p.x + 1, p.y + 1)
}

/// An SGR mouse report: `button` 0 is the left button, 32 a motion with it held.
fn mouse(pty: &mut Pty, button: u8, square: &str, pressed: bool) {
    let (x, y) = cell(square);
    let end = if pressed { 'M' } else { 'm' };
    pty.send_text(&format!("\x1b[<{button};{x};{y}{end}"))
        .unwrap();
}

#[test]
fn moves_by_mouse_click_and_drag() {
    let mut pty = hotseat(&[]);
    pty.with_screen(|s| {
        assert_ne!(
            s.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "the game asks for mouse reports"
        );
    });
    mouse(&mut pty, 0, "g1", true);
    mouse(&mut pty, 0, "g1", false);
    mouse(&mut pty, 0, "f3", true);
    mouse(&mut pty, 0, "f3", false);
    pty.wait_for("1. Nf3").unwrap();
    mouse(&mut pty, 0, "e7", true);
    mouse(&mut pty, 32, "e6", true);
    mouse(&mut pty, 32, "e5", true);
    mouse(&mut pty, 0, "e5", false);
    pty.wait_for("1. Nf3      e5").unwrap();
    quit(pty);
}

/// Chess960 start 0 (BBQNNRKR): each king starts between two rooks that touch it. Black
/// castles kingside by typing O-O (the king stays on g8, the h8 rook jumps to f8); White
/// castles queenside with the cursor, putting the king on the f1 rook beside it (the king
/// walks to c1, the rook to d1).
#[test]
fn chess960_game_castles_both_ways_with_king_and_rook_side_by_side() {
    let mut pty = hotseat(&["--chess960", "0"]);
    pty.wait_for("Chess960 #0").unwrap();
    for m in ["Nc3", "Nd6", "Nd3", "Re8", "b3", "a6", "Qb2", "O-O"] {
        type_move(&mut pty, m);
    }
    pty.wait_for("4. Qb2      O-O").unwrap();
    // To a1 whatever the cursor's square, then to g1: pick up the king, put it on f1.
    pty.send_keys(&[Key::Left; 8]).unwrap();
    pty.send_keys(&[Key::Down; 8]).unwrap();
    pty.send_keys(&arrows((0, 0), coords("g1"))).unwrap();
    pty.send_key(Key::Enter).unwrap();
    pty.send_keys(&arrows(coords("g1"), coords("f1"))).unwrap();
    pty.send_key(Key::Enter).unwrap();
    pty.wait_for("5. O-O-O").unwrap();
    let moves = pty.with_screen(moves_shown);
    assert_eq!(
        moves,
        [
            "Nc3", "Nd6", "Nd3", "Re8", "b3", "a6", "Qb2", "O-O", "O-O-O"
        ],
        "{}",
        pty.dump()
    );
    let board = board_text(&pty);
    let back_rank = board
        .lines()
        .find(|l| l.trim_start().starts_with('1'))
        .unwrap();
    let pieces: String = back_rank.chars().filter(|&c| "♔♖♗".contains(c)).collect();
    assert_eq!(pieces, "♗♗♔♖♖", "{board}");
    quit(pty);
}

#[test]
fn a_loaded_game_with_an_illegal_move_opens_up_to_it_and_says_why() {
    let dir = common::pty::fresh_dir("play");
    let path = dir.join("games.pgn");
    std::fs::write(
        &path,
        "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. d4 d5 *\n\n\
         [White \"Cy\"]\n[Black \"Di\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 Nc6 1-0\n",
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let pty = hotseat(&["--load", path, "--game", "2"]);
    pty.wait_for("1. e4       e5").unwrap();
    // The status line may wrap anywhere in it: its words are read across the lines.
    let said = "stopped at move 2. \"Ke3\", which cannot be played: no white king can reach e3";
    pty.wait_until(&format!("{said:?} on screen"), |s| {
        let words = s
            .contents()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        words.contains(said)
    })
    .unwrap();
    assert!(
        pty.screen_text().contains("White to move"),
        "the game goes on from there: {}",
        pty.screen_text()
    );
    quit(pty);
}
