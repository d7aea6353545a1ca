use super::*;

fn v4(a: u8, b: u8, c: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, a, b, c))
}

/// The `i`th of many addresses, each in a /24 of its own.
fn spread(i: u32) -> IpAddr {
    IpAddr::V4(Ipv4Addr::from(0x7f01_0001 + (i << 8)))
}

fn admission(limits: Limits) -> Admission {
    Admission::new(limits, 0x5eed)
}

/// A member from `ip`: logs in with a known key, and leaves.
fn member_visits(admission: &mut Admission, ip: IpAddr, key: &str, now: Instant) -> Standing {
    let ticket = admission.connect(ip, now).unwrap();
    admission.stop_logging_in(&ticket);
    let standing = admission.logged_in(ticket.address, key, true, now).unwrap();
    admission.disconnect(&ticket, true);
    admission.logged_out(key, standing);
    standing
}

#[test]
fn a_flood_of_slow_strangers_from_1100_addresses_cannot_lock_out_a_member_who_logs_in() {
    let mut admission = admission(Limits::default());
    let now = Instant::now();
    let home = v4(0, 0, 1);
    assert_eq!(
        member_visits(&mut admission, home, "ann", now),
        Standing::Member
    );
    // A stranger before the flood has the whole login time.
    let early = admission.connect(v4(9, 9, 9), now).unwrap();
    assert_eq!(early.login, Limits::default().login);
    // 1,100 addresses, each holding a connection that never logs in.
    let held: Vec<Ticket> = (0..1100)
        .filter_map(|i| admission.connect(spread(i), now).ok())
        .collect();
    assert!(held.len() < Startups::default().full, "{}", held.len());
    assert!(admission.pressed());
    let refused: Vec<String> = (0..100)
        .filter_map(|i| admission.connect(spread(5000 + i), now).err())
        .collect();
    assert!(refused.len() >= 90, "{} of 100 refused", refused.len());
    assert!(refused[0].contains("the server is busy"), "{}", refused[0]);
    // The member, from where they logged in before, gets in, with less time to log in (the
    // server is pressed), and logs in.
    let ticket = admission.connect(home, now).unwrap();
    assert!(!ticket.stranger);
    assert_eq!(ticket.login, Limits::default().pressed_login);
    admission.stop_logging_in(&ticket);
    assert_eq!(
        admission.logged_in(ticket.address, "ann", true, now),
        Ok(Standing::Member)
    );
    assert!(admission.start_session("ann", Standing::Member).is_ok());
    // A member from an address never seen (a new phone), once the strangers are slow: the
    // slowest makes room for them.
    let later = now + PROMPT;
    let ticket = admission.connect(v4(200, 0, 1), later).unwrap();
    assert!(ticket.stranger);
    assert_eq!(admission.evicted().len(), 1);
    admission.stop_logging_in(&ticket);
    assert_eq!(
        admission.logged_in(ticket.address, "ann", true, later),
        Ok(Standing::Member)
    );
}

#[test]
fn past_start_strangers_are_refused_at_random_more_surely_near_full() {
    let limits = Limits {
        startups: "10:30:100".parse().unwrap(),
        ..Limits::default()
    };
    let mut admission = admission(limits);
    let now = Instant::now();
    let mut held = Vec::new();
    for i in 0.. {
        if held.len() == 10 {
            break;
        }
        held.extend(admission.connect(spread(i), now));
    }
    // At start: about 30% refused, the count staying at start.
    let refused = (0..1000)
        .filter(|&i| match admission.connect(spread(1000 + i), now) {
            Ok(ticket) => {
                admission.disconnect(&ticket, false);
                false
            }
            Err(_) => true,
        })
        .count();
    assert!((200..400).contains(&refused), "{refused} of 1000 refused");
    // Near full (90 of 100): about 93%.
    let mut i = 3000;
    while admission.strangers < 90 {
        held.extend(admission.connect(spread(i), now));
        i += 1;
    }
    let refused = (0..1000)
        .filter(|&i| match admission.connect(spread(10_000 + i), now) {
            Ok(ticket) => {
                admission.disconnect(&ticket, false);
                false
            }
            Err(_) => true,
        })
        .count();
    assert!((880..980).contains(&refused), "{refused} of 1000 refused");
}

