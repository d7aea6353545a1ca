//! From PGN text to games: one visitor turns move tokens into legal moves and hands them to a
//! [`Target`] — a lean one for checking and replaying files quickly ([`Replayed`]), and a full one
//! that rebuilds a [`Game`] with its clocks ([`ImportedGame`]), for loading and resuming.
//!
//! Errors name the game (its index and, if present, Event/White/Black), the move number and the
//! token, and why; one bad game does not stop the others from being read.

use std::fmt;
use std::io::Read;
use std::time::Duration;

use super::clk::{parse_clk_comment, strip_commands};
use super::reader::Reader;
use super::tags::Tags;
use super::visitor::{Outcome as PgnOutcome, RawTag, Skip, Visitor};
use crate::game::notes::Notes;
use crate::game::numbering::MoveNumber;
use crate::game::outcome::{GameResult, Outcome, Reason};
use crate::game::record::{AutomaticEnd, Claims, History};
use crate::game::session::{Game, GameSetup};
use crate::game::timecontrol::{Delay, ParseTimeControlError, TimeControl, TimeControlError};
use crate::game::variations::Spot;
use crate::quote::excerpt;
use crate::rules::{Color, FenError, Move, MoveError, Position};

/// Why one game of a PGN file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGameError {
    /// 1-based index of the game in the file.
    pub index: usize,
    /// `Event "..."`, `White "..."`, `Black "..."` where present.
    pub names: Vec<(String, String)>,
    /// Where: "move 12... Nf7", "the tags", ...
    pub place: String,
    pub reason: PgnReason,
}

/// What is wrong at [`PgnGameError::place`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnReason {
    /// A move token that is not UTF-8.
    NotUtf8,
    /// `--` or `Z0`.
    NullMove,
    /// A move that cannot be read or played.
    Move(MoveError),
    /// Tags that set up no game.
    Tags(TagError),
    /// Tags and no movetext.
    NoMovetext,
    /// More than hotseat reads of one game (see [`Limit`]).
    TooLarge(Limit),
}

/// What hotseat reads of one game at most, so that a file of any size, made by anyone, is read
/// with the memory of one sensible game. Generous: the largest real games carry a few dozen
/// tags of a few dozen bytes and comments of a few KB.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// More than [`MAX_TAGS`] tags.
    Tags,
    /// A tag name or value longer than [`MAX_TAG_BYTES`].
    TagLength,
    /// A comment longer than [`MAX_COMMENT_BYTES`].
    Comment,
    /// Comments longer than [`MAX_GAME_COMMENT_BYTES`] in all.
    Comments,
}

/// The most tags one game may carry.
pub const MAX_TAGS: usize = 256;
/// The longest tag name or value, in bytes.
pub const MAX_TAG_BYTES: usize = 8 << 10;
/// The longest comment, in bytes.
pub const MAX_COMMENT_BYTES: usize = 64 << 10;
/// The most comment text one game may carry, in bytes.
pub const MAX_GAME_COMMENT_BYTES: usize = 1 << 20;

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Tags => write!(f, "the game has more than {MAX_TAGS} tags"),
            Limit::TagLength => write!(f, "the tag is longer than {} KiB", MAX_TAG_BYTES >> 10),
            Limit::Comment => {
                write!(
                    f,
                    "the comment is longer than {} KiB",
                    MAX_COMMENT_BYTES >> 10
                )
            }
            Limit::Comments => write!(
                f,
                "the comments are longer than {} MiB in all",
                MAX_GAME_COMMENT_BYTES >> 20
            ),
        }?;
        f.write_str(", the most hotseat reads of one game")
    }
}

impl fmt::Display for PgnReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnReason::NotUtf8 => f.write_str("the move is not valid UTF-8 text"),
            PgnReason::NullMove => f.write_str("null moves are not supported"),
            PgnReason::Move(err) => err.fmt(f),
            PgnReason::Tags(err) => err.fmt(f),
            PgnReason::NoMovetext => f.write_str("the game has no moves section"),
            PgnReason::TooLarge(limit) => limit.fmt(f),
        }
    }
}

