//! The host's puzzle duel, the truth: the duel's rules ([`chess::puzzle::Duel`]) and the
//! puzzle on the board ([`Solving`]) kept here, every move of either player checked (its turn,
//! the revision it was made on, its legality, the line), and the whole state told to every
//! terminal after each change ([`Msg::Duel`]). Pure: the time is passed in, nothing here
//! touches a socket.
//!
//! A dropped link is handled as network play handles it: the clock of the player to solve
//! keeps running while their terminal is away (the screens say who is away), so that leaving
//! cannot stop a losing clock.

use std::fmt;
use std::time::Duration;

use crate::puzzle::duel::Next;
use crate::puzzle::{Attempt, Duel, DuelRules, Puzzle, Solving, uci_move};
use crate::remote::{DuelNews, DuelPuzzle, DuelState, Msg};

/// Why the host refused a duel move; its words go to the terminal that moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DuelRefusal {
    Over,
    NotYourTurn,
    /// The move was made on a state the duel has since left.
    Stale,
    /// The text is no legal move on the board.
    Move(String),
}

impl fmt::Display for DuelRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DuelRefusal::Over => f.write_str("the duel is over"),
            DuelRefusal::NotYourTurn => f.write_str("it is your opponent's puzzle: wait for yours"),
            DuelRefusal::Stale => f.write_str("the duel moved on before your move arrived"),
            DuelRefusal::Move(text) => write!(f, "{text} is no legal move on this board"),
        }
    }
}

impl std::error::Error for DuelRefusal {}

/// Why a duel cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DuelSetupError {
    /// Fewer puzzles than the duel asks for.
    TooFewPuzzles { have: usize, need: u32 },
}

impl fmt::Display for DuelSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DuelSetupError::TooFewPuzzles { have, need } => write!(
                f,
                "the duel needs {need} puzzles and only {have} match: ask for fewer (--count) or \
                 widen the choice (--rating, --theme)"
            ),
        }
    }
}

impl std::error::Error for DuelSetupError {}

/// The host's duel: player 0 is the host's, and starts.
#[derive(Clone, Debug)]
pub struct DuelReferee {
    duel: Duel,
    names: [String; 2],
    /// The duel's list, drawn by the host before it starts: the same for both players.
    puzzles: Vec<Puzzle>,
    solving: Solving,
    revision: u32,
    connected: [bool; 2],
    news: DuelNews,
    /// The duel has ended (its list done, or a clock run out) and every terminal was told.
    ended: bool,
    /// The first puzzle's clock was started (both players came).
    begun: bool,
}

impl DuelReferee {
    /// A duel of `rules` over `puzzles` (in order, at least as many as the rules ask) between
    /// `names`; player 1's terminal is not connected yet and no clock runs.
    pub fn new(
        rules: DuelRules,
        puzzles: Vec<Puzzle>,
        names: [String; 2],
    ) -> Result<DuelReferee, DuelSetupError> {
        let need = rules.puzzles.max(1);
        if puzzles.len() < usize::try_from(need).unwrap_or(usize::MAX) {
            return Err(DuelSetupError::TooFewPuzzles {
                have: puzzles.len(),
                need,
            });
        }
        Ok(DuelReferee {
            duel: Duel::new(rules),
            names,
            solving: Solving::new(puzzles[0].clone()),
            puzzles,
            revision: 0,
            connected: [true, false],
            news: DuelNews::Start,
            ended: false,
            begun: false,
        })
    }

    /// Starts the first player's clock (once the joining player's screen is ready): news for
    /// everyone.
    pub fn start(&mut self, now: Duration) -> Msg {
        self.duel.start(now);
        self.begun = true;
        // Not a new revision: the board and the turn are as they were, and a move made on
        // them stays good.
        self.news = DuelNews::Start;
        self.state_msg(now)
    }

    /// Whether the first puzzle's clock was started.
    pub fn begun(&self) -> bool {
        self.begun
    }

    /// Whether `player`'s terminal is connected (the host's own always is).
    pub fn connected(&self, player: usize) -> bool {
        self.connected[player.min(1)]
    }

    pub fn duel(&self) -> &Duel {
        &self.duel
    }

    pub fn solving(&self) -> &Solving {
        &self.solving
    }

    pub fn revision(&self) -> u32 {
        self.revision
    }

    /// The whole duel at `now`.
    pub fn state(&self, now: Duration) -> DuelState {
        let ms = |p| u64::try_from(self.duel.remaining(p, now).as_millis()).unwrap_or(u64::MAX);
        let played = self.solving.played()[1..]
            .iter()
            .map(|m| m.uci().to_string())
            .collect();
        let over = self.ended || self.duel.is_over(now);
        DuelState {
            revision: self.revision,
            names: self.names.clone(),
            clocks_ms: [ms(0), ms(1)],
            running: self.duel.running() && !over,
            turn: u8::from(self.duel.turn() == 1),
            score: self.duel.score(),
            number: self.duel.number().min(self.duel.rules().puzzles.max(1)),
            total: self.duel.rules().puzzles.max(1),
            puzzle: DuelPuzzle::of(self.solving.puzzle()),
            played,
            over,
            connected: self.connected,
            news: self.news.clone(),
        }
    }

