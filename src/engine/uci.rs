//! The engine's lines, read: `info … score cp|mate … pv …` and `bestmove`. Pure text; the
//! moves stay text here, and the analysis checks each one against the rules before using it.
//! Whatever a line holds that is not understood is ignored, as the UCI protocol asks.

use crate::rules::{Move, Position};

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Moves to mate, negative when the side to move is mated.
    Mate(i32),
}

/// The parts of an `info` line the report needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    pub score: Option<Score>,
    /// `lowerbound` or `upperbound`: not the position's value.
    pub bound: bool,
    pub multipv: u32,
    /// The search's depth, in plies (0 when not said).
    pub depth: u32,
    pub pv: Vec<String>,
}

/// What one line of the engine says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    UciOk,
    ReadyOk,
    Info(Info),
    /// `bestmove e2e4`, or `bestmove (none)` in a position with no move.
    BestMove(Option<String>),
    Other,
}

/// Reads one line.
///
/// ```
/// use hotseat::engine::uci::{parse_line, Line, Score};
/// let Line::Info(info) = parse_line("info depth 12 score cp -35 nodes 9000 pv e7e5 g1f3") else {
///     panic!()
/// };
/// assert_eq!(info.score, Some(Score::Cp(-35)));
/// assert_eq!(info.pv, ["e7e5", "g1f3"]);
/// assert_eq!(parse_line("bestmove e2e4 ponder e7e5"), Line::BestMove(Some("e2e4".into())));
/// ```
pub fn parse_line(line: &str) -> Line {
    let mut words = line.split_ascii_whitespace();
    match words.next() {
        Some("uciok") => Line::UciOk,
        Some("readyok") => Line::ReadyOk,
        Some("bestmove") => Line::BestMove(words.next().filter(|m| *m != "(none)").map(Into::into)),
        Some("info") => Line::Info(parse_info(words)),
        _ => Line::Other,
    }
}

fn parse_info<'a>(mut words: impl Iterator<Item = &'a str>) -> Info {
    let mut info = Info {
        multipv: 1,
        ..Info::default()
    };
    while let Some(word) = words.next() {
        match word {
            "score" => match (words.next(), words.next().and_then(|n| n.parse().ok())) {
                (Some("cp"), Some(n)) => info.score = Some(Score::Cp(n)),
                (Some("mate"), Some(n)) => info.score = Some(Score::Mate(n)),
                _ => info.score = None,
            },
            "lowerbound" | "upperbound" => info.bound = true,
            "depth" => info.depth = words.next().and_then(|n| n.parse().ok()).unwrap_or(0),
            "multipv" => info.multipv = words.next().and_then(|n| n.parse().ok()).unwrap_or(0),
            // The pv runs to the end of the line (`string` too, and ends the parse).
            "pv" => info.pv = words.by_ref().map(Into::into).collect(),
            "string" => break,
            _ => {}
        }
    }
    info
}

/// The legal move of `pos` that `text` names in UCI, if any. Castling is read both ways: as
/// the king's two-square step (`e1g1`) and as king takes rook (`e1h1`, UCI_Chess960).
///
/// ```
/// use hotseat::engine::uci::legal_move;
/// use hotseat::rules::Position;
/// let pos = Position::initial();
/// assert!(legal_move(&pos, "g1f3").is_some());
/// assert!(legal_move(&pos, "e2e5").is_none());
/// assert!(legal_move(&pos, "zz").is_none());
/// ```
pub fn legal_move(pos: &Position, text: &str) -> Option<Move> {
    pos.legal_moves().iter().copied().find(|&m| {
        m.uci().to_string() == text
            || matches!(m, Move::Castle { king, rook } if format!("{king}{rook}") == text)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_and_bounds() {
        let Line::Info(info) =
            parse_line("info depth 5 seldepth 7 multipv 1 score mate -3 pv a1a2")
        else {
            panic!()
        };
        assert_eq!(info.score, Some(Score::Mate(-3)));
        assert!(!info.bound);
        let Line::Info(info) = parse_line("info score cp 20 lowerbound nodes 5") else {
            panic!()
        };
        assert!(info.bound);
        assert!(info.pv.is_empty());
    }

    #[test]
    fn garbage_is_ignored_not_believed() {
        let Line::Info(info) = parse_line("info score cp banana pv") else {
            panic!()
        };
        assert_eq!(info.score, None);
        assert_eq!(parse_line("id name Stockfish 15.1"), Line::Other);
        assert_eq!(parse_line(""), Line::Other);
        assert_eq!(parse_line("bestmove (none)"), Line::BestMove(None));
        let Line::Info(info) = parse_line("info string score cp 10") else {
            panic!()
        };
        assert_eq!(info.score, None);
    }

    #[test]
    fn chess960_castling_is_read_as_king_takes_rook() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
        let short = legal_move(&pos, "e1h1").unwrap();
        assert_eq!(Some(short), legal_move(&pos, "e1g1"));
        assert!(matches!(short, Move::Castle { .. }));
    }
}
