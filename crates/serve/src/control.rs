//! The host in charge: commands typed at the server's own terminal (its standard input) to see
//! who is connected and to act on them — list the connections and rooms, close a key's
//! connections, ban a key or an address (kept in the server's folder, so a restart keeps
//! them), close a room.
//!
//! ```text
//! who              the connections: key, name, address, rooms, how long
//! rooms            the rooms open: code, players, private or listed
//! kick KEY         close every connection of KEY, with a goodbye on its screens
//! ban KEY|ADDRESS  kick, and refuse from now on (an IPv6 address by its /64)
//! unban KEY|ADDRESS
//! bans             what is banned
//! close CODE       end the room CODE: everyone in it told and disconnected, its game kept
//! ```
//!
//! KEY is a key's fingerprint as `who` shows it, or its first 8 characters or more (one key
//! only). The registry here is bounded by the connections the server admits.

use std::collections::{BTreeSet, HashMap};
use std::io::{BufRead, Write};
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::admission::Address;
use crate::server::{Liveness, Shared};

/// The file of the bans in the server's folder: one key fingerprint or address a line.
pub const BANS_FILE: &str = "bans";

/// What a kicked or banned client's screens say before the connection closes.
pub const KICKED: &str = "the server's host closed your connection";

/// The shortest prefix of a fingerprint a command takes.
const MIN_PREFIX: usize = 8;

/// How long a kicked client's screens have to say goodbye before its connection is cut.
const GOODBYE: Duration = Duration::from_millis(500);

/// The connections, and the bans.
#[derive(Debug)]
pub struct Control {
    live: Mutex<HashMap<u64, Live>>,
    bans: Mutex<Bans>,
    /// The server's I/O, where a connection is closed from (set once it runs).
    io: Mutex<Option<tokio::runtime::Handle>>,
}

/// One connection, as the host sees it.
#[derive(Debug)]
struct Live {
    address: IpAddr,
    since: Instant,
    key: Option<String>,
    rooms: BTreeSet<String>,
    liveness: Arc<Liveness>,
    close: Option<tokio::task::AbortHandle>,
    /// The SSH session, once its handshake is done: closing it ends the connection (aborting
    /// the task that started it does not: russh runs the session on a task of its own).
    ssh: Option<russh::server::Handle>,
}

/// The keys and addresses refused, and the file they are kept in.
#[derive(Debug, Default)]
struct Bans {
    keys: BTreeSet<String>,
    addresses: BTreeSet<String>,
    file: Option<PathBuf>,
}

impl Bans {
    /// The bans kept in `file` (none if it is not there yet).
    fn load(file: PathBuf) -> std::io::Result<Bans> {
        let mut bans = Bans {
            file: Some(file.clone()),
            ..Bans::default()
        };
        let text = match std::fs::read_to_string(&file) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(e),
        };
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            match Target::read(line) {
                Some(Target::Key(key)) => {
                    bans.keys.insert(key);
                }
                Some(Target::Address(address)) => {
                    bans.addresses.insert(address.to_string());
                }
                None => {}
            }
        }
        Ok(bans)
    }

    /// The bans as their file holds them, and the file: written by [`write_bans`] once the
    /// lock is let go (the logins check the bans meanwhile).
    fn to_write(&self) -> Option<(PathBuf, String)> {
        let file = self.file.clone()?;
        let mut text = String::new();
        for line in self.keys.iter().chain(&self.addresses) {
            text.push_str(line);
            text.push('\n');
        }
        Some((file, text))
    }
}

/// Writes the bans to their file, atomically and durably.
fn write_bans(written: Option<(PathBuf, String)>) -> Result<(), String> {
    match written {
        None => Ok(()),
        Some((file, text)) => {
            hotseat::store::atomic_write(&file, text.as_bytes()).map_err(|e| e.to_string())
        }
    }
}

/// What a command names: a key (its fingerprint or a prefix of it) or an address.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Target {
    Key(String),
    Address(Address),
}

