//! The side panel: the clock and captures of the side at the top of the board, the opening's
//! name (once the game has one), the move list, then the captures and clock of the side at the
//! bottom, in a box titled with the time control (and, for Chess960, the start position's
//! number).
//! Flipping the board flips the panel, so each clock stays next to its player's pieces.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Widget};

use super::captured::CapturedView;
use super::clock::ClockView;
use super::move_list::MoveListView;
use super::note::NoteView;
use super::report::ReportView;
use super::text::fit;
use crate::app::App;
use crate::game::Spot;
use crate::layout::PanelLayout;
use crate::look::GlyphSet;
use crate::rules::Color;

/// The panel of an app.
#[derive(Debug)]
pub struct PanelView<'a> {
    app: &'a App,
}

/// Columns the help's title takes on its top edge, and the widest a clock gets there.
const EDGE_TITLE: u16 = 8;
const EDGE_CLOCK: u16 = 30;

impl<'a> PanelView<'a> {
    pub fn new(app: &'a App) -> PanelView<'a> {
        PanelView { app }
    }

    fn clock(&self, color: Color) -> ClockView {
        let game = self.app.game();
        let clock = game.clock();
        let now = self.app.view().now();
        // Looking through a game with clock readings: the clocks as they stood then.
        let remaining = match self.app.view().shown().clocks() {
            Some([white, black]) => color.fold(white, black),
            None => clock.remaining(color, now),
        };
        ClockView {
            color,
            name: self.app.view().words().who(color),
            remaining,
            running: clock.running() == Some(color) && !game.is_over(),
            to_move: game.position().turn() == color && !game.is_over(),
            paused: clock.is_paused(),
            theme: self.app.view().theme(),
            glyphs: self.app.view().glyphs(),
            // The present's countdowns, not shown over a reviewed position's readings.
            delay: clock
                .delay_left(color, now)
                .filter(|_| self.app.view().shown().clocks().is_none()),
            moves_to_go: clock
                .moves_to_go(color)
                .filter(|_| !game.is_over() && self.app.view().shown().clocks().is_none()),
        }
    }

    fn captured(&self, color: Color) -> CapturedView {
        let line = match self.app.view().shown().spot() {
            Spot::Var(id) => self.app.game().variations().path(id).1,
            Spot::Main(_) => Vec::new(),
        };
        CapturedView::for_side(
            self.app.game().record(),
            (self.app.view().shown().ply(), &line),
            self.app.view().shown().position(),
            color,
            self.app.view().theme(),
            self.app.view().glyphs(),
        )
    }
}

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
    /// Draws the panel where `plan` (from [`View::panel_layout`](crate::app::View::panel_layout)) puts its parts.
    pub fn render_plan(self, plan: PanelLayout, buf: &mut Buffer) {
        let theme = self.app.view().theme();
        let title = match variant_text(self.app) {
            _ if let Some(seat) = crate::app::puzzle::seat(self.app) => {
                seat.title(self.app.view().now())
            }
            _ if let Some(title) = crate::app::retro::kept_title(self.app) => title,
            Some(variant) => format!("{} · {variant}", self.app.view().words().time_control()),
            None => self.app.view().words().time_control(),
        };
        // A title longer than the edge (odds and a delay at 80x24) ends in `…`, not mid-word.
        let title = format!(
            " {} ",
            fit(&title, usize::from(plan.area.width.saturating_sub(4)))
        );
        let mut block = Block::bordered()
            .border_style(theme.border())
            .title(Span::styled(title, theme.title()));
        // The opening's name: rows of its own above the moves in a tall panel; in a short one,
        // where every row of the move list counts, on the bottom border.
        let opening_lines = self
            .app
            .view()
            .shown()
            .opening_lines(plan.area.height, usize::from(plan.inner.width));
        if opening_lines.is_empty()
            && let Some(opening) = self.app.view().shown().opening()
        {
            let text = fit(
                &opening.to_string(),
                usize::from(plan.area.width.saturating_sub(4)),
            );
            block = block.title_bottom(Span::styled(format!(" {text} "), theme.muted()));
        }
        block.render(plan.area, buf);
        let bottom = self.app.view().board().orientation;
        let top = !bottom;
        (&self.clock(top)).render(plan.top_clock, buf);
        (&self.captured(top)).render(plan.top_captured, buf);
        for (row, line) in plan.opening.rows().zip(&opening_lines) {
            Line::from(Span::styled(format!(" {line}"), theme.muted())).render(row, buf);
        }
        MoveListView {
            game: self.app.game(),
            ascii: self.app.view().glyphs() == GlyphSet::Ascii,
            shown: self.app.view().shown().spot(),
            theme,
            style: self.app.view().words().style(),
            hide_lines: self.app.view().retro().is_some(),
        }
        .render(plan.moves, buf);
        ReportView { app: self.app }.render_plan(&plan, buf);
        NoteView {
            lines: self.app.view().note_lines(usize::from(plan.note.width)),
            scroll: self.app.view().note_scroll(),
            theme,
            glyphs: self.app.view().glyphs(),
        }
        .render(plan.note, buf);
        let width = usize::from(plan.result.width);
        // (While the game-over box is open, it is drawn over this.)
        for (row, line) in
            (plan.result.y..plan.result.bottom()).zip(self.app.view().result_lines(width))
        {
            buf.set_string(plan.result.x + 1, row, line, theme.title());
        }
        (&self.captured(bottom)).render(plan.bottom_captured, buf);
        (&self.clock(bottom)).render(plan.bottom_clock, buf);
    }
}

impl PanelView<'_> {
    /// Only the two clocks, where [`PanelView::render_plan`] puts them: drawn again over a
    /// popup, so that running clocks stay in sight whatever covers the panel.
    pub fn render_clocks(&self, buf: &mut Buffer) {
        let Some(plan) = self.app.view().panel_layout() else {
            return;
        };
        self.render_clocks_in([plan.top_clock, plan.bottom_clock], buf);
    }

    /// Both clocks on one row, on the top edge of `popup` (right of its title), for a popup
    /// that covers the panel: in sight without hiding a line of it.
    pub fn render_clocks_on_edge(&self, popup: Rect, buf: &mut Buffer) {
        // `┌ Help ` on the left, the corner on the right, a column between the two clocks.
        let room = popup.width.saturating_sub(EDGE_TITLE + 2);
        let each = (room / 2).min(EDGE_CLOCK);
        let right = popup.right().saturating_sub(1);
        let rect = |x: u16| Rect::new(x, popup.y, each, 1.min(popup.height));
        let second = right.saturating_sub(each);
        self.render_clocks_in([rect(second.saturating_sub(each + 1)), rect(second)], buf);
    }

    /// The clock of the side at the top of the board in `rects[0]`, the other in `rects[1]`.
    fn render_clocks_in(&self, rects: [Rect; 2], buf: &mut Buffer) {
        let bottom = self.app.view().board().orientation;
        for (color, rect) in [(!bottom, rects[0]), (bottom, rects[1])] {
            // Whole rows of clock, not a clock mixed into the popup's text.
            Clear.render(rect, buf);
            (&self.clock(color)).render(rect, buf);
        }
    }
}
