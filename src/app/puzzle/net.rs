//! The puzzle duel across the network, at either screen (`hotseat puzzles duel --host`, and
//! `hotseat join` of such a host): the duel's own screen (the puzzle's board, the clocks and
//! the score in the panel's title), its truth kept by the host's referee (`net::duel`).
//!
//! Both screens are the same here, as in network play: each keeps a [`DuelMirror`] of the
//! host's duel, rebuilt from every state the host sends, and puts its puzzle on the board as
//! the duel at one keyboard does. A move typed at this screen is checked by the mirror (its
//! turn, its legality) and sent with the revision it was made on; out of turn it is refused
//! inline and nothing is sent. The host answers every terminal with the new state, or this
//! one alone with a refusal, said on the message line.
//!
//! A dropped link is handled as network play handles it: the host's clock of the player to
//! solve runs on while their terminal is away (leaving cannot stop a losing clock), the other
//! screen says who is away, and the terminal connects again by itself (or `hotseat join` with
//! the same invitation takes the seat back), welcomed with the duel as it stands.

use crate::app::Say;
use std::time::Duration;

use super::run::Run;
use super::{PuzzleEffect, PuzzleSeat, PuzzleStart, install, puzzle_game, seat_mut};
use crate::app::keymap::Action;
use crate::app::{App, Effect, Message, Mode, dialogs};
use crate::puzzle::{Puzzle, uci_move};
use crate::remote::{DuelChange, DuelMirror, DuelMoveError, DuelNews, DuelState, Msg, NetEvent};
use crate::rules::Move;
use crate::store::PuzzleMode;

/// How this screen takes part in a duel across the network (from the command line).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NetDuelSetup {
    /// This screen hosts the duel (its player is the first, who starts).
    pub hosting: bool,
    /// The lines to give the others, shown until the opponent comes.
    pub invitation: Vec<String>,
}

/// This screen's copy of the host's duel.
#[derive(Clone, Debug)]
pub struct NetDuel {
    setup: NetDuelSetup,
    mirror: DuelMirror,
    /// The app time the last state came (the clocks count down from it).
    at: Duration,
    /// The connection to the host broke or ended (until the host's next state).
    link_down: bool,
}

impl PartialEq for NetDuel {
    fn eq(&self, other: &NetDuel) -> bool {
        self.setup == other.setup
            && self.at == other.at
            && self.state().map(|s| s.revision) == other.state().map(|s| s.revision)
    }
}

impl Eq for NetDuel {}

impl NetDuel {
    fn new(setup: NetDuelSetup) -> NetDuel {
        NetDuel {
            setup,
            mirror: DuelMirror::new(None),
            at: Duration::ZERO,
            link_down: false,
        }
    }

    /// The host's last state, once one came.
    pub fn state(&self) -> Option<&DuelState> {
        self.mirror.state().map(|(s, _)| s)
    }

    /// Whether this screen hosts the duel.
    pub fn hosting(&self) -> bool {
        self.setup.hosting
    }

    /// This screen's player (0 the host's, 1 the joiner's), once the host said; `None` to
    /// watch.
    pub fn me(&self) -> Option<usize> {
        self.mirror.me()
    }

    /// The lines to give the others (at the host).
    pub fn invitation(&self) -> &[String] {
        &self.setup.invitation
    }

    /// The player to solve's name; once the duel is over, the one who played the last puzzle.
    pub fn solver(&self) -> Option<&str> {
        let s = self.state()?;
        let player = match s.news {
            DuelNews::Solved { by, .. } | DuelNews::Wrong { by, .. } if s.over => by,
            _ => s.turn,
        };
        Some(s.names[usize::from(player.min(1))].as_str())
    }

    /// `player`'s time left at `now`, counted down from the last state.
    pub fn remaining(&self, player: usize, now: Duration) -> Duration {
        let Some(s) = self.state() else {
            return Duration::ZERO;
        };
        let left = s.remaining(player);
        if s.running && !s.over && usize::from(s.turn) == player {
            left.saturating_sub(now.saturating_sub(self.at))
        } else {
            left
        }
    }

    /// Whether the duel is over (the host said so).
    pub fn is_over(&self) -> bool {
        self.state().is_some_and(|s| s.over)
    }