/// Why the tags of a game set up no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TagError {
    /// The FEN tag is no position.
    Fen(FenError),
    /// `TimeControl` (or `WhiteTimeControl`/`BlackTimeControl`) cannot be read.
    TimeControl {
        text: String,
        err: ParseTimeControlError,
    },
    /// `TimeDelay` cannot be read.
    TimeDelay {
        text: String,
        err: ParseTimeControlError,
    },
    /// The delay does not go with the time control.
    Delay(TimeControlError),
}

impl fmt::Display for TagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TagError::Fen(e) => write!(f, "the FEN tag is not a position: {e}"),
            TagError::TimeControl { text, err } => {
                let text = excerpt(text);
                write!(f, "the TimeControl tag {text} is not understood: {err}")
            }
            TagError::TimeDelay { text, err } => {
                let text = excerpt(text);
                write!(f, "the TimeDelay tag {text} is not understood: {err}")
            }
            TagError::Delay(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for TagError {}

/// Why [`import_game`] found no game.
#[derive(Debug)]
pub enum ImportError {
    Io(std::io::Error),
    /// The first game cannot be read.
    Game(Box<PgnGameError>),
    /// The text holds no game at all.
    NoGame,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Io(err) => err.fmt(f),
            ImportError::Game(err) => err.fmt(f),
            ImportError::NoGame => f.write_str("the text holds no PGN game"),
        }
    }
}

impl std::error::Error for ImportError {}

impl fmt::Display for PgnGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.index)?;
        if !self.names.is_empty() {
            let names: Vec<String> = self
                .names
                .iter()
                .map(|(k, v)| format!("{k} {}", excerpt(v)))
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
    fn start(position: &Position, tags: &Tags) -> Result<Self, TagError>;
    fn position(&self) -> &Position;
    fn play(&mut self, mv: Move);
    fn comment(&mut self, _comment: &[u8]) {}
    fn nag(&mut self, _nag: u8) {}
    /// A side line opens: `true` when the target keeps it (the lean replay skips them unread).
    fn begin_variation(&mut self) -> bool {
        false
    }
    fn end_variation(&mut self) {}
    /// Whether the tokens now read belong to a side line cut short, and are ignored.
    fn cut_short(&self) -> bool {
        false
    }
    /// A side-line move that cannot be read or played: `true` when the target drops the rest of
    /// its line and reads on (the main line is never lost for a side line's fault).
    fn cut_line(&mut self, _why: &str) -> bool {
        false
    }
    /// A main-line move that cannot be read or played: `true` when the target keeps the game
    /// up to the move before and ignores the rest (the import says so in a note); `false`
    /// makes the game an error.
    fn stop_main_line(&mut self, _place: &str, _reason: &PgnReason) -> bool {
        false
    }
}

struct GameVisitor<T> {
    index: usize,
    tags: Tags,
    target: Option<T>,
    error: Option<(String, PgnReason)>,
    result: Option<PgnOutcome>,
    /// Half-moves played, for error locations.
    plies: usize,
    /// Tags read, and comment bytes, against the [`Limit`]s.
    tags_read: usize,
    comment_bytes: usize,
}

impl<T> GameVisitor<T> {
    fn new() -> GameVisitor<T> {
        GameVisitor {
            index: 0,
            tags: Tags::new(),
            target: None,
            error: None,
            result: None,
            plies: 0,
            tags_read: 0,
            comment_bytes: 0,
        }
    }
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

/// The position the game starts from: the `FEN` tag's or the initial one, played as Chess960
/// when the `Variant` tag says so.
fn start_position(tags: &Tags) -> Result<Position, TagError> {
    let mut start = match tags.get("FEN") {
        Some(fen) => Position::from_fen(fen).map_err(TagError::Fen)?,
        None => Position::initial(),
    };
    start.set_chess960(tags.get("Variant").is_some_and(is_chess960_variant));
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
        let number = MoveNumber::of(pos);
        let place = || format!("move {number} {}", excerpt(&String::from_utf8_lossy(token)));
        let Ok(text) = std::str::from_utf8(token) else {
            return self.fail(place(), PgnReason::NotUtf8);
        };
        if token.eq_ignore_ascii_case(b"e.p.") || token.eq_ignore_ascii_case(b"ep") {
            // "exd6 e.p." written with a space: a note on the move just read.
            return Skip(false);
        }
        if token == b"--" || token == b"Z0" {
            return self.fail(place(), PgnReason::NullMove);
        }
        match pos.parse_move(text) {
            Ok(mv) => {
                target.play(mv);
                self.plies += 1;
                Skip(false)
            }
            Err(e) => self.fail(place(), PgnReason::Move(e)),
        }
    }

