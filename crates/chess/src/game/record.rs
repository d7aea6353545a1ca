//! The move record: the start position, every move with its SAN, every position reached, and
//! the draw rules that need that history (FIDE Laws 9.2, 9.3, 9.6).
//!
//! "The same position" is [`Position::repetition_key`]: pieces, side to move, castling rights,
//! and the en passant square only when the capture is legal. Only positions since the last
//! capture or pawn move can repeat, so the search window is the half-move clock.

use super::MoveNumber;
use crate::rules::{Color, Move, Position, PositionStatus};

/// The half-move clock at which a fifty-move claim becomes possible (9.3).
pub const FIFTY_MOVES: u32 = 100;
/// The half-move clock at which the game is drawn automatically (9.6.2).
pub const SEVENTY_FIVE_MOVES: u32 = 150;

/// One move of the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    pub mv: Move,
    /// SAN with `+`/`#`, computed in the position before the move.
    pub san: String,
}

/// What the player to move may claim (9.2, 9.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Claims {
    pub threefold: bool,
    pub fifty: bool,
}

impl Claims {
    pub fn any(self) -> bool {
        self.threefold || self.fifty
    }

    /// `threefold`, `fifty`, `threefold,fifty` or `-`, as the `pgn` tool prints them.
    pub fn label(self) -> &'static str {
        match (self.threefold, self.fifty) {
            (true, true) => "threefold,fifty",
            (true, false) => "threefold",
            (false, true) => "fifty",
            (false, false) => "-",
        }
    }

    fn or(self, other: Claims) -> Claims {
        Claims {
            threefold: self.threefold || other.threefold,
            fifty: self.fifty || other.fifty,
        }
    }
}

/// How the position on the board ends the game without anyone claiming anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AutomaticEnd {
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    FivefoldRepetition,
    SeventyFiveMoves,
}

impl AutomaticEnd {
    /// The status word the `pgn` tool prints.
    pub fn label(self) -> &'static str {
        match self {
            AutomaticEnd::Checkmate => "checkmate",
            AutomaticEnd::Stalemate => "stalemate",
            AutomaticEnd::InsufficientMaterial => "insufficient-material",
            AutomaticEnd::FivefoldRepetition => "fivefold-repetition",
            AutomaticEnd::SeventyFiveMoves => "seventyfive-moves",
        }
    }
}

/// The repetition keys of every position of a game, oldest first: all the draw rules need.
#[derive(Clone, Debug, Default)]
pub struct History {
    keys: Vec<u64>,
}

impl History {
    pub fn new(start: &Position) -> History {
        History::with_capacity(start, 1)
    }

    /// As [`History::new`], with room for `capacity` positions before it reallocates.
    pub fn with_capacity(start: &Position, capacity: usize) -> History {
        let mut keys = Vec::with_capacity(capacity.max(1));
        keys.push(start.repetition_key());
        History { keys }
    }

    /// Records the position reached by a move.
    #[inline]
    pub fn push(&mut self, pos: &Position) {
        self.keys.push(pos.repetition_key());
    }

    /// Records the position reached by a move and forgets those before the last capture or pawn
    /// move, which can never repeat: the draw rules answer as with [`History::push`], in
    /// memory bounded by the half-move clock. For replays that keep no record (`pop` cannot go
    /// back past the forgotten positions).
    #[inline]
    pub fn push_recent(&mut self, pos: &Position) {
        if pos.halfmoves() == 0 {
            self.keys.clear();
        }
        self.push(pos);
    }

    pub fn pop(&mut self) {
        if self.keys.len() > 1 {
            self.keys.pop();
        }
    }

    /// How many times `current` (the last position pushed) has occurred, counting now. Only
    /// positions since the last capture or pawn move can be the same.
    pub fn repetitions(&self, current: &Position) -> usize {
        let index = self.keys.len() - 1;
        let first = index.saturating_sub(current.halfmoves() as usize);
        (first..=index)
            .rev()
            .step_by(2)
            .filter(|&i| self.keys[i] == self.keys[index])
            .count()
    }

    /// What the player to move in `current` may claim now (9.2.1.2, 9.3.1.2).
    pub fn claimable_now(&self, current: &Position) -> Claims {
        Claims {
            threefold: self.repetitions(current) >= 3,
            fifty: current.halfmoves() >= FIFTY_MOVES,
        }
    }

