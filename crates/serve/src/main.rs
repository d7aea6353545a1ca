//! `hotseat-serve` (run as `hotseat serve`): hotseat behind an SSH server, so that a friend
//! with nothing but `ssh` plays, watches and comes back to their games.
//!
//! * [`hostkey`] — the server's Ed25519 key, made at the first start and kept.
//! * [`lobby`] — `ssh -t HOST`: the rooms to resume, join and watch, and new ones; drawn by
//!   [`lobby_view`], run by [`lobby_run`], woken by the rooms' [`news`]; the players'
//!   [`names`], kept by key.
//! * [`server`] — the SSH side: keys, channels, what is refused; [`admission`] who is let in,
//!   members first, the refusals written once a minute ([`refusals`]) and said before SSH
//!   ([`refuse`]).
//! * [`rooms`] — a game reached by its code: two players, any watchers, rejoining.
//! * [`kept`] — each room's game on disk as it goes, resumed after a restart.
//! * [`session`] — a hotseat session per channel, on the game screen's own loop.
//! * [`terminal`] — the client's terminal: bytes out, keys in, its size; [`rate`] the
//!   budgets of its keys and window changes.
//! * [`games`] — `games` and `pgn ID` for scripts.
//! * [`control`] — the host's commands at the server's own terminal: who, kick, ban, close.
//!
//! A crate of its own so that russh and tokio are built for the server only: the game's
//! `hotseat` binary and `cargo run --release` compile none of it.

mod admission;
mod control;
mod games;
mod hostkey;
mod kept;
mod lobby;
mod lobby_run;
mod lobby_view;
mod names;
mod news;
mod rate;
mod refusals;
mod refuse;
mod rooms;
mod server;
mod session;
mod stream;
mod terminal;

use std::collections::HashSet;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Parser;
use russh::keys::ssh_key::{Algorithm, PublicKey};
use russh::{MethodKind, MethodSet};

use crate::server::{Connection, Liveness, Policy, Shared};

/// Serve hotseat over SSH: a friend with nothing but ssh plays, watches and comes back
#[derive(Debug, Parser)]
#[command(
    name = "hotseat serve",
    version,
    after_help = "\
Players connect with their own ssh client; their SSH key is who they are.
  ssh -t -p 2222 HOST         the lobby: your games, rooms to join or watch,
                              and new games (each with a code to tell a friend)
  ssh -t -p 2222 HOST ROOM    the room ROOM: the first two keys play (White,
                              Black), the others watch; a player who drops
                              comes back to the same seat with the same key
  ssh -t -p 2222 HOST here    a game for two at that one terminal
  ssh -p 2222 HOST games      your games, one JSON object a line
  ssh -p 2222 HOST pgn ID     one of them, as PGN (`pgn current`: the game
                              in progress)