    /// A move that cannot be read: in a side line, the rest of the line is dropped; in the
    /// main line, the game is an error.
    #[cold]
    fn fail(&mut self, place: String, reason: PgnReason) -> Skip {
        if let Some(target) = self.target.as_mut()
            && (target.cut_line(&format!("{place}: {reason}"))
                || target.stop_main_line(&place, &reason))
        {
            return Skip(false);
        }
        self.error = Some((place, reason));
        Skip(true)
    }
}

impl<T: Target> Visitor for GameVisitor<T> {
    type Output = Result<(T, Tags, Option<PgnOutcome>), PgnGameError>;

    fn begin_game(&mut self) {
        self.index += 1;
        self.tags = Tags::new();
        self.target = None;
        self.error = None;
        self.result = None;
        self.plies = 0;
        self.tags_read = 0;
        self.comment_bytes = 0;
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Skip {
        self.tags_read += 1;
        let limit = if self.tags_read > MAX_TAGS {
            Some(Limit::Tags)
        } else if name.len().max(value.0.len()) > MAX_TAG_BYTES
            // Written back, a byte takes at most four (U+FFFD, or an escape): nearly every
            // value is short enough not to need the exact length.
            || value.0.len() > MAX_TAG_BYTES / 4
                && written_tag_len(&value.decode()) > MAX_TAG_BYTES
        {
            // Measured as read and as it will be written back (invalid UTF-8 becomes three
            // bytes a byte), so that a game read is a game that reads again once saved.
            Some(Limit::TagLength)
        } else {
            None
        };
        if let Some(limit) = limit {
            // The rest of the game is skipped unread: nothing more is kept.
            let place = match limit {
                Limit::TagLength => {
                    format!("tag {}", excerpt(&String::from_utf8_lossy(name)))
                }
                _ => "the tags".to_owned(),
            };
            self.error = Some((place, PgnReason::TooLarge(limit)));
            return Skip(true);
        }
        let needed = |n: &[u8]| {
            [&b"FEN"[..], b"Event", b"White", b"Black"]
                .iter()
                .any(|k| n.eq_ignore_ascii_case(k))
        };
        if !T::ALL_TAGS && !needed(name) {
            return Skip(false);
        }
        // A tag value is one line of printing characters (PGN standard 8.1.1); a control
        // character is read as the space the writer would put in its place, so that what is
        // read is what is written back.
        // Nearly every value is printable ASCII with nothing to unescape: it is kept as it is.
        let plain = value
            .0
            .iter()
            .all(|&b| (b' '..=b'~').contains(&b) && b != b'\\');
        let value = match std::str::from_utf8(value.0) {
            Ok(text) if plain => text.to_owned(),
            _ => {
                let value = value.decode_utf8();
                if value.contains(char::is_control) {
                    value.replace(char::is_control, " ")
                } else {
                    value.into_owned()
                }
            }
        };
        let name = match std::str::from_utf8(name) {
            Ok(name) => name.to_owned(),
            Err(_) => String::from_utf8_lossy(name).into_owned(),
        };
        self.tags.push(name, value);
        Skip(false)
    }

    fn begin_movetext(&mut self) -> Skip {
        match start_position(&self.tags).and_then(|p| T::start(&p, &self.tags)) {
            Ok(t) => {
                self.target = Some(t);
                Skip(false)
            }
            Err(reason) => {
                self.error = Some(("the tags".to_owned(), PgnReason::Tags(reason)));
                Skip(true)
            }
        }
    }

    // Never: inlined into the scanner's loop, the two loops' registers spill (measured: more
    // instructions a move, not fewer). The program above, which may be optimised for size,
    // calls `replay_named`, compiled here with all of this.
    #[inline(never)]
    fn san(&mut self, token: &[u8]) -> Skip {
        let Some(target) = self.target.as_mut() else {
            return Skip(true);
        };
        if target.cut_short() {
            return Skip(false);
        }
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
        let len = written_len(comment);
        self.comment_bytes += len;
        let limit = if len > MAX_COMMENT_BYTES {
            Some(Limit::Comment)
        } else if self.comment_bytes > MAX_GAME_COMMENT_BYTES {
            Some(Limit::Comments)
        } else {
            None
        };
        if let (Some(limit), Some(target)) = (limit, self.target.as_ref()) {
            let place = format!("move {}", MoveNumber::of(target.position()));
            self.error = Some((place, PgnReason::TooLarge(limit)));
            return Skip(true);
        }
        if let Some(t) = self.target.as_mut() {
            t.comment(comment);
        }
        Skip(false)
    }

    fn nag(&mut self, nag: u8) -> Skip {
        if let Some(t) = self.target.as_mut() {
            t.nag(nag);
        }
        Skip(false)
    }

    fn begin_variation(&mut self) -> Skip {
        Skip(!self.target.as_mut().is_some_and(T::begin_variation))
    }

    fn end_variation(&mut self) {
        if let Some(t) = self.target.as_mut() {
            t.end_variation();
        }
    }

    fn outcome(&mut self, outcome: Option<PgnOutcome>) {
        self.result = outcome;
    }

    fn end_game(&mut self) -> Self::Output {
        let tags = std::mem::take(&mut self.tags);
        let error = self.error.take().or_else(|| {
            self.target
                .is_none()
                .then(|| ("the movetext".to_owned(), PgnReason::NoMovetext))
        });
        if let Some((place, reason)) = error {
            return Err(PgnGameError {
                index: self.index,
                names: error_names(&tags),
                place,
                reason,
            });
        }
        let target = self.target.take().ok_or_else(|| PgnGameError {
            index: self.index,
            names: Vec::new(),
            place: "the movetext".to_owned(),
            reason: PgnReason::NoMovetext,
        })?;
        Ok((target, tags, self.result))
    }
}

/// The tags that name a game in an error: `Event`, `White`, `Black` where present.
fn error_names(tags: &Tags) -> Vec<(String, String)> {
    ["Event", "White", "Black"]
        .iter()
        .filter_map(|&k| tags.get(k).map(|v| (k.to_owned(), v.to_owned())))
        .filter(|(_, v)| !v.is_empty() && v != "?")
        .collect()
}

/// Where the result a file gives contradicts the game's final position (mate, stalemate, a
/// draw by rule): `The file says 1-0, but the final position is checkmate: 0-1`. The board is
/// believed.
pub fn result_contradiction(said: GameResult, end: AutomaticEnd, to_move: Color) -> Option<String> {
    let (actual, what) = match end {
        AutomaticEnd::Checkmate => (GameResult::Win(!to_move), "checkmate"),
        AutomaticEnd::Stalemate => (GameResult::Draw, "stalemate"),
        AutomaticEnd::InsufficientMaterial => (GameResult::Draw, "a dead position"),
        AutomaticEnd::FivefoldRepetition => (GameResult::Draw, "a fivefold repetition"),
        AutomaticEnd::SeventyFiveMoves => (GameResult::Draw, "past the seventy-five-move rule"),
    };
    (said != actual).then(|| {
        format!(
            "the file says {}, but the final position is {what}: {}",
            said.pgn(),
            actual.pgn()
        )
    })
}

fn game_result(outcome: PgnOutcome) -> GameResult {
    match outcome {
        PgnOutcome::WhiteWins => GameResult::Win(Color::White),
        PgnOutcome::BlackWins => GameResult::Win(Color::Black),
        PgnOutcome::Draw => GameResult::Draw,
    }
}

/// Reads every game of a PGN stream, calling `each` with the game or its error, in order.
/// Only an I/O error stops the reading.
fn read_all<T: Target, R: Read>(
    input: R,
    mut each: impl FnMut(Result<(T, Tags, Option<PgnOutcome>), PgnGameError>),
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
    fn start(position: &Position, _: &Tags) -> Result<Self, TagError> {
        Ok(Replayed {
            position: position.clone(),
            // Room for the positions since a capture or pawn move in most games at once,
            // rather than growing there from one, reallocating seven times a game.
            history: History::with_capacity(position, 128),
        })
    }
    fn position(&self) -> &Position {
        &self.position
    }
    #[inline(always)]
    fn play(&mut self, mv: Move) {
        self.position.play_inline(mv);
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
        self.claims_when(self.status())
    }

    /// [`Replayed::claims`] for the `status` the game is known to have.
    fn claims_when(&self, status: Option<AutomaticEnd>) -> Claims {
        match status {
            Some(_) => Claims::default(),
            None => self.history.claims_available(&self.position),
        }
    }
}

/// Replays every game of a PGN stream, calling `each` with the result of each, in order.
/// Made for many games (`hotseat pgn`, the benchmark). It builds no slider table: its few
/// slider lookups a move walk the rays, as a game's do. The one-level table saves instructions
/// a lookup but costs 861 KB to build and to keep in cache, which a replay never earns back
/// (`hotseat pgn` on 2,000 long games took 11-13% longer with it).
pub fn replay_games<R: Read>(
    input: R,
    mut each: impl FnMut(Result<Replayed, PgnGameError>),
) -> std::io::Result<()> {
    read_all::<Replayed, R>(input, |r| each(r.map(|(t, _, _)| t)))
}

/// A game replayed by [`replay_games_named`]: the replay, the game's `White` and `Black`, and
/// what does not fit in it (a result the final position contradicts).
#[derive(Clone, Debug)]
pub struct ReplayedGame {
    pub replayed: Replayed,
    pub white: String,
    pub black: String,
    pub note: Option<String>,
    /// [`Replayed::status`] and [`Replayed::claims`], worked out once.
    pub status: Option<AutomaticEnd>,
    pub claims: Claims,
}

/// [`replay_games`] with the players' names and a note where the file's result contradicts
/// the final position, for the `pgn` tool.
pub fn replay_games_named<R: Read>(
    mut input: R,
    mut each: impl FnMut(Result<ReplayedGame, PgnGameError>),
) -> std::io::Result<()> {
    replay_named(&mut input, &mut each)
}

/// The body of [`replay_games_named`], not generic, so that its code (the whole replay) is
/// compiled here, optimised as the rules are, and not in the calling crate, which may be
/// optimised for size.
fn replay_named(
    input: &mut dyn Read,
    each: &mut dyn FnMut(Result<ReplayedGame, PgnGameError>),
) -> std::io::Result<()> {
    read_all::<Replayed, _>(input, |r| {
        each(r.map(|(replayed, mut tags, result)| {
            // Taken from the tags, which are dropped after: not copied.
            let mut name = |k: &str| {
                tags.take(k)
                    .filter(|v| !v.is_empty() && v != "?")
                    .unwrap_or_else(|| k.to_owned())
            };
            // Once each: both look for legal moves.
            let status = replayed.status();
            let claims = replayed.claims_when(status);
            let note = result.zip(status).and_then(|(said, end)| {
                result_contradiction(game_result(said), end, replayed.position.turn())
            });
            ReplayedGame {
                white: name("White"),
                black: name("Black"),
                note,
                status,
                claims,
                replayed,
            }
        }))
    })
}

// ---- The full import: a Game with its clocks ----

/// A game read from PGN: the rebuilt [`Game`] and all its tags.
#[derive(Clone, Debug)]
pub struct ImportedGame {
    pub game: Game,
    pub tags: Tags,
}

struct Builder {
    game: Game,
    /// The side lines open, innermost last.
    lines: Vec<OpenLine>,
    /// Side lines cut short: how many, and why the first was.
    cut: (usize, String),
    /// Where and why the main line stopped at a move that cannot be played: the game is
    /// kept up to the move before (see [`import_games_to_last_legal_move`]).
    stopped: Option<(String, PgnReason)>,
}

/// A side line being read.
struct OpenLine {
    /// The position after its last move, and where that is in the game tree.
    spot: Spot,
    pos: Position,
    /// The same before its last move; `None` before its first.
    before: Option<(Spot, Position)>,
    /// Cut at a move that could not be played: the rest is ignored.
    cut: bool,
    /// A comment before its first move, which goes with that move.
    pending: String,
}

/// Control characters from a file are never kept (comments are shown in review), and runs of
/// spaces are one, as the export writes them: read again, a comment means the same.
fn tidy(text: &str) -> String {
    text.split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The bytes `text` takes once read and written back as PGN: invalid UTF-8 becomes U+FFFD
/// (three bytes a byte at most).
fn written_len(text: &[u8]) -> usize {
    match std::str::from_utf8(text) {
        Ok(_) => text.len(),
        Err(_) => String::from_utf8_lossy(text).len(),
    }
}

/// The same for a tag value, where `"` and `\\` are written escaped.
fn written_tag_len(value: &[u8]) -> usize {
    written_len(value) + value.iter().filter(|&&b| b == b'"' || b == b'\\').count()
}

fn time_control(tags: &Tags, color: Color) -> Result<TimeControl, TagError> {
    let own = tags.get(color.fold("WhiteTimeControl", "BlackTimeControl"));
    let text = own.or_else(|| tags.get("TimeControl"));
    let mut tc = match text {
        None | Some("" | "-" | "?") => TimeControl::untimed(),
        Some(t) => TimeControl::from_pgn(t).map_err(|err| TagError::TimeControl {
            text: t.to_owned(),
            err,
        })?,
    };
    if let Some(d) = tags.get("TimeDelay") {
        let delay: Delay = d.parse().map_err(|err| TagError::TimeDelay {
            text: d.to_owned(),
            err,
        })?;
        tc = tc
            .with_delay(delay.kind, delay.amount)
            .map_err(TagError::Delay)?;
    }
    Ok(tc)
}

impl Builder {
    /// A move of the side line being read. Kept out of line (as the other side-line events
    /// are): the reader is instantiated once per kind of input, and this is no hot path.
    #[inline(never)]
    fn play_in_line(&mut self, mv: Move) {
        let Some(line) = self.lines.last_mut() else {
            return;
        };
        let san = line.pos.san(mv);
        match self.game.add_variation_move(line.spot, mv, san) {
            Ok(id) => {
                let before = (line.spot, line.pos.clone());
                line.pos.play_unchecked(mv);
                line.spot = Spot::Var(id);
                line.before = Some(before);
                if !line.pending.is_empty()
                    && let Some(notes) = self.game.notes_at_mut(Spot::Var(id))
                {
                    notes.add_comment(&std::mem::take(&mut line.pending));
                }
            }
            Err(err) => {
                let place = format!("move {}", MoveNumber::of(&line.pos));
                Target::cut_line(self, &format!("{place}: {err}"));
            }
        }
    }
}

impl Target for Builder {
    fn start(position: &Position, tags: &Tags) -> Result<Self, TagError> {
        let name = |k: &str, default: &str| {
            tags.get(k)
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
            lines: Vec::new(),
            cut: (0, String::new()),
            stopped: None,
        })
    }
    fn position(&self) -> &Position {
        match self.lines.last() {
            Some(line) => &line.pos,
            None => self.game.position(),
        }
    }
    fn play(&mut self, mv: Move) {
        if self.lines.is_empty() {
            self.game.replay(mv);
        } else {
            self.play_in_line(mv);
        }
    }
    #[inline(never)]
    fn begin_variation(&mut self) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        let before = match self.lines.last() {
            Some(line) if line.cut => None,
            Some(line) => line.before.clone(),
            None => {
                let plies = self.game.record().plies();
                plies
                    .checked_sub(1)
                    .and_then(|p| Some((Spot::Main(p), self.game.record().position_at(p)?.clone())))
            }
        };
        let Some((spot, pos)) = before else {
            // Nothing to be an alternative to: `((`, or a line before the first move.
            return false;
        };
        self.lines.push(OpenLine {
            spot,
            pos,
            before: None,
            cut: false,
            pending: String::new(),
        });
        true
    }
    fn end_variation(&mut self) {
        self.lines.pop();
    }
    fn cut_short(&self) -> bool {
        self.stopped.is_some() || self.lines.last().is_some_and(|l| l.cut)
    }
    #[inline(never)]
    fn stop_main_line(&mut self, place: &str, reason: &PgnReason) -> bool {
        // Side lines have their own way out (`cut_line`); the first stop is the one to say.
        if !self.lines.is_empty() || self.stopped.is_some() {
            return self.stopped.is_some();
        }
        self.stopped = Some((place.to_owned(), reason.clone()));
        true
    }
    #[inline(never)]
    fn cut_line(&mut self, why: &str) -> bool {
        let Some(line) = self.lines.last_mut() else {
            return false;
        };
        line.cut = true;
        if self.cut.0 == 0 {
            self.cut.1 = why.to_owned();
        }
        self.cut.0 += 1;
        true
    }
    #[inline(never)]
    fn comment(&mut self, comment: &[u8]) {
        // Commands are read from the tidied text, so that a comment read again is read the
        // same way (`[` NUL `%clk …]` is `[ %clk …]` once tidied).
        if self.stopped.is_some() {
            return;
        }
        let text = tidy(&String::from_utf8_lossy(comment));
        if let Some(line) = self.lines.last_mut() {
            if line.cut {
                return;
            }
            let words = tidy(&strip_commands(text.as_bytes()));
            match line.spot {
                Spot::Var(id) if line.before.is_some() => {
                    if let Some(notes) = self.game.notes_at_mut(Spot::Var(id)) {
                        notes.add_comment(&words);
                    }
                }
                _ => {
                    let mut notes = Notes {
                        comment: std::mem::take(&mut line.pending),
                        ..Notes::default()
                    };
                    notes.add_comment(&words);
                    line.pending = notes.comment;
                }
            }
            return;
        }
        if let Some(t) = parse_clk_comment(text.as_bytes()) {
            self.game.set_last_reading(t);
        }
        if let Some(eval) = crate::game::report::parse_eval_comment(text.as_bytes()) {
            self.game.set_eval(self.game.record().plies(), eval);
        }
        // What is left once the commands and hotseat's own notes are taken out is the
        // players' comment.
        let mut words = tidy(&strip_commands(text.as_bytes()));
        // hotseat's draw-offer notes, first to last, one at a time until none is left: taking
        // one out can join the words around it into another, which the next reading would find.
        while let Some((_, offer, color)) = Color::ALL
            .into_iter()
            .filter_map(|c| {
                let mut offer = format!("{c} offers a draw");
                let at = words.find(offer.as_str())?;
                // Written as a sentence since it ends with a full stop; older files lack it.
                if words[at + offer.len()..].starts_with('.') {
                    offer.push('.');
                }
                Some((at, offer, c))
            })
            .min_by_key(|&(at, _, _)| at)
        {
            self.game.push_offer(self.game.record().plies(), color);
            words = tidy(&words.replacen(&offer, " ", 1));
        }
        match self.game.record().plies().checked_sub(1) {
            Some(last) => {
                if let Some(notes) = self.game.notes_mut(last) {
                    notes.add_comment(&words);
                }
            }
            None => self.game.add_intro(&words),
        }
    }
    #[inline(never)]
    fn nag(&mut self, nag: u8) {
        if self.stopped.is_some() {
            return;
        }
        if let Some(line) = self.lines.last() {
            if let (false, Some(_), Spot::Var(id)) = (line.cut, &line.before, line.spot)
                && let Some(notes) = self.game.notes_at_mut(Spot::Var(id))
            {
                notes.add_nag(nag);
            }
            return;
        }
        if let Some(last) = self.game.record().plies().checked_sub(1)
            && let Some(notes) = self.game.notes_mut(last)
        {
            notes.add_nag(nag);
        }
    }
}

