//! A game against the computer, with the engine's edge scripted: what the app asks of it,
//! and what it does with each answer.

use super::*;
use crate::app::sparring::{OpponentAsk, OpponentNews, SparringSetup, ThinkJob};
use crate::app::{Effect, EngineEffect, FileEffect};
use crate::game::report::Eval;
use crate::game::sparring::Strength;
use crate::game::{GameResult, Reason};

fn setup(side: Color, strength: Strength) -> SparringSetup {
    SparringSetup {
        name: "Stockfish".to_owned(),
        strength,
        side,
    }
}

/// A game from `start` against the engine playing `side`, untimed unless `tc`.
pub(super) fn engine_app_at(side: Color, strength: Strength, start: &str, tc: Option<&str>) -> App {
    let sparring = setup(side, strength);
    let mut game = GameSetup {
        start: Position::from_fen(start).unwrap(),
        ..GameSetup::default()
    };
    match side {
        Color::White => game.white = sparring.player_name(),
        Color::Black => game.black = sparring.player_name(),
    }
    if let Some(tc) = tc {
        game.white_time = tc.parse().unwrap();
        game.black_time = tc.parse().unwrap();
    }
    let mut app = App::new(Config {
        sparring: Some(sparring),
        autosave: true,
        ..config(game)
    });
    act(&mut app, Action::Tick);
    app
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub(super) fn engine_app(side: Color, strength: Strength) -> App {
    engine_app_at(side, strength, START, None)
}

/// What the app asked of the engine since the last look.
fn asks(app: &mut App) -> Vec<OpponentAsk> {
    app.take_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::Engine(EngineEffect::Opponent(ask)) => Some(ask),
            _ => None,
        })
        .collect()
}

/// The one search asked for since the last look.
pub(super) fn asked(app: &mut App) -> ThinkJob {
    let jobs: Vec<ThinkJob> = asks(app)
        .into_iter()
        .filter_map(|a| match a {
            OpponentAsk::Think(job) => Some(*job),
            _ => None,
        })
        .collect();
    assert_eq!(jobs.len(), 1, "{jobs:?}");
    jobs.into_iter().next().unwrap()
}

/// The engine's answer to `id`: `mv` (SAN in the position on the board), with `eval`.
pub(super) fn answer(app: &mut App, id: u64, mv: &str, eval: Option<Eval>) {
    let mv = app.game().position().parse_move(mv).unwrap();
    let news = OpponentNews::Moved { id, mv, eval };
    app.update(super::super::Event::Opponent(news), app.now);
}

#[test]
fn the_engine_is_started_asked_at_its_turn_and_its_move_played_by_the_rules() {
    let mut app = engine_app(Color::White, Strength::Level(4));
    let first = asks(&mut app);
    assert!(matches!(
        first[0],
        OpponentAsk::Start {
            strength: Strength::Level(4),
            chess960: false
        }
    ));
    let OpponentAsk::Think(job) = &first[1] else {
        panic!("{first:?}")
    };
    assert!(job.moves.is_empty() && !job.hint && job.clock.is_none());
    // The human's side at the bottom of the board.
    assert_eq!(app.view().board().orientation, Color::Black);
    // The human cannot move for the engine: a move typed now is a premove for Black, here
    // one that is not legal once White has moved (a black pawn cannot reach e4).
    enter(&mut app, "e4");
    assert!(sans(&app).is_empty());
    answer(&mut app, job.id, "d4", None);
    assert_eq!(sans(&app), ["d4"]);
    assert!(error_text(&app).starts_with("Premove e4 dropped"));
    // The human's move brings the next question, with the moves so far.
    enter(&mut app, "d5");
    let next = asked(&mut app);
    assert_eq!(next.moves.len(), 2);
    assert!(next.id > job.id);
}

