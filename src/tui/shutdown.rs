//! Leaving in an emergency without losing the game: every signal that ends a process by default
//! and can be caught (SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM,
//! SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS), and panics. SIGPIPE is not among them: Rust ignores it, so
//! a closed pipe is an error on the write instead. SIGSEGV and its kind cannot be handled safely.
//!
//! The main loop sleeps on its channel, which a signal does not wake, so the
//! signal is handled on a thread of its own ([`install`]). That thread finishes the file work
//! still queued for the worker, then saves the game in progress from the copy [`Files`] keeps
//! (with the clocks as they stand at that moment), keeps the files so that nothing older is
//! written after it,
//! restores the terminal and exits with status 128 + the signal's number, as shells expect of
//! a program ended by a signal. Two locks keep it from racing the main loop: the files (the
//! main loop holds them while it writes) and the screen ([`DRAWING`], held while a frame is
//! drawn), so the terminal is never restored in the middle of a frame.
//!
//! A panic saves the same way from the panic hook, if the files are not in use at that moment
//! (a panic inside a write must not deadlock on it). SIGKILL cannot be caught: that is what
//! the save after every move and every ten seconds of a running clock is for.
//!
//! SIGTSTP (`kill -TSTP`, or a job-control shell's stop) is handled on the same thread: the game
//! is saved, the terminal left as it was found (main screen, cooked mode, cursor shown), and
//! only then does the process stop. On SIGCONT the thread takes the terminal back and wakes the
//! main loop (with a SIGWINCH, which the terminal's event reader turns into a resize), which
//! draws everything again and tells the app how long the stop lasted ([`take_stop`]). The app's
//! time is a monotonic clock that runs on while the process is stopped, so the clock of the
//! side to move keeps running across the stop, as the FIDE laws count an absence.
//!
//! The plain line mode ([`Front::Lines`]) installs the same handlers, with two differences: it
//! never touches the terminal (restoring it would write escape sequences to a screen reader),
//! and it leaves SIGTSTP and SIGCONT to their defaults (a stopped line mode has no screen to
//! give back or redraw).
//!
//! On Windows there are no such signals (Ctrl-C is a key in raw mode, and asks first); only the
//! panic save applies.

use std::sync::{Arc, Mutex, MutexGuard, Once, OnceLock};
use std::time::Duration;

use super::files::Files;
use super::worker::{EmergencySaved, FileQueue};

/// Held while a frame is drawn, and by the signal thread from the moment it restores the
/// terminal until the process exits.
pub static DRAWING: Mutex<()> = Mutex::new(());

/// The session's files and their queue of work, shared with the file worker, the signal
/// thread and the panic hook.
pub type Shared = Arc<FileQueue<Files>>;

static SHARED: OnceLock<Shared> = OnceLock::new();

/// How long the process was last stopped, set when it continues and taken by the main loop.
/// `Some(None)`: continued after a stop it did not see coming (SIGSTOP), length unknown.
static STOPPED: Mutex<Option<Option<Duration>>> = Mutex::new(None);

/// Whether the process was stopped since the last call, and for how long if known: the main
/// loop then draws everything again.
pub fn take_stop() -> Option<Option<Duration>> {
    STOPPED.lock().unwrap_or_else(|e| e.into_inner()).take()
}

/// Finishes the queued file work and saves the game in progress now (if the files are free,
/// or once they are: `wait`). Returns what happened, for a note, and the files, held so that
/// nothing older is written after this save.
fn save(shared: &Shared, wait: bool) -> Option<(MutexGuard<'_, Files>, EmergencySaved)> {
    shared.emergency_save(wait)
}

/// Ctrl-Z pressed in the game (raw mode makes the terminal's suspend key a key like any
/// other): stops the process as a shell's Ctrl-Z would, by the same path as a SIGTSTP from
/// outside (the game saved, the terminal given back, taken again after `fg`). False where
/// there is no job control (Windows).
pub fn suspend_now() -> bool {
    #[cfg(unix)]
    {
        signal_hook::low_level::raise(signal_hook::consts::SIGTSTP).is_ok()
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// Which front end the process runs: what a signal may do to the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Front {
    /// The full screen: restored before leaving or stopping, taken back after a stop.
    Screen,
    /// The plain line mode: the terminal is never touched, and a stop is the system's own.
    Lines,
}

/// Makes SIGTERM, SIGHUP and SIGINT save and leave cleanly, and a panic save first. Call once,
/// before the terminal is set up.
pub fn install(shared: &Shared, front: Front) -> std::io::Result<()> {
    if SHARED.set(shared.clone()).is_err() {
        return Ok(());
    }
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let next = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if let Some(shared) = SHARED.get() {
                let _ = save(shared, false);
            }
            next(info);
        }));
    });
    #[cfg(unix)]
    signals::install(shared.clone(), front)?;
    #[cfg(not(unix))]
    let _ = front;
    Ok(())
}

