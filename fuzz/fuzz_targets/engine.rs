//! Any text as what a UCI engine writes, read as the game report's analysis and as the live
//! analysis read it: never a panic; every move kept is legal; every figure of the report is a
//! number in its range; and a complete report written into the game's PGN reads back as the
//! same report (evaluations, labels, accuracies, better lines as far as they are written).
//!
//! The first byte picks one of a few games (an open game, a mate, a set-up position with
//! promotion and castling) and the position the live analysis looks at; the rest is the
//! engine's lines, one search after another, each ended by its `bestmove`.
#![no_main]

use std::time::Duration;

use hotseat::engine::analysis::Heard;
use hotseat::engine::live::{LINES, LiveEvent, LiveLines};
use hotseat::game::pgn::import_game;
use hotseat::game::report::{Eval, GameReport, PositionEval, VARIATION_PLIES};
use hotseat::rules::{Move, Position};
use libfuzzer_sys::fuzz_target;

const GAMES: [&str; 3] = [
    "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Na5 6. Bb5+ c6 7. dxc6 bxc6 *",
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
    "[SetUp \"1\"]\n[FEN \"4k3/P7/8/8/8/8/1p6/4K2R w K - 0 1\"]\n\n1. a8=Q+ Kd7 2. O-O b1=Q 3. Rxb1 *",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let imported = import_game(GAMES[usize::from(pick) % GAMES.len()]).unwrap();
    let game = imported.game;
    let record = game.record();
    let start = record.start().clone();
    let moves: Vec<Move> = record.moves().iter().map(|m| m.mv).collect();

    // The report: positions in order, each searched until its `bestmove`, as the analysis does.
    let mut lines = text.lines();
    let mut positions = Vec::new();
    'positions: for ply in 0..=moves.len() {
        let pos = record.position_at(ply).unwrap();
        let eval = if pos.is_checkmate() {
            PositionEval {
                eval: Eval::Mate { winner: !pos.turn(), moves: 0 },
                best: Vec::new(),
            }
        } else if !pos.has_legal_moves() {
            PositionEval { eval: Eval::Cp(0), best: Vec::new() }
        } else {
            let mut heard = Heard::default();
            let best = loop {
                let Some(line) = lines.next() else { break 'positions };
                if let Some(best) = heard.hear(line) {
                    break best;
                }
            };
            match heard.conclude("fuzz", pos, best) {
                Ok(eval) => {
                    assert!(!eval.best.is_empty());
                    assert_legal(pos, &eval.best);
                    eval
                }
                Err(error) => {
                    assert!(!error.to_string().is_empty());
                    break 'positions;
                }
            }
        };
        positions.push(eval);
    }
    let complete = positions.len() == moves.len() + 1;
    let report = GameReport::new(&start, &moves, positions);
    for judged in &report.moves {
        for figure in [judged.win_before, judged.win_after, judged.accuracy] {
            assert!((0.0..=100.0).contains(&figure), "{figure} in {report:?}");
        }
        assert!(judged.cp_loss >= 0);
    }
    for player in &report.players {
        if let Some(accuracy) = player.accuracy {
            assert!((0.0..=100.0).contains(&accuracy), "{accuracy} in {report:?}");
        }
    }

    // A complete report, kept in the game's PGN and read back with no engine.
    if complete {
        let mut kept = game.clone();
        kept.annotate(&report);
        let pgn = kept.to_pgn(Duration::ZERO, &imported.tags);
        let back = import_game(&pgn).unwrap_or_else(|e| panic!("{pgn}\ndoes not read back: {e}"));
        let again = back.game.report().unwrap_or_else(|| panic!("{pgn}\nhas no report"));
        // As lichess writes it, the standard start's evaluation is not written: its report
        // counts lichess's constant in its place whatever the engine said.
        let from = usize::from(start == Position::initial());
        let evals = |r: &GameReport| r.positions[from..].iter().map(|p| p.eval).collect::<Vec<_>>();
        assert_eq!(evals(&report), evals(&again), "{pgn}");
        assert_eq!(report.players, again.players, "{pgn}");
        for (a, b) in report.moves.iter().zip(&again.moves) {
            assert_eq!(a.advice, b.advice, "{pgn}");
            assert_eq!((a.accuracy, a.cp_loss), (b.accuracy, b.cp_loss), "{pgn}");
            let written = &a.better[..a.better.len().min(VARIATION_PLIES)];
            assert_eq!(written, &b.better[..], "{pgn}");
        }
    }

    // The live analysis of one of the game's positions, fed the same text.
    let ply = usize::from(pick / 3) % (moves.len() + 1);
    let pos = record.position_at(ply).unwrap();
    let wanted = pos.legal_moves().len().min(LINES as usize);
    if wanted == 0 {
        return;
    }
    let mut live = LiveLines::new(pos.clone(), wanted);
    let mut depth = 0;
    for line in text.lines() {
        match live.hear("fuzz", line) {
            Ok(Some(LiveEvent::Lines { depth: d, lines })) => {
                assert!(d > depth, "depth {d} after {depth}");
                depth = d;
                assert_eq!(lines.len(), wanted);
                for line in &lines {
                    assert_legal(pos, &line.best);
                }
            }
            Ok(Some(LiveEvent::Done)) => break,
            Ok(Some(LiveEvent::Failed(_))) => unreachable!("hear reports failures as errors"),
            Ok(None) => {}
            Err(error) => {
                assert!(!error.to_string().is_empty());
                break;
            }
        }
    }
});

/// Every move of `line` is legal, played in turn from `pos`.
fn assert_legal(pos: &Position, line: &[Move]) {
    let mut at = pos.clone();
    for &mv in line {
        at = at.play(mv).unwrap_or_else(|e| panic!("{mv:?} in {}: {e}", at.fen()));
    }
}
