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

fn check_invariants(app: &App, now: Duration) {
    if let Err(broken) = crate::app::invariants::check(app, now) {
        panic!("{broken}");
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
            let size = app.view().size();
            let mut terminal = Terminal::new(TestBackend::new(size.width, size.height)).unwrap();
            terminal.draw(|frame| crate::ui::render(&app, frame)).unwrap();
            check_invariants(&app, now);
            if app.should_quit() {
                break;
            }
        }
    }
}

/// Draws `app` on a terminal of `width` x `height`, which need not be the size the app was last
/// told: a resize is drawn before the app hears of it when keys are queued ahead of it.
fn draw_on(app: &App, width: u16, height: u16) {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| crate::ui::render(app, frame))
        .unwrap();
}

#[test]
fn a_shrink_not_yet_heard_of_under_a_draw_offer_draws_without_panic() {
    let mut app = timed_app("5+3");
    act(
        &mut app,
        Action::Resize {
            width: 100,
            height: 30,
        },
    );
    enter(&mut app, "e4");
    // Black offers a draw with the move, and White is asked.
    act(&mut app, Action::Draw);
    enter(&mut app, "e5");
    assert_eq!(app.game().pending_offer(), Some(Color::Black));
    act(&mut app, Action::CursorUp);
    draw_on(&app, 148, 16);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Any dialog open over a game with a running clock, random keys, and a terminal that
    /// changes size under it: each frame is drawn at the terminal's size, which the app hears
    /// of only some keys later (as when keys are queued ahead of the resize).
    #[test]
    fn any_dialog_any_size_any_keys_never_panics(
        dialog in proptest::sample::select(vec![
            Action::Draw, Action::Quit, Action::Pause, Action::Help, Action::NewGame,
            Action::Resign, Action::Takeback, Action::ShowFen, Action::Claim, Action::Save,
        ]),
        steps in proptest::collection::vec(
            (any_action(), 0u64..1_500, proptest::option::of((1u16..200, 1u16..60)), 0usize..4),
            1..60,
        ),
    ) {
        let mut app = timed_app("5+3");
        act(&mut app, Action::Resize { width: 100, height: 30 });
        enter(&mut app, "e4");
        enter(&mut app, "e5");
        act(&mut app, dialog);
        if dialog == Action::Draw {
            // A draw is offered with a move: the move puts the question to the opponent.
            enter(&mut app, "Nf3");
        }
        let mut now = app.now;
        let mut terminal = (100, 30);
        let mut heard: Vec<(u16, u16)> = Vec::new();
        for (action, step, resized, lag) in steps {
            now += Duration::from_millis(step);
            if let Some(size) = resized {
                terminal = size;
                heard.push(size);
            }
            // The resizes queued behind `lag` keys reach the app now.
            if heard.len() > lag {
                for (width, height) in heard.drain(..) {
                    app.update(Action::Resize { width, height }, now);
                }
            }
            app.update(action, now);
            draw_on(&app, terminal.0, terminal.1);
            check_invariants(&app, now);
            if app.should_quit() {
                break;
            }
        }
    }
}
