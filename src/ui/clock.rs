//! One player's clock line: who it is, whether it is their move, and their time.
//!
//! `▶ ♔ Ann (White)            4:59`. The running clock is marked (`▶`, or `>` with ASCII
//! pieces) and styled by [`Theme::clock`]; under 20 seconds the time shows tenths and takes the
//! warning style; a paused clock says so, a fallen flag too. An untimed game shows only the
//! names and the turn marker.
//!
//! Given four rows or more (the panel of a big terminal), the time is drawn large, three rows
//! tall in box-drawing characters, under the name line.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::text::fit;
use super::theme::{GlyphSet, Theme};
use crate::game::clock::format_clock;
use crate::rules::{Color, Piece, Role};

/// Below this a clock is "low" (and the bell rings, for players who hear it).
pub use crate::app::sound::LOW_TIME;

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
    /// What is left of a delay on this move, while it counts down.
    pub delay: Option<Duration>,
    /// Moves left to make before the next time control adds time.
    pub moves_to_go: Option<u32>,
}

impl ClockView {
    /// The time text and its note: `4:59`, `0:07.3`, `0:00.0 flag`, `5:00 paused`, a delay
    /// counting down `4:59 +3s`, moves left to the next control `1:29:58 · 39 to go`.
    pub fn time_text(&self) -> Option<String> {
        let left = self.remaining?;
        let mut text = format_clock(left);
        if left.is_zero() {
            text.push_str(" flag");
        } else if self.paused && self.to_move {
            text.push_str(" paused");
        } else if let Some(d) = self.delay {
            let secs = d.as_secs() + u64::from(d.subsec_nanos() > 0);
            text.push_str(&format!(" +{secs}s"));
        }
        if let Some(n) = self.moves_to_go {
            text.push_str(&format!(" · {n} to go"));
        }
        Some(text)
    }
}

/// Rows a big clock takes: the name line and three rows of digits.
pub const BIG_HEIGHT: u16 = crate::layout::panel::BIG_CLOCK_HEIGHT;

/// A character of the big clock face, three rows tall.
fn big_glyph(c: char) -> [&'static str; 3] {
    match c {
        '0' => ["┌─┐", "│ │", "└─┘"],
        '1' => ["╶┐ ", " │ ", "╶┴╴"],
        '2' => ["╶─┐", "┌─┘", "└─╴"],
        '3' => ["╶─┐", " ─┤", "╶─┘"],
        '4' => ["╷ ╷", "└─┤", "  ╵"],
        '5' => ["┌─╴", "└─┐", "╶─┘"],
        '6' => ["┌─╴", "├─┐", "└─┘"],
        '7' => ["╶─┐", "  │", "  ╵"],
        '8' => ["┌─┐", "├─┤", "└─┘"],
        '9' => ["┌─┐", "└─┤", "╶─┘"],
        ':' => [" ", ":", " "],
        '.' => [" ", " ", "."],
        _ => [" ", " ", " "],
    }
}

/// The heavy line of a light box-drawing character: the running clock's digits.
fn heavy(c: char) -> char {
    const PAIRS: [(char, char); 13] = [
        ('─', '━'),
        ('│', '┃'),
        ('┌', '┏'),
        ('┐', '┓'),
        ('└', '┗'),
        ('┘', '┛'),
        ('├', '┣'),
        ('┤', '┫'),
        ('┴', '┻'),
        ('╶', '╺'),
        ('╴', '╸'),
        ('╷', '╻'),
        ('╵', '╹'),
    ];
    PAIRS
        .iter()
        .find(|(light, _)| *light == c)
        .map_or(c, |&(_, heavy)| heavy)
}

/// The three rows of a time in big characters, a blank column between digits; in heavy lines
/// for the running clock (a difference of shape as well as brightness, so it shows without
/// colour and where a terminal draws bold lines no thicker).
pub fn big_rows(time: &str, running: bool) -> [String; 3] {
    let mut rows: [String; 3] = Default::default();
    for (i, c) in time.chars().enumerate() {
        for (row, part) in rows.iter_mut().zip(big_glyph(c)) {
            if i > 0 {
                row.push(' ');
            }
            if running {
                row.extend(part.chars().map(heavy));
            } else {
                row.push_str(part);
            }
        }
    }
    rows
}

impl ClockView {
    /// The big face: the name line with the note (paused, flag), the time below.
    fn render_big(&self, area: Rect, buf: &mut Buffer, left: Duration) {
        let mut line = area;
        line.height = 1;
        let note = self.time_text().unwrap_or_default();
        let note = note
            .split_once(' ')
            .map(|(_, n)| n.to_owned())
            .unwrap_or_default();
        let mut small = self.clone();
        small.remaining = None;
        small.render_line(line, buf, Some(note));
        let low = left < LOW_TIME;
        let style = self.theme.clock(self.running, low);
        for (i, row) in big_rows(&format_clock(left), self.running)
            .iter()
            .enumerate()
        {
            let width = Span::raw(row.as_str()).width() as u16;
            let y = area.y + 1 + i as u16;
            if width + 1 < area.width && y < area.bottom() {
                buf.set_string(area.right() - width - 1, y, row, style);
            }
        }
    }

