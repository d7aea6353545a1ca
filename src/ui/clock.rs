//! One player's clock line: who it is, whether it is their move, and their time.
//!
//! `▶ ♔ Ann (White)            4:59`. The running clock is marked (`▶`, or `>` with ASCII
//! pieces) and styled by [`Theme::clock`]; under 20 seconds the time shows tenths and takes the
//! warning style; a paused clock says so, a fallen flag too. An untimed game shows only the
//! names and the turn marker.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::{GlyphSet, Theme};
use crate::game::clock::format_clock;
use crate::rules::{Color, Piece, Role};

/// Below this a clock is "low".
pub const LOW_TIME: Duration = Duration::from_secs(20);

/// Everything one clock line shows.
#[derive(Clone, Debug)]
pub struct ClockView {
    pub color: Color,
    /// The player as messages name them.
    pub name: String,
    /// Time left; `None` when this side is untimed.
    pub remaining: Option<Duration>,
    /// This side's clock is running.
    pub running: bool,
    /// It is this side's move (the marker shows even when the clock is stopped or untimed).
    pub to_move: bool,
    pub paused: bool,
    pub theme: Theme,
    pub glyphs: GlyphSet,
}

impl ClockView {
    /// The time text and its note: `4:59`, `0:07.3`, `0:00.0 flag`, `5:00 paused`.
    pub fn time_text(&self) -> Option<String> {
        let left = self.remaining?;
        let mut text = format_clock(left);
        if left.is_zero() {
            text.push_str(" flag");
        } else if self.paused && self.to_move {
            text.push_str(" paused");
        }
        Some(text)
    }
}

impl Widget for &ClockView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.is_empty() {
            return;
        }
        let marker = match (self.to_move, self.glyphs) {
            (false, _) => " ",
            (true, GlyphSet::Unicode) => "▶",
            (true, GlyphSet::Ascii) => ">",
        };
        let king = self.glyphs.piece(Piece::new(self.color, Role::King));
        let low = self.remaining.is_some_and(|t| t < LOW_TIME);
        let style = self.theme.clock(self.running, low);
        let name_style = if self.to_move {
            self.theme.title()
        } else {
            self.theme.text()
        };
        let time = self.time_text();
        // The time sits at the right with one blank column after it; the name gets the rest.
        let time_width = time.as_ref().map_or(0, |t| t.chars().count() as u16 + 1);
        let name_area = Rect {
            width: area.width.saturating_sub(time_width + 1),
            ..area
        };
        Line::from(vec![
            Span::styled(format!("{marker} {king} "), name_style),
            Span::styled(self.name.clone(), name_style),
        ])
        .render(name_area, buf);
        if let Some(time) = time
            && area.width > time_width
        {
            buf.set_string(area.right() - time_width, area.y, time, style);
        }
    }
}
