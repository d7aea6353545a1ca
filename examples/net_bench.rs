//! Measures a game across two terminals on loopback: the time from a move sent on one side to
//! the move received on the other (median and 99th percentile), with some watchers; the CPU
//! of the host's threads meanwhile; and the CPU of a connected game left idle with a clock
//! running (both sides, heartbeats included).
//!
//! ```text
//! cargo run --release --example net_bench -- [MOVES] [WATCHERS] [IDLE_SECONDS] [HOSTILE]
//! ```
//!
//! With HOSTILE strangers (40 by default) and one watcher, the latency run is made again beside that many
//! hostile connections that drip a handshake a byte every 100 ms and come back as soon as the
//! host closes them: the moves' latency then, and the process's resident memory (VmRSS) with
//! and without them, the anchor being the same game without strangers in the same run.
//!
//! Defaults: 200 moves, 1 watcher, 20 s. Host, player and watchers are in this one process,
//! each with its own sockets and threads, on 127.0.0.1 only. The moves are a seeded random
//! game that avoids any move ending it. CPU comes from `/proc/self/task/*/schedstat` (Linux only):
//! the host's threads are those named `net-hub`, `net-listen`, `net-read`, `net-write`.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use hotseat::game::pgn::Tags;
use hotseat::game::timecontrol::TimeControl;
use hotseat::game::{Game, GameSetup};
use hotseat::net::Sink;
use hotseat::net::client::Client;
use hotseat::net::host::{Host, HostConfig, Limits};
use hotseat::net::invite::Access;
use hotseat::remote::{Action, Msg, NetEvent};
use hotseat::rules::{Color, Move};

fn channel_sink() -> (Sink, Receiver<NetEvent>) {
    let (tx, rx) = channel();
    let tx = Mutex::new(tx);
    (
        Arc::new(move |e| {
            let _ = tx.lock().map(|tx| tx.send(e));
        }),
        rx,
    )
}

/// Waits for the move after `ply` moves.
fn moved(rx: &Receiver<NetEvent>, ply: u32) -> Result<()> {
    loop {
        match rx.recv_timeout(Duration::from_secs(10))? {
            NetEvent::Msg(Msg::Moved { ply: p, .. }) if p == ply => return Ok(()),
            NetEvent::Lost { why } => bail!("connection lost: {why}"),
            _ => {}
        }
    }
}

/// CPU time of this process's threads whose names `keep` accepts, from each thread's
/// `schedstat` (nanoseconds on the CPU; finer than the 10 ms ticks of `stat`), by thread id.
fn thread_times(keep: impl Fn(&str) -> bool) -> Result<HashMap<String, u64>> {
    let mut times = HashMap::new();
    for task in std::fs::read_dir("/proc/self/task")? {
        let task = task?;
        let dir = task.path();
        let Ok(comm) = std::fs::read_to_string(dir.join("comm")) else {
            continue;
        };
        if !keep(comm.trim()) {
            continue;
        }
        let Ok(stat) = std::fs::read_to_string(dir.join("schedstat")) else {
            continue;
        };
        let ns: u64 = stat
            .split_whitespace()
            .next()
            .context("empty schedstat")?
            .parse()?;
        times.insert(task.file_name().to_string_lossy().into_owned(), ns);
    }
    Ok(times)
}

/// The CPU time the threads `keep` accepts spent since `before` was read: each thread's own
/// difference, so that a thread that ended meanwhile (a watcher of an earlier run going away)
/// does not make the total go backwards.
fn cpu_since(before: &HashMap<String, u64>, keep: impl Fn(&str) -> bool) -> Result<Duration> {
    let spent = thread_times(keep)?
        .iter()
        .map(|(tid, &ns)| ns.saturating_sub(before.get(tid).copied().unwrap_or(0)))
        .sum();
    Ok(Duration::from_nanos(spent))
}

