//! `hotseat serve` at a club's scale (issue 41, item 6): many SSH sessions in many games on
//! loopback, each player a russh client in this process whose screen is read through a
//! terminal emulator (vt100), as a player's terminal would draw it.
//!
//! ```sh
//! cargo build --release -p hotseat-serve --bins --examples
//! target/release/examples/club_bench [GAMES] [SECONDS] [HOSTILE]   # defaults: 100 60 500
//! ```
//! or `bash benches/serve.sh`. The server is the `hotseat-serve` beside this example's folder
//! (`target/release/`), started on 127.0.0.1 with a folder of its own, and killed at the end.
//!
//! 1. The anchor: one game alone, 20 plies as fast as the screens show them.
//! 2. `GAMES` rooms, two sessions each (White first, then Black, a few logging in at once),
//!    every game playing a move every 1–2 s (each side answering 1–2 s after the other's move
//!    showed) for `SECONDS`: the latency from the Enter of a move to the opponent's screen
//!    showing it (median, p99), the server's resident memory per session, its CPU per move.
//! 3. As long again with `HOSTILE` hostile connections meanwhile (garbage bytes, a handshake
//!    a byte at a time, key exchange then no login, wrong passwords): the same figures, the
//!    connections refused or closed, and every move of every game checked to arrive.
//!
//! Bounded: every wait has a deadline, every connection is to 127.0.0.1, the run ends after
//! the anchor, the connecting and two phases of `SECONDS`.

use std::num::NonZeroU16;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use hotseat::rules::{Position, PositionStatus};
use russh::keys::ssh_key::private::{Ed25519Keypair, KeypairData};
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg};
use russh::{ChannelMsg, client};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::Notify;

/// How long a move may take to show on the opponent's screen before it counts as lost.
const LOST_AFTER: Duration = Duration::from_secs(10);

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number =
        |i: usize, default: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (games, seconds, hostile) = (
        number(0, 100) as usize,
        number(1, 60),
        number(2, 500) as usize,
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    if let Err(e) = runtime.block_on(run(games, Duration::from_secs(seconds), hostile)) {
        eprintln!("club_bench: {e}");
        std::process::exit(1);
    }
}

