//! `hotseat host`, `join` and `watch`: the options of a game across the network, checked
//! before the screen opens (a bad invitation or address is a message and exit code 2).

use std::io::{BufRead, IsTerminal, Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::play::PlayArgs;
use crate::net::host::{HostConfig, Limits};
use crate::net::invite::{Access, Invitation, InviteError, Place, check_host_name};
use crate::rules::Color;
use crate::runtime::NetRole;

/// `hotseat host`: where to listen, what to put in the invitation, and the game.
#[derive(Debug, Args)]
pub struct HostArgs {
    /// The address and port to listen on. The default, 0.0.0.0:7879, takes connections on
    /// every network of this machine; 127.0.0.1:7879 only from this machine (for an SSH
    /// tunnel).
    ///
    /// Example: --listen 127.0.0.1:7879
    #[arg(long, value_name = "ADDR:PORT", default_value = "0.0.0.0:7879")]
    pub listen: SocketAddr,

    /// The address to put in the invitation instead of this machine's: a forwarded port on
    /// the router, or a tunnel's end; the port defaults to --listen's.
    ///
    /// Example: --public chess.example.org:7879, or --public 203.0.113.7
    #[arg(long, value_name = "HOST[:PORT]")]
    pub public: Option<String>,

    /// How many terminals may watch at once.
    ///
    /// Example: --watchers 5 (0: nobody may watch)
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u16).range(0..=1000))]
    pub watchers: u16,

    /// Let watchers read the players' chat (by default they see the board, the moves, the
    /// clocks and the result, not what the players say to each other).
    ///
    /// Example: hotseat host --watchers-see-chat
    #[arg(long)]
    pub watchers_see_chat: bool,

    /// The colour the host plays at its own screen; the friend who joins plays the other.
    ///
    /// Example: --play black
    #[arg(long = "play", value_name = "COLOUR", value_enum, default_value_t = Side::Random)]
    pub side: Side,

    #[command(flatten)]
    pub game: PlayArgs,
}

/// `--play`: the host's colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Side {
    White,
    Black,
    /// Chosen at random when the game starts
    #[default]
    Random,
}

/// `hotseat join` and `hotseat watch`.
#[derive(Debug, Args)]
pub struct JoinArgs {
    /// The invitation from the host's screen (the word starting hs1). Better left out:
    /// hotseat then asks for it (or reads it from standard input when that is not a
    /// terminal), which keeps it out of `ps` and the shell's history, where anyone who sees
    /// it could take the seat. Given here it still works, with a warning.
    ///
    /// Example: hotseat join (and paste the invitation when asked)
    #[arg(value_name = "INVITATION")]
    pub invitation: Option<String>,

    /// Read the invitation from FILE (its first line) instead of asking for it.
    ///
    /// Example: --invitation-file ~/invitation.txt
    #[arg(long, value_name = "FILE", conflicts_with = "invitation")]
    pub invitation_file: Option<PathBuf>,

    /// Keep this terminal's copy of the game (autosave and archive) in DIR instead of the
    /// usual place.
    ///
    /// Example: --data-dir ~/chess/hotseat
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,

    /// Read the settings (theme, glyphs) from FILE instead of the usual settings file.
    ///
    /// Example: --config ./config.toml
    #[arg(long = "config", value_name = "FILE")]
    pub config_file: Option<PathBuf>,

    /// Play (or watch) in lines of text instead of on the screen, for screen readers and
    /// braille displays: moves typed as lines, the other side's moves, offers and questions
    /// said as sentences. The invitation, when it comes on standard input, is its first line.
    ///
    /// Example: hotseat join --plain
    #[arg(long)]
    pub plain: bool,
}

