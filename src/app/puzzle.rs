//! A puzzle at the table ([`Table::Puzzle`](super::table::Table)): Lichess's puzzles on the
//! screen, solved with every input the game takes (typed SAN or LAN, the cursor, the mouse).
//!
//! The rules of solving are the chess crate's ([`chess::puzzle::Solving`], shared with the
//! plain mode's trainer): the board is set from the puzzle's FEN and the opponent's first move
//! is played as the game's first move, so the board shows it as the last move; the solver's
//! moves go through `App::commit` like any move and are asked of the [`PuzzleSeat`] first. A
//! right move is played with the opponent's reply; a wrong one is not played, and the right
//! one is named; a move that mates wins at the last step, whether or not it is the line's.
//!
//! Once the puzzle is over (solved, or the solution shown), the board is the analysis board of
//! a finished game: moves become variations and the engine's lines (F5) follow the position.
//!
//! The puzzles and ratings are the store's: the seat asks for the next puzzle and writes each
//! result with an effect ([`PuzzleEffect`]), and the answer comes back as news
//! ([`PuzzleNews`]), so the screen never waits for the database.
//!
//! Keys at a puzzle: F10 (`hint`) the piece to move, then the move; F12 (`solution`) plays
//! the rest of the line; F8 (`retry`) starts again (only the first attempt counts for the
//! rating); Ctrl-V or F9 (`next`) the next puzzle (a rated puzzle left unsolved counts as
//! failed, as on Lichess).

use crate::app::Say;
use std::time::Duration;

use super::keymap::{Action, Seek};
use super::{App, Message, MessageKind, Mode};
use crate::game::{Game, GameSetup};
use crate::rules::{Color, Move, Position};
use crate::store::{Choice, PuzzleMode, Rating, RatingChange, StoreError};
use chess::puzzle::{Attempt, Hint, Puzzle, Solving, Status};

pub mod net;
pub mod run;

pub use run::{DuelSetup, RunKind};
use run::{Run, best_words};

/// How the puzzles start: whose they are, which to choose, the first by its Lichess id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PuzzleStart {
    /// The player's name, as the new-game form knows them (case does not matter).
    pub player: String,
    pub choice: Choice,
    /// The puzzle asked for by id, given first.
    pub first: Option<String>,
    /// Varies which of the puzzles of one rating comes.
    pub seed: u64,
    /// One at a time, Storm, Streak or a duel.
    pub run: RunKind,
    /// The duel's opponent and rules, for [`RunKind::Duel`].
    pub duel: Option<DuelSetup>,
    /// The player's own mistakes kept from "Learn from your mistakes", played instead of
    /// puzzles (`hotseat puzzles --mistakes`; see `retro`).
    pub mistakes: Option<Vec<crate::store::Mistake>>,
    /// A duel across the network, its truth the host's (see `net`).
    pub net: Option<net::NetDuelSetup>,
}

/// Work for the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleEffect {
    /// The next puzzle for `player` near their rating (or the puzzle `id`):
    /// [`PuzzleNews::Given`].
    Next {
        player: String,
        choice: Choice,
        seed: u64,
        id: Option<String>,
        /// The rating to choose near (a Storm's, a Streak's); `None`: the player's own.
        target: Option<u16>,
    },
    /// A Storm or a Streak is over: write its score, [`PuzzleNews::RunWritten`] with the best
    /// before it.
    RunOver {
        player: String,
        mode: PuzzleMode,
        score: u32,
    },
    /// Write the attempt's result (and the rating's change when `mode` is rated):
    /// [`PuzzleNews::Recorded`].
    Record {
        player: String,
        puzzle: Box<Puzzle>,
        mode: PuzzleMode,
        won: bool,
    },
}

/// A puzzle the store gives.
#[derive(Clone, Debug, PartialEq)]
pub struct Given {
    pub puzzle: Puzzle,
    /// Whether its result counts for the rating (a puzzle opened by id that was played
    /// before does not).
    pub rated: bool,
    /// The player's rating now.
    pub rating: Rating,
}

