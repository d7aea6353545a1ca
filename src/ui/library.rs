//! The library screen: the archived games as a full-screen list (see [`crate::app::library`]).
//!
//! A title with the count and the sort, the filter line, the column headings, a row per game
//! (the selected one in reverse video, which needs no colour) and the keys on the last line.
//! Columns are dropped from the right of the list's order as the screen narrows: at 80 columns
//! date, players, result, ending, moves and opening; from 100 the time control too, from 118
//! every column. A cell too long for its column is cut with `…`.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::text::{fit, width};
use super::theme::Theme;
use crate::app::library::{Column, LibraryList};

pub use crate::app::library::CHROME_ROWS;

/// The library screen.
#[derive(Clone, Copy, Debug)]
pub struct LibraryView<'a> {
    pub list: &'a LibraryList,
    pub theme: Theme,
    /// `--ascii`: the sort marks as letters.
    pub ascii: bool,
    /// News to show (a game moved to the trash), on the filter's line.
    pub note: Option<&'a str>,
    /// The list is the trash's: titled so, with its own keys.
    pub trash: bool,
    /// The list is of the games that reached the explorer's position: titled so.
    pub reached: bool,
}

/// The columns shown in `cols` terminal columns, each with its width; the opening takes what
/// is left.
pub fn columns(cols: u16) -> Vec<(Column, usize)> {
    let cols = usize::from(cols);
    let mut chosen = vec![
        (Column::Date, 10),
        (Column::White, 12),
        (Column::Black, 12),
        (Column::Result, 7),
        (Column::Ending, 11),
        (Column::Moves, 5),
    ];
    if cols >= 100 {
        chosen.push((Column::TimeControl, 7));
    }
    if cols >= 118 {
        chosen.push((Column::Variant, 9));
        chosen.push((Column::Engine, 4));
    }
    if cols >= 140 {
        // Room for longer names.
        chosen[1].1 = 16;
        chosen[2].1 = 16;
    }
    let used: usize = chosen.iter().map(|(_, w)| w + 1).sum();
    let opening = cols.saturating_sub(used).max(7);
    chosen.insert(6, (Column::Opening, opening));
    chosen
}

impl LibraryView<'_> {
    fn sort_mark(&self) -> &'static str {
        match (self.ascii, self.list.sort().1) {
            (false, false) => "▼",
            (false, true) => "▲",
            (true, false) => "v",
            (true, true) => "^",
        }
    }

    /// One row of cells, each cut to its column.
    fn row(cells: &[(String, usize)]) -> String {
        cells
            .iter()
            .map(|(text, w)| {
                let cut = fit(text, *w);
                let pad = w.saturating_sub(width(&cut));
                format!("{cut}{}", " ".repeat(pad))
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// `game` or `games`, for `n` of them.
fn games(n: usize) -> &'static str {
    if n == 1 { "game" } else { "games" }
}

impl Widget for &LibraryView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.height < CHROME_ROWS + 1 || area.width < 20 {
            return;
        }
        let list = self.list;
        let line_at = |buf: &mut Buffer, y: u16, line: Line| {
            buf.set_line(area.x, area.y + y, &line, area.width);
        };
        let (sort, _) = list.sort();
        let count = if list.shown_len() == list.len() {
            format!("{} {}", list.len(), games(list.len()))
        } else {
            format!(
                "{} of {} {}",
                list.shown_len(),
                list.len(),
                games(list.len())
            )
        };
        let sorted = format!("sorted by {} {}", sort.title(), self.sort_mark());
        let title = match (self.trash, self.reached) {
            (true, _) => "Trash",
            (false, true) => "Games from the position",
            (false, false) => "Library",
        };
        let gap = usize::from(area.width)
            .saturating_sub(width(title) + 2 + width(&count) + width(&sorted));
        line_at(
            buf,
            0,
            Line::from(vec![
                Span::styled(title, self.theme.title()),
                Span::raw("  "),
                Span::styled(count, self.theme.text()),
                Span::raw(" ".repeat(gap)),
                Span::styled(sorted, self.theme.muted()),
            ]),
        );
        let filter = if list.filter().is_empty() {
            Line::from(vec![
                Span::styled("Filter: ", self.theme.key()),
                Span::styled(
                    "type to search every field (ann, C70, 0-1, 960, flag)",
                    self.theme.muted(),
                ),
            ])
        } else {
            Line::from(vec![
                Span::styled("Filter: ", self.theme.key()),
                Span::styled(format!("{}_", list.filter()), self.theme.text()),
            ])
        };
        let mut filter = filter;
        if let Some(note) = self.note {
            if list.filter().is_empty() {
                filter.spans.truncate(1);
            } else {
                filter.spans.push(Span::raw("   "));
            }
            filter
                .spans
                .push(Span::styled(note.to_owned(), self.theme.banner()));
        }
        line_at(buf, 1, filter);
        let columns = columns(area.width);
        let heads: Vec<(String, usize)> = columns
            .iter()
            .map(|&(c, w)| {
                let title = if c == sort {
                    format!("{}{}", c.title(), self.sort_mark())
                } else {
                    c.title().to_owned()
                };
                (title, w)
            })
            .collect();
        line_at(
            buf,
            2,
            Line::styled(
                LibraryView::row(&heads),
                self.theme.title().add_modifier(Modifier::UNDERLINED),
            ),
        );
        let rows = area.height - CHROME_ROWS;
        for (y, (entry, selected)) in (3..).zip(list.window(usize::from(rows))) {
            let cells: Vec<(String, usize)> =
                columns.iter().map(|&(c, w)| (c.cell(entry), w)).collect();
            let mut text = LibraryView::row(&cells);
            let pad = usize::from(area.width).saturating_sub(width(&text));
            text.push_str(&" ".repeat(pad));
            let style = if selected {
                Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
            } else {
                self.theme.text()
            };
            line_at(buf, y, Line::styled(text, style));
        }
        if list.is_empty() {
            let empty = if self.trash {
                "The trash is empty: Del in the library moves a game here."
            } else {
                "No games yet: finished games are filed here, and hotseat import adds others."
            };
            line_at(buf, 3, Line::styled(empty, self.theme.muted()));
        } else if list.shown_len() == 0 {
            line_at(
                buf,
                3,
                Line::styled(
                    "No game holds every word of the filter: Esc clears it.",
                    self.theme.muted(),
                ),
            );
        }
        let (enter, delete, other) = if self.trash {
            ("restore", "delete", "library")
        } else {
            ("open", "delete", "trash")
        };
        let keys: &[(&str, &str)] = &[
            ("Enter", enter),
            ("Del", delete),
            ("Ctrl-T", other),
            (if self.ascii { "<- ->" } else { "← →" }, "sort"),
            ("Tab", "reverse"),
            ("Esc", "back"),
            ("PgUp PgDn", "page"),
        ];
        let mut spans = Vec::new();
        let mut used = 0;
        for (key, what) in keys {
            let piece = width(key) + 1 + width(what) + 2;
            if used + piece > usize::from(area.width) {
                break;
            }
            used += piece;
            spans.push(Span::styled(*key, self.theme.key()));
            spans.push(Span::styled(format!(" {what}  "), self.theme.muted()));
        }
        line_at(buf, area.height - 1, Line::from(spans));
    }
}
