//! Boxes over the board: the shared frame, and the question/notice box drawn from an
//! [`app::Dialog`](crate::app::Dialog) — draw offer, claim, resign, takeback, quit, game over,
//! and the ready screen of a timed game. The keys the box lists come from the keymap's footer
//! labels for the dialog's context, like the footer itself.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::footer::dialog_hint_lines;
use super::help::wrap;
use super::theme::Theme;
use crate::app::Dialog;

/// The widest a question box gets.
const MAX_WIDTH: u16 = 62;

pub use crate::layout::popup::centered;

/// Clears `rect` and draws a titled border around it; returns the inside.
pub fn frame(rect: Rect, title: &str, theme: &Theme, buf: &mut Buffer) -> Rect {
    Clear.render(rect, buf);
    let block = Block::bordered()
        .border_style(theme.border())
        .title(Span::styled(format!(" {title} "), theme.title()));
    let inner = block.inner(rect);
    block.render(rect, buf);
    inner
}

/// A question or notice box.
#[derive(Clone, Copy, Debug)]
pub struct DialogView<'a> {
    pub dialog: &'a Dialog,
    pub theme: Theme,
}

impl DialogView<'_> {
    /// The box's rectangle and its wrapped lines, centred in `area`.
    pub fn layout(&self, area: Rect) -> (Rect, Vec<String>) {
        let longest = self
            .dialog
            .lines
            .iter()
            .map(|l| Span::raw(l.as_str()).width())
            .max()
            .unwrap_or(0);
        let width = (longest as u16 + 4).clamp(40, MAX_WIDTH).min(area.width);
        let text_width = usize::from(width.saturating_sub(4)).max(1);
        let lines: Vec<String> = self
            .dialog
            .lines
            .iter()
            .flat_map(|l| {
                let lines = crate::text::wrap_all(l, text_width);
                if lines.is_empty() {
                    wrap(l, text_width)
                } else {
                    lines
                }
            })
            .collect();
        let keys = dialog_hint_lines(self.dialog.context, &self.theme, text_width).len() as u16;
        // Border, a blank line above and below the text, the keys.
        let height = lines.len() as u16 + 4 + keys;
        (centered(area, width, height), lines)
    }
}

impl Widget for DialogView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (rect, lines) = self.layout(area);
        let inner = frame(rect, &self.dialog.title, &self.theme, buf);
        let mut text: Vec<Line> = vec![Line::default()];
        text.extend(
            lines
                .into_iter()
                .map(|l| Line::styled(l, self.theme.text()).centered()),
        );
        text.push(Line::default());
        text.extend(dialog_hint_lines(
            self.dialog.context,
            &self.theme,
            usize::from(inner.width.saturating_sub(2)),
        ));
        Paragraph::new(text).render(inner, buf);
    }
}
