//! Every colour and style the front end uses, in one place.
//!
//! The players' choice of look is plain data in [`crate::look`] (palette, colour on or off,
//! glyph set), which the app holds without knowing anything about drawing. This module adds the
//! drawing side to [`Theme`]: widgets never name a colour, they ask the theme for the style of
//! a thing ("a dark square that is the last move's origin", "a key in the help screen"). That
//! keeps the palettes consistent and makes the monochrome mode a property of the theme rather
//! than a branch in every widget.
//!
//! # Colour
//!
//! Four palettes ([`Palette::ALL`]): wood (the default), blue, green (tournament vinyl) and
//! contrast (neutral greys whose panel colours read on a light terminal background too). Both
//! sides are drawn with the *filled* shapes, White in near-white and Black in near-black, on
//! squares of middle luminance, so that every piece keeps a contrast ratio of at least 3:1 (the
//! WCAG 2.1 threshold for graphics) on light squares, dark squares and every highlight; a unit
//! test checks each pair, and the cursor frame and target marks too. Highlights replace the
//! square's background; the most important one wins (selected, check, capture target, glow,
//! last move). The cursor is a frame in the square's corners, so it never hides what is under
//! it; quiet move targets are a dot that grows with the square.
//!
//! # Monochrome
//!
//! With `NO_COLOR` set (to anything non-empty) or `--color never`, no colour is emitted at all.
//! Everything is then marked by shape and text attributes only, as described on
//! [`Theme::square`] and in [`crate::ui::board`]: dark squares are hatched (never reverse video,
//! which turns light and dark round on a dark terminal), the last move is underlined, and the
//! cursor, selection, capture targets and check get bracket marks. White's pieces keep the
//! outlined symbols (♔♕♖♗♘♙) and figures, Black's the filled ones, so that the sides differ by
//! shape on either square and either terminal background.

use ratatui::style::{Color as Rgb, Modifier, Style};

pub use crate::look::{ColorChoice, Depth, GlyphSet, Palette, Theme};
use crate::rules::{Color, Piece};

/// The highlights that apply to one square, as the board widget computes them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareMarks {
    pub cursor: bool,
    pub selected: bool,
    /// A legal destination of the selected piece that captures.
    pub capture: bool,
    /// A legal destination that does not capture.
    pub quiet: bool,
    pub last_move: bool,
    pub check: bool,
    pub glow: bool,
}

/// The RGB values of one palette.
#[derive(Clone, Copy, Debug)]
struct Colors {
    light: Rgb,
    dark: Rgb,
    last_move_light: Rgb,
    last_move_dark: Rgb,
    selected: Rgb,
    check: Rgb,
    capture: Rgb,
    glow: Rgb,
    /// White's pieces.
    white: Rgb,
    /// Black's pieces.
    black: Rgb,
    /// Quiet-target dots and capture corners.
    target: Rgb,
    /// The cursor's frame.
    cursor: Rgb,
    /// Titles, borders, the running clock.
    accent: Rgb,
    /// Key names in the help and the footer.
    key: Rgb,
    /// Errors and a low clock.
    error: Rgb,
    /// Secondary text; `None` keeps the terminal's own colour.
    muted: Option<Rgb>,
}

const WOOD: Colors = Colors {
    light: Rgb::Rgb(171, 134, 90),
    dark: Rgb::Rgb(128, 91, 58),
    last_move_light: Rgb::Rgb(162, 140, 60),
    last_move_dark: Rgb::Rgb(129, 110, 35),
    selected: Rgb::Rgb(95, 137, 73),
    check: Rgb::Rgb(207, 62, 50),
    capture: Rgb::Rgb(191, 107, 57),
    glow: Rgb::Rgb(145, 105, 169),
    white: Rgb::Rgb(255, 253, 245),
    black: Rgb::Rgb(20, 16, 12),
    target: Rgb::Rgb(20, 16, 12),
    cursor: Rgb::Rgb(255, 255, 255),
    accent: Rgb::Rgb(222, 184, 135),
    key: Rgb::Yellow,
    error: Rgb::LightRed,
    muted: Some(Rgb::Gray),
};