/// What the store answers.
#[derive(Debug)]
pub enum PuzzleNews {
    /// The next puzzle; `None` when none fits the theme and ratings asked for.
    Given(Result<Option<Box<Given>>, StoreError>),
    /// The result is written: the rating before and after.
    Recorded(Result<RatingChange, StoreError>),
    /// A run's score is written: the personal best before it.
    RunWritten(Result<Option<u32>, StoreError>),
}

/// The puzzle seat: the player, the puzzle being solved, and its result.
#[derive(Clone, Debug)]
pub struct PuzzleSeat {
    start: PuzzleStart,
    solving: Option<Solving>,
    rated: bool,
    /// The result is handed to the store.
    recorded: bool,
    /// The player's rating as last heard.
    rating: Option<Rating>,
    /// The last rated result's change.
    change: Option<RatingChange>,
    /// A puzzle was asked for and has not come yet.
    waiting: bool,
    /// Puzzles given so far.
    given: usize,
    /// One at a time, or the Storm or Streak under way.
    run: Run,
    /// The run is over (its score handed to the store).
    over: bool,
    /// Words about the puzzle just ended, said before the next one's.
    said: Option<String>,
}

impl PuzzleSeat {
    pub fn new(start: PuzzleStart) -> PuzzleSeat {
        PuzzleSeat {
            run: Run::new(start.run, &start.player, start.duel.as_ref()),
            over: false,
            said: None,
            start,
            solving: None,
            rated: false,
            recorded: false,
            rating: None,
            change: None,
            waiting: false,
            given: 0,
        }
    }

    pub fn player(&self) -> &str {
        &self.start.player
    }

    /// Who solves the puzzle on the board: the player, or in a duel the one whose turn it is.
    pub fn solver_name(&self) -> &str {
        self.run.duel_solver().unwrap_or(&self.start.player)
    }

    /// The puzzle being solved (or looked at after).
    pub fn solving(&self) -> Option<&Solving> {
        self.solving.as_ref()
    }

    /// The player's rating, once heard.
    pub fn rating(&self) -> Option<Rating> {
        self.rating
    }

    /// The change the last rated puzzle made.
    pub fn change(&self) -> Option<RatingChange> {
        self.change
    }

    /// Whether the current puzzle counts for the rating.
    pub fn rated(&self) -> bool {
        self.rated
    }

    /// Whether the solver is still to find the moves.
    pub fn is_solving(&self) -> bool {
        self.solving
            .as_ref()
            .is_some_and(|s| s.status() == Status::Solving)
    }

    /// The side the solver plays.
    pub fn solver(&self) -> Option<Color> {
        self.solving.as_ref().map(|s| s.puzzle().solver())
    }

    /// The effect asking for the next puzzle.
    fn ask_next(&mut self) -> PuzzleEffect {
        self.waiting = true;
        self.start.seed = self
            .start
            .seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        PuzzleEffect::Next {
            player: self.start.player.clone(),
            choice: self.start.choice.clone(),
            seed: self.start.seed >> 33,
            id: self.start.first.take(),
            target: self.run.target(self.given),
        }
    }

