//! Premoves (issue 56): a move typed while the opponent thinks — the engine, or the player at
//! the other terminal — kept, shown, played the moment it is legal, dropped with a word if it
//! is not, cancelled by Esc; never at one keyboard.

use super::network::{net, seated, sent};
use super::sparring::{answer, asked, engine_app};
use super::*;
use crate::game::sparring::Strength;
use crate::remote::{Action as Act, Clocks, Msg, Seat};

/// A game against the engine playing White, which has been asked for its first move: its id.
fn engine_thinking() -> (App, u64) {
    let mut app = engine_app(Color::White, Strength::Level(3));
    let job = asked(&mut app);
    (app, job.id)
}

#[test]
fn a_premove_is_kept_shown_and_played_the_moment_the_engine_has_moved() {
    let (mut app, id) = engine_thinking();
    enter(&mut app, "e5");
    assert!(sans(&app).is_empty(), "nothing played for the engine");
    assert_eq!(app.view().input(), "", "the box is free again");
    let said = app.view().message().unwrap().text.clone();
    assert!(said.starts_with("Premove e5: played as soon as"), "{said}");
    app.update(Action::Tick, app.now + ms(10));
    act(&mut app, Action::Tick);
    // Shown on the status line until played, with how to cancel it.
    app.message = None;
    let status = app.view().status().text;
    assert!(status.contains("premove e5 (Esc cancels)"), "{status}");
    answer(&mut app, id, "e4", None);
    assert_eq!(sans(&app), ["e4", "e5"], "played at once, as Black's move");
    assert_eq!(app.view().message().unwrap().text, "Premove e5 played");
    // And the engine is asked about the position after it.
    assert_eq!(asked(&mut app).moves.len(), 2);
    assert!(!app.view().status().text.contains("premove"));
}

#[test]
fn a_premove_not_legal_when_its_turn_comes_is_dropped_with_a_word() {
    let (mut app, id) = engine_thinking();
    enter(&mut app, "Nd5");
    answer(&mut app, id, "e4", None);
    assert_eq!(sans(&app), ["e4"]);
    let said = error_text(&app);
    assert!(said.starts_with("Premove Nd5 dropped: "), "{said}");
    // The player's own move after it is played as any.
    enter(&mut app, "c5");
    assert_eq!(sans(&app), ["e4", "c5"]);
}

#[test]
fn esc_cancels_the_premove() {
    let (mut app, id) = engine_thinking();
    enter(&mut app, "e5");
    act(&mut app, Action::Cancel);
    assert_eq!(app.view().message().unwrap().text, "Premove e5 cancelled");
    answer(&mut app, id, "e4", None);
    assert_eq!(sans(&app), ["e4"], "nothing played after the engine's move");
    // A new premove replaces the one standing: one premove at a time.
    let mut app = engine_thinking();
    enter(&mut app.0, "e5");
    enter(&mut app.0, "c5");
    answer(&mut app.0, app.1, "e4", None);
    assert_eq!(sans(&app.0), ["e4", "c5"]);
}

#[test]
fn a_premove_is_one_move_and_a_takeback_drops_it() {
    let (mut app, id) = engine_thinking();
    enter(&mut app, "e5 Nf6");
    assert!(error_text(&app).contains("a premove is one move"));
    assert_eq!(app.view().input(), "e5 Nf6", "kept to correct");
    act(&mut app, Action::Cancel);
    answer(&mut app, id, "e4", None);
    enter(&mut app, "e5");
    asked(&mut app);
    // A premove for Black's second move; the player then takes back the first: the move it
    // answered is gone, and so is the premove.
    enter(&mut app, "Nc6");
    act(&mut app, Action::Takeback);
    assert_eq!(sans(&app), ["e4"]);
    app.message = None;
    assert!(!app.view().status().text.contains("premove"));
    enter(&mut app, "d5");
    assert_eq!(sans(&app), ["e4", "d5"]);
}

#[test]
fn there_is_no_premove_at_one_keyboard() {
    let mut app = App::new(config(GameSetup::default()));
    enter(&mut app, "e4");
    // Black's move, typed at Black's turn, is simply a move; White's "Nf3" now is refused as
    // any move that is not Black's.
    enter(&mut app, "Nf3");
    assert_eq!(sans(&app), ["e4"]);
    assert!(!error_text(&app).contains("remove"));
}

#[test]
fn a_premove_across_the_network_is_sent_the_moment_the_opponents_move_comes() {
    let mut app = seated(Seat::Black, &[]);
    sent(&mut app);
    enter(&mut app, "e5");
    assert_eq!(sent(&mut app), [], "nothing sent before White moves");
    net(
        &mut app,
        Msg::Moved {
            ply: 0,
            uci: "e2e4".into(),
            clocks: Clocks::default(),
        },
    );
    assert_eq!(sans(&app), ["e4", "e5"]);
    assert_eq!(
        sent(&mut app),
        [Msg::Act {
            ply: 1,
            action: Act::Move { uci: "e7e5".into() }
        }]
    );
    // A watcher has nothing to premove.
    let mut watcher = seated(Seat::Watcher, &[]);
    enter(&mut watcher, "e5");
    assert!(error_text(&watcher).starts_with("You are watching"));
}