const BLUE: Colors = Colors {
    light: Rgb::Rgb(118, 144, 164),
    dark: Rgb::Rgb(75, 101, 132),
    last_move_light: Rgb::Rgb(141, 146, 79),
    last_move_dark: Rgb::Rgb(109, 116, 52),
    selected: Rgb::Rgb(82, 138, 98),
    check: Rgb::Rgb(201, 68, 60),
    capture: Rgb::Rgb(188, 108, 66),
    glow: Rgb::Rgb(153, 104, 153),
    white: Rgb::Rgb(255, 255, 255),
    black: Rgb::Rgb(12, 16, 24),
    target: Rgb::Rgb(12, 16, 24),
    cursor: Rgb::Rgb(255, 255, 255),
    accent: Rgb::Rgb(120, 200, 210),
    key: Rgb::Yellow,
    error: Rgb::LightRed,
    muted: Some(Rgb::Gray),
};

const GREEN: Colors = Colors {
    light: Rgb::Rgb(144, 142, 111),
    dark: Rgb::Rgb(73, 107, 66),
    last_move_light: Rgb::Rgb(152, 144, 61),
    last_move_dark: Rgb::Rgb(101, 118, 39),
    selected: Rgb::Rgb(76, 135, 144),
    check: Rgb::Rgb(203, 66, 57),
    capture: Rgb::Rgb(188, 109, 64),
    glow: Rgb::Rgb(150, 105, 153),
    white: Rgb::Rgb(255, 255, 250),
    black: Rgb::Rgb(16, 20, 16),
    target: Rgb::Rgb(16, 20, 16),
    cursor: Rgb::Rgb(255, 255, 255),
    accent: Rgb::Rgb(150, 200, 120),
    key: Rgb::Yellow,
    error: Rgb::LightRed,
    muted: Some(Rgb::Gray),
};

/// Panel colours of middle luminance, readable on a white terminal as on a black one.
const CONTRAST: Colors = Colors {
    light: Rgb::Rgb(145, 145, 145),
    dark: Rgb::Rgb(92, 92, 92),
    last_move_light: Rgb::Rgb(157, 143, 36),
    last_move_dark: Rgb::Rgb(124, 112, 0),
    selected: Rgb::Rgb(36, 135, 180),
    check: Rgb::Rgb(221, 39, 39),
    capture: Rgb::Rgb(202, 101, 0),
    glow: Rgb::Rgb(164, 87, 202),
    white: Rgb::Rgb(255, 255, 255),
    black: Rgb::Rgb(0, 0, 0),
    target: Rgb::Rgb(0, 0, 0),
    cursor: Rgb::Rgb(255, 255, 255),
    accent: Rgb::Rgb(0, 112, 200),
    key: Rgb::Rgb(175, 95, 0),
    error: Rgb::Rgb(205, 0, 0),
    muted: None,
};

/// Every theme on a 16-colour console (`TERM=linux`): of its eight background colours only
/// green and brown (ANSI yellow, brown on a console) keep both sides' pieces — bright white
/// and black — at 3:1, so the squares are those two, the highlights are drawn as marks (as
/// without colour), and the rest is named ANSI colours. The contrast test reads them with the
/// Linux console's own RGB values.
const SIXTEEN: Colors = Colors {
    light: Rgb::Green,
    dark: Rgb::Yellow,
    last_move_light: Rgb::Green,
    last_move_dark: Rgb::Yellow,
    selected: Rgb::Green,
    check: Rgb::Green,
    capture: Rgb::Green,
    glow: Rgb::Green,
    white: Rgb::White,
    black: Rgb::Black,
    target: Rgb::Black,
    cursor: Rgb::White,
    accent: Rgb::LightCyan,
    key: Rgb::LightYellow,
    error: Rgb::LightRed,
    muted: None,
};

impl Colors {
    /// Each colour as the nearest of xterm's 256 (its 6×6×6 cube and its 24 greys; never the
    /// first 16, which every terminal sets differently) that keeps the palette's promises: a
    /// square's colour keeps the pieces and marks at 3:1, and the dark squares stay apart from
    /// the light ones.
    fn nearest_256(self) -> Colors {
        let any = |_: Rgb| true;
        let q = |c: Rgb| nearest_256(c, any);
        let (white, black, target, cursor) =
            (q(self.white), q(self.black), q(self.target), q(self.cursor));
        let readable = move |bg: Rgb| {
            [white, black, target, cursor]
                .into_iter()
                .all(|fg| contrast(fg, bg) >= 3.0)
        };
        let square = |c: Rgb| nearest_256(c, readable);
        let light = square(self.light);
        let dark = nearest_256(self.dark, |bg| readable(bg) && contrast(bg, light) >= 1.6);
        let last_move_light = square(self.last_move_light);
        let last_move_dark = nearest_256(self.last_move_dark, |bg| {
            readable(bg) && contrast(bg, last_move_light) >= 1.4
        });
        Colors {
            light,
            dark,
            last_move_light,
            last_move_dark,
            selected: square(self.selected),
            check: square(self.check),
            capture: square(self.capture),
            glow: square(self.glow),
            white,
            black,
            target,
            cursor,
            accent: q(self.accent),
            key: q(self.key),
            error: q(self.error),
            muted: self.muted.map(q),
        }
    }
}

