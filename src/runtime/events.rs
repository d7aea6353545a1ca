//! A session's one channel, which every source feeds.
//!
//! The front end's loop waits on one channel, and every source of a session feeds it: the
//! front end's own input (the terminal's reader thread in `tui`, standard input's in `plain`),
//! the file worker ([`worker`](super::worker)), the engine ([`analyser`](super::analyser)),
//! the network link ([`net`](super::net)) and the signal handler's news of a stop
//! ([`Wake::Continued`]). Each gets a clone of the [`EventSender`] and sends
//! [`app::Event`](Event)s; the loop hands them to [`App::update`](crate::app::App::update)
//! one at a time, in the order they came.
//!
//! # Adding a source
//!
//! 1. Give its news one variant of [`app::Event`](Event), carrying a type of its own module.
//! 2. Where the session starts ([`start`](super::start)), hand the source a clone of the
//!    sender; a source that lives outside the runtime and must not name the app gets a
//!    callback instead, [`EventSender::feeding`]`(Event::Variant)`.
//! 3. If the app starts or stops the source, that is an [`Effect`](crate::app::Effect) of a
//!    destination of its own, which [`Runtime::carry_out`](super::Runtime::carry_out) sends
//!    where it goes, the way file effects reach the worker.
//!
//! The channel is unbounded: the loop drains it faster than a person types, and the file
//! worker's results are one per job. A source that reads from an untrusted party caps its own
//! reading (a line's size, a peer's rate) before it sends.

use std::io;
use std::sync::mpsc::{self, Receiver, Sender};

use std::time::Duration;

use crate::app::Event;

/// What wakes the loop: an event for the app, the front end's input, or news of the process.
#[derive(Debug)]
pub enum Wake {
    Event(Event),
    /// The terminal could not be read: the loop ends with this error.
    TerminalFailed(io::Error),
    /// The process went on after a stop (SIGTSTP, Ctrl-Z, or a SIGSTOP from outside), which
    /// the signal handler tells every session with a screen: its terminal was given back
    /// meanwhile, so everything is drawn again. How long the stop lasted, if known.
    Continued(Option<Duration>),
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

    /// Says that the terminal could not be read: the loop ends with this error.
    pub fn terminal_failed(&self, err: io::Error) {
        let _ = self.tx.send(Wake::TerminalFailed(err));
    }

    /// Says that the process went on after a stop (the signal handler's news).
    pub fn continued(&self, stopped: Option<Duration>) -> bool {
        self.tx.send(Wake::Continued(stopped)).is_ok()
    }
}
