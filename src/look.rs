//! The look the players chose, as plain data: a palette by name, colour on or off, and the
//! glyph set. The app keeps these (and switches the palette in game); the front end turns them
//! into styles in [`crate::ui::theme`], which adds the drawing methods to [`Theme`]. Nothing
//! here knows about terminals or RGB values, so `app` can hold a look without depending on `ui`.

use std::ffi::OsStr;
use std::fmt;
use std::str::FromStr;

use crate::rules::{Color, Piece, Role};

/// A colour palette for the board and the panels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Palette {
    /// Warm browns, like a wooden board.
    #[default]
    Wood,
    /// Slate blue and grey-blue.
    Blue,
    /// The green and buff of a tournament vinyl board.
    Green,
    /// Neutral greys and strong marks; reads on a light or a dark terminal.
    Contrast,
}

impl Palette {
    /// Every palette, in the order the theme key steps through them.
    pub const ALL: [Palette; 4] = [
        Palette::Wood,
        Palette::Blue,
        Palette::Green,
        Palette::Contrast,
    ];

    /// The name used on the command line, in the help and in the new-game form.
    pub const fn name(self) -> &'static str {
        match self {
            Palette::Wood => "wood",
            Palette::Blue => "blue",
            Palette::Green => "green",
            Palette::Contrast => "contrast",
        }
    }

    /// A few words on what the palette looks like, for `--help`.
    pub const fn describe(self) -> &'static str {
        match self {
            Palette::Wood => "warm browns, like a wooden board",
            Palette::Blue => "slate blue and grey-blue",
            Palette::Green => "green and buff, like a tournament vinyl board",
            Palette::Contrast => "greys with strong marks; reads on light terminals too",
        }
    }

    /// The next palette, for the theme key.
    ///
    /// ```
    /// use hotseat::look::Palette;
    /// assert_eq!(Palette::Wood.next(), Palette::Blue);
    /// assert_eq!(Palette::Contrast.next(), Palette::Wood);
    /// ```
    pub fn next(self) -> Palette {
        let i = Palette::ALL.iter().position(|&p| p == self).unwrap_or(0);
        Palette::ALL[(i + 1) % Palette::ALL.len()]
    }

    /// Every name, for messages: "wood, blue, green or contrast".
    pub fn names() -> String {
        let names: Vec<&str> = Palette::ALL.iter().map(|p| p.name()).collect();
        let (last, rest) = names.split_last().expect("there are palettes");
        format!("{} or {last}", rest.join(", "))
    }
}

impl fmt::Display for Palette {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Palette {
    type Err = UnknownPalette;

    /// A palette by name, in any case; `ocean`, the blue palette's old name, still works.
    fn from_str(s: &str) -> Result<Palette, UnknownPalette> {
        if s.eq_ignore_ascii_case("ocean") {
            return Ok(Palette::Blue);
        }
        Palette::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownPalette(s.to_owned()))
    }
}

/// A theme name that is none of the palettes'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPalette(pub String);

impl std::fmt::Display for UnknownPalette {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown theme {:?} (expected {})",
            self.0,
            Palette::names()
        )
    }
}

impl std::error::Error for UnknownPalette {}

/// The `--color` choice: whether to use colour, and how many colours the terminal shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ColorChoice {
    /// Colour unless `NO_COLOR` is set to a non-empty value, as many colours as the terminal
    /// says it shows (see [`Depth::detect`]).
    #[default]
    Auto,
    /// Colour whatever `NO_COLOR` says, as many as the terminal says it shows.
    Always,
    /// No colour.
    Never,
    /// Colour, with this many colours whatever the terminal says.
    Depth(Depth),
}

