//! `hotseat puzzles --mistakes --plain`: the mistakes a player kept from "Learn from your
//! mistakes" (see `app/retro.rs`), played again in lines, oldest first, with the same rules:
//! the engine's move solves one, the move played in the game does not, any other move is
//! searched by the engine and solves it within lila's 0.035 of the position before.
//!
//! `Mistake 1 of 3, from Ann – Bob. You played 15. Bxf7?? Find a better move for White.`;
//! then a move in any notation the game reads, or `solution`, `skip`, `board`, `help`,
//! `quit`. A solved mistake leaves the player's list at once; the others stay for next time.

use std::time::Duration;

use super::puzzles::{Said, spoken};
use super::speech::board;
use crate::engine::EngineError;
use crate::game::report::Eval;
use crate::game::report::retro::{self as rules, Tried};
use crate::rules::{Move, Position};
use crate::store::{BadMistake, Mistake, MistakeBook, StoreError};

/// Whoever evaluates a move tried: the engine, or a script in tests.
pub trait Judge {
    /// The evaluation (White's view) of `position`, or why there is none.
    fn evaluate(&mut self, position: &Position) -> Result<Eval, JudgeError>;
}

/// Why the engine gave no word on a move tried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JudgeError {
    /// There is no engine to ask, or it failed.
    Engine(EngineError),
    /// It finished without a word on the position.
    Silent,
    /// It stopped before it answered.
    Stopped,
}

impl std::fmt::Display for JudgeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JudgeError::Engine(e) => e.fmt(f),
            JudgeError::Silent => f.write_str("the engine said nothing of it"),
            JudgeError::Stopped => f.write_str("the engine stopped"),
        }
    }
}

/// The real engine, searched to lila's depth for each move tried; or why there is none (said
/// only when a move needs it: the engine's own move and the one played need no engine).
#[derive(Debug)]
pub struct Engine {
    pub path: Result<std::path::PathBuf, EngineError>,
}

impl Judge for Engine {
    fn evaluate(&mut self, position: &Position) -> Result<Eval, JudgeError> {
        use crate::engine::{Analysis, EngineEvent, Limit, Settings, analysis::Job};
        let settings = Settings::new(Limit::Depth(crate::app::retro::JUDGE_DEPTH), 1);
        let job = Job {
            start: position.clone(),
            moves: Vec::new(),
        };
        let path = self.path.clone().map_err(JudgeError::Engine)?;
        let (_analysis, events) = Analysis::start(path, job, settings);
        loop {
            match events.recv_timeout(Duration::from_secs(120)) {
                Ok(EngineEvent::Finished(report)) => {
                    return report
                        .positions
                        .first()
                        .map(|p| p.eval)
                        .ok_or(JudgeError::Silent);
                }
                Ok(EngineEvent::Failed { error, .. }) => return Err(JudgeError::Engine(error)),
                Ok(EngineEvent::Cancelled { .. }) | Err(_) => return Err(JudgeError::Stopped),
                Ok(_) => {}
            }
        }
    }
}

/// `pawn to g6 [g6]`: a move in words, with its SAN.
fn say(pos: &Position, mv: Move) -> String {
    spoken(pos, mv).replacen(". [", " [", 1)
}

/// The commands, for `help`.
pub const HELP: &str = "Type a move in any notation (Nf3, g1f3), or: solution, skip, board, \
quit.";

/// A mistake ready to play: its position and moves checked.
#[derive(Clone, Debug)]
struct Ready {
    kept: Mistake,
    before: Position,
    played: Move,
    better: Vec<Move>,
}

/// A kept mistake, checked as a puzzle row is (see [`Mistake::check`]).
fn ready(kept: Mistake) -> Result<Ready, BadMistake> {
    let checked = kept.check()?;
    Ok(Ready {
        before: checked.before,
        played: checked.played,
        better: checked.better,
        kept,
    })
}

