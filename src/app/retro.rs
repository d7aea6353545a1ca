//! "Learn from your mistakes", lichess's way (lila's `retroCtrl.ts`): after the game report,
//! each mistake and blunder of a player (or of both, in the game's order) is offered again on
//! the review board, from the position before it: "You played 15. Bxf7?? Find a better move
//! for White". The rules of which moves and what passes are pure, in
//! [`retro`](crate::game::report::retro); this file is the session around them.
//!
//! * **A move tried** by any input (typed, cursor, mouse, the plain mode's line) at the
//!   position of the mistake is judged, not played into the game: the engine's own move solves
//!   it, the move played in the game fails, any other is searched by the engine
//!   ([`EngineEffect::Judge`]) and solves it when it leaves the player within lila's 0.035 of
//!   the position before. A failed move can be tried again; F12 shows the solution (the
//!   engine's line), F9 skips the mistake (after a solution, F9 goes on); at the end, a
//!   summary. Shift-F4 (or `learn`) again stops.
//! * **Kept for later:** when a player starts, the mistakes offered are kept in the database
//!   by the player's name ([`FileEffect::Mistakes`]); each one solved leaves the list. Those
//!   left come back with the puzzles (`hotseat puzzles --mistakes`).
//!
//! The session is [`Retro`], held by the app while it runs; the functions here are its hooks
//! in the app (a move chosen, a key, the engine's answer), so that the app itself keeps only a
//! line for each.

use super::keymap::{Action, Seek};
use super::{AnalysisEvent, App, EngineEffect, FileEffect, Message};
use crate::app::Say;
use crate::game::Spot;
use crate::game::report::retro::{self as rules, Tried};
use crate::game::report::{Eval, GameReport};
use crate::rules::{Color, Move, Position};
use crate::store::Mistake;

/// lila's depth for a tried move's evaluation (`isCevalReady`: depth 18).
pub const JUDGE_DEPTH: u32 = 18;

/// Where the mistake shown stands (lila's `feedback`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feedback {
    /// Waiting for a move.
    Find,
    /// The engine searches the move tried (`id` of its search).
    Eval { id: u64, tried: Move },
    /// Solved.
    Win,
    /// The move tried was not good enough: try again.
    Fail,
    /// The solution was shown.
    View,
}

/// A position for the engine to evaluate: one move tried in place of a mistake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeJob {
    pub id: u64,
    /// The position after the move tried.
    pub position: Position,
}

/// Work on the mistakes kept, for the file worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MistakeWork {
    /// Keep these (those kept already stay): [`RetroNews::Kept`].
    Keep(Vec<Mistake>),
    /// `player` solved the mistake `played` (UCI) from `fen`: it leaves the list.
    Solved {
        player: String,
        fen: String,
        played: String,
    },
}

/// What comes back to the session.
#[derive(Debug)]
pub enum RetroNews {
    /// The engine's word on the move tried in search `id`.
    Judged { id: u64, event: AnalysisEvent },
    /// The mistakes were kept (how many new), or why not.
    Kept(Result<usize, super::dialogs::LibraryError>),
    /// A solved mistake left the list, or why not.
    Solved(Result<(), super::dialogs::LibraryError>),
}

/// A session of learning from the report's mistakes.
#[derive(Clone, Debug)]
pub struct Retro {
    /// Whose mistakes: one player's, or both in the game's order.
    side: Option<Color>,
    /// The plies of the moves to play again.
    faults: Vec<usize>,
    /// The one shown (an index into `faults`).
    at: usize,
    feedback: Feedback,
    found: usize,
    viewed: usize,
    skipped: usize,
    last_id: u64,
    /// What the panel says about the mistake shown.
    said: String,
    /// Where the mistakes come from.
    source: Source,
}

/// Where a session's mistakes come from.
#[derive(Clone, Debug)]
enum Source {
    /// The report shown: the faults are plies of the game on the board; `kept`: some of
    /// them were kept for later (a side the game has no name for keeps none).
    Report { kept: bool },
    /// The mistakes kept for a player (`hotseat puzzles --mistakes`), each on a board of its
    /// own: the faults index `list`.
    Kept { player: String, list: Vec<Kept> },
}

