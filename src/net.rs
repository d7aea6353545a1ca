//! Two terminals, one game, at the edge: sockets, encryption and the host's game. Speaks to
//! the app in [`NetEvent`]s through a callback (the event channel's
//! sender); the app never names this module, only the words of [`crate::remote`].
//!
//! * [`invite`] — the invitation: address and secret in one word that survives copying.
//! * [`frame`] — a [`Msg`](crate::remote::Msg) to bytes and back, with a size cap; the decoder
//!   is fuzzed (fuzz/fuzz_targets/net_frame.rs).
//! * [`transport`] — the Noise handshake and encrypted frames over TCP, with deadlines.
//! * [`referee`] — the host's game, the truth: every action checked by the chess crate, lag
//!   credited to the clock, what to tell each terminal.
//! * [`duel`] — the host's puzzle duel, the truth: each player's move checked (turn, revision,
//!   the line), the whole state told after each change.
//! * [`host`] — the host's sockets: who may come in, seats and watchers, heartbeats,
//!   refusals counted, a slow terminal dropped.
//! * [`client`] — a terminal that joins or watches.
//!
//! Every peer is a stranger until it proves it holds the invitation's key: before that the
//! host reads at most a byte and one small handshake message from it, within a deadline, and
//! sends nothing. After that every read still has a size cap and a deadline, every queue a
//! bound, and every action goes through the chess crate before the game believes it.

pub mod client;
pub mod duel;
pub mod frame;
pub mod host;
pub mod invite;
pub mod referee;
pub mod served;
pub mod transport;

use std::sync::Arc;

use crate::remote::NetEvent;

/// Where the network's events go: the app's event channel, wrapped.
pub type Sink = Arc<dyn Fn(NetEvent) + Send + Sync>;
