//! The game report under the move list: the evaluation graph, then a line per player (accuracy,
//! average centipawn loss, counts of ?!, ? and ??), or, while the engine works, its progress.
//!
//! The graph is drawn as lichess draws its own: White's winning chances (lila's win
//! percentage, so ±10 pawns and more is all but the whole height) as a filled area from the
//! bottom, one column per position, spread over the width (or several positions to a column
//! in a long game); White's advantage is the part above the 50% line, drawn where a column
//! leaves it empty. It is made of block characters (`▁`…`█`, eighths of a row; `#` and `:` in
//! ASCII) rather than a ratatui `Chart`, whose Braille dots read poorly at three rows. The
//! position shown is its column's empty part shaded (`░`, `|` in ASCII), so its bar keeps the
//! right way up with or without colour; a labelled move's column takes the label's colour. The
//! positions not evaluated yet (the engine still at work) show the 50% line alone. Beside the
//! graph, where the panel is wide enough, the evaluation of the position shown and the label
//! of the move that led to it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::GlyphSet;
use crate::app::App;
use crate::game::Spot;
use crate::game::report::lila::Eval;
use crate::game::report::{GameReport, lila};
use crate::layout::PanelLayout;
use crate::layout::panel::graph_position;
use crate::rules::Color;
use crate::text::fit;

/// The report's part of the panel.
#[derive(Debug)]
pub struct ReportView<'a> {
    pub app: &'a App,
}

/// Eighths of a cell, from empty to full.
const EIGHTHS: [char; 9] = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

