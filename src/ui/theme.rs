//! Every colour and style the front end uses, in one place.
//!
//! Widgets never name a colour: they ask the [`Theme`] for the style of a thing ("a dark square
//! that is the last move's origin", "a key in the help screen"). That keeps the palettes
//! consistent and makes the monochrome mode a property of the theme rather than a branch in
//! every widget.
//!
//! # Colour
//!
//! Two palettes, [`Palette::Wood`] (the default) and [`Palette::Ocean`]. Pieces are drawn in pure
//! white and pure black on squares of *middle* luminance, so that both piece colours keep a
//! contrast ratio of at least 3:1 (the WCAG threshold for graphics) on light squares, dark squares
//! and every highlight; a unit test checks each pair. Highlights replace the square's
//! background; the most important one wins (cursor, selected, check, capture target, glow, last
//! move). Quiet move targets are a dot, not a tint.
//!
//! # Monochrome
//!
//! With `NO_COLOR` set (to anything non-empty) or `--color never`, no colour is emitted at all.
//! Everything is then marked by shape and text attributes only, as described on
//! [`Theme::square`] and in [`crate::ui::board`]: dark squares are reverse video, the last move
//! is underlined, and the cursor, selection, capture targets and check get bracket marks.
//!
//! # Glyphs
//!
//! [`GlyphSet::Unicode`] uses the outlined chess symbols for White (♔♕♖♗♘♙) and the filled ones
//! for Black (♚♛♜♝♞♟), so the sides differ by shape even without colour. The emoji variation
//! selector U+FE0F is never emitted (it would turn ♟ into a double-width emoji in some
//! terminals). [`GlyphSet::Ascii`] uses FEN letters: `K` for White, `k` for Black.

use std::ffi::OsStr;
use std::fmt;
use std::str::FromStr;

use ratatui::style::{Color as Rgb, Modifier, Style};

use crate::rules::{Color, Piece, Role};

/// A colour palette for the board and the panels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Palette {
    /// Warm browns, like a wooden board.
    #[default]
    Wood,
    /// Cool blue-green.
    Ocean,
}

impl Palette {
    pub const ALL: [Palette; 2] = [Palette::Wood, Palette::Ocean];

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Palette::Wood => "wood",
            Palette::Ocean => "ocean",
        }
    }

    const fn colors(self) -> &'static Colors {
        match self {
            Palette::Wood => &WOOD,
            Palette::Ocean => &OCEAN,
        }
    }
}

impl fmt::Display for Palette {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Palette {
    type Err = String;

    fn from_str(s: &str) -> Result<Palette, String> {
        Palette::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown theme {s:?} (expected wood or ocean)"))
    }
}

/// The `--color` choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ColorChoice {
    /// Colour unless `NO_COLOR` is set to a non-empty value.
    #[default]
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// Whether to use colour, given the value of the `NO_COLOR` environment variable.
    ///
    /// ```
    /// use std::ffi::OsStr;
    /// use hotseat::ui::theme::ColorChoice;
    /// assert!(ColorChoice::Auto.use_color(None));
    /// assert!(ColorChoice::Auto.use_color(Some(OsStr::new(""))));
    /// assert!(!ColorChoice::Auto.use_color(Some(OsStr::new("1"))));
    /// assert!(ColorChoice::Always.use_color(Some(OsStr::new("1"))));
    /// assert!(!ColorChoice::Never.use_color(None));
    /// ```
    pub fn use_color(self, no_color: Option<&OsStr>) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => no_color.is_none_or(OsStr::is_empty),
        }
    }

    /// [`ColorChoice::use_color`] with the process's own `NO_COLOR`.
    pub fn use_color_from_env(self) -> bool {
        self.use_color(std::env::var_os("NO_COLOR").as_deref())
    }
}

/// Which characters draw the pieces and the move-target dot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GlyphSet {
    /// ♔♕♖♗♘♙ for White, ♚♛♜♝♞♟ for Black.
    #[default]
    Unicode,
    /// `KQRBNP` for White, `kqrbnp` for Black.
    Ascii,
}

