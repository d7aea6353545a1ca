//! Bad input never panics: random actions of every kind, at random times and terminal sizes,
//! each followed by a full render.

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
            if app.should_quit() {
                break;
            }
        }
    }
}
