//! The promotion picker: four pieces in a row over the board, the highlighted one in reverse
//! video. Its geometry is a pure function of the screen, so the app turns a click into a choice
//! with [`promotion::choice_at`] exactly where the picker draws it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::widgets::{Paragraph, Widget};

use super::footer::dialog_hint_lines;
use super::popup::frame;
use super::theme::{GlyphSet, Theme};
use crate::app::keymap::KeyContext;
use crate::layout::popup::promotion;
use crate::rules::{Color, Piece, Role};

/// The picker for a pawn of `color`.
#[derive(Clone, Copy, Debug)]
pub struct PromotionPicker {
    pub color: Color,
    /// Index into [`Role::PROMOTIONS`] of the highlighted piece.
    pub choice: usize,
    pub theme: Theme,
    pub glyphs: GlyphSet,
}

impl PromotionPicker {
    /// The picker's box on a screen of `screen`.
    pub fn area(screen: Rect) -> Rect {
        promotion::area(screen)
    }

    /// The cells of each choice, in [`Role::PROMOTIONS`] order.
    pub fn choice_rects(screen: Rect) -> [Rect; 4] {
        promotion::choice_rects(screen)
    }
}

impl Widget for PromotionPicker {
    /// Draws the picker centred on the screen `area`.
    fn render(self, area: Rect, buf: &mut Buffer) {
        let rect = PromotionPicker::area(area);
        let inner = frame(rect, "Promote to", &self.theme, buf);
        for (i, (&role, cell)) in Role::PROMOTIONS
            .iter()
            .zip(PromotionPicker::choice_rects(area))
            .enumerate()
        {
            let glyph = self.glyphs.piece(Piece::new(self.color, role));
            let name = role.name();
            let name = format!("{}{}", name[..1].to_uppercase(), &name[1..]);
            let label = if i == self.choice {
                format!("[{glyph} {name}]")
            } else {
                format!(" {glyph} {name} ")
            };
            let mut style = self.theme.text();
            if i == self.choice {
                style = self.theme.title().add_modifier(Modifier::REVERSED);
            }
            buf.set_stringn(cell.x, cell.y, label, usize::from(cell.width), style);
        }
        let keys = Rect::new(inner.x, inner.y + 3, inner.width, 2).intersection(inner);
        let lines = dialog_hint_lines(KeyContext::Promotion, &self.theme, usize::from(keys.width));
        Paragraph::new(lines).render(keys, buf);
    }
}
