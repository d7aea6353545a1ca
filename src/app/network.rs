//! A seat in a game across the network: the app plays one colour (or watches) of a game whose
//! truth is the host's.
//!
//! The board shows a [`Mirror`] of the host's game: every [`NetEvent`] from the edge moves it
//! on, and the app's `game` is the mirror's copy after each one. What a player does that
//! would change the game at one keyboard (a move, an offer, an answer, a claim, resignation,
//! a takeback request, a line of chat) is sent to the host instead, as an
//! [`Effect::Net`]; only a move is shown at once, and taken back if the
//! host refuses it. The host decides every ending too: this screen never ticks its copy's
//! clock to a flag fall, the host's message says when the game ended.
//!
//! The same code runs at the host's own screen (its moves go to its own game through the same
//! effect) and at a terminal that joined or watches. The app names only [`crate::remote`],
//! never the sockets (`net`), which the front end owns.

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
    pub fn seat(&self) -> Option<Seat> {
        self.mirror.as_ref().map(Mirror::seat)
    }

    pub fn setup(&self) -> &NetSetup {
        &self.setup
    }

    /// The last lines of chat, oldest first.
    pub fn chat(&self) -> &[String] {
        &self.chat
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
    /// The panel's lines on the game across the network (none at one keyboard): the
    /// connection, then the last lines of chat, wrapped to `cols`.
    pub(super) fn net_lines(&self, cols: usize) -> Vec<String> {
        let Some(net) = &self.net else {
            return Vec::new();
        };
        let mut lines = Vec::new();
        for line in net.status_lines(self.now).iter().chain(net.chat()) {
            lines.extend(crate::text::wrap(line, cols));
        }
        lines
    }

    /// What quitting a game in progress means across the network, for the quit question:
    /// the way back is the host's or the invitation's, not the next start's.
    pub(super) fn network_quit_line(&self) -> Option<String> {
        let net = self.net.as_ref()?;
        Some(if net.setup.hosting {
            "A game is in progress with your friend, and it is saved here: the next `hotseat \
             host` resumes it, under a new invitation."
                .to_owned()
        } else {
            "A game is in progress, and it is saved here. While the host keeps it open, \
             `hotseat join` with the same invitation takes your seat back."
                .to_owned()
        })
    }

    /// The game to write to disk: across the network, without this screen's move that waits
    /// for the host's answer; at one keyboard, the game.
    pub(super) fn kept_game(&self) -> &crate::game::Game {
        self.net
            .as_ref()
            .and_then(|n| n.mirror.as_ref())
            .map_or(&self.game, Mirror::confirmed_game)
    }

    /// Whether this screen's move waits for the host's answer.
    pub(super) fn net_move_pending(&self) -> bool {
        self.net
            .as_ref()
            .and_then(|n| n.mirror.as_ref())
            .is_some_and(Mirror::is_pending)
    }

    /// The network seat, if this session plays across the network.
    pub fn network(&self) -> Option<&NetPlay> {
        self.net.as_ref()
    }

    /// The colour this screen plays across the network; `None` at one keyboard, for a watcher
    /// or before the host's welcome.
    pub(super) fn net_color(&self) -> Option<Color> {
        self.net.as_ref()?.seat()?.color()
    }

    /// Whether a move may be made on this screen across the network; says why not. True at
    /// one keyboard.
    pub(super) fn net_may_move(&mut self) -> bool {
        let Some(net) = &self.net else {
            return true;
        };
        let why = match net.mirror.as_ref() {
            None => "The host's game has not arrived yet".to_owned(),
            Some(_) if net.lost.is_some() => {
                "The connection to the host is lost: `hotseat join` with the same invitation \
                 goes on with the game"
                    .to_owned()
            }
            Some(_) if net.reconnecting.is_some() => {
                "The connection to the host dropped and is being made again: wait a moment"
                    .to_owned()
            }
            Some(m) if m.seat() == Seat::Watcher => {
                "You are watching: the players move at their own terminals".to_owned()
            }
            Some(m) if m.is_pending() => "Your move waits for the host's answer".to_owned(),
            Some(m) if m.seat().color() != Some(self.game.position().turn()) => {
                let turn = self.game.position().turn();
                format!(
                    "It is {}'s move: {turn} plays at the other terminal",
                    self.who(turn)
                )
            }
            Some(_) => return true,
        };
        self.error(why);
        false
    }

    /// Plays this screen's move across the network: shown at once, sent to the host (with a
    /// draw claim when `claim`). A draw is offered across the network at once (Ctrl-D), not
    /// with the move to come.
    pub(super) fn net_commit(&mut self, mv: crate::rules::Move, claim: bool, now: Duration) {
        let Some(mirror) = self.net.as_mut().and_then(|n| n.mirror.as_mut()) else {
            return;
        };
        match mirror.try_move(mv, now) {
            Ok(Msg::Act { ply, action }) => {
                let action = match action {
                    Action::Move { uci } if claim => Action::MoveAndClaim { uci },
                    action => action,
                };
                self.effects.push(Effect::Net(Msg::Act { ply, action }));
                self.message = None;
                self.follow_mirror();
                self.back_to_present();
                self.board.cursor = mv.to();
            }
            Ok(_) => {}
            Err(err) => self.error(err.to_string()),
        }
    }

    /// Sends this player's `action` to the host. False at one keyboard (the caller acts
    /// itself).
    pub(super) fn net_act(&mut self, action: Action) -> bool {
        let Some(net) = &self.net else {
            return false;
        };
        match &net.mirror {
            Some(m) if m.seat() != Seat::Watcher => {
                let msg = m.act(action);
                self.effects.push(Effect::Net(msg));
            }
            _ => self.error("You are watching: only the players act in the game"),
        }
        true
    }

    /// Whether `action` is one a game across the network does not have (a pause, a new game,
    /// another game opened over it); says so.
    pub(super) fn net_refuses(&mut self, action: &super::keymap::Action) -> bool {
        use super::keymap::Action as A;
        if self.net.is_none() {
            return false;
        }
        let why = match action {
            A::Pause => "A game across the network has no pause: the clocks run as at a board",
            A::NewGame | A::Rematch | A::Library => {
                "This screen plays the game across the network: quit (Ctrl-Q), then host or \
                 join again for a new game, or start hotseat for the library"
            }
            _ => return false,
        };
        self.error(why);
        true
    }

    /// Ctrl-D across the network: the opponent's offer brought back to answer, or an offer
    /// sent now.
    pub(super) fn net_draw(&mut self, now: Duration) {
        let Some(me) = self.net_color() else {
            self.net_act(Action::OfferDraw);
            return;
        };
        if self.game.pending_offer() == Some(!me) {
            self.accept_offer(!me, now);
        } else if self.net_act(Action::OfferDraw) {
            self.info(format!("You offer {} a draw", self.who(!me)));
        }
    }

    /// F8 across the network: the opponent is asked at their own terminal.
    pub(super) fn net_ask_takeback(&mut self) {
        if self.net_act(Action::AskTakeback) {
            self.info(
                "You asked to take your last move back; the answer comes from the other terminal",
            );
        }
    }

    /// The colour a resignation on this screen is for: its own.
    pub(super) fn net_resigner(&self) -> Option<Color> {
        self.net_color()
    }

    /// `say …` typed in the move box across the network: a line of chat. False for any other
    /// text.
    pub(super) fn net_say(&mut self, text: &str) -> bool {
        if self.net.is_none() {
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
            self.error("say what? Type the words after `say`, as: say good luck");
        } else {
            self.net_act(Action::Say { text: words });
        }
        true
    }

    /// Opens the box with the invitation lines (the host's).
    pub(super) fn show_invitation(&mut self) {
        match &self.net {
            Some(net) if !net.setup.invitation.is_empty() => {
                self.mode = Mode::Invite(dialogs::Invite);
            }
            _ => self.error("Only the host has invitations to give"),
        }
    }

    /// News from the network edge, at `now`.
    pub(super) fn net_event(&mut self, event: NetEvent, now: Duration) {
        let Some(net) = self.net.as_mut() else {
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
                let who = self.who(color);
                self.info(if rejoined {
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
                let who = self.who(color);
                self.error(format!(
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
                    .and_then(Mirror::pending_move)
                    .map_or_else(String::new, |mv| {
                        format!("; your move {mv} waits until the host has it")
                    });
                self.error(format!(
                    "The connection to the host dropped ({why}): connecting again{pending}"
                ));
            }
            NetEvent::Lost { why } => {
                net.reconnecting = None;
                net.lost = Some(why.clone());
                if let Some(color) = net.seat().and_then(Seat::color) {
                    net.peers[(!color).index()] = PeerState::GoneSince(now);
                }
                self.error(format!(
                    "The connection to the host is lost: {why}. The game is saved here; \
                     `hotseat join` with the same invitation goes on with it"
                ));
            }
        }
    }

    fn net_message(&mut self, msg: Msg, now: Duration) {
        let Some(net) = self.net.as_mut() else {
            return;
        };
        let Some(mirror) = net.mirror.as_mut() else {
            if let Msg::Welcome { seat, snapshot } = &msg {
                match Mirror::new(*seat, snapshot, now) {
                    Ok(mirror) => self.welcomed(mirror),
                    Err(err) => {
                        self.error(err.to_string());
                        self.effects.push(Effect::Net(Msg::WantSync));
                    }
                }
            }
            return;
        };
        let pending = mirror.pending_move();
        let change = match mirror.apply(&msg, now) {
            Ok(change) => change,
            Err(err) => {
                self.error(err.to_string());
                self.effects.push(Effect::Net(Msg::WantSync));
                return;
            }
        };
        let seat = mirror.seat();
        // A move the host never had, dropped with the game it sent instead: said, never
        // written as played.
        let unplayed =
            pending.filter(|_| !mirror.is_pending() && matches!(change, Change::Synced(_)));
        if matches!(msg, Msg::Welcome { .. }) && net.reconnecting.take().is_some() {
            for color in [Color::White, Color::Black] {
                if mirror.connected(color) {
                    net.peers[color.index()] = PeerState::Connected;
                }
            }
            self.follow_mirror();
            self.info(match unplayed {
                Some(mv) => format!(
                    "Connected to the host again. Your move {mv} never reached it and is not \
                     played: play it again"
                ),
                None => "Connected to the host again: the game goes on".to_owned(),
            });
            return;
        }
        if let Some(mv) = &unplayed {
            self.error(format!(
                "Your move {mv} did not reach the host before the game changed; it is not played"
            ));
        }
        match change {
            Change::Nothing | Change::Clocks => {
                self.follow_mirror();
            }
            Change::Moved { confirmed_own } => {
                self.follow_mirror();
                if !confirmed_own {
                    self.message = None;
                }
            }
            Change::Refused(why) => {
                self.follow_mirror();
                let hosting = self.net.as_ref().is_some_and(|n| n.setup.hosting);
                // The host's own screen is refused by its own game: no "host" to name.
                let said = if hosting {
                    "Refused"
                } else {
                    "The host refused it"
                };
                self.error(format!("{said}: {why}"));
            }
            Change::Chat { from, text } => {
                let who = from
                    .color()
                    .map_or_else(|| from.to_string(), |c| self.who(c));
                let line = format!("{who}: {text}");
                let chat = &mut self.net.as_mut().expect("net").chat;
                chat.push(line.clone());
                if chat.len() > CHAT_LINES {
                    chat.remove(0);
                }
                self.info(line);
            }
            Change::Synced(notice) => {
                self.follow_mirror();
                self.net_notice(seat, notice, now);
            }
        }
    }

    /// The host's welcome: its game on the board, seen from this seat.
    fn welcomed(&mut self, mirror: Mirror) {
        let seat = mirror.seat();
        let game = mirror.game().clone();
        let net = self.net.as_mut().expect("net");
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
        let resumed = self.net.as_ref().is_some_and(|n| n.setup.resumed);
        self.info(match seat.color() {
            Some(color) if resumed => format!(
                "You play {}: the unfinished game goes on (hotseat host --new starts another)",
                self.who(color)
            ),
            Some(color) => format!("You play {}", self.who(color)),
            None => "You are watching".to_owned(),
        });
    }

    /// Whether the other player's terminal is here.
    fn net_peer_here(&self) -> bool {
        let Some(mirror) = self.net.as_ref().and_then(|n| n.mirror.as_ref()) else {
            return false;
        };
        match mirror.seat().color() {
            Some(me) => mirror.connected(!me),
            None => true,
        }
    }

    /// The board follows the mirror's game (moves, clocks, the result).
    fn follow_mirror(&mut self) {
        let Some(game) = self
            .net
            .as_ref()
            .and_then(|n| n.mirror.as_ref())
            .map(|m| m.game().clone())
        else {
            return;
        };
        let changed = game.record().plies() != self.game.record().plies()
            || game.position() != self.game.position();
        self.game = game;
        if changed {
            self.review.leave();
            self.board.put_back();
            // The host lets the question standing lapse with a move, as this screen says.
            if self.game.record().plies() > 0 {
                self.move_answers_requests(!self.game.position().turn());
            }
        }
    }

    /// What the host's whole-game message says happened.
    fn net_notice(&mut self, seat: Seat, notice: Notice, now: Duration) {
        let mine = |s: Seat| s == seat;
        match notice {
            Notice::Resync | Notice::Ended => {}
            Notice::DrawOffered(by) => match by.color() {
                Some(by) if !mine(Seat::of(by)) && seat != Seat::Watcher => self.offer_seen(now),
                Some(by) if mine(Seat::of(by)) => {
                    self.info(format!("You offer a draw; {} is asked", self.who(!by)));
                }
                Some(by) => self.info(format!("{} offers a draw", self.who(by))),
                None => {}
            },
            Notice::DrawDeclined(by) => {
                if let Some(by) = by.color() {
                    self.info(format!("{} declines the draw offer", self.who(by)));
                }
            }
            Notice::TakebackAsked(by) => match by.color() {
                Some(by) if !mine(Seat::of(by)) && seat != Seat::Watcher => {
                    self.net_request(Ask::Takeback, by, now);
                }
                Some(by) if mine(Seat::of(by)) => {
                    self.net_request(Ask::Takeback, by, now);
                    self.info(format!(
                        "You ask to take back {}; {} is asked",
                        self.takeback_text(by)
                            .unwrap_or_else(|| "your last move".to_owned()),
                        self.who(!by)
                    ));
                }
                Some(by) => self.info(format!("{} asks to take back a move", self.who(by))),
                None => {}
            },
            Notice::TakebackDeclined(by) => {
                self.net_request_over();
                if let Some(by) = by.color() {
                    let asker = !by;
                    let moves = self
                        .takeback_text(asker)
                        .map_or_else(String::new, |moves| format!(" {moves}"));
                    self.info(format!(
                        "{} does not agree to take back{moves}",
                        self.who(by)
                    ));
                }
            }
            Notice::TookBack(by) => {
                self.offer_with_move = None;
                self.net_took_back(by.color());
                if let Some(by) = by.color() {
                    self.info(format!("{}'s move taken back, with consent", self.who(by)));
                }
            }
            Notice::Connection {
                seat: who,
                connected,
            } => {
                let Some(color) = who.color() else {
                    return;
                };
                let Some(net) = self.net.as_mut() else {
                    return;
                };
                net.peers[color.index()] = if connected {
                    PeerState::Connected
                } else {
                    PeerState::GoneSince(now)
                };
                if who != seat && !net.setup.hosting {
                    let who = self.who(color);
                    self.info(if connected {
                        format!("{who} is connected")
                    } else {
                        format!("{who}'s terminal is gone; the game waits for it")
                    });
                }
            }
        }
    }
}
