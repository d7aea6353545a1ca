//! The main loop: the terminal, the app and the clock.
//!
//! It sleeps on its one channel (see [`events`](super::events)) until an event arrives from
//! any source or the running clock's text is due to change ([`View::next_wake`](crate::app::View::next_wake), from [`Clock::next_change`](crate::game::clock::Clock::next_change)),
//! so an idle game costs one wake-up per displayed second (ten per second under 20 s left) and
//! nothing at all without a running clock. Every wake-up first tells the app the time
//! ([`Action::Tick`], which is how a flag fall is announced), then draws. Only events and clock
//! changes cause a redraw, and ratatui only sends the cells that changed. Across the network
//! the host's heartbeat of clocks and lag (every few seconds) is drawn with the running
//! clock's next change, when that comes within [`HEARTBEAT_DRAW_DELAY`], not on a frame of
//! its own.
//!
//! What the app asks for is handed to the session's runtime
//! ([`Runtime::carry_out`](crate::runtime::Runtime::carry_out)), which sends it where it goes
//! (file and library work to the worker thread, engine work to the analyser, messages to the
//! network link), each of whose results come back through the channel as typed events; the
//! screen's own (a redraw, the bell, a suspend) come back here, carried out on this terminal
//! ([`Console`]). Quitting waits for the file work handed out.
//!
//! Nothing here assumes the process's own terminal but [`play`] and [`ProcessTerminal`]: the
//! loop ([`run_loop`]) draws on any ratatui `Terminal`, rings its bell and takes its drawing
//! lock through a [`Console`], and reads its input from the session's channel, which the
//! terminal's reader feeds here and another front end (a terminal served over SSH) feeds from
//! its own bytes.

use std::io::{self, IsTerminal};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use crossterm::event::{self as ct, MouseButton};
use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType};

use super::{Event as TerminalEvent, Mouse, MouseKind, translate};
use crate::app::keymap::{Action, Pointer, PointerKind};
use crate::app::{App, Event as AppEvent, ScreenEffect};
use crate::runtime::signals::{self, Screen};
use crate::runtime::worker::FileWork;
use crate::runtime::{EventSender, Front, Launch, NetStartError, Role, Runtime, StartError, Wake};
use crate::ui;

/// A little past the instant the clock text changes, so the wake-up never comes just before it.
const WAKE_MARGIN: Duration = Duration::from_millis(1);

/// How late the screen may show the host's heartbeat (its count of the clocks, each side's
/// lag): it waits for the running clock's next frame if that comes this soon.
pub(super) const HEARTBEAT_DRAW_DELAY: Duration = Duration::from_secs(1);

/// Whether `event` is the host's heartbeat of clocks and lag, whose frame may wait (see
/// [`heartbeat_can_wait`]). Everything else is drawn at once.
pub(super) fn is_heartbeat(event: &AppEvent) -> bool {
    use crate::remote::{Msg, NetEvent};
    matches!(event, AppEvent::Net(NetEvent::Msg(Msg::Clock(_))))
}

/// Whether the frame after a heartbeat heard at `now` may wait for the next one due
/// (`next_wake`, as the app says after hearing it): when the running clock's text changes
/// within [`HEARTBEAT_DRAW_DELAY`] anyway.
pub(super) fn heartbeat_can_wait(next_wake: Option<Duration>, now: Duration) -> bool {
    next_wake.is_some_and(|at| at.saturating_sub(now) <= HEARTBEAT_DRAW_DELAY)
}

