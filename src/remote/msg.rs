//! The wire messages: one enum, [`Msg`], serialised with serde (the network edge frames it,
//! length first, and encrypts it). Its shape is fixed by [`PROTOCOL_VERSION`]: a change that an
//! older hotseat would read wrongly raises the version, and two terminals of different versions
//! are told so by name before any message is exchanged (`net::transport` checks the versions in
//! the handshake).

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::rules::Color;

/// The version of [`Msg`]. Both sides say theirs in the handshake; a mismatch ends the
/// connection with a message naming both.
pub const PROTOCOL_VERSION: u16 = 3;

/// Who is at a terminal: one of the two players, or a watcher.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Seat {
    White,
    Black,
    Watcher,
}

impl Seat {
    /// The player's colour; `None` for a watcher.
    pub const fn color(self) -> Option<Color> {
        match self {
            Seat::White => Some(Color::White),
            Seat::Black => Some(Color::Black),
            Seat::Watcher => None,
        }
    }

    pub const fn of(color: Color) -> Seat {
        match color {
            Color::White => Seat::White,
            Color::Black => Seat::Black,
        }
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Seat::White => "White",
            Seat::Black => "Black",
            Seat::Watcher => "a watcher",
        })
    }
}

/// What a player asks of the host's game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// A move in UCI notation (`e2e4`, `e7e8q`; castling as the king's move, or onto its own
    /// rook in Chess960), read by the host in the position it has.
    Move {
        uci: String,
    },
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// A claim of threefold repetition or the fifty-move rule in the position as it stands.
    ClaimDraw,
    /// A move that makes a claim true, and the claim (FIDE 9.2.1.1 / 9.3.1).
    MoveAndClaim {
        uci: String,
    },
    Resign,
    /// Asks the opponent's consent to take back the asker's last move.
    AskTakeback,
    /// The answer to the opponent's request.
    AnswerTakeback {
        accept: bool,
    },
    /// A line of chat (cleaned by `clean_chat` on both sides).
    Say {
        text: String,
    },
    /// A puzzle duel's joining player: their screen shows the duel, so its first clock may
    /// start. A connection alone does not start it (a terminal that cannot show the duel,
    /// such as `--plain`, leaves at once).
    Ready,
}

/// Both clocks as the host reads them when it sends the message, and each player's network
/// lag (the last round trip measured, in milliseconds; 0 for the host's own player).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    pub white_ms: Option<u64>,
    pub black_ms: Option<u64>,
    pub lag_ms: [u32; 2],
}

impl Clocks {
    pub fn remaining(&self, color: Color) -> Option<Duration> {
        match color {
            Color::White => self.white_ms,
            Color::Black => self.black_ms,
        }
        .map(Duration::from_millis)
    }

    /// The lag of `color`'s terminal.
    pub fn lag(&self, color: Color) -> Duration {
        Duration::from_millis(u64::from(self.lag_ms[color.index()]))
    }
}

/// The whole game, for a terminal that joins or watches, and after any change other than a
/// move: the host's game as PGN (moves, clock readings, offers, result; read back by the chess
/// crate), its clocks, and what the PGN does not hold.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    pub pgn: String,
    pub clocks: Clocks,
    /// The side to move's clock is running (the game has started and is not over).
    pub running: bool,
    /// A takeback request waiting for an answer, and whose.
    pub takeback_asked: Option<Seat>,
    /// Which players' terminals are connected (the host's own always is).
    pub connected: [bool; 2],
}

/// Why a [`Msg::Sync`] was sent: what happened, for the screen to say.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Notice {
    /// Nothing to say (a terminal asked for the game again).
    Resync,
    DrawOffered(Seat),
    DrawDeclined(Seat),
    TakebackAsked(Seat),
    TakebackDeclined(Seat),
    /// The last move of this player was taken back with the opponent's consent.
    TookBack(Seat),
    /// The game ended (by claim, agreement, resignation or flag fall: the PGN says which).
    Ended,
    /// A player's terminal came or went.
    Connection {
        seat: Seat,
        connected: bool,
    },
}

/// One message, either way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Msg {
    // ---- host to terminal ----
    /// The first message to a terminal: its seat and the game.
    Welcome {
        seat: Seat,
        snapshot: Snapshot,
    },
    /// A move was played: `ply` moves had been played before it.
    Moved {
        ply: u32,
        uci: String,
        clocks: Clocks,
    },
    /// The game changed in another way; here it is whole.
    Sync {
        snapshot: Snapshot,
        notice: Notice,
    },
    /// This terminal's action was refused (a move it showed is taken back), and why.
    Refused {
        reason: String,
    },
    /// A line of chat, cleaned.
    Chat {
        from: Seat,
        text: String,
    },
    /// The clocks, every few seconds (with the heartbeat).
    Clock(Clocks),
    /// A puzzle duel's whole state, after every change (see [`super::duel`]); a player's move
    /// in the duel comes back as [`Msg::Act`] whose `ply` is the state's revision.
    Duel(Box<super::DuelState>),
    /// The first message to a terminal of a host that serves a puzzle duel (in place of
    /// [`Msg::Welcome`]): its player (0 the host's, 1 the other; `None` for a watcher) and the
    /// duel as it stands.
    DuelWelcome {
        player: Option<u8>,
        state: Box<super::DuelState>,
    },
    /// Measures the round trip; answered by [`Msg::Pong`] with the same number.
    Ping {
        nonce: u64,
    },

    // ---- terminal to host ----
    /// A player's action, made when its terminal had `ply` moves.
    Act {
        ply: u32,
        action: Action,
    },
    Pong {
        nonce: u64,
    },
    /// Asks for a [`Msg::Sync`] (the terminal found itself out of step).
    WantSync,

    // ---- either way ----
    /// Leaving on purpose (not a dropped connection).
    Bye,
}

/// What the network edge tells the app (through its event channel).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetEvent {
    /// A message from the host (at a terminal that joined or watches), or from the host's own
    /// game (at the host's terminal).
    Msg(Msg),
    /// At the host: a player's terminal came; `rejoined` when it takes back its seat.
    PeerJoined { seat: Seat, rejoined: bool },
    /// At the host: a player's or watcher's terminal went, and why.
    PeerLeft { seat: Seat, why: String },
    /// At the host: connections refused so far (no secret, the wrong one, a wrong version,
    /// too many, too slow).
    Refused { total: u64, why: String },
    /// At a terminal that joined or watches: the connection to the host broke, and why; it is
    /// being made again (the host's welcome says when it is back).
    Dropped { why: String },
    /// At a terminal that joined or watches: the connection to the host ended for good, and
    /// why.
    Lost { why: String },
}
