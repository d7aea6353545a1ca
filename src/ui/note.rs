//! The note on the position shown, under the move list: how long the move took, and its
//! comment (the game's introduction at the start position), wrapped by the app to the panel's
//! width and scrolled by the mouse wheel over it or Shift-↑/↓. A `⋮` (`:` with ASCII pieces) in
//! the last column says there is more below or above.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::theme::{GlyphSet, Theme};

/// The note's lines, from the app's `note_lines`.
#[derive(Clone, Debug)]
pub struct NoteView {
    pub lines: Vec<String>,
    /// Lines scrolled past.
    pub scroll: u16,
    pub theme: Theme,
    pub glyphs: GlyphSet,
}

impl Widget for NoteView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.height == 0 || area.width < 2 {
            return;
        }
        let first = usize::from(self.scroll).min(self.lines.len().saturating_sub(1));
        for (row, line) in (area.y..area.bottom()).zip(self.lines.iter().skip(first)) {
            buf.set_stringn(
                area.x + 1,
                row,
                line,
                usize::from(area.width - 2),
                self.theme.text(),
            );
        }
        let last = area.right() - 1;
        let more = self.glyphs.more();
        if first > 0 {
            buf.set_string(last, area.y, more, self.theme.muted());
        }
        if first + usize::from(area.height) < self.lines.len() {
            buf.set_string(last, area.bottom() - 1, more, self.theme.muted());
        }
    }
}