Examples:
  hotseat serve
  hotseat serve --listen 0.0.0.0:2222 --allow-keys ~/club_keys -- --time 10+5"
)]
struct Args {
    /// The address and port to listen on. Only this machine by default; name another address
    /// (0.0.0.0:2222) to let others in
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:2222")]
    listen: SocketAddr,
    /// The server's folder: its host key, and each player's games (by key). Default: the
    /// data folder's `serve` folder
    #[arg(long, value_name = "DIR")]
    data_dir: Option<PathBuf>,
    /// Let in only the keys of this file (authorized_keys format): a club's members
    #[arg(long, value_name = "FILE")]
    allow_keys: Option<PathBuf>,
    /// Let in clients without a key too, as `ssh guest@HOST`, each a guest of its own (no
    /// games kept across connections)
    #[arg(long)]
    guests: bool,
    /// Games open at once, in all
    #[arg(long, value_name = "N", default_value_t = 200)]
    max_sessions: usize,
    /// Of --max-sessions, games new keys may not take, kept for members (keys with a name or a
    /// game here, first met over an hour ago); new keys hold as small a share of the
    /// connections. Default: a quarter
    #[arg(long, value_name = "N")]
    reserved_sessions: Option<usize>,
    /// Games one key may have open at once (and connections: twice as many)
    #[arg(long, value_name = "N", default_value_t = 4)]
    sessions_per_key: usize,
    /// New keys one address may bring in an hour (a guest is a new key each time; a club's
    /// first evening behind one router may want more)
    #[arg(long, value_name = "N", default_value_t = 20)]
    new_keys_per_hour: usize,
    /// Connections logging in at once from one address (an IPv6 client: its /64)
    #[arg(long, value_name = "N", default_value_t = 8)]
    per_address: usize,
    /// Connections logging in at once from one network (a /24; an IPv6 /64), but from an
    /// address a member logged in from lately
    #[arg(long, value_name = "N", default_value_t = 32)]
    per_network: usize,
    /// Connections logging in at once: past START, RATE% of new ones refused at random, more
    /// up to all at FULL (as OpenSSH's MaxStartups), unless one has waited 3 s without logging
    /// in (then it is closed for the newcomer); an address a member logged in from lately is
    /// never refused so
    #[arg(long, value_name = "START:RATE:FULL", default_value = "10:30:100")]
    max_startups: admission::Startups,
    /// Rooms one key may open
    #[arg(long, value_name = "N", default_value_t = 5)]
    rooms_per_key: usize,
    /// Engine searches (a game's report, live lines) running at once for all players: the
    /// others wait in line, each told their place, one running per key. Default: the cores
    /// less one, at least 1
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    engines: Option<u16>,
    /// Seconds a client has to log in (10 at most while START of --max-startups or more are
    /// logging in)
    #[arg(long, value_name = "SECS", default_value_t = 20)]
    login_timeout: u64,
    /// How long a client may send nothing (no key, no line) before its connection is closed,
    /// with a goodbye on its screen: minutes, or with a unit (90s, 30m, 2h)
    #[arg(long, value_name = "MINUTES", default_value = "60", value_parser = parse_idle)]
    idle_timeout: Duration,
    /// Every game's options, as hotseat takes them (after --): --time 5+3, --chess960...
    #[arg(last = true, value_name = "GAME OPTIONS")]
    game: Vec<String>,
}