/// Plays on the terminal until the players quit: at this keyboard, or across the network
/// (hosting, joining or watching: the connection is made first, so that what fails there is
/// said before the screen opens). Finds the saved game and the files first, and saves on the
/// way out, whichever way that is.
pub fn play(launch: Launch, role: Role) -> Result<(), PlayError> {
    let across = matches!(role, Role::Net(_));
    let front = Front {
        resume: "hotseat --resume",
        notes: &mut io::stderr(),
        speaks_notes: false,
    };
    let (runtime, mut app) = crate::runtime::start(launch, role, front, || {
        // Across the network the invitation may have come on standard input: the keys then
        // come from the terminal itself (/dev/tty), as the screen's library reads them.
        let keys = io::stdin().is_terminal() || (across && has_tty());
        if io::stdout().is_terminal() && keys {
            Ok(())
        } else {
            Err(PlayError::NotATerminal)
        }
    })?;
    let terminal = Arc::new(ProcessTerminal::default());
    if let Some(registration) = runtime.registration() {
        registration
            .hold_screen(terminal.clone())
            .map_err(PlayError::Signals)?;
    }
    super::run(|screen| {
        spawn_terminal_reader(runtime.sender()).map_err(PlayError::Reader)?;
        run_loop(screen, &mut app, runtime, terminal.as_ref())
    })
}

/// Whether this process has a terminal to read keys from other than standard input.
fn has_tty() -> bool {
    cfg!(unix)
        && std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/tty")
            .is_ok()
}

/// The terminal's own side of the loop beyond drawing, which differs with where the terminal
/// is: where the bell rings, what Ctrl-Z does, and the lock a frame is drawn under (which a
/// signal handler giving the terminal back takes too).
pub trait Console {
    /// Rings the terminal's bell.
    fn ring_bell(&self) -> io::Result<()>;
    /// Ctrl-Z: stops the process, if the terminal is the process's own; elsewhere nothing.
    fn suspend(&self);
    /// Held while a frame is drawn.
    fn drawing(&self) -> MutexGuard<'_, ()>;
}

/// The process's own terminal: the bell on standard output, Ctrl-Z the shell's job control,
/// given back and taken again by the signal handler ([`Screen`]).
#[derive(Debug, Default)]
pub struct ProcessTerminal {
    drawing: Mutex<()>,
}

impl Console for ProcessTerminal {
    /// The BEL byte, which moves no cursor and draws nothing.
    fn ring_bell(&self) -> io::Result<()> {
        use std::io::Write as _;
        let mut out = io::stdout().lock();
        out.write_all(b"\x07")?;
        out.flush()
    }

    /// By the same path as a SIGTSTP from outside: the game saved, the terminal given back,
    /// taken again after `fg`; the news of it comes back through the session's channel.
    fn suspend(&self) {
        signals::suspend_now();
    }

    fn drawing(&self) -> MutexGuard<'_, ()> {
        self.drawing.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Screen for ProcessTerminal {
    fn drawing(&self) -> MutexGuard<'_, ()> {
        Console::drawing(self)
    }

    fn give_back(&self) {
        let _ = super::restore();
        let _ = crossterm::execute!(io::stdout(), crossterm::cursor::Show);
    }

    fn take_again(&self) {
        use crossterm::cursor::Hide;
        use crossterm::event::EnableMouseCapture;
        use crossterm::terminal::{EnterAlternateScreen, enable_raw_mode};
        let _ = enable_raw_mode();
        let _ = crossterm::execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture, Hide);
    }
}

/// The terminal event as the app takes it: a key to read in the mode's meaning, a mouse
/// gesture, a new size. `None`: nothing the app uses.
pub fn app_event(event: TerminalEvent) -> Option<AppEvent> {
    match event {
        TerminalEvent::Key(key) => Some(AppEvent::Key(key)),
        TerminalEvent::Mouse(mouse) => pointer_action(mouse).map(AppEvent::Action),
        TerminalEvent::Resize { width, height } => {
            Some(AppEvent::Action(Action::Resize { width, height }))
        }
    }
}

/// Reads the process's terminal on a thread of its own, blocking, and sends what it reads. It
/// ends when the loop has ended, or after a read error (which it sends, ending the loop too).
///
/// While the process is stopped (SIGTSTP) this thread is stopped with it, blocked in the read,
/// and the shell has the terminal to itself; after SIGCONT the signal thread takes the
/// terminal back first (see [`signals`]), then the reading goes on.
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

