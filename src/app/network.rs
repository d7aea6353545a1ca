//! A seat in a game across the network: the app plays one colour (or watches) of a game whose
//! truth is the host's.
//!
//! The board shows a copy of the host's game, kept by a [`Mirror`]: every [`NetEvent`] from
//! the edge moves the app's own `game` on in place (nothing is cloned for a message). What a player does that
//! would change the game at one keyboard (a move, an offer, an answer, a claim, resignation,
//! a takeback request, a line of chat) is sent to the host instead, as an
//! [`Effect::Net`]; only a move is shown at once, and taken back if the
//! host refuses it. The host decides every ending too: this screen never ticks its copy's
//! clock to a flag fall, the host's message says when the game ended.
//!
//! The seat is the [`Table::Remote`](super::table::Table::Remote) variant: the table asks it
//! whose move the board may make ([`NetPlay::why_not_here`]).
//!
//! The same code runs at the host's own screen (its moves go to its own game through the same
//! effect) and at a terminal that joined or watches. The app names only [`crate::remote`],
//! never the sockets (`net`), which the front end owns.

use crate::app::Say;
use std::time::Duration;

use super::requests::Ask;
use super::{App, Effect, Mode, dialogs};
use crate::remote::mirror::Change;
use crate::remote::{Action, Mirror, Msg, NetEvent, Notice, Seat};
use crate::rules::Color;

/// The chat lines kept for the panel.
const CHAT_LINES: usize = 4;

/// How a session plays across the network (from the command line).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NetSetup {
    /// This terminal hosts the game: its screen plays one colour, the host's game runs beside.
    pub hosting: bool,
    /// The lines to give the others (`hotseat join …`, `hotseat watch …`), shown until the
    /// friend arrives and again on the typed command `invite`.
    pub invitation: Vec<String>,
    /// The host resumed the unfinished game saved last time (rather than a new one).
    pub resumed: bool,
    /// At the host: the colour its screen plays, written in the saved game so that a host
    /// started again plays it again.
    pub host_color: Option<Color>,
}

/// A player's terminal as this screen last heard of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeerState {
    /// Not come yet.
    Waiting,
    Connected,
    /// Gone at this app time.
    GoneSince(Duration),
}

/// The network seat's state. See the [module docs](self).
#[derive(Clone, Debug)]
pub struct NetPlay {
    setup: NetSetup,
    /// `None` until the host's welcome.
    mirror: Option<Mirror>,
    /// Each player's terminal (the host's own is always connected).
    peers: [PeerState; 2],
    /// Watchers connected (known at the host).
    watchers: usize,
    /// Connections the host refused.
    refused: u64,
    /// This terminal's connection to the host ended, and why.
    lost: Option<String>,
    /// This terminal's connection to the host broke, and why: it is being made again.
    reconnecting: Option<String>,
    chat: Vec<String>,
}

impl NetPlay {
    pub fn new(setup: NetSetup) -> NetPlay {
        NetPlay {
            setup,
            mirror: None,
            peers: [PeerState::Waiting; 2],
            watchers: 0,
            refused: 0,
            lost: None,
            reconnecting: None,
            chat: Vec::new(),
        }
    }

    /// This terminal's seat, once the host has welcomed it.
    /// This player's `action` as the message for the host; `None` for a watcher, who does
    /// not act in the game.
    pub(super) fn act(&self, game: &crate::game::Game, action: Action) -> Option<Msg> {
        match &self.mirror {
            Some(m) if m.seat() != Seat::Watcher => Some(m.act(game, action)),
            _ => None,
        }
    }

    pub fn seat(&self) -> Option<Seat> {
        self.mirror.as_ref().map(Mirror::seat)
    }

    pub fn setup(&self) -> &NetSetup {
        &self.setup
    }

    /// Whether this terminal plays a side and is in touch with the host: a move typed at the
    /// other side's turn may wait as a premove (`app::premove`).
    pub(super) fn takes_premoves(&self) -> bool {
        self.lost.is_none()
            && self.reconnecting.is_none()
            && self
                .mirror
                .as_ref()
                .is_some_and(|m| m.seat() != Seat::Watcher)
    }