fn main() -> ExitCode {
    #[cfg(unix)]
    private_files();
    let args = Args::parse();
    match serve(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// Every file the server makes is its user's alone (the host key, the players' games).
#[cfg(unix)]
#[allow(unsafe_code)]
fn private_files() {
    // SAFETY: umask only sets this process's file creation mask; called before any thread.
    unsafe {
        libc::umask(0o077);
    }
}

fn serve(args: Args) -> Result<()> {
    let data = match &args.data_dir {
        Some(dir) => dir.clone(),
        None => hotseat::store::DataDir::from_env()
            .context("no data folder (give one with --data-dir)")?
            .path()
            .join("serve"),
    };
    std::fs::create_dir_all(&data).with_context(|| format!("cannot create {}", data.display()))?;
    let data = std::path::absolute(&data)
        .with_context(|| format!("cannot find the folder {}", data.display()))?;
    guests_settings(&data)?;
    let allow = match &args.allow_keys {
        Some(file) => Some(read_allowed(file)?),
        None => None,
    };
    check_game_options(&args.game, &data)?;
    let (key, made) = hostkey::load_or_make(&data)?;
    let fingerprint = hostkey::fingerprint(&key);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the server's I/O")?;
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(args.listen))
        .with_context(|| format!("cannot listen on {}", args.listen))?;
    let local = listener.local_addr()?;
    if made {
        println!(
            "Made the server's host key: {}",
            data.join(hostkey::FILE).display()
        );
    }
    println!("Host key fingerprint: {fingerprint}");
    println!(
        "Listening on {local}: players connect with  ssh -t -p {} HOST",
        local.port()
    );
    use std::io::Write as _;
    let _ = std::io::stdout().flush();
    let mut methods = vec![MethodKind::PublicKey];
    if args.guests {
        methods.push(MethodKind::None);
    }
    let config = Arc::new(russh::server::Config {
        keys: vec![key],
        methods: MethodSet::from(methods.as_slice()),
        auth_rejection_time: Duration::from_millis(500),
        auth_rejection_time_initial: Some(Duration::ZERO),
        // The idle time is the server's own (see `watch_idle`): russh's counts our output too,
        // and a clock's redraw every second would keep every connection alive for ever.
        inactivity_timeout: None,
        keepalive_interval: Some(Duration::from_secs(30)),
        max_auth_attempts: 6,
        nodelay: true,
        ..Default::default()
    });
    let policy = Policy {
        allow,
        guests: args.guests,
        limits: limits(&args)?,
        idle: args.idle_timeout,
        stalled: server::STALLED.min(args.idle_timeout),
        game_args: args.game.clone(),
        data,
        engines: args
            .engines
            .map_or_else(hotseat::runtime::EnginePool::default_slots, usize::from),
    };
    // The server works in its own folder, and each player's session names theirs from there
    // (`players/KEY`): a path that reaches a guest's screen in spite of the policy (a disk
    // error's words) shows nothing of the server's user or home.
    std::env::set_current_dir(&policy.data)
        .with_context(|| format!("cannot work in {}", policy.data.display()))?;
    // From here on the server's own folder is where it works: the rooms name their files
    // from it, so that no message of theirs carries the path above it.
    let rooms = rooms::Rooms::new(args.rooms_per_key, local.port(), Path::new("."));
    let (resumed, problems) = rooms.restore();
    for problem in problems {
        eprintln!("{problem}");
    }
    if !resumed.is_empty() {
        println!(
            "Resumed {} unfinished room{} ({}), the clocks stopped until both players are back",
            resumed.len(),
            if resumed.len() == 1 { "" } else { "s" },
            resumed.join(", ")
        );
    }
    let control = control::Control::new(&policy.data)
        .with_context(|| format!("cannot read the bans in {}", policy.data.display()))?;
    control.runs_on(runtime.handle().clone());
    let shared = Arc::new(Shared::new(policy, rooms, control));
    // The host's commands, typed at the server's own terminal (none where its input is not
    // there, as under a service manager).
    let host = shared.clone();
    let _ = std::thread::Builder::new()
        .name("host-commands".into())
        .spawn(move || control::listen(&host, std::io::stdin().lock(), std::io::stdout()));
    sweep_rooms(shared.clone());
    runtime.block_on(accept(listener, shared, config))
}

/// The limits of who is let in, from the command line.
fn limits(args: &Args) -> Result<admission::Limits> {
    let reserved = args.reserved_sessions.unwrap_or(args.max_sessions / 4);
    if reserved > args.max_sessions {
        anyhow::bail!(
            "--reserved-sessions {reserved} is more than --max-sessions {}: give at most as \
             many (the games kept for members are some of all games)",
            args.max_sessions
        );
    }
    let login = Duration::from_secs(args.login_timeout.max(1));
    Ok(admission::Limits {
        startups: args.max_startups,
        per_address: args.per_address.max(1),
        per_network: args.per_network.max(1),
        // Members logged in, their games, and the strangers logging in.
        max_connections: args
            .max_sessions
            .saturating_mul(2)
            .saturating_add(args.max_startups.full)
            .max(16),
        login,
        pressed_login: login.min(Duration::from_secs(10)),
        max_sessions: args.max_sessions,
        reserved,
        per_key: args.sessions_per_key.max(1),
        new_keys_per_hour: args.new_keys_per_hour,
    })
}

/// Ends, once a minute, the rooms nobody is in whose game is over or that nobody has been in
/// for [`rooms::LINGER`] (their games kept on disk), on a thread of its own: ending a room
/// joins its host's threads. Then writes the count of the minute's refusals.
fn sweep_rooms(shared: Arc<Shared>) {
    let _ = std::thread::Builder::new()
        .name("room-sweep".into())
        .spawn(move || {
            loop {
                std::thread::sleep(Duration::from_secs(60));
                shared.rooms.sweep(rooms::LINGER);
                shared.tick();
            }
        });
}

/// Takes connections until the process ends: each one counted (or refused at once, with a
/// sentence), given its time to log in, then served on the I/O thread.
async fn accept(
    listener: tokio::net::TcpListener,
    shared: Arc<Shared>,
    config: Arc<russh::server::Config>,
) -> Result<()> {
    let saying = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    loop {
        let (socket, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            // Out of file descriptors, or a connection reset before it was taken.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let admitted = match shared.admit(peer.ip()) {
            Ok(admitted) => admitted,
            Err(why) => {
                refuse::refuse(socket, &why, &saying);
                continue;
            }
        };
        let login = admitted.login();
        let _ = socket.set_nodelay(true);
        let authenticated = Arc::new(AtomicBool::new(false));
        let liveness = Arc::new(Liveness::default());
        let id = admitted.id();
        shared.control.connected(id, peer.ip(), liveness.clone());
        let handler = Connection::new(
            shared.clone(),
            admitted,
            authenticated.clone(),
            liveness.clone(),
        );
        let config = config.clone();
        let idle = shared.policy.idle;
        let socket = stream::Deadlined::new(
            socket,
            shared.policy.stalled,
            (login, authenticated.clone()),
        );
        let closing = shared.clone();
        let task = tokio::spawn(async move {
            let started =
                tokio::time::timeout(login, russh::server::run_stream(config, socket, handler))
                    .await;
            let Ok(Ok(session)) = started else {
                return;
            };
            let handle = session.handle();
            closing.control.session(id, session.handle());
            // Ended with the connection's task, even when it is aborted.
            let idle = AbortOnDrop(tokio::spawn(watch_idle(liveness, idle, session.handle())));
            let watchdog = AbortOnDrop(tokio::spawn(async move {
                tokio::time::sleep(login).await;
                if !authenticated.load(Ordering::SeqCst) {
                    let _ = handle
                        .disconnect(
                            russh::Disconnect::ByApplication,
                            "not logged in in time".into(),
                            "en".into(),
                        )
                        .await;
                }
            }));
            let _ = session.await;
            drop((watchdog, idle));
        });
        // Before the task first runs (this thread runs it, after this loop's next wait): a
        // slow stranger is closed for a newcomer by aborting its task.
        shared.closes(id, task.abort_handle());
        shared.control.closes(id, task.abort_handle());
    }
}

/// A task aborted when this is dropped.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Closes the connection once its client has sent nothing for `idle`: each of its games
/// ended first with a goodbye on the client's screen (the game kept), then the connection.
async fn watch_idle(liveness: Arc<Liveness>, idle: Duration, handle: russh::server::Handle) {
    loop {
        let silent = liveness.silent_for();
        if silent < idle {
            tokio::time::sleep(idle - silent).await;
            continue;
        }
        let goodbye = format!(
            "nothing typed for {}: the server closed the connection (your game is kept)",
            span(idle)
        );
        liveness.say_goodbye(&goodbye);
        // A moment for the games to restore their screens and say it.
        tokio::time::sleep(Duration::from_secs(2)).await;
        let _ = handle
            .disconnect(russh::Disconnect::ByApplication, goodbye, "en".into())
            .await;
        return;
    }
}

/// `--idle-timeout`: minutes, or a number with a unit (s, m, h).
fn parse_idle(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let (number, unit) = match text.find(|c: char| !c.is_ascii_digit()) {
        Some(at) => text.split_at(at),
        None => (text, "m"),
    };
    let seconds = match unit.trim() {
        "s" => 1,
        "m" | "min" => 60,
        "h" => 3600,
        _ => {
            return Err(format!(
                "{text:?}: minutes (60), or with a unit: 90s, 30m, 2h"
            ));
        }
    };
    match number.parse::<u64>() {
        Ok(n) if n > 0 => Ok(Duration::from_secs(n.saturating_mul(seconds))),
        _ => Err(format!(
            "{text:?}: a whole number above 0, as 60, 90s, 30m or 2h"
        )),
    }
}

/// A span as a player reads it: "60 minutes", "90 seconds".
fn span(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        1 => "1 second".to_owned(),
        s if s < 120 => format!("{s} seconds"),
        s if s % 3600 == 0 && s >= 7200 => format!("{} hours", s / 3600),
        s => format!("{} minutes", s / 60),
    }
}

