//! The help overlay: every key binding, every typed command word, and the move formats.
//!
//! The key and command sections are generated from [`crate::app::keymap::BINDINGS`], so the
//! help cannot promise a key that does nothing or miss one that does something. Each binding is
//! listed once, under the first context it belongs to. The text is wrapped to the popup's width
//! here (not by `Paragraph`), so the number of lines, and so the scroll range, is known exactly:
//! the app clamps its scroll offset with [`HelpView::max_scroll`].

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::text;
use super::theme::Theme;
use crate::app::keymap::{BINDINGS, Binding, KeyContext, keys_text};

/// The widest the popup gets.
const MAX_WIDTH: u16 = 80;
/// Width of the key column: the longest keys (`Esc, q, F1, Ctrl-K`) and two spaces.
const KEY_COLUMN: usize = 20;

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
];

/// The help popup, scrolled down by `scroll` lines.
#[derive(Clone, Copy, Debug)]
pub struct HelpView {
    pub theme: Theme,
    pub scroll: u16,
}

impl HelpView {
    /// The popup's rectangle inside the screen `area`, and the help's lines wrapped to it.
    fn layout(area: Rect, theme: &Theme) -> (Rect, Vec<Line<'static>>) {
        let width = area.width.min(MAX_WIDTH);
        let lines = help_lines(theme, inner_width(width));
        let height = area.height.min((lines.len() as u16).saturating_add(2));
        let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
        (popup, lines)
    }

    /// The popup's rectangle inside the screen `area`.
    pub fn popup_area(area: Rect) -> Rect {
        HelpView::layout(area, &Theme::default()).0
    }

    /// How many lines of help fit at once: the amount one page scrolls.
    pub fn page_height(area: Rect) -> u16 {
        HelpView::popup_area(area).height.saturating_sub(2)
    }

    /// The largest useful scroll offset for a screen of `area`.
    pub fn max_scroll(area: Rect) -> u16 {
        let (popup, lines) = HelpView::layout(area, &Theme::default());
        (lines.len() as u16).saturating_sub(popup.height.saturating_sub(2))
    }
}

impl Widget for &HelpView {
    /// Draws the popup centred in `area` (the whole screen), over whatever is there.
    fn render(self, area: Rect, buf: &mut Buffer) {
        // Wrapped once per frame: the help is long, and frames should stay cheap.
        let (popup, lines) = HelpView::layout(area, &self.theme);
        let page = popup.height.saturating_sub(2);
        let total = lines.len() as u16;
        let scroll = self.scroll.min(total.saturating_sub(page));
        let position = if total > page {
            format!(" {}-{} of {total} ", scroll + 1, (scroll + page).min(total))
        } else {
            String::new()
        };
        let block = Block::bordered()
            .border_style(self.theme.border())
            .title(Span::styled(" Help ", self.theme.title()))
            .title_bottom(Line::styled(
                " ↑↓ PgUp PgDn scroll · Esc close ",
                self.theme.muted(),
            ))
            .title_bottom(Line::styled(position, self.theme.muted()).right_aligned());
        Clear.render(popup, buf);
        Paragraph::new(lines)
            .block(block)
            .scroll((scroll, 0))
            .render(popup, buf);
    }
}

/// Columns for the text: inside the frame, less one blank column on the right.
fn inner_width(popup_width: u16) -> usize {
    usize::from(popup_width.saturating_sub(3))
}

fn section_title(context: KeyContext) -> &'static str {
    match context {
        KeyContext::Playing => "Keys while playing",
        KeyContext::Help => "Keys in this help",
        KeyContext::Confirm => "Keys when asked a question",
        KeyContext::Promotion => "Keys when a pawn promotes",
        KeyContext::Offer => "Keys when offered a draw",
        KeyContext::GameOver => "Keys when the game is over",
        KeyContext::Form => "Keys in the new-game form",
        KeyContext::Ready => "Keys before a timed game starts",
        KeyContext::Path => "Keys when saving to a file",
    }
}

/// Every line of the help, wrapped to `width` columns.
pub fn help_lines(theme: &Theme, width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for context in KeyContext::ALL {
        let rows: Vec<&Binding> = BINDINGS
            .iter()
            .filter(|b| b.contexts.first() == Some(&context))
            .collect();
        if rows.is_empty() {
            continue;
        }
        heading(&mut lines, theme, width, section_title(context));
        for b in rows {
            entry(&mut lines, theme, width, &keys_text(b), b.description);
        }
    }

    heading(
        &mut lines,
        theme,
        width,
        "Typed commands (type the word, then Enter)",
    );
    for b in BINDINGS.iter().filter(|b| !b.words.is_empty()) {
        entry(&mut lines, theme, width, &b.words.join(", "), b.description);
    }

    heading(&mut lines, theme, width, "Moves (type them, then Enter)");
    for (examples, what) in MOVE_FORMATS {
        entry(&mut lines, theme, width, examples, what);
    }
    for text in [
        "Letters are read the usual way: K Q R B N are pieces, a-h are files; \
         pieces that could make the move typed so far light up.",
        "Mouse: click a piece, then a square; or drag the piece there.",
    ] {
        paragraph(&mut lines, theme, width, text);
    }

    heading(&mut lines, theme, width, "Saving");
    for text in [
        "The game in progress saves itself after every move and event, every second while a \
         clock runs, and when you quit. The next start offers to resume it, with the clocks \
         waiting for a key; `hotseat --resume` resumes without asking.",
        "Finished games go to the archive (the games folder in hotseat's data folder; \
         `hotseat --help` says where), and the game-over box shows the file. Ctrl-S saves a \
         copy anywhere: the game as PGN, or the position shown as FEN.",
    ] {
        paragraph(&mut lines, theme, width, text);
    }
    lines
}

fn heading(lines: &mut Vec<Line<'static>>, theme: &Theme, width: usize, title: &str) {
    if !lines.is_empty() {
        lines.push(Line::default());
    }
    for part in wrap(title, width.saturating_sub(1).max(1)) {
        lines.push(Line::styled(format!(" {part}"), theme.title()));
    }
}

/// `  keys              description`, the description wrapped under itself; in a narrow popup
/// the description goes under the keys instead.
fn entry(lines: &mut Vec<Line<'static>>, theme: &Theme, width: usize, keys: &str, text: &str) {
    const INDENT: usize = 2;
    const MIN_TEXT: usize = 20;
    let column = KEY_COLUMN.max(keys.chars().count() + 1);
    let beside = width >= INDENT + column + MIN_TEXT;
    let (text_indent, text_width) = if beside {
        (INDENT + column, width - INDENT - column)
    } else {
        lines.push(Line::styled(format!("{:INDENT$}{keys}", ""), theme.key()));
        (2 * INDENT, width.saturating_sub(2 * INDENT).max(1))
    };
    for (i, part) in wrap(text, text_width).into_iter().enumerate() {
        let left = if beside && i == 0 {
            Span::styled(format!("{:INDENT$}{keys:<column$}", ""), theme.key())
        } else {
            Span::raw(" ".repeat(text_indent))
        };
        lines.push(Line::from(vec![left, Span::styled(part, theme.text())]));
    }
}

fn paragraph(lines: &mut Vec<Line<'static>>, theme: &Theme, width: usize, text: &str) {
    for part in wrap(text, width.saturating_sub(2).max(1)) {
        lines.push(Line::styled(format!("  {part}"), theme.muted()));
    }
}

/// [`text::wrap`], giving one empty line for blank text.
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out = text::wrap(text, width);
    if out.is_empty() {
        out.push(String::new());
    }
    out
}

#[cfg(test)]
mod tests;