/// The server under test, killed when dropped.
struct Server {
    child: Child,
    port: u16,
    dir: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Server {
    fn start(sessions: usize) -> Result<Server, String> {
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let binary = exe
            .parent()
            .and_then(Path::parent)
            .map(|dir| dir.join("hotseat-serve"))
            .filter(|b| b.exists())
            .ok_or(
                "no hotseat-serve beside this example: cargo build --release -p hotseat-serve",
            )?;
        let dir = std::env::temp_dir().join(format!("hotseat-club-bench-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut child = Command::new(binary)
            .args(["--listen", "127.0.0.1:0", "--data-dir"])
            .arg(dir.join("server"))
            .args(["--max-sessions", &sessions.to_string()])
            // Every player here is a key first met today, from this one address: the
            // members-first limits (issue 53) would keep most of them out of what this measures.
            .args(["--reserved-sessions", "0"])
            .args(["--new-keys-per-hour", &sessions.to_string()])
            .args(["--", "--time", "60+0"])
            .env("HOME", &dir)
            .env("XDG_DATA_HOME", dir.join("data"))
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| e.to_string())?;
        use std::io::BufRead;
        let mut lines = std::io::BufReader::new(child.stdout.take().ok_or("no stdout")?).lines();
        let port = loop {
            let line = lines
                .next()
                .ok_or("the server ended")?
                .map_err(|e| e.to_string())?;
            if let Some(rest) = line.strip_prefix("Listening on 127.0.0.1:") {
                break rest
                    .split(':')
                    .next()
                    .and_then(|p| p.parse().ok())
                    .ok_or("no port")?;
            }
        };
        std::thread::spawn(move || lines.for_each(drop));
        Ok(Server { child, port, dir })
    }

    fn proc_field(&self, file: &str) -> String {
        std::fs::read_to_string(format!("/proc/{}/{file}", self.child.id())).unwrap_or_default()
    }

    /// Resident memory, KiB.
    fn rss_kib(&self) -> u64 {
        self.proc_field("status")
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    }

    /// CPU time used so far (user and system), in clock ticks (1/100 s).
    fn cpu_ticks(&self) -> u64 {
        let stat = self.proc_field("stat");
        let after = stat.rsplit_once(')').map(|(_, rest)| rest).unwrap_or("");
        let fields: Vec<u64> = after
            .split_whitespace()
            .filter_map(|f| f.parse().ok())
            .collect();
        // After the name: state (not a number, skipped), then ppid... utime is field 14.
        fields.get(10).copied().unwrap_or(0) + fields.get(11).copied().unwrap_or(0)
    }

    fn threads(&self) -> usize {
        self.proc_field("status")
            .lines()
            .find_map(|l| l.strip_prefix("Threads:"))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0)
    }
}

struct Client;

impl client::Handler for Client {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &russh::keys::ssh_key::PublicKey,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

fn new_key() -> PrivateKey {
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).expect("a random source");
    PrivateKey::new(
        KeypairData::Ed25519(Ed25519Keypair::from_seed(&seed)),
        "bench",
    )
    .expect("a key")
}

/// What a session waits to see on its screen: a move, since when.
struct Expect {
    check: Box<dyn Fn(&vt100::Screen) -> bool + Send>,
    since: Instant,
}

/// One player's connection: its screen, and the keys it types.
struct Player {
    screen: Arc<Mutex<vt100::Parser>>,
    expect: Arc<Mutex<Option<Expect>>>,
    seen: Arc<Notify>,
    latency: Arc<Mutex<Option<Duration>>>,
    channel: russh::ChannelWriteHalf<client::Msg>,
    _handle: client::Handle<Client>,
}

impl Player {
    async fn connect(port: u16, room: &str) -> Result<Player, String> {
        let config = Arc::new(client::Config {
            inactivity_timeout: None,
            nodelay: true,
            ..Default::default()
        });
        let mut handle = client::connect(config, ("127.0.0.1", port), Client)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        let key = PrivateKeyWithHashAlg::new(Arc::new(new_key()), None);
        let auth = handle
            .authenticate_publickey("player", key)
            .await
            .map_err(|e| format!("login: {e}"))?;
        if !auth.success() {
            return Err("login refused".into());
        }
        let channel = handle
            .channel_open_session()
            .await
            .map_err(|e| e.to_string())?;
        channel
            .request_pty(false, "xterm-256color", 80, 24, 0, 0, &[])
            .await
            .map_err(|e| e.to_string())?;
        channel.exec(false, room).await.map_err(|e| e.to_string())?;
        let (mut read, write) = channel.split();
        let screen = Arc::new(Mutex::new(vt100::Parser::new(
            NonZeroU16::new(24).unwrap(),
            NonZeroU16::new(80).unwrap(),
            0,
        )));
        let expect: Arc<Mutex<Option<Expect>>> = Arc::new(Mutex::new(None));
        let seen = Arc::new(Notify::new());
        let latency = Arc::new(Mutex::new(None));
        let (s, e, n, l) = (
            screen.clone(),
            expect.clone(),
            seen.clone(),
            latency.clone(),
        );
        tokio::spawn(async move {
            while let Some(msg) = read.wait().await {
                let ChannelMsg::Data { data } = msg else {
                    continue;
                };
                let mut parser = s.lock().unwrap();
                parser.process(&data);
                let mut expect = e.lock().unwrap();
                if let Some(waiting) = expect.as_ref()
                    && (waiting.check)(parser.screen())
                {
                    *l.lock().unwrap() = Some(waiting.since.elapsed());
                    *expect = None;
                    n.notify_one();
                }
            }
        });
        Ok(Player {
            screen,
            expect,
            seen,
            latency,
            channel: write,
            _handle: handle,
        })
    }

