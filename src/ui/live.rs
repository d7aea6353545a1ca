//! The live analysis: the evaluation bar beside the board and the engine's lines in the panel.
//!
//! The bar is one column on the free side of the board (right of it, or left where the board
//! fills its strip), as tall as the board: White's winning chances (lila's win percentage)
//! filled from White's side of the board, in eighths of a cell (`#` in ASCII), so it reads the
//! same without colour. Each line is its evaluation in pawns from White's side (`+0.32`, `#-3`)
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
        let symbol = match glyphs {
            GlyphSet::Ascii if eighths >= 4 => '#',
            GlyphSet::Ascii => '.',
            GlyphSet::Unicode => EIGHTHS[eighths],
        };
        buf[(area.x, area.bottom() - 1 - row)]
            .set_char(symbol)
            .set_style(theme.text());
    }
}

/// `+0.32`, `-1.05`, `#3`, `#-2`, from White's side.
pub fn eval_text(eval: Eval) -> String {
    match eval {
        Eval::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Eval::Mate { .. } => eval.pgn().unwrap_or_else(|| "#".to_owned()),
    }
}

/// The engine's lines from `pos`, one row each, `width` columns wide.
pub fn lines(
    pos: &Position,
    depth: u32,
    lines: &[PositionEval],
    width: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    if lines.is_empty() {
        return vec![Line::styled(
            fit(" Engine: thinking…", width),
            theme.muted(),
        )];
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
