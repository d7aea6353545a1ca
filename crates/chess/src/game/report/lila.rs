//! lichess's arithmetic for the game report: pure functions of the engine's evaluations.
//!
//! Every formula here is lila's (the lichess server, github.com/lichess-org/lila), so that a
//! player who compares hotseat's report with lichess's on the same evaluations finds the same
//! numbers:
//!
//! * [`win_percent`]: `WinPercent.fromCentiPawns` (modules/analyse, WinPercent.scala):
//!   `50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1)`, centipawns clamped to ±1000.
//! * [`move_accuracy`]: `AccuracyPercent.fromWinPercents` (modules/analyse,
//!   AccuracyPercent.scala): `103.1668100711649 * exp(-0.04354415386753951 * loss) +
//!   -3.166924740191411`, plus 1 ("uncertainty bonus"), within 0..=100; 100 when the win
//!   percentage did not drop.
//! * [`game_accuracy`]: `AccuracyPercent.gameAccuracy`: per player, the mean of a
//!   volatility-weighted mean (weights: the population standard deviation of the win
//!   percentages in a sliding window of `plies / 10` clamped to 2..=8, itself clamped to
//!   0.5..=12) and a harmonic mean (each accuracy at least 1, as `Maths.harmonicMean`).
//! * [`judge`]: `Advice` (modules/tree, Advice.scala): a drop in winning chances (−1..1) of
//!   0.3 / 0.2 / 0.1 is a blunder / mistake / inaccuracy (`CpAdvice`); with mates, `MateAdvice`:
//!   "Checkmate is now unavoidable" and "Lost forced checkmate sequence", graded by the
//!   centipawns on the other side (below −999 an inaccuracy, below −700 a mistake, else a
//!   blunder).
//! * [`acpl`]: `Accuracy.diffsList` / `Accuracy.mean`: the mover's centipawn loss per move
//!   (evaluations clamped to ±1000, mates as ±1000, gains count 0), averaged and truncated.
//!
//! Evaluations are from White's point of view, one per position: before the first move, then
//! after each move. As lila does (`Info.start`, `Eval.initial`), the initial position counts
//! as +0.15 whatever the engine says; a game set up from another position starts from the
//! engine's own evaluation of it.

use crate::rules::Color;

/// lila's `Eval.Cp.CEILING`: centipawns beyond this count as this.
pub const CP_CEILING: i32 = 1000;

/// lila's `Eval.initial`: the initial position is worth +0.15 to White.
pub const INITIAL_CP: i32 = 15;

/// An evaluation from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Centipawns, positive when White is better.
    Cp(i32),
    /// A forced mate for `winner` in `moves` moves; 0 when the side to move is checkmated.
    Mate { winner: Color, moves: u32 },
}

impl Eval {
    /// The evaluation from `color`'s point of view, as centipawns with mates as ±[`CP_CEILING`]
    /// (lila's `forceAsCp` followed by `ceiled`).
    pub fn cp_for(self, color: Color) -> i32 {
        let white = match self {
            Eval::Cp(cp) => cp.clamp(-CP_CEILING, CP_CEILING),
            Eval::Mate { winner, .. } => match winner {
                Color::White => CP_CEILING,
                Color::Black => -CP_CEILING,
            },
        };
        if color == Color::White { white } else { -white }
    }

    /// Moves to mate from `color`'s point of view: positive when `color` mates.
    fn mate_for(self, color: Color) -> Option<i64> {
        match self {
            Eval::Cp(_) => None,
            Eval::Mate { winner, moves } => {
                let moves = i64::from(moves.max(1));
                Some(if winner == color { moves } else { -moves })
            }
        }
    }

    /// As lichess writes it in `[%eval …]`: `0.32`, `-1.05`, `#3`, `#-2` (White's view).
    /// `None` for a checkmated position, which has nothing left to evaluate.
    pub fn pgn(self) -> Option<String> {
        match self {
            Eval::Cp(cp) => Some(format!("{:.2}", f64::from(cp) / 100.0)),
            Eval::Mate { moves: 0, .. } => None,
            Eval::Mate { winner, moves } => Some(match winner {
                Color::White => format!("#{moves}"),
                Color::Black => format!("#-{moves}"),
            }),
        }
    }
}

/// e^x for the small arguments of the formulas here (|x| up to about 5), within an ulp or two
/// of the C library's `exp`. It is the only mathematical function hotseat needs, and the C
/// library's version would bring the whole of libm into the process, resolving all of its
/// functions at every start (about 300 KiB of resident memory in a running game): e^x is
/// e^r·2^n with n = round(x / ln 2) and |r| ≤ ln 2 / 2, where the Taylor series of e^r to the
/// 13th power is exact to the last bit.
pub(super) fn exp(x: f64) -> f64 {
    // ln 2 in two parts, so that n·ln 2 is exact in the first: r loses nothing.
    const LN2_HI: f64 = 0.693_147_180_369_123_8;
    const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;
    let n = (x * std::f64::consts::LOG2_E).round();
    let r = (x - n * LN2_HI) - n * LN2_LO;
    // Horner's scheme from the highest term: 1 + r(1 + r/2(1 + r/3(...))).
    let mut sum = 1.0;
    for k in (1..=13).rev() {
        sum = 1.0 + sum * r / f64::from(k);
    }
    sum * 2f64.powi(n as i32)
}

