//! `hotseat puzzles --plain`: puzzles, Storm and Streak in lines of text.
//!
//! A puzzle is announced as a game's move is: `Puzzle 1834, mate in 2, White to play. Black
//! played queen takes b2.` (the number is the puzzle's rating); then the solver types moves in
//! any notation the game accepts (`Rc8+`, `c2c8`, `Rc2-c8`, `rook c8` is not one) and the
//! commands below. The opponent's reply is said after each right move; a wrong move is said
//! with the right one; the rating's change follows each rated puzzle, and the puzzle's page
//! and game on Lichess its end.
//!
//! Commands: a move; `hint` (the piece, then the move); `solution`; `retry`; `next`; `skip`
//! (Streak, once); `board`; `rating`; `history`; `help`; `quit`.
//!
//! The trainer ([`Trainer`]) is driven by lines and the time, and answers with sentences, so
//! tests script it; [`run`] feeds it standard input on a thread, waking for Storm's end.

use std::io::{BufRead, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use chess::puzzle::duel::Next;
use chess::puzzle::run::storm_rating;
use chess::puzzle::{
    Attempt, Duel, DuelRules, Hint, OnWrong, Puzzle, Solving, Status, Storm, Streak,
};

use super::speech::{board, move_words, spoken_time};
use crate::rules::{Move, Position};
use crate::store::{Choice, PuzzleBook, PuzzleMode, RatingChange, StoreError};

/// The longest line read, in bytes (as the game's plain mode).
pub const MAX_LINE: usize = 1000;

/// One puzzle at a time, Storm or Streak.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Run {
    /// Puzzles one at a time, rated (a puzzle opened by id is rated if it was never played).
    Puzzles,
    Storm,
    Streak,
    /// Two players at this keyboard taking turns at the same puzzles, a clock each (see
    /// [`Trainer::duel`]).
    Duel,
}

/// What the trainer says: a sentence for standard output, or a refusal for standard error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    Line(String),
    Refused(String),
}

/// The puzzles of one player, driven by lines.
#[derive(Debug)]
pub struct Trainer {
    book: PuzzleBook,
    player: String,
    run: Run,
    choice: Choice,
    /// The puzzle asked for by id, given first.
    first: Option<Puzzle>,
    solving: Option<Solving>,
    /// Whether the current attempt's result is written down.
    recorded: bool,
    /// Whether the current puzzle is rated.
    rated: bool,
    given: usize,
    storm: Storm,
    streak: Streak,
    over: bool,
    seed: u64,
    /// The duel and its two players' names (the first is the trainer's player).
    duel: Option<(Duel, [String; 2])>,
}

/// The commands, for `help`.
pub const HELP: &str = "Type a move in any notation (Rc8+, c2c8, Rc2-c8), or: hint (the piece, \
then the move), solution, retry, next, skip (Streak, once), board, rating, history, quit.";

impl Trainer {
    /// A trainer for `player`; `first` is the puzzle asked for by id, if any.
    pub fn new(
        book: PuzzleBook,
        player: &str,
        run: Run,
        choice: Choice,
        first: Option<Puzzle>,
        seed: u64,
    ) -> Trainer {
        Trainer {
            book,
            player: player.trim().to_owned(),
            run,
            choice,
            first,
            solving: None,
            recorded: false,
            rated: false,
            given: 0,
            storm: Storm::new(),
            streak: Streak::new(),
            over: false,
            seed,
            duel: None,
        }
    }

    /// Makes the trainer a duel of its player against `opponent` (see
    /// [`chess::puzzle::duel`]): the puzzles chosen near the first player's rating, each
    /// attempt written to its solver's history.
    pub fn duel(mut self, opponent: &str, rules: DuelRules) -> Trainer {
        self.run = Run::Duel;
        self.duel = Some((
            Duel::new(rules),
            [self.player.clone(), opponent.trim().to_owned()],
        ));
        self
    }

