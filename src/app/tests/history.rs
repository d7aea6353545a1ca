//! History review: stepping through the game without changing it.

use super::*;
use crate::app::MessageKind;

#[test]
fn stepping_back_shows_earlier_positions_under_a_banner() {
    let mut app = app();
    play_all(&mut app, &["e4", "e5", "Nf3"]);
    act(&mut app, Action::HistoryBack);
    assert_eq!(app.review(), Some(2));
    assert_eq!(
        app.shown_position(),
        app.game().record().position_at(2).unwrap()
    );
    let status = app.status();
    assert_eq!(status.kind, MessageKind::Banner);
    assert_eq!(
        status.text,
        "Reviewing after 1... e5 (2 of 3) — End returns to the game"
    );
    act(&mut app, Action::HistoryStart);
    assert_eq!(app.review(), Some(0));
    assert_eq!(app.shown_position(), &Position::initial());
    assert!(
        app.status()
            .text
            .starts_with("Reviewing the start position")
    );
    assert_eq!(app.shown_last_move(), None);
    act(&mut app, Action::HistoryBack);
    assert_eq!(app.review(), Some(0), "the start is as far back as it goes");
    act(&mut app, Action::HistoryForward);
    assert_eq!(app.review(), Some(1));
    act(&mut app, Action::HistoryEnd);
    assert_eq!(app.review(), None);
    assert_eq!(app.game().record().plies(), 3, "reviewing changes nothing");
}

#[test]
fn stepping_forward_past_the_last_move_is_the_present() {
    let mut app = app();
    play_all(&mut app, &["e4"]);
    act(&mut app, Action::HistoryBack);
    act(&mut app, Action::HistoryForward);
    assert_eq!(app.review(), None);
    act(&mut app, Action::HistoryForward);
    assert_eq!(app.review(), None);
}

#[test]
fn any_move_input_returns_to_the_present_first() {
    let mut app = app();
    play_all(&mut app, &["e4", "e5"]);
    act(&mut app, Action::HistoryStart);
    type_text(&mut app, "N");
    assert_eq!(app.review(), None);
    act(&mut app, Action::Cancel);

    act(&mut app, Action::HistoryStart);
    click(&mut app, "g1");
    assert_eq!(app.review(), None);
    assert_eq!(app.selected(), Some(sq("g1")));
    click(&mut app, "f3");
    assert_eq!(sans(&app), ["e4", "e5", "Nf3"]);

    act(&mut app, Action::HistoryBack);
    act(&mut app, Action::Select);
    assert_eq!(app.review(), None);
}

#[test]
fn esc_leaves_the_review() {
    let mut app = app();
    play_all(&mut app, &["e4"]);
    act(&mut app, Action::HistoryBack);
    act(&mut app, Action::Cancel);
    assert_eq!(app.review(), None);
}

#[test]
fn nothing_to_review_before_the_first_move() {
    let mut app = app();
    act(&mut app, Action::HistoryBack);
    act(&mut app, Action::HistoryStart);
    assert_eq!(app.review(), None);
}