    /// The puzzle's own keys for the footer, as they are now: a single puzzle's hint,
    /// solution, retry and next; a Streak's skip while it is left; none in a Storm or a duel
    /// under way; another run once one is over.
    pub fn keys(&self) -> &'static [(Action, &'static str)] {
        match &self.run {
            Run::Puzzles => &[
                (Action::Hint, "hint"),
                (Action::MoveNow, "solution"),
                (Action::Takeback, "retry"),
                (Action::Puzzles, "next"),
            ],
            _ if self.over => &[(Action::Puzzles, "another")],
            Run::Streak(streak) if streak.can_skip() => &[(Action::Puzzles, "skip")],
            Run::Streak(_) | Run::Storm(_) | Run::Duel(_) | Run::Net(_) => &[],
        }
    }

    /// The run under way.
    pub fn run(&self) -> &Run {
        &self.run
    }

    /// Whether the Storm or Streak is over.
    pub fn run_over(&self) -> bool {
        self.over
    }

    /// The effect writing the result, once it is known and not written yet.
    fn settle(&mut self) -> Option<PuzzleEffect> {
        let solving = self.solving.as_ref()?;
        let won = solving.result()?;
        if self.recorded {
            return None;
        }
        self.recorded = true;
        Some(PuzzleEffect::Record {
            player: self.solver_name().to_owned(),
            puzzle: Box::new(solving.puzzle().clone()),
            mode: self.run.mode(self.rated),
            won,
        })
    }

    /// The title over the panel: `mate in 3 · Ann 1512 (+12)`; in a run, the run's
    /// (`Storm 2:43 · 5 solved · combo 3`).
    pub fn title(&self, now: Duration) -> String {
        if let Some(title) = self.run.title(now) {
            return title;
        }
        let goal = match self.solving.as_ref().map(|s| s.puzzle().mate_in()) {
            Some(Some(n)) => format!("mate in {n}"),
            Some(None) => "best move".to_owned(),
            None => "puzzles".to_owned(),
        };
        let rating = match self.rating {
            Some(r) => format!(" {}{}", r.shown(), if r.provisional() { "?" } else { "" }),
            None => String::new(),
        };
        let change = match self.change {
            Some(c) if self.recorded => format!(" ({:+})", c.points()),
            _ => String::new(),
        };
        format!("{goal} · {}{rating}{change}", self.start.player)
    }
}

/// The game a puzzle is played in: set from the FEN, the opponent's first move played.
fn puzzle_game(seat: &PuzzleSeat, puzzle: &Puzzle, now: Duration) -> Game {
    let solver = puzzle.solver();
    let name = |c: Color| {
        if c == solver {
            seat.solver_name().to_owned()
        } else {
            format!("Puzzle {} · {}", puzzle.id, puzzle.rating)
        }
    };
    let mut game = Game::new(GameSetup {
        start: puzzle.start.clone(),
        white: name(Color::White),
        black: name(Color::Black),
        ..GameSetup::default()
    });
    // Checked when the puzzle was read: the first move is legal.
    let _ = game.play(puzzle.moves[0], now);
    game
}

/// Opens the puzzles at this screen (`hotseat puzzles`, or Ctrl-V in a game): the table
/// becomes the puzzle's and the first puzzle is asked for.
pub(super) fn open(app: &mut App, mut start: PuzzleStart) {
    if start.net.is_some() {
        net::open(app, start);
        return;
    }
    if let Some(kept) = start.mistakes.take() {
        super::retro::open_kept(app, start.player, kept);
        return;
    }
    let mut seat = PuzzleSeat::new(start);
    let ask = seat.ask_next();
    app.saving.retire(&app.game, app.now, &mut app.effects);
    app.saving.track = false;
    app.table = super::table::Table::Puzzle(Box::new(seat));
    app.effects.push(ask.into());
    app.message.info("Finding a puzzle…");
}

/// The puzzle seat of the app's table, if it is a puzzle's (for the screen).
pub fn seat(app: &App) -> Option<&PuzzleSeat> {
    app.table.puzzle()
}

fn seat_mut(app: &mut App) -> Option<&mut PuzzleSeat> {
    app.table.puzzle_mut()
}

