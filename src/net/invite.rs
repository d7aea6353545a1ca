//! The invitation: everything a friend needs to reach the host's game, in one word that
//! survives a terminal, a shell and a chat program — `hs1` and Crockford base32 in lower case
//! (digits and letters without i, l, o, u; read back in either case, with `o` as 0 and `i`,
//! `l` as 1), no punctuation to quote.
//!
//! Inside: whether it lets its holder play or only watch, a secret of 128 bits from the OS's
//! random source, the address to reach (an IP address or a host name, and a port) and a
//! two-byte check, so that an invitation copied with a character missing is called so rather
//! than refused by the host as a stranger.
//!
//! One secret makes both keys: the play key from the secret, the watch key from a watch secret
//! derived from it. A play invitation can also watch; a watch invitation cannot play (its
//! holder never learns the secret).

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use blake2::{Blake2s256, Digest};

/// The length of the secret, in bytes (128 bits).
pub const SECRET_LEN: usize = 16;

const PREFIX: &str = "hs1";
const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
/// The longest host name kept (DNS's own limit).
const MAX_HOST_NAME: usize = 253;

/// What an invitation lets its holder do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Play,
    Watch,
}

/// Where the host is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    Ip(IpAddr),
    Name(String),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Ip(ip) => write!(f, "{ip}"),
            Place::Name(name) => f.write_str(name),
        }
    }
}

/// An invitation to play or watch.
#[derive(Clone, PartialEq, Eq)]
pub struct Invitation {
    pub access: Access,
    pub host: Place,
    pub port: u16,
    secret: [u8; SECRET_LEN],
}

/// Never shows the secret (an invitation in a log or a panic message gives nothing away).
impl fmt::Debug for Invitation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Invitation")
            .field("access", &self.access)
            .field("host", &self.host)
            .field("port", &self.port)
            .finish_non_exhaustive()
    }
}

/// Why a text is not an invitation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InviteError {
    NoPrefix,
    BadCharacter(char),
    /// Too short, or the check does not match: a character lost or changed in copying.
    Damaged,
    BadHostName,
}

impl fmt::Display for InviteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InviteError::NoPrefix => write!(
                f,
                "an invitation starts with \"{PREFIX}\": copy the whole word starting {PREFIX} from \
                 the host's screen"
            ),
            InviteError::BadCharacter(c) => write!(
                f,
                "{c:?} cannot be part of an invitation (only digits and the letters a-z but i, l, \
                 o, u): copy it again from the host's screen"
            ),
            InviteError::Damaged => f.write_str(
                "the invitation is damaged (a character lost or changed in copying): copy it \
                 again from the host's screen",
            ),
            InviteError::BadHostName => {
                f.write_str("the invitation's host name is not a name a computer can have")
            }
        }
    }
}

impl std::error::Error for InviteError {}

/// A new secret from the OS's random source.
pub fn new_secret() -> Result<[u8; SECRET_LEN], getrandom::Error> {
    let mut secret = [0; SECRET_LEN];
    getrandom::fill(&mut secret)?;
    Ok(secret)
}

/// BLAKE2s of a label and some bytes.
fn hash(label: &[u8], bytes: &[u8]) -> [u8; 32] {
    let mut h = Blake2s256::new();
    h.update(label);
    h.update(bytes);
    h.finalize().into()
}

fn watch_secret(secret: &[u8; SECRET_LEN]) -> [u8; SECRET_LEN] {
    let full = hash(b"hotseat watch secret", secret);
    let mut out = [0; SECRET_LEN];
    out.copy_from_slice(&full[..SECRET_LEN]);
    out
}

impl Invitation {
    /// A play invitation to `host:port` with `secret`.
    pub fn new(host: Place, port: u16, secret: [u8; SECRET_LEN]) -> Invitation {
        Invitation {
            access: Access::Play,
            host,
            port,
            secret,
        }
    }

    /// The watch-only invitation made from this one.
    pub fn watch_only(&self) -> Invitation {
        match self.access {
            Access::Watch => self.clone(),
            Access::Play => Invitation {
                access: Access::Watch,
                secret: watch_secret(&self.secret),
                ..self.clone()
            },
        }
    }

