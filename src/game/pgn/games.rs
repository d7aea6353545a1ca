//! From PGN text to games: one visitor turns move tokens into legal moves and hands them to a
//! [`Target`] — a lean one for checking and replaying files quickly ([`Replayed`]), and a full one
//! that rebuilds a [`Game`] with its clocks ([`ImportedGame`]), for loading and resuming.
//!
//! Errors name the game (its index and, if present, Event/White/Black), the move number and the
//! token, and why; one bad game does not stop the others from being read.

use std::fmt;
use std::io::Read;
use std::time::Duration;

use super::clk::parse_clk_comment;
use super::reader::Reader;
use super::visitor::{Outcome as PgnOutcome, RawTag, Skip, Visitor};
use crate::game::outcome::{GameResult, Outcome, Reason};
use crate::game::record::{AutomaticEnd, Claims, History};
use crate::game::session::{Game, GameSetup};
use crate::game::timecontrol::{Delay, TimeControl};
use crate::rules::{Color, Move, Position};

/// Why one game of a PGN file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGameError {
    /// 1-based index of the game in the file.
    pub index: usize,
    /// `Event "..."`, `White "..."`, `Black "..."` where present.
    pub names: Vec<(String, String)>,
    /// Where: "move 12... Nf7", "the FEN tag", ...
    pub place: String,
    pub reason: String,
}

impl fmt::Display for PgnGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.index)?;
        if !self.names.is_empty() {
            let names: Vec<String> = self
                .names
                .iter()
                .map(|(k, v)| format!("{k} \"{v}\""))
                .collect();
            write!(f, " ({})", names.join(", "))?;
        }
        write!(f, ", {}: {}", self.place, self.reason)
    }
}

impl std::error::Error for PgnGameError {}

/// What the visitor does with each legal move.
pub trait Target: Sized {
    /// Whether every tag is kept, or only those needed to replay and to name the game.
    const ALL_TAGS: bool = true;
    fn start(position: &Position, tags: &[(String, String)]) -> Result<Self, String>;
    fn position(&self) -> &Position;
    fn play(&mut self, mv: Move);
    fn comment(&mut self, _comment: &[u8]) {}
}

struct GameVisitor<T> {
    index: usize,
    tags: Vec<(String, String)>,
    target: Option<T>,
    error: Option<(String, String)>,
    result: Option<PgnOutcome>,
    /// Half-moves played, for error locations.
    plies: usize,
}

impl<T> GameVisitor<T> {
    fn new() -> GameVisitor<T> {
        GameVisitor {
            index: 0,
            tags: Vec::new(),
            target: None,
            error: None,
            result: None,
            plies: 0,
        }
    }
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// Whether a `Variant` tag names Chess960, in the spellings programs write.
fn is_chess960_variant(name: &str) -> bool {
    let name: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    matches!(
        name.as_str(),
        "chess960" | "fischerandom" | "fischerrandom" | "fischerrandomchess" | "frc" | "960"
    )
}

fn start_position(tags: &[(String, String)]) -> Result<Position, String> {
    let mut start = match tag(tags, "FEN") {
        Some(fen) => {
            Position::from_fen(fen).map_err(|e| format!("the FEN tag is not a position: {e}"))?
        }
        None => Position::initial(),
    };
    start.set_chess960(tag(tags, "Variant").is_some_and(is_chess960_variant));
    Ok(start)
}

impl<T: Target> GameVisitor<T> {
    /// A move token the fast path could not resolve: a note, a null move, another notation,
    /// or an error to locate and explain.
    #[cold]
    fn san_slow(&mut self, token: &[u8]) -> Skip {
        let Some(target) = self.target.as_mut() else {
            return Skip(true);
        };
        let pos = target.position();
        let number = pos.fullmoves();
        let dots = pos.turn().fold(".", "...");
        let place = || {
            let text = String::from_utf8_lossy(token);
            format!("move {number}{dots} \"{}\"", text.escape_debug())
        };
        let Ok(text) = std::str::from_utf8(token) else {
            self.error = Some((place(), "the move is not valid UTF-8 text".to_owned()));
            return Skip(true);
        };
        if token.eq_ignore_ascii_case(b"e.p.") || token.eq_ignore_ascii_case(b"ep") {
            // "exd6 e.p." written with a space: a note on the move just read.
            return Skip(false);
        }
        if token == b"--" || token == b"Z0" {
            self.error = Some((place(), "null moves are not supported".to_owned()));
            return Skip(true);
        }
        match pos.parse_move(text) {
            Ok(mv) => {
                target.play(mv);
                self.plies += 1;
                Skip(false)
            }
            Err(e) => {
                self.error = Some((place(), e.to_string()));
                Skip(true)
            }
        }
    }
}

impl<T: Target> Visitor for GameVisitor<T> {
    type Output = Result<(T, Vec<(String, String)>, Option<PgnOutcome>), PgnGameError>;