    /// The player to solve: the trainer's player, or in a duel the one whose turn it is.
    fn solver(&self) -> &str {
        match &self.duel {
            Some((duel, names)) => &names[duel.turn()],
            None => &self.player,
        }
    }

    /// Whether the run is over (Storm's time, Streak's mistake, no puzzle left, quit).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The puzzle being solved.
    pub fn solving(&self) -> Option<&Solving> {
        self.solving.as_ref()
    }

    /// When Storm's time runs out, if it runs.
    pub fn deadline(&self, now: Duration) -> Option<Duration> {
        if let Some((duel, _)) = &self.duel {
            return (!self.over).then(|| now + duel.remaining(duel.turn(), now));
        }
        (self.run == Run::Storm && !self.over && self.storm.moves() > 0)
            .then(|| now + self.storm.remaining(now))
    }

    fn mode(&self) -> PuzzleMode {
        match self.run {
            Run::Puzzles if self.rated => PuzzleMode::Rated,
            Run::Puzzles | Run::Duel => PuzzleMode::Casual,
            Run::Storm => PuzzleMode::Storm,
            Run::Streak => PuzzleMode::Streak,
        }
    }

    /// The opening words and the first puzzle.
    pub fn start(&mut self, now: Duration, wall: i64) -> Result<Vec<Said>, StoreError> {
        let mut said = Vec::new();
        let rating = self.book.rating(&self.player)?;
        let intro = match self.run {
            Run::Puzzles => format!(
                "Puzzles for {}, rated {}{}. {HELP}",
                self.player,
                rating.shown(),
                if rating.provisional() { "?" } else { "" }
            ),
            Run::Storm => format!(
                "Puzzle Storm for {}: 3 minutes from your first move, 10 seconds off for a \
                 wrong move, time earned at combos of 5, 12, 20 and 30. Best: {}.",
                self.player,
                best_words(self.book.best(&self.player, PuzzleMode::Storm)?)
            ),
            Run::Streak => format!(
                "Puzzle Streak for {}: rising difficulty, one mistake ends it, one skip. \
                 Best: {}.",
                self.player,
                best_words(self.book.best(&self.player, PuzzleMode::Streak)?)
            ),
            Run::Duel => match &self.duel {
                Some((duel, names)) => {
                    let rules = duel.rules();
                    format!(
                        "Puzzle duel: {} against {}, {} each, {} puzzles; a solved puzzle \
                         scores; a wrong move {}. {} begins.",
                        names[0],
                        names[1],
                        spoken_time(rules.time),
                        rules.puzzles,
                        match rules.on_wrong {
                            OnWrong::Pass => "passes the puzzle to the other player",
                            OnWrong::Lose => "loses the puzzle",
                        },
                        names[0]
                    )
                }
                None => String::new(),
            },
        };
        said.push(Said::Line(intro));
        self.next_puzzle(now, wall, &mut said)?;
        Ok(said)
    }

    /// The target rating of the next puzzle.
    fn target(&self) -> Result<u16, StoreError> {
        Ok(match self.run {
            Run::Puzzles | Run::Duel => {
                self.book.rating(&self.player)?.shown().clamp(0, 4000) as u16
            }
            Run::Storm => storm_rating(self.given),
            Run::Streak => self.streak.next_rating(),
        })
    }

    fn next_puzzle(
        &mut self,
        now: Duration,
        wall: i64,
        said: &mut Vec<Said>,
    ) -> Result<(), StoreError> {
        if self.over {
            return Ok(());
        }
        let puzzle = match self.first.take() {
            Some(p) => {
                self.rated =
                    self.run == Run::Puzzles && !self.book.played_before(&self.player, &p.id)?;
                Some(p)
            }
            None => {
                self.rated = self.run == Run::Puzzles;
                self.seed = self
                    .seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let target = self.target()?;
                self.book
                    .next(&self.player, &self.choice, target, self.seed >> 33, wall)?
            }
        };
        let Some(puzzle) = puzzle else {
            said.push(Said::Line(
                "No puzzle is left that fits the theme and ratings asked for.".into(),
            ));
            self.finish(now, wall, said)?;
            return Ok(());
        };
        self.given += 1;
        let solving = Solving::new(puzzle);
        said.push(Said::Line(
            self.duel_turn(announce(&solving, self.run, self.given), now),
        ));
        self.solving = Some(solving);
        self.recorded = false;
        Ok(())
    }

