//! One archived game as the library lists it: what its PGN says, read once and kept in the
//! index so that the list never needs the files themselves.

use chess::game::pgn::{ImportError, TAG_STARTED, Tags, import_game};
use chess::game::{Game, Reason};
use chess::quote::excerpt;
use chess::rules::{Color, Position};

/// What the library shows and searches of one game, and what the explorer needs of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// `2026-11-21`, from the `Date` tag (`?` parts kept: `2026-??-??`); `?` when there is none.
    pub date: String,
    /// hotseat's own start time (`2026-11-21T20:14:00+01:00`), empty for other programs'
    /// games: it orders the games of one day.
    pub started: String,
    pub white: String,
    pub black: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// How it ended, in one or two words: see `ending`.
    pub ending: String,
    /// Full moves of the main line.
    pub moves: u32,
    /// `C70`, empty out of the book.
    pub eco: String,
    pub opening: String,
    /// `5+3`, `none` for an untimed game, `5+3 / 3+2` for time odds.
    pub time_control: String,
    /// `standard`, `Chess960` or `from position`.
    pub variant: String,
    /// Whether the game carries an engine's evaluations (`[%eval ...]` comments).
    pub engine_report: bool,
    /// What makes two games "the same" for the import (see `fingerprint`).
    pub fingerprint: u64,
    /// Each main-line position before a move (its repetition key), with the move played
    /// there: what the explorer's table is made of. Empty in an entry read back from the
    /// database, which keeps them in a table of their own.
    pub positions: Vec<(u64, String)>,
}

/// How a game ended, as the list says it: `checkmate`, `resignation`, `flag`, `agreement`,
/// `repetition`, `stalemate`, `50 moves`, `75 moves`, `no mating material`, `abandoned`,
/// `unfinished`, or `result only` for a file that gives a result and no reason.
pub fn ending(game: &Game, tags: &Tags) -> &'static str {
    let Some(outcome) = game.outcome() else {
        return "unfinished";
    };
    match outcome.reason {
        Reason::Checkmate => "checkmate",
        Reason::Stalemate => "stalemate",
        Reason::InsufficientMaterial => "no mating material",
        Reason::FivefoldRepetition | Reason::ThreefoldClaim(_) => "repetition",
        Reason::SeventyFiveMoves => "75 moves",
        Reason::FiftyMoveClaim(_) => "50 moves",
        Reason::Agreement => "agreement",
        Reason::Resignation(_) => "resignation",
        Reason::TimeForfeit(_) | Reason::TimeoutVsInsufficientMaterial(_) => "flag",
        Reason::Abandoned(_) => "abandoned",
        Reason::Recorded => recorded_ending(game, tags),
    }
}

/// The reason for a result another program recorded, from the final position and the
/// `Termination` tag (lichess writes `Normal`, `Time forfeit`, `Abandoned`).
fn recorded_ending(game: &Game, tags: &Tags) -> &'static str {
    let position = game.position();
    if position.is_checkmate() {
        return "checkmate";
    }
    if !position.is_check() && !position.has_legal_moves() {
        return "stalemate";
    }
    let termination = tags.get("Termination").unwrap_or("").to_ascii_lowercase();
    let decisive = game
        .outcome()
        .is_some_and(|o| o.result != chess::game::GameResult::Draw);
    if termination.contains("time") {
        "flag"
    } else if termination.contains("abandon") {
        "abandoned"
    } else if termination == "normal" && decisive {
        "resignation"
    } else {
        "result only"
    }
}

/// Why a text is no game to summarize: the import's error, said with the game's names.
#[derive(Debug)]
pub struct NotAGame(pub ImportError);

impl std::fmt::Display for NotAGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            ImportError::Game(e) => {
                let names: Vec<String> = e
                    .names
                    .iter()
                    .map(|(k, v)| format!("{k} {}", excerpt(v)))
                    .collect();
                if names.is_empty() {
                    write!(f, "{}: {}", e.place, e.reason)
                } else {
                    write!(f, "{} ({}): {}", e.place, names.join(", "), e.reason)
                }
            }
            e => e.fmt(f),
        }
    }
}

impl std::error::Error for NotAGame {}

