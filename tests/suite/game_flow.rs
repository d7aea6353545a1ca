//! The game as players live it, with injected time: clocks, flag fall, offers, claims,
//! resignation, takeback, and that nothing changes once the game is over.

use std::time::Duration;

use hotseat::game::pgn::{Tags, import_game};
use hotseat::game::{Game, GameError, GameResult, GameSetup, OfferResult, Outcome, Reason};
use hotseat::rules::{Color, Position};

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

fn game(fen: Option<&str>, white: &str, black: &str) -> Game {
    Game::new(GameSetup {
        start: fen.map_or_else(Position::initial, |f| Position::from_fen(f).unwrap()),
        white_time: white.parse().unwrap(),
        black_time: black.parse().unwrap(),
        ..GameSetup::default()
    })
}

fn play(g: &mut Game, text: &str, now: Duration) -> Option<Outcome> {
    let mv = g.position().parse_move(text).unwrap();
    g.play(mv, now).unwrap()
}

#[test]
fn increment_is_added_after_every_move() {
    let mut g = game(None, "5+3", "5+3");
    g.start(secs(0));
    play(&mut g, "e4", secs(10));
    assert_eq!(g.clock().remaining(Color::White, secs(10)), Some(secs(293)));
    play(&mut g, "e5", secs(30));
    assert_eq!(g.clock().remaining(Color::Black, secs(30)), Some(secs(283)));
    assert_eq!(g.clock_readings(), &[Some(secs(293)), Some(secs(283))]);
}

#[test]
fn flag_falls_at_exactly_zero_not_a_millisecond_before() {
    let mut g = game(None, "1+0", "1+0");
    g.start(ms(0));
    assert_eq!(g.tick(ms(59_999)), None);
    let outcome = g.tick(ms(60_000)).unwrap();
    assert_eq!(
        outcome,
        Outcome::new(
            GameResult::Win(Color::Black),
            Reason::TimeForfeit(Color::White)
        )
    );
    assert_eq!(outcome.to_string(), "Black wins on time");
    assert_eq!(outcome.termination(), "time forfeit");
}

#[test]
fn a_move_after_the_flag_fell_is_refused() {
    let mut g = game(None, "1+0", "1+0");
    g.start(ms(0));
    let e4 = g.position().parse_move("e4").unwrap();
    assert!(matches!(g.play(e4, ms(60_001)), Err(GameError::Over(_))));
    assert_eq!(g.record().plies(), 0);
}

