//! The main loop: the terminal, the app and the clock.
//!
//! It sleeps in [`next_event`] until an event arrives or the running clock's text is due to
//! change ([`App::next_wake`], from [`Clock::next_change`](crate::game::clock::Clock::next_change)),
//! so an idle game costs one wake-up per displayed second (ten per second under 20 s left) and
//! nothing at all without a running clock. Every wake-up first tells the app the time
//! ([`Action::Tick`], which is how a flag fall is announced), then draws. Only events and clock
//! changes cause a redraw, and ratatui only sends the cells that changed.

use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use crossterm::event::MouseButton;
use ratatui::DefaultTerminal;

use super::{Event, Mouse, MouseKind, next_event};
use crate::app::keymap::{Action, Pointer, PointerKind, action_for};
use crate::app::{App, Config, Effect, Message};
use crate::rules::Color;
use crate::{store, ui};

/// A little past the instant the clock text changes, so the wake-up never comes just before it.
const WAKE_MARGIN: Duration = Duration::from_millis(1);

/// Plays on the terminal until the players quit.
pub fn play(config: Config) -> Result<()> {
    if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
        bail!("hotseat needs a terminal to play in (standard input and output are not one)");
    }
    let origin = Instant::now();
    let mut app = App::new(config);
    super::run(|terminal| run_loop(terminal, &mut app, origin))
}

/// The mouse events the app uses: the left button, and the wheel.
pub fn pointer_action(mouse: Mouse) -> Option<Action> {
    let kind = match mouse.kind {
        MouseKind::Down(MouseButton::Left) => PointerKind::Down,
        MouseKind::Up(MouseButton::Left) => PointerKind::Up,
        MouseKind::Drag(MouseButton::Left) => PointerKind::Drag,
        MouseKind::ScrollUp => PointerKind::WheelUp,
        MouseKind::ScrollDown => PointerKind::WheelDown,
        _ => return None,
    };
    Some(Action::Pointer(Pointer {
        kind,
        column: mouse.column,
        row: mouse.row,
    }))
}

fn run_loop(terminal: &mut DefaultTerminal, app: &mut App, origin: Instant) -> Result<()> {
    let size = terminal
        .size()
        .context("could not read the terminal size")?;
    app.update(
        Action::Resize {
            width: size.width,
            height: size.height,
        },
        origin.elapsed(),
    );
    loop {
        let now = origin.elapsed();
        app.update(Action::Tick, now);
        for effect in app.take_effects() {
            match effect {
                Effect::Redraw => terminal.clear()?,
                Effect::Save => {
                    let message = match save(app, now) {
                        Ok(text) => Message::info(text),
                        Err(err) => Message::error(format!("Could not save the game: {err:#}")),
                    };
                    app.report(message);
                }
            }
        }
        if app.should_quit() {
            return Ok(());
        }
        terminal.draw(|frame| ui::render(app, frame))?;
        let timeout = app
            .next_wake(now)
            .map(|at| at.saturating_sub(origin.elapsed()) + WAKE_MARGIN);
        let action = match next_event(timeout)? {
            None => continue,
            Some(Event::Key(key)) => action_for(key, app.key_context()),
            Some(Event::Mouse(mouse)) => pointer_action(mouse),
            Some(Event::Resize { width, height }) => Some(Action::Resize { width, height }),
        };
        if let Some(action) = action {
            app.update(action, origin.elapsed());
        }
    }
}

/// Exports the game as PGN into the current directory, named by date and players, never over
/// an existing file.
fn save(app: &App, now: Duration) -> Result<String> {
    let dir = std::env::current_dir().context("no current directory")?;
    let stamp = store::UtcStamp::from_system_time(std::time::SystemTime::now());
    let game = app.game();
    let tags = [
        ("Event".to_owned(), "Casual game".to_owned()),
        ("Site".to_owned(), "hotseat".to_owned()),
        ("Date".to_owned(), stamp.pgn_date()),
    ];
    let path = store::default_export_path(
        &dir,
        &stamp.date(),
        game.player(Color::White),
        game.player(Color::Black),
    );
    store::export_pgn(&path, &game.to_pgn(now, &tags))?;
    // The file is in the current directory; its name is what fits on the status line.
    let name = path.file_name().unwrap_or(path.as_os_str());
    Ok(format!("Saved to {} (PGN)", name.to_string_lossy()))
}