/// The mistakes of one player, driven by lines.
pub struct MistakeTrainer<J: Judge> {
    /// Where the solved ones are deleted.
    book: MistakeBook,
    player: String,
    queue: Vec<Ready>,
    at: usize,
    judge: J,
    found: usize,
    viewed: usize,
    skipped: usize,
    over: bool,
}

impl<J: Judge> std::fmt::Debug for MistakeTrainer<J> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MistakeTrainer")
            .field("player", &self.player)
            .field("at", &self.at)
            .field("of", &self.queue.len())
            .finish()
    }
}

impl<J: Judge> MistakeTrainer<J> {
    /// The trainer for `player`'s mistakes kept in `book`; what it says first (the refused
    /// rows, the first mistake, or that there is none).
    pub fn new(
        book: MistakeBook,
        player: &str,
        judge: J,
    ) -> Result<(MistakeTrainer<J>, Vec<Said>), StoreError> {
        let mut said = Vec::new();
        let mut queue = Vec::new();
        for kept in book.unsolved(player)? {
            match ready(kept) {
                Ok(r) => queue.push(r),
                Err(why) => said.push(Said::Refused(format!("Skipped: {why}."))),
            }
        }
        let mut trainer = MistakeTrainer {
            book,
            player: player.trim().to_owned(),
            queue,
            at: 0,
            judge,
            found: 0,
            viewed: 0,
            skipped: 0,
            over: false,
        };
        if trainer.queue.is_empty() {
            said.push(Said::Line(format!(
                "{} has no mistakes to learn from. After a game's report (F4, or analyse in \
                 --plain), learn keeps them here.",
                trainer.player
            )));
            trainer.over = true;
        } else {
            said.push(Said::Line(format!(
                "Mistakes to learn from for {}: {}. {HELP}",
                trainer.player,
                trainer.queue.len()
            )));
            said.push(Said::Line(trainer.announce()));
        }
        Ok((trainer, said))
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    fn current(&self) -> &Ready {
        &self.queue[self.at]
    }

    /// `Mistake 1 of 3, from Ann – Bob. You played 15. Bxf7?? Find a better move for White.`
    fn announce(&self) -> String {
        let r = self.current();
        format!(
            "Mistake {} of {}, from {}. You played {} Find a better move for {}.",
            self.at + 1,
            self.queue.len(),
            r.kept.game,
            r.kept.said,
            r.before.turn()
        )
    }

    /// One line typed.
    pub fn line(&mut self, text: &str) -> Result<Vec<Said>, StoreError> {
        let mut said = Vec::new();
        if self.over {
            return Ok(said);
        }
        let text = text.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => {}
            "help" => said.push(Said::Line(HELP.to_owned())),
            "quit" | "exit" => self.finish(&mut said),
            "board" => {
                let r = self.current();
                said.extend(
                    board(&r.before, r.before.turn())
                        .into_iter()
                        .map(Said::Line),
                );
            }
            "solution" => {
                let r = self.current();
                let line = line_words(&r.before, &r.better);
                self.viewed += 1;
                said.push(Said::Line(format!("The solution: {line}.")));
                self.next(&mut said);
            }
            "skip" | "next" => {
                self.skipped += 1;
                said.push(Said::Line("Skipped: it stays for next time.".to_owned()));
                self.next(&mut said);
            }
            _ => self.try_move(text, &mut said)?,
        }
        Ok(said)
    }