/// A kept mistake, checked, with the row it came from (to delete once solved).
#[derive(Clone, Debug)]
struct Kept {
    row: Mistake,
    fault: Fault,
}

/// One mistake to play again, wherever it comes from.
#[derive(Clone, Debug)]
struct Fault {
    /// The ply the board shows the position before it at.
    ply: usize,
    before: Position,
    played: Move,
    /// The engine's line from `before`.
    better: Vec<Move>,
    mover: Color,
    /// The evaluation of `before`, White's view.
    eval: Eval,
    /// `15. Bxf7??`.
    said: String,
}

impl Retro {
    /// A session at its first mistake.
    fn new(side: Option<Color>, faults: Vec<usize>, source: Source) -> Retro {
        Retro {
            side,
            faults,
            at: 0,
            feedback: Feedback::Find,
            found: 0,
            viewed: 0,
            skipped: 0,
            last_id: 0,
            said: String::new(),
            source,
        }
    }

    /// The session's own keys for the footer, as they are now: the solution, a skip and
    /// stopping while a mistake waits for a move; the next one and stopping once it is solved
    /// or its solution seen.
    pub fn keys(&self) -> &'static [(Action, &'static str)] {
        match self.feedback {
            Feedback::Find | Feedback::Fail | Feedback::Eval { .. } => &[
                (Action::MoveNow, "solution"),
                (Action::Seek(Seek::NEXT), "skip"),
                (Action::Learn(None), "stop"),
            ],
            Feedback::Win | Feedback::View => &[
                (Action::Seek(Seek::NEXT), "next"),
                (Action::Learn(None), "stop"),
            ],
        }
    }

    /// Mistakes done of all, counting the one shown once it is solved, seen or skipped.
    pub fn progress(&self) -> (usize, usize) {
        let done = self.at + usize::from(matches!(self.feedback, Feedback::Win | Feedback::View));
        (done, self.faults.len())
    }

    pub fn feedback(&self) -> Feedback {
        self.feedback
    }

    /// Whose mistakes.
    pub fn side(&self) -> Option<Color> {
        self.side
    }

    /// The panel's line on the mistake shown: `Find a better move`, `Solved!`...
    pub fn said(&self) -> &str {
        &self.said
    }

    /// The ply of the mistake shown.
    fn ply(&self) -> usize {
        match &self.source {
            Source::Report { .. } => self.faults[self.at],
            Source::Kept { .. } => 0,
        }
    }

    /// The player whose kept mistakes these are (`hotseat puzzles --mistakes`).
    pub fn kept_player(&self) -> Option<&str> {
        match &self.source {
            Source::Report { .. } => None,
            Source::Kept { player, .. } => Some(player),
        }
    }
}

/// The mistake shown, from the report or the list kept.
fn fault(app: &App) -> Option<Fault> {
    let retro = app.retro.as_ref()?;
    match &retro.source {
        Source::Kept { list, .. } => list.get(retro.at).map(|k| k.fault.clone()),
        Source::Report { .. } => {
            let ply = *retro.faults.get(retro.at)?;
            let report = app.reports.shown()?;
            let judged = report.moves.get(ply)?;
            Some(Fault {
                ply,
                before: app.game.record().position_at(ply)?.clone(),
                played: app.game.record().moves().get(ply)?.mv,
                better: judged.better.clone(),
                mover: judged.mover,
                eval: report.positions.get(ply)?.eval,
                said: played_text(app, report, ply),
            })
        }
    }
}

/// The mistakes kept for `player` (`hotseat puzzles --mistakes` on the screen): each checked
/// as a puzzle row is (a row changed by hand is refused with why), then offered one by one on
/// a board of its own, with the same rules as after a report.
pub(super) fn open_kept(app: &mut App, player: String, rows: Vec<Mistake>) {
    let mut refused = Vec::new();
    let mut list = Vec::new();
    for row in rows {
        match row.check() {
            Ok(checked) => list.push(Kept {
                fault: Fault {
                    ply: 0,
                    mover: checked.before.turn(),
                    before: checked.before,
                    played: checked.played,
                    better: checked.better,
                    eval: row.before,
                    said: row.said.clone(),
                },
                row,
            }),
            Err(why) => refused.push(why),
        }
    }
    app.saving.retire(&app.game, app.now, &mut app.effects);
    app.saving.track = false;
    if list.is_empty() {
        let none = format!(
            "{player} has no mistakes to learn from: after a game's report (F4), Shift-F4 \
             learns from them and keeps those not solved"
        );
        app.message.info(match refused.first() {
            Some(why) => format!("{none} ({why})"),
            None => none,
        });
        return;
    }
    let faults = (0..list.len()).collect();
    app.retro = Some(Retro::new(None, faults, Source::Kept { player, list }));
    show_fault(app);
    if let Some(why) = refused.first() {
        let text = app
            .message
            .as_ref()
            .map(|m| m.text.clone())
            .unwrap_or_default();
        let s = if refused.len() == 1 { "" } else { "s" };
        app.message.info(format!(
            "{text} · {} kept row{s} skipped: {why}",
            refused.len()
        ));
    }
}

