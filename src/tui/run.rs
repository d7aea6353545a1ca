//! The main loop: the terminal, the app and the clock.
//!
//! It sleeps on its one channel (see [`events`](super::events)) until an event arrives from
//! any source or the running clock's text is due to change ([`App::next_wake`], from [`Clock::next_change`](crate::game::clock::Clock::next_change)),
//! so an idle game costs one wake-up per displayed second (ten per second under 20 s left) and
//! nothing at all without a running clock. Every wake-up first tells the app the time
//! ([`Action::Tick`], which is how a flag fall is announced), then draws. Only events and clock
//! changes cause a redraw, and ratatui only sends the cells that changed. Across the network
//! the host's heartbeat of clocks and lag (every few seconds) is drawn with the running
//! clock's next change, when that comes within [`HEARTBEAT_DRAW_DELAY`], not on a frame of
//! its own.
//!
//! What the app asks for is sent where it goes ([`route`]): file and library work to the worker
//! thread ([`worker`](super::worker)), engine work to the analyser, messages to the network
//! link, each of whose results come back through the channel as typed events; the screen's own
//! (a redraw, the bell, a suspend) are carried out here. Quitting waits for the file work
//! handed out.

use std::io::{self, IsTerminal};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant, SystemTime};

use crossterm::event::MouseButton;
use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType};

use super::analyser::Analyser;
use super::events::{Wake, channel, spawn_terminal_reader};
use super::files::{Launch, prepare};
use super::net_play::{NetLink, NetStartError};
use super::shutdown::{self, DRAWING, Shared};
use super::worker::{FileQueue, FileWork, Job, Work, Worker};
use super::{Mouse, MouseKind};
use crate::app::keymap::{Action, Pointer, PointerKind};
use crate::app::{App, Effect, Event as AppEvent, ScreenEffect};
use crate::game::stamp::WallClock;
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

/// Plays on the terminal until the players quit: finds the saved game and the files first,
/// and saves on the way out, whichever way that is.
pub fn play(launch: Launch) -> Result<(), PlayError> {
    if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
        return Err(PlayError::NotATerminal);
    }
    let origin = Instant::now();
    let engine = launch.engine.clone();
    let (mut config, files) = prepare(launch, local_wall_clock());
    // Only start-up turns autosave off: there is no folder to save in.
    config.no_save_folder = !config.autosave;
    let shared: Shared = FileQueue::new(files, origin);
    shutdown::install(&shared, shutdown::Front::Screen).map_err(PlayError::Signals)?;
    let (sender, events) = channel();
    let worker = Worker::spawn(shared.clone(), sender.clone()).map_err(PlayError::Worker)?;
    let mut app = App::new(config);
    let analyser = Analyser::new(engine, sender.clone());
    super::run(|terminal| {
        spawn_terminal_reader(sender).map_err(PlayError::Reader)?;
        run_loop(terminal, &mut app, origin, &events, worker, analyser, None)
    })
}

/// The wall clock now, with the local offset from UTC (the system's time zone, or `TZ`): the
/// dates and start times that saved games carry are the players' own. Where the time zone
/// cannot be found, stamps are UTC and say so (as they do in a zone at UTC+00:00). The offset
/// is read once: a session that runs across a change to or from summer time dates its later
/// games an hour off, which is the price of not asking the time zone on every save.
pub(crate) fn local_wall_clock() -> WallClock {
    let at = SystemTime::now();
    let utc_offset =
        jiff::Timestamp::try_from(at).map_or(0, |t| local_zone().to_offset(t).seconds());
    WallClock { at, utc_offset }
}

/// The system's time zone. Where `TZ` is unset, `/etc/localtime` is the zone, read as it is:
/// jiff's own lookup would take its name from the link and find it in the zoneinfo database,
/// listing every zone's name first (600 files walked and 160 KiB more resident, for an offset
/// that the file itself gives). Anything else (`TZ` set, no readable file, another system) is
/// jiff's.
fn local_zone() -> jiff::tz::TimeZone {
    let tz_set = std::env::var_os("TZ").is_some();
    zone_from_file(tz_set, || std::fs::read("/etc/localtime"))
        .unwrap_or_else(jiff::tz::TimeZone::system)
}

