//! The promotion picker: four pieces in a row over the board, the highlighted one in reverse
//! video. Its geometry is a pure function of the screen, so the app turns a click into a choice
//! with [`PromotionPicker::choice_at`] exactly where the picker draws it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::widgets::{Paragraph, Widget};

use super::footer::dialog_hint_lines;
use super::popup::{centered, frame};
use super::theme::{GlyphSet, Theme};
use crate::app::keymap::KeyContext;
use crate::rules::{Color, Piece, Role};

/// Columns of one choice: ` ♕ Queen ` and padding.
const CHOICE_WIDTH: u16 = 11;
/// The box: four choices, a margin either side, the border.
const WIDTH: u16 = 4 * CHOICE_WIDTH + 2 + 2;
/// Border, blank, choices, blank, two lines of keys, border.
const HEIGHT: u16 = 7;

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
        centered(screen, WIDTH, HEIGHT)
    }

    /// The cells of each choice, in [`Role::PROMOTIONS`] order.
    pub fn choice_rects(screen: Rect) -> [Rect; 4] {
        let area = PromotionPicker::area(screen);
        let y = area.y + 2;
        std::array::from_fn(|i| {
            let x = area.x + 2 + i as u16 * CHOICE_WIDTH;
            Rect::new(x, y, CHOICE_WIDTH, 1).intersection(area)
        })
    }

    /// The choice under a screen cell, for clicks.
    pub fn choice_at(screen: Rect, column: u16, row: u16) -> Option<usize> {
        PromotionPicker::choice_rects(screen)
            .iter()
            .position(|r| r.contains(ratatui::layout::Position::new(column, row)))
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