/// lila's `WinPercent.winningChances`: −1..1, from the centipawns' side.
pub fn winning_chances(cp: i32) -> f64 {
    let cp = f64::from(cp.clamp(-CP_CEILING, CP_CEILING));
    2.0 / (1.0 + exp(-0.003_682_08 * cp)) - 1.0
}

/// lila's `WinPercent.fromCentiPawns`: 0..100.
pub fn win_percent(cp: i32) -> f64 {
    50.0 + 50.0 * winning_chances(cp)
}

/// lila's `AccuracyPercent.fromWinPercents`: how good a move was, from the mover's win
/// percentage before and after it.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let loss = before - after;
    let raw = 103.166_810_071_164_9 * exp(-0.043_544_153_867_539_51 * loss) - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// A move's label.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// The numeric annotation glyph: `$6` (?!), `$2` (?), `$4` (??).
    pub const fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    pub const fn glyph(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }
}

/// What a labelled move did with mates, as lichess words it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateSequence {
    /// The mover now gets mated, and did not before.
    Created,
    /// The mover had a forced mate and lost it.
    Lost,
}

impl MateSequence {
    pub const fn describe(self) -> &'static str {
        match self {
            MateSequence::Created => "Checkmate is now unavoidable",
            MateSequence::Lost => "Lost forced checkmate sequence",
        }
    }
}

/// A labelled move: the label and, when mates decided it, why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Advice {
    pub judgement: Judgement,
    pub mate: Option<MateSequence>,
}

impl Advice {
    /// lichess's comment: `Mistake.`, `Checkmate is now unavoidable.`
    pub fn describe(self) -> &'static str {
        self.mate
            .map_or(self.judgement.name(), MateSequence::describe)
    }
}

/// lila's `Advice.apply`: the label of a move by `mover` from the evaluation before it to the
/// one after it, `CpAdvice` when both are centipawns, else `MateAdvice`.
pub fn judge(mover: Color, before: Eval, after: Eval) -> Option<Advice> {
    if let (Eval::Cp(prev), Eval::Cp(next)) = (before, after) {
        let sign = if mover == Color::White { -1.0 } else { 1.0 };
        let delta = sign * (winning_chances(next) - winning_chances(prev));
        let judgement = [
            (0.3, Judgement::Blunder),
            (0.2, Judgement::Mistake),
            (0.1, Judgement::Inaccuracy),
        ]
        .into_iter()
        .find(|(d, _)| *d <= delta)?
        .1;
        return Some(Advice {
            judgement,
            mate: None,
        });
    }
    let cp = |e: Eval| match e {
        Eval::Cp(_) => e.cp_for(mover),
        Eval::Mate { .. } => 0,
    };
    let sequence = match (before.mate_for(mover), after.mate_for(mover)) {
        (None, Some(n)) if n < 0 => MateSequence::Created,
        (Some(p), None) if p > 0 => MateSequence::Lost,
        (Some(p), Some(n)) if p > 0 && n < 0 => MateSequence::Lost,
        _ => return None,
    };
    let judgement = match sequence {
        MateSequence::Created if cp(before) < -999 => Judgement::Inaccuracy,
        MateSequence::Created if cp(before) < -700 => Judgement::Mistake,
        MateSequence::Lost if cp(after) > 999 => Judgement::Inaccuracy,
        MateSequence::Lost if cp(after) > 700 => Judgement::Mistake,
        _ => Judgement::Blunder,
    };
    Some(Advice {
        judgement,
        mate: Some(sequence),
    })
}

