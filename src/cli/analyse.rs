//! `hotseat analyse FILE`: the game report, lichess's way, on the command line.
//!
//! The game (the first of the file, or `--game N`; standard or Chess960, from any position)
//! is analysed by a UCI engine, and written back as PGN on standard output with lichess's
//! annotations: `[%eval 0.32]` after every move (the position after it, White's view), the
//! labels as NAGs (`$6` ?!, `$2` ?, `$4` ??) with lichess's comment (`Mistake. Nxe5 was best.`)
//! and the better line as a variation. The summary per player goes to standard error;
//! `--json` writes the report as JSON instead of PGN. A progress line is drawn on standard
//! error only when it is a terminal.
//!
//! If the engine fails midway, what was analysed is still written, and then the error.

use std::fmt::Write as _;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};

use crate::engine::analysis::Job;
use crate::engine::{Analysis, EngineEvent, Settings};
use crate::game::pgn::{ExportGame, ExportMove, ImportedGame, import_games};
use crate::game::report::{Eval, GameReport, VARIATION_PLIES};
use crate::rules::{Color, Move, Position};
use crate::store::open_regular;

/// What to analyse and how.
#[derive(Debug)]
pub struct Request<'a> {
    pub file: &'a Path,
    /// From 1.
    pub game: usize,
    pub engine: PathBuf,
    pub settings: Settings,
    pub json: bool,
}

pub fn run(out: &mut impl Write, request: &Request<'_>) -> Result<()> {
    let imported = read_game(request.file, request.game)?;
    let game = &imported.game;
    let start = game.record().start().clone();
    let moves: Vec<Move> = game.record().moves().iter().map(|m| m.mv).collect();
    let sans: Vec<String> = game
        .record()
        .moves()
        .iter()
        .map(|m| m.san.clone())
        .collect();
    let job = Job {
        start: start.clone(),
        moves: moves.clone(),
    };
    let (_analysis, events) =
        Analysis::start(request.engine.clone(), job, request.settings.clone());
    let progress = std::io::stderr().is_terminal();
    let (report, failure) = loop {
        match events.recv() {
            Ok(EngineEvent::Progress { done, total }) if progress => {
                eprint!("\ranalysing: position {done} of {total}");
            }
            Ok(EngineEvent::Progress { .. } | EngineEvent::Evaluated { .. }) => {}
            Ok(EngineEvent::Finished(report)) => break (*report, None),
            Ok(EngineEvent::Failed { error, done }) => {
                break (GameReport::new(&start, &moves, done), Some(error));
            }
            // Nothing here cancels; should it happen, it is reported as what it is.
            Ok(EngineEvent::Cancelled { .. }) => bail!("the analysis was cancelled"),
            Err(_) => bail!("the analysis stopped without a word"),
        }
    };
    if progress {
        eprint!("\r\x1b[K");
    }
    // The players' names as the file gives them ("?" or none: no name).
    let name = |tag| {
        imported
            .tags
            .get(tag)
            .filter(|n| !n.trim().is_empty() && *n != "?")
            .unwrap_or("")
    };
    let names = [name("White"), name("Black")];
    if request.json {
        writeln!(out, "{}", json(&report, &start, &moves, &sans, names))?;
    } else {
        write!(out, "{}", annotated(&imported, &report, &start, &sans))?;
    }
    out.flush()?;
    eprint!("{}", summary(&report, names));
    match failure {
        Some(error) => Err(anyhow!(error).context(format!(
            "the report covers {} of {} moves",
            report.moves.len(),
            moves.len()
        ))),
        None => Ok(()),
    }
}

/// The `n`th game (from 1) of the file, or of standard input for `-`.
fn read_game(path: &Path, n: usize) -> Result<ImportedGame> {
    let input: Box<dyn Read> = if path == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(open_regular(path).with_context(|| format!("cannot open {}", path.display()))?)
    };
    let mut seen = 0;
    let mut found = None;
    import_games(input, |g| {
        seen += 1;
        if seen == n {
            found = Some(g);
        }
    })
    .with_context(|| format!("cannot read {}", path.display()))?;
    match found {
        Some(Ok(game)) => Ok(game),
        Some(Err(e)) => Err(anyhow!("{e}")),
        None if seen == 0 => bail!(
            "{} holds no PGN game (a game looks like [White \"Ann\"] ... 1. e4 e5 *)",
            path.display()
        ),
        None => bail!(
            "{} holds {seen} game{}, so there is no game {n} (--game counts from 1)",
            path.display(),
            if seen == 1 { "" } else { "s" }
        ),
    }
}