impl Target {
    /// A key's fingerprint (or a prefix of it), a keyless guest's name (`guest-…`), an address,
    /// or an IPv6 network as `who` and `bans` show it (`2001:db8:1:2::/64`).
    fn read(word: &str) -> Option<Target> {
        let ip = word.strip_suffix("/64").unwrap_or(word);
        if let Ok(ip) = ip.parse::<IpAddr>() {
            return Some(Target::Address(Address::of(ip)));
        }
        let (guest, hex) = match word.strip_prefix("guest-") {
            Some(rest) => ("guest-", rest),
            None => ("", word),
        };
        let hex_ok = hex.len() >= MIN_PREFIX
            && hex.len() <= 64
            && hex.bytes().all(|b| b.is_ascii_hexdigit());
        hex_ok.then(|| Target::Key(format!("{guest}{}", hex.to_ascii_lowercase())))
    }
}

impl Control {
    /// The host's control of a server whose folder is `data` (its bans read from there).
    pub fn new(data: &Path) -> std::io::Result<Control> {
        Ok(Control {
            live: Mutex::new(HashMap::new()),
            bans: Mutex::new(Bans::load(data.join(BANS_FILE))?),
            io: Mutex::new(None),
        })
    }

    /// The server's I/O runtime, from which connections are closed.
    pub fn runs_on(&self, io: tokio::runtime::Handle) {
        *lock(&self.io) = Some(io);
    }

    /// Connection `id`'s SSH session is up: how to close it.
    pub fn session(&self, id: u64, ssh: russh::server::Handle) {
        if let Some(live) = lock(&self.live).get_mut(&id) {
            live.ssh = Some(ssh);
        }
    }

    /// A control with no file, for tests.
    #[cfg(test)]
    pub fn in_memory() -> Control {
        Control {
            live: Mutex::new(HashMap::new()),
            bans: Mutex::new(Bans::default()),
            io: Mutex::new(None),
        }
    }

    /// A connection `id` from `address` was admitted.
    pub fn connected(&self, id: u64, address: IpAddr, liveness: Arc<Liveness>) {
        lock(&self.live).insert(
            id,
            Live {
                address,
                since: Instant::now(),
                key: None,
                rooms: BTreeSet::new(),
                liveness,
                close: None,
                ssh: None,
            },
        );
    }

    /// How to cut connection `id`: its task.
    pub fn closes(&self, id: u64, close: tokio::task::AbortHandle) {
        if let Some(live) = lock(&self.live).get_mut(&id) {
            live.close = Some(close);
        }
    }

    /// Connection `id` logged in as `key`.
    pub fn logged_in(&self, id: u64, key: &str) {
        if let Some(live) = lock(&self.live).get_mut(&id) {
            live.key = Some(key.to_owned());
        }
    }

    /// Connection `id` has a session in the room `code`.
    pub fn in_room(&self, id: u64, code: &str) {
        if let Some(live) = lock(&self.live).get_mut(&id) {
            live.rooms.insert(code.to_owned());
        }
    }

    /// Connection `id` is gone.
    pub fn gone(&self, id: u64) {
        lock(&self.live).remove(&id);
    }

    /// Whether `key` (a fingerprint) is banned.
    pub fn key_banned(&self, key: &str) -> bool {
        lock(&self.bans).keys.contains(key)
    }

    /// Whether `ip` (by its address, or its /64) is banned.
    pub fn address_banned(&self, ip: IpAddr) -> bool {
        lock(&self.bans)
            .addresses
            .contains(&Address::of(ip).to_string())
    }

