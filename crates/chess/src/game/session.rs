//! [`Game`]: one game as the players live it — moves with the clock press, draw offers and
//! claims, resignation, takeback, flag fall, and the outcome.
//!
//! Every input path of the front end (typed, cursor, mouse) ends in [`Game::play`], so a game
//! end is announced the same way whichever way the move was made. The current time is passed in
//! as a `Duration` since any fixed origin; nothing here reads a clock.

use std::fmt;
use std::time::Duration;

use super::clock::Clock;
use super::notes::Notes;
use super::outcome::{GameResult, Outcome, Reason};
use super::record::{AutomaticEnd, Claims, Record};
use super::timecontrol::TimeControl;
use crate::rules::{Color, Move, Position};

/// What a new game needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub start: Position,
    pub white: String,
    pub black: String,
    pub white_time: TimeControl,
    pub black_time: TimeControl,
}

impl Default for GameSetup {
    fn default() -> GameSetup {
        GameSetup {
            start: Position::initial(),
            white: "White".to_owned(),
            black: "Black".to_owned(),
            white_time: TimeControl::untimed(),
            black_time: TimeControl::untimed(),
        }
    }
}

/// Why the game refused an action. Nothing changes when one is returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    Over(Outcome),
    IllegalMove(Move),
    NoClaim(String),
    NoOffer,
    OwnOffer,
    AlreadyOffered(Color),
    /// The player's offer after this move was declined; they may offer again after their next.
    DeclinedThisMove(Color),
    NothingToTakeBack,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Over(o) => write!(f, "the game is over: {o}"),
            GameError::IllegalMove(m) => write!(f, "{} is not a legal move here", m.uci()),
            GameError::NoClaim(why) => f.write_str(why),
            GameError::NoOffer => f.write_str("there is no draw offer to answer"),
            GameError::OwnOffer => f.write_str("a player cannot accept their own draw offer"),
            GameError::AlreadyOffered(c) => write!(f, "{c} has already offered a draw"),
            GameError::DeclinedThisMove(c) => write!(
                f,
                "{c}'s draw offer was declined: {c} may offer again after their next move"
            ),
            GameError::NothingToTakeBack => f.write_str("there is no move to take back"),
        }
    }
}

impl std::error::Error for GameError {}

/// What [`Game::offer_draw`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferResult {
    /// The offer stands until the opponent answers or moves.
    Offered,
    /// The opponent had already offered: the game is drawn by agreement.
    Agreed,
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    record: Record,
    clock: Clock,
    white: String,
    black: String,
    /// The clock before each move, for takeback.
    snapshots: Vec<Clock>,
    /// The mover's remaining time right after each move (`[%clk]`), if timed.
    clock_readings: Vec<Option<Duration>>,
    /// The glyphs and comment of each move, and the comment before the first.
    notes: Vec<Notes>,
    intro: String,
    /// The side lines studied or read from a file.
    pub(super) variations: super::variations::Variations,
    /// The engine's evaluation of each position (0: the start), where known: `[%eval]` read
    /// from a file or a report written in (see [`super::report`]).
    pub(super) evals: Vec<Option<super::report::Eval>>,
    /// What reading the game from a file had to leave out (a side line cut short).
    import_note: Option<String>,
    /// Draw offers: (half-moves played when offered, by whom).
    offers: Vec<(usize, Color)>,
    pending_offer: Option<Color>,
    /// When the clocks were stopped by the players' agreement ([`Game::pause`]).
    paused_at: Option<Duration>,
    started: bool,
    outcome: Option<Outcome>,
    /// Counts the changes a saved copy would miss; see [`Game::revision`].
    revision: u64,
}

impl Game {
    pub fn new(setup: GameSetup) -> Game {
        let mut clock = Clock::new(setup.white_time, setup.black_time);
        clock.set_turn(setup.start.turn());
        let mut game = Game {
            record: Record::new(setup.start),
            clock,
            white: setup.white,
            black: setup.black,
            snapshots: Vec::new(),
            clock_readings: Vec::new(),
            notes: Vec::new(),
            intro: String::new(),
            variations: super::variations::Variations::default(),
            evals: Vec::new(),
            import_note: None,
            offers: Vec::new(),
            pending_offer: None,
            paused_at: None,
            started: false,
            outcome: None,
            revision: 0,
        };
        // A start position may already be mate, stalemate or dead.
        game.check_automatic_end(Duration::ZERO);
        game
    }

    // ---- Reading ----

    pub fn record(&self) -> &Record {
        &self.record
    }