    /// In a duel, `text` said to the player to solve (`Bob, 2 minutes 40 left: …`), whose
    /// clock starts now.
    fn duel_turn(&mut self, text: String, now: Duration) -> String {
        let Some((duel, names)) = &mut self.duel else {
            return text;
        };
        duel.start(now);
        let who = &names[duel.turn()];
        format!(
            "{who}, {} left: {text}",
            spoken_time(duel.remaining(duel.turn(), now))
        )
    }

    /// Reads one line.
    pub fn line(&mut self, text: &str, now: Duration, wall: i64) -> Result<Vec<Said>, StoreError> {
        let mut said = Vec::new();
        if self.over {
            return Ok(said);
        }
        if self.run == Run::Storm && self.storm.is_over(now) {
            self.finish(now, wall, &mut said)?;
            return Ok(said);
        }
        if let Some((duel, names)) = &mut self.duel
            && duel.check_time(now)
        {
            let who = names[duel.turn()].clone();
            said.push(Said::Line(format!("{who}'s time is up.")));
            self.finish(now, wall, &mut said)?;
            return Ok(said);
        }
        let text = text.trim();
        let Some(solving) = self.solving.as_mut() else {
            return Ok(said);
        };
        match text.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" => said.push(Said::Line(HELP.into())),
            "quit" | "q" | "exit" => self.finish(now, wall, &mut said)?,
            "board" | "b" => {
                let pos = solving.position();
                said.extend(board(pos, pos.turn()).into_iter().map(Said::Line));
            }
            "rating" => {
                let r = self.book.rating(&self.player)?;
                said.push(Said::Line(format!(
                    "{}'s puzzle rating: {}{}, {} rated puzzles played.",
                    self.player,
                    r.shown(),
                    if r.provisional() { "?" } else { "" },
                    r.played
                )));
            }
            "history" => {
                let rows = self.book.history(&self.player, 10)?;
                if rows.is_empty() {
                    said.push(Said::Line("No puzzle played yet.".into()));
                }
                for p in rows {
                    let change = match (p.before, p.after) {
                        (Some(b), Some(a)) => {
                            format!(", rating {}", a.round() as i32 - b.round() as i32)
                        }
                        _ => String::new(),
                    };
                    said.push(Said::Line(format!(
                        "Puzzle {}: {} ({}){change}.",
                        p.puzzle,
                        if p.won { "solved" } else { "failed" },
                        p.mode.word()
                    )));
                }
            }
            "hint" | "h" if self.run != Run::Puzzles => {
                said.push(Said::Refused("No hints in Storm, Streak or a duel.".into()));
            }
            "hint" | "h" => match solving.hint() {
                None => said.push(Said::Refused("The puzzle is over: no hint to give.".into())),
                Some(Hint::Piece { square, role }) => said.push(Said::Line(format!(
                    "Hint: move the {} on {square}. (A puzzle solved with a hint counts as failed.)",
                    role.name()
                ))),
                Some(Hint::Move(m)) => {
                    let before = solving.position().clone();
                    said.push(Said::Line(format!("Hint: {}", spoken(&before, m))));
                }
            },
            "solution" | "show" => {
                if self.run != Run::Puzzles {
                    said.push(Said::Refused(
                        "No solution shown during Storm, Streak or a duel: it would end the run."
                            .into(),
                    ));
                } else {
                    let mut pos = solving.position().clone();
                    let rest = solving.show_solution();
                    if rest.is_empty() {
                        said.push(Said::Refused("The puzzle is over.".into()));
                    } else {
                        let words: Vec<String> = rest
                            .iter()
                            .map(|&m| {
                                let w = move_words(&pos, m);
                                pos.play_unchecked(m);
                                w
                            })
                            .collect();
                        said.push(Said::Line(format!("The solution: {}", words.join(" "))));
                        self.settle(wall, &mut said)?;
                        self.closing(&mut said);
                    }
                }
            }
            "retry" | "r" => {
                if self.run != Run::Puzzles {
                    said.push(Said::Refused("No retries in Storm, Streak or a duel.".into()));
                } else {
                    solving.retry();
                    said.push(Said::Line(format!(
                        "Again, not rated. {}",
                        opponent_words(solving)
                    )));
                }
            }
            "next" | "n" => {
                let solving_still = solving.status() == Status::Solving;
                if self.run == Run::Puzzles && solving_still && !self.recorded {
                    // Passed over before the end: counts as failed, as on Lichess.
                    solving.show_solution();
                    self.settle(wall, &mut said)?;
                }
                if self.run == Run::Puzzles || !solving_still {
                    self.next_puzzle(now, wall, &mut said)?;
                } else {
                    said.push(Said::Refused(
                        "Solve this one first (or skip it, once, in Streak).".into(),
                    ));
                }
            }
            "skip" => {
                if self.run == Run::Streak && self.streak.skip() {
                    said.push(Said::Line("Skipped; no skip is left.".into()));
                    self.next_puzzle(now, wall, &mut said)?;
                } else {
                    said.push(Said::Refused(
                        "No skip left: a Streak has one skip, and only Streak has one.".into(),
                    ));
                }
            }
            _ => self.try_move(text, now, wall, &mut said)?,
        }
        Ok(said)
    }

    fn try_move(
        &mut self,
        text: &str,
        now: Duration,
        wall: i64,
        said: &mut Vec<Said>,
    ) -> Result<(), StoreError> {
        let Some(solving) = self.solving.as_mut() else {
            return Ok(());
        };
        let before = solving.position().clone();
        let m = match before.parse_move(text) {
            Ok(m) => m,
            Err(e) => {
                said.push(Said::Refused(format!(
                    "{}: {e}. Type a move, or help.",
                    chess::quote::excerpt(text)
                )));
                return Ok(());
            }
        };
        let attempt = solving.play(m).expect("a parsed move is legal");
        match attempt {
            Attempt::Right { reply } => {
                let after_mine = before.play(m).expect("legal");
                said.push(Said::Line(format!(
                    "Right: {} {} Your move.",
                    words_of(&before, m),
                    played(&after_mine, reply)
                )));
                if self.run == Run::Storm
                    && let Some(bonus) = self.storm.right_move(now)
                {
                    said.push(Said::Line(format!(
                        "Combo {}: {bonus} seconds more.",
                        self.storm.combo().current()
                    )));
                }
            }
            Attempt::Solved => {
                said.push(Said::Line(format!("Solved: {}", words_of(&before, m))));
                match self.run {
                    Run::Storm => {
                        if let Some(bonus) = self.storm.right_move(now) {
                            said.push(Said::Line(format!(
                                "Combo {}: {bonus} seconds more.",
                                self.storm.combo().current()
                            )));
                        }
                        self.storm.solved(now);
                    }
                    Run::Streak => self.streak.solved(),
                    Run::Puzzles | Run::Duel => {}
                }
                self.settle(wall, said)?;
                if self.run == Run::Duel {
                    return self.duel_step(true, now, wall, said);
                }
                self.closing(said);
                if self.run != Run::Puzzles {
                    self.progress(now, said);
                    self.next_puzzle(now, wall, said)?;
                }
            }
            Attempt::Wrong { .. } if self.run == Run::Duel => {
                said.push(Said::Line(format!(
                    "Not the move: {}.",
                    trimmed(&words_of(&before, m))
                )));
                self.settle(wall, said)?;
                return self.duel_step(false, now, wall, said);
            }
            Attempt::Wrong { expected } => {
                said.push(Said::Line(format!(
                    "Not the move: {}. The move was {}",
                    trimmed(&words_of(&before, m)),
                    spoken(&before, expected)
                )));
                match self.run {
                    Run::Puzzles => {
                        self.settle(wall, said)?;
                        said.push(Said::Line(
                            "Play it to go on, or: retry, solution, next.".into(),
                        ));
                    }
                    Run::Storm => {
                        self.storm.wrong_move(now);
                        self.settle(wall, said)?;
                        said.push(Said::Line("10 seconds off.".into()));
                        self.progress(now, said);
                        if self.storm.is_over(now) {
                            self.finish(now, wall, said)?;
                        } else {
                            self.next_puzzle(now, wall, said)?;
                        }
                    }
                    Run::Streak => {
                        self.streak.failed();
                        self.settle(wall, said)?;
                        self.finish(now, wall, said)?;
                    }
                    Run::Duel => {}
                }
            }
            Attempt::Explored => {
                said.push(Said::Line(format!("Analysis: {}", words_of(&before, m))));
            }
        }
        Ok(())
    }

    /// A duel's puzzle solved (`won`) or missed: the score, and the turn passed with the next
    /// puzzle or the same one, or the end.
    fn duel_step(
        &mut self,
        won: bool,
        now: Duration,
        wall: i64,
        said: &mut Vec<Said>,
    ) -> Result<(), StoreError> {
        let Some((duel, names)) = &mut self.duel else {
            return Ok(());
        };
        let next = if won {
            duel.solved(now)
        } else {
            duel.wrong(now)
        };
        let [a, b] = duel.score();
        said.push(Said::Line(format!(
            "Score: {} {a}, {} {b}.",
            names[0], names[1]
        )));
        // The records of the next attempt are the next solver's.
        let solver = names[duel.turn()].clone();
        match next {
            Next::Over => self.finish(now, wall, said)?,
            Next::NextPuzzle => {
                self.player = solver;
                self.next_puzzle(now, wall, said)?;
            }
            Next::SamePuzzle => {
                self.player = solver;
                if let Some(puzzle) = self.solving.as_ref().map(|s| s.puzzle().clone()) {
                    let solving = Solving::new(puzzle);
                    let text = self.duel_turn(announce(&solving, self.run, self.given), now);
                    said.push(Said::Line(format!("The puzzle passes. {text}")));
                    self.solving = Some(solving);
                    self.recorded = false;
                }
            }
        }
        Ok(())
    }

    /// Writes the attempt's result once it is known (and the rating's change).
    fn settle(&mut self, wall: i64, said: &mut Vec<Said>) -> Result<(), StoreError> {
        let Some(solving) = &self.solving else {
            return Ok(());
        };
        let Some(won) = solving.result() else {
            return Ok(());
        };
        if self.recorded {
            return Ok(());
        }
        self.recorded = true;
        let puzzle = solving.puzzle().clone();
        let mode = self.mode();
        let solver = self.solver().to_owned();
        let change = self.book.record(&solver, &puzzle, mode, won, wall)?;
        if mode == PuzzleMode::Rated {
            said.push(Said::Line(rating_words(&change, won)));
        }
        Ok(())
    }

    /// The puzzle's links, once it is over.
    fn closing(&self, said: &mut Vec<Said>) {
        let Some(solving) = &self.solving else { return };
        let p = solving.puzzle();
        let mut text = format!("Lichess puzzle {}: {}", p.id, p.training_url());
        if !p.game_url.is_empty() {
            text.push_str(&format!(", from the game {}", p.game_url));
        }
        text.push('.');
        if self.run == Run::Puzzles {
            text.push_str(" The position is open for analysis; next for another puzzle.");
        }
        said.push(Said::Line(text));
    }

    fn progress(&self, now: Duration, said: &mut Vec<Said>) {
        match self.run {
            Run::Storm => said.push(Said::Line(format!(
                "{} solved, {} left.",
                self.storm.score(),
                spoken_time(self.storm.remaining(now))
            ))),
            Run::Streak => said.push(Said::Line(format!("Streak: {}.", self.streak.score()))),
            Run::Puzzles | Run::Duel => {}
        }
    }

    /// Storm's time is up (called when the deadline passes).
    pub fn tick(&mut self, now: Duration, wall: i64) -> Result<Vec<Said>, StoreError> {
        let mut said = Vec::new();
        if let Some((duel, names)) = &mut self.duel
            && !self.over
            && duel.check_time(now)
        {
            let who = names[duel.turn()].clone();
            said.push(Said::Line(format!("{who}'s time is up.")));
            self.finish(now, wall, &mut said)?;
            return Ok(said);
        }
        if self.run == Run::Storm && !self.over && self.storm.is_over(now) {
            said.push(Said::Line("Time is up.".into()));
            self.finish(now, wall, &mut said)?;
        }
        Ok(said)
    }

    /// Ends the run: its score and the personal best.
    pub fn finish(
        &mut self,
        _now: Duration,
        wall: i64,
        said: &mut Vec<Said>,
    ) -> Result<(), StoreError> {
        if self.over {
            return Ok(());
        }
        self.over = true;
        let (mode, score, detail) = match self.run {
            Run::Puzzles => {
                let r = self.book.rating(&self.player)?;
                said.push(Said::Line(format!(
                    "Goodbye. {}'s puzzle rating: {}{}.",
                    self.player,
                    r.shown(),
                    if r.provisional() { "?" } else { "" }
                )));
                return Ok(());
            }
            Run::Storm => (
                PuzzleMode::Storm,
                self.storm.score(),
                format!(
                    ", {} wrong, best combo {}",
                    self.storm.errors(),
                    self.storm.combo().best()
                ),
            ),
            Run::Streak => (PuzzleMode::Streak, self.streak.score(), String::new()),
            Run::Duel => {
                if let Some((duel, names)) = &self.duel {
                    let [a, b] = duel.score();
                    let result = match duel.winner() {
                        Some(p) => format!("{} wins", names[p]),
                        None => "A draw".to_owned(),
                    };
                    said.push(Said::Line(format!(
                        "Duel over: {} {a}, {} {b}. {result}.",
                        names[0], names[1]
                    )));
                }
                return Ok(());
            }
        };
        let old = self.book.record_run(&self.player, mode, score, wall)?;
        let best = match old {
            Some(old) if score > old => format!("A new personal best (was {old})!"),
            None => "Your first: a personal best.".to_owned(),
            Some(old) => format!("Personal best: {old}."),
        };
        let name = if mode == PuzzleMode::Storm {
            "Storm"
        } else {
            "Streak"
        };
        said.push(Said::Line(format!(
            "{name} over: {} solved{detail}. {best}",
            score
        )));
        Ok(())
    }
}