    /// The Noise pre-shared key for connecting with `access` (a play invitation also gives the
    /// watch key; a watch invitation only its own).
    pub fn key(&self, access: Access) -> Option<[u8; 32]> {
        match (self.access, access) {
            (Access::Play, Access::Play) => Some(hash(b"hotseat play key", &self.secret)),
            (Access::Play, Access::Watch) => {
                Some(hash(b"hotseat watch key", &watch_secret(&self.secret)))
            }
            (Access::Watch, Access::Watch) => Some(hash(b"hotseat watch key", &self.secret)),
            (Access::Watch, Access::Play) => None,
        }
    }

    /// The address to connect to, as `host:port` (IPv6 in brackets).
    pub fn address(&self) -> String {
        match &self.host {
            Place::Ip(IpAddr::V6(ip)) => format!("[{ip}]:{}", self.port),
            place => format!("{place}:{}", self.port),
        }
    }

    fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = vec![match self.access {
            Access::Play => 0,
            Access::Watch => 1,
        }];
        bytes.extend_from_slice(&self.secret);
        bytes.extend_from_slice(&self.port.to_be_bytes());
        match &self.host {
            Place::Ip(IpAddr::V4(ip)) => {
                bytes.push(4);
                bytes.extend_from_slice(&ip.octets());
            }
            Place::Ip(IpAddr::V6(ip)) => {
                bytes.push(6);
                bytes.extend_from_slice(&ip.octets());
            }
            Place::Name(name) => {
                bytes.push(0);
                bytes.extend_from_slice(name.as_bytes());
            }
        }
        let check = hash(b"hotseat invitation check", &bytes);
        bytes.extend_from_slice(&check[..2]);
        bytes
    }

    fn from_bytes(bytes: &[u8]) -> Result<Invitation, InviteError> {
        let (body, check) = bytes.split_last_chunk::<2>().ok_or(InviteError::Damaged)?;
        if hash(b"hotseat invitation check", body)[..2] != check[..] {
            return Err(InviteError::Damaged);
        }
        let (&access, rest) = body.split_first().ok_or(InviteError::Damaged)?;
        let access = match access {
            0 => Access::Play,
            1 => Access::Watch,
            _ => return Err(InviteError::Damaged),
        };
        let (secret, rest) = rest
            .split_first_chunk::<SECRET_LEN>()
            .ok_or(InviteError::Damaged)?;
        let (port, rest) = rest.split_first_chunk::<2>().ok_or(InviteError::Damaged)?;
        let (&kind, rest) = rest.split_first().ok_or(InviteError::Damaged)?;
        let host = match (kind, rest.len()) {
            (4, 4) => Place::Ip(IpAddr::V4(Ipv4Addr::from(
                <[u8; 4]>::try_from(rest).map_err(|_| InviteError::Damaged)?,
            ))),
            (6, 16) => Place::Ip(IpAddr::V6(Ipv6Addr::from(
                <[u8; 16]>::try_from(rest).map_err(|_| InviteError::Damaged)?,
            ))),
            (0, 1..=MAX_HOST_NAME) => {
                let name = std::str::from_utf8(rest).map_err(|_| InviteError::BadHostName)?;
                check_host_name(name)?;
                Place::Name(name.to_owned())
            }
            _ => return Err(InviteError::Damaged),
        };
        Ok(Invitation {
            access,
            host,
            port: u16::from_be_bytes(*port),
            secret: *secret,
        })
    }
}

/// A host name: letters, digits, `-` and `.` only (what DNS allows), so that nothing strange
/// reaches the resolver or the screen.
pub fn check_host_name(name: &str) -> Result<(), InviteError> {
    let fine = !name.is_empty()
        && name.len() <= MAX_HOST_NAME
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
    if fine {
        Ok(())
    } else {
        Err(InviteError::BadHostName)
    }
}

impl fmt::Display for Invitation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{PREFIX}{}", base32(&self.to_bytes()))
    }
}

impl std::str::FromStr for Invitation {
    type Err = InviteError;

    fn from_str(text: &str) -> Result<Invitation, InviteError> {
        let text = text.trim();
        let body = text
            .get(..PREFIX.len())
            .filter(|p| p.eq_ignore_ascii_case(PREFIX))
            .map(|_| &text[PREFIX.len()..])
            .ok_or(InviteError::NoPrefix)?;
        Invitation::from_bytes(&unbase32(body)?)
    }
}

fn base32(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 8 / 5 + 1);
    let (mut acc, mut bits) = (0u32, 0u32);
    for &b in bytes {
        acc = (acc << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(char::from(ALPHABET[((acc >> bits) & 31) as usize]));
        }
        acc &= (1 << bits) - 1;
    }
    if bits > 0 {
        out.push(char::from(ALPHABET[((acc << (5 - bits)) & 31) as usize]));
    }
    out
}

