//! The full-screen front end: the terminal in and out, and nothing else.
//!
//! The session around the game (its channel, file worker, engine, network link and signal
//! saves) is the runtime's ([`crate::runtime`]); this module owns only the terminal: setting
//! it up and giving it back, turning its events into the app's, drawing the app on it, and the
//! screen's own effects (a redraw, the bell, a suspend).
//!
//! [`init`] uses `ratatui::try_init` (raw mode, alternate screen, and a panic hook that restores
//! both) and adds mouse capture, which ratatui does not manage. So that a panic never leaves the
//! terminal reporting mouse movements as garbage, a second hook is chained in front of ratatui's:
//! it disables mouse capture, then ratatui's hook leaves raw mode and the alternate screen, and
//! only then does the original hook print the panic message, on a normal screen. These, with
//! the terminal's reader thread ([`spawn_terminal_reader`]) and [`ProcessTerminal`], are the
//! only places that touch the process's own terminal; the loop ([`run_loop`]) draws on any
//! ratatui `Terminal`, so a terminal served elsewhere can run it too.
//!
//! [`Session`] restores the terminal when dropped, so an early return with `?` cleans up as well
//! as a normal exit does; [`run`] wraps a closure in one.
//!
//! Events are reduced to the few the front end uses ([`Event`]). Only key *presses* are kept:
//! Windows also reports releases, which would make every key count twice.
//!
//! [`play`] starts a session ([`crate::runtime::start`]) and runs the game screen's loop on
//! it (see `run`).

#[cfg(test)]
mod loop_tests;
mod run;
pub mod screenshot;

pub use run::{
    Console, PlayError, ProcessTerminal, app_event, play, pointer_action, run_loop,
    spawn_terminal_reader,
};

use std::io::{self, stdout};
use std::ops::{Deref, DerefMut};
use std::sync::Once;

use crossterm::event::{
    self as ct, DisableMouseCapture, EnableMouseCapture, KeyEvent, KeyEventKind, MouseButton,
    MouseEventKind,
};
use crossterm::execute;
use ratatui::DefaultTerminal;

/// Enters raw mode and the alternate screen, enables mouse capture, and makes sure a panic
/// restores all three before its message is printed.
pub fn init() -> io::Result<DefaultTerminal> {
    let terminal = match ratatui::try_init() {
        Ok(terminal) => terminal,
        Err(err) => {
            let _ = restore();
            return Err(err);
        }
    };
    chain_mouse_panic_hook();
    if let Err(err) = execute!(stdout(), EnableMouseCapture) {
        let _ = restore();
        return Err(err);
    }
    Ok(terminal)
}

/// Disables mouse capture, leaves raw mode and the alternate screen. Every step is tried even if
/// an earlier one fails; the first error is returned.
pub fn restore() -> io::Result<()> {
    let mouse = execute!(stdout(), DisableMouseCapture);
    let rest = ratatui::try_restore();
    mouse.and(rest)
}

fn chain_mouse_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let next = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = execute!(stdout(), DisableMouseCapture);
            next(info);
        }));
    });
}

/// The terminal in full-screen mode; restores it when dropped.
#[derive(Debug)]
pub struct Session {
    terminal: DefaultTerminal,
}

impl Session {
    /// See [`init`].
    pub fn start() -> io::Result<Session> {
        init().map(|terminal| Session { terminal })
    }
}

impl Deref for Session {
    type Target = DefaultTerminal;
    fn deref(&self) -> &DefaultTerminal {
        &self.terminal
    }
}

impl DerefMut for Session {
    fn deref_mut(&mut self) -> &mut DefaultTerminal {
        &mut self.terminal
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if let Err(err) = restore() {
            eprintln!("hotseat: could not restore the terminal: {err}");
        }
    }
}

/// Runs `f` with the terminal in full-screen mode and restores it afterwards, whether `f`
/// returns `Ok`, returns `Err`, or panics.
pub fn run<T, E>(f: impl FnOnce(&mut DefaultTerminal) -> Result<T, E>) -> Result<T, E>
where
    E: From<io::Error>,
{
    let mut session = Session::start()?;
    f(&mut session)
}