/// The store's answer.
pub(super) fn hear(app: &mut App, news: PuzzleNews) {
    let now = app.now;
    match news {
        PuzzleNews::Given(Ok(Some(given))) => {
            let Some(seat) = seat_mut(app) else { return };
            seat.waiting = false;
            seat.given += 1;
            seat.rated = given.rated && seat.run == Run::Puzzles;
            seat.recorded = false;
            seat.change = None;
            seat.rating = Some(given.rating);
            if let Run::Duel(d) = &mut seat.run {
                d.0.start(now);
            }
            let game = puzzle_game(seat, &given.puzzle, now);
            let solving = Solving::new(given.puzzle);
            let text = announce(&solving, seat.rated, seat.run == Run::Puzzles);
            let text = match seat.run.duel_solver() {
                Some(name) => format!("{name}: {text}"),
                None => text,
            };
            let text = match seat.said.take() {
                Some(said) => format!("{said} · {text}"),
                None => text,
            };
            seat.solving = Some(solving);
            install(app, game);
            app.message = Some(Message::info(text));
        }
        PuzzleNews::Given(Ok(None)) => {
            if let Some(seat) = seat_mut(app) {
                seat.waiting = false;
            }
            app.message.error(
                "No puzzle is left that fits the theme and ratings asked for (hotseat puzzles \
                 --theme, --rating choose others)",
            );
        }
        PuzzleNews::Given(Err(err)) => {
            if let Some(seat) = seat_mut(app) {
                seat.waiting = false;
            }
            app.message.error(format!("No puzzle could be read: {err}"));
        }
        PuzzleNews::Recorded(Ok(change)) => {
            let Some(seat) = seat_mut(app) else { return };
            seat.rating = Some(change.after);
            if seat.rated {
                seat.change = Some(change);
                let text = rating_words(&change);
                let lead = app.message.as_ref().map(|m| m.text.clone());
                app.message = Some(Message::info(match lead {
                    Some(lead) if !lead.is_empty() => format!("{lead} · {text}"),
                    _ => text,
                }));
            }
        }
        PuzzleNews::Recorded(Err(err)) => {
            app.message
                .error(format!("The puzzle's result is not saved: {err}"));
        }
        PuzzleNews::RunWritten(result) => {
            let Some(seat) = seat_mut(app) else { return };
            let summary = seat.run.summary();
            match result {
                Ok(old) => {
                    let best = best_words(seat.run.score(), old);
                    app.message
                        .info(format!("{summary}: {best} · Ctrl-V for another"));
                }
                Err(err) => app
                    .message
                    .error(format!("{summary}; the score is not saved: {err}")),
            }
        }
    }
}

/// Puts the puzzle's game on the board, the seat kept at the table.
fn install(app: &mut App, game: Game) {
    let table = std::mem::replace(&mut app.table, super::table::Table::Keyboard);
    app.install_game(game);
    app.table = table;
    app.saving.track = false;
    app.over_announced = false;
    if let Some(solver) = app.table.puzzle().and_then(PuzzleSeat::solver) {
        app.board.orientation = solver;
    }
}

/// `Rating 1500 → 1512 (+12)`.
fn rating_words(change: &RatingChange) -> String {
    let points = change.points();
    format!(
        "rating {} → {} ({}{points})",
        change.before.shown(),
        change.after.shown(),
        if points >= 0 { "+" } else { "" }
    )
}

/// `Puzzle 00sHx, rated 1834, mate in 2: White to play. Black played Qxb2.`
fn announce(solving: &Solving, rated: bool, single: bool) -> String {
    let p = solving.puzzle();
    let goal = match p.mate_in() {
        Some(n) => format!("mate in {n}"),
        None => "find the best move".to_owned(),
    };
    let last = p.moves[0];
    format!(
        "{} to play, {goal}{}. {} played {}",
        p.solver(),
        if rated || !single { "" } else { " (not rated)" },
        !p.solver(),
        p.start.san(last)
    )
}

