//! The game report in the plain mode: `analyse` starts the engine on the game (after it, or on
//! a loaded game), the progress is said at a pace a listener can follow (each quarter of the
//! positions), then each player's numbers; `report` says them again, and `next` (`next
//! blunder`, `next mistake`, `next inaccuracy`) reads the labelled moves one at a time, each
//! with lichess's words and the engine's better line. `stop` stops the engine, keeping what it
//! evaluated.
//!
//! The engine is the screen's: the app asks for it ([`EngineEffect::Analyse`](crate::app::Effect))
//! and the plain loop's carrier hands that to the same analyser the screen uses; what the
//! engine says comes back as the app's events, heard here through what changed. The commands
//! are read here, before the plain mode's own (`command`), so the two lists stay apart.

use std::time::Duration;

use super::{Carry, Session, sentence};
use crate::app::keymap::Action;
use crate::game::report::{GameReport, Judgement};
use crate::rules::{Color, Move, MoveStyle, Position};

/// How many times the progress is said over a whole analysis.
const PROGRESS_STEPS: usize = 4;

/// What the listener has heard of the report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Voice {
    /// An analysis was started and its end not said yet.
    running: bool,
    /// Quarters of the progress said.
    steps_said: usize,
    /// The move after the last one `next` read (an index into the report's moves).
    next: usize,
}

/// A report command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ask {
    Analyse,
    Report,
    /// The next labelled move (of this label only, if given).
    Next(Option<Judgement>),
    Stop,
    /// Learn from the mistakes of one player, or both (see `app/retro.rs`); again: stop.
    Learn(Option<Color>),
    /// Learning: the solution of the mistake, or skip it.
    Solution,
    Skip,
}

/// The report commands, for `help`.
pub fn help() -> Vec<String> {
    vec![
        "analyse (or analyze): the engine's report on a finished or loaded game; progress is \
         said each quarter, then each player's accuracy and counts. stop: stops it, keeping \
         what was analysed."
            .to_owned(),
        "report: each player's accuracy and counts again. next, or next blunder, next mistake, \
         next inaccuracy: the next labelled move, with the better line."
            .to_owned(),
        "learn, or learn white, learn black: learn from your mistakes, each mistake and \
         blunder of the report offered again from the position before it; type a better move. \
         solution: the engine's line; skip or next: on to the next one; learn again: stop. \
         Mistakes not solved are kept for hotseat puzzles --mistakes."
            .to_owned(),
    ]
}

/// The report command `text` is, if it is one (with or without a slash, any case).
fn read(text: &str) -> Option<Ask> {
    let text = text.trim().trim_start_matches('/').to_lowercase();
    let words: Vec<&str> = text.split_whitespace().collect();
    Some(match words.as_slice() {
        ["analyse" | "analyze" | "analysis"] => Ask::Analyse,
        ["report"] => Ask::Report,
        ["stop"] => Ask::Stop,
        ["learn"] | ["learn", "both" | "either"] => Ask::Learn(None),
        ["learn", "white"] => Ask::Learn(Some(Color::White)),
        ["learn", "black"] => Ask::Learn(Some(Color::Black)),
        ["solution"] => Ask::Solution,
        ["skip"] => Ask::Skip,
        ["next"] => Ask::Next(None),
        ["next", label] => Ask::Next(Some(match label.trim_end_matches('s') {
            "blunder" => Judgement::Blunder,
            "mistake" => Judgement::Mistake,
            "inaccuracy" | "inaccuracie" => Judgement::Inaccuracy,
            _ => return None,
        })),
        _ => return None,
    })
}