#[cfg(unix)]
mod signals {
    use std::io::Write;

    use std::time::Instant;

    use crossterm::cursor::{Hide, Show};
    use crossterm::event::EnableMouseCapture;
    use crossterm::execute;
    use crossterm::terminal::{EnterAlternateScreen, enable_raw_mode};
    use signal_hook::consts::{
        SIGALRM, SIGCONT, SIGHUP, SIGINT, SIGPROF, SIGQUIT, SIGSYS, SIGTERM, SIGTSTP, SIGUSR1,
        SIGUSR2, SIGVTALRM, SIGWINCH, SIGXCPU, SIGXFSZ,
    };
    use signal_hook::iterator::Signals;
    use signal_hook::low_level::{raise, signal_name};

    use super::{DRAWING, Front, STOPPED, Shared, save};

    /// Saves, gives the terminal back as it was found, stops; on continuing takes the terminal
    /// again and wakes the main loop.
    fn suspend(shared: &Shared) {
        // The files are free again once saved: the process goes on after the stop.
        drop(save(shared, true));
        {
            let _screen = DRAWING.lock().unwrap_or_else(|e| e.into_inner());
            let _ = crate::tui::restore();
            let _ = execute!(std::io::stdout(), Show);
            let stopped_at = Instant::now();
            // Returns once the process is continued.
            let _ = raise(signal_hook::consts::SIGSTOP);
            let stopped = stopped_at.elapsed();
            let _ = enable_raw_mode();
            let _ = execute!(
                std::io::stdout(),
                EnterAlternateScreen,
                EnableMouseCapture,
                Hide
            );
            *STOPPED.lock().unwrap_or_else(|e| e.into_inner()) = Some(Some(stopped));
        }
        let _ = raise(SIGWINCH);
    }

    pub fn install(shared: Shared, front: Front) -> std::io::Result<()> {
        // Every signal whose default action ends the process, so that none of them leaves the
        // terminal raw, on the alternate screen, with the mouse captured (or loses the game).
        let ending = [
            SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
            SIGXCPU, SIGXFSZ, SIGSYS,
        ];
        let mut signals = Signals::new(ending)?;
        if front == Front::Screen {
            signals.add_signal(SIGTSTP)?;
            signals.add_signal(SIGCONT)?;
        }
        let resume = match front {
            Front::Screen => "hotseat --resume",
            Front::Lines => "hotseat --plain --resume",
        };
        std::thread::Builder::new()
            .name("hotseat-signals".to_owned())
            .spawn(move || {
                for signal in signals.forever() {
                    match signal {
                        SIGTSTP => {
                            suspend(&shared);
                            continue;
                        }
                        SIGCONT => {
                            // After our own stop, `suspend` has done it all; after a SIGSTOP
                            // from outside, the screen is drawn again.
                            let mut stopped = STOPPED.lock().unwrap_or_else(|e| e.into_inner());
                            if stopped.is_none() {
                                *stopped = Some(None);
                                drop(stopped);
                                let _ = raise(SIGWINCH);
                            }
                            continue;
                        }
                        _ => {}
                    }
                    // The files stay held until the process exits.
                    let (_files, saved) = save(&shared, true)
                        .map_or((None, None), |(files, saved)| (Some(files), saved));
                    // Keep the screen until exit: no frame may be drawn over the restored
                    // terminal.
                    let _screen = DRAWING.lock().unwrap_or_else(|e| e.into_inner());
                    if front == Front::Screen {
                        let _ = crate::tui::restore();
                    }
                    let name = signal_name(signal).unwrap_or("a signal");
                    // After SIGHUP the terminal may be gone: a failed write is no reason to stay.
                    let mut err = std::io::stderr();
                    let _ = match saved {
                        Some(Ok(())) => writeln!(
                            err,
                            "hotseat: {name}: the game is saved; `{resume}` resumes it"
                        ),
                        Some(Err(why)) => {
                            writeln!(err, "hotseat: {name}: could not save the game: {why}")
                        }
                        None => Ok(()),
                    };
                    std::process::exit(128 + signal);
                }
            })?;
        Ok(())
    }
}
