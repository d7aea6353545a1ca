//! The plain mode's loop: lines from standard input, sentences to standard output, and the
//! clock's announcements in between.
//!
//! It is the screen's loop with another source and another output, on the same session
//! runtime ([`crate::runtime`]): one channel that every source feeds, here standard input,
//! read on a thread of its own a line at a time (at most [`MAX_LINE`] bytes: a longer line is
//! refused whole), the file worker and the engine, whose results are heard like lines, and
//! across the network (`hotseat host --plain`, `join --plain`, `watch --plain`) the other
//! terminal, whose moves, offers and questions are said as they come. The loop waits on the channel until the session next has something to say unasked
//! ([`Session::next_wake`]: a warning, the flag, a save due), so an idle game wakes only as its
//! clock needs. When the input ends, the file work handed out is finished and a game in
//! progress is saved with its clocks as they stand, for `--resume`; an analysis running then
//! is finished first, so `hotseat --plain --load game.pgn` with `analyse` piped in hears the
//! whole report.
//!
//! Error sentences (a refused move, an unknown command) go to standard error, in their place;
//! the exit status says how the game stood ([`Ending`]). Lines that come while a save is being
//! written are held and read once it is, so none is typed into the save form.
//!
//! A signal that ends a process (SIGTERM, SIGHUP, SIGINT...) saves the game through the
//! runtime's handler ([`signals`](crate::runtime::signals)), without touching the terminal
//! (this front end holds none), and exits with 128 + its number.
//!
//! Everything written passes `clean`: no control character but the line feed, so no escape
//! sequence can reach the screen reader, even from a path. The one exception is asked for:
//! with `--sound` (`sound = "bell"`), the BEL byte on a move, on low time and at the game's
//! end, as the screen rings it.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;

use super::session::{Carry, Session};
use super::warnings::DEFAULT_WARNINGS;
use crate::app::{App, Effect, Event};
use crate::runtime::{
    EventSender, Front, Input, Launch, NetStartError, Role, Runtime, StartError, Wake,
};

/// The longest line read, in bytes.
pub const MAX_LINE: usize = 1000;

/// The most queued wake-ups looked through on the way out (an endless input keeps queuing
/// lines, which are not read any more).
const MAX_LATE: usize = 10_000;

/// The most lines held while a save is written (a pipe can pour in a whole game meanwhile).
const MAX_HELD: usize = 10_000;

/// A little past the instant something is due, so the wake-up never comes just before it.
const WAKE_MARGIN: Duration = Duration::from_millis(1);

/// How long a finished game that could not be saved is tried again once the input has ended,
/// before the plain mode gives it to its output instead (a save is retried every 3 s).
const END_RETRIES: Duration = Duration::from_secs(10);

/// The app's work handed to the session's runtime, as the screen's loop does: the results
/// come back through the channel.
struct ToRuntime<'a> {
    runtime: &'a mut Runtime,
}

impl Carry for ToRuntime<'_> {
    fn carry(&mut self, effect: Effect, app: &App, now: Duration) -> Option<Event> {
        // The screen's own effects never come here: the session hears them (`Session::carry`).
        let _screen = self.runtime.carry_out(effect, app, now);
        None
    }
}

/// Why the plain mode ended other than by the players quitting or the input ending.
#[derive(Debug)]
pub enum PlainError {
    /// The signal handlers could not be set up.
    Signals(io::Error),
    /// The thread that reads standard input could not start.
    Reader(io::Error),
    /// Standard input could not be read.
    Read(io::Error),
    /// Standard output could not be written (a closed pipe among others).
    Write(io::Error),
    /// Every source of events has ended.
    EventsEnded,
    /// A game across the network could not start (said before anything else).
    Net(NetStartError),
}

impl From<StartError> for PlainError {
    fn from(err: StartError) -> PlainError {
        match err {
            StartError::Signals(e) => PlainError::Signals(e),
            StartError::Net(e) => PlainError::Net(e),
        }
    }
}