    fn begin_game(&mut self) {
        self.index += 1;
        self.tags.clear();
        self.target = None;
        self.error = None;
        self.result = None;
        self.plies = 0;
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Skip {
        let needed = |n: &[u8]| {
            [&b"FEN"[..], b"Event", b"White", b"Black"]
                .iter()
                .any(|k| n.eq_ignore_ascii_case(k))
        };
        if !T::ALL_TAGS && !needed(name) {
            return Skip(false);
        }
        self.tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8().into_owned(),
        ));
        Skip(false)
    }

    fn begin_movetext(&mut self) -> Skip {
        match start_position(&self.tags).and_then(|p| T::start(&p, &self.tags)) {
            Ok(t) => {
                self.target = Some(t);
                Skip(false)
            }
            Err(reason) => {
                self.error = Some(("the tags".to_owned(), reason));
                Skip(true)
            }
        }
    }

    #[inline]
    fn san(&mut self, token: &[u8]) -> Skip {
        let Some(target) = self.target.as_mut() else {
            return Skip(true);
        };
        // Nearly every move of a file: strict SAN that resolves at once. Nothing in `san_slow`
        // (the UTF-8 check, notes, null moves, the error location) concerns it.
        if let Some(mv) = target.position().parse_san_fast(token) {
            target.play(mv);
            self.plies += 1;
            return Skip(false);
        }
        self.san_slow(token)
    }

    fn comment(&mut self, comment: &[u8]) -> Skip {
        if let Some(t) = self.target.as_mut() {
            t.comment(comment);
        }
        Skip(false)
    }

    fn outcome(&mut self, outcome: Option<PgnOutcome>) {
        self.result = outcome;
    }

    fn end_game(&mut self) -> Self::Output {
        let tags = std::mem::take(&mut self.tags);
        let error = self.error.take().or_else(|| {
            self.target.is_none().then(|| {
                (
                    "the movetext".to_owned(),
                    "the game has no moves section".to_owned(),
                )
            })
        });
        if let Some((place, reason)) = error {
            let names = ["Event", "White", "Black"]
                .iter()
                .filter_map(|&k| tag(&tags, k).map(|v| (k.to_owned(), v.to_owned())))
                .filter(|(_, v)| !v.is_empty() && v != "?")
                .collect();
            return Err(PgnGameError {
                index: self.index,
                names,
                place,
                reason,
            });
        }
        let target = self.target.take().ok_or_else(|| PgnGameError {
            index: self.index,
            names: Vec::new(),
            place: "the movetext".to_owned(),
            reason: "the game has no moves section".to_owned(),
        })?;
        Ok((target, tags, self.result))
    }
}

/// Reads every game of a PGN stream, calling `each` with the game or its error, in order.
/// Only an I/O error stops the reading.
fn read_all<T: Target, R: Read>(
    input: R,
    mut each: impl FnMut(Result<(T, Vec<(String, String)>, Option<PgnOutcome>), PgnGameError>),
) -> std::io::Result<()> {
    let mut reader = Reader::new(input);
    let mut visitor = GameVisitor::<T>::new();
    while let Some(game) = reader.read_game(&mut visitor)? {
        each(game);
    }
    Ok(())
}

// ---- The lean replay: for `hotseat pgn` and the benchmark ----

/// A game replayed to its end: the final position, and the repetition keys the draw rules still
/// need (those since the last capture or pawn move).
#[derive(Clone, Debug)]
pub struct Replayed {
    pub position: Position,
    pub history: History,
}

impl Target for Replayed {
    const ALL_TAGS: bool = false;
    fn start(position: &Position, _: &[(String, String)]) -> Result<Self, String> {
        Ok(Replayed {
            position: position.clone(),
            history: History::new(position),
        })
    }
    fn position(&self) -> &Position {
        &self.position
    }
    #[inline]
    fn play(&mut self, mv: Move) {
        self.position.play_unchecked(mv);
        self.history.push_recent(&self.position);
    }
}

impl Replayed {
    /// How the final position ends the game, if it does.
    pub fn status(&self) -> Option<AutomaticEnd> {
        self.history.automatic_end(&self.position)
    }

    /// What the player to move could claim now or by declaring a move (none once it is over).
    pub fn claims(&self) -> Claims {
        if self.status().is_some() {
            Claims::default()
        } else {
            self.history.claims_available(&self.position)
        }
    }
}

/// Replays every game of a PGN stream, calling `each` with the result of each, in order.
pub fn replay_games<R: Read>(
    input: R,
    mut each: impl FnMut(Result<Replayed, PgnGameError>),
) -> std::io::Result<()> {
    read_all::<Replayed, R>(input, |r| each(r.map(|(t, _, _)| t)))
}

// ---- The full import: a Game with its clocks ----