/// The fingerprints of the keys in an authorized_keys file.
fn read_allowed(file: &std::path::Path) -> Result<HashSet<String>> {
    let text = std::fs::read_to_string(file)
        .with_context(|| format!("cannot read --allow-keys {}", file.display()))?;
    let mut keys = HashSet::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // Options before the key (`from="…"`, `restrict`, `command="…"`) would be promises
        // the server does not keep (it reads no address pattern, and every key gets chess and
        // nothing else anyway): a line with any is refused, not half read.
        let first = line.split_whitespace().next().unwrap_or_default();
        match PublicKey::from_openssh(line) {
            Ok(key) if matches!(key.algorithm(), Algorithm::Rsa { .. }) => anyhow::bail!(
                "--allow-keys {} line {}: an RSA key, which could never log in (hotseat serve \
                 takes Ed25519 or ECDSA keys, not RSA): ask its player for one made with  \
                 ssh-keygen -t ed25519  and put that line in its place",
                file.display(),
                n + 1
            ),
            Ok(key) => {
                keys.insert(server::hex_fingerprint(&key));
            }
            Err(_) if !is_key_type(first) && line.split_whitespace().any(is_key_type) => {
                anyhow::bail!(
                    "--allow-keys {} line {}: options before the key ({}) are not taken by \
                     hotseat serve, which lets every key play chess and nothing else: write the \
                     key alone (ssh-ed25519 AAAA… comment)",
                    file.display(),
                    n + 1,
                    hotseat::text::excerpt(first)
                )
            }
            Err(_) => anyhow::bail!(
                "--allow-keys {} line {}: not a public key (one key a line, as in \
                 authorized_keys: ssh-ed25519 AAAA… comment)",
                file.display(),
                n + 1
            ),
        }
    }
    Ok(keys)
}