#[test]
fn an_answer_to_a_position_taken_back_is_dropped() {
    let mut app = engine_app(Color::Black, Strength::Level(2));
    assert!(
        asks(&mut app)
            .iter()
            .all(|a| !matches!(a, OpponentAsk::Think(_)))
    );
    enter(&mut app, "e4");
    let first = asked(&mut app);
    answer(&mut app, first.id, "e5", None);
    enter(&mut app, "Nf3");
    let second = asked(&mut app);
    // Taken back while the engine thinks: only the human's move goes, and the search on the
    // old position is ended.
    act(&mut app, Action::Takeback);
    assert_eq!(sans(&app), ["e4", "e5"]);
    assert!(asks(&mut app).contains(&OpponentAsk::MoveNow(second.id)));
    answer_late(&mut app, second.id);
    assert_eq!(sans(&app), ["e4", "e5"], "the late answer is not played");
    // At the human's move, the engine's reply and the human's move go: the human's move again.
    act(&mut app, Action::Takeback);
    assert!(sans(&app).is_empty(), "{:?}", sans(&app));
    assert!(app.view().message().unwrap().text.contains("agreeing"));
    act(&mut app, Action::Takeback);
    assert!(error_text(&app).contains("no move of yours to take back"));
}

/// An answer to `id` that comes after its position was taken back (Nc6 is legal there or not:
/// it is never played).
fn answer_late(app: &mut App, id: u64) {
    let mv = Position::initial().parse_move("Nc3").unwrap();
    let news = OpponentNews::Moved { id, mv, eval: None };
    app.update(super::super::Event::Opponent(news), app.now);
}

/// Rook and pawns against rook and pawns, level, White (the human) to move at move 40.
const LEVEL_ENDGAME: &str = "8/5pk1/6p1/8/8/6P1/r4PK1/R7 w - - 0 40";

#[test]
fn a_draw_offer_is_accepted_when_the_engine_is_not_better_after_move_thirty() {
    let mut app = engine_app_at(Color::Black, Strength::Level(6), LEVEL_ENDGAME, None);
    act(&mut app, Action::Draw);
    enter(&mut app, "Kf3");
    let job = asked(&mut app);
    assert_eq!(app.game().pending_offer(), Some(Color::White));
    answer(&mut app, job.id, "Kf6", Some(Eval::Cp(10)));
    let outcome = app.game().outcome().expect("drawn");
    assert_eq!(outcome.reason, Reason::Agreement);
    assert_eq!(sans(&app), ["Kf3"], "accepted instead of moving");
}

#[test]
fn a_draw_offer_is_declined_by_an_engine_that_is_better_and_its_move_answers_it() {
    let mut app = engine_app_at(Color::Black, Strength::Level(6), LEVEL_ENDGAME, None);
    enter(&mut app, "Kf3");
    // Offered at the engine's turn, after the move (FIDE 9.1.2.1).
    act(&mut app, Action::Draw);
    assert_eq!(app.game().pending_offer(), Some(Color::White));
    let job = asked(&mut app);
    // White's view -2.50: the engine (Black) is better by two and a half pawns.
    answer(&mut app, job.id, "Kf6", Some(Eval::Cp(-250)));
    assert!(app.game().outcome().is_none());
    assert_eq!(sans(&app), ["Kf3", "Kf6"]);
    assert!(
        app.view()
            .message()
            .unwrap()
            .text
            .contains("declines the draw offer")
    );
    assert_eq!(app.game().pending_offer(), None);
}

#[test]
fn a_strong_level_resigns_a_hopeless_game_a_weak_one_plays_on() {
    for (strength, resigns) in [(Strength::Level(7), true), (Strength::Level(2), false)] {
        let mut app = engine_app(Color::Black, strength);
        let lost = Some(Eval::Cp(1500));
        for (human, engine) in [("Nf3", "Nf6"), ("Ng1", "Ng8"), ("Nf3", "Nf6")] {
            enter(&mut app, human);
            let job = asked(&mut app);
            answer(&mut app, job.id, engine, lost);
        }
        match app.game().outcome() {
            Some(outcome) => {
                assert!(resigns, "{strength}: {outcome:?}");
                assert_eq!(outcome.reason, Reason::Resignation(Color::Black));
                assert_eq!(sans(&app).len(), 5, "resigned instead of its third move");
            }
            None => {
                assert!(!resigns, "{strength} should have resigned");
                assert_eq!(sans(&app).len(), 6);
            }
        }
    }
}

