//! A client's TCP stream with deadlines, so that no client holds a connection for ever:
//!
//! * on writing: a client that stops reading its socket altogether (not only its SSH window,
//!   which the channel writers wait on) would hold the connection's SSH session stuck in a
//!   write, its buffers and its place with it. Here a write that has waited `stall` fails
//!   instead, and the session ends as for a broken connection;
//! * on logging in: a client that sends its greeting and then nothing (or stops in the middle
//!   of the key exchange) is not one SSH can send a polite goodbye to yet. Here its reads fail
//!   once `login` has passed without the connection being logged in.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// `S` whose writes fail once one has waited for `stall`, and whose reads fail once the login
/// time has passed without `logged_in`.
pub struct Deadlined<S> {
    inner: S,
    stall: Duration,
    /// Running while a write waits.
    waiting: Option<Pin<Box<Sleep>>>,
    login: Pin<Box<Sleep>>,
    logged_in: Arc<AtomicBool>,
}

impl<S> Deadlined<S> {
    pub fn new(
        inner: S,
        stall: Duration,
        (login, logged_in): (Duration, Arc<AtomicBool>),
    ) -> Deadlined<S> {
        Deadlined {
            inner,
            stall,
            waiting: None,
            login: Box::pin(tokio::time::sleep(login)),
            logged_in,
        }
    }

    /// A write (or flush) is pending: fails once it has been for `stall`.
    fn pending<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        let stall = self.stall;
        let waiting = self
            .waiting
            .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(Instant::now() + stall)));
        match waiting.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client read nothing for too long",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn done<T>(&mut self, result: io::Result<T>) -> Poll<io::Result<T>> {
        self.waiting = None;
        Poll::Ready(result)
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Deadlined<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        match Pin::new(&mut self.inner).poll_read(cx, buf) {
            Poll::Pending
                if !self.logged_in.load(Ordering::SeqCst)
                    && self.login.as_mut().poll(cx).is_ready() =>
            {
                Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "not logged in in time",
                )))
            }
            polled => polled,
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Deadlined<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.inner).poll_write(cx, buf) {
            Poll::Ready(result) => self.done(result),
            Poll::Pending => self.pending(cx),
        }
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match Pin::new(&mut self.inner).poll_flush(cx) {
            Poll::Ready(result) => self.done(result),
            Poll::Pending => self.pending(cx),
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    #[test]
    fn a_peer_that_reads_nothing_fails_the_write_after_the_stall_and_a_reading_one_never() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let stall = Duration::from_millis(200);
            // A peer that reads nothing: its 1 KiB of buffer fills, then the write waits.
            let in_time = || (Duration::from_secs(60), Arc::new(AtomicBool::new(true)));
            let (ours, _theirs) = tokio::io::duplex(1024);
            let mut stream = Deadlined::new(ours, stall, in_time());
            let started = std::time::Instant::now();
            let err = stream.write_all(&[b'x'; 64 * 1024]).await.unwrap_err();
            assert_eq!(err.kind(), io::ErrorKind::TimedOut);
            assert!(started.elapsed() >= stall, "{:?}", started.elapsed());
            // A peer that reads, slowly but always within the stall: everything goes.
            let (ours, mut theirs) = tokio::io::duplex(1024);
            let reader = tokio::spawn(async move {
                let mut got = 0;
                let mut buf = [0u8; 512];
                loop {
                    tokio::time::sleep(Duration::from_millis(5)).await;
                    match tokio::io::AsyncReadExt::read(&mut theirs, &mut buf).await {
                        Ok(0) | Err(_) => return got,
                        Ok(n) => got += n,
                    }
                }
            });
            let mut stream = Deadlined::new(ours, stall, in_time());
            stream.write_all(&[b'x'; 16 * 1024]).await.unwrap();
            stream.shutdown().await.unwrap();
            drop(stream);
            assert_eq!(reader.await.unwrap(), 16 * 1024);
        });
    }

    #[test]
    fn a_client_not_logged_in_by_the_login_time_has_its_reads_fail_and_a_logged_in_one_never() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            use tokio::io::AsyncReadExt;
            let login = Duration::from_millis(200);
            let stall = Duration::from_secs(60);
            let (ours, mut theirs) = tokio::io::duplex(1024);
            let mut stream = Deadlined::new(ours, stall, (login, Arc::new(AtomicBool::new(false))));
            // Its greeting comes, then nothing.
            theirs.write_all(b"SSH-2.0-x\r\n").await.unwrap();
            let mut buf = [0u8; 64];
            assert_eq!(stream.read(&mut buf).await.unwrap(), 11);
            let started = std::time::Instant::now();
            let err = stream.read(&mut buf).await.unwrap_err();
            assert_eq!(err.kind(), io::ErrorKind::TimedOut);
            assert!(started.elapsed() < Duration::from_secs(5));
            // Logged in: the same silence is a player thinking.
            let (ours, _theirs) = tokio::io::duplex(1024);
            let logged_in = Arc::new(AtomicBool::new(true));
            let mut stream = Deadlined::new(ours, stall, (login, logged_in));
            let read = tokio::time::timeout(login * 3, stream.read(&mut buf)).await;
            assert!(read.is_err(), "a logged-in client's read failed: {read:?}");
        });
    }
}
