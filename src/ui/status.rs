//! The status line: whose move it is and check, the last message (errors stand out: colour, or
//! reverse video without colour), the review banner, and the result once the game is over.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::Theme;
use crate::app::{Message, MessageKind};

/// One line of status.
#[derive(Clone, Debug)]
pub struct StatusLine {
    pub message: Message,
    pub theme: Theme,
    /// A standing warning, kept at the right end whatever the message (saving is failing).
    pub warning: Option<String>,
}

impl Widget for StatusLine {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let style = match self.message.kind {
            MessageKind::Info => self.theme.text(),
            MessageKind::Error => self.theme.error(),
            MessageKind::Banner => self.theme.banner(),
        };
        if self.message.kind == MessageKind::Banner {
            buf.set_style(area, style);
        }
        let mut text_area = area;
        if let Some(warning) = &self.warning {
            let badge = format!(" ⚠ {warning} ");
            let width = (badge.chars().count() as u16).min(area.width);
            let badge_area = Rect {
                x: area.right() - width,
                width,
                ..area
            };
            text_area.width -= width;
            Line::from(Span::styled(badge, self.theme.error())).render(badge_area, buf);
        }
        Line::from(Span::styled(format!(" {} ", self.message.text), style)).render(text_area, buf);
    }
}