impl ColorChoice {
    /// Whether to use colour, given the value of the `NO_COLOR` environment variable.
    ///
    /// ```
    /// use std::ffi::OsStr;
    /// use hotseat::look::ColorChoice;
    /// assert!(ColorChoice::Auto.use_color(None));
    /// assert!(ColorChoice::Auto.use_color(Some(OsStr::new(""))));
    /// assert!(!ColorChoice::Auto.use_color(Some(OsStr::new("1"))));
    /// assert!(ColorChoice::Always.use_color(Some(OsStr::new("1"))));
    /// assert!(!ColorChoice::Never.use_color(None));
    /// ```
    pub fn use_color(self, no_color: Option<&OsStr>) -> bool {
        match self {
            ColorChoice::Always | ColorChoice::Depth(_) => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => no_color.is_none_or(OsStr::is_empty),
        }
    }

    /// [`ColorChoice::use_color`] with the process's own `NO_COLOR`.
    pub fn use_color_from_env(self) -> bool {
        self.use_color(std::env::var_os("NO_COLOR").as_deref())
    }

    /// The colours to draw with, given the terminal's `COLORTERM` and `TERM`; `None`: none.
    pub fn depth(
        self,
        no_color: Option<&OsStr>,
        colorterm: Option<&OsStr>,
        term: Option<&OsStr>,
    ) -> Option<Depth> {
        if !self.use_color(no_color) {
            return None;
        }
        Some(match self {
            ColorChoice::Depth(depth) => depth,
            _ => Depth::detect(colorterm, term),
        })
    }

    /// [`ColorChoice::depth`] with the process's own environment.
    pub fn depth_from_env(self) -> Option<Depth> {
        let var = std::env::var_os;
        self.depth(
            var("NO_COLOR").as_deref(),
            var("COLORTERM").as_deref(),
            var("TERM").as_deref(),
        )
    }
}

/// How many colours the terminal shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Depth {
    /// 24-bit colour: each palette's own colours.
    #[default]
    TrueColor,
    /// The 256 colours of xterm: each palette's nearest.
    Ansi256,
    /// The 16 colours of a console (the Linux console, old terminals): each palette's legible
    /// 16-colour version.
    Ansi16,
}

impl Depth {
    /// The colours a terminal shows, as it says: true colour only where `COLORTERM` is
    /// `truecolor` or `24bit`, 16 on the Linux console (`TERM=linux`) and on a terminal that
    /// names no more, else 256.
    ///
    /// ```
    /// use std::ffi::OsStr;
    /// use hotseat::look::Depth;
    /// let s = |s| Some(OsStr::new(s));
    /// assert_eq!(Depth::detect(s("truecolor"), s("xterm-256color")), Depth::TrueColor);
    /// assert_eq!(Depth::detect(None, s("xterm-256color")), Depth::Ansi256);
    /// assert_eq!(Depth::detect(None, s("linux")), Depth::Ansi16);
    /// assert_eq!(Depth::detect(None, s("xterm")), Depth::Ansi256);
    /// ```
    pub fn detect(colorterm: Option<&OsStr>, term: Option<&OsStr>) -> Depth {
        let colorterm = colorterm.and_then(OsStr::to_str).unwrap_or("");
        if colorterm.eq_ignore_ascii_case("truecolor") || colorterm.eq_ignore_ascii_case("24bit") {
            return Depth::TrueColor;
        }
        let term = term.and_then(OsStr::to_str).unwrap_or("");
        if term == "linux" || term == "vt220" || term.starts_with("ansi") {
            Depth::Ansi16
        } else {
            Depth::Ansi256
        }
    }

    /// The word for it in the settings and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Depth::TrueColor => "truecolor",
            Depth::Ansi256 => "256",
            Depth::Ansi16 => "16",
        }
    }
}

