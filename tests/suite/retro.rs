//! "Learn from your mistakes" on the review board: started from the report, each mistake
//! offered from the position before it, the move tried judged (the engine's passes, the one
//! played fails, another is searched: scripted here; the real engine in
//! `runtime/analyser.rs`'s tests), the solution, skip, the summary, the mistakes kept for
//! later. Scholar's mate with the report of `report.rs`: 3... Nf6?? (g6 was best) is the one
//! move whose evaluation swung more than lila's 0.075; 2. Qh5?! is an inaccuracy under it.

use super::report::{act, analysed, analysed_as, draw, enter};
use crate::common::buffer::text;

use hotseat::app::keymap::{Action, Seek};
use hotseat::app::retro::{Feedback, MistakeWork, RetroNews};
use hotseat::app::{AnalysisEvent, App, Effect, EngineEffect, Event, FileEffect, MessageKind};
use hotseat::game::report::{Eval, GameReport, PositionEval};
use hotseat::rules::Color;
use hotseat::ui::theme::Theme;

fn said(app: &App) -> String {
    app.view()
        .message()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

/// Scholar's mate analysed, learning from both players' mistakes; the effects taken.
fn learning() -> (App, Vec<Effect>) {
    let mut app = analysed(Theme::monochrome());
    app.take_effects();
    act(&mut app, Action::Learn(None));
    let effects = app.take_effects();
    (app, effects)
}

fn feedback(app: &App) -> Feedback {
    app.view().retro().expect("learning").feedback()
}

#[test]
fn the_blunder_is_offered_from_the_position_before_it_and_kept_for_later() {
    let (app, effects) = learning();
    assert_eq!(
        said(&app),
        "You played 3... Nf6?? Find a better move for Bob (Black)"
    );
    assert_eq!(app.view().shown().ply(), 5, "the position before 3... Nf6");
    assert_eq!(app.view().retro().unwrap().progress(), (0, 1));
    let kept = effects
        .iter()
        .find_map(|e| match e {
            Effect::Files(FileEffect::Mistakes(MistakeWork::Keep(kept))) => Some(kept.clone()),
            _ => None,
        })
        .expect("the mistakes kept");
    assert_eq!(
        kept.len(),
        1,
        "only the blunder: the inaccuracy is under 0.075"
    );
    let m = &kept[0];
    assert_eq!(
        (m.player.as_str(), m.played.as_str(), m.best.as_str()),
        ("Bob", "g8f6", "g7g6 h5f3")
    );
    assert_eq!(m.before, Eval::Cp(-30));
    assert_eq!(m.said, "3... Nf6??");
}

#[test]
fn the_move_played_fails_and_the_engines_move_solves_it() {
    let (mut app, _) = learning();
    enter(&mut app, "Nf6");
    assert!(
        said(&app).contains("Nf6 is the move played in the game"),
        "{}",
        said(&app)
    );
    assert_eq!(feedback(&app), Feedback::Fail);
    assert_eq!(
        app.view().shown().ply(),
        5,
        "still at the position, to try again"
    );
    assert_eq!(app.game().record().plies(), 7, "the game is untouched");
    enter(&mut app, "g6");
    assert!(
        said(&app).starts_with("Good move: g6 is the engine's own"),
        "{}",
        said(&app)
    );
    assert_eq!(feedback(&app), Feedback::Win);
    let effects = app.take_effects();
    assert!(
        effects.iter().any(|e| matches!(
            e,
            Effect::Files(FileEffect::Mistakes(MistakeWork::Solved { player, played, .. }))
                if player == "Bob" && played == "g8f6"
        )),
        "{effects:?}"
    );
    // F9: the summary, nothing left for later.
    act(&mut app, Action::Seek(Seek::NEXT));
    assert!(app.view().retro().is_none());
    assert_eq!(
        said(&app),
        "Done reviewing both players' mistakes: 1 found of 1"
    );
}

/// The search asked for the move tried, and the engine's answer to it.
fn judge(app: &mut App, eval: Eval) {
    let effects = app.take_effects();
    let job = effects
        .iter()
        .find_map(|e| match e {
            Effect::Engine(EngineEffect::Judge(job)) => Some(job.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no search in {effects:?}"));
    let report = GameReport::new(
        &job.position,
        &[],
        vec![PositionEval {
            eval,
            best: Vec::new(),
        }],
    );
    let event = AnalysisEvent::Finished(Box::new(report));
    app.update(
        Event::Retro(RetroNews::Judged { id: job.id, event }),
        app.view().now(),
    );
}

#[test]
fn another_move_passes_within_0_035_of_the_position_before_and_fails_beyond() {
    let (mut app, _) = learning();
    enter(&mut app, "Qe7");
    assert_eq!(
        said(&app),
        "Evaluating your move Qe7: the engine is searching"
    );
    assert!(matches!(feedback(&app), Feedback::Eval { .. }));
    // Another move while the engine works is refused, not judged.
    enter(&mut app, "g6");
    assert!(said(&app).contains("still judging Qe7"), "{}", said(&app));
    // -0.30 before; -0.20 after Qe7 is 0.009 worse for Black: it passes.
    judge(&mut app, Eval::Cp(-20));
    assert!(
        said(&app).starts_with("Good move: Qe7 is as good (the engine's was g6)"),
        "{}",
        said(&app)
    );

    let (mut app, _) = learning();
    enter(&mut app, "a6");
    judge(
        &mut app,
        Eval::Mate {
            winner: Color::White,
            moves: 1,
        },
    );
    assert!(said(&app).contains("You can do better than a6 (mate in 1 for White)"));
    assert_eq!(feedback(&app), Feedback::Fail);
    // A late answer to a search no longer asked is dropped.
    app.update(
        Event::Retro(RetroNews::Judged {
            id: 99,
            event: AnalysisEvent::Cancelled { done: Vec::new() },
        }),
        app.view().now(),
    );
    assert_eq!(feedback(&app), Feedback::Fail);
}

#[test]
fn the_solution_is_shown_skips_are_counted_and_the_rest_kept_for_later() {
    let (mut app, _) = learning();
    act(&mut app, Action::MoveNow);
    assert_eq!(said(&app), "The solution: 3... g6 4. Qf3 · F9: the summary");
    assert_eq!(feedback(&app), Feedback::View);
    act(&mut app, Action::Seek(Seek::NEXT));
    assert_eq!(
        said(&app),
        "Done reviewing both players' mistakes: 0 found, 1 solution seen of 1. 1 kept for \
         later: hotseat puzzles --mistakes"
    );

    let (mut app, _) = learning();
    act(&mut app, Action::Seek(Seek::NEXT));
    assert!(
        said(&app).contains("0 found, 1 skipped of 1"),
        "{}",
        said(&app)
    );
}

#[test]
fn a_player_the_game_has_no_name_for_learns_here_but_nothing_is_kept_under_a_colour() {
    // A game started without names calls its players White and Black: two such players are
    // not one, so their mistakes are not kept under "Black" for whoever plays Black next.
    for (white, black) in [("White", "Black"), ("", "?"), ("Ann", "black")] {
        let mut app = analysed_as(Theme::monochrome(), white, black);
        app.take_effects();
        act(&mut app, Action::Learn(None));
        assert!(
            said(&app).starts_with("You played 3... Nf6??"),
            "{}",
            said(&app)
        );
        assert!(
            !app.take_effects()
                .iter()
                .any(|e| matches!(e, Effect::Files(FileEffect::Mistakes(_)))),
            "nothing kept for {black:?}"
        );
        act(&mut app, Action::Seek(Seek::NEXT));
        assert_eq!(
            said(&app),
            "Done reviewing both players' mistakes: 0 found, 1 skipped of 1. Not kept for \
             later: the game has no names for its players (the new-game form, Ctrl-N, names them)"
        );
    }
}

#[test]
fn shift_f4_stops_esc_does_not_and_a_player_without_mistakes_is_told_so() {
    let (mut app, _) = learning();
    act(&mut app, Action::Cancel);
    assert!(
        app.view().retro().is_some(),
        "Esc clears the move box, no more"
    );

    let (mut app, _) = learning();
    act(&mut app, Action::Learn(None));
    assert!(app.view().retro().is_none());
    assert!(said(&app).contains("0 found"), "{}", said(&app));

    let mut app = analysed(Theme::monochrome());
    act(&mut app, Action::Learn(Some(Color::White)));
    assert!(app.view().retro().is_none());
    assert_eq!(
        said(&app),
        "No mistakes by Ann (White) to learn from: no move lost more than 7.5% of its winning \
         chances"
    );
    assert!(
        !app.take_effects()
            .iter()
            .any(|e| matches!(e, Effect::Files(FileEffect::Mistakes(_))))
    );
}

#[test]
fn learning_needs_a_report_and_is_typed_as_learn_black() {
    let mut app = super::report::finished(Theme::monochrome());
    act(&mut app, Action::Learn(None));
    let error = app.view().message().unwrap();
    assert_eq!(error.kind, MessageKind::Error);
    assert!(error.text.contains("F4 asks the engine"), "{}", error.text);

    let mut app = analysed(Theme::monochrome());
    enter(&mut app, "learn black");
    assert_eq!(app.view().retro().unwrap().side(), Some(Color::Black));
}

#[test]
fn the_panel_says_where_the_learning_stands_at_80x24_and_120x40() {
    for (w, h) in [(80, 24), (120, 40)] {
        let (mut app, _) = learning();
        let screen = text(&draw(&mut app, w, h));
        assert!(screen.contains("Learning"), "{w}x{h}:\n{screen}");
        assert!(screen.contains("Find a better move"), "{w}x{h}:\n{screen}");
        enter(&mut app, "g6");
        let screen = text(&draw(&mut app, w, h));
        assert!(screen.contains("Solved!"), "{w}x{h}:\n{screen}");
        assert!(screen.contains("1/1"), "{w}x{h}:\n{screen}");
    }
}

#[test]
fn the_footer_offers_the_keys_that_work_while_learning() {
    let footer = |app: &mut App, w: u16, h: u16| {
        let screen = text(&draw(app, w, h));
        screen.lines().last().unwrap_or_default().to_owned()
    };
    for (w, h) in [(80, 24), (120, 40)] {
        let (mut app, _) = learning();
        let line = footer(&mut app, w, h);
        for key in ["F12 solution", "F9 skip", "Shift-F4 stop"] {
            assert!(line.contains(key), "{w}x{h}: {line}");
        }
        // The game's keys that do nothing here (or something else) are not offered.
        for key in ["Ctrl-N", "F6", "PgUp"] {
            assert!(!line.contains(key), "{w}x{h}: {line}");
        }
        // The move box's line names the player to find the move, not "Game over".
        let screen = text(&draw(&mut app, w, h));
        let prompt = screen.lines().rev().nth(1).unwrap_or_default();
        assert!(prompt.contains("Bob (Black) ›"), "{w}x{h}: {prompt}");
        enter(&mut app, "g6");
        let line = footer(&mut app, w, h);
        assert!(line.contains("F9 next"), "{w}x{h}: {line}");
        let screen = text(&draw(&mut app, w, h));
        let prompt = screen.lines().rev().nth(1).unwrap_or_default();
        assert!(prompt.contains("F9"), "{w}x{h}: {prompt}");
        assert!(!line.contains("F12"), "{w}x{h}: {line}");
        // Stopped: the board's own keys again.
        act(&mut app, Action::Learn(None));
        let line = footer(&mut app, w, h);
        assert!(!line.contains("Shift-F4 stop"), "{w}x{h}: {line}");
    }
}

#[test]
fn puzzles_mistakes_says_when_there_are_none_and_refuses_a_theme() {
    let dir = crate::common::pty::fresh_dir("retro-cli");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_hotseat"))
            .args(["puzzles", "--mistakes", "--player", "Ann", "--data-dir"])
            .arg(dir.join("data"))
            .args(args)
            .env("HOME", &dir)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap()
    };
    let plain = run(&["--plain"]);
    let out = String::from_utf8_lossy(&plain.stdout);
    assert!(out.contains("Ann has no mistakes to learn from"), "{out}");
    let mixed = run(&["--plain", "--theme", "fork"]);
    assert!(
        !mixed.status.success(),
        "a theme is for the puzzles, not the mistakes"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The binary: `hotseat puzzles --mistakes` on the screen, at 80x24 and 120x40, with Ann's
/// two kept mistakes: the first solved by the engine's move (and gone from the list), the
/// second left for next time.
#[test]
fn puzzles_mistakes_on_the_screen_in_a_terminal() {
    use crate::common::play::type_move;
    use crate::common::pty::{Key, PtyCommand};
    use hotseat::store::{DataDir, Mistake, Store};
    let scholar = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3";
    let mistake = |fen: &str, played: &str, best: &str, said: &str| Mistake {
        player: "Ann".into(),
        fen: fen.into(),
        played: played.into(),
        best: best.into(),
        before: Eval::Cp(30),
        said: said.into(),
        game: "Ann – Bob".into(),
    };
    for (w, h) in [(80, 24), (120, 40)] {
        let dir = crate::common::pty::fresh_dir("retro-screen");
        let data = dir.join("data");
        let store = Store::new(DataDir::new(&data));
        store
            .mistakes()
            .unwrap()
            .keep(
                &[
                    mistake(scholar, "g1e2", "f3f7", "3. Ne2?"),
                    mistake(
                        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                        "d1h5",
                        "g1f3 b8c6",
                        "2. Qh5?!",
                    ),
                ],
                100,
            )
            .unwrap();
        let mut pty = PtyCommand::hotseat()
            .args(["puzzles", "--mistakes", "--player", "Ann", "--data-dir"])
            .arg(data.to_str().unwrap())
            .env("NO_COLOR", "1")
            .env("HOME", dir.to_str().unwrap())
            .size(w, h)
            .spawn()
            .unwrap();
        pty.wait_for("Mistakes of Ann").unwrap();
        pty.wait_for("You played 3. Ne2?").unwrap();
        type_move(&mut pty, "Ne2");
        pty.wait_for("the move played in the game").unwrap();
        type_move(&mut pty, "Qxf7#");
        pty.wait_for("Good move: Qxf7#").unwrap();
        pty.send_key(Key::F(9)).unwrap();
        pty.wait_for("You played 2. Qh5?!").unwrap();
        pty.send_key(Key::F(9)).unwrap();
        pty.wait_for("1 skipped of 2. 1 still kept").unwrap();
        pty.send_key(Key::Ctrl('q')).unwrap();
        let status = pty.wait_exit().unwrap();
        assert!(status.success(), "{w}x{h}: {status:?}\n{}", pty.dump());
        let left = Store::new(DataDir::new(&data))
            .mistakes()
            .unwrap()
            .unsolved("Ann")
            .unwrap();
        assert_eq!(left.len(), 1, "{left:?}");
        assert_eq!(left[0].said, "2. Qh5?!");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn snapshot_learning_80x24() {
    // The board turned to Bob, at the position before 3... Nf6??; the engine's lines hidden.
    let (mut app, _) = learning();
    enter(&mut app, "Nf6");
    insta::assert_snapshot!("retro_80x24", text(&draw(&mut app, 80, 24)));
}