/// The loop: tells the app the time, carries out what it asks, draws, and waits on the
/// session's channel until an event comes or the screen is due to change. On the way out,
/// whichever way that is, it ends the session (`runtime` dropped: the file work handed out is
/// waited for).
pub fn run_loop<B: Backend, F: FileWork>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    mut runtime: Runtime<F>,
    console: &dyn Console,
) -> Result<(), PlayError>
where
    B::Error: Send + Sync + 'static,
{
    let result = event_loop(terminal, app, &mut runtime, console);
    drop(runtime);
    result
}

fn event_loop<B: Backend, F: FileWork>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    runtime: &mut Runtime<F>,
    console: &dyn Console,
) -> Result<(), PlayError>
where
    B::Error: Send + Sync + 'static,
{
    // Whether this turn of the loop draws (see `heartbeat_can_wait`).
    let mut draw = true;
    // An event taken out of the channel while hearing a burst of keys, not a key: the next turn
    // hears it, after the burst's frame.
    let mut pending: Option<Wake> = None;
    loop {
        let now = runtime.now();
        app.update(Action::Tick, now);
        for effect in app.take_effects() {
            let Some(screen) = runtime.carry_out(effect, app, now) else {
                continue;
            };
            match screen {
                // The screen is cleared: it is drawn again now.
                ScreenEffect::Redraw => {
                    draw = true;
                    redraw_everything(terminal).map_err(PlayError::terminal)?;
                }
                ScreenEffect::Bell => console.ring_bell().map_err(PlayError::terminal)?,
                // Comes back through the channel (`Wake::Continued`), as a stop from outside
                // does.
                ScreenEffect::Suspend => console.suspend(),
            }
        }
        if app.should_quit() {
            return Ok(());
        }
        // A resize reaches the app as an event, which may wait behind queued keys; the frame
        // is drawn at the terminal's size now, so the app hears of it first.
        let size = terminal.size().map_err(PlayError::terminal)?;
        if size != app.view().size() {
            draw = true;
            app.update(
                Action::Resize {
                    width: size.width,
                    height: size.height,
                },
                runtime.now(),
            );
        }
        if draw {
            let _drawing = console.drawing();
            terminal
                .draw(|frame| ui::render(app, frame))
                .map_err(PlayError::terminal)?;
        }
        draw = true;
        let events = runtime.events();
        let wake = match pending.take() {
            // The event that ended the last burst of keys, heard now with a frame of its own.
            Some(wake) => wake,
            None => match app.view().next_wake(now) {
                Some(at) => {
                    let timeout = at.saturating_sub(runtime.now()) + WAKE_MARGIN;
                    match events.recv_timeout(timeout) {
                        Ok(wake) => wake,
                        Err(RecvTimeoutError::Timeout) => continue,
                        Err(RecvTimeoutError::Disconnected) => return Err(PlayError::EventsEnded),
                    }
                }
                None => events.recv().map_err(|_| PlayError::EventsEnded)?,
            },
        };
        match wake {
            Wake::Event(event) => {
                let now = runtime.now();
                let heartbeat = is_heartbeat(&event);
                // The terminal was resized, maybe smaller and back between two frames: what it
                // cut off is gone from its screen though the size is the same again, so the
                // next frame draws every cell.
                if matches!(event, AppEvent::Action(Action::Resize { .. })) {
                    redraw_everything(terminal).map_err(PlayError::terminal)?;
                }
                let key = matches!(event, AppEvent::Key(_));
                app.update(event, now);
                draw = !(heartbeat && heartbeat_can_wait(app.view().next_wake(now), now));
                // A burst of keys (a paste: a key an event) is heard whole before the next
                // frame, so that a line of moves costs a frame, not one a key; bounded, so the
                // screen still follows a flood. Anything else waiting (news, the network's
                // words) gets a frame of its own, so that no message of it goes unseen.
                if key {
                    for _ in 0..BURST_BEFORE_A_FRAME {
                        match events.try_recv() {
                            Ok(Wake::Event(event @ AppEvent::Key(_))) => {
                                app.update(event, runtime.now());
                            }
                            Ok(other) => {
                                pending = Some(other);
                                break;
                            }
                            Err(_) => break,
                        }
                    }
                }
            }
            // Back from a stop: the terminal was given back meanwhile, so everything is drawn
            // again, and the app hears how long the stop lasted.
            Wake::Continued(stopped) => {
                redraw_everything(terminal).map_err(PlayError::terminal)?;
                if let Some(stopped) = stopped {
                    app.update(AppEvent::Resumed(stopped), runtime.now());
                }
            }
            Wake::TerminalFailed(err) => return Err(PlayError::Read(err)),
            // Lines of standard input are the plain mode's, which has a loop of its own.
            Wake::Input(_) => {}
        }
    }
}