impl Session {
    /// Answers a report command; `None` when `text` is not one.
    pub(super) fn report_line(
        &mut self,
        text: &str,
        now: Duration,
        files: &mut impl Carry,
    ) -> Option<Vec<String>> {
        let ask = read(text)?;
        let learning = self.app.view().retro().is_some();
        let act = |session: &mut Session, action: Action, files: &mut dyn FnMut(&mut Session)| {
            let before = session.before();
            session.app.update(action, now);
            files(session);
            session.changes(&before)
        };
        let mut carry = |session: &mut Session| session.carry(now, files);
        Some(match ask {
            Ask::Learn(side) => act(self, Action::Learn(side), &mut carry),
            Ask::Solution if learning => act(self, Action::Hint, &mut carry),
            Ask::Skip | Ask::Next(None) if learning => act(
                self,
                Action::Seek(crate::app::keymap::Seek::NEXT),
                &mut carry,
            ),
            Ask::Skip | Ask::Solution => vec![
                "There is no mistake being learnt: learn starts learning from the report's \
                 mistakes."
                    .to_owned(),
            ],
            Ask::Analyse => self.analyse(now, files),
            Ask::Report => self.report_summary(),
            Ask::Next(label) => vec![self.next_labelled(label)],
            Ask::Stop => {
                if self.app.view().report().progress().is_none() {
                    vec!["The engine is not analysing: there is nothing to stop.".to_owned()]
                } else {
                    self.app.update(Action::Cancel, now);
                    self.carry(now, files);
                    Vec::new()
                }
            }
        })
    }

    fn analyse(&mut self, now: Duration, files: &mut impl Carry) -> Vec<String> {
        let before = self.before();
        self.app.update(Action::Analyse, now);
        let Some((_, total)) = self.app.view().report().progress() else {
            // Refused: the app says why.
            self.carry(now, files);
            return self.changes(&before);
        };
        self.report = Voice {
            running: true,
            ..Voice::default()
        };
        let mut out = vec![format!(
            "Analysing the game with the engine: {} moves. Progress is said each quarter; \
             type stop to stop.",
            total - 1
        )];
        // An engine that cannot start is said at once.
        self.carry(now, files);
        out.extend(self.report_news());
        out
    }

    /// What the engine's work changed that the app's message does not say: the progress, each
    /// quarter, and each player's numbers once it is done.
    pub(super) fn report_news(&mut self) -> Vec<String> {
        if !self.report.running {
            return Vec::new();
        }
        match self.app.view().report().progress() {
            Some((done, total)) if total > 0 => {
                let step = done * PROGRESS_STEPS / total;
                if step > self.report.steps_said && step < PROGRESS_STEPS {
                    self.report.steps_said = step;
                    vec![format!(
                        "Analysing: {}%, {done} of {total} positions.",
                        step * 100 / PROGRESS_STEPS
                    )]
                } else {
                    Vec::new()
                }
            }
            Some(_) => Vec::new(),
            None => {
                self.report.running = false;
                let mut out = self.player_lines();
                if self.app.view().report().shown().is_some_and(labelled) {
                    out.push("Type next blunder, next mistake or next to hear the moves.".into());
                }
                out
            }
        }
    }

    fn player_lines(&self) -> Vec<String> {
        let Some(report) = self.app.view().report().shown() else {
            return Vec::new();
        };
        let game = self.app.game();
        let names = [game.player(Color::White), game.player(Color::Black)];
        crate::app::player_lines(report, names)
            .into_iter()
            .map(|line| sentence(&line))
            .collect()
    }

    fn report_summary(&self) -> Vec<String> {
        if let Some((done, total)) = self.app.view().report().progress() {
            return vec![format!(
                "The engine is analysing: {done} of {total} positions so far."
            )];
        }
        let Some(report) = self.app.view().report().shown() else {
            return vec!["There is no report yet: type analyse once the game has ended.".into()];
        };
        let mut out = self.player_lines();
        if report.moves.len() + 1 < self.app.game().record().plies() + 1 {
            out.push(format!(
                "It covers the first {} of {} moves.",
                report.moves.len(),
                self.app.game().record().plies()
            ));
        }
        out
    }