/// A move played at the puzzle's table (by any input): asked of the seat first.
pub(super) fn commit(app: &mut App, mv: Move, now: Duration) {
    if net::serves(app) {
        net::commit(app, mv);
        return;
    }
    app.mode = Mode::Playing;
    let before = app.game.position().clone();
    let Some(seat) = seat_mut(app) else { return };
    if seat.over {
        let name = seat.run.name();
        app.message
            .error(format!("The {name} is over · Ctrl-V for another"));
        return;
    }
    let Some(solving) = seat.solving.as_mut() else {
        app.message.error("The puzzle has not come yet");
        return;
    };
    let attempt = match solving.play(mv) {
        Ok(attempt) => attempt,
        Err(err) => {
            app.message.error(err.to_string());
            return;
        }
    };
    let san = before.san(mv);
    let mut effects: Vec<PuzzleEffect> = seat.settle().into_iter().collect();
    // What the run makes of the move: words to add, and whether it goes on to the next puzzle
    // or ends.
    let mut pass_same = false;
    let (bonus, next, end) = match (&mut seat.run, attempt) {
        (Run::Storm(storm), Attempt::Right { .. }) => (storm.right_move(now), false, false),
        (Run::Storm(storm), Attempt::Solved) => {
            let bonus = storm.right_move(now);
            storm.solved(now);
            (bonus, true, false)
        }
        (Run::Storm(storm), Attempt::Wrong { .. }) => {
            storm.wrong_move(now);
            let over = storm.is_over(now);
            (None, !over, over)
        }
        (Run::Streak(streak), Attempt::Solved) => {
            streak.solved();
            (None, true, false)
        }
        (Run::Streak(streak), Attempt::Wrong { .. }) => {
            streak.failed();
            (None, false, true)
        }
        (Run::Duel(d), Attempt::Solved) => match d.0.solved(now) {
            chess::puzzle::duel::Next::NextPuzzle => (None, true, false),
            _ => (None, false, true),
        },
        (Run::Duel(d), Attempt::Wrong { .. }) => match d.0.wrong(now) {
            chess::puzzle::duel::Next::NextPuzzle => (None, true, false),
            chess::puzzle::duel::Next::SamePuzzle => {
                pass_same = true;
                (None, false, false)
            }
            chess::puzzle::duel::Next::Over => (None, false, true),
        },
        _ => (None, false, false),
    };
    let bonus = bonus.map(|b| format!(" · combo {}: +{b} s", combo(seat)));
    let bonus = bonus.unwrap_or_default();
    match attempt {
        Attempt::Right { reply } => {
            let after = before.play(mv).unwrap_or_else(|_| before.clone());
            play_moves(app, &[mv, reply], now);
            app.message.info(format!(
                "Right: {san}. {} played {} · your move{bonus}",
                after.turn(),
                after.san(reply)
            ));
        }
        Attempt::Solved if next => {
            let Some(seat) = seat_mut(app) else { return };
            seat.said = Some(format!("Solved: {san}{bonus}"));
            effects.push(seat.ask_next());
            play_moves(app, &[mv], now);
            app.message
                .info(format!("Solved: {san}{bonus} · the next puzzle comes"));
        }
        Attempt::Solved => {
            play_moves(app, &[mv], now);
            app.message.info(format!(
                "Solved: {san} · the board is open for analysis (F5 engine lines) · Ctrl-V next"
            ));
        }
        Attempt::Wrong { expected } => {
            let right = before.san(expected);
            app.move_box.clear();
            app.board.put_back();
            if let Some(seat) = seat_mut(app)
                && seat.run != Run::Puzzles
            {
                let cost = if matches!(seat.run, Run::Storm(_)) {
                    " · 10 seconds off"
                } else {
                    ""
                };
                let text = format!("Not {san}: the move was {right}{cost}");
                if pass_same {
                    // The same puzzle, from its start, for the opponent: the right move is
                    // not given away.
                    pass_puzzle(app, format!("Not {san} · the puzzle passes"), now);
                } else {
                    if next {
                        seat.said = Some(text.clone());
                        effects.push(seat.ask_next());
                    }
                    app.message = Some(Message::error(text));
                }
            } else {
                app.message = Some(
                    Message::error(format!(
                        "Not the move: {san} · the move was {right} · play it to go on, F8 \
                         retry, F12 solution, Ctrl-V next"
                    ))
                    .or_shorter(format!(
                        "Not {san}: the move was {right} · F8 retry · Ctrl-V next"
                    )),
                );
            }
        }
        Attempt::Explored => play_moves(app, &[mv], now),
    }
    if end {
        effects.extend(finish(app));
    }
    app.effects.extend(effects.into_iter().map(Into::into));
}

