//! The side panel's plan: the clock and captures of the side at the top of the board, the
//! opening's name (in a tall panel), the move list, the note on the position shown (its comment and clock times, when there is one), then
//! the captures and clock of the side at the bottom; and where each move of the move list sits,
//! so that a click on a move shows that position.
//!
//! The move list is one move pair per row (`   1. e4      e5`), scrolled so that the move shown
//! stays in view: the latest at the bottom, an earlier one being reviewed in the middle. A
//! variation goes on rows of its own under the move it is an alternative to, indented by its
//! depth and in brackets (`(12. Nc3 Nf6 13. Bb5)`), as lichess shows them; the main line then
//! goes on with its move number again (`12. …  Nf6`).

use ratatui::layout::{Constraint, Layout, Rect};

use crate::game::{Game, MoveNumber, Spot, Step, nag_text, ply_number};
use crate::rules::Position;

/// The panel height (frame included) from which the opening's name has rows of its own above
/// the moves; a shorter panel, where every row of the move list counts, names it on its
/// bottom border.
pub const OPENING_ROWS_FROM: u16 = 30;

/// Rows of a big clock (see `ui::clock`).
pub const BIG_CLOCK_HEIGHT: u16 = 4;
/// Columns of a move number (`  12. `), before White's move.
pub const NUMBER_WIDTH: u16 = 6;
/// Columns of one move's cell (`Qxf7#`, `exd8=Q+`, padded); a move with annotation glyphs
/// longer than that pushes the rest of its row on.
pub const SAN_WIDTH: u16 = 8;

/// Where each part of the panel goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanelLayout {
    /// The panel, frame included.
    pub area: Rect,
    /// Inside the frame.
    pub inner: Rect,
    pub top_clock: Rect,
    pub top_captured: Rect,
    /// The opening's name, above the moves; zero rows when it has none or the panel is short.
    pub opening: Rect,
    pub moves: Rect,
    /// The result of a finished game, under the moves, whatever position is shown; the
    /// game-over box when it is open, so that the last moves stay in view above it.
    pub result: Rect,
    /// The note on the position shown; zero rows when there is none.
    pub note: Rect,
    pub bottom_captured: Rect,
    pub bottom_clock: Rect,
    /// The game report's evaluation graph and its lines (the players' numbers, or the
    /// engine's progress), under the moves; zero rows without a report (see
    /// [`PanelLayout::with_report`]).
    pub graph: Rect,
    /// Beside the graph, on its right: the evaluation of the position shown and the label
    /// of the move that led there; no columns in a panel too narrow for both.
    pub graph_label: Rect,
    pub summary: Rect,
}

/// The columns beside the graph for the evaluation shown (`+10.25`, `#-3`, a space either
/// side), taken from graphs at least [`GRAPH_LABEL_FROM`] columns wide.
pub const GRAPH_LABEL_WIDTH: u16 = 8;

/// The narrowest graph that gives [`GRAPH_LABEL_WIDTH`] columns to the evaluation.
pub const GRAPH_LABEL_FROM: u16 = 24;

impl PanelLayout {
    /// The plan for a panel (frame included) of `area`: big clocks when the game is `timed`
    /// and the panel is tall enough to keep a long move list beside them; `result_rows` under
    /// the moves for the result of a finished game; and up to `note_rows` rows for the note,
    /// never more than the move list keeps; `opening_rows` above the moves for the opening's
    /// name.
    pub fn new(
        area: Rect,
        timed: bool,
        result_rows: u16,
        note_rows: u16,
        opening_rows: u16,
    ) -> PanelLayout {
        let inner = area.inner(ratatui::layout::Margin::new(1, 1));
        let clock_rows = if timed && inner.height >= 26 && inner.width >= 36 {
            BIG_CLOCK_HEIGHT
        } else {
            1
        };
        let opening = opening_rows.min(inner.height.saturating_sub(2 * clock_rows + 2) / 4);
        let middle = inner.height.saturating_sub(2 * clock_rows + 2 + opening);
        // The result (or the game-over box in its place) keeps three rows of moves above it.
        let result = result_rows.min(middle.saturating_sub(3));
        let note = note_rows.min((middle - result) / 2);
        let [
            top_clock,
            top_captured,
            opening,
            moves,
            result,
            note,
            bottom_captured,
            bottom_clock,
        ] = Layout::vertical([
            Constraint::Length(clock_rows),
            Constraint::Length(1),
            Constraint::Length(opening),
            Constraint::Fill(1),
            Constraint::Length(result),
            Constraint::Length(note),
            Constraint::Length(1),
            Constraint::Length(clock_rows),
        ])
        .areas(inner);
        PanelLayout {
            area,
            inner,
            top_clock,
            top_captured,
            opening,
            moves,
            result,
            note,
            bottom_captured,
            bottom_clock,
            graph: Rect::new(moves.x, moves.bottom(), moves.width, 0),
            graph_label: Rect::new(moves.right(), moves.bottom(), 0, 0),
            summary: Rect::new(moves.x, moves.bottom(), moves.width, 0),
        }
    }

