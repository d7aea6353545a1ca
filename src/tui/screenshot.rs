//! The README's screenshot: the real screen — [`crate::ui::render`], as the game draws it — of a
//! game in progress on a 120x40 test backend, as SVG ([`crate::ui::svg`]).
//! `cargo run --example screenshot` writes it to [`SCREENSHOT_PATH`], and a test fails when the
//! committed file differs from what the code draws now, so the README's picture cannot go stale.
//! It lives with the front end because it plays the game up to the picture through
//! [`App::update`], which the drawing never does.

use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::app::keymap::{Action, Pointer, PointerKind};
use crate::app::{App, Config};
use crate::game::GameSetup;
use crate::look::{Palette, Theme};
use crate::rules::Square;

/// Where the example writes the picture, relative to the crate.
pub const SCREENSHOT_PATH: &str = "assets/screenshot.svg";

/// The README's screenshot: a 5+3 game between Ann and Bob after 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6
/// 4.Ba4 Nf6 5.O-O, Black's bishop picked up with the mouse, drawn at 120x40.
pub fn readme_screenshot() -> String {
    let (width, height) = (120, 40);
    let mut app = App::new(Config {
        setup: GameSetup {
            white: "Ann".to_owned(),
            black: "Bob".to_owned(),
            white_time: "5+3".parse().expect("a valid time control"),
            black_time: "5+3".parse().expect("a valid time control"),
            ..GameSetup::default()
        },
        theme: Theme::new(Palette::Wood, true),
        ..Config::default()
    });
    let second = Duration::from_secs(1);
    app.update(Action::Resize { width, height }, Duration::ZERO);
    app.update(Action::Select, Duration::ZERO);
    let moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"];
    for (i, mv) in moves.into_iter().enumerate() {
        for c in mv.chars() {
            app.update(Action::Input(c), second * (7 * i as u32));
        }
        app.update(Action::Select, second * (7 * i as u32 + 5));
    }
    let now = second * 70;
    if let Some(layout) = app.board_layout() {
        let f8 = Square::from_coords(crate::rules::File::F, crate::rules::Rank::Eighth);
        let at = layout.glyph_position(f8);
        for kind in [PointerKind::Down, PointerKind::Up] {
            let pointer = Pointer {
                kind,
                column: at.x,
                row: at.y,
            };
            app.update(Action::Pointer(pointer), now);
        }
    }
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| crate::ui::render(&app, frame))
        .expect("drawing on a test backend");
    crate::ui::svg::to_svg(terminal.backend().buffer())
}