#[test]
fn one_address_and_one_network_each_get_only_their_share_of_logins() {
    let limits = Limits {
        per_address: 2,
        per_network: 3,
        startups: "1000".parse().unwrap(),
        ..Limits::default()
    };
    let mut admission = admission(limits);
    let now = Instant::now();
    let first = admission.connect(v4(5, 9, 1), now).unwrap();
    admission.connect(v4(5, 9, 1), now).unwrap();
    let err = admission.connect(v4(5, 9, 1), now).unwrap_err();
    assert!(
        err.contains("2 connections from 127.5.9.1 logging in at once"),
        "{err}"
    );
    admission.connect(v4(5, 9, 2), now).unwrap();
    let err = admission.connect(v4(5, 9, 3), now).unwrap_err();
    assert!(err.contains("your network (127.5.9.0/24)"), "{err}");
    admission.connect(v4(5, 10, 3), now).unwrap();
    // Logged in, a connection no longer counts: a club behind one address all plays.
    admission.stop_logging_in(&first);
    admission
        .logged_in(first.address, "ann", false, now)
        .unwrap();
    admission.connect(v4(5, 9, 1), now).unwrap();
    // IPv6: a /64 is one address and one network.
    let six = |s: &str| s.parse::<IpAddr>().unwrap();
    admission.connect(six("2001:db8:1:2::1"), now).unwrap();
    admission.connect(six("2001:db8:1:2::9"), now).unwrap();
    let err = admission.connect(six("2001:db8:1:2::7"), now).unwrap_err();
    assert!(err.contains("2001:db8:1:2::/64"), "{err}");
}

#[test]
fn connections_are_counted_by_ipv4_address_and_by_ipv6_network_of_64() {
    let ip = |s: &str| s.parse::<IpAddr>().unwrap();
    assert_eq!(
        Address::of(ip("2001:db8:1:2::1")),
        Address::of(ip("2001:db8:1:2:ffff::9"))
    );
    assert_ne!(
        Address::of(ip("2001:db8:1:2::1")),
        Address::of(ip("2001:db8:1:3::1"))
    );
    assert_eq!(
        Address::of(ip("::ffff:192.0.2.7")),
        Address::of(ip("192.0.2.7"))
    );
    assert_ne!(Address::of(ip("192.0.2.7")), Address::of(ip("192.0.2.8")));
    assert_eq!(
        Address::of(ip("192.0.2.7")).network(),
        Address::of(ip("192.0.2.200")).network()
    );
    assert_eq!(
        Address::of(ip("2001:db8:1:2::1")).to_string(),
        "2001:db8:1:2::/64"
    );
    assert_eq!(
        Address::of(ip("192.0.2.7")).network().to_string(),
        "192.0.2.0/24"
    );
}

#[test]
fn new_keys_cannot_take_the_games_kept_for_members() {
    let limits = Limits {
        max_sessions: 10,
        reserved: 3,
        per_key: 100,
        ..Limits::default()
    };
    let mut admission = admission(limits);
    for i in 0..7 {
        admission
            .start_session(&format!("new{i}"), Standing::New)
            .unwrap();
    }
    let err = admission.start_session("new7", Standing::New).unwrap_err();
    assert!(
        err.contains("keeps its last 3 games for its regular players"),
        "{err}"
    );
    for _ in 0..3 {
        admission.start_session("ann", Standing::Member).unwrap();
    }
    let err = admission
        .start_session("bob", Standing::Member)
        .unwrap_err();
    assert!(err.contains("has 10 games open, its most"), "{err}");
    // A new key's game ended: another new key may have its place.
    admission.end_session("new0", Standing::New);
    admission.start_session("new8", Standing::New).unwrap();
    assert_eq!(admission.sessions(), (10, 7));
}

