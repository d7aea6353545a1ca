//! The encrypted, authenticated channel: the Noise protocol (`Noise_NNpsk0_25519_ChaChaPoly_
//! BLAKE2s`, by the `snow` crate) over TCP, with a key from the invitation as the pre-shared
//! key. Nothing here is cryptography of our own: snow does the handshake and the encryption;
//! this file frames its messages and puts a deadline on every read.
//!
//! The connection, byte by byte:
//!
//! 1. The terminal sends one byte, `P` (to play) or `W` (to watch): which key the host must
//!    use. It is also the handshake's prologue, so a byte changed on the way fails the
//!    handshake.
//! 2. Noise's first message (the terminal's ephemeral key, and a payload encrypted with the
//!    pre-shared key: `hs` and its [`PROTOCOL_VERSION`]). A host that cannot decrypt it (no
//!    secret, a wrong one, random bytes) closes the connection having sent nothing at all.
//! 3. Noise's second message (the host's ephemeral key; payload `hs`, its version and an
//!    answer: welcome, a different version, or no room).
//! 4. The terminal's confirmation: the first transport message, `hs`, its version and
//!    `CONFIRM`, encrypted with the keys the handshake made. Those keys mix in the host's
//!    ephemeral key, new for this connection, so only the terminal that made the first message
//!    *now* can make this one: a first message recorded and sent again (a replay) gets the
//!    host's answer but can never confirm it, and the host trusts nothing before it
//!    (protocol version 2; version 1 trusted the first message alone).
//! 5. From then on, [`Msg`]s, each encrypted, with its length in two bytes before it
//!    ([`super::frame`]).
//!
//! The host gives the whole handshake one deadline (not one per read: a byte every few
//! seconds does not keep a connection open). A host too busy to take a connection sends the
//! one byte [`BUSY`] and closes it (a handshake frame's length never starts with it), so the
//! terminal can say "busy" rather than blame the invitation.
//!
//! Each message is read whole within a deadline, its length refused before reading if too big.

use std::fmt;
use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream, ToSocketAddrs};
use std::sync::Arc;
use std::time::{Duration, Instant};

use snow::{Builder, HandshakeState, StatelessTransportState};

use super::frame::{self, FrameError, MAX_FRAME};
use super::invite::{Access, Invitation};
use crate::remote::{Msg, PROTOCOL_VERSION};

const PATTERN: &str = "Noise_NNpsk0_25519_ChaChaPoly_BLAKE2s";
/// A handshake message: a 32-byte key, a 4-byte payload, a 16-byte tag, and some room.
const MAX_HANDSHAKE: usize = 128;
const TAG: &[u8; 2] = b"hs";

/// The host's answer in the handshake.
const WELCOME: u8 = 0;
const OTHER_VERSION: u8 = 1;
const NO_ROOM: u8 = 2;
/// The terminal's confirmation, after `hs` and its version.
const CONFIRM: u8 = 3;

/// The one byte a busy host sends before it closes a connection it cannot take.
pub const BUSY: u8 = 0xff;

/// What went wrong with a connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The connection could not be made or broke (the system's words).
    Io(String),
    /// Nothing came within the time allowed.
    TimedOut,
    /// The other side closed the connection.
    Closed,
    /// The host closed the connection during the handshake: it did not accept the key.
    NotAccepted,
    /// The two sides speak different versions of the protocol.
    Version { ours: u16, theirs: u16 },
    /// The host has no room for another watcher.
    NoRoom,
    /// The host had too many connections at once to take this one.
    Busy,
    /// A frame too large, or a message that is not one.
    Frame(FrameError),
    /// A message that does not decrypt (changed on the way, or not from the other side).
    Forged,
    /// An invitation to watch used to play.
    WatchOnly,
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Io(why) => f.write_str(why),
            LinkError::TimedOut => f.write_str("no answer in time"),
            LinkError::Closed => f.write_str("the connection was closed"),
            LinkError::NotAccepted => f.write_str(
                "the host refused the invitation: it is not one for the game it hosts now (an \
                 old invitation, or one mistyped); ask for the `hotseat join` line again",
            ),
            LinkError::Busy => f.write_str(
                "the host is busy (too many connections at once, perhaps strangers'); the \
                 invitation is fine: try again in a moment",
            ),
            LinkError::Version { ours, theirs } => write!(
                f,
                "the other side speaks version {theirs} of hotseat's network protocol and this \
                 one version {ours}: both players need the same hotseat version"
            ),
            LinkError::NoRoom => {
                f.write_str("the host has as many watchers as it allows; try again later")
            }
            LinkError::Frame(e) => write!(f, "{e}"),
            LinkError::Forged => {
                f.write_str("a message did not decrypt: the connection is not safe")
            }
            LinkError::WatchOnly => f.write_str(
                "this invitation is for watching only: use `hotseat watch`, or ask the host for a \
                 play invitation",
            ),
        }
    }
}

