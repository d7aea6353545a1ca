//! The move box: `White › Nf3  Enter plays Nf3`. The label names the player to move, the typed
//! text follows (the terminal cursor is its caret), then the live hint: what the text means,
//! or the parser's exact complaint in the error style.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::text::{fit, width as text_width};
use super::theme::Theme;
use crate::app::{MessageKind, Prompt};

/// The prompt line.
#[derive(Clone, Debug)]
pub struct PromptLine {
    pub prompt: Prompt,
    pub theme: Theme,
}

impl PromptLine {
    /// Where the terminal cursor goes: at the caret in the typed text.
    pub fn cursor_position(&self, area: Rect) -> Option<Position> {
        let before: String = self.prompt.input.chars().take(self.prompt.caret).collect();
        let x = 1 + text_width(&self.prompt.label) + 1 + text_width(&before);
        let x = u16::try_from(x).ok()?;
        (x < area.width).then(|| Position::new(area.x + x, area.y))
    }
}

impl Widget for &PromptLine {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let p = &self.prompt;
        let label_style = if p.active {
            self.theme.title()
        } else {
            self.theme.muted()
        };
        let hint_style = match p.hint.kind {
            MessageKind::Error => self.theme.error(),
            _ => self.theme.muted(),
        };
        let label = Span::styled(format!(" {} ", p.label), label_style);
        let used = label.width() + text_width(&p.input) + 2;
        // A hint too long for the line ends in … rather than mid-word at the edge.
        let room = usize::from(area.width).saturating_sub(used + 1);
        Line::from(vec![
            label,
            Span::styled(p.input.clone(), self.theme.key()),
            Span::raw("  "),
            Span::styled(fit(p.hint.for_width(room), room), hint_style),
        ])
        .render(area, buf);
    }
}
