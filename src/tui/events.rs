//! The loop's one channel, and the terminal as one of its sources.
//!
//! Every source feeds one channel that the main loop waits on: the terminal's reader thread
//! ([`spawn_terminal_reader`]), the file worker (`worker`), and whatever comes next (an engine
//! process, a network peer). Each gets a clone of the [`EventSender`] and sends
//! [`app::Event`](Event)s; the loop hands them to [`App::update`](crate::app::App::update)
//! one at a time, in the order they came.
//!
//! # Adding a source
//!
//! 1. Give its news one variant of [`app::Event`](Event), carrying a type of its own module.
//! 2. Where the loop starts (`run::play`), hand the source a clone of the sender; a source
//!    that lives outside `tui` and must not name the app gets a callback instead,
//!    [`EventSender::feeding`]`(Event::Variant)`.
//! 3. If the app starts or stops the source, that is an [`Effect`](crate::app::Effect) which
//!    the loop carries out in `run::carry_out`, the way file effects reach the worker.
//!
//! The channel is unbounded: the loop drains it faster than a person types, and the file
//! worker's results are one per job. A source that reads from an untrusted party caps its own
//! reading (a line's size, a peer's rate) before it sends.

use std::io;
use std::sync::mpsc::{self, Receiver, Sender};

use crossterm::event as ct;

use super::{Event as TerminalEvent, pointer_action, translate};
use crate::app::Event;
use crate::app::keymap::Action;

/// What wakes the loop: an event for the app, or the end of the terminal's input.
#[derive(Debug)]
pub enum Wake {
    Event(Event),
    /// The terminal could not be read: the loop ends with this error.
    TerminalFailed(io::Error),
    /// A line of standard input, for the plain mode (`--plain`), which reads lines instead of
    /// keys; the screen's loop never has this source.
    Input(Input),
}

/// What the plain mode's reader of standard input hands over.
#[derive(Debug, PartialEq, Eq)]
pub enum Input {
    Line(String),
    /// A line longer than the reader takes: refused whole.
    TooLong,
    /// The end of the input.
    Ended,
}

/// A handle that feeds the loop's channel; clone one for every source.
#[derive(Clone, Debug)]
pub struct EventSender {
    tx: Sender<Wake>,
}

/// The loop's channel: the sender for the sources, the receiver for the loop.
pub fn channel() -> (EventSender, Receiver<Wake>) {
    let (tx, rx) = mpsc::channel();
    (EventSender { tx }, rx)
}

impl EventSender {
    /// Sends an event to the loop. `false`: the loop has ended, and the source can stop.
    pub fn send(&self, event: impl Into<Event>) -> bool {
        self.tx.send(Wake::Event(event.into())).is_ok()
    }

    /// A callback for a source that speaks in its own type `T` and must not name the app:
    /// each value is wrapped by `wrap` (an [`Event`] variant) and sent.
    pub fn feeding<T>(
        &self,
        wrap: impl Fn(T) -> Event + Send + 'static,
    ) -> impl Fn(T) -> bool + Send + 'static {
        let sender = self.clone();
        move |value| sender.send(wrap(value))
    }

    /// Sends a line of standard input (the plain mode). `false`: the loop has ended.
    pub fn input(&self, input: Input) -> bool {
        self.tx.send(Wake::Input(input)).is_ok()
    }

    fn terminal_failed(&self, err: io::Error) {
        let _ = self.tx.send(Wake::TerminalFailed(err));
    }
}

/// The terminal event as the app takes it: a key to read in the mode's meaning, a mouse
/// gesture, a new size. `None`: nothing the app uses.
pub fn app_event(event: TerminalEvent) -> Option<Event> {
    match event {
        TerminalEvent::Key(key) => Some(Event::Key(key)),
        TerminalEvent::Mouse(mouse) => pointer_action(mouse).map(Event::Action),
        TerminalEvent::Resize { width, height } => {
            Some(Event::Action(Action::Resize { width, height }))
        }
    }
}

/// Reads the terminal on a thread of its own, blocking, and sends what it reads. It ends when
/// the loop has ended, or after a read error (which it sends, ending the loop too).
///
/// While the process is stopped (SIGTSTP) this thread is stopped with it, blocked in the read,
/// and the shell has the terminal to itself; after SIGCONT the signal thread takes the
/// terminal back first (see `shutdown`), then the reading goes on.
pub fn spawn_terminal_reader(events: EventSender) -> io::Result<()> {
    std::thread::Builder::new()
        .name("hotseat-terminal".to_owned())
        .spawn(move || {
            loop {
                match ct::read() {
                    Ok(event) => {
                        let Some(event) = translate(event).and_then(app_event) else {
                            continue;
                        };
                        if !events.send(event) {
                            return;
                        }
                    }
                    Err(err) => {
                        events.terminal_failed(err);
                        return;
                    }
                }
            }
        })?;
    Ok(())
}
