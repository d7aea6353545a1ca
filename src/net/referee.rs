//! The host's game, the truth: every action of either player checked by the chess crate, the
//! network lag of a move credited to its player's clock, and what to tell every terminal.
//! Pure: the time is passed in, nothing here touches a socket.
//!
//! Lag compensation, in the spirit of lichess's: a move from another terminal reaches the host
//! a round trip after that terminal was told it was its turn, and that round trip is not the
//! player's thinking. The host credits each such move with the network's lag as the host
//! itself measures it: the *lowest* of the last [`LAG_SAMPLES`] round trips it timed to that
//! terminal (a ping it sent, the answer it read), at most [`LAG_CAP`] and never more than the
//! move took. A terminal that holds back its answers cannot make a round trip shorter than the
//! network's, only longer: holding back one or a few gains nothing (the lowest counts), and
//! holding back every one gains at most [`LAG_CAP`] a move while its lag shows on every
//! screen. The host's own player has no lag.

use std::fmt;
use std::time::Duration;

use crate::game::pgn::Tags;
use crate::game::{Game, OfferResult};
use crate::remote::{Action, Clocks, Msg, Notice, Seat, Snapshot, clean_chat};
use crate::rules::Color;

/// The most time credited to one move for network lag: a slow intercontinental link's round
/// trip, no more.
pub const LAG_CAP: Duration = Duration::from_millis(300);

/// The round trips kept per terminal; the lowest of them is its lag.
pub const LAG_SAMPLES: usize = 8;

/// The shortest time between two lines of chat from one player (a flood is refused, not sent
/// to every watcher).
pub const CHAT_INTERVAL: Duration = Duration::from_millis(300);

/// A game in progress whose clocks are stopped (read from its file) has them run again from
/// `now`: the side to move's, from the reading saved.
pub(super) fn run_clocks(game: &mut Game, now: Duration) {
    if game.record().plies() > 0 && !game.is_over() && game.clock().running().is_none() {
        if game.is_started() {
            game.resume(now);
        } else {
            game.start(now);
        }
    }
}

/// The host's game and what it knows of the two terminals.
#[derive(Debug)]
pub struct Referee {
    game: Game,
    tags: Tags,
    /// The colour the host itself plays: its moves have no lag.
    host: Color,
    /// The last round trips measured to each player's terminal, newest last.
    lag: [Vec<Duration>; 2],
    connected: [bool; 2],
    takeback_asked: Option<Color>,
    /// The number of half-moves played when each side last asked to take back: one request
    /// per move made, so a refused request is not asked again before another move (a peer
    /// that asks every 100 ms asks once).
    takeback_tried: [Option<usize>; 2],
    /// When the side to move's turn began (or the game was last changed otherwise).
    turn_started: Duration,
    last_chat: [Option<Duration>; 2],
}

/// What an action leads to: a message for every terminal, or a refusal for the one that
/// acted.
pub type Answer = Result<Msg, Refusal>;