    /// Carries out one command line; what to answer, a line each.
    pub fn command(&self, shared: &Shared, line: &str) -> Vec<String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => Vec::new(),
            ["help"] | ["?"] => HELP.lines().map(str::to_owned).collect(),
            ["who"] => self.who(shared),
            ["rooms"] => rooms(shared),
            ["bans"] => self.bans(),
            ["kick", who] => self.kick(who),
            ["ban", who] => self.ban(who),
            ["unban", who] => self.unban(who),
            ["close", code] => self.close(shared, code),
            [word, ..] => vec![format!(
                "{}: not a command here. Type help for the list (who, rooms, kick KEY, ban \
                 KEY|ADDRESS, unban, bans, close CODE).",
                hotseat::text::excerpt(word)
            )],
        }
    }

    fn who(&self, shared: &Shared) -> Vec<String> {
        let live = lock(&self.live);
        let mut rows: Vec<&Live> = live.values().collect();
        rows.sort_by_key(|l| l.since);
        let mut out = vec![format!(
            "{} connection{}",
            rows.len(),
            if rows.len() == 1 { "" } else { "s" }
        )];
        for l in rows {
            let name = l
                .key
                .as_deref()
                .and_then(|k| shared.rooms.names.get(k))
                .unwrap_or_else(|| "-".to_owned());
            let rooms: Vec<&str> = l.rooms.iter().map(String::as_str).collect();
            out.push(format!(
                "{}  {}  {}  {}  {}",
                l.key.as_deref().unwrap_or("(logging in)"),
                name,
                Address::of(l.address),
                if rooms.is_empty() {
                    "-".to_owned()
                } else {
                    rooms.join(",")
                },
                age(l.since.elapsed())
            ));
        }
        out
    }

    fn bans(&self) -> Vec<String> {
        let bans = lock(&self.bans);
        if bans.keys.is_empty() && bans.addresses.is_empty() {
            return vec!["Nothing is banned.".to_owned()];
        }
        bans.keys.iter().chain(&bans.addresses).cloned().collect()
    }

    /// The one key a prefix names among those connected (or banned), or why not.
    fn key_of(&self, prefix: &str) -> Result<String, String> {
        let live = lock(&self.live);
        let mut found: BTreeSet<String> = live
            .values()
            .filter_map(|l| l.key.clone())
            .filter(|k| k.starts_with(prefix))
            .collect();
        drop(live);
        found.extend(
            lock(&self.bans)
                .keys
                .iter()
                .filter(|k| k.starts_with(prefix))
                .cloned(),
        );
        match found.len() {
            1 => Ok(found.into_iter().next().unwrap_or_default()),
            0 if prefix.len() == 64 => Ok(prefix.to_owned()),
            0 => Err(format!(
                "no key connected starts with {prefix}: who lists them (a whole fingerprint \
                 bans a key that is not connected)"
            )),
            n => Err(format!(
                "{n} keys start with {prefix}: give more of the fingerprint"
            )),
        }
    }

    /// Says goodbye on every screen of the connections `which` chooses, then cuts them: how
    /// many.
    fn cut(&self, which: impl Fn(&Live) -> bool, goodbye: &str) -> usize {
        type Chosen = (
            Arc<Liveness>,
            Option<tokio::task::AbortHandle>,
            Option<russh::server::Handle>,
        );
        let chosen: Vec<Chosen> = lock(&self.live)
            .values()
            .filter(|l| which(l))
            .map(|l| (l.liveness.clone(), l.close.clone(), l.ssh.clone()))
            .collect();
        let n = chosen.len();
        if n == 0 {
            return 0;
        }
        for (liveness, _, _) in &chosen {
            liveness.say_goodbye(goodbye);
        }
        let io = lock(&self.io).clone();
        let goodbye = format!("hotseat: {goodbye}");
        // A moment for the games to restore their screens and say it, off this thread; then
        // the SSH session is closed (its channels with it), or, before its handshake, its task.
        let _ = std::thread::Builder::new()
            .name("host-kick".into())
            .spawn(move || {
                std::thread::sleep(GOODBYE);
                for (_, close, ssh) in chosen {
                    match (ssh, &io) {
                        (Some(ssh), Some(io)) => {
                            let goodbye = goodbye.clone();
                            io.spawn(async move {
                                let _ = ssh
                                    .disconnect(
                                        russh::Disconnect::ByApplication,
                                        goodbye,
                                        "en".into(),
                                    )
                                    .await;
                            });
                        }
                        _ => {
                            if let Some(close) = close {
                                close.abort();
                            }
                        }
                    }
                }
            });
        n
    }

    fn kick(&self, who: &str) -> Vec<String> {
        match Target::read(who) {
            Some(Target::Key(prefix)) => match self.key_of(&prefix) {
                Ok(key) => {
                    let n = self.cut(|l| l.key.as_deref() == Some(key.as_str()), KICKED);
                    vec![format!("Closed {n} connection(s) of {key}.")]
                }
                Err(why) => vec![format!("Not kicked: {why}.")],
            },
            Some(Target::Address(address)) => {
                let n = self.cut(|l| Address::of(l.address) == address, KICKED);
                vec![format!("Closed {n} connection(s) from {address}.")]
            }
            None => vec![bad_target(who)],
        }
    }

    fn ban(&self, who: &str) -> Vec<String> {
        let (said, cut) = match Target::read(who) {
            Some(Target::Key(prefix)) => match self.key_of(&prefix) {
                Ok(key) => {
                    lock(&self.bans).keys.insert(key.clone());
                    let n = self.cut(|l| l.key.as_deref() == Some(key.as_str()), KICKED);
                    (format!("Banned the key {key}"), n)
                }
                Err(why) => return vec![format!("Not banned: {why}.")],
            },
            Some(Target::Address(address)) => {
                lock(&self.bans).addresses.insert(address.to_string());
                let n = self.cut(|l| Address::of(l.address) == address, KICKED);
                (format!("Banned {address}"), n)
            }
            None => return vec![bad_target(who)],
        };
        let written = lock(&self.bans).to_write();
        let kept = match write_bans(written) {
            Ok(()) => String::new(),
            Err(e) => format!(" (not kept for the next start: {e})"),
        };
        vec![format!("{said}, closed {cut} connection(s){kept}.")]
    }

    fn unban(&self, who: &str) -> Vec<String> {
        let mut bans = lock(&self.bans);
        let removed = match Target::read(who) {
            Some(Target::Key(prefix)) => {
                let keys: Vec<String> = bans
                    .keys
                    .iter()
                    .filter(|k| k.starts_with(&prefix))
                    .cloned()
                    .collect();
                if keys.len() > 1 {
                    return vec![format!(
                        "Not unbanned: {} banned keys start with {prefix}: give more of it.",
                        keys.len()
                    )];
                }
                keys.into_iter().next().filter(|k| bans.keys.remove(k))
            }
            Some(Target::Address(address)) => {
                let address = address.to_string();
                bans.addresses.remove(&address).then_some(address)
            }
            None => return vec![bad_target(who)],
        };
        let written = bans.to_write();
        drop(bans);
        match removed {
            Some(what) => {
                let kept = match write_bans(written) {
                    Ok(()) => String::new(),
                    Err(e) => format!(" (the file still has it: {e})"),
                };
                vec![format!("{what} may come in again{kept}.")]
            }
            None => vec![format!(
                "{} is not banned: bans lists what is.",
                hotseat::text::excerpt(who)
            )],
        }
    }

    fn close(&self, shared: &Shared, code: &str) -> Vec<String> {
        if !crate::rooms::valid_code(code) || !shared.rooms.is_open(code) {
            return vec![format!(
                "No room {} is open: rooms lists them.",
                hotseat::text::excerpt(code)
            )];
        }
        let n = self.cut(
            |l| l.rooms.contains(code),
            "the server's host closed this room (its game is kept)",
        );
        shared.rooms.close(code);
        vec![format!(
            "Closed the room {code} and {n} connection(s) in it; its game is kept."
        )]
    }
}