impl GlyphSet {
    /// The character for a piece; always a single cell wide.
    ///
    /// ```
    /// use hotseat::rules::{Color, Piece, Role};
    /// use hotseat::ui::theme::GlyphSet;
    /// let black_pawn = Piece::new(Color::Black, Role::Pawn);
    /// assert_eq!(GlyphSet::Unicode.piece(black_pawn), '♟');
    /// assert_eq!(GlyphSet::Ascii.piece(black_pawn), 'p');
    /// ```
    pub const fn piece(self, piece: Piece) -> char {
        match self {
            GlyphSet::Ascii => piece.char(),
            GlyphSet::Unicode => {
                let white = matches!(piece.color, Color::White);
                match (piece.role, white) {
                    (Role::King, true) => '♔',
                    (Role::Queen, true) => '♕',
                    (Role::Rook, true) => '♖',
                    (Role::Bishop, true) => '♗',
                    (Role::Knight, true) => '♘',
                    (Role::Pawn, true) => '♙',
                    (Role::King, false) => '♚',
                    (Role::Queen, false) => '♛',
                    (Role::Rook, false) => '♜',
                    (Role::Bishop, false) => '♝',
                    (Role::Knight, false) => '♞',
                    (Role::Pawn, false) => '♟',
                }
            }
        }
    }

    /// The mark on an empty square a selected piece can move to.
    pub const fn target(self) -> char {
        match self {
            GlyphSet::Unicode => '·',
            GlyphSet::Ascii => '.',
        }
    }
}

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
#[derive(Debug)]
struct Colors {
    light: Rgb,
    dark: Rgb,
    last_move_light: Rgb,
    last_move_dark: Rgb,
    selected: Rgb,
    cursor: Rgb,
    check: Rgb,
    capture: Rgb,
    glow: Rgb,
    target: Rgb,
    accent: Rgb,
}

const WHITE_PIECE: Rgb = Rgb::Rgb(255, 255, 255);
const BLACK_PIECE: Rgb = Rgb::Rgb(0, 0, 0);

const WOOD: Colors = Colors {
    light: Rgb::Rgb(176, 136, 92),
    dark: Rgb::Rgb(128, 92, 60),
    last_move_light: Rgb::Rgb(160, 140, 62),
    last_move_dark: Rgb::Rgb(120, 104, 36),
    selected: Rgb::Rgb(110, 140, 70),
    cursor: Rgb::Rgb(70, 130, 160),
    check: Rgb::Rgb(196, 72, 60),
    capture: Rgb::Rgb(186, 104, 56),
    glow: Rgb::Rgb(150, 110, 170),
    target: Rgb::Rgb(10, 30, 10),
    accent: Rgb::Rgb(222, 184, 135),
};

const OCEAN: Colors = Colors {
    light: Rgb::Rgb(112, 146, 156),
    dark: Rgb::Rgb(70, 106, 118),
    last_move_light: Rgb::Rgb(136, 144, 78),
    last_move_dark: Rgb::Rgb(100, 110, 52),
    selected: Rgb::Rgb(90, 146, 96),
    cursor: Rgb::Rgb(150, 120, 180),
    check: Rgb::Rgb(200, 80, 70),
    capture: Rgb::Rgb(192, 112, 66),
    glow: Rgb::Rgb(170, 110, 150),
    target: Rgb::Rgb(0, 20, 40),
    accent: Rgb::Rgb(120, 200, 210),
};

/// The resolved look of the front end: a palette, or monochrome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Theme {
    palette: Palette,
    monochrome: bool,
}

impl Theme {
    /// A theme; `color == false` is the monochrome mode.
    pub const fn new(palette: Palette, color: bool) -> Theme {
        Theme {
            palette,
            monochrome: !color,
        }
    }

    /// The monochrome theme: attributes and shapes only, no colour.
    pub const fn monochrome() -> Theme {
        Theme::new(Palette::Wood, false)
    }

