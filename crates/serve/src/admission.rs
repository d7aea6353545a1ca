//! Who is let in, members first: the bookkeeping of every connection and game, as data, with
//! the time passed in (the server's handler asks, and carries out the answer).
//!
//! *OpenSSH's anchor:* `MaxStartups` drops connections not yet logged in at random once there
//! are `start` of them, more surely as they near `full`; `PerSourcePenalties` remembers who
//! behaves. Here:
//!
//! * **Before login** a connection is a stranger, counted by its address (an IPv4 address, an
//!   IPv6 /64) and its network (an IPv4 /24, an IPv6 /64), each with a cap, and against
//!   [`Startups`]; a newcomer [`Startups`] would refuse takes instead the place of the
//!   stranger that has waited longest, if that one is slow (past [`PROMPT`]), so slow strangers
//!   cannot hold the server against keys that log in promptly. An address a member logged in
//!   from lately is *trusted*: its connections skip the random drop and the network's cap (not
//!   its own address's), so a member gets in even through a flood that churns quickly. While
//!   the strangers number `start` or more the server is *pressed*, and a connection let in then
//!   has [`Limits::pressed_login`] to log in rather than the whole login time.
//! * **After login** a key is a *member* if it has a folder with a name or a game under the
//!   server's `players/` and was not first met in the last hour; any other key is *new* (a
//!   guest too). New keys cannot take the last [`Limits::reserved`] of `--max-sessions`, nor
//!   as large a share of the connections; a key has at most [`Limits::per_key`] games open
//!   (and twice as many connections); an address brings at most
//!   [`Limits::new_keys_per_hour`] new keys an hour. A connection refused at its login is told
//!   why on its first channel, and closed at its login time.
//! * **Refusals** are said to the client in a sentence (by the caller) and written on the
//!   server's output once per address a minute, then counted ([`Refusals`]).
//!
//! Every map is capped and forgets its old entries: the bookkeeping never grows with a flood.

use std::collections::{BTreeMap, HashMap};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::str::FromStr;
use std::time::{Duration, Instant};

pub use crate::refusals::Refusals;

/// How long an address a member logged in from stays trusted.
pub const TRUST: Duration = Duration::from_secs(7 * 24 * 3600);
/// How long a key is new after it was first met (and how long an address's count of new keys
/// lasts).
pub const NEW_FOR: Duration = Duration::from_secs(3600);
/// The most trusted addresses, and addresses counting their new keys, remembered.
pub const MAX_ADDRESSES: usize = 4096;
/// A stranger still not logged in after this long is slow: when the strangers are too many
/// for a newcomer, the one that has waited longest makes room for it, if it is slow. A key that
/// logs in within this time is never so closed, whatever the flood.
pub const PROMPT: Duration = Duration::from_secs(3);
/// The most new keys remembered: past it (every one met within the hour) no other new key is
/// let in until the oldest are an hour old.
pub const MAX_NEW_KEYS: usize = 16_384;

/// `--max-startups start:rate:full`: strangers (connections not yet logged in) past `start`
/// are refused at random, `rate` percent of them at `start`, more up to all at `full`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Startups {
    pub start: usize,
    pub rate: u32,
    pub full: usize,
}

impl Default for Startups {
    fn default() -> Startups {
        Startups {
            start: 10,
            rate: 30,
            full: 100,
        }
    }
}

impl FromStr for Startups {
    type Err = String;

    /// `start:rate:full` (`10:30:100`), or one number, `full` (none refused at random before).
    fn from_str(text: &str) -> Result<Startups, String> {
        let usage = || {
            format!(
                "{text:?}: start:rate:full, as 10:30:100 (past 10 connections logging in, 30% \
                 of new ones refused, more up to all at 100), or one number (all refused past it)"
            )
        };
        let numbers: Vec<usize> = text
            .split(':')
            .map(|n| n.trim().parse::<usize>())
            .collect::<Result<_, _>>()
            .map_err(|_| usage())?;
        let startups = match numbers.as_slice() {
            [full] => Startups {
                start: *full,
                rate: 100,
                full: *full,
            },
            [start, rate, full] => Startups {
                start: *start,
                rate: u32::try_from(*rate).map_err(|_| usage())?,
                full: *full,
            },
            _ => return Err(usage()),
        };
        if startups.full == 0
            || startups.start > startups.full
            || !(1..=100).contains(&startups.rate)
        {
            return Err(format!(
                "{}: full above 0, start at most full, and a rate of 1 to 100 (percent)",
                usage()
            ));
        }
        Ok(startups)
    }
}

