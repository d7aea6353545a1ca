//! A message's bytes: [`Msg`] serialised with postcard, at most [`MAX_MESSAGE`] bytes. On the
//! wire each one is encrypted (`transport`) and preceded by its length in two bytes, big-endian,
//! so a reader knows how much to read before it reads it, and refuses more than
//! [`MAX_FRAME`] without reading it.
//!
//! [`decode`] is fed anything a stranger can send: it never panics, never allocates more than
//! the bytes it is given allow, and refuses bytes left over.

use std::fmt;

use crate::remote::Msg;

/// The largest message before encryption: a snapshot of a very long game with every clock
/// reading fits (a 300-move game is about 10 KB of PGN).
pub const MAX_MESSAGE: usize = 60 * 1024;

/// The largest frame on the wire: a message and its 16-byte authentication tag. Noise's own
/// limit is 65,535.
pub const MAX_FRAME: usize = MAX_MESSAGE + 16;

/// Why bytes are not a message, or a message not bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FrameError {
    TooLarge { len: usize },
    Unreadable(String),
    TrailingBytes { len: usize },
}

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrameError::TooLarge { len } => {
                write!(
                    f,
                    "a message of {len} bytes is over the limit of {MAX_MESSAGE}"
                )
            }
            FrameError::Unreadable(why) => write!(f, "a message could not be read: {why}"),
            FrameError::TrailingBytes { len } => {
                write!(
                    f,
                    "a message was followed by {len} bytes that are not part of it"
                )
            }
        }
    }
}

impl std::error::Error for FrameError {}

/// The bytes of `msg`.
pub fn encode(msg: &Msg) -> Result<Vec<u8>, FrameError> {
    let bytes = postcard::to_allocvec(msg).map_err(|e| FrameError::Unreadable(e.to_string()))?;
    if bytes.len() > MAX_MESSAGE {
        return Err(FrameError::TooLarge { len: bytes.len() });
    }
    Ok(bytes)
}

/// The message in `bytes`, which must hold it exactly.
pub fn decode(bytes: &[u8]) -> Result<Msg, FrameError> {
    if bytes.len() > MAX_MESSAGE {
        return Err(FrameError::TooLarge { len: bytes.len() });
    }
    let (msg, rest) = postcard::take_from_bytes::<Msg>(bytes)
        .map_err(|e| FrameError::Unreadable(e.to_string()))?;
    if !rest.is_empty() {
        return Err(FrameError::TrailingBytes { len: rest.len() });
    }
    Ok(msg)
}

/// The two-byte length that goes before a frame of `len` bytes.
pub fn length_prefix(len: usize) -> Result<[u8; 2], FrameError> {
    if len > MAX_FRAME {
        return Err(FrameError::TooLarge { len });
    }
    Ok(u16::try_from(len)
        .map_err(|_| FrameError::TooLarge { len })?
        .to_be_bytes())
}

/// The length a two-byte prefix announces, refused if over [`MAX_FRAME`] (before any of it
/// is read).
pub fn announced_length(prefix: [u8; 2]) -> Result<usize, FrameError> {
    let len = usize::from(u16::from_be_bytes(prefix));
    if len > MAX_FRAME {
        return Err(FrameError::TooLarge { len });
    }
    Ok(len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::remote::{Action, Clocks, Seat, Snapshot};

    fn samples() -> Vec<Msg> {
        vec![
            Msg::Moved {
                ply: 3,
                uci: "e7e8q".into(),
                clocks: Clocks {
                    white_ms: Some(300_000),
                    black_ms: None,
                    lag_ms: [0, 42],
                },
            },
            Msg::Act {
                ply: 0,
                action: Action::Say {
                    text: "good luck".into(),
                },
            },
            Msg::Welcome {
                seat: Seat::Watcher,
                snapshot: Snapshot {
                    pgn: "1. e4 *".into(),
                    clocks: Clocks::default(),
                    running: true,
                    takeback_asked: Some(Seat::Black),
                    connected: [true, false],
                },
            },
            Msg::Ping { nonce: u64::MAX },
            Msg::Bye,
        ]
    }

    #[test]
    fn every_message_reads_back_as_written() {
        for msg in samples() {
            assert_eq!(decode(&encode(&msg).unwrap()).unwrap(), msg);
        }
    }

    #[test]
    fn truncated_and_padded_messages_are_refused() {
        for msg in samples() {
            let bytes = encode(&msg).unwrap();
            for cut in 0..bytes.len() {
                assert!(decode(&bytes[..cut]).is_err(), "{msg:?} cut at {cut}");
            }
            let mut long = bytes.clone();
            long.push(0);
            assert_eq!(decode(&long), Err(FrameError::TrailingBytes { len: 1 }));
        }
    }

    #[test]
    fn a_string_claiming_more_bytes_than_sent_is_refused_without_allocating_them() {
        // Say { text } with a length of 2^32 - 1 announced and nothing behind it.
        let bytes = [7, 0, 9, 9, 0xff, 0xff, 0xff, 0xff, 0x0f];
        assert!(decode(&bytes).is_err());
    }

    #[test]
    fn oversized_frames_are_refused_by_their_length_alone() {
        assert!(announced_length(length_prefix(MAX_FRAME).unwrap()).is_ok());
        assert_eq!(
            announced_length((MAX_FRAME as u16 + 1).to_be_bytes()),
            Err(FrameError::TooLarge { len: MAX_FRAME + 1 })
        );
        assert!(decode(&vec![0; MAX_MESSAGE + 1]).is_err());
        let huge = Msg::Act {
            ply: 0,
            action: Action::Say {
                text: "x".repeat(MAX_MESSAGE),
            },
        };
        assert!(matches!(encode(&huge), Err(FrameError::TooLarge { .. })));
    }
}