/// The RGB a terminal shows for `color`: its own for RGB, xterm's for the 256, the Linux
/// console's (VGA) for the named 16 — the terminal a 16-colour theme is chosen for.
pub fn shown_rgb(color: Rgb) -> (u8, u8, u8) {
    match color {
        Rgb::Rgb(r, g, b) => (r, g, b),
        Rgb::Indexed(i) => xterm_rgb(i),
        Rgb::Black | Rgb::Reset => (0, 0, 0),
        Rgb::Red => (170, 0, 0),
        Rgb::Green => (0, 170, 0),
        Rgb::Yellow => (170, 85, 0),
        Rgb::Blue => (0, 0, 170),
        Rgb::Magenta => (170, 0, 170),
        Rgb::Cyan => (0, 170, 170),
        Rgb::Gray => (170, 170, 170),
        Rgb::DarkGray => (85, 85, 85),
        Rgb::LightRed => (255, 85, 85),
        Rgb::LightGreen => (85, 255, 85),
        Rgb::LightYellow => (255, 255, 85),
        Rgb::LightBlue => (85, 85, 255),
        Rgb::LightMagenta => (255, 85, 255),
        Rgb::LightCyan => (85, 255, 255),
        Rgb::White => (255, 255, 255),
    }
}

fn linear(channel: u8) -> f64 {
    let c = f64::from(channel) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        // x^2.4 as e^(2.4 ln x): the binary links no C math library's pow (see src/main.rs).
        (2.4 * ((c + 0.055) / 1.055).ln()).exp()
    }
}

/// The relative luminance of `color` as shown (WCAG 2.1).
fn luminance(color: Rgb) -> f64 {
    let (r, g, b) = shown_rgb(color);
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/// The contrast ratio of two colours as shown (WCAG 2.1): 1 to 21.
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The levels of each channel in xterm's colour cube (indices 16 to 231).
const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];

/// The RGB of xterm's colour `index` (16 to 255).
pub fn xterm_rgb(index: u8) -> (u8, u8, u8) {
    match index {
        16..=231 => {
            let i = index - 16;
            (
                CUBE[usize::from(i / 36)],
                CUBE[usize::from(i / 6 % 6)],
                CUBE[usize::from(i % 6)],
            )
        }
        232..=255 => {
            let g = 8 + 10 * (index - 232);
            (g, g, g)
        }
        // Set by each terminal: the nearest colour is never one of them.
        _ => (0, 0, 0),
    }
}

/// The xterm colour nearest to an RGB colour among those `ok` takes (named colours are kept as
/// they are; where `ok` takes none, the nearest of all).
fn nearest_256(color: Rgb, ok: impl Fn(Rgb) -> bool) -> Rgb {
    let Rgb::Rgb(r, g, b) = color else {
        return color;
    };
    let distance = |(x, y, z): (u8, u8, u8)| {
        let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2);
        // Green weighs most, blue least, as the eye sees them.
        3 * d(x, r) + 4 * d(y, g) + 2 * d(z, b)
    };
    let nearest = |ok: &dyn Fn(Rgb) -> bool| {
        (16..=255u8)
            .filter(|&i| ok(Rgb::Indexed(i)))
            .min_by_key(|&i| distance(xterm_rgb(i)))
    };
    Rgb::Indexed(nearest(&ok).or_else(|| nearest(&|_| true)).unwrap_or(16))
}

const fn colors(palette: Palette) -> &'static Colors {
    match palette {
        Palette::Wood => &WOOD,
        Palette::Blue => &BLUE,
        Palette::Green => &GREEN,
        Palette::Contrast => &CONTRAST,
    }
}