/// Reads the first game of `text` into its summary; the reason when it cannot be read.
pub fn summarize(text: &str) -> Result<Summary, NotAGame> {
    let imported = import_game(text).map_err(NotAGame)?;
    let game = &imported.game;
    let tags = &imported.tags;
    let record = game.record();
    let tag = |name: &str| clean(tags.get(name).unwrap_or(""));
    let date = match tags.get("Date") {
        Some(d) if !d.trim().is_empty() => clean(&d.replace('.', "-")),
        _ => "?".to_owned(),
    };
    let opening = chess::game::openings::of_record(record, record.plies());
    let (white_tc, black_tc) = (
        game.clock().control(Color::White),
        game.clock().control(Color::Black),
    );
    let time_control = if white_tc == black_tc {
        white_tc.to_string()
    } else {
        format!("{white_tc} / {black_tc}")
    };
    let start = record.start();
    let variant = if start.is_chess960() {
        "Chess960"
    } else if *start != Position::initial() {
        "from position"
    } else {
        "standard"
    };
    let result = game.outcome().map_or("*", |o| o.result.pgn()).to_owned();
    let mut positions = Vec::with_capacity(record.plies());
    let mut sans = Vec::with_capacity(record.plies());
    for (ply, played) in record.moves().iter().enumerate() {
        let Some(before) = record.position_at(ply) else {
            break;
        };
        positions.push((before.repetition_key(), played.san.clone()));
        sans.push(played.san.as_str());
    }
    let white = clean(game.player(Color::White));
    let black = clean(game.player(Color::Black));
    let fingerprint = fingerprint(&[
        &white,
        &black,
        &date,
        &result,
        &start.fen(),
        &sans.join(" "),
    ]);
    Ok(Summary {
        fingerprint,
        date,
        started: tag(TAG_STARTED),
        white,
        black,
        result,
        ending: ending(game, tags).to_owned(),
        moves: record.plies().div_ceil(2) as u32,
        eco: opening.map_or(String::new(), |o| o.eco.to_owned()),
        opening: opening.map_or_else(|| tag("Opening"), |o| o.name.to_owned()),
        time_control,
        variant: variant.to_owned(),
        engine_report: text.contains("[%eval"),
        positions,
    })
}

/// Two games are the same game when they have the same players, date and result and the same
/// main-line moves from the same start: comments, variations, clock readings and other tags do
/// not count (a game downloaded twice, once with the site's evaluations, is one game).
/// FNV-1a over those parts, each ended by a NUL byte.
pub fn fingerprint(parts: &[&str]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &byte in part.as_bytes().iter().chain(&[0u8]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

/// A value as one field of the index and one cell of the list: no tabs, line breaks or other
/// control characters (a space each), no invisible characters.
pub fn clean(text: &str) -> String {
    text.chars()
        .filter(|&c| !chess::quote::is_invisible(c))
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    const RUY: &str = "[Event \"Club\"]\n[Date \"2026.11.20\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\
        [Result \"0-1\"]\n[TimeControl \"300+3\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 \
        { Black resigns. } 0-1\n";

    #[test]
    fn a_game_is_summarized_with_its_opening_time_control_and_ending() {
        let s = summarize(RUY).unwrap();
        assert_eq!(s.date, "2026-11-20");
        assert_eq!((s.white.as_str(), s.black.as_str()), ("Ann", "Bob"));
        assert_eq!(s.result, "0-1");
        assert_eq!(s.moves, 4);
        assert_eq!(s.eco, "C70");
        assert!(s.opening.starts_with("Ruy Lopez"), "{}", s.opening);
        assert_eq!(s.time_control, "5+3");
        assert_eq!(s.variant, "standard");
        assert!(!s.engine_report);
        assert_eq!(s.positions.len(), 8);
        assert_eq!(
            s.positions[0],
            (Position::initial().repetition_key(), "e4".to_owned())
        );
    }

    #[test]
    fn the_fingerprint_ignores_comments_and_other_tags_but_not_moves() {
        let plain = summarize(RUY).unwrap();
        let noted = RUY
            .replace("[Event \"Club\"]", "[Event \"Other\"]")
            .replace("2. Nf3", "2. Nf3 { [%eval 0.3] good }");
        let noted = summarize(&noted).unwrap();
        assert_eq!(plain.fingerprint, noted.fingerprint);
        assert!(noted.engine_report);
        let other = summarize(&RUY.replace("4. Ba4 Nf6", "4. Ba4 b5")).unwrap();
        assert_ne!(plain.fingerprint, other.fingerprint);
    }

    #[test]
    fn a_recorded_result_gets_its_reason_from_the_position_and_the_termination_tag() {
        let flag = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[Termination \"Time forfeit\"]\n\n1. e4 e5 1-0\n";
        assert_eq!(summarize(flag).unwrap().ending, "flag");
        let mate = "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
        assert_eq!(summarize(mate).unwrap().ending, "checkmate");
        let open = "[Result \"*\"]\n\n1. d4 *\n";
        assert_eq!(summarize(open).unwrap().ending, "unfinished");
        let c960 = "[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n[SetUp \"1\"]\n[Result \"*\"]\n\n9. g3 *\n";
        assert_eq!(summarize(c960).unwrap().variant, "Chess960");
    }

    #[test]
    fn clean_takes_out_tabs_and_line_breaks() {
        assert_eq!(clean(" Ann\tLee\nX "), "Ann Lee X");
    }
}
