//! Boxes over the board: the shared frame, and the question/notice box drawn from an
//! [`app::Dialog`](crate::app::Dialog): the look of every dialog that is a box of text
//! ([`Look::Box`](crate::app::dialogs::Look::Box)) — the questions, the draw offer, the save
//! form, game over and the ready screen of a timed game — so a new one needs nothing here. The
//! keys the box lists come from the keymap's footer labels for the dialog's context, like the
//! footer itself.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::footer::hint_lines;
use super::theme::Theme;
use crate::app::{Dialog, DialogSize};

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
    /// The box's rectangle, centred in `area`, and its measure ([`Dialog::measure_within`]:
    /// its keys are shown whatever the room).
    pub fn layout(&self, area: Rect) -> (Rect, DialogSize) {
        let size = self.dialog.measure_within(area.width, area.height);
        (centered(area, size.width, size.height()), size)
    }
}

impl Widget for DialogView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (rect, size) = self.layout(area);
        let inner = frame(rect, &self.dialog.title, &self.theme, buf);
        let blank = || size.padded.then(Line::default);
        let mut text: Vec<Line> = blank().into_iter().collect();
        text.extend(size.lines.into_iter().map(|l| {
            if self.dialog.form {
                // The frame's margin, as the centred lines have at least.
                Line::styled(format!(" {l}"), self.theme.text())
            } else {
                Line::styled(l, self.theme.text()).centered()
            }
        }));
        text.extend(blank());
        text.extend(hint_lines(size.keys, &self.theme));
        Paragraph::new(text).render(inner, buf);
    }
}