    /// The plan with `graph_rows` for the report's graph and `summary_rows` for its lines
    /// taken from the bottom of the move list, which keeps at least three rows (the lines go
    /// first, then the graph shrinks).
    pub fn with_report(mut self, graph_rows: u16, summary_rows: u16) -> PanelLayout {
        let spare = self.moves.height.saturating_sub(3);
        let summary = summary_rows.min(spare);
        let graph = graph_rows.min(spare - summary);
        let [moves, graph, summary] = Layout::vertical([
            Constraint::Fill(1),
            Constraint::Length(graph),
            Constraint::Length(summary),
        ])
        .areas(self.moves);
        self.moves = moves;
        let label = if graph.width >= GRAPH_LABEL_FROM {
            GRAPH_LABEL_WIDTH
        } else {
            0
        };
        let [graph, graph_label] =
            Layout::horizontal([Constraint::Fill(1), Constraint::Length(label)]).areas(graph);
        self.graph = graph;
        self.graph_label = graph_label;
        self.summary = summary;
        self
    }
}

/// The position (0: the start) a graph `width` columns wide of `positions` positions draws in
/// column `x` (from 0): the positions spread over the whole width.
///
/// ```
/// use hotseat::layout::panel::graph_position;
/// assert_eq!(graph_position(10, 5, 0), 0);
/// assert_eq!(graph_position(10, 5, 9), 4);
/// assert_eq!(graph_position(4, 81, 3), 60);
/// ```
pub fn graph_position(width: u16, positions: usize, x: u16) -> usize {
    let width = usize::from(width.max(1));
    (usize::from(x) * positions / width).min(positions.saturating_sub(1))
}

/// One row of the move list: the move number and the indices of White's and Black's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRow {
    pub number: u32,
    pub white: Option<usize>,
    pub black: Option<usize>,
}

/// The rows of a game of `plies` half-moves from `start`. A game from a set-up position with
/// Black to move starts with `1. …` in White's column.
pub fn move_rows(start: &Position, plies: usize) -> Vec<MoveRow> {
    let mut rows: Vec<MoveRow> = Vec::new();
    for i in 0..plies {
        let (number, white) = ply_number(start, i);
        if white || rows.is_empty() {
            rows.push(MoveRow {
                number,
                white: None,
                black: None,
            });
        }
        if let Some(row) = rows.last_mut() {
            if white {
                row.white = Some(i);
            } else {
                row.black = Some(i);
            }
        }
    }
    rows
}

/// The most columns a variation is indented by, however deep it is nested.
const MAX_INDENT: u16 = 10;

/// One row of the move list with variations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListRow {
    /// Main-line moves, a pair.
    Pair(MoveRow),
    /// Part of a variation: indented by `indent` columns, its moves as words.
    Line { indent: u16, cells: Vec<Cell> },
}

/// A move of a variation row as drawn: its text (number, SAN, glyphs, brackets), the column it
/// starts at after the indent, and the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub text: String,
    pub column: u16,
    pub spot: Spot,
}

impl ListRow {
    /// Whether the move leading to `spot` is on this row.
    pub fn shows(&self, spot: Spot) -> bool {
        match (self, spot) {
            (ListRow::Pair(row), Spot::Main(p)) => {
                p > 0 && (row.white == Some(p - 1) || row.black == Some(p - 1))
            }
            (ListRow::Line { cells, .. }, Spot::Var(_)) => cells.iter().any(|c| c.spot == spot),
            _ => false,
        }
    }
}

