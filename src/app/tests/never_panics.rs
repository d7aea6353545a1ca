//! Bad input never panics: random actions of every kind, at random times and terminal sizes,
//! each followed by a full render and a check that the state still makes sense.

use proptest::prelude::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::*;
use crate::app::keymap::Action;
use crate::rules::Role;

fn any_action() -> impl Strategy<Value = Action> {
    let simple = proptest::sample::select(
        Action::ALL
            .iter()
            .copied()
            .chain([Action::Tick])
            .collect::<Vec<_>>(),
    );
    let typed = proptest::sample::select(
        "abcdefghKQRBNOo0x=-+#12345678 yn/"
            .chars()
            .collect::<Vec<_>>(),
    )
    .prop_map(Action::Input);
    let kinds = proptest::sample::select(vec![
        PointerKind::Down,
        PointerKind::Up,
        PointerKind::Drag,
        PointerKind::WheelUp,
        PointerKind::WheelDown,
    ]);
    let pointer = (kinds, 0u16..200, 0u16..60)
        .prop_map(|(kind, column, row)| Action::Pointer(Pointer { kind, column, row }));
    let resize = (1u16..200, 1u16..60).prop_map(|(width, height)| Action::Resize { width, height });
    prop_oneof![
        4 => simple,
        6 => typed,
        3 => pointer,
        1 => resize,
        1 => Just(Action::Promote(Role::Knight)),
    ]
}

/// What must hold after every update, whatever the input: the position is legal, the record
/// replays to it, the clocks read sensibly, and the board shows the position reviewed.
fn check_invariants(app: &App, now: Duration) {
    let game = app.game();
    let position = game.position();
    let legal = Position::from_fen(&position.fen());
    assert_eq!(legal.as_ref(), Ok(position), "not a legal position");

    let record = game.record();
    let mut replayed = record.start().clone();
    for (ply, recorded) in record.moves().iter().enumerate() {
        assert!(
            replayed.is_legal(recorded.mv),
            "move {ply} of the record is illegal"
        );
        replayed.play_unchecked(recorded.mv);
        let stored = record.position_at(ply + 1).map(Position::fen);
        assert_eq!(stored, Some(replayed.fen()), "ply {ply}");
    }
    assert_eq!(
        replayed.fen(),
        position.fen(),
        "the record does not replay to the position"
    );

    for color in [Color::White, Color::Black] {
        let remaining = game.clock().remaining(color, now);
        assert_eq!(remaining.is_some(), game.is_timed(), "{color}'s clock");
        // A flag that has fallen has ended the game by the end of the update.
        if remaining == Some(Duration::ZERO) {
            assert!(
                game.is_over(),
                "{color}'s clock reads zero in a game going on"
            );
        }
    }

    match app.review() {
        Some(ply) => {
            assert!(
                ply <= record.plies(),
                "reviewing ply {ply} of {}",
                record.plies()
            );
            assert_eq!(Some(app.shown_position()), record.position_at(ply));
        }
        None => assert_eq!(app.shown_position(), position),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_input_never_panics(
        actions in proptest::collection::vec((any_action(), 0u64..2_000), 1..120),
        timed in any::<bool>(),
    ) {
        let mut app = if timed { timed_app("0.05+0") } else { app() };
        let mut now = Duration::ZERO;
        for (action, step) in actions {
            now += Duration::from_millis(step);
            app.update(action, now);
            let size = app.size();
            let mut terminal = Terminal::new(TestBackend::new(size.width, size.height)).unwrap();
            terminal.draw(|frame| crate::ui::render(&app, frame)).unwrap();
            check_invariants(&app, now);
            if app.should_quit() {
                break;
            }
        }
    }
}