    fn try_move(&mut self, text: &str, said: &mut Vec<Said>) -> Result<(), StoreError> {
        let r = self.current().clone();
        let Ok(mv) = r.before.parse_move(text) else {
            said.push(Said::Refused(format!(
                "{} is not a legal move for {} here (a move: Nf3 or g1f3; or solution, skip, \
                 board, quit)",
                crate::text::excerpt(text),
                r.before.turn()
            )));
            return Ok(());
        };
        let words = say(&r.before, mv);
        let solved = match rules::tried(&r.better, r.played, mv) {
            Tried::Best => {
                said.push(Said::Line(format!(
                    "Good move: {words} is the engine's own."
                )));
                true
            }
            Tried::Played => {
                said.push(Said::Line(format!(
                    "{words} is the move played in the game. Try another move, or: solution, \
                     skip."
                )));
                false
            }
            Tried::Search => {
                let Ok(after) = r.before.play(mv) else {
                    return Ok(());
                };
                match self.judge.evaluate(&after) {
                    Ok(eval) if rules::passes(r.before.turn(), r.kept.before, eval) => {
                        let best = say(&r.before, r.better[0]);
                        said.push(Said::Line(format!(
                            "Good move: {words} is as good (the engine's was {best})."
                        )));
                        true
                    }
                    Ok(_) => {
                        said.push(Said::Line(format!(
                            "You can do better than {words}. Try another move, or: solution, \
                             skip."
                        )));
                        false
                    }
                    Err(why) => {
                        said.push(Said::Refused(format!(
                            "The engine could not judge {words}: {why}. Try again, or: \
                             solution, skip."
                        )));
                        false
                    }
                }
            }
        };
        if solved {
            self.found += 1;
            self.book
                .solved(&self.player, &r.kept.fen, &r.kept.played)?;
            said.push(Said::Line("Solved: it leaves your list.".to_owned()));
            self.next(said);
        }
        Ok(())
    }

    fn next(&mut self, said: &mut Vec<Said>) {
        if self.at + 1 < self.queue.len() {
            self.at += 1;
            said.push(Said::Line(self.announce()));
        } else {
            self.finish(said);
        }
    }

    /// The summary; the run is over.
    pub fn finish(&mut self, said: &mut Vec<Said>) {
        if self.over {
            return;
        }
        self.over = true;
        let all = self.queue.len();
        let left = all - self.found;
        said.push(Said::Line(format!(
            "Done: {} found, {} solution{} seen, {} skipped of {all}. {left} left for next time.",
            self.found,
            self.viewed,
            if self.viewed == 1 { "" } else { "s" },
            self.skipped
        )));
    }
}

/// `g6, Qf3`: a line from `pos`, in words with its SAN.
fn line_words(pos: &Position, line: &[Move]) -> String {
    let mut at = pos.clone();
    let mut words = Vec::new();
    for &mv in line.iter().take(4) {
        words.push(say(&at, mv));
        let Ok(next) = at.play(mv) else { break };
        at = next;
    }
    words.join(", then ")
}