/// What the server was told to allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    pub startups: Startups,
    /// Strangers at once from one address (one /64 for IPv6).
    pub per_address: usize,
    /// Strangers at once from one network (a /24, a /64 for IPv6), but from trusted addresses.
    pub per_network: usize,
    /// Connections at once in all.
    pub max_connections: usize,
    /// The time to log in.
    pub login: Duration,
    /// The time to log in for a connection let in while the server is pressed.
    pub pressed_login: Duration,
    /// Games open at once in all.
    pub max_sessions: usize,
    /// Of those, how many new keys may not take: kept for members.
    pub reserved: usize,
    /// Games one key may have open at once.
    pub per_key: usize,
    /// New keys one address may bring in an hour.
    pub new_keys_per_hour: usize,
}

impl Default for Limits {
    /// `hotseat serve`'s defaults.
    fn default() -> Limits {
        let startups = Startups::default();
        let max_sessions = 200;
        Limits {
            startups,
            per_address: 8,
            per_network: 32,
            max_connections: max_sessions * 2 + startups.full,
            login: Duration::from_secs(20),
            pressed_login: Duration::from_secs(10),
            max_sessions,
            reserved: max_sessions / 4,
            per_key: 4,
            new_keys_per_hour: 20,
        }
    }
}

/// Where connections are counted from: an IPv4 address (an IPv4-mapped IPv6 one as the
/// IPv4), or an IPv6 network of /64 — what one machine, or one home, is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Address {
    V4(Ipv4Addr),
    V6(u64),
}

impl Address {
    pub fn of(ip: IpAddr) -> Address {
        match ip {
            IpAddr::V4(v4) => Address::V4(v4),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Address::V4(v4),
                None => Address::V6((v6.to_bits() >> 64) as u64),
            },
        }
    }

    /// The network the address is in: its /24 (an IPv6 /64 is one already).
    pub fn network(self) -> Network {
        match self {
            Address::V4(v4) => Network::V4(u32::from(v4) >> 8),
            Address::V6(net) => Network::V6(net),
        }
    }
}

impl std::fmt::Display for Address {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Address::V4(v4) => write!(f, "{v4}"),
            Address::V6(net) => write!(f, "{}/64", Ipv6Addr::from_bits(u128::from(*net) << 64)),
        }
    }
}

/// A network whose strangers are counted together: an IPv4 /24, an IPv6 /64.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Network {
    V4(u32),
    V6(u64),
}

impl std::fmt::Display for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Network::V4(net) => write!(f, "{}/24", Ipv4Addr::from(net << 8)),
            Network::V6(net) => write!(f, "{}/64", Ipv6Addr::from_bits(u128::from(*net) << 64)),
        }
    }
}

/// A connection let in: where from, whether it counts as a stranger (against the networks'
/// caps and [`Startups`]), and its time to log in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ticket {
    /// The connection's number, in the order they came.
    pub id: u64,
    pub address: Address,
    pub stranger: bool,
    pub login: Duration,
}

/// What a key is here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Known by its folder, and not first met within the hour.
    Member,
    /// First met within the hour, or without a name or a game here, or a guest.
    New,
}

/// The bookkeeping of the server's connections and games.
#[derive(Debug)]
pub struct Admission {
    pub limits: Limits,
    /// Connections in all.
    total: usize,
    /// Those not logged in, by address.
    logging_in: HashMap<Address, usize>,
    /// Strangers (not logged in, not from a trusted address): in all, and by network.
    strangers: usize,
    by_network: HashMap<Network, usize>,
    /// The strangers not yet closed, by their number (so the first has waited longest): since
    /// when, and from where. Bounded by the strangers.
    waiting: BTreeMap<u64, (Instant, Address)>,
    /// Strangers to close for newcomers, until the caller takes them ([`Admission::evicted`]).
    evicted: Vec<(u64, Address)>,
    next_id: u64,
    /// Addresses members logged in from, and when last.
    trusted: HashMap<Address, Instant>,
    /// Keys first met within the hour, and when.
    new_keys: HashMap<String, Instant>,
    /// New keys each address brought: since when, how many.
    brought: HashMap<Address, (Instant, usize)>,
    /// Logged-in connections: by key, and those of new keys.
    connections_by_key: HashMap<String, usize>,
    new_connections: usize,
    /// Games open: in all, by new keys, by key.
    sessions: usize,
    new_sessions: usize,
    by_key: HashMap<String, usize>,
    random: u64,
}