#[test]
fn a_key_has_at_most_its_share_of_games() {
    let limits = Limits {
        per_key: 2,
        ..Limits::default()
    };
    let mut admission = admission(limits);
    admission.start_session("ann", Standing::Member).unwrap();
    admission.start_session("ann", Standing::Member).unwrap();
    let err = admission
        .start_session("ann", Standing::Member)
        .unwrap_err();
    assert!(err.contains("your key has 2 games open"), "{err}");
    admission.end_session("ann", Standing::Member);
    admission.start_session("ann", Standing::Member).unwrap();
    assert!(admission.by_key.len() == 1);
}

#[test]
fn a_key_first_met_within_the_hour_is_new_even_once_it_has_a_folder() {
    let mut admission = admission(Limits::default());
    let now = Instant::now();
    let home = Address::of(v4(0, 0, 1));
    assert_eq!(
        admission.logged_in(home, "bob", false, now),
        Ok(Standing::New)
    );
    // Bob gave a name: still new within the hour, a member after it.
    let soon = now + Duration::from_secs(600);
    assert_eq!(
        admission.logged_in(home, "bob", true, soon),
        Ok(Standing::New)
    );
    let later = now + NEW_FOR;
    assert_eq!(
        admission.logged_in(home, "bob", true, later),
        Ok(Standing::Member)
    );
    // A key the server knew before it started (a folder, never met since) is a member.
    assert_eq!(
        admission.logged_in(home, "ann", true, now),
        Ok(Standing::Member)
    );
}

#[test]
fn an_address_brings_at_most_its_new_keys_an_hour() {
    let limits = Limits {
        new_keys_per_hour: 3,
        ..Limits::default()
    };
    let mut admission = admission(limits);
    let now = Instant::now();
    let cafe = Address::of(v4(8, 8, 8));
    for key in ["a", "b", "c", "a", "b"] {
        assert_eq!(
            admission.logged_in(cafe, key, false, now),
            Ok(Standing::New)
        );
    }
    let err = admission.logged_in(cafe, "d", false, now).unwrap_err();
    assert!(
        err.contains("3 new keys came from 127.8.8.8 within the hour"),
        "{err}"
    );
    // Members from the same address are not counted, nor refused.
    assert_eq!(
        admission.logged_in(cafe, "ann", true, now),
        Ok(Standing::Member)
    );
    // Another address, or the same an hour later.
    let other = Address::of(v4(8, 8, 9));
    assert!(admission.logged_in(other, "d", false, now).is_ok());
    assert!(admission.logged_in(cafe, "e", false, now + NEW_FOR).is_ok());
}

#[test]
fn the_bookkeeping_is_capped_whatever_comes() {
    let limits = Limits {
        new_keys_per_hour: usize::MAX,
        ..Limits::default()
    };
    let mut admission = admission(limits);
    let now = Instant::now();
    // More member addresses than are kept: the oldest trust goes.
    for i in 0..(MAX_ADDRESSES as u32 + 100) {
        let at = now + Duration::from_millis(u64::from(i));
        let standing = admission
            .logged_in(Address::of(spread(i)), "ann", true, at)
            .unwrap();
        admission.logged_out("ann", standing);
        assert!(admission.trusted.len() <= MAX_ADDRESSES);
    }
    // New keys without end within the hour: refused once the server keeps track of no more.
    let mut refused = 0;
    for i in 0..(MAX_NEW_KEYS as u32 + 100) {
        let address = Address::of(spread(i % 1000));
        let key = format!("k{i}");
        match admission.logged_in(address, &key, false, now) {
            Ok(standing) => admission.logged_out(&key, standing),
            Err(_) => refused += 1,
        }
        assert!(admission.new_keys.len() <= MAX_NEW_KEYS);
        assert!(admission.brought.len() <= MAX_ADDRESSES);
    }
    assert_eq!(refused, 100);
    // An hour on, they are forgotten and new keys come in again.
    assert!(
        admission
            .logged_in(Address::of(spread(1)), "fresh", false, now + NEW_FOR)
            .is_ok()
    );
    admission.logged_out("fresh", Standing::New);
    assert!(admission.connections_by_key.is_empty());
    // Connections that come and go leave no entry behind.
    for i in 0..10_000 {
        if let Ok(ticket) = admission.connect(spread(i), now) {
            admission.disconnect(&ticket, false);
        }
    }
    assert!(admission.logging_in.is_empty() && admission.by_network.is_empty());
    assert_eq!((admission.total, admission.strangers), (0, 0));
}