fn unbase32(text: &str) -> Result<Vec<u8>, InviteError> {
    let mut out = Vec::with_capacity(text.len() * 5 / 8);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.chars() {
        let value = match c.to_ascii_lowercase() {
            'o' => 0,
            'i' | 'l' => 1,
            c => ALPHABET
                .iter()
                .position(|&a| char::from(a) == c)
                .ok_or(InviteError::BadCharacter(c))? as u32,
        };
        acc = (acc << 5) | value;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
        acc &= (1 << bits) - 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(host: Place) -> Invitation {
        Invitation::new(host, 51234, [7; SECRET_LEN])
    }

    #[test]
    fn invitations_read_back_as_written_for_every_kind_of_address() {
        for host in [
            Place::Ip("127.0.0.1".parse().unwrap()),
            Place::Ip("::1".parse().unwrap()),
            Place::Name("chess.example.org".into()),
        ] {
            let inv = sample(host);
            for inv in [inv.clone(), inv.watch_only()] {
                let text = inv.to_string();
                assert!(text.starts_with("hs1"));
                assert!(
                    text.bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
                );
                assert_eq!(text.parse::<Invitation>().unwrap(), inv);
                assert_eq!(text.to_uppercase().parse::<Invitation>().unwrap(), inv);
            }
        }
    }

    #[test]
    fn the_next_to_last_character_lies_in_the_check_so_changing_it_is_always_damage() {
        // Whatever the secret and the address, those five bits are the check's own: the body
        // read back is the same, the check another, so no secret can make it pass.
        for n in 0..=255u8 {
            for host in [
                Place::Ip("127.0.0.1".parse().unwrap()),
                Place::Ip("::1".parse().unwrap()),
                Place::Name("chess.example.org".into()),
            ] {
                let text = Invitation::new(host, u16::from(n) * 257, [n; SECRET_LEN]).to_string();
                let at = text.len() - 2;
                let mut changed = text.into_bytes();
                changed[at] = if changed[at] == b'0' { b'1' } else { b'0' };
                let changed = String::from_utf8(changed).unwrap();
                assert_eq!(changed.parse::<Invitation>(), Err(InviteError::Damaged));
            }
        }
    }

    #[test]
    fn a_loopback_invitation_is_short_enough_to_copy() {
        let inv = sample(Place::Ip("127.0.0.1".parse().unwrap()));
        assert!(inv.to_string().len() <= 48, "{inv}");
    }

    #[test]
    fn a_character_lost_or_changed_is_called_damage() {
        let text = sample(Place::Ip("127.0.0.1".parse().unwrap())).to_string();
        let short = &text[..text.len() - 1];
        assert_eq!(short.parse::<Invitation>(), Err(InviteError::Damaged));
        let mut changed = text.clone().into_bytes();
        changed[10] = if changed[10] == b'a' { b'b' } else { b'a' };
        let changed = String::from_utf8(changed).unwrap();
        assert_eq!(changed.parse::<Invitation>(), Err(InviteError::Damaged));
        assert_eq!(
            "hs1ab!c".parse::<Invitation>(),
            Err(InviteError::BadCharacter('!'))
        );
        assert_eq!("join".parse::<Invitation>(), Err(InviteError::NoPrefix));
        assert_eq!("".parse::<Invitation>(), Err(InviteError::NoPrefix));
    }

    #[test]
    fn a_watch_invitation_gives_the_watch_key_and_not_the_play_key() {
        let inv = sample(Place::Ip("127.0.0.1".parse().unwrap()));
        let watch = inv.watch_only();
        assert_eq!(watch.key(Access::Play), None);
        assert_eq!(watch.key(Access::Watch), inv.key(Access::Watch));
        assert_ne!(inv.key(Access::Play), inv.key(Access::Watch));
        assert!(!format!("{inv:?}").contains("07"));
    }

    #[test]
    fn secrets_differ_each_time() {
        assert_ne!(new_secret().unwrap(), new_secret().unwrap());
    }

    #[test]
    fn host_names_hold_only_what_dns_allows() {
        assert!(check_host_name("my-box.local").is_ok());
        for bad in ["", "a b", "x;rm", "é.org", "a\u{1b}"] {
            assert_eq!(
                check_host_name(bad),
                Err(InviteError::BadHostName),
                "{bad:?}"
            );
        }
    }
}