impl std::fmt::Display for PlainError {
    /// The words of the edge; the cause follows as the error's source (`{err:#}` says both).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PlainError::Net(e) => return write!(f, "{e}"),
            PlainError::Signals(_) => "could not set up the signal handlers",
            PlainError::Reader(_) => "could not start reading standard input",
            PlainError::Read(_) => "could not read the input",
            PlainError::Write(_) => "could not write the answers",
            PlainError::EventsEnded => "every source of events has ended",
        })
    }
}

impl std::error::Error for PlainError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PlainError::Signals(e)
            | PlainError::Reader(e)
            | PlainError::Read(e)
            | PlainError::Write(e) => Some(e),
            PlainError::EventsEnded | PlainError::Net(_) => None,
        }
    }
}

/// How the game stood when the plain mode ended, for the exit status: scripts tell a game
/// played to its end from one left for `--resume`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The game is over (or none was begun): exit status 0.
    Finished,
    /// A game in progress was left, saved for `--resume` (the input ended, or the players
    /// quit): exit status 3.
    Unfinished,
    /// The game ended but could be saved nowhere (a full disk, a folder that may not be
    /// written): it was written to the output as PGN instead, exit status 4.
    Unsaved,
}

impl Ending {
    /// The exit status: 0 finished, 3 unfinished, 4 finished but saved nowhere (1 is left for
    /// errors, 2 for usage).
    pub const fn code(self) -> u8 {
        match self {
            Ending::Finished => 0,
            Ending::Unfinished => 3,
            Ending::Unsaved => 4,
        }
    }
}

/// Plays in lines until the players quit or the input ends, at this keyboard or across the
/// network (`role`); says how the game stood then.
pub fn play(launch: Launch, role: Role) -> Result<Ending, PlainError> {
    let stdout = io::stdout();
    let lines = Lines {
        resume: "hotseat --plain --resume",
        said: stdout.lock(),
        errors: io::stderr(),
    };
    play_on(launch, role, lines, |sender| {
        spawn_reader(|| io::stdin().lock(), sender)
    })
}

/// Where the plain mode's lines go: standard output and error at the process's own terminal,
/// a served channel's elsewhere (`hotseat serve`).
#[derive(Debug)]
pub struct Lines<S, E> {
    /// The command that resumes a game a signal left, as its note names it.
    pub resume: &'static str,
    /// The game's sentences.
    pub said: S,
    /// What was refused (and the start-up's notes).
    pub errors: E,
}

/// [`play`] on any lines: `input` starts the source of the input's lines (with
/// [`spawn_reader`] on a reader of its own), the sentences go to `lines`.
pub fn play_on<S: Write, E: Write>(
    launch: Launch,
    role: Role,
    mut lines: Lines<S, E>,
    input: impl FnOnce(EventSender) -> io::Result<()>,
) -> Result<Ending, PlainError> {
    let warnings =
        (launch.config.time_warnings.clone()).unwrap_or_else(|| DEFAULT_WARNINGS.to_vec());
    let announce = launch.config.announce;
    // SIGTERM, SIGHUP, SIGINT... save the game as the screen's do, and leave the terminal be.
    // The start-up's notes are said in the greeting, on standard output, and only there.
    let front = Front {
        resume: lines.resume,
        notes: &mut lines.errors,
        speaks_notes: true,
    };
    let (mut runtime, app) =
        crate::runtime::start(launch, role, front, || Ok::<_, PlainError>(()))?;
    let mut session = Session::new(app, &warnings).announcing(announce);
    input(runtime.sender()).map_err(PlainError::Reader)?;
    let mut out = Out {
        said: lines.said,
        errors: lines.errors,
    };
    let greeting = session.greeting();
    let result = out
        .say(&greeting, &session.take_errors())
        .map_err(PlainError::Write)
        .and_then(|()| {
            let mut carry = ToRuntime {
                runtime: &mut runtime,
            };
            event_loop(&mut session, &mut carry, &mut out)
        });
    // The file work handed out is finished before leaving, and its news said.
    runtime.finish_work();
    let ended = result?;
    let now = runtime.now();
    let mut late = Vec::new();
    // What is queued now; lines still coming in are not waited for.
    for wake in runtime.events().try_iter().take(MAX_LATE) {
        if let Wake::Event(event) = wake {
            late.extend(session.hear(event, now, &mut Finished));
        }
    }
    out.ring(session.take_bell()).map_err(PlainError::Write)?;
    out.say(&late, &session.take_errors())
        .map_err(PlainError::Write)?;
    if ended {
        out.say(session.farewell().as_slice(), &[])
            .map_err(PlainError::Write)?;
    }
    // The clocks as they stand, for --resume; a finished game not yet saved, once more.
    let saved = runtime.save_now();
    if ended_unsaved(&session) && !matches!(saved, Some(Ok(()))) {
        let said = unsaved_end(&session, &runtime, now);
        out.say(&said, &[]).map_err(PlainError::Write)?;
        return Ok(Ending::Unsaved);
    }
    Ok(if session.unfinished() {
        Ending::Unfinished
    } else {
        Ending::Finished
    })
}

