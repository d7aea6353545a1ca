//! The plain mode's loop: lines from standard input, sentences to standard output, and the
//! clock's announcements in between.
//!
//! Standard input is read on a thread of its own, a line at a time (at most [`MAX_LINE`]
//! bytes: the rest of a longer line is dropped and the line refused), into a small bounded
//! channel. The loop waits on that channel until the next moment the session has something to
//! say without being asked ([`Session::next_wake`]: a warning, the flag), so an idle game wakes
//! only as its clock needs. When the input ends the game stays saved for `--resume`.
//!
//! Everything written passes [`clean`]: no control character but the line feed, so no escape
//! sequence can reach the screen reader, even from a player's name or a path.

use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use anyhow::Result;

use super::session::{Carry, Session};
use super::warnings::DEFAULT_WARNINGS;
use crate::app::{App, Effect};
use crate::tui::{Files, Launch, prepare};

/// The longest line read, in bytes.
pub const MAX_LINE: usize = 1000;

/// A little past the instant something is due, so the wake-up never comes just before it.
const WAKE_MARGIN: Duration = Duration::from_millis(1);

impl Carry for Files {
    fn carry(&mut self, effect: Effect, app: &mut App, now: Duration) {
        if effect != Effect::Redraw {
            self.execute(effect, app, now);
        }
    }
}

/// What the reading thread hands over.
enum Input {
    Line(String),
    /// A line longer than [`MAX_LINE`] bytes.
    TooLong,
}

/// Plays in lines until the players quit or the input ends.
pub fn play(launch: Launch) -> Result<()> {
    let origin = Instant::now();
    let warnings =
        (launch.config.time_warnings.clone()).unwrap_or_else(|| DEFAULT_WARNINGS.to_vec());
    let (config, mut files) = prepare(launch, crate::tui::local_wall_clock());
    let nowhere_to_save = !config.autosave;
    let mut app = App::new(config);
    if nowhere_to_save {
        app.saving_unavailable();
    }
    let mut session = Session::new(app, &warnings);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    say(&mut out, &session.greeting())?;
    let lines = spawn_reader();
    loop {
        let said = session.tick(origin.elapsed(), &mut files);
        say(&mut out, &said)?;
        if session.should_quit() {
            return Ok(());
        }
        let now = origin.elapsed();
        let wait = session
            .next_wake(now)
            .map(|at| at.saturating_sub(origin.elapsed()) + WAKE_MARGIN);
        let got = match wait {
            Some(wait) => lines.recv_timeout(wait),
            None => lines.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        let said = match got {
            Ok(Input::Line(text)) => session.line(&text, origin.elapsed(), &mut files),
            Ok(Input::TooLong) => vec![format!(
                "That line is too long: at most {MAX_LINE} characters; type a few moves at a \
                 time."
            )],
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => {
                // The clocks as they stand, for --resume.
                let _ = files.save_now(origin.elapsed());
                say(&mut out, session.farewell().as_slice())?;
                return Ok(());
            }
        };
        say(&mut out, &said)?;
    }
}

/// Reads standard input on a thread of its own, line by line.
fn spawn_reader() -> Receiver<Input> {
    let (send, receive) = mpsc::sync_channel(16);
    std::thread::spawn(move || {
        let stdin = io::stdin();
        let mut reader = stdin.lock();
        while let Ok(Some(input)) = read_line(&mut reader) {
            if send.send(input).is_err() {
                return;
            }
        }
    });
    receive
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

/// Writes each sentence on a line of its own, cleaned, and flushes at once: a listener hears
/// it now, not when a buffer fills.
fn say(out: &mut impl Write, lines: &[String]) -> io::Result<()> {
    if lines.is_empty() {
        return Ok(());
    }
    for line in lines {
        writeln!(out, "{}", clean(line))?;
    }
    out.flush()
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
            });
        }
        assert_eq!(got, ["e4\r", "board", "<too long>", "last"]);
    }

    #[test]
    fn nothing_said_carries_a_control_character() {
        let said = clean("Ann\u{1b}]0;title\u{7}\tBob\u{85}");
        assert!(said.chars().all(|c| !c.is_control()), "{said:?}");
    }
}
