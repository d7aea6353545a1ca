//! The pieces one side has captured, most valuable first, and its material lead (`+3`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::{GlyphSet, Theme};
use crate::game::Record;
use crate::rules::{Color, Move, Piece, Position};

/// What one side has taken.
#[derive(Clone, Debug)]
pub struct CapturedView {
    /// The opponent's pieces this side has captured.
    pub pieces: Vec<Piece>,
    /// This side's material lead in pawns; shown only when positive.
    pub lead: i32,
    pub theme: Theme,
    pub glyphs: GlyphSet,
}

impl CapturedView {
    /// The captures `color` made in the first `plies` half-moves of `record` and then in the
    /// side line `line` (a variation shown, empty in the main line), and the material lead on
    /// `board`, the position after them (White minus Black, from `color`'s side).
    pub fn for_side(
        record: &Record,
        (plies, line): (usize, &[Move]),
        board: &Position,
        color: Color,
        theme: Theme,
        glyphs: GlyphSet,
    ) -> CapturedView {
        let mut pieces: Vec<Piece> = record
            .moves()
            .iter()
            .take(plies)
            .map(|m| m.mv)
            .chain(line.iter().copied())
            .enumerate()
            .filter(|&(i, _)| record.mover(i) == color)
            .filter_map(|(_, m)| m.capture().map(|role| Piece::new(!color, role)))
            .collect();
        pieces.sort_by_key(|p| (-p.role.value(), std::cmp::Reverse(p.role.index())));
        let balance = board.material_balance();
        CapturedView {
            pieces,
            lead: color.fold(balance, -balance),
            theme,
            glyphs,
        }
    }

    /// The line as text, with the glyphs that tell the sides apart by shape: `♟♟♞ +3`.
    pub fn text(&self) -> String {
        let mut text: String = self.pieces.iter().map(|&p| self.glyphs.piece(p)).collect();
        if self.lead > 0 {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&format!("+{}", self.lead));
        }
        text
    }
}

impl Widget for &CapturedView {
    /// The pieces as the board draws them (in colour: the filled shapes in their side's colour,
    /// on a light square's colour so that near-black reads on any terminal), the lead muted.
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mut spans = vec![Span::raw("   ")];
        spans.extend(self.pieces.iter().map(|&p| {
            Span::styled(
                self.theme.glyph(self.glyphs, p).to_string(),
                self.theme.captured(p.color),
            )
        }));
        if self.lead > 0 {
            let gap = if self.pieces.is_empty() { "" } else { " " };
            spans.push(Span::styled(
                format!("{gap}+{}", self.lead),
                self.theme.muted(),
            ));
        }
        Line::from(spans).render(area, buf);
    }
}