impl std::error::Error for LinkError {}

impl From<FrameError> for LinkError {
    fn from(e: FrameError) -> LinkError {
        LinkError::Frame(e)
    }
}

fn io_error(e: io::Error) -> LinkError {
    match e.kind() {
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => LinkError::TimedOut,
        io::ErrorKind::UnexpectedEof
        | io::ErrorKind::ConnectionReset
        | io::ErrorKind::ConnectionAborted
        | io::ErrorKind::BrokenPipe => LinkError::Closed,
        _ => LinkError::Io(e.to_string()),
    }
}

fn snow_error(_: snow::Error) -> LinkError {
    LinkError::Forged
}

fn access_byte(access: Access) -> u8 {
    match access {
        Access::Play => b'P',
        Access::Watch => b'W',
    }
}

fn builder() -> Builder<'static> {
    // The pattern is a constant known to parse.
    Builder::new(PATTERN.parse().expect("a valid Noise pattern"))
}

/// Reads exactly `buf.len()` bytes from `stream` by `deadline`, however they trickle in.
fn read_by(stream: &mut TcpStream, buf: &mut [u8], deadline: Instant) -> Result<(), LinkError> {
    let mut got = 0;
    while got < buf.len() {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(LinkError::TimedOut);
        }
        stream.set_read_timeout(Some(left)).map_err(io_error)?;
        match stream.read(&mut buf[got..]) {
            Ok(0) => return Err(LinkError::Closed),
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(io_error(e)),
        }
    }
    Ok(())
}

/// [`read_frame`] of a handshake, all of it by `deadline`.
fn read_frame_by(
    stream: &mut TcpStream,
    max: usize,
    deadline: Instant,
) -> Result<Vec<u8>, LinkError> {
    let mut prefix = [0; 2];
    read_by(stream, &mut prefix, deadline)?;
    let len = frame::announced_length(prefix)?;
    if len > max {
        return Err(LinkError::Frame(FrameError::TooLarge { len }));
    }
    let mut bytes = vec![0; len];
    read_by(stream, &mut bytes, deadline)?;
    Ok(bytes)
}

/// Reads one length-prefixed frame (at most `max` bytes).
fn read_frame(stream: &mut impl Read, max: usize) -> Result<Vec<u8>, LinkError> {
    let mut prefix = [0; 2];
    stream.read_exact(&mut prefix).map_err(io_error)?;
    let len = frame::announced_length(prefix)?;
    if len > max {
        return Err(LinkError::Frame(FrameError::TooLarge { len }));
    }
    let mut bytes = vec![0; len];
    stream.read_exact(&mut bytes).map_err(io_error)?;
    Ok(bytes)
}

fn write_frame(stream: &mut impl Write, bytes: &[u8]) -> Result<(), LinkError> {
    let prefix = frame::length_prefix(bytes.len())?;
    let mut all = Vec::with_capacity(bytes.len() + 2);
    all.extend_from_slice(&prefix);
    all.extend_from_slice(bytes);
    stream.write_all(&all).map_err(io_error)
}

fn hello(version: u16, extra: Option<u8>) -> Vec<u8> {
    let mut payload = TAG.to_vec();
    payload.extend_from_slice(&version.to_be_bytes());
    payload.extend(extra);
    payload
}

/// The version in a handshake payload (`hs`, two bytes), and what follows it.
fn read_hello(payload: &[u8]) -> Result<(u16, &[u8]), LinkError> {
    match payload {
        [b'h', b's', hi, lo, rest @ ..] => Ok((u16::from_be_bytes([*hi, *lo]), rest)),
        _ => Err(LinkError::Forged),
    }
}

/// The sending half of a connection.
#[derive(Debug)]
pub struct LinkWriter {
    stream: TcpStream,
    noise: Arc<StatelessTransportState>,
    nonce: u64,
}

/// The receiving half.
#[derive(Debug)]
pub struct LinkReader {
    stream: TcpStream,
    noise: Arc<StatelessTransportState>,
    nonce: u64,
}

impl LinkWriter {
    /// Encrypts and sends one message.
    pub fn send(&mut self, msg: &Msg) -> Result<(), LinkError> {
        self.send_plain(&frame::encode(msg)?)
    }