    /// The next move labelled `label` (any label if `None`) after the last one read, going
    /// round to the first at the end.
    fn next_labelled(&mut self, label: Option<Judgement>) -> String {
        if let Some((done, total)) = self.app.view().report().progress() {
            return format!(
                "The engine is analysing: {done} of {total} positions so far. The moves can be \
                 read when the report is ready."
            );
        }
        let Some(report) = self.app.view().report().shown() else {
            return "There is no report yet: type analyse once the game has ended.".into();
        };
        let wanted = |ply: usize| {
            report.moves[ply]
                .advice
                .is_some_and(|a| label.is_none_or(|l| a.judgement == l))
        };
        let count = report.moves.len();
        let start = self.report.next.min(count);
        let found = (start..count).chain(0..start).find(|&ply| wanted(ply));
        let Some(ply) = found else {
            return match label {
                Some(l) => format!("No move is labelled {}.", l.name().to_lowercase()),
                None => "No move is labelled: no inaccuracy, mistake or blunder.".to_owned(),
            };
        };
        let again = ply < start;
        let said = self.labelled_sentence(report, ply);
        self.report.next = ply + 1;
        if again {
            format!("From the start again. {said}")
        } else {
            said
        }
    }

    /// `3... Nf6 by Bob (Black): blunder. Checkmate is now unavoidable. Better was g6, then
    /// Qf3.`
    fn labelled_sentence(&self, report: &GameReport, ply: usize) -> String {
        let record = self.app.game().record();
        let (Some(before), Some(_)) = (record.position_at(ply), record.moves().get(ply)) else {
            return String::new();
        };
        let judged = &report.moves[ply];
        let mover = judged.mover;
        let numbered = super::speech::numbered(record.start(), ply, &self.written(ply));
        let label = judged.advice.map_or("", |a| a.judgement.name());
        let mut text = format!(
            "{numbered} by {}: {} ({}).",
            self.app.words().who(mover),
            label.to_lowercase(),
            judged.advice.map_or("", |a| a.judgement.glyph())
        );
        if let Some(advice) = judged.advice.filter(|a| a.mate.is_some()) {
            text.push_str(&format!(" {}.", advice.describe()));
        }
        if let Some(line) = better_line(before, &judged.better, self.app.words().style()) {
            text.push_str(&format!(" Better was {line}."));
        }
        text
    }
}

/// A report with at least one labelled move.
fn labelled(report: &GameReport) -> bool {
    report.moves.iter().any(|m| m.advice.is_some())
}

