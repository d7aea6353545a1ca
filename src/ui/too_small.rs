//! What the screen shows when the terminal is below the minimum size: one centred message with
//! the size needed and the size there is, so the player knows how much to grow the window.
//! The game goes on underneath (clocks keep running); drawing resumes as soon as it fits.
//! See [`crate::ui::layout`] for the minimum and why.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Text};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::layout::TooSmall;
use super::text;
use super::theme::Theme;

const HEADLINE: &str = "terminal too small:";
/// What to do about it, in two phrases that each stay on one line.
const ADVICE: (&str, &str) = ("enlarge the window,", "or press Ctrl-Q to quit");

/// The "terminal too small" message.
#[derive(Clone, Copy, Debug)]
pub struct TooSmallView {
    pub size: TooSmall,
    pub theme: Theme,
}

impl TooSmallView {
    /// The message itself: `terminal too small: need 60x16 (have 50x12)`.
    pub fn message(&self) -> String {
        format!("{HEADLINE} {}", self.sizes())
    }

    /// `need 60x16 (have 50x12)`.
    fn sizes(&self) -> String {
        let TooSmall { need, have } = self.size;
        format!(
            "need {}x{} (have {}x{})",
            need.width, need.height, have.width, have.height
        )
    }
}

impl Widget for &TooSmallView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let message = self.message();
        // Too narrow for the message on one line: break it where it reads well, not inside
        // "(have 40x12)".
        let mut lines: Vec<Line> = if text::width(&message) > usize::from(area.width) {
            vec![
                Line::styled(HEADLINE, self.theme.error()),
                Line::styled(self.sizes(), self.theme.error()),
            ]
        } else {
            vec![Line::styled(message, self.theme.error())]
        };
        // The same for the advice: two phrases, never "... Ctrl-Q to" / "quit".
        if text::width(ADVICE.0) + 1 + text::width(ADVICE.1) > usize::from(area.width) {
            lines.push(Line::styled(ADVICE.0, self.theme.muted()));
            lines.push(Line::styled(ADVICE.1, self.theme.muted()));
        } else {
            let advice = format!("{} {}", ADVICE.0, ADVICE.1);
            lines.push(Line::styled(advice, self.theme.muted()));
        }
        let text = Text::from(lines).centered();
        let lines = text.height() as u16;
        // Wrapping may need more lines in a very narrow terminal; centre what fits.
        let width = text.width() as u16;
        let height = if width > area.width {
            area.height
        } else {
            lines.min(area.height)
        };
        let area = area.centered_vertically(Constraint::Length(height));
        Paragraph::new(text)
            .wrap(Wrap { trim: true })
            .render(area, buf);
    }
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Size;

    use super::*;

    fn render(w: u16, h: u16) -> Buffer {
        let view = TooSmallView {
            size: TooSmall {
                need: Size::new(60, 16),
                have: Size::new(w, h),
            },
            theme: Theme::monochrome(),
        };
        let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
        (&view).render(buf.area, &mut buf);
        buf
    }

    fn text(buf: &Buffer) -> String {
        let w = buf.area.width as usize;
        let cells: Vec<&str> = buf.content.iter().map(|c| c.symbol()).collect();
        cells
            .chunks(w)
            .map(|row| row.concat())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn names_both_sizes_centred() {
        let buf = render(58, 12);
        let text = text(&buf);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[5].trim(),
            "terminal too small: need 60x16 (have 58x12)"
        );
        assert_eq!(
            lines[6].trim(),
            "enlarge the window, or press Ctrl-Q to quit"
        );
    }

    #[test]
    fn wraps_in_a_very_narrow_terminal() {
        let buf = render(20, 10);
        let text = text(&buf).split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains("need 60x16 (have 20x10)"), "{text}");
    }

    #[test]
    fn sizes_and_advice_break_between_phrases_when_the_message_needs_more_lines() {
        let buf = render(40, 12);
        let text = text(&buf);
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        assert_eq!(
            lines,
            [
                "terminal too small:",
                "need 60x16 (have 40x12)",
                "enlarge the window,",
                "or press Ctrl-Q to quit"
            ],
            "{text}"
        );
    }

    #[test]
    fn does_not_panic_in_a_one_cell_terminal() {
        render(1, 1);
    }
}