    /// The panel's title: `▶Ann 2:41 1–0 Bob 3:00 · 2/10`, and who is away.
    pub fn title(&self, now: Duration) -> String {
        let Some(s) = self.state() else {
            return "Puzzle duel · joining…".to_owned();
        };
        let clock = |p: usize| {
            let left = self.remaining(p, now).as_secs();
            let mark = if p == usize::from(s.turn) && !s.over {
                "▶"
            } else {
                ""
            };
            format!("{mark}{} {}:{:02}", s.names[p], left / 60, left % 60)
        };
        let [a, b] = s.score;
        let away = match s.connected {
            _ if self.link_down => " · connection lost".to_owned(),
            [true, true] => String::new(),
            [_, false] if !s.running && !s.over => format!(" · waiting for {}", s.names[1]),
            [false, _] => format!(" · {} away", s.names[0]),
            _ => format!(" · {} away", s.names[1]),
        };
        format!(
            "{} {a}–{b} {} · {}/{}{away}",
            clock(0),
            clock(1),
            s.number,
            s.total
        )
    }

    /// When the shown clock changes next: each second while one runs.
    pub fn next_wake(&self, now: Duration) -> Option<Duration> {
        let s = self.state()?;
        if !s.running || s.over {
            return None;
        }
        let left = self.remaining(usize::from(s.turn), now);
        let into_second = Duration::from_nanos((left.as_nanos() % 1_000_000_000) as u64);
        let step = if into_second.is_zero() {
            Duration::from_secs(1)
        } else {
            into_second
        };
        Some(now + step.min(left.max(Duration::from_millis(100))))
    }

    /// What the end says: `Duel over: Ann 2, Bob 1 — Ann wins`.
    pub fn summary(&self) -> String {
        let Some(s) = self.state() else {
            return String::new();
        };
        let result = match s.winner() {
            Some(p) => format!("{} wins", s.names[p]),
            None => "a draw".to_owned(),
        };
        format!(
            "Duel over: {} {}, {} {} — {result}",
            s.names[0], s.score[0], s.names[1], s.score[1]
        )
    }
}

/// Opens the duel's table at this screen: the host's first state comes as news.
pub(super) fn open(app: &mut App, mut start: PuzzleStart) {
    let Some(setup) = start.net.take() else {
        return;
    };
    let hosting = setup.hosting;
    let mut seat = PuzzleSeat::new(start);
    seat.run = Run::Net(Box::new(NetDuel::new(setup)));
    app.saving.retire(&app.game, app.now, &mut app.effects);
    app.saving.track = false;
    app.table = crate::app::table::Table::Puzzle(Box::new(seat));
    if hosting {
        app.mode = Mode::Invite(dialogs::Invite);
    }
    app.message.info(if hosting {
        "Waiting for the duel…"
    } else {
        "Joining the duel…"
    });
}

/// The duel across the network at this screen, if it is one.
pub fn duel(app: &App) -> Option<&NetDuel> {
    match app.table.puzzle().map(PuzzleSeat::run) {
        Some(Run::Net(net)) => Some(net),
        _ => None,
    }
}

fn duel_mut(app: &mut App) -> Option<&mut NetDuel> {
    match seat_mut(app).map(|s| &mut s.run) {
        Some(Run::Net(net)) => Some(net),
        _ => None,
    }
}

/// Whether the network's news is this table's (a duel across the network).
pub fn serves(app: &App) -> bool {
    duel(app).is_some()
}

/// News from the network edge.
pub(in crate::app) fn hear(app: &mut App, event: NetEvent, now: Duration) {
    let Some(net) = duel_mut(app) else { return };
    match event {
        NetEvent::Msg(msg) => {
            let before = net.mirror.state().map(|(_, board)| board.puzzle().clone());
            let revision = net.state().map(|s| s.revision);
            match net.mirror.apply(&msg) {
                Ok(DuelChange::Updated(news)) => {
                    net.at = now;
                    net.link_down = false;
                    let welcome = matches!(msg, Msg::DuelWelcome { .. });
                    let attempt = own_attempt(net, &news, before);
                    // The joining player's (player 1's) screen shows the duel now, not yet
                    // begun: its clock may start.
                    let ready = net
                        .mirror
                        .state()
                        .filter(|(state, _)| welcome && !state.running && !state.over)
                        .filter(|_| net.mirror.me() == Some(1))
                        .map(|(state, _)| state.revision);
                    if let Some(ply) = ready {
                        app.effects.push(Effect::Net(Msg::Act {
                            ply,
                            action: crate::remote::Action::Ready,
                        }));
                    }
                    // A state sent again (asked for, or a welcome) brings old news: the
                    // board may already show what came after it.
                    let fresh = duel(app)
                        .and_then(NetDuel::state)
                        .is_some_and(|s| Some(s.revision) != revision);
                    show(app, &news, welcome, fresh, now);
                    app.effects.extend(attempt.map(Effect::from));
                }
                Ok(DuelChange::Refused(reason)) => {
                    app.message.error(format!("Refused by the host: {reason}"));
                }
                Ok(DuelChange::Nothing) => {}
                Err(err) => {
                    app.message
                        .error(format!("{err}; asking the host for the duel again"));
                    app.effects.push(Effect::Net(Msg::WantSync));
                }
            }
        }
        NetEvent::PeerJoined { .. } => {
            if matches!(app.mode, Mode::Invite(_)) {
                app.mode = Mode::Playing;
            }
        }
        // The host's state says who came or went, and the refusals are the host's to count.
        NetEvent::PeerLeft { .. } | NetEvent::Refused { .. } => {}
        NetEvent::Dropped { why } => {
            net.link_down = true;
            app.message = Some(
                Message::error(format!(
                    "The connection to the host broke ({why}): connecting again; the clock of \
                     the player to solve runs on"
                ))
                .or_shorter("Connection lost: connecting again; the clock runs on"),
            );
        }
        NetEvent::Lost { why } => {
            net.link_down = true;
            app.message
                .error(format!("The duel's connection ended: {why} · Ctrl-Q quits"));
        }
    }
}

