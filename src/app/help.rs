//! The help's text, as plain lines: every key binding, every typed command word, the move
//! formats, the themes and how games are saved. The key and command sections are generated
//! from [`BINDINGS`], so the help cannot promise a key that does nothing or miss one that does
//! something. Each binding is listed once, under the first context it belongs to.
//!
//! The text is wrapped here to a given width (not by the widget), so the number of lines, and
//! so the scroll range, is known exactly: the app clamps its scroll offset with [`max_scroll`],
//! and `ui::help` draws the same lines, styling each part by its [`Tone`].

use ratatui::layout::Rect;

use super::keymap::{BINDINGS, KeyContext, keys_text};
use crate::layout::popup::help as geometry;
use crate::look::Palette;
use crate::text;

/// Width of the key column: the longest keys (`Esc, q, F1, Ctrl-K`) and two spaces.
const KEY_COLUMN: usize = 20;

/// What a piece of help text is, for its style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Title,
    Key,
    Text,
    Muted,
}

/// One line of help: its parts, left to right.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HelpLine(pub Vec<(Tone, String)>);

impl HelpLine {
    fn one(tone: Tone, text: String) -> HelpLine {
        HelpLine(vec![(tone, text)])
    }
}

/// The help popup on a screen of `area`, and its lines wrapped to it.
pub fn layout(area: Rect) -> (Rect, Vec<HelpLine>) {
    let area = beside_panel(area);
    let lines = help_lines(geometry::text_width(geometry::width(area)));
    (geometry::area(area, lines.len()), lines)
}

/// The narrowest the help gets beside the side panel rather than over it.
const MIN_BESIDE: u16 = 60;

/// Where the help goes on a screen of `area`: left of the side panel when it has room there,
/// so that the panel's clocks stay in sight beside it; on narrower screens it covers the
/// panel, and `ui` puts the clocks on its top edge. Either way no line of it is hidden.
fn beside_panel(area: Rect) -> Rect {
    match crate::layout::ScreenLayout::new(area) {
        Ok(screen) if screen.panel.x.saturating_sub(area.x) >= MIN_BESIDE => Rect {
            width: screen.panel.x - area.x,
            ..area
        },
        _ => area,
    }
}

/// How many lines of help fit at once on a screen of `area`: the amount one page scrolls.
pub fn page_height(area: Rect) -> u16 {
    geometry::page_height(layout(area).0)
}

/// The largest useful scroll offset for a screen of `area`.
pub fn max_scroll(area: Rect) -> u16 {
    let (popup, lines) = layout(area);
    geometry::max_scroll(popup, lines.len())
}

/// Move formats the move box accepts, with what they are.
const MOVE_FORMATS: &[(&str, &str)] = &[
    ("e4  Nf3  exd5", "standard algebraic notation (SAN)"),
    (
        "O-O  0-0  O-O-O",
        "castling, with the letter O or the digit 0",
    ),
    ("e8=Q  e8Q", "promotion"),
    ("e2e4  e2-e4", "from-square and to-square"),
    ("Ng1-f3  Nxf3", "long algebraic, with the piece letter"),
    ("e7e8q", "coordinates with a promotion piece"),
    (
        "1.e4  12...Nf6",
        "with its move number, which must be this move's",
    ),
    (
        "e4 e5 Nf3",
        "several moves on one line, played in turn up to the first that cannot be (with a \
         clock running: only your own move, the rest waits for the opponent)",
    ),
    (
        "NF3  E2E4",
        "in capitals (Caps Lock), where only one reading is legal",
    ),
];

/// The help's reference tables, each a title and its rows (keys or example, and what they
/// do): the keys of every context, the typed commands and the move formats. The help screen and
/// the man page both print these, so they cannot disagree.
pub fn reference() -> Vec<(&'static str, Vec<(String, &'static str)>)> {
    let mut tables = Vec::new();
    for context in KeyContext::ALL {
        let rows: Vec<(String, &str)> = BINDINGS
            .iter()
            .filter(|b| b.contexts.first() == Some(&context))
            .map(|b| (keys_text(b), b.description))
            .collect();
        if !rows.is_empty() {
            tables.push((context.title(), rows));
        }
    }
    let words = BINDINGS
        .iter()
        .filter(|b| !b.words.is_empty())
        .map(|b| (b.words.join(", "), b.description));
    tables.push((
        "Typed commands (type the word, then Enter)",
        words.collect(),
    ));
    let moves = MOVE_FORMATS.iter().map(|&(e, what)| (e.to_owned(), what));
    tables.push(("Moves (type them, then Enter)", moves.collect()));
    tables
}

