//! The game report in the app: asked for after the game (or in review of a loaded or archived
//! game that has ended), worked out by the engine in the background, shown as it comes.
//!
//! The app never runs the engine (the engine is at the edge, and an app that imported it would
//! run up the layers): it hands out [`EngineEffect::Analyse`] with the game to analyse and an id, and
//! the front end hands back what the engine says as [`AnalysisEvent`]s with that id
//! (`App::analysis_event`). An event whose id is not the analysis running (one stopped, or
//! of a game no longer on the board) is dropped, so a late word can never land on another
//! game. Esc stops the work ([`EngineEffect::StopAnalysis`]); what was evaluated is kept and shown.
//!
//! The engine is never consulted during a game in progress: asking then is refused with a
//! message saying why. A finished report is written into the game as lichess exports it
//! ([`Game::annotate`](crate::game::Game::annotate)): the labels as glyphs, the better lines as
//! variations (Shift-→ enters them), the evaluations as `[%eval]`; saved, the game shows its
//! report again with no engine ([`Game::report`](crate::game::Game::report)).

use super::keymap::Seek;
use super::view::View;
use super::{App, Effect, EngineEffect, Live, Message};
use crate::app::Say;
use crate::game::report::lila::Judgement;
use crate::game::report::{GameReport, PositionEval};
use crate::game::{Game, Spot};
use crate::layout::panel::graph_position;
use crate::rules::{Move, Position};

/// What the engine's work says, in the app's terms: the edge's events with the engine's
/// error turned into the words shown. One analysis says `Progress`/`Evaluated` for each
/// position, then one of `Finished`, `Failed` or `Cancelled`.
pub type AnalysisEvent = crate::game::report::AnalysisEvent<String>;

/// A game for the engine: where it starts and its moves; `id` comes back with every event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisJob {
    pub id: u64,
    pub start: Position,
    pub moves: Vec<Move>,
}

/// The report of the game on the board, and the engine's work on it.
#[derive(Clone, Debug, Default)]
pub struct Reports {
    /// The report shown: finished, read from the game's evaluations, or the part done when the
    /// engine stopped.
    shown: Option<GameReport>,
    /// The analysis running, and its positions done of all.
    running: Option<Running>,
    /// The id of the last analysis handed out.
    last_id: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Running {
    pub id: u64,
    pub done: usize,
    pub total: usize,
    /// The positions evaluated so far.
    evals: Vec<PositionEval>,
}

impl Reports {
    /// The game report shown, if any.
    pub fn shown(&self) -> Option<&GameReport> {
        self.shown.as_ref()
    }

    /// While the engine works on the report: positions done of all.
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.running.as_ref().map(|r| (r.done, r.total))
    }

    /// Rows of the panel for the report: the graph's, and the lines' under it (the players'
    /// numbers; while the engine works, its progress; the `live` lines), in a panel `height`
    /// rows tall.
    pub(super) fn rows(&self, height: u16, live: &Live) -> (u16, u16) {
        let graph = match self.shown {
            Some(_) if height >= 30 => 6,
            Some(_) => 3,
            None => 0,
        };
        let lines = match (&self.running, &self.shown) {
            (Some(_), _) => 1,
            (None, Some(_)) => 2,
            (None, None) => 0,
        };
        let live = match live.lines() {
            Some((_, [])) => 1,
            Some((_, lines)) => lines.len() as u16,
            None => 0,
        };
        (graph, lines + live)
    }

    /// `game` was put on the board: its own report if it carries one, the engine's work on
    /// the game before stopped.
    pub(super) fn reset(&mut self, game: &Game, effects: &mut Vec<Effect>) {
        if self.running.take().is_some() {
            effects.push(EngineEffect::StopAnalysis.into());
        }
        self.shown = game.report();
    }

    /// The `analyse` command (and its key) for `game`: the refusal, if refused.
    pub(super) fn start(&mut self, game: &Game, effects: &mut Vec<Effect>) -> Option<Message> {
        if self.running.is_some() {
            return Some(Message::error(
                "The engine is analysing this game already: Esc stops it",
            ));
        }
        if !game.is_over() {
            return Some(
                Message::error(
                    "The game is in progress: the engine is never consulted during a game. \
                     Analyse it once it has ended",
                )
                .or_shorter("No engine during a game: analyse it once it has ended"),
            );
        }
        let moves: Vec<Move> = game.record().moves().iter().map(|m| m.mv).collect();
        if moves.is_empty() {
            return Some(Message::error("The game has no moves to analyse"));
        }
        self.last_id += 1;
        let total = moves.len() + 1;
        self.running = Some(Running {
            id: self.last_id,
            done: 0,
            total,
            evals: Vec::new(),
        });
        effects.push(
            EngineEffect::Analyse(AnalysisJob {
                id: self.last_id,
                start: game.record().start().clone(),
                moves,
            })
            .into(),
        );
        None
    }