impl Admission {
    /// The bookkeeping under `limits`, its random drops drawn from `seed`.
    pub fn new(limits: Limits, seed: u64) -> Admission {
        Admission {
            limits,
            total: 0,
            logging_in: HashMap::new(),
            strangers: 0,
            by_network: HashMap::new(),
            waiting: BTreeMap::new(),
            evicted: Vec::new(),
            next_id: 0,
            trusted: HashMap::new(),
            new_keys: HashMap::new(),
            brought: HashMap::new(),
            connections_by_key: HashMap::new(),
            new_connections: 0,
            sessions: 0,
            new_sessions: 0,
            by_key: HashMap::new(),
            // xorshift never leaves 0.
            random: seed | 1,
        }
    }

    /// Whether the server is pressed: strangers past [`Startups::start`].
    pub fn pressed(&self) -> bool {
        self.strangers >= self.limits.startups.start
    }

    /// A connection from `ip` at `now`: let in with its ticket, or why not (a sentence).
    pub fn connect(&mut self, ip: IpAddr, now: Instant) -> Result<Ticket, String> {
        let address = Address::of(ip);
        let limits = &self.limits;
        if self.total >= limits.max_connections {
            return Err(format!(
                "the server has {} open, its most: try again in a minute",
                counted(self.total, "connection")
            ));
        }
        let here = self.logging_in.get(&address).copied().unwrap_or(0);
        if here >= limits.per_address {
            return Err(format!(
                "{} from {address} logging in at once already, the most this server takes \
                 from one address: let those finish, then connect again",
                counted(here, "connection")
            ));
        }
        let trusted = self
            .trusted
            .get(&address)
            .is_some_and(|&t| now.saturating_duration_since(t) < TRUST);
        let network = address.network();
        let pressed = self.pressed();
        if !trusted {
            let there = self.by_network.get(&network).copied().unwrap_or(0);
            if there >= limits.per_network {
                return Err(format!(
                    "{} from your network ({network}) logging in at once already, the most \
                     this server takes from one network: try again in a minute",
                    counted(there, "connection")
                ));
            }
            if self.drop_at_random() {
                // The stranger that has waited longest makes room, if it is slow.
                if let Some((&id, &(since, from))) = self.waiting.first_key_value()
                    && now.saturating_duration_since(since) >= PROMPT
                {
                    self.waiting.remove(&id);
                    self.evicted.push((id, from));
                    return self.let_in(address, trusted, pressed, now);
                }
                return Err(format!(
                    "the server is busy ({} logging in at once): try again in a minute",
                    counted(self.strangers, "connection")
                ));
            }
        }
        self.let_in(address, trusted, pressed, now)
    }

    /// Counts a connection let in from `address`.
    fn let_in(
        &mut self,
        address: Address,
        trusted: bool,
        pressed: bool,
        now: Instant,
    ) -> Result<Ticket, String> {
        let id = self.next_id;
        self.next_id += 1;
        self.total += 1;
        *self.logging_in.entry(address).or_insert(0) += 1;
        if !trusted {
            self.strangers += 1;
            *self.by_network.entry(address.network()).or_insert(0) += 1;
            self.waiting.insert(id, (now, address));
        }
        Ok(Ticket {
            id,
            address,
            stranger: !trusted,
            login: if pressed {
                self.limits.pressed_login.min(self.limits.login)
            } else {
                self.limits.login
            },
        })
    }

    /// The strangers to close now, each for a newcomer (by number, and where from): counted
    /// until their connections are gone ([`Admission::disconnect`]).
    pub fn evicted(&mut self) -> Vec<(u64, Address)> {
        std::mem::take(&mut self.evicted)
    }

    /// Whether a stranger's connection is refused now, by [`Startups`].
    fn drop_at_random(&mut self) -> bool {
        let Startups { start, rate, full } = self.limits.startups;
        let n = self.strangers;
        if n < start {
            return false;
        }
        if n >= full {
            return true;
        }
        // rate% at start, rising in a line to 100% at full.
        let percent =
            u64::from(rate) + (100 - u64::from(rate)) * (n - start) as u64 / (full - start) as u64;
        self.next_random() % 100 < percent
    }