    pub fn position(&self) -> &Position {
        self.record.position()
    }

    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    pub fn player(&self, color: Color) -> &str {
        color.fold(&self.white, &self.black)
    }

    /// Names `color`'s player (a server's room, whose second player is known only when they
    /// come). A change a saved copy would miss.
    pub fn set_player(&mut self, color: Color, name: String) {
        match color {
            Color::White => self.white = name,
            Color::Black => self.black = name,
        }
        self.changed();
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// A number that changes whenever the game changes in a way a saved copy would miss: a
    /// move, a takeback, an offer or its answer, a claim, the end, starting or pausing the
    /// clocks. The passing of time on a running clock does not count. Autosave compares it with
    /// the revision it last wrote.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    pub(crate) fn changed(&mut self) {
        self.revision = self.revision.wrapping_add(1);
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    pub fn is_started(&self) -> bool {
        self.started
    }

    /// Whether the clock has time limits at all.
    pub fn is_timed(&self) -> bool {
        Color::ALL
            .iter()
            .any(|&c| !self.clock.control(c).is_untimed())
    }

    /// The player who offered a draw that still stands.
    pub fn pending_offer(&self) -> Option<Color> {
        self.pending_offer
    }

    /// Every draw offer made: (half-moves played at the time, by whom).
    pub fn offers(&self) -> &[(usize, Color)] {
        &self.offers
    }

    /// The mover's clock reading right after each move, where the game is timed.
    pub fn clock_readings(&self) -> &[Option<Duration>] {
        &self.clock_readings
    }

    /// The glyphs and comment of each move, in order.
    pub fn notes(&self) -> &[Notes] {
        &self.notes
    }

    /// What reading the game from a file had to leave out, in words.
    pub fn import_note(&self) -> Option<&str> {
        self.import_note.as_deref()
    }

    pub(crate) fn set_import_note(&mut self, note: String) {
        self.import_note = Some(note);
    }

    /// The comment before the first move (a game's introduction).
    pub fn intro(&self) -> &str {
        &self.intro
    }

    /// The notes of the move at `index`, to add to.
    pub(crate) fn notes_mut(&mut self, index: usize) -> Option<&mut Notes> {
        self.notes.get_mut(index)
    }

    /// Takes the closing comment that says how the game ended (written by the PGN export, see
    /// [`Outcome::closing_comment`]) out of the last move's comment, or the introduction of a
    /// game without moves: it is the game's, not the players' words, and is written again.
    pub(crate) fn strip_closing(&mut self, closing: &str) {
        let comment = match self.notes.last_mut() {
            Some(notes) => &mut notes.comment,
            None => &mut self.intro,
        };
        if let Some(words) = comment.strip_suffix(closing) {
            *comment = words.trim_end().to_owned();
        }
    }

    /// Replaces the comment of the move that led to `spot` (at the start position: the comment
    /// before the first move) with `text`, its spaces tidied; empty text removes it. `false`:
    /// no such move.
    pub fn set_comment(&mut self, spot: super::Spot, text: &str) -> bool {
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        match spot {
            super::Spot::Main(0) => self.intro = text,
            spot => match self.notes_at_mut(spot) {
                Some(notes) => notes.comment = text,
                None => return false,
            },
        }
        true
    }

    /// Adds to the comment before the first move.
    pub(crate) fn add_intro(&mut self, text: &str) {
        let mut notes = Notes {
            comment: std::mem::take(&mut self.intro),
            ..Notes::default()
        };
        notes.add_comment(text);
        self.intro = notes.comment;
    }

    /// What the player to move may claim now (without moving).
    pub fn claimable_now(&self) -> Claims {
        if self.is_over() {
            return Claims::default();
        }
        self.record.claimable_now()
    }

    /// What the player to move could claim by declaring `mv` before playing it.
    pub fn claims_by_move(&self, mv: Move) -> Claims {
        // A move that ends the game by itself (mate, the seventy-five-move rule, a fivefold
        // repetition...) needs no claim: asking would be a pointless question.
        if self.is_over() || !self.position().is_legal(mv) || self.record.move_ends_game(mv) {
            return Claims::default();
        }
        self.record.claims_by_move(mv)
    }

    // ---- Time ----

    /// Starts White's clock (FIDE 6.5), or the side to move's in a set-up position.
    pub fn start(&mut self, now: Duration) {
        if !self.started && !self.is_over() {
            self.started = true;
            self.clock.start(now);
            self.changed();
        }
    }

    /// Stops both clocks, as the players agreed (FIDE 6.11.1 keeps it for the arbiter: at one
    /// keyboard both players agree instead).
    pub fn pause(&mut self, now: Duration) {
        if !self.is_over() && !self.clock.is_paused() {
            self.clock.pause(now);
            self.paused_at = Some(now);
            self.changed();
        }
    }

    /// Starts the clocks again after [`Game::pause`], and writes in the game how long they
    /// were stopped: a comment on the last move (before the first move: the introduction),
    /// `Clocks stopped for 1:00 by agreement.`
    pub fn resume(&mut self, now: Duration) {
        if self.is_over() || !self.clock.is_paused() {
            return;
        }
        self.clock.resume(now);
        if let Some(at) = self.paused_at.take() {
            let span = super::clock::format_span(now.saturating_sub(at));
            let note = format!("Clocks stopped for {span} by agreement.");
            match self.notes.last_mut() {
                Some(notes) => notes.add_comment(&note),
                None => self.add_intro(&note),
            }
        }
        self.changed();
    }

    /// Checks for flag fall at `now`, ending the game if a flag has fallen. Call it whenever
    /// time may have passed; returns the outcome if the game is over.
    pub fn tick(&mut self, now: Duration) -> Option<Outcome> {
        if self.outcome.is_none()
            && let Some(flagged) = self.clock.flag(now)
        {
            self.flag_fell(flagged, now);
        }
        self.outcome
    }

    fn flag_fell(&mut self, flagged: Color, now: Duration) {
        let outcome = if self.position().has_insufficient_material(!flagged) {
            Outcome::new(
                GameResult::Draw,
                Reason::TimeoutVsInsufficientMaterial(flagged),
            )
        } else {
            Outcome::new(GameResult::Win(!flagged), Reason::TimeForfeit(flagged))
        };
        self.finish(outcome, now);
    }

    fn finish(&mut self, outcome: Outcome, now: Duration) {
        self.outcome = Some(outcome);
        self.pending_offer = None;
        self.clock.pause(now);
        self.changed();
    }

    fn ensure_playing(&mut self, now: Duration) -> Result<(), GameError> {
        match self.tick(now) {
            Some(o) => Err(GameError::Over(o)),
            None => Ok(()),
        }
    }

    /// Gives the side that just moved back `extra` of the time its move was charged: the
    /// network lag of a move made at another terminal, which the host credits (up to a cap it
    /// chooses). Does nothing in an untimed game or one that is over, or before any move.
    pub fn credit_last_move(&mut self, extra: Duration, now: Duration) {
        if self.record.plies() == 0 || self.is_over() {
            return;
        }
        let mover = !self.position().turn();
        let Some(left) = self.clock.remaining(mover, now) else {
            return;
        };
        let credited = left.saturating_add(extra);
        self.clock.set_remaining(mover, credited);
        if let Some(Some(reading)) = self.clock_readings.last_mut() {
            *reading = credited;
        }
    }

    /// Sets both clocks to a reading taken at `now` elsewhere (the host's clocks, at a
    /// terminal that mirrors its game); `None` leaves a side as it is. A running clock keeps
    /// running from the new reading.
    pub fn sync_clocks(&mut self, white: Option<Duration>, black: Option<Duration>, now: Duration) {
        let running = self.clock.running().is_some();
        self.clock.pause(now);
        for (color, reading) in [(Color::White, white), (Color::Black, black)] {
            if let Some(reading) = reading
                && !self.clock.control(color).is_untimed()
            {
                self.clock.set_remaining(color, reading);
            }
        }
        if running {
            self.clock.resume(now);
        }
    }

    // ---- Moves ----

    /// Plays a legal move with the clock press. Starts the clock if the game had not started.
    pub fn play(&mut self, mv: Move, now: Duration) -> Result<Option<Outcome>, GameError> {
        self.ensure_playing(now)?;
        if !self.position().is_legal(mv) {
            return Err(GameError::IllegalMove(mv));
        }
        self.start(now);
        let mover = self.position().turn();
        self.snapshots.push(self.clock.snapshot(now));
        self.record.push(mv);
        self.clock.press(now);
        self.clock_readings.push(self.clock.remaining(mover, now));
        self.notes.push(Notes::default());
        if self.pending_offer == Some(!mover) {
            // Moving declines the opponent's offer (9.1.2.3).
            self.pending_offer = None;
        }
        self.changed();
        self.check_automatic_end(now);
        Ok(self.outcome)
    }

    fn check_automatic_end(&mut self, now: Duration) {
        let Some(end) = self.record.automatic_end() else {
            return;
        };
        let mover = !self.position().turn();
        let outcome = match end {
            AutomaticEnd::Checkmate => Outcome::new(GameResult::Win(mover), Reason::Checkmate),
            AutomaticEnd::Stalemate => Outcome::new(GameResult::Draw, Reason::Stalemate),
            AutomaticEnd::InsufficientMaterial => {
                Outcome::new(GameResult::Draw, Reason::InsufficientMaterial)
            }
            AutomaticEnd::FivefoldRepetition => {
                Outcome::new(GameResult::Draw, Reason::FivefoldRepetition)
            }
            AutomaticEnd::SeventyFiveMoves => {
                Outcome::new(GameResult::Draw, Reason::SeventyFiveMoves)
            }
        };
        self.finish(outcome, now);
    }

    // ---- Draws ----

    /// Claims a draw now: threefold repetition first, else the fifty-move rule.
    pub fn claim_draw(&mut self, now: Duration) -> Result<Outcome, GameError> {
        self.ensure_playing(now)?;
        let claimant = self.position().turn();
        let claims = self.record.claimable_now();
        let reason = if claims.threefold {
            Reason::ThreefoldClaim(claimant)
        } else if claims.fifty {
            Reason::FiftyMoveClaim(claimant)
        } else {
            return Err(GameError::NoClaim(self.why_no_claim()));
        };
        let outcome = Outcome::new(GameResult::Draw, reason);
        self.finish(outcome, now);
        Ok(outcome)
    }

    fn why_no_claim(&self) -> String {
        let reps = self.record.repetitions();
        let halfmoves = self.position().halfmoves();
        let times = match reps {
            1 => "once".to_owned(),
            2 => "twice".to_owned(),
            n => format!("{n} times"),
        };
        format!(
            "no draw to claim: this position has occurred {times} (three are needed), and \
             {} moves have passed without a capture or pawn move (fifty are needed)",
            halfmoves / 2
        )
    }

    /// Claims a draw by declaring `mv` (9.2.1.1, 9.3.1.1): the move is played and, if it allows
    /// the claim, the game is drawn. A move that mates wins instead. A move that does not allow a
    /// claim is refused and not played.
    pub fn play_and_claim(&mut self, mv: Move, now: Duration) -> Result<Outcome, GameError> {
        self.ensure_playing(now)?;
        if !self.position().is_legal(mv) {
            return Err(GameError::IllegalMove(mv));
        }
        let claims = self.record.claims_by_move(mv);
        if !claims.any() {
            return Err(GameError::NoClaim(format!(
                "{} does not allow a draw claim: it neither repeats a position for the third \
                 time nor completes fifty moves without a capture or pawn move",
                self.position().san(mv)
            )));
        }
        let claimant = self.position().turn();
        if let Some(outcome) = self.play(mv, now)? {
            return Ok(outcome);
        }
        let reason = if claims.threefold {
            Reason::ThreefoldClaim(claimant)
        } else {
            Reason::FiftyMoveClaim(claimant)
        };
        let outcome = Outcome::new(GameResult::Draw, reason);
        self.finish(outcome, now);
        Ok(outcome)
    }

    /// `color` offers a draw (9.1). If the opponent's offer is already standing, this accepts it.
    pub fn offer_draw(&mut self, color: Color, now: Duration) -> Result<OfferResult, GameError> {
        self.ensure_playing(now)?;
        match self.pending_offer {
            Some(c) if c == color => Err(GameError::AlreadyOffered(c)),
            Some(_) => {
                self.accept_draw(color, now)?;
                Ok(OfferResult::Agreed)
            }
            // One offer per move (9.1.2.1: offer after making a move); asking again and again
            // would only disturb the opponent (11.5).
            None if self.offers.contains(&(self.record.plies(), color)) => {
                Err(GameError::DeclinedThisMove(color))
            }
            None => {
                self.pending_offer = Some(color);
                self.offers.push((self.record.plies(), color));
                self.changed();
                Ok(OfferResult::Offered)
            }
        }
    }

    /// `color` accepts the opponent's standing offer: drawn by agreement.
    pub fn accept_draw(&mut self, color: Color, now: Duration) -> Result<Outcome, GameError> {
        self.ensure_playing(now)?;
        match self.pending_offer {
            None => Err(GameError::NoOffer),
            Some(c) if c == color => Err(GameError::OwnOffer),
            Some(_) => {
                let outcome = Outcome::new(GameResult::Draw, Reason::Agreement);
                self.finish(outcome, now);
                Ok(outcome)
            }
        }
    }

    /// The standing offer is declined.
    pub fn decline_draw(&mut self) -> Result<(), GameError> {
        match self.pending_offer.take() {
            Some(_) => {
                self.changed();
                Ok(())
            }
            None => Err(GameError::NoOffer),
        }
    }

    /// `color` resigns and loses.
    pub fn resign(&mut self, color: Color, now: Duration) -> Result<Outcome, GameError> {
        self.ensure_playing(now)?;
        let outcome = Outcome::new(GameResult::Win(!color), Reason::Resignation(color));
        self.finish(outcome, now);
        Ok(outcome)
    }

    /// `color` leaves the game unfinished and loses it (an engine opponent that stopped
    /// working).
    pub fn abandon(&mut self, color: Color, now: Duration) -> Result<Outcome, GameError> {
        self.ensure_playing(now)?;
        let outcome = Outcome::new(GameResult::Win(!color), Reason::Abandoned(color));
        self.finish(outcome, now);
        Ok(outcome)
    }

    /// Takes back the last `plies` half-moves (1, or 2 to return to the same player), restoring
    /// the position and the record as they were before the first one undone, with their clock
    /// readings. The clocks never get time back: each keeps the time it had then minus all the
    /// time its side has used since (see [`Clock::restore`]), and the side to move's runs.
    pub fn takeback(&mut self, plies: usize, now: Duration) -> Result<(), GameError> {
        self.ensure_playing(now)?;
        if plies == 0 || plies > self.record.plies() {
            return Err(GameError::NothingToTakeBack);
        }
        let mut snapshot = None;
        for _ in 0..plies {
            self.record.pop();
            self.clock_readings.pop();
            self.notes.pop();
            snapshot = self.snapshots.pop();
        }
        if let Some(s) = snapshot {
            self.clock.restore(s, now);
        }
        let plies_now = self.record.plies();
        self.evals.truncate(plies_now + 1);
        self.truncate_variations();
        self.offers.retain(|&(ply, _)| ply <= plies_now);
        self.pending_offer = None;
        self.changed();
        Ok(())
    }

    // ---- Rebuilding (PGN import, resume) ----

    /// Plays a move from a saved record without timing it: the clock only changes turns (its
    /// readings come from [`Game::set_last_reading`]).
    pub(crate) fn replay(&mut self, mv: Move) {
        let mover = self.position().turn();
        self.snapshots.push(self.clock.clone());
        self.record.push(mv);
        self.clock
            .set_moves_made(mover, self.clock.moves_made(mover).saturating_add(1));
        self.clock.set_turn(!mover);
        self.clock_readings.push(None);
        self.notes.push(Notes::default());
    }

    /// Sets the clock reading after the last move replayed (a `[%clk]` comment). An untimed
    /// game keeps it too, to show in the review, but its clocks stay without limits.
    pub(crate) fn set_last_reading(&mut self, remaining: Duration) {
        let mover = !self.position().turn();
        let remaining = self.believable(mover, remaining);
        if let Some(last) = self.clock_readings.last_mut() {
            *last = Some(remaining);
            if !self.clock.control(mover).is_untimed() {
                self.clock.set_remaining(mover, remaining);
            }
        }
    }

    /// A clock reading from a file, cut to the most `color`'s control could have given by now
    /// (`[WhiteClock "99999999:00:00"]` in a 5+3 game is not believed).
    fn believable(&self, color: Color, remaining: Duration) -> Duration {
        let control = self.clock.control(color);
        control
            .most_after(self.clock.moves_made(color))
            .map_or(remaining, |most| remaining.min(most))
    }

    /// Sets the time left of `color` (a saved game's reading for the move in progress).
    pub(crate) fn set_remaining(&mut self, color: Color, remaining: Duration) {
        if !self.clock.control(color).is_untimed() {
            let remaining = self.believable(color, remaining);
            self.clock.set_remaining(color, remaining);
        }
    }

    pub(crate) fn set_outcome(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
    }

    pub(crate) fn push_offer(&mut self, ply: usize, color: Color) {
        self.offers.push((ply, color));
    }

    /// A standing offer read back from a saved game: kept only if `by` made the last offer
    /// recorded, at the current half-move, and the game goes on.
    pub(crate) fn restore_offer(&mut self, by: Color) {
        if !self.is_over() && self.offers.last() == Some(&(self.record.plies(), by)) {
            self.pending_offer = Some(by);
        }
    }

    pub(crate) fn check_end_after_replay(&mut self) {
        self.check_automatic_end(Duration::ZERO);
    }
}