/// The zone of a TZif file (`/etc/localtime`), when `TZ` does not name another and on a
/// system that has such a file.
fn zone_from_file(
    tz_set: bool,
    read: impl FnOnce() -> std::io::Result<Vec<u8>>,
) -> Option<jiff::tz::TimeZone> {
    if tz_set || !cfg!(unix) {
        return None;
    }
    jiff::tz::TimeZone::tzif("Local", &read().ok()?).ok()
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
/// channel until an event comes or the screen is due to change. On the way out, whichever way
/// that is, it waits for the file work handed out.
pub fn run_loop<B: Backend, F: FileWork>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    origin: Instant,
    events: &Receiver<Wake>,
    worker: Worker<F>,
    mut analyser: Analyser,
    link: Option<&NetLink>,
) -> Result<(), PlayError>
where
    B::Error: Send + Sync + 'static,
{
    let result = event_loop(terminal, app, origin, events, &worker, &mut analyser, link);
    worker.finish();
    // Dropping the analyser ends every engine: told to quit, killed if it does not, reaped.
    drop(analyser);
    result
}

fn event_loop<B: Backend, F: FileWork>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    origin: Instant,
    events: &Receiver<Wake>,
    worker: &Worker<F>,
    analyser: &mut Analyser,
    link: Option<&NetLink>,
) -> Result<(), PlayError>
where
    B::Error: Send + Sync + 'static,
{
    // Whether this turn of the loop draws (see `heartbeat_can_wait`).
    let mut draw = true;
    loop {
        let now = origin.elapsed();
        // Back from a stop (SIGTSTP): the terminal was given back meanwhile, so everything is
        // drawn again.
        if let Some(stopped) = shutdown::take_stop() {
            draw = true;
            redraw_everything(terminal).map_err(PlayError::terminal)?;
            if let Some(stopped) = stopped {
                app.update(AppEvent::Resumed(stopped), now);
            }
        }
        app.update(Action::Tick, now);
        for effect in app.take_effects() {
            let Some(screen) = route(effect, app, now, worker, analyser, link) else {
                continue;
            };
            match screen {
                // The screen is cleared: it is drawn again now.
                ScreenEffect::Redraw => {
                    draw = true;
                    redraw_everything(terminal).map_err(PlayError::terminal)?;
                }
                ScreenEffect::Bell => ring_bell().map_err(PlayError::terminal)?,
                // Comes back through `take_stop` above, as a stop from outside does.
                ScreenEffect::Suspend => {
                    shutdown::suspend_now();
                }
            }
        }
        if app.should_quit() {
            return Ok(());
        }
        // A resize reaches the app as an event, which may wait behind queued keys; the frame
        // is drawn at the terminal's size now, so the app hears of it first.
        let size = terminal.size().map_err(PlayError::terminal)?;
        if size != app.size() {
            draw = true;
            app.update(
                Action::Resize {
                    width: size.width,
                    height: size.height,
                },
                origin.elapsed(),
            );
        }
        if draw {
            let _drawing = DRAWING.lock().unwrap_or_else(|e| e.into_inner());
            terminal
                .draw(|frame| ui::render(app, frame))
                .map_err(PlayError::terminal)?;
        }
        draw = true;
        let wake = match app.next_wake(now) {
            Some(at) => {
                let timeout = at.saturating_sub(origin.elapsed()) + WAKE_MARGIN;
                match events.recv_timeout(timeout) {
                    Ok(wake) => wake,
                    Err(RecvTimeoutError::Timeout) => continue,
                    Err(RecvTimeoutError::Disconnected) => return Err(PlayError::EventsEnded),
                }
            }
            None => events.recv().map_err(|_| PlayError::EventsEnded)?,
        };
        match wake {
            Wake::Event(event) => {
                let now = origin.elapsed();
                let heartbeat = is_heartbeat(&event);
                // The terminal was resized, maybe smaller and back between two frames: what it
                // cut off is gone from its screen though the size is the same again, so the
                // next frame draws every cell.
                if matches!(event, AppEvent::Action(Action::Resize { .. })) {
                    redraw_everything(terminal).map_err(PlayError::terminal)?;
                }
                app.update(event, now);
                draw = !(heartbeat && heartbeat_can_wait(app.next_wake(now), now));
            }
            Wake::TerminalFailed(err) => return Err(PlayError::Read(err)),
            // Lines of standard input are the plain mode's, which has a loop of its own.
            Wake::Input(_) => {}
        }
    }
}