    /// xorshift64: enough to draw a drop, cheap, no lock.
    fn next_random(&mut self) -> u64 {
        let mut x = self.random;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.random = x;
        x
    }

    /// The connection of `ticket` logged in (or is gone before): it no longer counts against
    /// its address, its network or the strangers.
    pub fn stop_logging_in(&mut self, ticket: &Ticket) {
        self.waiting.remove(&ticket.id);
        decrement(&mut self.logging_in, &ticket.address);
        if ticket.stranger {
            self.strangers = self.strangers.saturating_sub(1);
            decrement(&mut self.by_network, &ticket.address.network());
        }
    }

    /// The connection of `ticket` is gone (`logged_in`: [`Admission::stop_logging_in`] was
    /// called for it already).
    pub fn disconnect(&mut self, ticket: &Ticket, logged_in: bool) {
        if !logged_in {
            self.stop_logging_in(ticket);
        }
        self.total = self.total.saturating_sub(1);
    }

    /// `key` logged in from `address` at `now`; `known` says whether it has a folder with a
    /// name or a game here (guests have none). Its standing, or why a new key is refused.
    ///
    /// A logged-in connection is counted by its key (at most twice [`Limits::per_key`]) and,
    /// a new key's, against the connections new keys may hold (as many of
    /// [`Limits::max_connections`] as of the games they may have): until
    /// [`Admission::logged_out`], if it is let in.
    pub fn logged_in(
        &mut self,
        address: Address,
        key: &str,
        known: bool,
        now: Instant,
    ) -> Result<Standing, String> {
        let standing = self.standing(address, key, known, now)?;
        let limits = &self.limits;
        let mine = self.connections_by_key.get(key).copied().unwrap_or(0);
        if mine >= limits.per_key.saturating_mul(2) {
            return Err(format!(
                "your key has {} open on this server already, its most: close one, then \
                 connect again",
                counted(mine, "connection")
            ));
        }
        let for_new = limits
            .max_connections
            .saturating_mul(limits.max_sessions.saturating_sub(limits.reserved))
            / limits.max_sessions.max(1);
        if standing == Standing::New && self.new_connections >= for_new {
            return Err(format!(
                "the server keeps its last connections for its regular players (a key with a \
                 name or a game here, first met over an hour ago), and new keys have {} open: \
                 try again later",
                self.new_connections
            ));
        }
        // Bounded: an entry per connection.
        *self.connections_by_key.entry(key.to_owned()).or_insert(0) += 1;
        if standing == Standing::New {
            self.new_connections += 1;
        }
        Ok(standing)
    }

    /// The connection of `key`, let in as `standing` by [`Admission::logged_in`], is gone.
    pub fn logged_out(&mut self, key: &str, standing: Standing) {
        decrement(&mut self.connections_by_key, key);
        if standing == Standing::New {
            self.new_connections = self.new_connections.saturating_sub(1);
        }
    }

    /// What `key` is, logging in from `address`; or why a new key is refused.
    fn standing(
        &mut self,
        address: Address,
        key: &str,
        known: bool,
        now: Instant,
    ) -> Result<Standing, String> {
        let met = self.new_keys.get(key).copied();
        let new_within_hour = met.is_some_and(|t| now.saturating_duration_since(t) < NEW_FOR);
        if known && !new_within_hour {
            self.new_keys.remove(key);
            forget_oldest(&mut self.trusted, now, TRUST, MAX_ADDRESSES, &address);
            self.trusted.insert(address, now);
            return Ok(Standing::Member);
        }
        if new_within_hour {
            return Ok(Standing::New);
        }
        // A key met for the first time (or again after its hour, still without a name or a
        // game): one more of its address's new keys this hour.
        let hour = self.limits.new_keys_per_hour;
        let brought = match self.brought.get(&address) {
            Some(&(since, n)) if now.saturating_duration_since(since) < NEW_FOR => (since, n),
            _ => (now, 0),
        };
        if brought.1 >= hour {
            return Err(format!(
                "{} came from {address} within the hour, the most this server takes: come \
                 back with a key that has played here, or in an hour",
                counted(brought.1, "new key")
            ));
        }
        if !forget_oldest(&mut self.brought, now, NEW_FOR, MAX_ADDRESSES, &address)
            || !forget_expired(&mut self.new_keys, now, MAX_NEW_KEYS)
        {
            return Err(
                "the server has met as many new keys within the hour as it keeps track of: \
                 come back in an hour"
                    .to_owned(),
            );
        }
        self.brought.insert(address, (brought.0, brought.1 + 1));
        self.new_keys.insert(key.to_owned(), now);
        Ok(Standing::New)
    }