    /// What the player to move may claim by declaring `mv` (9.2.1.1, 9.3.1.1): the move would
    /// make the position occur a third time, or bring the half-move clock to 100.
    pub fn claims_by_move(&self, current: &Position, mv: Move) -> Claims {
        let mut next = current.clone();
        next.play_unchecked(mv);
        Claims {
            threefold: self.earlier_occurrences(&next) + 1 >= 3,
            fifty: next.halfmoves() >= FIFTY_MOVES,
        }
    }

    /// How often `next`, a position one move after the last one pushed, occurred before.
    fn earlier_occurrences(&self, next: &Position) -> usize {
        let key = next.repetition_key();
        // Positions two, four, ... plies before `next`, within its window.
        let index = self.keys.len();
        let first = index.saturating_sub(next.halfmoves() as usize);
        (first..index)
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&i| self.keys[i] == key)
            .count()
    }

    /// Whether two of the positions a move from `current` (the last one pushed) could repeat
    /// are the same: those [`History::earlier_occurrences`] looks at for a move that is not a
    /// capture or a pawn move, the widest window any move has.
    fn twice_within_a_move(&self, current: &Position) -> bool {
        let index = self.keys.len();
        let first = index.saturating_sub(current.halfmoves() as usize + 1);
        let keys = (first..index)
            .rev()
            .skip(1)
            .step_by(2)
            .map(|i| self.keys[i]);
        has_duplicate(keys)
    }

    /// Whether playing `mv` in `current` ends the game by itself (see
    /// [`History::automatic_end`]): then no claim needs to be made with it.
    pub fn move_ends_game(&self, current: &Position, mv: Move) -> bool {
        let mut next = current.clone();
        next.play_unchecked(mv);
        end_of(&next, self.earlier_occurrences(&next) + 1).is_some()
    }

    /// Every claim open to the player to move: now, or by declaring some move.
    pub fn claims_available(&self, current: &Position) -> Claims {
        let mut claims = self.claimable_now(current);
        if claims.threefold && claims.fifty {
            return claims;
        }
        // A move brings the clock to 100 only from 99, and makes a position occur a third time
        // only if some position it can reach occurred twice already: without either, no move
        // needs to be tried.
        if current.halfmoves() + 1 < FIFTY_MOVES && !self.twice_within_a_move(current) {
            return claims;
        }
        for &mv in current.legal_moves().iter() {
            claims = claims.or(self.claims_by_move(current, mv));
        }
        claims
    }

    /// Whether `current` ends the game by itself: checkmate (which takes precedence over
    /// everything reached by the same move), stalemate, insufficient material, fivefold
    /// repetition or the seventy-five-move rule.
    pub fn automatic_end(&self, current: &Position) -> Option<AutomaticEnd> {
        end_of(current, self.repetitions(current))
    }
}

/// Whether two of `keys` are the same. Up to 128 keys (the positions of a side within the
/// fifty-move window, and more) go into a small table on the stack, without allocating or
/// sorting: a PGN replay asks this at the end of every game.
fn has_duplicate(keys: impl ExactSizeIterator<Item = u64>) -> bool {
    const SLOTS: usize = 256;
    if keys.len() > SLOTS / 2 {
        let mut keys: Vec<u64> = keys.collect();
        keys.sort_unstable();
        return keys.windows(2).any(|pair| pair[0] == pair[1]);
    }
    // Open addressing by the key's low bits (Zobrist keys are uniform); `used` marks the slots
    // taken, so that any key, zero too, can be stored.
    let mut table = [0u64; SLOTS];
    let mut used = [0u64; SLOTS / 64];
    for key in keys {
        let mut slot = key as usize % SLOTS;
        while used[slot / 64] & (1 << (slot % 64)) != 0 {
            if table[slot] == key {
                return true;
            }
            slot = (slot + 1) % SLOTS;
        }
        used[slot / 64] |= 1 << (slot % 64);
        table[slot] = key;
    }
    false
}