    /// Encrypts and sends bytes that are not a [`Msg`] (the handshake's confirmation).
    fn send_plain(&mut self, plain: &[u8]) -> Result<(), LinkError> {
        let mut sealed = vec![0; plain.len() + 16];
        let len = self
            .noise
            .write_message(self.nonce, plain, &mut sealed)
            .map_err(snow_error)?;
        self.nonce += 1;
        write_frame(&mut self.stream, &sealed[..len])
    }

    /// Another handle on the socket, to close it from elsewhere.
    pub fn stream_clone(&self) -> Option<TcpStream> {
        self.stream.try_clone().ok()
    }

    /// Closes both halves (the reader's blocked read returns).
    pub fn shutdown(&self) {
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}

impl LinkReader {
    /// Receives and decrypts one message, waiting at most the read time-out set.
    pub fn recv(&mut self) -> Result<Msg, LinkError> {
        let sealed = read_frame(&mut self.stream, MAX_FRAME)?;
        Ok(frame::decode(&self.open(&sealed)?)?)
    }

    /// Decrypts the next message's bytes.
    fn open(&mut self, sealed: &[u8]) -> Result<Vec<u8>, LinkError> {
        let mut plain = vec![0; sealed.len()];
        let len = self
            .noise
            .read_message(self.nonce, sealed, &mut plain)
            .map_err(snow_error)?;
        self.nonce += 1;
        plain.truncate(len);
        Ok(plain)
    }

    /// The terminal's confirmation of the handshake, by `deadline`: its version.
    fn recv_confirm(&mut self, deadline: Instant) -> Result<u16, LinkError> {
        let sealed = read_frame_by(&mut self.stream, MAX_HANDSHAKE, deadline)?;
        match read_hello(&self.open(&sealed)?)? {
            (version, [CONFIRM]) => Ok(version),
            _ => Err(LinkError::Forged),
        }
    }

    /// How long [`LinkReader::recv`] waits before [`LinkError::TimedOut`].
    pub fn set_timeout(&self, timeout: Duration) -> Result<(), LinkError> {
        self.stream
            .set_read_timeout(Some(timeout))
            .map_err(io_error)
    }
}

fn split(stream: TcpStream, state: HandshakeState) -> Result<(LinkWriter, LinkReader), LinkError> {
    let noise = Arc::new(state.into_stateless_transport_mode().map_err(snow_error)?);
    let reader = LinkReader {
        stream: stream.try_clone().map_err(io_error)?,
        noise: Arc::clone(&noise),
        nonce: 0,
    };
    Ok((
        LinkWriter {
            stream,
            noise,
            nonce: 0,
        },
        reader,
    ))
}

/// Connects to the host of `invitation` to play or watch, within `timeout` for each step.
pub fn connect(
    invitation: &Invitation,
    access: Access,
    timeout: Duration,
) -> Result<(LinkWriter, LinkReader), LinkError> {
    connect_as(invitation, access, timeout, PROTOCOL_VERSION)
}

/// [`connect`], saying `version` (another than this hotseat's only in tests).
fn connect_as(
    invitation: &Invitation,
    access: Access,
    timeout: Duration,
    version: u16,
) -> Result<(LinkWriter, LinkReader), LinkError> {
    let key = invitation.key(access).ok_or(LinkError::WatchOnly)?;
    let address = invitation.address();
    let addrs = address
        .to_socket_addrs()
        .map_err(|e| LinkError::Io(format!("cannot find {address}: {e}")))?;
    let mut last = LinkError::Io(format!("{address} has no address"));
    let mut stream = None;
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, timeout) {
            Ok(s) => {
                stream = Some(s);
                break;
            }
            Err(e) => last = LinkError::Io(format!("cannot connect to {address}: {e}")),
        }
    }
    let mut stream = stream.ok_or(last)?;
    stream.set_nodelay(true).map_err(io_error)?;
    stream.set_read_timeout(Some(timeout)).map_err(io_error)?;
    stream.set_write_timeout(Some(timeout)).map_err(io_error)?;
    let role = [access_byte(access)];
    let mut state = builder()
        .prologue(&role)
        .and_then(|b| b.psk(0, &key))
        .and_then(Builder::build_initiator)
        .map_err(snow_error)?;
    let mut buf = [0; MAX_HANDSHAKE];
    let len = state
        .write_message(&hello(version, None), &mut buf)
        .map_err(snow_error)?;
    let sent = stream
        .write_all(&role)
        .map_err(io_error)
        .and_then(|()| write_frame(&mut stream, &buf[..len]));
    // A host too busy may have said so and closed before this side finished writing.
    let answer = match (sent, read_answer(&mut stream)) {
        (_, Err(LinkError::Busy)) => return Err(LinkError::Busy),
        (Err(e), _) => return Err(e),
        (Ok(()), answer) => answer?,
    };
    let mut payload = [0; MAX_HANDSHAKE];
    let len = state
        .read_message(&answer, &mut payload)
        .map_err(snow_error)?;
    let (theirs, rest) = read_hello(&payload[..len])?;
    match rest {
        [WELCOME] if theirs == version => {
            let (mut writer, reader) = split(stream, state)?;
            writer.send_plain(&hello(version, Some(CONFIRM)))?;
            Ok((writer, reader))
        }
        [NO_ROOM] => Err(LinkError::NoRoom),
        _ => Err(LinkError::Version {
            ours: version,
            theirs,
        }),
    }
}