/// Why the referee refused an action; its words go to the terminal that acted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game has ended.
    Over(crate::game::Outcome),
    NotYourTurn,
    /// The move was sent for a position the game has since left.
    Stale,
    /// The move text was no legal move.
    Move(crate::rules::MoveError),
    /// The game itself refused (a draw offer, a claim, a takeback...).
    Game(crate::game::GameError),
    NoDrawOffer,
    ClaimNotOnTurn,
    EmptyChat,
    ChatTooSoon,
    TakebackWaiting,
    /// This side already asked to take back since the last move.
    TakebackThisMove,
    /// This side's own draw offer waits for an answer.
    OwnOfferWaiting,
    NoTakebackAsked,
    /// The asker has played no move that could be taken back.
    NothingToTakeBack,
    /// By the time the answer came, no move was left to take back.
    NoMoveToTakeBack,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Over(outcome) => write!(f, "the game is over: {outcome}"),
            Refusal::NotYourTurn => f.write_str("it is not your turn"),
            Refusal::Stale => f.write_str("the game changed before your move arrived"),
            Refusal::Move(e) => e.fmt(f),
            Refusal::Game(e) => e.fmt(f),
            Refusal::NoDrawOffer => {
                f.write_str("there is no draw offer from your opponent to decline")
            }
            Refusal::ClaimNotOnTurn => f.write_str("a draw is claimed on your own turn (FIDE 9.2)"),
            Refusal::EmptyChat => f.write_str("say what? Type the words after `say`"),
            Refusal::ChatTooSoon => f.write_str("one line of chat at a time: wait a moment"),
            Refusal::TakebackWaiting => {
                f.write_str("a takeback request is already waiting for an answer")
            }
            Refusal::TakebackThisMove => {
                f.write_str("you already asked to take back since the last move: once per move")
            }
            Refusal::OwnOfferWaiting => {
                f.write_str("your draw offer is waiting for an answer: ask after it")
            }
            Refusal::NoTakebackAsked => {
                f.write_str("your opponent has not asked to take a move back")
            }
            Refusal::NothingToTakeBack => f.write_str("you have no move to take back"),
            Refusal::NoMoveToTakeBack => f.write_str("there is no move to take back"),
        }
    }
}

impl std::error::Error for Refusal {}