/// Every line of the help, wrapped to `width` columns.
pub fn help_lines(width: usize) -> Vec<HelpLine> {
    let mut lines = Vec::new();
    for (title, rows) in reference() {
        heading(&mut lines, width, title);
        for (keys, what) in rows {
            entry(&mut lines, width, &keys, what);
        }
    }
    for text in [
        "Letters are read the usual way: K Q R B N are pieces, a-h are files; \
         pieces that could make the move typed so far light up.",
        "After the game, a move from the position shown follows its line, or enters or \
         starts a variation: the game's own moves never change. Ctrl-S saves the study with \
         the game; quitting before that asks first.",
        "Mouse: click a piece, then a square; or drag the piece there.",
        "Reviewing: after the game, PgUp or a click on a move, the arrows step through the \
         moves; Enter or a click on the board gives them to the cursor, Esc back. During a \
         game the past is only to look at: End returns.",
        "After the game, typing !, ?, !!, ??, !? or ?! marks the move shown.",
    ] {
        paragraph(&mut lines, width, text);
    }

    heading(
        &mut lines,
        width,
        "Themes (F3 or Ctrl-T switches, --theme picks one at start)",
    );
    for palette in Palette::ALL {
        entry(&mut lines, width, palette.name(), palette.describe());
    }

    heading(&mut lines, width, "Saving");
    for text in [
        "The game in progress saves itself after every move and event, every ten seconds while a \
         clock runs, and when you quit. The next start offers to resume it, with the clocks \
         waiting for a key; `hotseat --resume` resumes without asking.",
        "Finished games go to the archive (the games folder in hotseat's data folder; \
         `hotseat --help` says where), and the game-over box shows the file. Ctrl-S saves a \
         copy anywhere: the game as PGN, or the position shown as FEN. A finished game that \
         could not be archived is kept, and the next start asks whether to save it now.",
    ] {
        paragraph(&mut lines, width, text);
    }
    lines
}

fn heading(lines: &mut Vec<HelpLine>, width: usize, title: &str) {
    if !lines.is_empty() {
        lines.push(HelpLine::default());
    }
    for part in wrap(title, width.saturating_sub(1).max(1)) {
        lines.push(HelpLine::one(Tone::Title, format!(" {part}")));
    }
}

/// `  keys              description`, the description wrapped under itself; in a narrow popup
/// the description goes under the keys instead.
fn entry(lines: &mut Vec<HelpLine>, width: usize, keys: &str, text: &str) {
    const INDENT: usize = 2;
    const MIN_TEXT: usize = 20;
    let column = KEY_COLUMN.max(text::width(keys) + 1);
    let beside = width >= INDENT + column + MIN_TEXT;
    let (text_indent, text_width) = if beside {
        (INDENT + column, width - INDENT - column)
    } else {
        // A long list of keys or words wraps too (`takeback, undo, retry` in 20 columns).
        for part in wrap(keys, width.saturating_sub(INDENT).max(1)) {
            lines.push(HelpLine::one(Tone::Key, format!("{:INDENT$}{part}", "")));
        }
        (2 * INDENT, width.saturating_sub(2 * INDENT).max(1))
    };
    for (i, part) in wrap(text, text_width).into_iter().enumerate() {
        let left = if beside && i == 0 {
            (Tone::Key, format!("{:INDENT$}{keys:<column$}", ""))
        } else {
            (Tone::Text, " ".repeat(text_indent))
        };
        lines.push(HelpLine(vec![left, (Tone::Text, part)]));
    }
}

fn paragraph(lines: &mut Vec<HelpLine>, width: usize, text: &str) {
    for part in wrap(text, width.saturating_sub(2).max(1)) {
        lines.push(HelpLine::one(Tone::Muted, format!("  {part}")));
    }
}

/// [`text::wrap`], giving one empty line for blank text.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out = text::wrap(text, width);
    if out.is_empty() {
        out.push(String::new());
    }
    out
}