/// The most events already waiting that one turn of the loop hears before it draws.
const BURST_BEFORE_A_FRAME: usize = 256;

/// Why the game screen ended other than by the players quitting.
#[derive(Debug)]
pub enum PlayError {
    /// Standard input or output is not a terminal.
    NotATerminal,
    /// The signal handlers could not be set up.
    Signals(io::Error),
    /// The thread that reads the terminal could not start.
    Reader(io::Error),
    /// The terminal could not be read.
    Read(io::Error),
    /// Drawing on the terminal, or asking its size, failed.
    Terminal(Box<dyn std::error::Error + Send + Sync>),
    /// Every source of events has ended (no terminal reader is left).
    EventsEnded,
    /// A game across the network could not start (said before the screen opens).
    Net(NetStartError),
}

impl PlayError {
    fn terminal(err: impl std::error::Error + Send + Sync + 'static) -> PlayError {
        PlayError::Terminal(Box::new(err))
    }
}

impl From<StartError> for PlayError {
    fn from(err: StartError) -> PlayError {
        match err {
            StartError::Signals(e) => PlayError::Signals(e),
            StartError::Net(e) => PlayError::Net(e),
        }
    }
}

impl From<io::Error> for PlayError {
    /// The terminal could not be set up or given back.
    fn from(err: io::Error) -> PlayError {
        PlayError::terminal(err)
    }
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PlayError::NotATerminal => {
                "hotseat needs a terminal to play in (standard input and output are not one); \
                 hotseat --plain plays in lines of text instead, for pipes, scripts and screen \
                 readers"
            }
            PlayError::Signals(_) => "could not set up the signal handlers",
            PlayError::Reader(_) => "could not start reading the terminal",
            PlayError::Read(_) => "could not read the terminal",
            PlayError::Terminal(_) => "the terminal failed",
            PlayError::EventsEnded => "every source of events has ended",
            PlayError::Net(e) => return write!(f, "{e}"),
        })
    }
}

impl std::error::Error for PlayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PlayError::Signals(e) | PlayError::Reader(e) => Some(e),
            PlayError::Read(e) => Some(e),
            PlayError::Terminal(e) => Some(e.as_ref()),
            PlayError::NotATerminal | PlayError::EventsEnded | PlayError::Net(_) => None,
        }
    }
}

/// Clears the screen and makes the next frame draw every cell. Unlike `Terminal::clear` it does
/// not ask the terminal where its cursor is, an answer that a terminal may never give (and
/// then the game would end with an error).
fn redraw_everything<B: Backend>(terminal: &mut Terminal<B>) -> Result<(), B::Error> {
    terminal.backend_mut().clear_region(ClearType::All)?;
    // The frame last drawn is forgotten: the next one is compared with a blank screen.
    terminal.swap_buffers();
    Ok(())
}