fn best_words(best: Option<u32>) -> String {
    best.map_or("none yet".to_owned(), |b| b.to_string())
}

/// `Puzzle 1834, mate in 2, White to play. Black played queen takes b2.`
pub fn announce(solving: &Solving, run: Run, n: usize) -> String {
    let p = solving.puzzle();
    let head = match run {
        Run::Puzzles => format!("Puzzle {}", p.rating),
        Run::Storm | Run::Streak | Run::Duel => format!("Puzzle {n}, rated {}", p.rating),
    };
    format!("{head}{}. {}", task_words(solving), opponent_words(solving))
}

/// A duel's puzzle across the network, at its solver's terminal: `Puzzle 2 of 10 (Lichess
/// 0YT5v), rated 1505, Black to play: find the best move. White played queen takes g7.`
pub fn duel_puzzle_words(solving: &Solving, number: u32, total: u32) -> String {
    let p = solving.puzzle();
    format!(
        "Puzzle {number} of {total} (Lichess {}), rated {}{}. {}",
        p.id,
        p.rating,
        task_words(solving),
        opponent_words(solving)
    )
}

/// What the solver is to do: `, mate in 2, White to play`, or `, White to play: find the best
/// move`.
fn task_words(solving: &Solving) -> String {
    let p = solving.puzzle();
    match p.mate_in() {
        Some(k) => format!(", mate in {k}, {} to play", p.solver()),
        None => format!(", {} to play: find the best move", p.solver()),
    }
}