/// The host's answer to the first message: its frame, or why there is none (a host that
/// closes without a word did not accept the key; one that sends [`BUSY`] had no room).
fn read_answer(stream: &mut TcpStream) -> Result<Vec<u8>, LinkError> {
    let mut first = [0; 1];
    match stream.read_exact(&mut first).map_err(io_error) {
        Err(LinkError::Closed) => return Err(LinkError::NotAccepted),
        other => other?,
    }
    if first[0] == BUSY {
        return Err(LinkError::Busy);
    }
    let mut second = [0; 1];
    stream.read_exact(&mut second).map_err(io_error)?;
    let len = frame::announced_length([first[0], second[0]])?;
    if len > MAX_HANDSHAKE {
        return Err(LinkError::Frame(FrameError::TooLarge { len }));
    }
    let mut bytes = vec![0; len];
    stream.read_exact(&mut bytes).map_err(io_error)?;
    Ok(bytes)
}

/// The keys a host accepts: to play and to watch.
#[derive(Clone)]
pub struct HostKeys {
    pub play: [u8; 32],
    pub watch: [u8; 32],
}

impl fmt::Debug for HostKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("HostKeys(..)")
    }
}

impl HostKeys {
    pub fn of(invitation: &Invitation) -> Option<HostKeys> {
        Some(HostKeys {
            play: invitation.key(Access::Play)?,
            watch: invitation.key(Access::Watch)?,
        })
    }
}

/// Why the host refused a connection (counted on its screen).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No key, a wrong key, or bytes that are not a handshake: nothing was sent back.
    Stranger(LinkError),
    /// The right key, another protocol version: told so.
    Version { theirs: u16 },
    /// The right key to watch, but no room.
    NoRoom,
    /// A first message made with the key, never confirmed on this connection: a replay, or a
    /// terminal gone mid-handshake.
    Unconfirmed(LinkError),
    /// Dropped unanswered to make room for a newer connection (the host was full).
    Evicted,
    /// Told the host is busy: every handshake in its way had shown the key.
    Busy,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Stranger(why) => write!(f, "a connection without the invitation ({why})"),
            Refusal::Version { theirs } => write!(
                f,
                "a terminal with protocol version {theirs} (this hotseat has {PROTOCOL_VERSION})"
            ),
            Refusal::NoRoom => f.write_str("a watcher over the cap"),
            Refusal::Unconfirmed(why) => write!(
                f,
                "a handshake never confirmed on its connection (a replay, or a terminal gone: \
                 {why})"
            ),
            Refusal::Evicted => f.write_str(
                "a connection still in its handshake, dropped to make room for a newer one",
            ),
            Refusal::Busy => f.write_str("a connection told the host is busy"),
        }
    }
}