    fn state_msg(&self, now: Duration) -> Msg {
        Msg::Duel(Box::new(self.state(now)))
    }

    fn changed(&mut self, news: DuelNews, now: Duration) -> Msg {
        self.revision = self.revision.wrapping_add(1);
        self.news = news;
        self.state_msg(now)
    }

    /// When the clock of the player to solve runs out if nothing happens before.
    pub fn flag_due(&self, now: Duration) -> Option<Duration> {
        (self.duel.running() && !self.ended)
            .then(|| now + self.duel.remaining(self.duel.turn(), now))
    }

    /// The clocks looked at `now`: a clock run out ends the duel, and everyone is told (once).
    pub fn tick(&mut self, now: Duration) -> Option<Msg> {
        if self.ended || !self.duel.check_time(now) {
            return None;
        }
        self.ended = true;
        let by = u8::from(self.duel.turn() == 1);
        Some(self.changed(DuelNews::Flag { by }, now))
    }

    /// A player's terminal came or went: everyone is told. The clock goes on as it was.
    pub fn set_connected(&mut self, player: usize, connected: bool, now: Duration) -> Msg {
        self.connected[player.min(1)] = connected;
        let player = u8::from(player == 1);
        self.changed(DuelNews::Connection { player, connected }, now)
    }

    /// `by` plays `uci` at `now`, its terminal having seen the state of `revision`.
    pub fn act(
        &mut self,
        by: usize,
        revision: u32,
        uci: &str,
        now: Duration,
    ) -> Result<Msg, DuelRefusal> {
        if let Some(msg) = self.tick(now) {
            // The clock ran out before the move arrived: that is the news.
            return Ok(msg);
        }
        if self.ended || self.duel.is_over(now) {
            return Err(DuelRefusal::Over);
        }
        if by != self.duel.turn() {
            return Err(DuelRefusal::NotYourTurn);
        }
        if revision != self.revision {
            return Err(DuelRefusal::Stale);
        }
        let m = uci_move(self.solving.position(), uci)
            .map_err(|_| DuelRefusal::Move(uci.chars().take(16).collect()))?;
        let number = self.duel.number();
        let player = u8::from(by == 1);
        let attempt = self
            .solving
            .play(m)
            .map_err(|_| DuelRefusal::Move(uci.chars().take(16).collect()))?;
        let (next, news) = match attempt {
            Attempt::Right { .. } => return Ok(self.changed(DuelNews::Right { by: player }, now)),
            Attempt::Solved | Attempt::Explored => (
                self.duel.solved(now),
                DuelNews::Solved { by: player, number },
            ),
            Attempt::Wrong { expected } => (
                self.duel.wrong(now),
                DuelNews::Wrong {
                    by: player,
                    number,
                    expected: expected.uci().to_string(),
                },
            ),
        };
        match next {
            Next::NextPuzzle | Next::SamePuzzle => {
                let index = usize::try_from(self.duel.number() - 1).unwrap_or(usize::MAX);
                let puzzle = self.puzzles.get(index).unwrap_or(self.solving.puzzle());
                self.solving = Solving::new(puzzle.clone());
                self.duel.start(now);
            }
            Next::Over => self.ended = true,
        }
        Ok(self.changed(news, now))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{OnWrong, parse_row};
    use crate::remote::DuelStateError;

    /// Mate in 3, the opponent's replies in between (the bundled file's fourth row).
    const MATE_IN_3: &str = "1OKO0,4r2k/1p4pp/p3Qb2/3p4/8/PP4PP/2R4K/8 b - - 0 37,e8e6 c2c8 f6d8 c8d8 e6e8 d8e8,409,,,,backRankMate mateIn3,https://lichess.org/ptEkCbK6/black#74,";
    /// Mate in 1.
    const MATE_IN_1: &str = "0DSAy,R4k2/1r3ppp/8/2nN4/8/1pP5/1P4PP/2K5 b - - 5 29,b7b8 a8b8,408,,,,hangingPiece mateIn1,https://lichess.org/FoQMju93/black#58,";

    fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    fn referee(on_wrong: OnWrong, count: u32) -> DuelReferee {
        let rows = [MATE_IN_1, MATE_IN_3, MATE_IN_1, MATE_IN_3];
        let puzzles = rows.iter().map(|r| parse_row(r).unwrap()).collect();
        let rules = DuelRules {
            time: s(60),
            puzzles: count,
            on_wrong,
        };
        DuelReferee::new(rules, puzzles, ["Ann".into(), "Bob".into()]).unwrap()
    }

    fn state(msg: Msg) -> DuelState {
        match msg {
            Msg::Duel(state) => *state,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_move_out_of_turn_is_refused_and_changes_nothing() {
        let mut r = referee(OnWrong::Pass, 4);
        r.start(s(0));
        assert_eq!(r.act(1, 0, "a8b8", s(1)), Err(DuelRefusal::NotYourTurn));
        assert_eq!(r.revision(), 0);
        assert_eq!(r.duel().score(), [0, 0]);
    }

    #[test]
    fn a_move_made_on_a_state_the_duel_left_is_refused_as_stale() {
        let mut r = referee(OnWrong::Pass, 4);
        r.start(s(0));
        let st = state(r.act(0, 0, "a8b8", s(2)).unwrap());
        assert_eq!((st.revision, st.turn, st.score), (1, 1, [1, 0]));
        // Bob's terminal moves on the state it had before Ann's solution reached it.
        assert_eq!(r.act(1, 0, "c2c8", s(3)), Err(DuelRefusal::Stale));
        assert!(r.act(1, 1, "c2c8", s(3)).is_ok());
    }

    #[test]
    fn solving_scores_and_passes_the_turn_with_the_next_puzzle_and_the_lines_replies_are_played() {
        let mut r = referee(OnWrong::Pass, 4);
        r.start(s(0));
        let st = state(r.act(0, 0, "a8b8", s(2)).unwrap());
        assert_eq!(st.news, DuelNews::Solved { by: 0, number: 1 });
        assert_eq!(
            (st.number, st.total, st.puzzle.id.as_str()),
            (2, 4, "1OKO0")
        );
        assert_eq!(st.clocks_ms, [58_000, 60_000]);
        let st = state(r.act(1, 1, "c2c8", s(5)).unwrap());
        assert_eq!(st.news, DuelNews::Right { by: 1 });
        assert_eq!(st.played, ["c2c8", "f6d8"]);
        assert_eq!(st.clocks_ms, [58_000, 57_000]);
        state(r.act(1, 2, "c8d8", s(6)).unwrap());
        let st = state(r.act(1, 3, "d8e8", s(7)).unwrap());
        assert_eq!(st.news, DuelNews::Solved { by: 1, number: 2 });
        assert_eq!((st.turn, st.score, st.number), (0, [1, 1], 3));
    }

    #[test]
    fn a_wrong_move_passes_the_same_puzzle_and_says_the_right_one() {
        let mut r = referee(OnWrong::Pass, 4);
        r.start(s(0));
        let st = state(r.act(0, 0, "a8a7", s(1)).unwrap());
        assert_eq!(
            st.news,
            DuelNews::Wrong {
                by: 0,
                number: 1,
                expected: "a8b8".into()
            }
        );
        assert_eq!((st.turn, st.number, st.puzzle.id.as_str()), (1, 1, "0DSAy"));
        assert!(st.played.is_empty(), "the puzzle afresh for the opponent");
        assert_eq!(r.act(1, 1, "zz", s(2)), Err(DuelRefusal::Move("zz".into())));
        let st = state(r.act(1, 1, "a8b8", s(2)).unwrap());
        assert_eq!((st.turn, st.score, st.number), (0, [0, 1], 2));
    }

    #[test]
    fn the_clock_ends_the_duel_once_and_no_move_counts_after() {
        let mut r = referee(OnWrong::Pass, 4);
        r.start(s(0));
        assert_eq!(r.flag_due(s(10)), Some(s(60)));
        assert!(r.tick(s(59)).is_none());
        let st = state(r.tick(s(60)).unwrap());
        assert_eq!((st.over, st.news.clone()), (true, DuelNews::Flag { by: 0 }));
        assert_eq!(
            st.winner(),
            Some(1),
            "Ann's flag at 0–0 loses, at both screens"
        );
        assert!(r.tick(s(61)).is_none(), "told once");
        assert_eq!(r.act(0, st.revision, "a8b8", s(61)), Err(DuelRefusal::Over));
        assert_eq!(r.flag_due(s(61)), None);
    }

    #[test]
    fn the_duel_ends_after_its_puzzles() {
        let mut r = referee(OnWrong::Lose, 1);
        r.start(s(0));
        let st = state(r.act(0, 0, "a8b8", s(1)).unwrap());
        assert!(st.over);
        assert_eq!((st.score, st.number, st.total), ([1, 0], 1, 1));
        assert_eq!(st.winner(), Some(0));
    }

    #[test]
    fn a_dropped_terminal_is_told_to_all_and_its_clock_runs_on() {
        let mut r = referee(OnWrong::Pass, 4);
        r.start(s(0));
        state(r.act(0, 0, "a8b8", s(1)).unwrap());
        let st = state(r.set_connected(1, true, s(2)));
        assert_eq!(st.connected, [true, true]);
        let st = state(r.set_connected(1, false, s(3)));
        assert_eq!(st.connected, [true, false]);
        assert_eq!(st.clocks_ms[1], 58_000);
        assert_eq!(r.state(s(13)).clocks_ms[1], 48_000);
    }

    #[test]
    fn too_few_puzzles_is_refused_with_what_to_do() {
        let rules = DuelRules {
            time: s(60),
            puzzles: 10,
            on_wrong: OnWrong::Pass,
        };
        let puzzles = vec![parse_row(MATE_IN_1).unwrap()];
        let err = DuelReferee::new(rules, puzzles, ["A".into(), "B".into()]).unwrap_err();
        assert!(err.to_string().contains("needs 10 puzzles"), "{err}");
    }

    #[test]
    fn a_terminal_rebuilds_the_board_from_the_state_and_refuses_a_bad_one() {
        let mut r = referee(OnWrong::Pass, 4);
        r.start(s(0));
        state(r.act(0, 0, "a8b8", s(1)).unwrap());
        let st = state(r.act(1, 1, "c2c8", s(2)).unwrap());
        let mirror = st.solving().unwrap();
        assert_eq!(mirror.position(), r.solving().position());
        assert_eq!(mirror.found(), 1);

        let mut bad = st.clone();
        bad.played[1] = "h7h6".into();
        assert!(matches!(
            bad.solving(),
            Err(DuelStateError::Played { index: 1, .. })
        ));
        let mut bad = st.clone();
        bad.puzzle.fen = "not a fen".into();
        assert!(matches!(bad.solving(), Err(DuelStateError::Puzzle(_))));
        let mut bad = st.clone();
        bad.puzzle.id = "a,b".into();
        assert!(bad.solving().is_err());
        let mut bad = st;
        bad.number = 9;
        assert!(matches!(bad.solving(), Err(DuelStateError::Number { .. })));
    }

    #[test]
    fn the_state_goes_through_the_wire_format_unchanged() {
        let mut r = referee(OnWrong::Pass, 4);
        let msg = r.start(s(0));
        let bytes = super::super::frame::encode(&msg).unwrap();
        assert_eq!(super::super::frame::decode(&bytes).unwrap(), msg);
    }

    #[test]
    fn a_terminals_mirror_follows_the_host_sends_moves_with_the_revision_and_keeps_out_of_turn() {
        use crate::remote::{Action, DuelChange, DuelMirror, DuelMoveError};
        let mut r = referee(OnWrong::Pass, 4);
        let mut bob = DuelMirror::new(Some(1));
        let mut watcher = DuelMirror::new(None);
        assert_eq!(bob.try_move("a8b8"), Err(DuelMoveError::NotStarted));
        let start = r.start(s(0));
        assert_eq!(bob.apply(&start), Ok(DuelChange::Updated(DuelNews::Start)));
        assert!(!bob.my_turn());
        assert_eq!(bob.try_move("a8b8"), Err(DuelMoveError::NotYourTurn));
        let solved = r.act(0, 0, "a8b8", s(1)).unwrap();
        bob.apply(&solved).unwrap();
        watcher.apply(&solved).unwrap();
        assert!(bob.my_turn());
        assert_eq!(watcher.try_move("c2c8"), Err(DuelMoveError::Watching));
        assert!(matches!(
            bob.try_move("c2c9"),
            Err(DuelMoveError::Illegal(_))
        ));
        let Msg::Act { ply, action } = bob.try_move("c2c8").unwrap() else {
            panic!()
        };
        assert_eq!(ply, 1);
        let Action::Move { uci } = action else {
            panic!()
        };
        let moved = r.act(1, ply, &uci, s(2)).unwrap();
        bob.apply(&moved).unwrap();
        assert_eq!(bob.state().unwrap().1.position(), r.solving().position());
        // An older state arriving late changes nothing; a refusal is told as such.
        assert_eq!(bob.apply(&solved), Ok(DuelChange::Nothing));
        assert_eq!(bob.state().unwrap().0.revision, 2);
        let refused = Msg::Refused {
            reason: DuelRefusal::Stale.to_string(),
        };
        assert!(matches!(bob.apply(&refused), Ok(DuelChange::Refused(_))));
        // A state that does not check out is refused and the copy kept.
        let Msg::Duel(mut bad) = r.state_msg(s(3)) else {
            panic!()
        };
        bad.revision = 9;
        bad.played = vec!["a1a1".into()];
        assert!(bob.apply(&Msg::Duel(bad)).is_err());
        assert_eq!(bob.state().unwrap().0.revision, 2);
    }
}