/// A terminal event the front end cares about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A key press (never a release or repeat).
    Key(KeyEvent),
    Mouse(Mouse),
    /// The terminal's new size in columns and rows.
    Resize {
        width: u16,
        height: u16,
    },
}

/// A mouse event at a screen cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mouse {
    pub kind: MouseKind,
    pub column: u16,
    pub row: u16,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MouseKind {
    Down(MouseButton),
    Up(MouseButton),
    /// Moved with a button held.
    Drag(MouseButton),
    ScrollUp,
    ScrollDown,
}

/// Keeps the events the front end uses: key presses, mouse buttons, drags and wheel, resizes.
pub fn translate(event: ct::Event) -> Option<Event> {
    match event {
        ct::Event::Key(key) if key.kind == KeyEventKind::Press => Some(Event::Key(key)),
        ct::Event::Mouse(mouse) => {
            let kind = match mouse.kind {
                MouseEventKind::Down(b) => MouseKind::Down(b),
                MouseEventKind::Up(b) => MouseKind::Up(b),
                MouseEventKind::Drag(b) => MouseKind::Drag(b),
                MouseEventKind::ScrollUp => MouseKind::ScrollUp,
                MouseEventKind::ScrollDown => MouseKind::ScrollDown,
                _ => return None,
            };
            Some(Event::Mouse(Mouse {
                kind,
                column: mouse.column,
                row: mouse.row,
            }))
        }
        ct::Event::Resize(width, height) => Some(Event::Resize { width, height }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyEventState, KeyModifiers, MouseEvent};

    use super::*;

    fn key(kind: KeyEventKind) -> ct::Event {
        ct::Event::Key(KeyEvent {
            code: KeyCode::Char('e'),
            modifiers: KeyModifiers::NONE,
            kind,
            state: KeyEventState::NONE,
        })
    }

    fn mouse(kind: MouseEventKind) -> ct::Event {
        ct::Event::Mouse(MouseEvent {
            kind,
            column: 7,
            row: 3,
            modifiers: KeyModifiers::NONE,
        })
    }

    #[test]
    fn only_key_presses_pass() {
        assert!(matches!(
            translate(key(KeyEventKind::Press)),
            Some(Event::Key(_))
        ));
        assert_eq!(translate(key(KeyEventKind::Release)), None);
        assert_eq!(translate(key(KeyEventKind::Repeat)), None);
    }

    #[test]
    fn mouse_buttons_drags_and_wheel_pass_with_their_cell() {
        let down = translate(mouse(MouseEventKind::Down(MouseButton::Left)));
        assert_eq!(
            down,
            Some(Event::Mouse(Mouse {
                kind: MouseKind::Down(MouseButton::Left),
                column: 7,
                row: 3
            }))
        );
        for (from, to) in [
            (
                MouseEventKind::Up(MouseButton::Left),
                MouseKind::Up(MouseButton::Left),
            ),
            (
                MouseEventKind::Drag(MouseButton::Right),
                MouseKind::Drag(MouseButton::Right),
            ),
            (MouseEventKind::ScrollUp, MouseKind::ScrollUp),
            (MouseEventKind::ScrollDown, MouseKind::ScrollDown),
        ] {
            assert!(matches!(translate(mouse(from)), Some(Event::Mouse(m)) if m.kind == to));
        }
        assert_eq!(translate(mouse(MouseEventKind::Moved)), None);
        assert_eq!(translate(mouse(MouseEventKind::ScrollLeft)), None);
    }

    #[test]
    fn resize_passes_and_focus_does_not() {
        assert_eq!(
            translate(ct::Event::Resize(80, 24)),
            Some(Event::Resize {
                width: 80,
                height: 24
            })
        );
        assert_eq!(translate(ct::Event::FocusGained), None);
    }
}