/// A duel's puzzle missed: the same puzzle, afresh, for the opponent, whose clock starts.
fn pass_puzzle(app: &mut App, text: String, now: Duration) {
    let Some(seat) = seat_mut(app) else { return };
    let Some(puzzle) = seat.solving.as_ref().map(|s| s.puzzle().clone()) else {
        return;
    };
    if let Run::Duel(d) = &mut seat.run {
        d.0.start(now);
    }
    seat.recorded = false;
    let game = puzzle_game(seat, &puzzle, now);
    let name = seat.solver_name().to_owned();
    seat.solving = Some(Solving::new(puzzle));
    install(app, game);
    app.message = Some(Message::error(format!("{text} to {name}")));
}

/// Storm's combo now.
fn combo(seat: &PuzzleSeat) -> u32 {
    match &seat.run {
        Run::Storm(storm) => storm.combo().current(),
        _ => 0,
    }
}

/// Ends the run: its score goes to the store, and the answer says the best.
fn finish(app: &mut App) -> Option<PuzzleEffect> {
    let seat = seat_mut(app)?;
    if seat.over || seat.run == Run::Puzzles {
        return None;
    }
    seat.over = true;
    let summary = seat.run.summary();
    let duel = matches!(seat.run, Run::Duel(_));
    let effect = PuzzleEffect::RunOver {
        player: seat.start.player.clone(),
        mode: seat.run.mode(false),
        score: seat.run.score(),
    };
    let text = match app.message.take() {
        Some(m) if m.kind == MessageKind::Error => format!("{} · {summary}", m.text),
        _ => summary,
    };
    app.message = Some(Message::info(if duel {
        format!("{text} · Ctrl-V for another")
    } else {
        text
    }));
    (!duel).then_some(effect)
}

/// Time passing: Storm's time runs out.
pub(super) fn tick(app: &mut App, now: Duration) {
    let Some(seat) = app.table.puzzle() else {
        return;
    };
    let runs_out = matches!(seat.run, Run::Storm(_) | Run::Duel(_));
    if runs_out && !seat.over && seat.run.is_over(now) {
        if let Some(Run::Duel(d)) = seat_mut(app).map(|s| &mut s.run) {
            d.0.check_time(now);
        }
        app.message.info("Time is up");
        if let Some(effect) = finish(app) {
            app.effects.push(effect.into());
        }
    }
}

/// When the screen changes next by itself at the puzzle's table (Storm's clock).
pub fn next_wake(app: &App, now: Duration) -> Option<Duration> {
    app.table
        .puzzle()
        .filter(|seat| !seat.over)
        .and_then(|seat| seat.run.next_wake(now))
}

/// Plays moves the seat has checked into the game on the board.
fn play_moves(app: &mut App, moves: &[Move], now: Duration) {
    for &m in moves {
        if let Err(err) = app.game.play(m, now) {
            app.message.error(err.to_string());
            return;
        }
    }
    app.study().back_to_present();
    if let Some(&last) = moves.last() {
        app.board.cursor = last.to();
    }
    app.message = None;
    // A mate ends the game: the puzzle says so itself, no game-over box.
    app.over_announced = app.game.is_over();
}