/// Per player: lila's game accuracy, 0..100. `evals` holds the evaluation before the first
/// move and after each move; `first` made the first move. `None` for a player with no move.
pub fn game_accuracy(first: Color, evals: &[Eval]) -> [Option<f64>; 2] {
    let wins: Vec<f64> = evals
        .iter()
        .map(|e| win_percent(e.cp_for(Color::White)))
        .collect();
    let moves = wins.len().saturating_sub(1);
    let window = (moves / 10).clamp(2, 8);
    // The first windows repeat the opening one, so that there is a weight for every move.
    let mut weights = Vec::with_capacity(moves);
    for _ in 0..window.min(wins.len()).saturating_sub(2) {
        weights.push(volatility(&wins[..window.min(wins.len())]));
    }
    weights.extend(wins.windows(window).map(volatility));
    let mut per = [Vec::new(), Vec::new()];
    for (i, (pair, weight)) in wins.windows(2).zip(weights).enumerate() {
        let mover = if i % 2 == 0 { first } else { !first };
        let (before, after) = match mover {
            Color::White => (pair[0], pair[1]),
            Color::Black => (100.0 - pair[0], 100.0 - pair[1]),
        };
        per[index(mover)].push((move_accuracy(before, after), weight));
    }
    per.map(|moves| {
        if moves.is_empty() {
            return None;
        }
        let weight: f64 = moves.iter().map(|(_, w)| w).sum();
        let weighted = moves.iter().map(|(a, w)| a * w).sum::<f64>() / weight;
        let harmonic =
            moves.len() as f64 / moves.iter().map(|(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
        Some((weighted + harmonic) / 2.0)
    })
}

/// The population standard deviation, clamped to 0.5..=12 (lila's weights).
fn volatility(xs: &[f64]) -> f64 {
    let mean = xs.iter().sum::<f64>() / xs.len() as f64;
    let variance = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / xs.len() as f64;
    variance.sqrt().clamp(0.5, 12.0)
}

/// The index of a colour in `[white, black]` arrays.
pub const fn index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// The centipawns `mover` lost with a move (0 for a gain), lila's `diffsList`.
pub fn cp_loss(mover: Color, before: Eval, after: Eval) -> i32 {
    (before.cp_for(mover) - after.cp_for(mover)).max(0)
}

/// Per player: the average centipawn loss, truncated as lila's `toInt`.
pub fn acpl(first: Color, evals: &[Eval]) -> [Option<u32>; 2] {
    let mut per = [Vec::new(), Vec::new()];
    for (i, pair) in evals.windows(2).enumerate() {
        let mover = if i % 2 == 0 { first } else { !first };
        per[index(mover)].push(cp_loss(mover, pair[0], pair[1]));
    }
    per.map(|losses| {
        (!losses.is_empty()).then(|| {
            let sum: i64 = losses.iter().map(|&l| i64::from(l)).sum();
            u32::try_from(sum / losses.len() as i64).unwrap_or(u32::MAX)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-6
    }

    #[test]
    fn exp_is_the_c_librarys_within_two_ulps() {
        // Every argument the formulas can give, and some beyond.
        for i in -20_000..=20_000 {
            let x = f64::from(i) / 2_000.0;
            let (ours, libm) = (exp(x), x.exp());
            assert!(
                (ours - libm).abs() <= 2.0 * f64::EPSILON * libm,
                "exp({x}) = {ours}, libm says {libm}"
            );
        }
        assert_eq!(exp(0.0), 1.0);
    }

    #[test]
    fn win_percent_follows_lila() {
        assert!(close(win_percent(0), 50.0));
        // 50 + 50 * (2 / (1 + e^-0.368208) - 1) = 59.1033...
        let expected = 50.0 + 50.0 * (2.0 / (1.0 + (-0.368_208f64).exp()) - 1.0);
        assert!(close(win_percent(100), expected));
        assert!((win_percent(100) - 59.1033).abs() < 1e-3);
        // Clamped to ±1000.
        assert!(close(win_percent(5000), win_percent(1000)));
        assert!(close(win_percent(-300), 100.0 - win_percent(300)));
    }

    #[test]
    fn move_accuracy_follows_lila() {
        assert!(close(move_accuracy(60.0, 60.0), 100.0));
        assert!(close(move_accuracy(50.0, 70.0), 100.0));
        // A drop of 10: 103.16681 * e^-0.4354415 - 3.1669247 + 1 = 64.57983
        let a = move_accuracy(60.0, 50.0);
        assert!((a - 64.579_83).abs() < 1e-4, "{a}");
        // No drop can go below 0.
        assert!(close(move_accuracy(100.0, 0.0), 0.0));
    }

    #[test]
    fn cp_thresholds_follow_lila() {
        let w = Color::White;
        // From +0.50 to −1.00 White's chances drop by 0.27384: a mistake.
        let drop = winning_chances(50) - winning_chances(-100);
        assert!((drop - 0.273_84).abs() < 1e-5, "{drop}");
        assert_eq!(
            judge(w, Eval::Cp(50), Eval::Cp(-100)).map(|a| a.judgement),
            Some(Judgement::Mistake)
        );
        // The same evaluations are a gain for Black: no label.
        assert_eq!(judge(Color::Black, Eval::Cp(50), Eval::Cp(-100)), None);
        assert_eq!(judge(w, Eval::Cp(30), Eval::Cp(20)), None);
        assert_eq!(
            judge(w, Eval::Cp(0), Eval::Cp(-300)).map(|a| a.judgement),
            Some(Judgement::Blunder)
        );
        // A drop of 0.13721: an inaccuracy.
        assert_eq!(
            judge(w, Eval::Cp(0), Eval::Cp(-75)).map(|a| a.judgement),
            Some(Judgement::Inaccuracy)
        );
    }

    #[test]
    fn mates_follow_lila() {
        let b = Color::Black;
        let white_mates = Eval::Mate {
            winner: Color::White,
            moves: 2,
        };
        let black_mates = Eval::Mate {
            winner: Color::Black,
            moves: 3,
        };
        // Black at −0.50 allows a mate: a blunder, "Checkmate is now unavoidable".
        let advice = judge(b, Eval::Cp(50), white_mates).unwrap();
        assert_eq!(advice.judgement, Judgement::Blunder);
        assert_eq!(advice.describe(), "Checkmate is now unavoidable");
        // Already lost by more than 9.99: only an inaccuracy.
        assert_eq!(
            judge(b, Eval::Cp(1200), white_mates).unwrap().judgement,
            Judgement::Inaccuracy
        );
        assert_eq!(
            judge(b, Eval::Cp(800), white_mates).unwrap().judgement,
            Judgement::Mistake
        );
        // Black had a mate and let it go, still winning by 8: a mistake.
        let lost = judge(b, black_mates, Eval::Cp(-800)).unwrap();
        assert_eq!(lost.judgement, Judgement::Mistake);
        assert_eq!(lost.describe(), "Lost forced checkmate sequence");
        // Mate kept: no label.
        assert_eq!(judge(b, black_mates, black_mates), None);
    }

    #[test]
    fn game_accuracy_by_hand() {
        // Three plies, window 2 (moves / 10 = 0, clamped to 2): no repeated window, weights
        // are the standard deviations of consecutive pairs, i.e. half their difference.
        let evals = [Eval::Cp(15), Eval::Cp(15), Eval::Cp(-300), Eval::Cp(-300)];
        let [white, black] = game_accuracy(Color::White, &evals);
        // White: moves of accuracy 100 (no drop) and 100 → 100.
        assert!(close(white.unwrap(), 100.0));
        // Black: one move, 15 → −300 is a gain for Black: 100.
        assert!(close(black.unwrap(), 100.0));

        let evals = [Eval::Cp(15), Eval::Cp(-300), Eval::Cp(-300)];
        let [white, black] = game_accuracy(Color::White, &evals);
        let before = win_percent(15);
        let after = win_percent(-300);
        let a = move_accuracy(before, after);
        // One move each: the weighted mean and the harmonic mean of one value are that value.
        assert!(close(white.unwrap(), a), "{white:?} vs {a}");
        assert!(close(black.unwrap(), 100.0));
        assert!(a < 50.0);
    }

    #[test]
    fn game_accuracy_blends_weighted_and_harmonic_means() {
        // White moves twice: accuracies 100 and a; weights from windows of two.
        let evals = [Eval::Cp(0), Eval::Cp(0), Eval::Cp(0), Eval::Cp(-200)];
        let [white, _] = game_accuracy(Color::White, &evals);
        let wp = [50.0, 50.0, 50.0, win_percent(-200)];
        let a = move_accuracy(wp[2], wp[3]);
        // Windows: [50,50] sd 0 → 0.5; [50,50] → 0.5; [50, wp3] sd (50-wp3)/2.
        // White's moves are plies 0 and 2: weights 0.5 and (50 - wp3) / 2.
        let w2 = ((50.0 - wp[3]) / 2.0f64).clamp(0.5, 12.0);
        let weighted = (100.0 * 0.5 + a * w2) / (0.5 + w2);
        let harmonic = 2.0 / (1.0 / 100.0 + 1.0 / a);
        assert!(close(white.unwrap(), (weighted + harmonic) / 2.0));
    }

    #[test]
    fn acpl_by_hand() {
        let mate = Eval::Mate {
            winner: Color::White,
            moves: 1,
        };
        // White: 15 → −85 loses 100. Black: +85 (its view) → mated, counted as −1000: 1085.
        let evals = [Eval::Cp(15), Eval::Cp(-85), mate];
        assert_eq!(acpl(Color::White, &evals), [Some(100), Some(1085)]);
        assert_eq!(acpl(Color::Black, &evals[..2]), [None, Some(0)]);
    }

    #[test]
    fn pgn_evals_as_lichess_writes_them() {
        assert_eq!(Eval::Cp(32).pgn().as_deref(), Some("0.32"));
        assert_eq!(Eval::Cp(-105).pgn().as_deref(), Some("-1.05"));
        let m = |winner, moves| Eval::Mate { winner, moves };
        assert_eq!(m(Color::White, 3).pgn().as_deref(), Some("#3"));
        assert_eq!(m(Color::Black, 2).pgn().as_deref(), Some("#-2"));
        assert_eq!(m(Color::Black, 0).pgn(), None);
    }
}
