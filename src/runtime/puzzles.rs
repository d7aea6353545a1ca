//! The puzzles' store work, on the file worker: the next puzzle for a player and the result of
//! each attempt (with the rating's change), answered to the app as [`PuzzleNews`].
//!
//! The puzzle book (the database, with the puzzles shipped with hotseat put in the first time)
//! is opened at the first question and kept open.

use crate::app::Event;
use crate::app::puzzle::{Given, PuzzleEffect, PuzzleNews};
use crate::store::{PuzzleBook, Store, StoreError};

/// The puzzle book, opened at the first question.
#[derive(Debug, Default)]
pub(super) struct PuzzleWork {
    book: Option<PuzzleBook>,
}

impl PuzzleWork {
    fn book(&mut self, store: Option<&Store>) -> Result<&mut PuzzleBook, StoreError> {
        if self.book.is_none() {
            let store = store.ok_or_else(|| {
                StoreError::io(
                    crate::store::Op::Database,
                    std::path::Path::new("."),
                    std::io::Error::other("there is no folder to keep the puzzles in"),
                )
            })?;
            self.book = Some(store.puzzles()?);
        }
        Ok(self.book.as_mut().expect("opened above"))
    }

    /// Carries out a puzzle effect; the answer is the app's [`PuzzleNews`].
    pub(super) fn carry_out(&mut self, store: Option<&Store>, effect: PuzzleEffect) -> Event {
        let now = crate::store::wall_secs();
        let news = match effect {
            PuzzleEffect::Next {
                player,
                choice,
                seed,
                id,
                target,
            } => PuzzleNews::Given(self.book(store).and_then(|book| {
                let rating = book.rating(&player)?;
                let (puzzle, rated) = match id {
                    Some(id) => {
                        let rated = !book.played_before(&player, &id)?;
                        (book.puzzle(&id)?, rated)
                    }
                    None => {
                        let target = target.unwrap_or_else(|| rating.shown().clamp(0, 4000) as u16);
                        (book.next(&player, &choice, target, seed, now)?, true)
                    }
                };
                Ok(puzzle.map(|puzzle| {
                    Box::new(Given {
                        puzzle,
                        rated,
                        rating,
                    })
                }))
            })),
            PuzzleEffect::Record {
                player,
                puzzle,
                mode,
                won,
            } => PuzzleNews::Recorded(
                self.book(store)
                    .and_then(|book| book.record(&player, &puzzle, mode, won, now)),
            ),
            PuzzleEffect::RunOver {
                player,
                mode,
                score,
            } => PuzzleNews::RunWritten(
                self.book(store)
                    .and_then(|book| book.record_run(&player, mode, score, now)),
            ),
        };
        Event::Puzzle(news)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Choice, DataDir, PuzzleMode};

    #[test]
    fn the_next_puzzle_comes_and_a_rated_result_moves_the_rating() {
        let dir = std::env::temp_dir().join(format!("hotseat-puzzle-work-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::new(DataDir::new(dir.clone()));
        let mut work = PuzzleWork::default();
        let Event::Puzzle(PuzzleNews::Given(Ok(Some(given)))) = work.carry_out(
            Some(&store),
            PuzzleEffect::Next {
                player: "Ann".into(),
                choice: Choice::default(),
                seed: 7,
                id: None,
                target: None,
            },
        ) else {
            panic!("no puzzle")
        };
        assert!(given.rated);
        assert_eq!(given.rating.shown(), 1500);
        let Event::Puzzle(PuzzleNews::Recorded(Ok(change))) = work.carry_out(
            Some(&store),
            PuzzleEffect::Record {
                player: "Ann".into(),
                puzzle: Box::new(given.puzzle.clone()),
                mode: PuzzleMode::Rated,
                won: true,
            },
        ) else {
            panic!("not recorded")
        };
        assert!(change.points() > 0, "{change:?}");
        // Asked by id after it was played: not rated again.
        let Event::Puzzle(PuzzleNews::Given(Ok(Some(again)))) = work.carry_out(
            Some(&store),
            PuzzleEffect::Next {
                player: "ann".into(),
                choice: Choice::default(),
                seed: 7,
                id: Some(given.puzzle.id.clone()),
                target: None,
            },
        ) else {
            panic!("no puzzle by id")
        };
        assert!(!again.rated);
        assert_eq!(again.rating, change.after);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn without_a_folder_the_answer_says_so() {
        let mut work = PuzzleWork::default();
        let Event::Puzzle(PuzzleNews::Given(Err(err))) = work.carry_out(
            None,
            PuzzleEffect::Next {
                player: "Ann".into(),
                choice: Choice::default(),
                seed: 1,
                id: None,
                target: None,
            },
        ) else {
            panic!("expected an error")
        };
        assert!(err.to_string().contains("no folder"), "{err}");
    }
}
