//! A terminal that joins or watches: connects with the invitation, waits for the host's
//! welcome, then a reader thread turns every message into a [`NetEvent`] (answering the
//! host's pings itself) and a writer thread sends what the player does.

use std::sync::Arc;
use std::sync::mpsc::{SyncSender, TrySendError, sync_channel};
use std::thread;
use std::time::Duration;

use super::Sink;
use super::invite::{Access, Invitation};
use super::transport::{self, LinkError, LinkWriter};
use crate::remote::{Msg, NetEvent, Seat, Snapshot};

/// The most messages waiting to go to the host.
const QUEUE: usize = 64;

/// A connection to a host.
#[derive(Debug)]
pub struct Client {
    out: SyncSender<Msg>,
    seat: Seat,
    closer: Option<std::net::TcpStream>,
}

impl Client {
    /// Connects to the host of `invitation` to play or watch. `timeout` bounds each step of
    /// the connection; `silence` is how long the host may say nothing (it sends a heartbeat
    /// every few seconds) before the connection is taken for lost. Returns the seat and the
    /// game the host welcomed this terminal with; what follows goes to `sink`.
    pub fn connect(
        invitation: &Invitation,
        access: Access,
        timeout: Duration,
        silence: Duration,
        sink: Sink,
    ) -> Result<(Client, Seat, Snapshot), LinkError> {
        let (writer, mut reader) = transport::connect(invitation, access, timeout)?;
        let (seat, snapshot) = match reader.recv()? {
            Msg::Welcome { seat, snapshot } => (seat, snapshot),
            _ => return Err(LinkError::Forged),
        };
        reader.set_timeout(silence)?;
        let closer = writer.stream_clone();
        let (out, rx) = sync_channel::<Msg>(QUEUE);
        spawn_writer(writer, rx, Arc::clone(&sink))?;
        let pong = out.clone();
        thread::Builder::new()
            .name("net-client-read".into())
            .spawn(move || {
                loop {
                    match reader.recv() {
                        Ok(Msg::Ping { nonce }) => {
                            let _ = pong.try_send(Msg::Pong { nonce });
                        }
                        Ok(Msg::Bye) => {
                            sink(NetEvent::Lost {
                                why: "the host ended the game session".into(),
                            });
                            break;
                        }
                        Ok(msg) => sink(NetEvent::Msg(msg)),
                        Err(e) => {
                            let why = match e {
                                LinkError::TimedOut => {
                                    "the host has been silent for too long".into()
                                }
                                LinkError::Closed => "the host closed the connection".into(),
                                e => e.to_string(),
                            };
                            sink(NetEvent::Lost { why });
                            break;
                        }
                    }
                }
            })
            .map_err(|e| LinkError::Io(e.to_string()))?;
        Ok((Client { out, seat, closer }, seat, snapshot))
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Sends a message to the host. False if the connection is gone or hopelessly behind.
    pub fn send(&self, msg: Msg) -> bool {
        match self.out.try_send(msg) {
            Ok(()) => true,
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => false,
        }
    }

    /// Leaves: says goodbye and closes the connection.
    pub fn leave(mut self) {
        self.close();
    }

    fn close(&mut self) {
        // The writer sends the goodbye and closes the socket; if it cannot take the goodbye
        // (gone, or hopelessly behind), the socket is closed here.
        let queued = self.out.try_send(Msg::Bye).is_ok();
        if let Some(stream) = self.closer.take()
            && !queued
        {
            let _ = stream.shutdown(std::net::Shutdown::Both);
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        self.close();
    }
}

fn spawn_writer(
    mut writer: LinkWriter,
    rx: std::sync::mpsc::Receiver<Msg>,
    sink: Sink,
) -> Result<(), LinkError> {
    thread::Builder::new()
        .name("net-client-write".into())
        .spawn(move || {
            while let Ok(msg) = rx.recv() {
                if let Err(e) = writer.send(&msg) {
                    sink(NetEvent::Lost { why: e.to_string() });
                    break;
                }
                if msg == Msg::Bye {
                    break;
                }
            }
            writer.shutdown();
        })
        .map(|_| ())
        .map_err(|e| LinkError::Io(e.to_string()))
}