    /// A game for `key` of `standing`: counted, or why not.
    pub fn start_session(&mut self, key: &str, standing: Standing) -> Result<(), String> {
        let limits = &self.limits;
        if self.sessions >= limits.max_sessions {
            return Err(format!(
                "the server has {} open, its most: try again later",
                counted(self.sessions, "game")
            ));
        }
        let for_new = limits.max_sessions.saturating_sub(limits.reserved);
        if standing == Standing::New && self.new_sessions >= for_new {
            return Err(format!(
                "the server keeps its last {} games for its regular players (a key with a name \
                 or a game here, first met over an hour ago), and new keys have the other {} \
                 open: try again later",
                limits.reserved, self.new_sessions
            ));
        }
        let mine = self.by_key.get(key).copied().unwrap_or(0);
        if mine >= limits.per_key {
            return Err(format!(
                "your key has {} open on this server already, its most: leave one (q or \
                 Ctrl-Q), then come in again",
                counted(mine, "game")
            ));
        }
        self.sessions += 1;
        if standing == Standing::New {
            self.new_sessions += 1;
        }
        // Bounded: an entry per open game.
        *self.by_key.entry(key.to_owned()).or_insert(0) += 1;
        Ok(())
    }

    /// The game of `key` ended.
    pub fn end_session(&mut self, key: &str, standing: Standing) {
        self.sessions = self.sessions.saturating_sub(1);
        if standing == Standing::New {
            self.new_sessions = self.new_sessions.saturating_sub(1);
        }
        decrement(&mut self.by_key, key);
    }

    /// Games open: in all, and by new keys.
    #[cfg(test)]
    pub fn sessions(&self) -> (usize, usize) {
        (self.sessions, self.new_sessions)
    }
}

/// `n` of `thing`, as said: "1 connection", "8 connections".
fn counted(n: usize, thing: &str) -> String {
    format!("{n} {thing}{}", if n == 1 { "" } else { "s" })
}

/// One fewer at `key`; the entry goes at zero.
fn decrement<K, Q>(map: &mut HashMap<K, usize>, key: &Q)
where
    K: std::borrow::Borrow<Q> + std::hash::Hash + Eq,
    Q: std::hash::Hash + Eq + ?Sized,
{
    if let Some(n) = map.get_mut(key) {
        *n = n.saturating_sub(1);
        if *n == 0 {
            map.remove(key);
        }
    }
}

/// Room in `map` (keys first met, by when) for one more: the entries older than [`NEW_FOR`]
/// forgotten once it is full. `false`: every entry is younger, and there is none.
fn forget_expired(map: &mut HashMap<String, Instant>, now: Instant, cap: usize) -> bool {
    if map.len() >= cap {
        map.retain(|_, &mut t| now.saturating_duration_since(t) < NEW_FOR);
    }
    map.len() < cap
}

/// Room in `map` for `key`: once full, the entries older than `keep` forgotten, then, if
/// still full, the oldest (for addresses: trust, or a count of new keys, is lost, never
/// memory). `false` only for the counts of new keys, which are never forgotten early.
fn forget_oldest<V: Stamped>(
    map: &mut HashMap<Address, V>,
    now: Instant,
    keep: Duration,
    cap: usize,
    key: &Address,
) -> bool {
    if map.contains_key(key) || map.len() < cap {
        return true;
    }
    map.retain(|_, v| now.saturating_duration_since(v.stamp()) < keep);
    if map.len() < cap {
        return true;
    }
    if !V::EVICT {
        return false;
    }
    if let Some(oldest) = map.iter().min_by_key(|(_, v)| v.stamp()).map(|(k, _)| *k) {
        map.remove(&oldest);
    }
    true
}

/// An entry with the time it was made, and whether it may be forgotten before its time.
trait Stamped {
    const EVICT: bool;
    fn stamp(&self) -> Instant;
}

impl Stamped for Instant {
    const EVICT: bool = true;
    fn stamp(&self) -> Instant {
        *self
    }
}

impl Stamped for (Instant, usize) {
    const EVICT: bool = false;
    fn stamp(&self) -> Instant {
        self.0
    }
}

#[cfg(test)]
mod tests;