/// This screen's player's attempt that `news` ends, for their history in this screen's own
/// database (each side keeps its own player's; the duel's puzzles are casual, unrated): the
/// puzzle is `before`, the one on the board until this news.
fn own_attempt(net: &NetDuel, news: &DuelNews, before: Option<Puzzle>) -> Option<PuzzleEffect> {
    let (by, won) = match news {
        DuelNews::Solved { by, .. } => (*by, true),
        DuelNews::Wrong { by, .. } => (*by, false),
        _ => return None,
    };
    let me = net.mirror.me()?;
    if usize::from(by) != me {
        return None;
    }
    Some(PuzzleEffect::Record {
        player: net.state()?.names[me].clone(),
        puzzle: Box::new(before?),
        mode: PuzzleMode::Casual,
        won,
    })
}

/// Puts the state's puzzle on the board and says what happened.
fn show(app: &mut App, news: &DuelNews, welcome: bool, fresh: bool, now: Duration) {
    // The move a player missed, in SAN where it was to be made: the position on the board
    // until now (a wrong move is never played on it).
    let missed = match news {
        DuelNews::Wrong { expected, .. } if fresh => {
            let before = app.game.position();
            uci_move(before, expected).ok().map(|m| before.san(m))
        }
        _ => None,
    };
    let Some(seat) = seat_mut(app) else { return };
    let Run::Net(net) = &seat.run else { return };
    let Some((state, solving)) = net.mirror.state() else {
        return;
    };
    let (state, solving) = (state.clone(), solving.clone());
    let me = net.mirror.me();
    let hosting = net.setup.hosting;
    let puzzle = solving.puzzle().clone();
    let mut game = puzzle_game(seat, &puzzle, now);
    for &m in &solving.played()[1..] {
        if game.play(m, now).is_err() {
            break;
        }
    }
    seat.solving = Some(solving);
    install(app, game);
    // A mate ends the puzzle's game: the duel says so itself, no game-over box.
    app.over_announced = app.game.is_over();
    let words = news_words(&state, news, me, welcome, hosting, missed.as_deref());
    let words = if state.over {
        let summary = duel(app).map(NetDuel::summary).unwrap_or_default();
        if words.is_empty() {
            summary
        } else {
            format!("{words} · {summary}")
        }
    } else {
        words
    };
    app.message = Some(match news {
        DuelNews::Wrong { .. } | DuelNews::Flag { .. } => Message::error(words),
        DuelNews::Connection {
            player,
            connected: false,
        } => Message::error(words).or_shorter(format!(
            "{} is away: their clock runs on",
            state.names[usize::from(*player.min(&1))]
        )),
        _ => Message::info(words),
    });
    // The invitation stays on the host's screen until the opponent comes.
    if state.connected[1] && matches!(app.mode, Mode::Invite(_)) {
        app.mode = Mode::Playing;
    } else if hosting && !state.connected[1] && !state.over {
        app.mode = Mode::Invite(dialogs::Invite);
    }
}