    /// Esc while the engine works: it stops, and what it did is kept.
    pub(super) fn stop(&self, effects: &mut Vec<Effect>) {
        if self.running.is_some() {
            effects.push(EngineEffect::StopAnalysis.into());
        }
    }

    /// The report of the positions of `game` evaluated before the engine stopped; how many
    /// moves it covers.
    fn keep_partial(&mut self, game: &Game, done: Vec<PositionEval>) -> usize {
        if done.len() < 2 {
            return 0;
        }
        let moves: Vec<Move> = game.record().moves().iter().map(|m| m.mv).collect();
        let report = GameReport::new(game.record().start(), &moves, done);
        let covered = report.moves.len();
        self.shown = Some(report);
        covered
    }
}

impl App {
    /// A click on the graph shows the position drawn there; `false` when it is not on it.
    pub(super) fn click_graph(&mut self, column: u16, row: u16) -> bool {
        let Some(graph) = self.view().panel_layout().map(|p| p.graph) else {
            return false;
        };
        let inside =
            (graph.x..graph.right()).contains(&column) && (graph.y..graph.bottom()).contains(&row);
        if !inside || self.reports.shown.is_none() {
            return false;
        }
        let positions = self.game.record().plies() + 1;
        self.study().show_spot(Spot::Main(graph_position(
            graph.width,
            positions,
            column - graph.x,
        )));
        true
    }

    /// F9, Shift-F9 or a typed `next blunder`: shows the next (or previous) move of the
    /// report that `seek` asks for, going round at the end, and says what it was and what was
    /// better.
    pub(super) fn seek_labelled(&mut self, seek: Seek) {
        let Some(report) = &self.reports.shown else {
            self.message.error(if self.reports.running.is_some() {
                "The engine is still working on the report: its labelled moves come when it is \
                 done"
            } else {
                "There is no report to step through: F4 asks the engine for one"
            });
            return;
        };
        let wanted = |i: usize| {
            let judged = &report.moves[i];
            judged
                .advice
                .is_some_and(|a| seek.label.is_none_or(|l| a.judgement == l))
                && seek.side.is_none_or(|side| judged.mover == side)
        };
        let count = report.moves.len();
        // The move that led to the position shown is `ply - 1`; a report cut short (the
        // engine stopped) may end before it.
        let ply = self.view().shown().ply();
        let shown = ply.min(count);
        let before = ply.saturating_sub(1).min(count);
        let found = if seek.forward {
            (shown..count).chain(0..shown).find(|&i| wanted(i))
        } else {
            (0..before)
                .rev()
                .chain((before..count).rev())
                .find(|&i| wanted(i))
        };
        let Some(i) = found else {
            let label = seek.label.map_or("labelled", |l| match l {
                Judgement::Inaccuracy => "inaccuracy",
                Judgement::Mistake => "mistake",
                Judgement::Blunder => "blunder",
            });
            let side = seek.side.map_or_else(String::new, |side| {
                format!(" by {}", self.view().words().who(side))
            });
            let what = if seek.label.is_some() {
                format!("No {label}{side} in the report")
            } else {
                format!("No labelled move{side} in the report")
            };
            self.message.info(what);
            return;
        };
        // From the end of the game (or a report that ends before the move shown) the first is
        // the first: only a search that passed the end, or the start, says it went round.
        let round = if seek.forward {
            i < shown && ply < count
        } else {
            i >= before
        };
        let said = self
            .view()
            .labelled_move_line(report, i, round, seek.forward);
        self.study().show_spot(Spot::Main(i + 1));
        self.message = Some(said);
    }

