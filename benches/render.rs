//! How long one full-screen frame takes to draw: the whole screen rendered from an `App` into
//! ratatui's `TestBackend` (building the buffer and diffing it, without a terminal to write to).
//!
//! Run with `cargo bench -p hotseat-benches --bench render`. Cases: a game in progress at 80x24, at 160x50 and at
//! 250x70 (17x8 squares: the biggest pieces, the most cells),
//! with and without typed text (typed text adds the live move feedback: every legal move written
//! in every notation), and with the help overlay open.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use hotseat::app::keymap::Action;
use hotseat::app::{App, Config};
use hotseat::game::GameSetup;
use hotseat::ui::render;
use hotseat::ui::theme::{Palette, Theme};

fn game(typed: &str) -> App {
    let mut app = App::new(Config {
        setup: GameSetup {
            white_time: "5+3".parse().unwrap(),
            black_time: "5+3".parse().unwrap(),
            ..GameSetup::default()
        },
        theme: Theme::new(Palette::Wood, true),
        ..Config::default()
    });
    app.update(Action::Select, Duration::ZERO);
    let moves = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7";
    for (i, m) in moves.split_whitespace().enumerate() {
        for c in m.chars() {
            app.update(Action::Input(c), Duration::from_secs(i as u64));
        }
        app.update(Action::Select, Duration::from_secs(i as u64));
    }
    for c in typed.chars() {
        app.update(Action::Input(c), Duration::from_secs(30));
    }
    app
}

fn bench(c: &mut Criterion) {
    for (w, h) in [(80u16, 24u16), (160, 50), (250, 70)] {
        for (name, typed) in [("", ""), ("-typing", "N")] {
            let mut app = game(typed);
            app.update(
                Action::Resize {
                    width: w,
                    height: h,
                },
                Duration::from_secs(31),
            );
            let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
            c.bench_function(&format!("frame-{w}x{h}{name}"), |b| {
                b.iter(|| {
                    terminal
                        .draw(|frame| render(black_box(&app), frame))
                        .unwrap();
                })
            });
        }
    }
    let mut app = game("");
    app.update(Action::Help, Duration::from_secs(31));
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    c.bench_function("frame-80x24-help", |b| {
        b.iter(|| {
            terminal
                .draw(|frame| render(black_box(&app), frame))
                .unwrap();
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