#[test]
fn max_startups_reads_start_rate_full_or_one_number_and_says_what_is_wrong() {
    assert_eq!(
        "10:30:100".parse::<Startups>(),
        Ok(Startups {
            start: 10,
            rate: 30,
            full: 100
        })
    );
    assert_eq!(
        "50".parse::<Startups>(),
        Ok(Startups {
            start: 50,
            rate: 100,
            full: 50
        })
    );
    for bad in [
        "",
        "10:30",
        "a:b:c",
        "100:30:10",
        "10:0:100",
        "10:101:100",
        "0",
    ] {
        let err = bad.parse::<Startups>().unwrap_err();
        assert!(err.contains("start:rate:full"), "{bad}: {err}");
    }
}

#[test]
fn a_key_holds_at_most_twice_its_games_in_connections() {
    let limits = Limits {
        per_key: 2,
        ..Limits::default()
    };
    let mut admission = admission(limits);
    let now = Instant::now();
    let home = Address::of(v4(0, 0, 1));
    for _ in 0..4 {
        admission.logged_in(home, "ann", true, now).unwrap();
    }
    let err = admission.logged_in(home, "ann", true, now).unwrap_err();
    assert!(err.contains("your key has 4 connections open"), "{err}");
    admission.logged_out("ann", Standing::Member);
    assert!(admission.logged_in(home, "ann", true, now).is_ok());
}

#[test]
fn new_keys_cannot_hold_the_connections_kept_for_members() {
    let limits = Limits {
        max_connections: 8,
        max_sessions: 4,
        reserved: 1,
        ..Limits::default()
    };
    let mut admission = admission(limits);
    let now = Instant::now();
    // New keys may hold 8 × 3/4 = 6 connections logged in.
    for i in 0..6 {
        let address = Address::of(v4(1, 1, i));
        admission
            .logged_in(address, &format!("new{i}"), false, now)
            .unwrap();
    }
    let address = Address::of(v4(1, 1, 9));
    let err = admission
        .logged_in(address, "new9", false, now)
        .unwrap_err();
    assert!(
        err.contains("keeps its last connections for its regular players"),
        "{err}"
    );
    assert_eq!(
        admission.logged_in(address, "ann", true, now),
        Ok(Standing::Member)
    );
    admission.logged_out("new0", Standing::New);
    assert!(admission.logged_in(address, "new9", false, now).is_ok());
}

#[test]
fn a_newcomer_takes_the_place_of_the_slowest_stranger_and_a_prompt_login_is_never_closed() {
    let limits = Limits {
        startups: "3".parse().unwrap(),
        ..Limits::default()
    };
    let mut admission = admission(limits);
    let now = Instant::now();
    let held: Vec<Ticket> = (0..3)
        .map(|i| admission.connect(spread(i), now).unwrap())
        .collect();
    // None has waited long: the newcomer is refused.
    let soon = now + Duration::from_secs(1);
    assert!(admission.connect(spread(10), soon).is_err());
    assert!(admission.evicted().is_empty());
    // The oldest is slow now: it makes room.
    let later = now + PROMPT;
    let newcomer = admission.connect(spread(11), later).unwrap();
    assert_eq!(admission.evicted(), [(held[0].id, held[0].address)]);
    admission.disconnect(&held[0], false);
    // One logs in: it is never closed. Its room goes to a newcomer, and the next newcomer
    // takes the place of the slow one left.
    admission.stop_logging_in(&held[1]);
    admission.connect(spread(12), later).unwrap();
    assert!(admission.evicted().is_empty());
    admission.connect(spread(13), later).unwrap();
    assert_eq!(admission.evicted(), [(held[2].id, held[2].address)]);
    admission.disconnect(&held[2], false);
    // Only prompt strangers are left (the three newcomers): the next is refused.
    assert!(admission.connect(spread(14), later).is_err());
    assert!(admission.evicted().is_empty());
    admission.disconnect(&newcomer, false);
    assert_eq!(admission.waiting.len(), 2);
}