/// A kept mistake's board: its position, the player to find the move named.
fn kept_game(player: &str, kept: &Kept) -> crate::game::Game {
    let mover = kept.fault.mover;
    let name = |c: Color| {
        if c == mover {
            player.to_owned()
        } else {
            format!("from {}", kept.row.game)
        }
    };
    crate::game::Game::new(crate::game::GameSetup {
        start: kept.fault.before.clone(),
        white: name(Color::White),
        black: name(Color::Black),
        ..crate::game::GameSetup::default()
    })
}

/// The panel's title while kept mistakes are played: `Mistakes of Ann · 2/5`.
pub fn kept_title(app: &App) -> Option<String> {
    let retro = app.retro.as_ref()?;
    let player = retro.kept_player()?;
    let (done, all) = retro.progress();
    Some(format!("Mistakes of {player} · {done}/{all}"))
}

/// The panel's line on the kept mistake shown: `Find a better move`, `Solved!`.
pub fn kept_said(app: &App) -> Option<String> {
    let retro = app.retro.as_ref()?;
    retro.kept_player()?;
    Some(retro.said.clone())
}

/// The player's name as the mistakes are kept under: the game's name for `color`. `None`
/// when the game names no one there (no name, PGN's `?`, or a colour's name, as a game
/// started without names has): two such players are not one, so their mistakes are offered
/// in this session but not kept for a later one.
fn player_name(app: &App, color: Color) -> Option<String> {
    let name = app.game.player(color).trim();
    (!super::puzzle::unnamed(name, color)).then(|| name.to_owned())
}

fn side_words(side: Option<Color>) -> &'static str {
    match side {
        Some(Color::White) => "White's",
        Some(Color::Black) => "Black's",
        None => "both players'",
    }
}

/// Shift-F4 or a typed `learn [white|black]`: starts learning from `side`'s mistakes (both
/// players' when `None`); while a session runs, stops it.
pub(super) fn learn(app: &mut App, side: Option<Color>) {
    if app.retro.is_some() {
        stop(app);
        return;
    }
    let Some(report) = app.reports.shown() else {
        app.message.error(if app.reports.progress().is_some() {
            "The engine is still working on the report: its mistakes can be learnt from when it \
             is done"
        } else {
            "There is no report to learn from: F4 asks the engine for one"
        });
        return;
    };
    let faults = rules::candidates(report, side);
    if faults.is_empty() {
        let who = side.map_or_else(|| "either player".to_owned(), |c| app.view().words().who(c));
        app.message.info(format!(
            "No mistakes by {who} to learn from: no move lost more than 7.5% of its winning \
             chances"
        ));
        return;
    }
    let kept: Vec<Mistake> = faults
        .iter()
        .filter_map(|&ply| mistake_at(app, report, ply))
        .collect();
    let any_kept = !kept.is_empty();
    if any_kept {
        app.effects
            .push(FileEffect::Mistakes(MistakeWork::Keep(kept)).into());
    }
    // The engine's lines would give the answer away.
    if app.live.lines().is_some() {
        app.live.stop(&mut app.effects);
    }
    app.retro = Some(Retro::new(side, faults, Source::Report { kept: any_kept }));
    show_fault(app);
}