/// The rows of the move list of `game` for a list `width` columns wide: its main line as
/// [`move_rows`] gives them, each variation on rows of its own after its move.
pub fn list_rows(game: &Game, width: u16, ascii: bool) -> Vec<ListRow> {
    let record = game.record();
    let start = record.start();
    let variations = game.variations();
    if variations.is_empty() {
        return move_rows(start, record.plies())
            .into_iter()
            .map(ListRow::Pair)
            .collect();
    }
    let mut rows: Vec<ListRow> = Vec::new();
    // The depth of the variations open, and whether a variation row came since the last pair.
    let mut open = 0;
    let mut after_line = false;
    for step in variations.order(record.plies()) {
        match step {
            Step::Main(i) => {
                close(&mut rows, open);
                open = 0;
                let (number, white) = ply_number(start, i);
                let pair = match rows.last_mut() {
                    Some(ListRow::Pair(row)) if !white && !after_line => Some(row),
                    _ => None,
                };
                match pair {
                    Some(row) => row.black = Some(i),
                    None => rows.push(ListRow::Pair(MoveRow {
                        number,
                        white: white.then_some(i),
                        black: (!white).then_some(i),
                    })),
                }
                after_line = false;
            }
            Step::Var {
                id,
                depth,
                start: first,
                ply,
            } => {
                let Some(node) = variations.node(id) else {
                    continue;
                };
                let parent = if first { depth - 1 } else { depth };
                let closing = open.saturating_sub(parent);
                close(&mut rows, closing);
                let number = MoveNumber::of_ply(start, ply);
                let mut text = String::new();
                if first {
                    text.push('(');
                }
                if number.white || first || closing > 0 {
                    text.push_str(&format!("{number} "));
                }
                text.push_str(&node.san);
                text.push_str(&nag_text(&node.notes.nags, ascii));
                let indent = u16::try_from(depth * 2)
                    .unwrap_or(MAX_INDENT)
                    .min(MAX_INDENT);
                let new_row = first || closing > 0 || !after_line;
                open = depth;
                after_line = true;
                let room = width.saturating_sub(indent + 1);
                let spot = Spot::Var(id);
                if !new_row
                    && let Some(ListRow::Line { cells, .. }) = rows.last_mut()
                    && let Some(last) = cells.last()
                {
                    let column = last.column + text_width(&last.text) + 1;
                    if column + text_width(&text) <= room {
                        cells.push(Cell { text, column, spot });
                        continue;
                    }
                }
                rows.push(ListRow::Line {
                    indent,
                    cells: vec![Cell {
                        text,
                        column: 0,
                        spot,
                    }],
                });
            }
        }
    }
    close(&mut rows, open);
    rows
}

fn text_width(text: &str) -> u16 {
    u16::try_from(crate::text::width(text)).unwrap_or(u16::MAX)
}

/// Closes `n` variations on the last variation row.
fn close(rows: &mut [ListRow], n: usize) {
    if n == 0 {
        return;
    }
    if let Some(ListRow::Line { cells, .. }) = rows.last_mut()
        && let Some(last) = cells.last_mut()
    {
        last.text.push_str(&")".repeat(n));
    }
}

/// The first row shown in `height` rows so that the move leading to `spot` is in view: the
/// latest move sits at the bottom, an earlier one stays mid-list.
pub fn first_row(rows: &[ListRow], spot: Spot, height: usize) -> usize {
    if spot == Spot::Main(0) {
        return 0;
    }
    let target = rows
        .iter()
        .position(|r| r.shows(spot))
        .unwrap_or(rows.len().saturating_sub(1));
    let last_start = rows.len().saturating_sub(height);
    last_start.min(target.saturating_sub(height / 2))
}