fn parse_reading(tags: &Tags, name: &str) -> Option<Duration> {
    tags.get(name)
        .and_then(|v| crate::game::clock::parse_pgn_clock(v).ok())
}

impl ImportedGame {
    fn finish(mut b: Builder, tags: Tags, result: Option<PgnOutcome>) -> Self {
        let mut notes = Vec::new();
        // A game read up to a move that cannot be played goes on from there: the result the
        // file gives was the end of moves that are not on the board.
        let result = match &b.stopped {
            Some((place, reason)) => {
                notes.push(format!(
                    "stopped at {place}, which cannot be played: {reason}"
                ));
                None
            }
            None => result,
        };
        let game = &mut b.game;
        // A saved game also records the time left on the move in progress.
        for color in Color::ALL {
            if let Some(t) = parse_reading(&tags, color.fold("WhiteClock", "BlackClock")) {
                game.set_remaining(color, t);
            }
        }
        game.check_end_after_replay();
        if let (Some(said), Some(end)) = (result, game.record().automatic_end())
            && let Some(note) = result_contradiction(game_result(said), end, game.position().turn())
        {
            notes.push(note);
        }
        if !game.is_over()
            && let Some(r) = result
        {
            let termination = tags.get("Termination").unwrap_or("");
            let result = game_result(r);
            let to_move = game.position().turn();
            // Believed only where the board cannot say: the board has already ruled out a mate,
            // a stalemate or a draw by rule, and a claim needs the repetition or the fifty
            // moves to be there.
            let claimable = game.claimable_now();
            // How the game ended closes the comment after the last move (or stands alone
            // before any move), as the export writes it: judged on all the comments there,
            // joined as the export joins them, so that a game read again ends the same way.
            let closing = match game.record().plies().checked_sub(1) {
                Some(last) => game.notes().get(last).map_or("", |n| n.comment.as_str()),
                None => game.intro(),
            };
            let said = Outcome::from_closing_comment(result, closing).filter(|o| match o.reason {
                Reason::ThreefoldClaim(_) => claimable.threefold,
                Reason::FiftyMoveClaim(_) => claimable.fifty,
                Reason::Agreement
                | Reason::Resignation(_)
                | Reason::TimeForfeit(_)
                | Reason::TimeoutVsInsufficientMaterial(_) => true,
                _ => false,
            });
            let reason = if let Some(said) = said {
                said.reason
            } else if termination.eq_ignore_ascii_case("time forfeit") {
                match result {
                    GameResult::Win(w) => Reason::TimeForfeit(!w),
                    GameResult::Draw => Reason::TimeoutVsInsufficientMaterial(to_move),
                }
            } else {
                Reason::Recorded
            };
            game.set_outcome(Outcome::new(result, reason));
        }
        if let Some(closing) = game.outcome().and_then(|o| o.closing_comment()) {
            game.strip_closing(&closing);
        }
        let offer = tags.get(super::TAG_DRAW_OFFER);
        if let Some(by) = Color::ALL
            .into_iter()
            .find(|c| offer.is_some_and(|o| o.eq_ignore_ascii_case(&c.to_string())))
        {
            game.restore_offer(by);
        }
        if b.cut.0 > 0 {
            let lines = match b.cut.0 {
                1 => "a variation was".to_owned(),
                n => format!("{n} variations were"),
            };
            notes.push(format!(
                "{lines} cut short at a move that cannot be played: {}",
                b.cut.1
            ));
        }
        if !notes.is_empty() {
            b.game.set_import_note(notes.join(" · "));
        }
        ImportedGame { game: b.game, tags }
    }
}