#[test]
fn the_engine_thinks_on_its_own_clock_and_loses_on_time() {
    let mut app = engine_app_at(Color::White, Strength::Elo(2000), START, Some("1+0"));
    // The engine plays the first move: nobody is waited for, its clock runs at once.
    assert!(matches!(app.mode(), Mode::Playing));
    assert!(app.game().is_started());
    let job = asked(&mut app);
    let clock = job.clock.expect("the clocks are sent");
    assert_eq!(clock.white, s(60));
    // Thinking, the engine's clock runs like anyone's: past its minute, it has lost.
    app.update(Action::Tick, s(61));
    let outcome = app.game().outcome().expect("flag fell");
    assert_eq!(outcome.reason, Reason::TimeForfeit(Color::White));
    assert!(asks(&mut app).contains(&OpponentAsk::Stop));
    answer_late(&mut app, job.id);
    assert!(sans(&app).is_empty());
}

#[test]
fn a_timed_game_waits_for_the_human_who_moves_first_not_for_the_engine() {
    // The human has White: the clocks wait for them, and the engine is not asked.
    let mut app = engine_app_at(Color::Black, Strength::Level(3), START, Some("5+3"));
    assert!(matches!(app.mode(), Mode::Ready(_)));
    assert!(!app.game().is_started());
    assert!(
        asks(&mut app)
            .iter()
            .all(|a| !matches!(a, OpponentAsk::Think(_)))
    );
    // The engine has White, at every strength: it is asked for its move at the first turn
    // of the loop, its clock running.
    for strength in [Strength::Level(1), Strength::Level(8), Strength::Elo(1500)] {
        let mut app = engine_app_at(Color::White, strength, START, Some("5+3"));
        assert!(matches!(app.mode(), Mode::Playing), "{strength}");
        assert!(
            app.game().clock().running() == Some(Color::White),
            "{strength}"
        );
        let job = asked(&mut app);
        assert!(job.clock.is_some(), "{strength}");
    }
}

#[test]
fn move_now_stops_the_search_under_way() {
    let mut app = engine_app(Color::White, Strength::Level(8));
    let job = asked(&mut app);
    act(&mut app, Action::MoveNow);
    assert_eq!(asks(&mut app), [OpponentAsk::MoveNow(job.id)]);
    answer(&mut app, job.id, "e4", None);
    act(&mut app, Action::MoveNow);
    assert!(error_text(&app).contains("not thinking"));
    // At a table of two players there is no engine to move.
    let mut two = super::app();
    act(&mut two, Action::MoveNow);
    assert!(error_text(&two).contains("--against stockfish"));
}

#[test]
fn a_hint_is_shown_and_written_in_the_game() {
    let mut app = engine_app(Color::Black, Strength::Level(1));
    act(&mut app, Action::Hint);
    let job = asked(&mut app);
    assert!(job.hint);
    answer(&mut app, job.id, "e4", None);
    assert!(app.view().message().unwrap().text.starts_with("Hint: e4"));
    assert!(
        app.game()
            .intro()
            .contains("Hint (Stockfish at full strength): e4")
    );
    enter(&mut app, "d4");
    let reply = asked(&mut app);
    // No hint at the engine's turn.
    act(&mut app, Action::Hint);
    assert!(error_text(&app).contains("a hint is for your own move"));
    answer(&mut app, reply.id, "d5", None);
    act(&mut app, Action::Hint);
    let job = asked(&mut app);
    answer(&mut app, job.id, "c4", None);
    assert!(
        app.game().notes()[1]
            .comment
            .contains("Hint (Stockfish at full strength): c4")
    );
}