    /// The one-line clock; `note` replaces the time (for the big face's name line).
    fn render_line(&self, area: Rect, buf: &mut Buffer, note: Option<String>) {
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
        let time = note.filter(|n| !n.is_empty()).or_else(|| self.time_text());
        // The time sits at the right with one blank column after it; the name gets the rest.
        let time_width = time.as_ref().map_or(0, |t| t.chars().count() as u16 + 1);
        let name_area = Rect {
            width: area.width.saturating_sub(time_width + 1),
            ..area
        };
        let prefix = Span::styled(format!("{marker} {king} "), name_style);
        let room = usize::from(name_area.width).saturating_sub(prefix.width());
        Line::from(vec![
            prefix,
            Span::styled(fit(&self.name, room), name_style),
        ])
        .render(name_area, buf);
        if let Some(time) = time
            && area.width > time_width
        {
            buf.set_string(area.right() - time_width, area.y, time, style);
        }
    }
}

impl Widget for &ClockView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.is_empty() {
            return;
        }
        match self.remaining {
            Some(left) if area.height >= BIG_HEIGHT => self.render_big(area, buf, left),
            _ => self.render_line(area, buf, None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::Modifier;

    fn view(remaining: Option<Duration>, to_move: bool, paused: bool) -> ClockView {
        ClockView {
            color: Color::White,
            name: "Ann (White)".into(),
            remaining,
            running: to_move && !paused,
            to_move,
            paused,
            theme: Theme::monochrome(),
            glyphs: GlyphSet::Unicode,
            delay: None,
            moves_to_go: None,
        }
    }

    #[test]
    fn a_delay_counts_down_beside_the_time_and_moves_to_go_follow() {
        let mut v = view(Some(Duration::from_secs(299)), true, false);
        v.delay = Some(Duration::from_millis(2_100));
        assert_eq!(v.time_text().unwrap(), "4:59 +3s");
        v.delay = None;
        v.moves_to_go = Some(39);
        assert_eq!(v.time_text().unwrap(), "4:59 · 39 to go");
    }

    fn line(view: &ClockView, width: u16, height: u16) -> Vec<String> {
        let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
        view.render(buf.area, &mut buf);
        buf.content
            .chunks(usize::from(width))
            .map(|r| r.iter().map(|c| c.symbol()).collect::<String>())
            .collect()
    }

    #[test]
    fn one_line_shows_marker_name_and_time_at_the_right() {
        let rows = line(&view(Some(Duration::from_secs(299)), true, false), 30, 1);
        assert_eq!(rows[0], "▶ ♔ Ann (White)          4:59 ");
        let rows = line(
            &view(Some(Duration::from_millis(7_340)), false, false),
            30,
            1,
        );
        assert_eq!(rows[0], "  ♔ Ann (White)        0:07.3 ");
    }

    #[test]
    fn notes_for_pause_flag_and_nothing_when_untimed() {
        let paused = view(Some(Duration::from_secs(60)), true, true);
        assert_eq!(paused.time_text().as_deref(), Some("1:00 paused"));
        let flagged = view(Some(Duration::ZERO), true, false);
        assert_eq!(flagged.time_text().as_deref(), Some("0:00.0 flag"));
        let untimed = view(None, true, false);
        assert_eq!(untimed.time_text(), None);
        assert_eq!(line(&untimed, 20, 1)[0], "▶ ♔ Ann (White)     ");
    }

    #[test]
    fn a_long_name_gives_way_to_the_time() {
        let mut v = view(Some(Duration::from_secs(3600)), false, false);
        v.name = "A very long name indeed, too long".into();
        let row = &line(&v, 24, 1)[0];
        assert!(row.ends_with(" 1:00:00 "), "{row}");
        v.remaining = None;
        assert_eq!(line(&v, 24, 1)[0], "  ♔ A very long name i… ");
    }

    #[test]
    fn big_digits_are_three_rows_of_equal_width() {
        for running in [false, true] {
            let rows = big_rows("10:05.3", running);
            let widths: Vec<usize> = rows.iter().map(|r| r.chars().count()).collect();
            assert!(widths.iter().all(|&w| w == widths[0]), "{rows:?}");
        }
        assert_eq!(big_rows("10:05.3", false)[1], " │  │ │ : │ │ └─┐    ─┤");
        let big = line(&view(Some(Duration::from_secs(65)), false, false), 30, 4);
        assert!(big[0].starts_with("  ♔ Ann (White)"));
        assert!(big[1].ends_with("╶┐    ┌─┐ ┌─╴ "), "{big:?}");
        assert!(big[2].ends_with(" │  : │ │ └─┐ "), "{big:?}");
    }

    #[test]
    fn the_running_big_clock_is_drawn_in_heavy_lines_and_bold_the_waiting_one_light() {
        let running = view(Some(Duration::from_secs(65)), true, false);
        let big = line(&running, 30, 4);
        assert!(big[1].ends_with("╺┓    ┏━┓ ┏━╸ "), "{big:?}");
        assert!(big[2].ends_with(" ┃  : ┃ ┃ ┗━┓ "), "{big:?}");
        let mut buf = Buffer::empty(Rect::new(0, 0, 30, 4));
        running.render(buf.area, &mut buf);
        assert!(buf[(28, 2)].modifier.contains(Modifier::BOLD));
        let waiting = view(Some(Duration::from_secs(65)), false, false);
        let mut buf = Buffer::empty(Rect::new(0, 0, 30, 4));
        waiting.render(buf.area, &mut buf);
        assert!(!buf[(28, 2)].modifier.contains(Modifier::BOLD));
    }
}