/// The drawing side of the players' [`Theme`].
impl Theme {
    /// The palette's colours, as many as the terminal shows.
    fn colors(&self) -> Colors {
        let own = *colors(self.palette());
        match self.depth() {
            Depth::TrueColor => own,
            Depth::Ansi256 => own.nearest_256(),
            Depth::Ansi16 => SIXTEEN,
        }
    }

    /// Whether the highlights (selection, check, targets, the last move) are drawn as marks
    /// beside the piece rather than as the square's colour: without colour, and on a
    /// 16-colour console, which has too few colours for them.
    pub fn marks_highlights(&self) -> bool {
        self.is_monochrome() || self.depth() == Depth::Ansi16
    }

    /// The style of a square's cells: background (colour) or attributes (monochrome).
    ///
    /// In colour the most important highlight picks the background; the cursor is a frame drawn by
    /// the board, over whatever background the square has. In monochrome the square's colour
    /// is not a style at all (the board hatches dark squares, so that they read the same on a
    /// dark and a light terminal) and the last move underlines the square; the other
    /// highlights are drawn as marks by the board, with [`Theme::mark`].
    pub fn square(&self, dark: bool, marks: SquareMarks) -> Style {
        if self.is_monochrome() {
            let mut style = Style::new();
            if marks.last_move {
                style = style.add_modifier(Modifier::UNDERLINED);
            }
            return style;
        }
        let c = self.colors();
        if self.marks_highlights() {
            // The square's own colour; the last move underlined, the rest marked by the board.
            let style = Style::new().bg(if dark { c.dark } else { c.light });
            return if marks.last_move {
                style.add_modifier(Modifier::UNDERLINED)
            } else {
                style
            };
        }
        let bg = if marks.selected {
            c.selected
        } else if marks.check {
            c.check
        } else if marks.capture {
            c.capture
        } else if marks.glow {
            c.glow
        } else if marks.last_move {
            if dark {
                c.last_move_dark
            } else {
                c.last_move_light
            }
        } else if dark {
            c.dark
        } else {
            c.light
        };
        Style::new().bg(bg)
    }

    /// The character that draws `piece` with `glyphs` in this theme: in colour both sides use
    /// the filled Unicode shapes (told apart by colour); without colour White keeps the outlined
    /// ones; ASCII keeps letters.
    ///
    /// ```
    /// use hotseat::rules::{Color, Piece, Role};
    /// use hotseat::ui::theme::{GlyphSet, Palette, Theme};
    /// let white_knight = Piece::new(Color::White, Role::Knight);
    /// assert_eq!(Theme::new(Palette::Wood, true).glyph(GlyphSet::Unicode, white_knight), '♞');
    /// assert_eq!(Theme::monochrome().glyph(GlyphSet::Unicode, white_knight), '♘');
    /// assert_eq!(Theme::monochrome().glyph(GlyphSet::Ascii, white_knight), 'N');
    /// ```
    pub fn glyph(&self, glyphs: GlyphSet, piece: Piece) -> char {
        match glyphs {
            GlyphSet::Unicode if !self.is_monochrome() => GlyphSet::solid(piece.role),
            _ => glyphs.piece(piece),
        }
    }

    /// The style of a piece (glyph or figure), patched over its square's style.
    ///
    /// A glowing piece (one the typed text could move) is bold; in monochrome its cell is also
    /// inverted against the square, which the board does by toggling reverse video.
    pub fn piece(&self, color: Color, glow: bool) -> Style {
        let mut style = Style::new();
        if !self.is_monochrome() {
            let c = self.colors();
            style = style.fg(color.fold(c.white, c.black));
        }
        if glow {
            style = style.add_modifier(Modifier::BOLD);
        }
        style
    }

    /// The style of a captured piece beside the board: in colour, its side's colour on a light
    /// square's, as on the board; without colour, none (the glyph's shape tells the side).
    pub fn captured(&self, color: Color) -> Style {
        if self.is_monochrome() {
            return Style::new();
        }
        self.square(false, SquareMarks::default())
            .patch(self.piece(color, false))
    }

    /// The style of a move-target dot or capture corner, patched over its square's style.
    pub fn target(&self) -> Style {
        if self.is_monochrome() {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            Style::new()
                .fg(self.colors().target)
                .add_modifier(Modifier::BOLD)
        }
    }