/// What the screen says of the news.
fn news_words(
    s: &DuelState,
    news: &DuelNews,
    me: Option<usize>,
    welcome: bool,
    hosting: bool,
    missed: Option<&str>,
) -> String {
    let name = |p: u8| s.names[usize::from(p.min(1))].clone();
    let turn = usize::from(s.turn);
    let whose = match me {
        Some(me) if me == turn => "your puzzle".to_owned(),
        _ => format!("{}'s puzzle", s.names[turn]),
    };
    // Once over, nothing comes next: the end's summary follows the news.
    let next = if s.over {
        String::new()
    } else {
        format!(" · puzzle {} of {}: {whose}", s.number, s.total)
    };
    match news {
        DuelNews::Start if hosting && !s.connected[1] => format!(
            "Waiting for {} to join (type invite to see the invitation again)",
            s.names[1]
        ),
        DuelNews::Start if welcome => match me {
            Some(me) => format!("You are {} in the duel{next}", s.names[me]),
            None => format!("Watching the duel{next}"),
        },
        // The joining player's screen is ready: the first clock runs.
        DuelNews::Start if hosting => format!("{} is here{next}", s.names[1]),
        DuelNews::Start => next.trim_start_matches(" · ").to_owned(),
        DuelNews::Right { by } => format!(
            "{}: right ({} found) · go on",
            name(*by),
            s.played.len().div_ceil(2)
        ),
        DuelNews::Solved { by, number } => {
            format!("{} solved puzzle {number}{next}", name(*by))
        }
        // The same puzzle goes to the opponent: the right move is not given away.
        DuelNews::Wrong { by, number, .. } if s.number == *number && !s.over => {
            format!("{} missed puzzle {number}: it passes{next}", name(*by))
        }
        DuelNews::Wrong {
            by,
            number,
            expected,
        } => format!(
            "{} missed puzzle {number}: the move was {}{next}",
            name(*by),
            missed.unwrap_or(expected)
        ),
        DuelNews::Flag { by } => format!("{}'s time is up", name(*by)),
        // This terminal's own coming is no news to its player.
        DuelNews::Connection {
            player,
            connected: true,
        } if me == Some(usize::from(*player)) => next.trim_start_matches(" · ").to_owned(),
        // Under way (or over), a connection is a player coming back.
        DuelNews::Connection {
            player,
            connected: true,
        } if s.running || s.over => format!("{} is back{next}", name(*player)),
        DuelNews::Connection {
            player,
            connected: true,
        } => format!("{} is here{next}", name(*player)),
        DuelNews::Connection {
            player,
            connected: false,
        } if s.over => format!("{} left", name(*player)),
        DuelNews::Connection {
            player,
            connected: false,
        } => format!(
            "{}'s terminal is gone: their clock runs on if it is their puzzle; hotseat join \
             with the same invitation takes the seat back",
            name(*player)
        ),
    }
}

/// A move played at this screen: checked by the mirror, then sent to the host.
pub(super) fn commit(app: &mut App, mv: Move) {
    app.mode = Mode::Playing;
    let before = app.game.position().clone();
    let Some(net) = duel(app) else { return };
    let sent = net.mirror.try_move(&mv.uci().to_string());
    let solver = net.solver().unwrap_or("your opponent").to_owned();
    app.move_box.clear();
    app.board.put_back();
    match sent {
        Ok(msg) => {
            app.effects.push(Effect::Net(msg));
            app.message
                .info(format!("{} sent to the host…", before.san(mv)));
        }
        Err(DuelMoveError::NotYourTurn) => app.message.error(format!(
            "It is {solver}'s puzzle: wait for yours (your move was not sent)"
        )),
        Err(DuelMoveError::Watching) => {
            app.message
                .error("You are watching this duel: only its players move");
        }
        Err(DuelMoveError::Over) => app.message.error("The duel is over · Ctrl-Q quits"),
        Err(DuelMoveError::NotStarted) => app
            .message
            .error("The duel has not reached this screen yet"),
        Err(DuelMoveError::Illegal(text)) => {
            app.message
                .error(format!("{text} is no legal move on this board"));
        }
    }
}

/// The puzzle's own keys at a duel across the network; `true` when the action was one.
pub(super) fn action(app: &mut App, action: &Action) -> bool {
    let Some(net) = duel(app) else { return false };
    let over = net.is_over();
    match action {
        Action::Hint | Action::MoveNow | Action::Takeback => {
            app.message
                .error("No hints, solutions or retries in a duel");
        }
        Action::Puzzles if over => app.message.error(
            "The duel is over: another is hosted with hotseat puzzles duel --host · Ctrl-Q quits",
        ),
        Action::Puzzles => app
            .message
            .error("The duel goes on by itself: solve the puzzle, or a wrong move passes it"),
        _ => return false,
    }
    true
}

/// A word typed in the move box at a duel across the network: `invite` shows the host's
/// invitation again. False for any other text.
pub(in crate::app) fn typed(app: &mut App, text: &str) -> bool {
    let Some(net) = duel(app) else { return false };
    if text != "invite" {
        return false;
    }
    let has = !net.setup.invitation.is_empty();
    app.move_box.clear();
    if has {
        app.mode = Mode::Invite(dialogs::Invite);
    } else {
        app.message.error("Only the host has invitations to give");
    }
    true
}

#[cfg(test)]
mod tests;