/// Runs a trainer on lines until it is over or the input ends.
pub fn run<J: Judge>(
    mut trainer: MistakeTrainer<J>,
    first: Vec<Said>,
    lines: std::sync::mpsc::Receiver<String>,
    out: &mut impl std::io::Write,
    err: &mut impl std::io::Write,
) -> Result<(), StoreError> {
    let mut say = |said: Vec<Said>| {
        for s in said {
            let _ = match s {
                Said::Line(l) => writeln!(out, "{}", super::puzzles::clean(&l)),
                Said::Refused(l) => writeln!(err, "{}", super::puzzles::clean(&l)),
            };
        }
        let _ = out.flush();
    };
    say(first);
    while !trainer.is_over() {
        match lines.recv() {
            Ok(line) => say(trainer.line(&line)?),
            Err(_) => {
                let mut said = Vec::new();
                trainer.finish(&mut said);
                say(said);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;
    use crate::store::Database;

    /// Evaluations by script, in the order asked.
    struct Script(Vec<Result<Eval, JudgeError>>);

    impl Judge for Script {
        fn evaluate(&mut self, _: &Position) -> Result<Eval, JudgeError> {
            self.0.remove(0)
        }
    }

    /// Scholar's mate's 3... Nf6?? kept for Bob, and a row changed by hand.
    fn book(name: &str) -> (MistakeBook, std::path::PathBuf) {
        // Under the run's own folder, which the next run of the tests sweeps away
        // (`tests/suite/common/pty.rs`, `fresh_dir`).
        let dir = std::env::temp_dir()
            .join(format!("hotseat-tests-{}", std::process::id()))
            .join(format!("plain-mistakes-{name}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let (db, _) = Database::open(&dir.join("hotseat.db")).unwrap();
        let mut book = MistakeBook::new(db);
        let scholars = Mistake {
            player: "Bob".into(),
            fen: "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3".into(),
            played: "g8f6".into(),
            best: "g7g6 h5f3".into(),
            before: Eval::Cp(-30),
            said: "3... Nf6??".into(),
            game: "Ann – Bob".into(),
        };
        let broken = Mistake {
            fen: "not a fen".into(),
            ..scholars.clone()
        };
        book.keep(&[scholars, broken], 1).unwrap();
        (book, dir)
    }

    fn lines(said: &[Said]) -> String {
        said.iter()
            .map(|s| match s {
                Said::Line(l) => l.clone(),
                Said::Refused(l) => format!("! {l}"),
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn reopen(dir: &std::path::Path) -> MistakeBook {
        MistakeBook::new(Database::open(&dir.join("hotseat.db")).unwrap().0)
    }

    #[test]
    fn a_kept_mistake_is_offered_judged_and_leaves_the_list_once_solved() {
        let (book, dir) = book("solved");
        let mate = Eval::Mate {
            winner: Color::White,
            moves: 1,
        };
        let judge = Script(vec![Ok(mate), Ok(Eval::Cp(-25))]);
        let (mut t, said) = MistakeTrainer::new(book, "bob", judge).unwrap();
        let said = lines(&said);
        assert!(said.contains("! Skipped: the mistake kept at not a fen has a bad position"));
        assert!(said.contains(
            "Mistake 1 of 1, from Ann – Bob. You played 3... Nf6?? Find a better move for Black."
        ));
        let said = lines(&t.line("Nf6").unwrap());
        assert!(said.contains("is the move played in the game"), "{said}");
        let said = lines(&t.line("Kd8").unwrap());
        assert!(said.starts_with("! \"Kd8\" is not a legal move"), "{said}");
        let said = lines(&t.line("a6").unwrap());
        assert!(said.contains("You can do better than"), "{said}");
        let said = lines(&t.line("Qe7").unwrap());
        assert!(
            said.contains("Good move: queen to e7 [Qe7] is as good"),
            "{said}"
        );
        assert!(said.contains("Solved: it leaves your list."));
        assert!(said.contains("Done: 1 found, 0 solutions seen, 0 skipped of 1."));
        assert!(t.is_over());
        // Only the broken row is left.
        assert_eq!(reopen(&dir).unsolved("Bob").unwrap().len(), 1);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn skipped_or_seen_mistakes_stay_for_next_time() {
        let (book, dir) = book("kept");
        let (mut t, _) = MistakeTrainer::new(book, "Bob", Script(Vec::new())).unwrap();
        let said = lines(&t.line("solution").unwrap());
        assert!(said.contains("The solution: pawn to g6 [g6]"), "{said}");
        assert!(said.contains("1 left for next time"), "{said}");
        assert_eq!(reopen(&dir).unsolved("Bob").unwrap().len(), 2);
        let (mut t, _) = MistakeTrainer::new(reopen(&dir), "Bob", Script(Vec::new())).unwrap();
        let said = lines(&t.line("g6").unwrap());
        assert!(
            said.contains("Good move: pawn to g6 [g6] is the engine's own"),
            "{said}"
        );

        let (_, said) = MistakeTrainer::new(reopen(&dir), "Carl", Script(Vec::new())).unwrap();
        assert!(lines(&said).contains("Carl has no mistakes to learn from"));
        let _ = std::fs::remove_dir_all(dir);
    }
}