    /// What the engine said about analysis `id`.
    pub(super) fn analysis_event(&mut self, id: u64, event: AnalysisEvent) {
        let Some(running) = self.reports.running.as_mut().filter(|r| r.id == id) else {
            return;
        };
        let total = running.total;
        match event {
            AnalysisEvent::Progress { done, total } => {
                running.done = done;
                running.total = total;
            }
            AnalysisEvent::Evaluated { ply, eval } => {
                // The graph grows as the engine goes.
                if ply == running.evals.len() {
                    running.evals.push(eval);
                    let done = running.evals.clone();
                    self.reports.keep_partial(&self.game, done);
                }
            }
            AnalysisEvent::Finished(report) => {
                self.reports.running = None;
                self.game.annotate(&report);
                // Kept with the game: in its archive file (archived by this session, or
                // opened from it), else as study to save (quitting asks first): a file of the
                // player's own is never written unasked.
                self.saving.study_unsaved = true;
                let text = summary_line(&report);
                // Where the report found mistakes, the way to learn from them is named: it was
                // only on page 5 of the help.
                let learn = if report.players.iter().any(|p| p.mistakes + p.blunders > 0) {
                    " · Shift-F4 learns from the mistakes"
                } else {
                    ""
                };
                self.reports.shown = Some(*report);
                let ready = format!("Report ready. {text}");
                let text = if self
                    .saving
                    .rearchive(&self.game, self.now, &mut self.effects)
                {
                    format!("{ready}{learn}")
                } else {
                    format!("{ready}{learn} · not in the archive: Ctrl-S saves the game with it")
                };
                let mut message = Message::info(text);
                if !learn.is_empty() {
                    message = message.or_shorter(format!("{ready}{learn}"));
                }
                self.message = Some(message.or_shorter(ready));
            }
            AnalysisEvent::Failed { error, done } => {
                self.reports.running = None;
                let covered = self.reports.keep_partial(&self.game, done);
                self.message = Some(Message::error(format!(
                    "{error}; the report covers {covered} of {} moves",
                    total - 1
                )));
            }
            AnalysisEvent::Cancelled { done } => {
                self.reports.running = None;
                let covered = self.reports.keep_partial(&self.game, done);
                self.message = Some(Message::info(format!(
                    "Analysis stopped: the report covers {covered} of {} moves",
                    total - 1
                )));
            }
        }
    }
}

/// `White 87% (1 ?!, 0 ?, 0 ??) · Black 64% (…)`: the report in one line.
pub fn summary_line(report: &GameReport) -> String {
    let [white, black] = report.players.map(|p| {
        let accuracy = p
            .accuracy
            .map_or("–".to_owned(), |a| format!("{}%", a.round()));
        format!(
            "{accuracy} ({} ?!, {} ?, {} ??)",
            p.inaccuracies, p.mistakes, p.blunders
        )
    });
    format!("White {white} · Black {black}")
}

/// Each player's numbers in words, White's then Black's: `White (Ann): accuracy 87%, 1
/// inaccuracy, 0 mistakes, 0 blunders, ACPL 24` (as `hotseat analyse` and the plain mode say
/// them).
pub fn player_lines(report: &GameReport, names: [&str; 2]) -> [String; 2] {
    let line = |i: usize, color: &str| {
        let p = &report.players[i];
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        let accuracy = p.accuracy.map_or("no moves".to_owned(), |a| {
            format!("accuracy {}%", a.round())
        });
        let acpl = p.acpl.map_or(String::new(), |a| format!(", ACPL {a}"));
        let who = if names[i].is_empty() {
            color.to_owned()
        } else {
            format!("{color} ({})", crate::text::tame(names[i]))
        };
        format!(
            "{who}: {accuracy}, {}, {}, {}{acpl}",
            plural(p.inaccuracies, "inaccuracy").replace("inaccuracys", "inaccuracies"),
            plural(p.mistakes, "mistake"),
            plural(p.blunders, "blunder"),
        )
    };
    [line(0, "White"), line(1, "Black")]
}

impl View<'_> {
    /// `15... Nxd7?? by Duke Karl (Black): Blunder. Better was Qxd7.`: the labelled move
    /// `ply` of the report, as the status line says it (`round`: the search went round the
    /// end of the game, or its start when going back, `forward` or not), in fewer words for
    /// narrow lines.
    fn labelled_move_line(
        &self,
        report: &GameReport,
        ply: usize,
        round: bool,
        forward: bool,
    ) -> Message {
        let judged = &report.moves[ply];
        let glyph = judged.advice.map_or("", |a| a.judgement.glyph());
        let label = judged.advice.map_or("", |a| a.judgement.name());
        let what = judged.advice.map_or("", |a| a.describe());
        let played = format!(
            "{} {}{glyph}",
            self.words().move_number(ply),
            self.words().written_move(ply)
        );
        let best = self
            .app
            .game
            .record()
            .position_at(ply)
            .zip(judged.better.first())
            .map(|(before, &mv)| self.app.style.write(before, mv));
        let again = match (round, forward) {
            (false, _) => "",
            (true, true) => " (from the start again)",
            (true, false) => " (from the end again)",
        };
        let (better, short_better) = best.map_or_else(
            || (String::new(), String::new()),
            |best| {
                (
                    format!(" Better was {best}."),
                    format!(" · {best} was better"),
                )
            },
        );
        Message::info(format!(
            "{played} by {}: {what}.{better}{again}",
            self.words().who(judged.mover)
        ))
        .or_shorter(format!("{played} {label}{short_better}"))
        .or_shorter(format!("{played} {label}"))
    }
}
