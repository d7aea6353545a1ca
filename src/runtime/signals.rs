//! Leaving in an emergency without losing a game: every signal that ends a process by default
//! and can be caught (SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM,
//! SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS), and panics. SIGPIPE is not among them: Rust ignores it, so
//! a closed pipe is an error on the write instead. SIGSEGV and its kind cannot be handled safely.
//!
//! Signals belong to the process, games to sessions, and a process may run many sessions (an
//! SSH server). So each session [`register`]s with the one handler and is saved by it; the
//! [`Registration`] is dropped when the session ends, and the session with it is forgotten.
//! The list of sessions registered is the one piece of process-wide state, because a signal is.
//!
//! The loops sleep on their channels, which a signal does not wake, so the signal is handled on
//! a thread of its own (started at the first registration). That thread finishes the file work
//! still queued for each session's worker, then saves its game in progress from the copy its
//! files keep (with the clocks as they stand at that moment), keeps the files so that nothing
//! older is written after it, gives back each terminal a session holds ([`Screen`]), and exits
//! with status 128 + the signal's number, as shells expect of a program ended by a signal. Two
//! locks keep it from racing a session's loop: the files (the worker holds them while it writes)
//! and the screen's drawing lock ([`Screen::drawing`], held while a frame is drawn), so a
//! terminal is never given back in the middle of a frame.
//!
//! A panic saves the same way from the panic hook, each session whose files are not in use at
//! that moment (a panic inside a write must not deadlock on it). SIGKILL cannot be caught: that
//! is what the save after every move and every ten seconds of a running clock is for.
//!
//! SIGTSTP (`kill -TSTP`, or a job-control shell's stop) is handled on the same thread once a
//! session holds the process's terminal ([`Registration::hold_screen`]): every game is saved,
//! each terminal left as it was found (main screen, cooked mode, cursor shown), and only then
//! does the process stop. On SIGCONT the thread takes each terminal back and tells its session
//! through its own channel ([`Wake::Continued`](super::Wake::Continued)), whose loop draws
//! everything again and tells the app how long the stop lasted. The app's time is a monotonic
//! clock that runs on while the process is stopped, so the clock of the side to move keeps
//! running across the stop, as the FIDE laws count an absence.
//!
//! A process with no terminal held (the plain line mode) leaves SIGTSTP and SIGCONT to their
//! defaults (a stopped line mode has no screen to give back or redraw), and never touches the
//! terminal (restoring it would write escape sequences to a screen reader).
//!
//! On Windows there are no such signals (Ctrl-C is a key in raw mode, and asks first); only the
//! panic save applies.

use super::events::EventSender;
use super::worker::{EmergencySave, EmergencySaved, Held};
use std::sync::{Arc, Mutex, MutexGuard, Once};

/// A terminal a session holds, as the signal handler sees it: given back before the process
/// stops or leaves, taken again after a stop.
pub trait Screen: Send + Sync {
    /// Held while a frame is drawn, and by the signal handler from the moment it gives the
    /// terminal back until the process exits (or, on a stop, takes it again).
    fn drawing(&self) -> MutexGuard<'_, ()>;
    /// Gives the terminal back as it was found (main screen, cooked mode, cursor shown).
    fn give_back(&self);
    /// Takes the terminal again after a stop.
    fn take_again(&self);
}

/// One session as the handler keeps it.
struct Entry {
    id: u64,
    saves: Arc<dyn EmergencySave>,
    /// The command that resumes the game, for the note on the way out.
    resume: &'static str,
    /// The session's channel, for the news of a stop.
    news: EventSender,
    screen: Option<Arc<dyn Screen>>,
}

#[derive(Default)]
struct Registry {
    next: u64,
    entries: Vec<Entry>,
    /// The signal thread's handle, to catch SIGTSTP and SIGCONT once a terminal is held.
    #[cfg(unix)]
    handle: Option<signal_hook::iterator::Handle>,
    #[cfg(unix)]
    stops_caught: bool,
}

