//! The puzzle duel across the network in lines (`hotseat puzzles duel --host --plain`, and
//! `hotseat join --plain` to such a host): the screen's own duel (`app::puzzle::net`), heard
//! as a game is, through what changed. The app's status line says the news (who solved or
//! missed which puzzle, whose puzzle is next, who is away); here a puzzle that comes to this
//! terminal's player is announced as the plain puzzles announce theirs, and the turn, the
//! clocks and the commands a duel has no use for are said in the duel's words.

use std::time::Duration;

use super::super::puzzles::duel_puzzle_words;
use super::super::speech::spoken_time;
use super::Session;
use super::command::Command;
use crate::app::puzzle::net::{NetDuel, duel};
use crate::app::puzzle::seat;

/// Where the duel stood before a line or a piece of news: the puzzle on the board (its number
/// and who solves it), `None` before the host's first state.
pub(super) type DuelSeen = Option<(u32, u8)>;

impl Session {
    /// The duel across the network at this terminal, if it is one.
    pub(super) fn net_duel(&self) -> Option<&NetDuel> {
        duel(&self.app)
    }

    pub(super) fn duel_seen(&self) -> DuelSeen {
        let state = self.net_duel()?.state()?;
        Some((state.number, state.turn))
    }

    /// The first words of a duel: what it is, and the status line (the host's state is
    /// awaited: it comes as news, heard by [`Session::hear`]).
    pub(super) fn duel_greeting(&mut self) -> Option<Vec<String>> {
        self.net_duel()?;
        let mut out = vec![
            "hotseat, plain mode: a puzzle duel across the network. Type help for the commands."
                .to_owned(),
        ];
        if let Some(message) = self.app.view().message() {
            out.push(super::sentence(&super::plain_words(&message.text)));
        }
        out.extend(self.duel_news());
        Some(out)
    }

    /// Whether the duel's status line now only repeats what was said (`puzzle 1 of 2: Ann's
    /// puzzle` after `Bob is here · puzzle 1 of 2: Ann's puzzle`, or with the puzzle on the
    /// board unchanged since `seen`): the screen shows the newer; a listener has heard it.
    pub(super) fn duel_repeats(&self, before: Option<&str>, now: &str, seen: DuelSeen) -> bool {
        if self.net_duel().is_none() {
            return false;
        }
        // The puzzle and its solver alone, and the same as before: a state with no news (the
        // clock starting, this terminal's own coming) after some other message.
        let bare = now.starts_with("puzzle ") && !now.contains(" · ");
        bare && self.duel_seen() == seen
            || before.is_some_and(|b| b.ends_with(&format!(" · {now}")))
    }

    /// Whether the line's moves on the board are to be said one by one: not when the host's
    /// state put another puzzle on the board (or the same one before the other player), which
    /// [`Session::duel_news`] announces whole.
    pub(super) fn duel_same_puzzle(&self, before: DuelSeen) -> bool {
        self.net_duel().is_none() || self.duel_seen() == before
    }

    /// What the duel adds to the status line's news: the puzzle, once, when it has come to
    /// this terminal's player (once the duel has begun, or its opponent has come).
    pub(super) fn duel_news(&mut self) -> Vec<String> {
        let seen = self.duel_seen();
        if seen.is_none() || seen == self.duel_announced {
            return Vec::new();
        }
        match self.duel_puzzle_now() {
            Some(words) => {
                self.duel_announced = seen;
                vec![words]
            }
            None => Vec::new(),
        }
    }

    /// The puzzle on the board, announced, when it is this terminal's player's to solve.
    fn duel_puzzle_now(&self) -> Option<String> {
        let net = self.net_duel()?;
        let state = net.state()?;
        let mine = net.me() == Some(usize::from(state.turn));
        // Not before the duel begins: the host waits for its opponent, no clock runs.
        if !mine || state.over || (!state.running && !state.connected[1]) {
            return None;
        }
        let solving = seat(&self.app)?.solving()?;
        Some(duel_puzzle_words(solving, state.number, state.total))
    }

    /// `turn`, or an empty line, in a duel: whose puzzle, its number, or the end.
    pub(super) fn duel_turn(&self) -> Option<String> {
        let net = self.net_duel()?;
        let Some(state) = net.state() else {
            return Some("The duel has not begun: the host's answer is awaited.".to_owned());
        };
        if state.over {
            return Some(format!("{}.", super::plain_words(&net.summary())));
        }
        if !state.connected[1] && !state.running {
            return Some(format!("Waiting for {} to join.", state.names[1]));
        }
        let turn = usize::from(state.turn);
        let score = format!(
            "{} {}, {} {}",
            state.names[0], state.score[0], state.names[1], state.score[1]
        );
        Some(match net.me() {
            Some(me) if me == turn => {
                let side = seat(&self.app)
                    .and_then(|s| s.solving())
                    .map(|s| format!(", {} to play", s.puzzle().solver()))
                    .unwrap_or_default();
                format!(
                    "Puzzle {} of {}: your puzzle{side}. Score: {score}.",
                    state.number, state.total
                )
            }
            _ => format!(
                "Puzzle {} of {}: {}'s puzzle. Score: {score}.",
                state.number, state.total, state.names[turn]
            ),
        })
    }

    /// `clock` in a duel: each player's time, and whose runs.
    pub(super) fn duel_clocks(&self, now: Duration) -> Option<String> {
        let net = self.net_duel()?;
        let state = net.state()?;
        let time = |p: usize| format!("{} {}", state.names[p], spoken_time(net.remaining(p, now)));
        let running = if state.over {
            "the clocks have stopped".to_owned()
        } else if state.running {
            format!(
                "{}'s clock is running",
                state.names[usize::from(state.turn)]
            )
        } else {
            "no clock runs yet".to_owned()
        };
        Some(format!("{}, {}; {running}.", time(0), time(1)))
    }

    /// `other` in a duel: the player not solving now, and their time.
    pub(super) fn duel_other(&self, now: Duration) -> Option<String> {
        let net = self.net_duel()?;
        let state = net.state()?;
        let other = 1 - usize::from(state.turn.min(1));
        Some(format!(
            "{} waits, with {} left.",
            state.names[other],
            spoken_time(net.remaining(other, now))
        ))
    }

    /// Why a line of moves is not sent at all in a duel: it is over.
    pub(super) fn duel_over(&self) -> Option<String> {
        let net = self.net_duel()?;
        net.is_over().then(|| {
            format!(
                "{}. Quit to leave, or board and the other commands to look.",
                super::plain_words(&net.summary())
            )
        })
    }
}

/// Why a command of games (a draw, a claim, a resignation, a takeback, a new game, the clocks
/// paused) does nothing in a duel.
pub(super) const DUEL_REFUSAL: &str = "A puzzle duel has no draws, claims, resignations, \
    takebacks or pauses: type a move at your turn, turn to hear whose puzzle it is, or quit to \
    leave.";

/// Whether `command` is one of games that a duel has no use for (see [`DUEL_REFUSAL`]).
pub(super) fn not_in_a_duel(command: &Command) -> bool {
    matches!(
        command,
        Command::New
            | Command::Pause
            | Command::Resume
            | Command::Draw
            | Command::Claim
            | Command::Resign
            | Command::Takeback
    )
}