fn is_host_thread(name: &str) -> bool {
    matches!(name, "net-hub" | "net-listen" | "net-read" | "net-write")
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A legal move that does not end the game, at random.
fn next_move(game: &Game, rng: &mut Rng) -> Option<Move> {
    let moves: Vec<Move> = game.position().legal_moves().iter().copied().collect();
    let start = rng.below(moves.len().max(1));
    (0..moves.len())
        .map(|i| moves[(start + i) % moves.len()])
        .find(|&mv| {
            let mut after = game.clone();
            after.play(mv, Duration::ZERO).is_ok()
                && !after.is_over()
                && after.claimable_now() == Default::default()
        })
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// This process's resident memory, in KiB (`VmRSS` of `/proc/self/status`).
fn rss_kib() -> Result<u64> {
    let status = std::fs::read_to_string("/proc/self/status")?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .context("no VmRSS")
}

/// `n` strangers on `addr`, each dripping a handshake of zeros a byte every 100 ms and
/// connecting again when closed, until `stop`.
fn strangers(
    addr: std::net::SocketAddr,
    n: usize,
    stop: &Arc<std::sync::atomic::AtomicBool>,
) -> Vec<std::thread::JoinHandle<u64>> {
    use std::io::Write;
    (0..n)
        .map(|_| {
            let stop = Arc::clone(stop);
            std::thread::spawn(move || {
                let mut connections = 0;
                while !stop.load(Ordering::Relaxed) {
                    let Ok(mut s) = std::net::TcpStream::connect(addr) else {
                        std::thread::sleep(Duration::from_millis(100));
                        continue;
                    };
                    connections += 1;
                    for b in [b'P', 0, 52].into_iter().chain([0; 52]).cycle() {
                        if stop.load(Ordering::Relaxed) || s.write_all(&[b]).is_err() {
                            break;
                        }
                        std::thread::sleep(Duration::from_millis(100));
                    }
                }
                connections
            })
        })
        .collect()
}

/// Connects as `hotseat join` does: a busy host is asked again a few times.
fn connect(
    invitation: &hotseat::net::invite::Invitation,
    access: Access,
    sink: Sink,
) -> Result<Client> {
    let t = Duration::from_secs(10);
    let mut tries = 0;
    loop {
        match Client::connect(invitation, access, t, t, sink.clone()) {
            Err(hotseat::net::transport::LinkError::Busy) if tries < 8 => {
                tries += 1;
                std::thread::sleep(Duration::from_millis(200 * tries));
            }
            other => return Ok(other?.0),
        }
    }
}

fn latency(moves: usize, watchers: usize, hostile: usize) -> Result<()> {
    let (host_sink, host_rx) = channel_sink();
    let config = HostConfig {
        limits: Limits::for_watchers(watchers),
        ..HostConfig::new("127.0.0.1:0".parse()?)
    };
    let mut game = Game::new(GameSetup::default());
    let host = Host::start(
        config,
        game.clone(),
        Tags::default(),
        Color::White,
        host_sink,
    )?;
    let invitation = host.invitation().clone();
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let rss_before = rss_kib()?;
    let hostile_threads = strangers(host.local_addr(), hostile, &stop);
    if hostile > 0 {
        std::thread::sleep(Duration::from_secs(2));
    }
    let (joiner_sink, joiner_rx) = channel_sink();
    let joiner = connect(&invitation, Access::Play, joiner_sink)?;
    let seen = Arc::new(AtomicU64::new(0));
    let mut watching = Vec::new();
    for _ in 0..watchers {
        let seen = Arc::clone(&seen);
        let sink: Sink = Arc::new(move |e| {
            if let NetEvent::Msg(Msg::Moved { .. }) = e {
                seen.fetch_add(1, Ordering::Relaxed);
            }
        });
        watching.push(connect(&invitation.watch_only(), Access::Watch, sink)?);
    }
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut samples = Vec::with_capacity(moves);
    let host_cpu = thread_times(is_host_thread)?;
    let started = Instant::now();
    for ply in 0..moves {
        let Some(mv) = next_move(&game, &mut rng) else {
            break;
        };
        let ply = u32::try_from(ply)?;
        let act = Msg::Act {
            ply,
            action: Action::Move {
                uci: mv.uci().to_string(),
            },
        };
        let sent = Instant::now();
        if game.position().turn() == Color::White {
            host.send(act);
            moved(&joiner_rx, ply)?;
        } else {
            joiner.send(act);
            moved(&host_rx, ply)?;
        }
        samples.push(sent.elapsed());
        game.play(mv, Duration::ZERO)?;
    }
    let wall = started.elapsed();
    let expected = (samples.len() * watchers) as u64;
    let deadline = Instant::now() + Duration::from_secs(30);
    while seen.load(Ordering::Relaxed) < expected && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    let host_cpu = cpu_since(&host_cpu, is_host_thread)?;
    let rss_during = rss_kib()?;
    stop.store(true, Ordering::Relaxed);
    let tries: u64 = hostile_threads
        .into_iter()
        .map(|t| t.join().unwrap_or(0))
        .sum();
    samples.sort();
    println!(
        "{hostile:>3} hostile, resident memory {rss_before} KiB before, {rss_during} KiB during \
         ({tries} hostile connections made, {} refused by the host)",
        host.refused()
    );
    println!(
        "{watchers:>3} watcher(s), {} moves: median {:.2} ms, p99 {:.2} ms, max {:.2} ms; \
         watchers got {}/{} moves; host threads {:.2} s CPU in {:.2} s ({:.1}% of a core)",
        samples.len(),
        percentile(&samples, 0.5).as_secs_f64() * 1e3,
        percentile(&samples, 0.99).as_secs_f64() * 1e3,
        samples.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        seen.load(Ordering::Relaxed),
        expected,
        host_cpu.as_secs_f64(),
        wall.as_secs_f64(),
        host_cpu.as_secs_f64() / wall.as_secs_f64() * 100.0,
    );
    drop(watching);
    drop(joiner);
    host.stop();
    Ok(())
}

fn idle(seconds: u64) -> Result<()> {
    let tc = TimeControl::fischer(Duration::from_secs(300), Duration::from_secs(3))?;
    let game = Game::new(GameSetup {
        white_time: tc.clone(),
        black_time: tc,
        ..GameSetup::default()
    });
    let (host_sink, host_rx) = channel_sink();
    let host = Host::start(
        HostConfig::new("127.0.0.1:0".parse()?),
        game,
        Tags::default(),
        Color::White,
        host_sink,
    )?;
    let (joiner_sink, joiner_rx) = channel_sink();
    let t = Duration::from_secs(10);
    let (joiner, _, _) = Client::connect(host.invitation(), Access::Play, t, t, joiner_sink)?;
    let uci = |s: &str| Action::Move { uci: s.into() };
    host.send(Msg::Act {
        ply: 0,
        action: uci("e2e4"),
    });
    moved(&joiner_rx, 0)?;
    joiner.send(Msg::Act {
        ply: 1,
        action: uci("e7e5"),
    });
    moved(&host_rx, 1)?;
    // White's clock runs; nobody moves.
    let all = |_: &str| true;
    let before = thread_times(all)?;
    let started = Instant::now();
    std::thread::sleep(Duration::from_secs(seconds));
    let cpu = cpu_since(&before, all)?.as_secs_f64();
    let wall = started.elapsed().as_secs_f64();
    println!(
        "idle game, clock running, host and player in one process: {:.1} ms CPU in {wall:.0} s \
         ({:.4}% of a core)",
        cpu * 1e3,
        cpu / wall * 100.0
    );
    drop(joiner);
    host.stop();
    Ok(())
}

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let moves = args.first().map_or(Ok(200), |s| s.parse())?;
    let watchers = args.get(1).map_or(Ok(1), |s| s.parse())?;
    let idle_seconds = args.get(2).map_or(Ok(20), |s| s.parse())?;
    let hostile = args.get(3).map_or(Ok(40), |s| s.parse())?;
    latency(moves, watchers, 0)?;
    // With one watcher: the strangers here share every terminal's address (loopback), the
    // worst case, where each terminal may be told "busy" a few times before it comes in.
    if hostile > 0 && watchers <= 1 {
        latency(moves, watchers, hostile)?;
    }
    idle(idle_seconds)
}