/// The host's side of the handshake on a new connection, within `timeout` in all (however
/// slowly the bytes come). `room` says whether a terminal with that access may come in. The
/// connection is trusted only once the terminal has confirmed the handshake (see the module
/// docs): a replayed first message gets no further.
pub fn accept(
    mut stream: TcpStream,
    keys: &HostKeys,
    timeout: Duration,
    room: impl FnOnce(Access) -> bool,
) -> Result<(Access, LinkWriter, LinkReader), Refusal> {
    let deadline = Instant::now() + timeout;
    let stranger = Refusal::Stranger;
    stream
        .set_write_timeout(Some(timeout))
        .and_then(|()| stream.set_nodelay(true))
        .map_err(|e| stranger(io_error(e)))?;
    let mut role = [0; 1];
    read_by(&mut stream, &mut role, deadline).map_err(stranger)?;
    let (access, key) = match role[0] {
        b'P' => (Access::Play, &keys.play),
        b'W' => (Access::Watch, &keys.watch),
        _ => return Err(stranger(LinkError::Forged)),
    };
    let mut state = builder()
        .prologue(&role)
        .and_then(|b| b.psk(0, key))
        .and_then(Builder::build_responder)
        .map_err(|e| stranger(snow_error(e)))?;
    let first = read_frame_by(&mut stream, MAX_HANDSHAKE, deadline).map_err(stranger)?;
    let mut payload = [0; MAX_HANDSHAKE];
    let len = state
        .read_message(&first, &mut payload)
        .map_err(|e| stranger(snow_error(e)))?;
    // The first message was made with the key, but perhaps long ago (a replay): the answer
    // goes out, the trust waits for the confirmation.
    let (theirs, _) = read_hello(&payload[..len]).map_err(stranger)?;
    let answer = if theirs != PROTOCOL_VERSION {
        OTHER_VERSION
    } else if !room(access) {
        NO_ROOM
    } else {
        WELCOME
    };
    let mut buf = [0; MAX_HANDSHAKE];
    let len = state
        .write_message(&hello(PROTOCOL_VERSION, Some(answer)), &mut buf)
        .map_err(|e| stranger(snow_error(e)))?;
    write_frame(&mut stream, &buf[..len]).map_err(stranger)?;
    match answer {
        WELCOME => {
            let (writer, mut reader) = split(stream, state).map_err(stranger)?;
            match reader.recv_confirm(deadline) {
                Ok(version) if version == PROTOCOL_VERSION => Ok((access, writer, reader)),
                Ok(_) => Err(Refusal::Unconfirmed(LinkError::Forged)),
                Err(e) => Err(Refusal::Unconfirmed(e)),
            }
        }
        NO_ROOM => Err(Refusal::NoRoom),
        _ => Err(Refusal::Version { theirs }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::invite::{Place, SECRET_LEN};
    use std::net::TcpListener;
    use std::thread;

    /// A host on loopback that accepts one connection and gives back how it went.
    fn one_accept(
        invitation: &Invitation,
    ) -> (Invitation, thread::JoinHandle<Result<Access, Refusal>>) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let keys = HostKeys::of(invitation).unwrap();
        let host = thread::spawn(move || {
            let (stream, _) = listener.accept().unwrap();
            accept(stream, &keys, Duration::from_secs(5), |_| true).map(|(a, _, _)| a)
        });
        let mut inv = invitation.clone();
        inv.port = port;
        (inv, host)
    }

    fn invitation() -> Invitation {
        Invitation::new(Place::Ip("127.0.0.1".parse().unwrap()), 0, [3; SECRET_LEN])
    }

    #[test]
    fn a_wrong_version_is_told_with_both_versions_named() {
        let (inv, host) = one_accept(&invitation());
        let ours = PROTOCOL_VERSION + 1;
        let err = connect_as(&inv, Access::Play, Duration::from_secs(5), ours).unwrap_err();
        assert_eq!(
            err,
            LinkError::Version {
                ours,
                theirs: PROTOCOL_VERSION
            }
        );
        let text = err.to_string();
        assert!(text.contains(&format!("version {ours}")), "{text}");
        assert!(
            text.contains(&format!("version {PROTOCOL_VERSION}")),
            "{text}"
        );
        assert_eq!(host.join().unwrap(), Err(Refusal::Version { theirs: ours }));
        assert!(
            Refusal::Version { theirs: ours }
                .to_string()
                .contains(&ours.to_string())
        );
    }

    #[test]
    fn the_right_key_and_version_come_in_to_play_and_to_watch() {
        for access in [Access::Play, Access::Watch] {
            let (inv, host) = one_accept(&invitation());
            assert!(connect(&inv, access, Duration::from_secs(5)).is_ok());
            assert_eq!(host.join().unwrap(), Ok(access));
        }
    }

    #[test]
    fn a_message_changed_on_the_way_does_not_decrypt() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let mut inv = invitation();
        inv.port = listener.local_addr().unwrap().port();
        let keys = HostKeys::of(&inv).unwrap();
        let host = thread::spawn(move || {
            let (stream, _) = listener.accept().unwrap();
            let (_, _, reader) = accept(stream, &keys, Duration::from_secs(5), |_| true).unwrap();
            reader
        });
        let (writer, _reader) = connect(&inv, Access::Play, Duration::from_secs(5)).unwrap();
        let mut host_reader = host.join().unwrap();
        // A byte flipped in the ciphertext of a true message.
        let plain = frame::encode(&Msg::Bye).unwrap();
        let mut sealed = vec![0; plain.len() + 16];
        let len = writer.noise.write_message(0, &plain, &mut sealed).unwrap();
        sealed[0] ^= 1;
        write_frame(&mut writer.stream_clone().unwrap(), &sealed[..len]).unwrap();
        assert_eq!(host_reader.recv(), Err(LinkError::Forged));
    }
}