/// Reads every game of a PGN stream into [`ImportedGame`]s (or errors), in order. A game with
/// a main-line move that cannot be played is an error.
pub fn import_games<R: Read>(
    input: R,
    mut each: impl FnMut(Result<ImportedGame, PgnGameError>),
) -> std::io::Result<()> {
    let mut index = 0;
    read_all::<Builder, R>(input, |r| {
        index += 1;
        match r {
            Ok((
                Builder {
                    stopped: Some((place, reason)),
                    ..
                },
                tags,
                _,
            )) => each(Err(PgnGameError {
                index,
                names: error_names(&tags),
                place,
                reason,
            })),
            r => each(r.map(|(b, tags, result)| ImportedGame::finish(b, tags, result))),
        }
    })
}

/// [`import_games`], except that a game with a main-line move that cannot be played (or read)
/// is kept up to the move before, with a note that says which move and why
/// ([`Game::import_note`]): a file opened to be looked at and played on, whatever its faults.
pub fn import_games_to_last_legal_move<R: Read>(
    input: R,
    mut each: impl FnMut(Result<ImportedGame, PgnGameError>),
) -> std::io::Result<()> {
    read_all::<Builder, R>(input, |r| {
        each(r.map(|(b, tags, result)| ImportedGame::finish(b, tags, result)))
    })
}

/// Reads the first game of a PGN text.
pub fn import_game(text: &str) -> Result<ImportedGame, ImportError> {
    let mut first = None;
    import_games(text.as_bytes(), |g| {
        if first.is_none() {
            first = Some(g);
        }
    })
    .map_err(ImportError::Io)?;
    match first {
        Some(Ok(g)) => Ok(g),
        Some(Err(e)) => Err(ImportError::Game(Box::new(e))),
        None => Err(ImportError::NoGame),
    }
}