/// Every session registered: the one process-wide state, as signals are the process's.
static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    next: 0,
    entries: Vec::new(),
    #[cfg(unix)]
    handle: None,
    #[cfg(unix)]
    stops_caught: false,
});

fn registry() -> MutexGuard<'static, Registry> {
    REGISTRY.lock().unwrap_or_else(|e| e.into_inner())
}

/// A session's place with the signal and panic handler; it leaves it when dropped.
#[derive(Debug)]
pub struct Registration {
    id: u64,
}

/// Registers a session: its files are saved on a signal or a panic, and `resume` (as
/// `hotseat --resume`) is the command its note names. The handlers are installed at the first
/// registration.
pub fn register(
    saves: Arc<dyn EmergencySave>,
    resume: &'static str,
    news: EventSender,
) -> std::io::Result<Registration> {
    install_panic_hook();
    let mut registry = registry();
    #[cfg(unix)]
    if registry.handle.is_none() {
        registry.handle = Some(unix::install()?);
    }
    registry.next += 1;
    let id = registry.next;
    registry.entries.push(Entry {
        id,
        saves,
        resume,
        news,
        screen: None,
    });
    Ok(Registration { id })
}

impl Registration {
    /// The session holds a terminal: given back on a signal, and SIGTSTP and SIGCONT are
    /// caught from now on (the terminal given back before a stop, taken again after).
    pub fn hold_screen(&self, screen: Arc<dyn Screen>) -> std::io::Result<()> {
        let mut registry = registry();
        #[cfg(unix)]
        if !registry.stops_caught
            && let Some(handle) = &registry.handle
        {
            use signal_hook::consts::{SIGCONT, SIGTSTP};
            handle.add_signal(SIGTSTP)?;
            handle.add_signal(SIGCONT)?;
            registry.stops_caught = true;
        }
        if let Some(entry) = registry.entries.iter_mut().find(|e| e.id == self.id) {
            entry.screen = Some(screen);
        }
        Ok(())
    }
}

impl Drop for Registration {
    fn drop(&mut self) {
        registry().entries.retain(|e| e.id != self.id);
    }
}

/// How many sessions are registered now.
pub fn registered() -> usize {
    registry().entries.len()
}

/// Ctrl-Z pressed in the game (raw mode makes the terminal's suspend key a key like any
/// other): stops the process as a shell's Ctrl-Z would, by the same path as a SIGTSTP from
/// outside (the games saved, the terminal given back, taken again after `fg`). False where
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

fn install_panic_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let next = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // The registry itself may be what panicked while held: then nothing is saved
            // rather than a deadlock.
            if let Ok(registry) = REGISTRY.try_lock() {
                for entry in &registry.entries {
                    let _ = entry.saves.save_now(false);
                }
            }
            next(info);
        }));
    });
}

/// A session's save on the way out, and what it says.
struct Saved {
    saved: EmergencySaved,
    resume: &'static str,
}

/// Saves every session registered (waiting for files in use) and gives back every terminal;
/// the files and the drawing locks stay held while the returned guards live. Called with the
/// registry held, so no session leaves meanwhile.
fn save_all(entries: &[Entry]) -> (Vec<Box<dyn Held + '_>>, Vec<Saved>) {
    let mut held: Vec<Box<dyn Held + '_>> = Vec::new();
    let mut saved = Vec::new();
    for entry in entries {
        let (files, result) = entry.saves.save_now(true).unwrap_or((Box::new(()), None));
        held.push(files);
        saved.push(Saved {
            saved: result,
            resume: entry.resume,
        });
    }
    (held, saved)
}

#[cfg(unix)]
mod unix {
    use std::io::Write;
    use std::time::Instant;