/// The mistake of move `ply`, as kept; `None` when it is not kept (its player has no name).
fn mistake_at(app: &App, report: &GameReport, ply: usize) -> Option<Mistake> {
    let record = app.game.record();
    let before = record.position_at(ply)?;
    let played = record.moves().get(ply)?.mv;
    let judged = report.moves.get(ply)?;
    let best: Vec<String> = judged.better.iter().map(|m| m.uci().to_string()).collect();
    let white = app.game.player(Color::White);
    let black = app.game.player(Color::Black);
    let game = match (white.trim(), black.trim()) {
        ("", "") => "a game".to_owned(),
        (w, b) => format!("{w} – {b}"),
    };
    Some(Mistake {
        player: player_name(app, judged.mover)?,
        fen: before.fen(),
        played: played.uci().to_string(),
        best: best.join(" "),
        before: report.positions.get(ply)?.eval,
        said: played_text(app, report, ply),
        game,
    })
}

/// `15. Bxf7??`: the move of the mistake, with its label.
fn played_text(app: &App, report: &GameReport, ply: usize) -> String {
    let glyph = report
        .moves
        .get(ply)
        .and_then(|m| m.advice)
        .map_or("", |a| a.judgement.glyph());
    format!(
        "{} {}{glyph}",
        app.view().words().move_number(ply),
        app.view().words().written_move(ply)
    )
}

/// Shows the mistake the session is at: the board at the position before it, the question.
fn show_fault(app: &mut App) {
    let Some(retro) = &app.retro else { return };
    let mut lead = String::new();
    if let Source::Kept { player, list } = &retro.source
        && let Some(kept) = list.get(retro.at)
    {
        lead = format!(
            "Mistake {} of {}, from {}. ",
            retro.at + 1,
            list.len(),
            kept.row.game
        );
        let game = kept_game(player, kept);
        // A new board ends the session it was put on for: this one goes on over it.
        let session = app.retro.take();
        app.install_game(game);
        app.saving.track = false;
        app.retro = session;
    }
    let Some(fault) = fault(app) else {
        app.retro = None;
        return;
    };
    let played = fault.said;
    // `Nf6?? Find`, as lichess says it: the glyph ends the sentence.
    let stop = if played.ends_with(['?', '!']) {
        ""
    } else {
        "."
    };
    let text = format!(
        "{lead}You played {played}{stop} Find a better move for {}",
        app.view().words().who(fault.mover)
    );
    app.study().show_spot(Spot::Main(fault.ply));
    app.board.orientation = fault.mover;
    app.move_box.clear();
    set_said(app, Feedback::Find, "Find a better move", text);
}

/// Sets the session's feedback, the panel's words and the status line.
fn set_said(app: &mut App, feedback: Feedback, panel: &str, message: String) {
    if let Some(retro) = app.retro.as_mut() {
        retro.feedback = feedback;
        retro.said = panel.to_owned();
    }
    app.message = Some(Message::info(message));
}

/// Whether the position shown is the one of the mistake being learnt, waiting for a move.
fn waiting_here(app: &App) -> bool {
    app.retro.as_ref().is_some_and(|r| {
        matches!(r.feedback, Feedback::Find | Feedback::Fail)
            && app.view().shown().spot() == Spot::Main(r.ply())
    })
}

/// A move chosen by any input: judged when it is tried at the mistake being learnt (`true`),
/// left to the board otherwise.
pub(super) fn take_move(app: &mut App, mv: Move) -> bool {
    let Some(retro) = &app.retro else {
        return false;
    };
    if let Feedback::Eval { tried, .. } = retro.feedback
        && app.view().shown().spot() == Spot::Main(retro.ply())
    {
        let tried = app.style.write(app.view().shown().board_position(), tried);
        app.message.error(format!(
            "The engine is still judging {tried}: its word comes in a moment"
        ));
        return true;
    }
    if !waiting_here(app) {
        return false;
    }
    let Some(fault) = fault(app) else {
        return false;
    };
    let mover = fault.mover;
    let position = app.view().shown().board_position().clone();
    let written = app.style.write(&position, mv);
    app.move_box.clear();
    app.board.put_back();
    match rules::tried(&fault.better, fault.played, mv) {
        Tried::Best => win(app, &written, None),
        Tried::Played => fail(
            app,
            format!(
                "{written} is the move played in the game. Try another move for {}",
                app.view().words().who(mover)
            ),
        ),
        Tried::Search => {
            let Ok(after) = position.play(mv) else {
                return true;
            };
            let Some(retro) = app.retro.as_mut() else {
                return true;
            };
            retro.last_id += 1;
            let id = retro.last_id;
            app.effects.push(
                EngineEffect::Judge(JudgeJob {
                    id,
                    position: after,
                })
                .into(),
            );
            set_said(
                app,
                Feedback::Eval { id, tried: mv },
                "Evaluating your move…",
                format!("Evaluating your move {written}: the engine is searching"),
            );
        }
    }
    true
}

