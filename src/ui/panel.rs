//! The side panel: the clock and captures of the side at the top of the board, the opening's
//! name (once the game has one), the move list, then the captures and clock of the side at the
//! bottom, in a box titled with the time control (and, for Chess960, the start position's
//! number).
//! Flipping the board flips the panel, so each clock stays next to its player's pieces.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Widget};

use super::captured::CapturedView;
use super::clock::{BIG_HEIGHT, ClockView};
use super::move_list::MoveListView;
use super::text::{fit, wrap_clipped};
use crate::app::App;
use crate::rules::Color;

/// The panel of an app.
#[derive(Debug)]
pub struct PanelView<'a> {
    app: &'a App,
}

impl<'a> PanelView<'a> {
    pub fn new(app: &'a App) -> PanelView<'a> {
        PanelView { app }
    }

    fn clock(&self, color: Color) -> ClockView {
        let game = self.app.game();
        let clock = game.clock();
        let now = self.app.now();
        ClockView {
            color,
            name: self.app.who(color),
            remaining: clock.remaining(color, now),
            running: clock.running() == Some(color) && !game.is_over(),
            to_move: game.position().turn() == color && !game.is_over(),
            paused: clock.is_paused(),
            theme: self.app.theme(),
            glyphs: self.app.glyphs(),
            delay: clock.delay_left(color, now),
            moves_to_go: clock.moves_to_go(color).filter(|_| !game.is_over()),
        }
    }

    fn captured(&self, color: Color) -> CapturedView {
        CapturedView::for_side(
            self.app.game().record(),
            self.app.shown_ply(),
            color,
            self.app.theme(),
            self.app.glyphs(),
        )
    }
}

/// The panel height from which the opening's name has a line of its own.
const OPENING_LINE_HEIGHT: u16 = 30;

/// `Chess960 #N` for a Chess960 game from start position N, `Chess960` for one set up from
/// another position; `None` for standard chess.
fn variant_text(app: &App) -> Option<String> {
    let start = app.game().record().start();
    if !start.is_chess960() {
        return None;
    }
    Some(match start.chess960_number() {
        Some(n) => format!("Chess960 #{n}"),
        None => "Chess960".to_owned(),
    })
}

impl PanelView<'_> {
    /// The panel's frame, its rows (top clock, top captures, opening, moves, bottom captures,
    /// bottom clock) and the lines of the opening's name for its row.
    fn areas(&self, area: Rect) -> (Block<'static>, [Rect; 6], Vec<String>) {
        let theme = self.app.theme();
        let title = match variant_text(self.app) {
            Some(variant) => format!(" {} · {variant} ", self.app.time_control_text()),
            None => format!(" {} ", self.app.time_control_text()),
        };
        let mut block = Block::bordered()
            .border_style(theme.border())
            .title(Span::styled(title, theme.title()));
        // The opening's name: a line of its own above the moves in a tall panel; in a short
        // one, where every row of the move list counts, on the bottom border.
        let opening = self.app.opening().map(|o| o.to_string());
        let own_line = area.height >= OPENING_LINE_HEIGHT;
        if let Some(name) = opening.as_deref().filter(|_| !own_line) {
            let text = fit(name, usize::from(area.width.saturating_sub(4)));
            block = block.title_bottom(Span::styled(format!(" {text} "), theme.muted()));
        }
        let inner = block.inner(area);
        // Big clocks when the panel is tall enough to keep a long move list beside them.
        let timed = self.app.game().is_timed();
        let clock_rows = if timed && inner.height >= 26 && inner.width >= 36 {
            BIG_HEIGHT
        } else {
            1
        };
        // Up to two lines, indented one column.
        let opening_lines = opening.filter(|_| own_line).map_or_else(Vec::new, |name| {
            wrap_clipped(&name, usize::from(inner.width.saturating_sub(2)), 2)
        });
        let rows = Layout::vertical([
            Constraint::Length(clock_rows),
            Constraint::Length(1),
            Constraint::Length(opening_lines.len() as u16),
            Constraint::Fill(1),
            Constraint::Length(1),
            Constraint::Length(clock_rows),
        ])
        .areas(inner);
        (block, rows, opening_lines)
    }

    /// Only the two clocks, where [`PanelView`] puts them: drawn again over a popup, so that
    /// running clocks stay in sight whatever covers the panel.
    pub fn render_clocks(&self, area: Rect, buf: &mut Buffer) {
        let (_, [top_clock, .., bottom_clock], _) = self.areas(area);
        let bottom = self.app.orientation();
        for (color, rect) in [(!bottom, top_clock), (bottom, bottom_clock)] {
            // Whole rows of clock, not a clock mixed into the popup's text.
            Clear.render(rect, buf);
            (&self.clock(color)).render(rect, buf);
        }
    }
}

impl Widget for PanelView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.app.theme();
        let (
            block,
            [
                top_clock,
                top_captured,
                opening_area,
                moves,
                bottom_captured,
                bottom_clock,
            ],
            opening_lines,
        ) = self.areas(area);
        block.render(area, buf);
        let bottom = self.app.orientation();
        let top = !bottom;
        (&self.clock(top)).render(top_clock, buf);
        (&self.captured(top)).render(top_captured, buf);
        for (row, line) in opening_area.rows().zip(&opening_lines) {
            Line::from(Span::styled(format!(" {line}"), theme.muted())).render(row, buf);
        }
        MoveListView {
            record: self.app.game().record(),
            shown: self.app.shown_ply(),
            theme,
        }
        .render(moves, buf);
        (&self.captured(bottom)).render(bottom_captured, buf);
        (&self.clock(bottom)).render(bottom_clock, buf);
    }
}
