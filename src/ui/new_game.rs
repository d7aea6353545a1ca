//! The new-game form: names, clock, start position, with the field being edited marked `›`,
//! a caret in text, and each field's problem (a FEN or time-control error) right under it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::footer::dialog_hint_lines;
use super::help::wrap;
use super::popup::{centered, frame};
use super::theme::Theme;
use crate::app::keymap::KeyContext;
use crate::app::newgame::{CUSTOM, Field, NewGameForm, TIME_PRESETS};

/// The widest the form gets.
const MAX_WIDTH: u16 = 72;
/// Columns before a field's value: margin, marker, label.
const LABEL_WIDTH: usize = 10;

/// The form drawn over the screen.
#[derive(Clone, Copy, Debug)]
pub struct NewGameView<'a> {
    pub form: &'a NewGameForm,
    pub theme: Theme,
}

impl NewGameView<'_> {
    fn lines(&self, width: usize) -> Vec<Line<'static>> {
        let form = self.form;
        let theme = &self.theme;
        let value_width = width.saturating_sub(LABEL_WIDTH + 1).max(8);
        let mut lines = vec![Line::default()];
        for field in Field::ALL {
            let current = form.field == field;
            let marker = if current { "›" } else { " " };
            let label_style = if current { theme.title() } else { theme.text() };
            let mut spans = vec![Span::styled(
                format!(" {marker} {:<w$}", field.label(), w = LABEL_WIDTH - 3),
                label_style,
            )];
            let caret = Span::styled(" ", theme.text().add_modifier(Modifier::REVERSED));
            match field {
                Field::White | Field::Black => {
                    let text = if field == Field::White {
                        &form.white
                    } else {
                        &form.black
                    };
                    spans.push(Span::styled(text.clone(), theme.key()));
                    if current {
                        spans.push(caret);
                    }
                }
                Field::Time => {
                    spans.push(Span::styled(
                        format!("◀ {} ▶", form.time_label()),
                        theme.key(),
                    ));
                    if form.time == CUSTOM {
                        spans.push(Span::raw("  "));
                        spans.push(Span::styled(form.custom.clone(), theme.key()));
                        if current {
                            spans.push(caret);
                        }
                    }
                }
                Field::Theme => {
                    spans.push(Span::styled(format!("◀ {} ▶", form.palette), theme.key()));
                    spans.push(Span::styled(
                        format!("  {}", form.palette.describe()),
                        theme.muted(),
                    ));
                }
                Field::Start => {
                    if form.from_fen {
                        spans.push(Span::styled("◀ FEN ▶ ", theme.key()));
                        // Show the end of a long FEN, where the typing happens.
                        let room = value_width.saturating_sub(9);
                        let chars: Vec<char> = form.fen.chars().collect();
                        let shown: String =
                            chars[chars.len().saturating_sub(room)..].iter().collect();
                        spans.push(Span::styled(shown, theme.key()));
                        if current {
                            spans.push(caret);
                        }
                    } else if form.chess960 {
                        let label = format!("◀ {} ▶", form.chess960_label());
                        spans.push(Span::styled(label, theme.key()));
                        if current {
                            spans.push(caret);
                        }
                    } else {
                        spans.push(Span::styled("◀ initial position ▶", theme.key()));
                    }
                }
            }
            lines.push(Line::from(spans));
            if field == Field::Time {
                // The choices, in as many rows as the box's width needs.
                let indent = || Span::raw(" ".repeat(LABEL_WIDTH));
                let mut choices = vec![indent()];
                let mut used = 0;
                for (i, preset) in TIME_PRESETS.iter().chain(["custom"].iter()).enumerate() {
                    let style = if i == form.time {
                        theme.title().add_modifier(Modifier::REVERSED)
                    } else {
                        theme.muted()
                    };
                    if used > 0 && used + preset.len() > value_width {
                        lines.push(Line::from(std::mem::replace(&mut choices, vec![indent()])));
                        used = 0;
                    }
                    used += preset.len() + 1;
                    choices.push(Span::styled(preset.to_string(), style));
                    choices.push(Span::raw(" "));
                }
                lines.push(Line::from(choices));
            }
            if let Some(error) = form.error(field) {
                for part in wrap(&error, value_width) {
                    lines.push(Line::from(vec![
                        Span::raw(" ".repeat(LABEL_WIDTH)),
                        Span::styled(part, theme.error()),
                    ]));
                }
            }
        }
        lines.push(Line::default());
        lines.push(Line::styled(
            "   Type names (Stockfish (level 1) to (level 8), or Stockfish (1500 Elo), for a side \
             the computer plays); on Clock type a control as for --time (5+3, 40/90+30,30+30, a \
             delay 5+0d3 or 5+0b2, odds 5+0 vs 3+0); Left/Right pick the theme; on Start paste a \
             FEN or a Chess960 number.",
            theme.muted(),
        ));
        lines
    }
}

impl Widget for NewGameView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let width = MAX_WIDTH.min(area.width);
        let inner_width = usize::from(width.saturating_sub(2));
        let mut lines = self.lines(inner_width);
        let wrapped_hint = lines.pop().map(|l| l.to_string()).unwrap_or_default();
        for part in wrap(wrapped_hint.trim(), inner_width.saturating_sub(3)) {
            lines.push(Line::styled(format!("   {part}"), self.theme.muted()));
        }
        lines.push(Line::default());
        lines.extend(dialog_hint_lines(
            KeyContext::Form,
            &self.theme,
            inner_width,
        ));
        let rect = centered(area, width, lines.len() as u16 + 2);
        let inner = frame(rect, "New game", &self.theme, buf);
        Paragraph::new(lines).render(inner, buf);
    }
}
