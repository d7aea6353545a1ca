//! The lobby's loop on a client's terminal: it waits on one channel that the client's keys
//! and the rooms' news feed ([`crate::news`]: a room opened, a seat taken, a game ended), and
//! redraws on each; nothing runs while nothing changes. A room chosen is played on the same
//! screen as `ssh -t HOST CODE` plays it ([`session::play`]); once its player leaves it (`q`
//! after the game's end, or Ctrl-Q) they are back in the lobby. A client that goes ends
//! it all.

use crossterm::cursor::Hide;
use crossterm::event::EnableMouseCapture;
use crossterm::terminal::{Clear, ClearType, EnterAlternateScreen};
use hotseat::app::keymap::{Action, PointerKind};
use hotseat::app::{Event, NewGameForm};
use hotseat::game::{Game, GameSetup};
use hotseat::look::GlyphSet;
use hotseat::rules::Color;
use hotseat::runtime::Wake;
use ratatui::Terminal;

use crate::lobby::{Choice, Do, Lists, Lobby, Note, Side};
use crate::lobby_view::{LobbyView, hit};
use crate::rooms::NewRoom;
use crate::server::Kind;
use crate::session::{self, Start};
use crate::terminal::{Output, SshBackend};

/// What the player does on leaving the lobby's screen.
enum Next {
    Leave,
    Play(Kind),
}

/// The lobby, and the games played from it, until the player leaves (`Ok`) or the client
/// goes (`Err`).
pub fn run(start: &Start, out: &mut Output) -> Result<(), String> {
    let launch = session::launch(&start.args)?;
    let config = &launch.config;
    let defaults = NewGameForm::new(&Game::new(config.setup.clone()), config.theme.palette());
    let rooms = &start.shared.rooms;
    let mut lobby = Lobby::new(rooms.names.get(&start.key), rooms.port(), defaults);
    let look = (config.theme, config.glyphs);
    loop {
        let kind = match screen(start, out, &mut lobby, look)? {
            Next::Leave => return Ok(()),
            Next::Play(kind) => kind,
        };
        let game = Start {
            args: start.args.clone(),
            kind: kind.clone(),
            key: start.key.clone(),
            connection: start.connection,
            shared: start.shared.clone(),
            size: start.size.clone(),
            keys: start.keys.clone(),
            lines: None,
        };
        let _ = crossterm::execute!(out, Clear(ClearType::All));
        let played = session::play(&game, out);
        start
            .keys
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .detach();
        played?;
        lobby.note = Some(Note {
            text: match kind {
                Kind::Room(code) => format!("Back from room {code}."),
                _ => "Back from the game at this keyboard.".to_owned(),
            },
            error: false,
        });
    }
}

/// The lobby on the client's screen until the player leaves it.
fn screen(
    start: &Start,
    out: &mut Output,
    lobby: &mut Lobby,
    (theme, glyphs): (hotseat::look::Theme, GlyphSet),
) -> Result<Next, String> {
    let rooms = &start.shared.rooms;
    let (sender, wakes) = hotseat::runtime::channel();
    let heard = rooms.news.listen(sender.clone());
    start
        .keys
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .attach(sender);
    crossterm::execute!(out, EnterAlternateScreen, EnableMouseCapture, Hide)
        .map_err(|e| e.to_string())?;
    let backend = SshBackend::new(out.another(), start.size.clone());
    let mut terminal = Terminal::new(backend).map_err(|e| e.to_string())?;
    terminal.clear().map_err(|e| e.to_string())?;
    let refresh = |lobby: &mut Lobby| {
        heard.read();
        let lists = Lists::of(&rooms.list(), &start.key, |key| rooms.names.get(key));
        lobby.rooms(lists);
    };
    refresh(lobby);
    let next = loop {
        let mut area = ratatui::layout::Rect::default();
        terminal
            .draw(|frame| {
                area = frame.area();
                frame.render_widget(
                    LobbyView {
                        lobby,
                        theme,
                        glyphs,
                    },
                    area,
                );
            })
            .map_err(|e| e.to_string())?;
        let todo = match wakes.recv() {
            Err(_) => return Err("the lobby's input ended".to_owned()),
            Ok(Wake::TerminalFailed(e)) => return Err(e.to_string()),
            Ok(Wake::Event(Event::Key(key))) => lobby.key(key),
            Ok(Wake::Event(Event::Action(Action::Tick))) => {
                refresh(lobby);
                Do::Nothing
            }
            Ok(Wake::Event(Event::Action(Action::Pointer(p)))) if p.kind == PointerKind::Down => {
                match hit(lobby, area, p.column, p.row) {
                    Some(target) => lobby.click(target),
                    None => Do::Nothing,
                }
            }
            // A resize is drawn at the next turn; nothing else comes to a lobby.
            Ok(_) => Do::Nothing,
        };
        match todo {
            Do::Nothing => {}
            Do::Leave => break Next::Leave,
            Do::Enter(code) => break Next::Play(Kind::Room(code)),
            Do::Here => break Next::Play(Kind::Here),
            Do::Name(text) => {
                lobby.named(rooms.names.set(&start.key, &text));
                // The others' lists show the new name.
                rooms.news.changed();
            }
            Do::Create(choice) => {
                let name = lobby.name.clone();
                let opened = rooms
                    .create(&start.key, new_room(choice, name))
                    .map_err(|e| format!("{e:#}"));
                lobby.created(opened);
            }
        }
    };
    start
        .keys
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .detach();
    Ok(next)
}

/// The room the form chose, its opener's side drawn if they asked for random, their name on
/// it.
fn new_room(choice: Choice, name: Option<String>) -> NewRoom {
    let color = match choice.side {
        Side::White => Color::White,
        Side::Black => Color::Black,
        Side::Random => {
            let mut byte = [0u8];
            // Without the system's randomness, White: the room opens all the same.
            let _ = getrandom::fill(&mut byte);
            if byte[0] & 1 == 0 {
                Color::White
            } else {
                Color::Black
            }
        }
    };
    let mut setup = GameSetup {
        start: choice.start,
        white_time: choice.white_time,
        black_time: choice.black_time,
        ..GameSetup::default()
    };
    if let Some(name) = name {
        *color.fold(&mut setup.white, &mut setup.black) = name;
    }
    NewRoom {
        setup,
        color,
        plain: choice.plain,
        private: choice.private,
        watchers_chat: choice.watchers_chat,
    }
}
