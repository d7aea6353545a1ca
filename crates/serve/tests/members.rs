//! Members first (issue 53), with the real OpenSSH client: a member logs in while a flood of
//! connections that never log in, from 1,100 loopback addresses (all of 127.0.0.0/8 is this
//! machine), holds the server — from an address they logged in from before, and from a new
//! one; new keys cannot take the games kept for members; and every refusal a client can see
//! says why.

mod common;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use common::*;

/// The hex SHA-256 fingerprint of the key pair at `key`: its player's folder's name.
fn fingerprint(key: &Path) -> String {
    use russh::keys::ssh_key::{HashAlg, PublicKey};
    let text = std::fs::read_to_string(key.with_extension("pub")).unwrap();
    let key = PublicKey::from_openssh(text.trim()).unwrap();
    key.fingerprint(HashAlg::Sha256)
        .as_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// `key` made a member of the server in `dir` before it starts: a folder with a name, from an
/// earlier visit.
fn member(dir: &Path, name: &str) -> std::path::PathBuf {
    let key = key(dir, name);
    let folder = dir.join("server/players").join(fingerprint(&key));
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("name"), format!("{name}\n")).unwrap();
    key
}

/// Connections to the server that say nothing, one from each of `count` addresses, each in a
/// /24 of its own (127.1.0.1, 127.1.1.1, …), held open until dropped or closed by the server.
struct Flood {
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// Connections made, and those still open.
    made: Arc<AtomicUsize>,
    open: Arc<AtomicUsize>,
}

impl Flood {
    fn start(port: u16, count: u32) -> Flood {
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let made = Arc::new(AtomicUsize::new(0));
        let open = Arc::new(AtomicUsize::new(0));
        let (m, o) = (made.clone(), open.clone());
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let server = SocketAddr::from(([127, 0, 0, 1], port));
                for i in 0..count {
                    let from = Ipv4Addr::new(127, 1 + (i / 256) as u8, (i % 256) as u8, 1);
                    let socket = tokio::net::TcpSocket::new_v4().unwrap();
                    socket.bind(SocketAddr::new(IpAddr::V4(from), 0)).unwrap();
                    let Ok(mut stream) = socket.connect(server).await else {
                        continue;
                    };
                    m.fetch_add(1, Ordering::SeqCst);
                    o.fetch_add(1, Ordering::SeqCst);
                    let o = o.clone();
                    // Reads what the server says, until it closes: never a word back.
                    tokio::spawn(async move {
                        use tokio::io::AsyncReadExt;
                        let mut buf = [0u8; 1024];
                        while matches!(stream.read(&mut buf).await, Ok(n) if n > 0) {}
                        o.fetch_sub(1, Ordering::SeqCst);
                    });
                }
                let _ = stopped.await;
            });
        });
        Flood {
            stop: Some(stop),
            thread: Some(thread),
            made,
            open,
        }
    }
}

impl Drop for Flood {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[test]
fn a_member_logs_in_while_slow_strangers_from_1100_addresses_hold_the_server() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-flood");
    let ann = member(&dir, "Ann");
    let server = Server::start(&dir, &[]);
    // Ann has logged in from here before.
    let (ok, _, err) = server.run(&ann, &[], &["games"]);
    assert!(ok, "{err}");
    let flood = Flood::start(server.port, 1100);
    eventually("the flood's 1,100 connections tried", || {
        flood.made.load(Ordering::SeqCst) >= 1000
    });
    // Ann logs in, three times, while the strangers that got in are still held.
    let mut got_in = 0;
    for _ in 0..3 {
        let (ok, _, err) = server.run(&ann, &["-o", "ConnectTimeout=10"], &["games"]);
        if ok {
            got_in += 1;
        } else {
            eprintln!("Ann's login failed: {err}");
        }
    }
    let open = flood.open.load(Ordering::SeqCst);
    eprintln!(
        "member logins through the flood: {got_in} of 3 ({} connections made, {open} held open)",
        flood.made.load(Ordering::SeqCst)
    );
    assert_eq!(got_in, 3, "{}", server.said());
    assert!(open > 0, "the flood held nothing: it tested nothing");
    // From an address the server never saw (a new phone), Ann gets in too, once the strangers
    // are slow (3 s without logging in): the slowest makes room for her. Polled, with the
    // flood still held.
    let tries = AtomicUsize::new(0);
    eventually("Ann in from a new address through the flood", || {
        tries.fetch_add(1, Ordering::SeqCst);
        server.run(&ann, &["-b", "127.0.9.1"], &["games"]).0
    });
    let open = flood.open.load(Ordering::SeqCst);
    eprintln!(
        "a member from a new address got in at try {}, {open} of the flood still held open",
        tries.load(Ordering::SeqCst)
    );
    assert!(open > 0, "the flood had ended: it tested nothing");
    drop(flood);
    // The refusals were written once an address, and few: not a line each.
    let refusals = server
        .said()
        .lines()
        .filter(|line| line.starts_with("Refused"))
        .count();
    assert!(refusals <= 75, "{refusals} lines of refusals");
}