    /// Why a move may not be made at this screen in `game` now, in words; `None` when it may.
    pub fn why_not_here(&self, game: &crate::game::Game) -> Option<String> {
        Some(match self.mirror.as_ref() {
            None => "The host's game has not arrived yet".to_owned(),
            Some(_) if self.lost.is_some() => {
                "The connection to the host is lost: `hotseat join` with the same invitation \
                 goes on with the game"
                    .to_owned()
            }
            Some(_) if self.reconnecting.is_some() => {
                "The connection to the host dropped and is being made again: wait a moment"
                    .to_owned()
            }
            Some(m) if m.seat() == Seat::Watcher => {
                "You are watching: the players move at their own terminals".to_owned()
            }
            Some(m) if m.is_pending() => "Your move waits for the host's answer".to_owned(),
            Some(m) if m.seat().color() != Some(game.position().turn()) => {
                let turn = game.position().turn();
                format!(
                    "It is {}'s move: {turn} plays at the other terminal",
                    super::notation::Words::new(game, crate::rules::MoveStyle::default()).who(turn)
                )
            }
            Some(_) => return None,
        })
    }

    /// The last lines of chat, oldest first.
    pub fn chat(&self) -> &[String] {
        &self.chat
    }

    /// The panel's lines at `now`, wrapped to `cols`: the connection, then the last lines of
    /// chat.
    pub fn panel_lines(&self, now: Duration, cols: usize) -> Vec<String> {
        let mut lines = Vec::new();
        for line in self.status_lines(now).iter().chain(self.chat()) {
            lines.extend(crate::text::wrap(line, cols));
        }
        lines
    }

    /// What quitting a game in progress means across the network, for the quit question:
    /// the way back is the host's or the invitation's, not the next start's.
    pub fn quit_line(&self) -> &'static str {
        if self.setup.hosting {
            "A game is in progress with your friend, and it is saved here: the next `hotseat \
             host` resumes it, under a new invitation."
        } else {
            "A game is in progress, and it is saved here. While the host keeps it open, \
             `hotseat join` with the same invitation takes your seat back."
        }
    }

    /// The game to write to disk, from the screen's `copy`: without this screen's move that
    /// waits for the host's answer.
    pub fn kept_game<'a>(&'a self, copy: &'a crate::game::Game) -> &'a crate::game::Game {
        self.mirror
            .as_ref()
            .map_or(copy, |m| m.confirmed_game(copy))
    }

    /// Whether this screen's move waits for the host's answer.
    pub fn move_pending(&self) -> bool {
        self.mirror.as_ref().is_some_and(Mirror::is_pending)
    }

    /// The panel's lines on the connection at `now`: the other player's terminal and each
    /// side's lag; at the host, watchers and refusals too.
    pub fn status_lines(&self, now: Duration) -> Vec<String> {
        let Some(mirror) = &self.mirror else {
            return vec!["Waiting for the host's game".to_owned()];
        };
        let mut lines = Vec::new();
        if let Some(why) = &self.lost {
            lines.push(format!("Host lost: {why}"));
        } else if let Some(why) = &self.reconnecting {
            lines.push(format!("Reconnecting ({why})"));
        }
        // The other side first (a short panel shows the first lines); the host's own line
        // says nothing (it has no lag), a joiner's own says its lag.
        let own = mirror.seat().color();
        let mut colors = vec![Color::White, Color::Black];
        colors.sort_by_key(|&c| own == Some(c));
        if self.setup.hosting {
            colors.retain(|&c| own != Some(c));
        }
        for color in colors {
            let state = match self.peers[color.index()] {
                _ if own == Some(color) => "you".to_owned(),
                // No lag to show before the first heartbeat's answer.
                PeerState::Waiting => {
                    lines.push(format!("{color}: not joined yet"));
                    continue;
                }
                PeerState::Connected => "connected".to_owned(),
                // A terminal that is gone answers no heartbeat: it has no lag to show.
                PeerState::GoneSince(at) => {
                    lines.push(format!(
                        "{color}: gone since {}",
                        crate::game::clock::format_span(now.saturating_sub(at))
                    ));
                    continue;
                }
            };
            let lag = mirror.clocks().lag(color).as_millis();
            lines.push(format!("{color}: {state} · lag {lag} ms"));
        }
        if self.setup.hosting {
            lines.push(format!(
                "Watchers {} · refused {}",
                self.watchers, self.refused
            ));
        }
        lines
    }
}

impl App {
    /// The network seat, if this session plays across the network.
    pub fn network(&self) -> Option<&NetPlay> {
        self.table.remote()
    }