    /// The style of the cursor's frame, patched over its square's style.
    pub fn cursor(&self) -> Style {
        if self.is_monochrome() {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            Style::new()
                .fg(self.colors().cursor)
                .add_modifier(Modifier::BOLD)
        }
    }

    /// The style of a shape mark (`[ ]`, `( )`, `! !`, `> <`), patched over the square's style.
    pub fn mark(&self) -> Style {
        let style = Style::new().add_modifier(Modifier::BOLD);
        if self.is_monochrome() {
            style
        } else {
            // On a 16-colour console's squares: bright white, as the cursor.
            style.fg(self.colors().cursor)
        }
    }

    /// File letters and rank numbers; `current` for the cursor's file and rank.
    pub fn label(&self, current: bool) -> Style {
        match (self.is_monochrome(), current) {
            (_, false) => Style::new(),
            (true, true) => Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            (false, true) => Style::new()
                .fg(self.colors().accent)
                .add_modifier(Modifier::BOLD),
        }
    }

    /// Ordinary text in panels and popups.
    pub fn text(&self) -> Style {
        Style::new()
    }

    /// Secondary text: hints, examples, scroll indicators.
    pub fn muted(&self) -> Style {
        match self.colors().muted {
            Some(muted) if !self.is_monochrome() => Style::new().fg(muted),
            _ => Style::new(),
        }
    }

    /// Headings and popup titles.
    pub fn title(&self) -> Style {
        let style = Style::new().add_modifier(Modifier::BOLD);
        if self.is_monochrome() {
            style
        } else {
            style.fg(self.colors().accent)
        }
    }

    /// Key names and command words in the help and the footer.
    pub fn key(&self) -> Style {
        let style = Style::new().add_modifier(Modifier::BOLD);
        if self.is_monochrome() {
            style
        } else {
            style.fg(self.colors().key)
        }
    }

    /// Borders of panels and popups.
    pub fn border(&self) -> Style {
        if self.is_monochrome() {
            Style::new()
        } else {
            Style::new().fg(self.colors().accent)
        }
    }

    /// A state the player must not miss, across the whole line: "Reviewing move 12".
    pub fn banner(&self) -> Style {
        let style = Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED);
        if self.is_monochrome() {
            style
        } else {
            style.fg(self.colors().accent)
        }
    }

    /// Errors ("illegal move", "terminal too small").
    pub fn error(&self) -> Style {
        let style = Style::new().add_modifier(Modifier::BOLD);
        if self.is_monochrome() {
            style.add_modifier(Modifier::REVERSED)
        } else {
            style.fg(self.colors().error)
        }
    }

    /// A move's label in the game report, by its glyph's NAG (`$6` ?!, `$2` ?, `$4` ??), in
    /// lichess's colours (blue, orange, red); without colour, the glyphs say it alone (bold
    /// for a blunder). Any other NAG: ordinary text.
    pub fn judgement(&self, nag: u8) -> Style {
        let colour = match nag {
            6 => Rgb::Rgb(0x56, 0xb4, 0xe9),
            2 => Rgb::Rgb(0xe6, 0x9f, 0x00),
            4 => Rgb::Rgb(0xdf, 0x53, 0x53),
            _ => return self.text(),
        };
        if self.is_monochrome() {
            if nag == 4 {
                return Style::new().add_modifier(Modifier::BOLD);
            }
            return Style::new();
        }
        Style::new().fg(colour).add_modifier(Modifier::BOLD)
    }

    /// A clock: the running one bright (bold, in the accent colour), the waiting one dim, as on
    /// a chess clock; without colour, bold against normal. A low one is red either way (without
    /// colour: reverse video while it runs).
    pub fn clock(&self, running: bool, low: bool) -> Style {
        let mut style = Style::new();
        if running {
            style = style.add_modifier(Modifier::BOLD);
        }
        if self.is_monochrome() {
            if low && running {
                style = style.add_modifier(Modifier::REVERSED);
            }
            return style;
        }
        if low {
            style = style.fg(self.colors().error);
        } else if running {
            style = style.fg(self.colors().accent);
        } else if let Some(muted) = self.colors().muted {
            style = style.fg(muted);
        }
        if !running && !low {
            style = style.add_modifier(Modifier::DIM);
        }
        style
    }
}

#[cfg(test)]
mod tests;