/// Solved, by the engine's move or by `written` (`better`: the engine's move then).
fn win(app: &mut App, written: &str, better: Option<String>) {
    let Some(retro) = app.retro.as_mut() else {
        return;
    };
    retro.found += 1;
    let ply = retro.ply();
    let kept = match &retro.source {
        Source::Kept { list, .. } => list.get(retro.at).map(|k| k.row.clone()),
        Source::Report { .. } => None,
    };
    let last = retro.at + 1 == retro.faults.len();
    let next = if last { "F9: the summary" } else { "F9: next" };
    let text = match better {
        Some(best) => format!("Good move: {written} is as good (the engine's was {best}) · {next}"),
        None => format!("Good move: {written} is the engine's own · {next}"),
    };
    let mistake = kept.or_else(|| app.reports.shown().and_then(|r| mistake_at(app, r, ply)));
    if let Some(mistake) = mistake {
        app.effects.push(
            FileEffect::Mistakes(MistakeWork::Solved {
                player: mistake.player,
                fen: mistake.fen,
                played: mistake.played,
            })
            .into(),
        );
    }
    set_said(app, Feedback::Win, "Solved!", text);
}

/// Not good enough: back to the position, to try again.
fn fail(app: &mut App, text: String) {
    let ply = app.retro.as_ref().map_or(0, Retro::ply);
    app.study().show_spot(Spot::Main(ply));
    set_said(
        app,
        Feedback::Fail,
        "You can do better",
        format!("{text} · F12: the solution · F9: skip"),
    );
}

/// The keys of a session running: F9 skips or goes on, F12 shows the solution, Shift-F4
/// stops. (Esc keeps its own work, clearing the move box: the plain mode sends it after a
/// refused move.) `true` when the action was the session's.
pub(super) fn intercept(app: &mut App, action: Action) -> bool {
    let Some(retro) = &app.retro else {
        return false;
    };
    let feedback = retro.feedback;
    match action {
        Action::Learn(_) => stop(app),
        Action::Seek(seek) if seek.forward && seek.side.is_none() && seek.label.is_none() => {
            match feedback {
                Feedback::Win | Feedback::View => next(app),
                Feedback::Find | Feedback::Fail | Feedback::Eval { .. } => {
                    if let Some(retro) = app.retro.as_mut() {
                        retro.skipped += 1;
                        retro.feedback = Feedback::Find;
                    }
                    next(app);
                }
            }
        }
        Action::MoveNow => view_solution(app),
        _ => return false,
    }
    true
}

/// F12: the engine's line from the position of the mistake.
fn view_solution(app: &mut App) {
    let Some(retro) = &app.retro else { return };
    if matches!(retro.feedback, Feedback::Win | Feedback::View) {
        app.message.error("This one is done · F9: next");
        return;
    }
    let Some(fault) = fault(app) else {
        return;
    };
    let ply = fault.ply;
    let line = line_text(app, &fault.before, &fault.better, ply);
    if let Some(retro) = app.retro.as_mut() {
        retro.viewed += 1;
    }
    app.study().show_spot(Spot::Main(ply));
    let last = app
        .retro
        .as_ref()
        .is_some_and(|r| r.at + 1 == r.faults.len());
    let next = if last { "F9: the summary" } else { "F9: next" };
    set_said(
        app,
        Feedback::View,
        "Solution shown",
        format!("The solution: {line} · {next}"),
    );
}

/// `15. Qxd7 Nf6 16. Re1`: a line from `pos`, the position before move `ply`.
fn line_text(app: &App, pos: &Position, line: &[Move], ply: usize) -> String {
    let mut at = pos.clone();
    let mut words = Vec::new();
    for (i, &mv) in line.iter().take(6).enumerate() {
        let number = app.view().words().move_number(ply + i).to_string();
        let written = app.style.write(&at, mv);
        if i == 0 || at.turn() == Color::White {
            words.push(format!("{number} {written}"));
        } else {
            words.push(written);
        }
        let Ok(next) = at.play(mv) else { break };
        at = next;
    }
    words.join(" ")
}

