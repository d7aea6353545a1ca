//! The status line: whose move it is and check, the last message (errors stand out: colour, or
//! reverse video without colour), the review banner, and the result once the game is over.
//!
//! A message too long for one line (a path in it, at 80 columns) takes a second line above
//! the status row, over the bottom edge of the board and panel, until the next message: a
//! message that says where a file went must not lose its end.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Widget};

use super::theme::Theme;
use crate::app::{Message, MessageKind, STATUS_MAX_LINES, status_badge, status_lines};

/// One line of status, two for a long message.
#[derive(Clone, Debug)]
pub struct StatusLine {
    pub message: Message,
    pub theme: Theme,
    /// A standing warning, kept at the right end whatever the message (saving is failing).
    pub warning: Option<String>,
}

impl StatusLine {
    /// The rows the status needs at `width` columns: 1, or 2 when the message does not fit.
    pub fn height(&self, width: u16) -> u16 {
        let lines = self.lines(width, STATUS_MAX_LINES).len();
        u16::try_from(lines).unwrap_or(1).max(1)
    }

    fn badge(&self) -> Option<String> {
        self.warning.as_deref().map(status_badge)
    }

    /// The message in at most `max` lines at `width` columns ([`status_lines`]).
    fn lines(&self, width: u16, max: usize) -> Vec<String> {
        status_lines(&self.message, self.warning.as_deref(), width, max)
    }
}

impl Widget for StatusLine {
    /// Draws into `area`: one row, or two (see [`StatusLine::height`]); the badge goes at the
    /// right end of the last row.
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.height == 0 {
            return;
        }
        let style = match self.message.kind {
            MessageKind::Info => self.theme.text(),
            MessageKind::Error => self.theme.error(),
            MessageKind::Banner => self.theme.banner(),
        };
        Clear.render(area, buf);
        if self.message.kind == MessageKind::Banner {
            buf.set_style(area, style);
        }
        let last = Rect {
            y: area.bottom() - 1,
            height: 1,
            ..area
        };
        let mut width = area.width;
        if let Some(badge) = self.badge() {
            let badge_width = (badge.chars().count() as u16).min(area.width);
            let badge_area = Rect {
                x: area.right() - badge_width,
                width: badge_width,
                ..last
            };
            width -= badge_width;
            Line::from(Span::styled(badge, self.theme.error())).render(badge_area, buf);
        }
        let lines = self.lines(area.width, usize::from(area.height));
        let rows = u16::try_from(lines.len()).unwrap_or(area.height);
        let top = area.bottom().saturating_sub(rows.max(1));
        for (row, text) in (top..).zip(lines) {
            let line = Rect::new(area.x, row, width, 1);
            Line::from(Span::styled(format!(" {text} "), style)).render(line, buf);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(text: &str, warning: Option<&str>) -> StatusLine {
        StatusLine {
            message: Message::error(text),
            theme: Theme::default(),
            warning: warning.map(str::to_owned),
        }
    }

    fn rows(buf: &Buffer) -> Vec<String> {
        (0..buf.area.height)
            .map(|y| {
                (0..buf.area.width)
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
                    .trim_end()
                    .to_owned()
            })
            .collect()
    }

    #[test]
    fn a_short_message_takes_one_line() {
        assert_eq!(status("e4 is blocked", None).height(80), 1);
        assert_eq!(status("", None).height(80), 1);
        assert_eq!(status(&"x".repeat(78), None).height(80), 1);
        assert_eq!(status(&"x".repeat(79), None).height(80), 2);
    }

    #[test]
    fn a_long_message_breaks_at_a_space_and_keeps_its_end() {
        let text = "Saved game not resumed (the file looks cut short: it ends with \"Bb\", not \
                    with a result); kept as ~/.local/share/hotseat/current.corrupt-1.pgn · new game";
        let line = status(text, None);
        assert_eq!(line.height(80), 2);
        let area = Rect::new(0, 0, 80, 3);
        let mut buf = Buffer::empty(area);
        line.render(Rect::new(0, 1, 80, 2), &mut buf);
        let rows = rows(&buf);
        assert_eq!(rows[0], "");
        assert_eq!(
            rows[1],
            " Saved game not resumed (the file looks cut short: it ends with \"Bb\", not with"
        );
        assert_eq!(
            rows[2],
            " a result); kept as ~/.local/share/hotseat/current.corrupt-1.pgn · new game"
        );
    }

    #[test]
    fn the_badge_stays_at_the_end_of_the_last_line() {
        let text = format!("Not saved: {} (retrying)", "/a/very/long/path".repeat(4));
        let line = status(&text, Some("not saved"));
        assert_eq!(line.height(80), 2);
        let mut buf = Buffer::empty(Rect::new(0, 0, 80, 2));
        line.render(buf.area, &mut buf);
        let rows = rows(&buf);
        assert!(
            rows[0].starts_with(" Not saved: /a/very/long/path"),
            "{rows:?}"
        );
        assert!(rows[1].ends_with("⚠ not saved"), "{rows:?}");
        assert!(rows[1].contains("(retrying)"), "{rows:?}");
        assert!(rows.iter().all(|r| r.chars().count() <= 80), "{rows:?}");
    }

    #[test]
    fn one_row_gets_the_start_and_an_ellipsis() {
        let line = status(&"word ".repeat(30), None);
        let mut buf = Buffer::empty(Rect::new(0, 0, 40, 1));
        line.render(buf.area, &mut buf);
        let row = &rows(&buf)[0];
        assert!(row.ends_with('…'), "{row:?}");
        assert_eq!(row.chars().count(), 39, "{row:?}");
    }
}