#[test]
fn flag_fall_against_a_lone_king_is_a_draw() {
    let mut g = game(Some("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), "1+0", "1+0");
    g.start(secs(0));
    play(&mut g, "Qd2", secs(1));
    // Black's flag falls; White has a queen and can mate: White wins.
    assert_eq!(
        g.tick(secs(61)).unwrap().result,
        GameResult::Win(Color::White)
    );
    // White's flag falls, Black has only a king: draw.
    let mut g = game(Some("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), "1+0", "1+0");
    g.start(secs(0));
    let outcome = g.tick(secs(60)).unwrap();
    assert_eq!(outcome.result, GameResult::Draw);
    assert_eq!(
        outcome.to_string(),
        "Draw: White's flag fell, but Black cannot checkmate"
    );
}

#[test]
fn checkmate_before_the_flag_stands() {
    let mut g = game(None, "1+0", "1+0");
    g.start(secs(0));
    for (i, m) in ["f3", "e5", "g4"].into_iter().enumerate() {
        play(&mut g, m, secs(i as u64));
    }
    let outcome = play(&mut g, "Qh4#", secs(3)).unwrap();
    assert_eq!(outcome.to_string(), "Checkmate — Black wins");
    // Time passes; nothing changes.
    assert_eq!(g.tick(secs(1000)), Some(outcome));
}

#[test]
fn pause_stops_both_clocks() {
    let mut g = game(None, "5+0", "5+0");
    g.start(secs(0));
    g.pause(secs(10));
    assert_eq!(
        g.clock().remaining(Color::White, secs(100)),
        Some(secs(290))
    );
    g.resume(secs(100));
    assert_eq!(
        g.clock().remaining(Color::White, secs(105)),
        Some(secs(285))
    );
    assert_eq!(
        g.clock().remaining(Color::Black, secs(105)),
        Some(secs(300))
    );
}

#[test]
// Changed with the takeback rule (time used stays used): this asserted that Black got back the
// 10 s it thought before the takeback, and that a second takeback gave back the moves' time.
fn takeback_restores_position_and_record_and_never_refunds_a_clock() {
    let mut g = game(None, "5+2", "5+2");
    g.start(secs(0));
    play(&mut g, "e4", secs(10)); // White: 300 - 10 + 2 = 292
    play(&mut g, "e5", secs(25)); // Black: 300 - 15 + 2 = 287
    let before = g.position().clone();
    play(&mut g, "Nf3", secs(30));
    g.takeback(1, secs(40)).unwrap();
    assert_eq!(g.position(), &before);
    assert_eq!(g.record().plies(), 2);
    // White used 5 s on the move taken back and loses its 2 s increment; Black thought 10 s
    // before agreeing: both stay spent.
    assert_eq!(g.clock().remaining(Color::White, secs(40)), Some(secs(287)));
    assert_eq!(g.clock().remaining(Color::Black, secs(40)), Some(secs(277)));
    assert_eq!(g.clock().running(), Some(Color::White));
    assert_eq!(g.clock_readings(), &[Some(secs(292)), Some(secs(287))]);
    assert_eq!(g.clock().remaining(Color::White, secs(43)), Some(secs(284)));
    g.takeback(2, secs(43)).unwrap();
    assert_eq!(g.position(), &Position::initial());
    // Every second thought stays spent (White 10 + 5 + 3, Black 15 + 10); the increments are
    // gone with their moves.
    assert_eq!(g.clock().remaining(Color::White, secs(43)), Some(secs(282)));
    assert_eq!(g.clock().remaining(Color::Black, secs(43)), Some(secs(275)));
    assert!(g.clock_readings().is_empty());
    assert_eq!(g.takeback(1, secs(43)), Err(GameError::NothingToTakeBack));
    play(&mut g, "d4", secs(45));
    assert_eq!(
        g.clock_readings(),
        &[Some(secs(282))],
        "2 s used, 2 s added"
    );
}

#[test]
fn draw_offer_accepted() {
    let mut g = game(None, "none", "none");
    play(&mut g, "e4", secs(1));
    assert_eq!(
        g.offer_draw(Color::Black, secs(2)),
        Ok(OfferResult::Offered)
    );
    assert_eq!(g.pending_offer(), Some(Color::Black));
    assert_eq!(
        g.accept_draw(Color::Black, secs(3)),
        Err(GameError::OwnOffer)
    );
    let o = g.accept_draw(Color::White, secs(3)).unwrap();
    assert_eq!(o.to_string(), "Draw by agreement");
    assert_eq!(o.result.pgn(), "1/2-1/2");
}

#[test]
fn draw_offer_declined_or_cancelled_by_a_move() {
    let mut g = game(None, "none", "none");
    g.offer_draw(Color::White, secs(0)).unwrap();
    play(&mut g, "e4", secs(1)); // the offerer's own move leaves the offer standing
    assert_eq!(g.pending_offer(), Some(Color::White));
    play(&mut g, "e5", secs(2)); // the opponent's move declines it
    assert_eq!(g.pending_offer(), None);
    g.offer_draw(Color::White, secs(3)).unwrap();
    g.decline_draw().unwrap();
    assert_eq!(g.pending_offer(), None);
    assert_eq!(g.decline_draw(), Err(GameError::NoOffer));
    assert_eq!(g.offers().len(), 2);
    // Declined, White may offer again only after the next move.
    assert_eq!(
        g.offer_draw(Color::White, secs(3)),
        Err(GameError::DeclinedThisMove(Color::White))
    );
    assert_eq!(
        GameError::DeclinedThisMove(Color::White).to_string(),
        "White's draw offer was declined: White may offer again after their next move"
    );
    assert_eq!(g.pending_offer(), None);
    // Offering when the opponent's offer stands is agreement.
    g.offer_draw(Color::Black, secs(4)).unwrap();
    assert_eq!(g.offer_draw(Color::White, secs(5)), Ok(OfferResult::Agreed));
    assert!(g.is_over());
}

/// A saved unfinished game keeps an unanswered offer: it stands again when read back, and
/// only then (answered, overtaken by a move, or edited to name the wrong side, it does not).
#[test]
fn a_standing_offer_survives_pgn_and_an_answered_one_does_not() {
    let reread = |g: &Game| {
        let pgn = g.to_pgn(secs(9), &Tags::new());
        (import_game(&pgn).unwrap().game.pending_offer(), pgn)
    };
    let mut g = game(None, "5+0", "5+0");
    g.start(secs(0));
    play(&mut g, "e4", secs(1));
    g.offer_draw(Color::White, secs(2)).unwrap();
    let (offer, pgn) = reread(&g);
    assert_eq!(offer, Some(Color::White), "{pgn}");
    assert!(pgn.contains("[HotseatDrawOffer \"White\"]"), "{pgn}");
    assert!(
        pgn.contains("1. e4 {[%clk 0:04:59] White offers a draw.} *"),
        "{pgn}"
    );

    let edited = pgn.replace(
        "[HotseatDrawOffer \"White\"]",
        "[HotseatDrawOffer \"Black\"]",
    );
    assert_eq!(import_game(&edited).unwrap().game.pending_offer(), None);

    let mut declined = g.clone();
    declined.decline_draw().unwrap();
    let (offer, pgn) = reread(&declined);
    assert_eq!(offer, None, "{pgn}");
    assert!(!pgn.contains("HotseatDrawOffer"), "{pgn}");

    play(&mut g, "e5", secs(3));
    assert_eq!(reread(&g).0, None, "a move declines it");

    let mut accepted = game(None, "none", "none");
    play(&mut accepted, "e4", secs(1));
    accepted.offer_draw(Color::White, secs(2)).unwrap();
    accepted.accept_draw(Color::Black, secs(3)).unwrap();
    let (offer, pgn) = reread(&accepted);
    assert_eq!(offer, None, "{pgn}");
    assert!(!pgn.contains("HotseatDrawOffer"), "{pgn}");
}

#[test]
fn threefold_claim_now_and_refused_claims() {
    let mut g = game(None, "none", "none");
    assert!(matches!(g.claim_draw(secs(0)), Err(GameError::NoClaim(_))));
    for m in "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8".split(' ') {
        play(&mut g, m, secs(1));
    }
    assert!(g.claimable_now().threefold);
    let o = g.claim_draw(secs(2)).unwrap();
    assert_eq!(
        o.to_string(),
        "Draw by threefold repetition, claimed by White"
    );
}

#[test]
fn claim_refusal_says_why_and_changes_nothing() {
    let mut g = game(None, "none", "none");
    play(&mut g, "Nf3", secs(1));
    let err = g.claim_draw(secs(2)).unwrap_err().to_string();
    assert!(err.contains("occurred once"), "{err}");
    let e5 = g.position().parse_move("e5").unwrap();
    assert!(matches!(
        g.play_and_claim(e5, secs(2)),
        Err(GameError::NoClaim(_))
    ));
    assert_eq!(g.record().plies(), 1);
    assert!(!g.is_over());
}

#[test]
fn claim_by_declared_move_plays_it_and_draws() {
    let mut g = game(None, "none", "none");
    for m in "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1".split(' ') {
        play(&mut g, m, secs(1));
    }
    let ng8 = g.position().parse_move("Ng8").unwrap();
    assert!(g.claims_by_move(ng8).threefold);
    let o = g.play_and_claim(ng8, secs(2)).unwrap();
    assert_eq!(o.reason, Reason::ThreefoldClaim(Color::Black));
    assert_eq!(g.record().plies(), 8);
}

#[test]
fn fifty_move_claim_by_declared_move() {
    let mut g = game(Some("4k3/8/8/8/8/8/8/4K2R w - - 99 80"), "none", "none");
    let rh2 = g.position().parse_move("Rh2").unwrap();
    let o = g.play_and_claim(rh2, secs(1)).unwrap();
    assert_eq!(
        o.to_string(),
        "Draw by the fifty-move rule, claimed by White"
    );
}

/// The claim question is for moves that leave the game going: one that ends it by itself (the
/// seventy-five-move rule, a fivefold repetition) allows no claim.
#[test]
fn no_claim_by_a_move_that_ends_the_game_by_itself() {
    let mut g = game(Some("4k3/8/8/8/8/8/8/R3K3 w - - 149 90"), "none", "none");
    let ra2 = g.position().parse_move("Ra2").unwrap();
    assert!(!g.claims_by_move(ra2).any(), "75-move rule");
    let o = g.play(ra2, secs(1)).unwrap().unwrap();
    assert_eq!(o.reason, Reason::SeventyFiveMoves);

    let mut g = game(None, "none", "none");
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for m in cycle.iter().cycle().take(15) {
        play(&mut g, m, secs(1));
    }
    let ng8 = g.position().parse_move("Ng8").unwrap();
    assert!(!g.claims_by_move(ng8).any(), "fivefold repetition");
    let o = g.play(ng8, secs(2)).unwrap().unwrap();
    assert_eq!(o.reason, Reason::FivefoldRepetition);
}

#[test]
fn resignation_and_nothing_changes_after_the_end() {
    let mut g = game(None, "5+0", "5+0");
    g.start(secs(0));
    let o = g.resign(Color::White, secs(5)).unwrap();
    assert_eq!(o.to_string(), "White resigns — Black wins");
    let e4 = g.position().parse_move("e4").unwrap();
    assert!(matches!(g.play(e4, secs(6)), Err(GameError::Over(_))));
    assert!(matches!(
        g.offer_draw(Color::Black, secs(6)),
        Err(GameError::Over(_))
    ));
    assert!(matches!(g.takeback(1, secs(6)), Err(GameError::Over(_))));
    assert!(matches!(
        g.resign(Color::Black, secs(6)),
        Err(GameError::Over(_))
    ));
    // The clock is frozen where the game ended.
    assert_eq!(
        g.clock().remaining(Color::White, secs(100)),
        Some(secs(295))
    );
    g.resume(secs(100));
    assert_eq!(g.clock().running(), None);
}

#[test]
fn automatic_endings_are_announced() {
    // Stalemate.
    let mut g = game(Some("k7/8/1Q6/8/8/8/8/4K3 w - - 0 1"), "none", "none");
    // Qb6 already there; Kd2 leaves Black stalemated? a8 king: a7, b7, b8 covered by the queen.
    let o = play(&mut g, "Kd2", secs(1)).unwrap();
    assert_eq!(o.reason, Reason::Stalemate);
    // Insufficient material after a capture.
    let mut g = game(Some("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"), "none", "none");
    let o = play(&mut g, "Kxe2", secs(1)).unwrap();
    assert_eq!(o.reason, Reason::InsufficientMaterial);
    // A start position that is already mate.
    let g = game(Some("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"), "none", "none");
    assert_eq!(g.outcome().unwrap().reason, Reason::Checkmate);
}

#[test]
fn revision_changes_with_every_event_a_save_must_record_and_not_with_time() {
    let mut g = game(None, "5+0", "5+0");
    let mut last = g.revision();
    let mut changed = |g: &Game, what: &str| {
        assert_ne!(g.revision(), last, "{what} must change the revision");
        last = g.revision();
    };
    g.start(secs(0));
    changed(&g, "starting the clocks");
    let before_time = g.revision();
    g.tick(secs(5));
    assert_eq!(g.revision(), before_time, "time passing is not a change");
    play(&mut g, "e4", secs(5));
    changed(&g, "a move");
    g.offer_draw(Color::White, secs(6)).unwrap();
    changed(&g, "an offer");
    g.decline_draw().unwrap();
    changed(&g, "declining");
    g.pause(secs(7));
    changed(&g, "pausing");
    g.resume(secs(8));
    changed(&g, "resuming");
    g.takeback(1, secs(9)).unwrap();
    changed(&g, "a takeback");
    // A refused action changes nothing.
    let refused = g.revision();
    assert!(g.decline_draw().is_err());
    assert_eq!(g.revision(), refused);
    g.resign(Color::White, secs(10)).unwrap();
    changed(&g, "resigning");
}

/// Issue 14's "the ending is never forgotten": end a game each way, save it, load it, and the
/// loaded game says what the screen said, with the standard `Termination` and a closing
/// comment in the usual words.
#[test]
fn every_way_a_game_ends_survives_save_and_load() {
    type End = fn(&mut Game) -> Outcome;
    fn shuffle(g: &mut Game, times: usize) {
        for _ in 0..times {
            for m in ["Nf3", "Nf6", "Ng1", "Ng8"] {
                play(g, m, secs(1));
            }
        }
    }
    let cases: Vec<(&str, Option<&str>, &str, End, &str)> = vec![
        (
            "checkmate",
            None,
            "none",
            |g| {
                for m in ["f3", "e5", "g4"] {
                    play(g, m, secs(1));
                }
                play(g, "Qh4#", secs(1)).unwrap()
            },
            "Qh4# {Checkmate.} 0-1",
        ),
        (
            "stalemate",
            Some("7k/8/4Q1K1/8/8/8/8/8 w - - 0 1"),
            "none",
            |g| play(g, "Qf7", secs(1)).unwrap(),
            "{Draw by stalemate.} 1/2-1/2",
        ),
        (
            "insufficient material",
            Some("7k/8/8/8/8/8/1p6/K7 w - - 0 1"),
            "none",
            |g| play(g, "Kxb2", secs(1)).unwrap(),
            "{Draw: neither side can checkmate.} 1/2-1/2",
        ),
        (
            "fivefold",
            None,
            "none",
            |g| {
                shuffle(g, 3);
                for m in ["Nf3", "Nf6", "Ng1"] {
                    play(g, m, secs(1));
                }
                play(g, "Ng8", secs(1)).unwrap()
            },
            "{Draw by fivefold repetition.} 1/2-1/2",
        ),
        (
            "seventy-five moves",
            Some("4k3/8/8/8/8/8/8/R3K3 w - - 149 90"),
            "none",
            |g| play(g, "Ra2", secs(1)).unwrap(),
            "{Draw by the seventy-five-move rule.} 1/2-1/2",
        ),
        (
            "threefold claim",
            None,
            "none",
            |g| {
                shuffle(g, 2);
                g.claim_draw(secs(1)).unwrap()
            },
            "{Draw by threefold repetition, claimed by White.} 1/2-1/2",
        ),
        (
            "fifty-move claim",
            Some("4k3/8/8/8/8/8/8/R3K3 b - - 99 60"),
            "none",
            |g| {
                let mv = g.position().parse_move("Kd7").unwrap();
                g.play_and_claim(mv, secs(1)).unwrap()
            },
            "{Draw by the fifty-move rule, claimed by Black.} 1/2-1/2",
        ),
        (
            "agreement",
            None,
            "none",
            |g| {
                play(g, "e4", secs(1));
                g.offer_draw(Color::Black, secs(1)).unwrap();
                g.accept_draw(Color::White, secs(1)).unwrap()
            },
            "{Draw by agreement.} 1/2-1/2",
        ),
        (
            "White resigns",
            None,
            "none",
            |g| {
                play(g, "e4", secs(1));
                play(g, "e5", secs(1));
                g.resign(Color::White, secs(1)).unwrap()
            },
            "{White resigns.} 0-1",
        ),
        (
            "Black resigns before a move",
            None,
            "none",
            |g| g.resign(Color::Black, secs(0)).unwrap(),
            "{Black resigns.} 1-0",
        ),
        (
            "White loses on time",
            None,
            "1+0",
            |g| {
                g.start(secs(0));
                g.tick(secs(60)).unwrap()
            },
            "{Black wins on time.} 0-1",
        ),
        (
            "White's flag falls, Black cannot mate",
            Some("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"),
            "1+0",
            |g| {
                g.start(secs(0));
                g.tick(secs(60)).unwrap()
            },
            "{Draw: White's flag fell, Black cannot mate.} 1/2-1/2",
        ),
    ];
    let mut seen = std::collections::HashSet::new();
    for (way, fen, time, end, movetext_end) in cases {
        let mut g = game(fen, time, time);
        let outcome = end(&mut g);
        assert_eq!(g.outcome(), Some(outcome), "{way}");
        let pgn = g.to_pgn(secs(100), &Tags::new());
        assert!(pgn.trim_end().ends_with(movetext_end), "{way}:\n{pgn}");
        let termination = format!("[Termination \"{}\"]", outcome.termination());
        assert!(pgn.contains(&termination), "{way}:\n{pgn}");
        let loaded = import_game(&pgn).unwrap().game;
        assert_eq!(
            loaded.outcome().map(|o| o.to_string()),
            Some(outcome.to_string()),
            "{way}:\n{pgn}"
        );
        // Saved again, it says so once: the closing comment is not kept as the players' words.
        let closing = outcome.closing_comment().unwrap();
        let again = loaded.to_pgn(secs(100), &Tags::new());
        assert_eq!(again.matches(&closing).count(), 1, "{way}:\n{again}");
        assert!(
            loaded.notes().iter().all(|n| !n.comment.contains(&closing)),
            "{way}"
        );
        assert!(!loaded.intro().contains(&closing), "{way}");
        seen.insert(std::mem::discriminant(&outcome.reason));
    }
    // Every reason a game played here can end by (all but a result read without one).
    assert_eq!(seen.len(), 11);
}

#[test]
fn a_closing_comment_that_contradicts_the_result_is_not_believed() {
    let pgn = "[Result \"1-0\"]\n\n1. e4 e5 {White resigns.} 1-0\n";
    let outcome = import_game(pgn).unwrap().game.outcome().unwrap();
    assert_eq!(outcome.reason, Reason::Recorded);
    // What the board decides is not taken from a comment, nor a claim the game cannot make;
    // the words stay the players'.
    for pgn in [
        "[Result \"1-0\"]\n\n1. e4 e5 {Checkmate.} 1-0\n",
        "[Result \"1/2-1/2\"]\n\n1. e4 e5 {Draw by stalemate.} 1/2-1/2\n",
        "[Result \"1/2-1/2\"]\n\n1. e4 {Draw by threefold repetition, claimed by Black.} 1/2-1/2\n",
    ] {
        let game = import_game(pgn).unwrap().game;
        assert_eq!(game.outcome().unwrap().reason, Reason::Recorded, "{pgn}");
        assert!(!game.notes().last().unwrap().comment.is_empty(), "{pgn}");
    }
    let pgn = "[Result \"0-1\"]\n\n1. e4 e5 {[%clk 0:01:00] White resigns.} 0-1\n";
    let outcome = import_game(pgn).unwrap().game.outcome().unwrap();
    assert_eq!(outcome.to_string(), "White resigns — Black wins");
}
