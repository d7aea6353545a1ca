//! `hotseat perft`: leaf counts of the legal move tree, in the format other engines print so
//! that the output can be compared line by line (`perft --divide` against Stockfish's `go perft`).

use std::io::Write;

use anyhow::{Context, Result};

use crate::rules::{self, INITIAL_FEN, Position};

/// The deepest perft accepted. Counts grow about thirty-fold per ply: depth 15 from the
/// initial position is already beyond any reasonable wait.
pub const MAX_DEPTH: u32 = 15;

/// Reads the depth argument; clap reports a failure as a usage error.
pub(super) fn parse_depth(text: &str) -> Result<u32, DepthError> {
    let depth: u32 = text
        .parse()
        .map_err(|_| DepthError::NotANumber(text.to_owned()))?;
    if depth > MAX_DEPTH {
        return Err(DepthError::TooDeep(depth));
    }
    Ok(depth)
}

/// Why a perft depth cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DepthError {
    /// Not a whole number (the text given).
    NotANumber(String),
    /// Deeper than [`MAX_DEPTH`].
    TooDeep(u32),
}

impl std::fmt::Display for DepthError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DepthError::NotANumber(text) => write!(
                f,
                "\"{text}\" is not a depth: give a whole number from 0 to {MAX_DEPTH}"
            ),
            DepthError::TooDeep(depth) => write!(
                f,
                "depth {depth} is too deep: the largest is {MAX_DEPTH} (counts grow about \
                 thirty-fold per ply)"
            ),
        }
    }
}

impl std::error::Error for DepthError {}

/// Counts the leaves `depth` plies below `fen` (the initial position when `None`). With
/// `divide`, first one line per root move, `<uci>: <count>`, sorted by the move, then a blank
/// line. The last line is always `Nodes searched: <total>`.
pub fn run(out: &mut impl Write, depth: u32, fen: Option<&str>, divide: bool) -> Result<()> {
    let fen = fen.unwrap_or(INITIAL_FEN);
    let pos = Position::from_fen(fen).context("invalid FEN")?;
    let total = if divide && depth > 0 {
        let rows = rules::divide(&pos, depth);
        for (m, count) in &rows {
            writeln!(out, "{}: {count}", m.uci())?;
        }
        writeln!(out)?;
        rows.iter().map(|(_, count)| count).sum()
    } else {
        rules::perft(&pos, depth)
    };
    writeln!(out, "Nodes searched: {total}")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn output(depth: u32, fen: Option<&str>, divide: bool) -> String {
        let mut out = Vec::new();
        run(&mut out, depth, fen, divide).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn depth_zero_counts_the_position_itself() {
        assert_eq!(output(0, None, false), "Nodes searched: 1\n");
        assert_eq!(output(0, None, true), "Nodes searched: 1\n");
    }

    #[test]
    fn divide_lines_sum_to_the_total() {
        let text = output(2, Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), true);
        let (rows, last) = text.trim_end().rsplit_once("\n\n").unwrap();
        let sum: u64 = rows
            .lines()
            .map(|l| l.split_once(": ").unwrap().1.parse::<u64>().unwrap())
            .sum();
        assert_eq!(last, format!("Nodes searched: {sum}"));
        assert_eq!(rows.lines().count(), 15);
    }

    #[test]
    fn depth_is_capped() {
        assert_eq!(parse_depth("15"), Ok(15));
        assert!(
            parse_depth("16")
                .unwrap_err()
                .to_string()
                .contains("too deep")
        );
        assert!(
            parse_depth("-1")
                .unwrap_err()
                .to_string()
                .contains("not a depth")
        );
        assert!(
            parse_depth("five")
                .unwrap_err()
                .to_string()
                .contains("not a depth")
        );
    }

    #[test]
    fn bad_fen_is_an_error_naming_the_problem() {
        let err = run(&mut Vec::new(), 1, Some("8/8/8/8/8/8/8/8 w - - 0 1"), false).unwrap_err();
        assert_eq!(format!("{err:#}"), "invalid FEN: there is no white king");
    }
}