/// `Black played queen takes b2.`
fn opponent_words(solving: &Solving) -> String {
    let p = solving.puzzle();
    played(&p.start, p.moves[0])
}

/// `Black played bishop to d8.`: a move made in `before`, by the side to move there.
fn played(before: &Position, m: Move) -> String {
    let words = move_words(before, m);
    let mover = before.turn().to_string();
    match words.strip_prefix(&format!("{mover}: ")) {
        Some(rest) => format!("{mover} played {rest}"),
        None => words,
    }
}

/// `rook to c8, check.` without the mover.
fn words_of(before: &Position, m: Move) -> String {
    let words = move_words(before, m);
    let mover = format!("{}: ", before.turn());
    words
        .strip_prefix(&mover)
        .map(str::to_owned)
        .unwrap_or(words)
}

/// `rook to c8, check. [Rc8+]`
pub(super) fn spoken(before: &Position, m: Move) -> String {
    format!("{} [{}]", words_of(before, m), before.san(m))
}

fn trimmed(text: &str) -> &str {
    text.trim_end_matches('.')
}

/// `Rating 1500 → 1580 (+80).`
fn rating_words(change: &RatingChange, won: bool) -> String {
    let points = change.points();
    format!(
        "{} Rating {} to {} ({}{points}).",
        if won {
            "Puzzle solved."
        } else {
            "Puzzle failed."
        },
        change.before.shown(),
        change.after.shown(),
        if points >= 0 { "+" } else { "" }
    )
}

