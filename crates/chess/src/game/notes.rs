//! What a game's record says besides the moves: the annotation glyphs (NAGs) and comment of
//! each move, the comment before the first move, and the clock readings seen from a reviewed
//! position — both clocks as they stood after a move, and the time the move took.
//!
//! The symbols are those of chess books and lichess, with ASCII stand-ins for terminals
//! without them (`--ascii`).

use std::time::Duration;

use super::session::Game;
use crate::rules::Color;

/// The glyphs and comment of one move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    /// Numeric annotation glyphs in the order read: `$1` (or `!`) is 1.
    pub nags: Vec<u8>,
    /// The comment after the move, commands (`[%clk …]`) and hotseat's own notes left out.
    pub comment: String,
}

impl Notes {
    /// Adds a glyph, once.
    pub fn add_nag(&mut self, nag: u8) {
        if !self.nags.contains(&nag) {
            self.nags.push(nag);
        }
    }

    /// Puts the move assessment `nag` (1-6: `!` … `?!`) in place of the one there, or takes it
    /// off if it was that one already.
    pub fn toggle_assessment(&mut self, nag: u8) {
        let had = self.nags.contains(&nag);
        self.nags.retain(|n| !(1..=6).contains(n));
        if !had {
            self.nags.insert(0, nag);
        }
    }

    /// Appends a comment, a space apart from what is there.
    pub fn add_comment(&mut self, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        if self.comment.is_empty() {
            self.comment.push_str(text);
            return;
        }
        self.comment.push(' ');
        self.comment.push_str(text);
        // Two comments joined can open a command that neither held (`… [` and `% …`), which
        // would swallow the rest when the game is read back: it is taken out now, as reading
        // the joined text would.
        let stripped = super::pgn::strip_commands(self.comment.as_bytes());
        if stripped.len() != self.comment.len() {
            self.comment = stripped;
        }
    }
}

/// A glyph's symbol, and its ASCII stand-in; `None` for glyphs without a usual symbol.
///
/// ```
/// use hotseat_chess::game::nag_symbol;
/// assert_eq!(nag_symbol(5, false), Some("!?"));
/// assert_eq!(nag_symbol(16, false), Some("±"));
/// assert_eq!(nag_symbol(16, true), Some("+/-"));
/// assert_eq!(nag_symbol(200, false), None);
/// ```
pub fn nag_symbol(nag: u8, ascii: bool) -> Option<&'static str> {
    let (unicode, plain) = match nag {
        1 => ("!", "!"),
        2 => ("?", "?"),
        3 => ("!!", "!!"),
        4 => ("??", "??"),
        5 => ("!?", "!?"),
        6 => ("?!", "?!"),
        10 => ("=", "="),
        13 => ("∞", "~"),
        14 => ("⩲", "+="),
        15 => ("⩱", "=+"),
        16 => ("±", "+/-"),
        17 => ("∓", "-/+"),
        18 => ("+−", "+-"),
        19 => ("−+", "-+"),
        22 | 23 => ("⨀", "(.)"),
        32 | 33 => ("⟳", "@"),
        36 | 37 => ("→", "->"),
        40 | 41 => ("↑", "^"),
        132 | 133 => ("⇆", "<=>"),
        146 => ("N", "N"),
        _ => return None,
    };
    Some(if ascii { plain } else { unicode })
}

/// The symbols of a move's glyphs as the move list shows them after the SAN: the move's
/// assessment (`!?`) at once, the position's after it (`Nf3!? ±`). Glyphs without a usual
/// symbol are left out.
///
/// ```
/// use hotseat_chess::game::nag_text;
/// assert_eq!(nag_text(&[5, 16], false), "!? ±");
/// assert_eq!(nag_text(&[14], true), " +=");
/// assert_eq!(nag_text(&[], false), "");
/// ```
pub fn nag_text(nags: &[u8], ascii: bool) -> String {
    let mut text = String::new();
    for &nag in nags.iter().filter(|&&n| (1..=6).contains(&n)) {
        text.push_str(nag_symbol(nag, ascii).unwrap_or_default());
    }
    for symbol in nags
        .iter()
        .filter(|&&n| !(1..=6).contains(&n))
        .filter_map(|&n| nag_symbol(n, ascii))
    {
        text.push(' ');
        text.push_str(symbol);
    }
    text
}

