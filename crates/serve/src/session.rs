//! A game for one SSH channel: a hotseat session (`hotseat::runtime::start`) on a thread of
//! its own, running the game screen's own loop (`hotseat::tui::run_loop`) on the client's
//! terminal. The same board, figures, themes, clocks, dialogs, typed moves and help as at a
//! local terminal; the session's files in the player's own folder (by key).

use std::sync::{Arc, Mutex};

use clap::Parser;
use crossterm::cursor::{Hide, Show};
use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use hotseat::cli::{Cli, Task};
use hotseat::runtime::policy::{Guest, Policy};
use hotseat::runtime::{EventSender, Front, Launch, NetRole, Role};
use hotseat::tui::PlayError;
use ratatui::Terminal;

use crate::rooms::Seated;
use crate::server::{Kind, Shared};
use crate::terminal::{Keys, LinesIn, Output, SharedSize, SshBackend, SshConsole};

/// What a saved game's note says to come back to it.
const RESUME: &str = "ssh to the server again with the same key";

/// What a channel's game starts from.
#[derive(Debug)]
pub struct Start {
    /// The game's options, as `hotseat` reads them (the player's folder, colour, the server's
    /// time control...).
    pub args: Vec<String>,
    /// What it plays: the lobby, a room, a game at the client's terminal.
    pub kind: Kind,
    /// The player's key (fingerprint).
    pub key: String,
    /// The connection it came on, for the host's commands ([`crate::control`]).
    pub connection: u64,
    pub shared: Arc<Shared>,
    pub size: SharedSize,
    pub keys: Arc<Mutex<Keys>>,
    /// The client's lines, for the plain mode; `None` for the screen.
    pub lines: Option<LinesIn>,
}

/// Starts the game of `start` on a thread of its own, its screen written to `out`'s channel;
/// `counted` is its place among the server's sessions, given back when it ends.
pub fn spawn(start: Start, counted: impl Send + 'static, out: &mut Output) {
    let output = out.another();
    let spawned = std::thread::Builder::new()
        .name("ssh-game".into())
        .spawn(move || {
            let _counted = counted;
            run(start, output);
        });
    if spawned.is_err() {
        out.error("hotseat: the server cannot start a game now: try again later\r\n");
        out.another().exit(1);
    }
}

/// Plays the game, then says how it ended and closes the channel.
fn run(mut start: Start, mut out: Output) {
    if let Some(lines) = start.lines.take() {
        return run_plain(start, lines, out);
    }
    let keys = start.keys.clone();
    let result = match start.kind {
        Kind::Lobby => crate::lobby_run::run(&start, &mut out),
        _ => play(&start, &mut out),
    };
    keys.lock().unwrap_or_else(|e| e.into_inner()).hang_up();
    let _ = crossterm::execute!(out, DisableMouseCapture, Show, LeaveAlternateScreen);
    match result {
        Ok(()) => out.exit(0),
        Err(message) => {
            out.error(&format!("hotseat: {}\r\n", message.replace('\n', "\r\n")));
            out.exit(1);
        }
    }
}

/// The room (or none) of `start`, and the role its session plays there.
fn seat(start: &Start, launch: &Launch) -> Result<(Role, Option<Seated>), String> {
    Ok(match &start.kind {
        Kind::Here | Kind::Lobby => (Role::Local, None),
        Kind::Room(code) => {
            let room = start
                .shared
                .rooms
                .enter(code, &start.key, &launch.config)
                .map_err(|e| format!("{e:#}"))?;
            start.shared.control.in_room(start.connection, code);
            let (place, ticket) = room.claim(&start.key);
            let role = room.role(place, ticket, start.shared.rooms.port());
            let seated = Seated {
                room,
                place,
                ticket,
                shared: start.shared.clone(),
            };
            (Role::Net(role), Some(seated))
        }
    })
}

/// The session of `sender` holds its seat in the room (if it has one).
fn hold(seated: Option<&Seated>, sender: EventSender) {
    if let Some(seated) = seated
        && let Some(ticket) = seated.ticket
    {
        seated.room.hold(seated.place, ticket, sender);
    }
}

