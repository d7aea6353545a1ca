//! The mouse: click a piece then a square, drag and drop, the picker, the wheel, resizes.

use super::*;

#[test]
fn click_a_piece_then_a_square() {
    let mut app = app();
    click(&mut app, "g1");
    assert_eq!(app.view().board().selected, Some(sq("g1")));
    click(&mut app, "f3");
    assert_eq!(sans(&app), ["Nf3"]);
    assert_eq!(app.view().board().cursor, sq("f3"));
}

#[test]
fn chess960_castling_by_dragging_the_king_onto_its_rook() {
    let mut app = app_from("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1");
    let (from, to) = (cell_of(&app, "b1"), cell_of(&app, "a1"));
    pointer(&mut app, PointerKind::Down, from);
    pointer(&mut app, PointerKind::Drag, to);
    pointer(&mut app, PointerKind::Up, to);
    assert_eq!(sans(&app), ["O-O-O"]);
    click(&mut app, "b8");
    click(&mut app, "a8");
    assert_eq!(sans(&app), ["O-O-O", "O-O-O"]);
    assert_eq!(fen(&app), "2kr3r/8/8/8/8/8/8/2KR3R w - - 2 2");
}

#[test]
fn drag_and_drop_plays_the_move() {
    let mut app = app();
    let (from, to) = (cell_of(&app, "e2"), cell_of(&app, "e4"));
    pointer(&mut app, PointerKind::Down, from);
    pointer_on(&mut app, PointerKind::Drag, "e3");
    pointer(&mut app, PointerKind::Drag, to);
    assert_eq!(
        app.view().board().cursor,
        sq("e4"),
        "the cursor follows the drag"
    );
    pointer(&mut app, PointerKind::Up, to);
    assert_eq!(sans(&app), ["e4"]);
}

#[test]
fn dragging_an_already_picked_up_piece_works_and_clicking_it_again_drops_it() {
    let mut app = app();
    click(&mut app, "d2");
    pointer_on(&mut app, PointerKind::Down, "d2");
    pointer_on(&mut app, PointerKind::Up, "d4");
    assert_eq!(sans(&app), ["d4"]);
    click(&mut app, "d7");
    click(&mut app, "d7");
    assert_eq!(app.view().board().selected, None);
}

#[test]
fn a_drop_on_an_illegal_square_keeps_the_piece_and_says_why() {
    let mut app = app();
    pointer_on(&mut app, PointerKind::Down, "e2");
    pointer_on(&mut app, PointerKind::Up, "e5");
    assert_eq!(app.game().record().plies(), 0);
    assert_eq!(error_text(&app), "The pawn on e2 can't go to e5");
}

#[test]
fn clicks_off_the_board_do_nothing() {
    let mut app = app();
    pointer(&mut app, PointerKind::Down, (79, 0));
    pointer(&mut app, PointerKind::Up, (79, 0));
    assert_eq!(app.view().board().selected, None);
    assert_eq!(app.view().message(), None);
}

#[test]
fn the_picker_takes_a_click() {
    let mut app = app_from("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    click(&mut app, "b7");
    click(&mut app, "b8");
    assert!(matches!(app.mode(), Mode::Promotion { .. }));
    let bishop = crate::ui::promotion::PromotionPicker::choice_rects(app.view().screen())[2];
    pointer(&mut app, PointerKind::Down, (bishop.x + 2, bishop.y));
    assert_eq!(sans(&app), ["b8=B"]);
}

#[test]
fn the_wheel_reviews_the_game() {
    let mut app = app();
    play_all(&mut app, &["e4", "e5"]);
    pointer(&mut app, PointerKind::WheelUp, (0, 0));
    assert_eq!(app.view().review(), Some(1));
    pointer(&mut app, PointerKind::WheelDown, (0, 0));
    assert_eq!(app.view().review(), None);
}

#[test]
fn clicks_land_on_the_square_drawn_after_a_resize_and_a_flip() {
    let mut app = app();
    act(
        &mut app,
        Action::Resize {
            width: 160,
            height: 50,
        },
    );
    act(&mut app, Action::FlipBoard);
    let layout = app.view().board_layout().unwrap();
    assert_eq!(layout.square_size().width, 11);
    click(&mut app, "b1");
    click(&mut app, "c3");
    assert_eq!(sans(&app), ["Nc3"]);
}

#[test]
fn clicks_in_a_too_small_terminal_are_ignored() {
    let mut app = app();
    act(
        &mut app,
        Action::Resize {
            width: 30,
            height: 10,
        },
    );
    assert!(app.view().board_layout().is_none());
    pointer(&mut app, PointerKind::Down, (5, 5));
    assert_eq!(app.view().board().selected, None);
}