/// Whether the game on the board ended here and is written nowhere: its end failed to be
/// written (a full disk), or there is no folder to save in at all (one that may not be
/// written) — not a game watched, nor one opened to look at.
fn ended_unsaved(session: &Session) -> bool {
    let saving = session.app().view().saving();
    let game = session.app().game();
    let no_folder = !saving.enabled && saving.failure.is_some();
    saving.unsaved_finish
        || (no_folder && saving.track && game.is_over() && game.record().plies() > 0)
}

/// A finished game that could be saved nowhere, at the end: said whole, as PGN, on the output
/// (where the player or their script keeps it), and its autosave of the moves before the end
/// set aside so that it is not offered again as unfinished.
fn unsaved_end(session: &Session, runtime: &crate::runtime::Runtime, now: Duration) -> Vec<String> {
    let saving = session.app().view().saving();
    let why = saving
        .failure
        .clone()
        .unwrap_or_else(|| "it could not be written".to_owned());
    let mut said = vec![format!(
        "The finished game is saved nowhere ({why}). Here it is as PGN, to keep:"
    )];
    let pgn = session.app().game().to_pgn(now, &saving.tags());
    said.extend(pgn.lines().map(str::to_owned));
    said.push("End of the PGN.".to_owned());
    match runtime.set_aside_before_end() {
        Some(Ok(name)) => said.push(format!(
            "Its moves before the end stay in {name}; it is not offered again as unfinished."
        )),
        Some(Err(e)) => said.push(format!(
            "The game saved before its end could not be set aside ({e}): the next start offers \
             it as unfinished."
        )),
        None => {}
    }
    said
}

/// After the worker has finished: no more file work is taken.
struct Finished;

impl Carry for Finished {
    fn carry(&mut self, _effect: Effect, _app: &App, _now: Duration) -> Option<Event> {
        None
    }
}

