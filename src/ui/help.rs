//! The help overlay: every key binding, every typed command word, the move formats, the themes.
//!
//! The text itself, wrapped to the popup's width, comes from [`crate::app::help`] (the app
//! needs its length to clamp the scrolling); this widget styles its parts and draws the frame
//! and the scroll position.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::theme::Theme;
use crate::app::help::{self, HelpLine, Tone};

/// The help popup, scrolled down by `scroll` lines.
#[derive(Clone, Copy, Debug)]
pub struct HelpView {
    pub theme: Theme,
    pub scroll: u16,
}

impl HelpView {
    /// The popup's rectangle inside the screen `area`.
    pub fn popup_area(area: Rect) -> Rect {
        help::layout(area).0
    }

    /// How many lines of help fit at once: the amount one page scrolls.
    pub fn page_height(area: Rect) -> u16 {
        help::page_height(area)
    }

    /// The largest useful scroll offset for a screen of `area`.
    pub fn max_scroll(area: Rect) -> u16 {
        help::max_scroll(area)
    }
}

impl Widget for &HelpView {
    /// Draws the popup centred in `area` (the whole screen), over whatever is there.
    fn render(self, area: Rect, buf: &mut Buffer) {
        // Wrapped once per frame: the help is long, and frames should stay cheap.
        let (popup, lines) = help::layout(area);
        let lines: Vec<Line> = lines.iter().map(|l| styled(l, &self.theme)).collect();
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

/// Every line of the help, wrapped to `width` columns, in the theme's styles.
pub fn help_lines(theme: &Theme, width: usize) -> Vec<Line<'static>> {
    help::help_lines(width)
        .iter()
        .map(|l| styled(l, theme))
        .collect()
}

fn styled(line: &HelpLine, theme: &Theme) -> Line<'static> {
    Line::from(
        line.0
            .iter()
            .map(|(tone, text)| {
                let style = match tone {
                    Tone::Title => theme.title(),
                    Tone::Key => theme.key(),
                    Tone::Text => theme.text(),
                    Tone::Muted => theme.muted(),
                };
                Span::styled(text.clone(), style)
            })
            .collect::<Vec<_>>(),
    )
}

pub(crate) use crate::app::help::wrap;

#[cfg(test)]
mod tests;