    use signal_hook::consts::{
        SIGALRM, SIGCONT, SIGHUP, SIGINT, SIGPROF, SIGQUIT, SIGSYS, SIGTERM, SIGTSTP, SIGUSR1,
        SIGUSR2, SIGVTALRM, SIGXCPU, SIGXFSZ,
    };
    use signal_hook::iterator::{Handle, Signals};
    use signal_hook::low_level::{raise, signal_name};

    use super::{Saved, registry, save_all};

    /// Whether the last stop was this handler's own (SIGTSTP), whose SIGCONT needs nothing
    /// more.
    static OWN_STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

    /// Saves every game, gives back every terminal, stops; on continuing takes each terminal
    /// again and tells its session.
    fn suspend() {
        let registry = registry();
        {
            // The files are free again once saved: the process goes on after the stop.
            let (_files, _saved) = save_all(&registry.entries);
        }
        let screens: Vec<_> = registry
            .entries
            .iter()
            .filter_map(|e| e.screen.as_ref().map(|s| (s, &e.news)))
            .collect();
        let drawing: Vec<_> = screens.iter().map(|(s, _)| s.drawing()).collect();
        for (screen, _) in &screens {
            screen.give_back();
        }
        let stopped_at = Instant::now();
        OWN_STOP.store(true, std::sync::atomic::Ordering::SeqCst);
        // Returns once the process is continued.
        let _ = raise(signal_hook::consts::SIGSTOP);
        let stopped = stopped_at.elapsed();
        for (screen, _) in &screens {
            screen.take_again();
        }
        drop(drawing);
        for (_, news) in &screens {
            news.continued(Some(stopped));
        }
    }

    /// Starts the thread that handles the signals that end the process (SIGTSTP and SIGCONT
    /// are added once a terminal is held).
    pub(super) fn install() -> std::io::Result<Handle> {
        // Every signal whose default action ends the process, so that none of them leaves a
        // terminal raw, on the alternate screen, with the mouse captured (or loses a game).
        let ending = [
            SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
            SIGXCPU, SIGXFSZ, SIGSYS,
        ];
        let mut signals = Signals::new(ending)?;
        let handle = signals.handle();
        std::thread::Builder::new()
            .name("hotseat-signals".to_owned())
            .spawn(move || {
                for signal in signals.forever() {
                    match signal {
                        SIGTSTP => {
                            suspend();
                            continue;
                        }
                        SIGCONT => {
                            // After our own stop, `suspend` has done it all; after a SIGSTOP
                            // from outside, each screen is drawn again.
                            if !OWN_STOP.swap(false, std::sync::atomic::Ordering::SeqCst) {
                                for entry in &registry().entries {
                                    if entry.screen.is_some() {
                                        entry.news.continued(None);
                                    }
                                }
                            }
                            continue;
                        }
                        _ => {}
                    }
                    leave(signal);
                }
            })?;
        Ok(handle)
    }

    /// Saves every game, gives back every terminal, says what was saved, and exits.
    fn leave(signal: i32) -> ! {
        // Held until the process exits: no session leaves, no frame is drawn over a terminal
        // given back, and no older save is written after these.
        let registry = registry();
        let (_files, saved) = save_all(&registry.entries);
        let _drawing: Vec<_> = registry
            .entries
            .iter()
            .filter_map(|e| e.screen.as_ref())
            .map(|screen| {
                let drawing = screen.drawing();
                screen.give_back();
                drawing
            })
            .collect();
        let name = signal_name(signal).unwrap_or("a signal");
        // After SIGHUP the terminal may be gone: a failed write is no reason to stay.
        let mut err = std::io::stderr();
        for Saved { saved, resume } in saved {
            let _ = match saved {
                Some(Ok(())) => writeln!(
                    err,
                    "hotseat: {name}: the game is saved; `{resume}` resumes it"
                ),
                Some(Err(why)) => writeln!(err, "hotseat: {name}: could not save the game: {why}"),
                None => Ok(()),
            };
        }
        std::process::exit(128 + signal);
    }
}