#[test]
fn new_keys_cannot_take_the_games_kept_for_members() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-reserved");
    let ann = member(&dir, "Ann");
    let server = Server::start(&dir, &["--max-sessions", "3", "--reserved-sessions", "1"]);
    let [bob, cat, dan] = ["bob", "cat", "dan"].map(|name| key(&dir, name));
    // Two new keys take the two games new keys may have.
    let bob_game = server.screen(&bob, &["here"], 80, 24);
    bob_game.wait_for("F1 help").unwrap();
    let cat_game = server.screen(&cat, &["here"], 80, 24);
    cat_game.wait_for("F1 help").unwrap();
    // A third new key is told why it cannot play now.
    let (ok, _, err) = server.run(&dan, &[], &["plain"]);
    assert!(!ok);
    assert!(
        err.contains("keeps its last 1 games for its regular players"),
        "{err}"
    );
    // The member gets the game kept for members.
    let ann_game = server.screen(&ann, &["here"], 80, 24);
    ann_game.wait_for("F1 help").unwrap();
    drop((bob_game, cat_game, ann_game));
}

#[test]
fn a_client_refused_before_login_and_an_unlisted_key_are_told_why() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-told");
    let (ann, stranger) = (key(&dir, "ann"), key(&dir, "stranger"));
    let club = dir.join("club_keys");
    std::fs::write(
        &club,
        std::fs::read_to_string(ann.with_extension("pub")).unwrap(),
    )
    .unwrap();
    let server = Server::start(
        &dir,
        &["--per-address", "1", "--allow-keys", club.to_str().unwrap()],
    );
    // One connection from 127.0.7.7 logging in (saying nothing): the next from there is told.
    let held = silent_from(server.port, Ipv4Addr::new(127, 0, 7, 7));
    let (ok, _, err) = server.run(&ann, &["-b", "127.0.7.7"], &["games"]);
    assert!(!ok);
    assert!(
        err.contains("hotseat: 1 connection from 127.0.7.7 logging in at once already"),
        "{err}"
    );
    assert!(err.contains("connect again"), "{err}");
    drop(held);
    // A key not in the club's file, at ssh's usual log level and not in batch mode.
    let mut args = server.ssh_args(&stranger);
    for option in ["BatchMode=yes", "LogLevel=ERROR"] {
        let at = args.iter().position(|a| a == option).unwrap();
        args.drain(at - 1..=at);
    }
    let out = Command::new("ssh")
        .args(args)
        .args(["player@127.0.0.1", "games"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("lets in only its members' keys, and yours is not among them"),
        "{err}"
    );
}

/// A connection to `port` from `from` that says nothing, held until dropped.
fn silent_from(port: u16, from: Ipv4Addr) -> std::net::TcpStream {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(SocketAddr::new(IpAddr::V4(from), 0)).unwrap();
        let stream = socket
            .connect(SocketAddr::from(([127, 0, 0, 1], port)))
            .await
            .unwrap();
        stream.into_std().unwrap()
    })
}

#[test]
fn new_keys_past_an_addresses_share_of_the_hour_are_told_why_and_members_still_come_in() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-new-keys");
    let ann = member(&dir, "Ann");
    let server = Server::start(&dir, &["--new-keys-per-hour", "1"]);
    let [bob, cat] = ["bob", "cat"].map(|name| key(&dir, name));
    let (ok, _, err) = server.run(&bob, &[], &["games"]);
    assert!(ok, "{err}");
    // Bob again: the same new key, not another.
    let (ok, _, err) = server.run(&bob, &[], &["games"]);
    assert!(ok, "{err}");
    let (ok, _, err) = server.run(&cat, &[], &["games"]);
    assert!(!ok);
    assert!(
        err.contains("1 new key came from 127.0.0.1 within the hour"),
        "{err}"
    );
    assert!(
        err.contains("come back with a key that has played here"),
        "{err}"
    );
    let (ok, _, err) = server.run(&ann, &[], &["games"]);
    assert!(ok, "{err}");
}

#[test]
fn with_allow_keys_every_listed_key_is_a_member_from_its_first_visit() {
    if !have_ssh() {
        return;
    }
    let dir = fresh_dir("serve-club-evening");
    let keys = ["ann", "bob", "cat"].map(|name| key(&dir, name));
    let club = dir.join("club_keys");
    let listed: String = keys
        .iter()
        .map(|key| std::fs::read_to_string(key.with_extension("pub")).unwrap())
        .collect();
    std::fs::write(&club, listed).unwrap();
    // The club's first evening, everyone behind one router: the host vouched for every key,
    // so none counts among the address's new keys.
    let server = Server::start(
        &dir,
        &[
            "--allow-keys",
            club.to_str().unwrap(),
            "--new-keys-per-hour",
            "1",
        ],
    );
    for key in &keys {
        let (ok, _, err) = server.run(key, &[], &["games"]);
        assert!(ok, "{err}");
    }
}