impl ReportView<'_> {
    /// Draws the graph and the lines where `plan` puts them.
    pub fn render_plan(&self, plan: &PanelLayout, buf: &mut Buffer) {
        let theme = self.app.view().theme();
        if let Some(report) = self.app.view().report().shown() {
            self.graph(report, plan.graph, buf);
            self.graph_label(report, plan.graph_label, buf);
        }
        let width = usize::from(plan.summary.width);
        let mut lines: Vec<Line> = match self.app.view().live().lines() {
            Some((depth, live)) => {
                let finished = self.app.view().live().finished();
                let search = (depth, live, finished);
                super::live::lines(self.app.view().shown().position(), search, width, theme)
            }
            None => Vec::new(),
        };
        lines.extend(
            match (
                self.app.view().report().progress(),
                self.app.view().report().shown(),
            ) {
                (Some((done, total)), _) => {
                    let long = format!(" Analysing: {done} of {total} positions — Esc stops");
                    let short = format!(" Analysing {done}/{total} · Esc stops");
                    let text = if crate::text::width(&long) <= width {
                        long
                    } else {
                        fit(&short, width)
                    };
                    vec![Line::styled(text, theme.title())]
                }
                (None, Some(_)) if let Some(retro) = self.app.view().retro() => {
                    retro_lines(retro, width, &theme)
                }
                (None, Some(report)) => [Color::White, Color::Black]
                    .into_iter()
                    .map(|color| self.player_line(report, color, width))
                    .collect::<Vec<_>>(),
                (None, None) => Vec::new(),
            },
        );
        for (y, line) in (plan.summary.y..plan.summary.bottom()).zip(lines) {
            line.render(Rect::new(plan.summary.x, y, plan.summary.width, 1), buf);
        }
    }

    /// ` Ann   87% ACPL 24  1?! 0? 0??`, the name cut to make room.
    fn player_line(&self, report: &GameReport, color: Color, width: usize) -> Line<'static> {
        let theme = self.app.view().theme();
        let p = &report.players[lila::index(color)];
        let accuracy = p
            .accuracy
            .map_or("  –".to_owned(), |a| format!("{:>3.0}%", a.round()));
        let acpl = p.acpl.map_or(String::new(), |a| format!(" ACPL {a:<3}"));
        let counts = [
            (p.inaccuracies, 6, "?!"),
            (p.mistakes, 2, "?"),
            (p.blunders, 4, "??"),
        ];
        let counts_width: usize = counts
            .iter()
            .map(|(n, _, g)| 1 + n.to_string().len() + g.len())
            .sum();
        let numbers = crate::text::width(&accuracy) + acpl.len() + counts_width;
        let name_room = width.saturating_sub(numbers + 2).min(12);
        let name = fit(self.app.game().player(color), name_room);
        let mut spans = vec![
            Span::raw(format!(" {name:<name_room$} ")),
            Span::styled(accuracy, theme.title()),
            Span::styled(acpl, theme.muted()),
        ];
        for (n, nag, glyph) in counts {
            spans.push(Span::raw(" "));
            let style = if n > 0 {
                theme.judgement(nag)
            } else {
                theme.muted()
            };
            spans.push(Span::styled(format!("{n}{glyph}"), style));
        }
        Line::from(spans)
    }

    /// The position of the main line shown: in a variation, the one it branches off from.
    fn shown(&self) -> usize {
        match self.app.view().shown().spot() {
            Spot::Main(p) => p,
            Spot::Var(_) => self.app.view().shown().ply(),
        }
    }

    /// The evaluation of the position shown (`+0.32`, `#-2`, `1-0` at a mate on the board),
    /// and under it the label of the move that led there (`??`).
    fn graph_label(&self, report: &GameReport, area: Rect, buf: &mut Buffer) {
        if area.is_empty() {
            return;
        }
        let theme = self.app.view().theme();
        let shown = self.shown();
        let eval = report.positions.get(shown).map(|e| match e.eval {
            Eval::Mate { moves: 0, winner } => match winner {
                Color::White => "1-0".to_owned(),
                Color::Black => "0-1".to_owned(),
            },
            eval => super::live::eval_text(eval),
        });
        let width = usize::from(area.width.saturating_sub(1));
        if let Some(eval) = eval {
            buf.set_string(area.x + 1, area.y, format!("{eval:>width$}"), theme.title());
        }
        let advice = shown
            .checked_sub(1)
            .and_then(|m| report.moves.get(m))
            .and_then(|m| m.advice);
        if let Some(advice) = advice.filter(|_| area.height > 1) {
            let glyph = advice.judgement.glyph();
            buf.set_string(
                area.x + 1,
                area.y + 1,
                format!("{glyph:>width$}"),
                theme.judgement(advice.judgement.nag()),
            );
        }
    }

    fn graph(&self, report: &GameReport, area: Rect, buf: &mut Buffer) {
        if area.is_empty() {
            return;
        }
        let theme = self.app.view().theme();
        let ascii = self.app.view().glyphs() == GlyphSet::Ascii;
        let positions = self.app.game().record().plies() + 1;
        let shown = self.shown();
        let levels = usize::from(area.height) * 8;
        // The 50% line: at the foot of the row above the middle (an even height), or through
        // the middle row (an odd one); drawn where a column leaves that row empty.
        let line_row = area.height / 2;
        let line = match (ascii, area.height % 2) {
            (true, _) => '-',
            (false, 0) => '▁',
            (false, _) => '─',
        };
        let strip = if ascii { '|' } else { '░' };
        // The columns of the position shown: those that draw it, or the one it falls in.
        let marked = |x: u16| {
            let p = graph_position(area.width, positions, x);
            p == shown
                || (p < shown
                    && (x + 1 == area.width
                        || graph_position(area.width, positions, x + 1) > shown))
        };
        for x in 0..area.width {
            let p = graph_position(area.width, positions, x);
            let mut style = match p.checked_sub(1).and_then(|m| report.moves.get(m)) {
                Some(judged) => judged
                    .advice
                    .map_or(theme.text(), |a| theme.judgement(a.judgement.nag())),
                None => theme.text(),
            };
            let marked = marked(x);
            if marked {
                style = style.add_modifier(Modifier::BOLD);
            }
            let Some(eval) = report.positions.get(p).map(|e| e.eval) else {
                // Not evaluated yet: the 50% line alone.
                let y = area.bottom() - 1 - line_row;
                buf[(area.x + x, y)].set_char(line).set_style(theme.muted());
                continue;
            };
            let share = lila::win_percent(eval.cp_for(Color::White)) / 100.0;
            let filled = (share * levels as f64).round() as usize;
            for row in 0..area.height {
                // Rows from the bottom.
                let below = usize::from(row) * 8;
                let eighths = filled.saturating_sub(below).min(8);
                let symbol = if ascii {
                    match eighths {
                        0..=1 => ' ',
                        2..=5 => ':',
                        _ => '#',
                    }
                } else {
                    EIGHTHS[eighths]
                };
                let y = area.bottom() - 1 - row;
                let (symbol, style) = match symbol {
                    ' ' if marked => (strip, style),
                    ' ' if row == line_row => (line, theme.muted()),
                    symbol => (symbol, style),
                };
                buf[(area.x + x, y)].set_char(symbol).set_style(style);
            }
        }
    }
}
/// While learning from the mistakes, in place of the players' numbers: ` Learning White's
/// mistakes 2/5` and what the mistake shown stands at (` Find a better move`, ` Solved!`).
fn retro_lines(
    retro: &crate::app::retro::Retro,
    width: usize,
    theme: &super::theme::Theme,
) -> Vec<Line<'static>> {
    use crate::app::retro::Feedback;
    let (done, all) = retro.progress();
    let whose = match retro.side() {
        Some(Color::White) => "White's mistakes",
        Some(Color::Black) => "Black's mistakes",
        None => "the mistakes",
    };
    let long = format!(" Learning from {whose} {done}/{all}");
    let head = if crate::text::width(&long) <= width {
        long
    } else {
        fit(&format!(" Learning {done}/{all}"), width)
    };
    let style = match retro.feedback() {
        Feedback::Win => theme.judgement(1),
        Feedback::Fail => theme.judgement(4),
        Feedback::Find | Feedback::Eval { .. } | Feedback::View => theme.title(),
    };
    vec![
        Line::styled(head, theme.title()),
        Line::styled(fit(&format!(" {}", retro.said()), width), style),
    ]
}