    /// Plays this screen's move across the network: shown at once, sent to the host (with a
    /// draw claim when `claim`). A draw is offered across the network at once (Ctrl-D), not
    /// with the move to come.
    pub(super) fn net_commit(&mut self, mv: crate::rules::Move, claim: bool, now: Duration) {
        let Some(mirror) = self.table.remote_mut().and_then(|n| n.mirror.as_mut()) else {
            return;
        };
        let before = self.game.record().plies();
        match mirror.try_move(&mut self.game, mv, now) {
            Ok(Msg::Act { ply, action }) => {
                let action = match action {
                    Action::Move { uci } if claim => Action::MoveAndClaim { uci },
                    action => action,
                };
                self.effects.push(Effect::Net(Msg::Act { ply, action }));
                self.message = None;
                self.followed_mirror(before, None);
                self.study().back_to_present();
                self.board.cursor = mv.to();
            }
            Ok(_) => {}
            Err(err) => self.message.error(err.to_string()),
        }
    }

    /// `say …` typed in the move box across the network: a line of chat. False for any other
    /// text.
    pub(super) fn net_say(&mut self, text: &str) -> bool {
        if self.table.remote().is_none() {
            return false;
        }
        if text == "invite" {
            self.move_box.clear();
            self.show_invitation();
            return true;
        }
        let Some(words) = text
            .strip_prefix("say")
            .filter(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace))
        else {
            return false;
        };
        self.move_box.clear();
        let words = crate::remote::clean_chat(words);
        if words.is_empty() {
            self.message
                .error("say what? Type the words after `say`, as: say good luck");
        } else {
            self.desk().net_act(Action::Say { text: words });
        }
        true
    }

    /// Opens the box with the invitation lines (the host's).
    pub(super) fn show_invitation(&mut self) {
        match self.table.remote() {
            Some(net) if !net.setup.invitation.is_empty() => {
                self.mode = Mode::Invite(dialogs::Invite);
            }
            _ => self.message.error("Only the host has invitations to give"),
        }
    }

    /// News from the network edge, at `now`.
    pub(super) fn net_event(&mut self, event: NetEvent, now: Duration) {
        let Some(net) = self.table.remote_mut() else {
            return;
        };
        match event {
            NetEvent::Msg(msg) => self.net_message(msg, now),
            NetEvent::PeerJoined { seat, rejoined } => {
                let Some(color) = seat.color() else {
                    net.watchers += 1;
                    return;
                };
                net.peers[color.index()] = PeerState::Connected;
                if matches!(self.mode, Mode::Invite(_)) {
                    self.mode = Mode::Playing;
                }
                let who = self.view().words().who(color);
                self.message.info(if rejoined {
                    format!("{who} is back")
                } else {
                    format!("{who} has joined the game")
                });
            }
            NetEvent::PeerLeft { seat, why } => {
                let Some(color) = seat.color() else {
                    net.watchers = net.watchers.saturating_sub(1);
                    return;
                };
                net.peers[color.index()] = PeerState::GoneSince(now);
                let who = self.view().words().who(color);
                self.message.error(format!(
                    "{who}'s terminal is gone ({why}); the game waits, the clock of the side \
                     to move runs on, and `hotseat join` with the same invitation takes the \
                     seat back"
                ));
            }
            NetEvent::Refused { total, .. } => net.refused = total,
            NetEvent::Dropped { why } => {
                net.reconnecting = Some(why.clone());
                if let Some(color) = net.seat().and_then(Seat::color) {
                    net.peers[(!color).index()] = PeerState::GoneSince(now);
                }
                let pending = net
                    .mirror
                    .as_ref()
                    .and_then(|m| m.pending_move(&self.game))
                    .map_or_else(String::new, |mv| {
                        format!("; your move {mv} waits until the host has it")
                    });
                self.message.error(format!(
                    "The connection to the host dropped ({why}): connecting again{pending}"
                ));
            }
            NetEvent::Lost { why } => {
                net.reconnecting = None;
                net.lost = Some(why.clone());
                if let Some(color) = net.seat().and_then(Seat::color) {
                    net.peers[(!color).index()] = PeerState::GoneSince(now);
                }
                self.message.error(format!(
                    "The connection to the host is lost: {why}. The game is saved here; \
                     `hotseat join` with the same invitation goes on with it"
                ));
            }
        }
    }

    fn net_message(&mut self, msg: Msg, now: Duration) {
        let Some(net) = self.table.remote_mut() else {
            return;
        };
        let Some(mirror) = net.mirror.as_mut() else {
            if let Msg::Welcome { seat, snapshot } = &msg {
                match Mirror::new(*seat, snapshot, now) {
                    Ok((mirror, game)) => self.welcomed(mirror, game),
                    Err(err) => {
                        self.message.error(err.to_string());
                        self.effects.push(Effect::Net(Msg::WantSync));
                    }
                }
            }
            return;
        };
        let pending = mirror.pending_move(&self.game);
        let before = self.game.record().plies();
        let position = self.game.position().clone();
        let change = match mirror.apply(&mut self.game, &msg, now) {
            Ok(change) => change,
            Err(err) => {
                self.message.error(err.to_string());
                self.effects.push(Effect::Net(Msg::WantSync));
                return;
            }
        };
        let seat = mirror.seat();
        // A move the host never had, dropped with the game it sent instead: said, never
        // written as played. A move that ended the game comes back in the host's whole game
        // (its word that the game ended), in its place: that one was played.
        let kept = |san: &String| {
            before.checked_sub(1).is_some_and(|ply| {
                self.game
                    .record()
                    .moves()
                    .get(ply)
                    .is_some_and(|m| &m.san == san)
            })
        };
        let unplayed = pending.filter(|san| {
            !mirror.is_pending() && matches!(change, Change::Synced(_)) && !kept(san)
        });
        if matches!(msg, Msg::Welcome { .. }) && net.reconnecting.take().is_some() {
            for color in [Color::White, Color::Black] {
                if mirror.connected(color) {
                    net.peers[color.index()] = PeerState::Connected;
                }
            }
            self.followed_mirror(before, Some(&position));
            self.message.info(match unplayed {
                Some(mv) => format!(
                    "Connected to the host again. Your move {mv} never reached it and is not \
                     played: play it again"
                ),
                None => "Connected to the host again: the game goes on".to_owned(),
            });
            return;
        }
        if let Some(mv) = &unplayed {
            self.message.error(format!(
                "Your move {mv} did not reach the host before the game changed; it is not played"
            ));
        }
        match change {
            Change::Nothing | Change::Clocks => {
                self.followed_mirror(before, Some(&position));
            }
            Change::Moved { confirmed_own } => {
                self.followed_mirror(before, Some(&position));
                if !confirmed_own {
                    self.message = None;
                }
            }
            Change::Refused(why) => {
                self.followed_mirror(before, Some(&position));
                let hosting = self.table.remote().is_some_and(|n| n.setup.hosting);
                // The host's own screen is refused by its own game: no "host" to name.
                let said = if hosting {
                    "Refused"
                } else {
                    "The host refused it"
                };
                self.message.error(format!("{said}: {why}"));
            }
            Change::Chat { from, text } => {
                let who = from
                    .color()
                    .map_or_else(|| from.to_string(), |c| self.view().words().who(c));
                let line = format!("{who}: {text}");
                let Some(net) = self.table.remote_mut() else {
                    return;
                };
                let chat = &mut net.chat;
                chat.push(line.clone());
                if chat.len() > CHAT_LINES {
                    chat.remove(0);
                }
                self.message.info(line);
            }
            Change::Synced(notice) => {
                self.followed_mirror(before, Some(&position));
                self.net_notice(seat, notice, now);
            }
        }
    }

    /// The host's welcome: its game on the board, seen from this seat.
    fn welcomed(&mut self, mirror: Mirror, game: crate::game::Game) {
        let seat = mirror.seat();
        let Some(net) = self.table.remote_mut() else {
            return;
        };
        for color in [Color::White, Color::Black] {
            if mirror.connected(color) {
                net.peers[color.index()] = PeerState::Connected;
            }
        }
        let hosting = net.setup.hosting;
        net.mirror = Some(mirror);
        let mode = std::mem::replace(&mut self.mode, Mode::Playing);
        self.install_game(game);
        self.board.orientation = seat.color().unwrap_or(Color::White);
        // The invitation box stays open over the host's board until the friend comes.
        if matches!(mode, Mode::Invite(_)) || (hosting && !self.net_peer_here()) {
            self.mode = Mode::Invite(dialogs::Invite);
        }
        let resumed = self.table.remote().is_some_and(|n| n.setup.resumed);
        self.message.info(match seat.color() {
            Some(color) if resumed => format!(
                "You play {}: the unfinished game goes on (hotseat host --new starts another)",
                self.view().words().who(color)
            ),
            Some(color) => format!("You play {}", self.view().words().who(color)),
            None => "You are watching".to_owned(),
        });
    }

    /// Whether the other player's terminal is here.
    fn net_peer_here(&self) -> bool {
        let Some(mirror) = self.table.remote().and_then(|n| n.mirror.as_ref()) else {
            return false;
        };
        match mirror.seat().color() {
            Some(me) => mirror.connected(!me),
            None => true,
        }
    }

    /// The mirror has moved the game on from `plies` half-moves (and the `position`, when
    /// known): a new move leaves the review and puts the piece in hand back.
    fn followed_mirror(&mut self, plies: usize, position: Option<&crate::rules::Position>) {
        let changed = self.game.record().plies() != plies
            || position.is_some_and(|p| p != self.game.position());
        if changed {
            self.review.leave();
            self.board.put_back();
            // The host lets the question standing lapse with a move, as this screen says.
            if self.game.record().plies() > 0 {
                let mover = !self.game.position().turn();
                self.desk().move_answers_requests(mover);
            }
        }
    }

    /// What the host's whole-game message says happened.
    fn net_notice(&mut self, seat: Seat, notice: Notice, now: Duration) {
        let mine = |s: Seat| s == seat;
        match notice {
            Notice::Resync | Notice::Ended => {}
            Notice::DrawOffered(by) => match by.color() {
                Some(by) if !mine(Seat::of(by)) && seat != Seat::Watcher => {
                    self.requests.offer_seen(now)
                }
                Some(by) if mine(Seat::of(by)) => {
                    self.message.info(format!(
                        "You offer a draw; {} is asked",
                        self.view().words().who(!by)
                    ));
                }
                Some(by) => self
                    .message
                    .info(format!("{} offers a draw", self.view().words().who(by))),
                None => {}
            },
            Notice::DrawDeclined(by) => {
                if let Some(by) = by.color() {
                    self.message.info(format!(
                        "{} declines the draw offer",
                        self.view().words().who(by)
                    ));
                }
            }
            Notice::TakebackAsked(by) => match by.color() {
                Some(by) if !mine(Seat::of(by)) && seat != Seat::Watcher => {
                    self.requests.stand(Ask::Takeback, by, now);
                }
                Some(by) if mine(Seat::of(by)) => {
                    self.requests.stand(Ask::Takeback, by, now);
                    self.message.info(format!(
                        "You ask to take back {}; {} is asked",
                        self.view()
                            .words()
                            .takeback(by)
                            .unwrap_or_else(|| "your last move".to_owned()),
                        self.view().words().who(!by)
                    ));
                }
                Some(by) => self.message.info(format!(
                    "{} asks to take back a move",
                    self.view().words().who(by)
                )),
                None => {}
            },
            Notice::TakebackDeclined(by) => {
                self.requests.over();
                if let Some(by) = by.color() {
                    let asker = !by;
                    let moves = self
                        .view()
                        .words()
                        .takeback(asker)
                        .map_or_else(String::new, |moves| format!(" {moves}"));
                    self.message.info(format!(
                        "{} does not agree to take back{moves}",
                        self.view().words().who(by)
                    ));
                }
            }
            Notice::TookBack(by) => {
                self.requests.took_back(by.color());
                if let Some(by) = by.color() {
                    self.message.info(format!(
                        "{}'s move taken back, with consent",
                        self.view().words().who(by)
                    ));
                }
            }
            Notice::Connection {
                seat: who,
                connected,
            } => {
                let Some(color) = who.color() else {
                    return;
                };
                let Some(net) = self.table.remote_mut() else {
                    return;
                };
                net.peers[color.index()] = if connected {
                    PeerState::Connected
                } else {
                    PeerState::GoneSince(now)
                };
                if who != seat && !net.setup.hosting {
                    let who = self.view().words().who(color);
                    self.message.info(if connected {
                        format!("{who} is connected")
                    } else {
                        format!("{who}'s terminal is gone; the game waits for it")
                    });
                }
            }
        }
    }
}