/// The position shown by a click at a screen cell of the move list `area`: on a main-line row,
/// a click on the number or White's cell is White's move, further right Black's; on a
/// variation row, the move under it.
pub fn move_at(area: Rect, rows: &[ListRow], shown: Spot, column: u16, row: u16) -> Option<Spot> {
    if !area.contains(ratatui::layout::Position::new(column, row)) {
        return None;
    }
    let first = first_row(rows, shown, usize::from(area.height));
    match rows.get(first + usize::from(row - area.y))? {
        ListRow::Pair(line) => {
            let index = if column < area.x + NUMBER_WIDTH + SAN_WIDTH {
                line.white.or(line.black)
            } else {
                line.black.or(line.white)
            };
            index.map(|i| Spot::Main(i + 1))
        }
        ListRow::Line { indent, cells } => {
            let x = column.checked_sub(area.x + indent)?;
            cells
                .iter()
                .find(|c| x >= c.column && x <= c.column + text_width(&c.text))
                .map(|c| c.spot)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_from_black_to_move_starts_with_an_empty_white_cell() {
        let start = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 7").unwrap();
        let rows = move_rows(&start, 3);
        assert_eq!(
            rows,
            [
                MoveRow {
                    number: 7,
                    white: None,
                    black: Some(0)
                },
                MoveRow {
                    number: 8,
                    white: Some(1),
                    black: Some(2)
                }
            ]
        );
    }

    fn pairs(plies: usize) -> Vec<ListRow> {
        move_rows(&Position::initial(), plies)
            .into_iter()
            .map(ListRow::Pair)
            .collect()
    }

    #[test]
    fn the_move_shown_stays_in_view_and_the_latest_sits_at_the_bottom() {
        let rows = pairs(40);
        assert_eq!(first_row(&rows, Spot::Main(40), 10), 10);
        assert_eq!(first_row(&rows, Spot::Main(1), 10), 0);
        assert_eq!(first_row(&rows, Spot::Main(21), 10), 5);
        assert_eq!(first_row(&rows, Spot::Main(0), 10), 0);
    }

    #[test]
    fn a_click_on_a_row_picks_whites_or_blacks_move() {
        let rows = pairs(5);
        let area = Rect::new(10, 5, 30, 4);
        let at = |column, row| move_at(area, &rows, Spot::Main(5), column, row);
        assert_eq!(at(12, 5), Some(Spot::Main(1)));
        assert_eq!(at(10 + 6 + 8 + 1, 6), Some(Spot::Main(4)));
        assert_eq!(at(10 + 6 + 8 + 1, 7), Some(Spot::Main(5)));
        assert_eq!(at(12, 8), None, "below the moves");
        assert_eq!(at(9, 5), None, "outside");
    }

    fn studied() -> Game {
        let mut game = crate::game::pgn::import_game(
            "1. e4 e5 2. Nf3 (2. Nc3 Nf6 (2... Nc6 3. f4) 3. Bc4) (2. f4) 2... Nc6 *",
        )
        .unwrap()
        .game;
        let spot = Spot::Main(4);
        let mv = game.position_at(spot).unwrap().parse_move("Bb5").unwrap();
        game.study_move(spot, mv).unwrap();
        game
    }

    fn texts(rows: &[ListRow]) -> Vec<String> {
        rows.iter()
            .map(|r| match r {
                ListRow::Pair(p) => format!("{}: {:?} {:?}", p.number, p.white, p.black),
                ListRow::Line { indent, cells } => {
                    let words: Vec<&str> = cells.iter().map(|c| c.text.as_str()).collect();
                    format!("{}{}", " ".repeat(usize::from(*indent)), words.join(" "))
                }
            })
            .collect()
    }

    #[test]
    fn variations_go_on_rows_of_their_own_indented_by_depth_and_bracketed() {
        let rows = list_rows(&studied(), 30, false);
        assert_eq!(
            texts(&rows),
            [
                "1: Some(0) Some(1)",
                "2: Some(2) None",
                "  (2. Nc3 Nf6",
                "    (2... Nc6 3. f4)",
                "  3. Bc4)",
                "  (2. f4)",
                "2: None Some(3)",
                "  (2... Nc6 3. Bb5)",
            ],
            "a line studied at the end repeats the last move"
        );
        let narrow = list_rows(&studied(), 12, false);
        assert_eq!(texts(&narrow)[2..4], ["  (2. Nc3", "  Nf6"]);
    }

    #[test]
    fn a_click_on_a_variation_move_shows_it_and_the_list_keeps_it_in_view() {
        let game = studied();
        let rows = list_rows(&game, 30, false);
        let area = Rect::new(0, 0, 30, 20);
        // "    (2... Nc6 3. f4)": 3. f4 starts at column 4 + 10.
        assert_eq!(
            move_at(area, &rows, Spot::Main(0), 15, 3),
            Some(Spot::Var(3))
        );
        assert_eq!(game.variations().node(3).unwrap().san, "f4");
        assert_eq!(
            move_at(area, &rows, Spot::Main(0), 1, 3),
            None,
            "the indent"
        );
        assert_eq!(first_row(&rows, Spot::Var(3), 2), 2);
        assert!(rows[3].shows(Spot::Var(3)));
    }
}