/// A game read from PGN: the rebuilt [`Game`] and all its tags.
#[derive(Clone, Debug)]
pub struct ImportedGame {
    pub game: Game,
    pub tags: Vec<(String, String)>,
}

struct Builder {
    game: Game,
}

fn time_control(tags: &[(String, String)], color: Color) -> Result<TimeControl, String> {
    let own = tag(tags, color.fold("WhiteTimeControl", "BlackTimeControl"));
    let text = own.or_else(|| tag(tags, "TimeControl"));
    let mut tc = match text {
        None | Some("" | "-" | "?") => TimeControl::untimed(),
        Some(t) => TimeControl::from_pgn(t)
            .map_err(|e| format!("the TimeControl tag \"{t}\" is not understood: {e}"))?,
    };
    if let Some(d) = tag(tags, "TimeDelay") {
        let delay: Delay = d
            .parse()
            .map_err(|e| format!("the TimeDelay tag \"{d}\" is not understood: {e}"))?;
        tc = tc
            .with_delay(delay.kind, delay.amount)
            .map_err(|e| e.to_string())?;
    }
    Ok(tc)
}

impl Target for Builder {
    fn start(position: &Position, tags: &[(String, String)]) -> Result<Self, String> {
        let name = |k: &str, default: &str| {
            tag(tags, k)
                .filter(|v| !v.is_empty() && *v != "?")
                .unwrap_or(default)
                .to_owned()
        };
        Ok(Builder {
            game: Game::new(GameSetup {
                start: position.clone(),
                white: name("White", "White"),
                black: name("Black", "Black"),
                white_time: time_control(tags, Color::White)?,
                black_time: time_control(tags, Color::Black)?,
            }),
        })
    }
    fn position(&self) -> &Position {
        self.game.position()
    }
    fn play(&mut self, mv: Move) {
        self.game.replay(mv);
    }
    fn comment(&mut self, comment: &[u8]) {
        if let Some(t) = parse_clk_comment(comment) {
            self.game.set_last_reading(t);
        }
        let text = String::from_utf8_lossy(comment);
        for color in Color::ALL {
            if text.contains(&format!("{color} offers a draw")) {
                self.game.push_offer(self.game.record().plies(), color);
            }
        }
    }
}

fn parse_reading(tags: &[(String, String)], name: &str) -> Option<Duration> {
    tag(tags, name).and_then(|v| crate::game::clock::parse_pgn_clock(v).ok())
}

impl ImportedGame {
    fn finish(mut b: Builder, tags: Vec<(String, String)>, result: Option<PgnOutcome>) -> Self {
        let game = &mut b.game;
        // A saved game also records the time left on the move in progress.
        for color in Color::ALL {
            if let Some(t) = parse_reading(&tags, color.fold("WhiteClock", "BlackClock")) {
                game.set_remaining(color, t);
            }
        }
        game.check_end_after_replay();
        if !game.is_over()
            && let Some(r) = result
        {
            let termination = tag(&tags, "Termination").unwrap_or("");
            let result = match r {
                PgnOutcome::WhiteWins => GameResult::Win(Color::White),
                PgnOutcome::BlackWins => GameResult::Win(Color::Black),
                PgnOutcome::Draw => GameResult::Draw,
            };
            let to_move = game.position().turn();
            let reason = if termination.eq_ignore_ascii_case("time forfeit") {
                match result {
                    GameResult::Win(w) => Reason::TimeForfeit(!w),
                    GameResult::Draw => Reason::TimeoutVsInsufficientMaterial(to_move),
                }
            } else {
                Reason::Recorded
            };
            game.set_outcome(Outcome::new(result, reason));
        }
        let offer = tag(&tags, super::TAG_DRAW_OFFER);
        if let Some(by) = Color::ALL
            .into_iter()
            .find(|c| offer.is_some_and(|o| o.eq_ignore_ascii_case(&c.to_string())))
        {
            game.restore_offer(by);
        }
        ImportedGame { game: b.game, tags }
    }
}

/// Reads every game of a PGN stream into [`ImportedGame`]s (or errors), in order.
pub fn import_games<R: Read>(
    input: R,
    mut each: impl FnMut(Result<ImportedGame, PgnGameError>),
) -> std::io::Result<()> {
    read_all::<Builder, R>(input, |r| {
        each(r.map(|(b, tags, result)| ImportedGame::finish(b, tags, result)))
    })
}

/// Reads the first game of a PGN text.
pub fn import_game(text: &str) -> Result<ImportedGame, String> {
    let mut first = None;
    import_games(text.as_bytes(), |g| {
        if first.is_none() {
            first = Some(g);
        }
    })
    .map_err(|e| e.to_string())?;
    match first {
        Some(Ok(g)) => Ok(g),
        Some(Err(e)) => Err(e.to_string()),
        None => Err("the text holds no PGN game".to_owned()),
    }
}
