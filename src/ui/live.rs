//! The live analysis: the evaluation bar beside the board and the engine's lines in the panel.
//!
//! The bar is one column on the free side of the board (right of it, or left where the board
//! fills its strip), as tall as the board: the winning chances (lila's win percentage) of the
//! side at the bottom of the board, filled from the bottom in eighths of a cell (`#` in ASCII),
//! the other side's share shaded (`░`, `.`), so it reads the same without colour and turns
//! with the board. Each line is its evaluation in pawns from White's side (`+0.32`, `#-3`)
//! and its moves in SAN, as far as the width goes.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::theme::{GlyphSet, Theme};
use crate::game::report::{Eval, PositionEval, lila};
use crate::rules::{Color, Position};
use crate::text::fit;

/// Eighths of a cell, from empty to full, growing upwards.
const EIGHTHS: [char; 9] = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// The evaluation bar: `eval` in `column`'s rows `rows`; `white_at_bottom` as the board is
/// turned.
pub fn render_bar(
    eval: Eval,
    area: Rect,
    white_at_bottom: bool,
    theme: Theme,
    glyphs: GlyphSet,
    buf: &mut Buffer,
) {
    let levels = usize::from(area.height) * 8;
    let share = lila::win_percent(eval.cp_for(Color::White)) / 100.0;
    let white = (share * levels as f64).round() as usize;
    // Filled from the bottom: White's share when White is at the bottom, else Black's (the
    // empty part then being White's, at the top).
    let filled = if white_at_bottom {
        white
    } else {
        levels - white
    };
    for row in 0..area.height {
        let eighths = filled.saturating_sub(usize::from(row) * 8).min(8);
        // The other side's share is shaded, so the bar stays in sight when it is all theirs.
        let (symbol, style) = match glyphs {
            GlyphSet::Ascii if eighths >= 4 => ('#', theme.text()),
            GlyphSet::Ascii => ('.', theme.muted()),
            GlyphSet::Unicode if eighths == 0 => ('░', theme.muted()),
            GlyphSet::Unicode => (EIGHTHS[eighths], theme.text()),
        };
        buf[(area.x, area.bottom() - 1 - row)]
            .set_char(symbol)
            .set_style(style);
    }
}

/// `+0.32`, `-1.05`, `#3`, `#-2`, from White's side.
pub fn eval_text(eval: Eval) -> String {
    match eval {
        Eval::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Eval::Mate { .. } => eval.pgn().unwrap_or_else(|| "#".to_owned()),
    }
}

/// The engine's lines from `pos`, one row each, `width` columns wide; `finished`: the search
/// has ended.
pub fn lines(
    pos: &Position,
    (depth, lines, finished): (u32, &[PositionEval], bool),
    width: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    if lines.is_empty() {
        let text = if finished {
            " Engine: no move to look at here"
        } else {
            " Engine: thinking…"
        };
        return vec![Line::styled(fit(text, width), theme.muted())];
    }
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let mut at = pos.clone();
            let mut sans = Vec::new();
            for &mv in &line.best {
                sans.push(at.san(mv));
                at.play_unchecked(mv);
            }
            let head = format!(" {:>6} ", eval_text(line.eval));
            let depth = if i == 0 {
                format!("d{depth} ")
            } else {
                String::new()
            };
            let room = width.saturating_sub(head.len() + depth.len());
            Line::from(vec![
                Span::styled(head, theme.title()),
                Span::styled(depth, theme.muted()),
                Span::raw(fit(&sans.join(" "), room)),
            ])
        })
        .collect()
}