/// The loop; `true` when it ends because the input did, `false` when the players quit.
fn event_loop(
    session: &mut Session,
    files: &mut ToRuntime,
    out: &mut Out<impl Write, impl Write>,
) -> Result<bool, PlainError> {
    // The input ended while the engine works: its report, or its move, is waited for, then
    // the end (a script's last move is answered before the game is saved and left).
    let mut input_ended = false;
    // The input ended with the finished game saved nowhere: it is tried again until then.
    let mut retry_until: Option<Duration> = None;
    let unsaved = |session: &Session| session.app().view().saving().unsaved_finish;
    let engine_works = |session: &Session| {
        session.app().view().report().progress().is_some() || session.app().view().engine_thinking()
    };
    // Lines that came while a save was being written, read once it is: a line is never
    // typed into the save form (a script's `save x.pgn` then `e5` saved to `x.pgne5`).
    let mut held: VecDeque<String> = VecDeque::new();
    loop {
        let said = session.tick(files.runtime.now(), files);
        out.ring(session.take_bell()).map_err(PlainError::Write)?;
        out.say(&said, &session.take_errors())
            .map_err(PlainError::Write)?;
        if session.should_quit() {
            return Ok(false);
        }
        let retrying =
            retry_until.is_some_and(|until| unsaved(session) && files.runtime.now() < until);
        if input_ended && !engine_works(session) && held.is_empty() && !retrying {
            return Ok(true);
        }
        let now = files.runtime.now();
        let wake = match (session.next_wake(now), retry_until) {
            (Some(at), Some(until)) => Some(at.min(until)),
            (at, until) => at.or(until),
        };
        let wait = wake.map(|at| at.saturating_sub(files.runtime.now()) + WAKE_MARGIN);
        let events = files.runtime.events();
        let got = match wait {
            Some(wait) => events.recv_timeout(wait),
            None => events.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        let now = files.runtime.now();
        let mut errors = Vec::new();
        let said = match got {
            Ok(Wake::Input(Input::Line(text)))
                if session.waiting_for_files() || !held.is_empty() =>
            {
                if held.len() < MAX_HELD {
                    held.push_back(text);
                } else {
                    errors.push(format!(
                        "{}: not read: more than {MAX_HELD} lines came while the game was \
                         being saved.",
                        super::command::shown(&text)
                    ));
                }
                errors.clone()
            }
            Ok(Wake::Input(Input::Line(text))) => session.line(&text, now, files),
            Ok(Wake::Input(Input::TooLong)) => {
                errors.push(format!(
                    "That line is too long: at most {MAX_LINE} characters; type a few moves at \
                     a time."
                ));
                errors.clone()
            }
            Ok(Wake::Input(Input::Ended)) if session.app().view().report().progress().is_some() => {
                input_ended = true;
                vec!["Input ended: the report is finished first.".to_owned()]
            }
            Ok(Wake::Input(Input::Ended)) if unsaved(session) && retry_until.is_none() => {
                input_ended = true;
                retry_until = Some(now + END_RETRIES);
                vec![format!(
                    "Input ended: the finished game is not saved yet; it is tried again for {} \
                     seconds.",
                    END_RETRIES.as_secs()
                )]
            }
            Ok(Wake::Input(Input::Ended)) if session.app().view().engine_thinking() => {
                input_ended = true;
                vec!["Input ended: the engine's move is waited for first.".to_owned()]
            }
            Ok(Wake::Input(Input::Ended)) if !held.is_empty() => {
                input_ended = true;
                Vec::new()
            }
            Ok(Wake::Input(Input::Ended)) => return Ok(true),
            Ok(Wake::Event(event)) => {
                let mut said = session.hear(event, now, files);
                // The save is written (or refused): the lines held meanwhile, in order.
                while !session.waiting_for_files()
                    && let Some(text) = held.pop_front()
                {
                    said.extend(session.line(&text, now, files));
                }
                said
            }
            Ok(Wake::TerminalFailed(err)) => return Err(PlainError::Read(err)),
            // A stop's news is for a screen to draw again; the lines go on as they were.
            Ok(Wake::Continued(_)) => continue,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => return Err(PlainError::EventsEnded),
        };
        errors.extend(session.take_errors());
        out.ring(session.take_bell()).map_err(PlainError::Write)?;
        out.say(&said, &errors).map_err(PlainError::Write)?;
    }
}

/// Reads the reader `open` makes (standard input, or a served channel's bytes) on a thread of
/// its own, line by line, into the loop's channel.
pub fn spawn_reader<R: BufRead>(
    open: impl FnOnce() -> R + Send + 'static,
    sender: EventSender,
) -> io::Result<()> {
    std::thread::Builder::new()
        .name("hotseat-stdin".to_owned())
        .spawn(move || {
            let mut reader = open();
            loop {
                let input = match read_line(&mut reader) {
                    Ok(Some(input)) => input,
                    // A read error ends the input as its end does: the game stays saved.
                    Ok(None) | Err(_) => Input::Ended,
                };
                let ended = input == Input::Ended;
                if !sender.input(input) || ended {
                    return;
                }
            }
        })?;
    Ok(())
}

/// One line, at most [`MAX_LINE`] bytes kept; `None` at the end of the input.
fn read_line(reader: &mut impl BufRead) -> io::Result<Option<Input>> {
    let mut kept: Vec<u8> = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        any = true;
        let (part, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(at) => (&buf[..at], Some(at + 1)),
            None => (buf, None),
        };
        let room = MAX_LINE.saturating_sub(kept.len());
        too_long |= part.len() > room;
        kept.extend_from_slice(&part[..part.len().min(room)]);
        let used = done.unwrap_or(buf.len());
        reader.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    Ok(Some(if too_long {
        Input::TooLong
    } else {
        Input::Line(String::from_utf8_lossy(&kept).into_owned())
    }))
}

/// Where the sentences go: standard output, and standard error for the errors among them.
struct Out<S, E> {
    said: S,
    errors: E,
}

impl<S: Write, E: Write> Out<S, E> {
    /// The terminal's bell, if `ring`: the BEL byte alone, before the sentences it comes
    /// with (the only control byte ever written, and only with `--sound`).
    fn ring(&mut self, ring: bool) -> io::Result<()> {
        if ring {
            self.said.write_all(b"\x07")?;
        }
        Ok(())
    }

    /// Writes each sentence on a line of its own, cleaned, and flushes at once: a listener
    /// hears it now, not when a buffer fills. The sentences among `errors` (a line refused, a
    /// move not played) go to standard error, in their place: what comes before is flushed
    /// first, so a terminal (or `2>&1`) shows them in the order said.
    fn say(&mut self, lines: &[String], errors: &[String]) -> io::Result<()> {
        let mut errors = errors.iter().peekable();
        for line in lines {
            if errors.peek() == Some(&line) {
                errors.next();
                self.said.flush()?;
                writeln!(self.errors, "{}", clean(line))?;
                self.errors.flush()?;
            } else {
                writeln!(self.said, "{}", clean(line))?;
            }
        }
        self.said.flush()
    }
}

/// A sentence with every control character (escape sequences' start among them) and every
/// line break made a space.
fn clean(line: &str) -> String {
    line.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_one_at_a_time_and_long_ones_refused() {
        let text = format!("e4\r\nboard\n{}\nlast", "x".repeat(MAX_LINE + 5));
        let mut reader = io::Cursor::new(text.into_bytes());
        let mut got = Vec::new();
        while let Some(input) = read_line(&mut reader).unwrap() {
            got.push(match input {
                Input::Line(l) => l,
                Input::TooLong => "<too long>".to_owned(),
                Input::Ended => "<ended>".to_owned(),
            });
        }
        assert_eq!(got, ["e4\r", "board", "<too long>", "last"]);
    }

    #[test]
    fn errors_go_to_standard_error_in_their_place() {
        let mut out = Out {
            said: Vec::new(),
            errors: Vec::new(),
        };
        let said = [
            "White: pawn to e4.",
            "Nf9: no such square.",
            "Nf9: no such square.",
        ]
        .map(str::to_owned);
        out.say(&said, &said[1..2]).unwrap();
        assert_eq!(
            String::from_utf8(out.said).unwrap(),
            "White: pawn to e4.\nNf9: no such square.\n"
        );
        assert_eq!(
            String::from_utf8(out.errors).unwrap(),
            "Nf9: no such square.\n"
        );
    }

    #[test]
    fn nothing_said_carries_a_control_character() {
        let said = clean("Ann\u{1b}]0;title\u{7}\tBob\u{85}");
        assert!(said.chars().all(|c| !c.is_control()), "{said:?}");
    }
}
