//! The explorer panel (see [`crate::app::dialogs::Explorer`]): in the move list's place beside
//! the board, whose games are counted, then a row per move played from the position shown —
//! the move as the players write it, the games, White wins / draws / Black wins in percent, and
//! the three-part bar where the panel has room for it (a wide panel: beside the percentages;
//! every bar is drawn with glyphs, so it reads the same without colour). The selected row is in
//! reverse video.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::widgets::{Clear, Widget};

use super::text::{fit, width};
use super::theme::Theme;
use crate::app::dialogs::{Explorer, ExplorerRow, explorer_bar};

/// The panel's rows, as the app writes them.
#[derive(Debug)]
pub struct ExplorerView<'a> {
    pub explorer: &'a Explorer,
    /// Every move as the players read it; `None` while the library is counted.
    pub rows: Option<Vec<(String, &'a ExplorerRow)>>,
    pub theme: Theme,
    pub ascii: bool,
}

/// The columns' headings.
const MOVE: &str = "Move";
const GAMES: &str = "Games";

/// The fewest cells a bar is drawn with.
const MIN_BAR: usize = 4;

impl ExplorerView<'_> {
    /// One move's row in `cols` cells: the move in `move_width`, the games in `games_width`.
    fn row(&self, written: &str, row: &ExplorerRow, widths: (usize, usize), cols: usize) -> String {
        let (w, d, b) = row.percentages();
        let head = format!(
            "{written}{} {:>gw$}",
            " ".repeat(widths.0.saturating_sub(width(written))),
            row.games,
            gw = widths.1
        );
        let percents = format!("{w:>3}%{d:>4}%{b:>4}%");
        let room = cols.saturating_sub(width(&head) + width(&percents) + 2);
        if room >= MIN_BAR {
            format!("{head} {} {percents}", explorer_bar(row, room, self.ascii))
        } else {
            let gap = cols.saturating_sub(width(&head) + width(&percents));
            format!("{head}{}{percents}", " ".repeat(gap))
        }
    }
}

impl Widget for ExplorerView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Clear.render(area, buf);
        if area.height == 0 || area.width < 2 {
            return;
        }
        // One column of air from the panel's frame on the left.
        let x = area.x + 1;
        let cols = usize::from(area.width - 1);
        let mut y = area.y;
        let mut line = |text: &str, style, buf: &mut Buffer| {
            if y < area.bottom() {
                buf.set_string(x, y, fit(text, cols), style);
                y += 1;
            }
        };
        line(&self.explorer.heading(), self.theme.title(), buf);
        let Some(rows) = &self.rows else {
            let waiting = match self.explorer.reading {
                Some(1) => "Reading 1 game…".to_owned(),
                Some(n) => format!("Reading {n} games…"),
                None => "Reading the library…".to_owned(),
            };
            line(&waiting, self.theme.muted(), buf);
            return;
        };
        if rows.is_empty() {
            // Also where games ended: they reached it, but no move was played from it.
            line("No game of the library", self.theme.muted(), buf);
            line("went on from this position.", self.theme.muted(), buf);
            return;
        }
        let move_width = rows
            .iter()
            .map(|(m, _)| width(m))
            .chain([width(MOVE)])
            .max()
            .unwrap_or(0);
        let games_width = rows
            .iter()
            .map(|(_, r)| r.games.to_string().len())
            .chain([width(GAMES)])
            .max()
            .unwrap_or(1);
        let heading = format!("{MOVE:<move_width$} {GAMES:>games_width$}");
        let percents = "  W%   D%   B%";
        let gap = cols.saturating_sub(width(&heading) + width(percents));
        line(
            &format!("{heading}{}{percents}", " ".repeat(gap)),
            self.theme.muted(),
            buf,
        );
        // Every move the panel has room for; when there are more, the last line says how many
        // are above and below, and the list scrolls to keep the chosen one in sight.
        // Below the panel's heading and the columns' heading.
        let room = usize::from(area.height.saturating_sub(2));
        let (first, shown) = scroll(rows.len(), room, self.explorer.selected);
        for (i, (written, row)) in rows.iter().enumerate().skip(first).take(shown) {
            let style = if i == self.explorer.selected {
                self.theme.text().add_modifier(Modifier::REVERSED)
            } else {
                self.theme.text()
            };
            line(
                &self.row(written, row, (move_width, games_width), cols),
                style,
                buf,
            );
        }
        if shown < rows.len() {
            let below = rows.len() - first - shown;
            let (up, down) = if self.ascii {
                ("^", "v")
            } else {
                ("↑", "↓")
            };
            let said = match (first, below) {
                (0, n) => format!("{down} {n} more"),
                (n, 0) => format!("{up} {n} more"),
                (a, b) => format!("{up} {a} more, {down} {b} more"),
            };
            line(&said, self.theme.muted(), buf);
        }
    }
}

/// Which of `count` rows fit in `room` lines with `selected` in sight: the first shown and how
/// many. When they do not all fit, one line is kept for saying how many are hidden.
pub fn scroll(count: usize, room: usize, selected: usize) -> (usize, usize) {
    if count <= room {
        return (0, count);
    }
    let shown = room.saturating_sub(1).max(1);
    let first = selected
        .saturating_sub(shown - 1)
        .min(count.saturating_sub(shown));
    (first, shown)
}

#[cfg(test)]
mod tests {
    use super::scroll;

    #[test]
    fn every_row_that_fits_is_shown_and_the_chosen_one_stays_in_sight() {
        assert_eq!(scroll(20, 30, 0), (0, 20), "all fit");
        assert_eq!(scroll(20, 20, 19), (0, 20));
        // 21 rows in 20 lines: 19 shown and a line saying the rest.
        assert_eq!(scroll(21, 20, 0), (0, 19));
        assert_eq!(scroll(21, 20, 18), (0, 19));
        assert_eq!(scroll(21, 20, 19), (1, 19));
        assert_eq!(scroll(21, 20, 20), (2, 19));
        assert_eq!(scroll(5, 1, 3), (3, 1), "one line: the chosen row");
    }
}