/// Why the game screen ended other than by the players quitting.
#[derive(Debug)]
pub enum PlayError {
    /// Standard input or output is not a terminal.
    NotATerminal,
    /// The signal handlers could not be set up.
    Signals(io::Error),
    /// The thread that writes the files could not start.
    Worker(io::Error),
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
            PlayError::Worker(_) => "could not start the thread that writes the files",
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
            PlayError::Signals(e) | PlayError::Worker(e) | PlayError::Reader(e) => Some(e),
            PlayError::Read(e) => Some(e),
            PlayError::Terminal(e) => Some(e.as_ref()),
            PlayError::NotATerminal | PlayError::EventsEnded | PlayError::Net(_) => None,
        }
    }
}

/// Sends one of the app's effects where it goes, each kind to the one place that carries it
/// out: file and library work to the worker, the engine's to the [`Analyser`], a message to
/// the network link (none: nowhere to go). The screen's own are given back for the front end.
pub(crate) fn route<F: FileWork>(
    effect: Effect,
    app: &App,
    now: Duration,
    worker: &Worker<F>,
    analyser: &mut Analyser,
    link: Option<&NetLink>,
) -> Option<ScreenEffect> {
    let work = match effect {
        Effect::Files(effect) => Work::Files(effect),
        Effect::Library(effect) => Work::Library(effect),
        Effect::Engine(effect) => {
            analyser.carry_out(effect);
            return None;
        }
        Effect::Net(msg) => {
            if let Some(link) = link {
                link.send(msg);
            }
            return None;
        }
        Effect::Screen(effect) => return Some(effect),
    };
    worker.push(Job {
        work,
        now,
        save_job: app.save_job(),
    });
    None
}

/// Rings the terminal's bell: the BEL byte, which moves no cursor and draws nothing.
fn ring_bell() -> io::Result<()> {
    use std::io::Write as _;
    let mut out = io::stdout().lock();
    out.write_all(b"\x07")?;
    out.flush()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A TZif file (version 1) of one zone at a fixed UTC+05:30, "IST".
    fn fixed_zone_file() -> Vec<u8> {
        let mut file = b"TZif".to_vec();
        file.extend([0; 16]); // version 1, reserved
        // isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt
        for count in [0u32, 0, 0, 0, 1, 4] {
            file.extend(count.to_be_bytes());
        }
        file.extend((5 * 3600 + 1800i32).to_be_bytes()); // the offset
        file.extend([0, 0]); // not summer time, the name at 0
        file.extend(b"IST\0");
        file
    }

    #[test]
    #[cfg(unix)]
    fn the_local_zone_is_read_from_the_file_when_tz_is_unset() {
        let zone = zone_from_file(false, || Ok(fixed_zone_file())).expect("a zone");
        let offset = zone.to_offset(jiff::Timestamp::UNIX_EPOCH);
        assert_eq!(offset.seconds(), 5 * 3600 + 1800);
    }

    #[test]
    fn tz_or_a_missing_or_unreadable_file_leaves_the_zone_to_jiff() {
        assert!(zone_from_file(true, || Ok(fixed_zone_file())).is_none());
        let missing = || Err(std::io::Error::from(std::io::ErrorKind::NotFound));
        assert!(zone_from_file(false, missing).is_none());
        assert!(zone_from_file(false, || Ok(b"not a zone".to_vec())).is_none());
    }
}