/// The puzzle's own keys (hint, solution, retry, next); `true` when the action was the
/// puzzle's. Elsewhere than at a puzzle only Ctrl-V, which opens the puzzles.
pub(super) fn action(app: &mut App, action: &Action, now: Duration) -> bool {
    if app.table.puzzle().is_none() {
        if *action == Action::Puzzles {
            let side = app.game.position().turn();
            let player = app.game.player(side).trim().to_owned();
            if unnamed(&player, side) {
                // A rating kept under "White" would be every unnamed White's: ask whose.
                app.mode = Mode::PuzzleName(super::dialogs::PuzzleName {
                    side,
                    name: String::new(),
                });
            } else {
                open_for(app, player, now);
            }
            return true;
        }
        return false;
    }
    if net::action(app, action) {
        return true;
    }
    let run = app.table.puzzle().map(|s| (s.run.kind(), s.over));
    match (*action, run) {
        (Action::Hint | Action::MoveNow | Action::Takeback, Some((kind, _)))
            if kind != RunKind::Puzzles =>
        {
            app.message
                .error("No hints, solutions or retries in Storm, Streak or a duel");
        }
        (Action::Puzzles | Action::Seek(Seek { forward: true, .. }), Some((kind, true)))
            if kind != RunKind::Puzzles =>
        {
            again(app, kind)
        }
        (Action::Puzzles | Action::Seek(Seek { forward: true, .. }), Some((RunKind::Storm, _))) => {
            app.message
                .error("Storm goes on by itself: solve the puzzle, or a wrong move moves on")
        }
        (Action::Puzzles | Action::Seek(Seek { forward: true, .. }), Some((RunKind::Duel, _))) => {
            app.message
                .error("The duel goes on by itself: solve the puzzle, or a wrong move passes it")
        }
        (
            Action::Puzzles | Action::Seek(Seek { forward: true, .. }),
            Some((RunKind::Streak, _)),
        ) => skip(app),
        (Action::Hint, _) => hint(app),
        (Action::MoveNow, _) => show_solution(app, now),
        (Action::Takeback, _) => retry(app, now),
        (Action::Puzzles | Action::Seek(Seek { forward: true, .. }), _) => next(app),
        _ => return false,
    }
    true
}

/// Whether `name` is no name of a player's own (for the puzzles' ratings and the mistakes
/// kept): empty, PGN's `?`, or the colour's name the new-game form gives an unnamed player
/// (`White`, `Black`).
pub fn unnamed(name: &str, side: Color) -> bool {
    let name = name.trim();
    name.is_empty()
        || name == "?"
        || name.eq_ignore_ascii_case(&side.to_string())
        || name.eq_ignore_ascii_case(&(!side).to_string())
}

/// Opens the puzzles from a game for `player`, named.
pub(super) fn open_for(app: &mut App, player: String, now: Duration) {
    let seed = now.as_nanos() as u64 ^ app.game.revision();
    open(
        app,
        PuzzleStart {
            player,
            seed,
            ..PuzzleStart::default()
        },
    );
}

/// A new run of the same kind, after one ended.
fn again(app: &mut App, kind: RunKind) {
    let Some(seat) = seat_mut(app) else { return };
    if seat.waiting {
        return;
    }
    seat.run = Run::new(kind, &seat.start.player, seat.start.duel.as_ref());
    seat.over = false;
    seat.given = 0;
    let ask = seat.ask_next();
    app.effects.push(ask.into());
    app.message.info("Finding a puzzle…");
}

/// Streak's one skip: the next puzzle without losing the streak.
fn skip(app: &mut App) {
    let Some(seat) = seat_mut(app) else { return };
    let skipped = match &mut seat.run {
        Run::Streak(streak) => streak.skip(),
        _ => false,
    };
    if !skipped || seat.waiting {
        app.message.error("No skip left: a Streak has one");
        return;
    }
    seat.said = Some("Skipped; no skip is left".to_owned());
    let ask = seat.ask_next();
    app.effects.push(ask.into());
}

fn hint(app: &mut App) {
    let Some(seat) = seat_mut(app) else { return };
    let Some(solving) = seat.solving.as_mut() else {
        return;
    };
    let before = solving.position().clone();
    match solving.hint() {
        None => app
            .message
            .error("The puzzle is over: no hint to give · Ctrl-V next"),
        Some(Hint::Piece { square, role }) => {
            app.board.cursor = square;
            app.message.info(format!(
                "Hint: move the {} on {square} (F10 again: the move; a puzzle solved with a \
                 hint counts as failed)",
                role.name()
            ));
        }
        Some(Hint::Move(m)) => {
            app.board.cursor = m.from();
            app.message.info(format!("Hint: {}", before.san(m)));
        }
    }
}

