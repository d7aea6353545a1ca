//! From a [`Game`] to PGN export text: the Seven Tag Roster, `TimeControl`, `Termination`,
//! `Variant` for Chess960, `SetUp`/`FEN` for set-up positions, SAN movetext with `[%clk]` after each timed move, draw
//! offers as comments (and one still standing as a tag), and the result. [`import_game`](super::import_game) reads it back.

use std::time::Duration;

use super::tags::Tags;
use super::writer::{ExportGame, ExportMove};
use crate::game::openings;
use crate::game::session::Game;
use crate::game::variations::Step;
use crate::rules::{Color, Position};

/// When a game began, in the players' local time with its offset from UTC
/// (`2026-11-21T20:14:00+01:00`): hotseat's own tag, which other programs ignore; the resume
/// prompt shows it.
pub const TAG_STARTED: &str = "HotseatStarted";

/// When the game was last saved (`2026-11-21T21:02:37+01:00`).
pub const TAG_SAVED: &str = "HotseatSaved";

/// Who made the draw offer that still stands (`White` or `Black`) in an unfinished game: the
/// offer's comment says it was made, this says it was not answered yet.
pub const TAG_DRAW_OFFER: &str = "HotseatDrawOffer";

impl Game {
    /// The game as PGN. `tags` supplies what the game cannot know (Event, Site, Date, Round,
    /// ...); White, Black, Result, TimeControl, Termination, Variant, SetUp/FEN and the others of
    /// [`DERIVED_TAGS`](super::DERIVED_TAGS) come from the game (given ones are dropped).
    /// For an unfinished timed game, `WhiteClock`/`BlackClock` keep the times left at `now`, so
    /// that resuming loses nothing.
    pub fn to_pgn(&self, now: Duration, tags: &Tags) -> String {
        let opening = openings::of_record(self.record(), self.record().plies());
        // The opening is the game's own when it has one; a name given for a game out of the
        // book (or set up from a position) stays.
        let mut all = match opening {
            Some(_) => tags.without_derived(&["ECO", "Opening"]),
            None => tags.without_derived(&[]),
        };
        let result = self.outcome().map_or("*", |o| o.result.pgn());
        all.push("White", self.player(Color::White));
        all.push("Black", self.player(Color::Black));
        all.push("Result", result);
        let (white_tc, black_tc) = (
            self.clock().control(Color::White),
            self.clock().control(Color::Black),
        );
        if white_tc == black_tc {
            all.push("TimeControl", white_tc.to_pgn());
        } else {
            all.push("TimeControl", "?");
            all.push("WhiteTimeControl", white_tc.to_pgn());
            all.push("BlackTimeControl", black_tc.to_pgn());
        }
        if let Some(delay) = white_tc.delay().or(black_tc.delay()) {
            all.push("TimeDelay", delay.to_string());
        }
        if let Some(opening) = opening {
            all.push("ECO", opening.eco);
            all.push("Opening", opening.name);
        }
        all.push(
            "Termination",
            self.outcome().map_or("unterminated", |o| o.termination()),
        );
        let start = self.record().start();
        if start.is_chess960() {
            all.push("Variant", "Chess960");
        }
        if *start != Position::initial() {
            all.push("SetUp", "1");
            all.push("FEN", start.fen());
        }
        if self.outcome().is_none() && self.is_timed() {
            for color in Color::ALL {
                if let Some(t) = self.clock().remaining(color, now) {
                    // To the tenth: a resumed game should not lose the fraction of a second.
                    let mut text = crate::game::clock::format_pgn_clock(t);
                    let tenths = t.subsec_millis() / 100;
                    if tenths > 0 {
                        text.push_str(&format!(".{tenths}"));
                    }
                    all.push(color.fold("WhiteClock", "BlackClock"), text);
                }
            }
        }
        if self.outcome().is_none()
            && let Some(by) = self.pending_offer()
        {
            all.push(TAG_DRAW_OFFER, by.to_string());
        }

        let first_mover = start.turn();
        let mut moves = self
            .record()
            .moves()
            .iter()
            .zip(self.clock_readings())
            .enumerate()
            .map(|(i, (m, reading))| {
                let mover = self.record().mover(i);
                let mut notes: Vec<String> = Vec::new();
                // lichess's order: the evaluation, then the clock.
                if let Some(eval) = self.evals().get(i + 1).copied().flatten() {
                    notes.extend(crate::game::report::eval_command(eval));
                }
                if let Some(t) = reading {
                    notes.push(format!(
                        "[%clk {}]",
                        crate::game::clock::format_pgn_clock(*t)
                    ));
                }
                // An offer made while `mover` was to move belongs with this move.
                for &(ply, by) in self.offers() {
                    if ply == i && by == mover {
                        notes.push(format!("{by} offers a draw."));
                    }
                    if ply == i + 1 && by == mover {
                        notes.push(format!("{by} offers a draw."));
                    }
                    // An offer still standing, made by the side to move before its move:
                    // the last move carries it, where reading the comment back puts it again.
                    if ply == i + 1
                        && by != mover
                        && ply == self.record().plies()
                        && self.pending_offer() == Some(by)
                    {
                        notes.push(format!("{by} offers a draw."));
                    }
                }
                let own = self.notes().get(i);
                if let Some(own) = own.filter(|n| !n.comment.is_empty()) {
                    notes.push(own.comment.clone());
                }
                ExportMove {
                    san: m.san.clone(),
                    nags: own.map(|n| n.nags.clone()).unwrap_or_default(),
                    comment: (!notes.is_empty()).then(|| notes.join(" ")),
                    ..ExportMove::default()
                }
            })
            .collect::<Vec<ExportMove>>();
        // Before the first move: offers no move carries (made before any move was played, or
        // by the side that does not move first), then the players' introduction.
        let mut intro_notes: Vec<String> = self
            .offers()
            .iter()
            .filter(|&&(ply, by)| ply == 0 && (moves.is_empty() || by != first_mover))
            .map(|&(_, by)| format!("{by} offers a draw."))
            .collect();
        // The start's evaluation, for a game set up from another position (the initial one
        // counts as lichess's +0.15 whatever was said).
        if *start != Position::initial()
            && let Some(eval) = self.evals().first().copied().flatten()
        {
            intro_notes.extend(crate::game::report::eval_command(eval));
        }
        if !self.intro().is_empty() {
            intro_notes.push(self.intro().to_owned());
        }
        let intro = (!intro_notes.is_empty()).then(|| intro_notes.join(" "));
        // How the game ended closes the last move's comment, or stands alone before any move.
        let mut closing = self.outcome().and_then(|o| o.closing_comment());
        if let Some(last) = moves.last_mut()
            && let Some(text) = closing.take()
        {
            last.comment = Some(match last.comment.take() {
                Some(notes) => format!("{notes} {text}"),
                None => text,
            });
        }
        let moves = self.with_variations(moves);
        ExportGame {
            tags: all
                .roster_first()
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect(),
            fullmove: start.fullmoves(),
            white_to_move: first_mover == Color::White,
            moves,
            closing,
            result: result.into(),
            intro,
        }
        .to_string()
    }

    /// The main line's moves with the side lines put in, in the order PGN writes them.
    fn with_variations(&self, main: Vec<ExportMove>) -> Vec<ExportMove> {
        let variations = self.variations();
        if variations.is_empty() {
            return main;
        }
        let mut main: Vec<Option<ExportMove>> = main.into_iter().map(Some).collect();
        variations
            .order(main.len())
            .into_iter()
            .filter_map(|step| match step {
                Step::Main(i) => main.get_mut(i)?.take(),
                Step::Var {
                    id, depth, start, ..
                } => {
                    let node = variations.node(id)?;
                    Some(ExportMove {
                        san: node.san.clone(),
                        nags: node.notes.nags.clone(),
                        comment: (!node.notes.comment.is_empty())
                            .then(|| node.notes.comment.clone()),
                        depth,
                        starts_line: start,
                    })
                }
            })
            .collect()
    }
}