/// Why the options of `host`, `join` or `watch` cannot be used: one sentence saying what is
/// wrong and how to do it right (a usage error, exit code 2).
#[derive(Debug)]
pub enum NetArgError {
    /// `--invitation-file` could not be read.
    InvitationFile {
        path: PathBuf,
        source: std::io::Error,
    },
    /// `--invitation-file` holds no word.
    NoInvitationInFile(PathBuf),
    /// Standard input could not be read for the invitation.
    InvitationNotRead(std::io::Error),
    /// Nothing was given where the invitation was asked for (`verb`: join or watch).
    NoInvitation { verb: &'static str },
    /// The invitation given is not one.
    Invitation(InviteError),
    /// `--listen` on every network without a port to tell the friend.
    ListenWithoutPort,
    /// `--public`'s port is not a port.
    PublicPort { text: String, port: String },
    /// `--public`'s host name is not one.
    PublicName { text: String, error: InviteError },
    /// `--public` without a port while `--listen` has none.
    PublicWithoutPort,
}

impl std::fmt::Display for NetArgError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetArgError::InvitationFile { path, source } => write!(
                f,
                "cannot read the invitation from {}: {source}",
                path.display()
            ),
            NetArgError::NoInvitationInFile(path) => write!(
                f,
                "{} holds no invitation: put the word starting hs1 from the host's screen in it",
                path.display()
            ),
            NetArgError::InvitationNotRead(e) => write!(f, "cannot read the invitation: {e}"),
            NetArgError::NoInvitation { verb } => write!(
                f,
                "no invitation given: run `hotseat {verb}` and paste the word starting hs1 from \
                 the host's screen when asked, or use --invitation-file FILE"
            ),
            NetArgError::Invitation(e) => write!(f, "{e}"),
            NetArgError::ListenWithoutPort => f.write_str(
                "--listen on every network needs a port the friend can be told, as --listen \
                 0.0.0.0:7879",
            ),
            NetArgError::PublicPort { text, port } => write!(
                f,
                "--public {text}: {port:?} is not a port (1 to 65535), as --public \
                 chess.example.org:7879"
            ),
            NetArgError::PublicName { text, error } => write!(f, "--public {text}: {error}"),
            NetArgError::PublicWithoutPort => {
                f.write_str("--public needs a port when --listen has none: --public HOST:PORT")
            }
        }
    }
}

impl std::error::Error for NetArgError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NetArgError::InvitationFile { source, .. } => Some(source),
            NetArgError::InvitationNotRead(e) => Some(e),
            NetArgError::Invitation(e) | NetArgError::PublicName { error: e, .. } => Some(e),
            _ => None,
        }
    }
}

/// The longest invitation file read: an invitation is under a hundred characters.
const MAX_INVITATION_FILE: u64 = 4096;

impl JoinArgs {
    /// The invitation's text: from the argument (with a warning), the file, or standard
    /// input (asked for when it is a terminal).
    fn invitation_text(&self, access: Access) -> Result<String, NetArgError> {
        let verb = match access {
            Access::Play => "join",
            Access::Watch => "watch",
        };
        if let Some(text) = &self.invitation {
            eprintln!(
                "warning: an invitation on the command line is seen by every user of this \
                 machine (`ps`) and kept in the shell's history; next time run `hotseat {verb}` \
                 and paste it when asked, or use --invitation-file FILE"
            );
            return Ok(text.clone());
        }
        if let Some(path) = &self.invitation_file {
            let unread = |source| NetArgError::InvitationFile {
                path: path.clone(),
                source,
            };
            let file = std::fs::File::open(path).map_err(unread)?;
            let mut text = String::new();
            file.take(MAX_INVITATION_FILE)
                .read_to_string(&mut text)
                .map_err(unread)?;
            return first_word(&text).ok_or_else(|| NetArgError::NoInvitationInFile(path.clone()));
        }
        let stdin = std::io::stdin();
        if stdin.is_terminal() {
            eprint!("Paste the invitation from the host's screen (the word starting hs1): ");
            let _ = std::io::stderr().flush();
        }
        let mut line = String::new();
        stdin
            .lock()
            .take(MAX_INVITATION_FILE)
            .read_line(&mut line)
            .map_err(NetArgError::InvitationNotRead)?;
        first_word(&line).ok_or(NetArgError::NoInvitation { verb })
    }

    /// The invitation and the game's options (the look only: the game is the host's).
    pub fn role(&self, access: Access) -> Result<(NetRole, PlayArgs), NetArgError> {
        let text = self.invitation_text(access)?;
        let invitation: Invitation = text.trim().parse().map_err(NetArgError::Invitation)?;
        let game = PlayArgs {
            data_dir: self.data_dir.clone(),
            config_file: self.config_file.clone(),
            plain: self.plain,
            new: true,
            ..PlayArgs::default()
        };
        Ok((NetRole::Join { invitation, access }, game))
    }
}

impl HostArgs {
    /// The host's sockets and colour, checked.
    pub fn role(&self) -> Result<NetRole, NetArgError> {
        let mut config = host_config(self.listen, self.public.as_deref())?;
        config.limits = Limits::for_watchers(usize::from(self.watchers));
        config.watchers_see_chat = self.watchers_see_chat;
        let color = match self.side {
            Side::White => Some(Color::White),
            Side::Black => Some(Color::Black),
            Side::Random => None,
        };
        Ok(NetRole::Host { config, color })
    }
}