/// Whether `word` names a key's type (`ssh-ed25519`, `ecdsa-sha2-nistp256`, `sk-…`), as the
/// first field of an authorized_keys line without options does.
fn is_key_type(word: &str) -> bool {
    ["ssh-", "ecdsa-", "sk-"]
        .iter()
        .any(|p| word.starts_with(p))
}

/// The game options are read now, so that a wrong one is said before anyone connects.
fn check_game_options(game: &[String], data: &std::path::Path) -> Result<()> {
    let mut args = vec![
        "hotseat".to_owned(),
        "--data-dir".to_owned(),
        data.join("players").to_string_lossy().into_owned(),
        "--config".to_owned(),
        data.join(GUESTS_SETTINGS).to_string_lossy().into_owned(),
    ];
    args.extend(game.iter().cloned());
    let cli = hotseat::cli::Cli::try_parse_from(&args)
        .map_err(|e| anyhow::anyhow!("the game options after --: {e}"))?;
    match cli.task() {
        Ok(hotseat::cli::Task::Play(launch, _)) if launch.config.sparring.is_some() => {
            anyhow::bail!(
                "the game options after --: --against is not served (every guest's game would \
                 run an engine of its own, outside the engines the guests share: --engines)"
            )
        }
        Ok(hotseat::cli::Task::Play(..)) => Ok(()),
        Ok(_) => anyhow::bail!("the options after -- are a game's (--time 5+3...), not a command"),
        Err(e) => anyhow::bail!("the game options after --: {}", task_error(e)),
    }
}

/// The settings file of the guests' games, in the server's folder: every guest's game reads it
/// (`--config`), never the config.toml of the server's user.
pub const GUESTS_SETTINGS: &str = "guests.toml";