/// How `position`, reached for the `occurrences`-th time, ends the game by itself, if it does:
/// the rules of [`History::automatic_end`] in one place.
fn end_of(position: &Position, occurrences: usize) -> Option<AutomaticEnd> {
    match position.status() {
        PositionStatus::Checkmate => return Some(AutomaticEnd::Checkmate),
        PositionStatus::Stalemate => return Some(AutomaticEnd::Stalemate),
        PositionStatus::InsufficientMaterial => {
            return Some(AutomaticEnd::InsufficientMaterial);
        }
        PositionStatus::Ongoing => {}
    }
    if occurrences >= 5 {
        Some(AutomaticEnd::FivefoldRepetition)
    } else if position.halfmoves() >= SEVENTY_FIVE_MOVES {
        Some(AutomaticEnd::SeventyFiveMoves)
    } else {
        None
    }
}

/// A game's moves from a start position.
#[derive(Clone, Debug)]
pub struct Record {
    /// `positions[0]` is the start; `positions[i]` the position after `i` half-moves.
    positions: Vec<Position>,
    history: History,
    moves: Vec<RecordedMove>,
}

impl Record {
    pub fn new(start: Position) -> Record {
        Record {
            history: History::new(&start),
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// The position after `ply` half-moves (0 is the start).
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    pub fn moves(&self) -> &[RecordedMove] {
        &self.moves
    }

    /// Who plays the half-move at `ply` (0-based): White first unless the start position (a
    /// FEN) has Black to move.
    pub fn mover(&self, ply: usize) -> Color {
        if MoveNumber::of_ply(self.start(), ply).white {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The number of half-moves played.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// Plays a move, which must be legal in the current position.
    pub fn push(&mut self, mv: Move) {
        let san = self.position().san(mv);
        self.push_with_san(mv, san);
    }

    /// Plays a legal move whose SAN the caller already has (PGN replay).
    pub(crate) fn push_with_san(&mut self, mv: Move, san: String) {
        let mut next = self.position().clone();
        next.play_unchecked(mv);
        self.history.push(&next);
        self.positions.push(next);
        self.moves.push(RecordedMove { mv, san });
    }

    /// Takes the last move back.
    pub fn pop(&mut self) -> Option<RecordedMove> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.history.pop();
        Some(mv)
    }

    /// The repetition keys of every position so far.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// How many times the current position has occurred, counting now.
    pub fn repetitions(&self) -> usize {
        self.history.repetitions(self.position())
    }

    /// What the player to move may claim now, without moving (9.2.1.2, 9.3.1.2).
    pub fn claimable_now(&self) -> Claims {
        self.history.claimable_now(self.position())
    }

    /// What the player to move may claim by declaring `mv`; see [`History::claims_by_move`].
    pub fn claims_by_move(&self, mv: Move) -> Claims {
        self.history.claims_by_move(self.position(), mv)
    }

    /// Every claim open to the player to move: now, or by declaring some move.
    pub fn claims_available(&self) -> Claims {
        self.history.claims_available(self.position())
    }

    /// The moves that would allow a claim, with what they allow.
    pub fn moves_allowing_claims(&self) -> Vec<(Move, Claims)> {
        self.position()
            .legal_moves()
            .iter()
            .map(|&mv| (mv, self.claims_by_move(mv)))
            .filter(|(_, c)| c.any())
            .collect()
    }

    /// See [`History::move_ends_game`].
    pub fn move_ends_game(&self, mv: Move) -> bool {
        self.history.move_ends_game(self.position(), mv)
    }

    /// See [`History::automatic_end`].
    pub fn automatic_end(&self) -> Option<AutomaticEnd> {
        self.history.automatic_end(self.position())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record_after(fen: &str, moves: &str) -> Record {
        let mut r = Record::new(Position::from_fen(fen).unwrap());
        for text in moves.split_whitespace() {
            let mv = r
                .position()
                .parse_move(text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            r.push(mv);
        }
        r
    }

    const KNIGHT_DANCE: &str = "Nf3 Nf6 Ng1 Ng8";

    #[test]
    fn has_duplicate_finds_any_repeated_key_in_the_table_and_past_it() {
        // Keys that share their low bits (probing), zero, and more keys than the table holds.
        for n in [0usize, 1, 2, 5, 64, 128, 129, 300] {
            let distinct: Vec<u64> = (0..n as u64).map(|i| i << 8 | (i % 3)).collect();
            assert!(!has_duplicate(distinct.iter().copied()), "{n} distinct");
            for (a, b) in [(0, n.saturating_sub(1)), (n / 2, n / 3), (1, 2)] {
                if a < n && b < n && a != b {
                    let mut keys = distinct.clone();
                    keys[b] = keys[a];
                    assert!(has_duplicate(keys.iter().copied()), "{n}: {a} and {b}");
                }
            }
        }
        assert!(has_duplicate([0, 7, 0].into_iter()));
        assert!(has_duplicate([256, 512, 1, 512].into_iter()));
        assert!(!has_duplicate([256, 512, 0, 768].into_iter()));
    }

    #[test]
    fn threefold_claimable_on_the_third_occurrence_not_before() {
        let start = crate::rules::INITIAL_FEN;
        let r = record_after(start, KNIGHT_DANCE);
        assert_eq!(r.repetitions(), 2);
        assert!(!r.claimable_now().threefold);
        let r = record_after(start, &format!("{KNIGHT_DANCE} {KNIGHT_DANCE}"));
        assert_eq!(r.repetitions(), 3);
        assert!(r.claimable_now().threefold);
        assert_eq!(r.automatic_end(), None);
    }

    #[test]
    fn threefold_claim_by_declared_move() {
        let start = crate::rules::INITIAL_FEN;
        // After Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1, Black's Ng8 would repeat the start a third time.
        let r = record_after(start, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
        assert!(!r.claimable_now().threefold);
        let ng8 = r.position().parse_move("Ng8").unwrap();
        assert!(r.claims_by_move(ng8).threefold);
        let nc6 = r.position().parse_move("Nc6").unwrap();
        assert!(!r.claims_by_move(nc6).threefold);
        assert!(r.claims_available().threefold);
        assert_eq!(r.moves_allowing_claims().len(), 1);
    }

    #[test]
    fn fivefold_is_automatic() {
        let start = crate::rules::INITIAL_FEN;
        let four = [KNIGHT_DANCE; 4].join(" ");
        let r = record_after(start, &four);
        assert_eq!(r.repetitions(), 5);
        assert_eq!(r.automatic_end(), Some(AutomaticEnd::FivefoldRepetition));
        let r = record_after(
            start,
            &format!("{KNIGHT_DANCE} {KNIGHT_DANCE} {KNIGHT_DANCE}"),
        );
        assert_eq!(r.repetitions(), 4);
        assert_eq!(r.automatic_end(), None);
    }

    #[test]
    fn castling_rights_make_positions_differ() {
        // The rooks go out and back: same squares, but White has lost kingside castling.
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let r = record_after(fen, "Rh2 Rh7 Rh1 Rh8");
        assert_eq!(r.repetitions(), 1);
        let r = record_after(fen, "Rh2 Rh7 Rh1 Rh8 Rh2 Rh7 Rh1 Rh8");
        assert_eq!(r.repetitions(), 2);
    }

    #[test]
    fn illegal_en_passant_possibility_does_not_make_positions_differ() {
        // After d2-d4 with the black pawn on e4 pinned... here: exd3 would expose the king.
        // The position after 1. d4 equals the later one reached without a double step.
        let fen = "8/8/8/8/k3p2Q/8/3P4/3K4 w - - 0 1";
        let r = record_after(fen, "d4 Ka5 Qh5+ Ka4 Qh4");
        // After Qh4, with Black to move, the board equals the one after d4 (ep illegal there).
        assert_eq!(r.history.keys[1], r.history.keys[5]);
        assert_eq!(r.repetitions(), 2);
    }

    #[test]
    fn legal_en_passant_possibility_makes_positions_differ() {
        let fen = "4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1";
        let r = record_after(fen, "d4 Kd7 Kd2 Ke8 Ke1 Kd7 Kd2 Ke8 Ke1");
        // After 1. d4 Black could take en passant; later the same board has no such right.
        assert_ne!(r.history.keys[1], r.history.keys[5]);
        assert_eq!(r.history.keys[5], r.history.keys[9]);
        assert_eq!(r.repetitions(), 2);
    }

    #[test]
    fn fifty_move_boundaries() {
        let fen = |hm: u32| format!("4k3/8/8/8/8/8/8/4K2R w - - {hm} 80");
        let r = record_after(&fen(99), "");
        assert!(!r.claimable_now().fifty);
        let rh2 = r.position().parse_move("Rh2").unwrap();
        assert!(r.claims_by_move(rh2).fifty, "a quiet move reaching 100");
        assert!(r.claims_available().fifty);
        let r = record_after(&fen(100), "");
        assert!(r.claimable_now().fifty);
        assert_eq!(r.automatic_end(), None);
        let r = record_after(&fen(149), "Rh2");
        assert_eq!(r.automatic_end(), Some(AutomaticEnd::SeventyFiveMoves));
        let r = record_after(&fen(148), "Rh2");
        assert_eq!(r.automatic_end(), None);
    }

    #[test]
    fn fifty_move_claim_not_by_a_pawn_move_or_capture() {
        let r = record_after("4k3/8/8/8/8/8/4P3/4K2R w - - 99 80", "");
        let e4 = r.position().parse_move("e4").unwrap();
        assert!(!r.claims_by_move(e4).fifty);
    }

    #[test]
    fn checkmate_takes_precedence_over_seventy_five_moves() {
        let r = record_after("7k/8/6K1/8/8/8/8/R7 w - - 149 100", "Ra8");
        assert_eq!(r.position().halfmoves(), 150);
        assert_eq!(r.automatic_end(), Some(AutomaticEnd::Checkmate));
    }

    #[test]
    fn forgetting_positions_before_a_capture_or_pawn_move_changes_no_answer() {
        // Repetitions before and after a pawn move and a capture, then a fifty-move window.
        let moves = format!(
            "{KNIGHT_DANCE} {KNIGHT_DANCE} e4 d5 exd5 Qxd5 Nc3 Qd8 Nb1 Qd5 Nc3 Qd8 Nb1 Qd5 Nc3"
        );
        let mut pos = Position::initial();
        let (mut full, mut recent) = (History::new(&pos), History::new(&pos));
        for text in moves.split_whitespace() {
            pos.play_unchecked(pos.parse_move(text).unwrap());
            full.push(&pos);
            recent.push_recent(&pos);
            assert!(recent.keys.len() <= pos.halfmoves() as usize + 1, "{text}");
            assert_eq!(recent.repetitions(&pos), full.repetitions(&pos), "{text}");
            assert_eq!(
                recent.automatic_end(&pos),
                full.automatic_end(&pos),
                "{text}"
            );
            assert_eq!(
                recent.claims_available(&pos),
                full.claims_available(&pos),
                "{text}"
            );
        }
        assert!(recent.claims_available(&pos).threefold);
    }

    #[test]
    fn claims_available_tries_moves_only_when_one_could_claim() {
        // At every ply of dances that repeat at different distances, the answer is the one
        // every legal move tried gives.
        let moves = format!("{KNIGHT_DANCE} Nc3 Nc6 Nb1 Nb8 {KNIGHT_DANCE} Nc3 Nc6 Nb1 Nf6 Nc3");
        let mut pos = Position::initial();
        let mut history = History::new(&pos);
        let mut threefold_by_move = 0;
        for text in moves.split_whitespace() {
            pos.play_unchecked(pos.parse_move(text).unwrap());
            history.push(&pos);
            let every = pos
                .legal_moves()
                .iter()
                .fold(history.claimable_now(&pos), |c, &mv| {
                    c.or(history.claims_by_move(&pos, mv))
                });
            assert_eq!(history.claims_available(&pos), every, "{text}");
            threefold_by_move +=
                usize::from(every.threefold && !history.claimable_now(&pos).threefold);
        }
        assert!(threefold_by_move >= 2);
    }

    #[test]
    fn pop_restores_the_previous_state() {
        let mut r = record_after(crate::rules::INITIAL_FEN, "e4 e5");
        let before = r.position().clone();
        let nf3 = r.position().parse_move("Nf3").unwrap();
        r.push(nf3);
        assert_eq!(r.pop().unwrap().san, "Nf3");
        assert_eq!(r.position(), &before);
        assert_eq!(r.plies(), 2);
    }
}