/// Which characters draw the pieces and the move-target dot.
///
/// [`GlyphSet::Unicode`] uses the outlined chess symbols for White (♔♕♖♗♘♙) and the filled ones
/// for Black (♚♛♜♝♞♟), so the sides differ by shape even without colour. The emoji variation
/// selector U+FE0F is never emitted (it would turn ♟ into a double-width emoji in some
/// terminals). [`GlyphSet::Ascii`] uses FEN letters: `K` for White, `k` for Black.
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
    /// use hotseat::look::GlyphSet;
    /// let black_pawn = Piece::new(Color::Black, Role::Pawn);
    /// assert_eq!(GlyphSet::Unicode.piece(black_pawn), '♟');
    /// assert_eq!(GlyphSet::Ascii.piece(black_pawn), 'p');
    /// ```
    pub const fn piece(self, piece: Piece) -> char {
        match self {
            GlyphSet::Ascii => piece.char(),
            GlyphSet::Unicode => match piece.color {
                Color::White => GlyphSet::outline(piece.role),
                Color::Black => GlyphSet::solid(piece.role),
            },
        }
    }

    /// The filled chess symbol of a role (♚♛♜♝♞♟): in colour both sides use it, told apart by
    /// colour, because the outlined symbols are thin and faint.
    pub const fn solid(role: Role) -> char {
        match role {
            Role::King => '♚',
            Role::Queen => '♛',
            Role::Rook => '♜',
            Role::Bishop => '♝',
            Role::Knight => '♞',
            Role::Pawn => '♟',
        }
    }

    /// The outlined chess symbol of a role (♔♕♖♗♘♙), White's without colour.
    pub const fn outline(role: Role) -> char {
        match role {
            Role::King => '♔',
            Role::Queen => '♕',
            Role::Rook => '♖',
            Role::Bishop => '♗',
            Role::Knight => '♘',
            Role::Pawn => '♙',
        }
    }

    /// The mark at the edge of a list that goes on beyond what is shown.
    ///
    /// ```
    /// use hotseat::look::GlyphSet;
    /// assert_eq!(GlyphSet::Unicode.more(), "⋮");
    /// assert!(GlyphSet::Ascii.more().is_ascii());
    /// ```
    pub const fn more(self) -> &'static str {
        match self {
            GlyphSet::Unicode => "⋮",
            GlyphSet::Ascii => ":",
        }
    }

    /// The hatching of a dark square without colour: `╱`, or `/` in ASCII.
    pub const fn hatch(self) -> char {
        match self {
            GlyphSet::Unicode => '╱',
            GlyphSet::Ascii => '/',
        }
    }

    /// The mark on an empty square a selected piece can move to.
    pub const fn target(self) -> char {
        match self {
            GlyphSet::Unicode => '•',
            GlyphSet::Ascii => '.',
        }
    }
}

/// The chosen look of the front end: a palette, or monochrome. Plain data; the styles it
/// stands for come from [`crate::ui::theme`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Theme {
    palette: Palette,
    monochrome: bool,
    depth: Depth,
}

impl Theme {
    /// A theme; `color == false` is the monochrome mode.
    pub const fn new(palette: Palette, color: bool) -> Theme {
        Theme {
            palette,
            monochrome: !color,
            depth: Depth::TrueColor,
        }
    }

    /// A theme drawn with `depth` colours (`None`: monochrome).
    pub const fn with_depth(palette: Palette, depth: Option<Depth>) -> Theme {
        match depth {
            Some(depth) => Theme {
                palette,
                monochrome: false,
                depth,
            },
            None => Theme::new(palette, false),
        }
    }

    /// How many colours it draws with.
    pub const fn depth(&self) -> Depth {
        self.depth
    }

    /// The monochrome theme: attributes and shapes only, no colour.
    pub const fn monochrome() -> Theme {
        Theme::new(Palette::Wood, false)
    }

    pub const fn palette(&self) -> Palette {
        self.palette
    }

    /// The same colour choice with another palette.
    pub const fn with_palette(self, palette: Palette) -> Theme {
        Theme { palette, ..self }
    }

    /// True when highlights must be drawn as shapes because there is no colour.
    pub const fn is_monochrome(&self) -> bool {
        self.monochrome
    }
}
