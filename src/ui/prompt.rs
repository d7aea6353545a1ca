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
        let (shown, caret) = self.window(usize::from(area.width));
        let before: String = shown.chars().take(caret).collect();
        let x = 1 + text_width(&self.prompt.label) + 1 + text_width(&before);
        let x = u16::try_from(x).ok()?;
        (x < area.width).then(|| Position::new(area.x + x, area.y))
    }

    /// The typed text as the line shows it in `width` columns, and the caret in it: the whole
    /// text while it fits; a longer one (a pasted line of moves) scrolled so that the caret
    /// shows, what is out of sight at its left marked `…`.
    fn window(&self, width: usize) -> (String, usize) {
        let p = &self.prompt;
        // The label with its spaces, and a cell for the caret at the end.
        let room = width.saturating_sub(text_width(&p.label) + 3);
        let chars: Vec<char> = p.input.chars().collect();
        let caret = p.caret.min(chars.len());
        let upto = |from: usize| chars[from..caret].iter().collect::<String>();
        if text_width(&upto(0)) < room && text_width(&p.input) <= room {
            return (p.input.clone(), caret);
        }
        let mut skip = 0;
        while skip < caret && 1 + text_width(&upto(skip)) >= room {
            skip += 1;
        }
        if skip == 0 {
            // The caret near the start: the text from its start, cut at the line's end.
            return (p.input.clone(), caret);
        }
        let shown: String = std::iter::once('…')
            .chain(chars[skip..].iter().copied())
            .collect();
        (shown, caret - skip + 1)
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
        let (input, _) = self.window(usize::from(area.width));
        let used = label.width() + text_width(&input) + 2;
        // A hint too long for the line ends in … rather than mid-word at the edge.
        let room = usize::from(area.width).saturating_sub(used + 1);
        Line::from(vec![
            label,
            Span::styled(input, self.theme.key()),
            Span::raw("  "),
            Span::styled(fit(p.hint.for_width(room), room), hint_style),
        ])
        .render(area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Message;

    fn line(input: &str, caret: usize) -> PromptLine {
        PromptLine {
            prompt: Prompt {
                label: "White ›".to_owned(),
                input: input.to_owned(),
                caret,
                hint: Message::info(""),
                active: true,
            },
            theme: Theme::monochrome(),
        }
    }

    #[test]
    fn a_line_longer_than_the_screen_scrolls_so_that_the_caret_shows() {
        let short = line("e4", 2);
        assert_eq!(short.window(80), ("e4".to_owned(), 2));
        let pasted = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6";
        let long = line(pasted, pasted.chars().count());
        let (shown, caret) = long.window(40);
        assert!(
            shown.starts_with('…') && pasted.ends_with(&shown[3..]),
            "{shown}"
        );
        let area = Rect::new(0, 0, 40, 1);
        let at = long.cursor_position(area).expect("the caret shows");
        assert!(at.x < 40);
        assert_eq!(caret, shown.chars().count());
        // The caret at the start: the text's start shows.
        let (shown, caret) = line(pasted, 0).window(40);
        assert_eq!(caret, 0);
        assert!(shown.starts_with("1. e4"));
    }
}