impl Game {
    /// Who made the move at `index` (0-based).
    fn mover(&self, index: usize) -> Color {
        self.record().mover(index)
    }

    /// Puts the move assessment `nag` (1-6: `!` … `?!`) on the move at `index`, in place of
    /// the one it had, or takes it off if it was that one already. `false`: no such move.
    pub fn toggle_assessment(&mut self, index: usize, nag: u8) -> bool {
        let Some(notes) = self.notes_mut(index) else {
            return false;
        };
        notes.toggle_assessment(nag);
        true
    }

    /// Whether any move carries a clock reading (`[%clk]`, or timed play).
    pub fn has_clock_readings(&self) -> bool {
        self.clock_readings().iter().any(Option::is_some)
    }

    /// Both clocks as they stood after `ply` half-moves, from the readings: each side's
    /// reading after its last move so far, or its starting time before its first. `None`
    /// where nothing is known.
    pub fn clocks_at(&self, ply: usize) -> [Option<Duration>; 2] {
        Color::ALL.map(|color| {
            let readings = self.clock_readings();
            (0..ply.min(readings.len()))
                .rev()
                .find(|&i| self.mover(i) == color)
                .map_or_else(
                    || self.clock().control(color).initial_time(),
                    |i| readings[i],
                )
        })
    }

    /// How long the move at `index` (0-based) took, from the readings before and after it and
    /// the time the control added for it. `None` where a reading is missing.
    pub fn move_time(&self, index: usize) -> Option<Duration> {
        let readings = self.clock_readings();
        let after = (*readings.get(index)?)?;
        let mover = self.mover(index);
        let control = self.clock().control(mover);
        let before = match index.checked_sub(2) {
            Some(i) => readings[i]?,
            None => control.initial_time()?,
        };
        let move_number = u32::try_from(index / 2 + 1).unwrap_or(u32::MAX);
        let added = control.increment_for_move(move_number);
        Some((before + added).saturating_sub(after))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::pgn::import_game;

    #[test]
    fn every_listed_glyph_has_a_symbol_and_an_ascii_stand_in() {
        for nag in [
            1, 2, 3, 4, 5, 6, 10, 13, 14, 15, 16, 17, 18, 19, 22, 23, 32, 33, 36, 37, 40, 41, 132,
            133, 146,
        ] {
            let plain = nag_symbol(nag, true).unwrap();
            assert!(plain.is_ascii(), "${nag}: {plain}");
            assert!(nag_symbol(nag, false).is_some(), "${nag}");
        }
    }

    #[test]
    fn clocks_and_move_times_come_from_the_readings() {
        let game = import_game(
            "[TimeControl \"300+2\"]\n\n1. e4 {[%clk 0:04:58]} e5 {[%clk 0:04:50]} \
             2. Nf3 {[%clk 0:04:40]} *\n",
        )
        .unwrap()
        .game;
        let s = Duration::from_secs;
        assert_eq!(game.clocks_at(0), [Some(s(300)), Some(s(300))]);
        assert_eq!(game.clocks_at(1), [Some(s(298)), Some(s(300))]);
        assert_eq!(game.clocks_at(3), [Some(s(280)), Some(s(290))]);
        assert_eq!(game.move_time(0), Some(s(4)), "300 + 2 - 298");
        assert_eq!(game.move_time(1), Some(s(12)));
        assert_eq!(game.move_time(2), Some(s(20)), "298 + 2 - 280");
        assert_eq!(game.move_time(3), None);
    }

    #[test]
    fn an_untimed_game_keeps_its_readings_for_the_review() {
        let game = import_game("1. e4 {[%clk 0:04:58]} e5 {[%clk 0:04:50]} *\n")
            .unwrap()
            .game;
        assert!(game.has_clock_readings());
        assert_eq!(
            game.clocks_at(2),
            [
                Some(Duration::from_secs(298)),
                Some(Duration::from_secs(290))
            ]
        );
        assert_eq!(game.move_time(0), None, "no starting time known");
    }
}