impl Referee {
    /// The referee of `game`, the host playing `host`; the other player's terminal is not
    /// connected yet.
    pub fn new(game: Game, tags: Tags, host: Color, now: Duration) -> Referee {
        let mut connected = [false; 2];
        connected[host.index()] = true;
        Referee {
            game,
            tags,
            host,
            lag: [Vec::new(), Vec::new()],
            connected,
            takeback_asked: None,
            takeback_tried: [None, None],
            turn_started: now,
            last_chat: [None; 2],
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn tags(&self) -> &Tags {
        &self.tags
    }

    /// Names `color`'s player; every terminal is told the game again.
    pub fn rename(&mut self, color: Color, name: String, now: Duration) -> Msg {
        self.game.set_player(color, name);
        self.sync(Notice::Resync, now)
    }

    /// The colour the host plays.
    pub fn host_color(&self) -> Color {
        self.host
    }

    /// The seat of a terminal that comes in to play.
    pub fn guest_seat(&self) -> Seat {
        Seat::of(!self.host)
    }

    /// The clocks at `now`, with each side's lag.
    pub fn clocks(&self, now: Duration) -> Clocks {
        let ms = |c| {
            self.game
                .clock()
                .remaining(c, now)
                .map(|d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        };
        let lag = |c: Color| u32::try_from(self.lag(c).as_millis()).unwrap_or(u32::MAX);
        Clocks {
            white_ms: ms(Color::White),
            black_ms: ms(Color::Black),
            lag_ms: [lag(Color::White), lag(Color::Black)],
        }
    }

    /// The whole game at `now`.
    pub fn snapshot(&self, now: Duration) -> Snapshot {
        Snapshot {
            pgn: self.game.to_pgn(now, &self.tags),
            clocks: self.clocks(now),
            running: self.game.clock().running().is_some(),
            takeback_asked: self.takeback_asked.map(Seat::of),
            connected: self.connected,
        }
    }

    fn sync(&self, notice: Notice, now: Duration) -> Msg {
        Msg::Sync {
            snapshot: self.snapshot(now),
            notice,
        }
    }

    /// Records a round trip the host just timed to `color`'s terminal.
    pub fn set_lag(&mut self, color: Color, round_trip: Duration) {
        let samples = &mut self.lag[color.index()];
        if samples.len() == LAG_SAMPLES {
            samples.remove(0);
        }
        samples.push(round_trip);
    }

    /// `color`'s lag: the lowest recent round trip (zero before any).
    pub fn lag(&self, color: Color) -> Duration {
        self.lag[color.index()]
            .iter()
            .copied()
            .min()
            .unwrap_or(Duration::ZERO)
    }

    /// A player's terminal came or went: everyone is told.
    pub fn set_connected(&mut self, color: Color, connected: bool, now: Duration) -> Msg {
        self.connected[color.index()] = connected;
        if !connected {
            self.lag[color.index()].clear();
        }
        self.sync(
            Notice::Connection {
                seat: Seat::of(color),
                connected,
            },
            now,
        )
    }

    /// Whether `color`'s terminal is connected (the host's own seat always is).
    pub fn is_connected(&self, color: Color) -> bool {
        self.connected[color.index()]
    }

    /// The clocks of a game resumed stopped run again from `now` (the side to move's), and
    /// everyone is told.
    pub fn resume_clocks(&mut self, now: Duration) -> Msg {
        run_clocks(&mut self.game, now);
        self.turn_started = now;
        self.sync(Notice::Resync, now)
    }

    /// When the side to move's flag falls if nothing happens before (for the host's wait).
    pub fn flag_due(&self, now: Duration) -> Option<Duration> {
        let turn = self.game.clock().running()?;
        if self.game.is_over() {
            return None;
        }
        Some(now + self.game.clock().remaining(turn, now)?)
    }

    /// The clocks looked at `now`: a fallen flag ends the game, and everyone is told.
    pub fn tick(&mut self, now: Duration) -> Option<Msg> {
        if self.game.is_over() {
            return None;
        }
        self.game.tick(now)?;
        self.takeback_asked = None;
        Some(self.sync(Notice::Ended, now))
    }

    /// `by` acts at `now`, its terminal having had `ply` moves when it did.
    pub fn act(&mut self, by: Color, ply: u32, action: &Action, now: Duration) -> Answer {
        if let Some(msg) = self.tick(now) {
            // The flag fell before the action arrived: that is the news.
            return Ok(msg);
        }
        let seat = Seat::of(by);
        let err = Refusal::Game;
        match action {
            Action::Say { text } => self.say(by, text, now),
            // A duel's word: a game starts on its first move; everything as it stands.
            Action::Ready => Ok(self.sync(Notice::Resync, now)),
            Action::Move { uci } => self.play(by, ply, uci, now),
            Action::MoveAndClaim { uci } => {
                let mv = self.parse_own_move(by, ply, uci)?;
                self.game.play_and_claim(mv, now).map_err(err)?;
                Ok(self.changed(Notice::Ended, now))
            }
            Action::OfferDraw => match self.game.offer_draw(by, now).map_err(err)? {
                OfferResult::Offered => Ok(self.sync(Notice::DrawOffered(seat), now)),
                OfferResult::Agreed => Ok(self.changed(Notice::Ended, now)),
            },
            Action::AcceptDraw => {
                self.game.accept_draw(by, now).map_err(err)?;
                Ok(self.changed(Notice::Ended, now))
            }
            Action::DeclineDraw => {
                if self.game.pending_offer() != Some(!by) {
                    return Err(Refusal::NoDrawOffer);
                }
                self.game.decline_draw().map_err(err)?;
                Ok(self.sync(Notice::DrawDeclined(seat), now))
            }
            Action::ClaimDraw => {
                if self.game.position().turn() != by {
                    return Err(Refusal::ClaimNotOnTurn);
                }
                self.game.claim_draw(now).map_err(err)?;
                Ok(self.changed(Notice::Ended, now))
            }
            Action::Resign => {
                self.game.resign(by, now).map_err(err)?;
                Ok(self.changed(Notice::Ended, now))
            }
            Action::AskTakeback => self.ask_takeback(by, now),
            Action::AnswerTakeback { accept } => self.answer_takeback(by, *accept, now),
        }
    }

    /// After a change other than a move: the ask for a takeback lapses, the turn's time starts
    /// again for the lag's purpose.
    fn changed(&mut self, notice: Notice, now: Duration) -> Msg {
        self.takeback_asked = None;
        self.turn_started = now;
        self.sync(notice, now)
    }

    fn say(&mut self, by: Color, text: &str, now: Duration) -> Answer {
        let text = clean_chat(text);
        if text.is_empty() {
            return Err(Refusal::EmptyChat);
        }
        if let Some(last) = self.last_chat[by.index()]
            && now.saturating_sub(last) < CHAT_INTERVAL
        {
            return Err(Refusal::ChatTooSoon);
        }
        self.last_chat[by.index()] = Some(now);
        Ok(Msg::Chat {
            from: Seat::of(by),
            text,
        })
    }

    fn parse_own_move(
        &self,
        by: Color,
        ply: u32,
        uci: &str,
    ) -> Result<crate::rules::Move, Refusal> {
        if let Some(outcome) = self.game.outcome() {
            return Err(Refusal::Over(outcome));
        }
        if self.game.position().turn() != by {
            return Err(Refusal::NotYourTurn);
        }
        let plies = self.game.record().plies();
        if usize::try_from(ply).ok() != Some(plies) {
            return Err(Refusal::Stale);
        }
        self.game.position().parse_move(uci).map_err(Refusal::Move)
    }

    fn play(&mut self, by: Color, ply: u32, uci: &str, now: Duration) -> Answer {
        let mv = self.parse_own_move(by, ply, uci)?;
        let started = self.game.is_started();
        self.game.play(mv, now).map_err(Refusal::Game)?;
        if by != self.host && started {
            let spent = now.saturating_sub(self.turn_started);
            let credit = self.lag(by).min(LAG_CAP).min(spent);
            self.game.credit_last_move(credit, now);
        }
        self.takeback_asked = None;
        self.turn_started = now;
        if self.game.is_over() {
            // Mate, stalemate, a dead position or a flag that fell on the press: the whole
            // game, so that no terminal has to work the ending out with its own clock.
            return Ok(self.sync(Notice::Ended, now));
        }
        Ok(Msg::Moved {
            ply,
            uci: mv.uci().to_string(),
            clocks: self.clocks(now),
        })
    }

    /// The plies a takeback for `by` undoes: its own last move, and the opponent's reply if
    /// there was one.
    fn takeback_plies(&self, by: Color) -> Option<usize> {
        let plies = self.game.record().plies();
        let last_mover = self.game.record().mover(plies.checked_sub(1)?);
        let n = if last_mover == by { 1 } else { 2 };
        (plies >= n).then_some(n)
    }

    fn ask_takeback(&mut self, by: Color, now: Duration) -> Answer {
        if let Some(outcome) = self.game.outcome() {
            return Err(Refusal::Over(outcome));
        }
        if self.takeback_asked.is_some() {
            return Err(Refusal::TakebackWaiting);
        }
        if self.game.pending_offer() == Some(by) {
            return Err(Refusal::OwnOfferWaiting);
        }
        let plies = self.game.record().plies();
        if self.takeback_tried[by.index()] == Some(plies) {
            return Err(Refusal::TakebackThisMove);
        }
        self.takeback_plies(by).ok_or(Refusal::NothingToTakeBack)?;
        self.takeback_tried[by.index()] = Some(plies);
        self.takeback_asked = Some(by);
        Ok(self.sync(Notice::TakebackAsked(Seat::of(by)), now))
    }

    fn answer_takeback(&mut self, by: Color, accept: bool, now: Duration) -> Answer {
        let asker = !by;
        if self.takeback_asked != Some(asker) {
            return Err(Refusal::NoTakebackAsked);
        }
        self.takeback_asked = None;
        if !accept {
            return Ok(self.sync(Notice::TakebackDeclined(Seat::of(by)), now));
        }
        let plies = self
            .takeback_plies(asker)
            .ok_or(Refusal::NoMoveToTakeBack)?;
        self.game.takeback(plies, now).map_err(Refusal::Game)?;
        // The moves are gone: the next one made may be asked about again.
        self.takeback_tried[asker.index()] = None;
        Ok(self.changed(Notice::TookBack(Seat::of(asker)), now))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameSetup;
    use crate::game::timecontrol::TimeControl;

    /// The flood of the QA's scripted peer: a request every 100 ms, each refused. Only the
    /// first is put to the host; the rest are refused until another move is made.
    #[test]
    fn a_takeback_is_asked_once_per_move_and_not_while_the_askers_offer_waits() {
        let mut r = timed(5);
        r.act(Color::White, 0, &mv("e2e4"), S).unwrap();
        r.act(Color::Black, 1, &mv("e7e5"), 2 * S).unwrap();
        r.act(Color::Black, 2, &Action::AskTakeback, 3 * S).unwrap();
        r.act(
            Color::White,
            2,
            &Action::AnswerTakeback { accept: false },
            3 * S,
        )
        .unwrap();
        for i in 0..20u32 {
            let at = 3 * S + Duration::from_millis(100) * i;
            assert_eq!(
                r.act(Color::Black, 2, &Action::AskTakeback, at),
                Err(Refusal::TakebackThisMove)
            );
        }
        assert_eq!(r.game().record().plies(), 2);
        r.act(Color::White, 2, &mv("g1f3"), 6 * S).unwrap();
        r.act(Color::Black, 3, &Action::AskTakeback, 7 * S).unwrap();
        // A draw offered with a move: no takeback asked while it waits.
        let mut r = timed(5);
        r.act(Color::White, 0, &mv("e2e4"), S).unwrap();
        r.act(Color::White, 1, &Action::OfferDraw, S).unwrap();
        assert_eq!(
            r.act(Color::White, 1, &Action::AskTakeback, 2 * S),
            Err(Refusal::OwnOfferWaiting)
        );
    }

    const S: Duration = Duration::from_secs(1);
    const MS: Duration = Duration::from_millis(1);

    /// A server's room names its second player when they come: every terminal is told, and
    /// the PGN carries the name.
    #[test]
    fn a_player_named_late_is_in_the_snapshot_every_terminal_is_sent() {
        let mut r = timed(5);
        r.act(Color::White, 0, &mv("e2e4"), S).unwrap();
        let revision = r.game().revision();
        let Msg::Sync { snapshot, notice } = r.rename(Color::Black, "Bob".into(), 2 * S) else {
            panic!("no sync");
        };
        assert_eq!(notice, Notice::Resync);
        assert!(snapshot.pgn.contains("[Black \"Bob\"]"), "{}", snapshot.pgn);
        assert_eq!(r.game().player(Color::Black), "Bob");
        assert_ne!(
            r.game().revision(),
            revision,
            "a saved copy must be written again"
        );
    }

    fn timed(minutes: u64) -> Referee {
        let tc = TimeControl::fischer(Duration::from_secs(minutes * 60), Duration::ZERO).unwrap();
        let game = Game::new(GameSetup {
            white_time: tc.clone(),
            black_time: tc,
            ..GameSetup::default()
        });
        Referee::new(game, Tags::default(), Color::White, Duration::ZERO)
    }

    fn mv(uci: &str) -> Action {
        Action::Move { uci: uci.into() }
    }

    #[test]
    fn a_remote_move_is_credited_its_measured_lag_and_the_hosts_is_not() {
        let mut r = timed(5);
        r.act(Color::White, 0, &mv("e2e4"), Duration::ZERO).unwrap();
        r.set_lag(Color::Black, 200 * MS);
        // Black's move arrives 2 s after White's: 200 ms of it was the network.
        r.act(Color::Black, 1, &mv("e7e5"), 2 * S).unwrap();
        let black = r.game().clock().remaining(Color::Black, 2 * S).unwrap();
        assert_eq!(black, 300 * S - 2 * S + 200 * MS);
        assert_eq!(r.clocks(2 * S).lag_ms, [0, 200]);
        // White (the host) has no lag credited.
        r.set_lag(Color::White, 500 * MS);
        r.act(Color::White, 2, &mv("g1f3"), 5 * S).unwrap();
        let white = r.game().clock().remaining(Color::White, 5 * S).unwrap();
        assert_eq!(white, 300 * S - 3 * S);
    }

    #[test]
    fn the_lag_credit_is_capped_and_never_more_than_the_move_took() {
        let mut r = timed(5);
        r.act(Color::White, 0, &mv("e2e4"), Duration::ZERO).unwrap();
        r.set_lag(Color::Black, 5 * S);
        r.act(Color::Black, 1, &mv("e7e5"), 10 * S).unwrap();
        let black = r.game().clock().remaining(Color::Black, 10 * S).unwrap();
        assert_eq!(black, 300 * S - 10 * S + LAG_CAP);
        r.act(Color::White, 2, &mv("g1f3"), 10 * S).unwrap();
        r.act(Color::Black, 3, &mv("b8c6"), 10 * S + 300 * MS)
            .unwrap();
        let after = r.game().clock().remaining(Color::Black, 11 * S).unwrap();
        assert_eq!(after, black, "300 ms spent, 300 ms credited");
    }

    #[test]
    fn answers_held_back_cannot_raise_the_credit_above_the_lowest_round_trip() {
        let mut r = timed(5);
        r.act(Color::White, 0, &mv("e2e4"), Duration::ZERO).unwrap();
        // One honest answer among answers held back 3 s each: the honest one counts.
        r.set_lag(Color::Black, 40 * MS);
        for _ in 0..LAG_SAMPLES - 1 {
            r.set_lag(Color::Black, 3 * S);
        }
        assert_eq!(r.lag(Color::Black), 40 * MS);
        r.act(Color::Black, 1, &mv("e7e5"), 2 * S).unwrap();
        let black = r.game().clock().remaining(Color::Black, 2 * S).unwrap();
        assert_eq!(black, 300 * S - 2 * S + 40 * MS);
        // Every answer held back: the credit is the cap, no more, and the lag shows.
        r.set_lag(Color::Black, 3 * S);
        assert_eq!(r.lag(Color::Black), 3 * S);
        assert_eq!(r.clocks(2 * S).lag_ms[1], 3000);
        r.act(Color::White, 2, &mv("g1f3"), 2 * S).unwrap();
        r.act(Color::Black, 3, &mv("b8c6"), 4 * S).unwrap();
        let after = r.game().clock().remaining(Color::Black, 4 * S).unwrap();
        assert_eq!(after, black - 2 * S + LAG_CAP);
    }

    #[test]
    fn refusals_say_what_the_player_reads() {
        let said = [
            (
                Refusal::NoDrawOffer,
                "there is no draw offer from your opponent to decline",
            ),
            (
                Refusal::ClaimNotOnTurn,
                "a draw is claimed on your own turn (FIDE 9.2)",
            ),
            (Refusal::EmptyChat, "say what? Type the words after `say`"),
            (
                Refusal::ChatTooSoon,
                "one line of chat at a time: wait a moment",
            ),
            (
                Refusal::TakebackWaiting,
                "a takeback request is already waiting for an answer",
            ),
            (
                Refusal::NoTakebackAsked,
                "your opponent has not asked to take a move back",
            ),
            (Refusal::NothingToTakeBack, "you have no move to take back"),
            (Refusal::NoMoveToTakeBack, "there is no move to take back"),
        ];
        for (refusal, words) in said {
            assert_eq!(refusal.to_string(), words);
        }
    }

    #[test]
    fn a_move_for_an_older_position_or_out_of_turn_is_refused() {
        let mut r = timed(5);
        let refused = |r: &mut Referee, ply| {
            r.act(Color::Black, ply, &mv("e7e5"), S)
                .map_err(|e| e.to_string())
        };
        assert_eq!(refused(&mut r, 0), Err("it is not your turn".into()));
        r.act(Color::White, 0, &mv("e2e4"), S).unwrap();
        assert_eq!(
            refused(&mut r, 0),
            Err("the game changed before your move arrived".into())
        );
        let err = r
            .act(Color::Black, 1, &mv("e7e4"), S)
            .unwrap_err()
            .to_string();
        assert!(err.contains("e7e4") || err.contains("e4"), "{err}");
        assert_eq!(r.game().record().plies(), 1);
    }

    #[test]
    fn a_takeback_needs_the_opponents_consent_and_takes_back_the_askers_move() {
        let mut r = timed(5);
        r.act(Color::White, 0, &mv("e2e4"), S).unwrap();
        r.act(Color::Black, 1, &mv("e7e5"), 2 * S).unwrap();
        // White asks after Black's reply: both moves go.
        r.act(Color::White, 2, &Action::AskTakeback, 3 * S).unwrap();
        assert!(
            r.act(
                Color::White,
                2,
                &Action::AnswerTakeback { accept: true },
                3 * S
            )
            .is_err(),
            "the asker cannot consent"
        );
        r.act(
            Color::Black,
            2,
            &Action::AnswerTakeback { accept: true },
            4 * S,
        )
        .unwrap();
        assert_eq!(r.game().record().plies(), 0);
        // Declined: nothing changes.
        r.act(Color::White, 0, &mv("d2d4"), 5 * S).unwrap();
        r.act(Color::White, 1, &Action::AskTakeback, 5 * S).unwrap();
        let msg = r
            .act(
                Color::Black,
                1,
                &Action::AnswerTakeback { accept: false },
                6 * S,
            )
            .unwrap();
        assert!(matches!(
            msg,
            Msg::Sync {
                notice: Notice::TakebackDeclined(Seat::Black),
                ..
            }
        ));
        assert_eq!(r.game().record().plies(), 1);
    }

    #[test]
    fn draws_by_agreement_and_claims_go_through_the_game_rules() {
        let mut r = timed(5);
        r.act(Color::White, 0, &Action::OfferDraw, S).unwrap();
        assert!(r.act(Color::White, 0, &Action::AcceptDraw, S).is_err());
        assert!(r.act(Color::Black, 0, &Action::ClaimDraw, S).is_err());
        let err = r.act(Color::White, 0, &Action::ClaimDraw, S).unwrap_err();
        assert!(!err.to_string().is_empty());
        r.act(Color::Black, 0, &Action::AcceptDraw, 2 * S).unwrap();
        assert_eq!(
            r.game().outcome().unwrap().reason,
            crate::game::Reason::Agreement
        );
        assert!(r.act(Color::White, 0, &mv("e2e4"), 3 * S).is_err());
    }

    #[test]
    fn the_flag_falls_at_the_host_and_is_due_when_the_clock_says() {
        let mut r = timed(1);
        r.act(Color::White, 0, &mv("e2e4"), Duration::ZERO).unwrap();
        r.act(Color::Black, 1, &mv("e7e5"), S).unwrap();
        assert_eq!(r.flag_due(S), Some(61 * S));
        assert_eq!(r.tick(60 * S), None);
        let msg = r.tick(61 * S).unwrap();
        assert!(matches!(
            msg,
            Msg::Sync {
                notice: Notice::Ended,
                ..
            }
        ));
        assert_eq!(
            r.game().outcome().unwrap().reason,
            crate::game::Reason::TimeForfeit(Color::White)
        );
        assert_eq!(r.flag_due(62 * S), None);
    }

    #[test]
    fn chat_is_cleaned_and_a_flood_refused() {
        let mut r = timed(5);
        assert_eq!(
            r.act(
                Color::Black,
                0,
                &Action::Say {
                    text: "hi\x07".into()
                },
                S
            ),
            Ok(Msg::Chat {
                from: Seat::Black,
                text: "hi".into()
            })
        );
        assert!(
            r.act(
                Color::Black,
                0,
                &Action::Say {
                    text: "again".into()
                },
                S
            )
            .is_err()
        );
        assert!(
            r.act(Color::Black, 0, &Action::Say { text: "\n".into() }, 5 * S)
                .is_err()
        );
    }
}