    async fn wait_for(&self, text: &str, within: Duration) -> Result<(), String> {
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            if self
                .screen
                .lock()
                .unwrap()
                .screen()
                .contents()
                .contains(text)
            {
                return Ok(());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Err(format!("never saw {text:?}"))
    }

    async fn send(&self, bytes: &[u8]) -> Result<(), String> {
        self.channel.data(bytes).await.map_err(|e| e.to_string())
    }
}

/// Whether a screen shows move number `number` as `white` (and `black` after it, if given).
fn shows(screen: &vt100::Screen, number: usize, white: &str, black: Option<&str>) -> bool {
    let label = format!("{number}.");
    screen.rows(0, screen.size().1.get()).any(|row| {
        let words: Vec<&str> = row
            .split(|c: char| c.is_whitespace() || c == '│')
            .filter(|w| !w.is_empty())
            .collect();
        words.windows(2).enumerate().any(|(i, pair)| {
            pair[0] == label
                && pair[1] == white
                && black.is_none_or(|black| words.get(i + 2) == Some(&black))
        })
    })
}

/// A game: its two players, and the position as the bench plays it.
struct Game {
    white: Player,
    black: Player,
}

/// What the games measured.
#[derive(Default)]
struct Tally {
    latencies: Mutex<Vec<Duration>>,
    moves: AtomicU64,
    lost: AtomicU64,
}

/// A small deterministic random source (xorshift), one per game.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A legal move that keeps the game going (no mate, no stalemate, no bare kings), at random.
fn pick(position: &Position, rng: &mut Rng) -> Option<(String, Position)> {
    let moves: Vec<_> = position.legal_moves().iter().copied().collect();
    let start = (rng.next() % moves.len().max(1) as u64) as usize;
    (0..moves.len()).find_map(|i| {
        let m = moves[(start + i) % moves.len()];
        let next = position.play(m).ok()?;
        (next.status() == PositionStatus::Ongoing).then(|| (position.san(m), next))
    })
}

/// Plays `game` until `until`: a move every `pause` (from the range), each checked to show on
/// the opponent's screen. Returns where it stopped (to go on from).
async fn play(
    game: &Game,
    mut state: (Position, usize, Option<String>),
    rng: &mut Rng,
    pause: (u64, u64),
    (until, plies): (Instant, usize),
    tally: &Tally,
) -> (Position, usize, Option<String>) {
    while Instant::now() < until && state.1 < plies {
        let wait = pause.0 + rng.next() % (pause.1 - pause.0 + 1);
        tokio::time::sleep(Duration::from_millis(wait)).await;
        let (position, ply, white_san) = &state;
        let Some((san, next)) = pick(position, rng) else {
            break;
        };
        let number = ply / 2 + 1;
        let (mover, other) = if ply % 2 == 0 {
            (&game.white, &game.black)
        } else {
            (&game.black, &game.white)
        };
        let check: Box<dyn Fn(&vt100::Screen) -> bool + Send> = match white_san {
            None => {
                let san = san.clone();
                Box::new(move |s| shows(s, number, &san, None))
            }
            Some(white) => {
                let (white, san) = (white.clone(), san.clone());
                Box::new(move |s| shows(s, number, &white, Some(&san)))
            }
        };
        let sent = Instant::now();
        *other.expect.lock().unwrap() = Some(Expect { check, since: sent });
        let mut keys = san.clone().into_bytes();
        keys.push(b'\r');
        if mover.send(&keys).await.is_err() {
            tally.lost.fetch_add(1, Ordering::SeqCst);
            break;
        }
        // The check may have come true before the notification was awaited: checked on time.
        let arrived = tokio::time::timeout(LOST_AFTER, async {
            loop {
                if other.expect.lock().unwrap().is_none() {
                    return;
                }
                tokio::select! {
                    () = other.seen.notified() => {}
                    () = tokio::time::sleep(Duration::from_millis(50)) => {}
                }
            }
        })
        .await;
        if arrived.is_err() {
            tally.lost.fetch_add(1, Ordering::SeqCst);
            *other.expect.lock().unwrap() = None;
            eprintln!(
                "lost: {number}. {san} ({})",
                if ply % 2 == 0 { "White" } else { "Black" }
            );
            break;
        }
        if let Some(latency) = other.latency.lock().unwrap().take() {
            tally.latencies.lock().unwrap().push(latency);
        }
        tally.moves.fetch_add(1, Ordering::SeqCst);
        let white_san = if ply % 2 == 0 { Some(san) } else { None };
        state = (next, ply + 1, white_san);
    }
    state
}

/// Opens room `code` with two players.
async fn open_game(port: u16, code: &str) -> Result<Game, String> {
    let white = Player::connect(port, code).await?;
    white.wait_for(&format!("Room {code}"), LOST_AFTER).await?;
    let black = Player::connect(port, code).await?;
    black.wait_for("You play Black", LOST_AFTER).await?;
    white.wait_for("Black: connected", LOST_AFTER).await?;
    white.send(b"\x1b").await?;
    tokio::time::sleep(Duration::from_millis(100)).await;
    Ok(Game { white, black })
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// The figures of one phase.
fn report(label: &str, tally: &Tally, server: &Server, cpu: (u64, u64), seconds: f64) -> Duration {
    let mut latencies = tally.latencies.lock().unwrap().clone();
    latencies.sort();
    let moves = tally.moves.load(Ordering::SeqCst);
    let ticks = cpu.1.saturating_sub(cpu.0);
    let cpu_seconds = ticks as f64 / 100.0;
    println!(
        "{label}: {moves} moves in {seconds:.0} s, lost {}; latency median {}, p99 {}, max {}; server CPU {:.2} s = {:.2} ms a move, {:.1}% of a core; resident {} KiB, {} threads",
        tally.lost.load(Ordering::SeqCst),
        ms(percentile(&latencies, 0.5)),
        ms(percentile(&latencies, 0.99)),
        ms(latencies.last().copied().unwrap_or_default()),
        cpu_seconds,
        cpu_seconds * 1000.0 / moves.max(1) as f64,
        cpu_seconds * 100.0 / seconds,
        server.rss_kib(),
        server.threads(),
    );
    percentile(&latencies, 0.5)
}

/// Hostile connection `n`: garbage, a slow handshake, a key exchange and no login, or wrong
/// passwords. Returns whether the server closed it (or refused it) by itself.
async fn hostile(port: u16, n: usize) -> bool {
    let within = Duration::from_secs(30);
    match n % 4 {
        0 => {
            let Ok(mut stream) = tokio::net::TcpStream::connect(("127.0.0.1", port)).await else {
                return true;
            };
            let garbage: Vec<u8> = (0..4096u32)
                .map(|i| (i.wrapping_mul(2654435761) >> 24) as u8)
                .collect();
            let _ = stream.write_all(&garbage).await;
            closed_by_server(&mut stream, within).await
        }
        1 => {
            let Ok(mut stream) = tokio::net::TcpStream::connect(("127.0.0.1", port)).await else {
                return true;
            };
            for byte in b"SSH-2.0-slow\r\n" {
                if stream.write_all(&[*byte]).await.is_err() {
                    return true;
                }
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            closed_by_server(&mut stream, within).await
        }
        kind => {
            let config = Arc::new(client::Config::default());
            let connected =
                tokio::time::timeout(within, client::connect(config, ("127.0.0.1", port), Client))
                    .await;
            let Ok(Ok(mut handle)) = connected else {
                return true;
            };
            if kind == 3 {
                for _ in 0..3 {
                    match handle.authenticate_password("root", "hunter2").await {
                        Ok(auth) if auth.success() => return false,
                        Ok(_) => {}
                        Err(_) => return true,
                    }
                }
            }
            // Then nothing: the login time closes it.
            tokio::time::timeout(within, async {
                while !handle.is_closed() {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            })
            .await
            .is_ok()
        }
    }
}

async fn closed_by_server(stream: &mut tokio::net::TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 1024];
    tokio::time::timeout(within, async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    })
    .await
    .is_ok()
}

async fn run(games: usize, seconds: Duration, hostiles: usize) -> Result<(), String> {
    let server = Server::start(2 * games + 2)?;
    let port = server.port;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (rss0, threads0) = (server.rss_kib(), server.threads());
    println!("server started: resident {rss0} KiB, {threads0} threads");

    // 1. The anchor: one game alone, as fast as the screens show the moves.
    let anchor_game = open_game(port, "anchor").await?;
    let tally = Tally::default();
    let cpu0 = server.cpu_ticks();
    let start = Instant::now();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let state = (Position::initial(), 0, None);
    let deadline = (Instant::now() + Duration::from_secs(20), 60);
    let _ = play(&anchor_game, state, &mut rng, (0, 0), deadline, &tally).await;
    let anchor = report(
        "anchor (1 game alone)",
        &tally,
        &server,
        (cpu0, server.cpu_ticks()),
        start.elapsed().as_secs_f64(),
    );
    drop(anchor_game);
    tokio::time::sleep(Duration::from_secs(1)).await;

    // 2. The club: every room opened, a few at a time (logins from one address are capped).
    let started = Instant::now();
    let rss_before = server.rss_kib();
    let mut opened = Vec::new();
    for batch in (0..games).collect::<Vec<_>>().chunks(4) {
        let tasks: Vec<_> = batch
            .iter()
            .map(|&i| tokio::spawn(async move { open_game(port, &format!("g{i}")).await }))
            .collect();
        for task in tasks {
            opened.push(task.await.map_err(|e| e.to_string())??);
        }
    }
    let sessions = 2 * opened.len();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let rss_after = server.rss_kib();
    println!(
        "{sessions} sessions in {} games connected in {:.1} s: resident {rss_before} → {rss_after} KiB, {:.0} KiB a session; {} threads",
        opened.len(),
        started.elapsed().as_secs_f64(),
        rss_after.saturating_sub(rss_before) as f64 / sessions as f64,
        server.threads(),
    );
    let games: Vec<Arc<Game>> = opened.into_iter().map(Arc::new).collect();
    let states: Vec<_> = (0..games.len())
        .map(|i| {
            (
                Position::initial(),
                0usize,
                None::<String>,
                Rng(0x2545_f491_4f6c_dd1d ^ ((i as u64 + 1) * 0x9e37_79b9)),
            )
        })
        .collect();
    let mut states = states;
    let mut anchors = Vec::new();
    for (phase, with_hostiles) in [("club", false), ("club with hostile connections", true)] {
        let tally = Arc::new(Tally::default());
        let until = Instant::now() + seconds;
        let cpu0 = server.cpu_ticks();
        let start = Instant::now();
        let hostile_task = with_hostiles.then(|| {
            let closed: Arc<[AtomicUsize; 4]> = Arc::new(Default::default());
            let counted = closed.clone();
            let task = tokio::spawn(async move {
                let spacing = seconds.as_secs_f64() * 0.8 / hostiles.max(1) as f64;
                let mut tasks = Vec::new();
                for n in 0..hostiles {
                    let counted = counted.clone();
                    tasks.push(tokio::spawn(async move {
                        if hostile(port, n).await {
                            counted[n % 4].fetch_add(1, Ordering::SeqCst);
                        }
                    }));
                    tokio::time::sleep(Duration::from_secs_f64(spacing)).await;
                }
                for task in tasks {
                    let _ = task.await;
                }
            });
            (task, closed)
        });
        let mut tasks = Vec::new();
        for (game, (position, ply, white, rng)) in games.iter().cloned().zip(states.drain(..)) {
            let tally = tally.clone();
            tasks.push(tokio::spawn(async move {
                let mut rng = rng;
                let (position, ply, white) = play(
                    &game,
                    (position, ply, white),
                    &mut rng,
                    (1000, 2000),
                    (until, 1000),
                    &tally,
                )
                .await;
                (position, ply, white, rng)
            }));
        }
        for task in tasks {
            states.push(task.await.map_err(|e| e.to_string())?);
        }
        let cpu = (cpu0, server.cpu_ticks());
        let elapsed = start.elapsed().as_secs_f64();
        let median = report(phase, &tally, &server, cpu, elapsed);
        anchors.push(median);
        if let Some((task, closed)) = hostile_task {
            let _ = tokio::time::timeout(Duration::from_secs(40), task).await;
            let closed: Vec<usize> = closed.iter().map(|c| c.load(Ordering::SeqCst)).collect();
            let each = |kind: usize| (hostiles + 3 - kind) / 4;
            println!(
                "hostile: {hostiles} connections; closed or refused by the server within 30 s: \
                 garbage {}/{}, a byte every 0.5 s {}/{}, no login {}/{}, wrong passwords {}/{}",
                closed[0],
                each(0),
                closed[1],
                each(1),
                closed[2],
                each(2),
                closed[3],
                each(3)
            );
        }
    }
    println!(
        "median latency against the anchor (one game alone, {}): club {:.1}×, with hostiles {:.1}×",
        ms(anchor),
        anchors[0].as_secs_f64() / anchor.as_secs_f64().max(1e-9),
        anchors[1].as_secs_f64() / anchor.as_secs_f64().max(1e-9),
    );
    Ok(())
}