fn show_solution(app: &mut App, now: Duration) {
    let Some(seat) = seat_mut(app) else { return };
    let Some(solving) = seat.solving.as_mut() else {
        return;
    };
    let mut pos = solving.position().clone();
    let rest = solving.show_solution();
    if rest.is_empty() {
        app.message.error("The puzzle is over · Ctrl-V next");
        return;
    }
    let record = seat.settle();
    let sans: Vec<String> = rest
        .iter()
        .map(|&m| {
            let san = pos.san(m);
            pos.play_unchecked(m);
            san
        })
        .collect();
    play_moves(app, &rest, now);
    app.message.info(format!(
        "The solution: {} · open for analysis · Ctrl-V next",
        sans.join(" ")
    ));
    if let Some(record) = record {
        app.effects.push(record.into());
    }
}

fn retry(app: &mut App, now: Duration) {
    let Some(seat) = seat_mut(app) else { return };
    let Some(solving) = seat.solving.as_mut() else {
        return;
    };
    solving.retry();
    let counts = seat.rated && seat.solving.as_ref().is_some_and(|s| s.result().is_none());
    let Some(puzzle) = seat.solving.as_ref().map(|s| s.puzzle().clone()) else {
        return;
    };
    let game = puzzle_game(seat, &puzzle, now);
    install(app, game);
    app.message.info(if counts {
        "Again from the start".to_owned()
    } else {
        "Again from the start (only the first attempt counts)".to_owned()
    });
}

fn next(app: &mut App) {
    let Some(seat) = seat_mut(app) else { return };
    if seat.waiting {
        app.message.info("Finding a puzzle…");
        return;
    }
    // A rated puzzle passed over before its end counts as failed, as on Lichess.
    let mut record = None;
    if let Some(solving) = seat.solving.as_mut()
        && solving.status() == Status::Solving
        && solving.result().is_none()
    {
        solving.show_solution();
        record = seat.settle();
    }
    let ask = seat.ask_next();
    if let Some(record) = record {
        app.effects.push(record.into());
    }
    app.effects.push(ask.into());
    app.message.info("Finding a puzzle…");
}

/// How the puzzle on the board ended, in place of the game's result (a mate puzzle's game
/// ends in mate, but what the solver wants to read is the puzzle's end): `Solved · rating
/// 1503 (+3)`, `Solution shown`; `None` while it is being solved.
pub fn end_words(seat: &PuzzleSeat) -> Option<String> {
    let solving = seat.solving.as_ref()?;
    let end = match (solving.status(), solving.result()) {
        (Status::Solving, _) => return None,
        (Status::Solved, Some(false)) => "Solved, counted as failed",
        (Status::Solved, _) => "Solved",
        (Status::Shown, _) => "Solution shown",
    };
    Some(match seat.change {
        Some(c) if seat.recorded && seat.rated => {
            format!("{end} · rating {} ({:+})", c.after.shown(), c.points())
        }
        _ => end.to_owned(),
    })
}

/// Whether the position on the board is open for analysis: the puzzle is over.
pub fn analysis_open(seat: &PuzzleSeat) -> bool {
    seat.solving
        .as_ref()
        .is_some_and(|s| s.status() != Status::Solving)
}

/// Why the move in `position` is not the solver's to make, in words; `None` when it is: the
/// solver's side must move while solving.
pub fn why_not_solver(seat: &PuzzleSeat, position: &Position) -> Option<String> {
    match seat.solver() {
        None => Some("The puzzle has not come yet".to_owned()),
        Some(c) if c == position.turn() => None,
        Some(_) => Some("The puzzle's opponent moves by itself".to_owned()),
    }
}

#[cfg(test)]
mod tests;