/// Makes the guests' settings file if it is not there yet: empty but for what it is.
fn guests_settings(data: &Path) -> Result<()> {
    let file = data.join(GUESTS_SETTINGS);
    if file.exists() {
        return Ok(());
    }
    let text = "# The settings of every game hotseat serve plays, as in hotseat's config.toml\n\
                # (theme = \"blue\", time = \"5+3\"...). Not the server user's own settings.\n";
    hotseat::store::atomic_write(&file, text.as_bytes())
        .with_context(|| format!("cannot write {}", file.display()))
}

/// What is wrong with the game options, in the words `hotseat` says it.
pub fn task_error(e: hotseat::cli::TaskError) -> String {
    use hotseat::cli::TaskError;
    match e {
        TaskError::Usage(m) | TaskError::Value(m) | TaskError::File(m) => m,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str =
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA/imaoNJrrWOiHVMvSjKKTGyUSjohxUrX0WHX8hVZ4r ann";

    const RSA: &str = "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQC0Elbvu8x34GRmRuHySePbzVXNimV7E5dcdCi0HjM5C9JlVu1JQgPa51EWi2/C24QmKUKmC87a6YIhzqjyH/MD31NJ0tuI+be8eVURGkeTEAK+MSNTZ1gfdEXDNLcfW5AR/QSRv4JdlEJ6hY/kQHW2OiZRwr97islrYwLESaJ9hQ== bob";

    fn read(text: &str) -> Result<HashSet<String>> {
        let file = std::env::temp_dir().join(format!(
            "hotseat-serve-allow-{}-{}",
            std::process::id(),
            text.len()
        ));
        std::fs::write(&file, text).unwrap();
        let read = read_allowed(&file);
        let _ = std::fs::remove_file(&file);
        read
    }

    #[test]
    fn allow_keys_refuses_a_line_with_options_rather_than_ignore_them() {
        assert_eq!(read(&format!("# club\n\n{KEY}\n")).unwrap().len(), 1);
        for options in ["from=\"10.0.0.*\"", "restrict", "no-pty,command=\"ls\""] {
            let err = read(&format!("{KEY}\n{options} {KEY}\n")).unwrap_err();
            let err = format!("{err:#}");
            assert!(err.contains("line 2: options before the key"), "{err}");
            assert!(err.contains("write the key alone"), "{err}");
        }
        let err = format!("{:#}", read("ssh-ed25519 not-base64 ann\n").unwrap_err());
        assert!(err.contains("line 1: not a public key"), "{err}");
    }

    #[test]
    fn the_admission_flags_make_limits_and_a_wrong_one_is_said_with_what_to_give() {
        let args = |extra: &[&str]| {
            let mut all = vec!["hotseat serve"];
            all.extend(extra);
            Args::try_parse_from(all)
        };
        assert_eq!(limits_of(&[]), admission::Limits::default());
        let small = limits_of(&["--max-sessions", "10", "--max-startups", "5:50:20"]);
        assert_eq!((small.reserved, small.startups.full), (2, 20));
        let err = limits(&args(&["--max-sessions", "10", "--reserved-sessions", "11"]).unwrap())
            .unwrap_err()
            .to_string();
        assert!(err.contains("give at most as many"), "{err}");
        let err = args(&["--max-startups", "100:30:10"])
            .unwrap_err()
            .to_string();
        assert!(err.contains("start at most full"), "{err}");
    }

    fn limits_of(extra: &[&str]) -> admission::Limits {
        let mut all = vec!["hotseat serve"];
        all.extend(extra);
        limits(&Args::try_parse_from(all).unwrap()).unwrap()
    }

    #[test]
    fn allow_keys_refuses_an_rsa_key_which_could_never_log_in() {
        let err = format!("{:#}", read(&format!("{KEY}\n\n{RSA}\n")).unwrap_err());
        assert!(err.contains("line 3: an RSA key"), "{err}");
        assert!(err.contains("ssh-keygen -t ed25519"), "{err}");
    }
}