fn bad_target(word: &str) -> String {
    format!(
        "{}: not a key or an address. Give a key's fingerprint as who shows it (at least its \
         first {MIN_PREFIX} characters) or an address (192.0.2.7, 2001:db8::1).",
        hotseat::text::excerpt(word)
    )
}

fn rooms(shared: &Shared) -> Vec<String> {
    let listed = shared.rooms.list();
    let mut out = vec![format!(
        "{} room{} open",
        listed.len(),
        if listed.len() == 1 { "" } else { "s" }
    )];
    let name = |key: &Option<String>| match key {
        Some(k) => shared.rooms.names.get(k).unwrap_or_else(|| short(k)),
        None => "(free)".to_owned(),
    };
    for room in listed {
        out.push(format!(
            "{}  {} – {}  {}{}{}",
            room.code,
            name(&room.white),
            name(&room.black),
            room.about.time,
            if room.about.private { "  private" } else { "" },
            if room.ended { "  over" } else { "" }
        ));
    }
    out
}

fn short(key: &str) -> String {
    key.chars().take(MIN_PREFIX).collect()
}

fn age(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        s if s < 120 => format!("{s} s"),
        s if s < 7200 => format!("{} min", s / 60),
        s => format!("{} h", s / 3600),
    }
}

/// The commands' help.
const HELP: &str = "\
who              the connections: key, name, address, rooms, how long
rooms            the rooms open: code, players, clock, private or not
kick KEY         close every connection of KEY (or of an ADDRESS), with a goodbye
ban KEY|ADDRESS  kick, and refuse from now on (kept in the server's folder)
unban KEY|ADDRESS
bans             what is banned
close CODE       end the room CODE: everyone in it told and disconnected, its game kept";

/// Reads the host's commands from `input` until it ends, answering on `out`.
pub fn listen(shared: &Shared, input: impl BufRead, mut out: impl Write) {
    for line in input.lines() {
        let Ok(line) = line else { return };
        for said in shared.control.command(shared, &line) {
            let _ = writeln!(out, "{said}");
        }
        let _ = out.flush();
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_names_a_key_by_its_fingerprint_or_an_address() {
        assert_eq!(
            Target::read("ABCDEF0123"),
            Some(Target::Key("abcdef0123".into()))
        );
        assert_eq!(Target::read("abc"), None);
        assert_eq!(Target::read("zzzzzzzzzz"), None);
        assert_eq!(
            Target::read("2001:db8:1:2::9"),
            Target::read("2001:db8:1:2:ffff::1")
        );
        assert!(matches!(
            Target::read("192.0.2.7"),
            Some(Target::Address(_))
        ));
        // As who and bans show an IPv6 network, and as the bans file keeps it.
        assert_eq!(
            Target::read("2001:db8:1:2::/64"),
            Target::read("2001:db8:1:2::9")
        );
        let Some(Target::Address(net)) = Target::read("2001:db8:1:2::9") else {
            panic!("an address")
        };
        assert_eq!(Target::read(&net.to_string()), Some(Target::Address(net)));
        // A keyless guest, by the name who shows.
        assert_eq!(
            Target::read("guest-00ff00ff00ff00ff"),
            Some(Target::Key("guest-00ff00ff00ff00ff".into()))
        );
    }

    #[test]
    fn bans_are_kept_in_their_file_and_read_again() {
        let dir = std::env::temp_dir().join(format!("hotseat-bans-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let control = Control::new(&dir).unwrap();
        let key = "ab".repeat(32);
        assert_eq!(control.ban(&key).len(), 1);
        assert_eq!(control.ban("192.0.2.7").len(), 1);
        assert!(control.key_banned(&key));
        let again = Control::new(&dir).unwrap();
        assert!(again.key_banned(&key));
        assert!(again.address_banned("192.0.2.7".parse().unwrap()));
        assert_eq!(control.ban("2001:db8:1:2::9").len(), 1);
        assert!(
            Control::new(&dir)
                .unwrap()
                .address_banned("2001:db8:1:2:ffff::1".parse().unwrap()),
            "an IPv6 ban is read again from the file"
        );
        assert!(!again.address_banned("192.0.2.8".parse().unwrap()));
        assert_eq!(
            again.unban("abababab"),
            [format!("{key} may come in again.")]
        );
        assert!(!Control::new(&dir).unwrap().key_banned(&key));
        assert!(again.unban("abababab")[0].contains("is not banned"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_prefix_must_name_one_key() {
        let control = Control::in_memory();
        let live = Arc::new(Liveness::default());
        for (id, key) in [(1, "aaaa1111bbbb"), (2, "aaaa1111cccc")] {
            control.connected(id, "127.0.0.1".parse().unwrap(), live.clone());
            control.logged_in(id, key);
        }
        assert!(
            control
                .key_of("aaaa1111")
                .unwrap_err()
                .contains("2 keys start")
        );
        assert_eq!(control.key_of("aaaa1111b").unwrap(), "aaaa1111bbbb");
        assert!(
            control
                .key_of("ffffffff")
                .unwrap_err()
                .contains("no key connected")
        );
        control.gone(1);
        assert_eq!(control.key_of("aaaa1111").unwrap(), "aaaa1111cccc");
    }
}