/// Runs a trainer on standard input and output until the run is over or the input ends.
pub fn run(
    mut trainer: Trainer,
    lines: Receiver<String>,
    out: &mut impl Write,
    err: &mut impl Write,
    wall: impl Fn() -> i64,
) -> Result<(), StoreError> {
    let started = Instant::now();
    let now = || started.elapsed();
    let say = |said: Vec<Said>, out: &mut dyn Write, err: &mut dyn Write| {
        for s in said {
            let _ = match s {
                Said::Line(l) => writeln!(out, "{}", clean(&l)),
                Said::Refused(l) => writeln!(err, "{}", clean(&l)),
            };
        }
        let _ = out.flush();
    };
    say(trainer.start(now(), wall())?, out, err);
    while !trainer.is_over() {
        let line = match trainer.deadline(now()) {
            Some(at) => {
                match lines.recv_timeout(at.saturating_sub(now()) + Duration::from_millis(1)) {
                    Ok(line) => Some(line),
                    Err(RecvTimeoutError::Timeout) => {
                        say(trainer.tick(now(), wall())?, out, err);
                        continue;
                    }
                    Err(RecvTimeoutError::Disconnected) => None,
                }
            }
            None => lines.recv().ok(),
        };
        match line {
            Some(line) => say(trainer.line(&line, now(), wall())?, out, err),
            None => {
                let mut said = Vec::new();
                trainer.finish(now(), wall(), &mut said)?;
                say(said, out, err);
            }
        }
    }
    Ok(())
}

/// Lines of `input`, on a thread, at most `max` bytes each (a longer line is cut).
pub fn lines_of(input: impl BufRead + Send + 'static, max: usize) -> Receiver<String> {
    let (tx, rx) = std::sync::mpsc::sync_channel(64);
    std::thread::spawn(move || {
        let mut input = input;
        loop {
            let mut buf = Vec::new();
            match std::io::Read::take(&mut input, max as u64).read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if !buf.ends_with(b"\n") && buf.len() == max {
                        // Skip the rest of an over-long line.
                        let mut rest = Vec::new();
                        let _ = input.read_until(b'\n', &mut rest);
                    }
                    if tx.send(String::from_utf8_lossy(&buf).into_owned()).is_err() {
                        break;
                    }
                }
            }
        }
    });
    rx
}

/// No control character but what a line needs: nothing from a file drives the terminal.
pub(super) fn clean(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).collect()
}

#[cfg(test)]
mod tests;
