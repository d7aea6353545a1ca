//! The pictures of the README and the guide: the real screen — [`crate::ui::render`], as the
//! game draws it — of a game in progress on a test backend, as SVG ([`crate::ui::svg`]).
//! `cargo run --example screenshot` writes each of [`PICTURES`] to its path, and a test fails
//! when a committed file differs from what the code draws now, so no picture can go stale.
//! It lives with the front end because it plays the game up to the picture through
//! [`App::update`], which the drawing never does.

use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::app::keymap::{Action, Pointer, PointerKind};
use crate::app::{App, Config};
use crate::game::GameSetup;
use crate::look::{GlyphSet, Palette, Theme};
use crate::rules::Square;

/// Where the example writes the README's picture, relative to the crate.
pub const SCREENSHOT_PATH: &str = "assets/screenshot.svg";

/// A picture: where the example writes it (relative to the crate), and what draws it.
pub type Picture = (&'static str, fn() -> String);

/// Every picture of the README and the guide.
pub const PICTURES: [Picture; 2] = [
    (SCREENSHOT_PATH, readme_screenshot),
    ("docs/img/no-colour-80x24.svg", no_colour_screenshot),
];

/// The README's screenshot: a 5+3 game between Ann and Bob after 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6
/// 4.Ba4 Nf6 5.O-O, Black's bishop picked up with the mouse, drawn at 120x40.
pub fn readme_screenshot() -> String {
    picture(120, 40, Theme::new(Palette::Wood, true), GlyphSet::Unicode)
}

/// The guide's board for a terminal without colour (`--ascii --color never`, or `NO_COLOR`):
/// the same game and moment at 80x24, letters for the pieces.
pub fn no_colour_screenshot() -> String {
    picture(80, 24, Theme::new(Palette::Wood, false), GlyphSet::Ascii)
}

fn picture(width: u16, height: u16, theme: Theme, glyphs: GlyphSet) -> String {
    let mut app = App::new(Config {
        setup: GameSetup {
            white: "Ann".to_owned(),
            black: "Bob".to_owned(),
            white_time: "5+3".parse().expect("a valid time control"),
            black_time: "5+3".parse().expect("a valid time control"),
            ..GameSetup::default()
        },
        theme,
        glyphs,
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
    if let Some(layout) = app.view().board_layout() {
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