/// `g6, then Qf3 and Nf6`: the engine's line in the players' notation (`Df3` in German), at
/// most four moves.
fn better_line(before: &Position, line: &[Move], style: MoveStyle) -> Option<String> {
    let mut pos = before.clone();
    let mut sans = Vec::new();
    for &mv in line.iter().take(4) {
        sans.push(style.write(&pos, mv));
        pos = pos.play(mv).ok()?;
    }
    let (first, rest) = sans.split_first()?;
    Some(match rest {
        [] => first.clone(),
        _ => format!("{first}, then {}", super::speech::either(rest, "and")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{
        AnalysisEvent, App, Config, Effect, EngineEffect, Event, GameToOpen, OpenedGame,
    };
    use crate::game::pgn::import_game;
    use crate::game::report::{Eval, PositionEval};

    /// Scholar's mate, loaded: Ann has White.
    const SCHOLARS: &str =
        "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";

    /// The engine's work is kept aside: the analysis's id, as the analyser would answer it.
    #[derive(Default)]
    struct Engine {
        job: Option<u64>,
    }

    impl Carry for Engine {
        fn carry(&mut self, effect: Effect, _app: &App, _now: Duration) -> Option<Event> {
            if let Effect::Engine(EngineEffect::Analyse(job)) = effect {
                self.job = Some(job.id);
            }
            None
        }
    }

    fn loaded() -> Session {
        loaded_in(MoveStyle::default())
    }

    /// The scholar's mate, loaded, its moves written in `style`.
    fn loaded_in(move_style: MoveStyle) -> Session {
        let imported = import_game(SCHOLARS).unwrap();
        let app = App::new(Config {
            opening: Some(GameToOpen::Load(Box::new(OpenedGame {
                game: imported.game,
                tags: imported.tags,
                source: "scholars.pgn".into(),
                archive_file: None,
            }))),
            move_style,
            ..Config::default()
        });
        Session::new(app, &[])
    }

    /// The engine's answers to the analysis asked for, [`evaluations`] then the report: what
    /// was said on the way, and at the end.
    fn analysed(
        session: &mut Session,
        engine: &mut Engine,
        now: Duration,
    ) -> (Vec<String>, Vec<String>) {
        let id = engine.job.expect("the engine is asked");
        let evals = evaluations(session);
        let total = evals.len();
        let mut heard = Vec::new();
        for (ply, eval) in evals.iter().enumerate() {
            let event = AnalysisEvent::Evaluated {
                ply,
                eval: eval.clone(),
            };
            heard.extend(session.hear(Event::Analysis { id, event }, now, engine));
            let event = AnalysisEvent::Progress {
                done: ply + 1,
                total,
            };
            heard.extend(session.hear(Event::Analysis { id, event }, now, engine));
        }
        let moves: Vec<Move> = session
            .app
            .game()
            .record()
            .moves()
            .iter()
            .map(|m| m.mv)
            .collect();
        let report = GameReport::new(session.app.game().record().start(), &moves, evals);
        let event = AnalysisEvent::Finished(Box::new(report));
        let done = session.hear(Event::Analysis { id, event }, now, engine);
        (heard, done)
    }

    /// What an engine might say: 3... Nf6 lets mate in one (g6 was best), every other move
    /// level.
    fn evaluations(session: &Session) -> Vec<PositionEval> {
        let record = session.app.game().record();
        let best_before_nf6 = {
            let pos = record.position_at(5).unwrap();
            let g6 = pos.parse_move("g6").unwrap();
            vec![g6, pos.play(g6).unwrap().parse_move("Qf3").unwrap()]
        };
        let mate = Eval::Mate {
            winner: Color::White,
            moves: 1,
        };
        let evals = [0, 0, 0, 0, 0, 0].map(Eval::Cp).into_iter().chain([
            mate,
            Eval::Mate {
                winner: Color::White,
                moves: 0,
            },
        ]);
        evals
            .enumerate()
            .map(|(ply, eval)| PositionEval {
                eval,
                best: match ply {
                    5 => best_before_nf6.clone(),
                    6 => vec![record.moves()[6].mv],
                    7 => Vec::new(),
                    _ => vec![record.moves()[ply].mv],
                },
            })
            .collect()
    }

    fn said(lines: &[String], wanted: &str) -> bool {
        lines.iter().any(|l| l.contains(wanted))
    }

    #[test]
    fn analyse_says_its_progress_each_quarter_then_the_players_and_next_reads_the_blunder() {
        let mut session = loaded();
        let mut engine = Engine::default();
        let now = Duration::from_secs(1);
        assert_eq!(
            session.line("next blunder", now, &mut engine),
            ["There is no report yet: type analyse once the game has ended."]
        );
        let started = session.line("analyse", now, &mut engine);
        assert_eq!(
            started,
            [
                "Analysing the game with the engine: 7 moves. Progress is said each quarter; \
              type stop to stop."
            ]
        );
        assert_eq!(
            session.line("next blunder", now, &mut engine),
            [
                "The engine is analysing: 0 of 8 positions so far. The moves can be read when \
                 the report is ready."
            ],
            "not 'no report yet' while it is being made"
        );
        let (heard, done) = analysed(&mut session, &mut engine, now);
        assert_eq!(
            heard,
            [
                "Analysing: 25%, 2 of 8 positions.",
                "Analysing: 50%, 4 of 8 positions.",
                "Analysing: 75%, 6 of 8 positions."
            ],
            "a pace a listener can follow"
        );
        assert!(said(&done, "Report ready."), "{done:?}");
        assert!(
            said(&done, "Not in the archive: save keeps the game with it."),
            "in the plain mode's words: {done:?}"
        );
        assert!(
            said(
                &done,
                "White (Ann): accuracy 99%, 0 inaccuracies, 0 mistakes, 0 blunders"
            ),
            "{done:?}"
        );
        assert!(said(&done, "Black (Bob): accuracy"), "{done:?}");
        assert!(said(&done, "1 blunder"), "{done:?}");
        assert!(said(&done, "Type next blunder"), "{done:?}");
        let blunder = session.line("next blunder", now, &mut engine);
        assert_eq!(
            blunder,
            [
                "3... Nf6 by Bob (Black): blunder (??). Checkmate is now unavoidable. Better was g6, then \
              Qf3."
            ]
        );
        assert_eq!(
            session.line("next", now, &mut engine),
            [
                "From the start again. 3... Nf6 by Bob (Black): blunder (??). Checkmate is now \
              unavoidable. Better was g6, then Qf3."
            ]
        );
        assert_eq!(
            session.line("next mistake", now, &mut engine),
            ["No move is labelled mistake."]
        );
        let again = session.line("report", now, &mut engine);
        assert_eq!(again.len(), 2, "{again:?}");
        assert!(
            again[0].starts_with("White (Ann): accuracy 99%"),
            "{again:?}"
        );
    }

    #[test]
    fn the_better_line_is_written_in_the_players_notation() {
        use crate::rules::{Language, Notation};
        let mut session = loaded_in(MoveStyle::new(Notation::San, Language::German));
        let mut engine = Engine::default();
        let now = Duration::from_secs(1);
        session.line("analyse", now, &mut engine);
        analysed(&mut session, &mut engine, now);
        assert_eq!(
            session.line("next blunder", now, &mut engine),
            [
                "3... Sf6 by Bob (Black): blunder (??). Checkmate is now unavoidable. Better was g6, then \
              Df3."
            ]
        );
    }

    #[test]
    fn analyse_during_a_game_is_refused_saying_why_and_stop_with_nothing_running_says_so() {
        let mut session = Session::new(App::new(Config::default()), &[]);
        let mut engine = Engine::default();
        let now = Duration::from_secs(1);
        session.line("e4", now, &mut engine);
        let refused = session.line("analyse", now, &mut engine);
        assert!(
            said(&refused, "never consulted during a game"),
            "{refused:?}"
        );
        assert_eq!(engine.job, None);
        assert_eq!(
            session.line("stop", now, &mut engine),
            ["The engine is not analysing: there is nothing to stop."]
        );
    }

    #[test]
    fn report_commands_are_read_with_or_without_a_slash_and_others_are_not() {
        assert_eq!(read("analyse"), Some(Ask::Analyse));
        assert_eq!(read(" /Analyze "), Some(Ask::Analyse));
        assert_eq!(read("report"), Some(Ask::Report));
        assert_eq!(read("next"), Some(Ask::Next(None)));
        assert_eq!(
            read("next blunders"),
            Some(Ask::Next(Some(Judgement::Blunder)))
        );
        assert_eq!(
            read("NEXT mistake"),
            Some(Ask::Next(Some(Judgement::Mistake)))
        );
        assert_eq!(
            read("next inaccuracies"),
            Some(Ask::Next(Some(Judgement::Inaccuracy)))
        );
        assert_eq!(read("stop"), Some(Ask::Stop));
        assert_eq!(read("next move"), None);
        assert_eq!(read("e4"), None);
        assert_eq!(read("board"), None);
    }

    #[test]
    fn learn_offers_the_blunder_and_takes_moves_at_its_position_in_words() {
        let mut session = loaded();
        let mut engine = Engine::default();
        let now = Duration::from_secs(1);
        assert!(said(
            &session.line("skip", now, &mut engine),
            "There is no mistake being learnt"
        ));
        session.line("analyse", now, &mut engine);
        analysed(&mut session, &mut engine, now);
        let offered = session.line("learn black", now, &mut engine);
        assert!(
            said(
                &offered,
                "You played 3... Nf6?? Find a better move for Bob (Black)."
            ),
            "{offered:?}"
        );
        // A move typed is tried at the position of the mistake, not refused as after the end.
        let played = session.line("Nf6", now, &mut engine);
        assert!(
            said(&played, "Nf6 is the move played in the game.")
                && said(&played, "Solution: the engine's line."),
            "in the plain mode's words: {played:?}"
        );
        let solved = session.line("g6", now, &mut engine);
        assert!(
            said(&solved, "Good move: g6 is the engine's own."),
            "{solved:?}"
        );
        let done = session.line("next", now, &mut engine);
        assert!(
            said(&done, "Done reviewing Black's mistakes: 1 found of 1."),
            "{done:?}"
        );
    }
}