/// The game as PGN with lichess's annotations.
fn annotated(
    imported: &ImportedGame,
    report: &GameReport,
    start: &Position,
    sans: &[String],
) -> String {
    let mut moves = Vec::new();
    let mut pos = start.clone();
    for (ply, san) in sans.iter().enumerate() {
        let judged = report.moves.get(ply);
        let mut comment = report
            .positions
            .get(ply + 1)
            .and_then(|p| p.eval.pgn())
            .map(|e| format!("[%eval {e}]"));
        let mut variation = Vec::new();
        if let Some(judged) = judged
            && let Some(text) = judged.comment(&pos)
        {
            comment = Some(comment.map_or(text.clone(), |c| format!("{c} {text}")));
            let mut at = pos.clone();
            for (i, &mv) in judged.better.iter().take(VARIATION_PLIES).enumerate() {
                variation.push(ExportMove {
                    san: at.san(mv),
                    depth: 1,
                    starts_line: i == 0,
                    ..ExportMove::default()
                });
                match at.play(mv) {
                    Ok(next) => at = next,
                    Err(_) => break,
                }
            }
        }
        moves.push(ExportMove {
            san: san.clone(),
            nags: judged
                .and_then(|j| j.advice)
                .map(|a| vec![a.judgement.nag()])
                .unwrap_or_default(),
            comment,
            ..ExportMove::default()
        });
        moves.extend(variation);
        let mv = imported.game.record().moves()[ply].mv;
        if let Ok(next) = pos.play(mv) {
            pos = next;
        }
    }
    let tags = imported.tags.clone();
    let result = imported.game.outcome().map_or_else(
        || tags.get("Result").unwrap_or("*").to_owned(),
        |o| o.result.pgn().to_owned(),
    );
    let mut tags = tags.into_pairs();
    tags.push(("Annotator".into(), "hotseat analyse".into()));
    ExportGame {
        tags,
        fullmove: start.fullmoves(),
        white_to_move: start.turn() == Color::White,
        moves,
        closing: None,
        result,
        intro: None,
    }
    .to_string()
}

/// `White (Ann): accuracy 87%, 1 inaccuracy, 0 mistakes, 0 blunders, ACPL 24`, one line each.
pub fn summary(report: &GameReport, names: [&str; 2]) -> String {
    let mut text = String::new();
    for line in crate::app::player_lines(report, names) {
        let _ = writeln!(text, "{line}");
    }
    text
}

/// The report as JSON: players, then moves.
fn json(
    report: &GameReport,
    start: &Position,
    moves: &[Move],
    sans: &[String],
    names: [&str; 2],
) -> String {
    let mut s = String::from("{\"players\":[");
    for (i, color) in ["white", "black"].into_iter().enumerate() {
        let p = &report.players[i];
        if i > 0 {
            s.push(',');
        }
        let _ = write!(
            s,
            "{{\"color\":\"{color}\",\"name\":{},\"accuracy\":{},\"acpl\":{},\
             \"inaccuracies\":{},\"mistakes\":{},\"blunders\":{}}}",
            quote(names[i]),
            p.accuracy.map_or("null".to_owned(), |a| format!("{a:.1}")),
            p.acpl.map_or("null".to_owned(), |a| a.to_string()),
            p.inaccuracies,
            p.mistakes,
            p.blunders
        );
    }
    s.push_str("],\"moves\":[");
    let mut pos = start.clone();
    for (ply, m) in report.moves.iter().enumerate() {
        if ply > 0 {
            s.push(',');
        }
        let eval = match report.positions[ply + 1].eval {
            Eval::Cp(cp) => format!("{{\"cp\":{cp}}}"),
            Eval::Mate { winner, moves } => format!(
                "{{\"mate\":{}}}",
                if winner == Color::White {
                    i64::from(moves)
                } else {
                    -i64::from(moves)
                }
            ),
        };
        let judgement = m.advice.map_or("null".to_owned(), |a| {
            quote(&a.judgement.name().to_lowercase())
        });
        let mut better = Vec::new();
        let mut at = pos.clone();
        for &mv in m.better.iter().take(VARIATION_PLIES) {
            better.push(quote(&at.san(mv)));
            match at.play(mv) {
                Ok(next) => at = next,
                Err(_) => break,
            }
        }
        let san = &sans[ply];
        let _ = write!(
            s,
            "{{\"ply\":{},\"color\":\"{}\",\"san\":{},\"eval\":{eval},\"accuracy\":{:.1},\
             \"cp_loss\":{},\"judgement\":{judgement},\"better\":[{}]}}",
            ply + 1,
            if m.mover == Color::White {
                "white"
            } else {
                "black"
            },
            quote(san),
            m.accuracy,
            m.cp_loss,
            better.join(",")
        );
        if let Some(&mv) = moves.get(ply) {
            pos = pos.play(mv).unwrap_or_else(|_| pos.clone());
        }
    }
    s.push_str("]}");
    s
}

/// A JSON string.
fn quote(text: &str) -> String {
    let mut s = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(s, "\\u{:04x}", c as u32);
            }
            c => s.push(c),
        }
    }
    s.push('"');
    s
}