/// On to the next mistake, or the summary.
fn next(app: &mut App) {
    let Some(retro) = app.retro.as_mut() else {
        return;
    };
    if retro.at + 1 < retro.faults.len() {
        retro.at += 1;
        show_fault(app);
    } else {
        stop(app);
    }
}

/// The session ends, with its summary.
fn stop(app: &mut App) {
    let Some(retro) = app.retro.take() else {
        return;
    };
    let (done, all) = retro.progress();
    let left = all - retro.found;
    let whose = match retro.kept_player() {
        Some(player) => format!("{player}'s"),
        None => side_words(retro.side).to_owned(),
    };
    let mut text = format!("Done reviewing {whose} mistakes: {} found", retro.found);
    if retro.viewed > 0 {
        let s = if retro.viewed == 1 { "" } else { "s" };
        text.push_str(&format!(", {} solution{s} seen", retro.viewed));
    }
    if retro.skipped > 0 {
        text.push_str(&format!(", {} skipped", retro.skipped));
    }
    if done + retro.skipped < all {
        text.push_str(&format!(", {} not reached", all - done - retro.skipped));
    }
    text.push_str(&format!(" of {all}"));
    if left > 0 && retro.kept_player().is_some() {
        text.push_str(&format!(". {left} still kept for next time"));
    } else if left > 0 && matches!(retro.source, Source::Report { kept: true }) {
        text.push_str(&format!(
            ". {left} kept for later: hotseat puzzles --mistakes"
        ));
    } else if left > 0 {
        text.push_str(
            ". Not kept for later: the game has no names for its players (the new-game form, \
             Ctrl-N, names them)",
        );
    }
    app.message.info(text);
}

/// News for the session.
pub(super) fn hear(app: &mut App, news: RetroNews) {
    match news {
        RetroNews::Judged { id, event } => judged(app, id, event),
        RetroNews::Kept(Ok(_)) | RetroNews::Solved(Ok(())) => {}
        RetroNews::Kept(Err(error)) => app
            .message
            .error(format!("The mistakes are not kept for later: {error}")),
        RetroNews::Solved(Err(error)) => app.message.error(format!(
            "The solved mistake is still in the list for later: {error}"
        )),
    }
}

/// The engine's word on the move tried.
fn judged(app: &mut App, id: u64, event: AnalysisEvent) {
    let Some(retro) = &app.retro else { return };
    let Feedback::Eval { id: asked, tried } = retro.feedback else {
        return;
    };
    if asked != id {
        return;
    }
    let eval = match event {
        AnalysisEvent::Finished(report) => report.positions.first().map(|p| p.eval),
        AnalysisEvent::Failed { error, .. } => {
            set_said(
                app,
                Feedback::Find,
                "Find a better move",
                format!("The engine could not judge the move: {error}. Try again, or F12"),
            );
            app.message = app.message.take().map(|m| Message::error(m.text));
            return;
        }
        AnalysisEvent::Cancelled { .. } => None,
        AnalysisEvent::Progress { .. } | AnalysisEvent::Evaluated { .. } => return,
    };
    let Some(after) = eval else {
        if let Some(r) = app.retro.as_mut() {
            r.feedback = Feedback::Find;
        }
        return;
    };
    let Some(fault) = fault(app) else {
        return;
    };
    let mover = fault.mover;
    let pos = &fault.before;
    let written = app.style.write(pos, tried);
    let best = fault.better.first().map(|&b| app.style.write(pos, b));
    if rules::passes(mover, fault.eval, after) {
        win(app, &written, best);
    } else {
        let text = format!(
            "You can do better than {written} ({}). Try another move for {}",
            eval_words(after),
            app.view().words().who(mover)
        );
        fail(app, text);
    }
}

/// `+0.32`, `mate in 3 for Black`.
fn eval_words(eval: Eval) -> String {
    match eval {
        Eval::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Eval::Mate { winner, moves } => format!("mate in {moves} for {winner:?}"),
    }
}