/// The first word of `text` (an invitation pasted with spaces or a newline around it).
/// How to host on `listen`, with `--public`'s address (or this machine's, when listening on
/// every network) for the invitation: for `hotseat host` and `hotseat puzzles duel --host`.
pub fn host_config(listen: SocketAddr, public: Option<&str>) -> Result<HostConfig, NetArgError> {
    let mut config = HostConfig::new(listen);
    config.public = match public {
        Some(text) => Some(parse_public(text, listen.port())?),
        None if listen.ip().is_unspecified() => {
            if listen.port() == 0 {
                return Err(NetArgError::ListenWithoutPort);
            }
            Some((Place::Ip(this_machine(listen.ip())), listen.port()))
        }
        None => None,
    };
    Ok(config)
}

fn first_word(text: &str) -> Option<String> {
    text.split_whitespace().next().map(str::to_owned)
}

/// `--public HOST[:PORT]`: a host name or an IP address, and a port (`listen_port` if none).
fn parse_public(text: &str, listen_port: u16) -> Result<(Place, u16), NetArgError> {
    let text = text.trim();
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok((Place::Ip(addr.ip()), addr.port()));
    }
    let bare = text.trim_start_matches('[').trim_end_matches(']');
    if let Ok(ip) = bare.parse::<IpAddr>() {
        return Ok((Place::Ip(ip), port_or(listen_port)?));
    }
    let (name, port) = match text.rsplit_once(':') {
        Some((name, port)) => {
            let port = port
                .parse::<u16>()
                .ok()
                .filter(|&p| p != 0)
                .ok_or_else(|| NetArgError::PublicPort {
                    text: text.to_owned(),
                    port: port.to_owned(),
                })?;
            (name, port)
        }
        None => (text, port_or(listen_port)?),
    };
    check_host_name(name).map_err(|error| NetArgError::PublicName {
        text: text.to_owned(),
        error,
    })?;
    Ok((Place::Name(name.to_owned()), port))
}

fn port_or(listen_port: u16) -> Result<u16, NetArgError> {
    if listen_port == 0 {
        Err(NetArgError::PublicWithoutPort)
    } else {
        Ok(listen_port)
    }
}

/// This machine's address on the network its traffic leaves by, for the invitation of a host
/// listening on every network. Asking the system which way a UDP socket would go sends
/// nothing. Loopback if there is no network.
fn this_machine(unspecified: IpAddr) -> IpAddr {
    let (bind, probe): (SocketAddr, SocketAddr) = if unspecified.is_ipv4() {
        (
            (Ipv4Addr::UNSPECIFIED, 0).into(),
            (Ipv4Addr::new(192, 0, 2, 1), 9).into(),
        )
    } else {
        (
            (std::net::Ipv6Addr::UNSPECIFIED, 0).into(),
            ("2001:db8::1".parse::<IpAddr>().expect("an address"), 9).into(),
        )
    };
    UdpSocket::bind(bind)
        .and_then(|s| s.connect(probe).and_then(|()| s.local_addr()))
        .map(|a| a.ip())
        .ok()
        .filter(|ip| !ip.is_unspecified())
        .unwrap_or(if unspecified.is_ipv4() {
            IpAddr::V4(Ipv4Addr::LOCALHOST)
        } else {
            IpAddr::V6(std::net::Ipv6Addr::LOCALHOST)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_takes_a_name_or_an_address_with_or_without_a_port() {
        assert_eq!(
            parse_public("chess.example.org:7000", 7879).unwrap(),
            (Place::Name("chess.example.org".into()), 7000)
        );
        assert_eq!(
            parse_public("chess.example.org", 7879).unwrap(),
            (Place::Name("chess.example.org".into()), 7879)
        );
        assert_eq!(
            parse_public("[::1]:9000", 7879).unwrap(),
            (Place::Ip("::1".parse().unwrap()), 9000)
        );
        assert_eq!(
            parse_public("127.0.0.1", 7879).unwrap(),
            (Place::Ip("127.0.0.1".parse().unwrap()), 7879)
        );
        assert!(
            parse_public("chess.example.org:http", 7879)
                .unwrap_err()
                .to_string()
                .contains("not a port")
        );
        assert!(matches!(
            parse_public("bad name!", 7879),
            Err(NetArgError::PublicName { .. })
        ));
        assert!(
            parse_public("example.org", 0)
                .unwrap_err()
                .to_string()
                .contains("needs a port")
        );
    }
}
