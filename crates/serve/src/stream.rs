//! A client's TCP stream with a deadline on writing: a client that stops reading its socket
//! altogether (not only its SSH window, which the channel writers wait on) would hold the
//! connection's SSH session stuck in a write for ever, its buffers and its place with it.
//! Here a write that has waited [`Deadlined::new`]'s `stall` fails instead, and the session
//! ends as for a broken connection.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// `S` whose writes fail once one has waited for `stall`.
pub struct Deadlined<S> {
    inner: S,
    stall: Duration,
    /// Running while a write waits.
    waiting: Option<Pin<Box<Sleep>>>,
}

impl<S> Deadlined<S> {
    pub fn new(inner: S, stall: Duration) -> Deadlined<S> {
        Deadlined {
            inner,
            stall,
            waiting: None,
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
        Pin::new(&mut self.inner).poll_read(cx, buf)
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
            let (ours, _theirs) = tokio::io::duplex(1024);
            let mut stream = Deadlined::new(ours, stall);
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
            let mut stream = Deadlined::new(ours, stall);
            stream.write_all(&[b'x'; 16 * 1024]).await.unwrap();
            stream.shutdown().await.unwrap();
            drop(stream);
            assert_eq!(reader.await.unwrap(), 16 * 1024);
        });
    }
}