/// The game in lines (`plain`), its input the client's lines; the exit status as `hotseat
/// --plain`'s (0 finished, 3 left unfinished).
fn run_plain(start: Start, input: LinesIn, out: Output) {
    let played = guest_launch(&start).and_then(|launch| {
        let (role, room) = seat(&start, &launch)?;
        let launch = set_aside(&role, launch);
        let lines = hotseat::plain::Lines {
            resume: RESUME,
            said: out.another(),
            errors: out.to_errors(),
        };
        // The seat is held until the game ends (`room` dropped after it).
        let seated = room.as_ref();
        let ending = hotseat::plain::play_on(launch, role, lines, move |sender| {
            hold(seated, sender.clone());
            hotseat::plain::spawn_reader(move || std::io::BufReader::new(input), sender)
        })
        .map_err(|e| format!("{e:#}"));
        drop(room);
        ending
    });
    match played {
        Ok(ending) => out.exit(u32::from(ending.code())),
        Err(message) => {
            let mut out = out;
            out.error(&format!("hotseat: {message}\n"));
            out.exit(1);
        }
    }
}

/// A room's first player's own saved game is set aside for the room's (kept in the archive).
fn set_aside(role: &Role, launch: Launch) -> Launch {
    match role {
        Role::Net(NetRole::Seat(_)) => with_new(launch),
        _ => launch,
    }
}

/// Plays `start`'s game on the client's screen until its player leaves it (`Ok`) or the
/// client goes (`Err`).
pub fn play(start: &Start, out: &mut Output) -> Result<(), String> {
    let launch = guest_launch(start)?;
    let (role, room) = seat(start, &launch)?;
    let launch = set_aside(&role, launch);
    let mut notes = Vec::new();
    let front = Front {
        resume: RESUME,
        notes: &mut notes,
        speaks_notes: false,
    };
    let (runtime, mut app) =
        hotseat::runtime::start(launch, role, front, || Ok::<(), PlayError>(()))
            .map_err(|e| e.to_string())?;
    keys_of(&start.keys).attach(runtime.sender());
    hold(room.as_ref(), runtime.sender());
    crossterm::execute!(out, EnterAlternateScreen, EnableMouseCapture, Hide)
        .map_err(|e| e.to_string())?;
    let backend = SshBackend::new(out.another(), start.size.clone());
    let mut terminal = Terminal::new(backend).map_err(|e| e.to_string())?;
    let console = SshConsole::new(out.another());
    match hotseat::tui::run_loop(&mut terminal, &mut app, runtime, &console) {
        Ok(()) => Ok(()),
        Err(PlayError::Read(e)) => Err(e.to_string()),
        Err(e) => Err(e.to_string()),
    }
}

fn keys_of(keys: &Mutex<Keys>) -> std::sync::MutexGuard<'_, Keys> {
    keys.lock().unwrap_or_else(|e| e.into_inner())
}

/// The game of `start`, played with a guest's powers: their own games, a fair share of the
/// server's engines, no path of the server's (`hotseat::runtime::policy`).
fn guest_launch(start: &Start) -> Result<Launch, String> {
    let launch = launch(&start.args)?;
    let port = start.shared.rooms.port();
    let ssh = match port {
        22 => "ssh HOST".to_owned(),
        port => format!("ssh -p {port} HOST"),
    };
    let policy = Policy::Guest(Guest {
        key: start.key.clone(),
        engines: start.shared.engines.clone(),
        ssh,
    });
    Ok(Launch { policy, ..launch })
}

/// The game's options read as `hotseat` reads its command line.
pub fn launch(args: &[String]) -> Result<Launch, String> {
    let cli = Cli::try_parse_from(args).map_err(|e| e.to_string())?;
    match cli.task() {
        Ok(Task::Play(launch, _) | Task::Plain(launch, _)) => Ok(*launch),
        Ok(_) => Err("the server's game options are not a game's".to_owned()),
        Err(e) => Err(crate::task_error(e)),
    }
}

/// The launch of a room's first player: a new game, the player's own unfinished one set aside
/// in their archive.
fn with_new(launch: Launch) -> Launch {
    Launch {
        saved: hotseat::app::launch::SavedGameChoice::SetAside,
        ..launch
    }
}