#[test]
fn an_engine_that_stops_working_abandons_the_game_which_is_saved() {
    let mut app = engine_app(Color::Black, Strength::Level(3));
    enter(&mut app, "e4");
    let _ = asked(&mut app);
    let news = OpponentNews::Failed("engine stockfish stopped (signal: 9)".to_owned());
    app.update(super::super::Event::Opponent(news), app.now);
    let outcome = app.game().outcome().expect("over");
    assert_eq!(outcome.result, GameResult::Win(Color::White));
    assert_eq!(outcome.reason, Reason::Abandoned(Color::Black));
    assert!(app.view().message().unwrap().text.contains("abandoned"));
    let effects = app.take_effects();
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::Files(FileEffect::Archive(_)))),
        "{effects:?}"
    );
}

#[test]
fn the_engines_side_is_named_in_the_tags_and_a_rematch_swaps_it() {
    let mut app = engine_app(Color::Black, Strength::Elo(1500));
    enter(&mut app, "e4");
    let pgn = app
        .take_effects()
        .into_iter()
        .find_map(|e| match e {
            Effect::Files(FileEffect::Autosave(pgn)) => Some(pgn),
            _ => None,
        })
        .expect("saved after the move");
    assert!(pgn.contains("[Black \"Stockfish (1500 Elo)\"]"), "{pgn}");
    act(&mut app, Action::Resign);
    look(&mut app);
    act(&mut app, Action::Yes);
    assert!(app.game().is_over());
    act(&mut app, Action::Rematch);
    assert_eq!(app.game().player(Color::White), "Stockfish (1500 Elo)");
    let job = asked(&mut app);
    assert!(job.moves.is_empty());
    assert_eq!(app.view().board().orientation, Color::Black);
}

#[test]
fn a_pause_and_a_claim_at_the_engines_turn_are_refused() {
    let mut app = engine_app_at(Color::Black, Strength::Level(4), START, Some("5+0"));
    act(&mut app, Action::Select);
    act(&mut app, Action::Pause);
    assert!(error_text(&app).contains("no pause"));
    enter(&mut app, "e4");
    act(&mut app, Action::Claim);
    assert!(error_text(&app).contains("claim a draw on your own move"));
}

#[test]
fn a_side_named_as_the_engine_is_played_by_it_as_the_form_or_a_saved_game_names_it() {
    // No --against: the names alone (typed in the new-game form, or read from a saved game).
    let mut app = App::new(config(GameSetup {
        black: "Stockfish (level 5)".to_owned(),
        ..GameSetup::default()
    }));
    act(&mut app, Action::Tick);
    let started = asks(&mut app);
    assert!(
        matches!(
            started[..],
            [OpponentAsk::Start {
                strength: Strength::Level(5),
                ..
            }]
        ),
        "{started:?}"
    );
    enter(&mut app, "e4");
    let job = asked(&mut app);
    assert_eq!(job.moves.len(), 1);
    // A name that only looks like one is a person's.
    let mut two = App::new(config(GameSetup {
        black: "Stockfish (level 9)".to_owned(),
        ..GameSetup::default()
    }));
    act(&mut two, Action::Tick);
    assert!(asks(&mut two).is_empty());
    enter(&mut two, "e4");
    enter(&mut two, "e5");
    assert_eq!(sans(&two), ["e4", "e5"]);
}

#[test]
fn the_status_says_the_engine_is_thinking_while_it_is_and_not_after_its_move() {
    let mut app = engine_app(Color::Black, Strength::Elo(1500));
    assert!(!app.view().status().text.contains("thinking"));
    enter(&mut app, "e4");
    let job = asked(&mut app);
    let status = app.view().status().text;
    assert!(
        status.starts_with("Stockfish (1500 Elo, Black) to move · thinking…"),
        "{status}"
    );
    answer(&mut app, job.id, "e5", None);
    let status = app.view().status().text;
    assert!(!status.contains("thinking"), "{status}");
}

#[test]
fn the_engines_name_and_side_share_one_pair_of_brackets() {
    // Issue 56: names read "Stockfish (level 8) (Black)".
    let app = engine_app(Color::Black, Strength::Level(8));
    assert_eq!(
        app.view().words().who(Color::Black),
        "Stockfish (level 8, Black)"
    );
    assert_eq!(app.view().words().who(Color::White), "White");
}
