//! What a connection refused before it logs in hears: the most SSH allows before its key
//! exchange. The server's version line, then an `SSH_MSG_DISCONNECT` packet in the clear (as
//! every packet before the first key exchange is) with the sentence that says why; OpenSSH
//! prints it as `Received disconnect from HOST port PORT:12: hotseat: …`. Lines before the
//! version would be shown only at `ssh -v`; a bare close says nothing at all.
//!
//! Each refusal costs a task for at most [`LINGER`] (the client's own bytes read and dropped
//! until it closes, so that closing does not reset the connection before it read the
//! sentence); past [`AT_ONCE`] refusals being said, the next are closed without a word.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The server's version line for a refused client.
const VERSION: &[u8] = b"SSH-2.0-hotseat\r\n";
/// `SSH_MSG_DISCONNECT`, and its reason `SSH_DISCONNECT_TOO_MANY_CONNECTIONS` (RFC 4253).
const DISCONNECT: u8 = 1;
const TOO_MANY_CONNECTIONS: u32 = 12;
/// The longest a refused connection is kept for its client to read the sentence.
pub const LINGER: Duration = Duration::from_secs(2);
/// Refusals being said at once.
pub const AT_ONCE: usize = 64;
/// The most of a sentence sent.
const MAX_SENTENCE: usize = 1000;

/// The packet that says `sentence` and ends the connection, unencrypted: length, padding
/// length, payload, padding to a multiple of 8 (at least 4 bytes), no MAC.
pub fn disconnect_packet(sentence: &str) -> Vec<u8> {
    let mut end = sentence.len().min(MAX_SENTENCE);
    while !sentence.is_char_boundary(end) {
        end -= 1;
    }
    let text = &sentence.as_bytes()[..end];
    let mut payload = vec![DISCONNECT];
    payload.extend(TOO_MANY_CONNECTIONS.to_be_bytes());
    payload.extend((text.len() as u32).to_be_bytes());
    payload.extend(text);
    // The language tag: none.
    payload.extend(0u32.to_be_bytes());
    let mut padding = 8 - (4 + 1 + payload.len()) % 8;
    if padding < 4 {
        padding += 8;
    }
    let mut packet = Vec::with_capacity(5 + payload.len() + padding);
    packet.extend(((1 + payload.len() + padding) as u32).to_be_bytes());
    packet.push(padding as u8);
    packet.extend(payload);
    packet.resize(packet.len() + padding, 0);
    packet
}

/// Says `why` to the client of `socket` and closes it, on a task of its own; `saying` counts
/// the refusals being said.
pub fn refuse(socket: TcpStream, why: &str, saying: &Arc<AtomicUsize>) {
    if saying.fetch_add(1, Ordering::SeqCst) >= AT_ONCE {
        saying.fetch_sub(1, Ordering::SeqCst);
        return;
    }
    let bytes = [VERSION, &disconnect_packet(&format!("hotseat: {why}"))].concat();
    let saying = saying.clone();
    tokio::spawn(async move {
        let _ = tokio::time::timeout(LINGER, say(socket, &bytes)).await;
        saying.fetch_sub(1, Ordering::SeqCst);
    });
}

async fn say(mut socket: TcpStream, bytes: &[u8]) -> std::io::Result<()> {
    socket.write_all(bytes).await?;
    socket.shutdown().await?;
    let mut sink = [0u8; 4096];
    while socket.read(&mut sink).await? > 0 {}
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_disconnect_packet_is_whole_blocks_with_the_sentence_in_it() {
        for sentence in [
            "",
            "x",
            "hotseat: 8 connections from 127.0.0.1",
            &"é".repeat(700),
        ] {
            let packet = disconnect_packet(sentence);
            let length = u32::from_be_bytes(packet[..4].try_into().unwrap()) as usize;
            assert_eq!(length + 4, packet.len());
            assert_eq!(packet.len() % 8, 0);
            let padding = usize::from(packet[4]);
            assert!(padding >= 4, "{padding}");
            assert_eq!(packet[5], DISCONNECT);
            let text_len = u32::from_be_bytes(packet[10..14].try_into().unwrap()) as usize;
            let text = std::str::from_utf8(&packet[14..14 + text_len]).unwrap();
            assert!(sentence.starts_with(text) && text.len() <= MAX_SENTENCE);
            assert_eq!(14 + text_len + 4 + padding, packet.len());
        }
    }
}
