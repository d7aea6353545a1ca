//! Two terminals, one game: the words that the network edge ([`crate::net`]) and the app both
//! use, and nothing that touches a socket.
//!
//! The host's game is the truth. A player at another terminal sends an [`Action`] (a move, an
//! offer, a claim, a resignation, a takeback request or answer, a line of chat); the host checks
//! it with the chess crate and answers every terminal with a [`Msg`]. Each terminal keeps a
//! [`Mirror`] of the host's game, built from a [`Snapshot`] and kept in step by the messages; a
//! move the player typed is shown at once ([`Mirror::try_move`]) and confirmed or taken back by
//! the host's answer.
//!
//! * [`msg`] — the wire messages: one serde enum ([`Msg`]), its version, and the pieces it is
//!   made of ([`Seat`], [`Action`], [`Snapshot`], [`Clocks`], [`Notice`]).
//! * [`mirror`] — a terminal's copy of the host's game and how each message changes it.
//! * [`chat`] — what a line of chat may hold.
//! * [`duel`] — a puzzle duel's state, whole, as the host sends it.
//!
//! Imports only the chess crate (and serde for the derive); the app names these types, the
//! network edge sends them.

pub mod chat;
pub mod duel;
pub mod mirror;
pub mod msg;

pub use chat::{MAX_CHAT_CHARS, clean_chat};
pub use duel::{
    DuelChange, DuelMirror, DuelMoveError, DuelNews, DuelPuzzle, DuelState, DuelStateError,
};
pub use mirror::{Mirror, MirrorError};
pub use msg::{Action, Clocks, Msg, NetEvent, Notice, PROTOCOL_VERSION, Seat, Snapshot};
