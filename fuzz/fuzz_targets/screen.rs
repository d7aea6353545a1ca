//! Any bytes as a session at the screen: key actions, typed characters, mouse events, resizes
//! the app hears of at once or only some steps later, and time passing, each followed by a
//! frame drawn at the terminal's size on a `TestBackend`. Nothing panics, and after every step
//! the state makes sense (`hotseat::app::invariants`, which the property tests check too).
//!
//! Each step is three bytes: what happens (the first), and two numbers for it.
#![no_main]

use std::time::Duration;

use hotseat::app::keymap::{Action, Pointer, PointerKind};
use hotseat::app::{App, Config, invariants};
use hotseat::game::GameSetup;
use hotseat::rules::Role;
use hotseat::ui::render;
use libfuzzer_sys::fuzz_target;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const TYPED: &[u8] = b"abcdefghKQRBNOo0x=-+#12345678 yn/";
const POINTERS: [PointerKind; 5] = [
    PointerKind::Down,
    PointerKind::Up,
    PointerKind::Drag,
    PointerKind::WheelUp,
    PointerKind::WheelDown,
];
const ROLES: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

fuzz_target!(|data: &[u8]| {
    let Some((&setup, steps)) = data.split_first() else {
        return;
    };
    let time = ["5+3", "0.05+0", "1+0", "90/40+30"][usize::from(setup % 4)];
    let setup = if setup & 4 == 0 {
        GameSetup::default()
    } else {
        GameSetup {
            white_time: time.parse().unwrap(),
            black_time: time.parse().unwrap(),
            ..GameSetup::default()
        }
    };
    let mut app = App::new(Config {
        setup,
        ..Config::default()
    });
    let mut now = Duration::ZERO;
    let mut terminal_size = (80u16, 24u16);
    // Resizes the terminal has had that the app has not heard of yet.
    let mut unheard: Vec<(u16, u16)> = Vec::new();
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    for step in steps.chunks_exact(3).take(400) {
        let (what, a, b) = (step[0], step[1], step[2]);
        let action = match what % 16 {
            0..=5 => Some(Action::ALL[usize::from(a) % Action::ALL.len()]),
            6..=8 => Some(Action::Input(char::from(TYPED[usize::from(a) % TYPED.len()]))),
            9 => Some(Action::Pointer(Pointer {
                kind: POINTERS[usize::from(b) % POINTERS.len()],
                column: u16::from(a),
                row: u16::from(b % 64),
            })),
            10 => Some(Action::Promote(ROLES[usize::from(a) % 4])),
            11 => {
                // The terminal changes size; the app hears of it later.
                terminal_size = (u16::from(a).max(1), u16::from(b % 80).max(1));
                unheard.push(terminal_size);
                None
            }
            12 => {
                for (width, height) in unheard.drain(..) {
                    app.update(Action::Resize { width, height }, now);
                }
                None
            }
            13 => {
                now += Duration::from_millis(u64::from(a) * 256 + u64::from(b));
                Some(Action::Tick)
            }
            _ => Some(Action::Tick),
        };
        now += Duration::from_millis(u64::from(b) % 16);
        if let Some(action) = action {
            app.update(action, now);
        }
        let _ = app.take_effects();
        if let Err(broken) = invariants::check(&app, now) {
            panic!("{broken}");
        }
        terminal.backend_mut().resize(terminal_size.0, terminal_size.1);
        terminal.draw(|frame| render(&app, frame)).unwrap();
        if app.should_quit() {
            break;
        }
    }
});
