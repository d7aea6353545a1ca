//! The main loop: the terminal, the app and the clock.
//!
//! It sleeps in [`next_event`] until an event arrives or the running clock's text is due to
//! change ([`App::next_wake`], from [`Clock::next_change`](crate::game::clock::Clock::next_change)),
//! so an idle game costs one wake-up per displayed second (ten per second under 20 s left) and
//! nothing at all without a running clock. Every wake-up first tells the app the time
//! ([`Action::Tick`], which is how a flag fall is announced), then draws. Only events and clock
//! changes cause a redraw, and ratatui only sends the cells that changed.

use std::io::{self, IsTerminal};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use anyhow::{Context, Result, bail};
use crossterm::event::MouseButton;
use ratatui::DefaultTerminal;
use ratatui::backend::{Backend, ClearType};

use super::files::{Launch, prepare};
use super::shutdown::{self, DRAWING, Shared};
use super::{Event, Mouse, MouseKind, next_event};
use crate::app::keymap::{Action, Pointer, PointerKind, action_for};
use crate::app::{App, Effect};
use crate::game::stamp::WallClock;
use crate::ui;

/// A little past the instant the clock text changes, so the wake-up never comes just before it.
const WAKE_MARGIN: Duration = Duration::from_millis(1);

/// Plays on the terminal until the players quit: finds the saved game and the files first,
/// and saves on the way out, whichever way that is.
pub fn play(launch: Launch) -> Result<()> {
    if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
        bail!(
            "hotseat needs a terminal to play in (standard input and output are not one); \
             hotseat --plain plays in lines of text instead, for pipes, scripts and screen readers"
        );
    }
    let origin = Instant::now();
    let (config, files) = prepare(launch, local_wall_clock());
    // Only start-up turns autosave off: there is no folder to save in.
    let nowhere_to_save = !config.autosave;
    let shared: Shared = Arc::new(Mutex::new((files, origin)));
    shutdown::install(&shared).context("could not set up the signal handlers")?;
    let mut app = App::new(config);
    if nowhere_to_save {
        app.saving_unavailable();
    }
    super::run(|terminal| run_loop(terminal, &mut app, origin, &shared))
}

/// The wall clock now, with the local offset from UTC (the system's time zone, or `TZ`): the
/// dates and start times that saved games carry are the players' own. Where the time zone
/// cannot be found, stamps are UTC and say so (as they do in a zone at UTC+00:00). The offset
/// is read once: a session that runs across a change to or from summer time dates its later
/// games an hour off, which is the price of not asking the time zone on every save.
pub(crate) fn local_wall_clock() -> WallClock {
    let at = SystemTime::now();
    let utc_offset = jiff::Timestamp::try_from(at)
        .map_or(0, |t| jiff::tz::TimeZone::system().to_offset(t).seconds());
    WallClock { at, utc_offset }
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

fn run_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    origin: Instant,
    shared: &Shared,
) -> Result<()> {
    loop {
        let now = origin.elapsed();
        // Back from a stop (SIGTSTP): the terminal was given back meanwhile, so everything is
        // drawn again.
        if let Some(stopped) = shutdown::take_stop() {
            redraw_everything(terminal)?;
            if let Some(stopped) = stopped {
                app.resumed_after_stop(stopped);
            }
        }
        app.update(Action::Tick, now);
        let effects = app.take_effects();
        if !effects.is_empty() {
            let mut files = shared.lock().unwrap_or_else(|e| e.into_inner());
            for effect in effects {
                match effect {
                    Effect::Redraw => redraw_everything(terminal)?,
                    effect => files.0.execute(effect, app, now),
                }
            }
        }
        if app.should_quit() {
            return Ok(());
        }
        // A resize reaches the app as an event, which may wait behind queued keys; the frame
        // is drawn at the terminal's size now, so the app hears of it first.
        let size = terminal
            .size()
            .context("could not read the terminal size")?;
        if size != app.size() {
            app.update(
                Action::Resize {
                    width: size.width,
                    height: size.height,
                },
                origin.elapsed(),
            );
        }
        {
            let _drawing = DRAWING.lock().unwrap_or_else(|e| e.into_inner());
            terminal.draw(|frame| ui::render(app, frame))?;
        }
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

/// Clears the screen and makes the next frame draw every cell. Unlike `Terminal::clear` it does
/// not ask the terminal where its cursor is, an answer that a terminal may never give (and
/// then the game would end with an error).
fn redraw_everything(terminal: &mut DefaultTerminal) -> io::Result<()> {
    terminal.backend_mut().clear_region(ClearType::All)?;
    // The frame last drawn is forgotten: the next one is compared with a blank screen.
    terminal.swap_buffers();
    Ok(())
}