    pub const fn palette(&self) -> Palette {
        self.palette
    }

    /// True when highlights must be drawn as shapes because there is no colour.
    pub const fn is_monochrome(&self) -> bool {
        self.monochrome
    }

    const fn colors(&self) -> &'static Colors {
        self.palette.colors()
    }

    /// The style of a square's cells: background (colour) or attributes (monochrome).
    ///
    /// In colour the most important highlight picks the background. In monochrome dark squares
    /// are reverse video and the last move underlines the square; the other highlights are
    /// drawn as marks by the board, with [`Theme::mark`].
    pub fn square(&self, dark: bool, marks: SquareMarks) -> Style {
        if self.monochrome {
            let mut style = Style::new();
            if dark {
                style = style.add_modifier(Modifier::REVERSED);
            }
            if marks.last_move {
                style = style.add_modifier(Modifier::UNDERLINED);
            }
            return style;
        }
        let c = self.colors();
        let bg = if marks.cursor {
            c.cursor
        } else if marks.selected {
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

    /// The style of a piece glyph, patched over its square's style.
    ///
    /// A glowing piece (one the typed text could move) is bold; in monochrome its cell is also
    /// inverted against the square, which the board does by toggling reverse video.
    pub fn piece(&self, color: Color, glow: bool) -> Style {
        let mut style = Style::new();
        if !self.monochrome {
            style = style.fg(color.fold(WHITE_PIECE, BLACK_PIECE));
            if color == Color::White {
                style = style.add_modifier(Modifier::BOLD);
            }
        }
        if glow {
            style = style.add_modifier(Modifier::BOLD);
        }
        style
    }

    /// The style of a move-target dot, patched over its square's style.
    pub fn target(&self) -> Style {
        if self.monochrome {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            Style::new()
                .fg(self.colors().target)
                .add_modifier(Modifier::BOLD)
        }
    }

    /// The style of a shape mark (`[ ]`, `( )`, `! !`, `> <`), patched over the square's style.
    pub fn mark(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// File letters and rank numbers; `current` for the cursor's file and rank.
    pub fn label(&self, current: bool) -> Style {
        match (self.monochrome, current) {
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
        if self.monochrome {
            Style::new()
        } else {
            Style::new().fg(Rgb::Gray)
        }
    }

    /// Headings and popup titles.
    pub fn title(&self) -> Style {
        let style = Style::new().add_modifier(Modifier::BOLD);
        if self.monochrome {
            style
        } else {
            style.fg(self.colors().accent)
        }
    }

    /// Key names and command words in the help and the footer.
    pub fn key(&self) -> Style {
        let style = Style::new().add_modifier(Modifier::BOLD);
        if self.monochrome {
            style
        } else {
            style.fg(Rgb::Yellow)
        }
    }

    /// Borders of panels and popups.
    pub fn border(&self) -> Style {
        if self.monochrome {
            Style::new()
        } else {
            Style::new().fg(self.colors().accent)
        }
    }

    /// A state the player must not miss, across the whole line: "Reviewing move 12".
    pub fn banner(&self) -> Style {
        let style = Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED);
        if self.monochrome {
            style
        } else {
            style.fg(self.colors().accent)
        }
    }

    /// Errors ("illegal move", "terminal too small").
    pub fn error(&self) -> Style {
        let style = Style::new().add_modifier(Modifier::BOLD);
        if self.monochrome {
            style.add_modifier(Modifier::REVERSED)
        } else {
            style.fg(Rgb::LightRed)
        }
    }

    /// A clock: the running one stands out, and a low one is alarming.
    pub fn clock(&self, running: bool, low: bool) -> Style {
        let mut style = Style::new();
        if running {
            style = style.add_modifier(Modifier::BOLD);
        }
        if self.monochrome {
            if low && running {
                style = style.add_modifier(Modifier::REVERSED);
            }
        } else if low {
            style = style.fg(Rgb::LightRed);
        } else if running {
            style = style.fg(self.colors().accent);
        }
        style
    }
}

#[cfg(test)]
mod tests;
