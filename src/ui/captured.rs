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
    /// on a light square's colour so that near-black reads on any terminal), a cell apart on one
    /// band of that colour, like a tray beside the board: a glyph a cell wide alone on its own
    /// patch of colour was hard to make out. The lead follows, muted.
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lead = (self.lead > 0).then(|| format!("+{}", self.lead));
        let n = self.pieces.len();
        let lead_width = lead.as_ref().map_or(0, |l| l.len() + 1);
        // A cell between pieces where the line has room for it (fifteen captures and a lead
        // at 80x24 have not): the band is one stretch either way.
        let spaced = 3 + 1 + 2 * n + lead_width <= usize::from(area.width);
        let mut spans = vec![Span::raw("   ")];
        if let Some(first) = self.pieces.first() {
            spans.push(Span::styled(" ", self.theme.captured(first.color)));
            spans.extend(self.pieces.iter().map(|&p| {
                let glyph = self.theme.glyph(self.glyphs, p);
                let text = if spaced {
                    format!("{glyph} ")
                } else {
                    glyph.to_string()
                };
                Span::styled(text, self.theme.captured(p.color))
            }));
        }
        if let Some(lead) = lead {
            let gap = if self.pieces.is_empty() { "" } else { " " };
            spans.push(Span::styled(format!("{gap}{lead}"), self.theme.muted()));
        }
        Line::from(spans).render(area, buf);
    }
}
