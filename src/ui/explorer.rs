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
    /// Each shown move as the players read it, and how many more there are; `None` while the
    /// library is counted.
    pub rows: Option<(Vec<(String, &'a ExplorerRow)>, usize)>,
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
        let Some((rows, more)) = &self.rows else {
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
        for (i, (written, row)) in rows.iter().enumerate() {
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
        if *more > 0 {
            line(&format!("and {more} more moves"), self.theme.muted(), buf);
        }
    }
}
