//! `hotseat host`, `join` and `watch`: the options of a game across the network, checked
//! before the screen opens (a bad invitation or address is a message and exit code 2).

use std::io::{BufRead, IsTerminal, Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::play::PlayArgs;
use crate::net::host::{HostConfig, Limits};
use crate::net::invite::{Access, Invitation, Place, check_host_name};
use crate::rules::Color;
use crate::tui::NetRole;

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
}

/// The longest invitation file read: an invitation is under a hundred characters.
const MAX_INVITATION_FILE: u64 = 4096;

impl JoinArgs {
    /// The invitation's text: from the argument (with a warning), the file, or standard
    /// input (asked for when it is a terminal).
    fn invitation_text(&self, access: Access) -> Result<String, String> {
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
            let file = std::fs::File::open(path)
                .map_err(|e| format!("cannot read the invitation from {}: {e}", path.display()))?;
            let mut text = String::new();
            file.take(MAX_INVITATION_FILE)
                .read_to_string(&mut text)
                .map_err(|e| format!("cannot read the invitation from {}: {e}", path.display()))?;
            return first_word(&text).ok_or_else(|| {
                format!(
                    "{} holds no invitation: put the word starting hs1 from the host's screen \
                     in it",
                    path.display()
                )
            });
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
            .map_err(|e| format!("cannot read the invitation: {e}"))?;
        first_word(&line).ok_or_else(|| {
            format!(
                "no invitation given: run `hotseat {verb}` and paste the word starting hs1 from \
                 the host's screen when asked, or use --invitation-file FILE"
            )
        })
    }

    /// The invitation and the game's options (the look only: the game is the host's).
    pub fn role(&self, access: Access) -> Result<(NetRole, PlayArgs), String> {
        let text = self.invitation_text(access)?;
        let invitation: Invitation = text.trim().parse().map_err(|e| format!("{e}"))?;
        let game = PlayArgs {
            data_dir: self.data_dir.clone(),
            config_file: self.config_file.clone(),
            new: true,
            ..PlayArgs::default()
        };
        Ok((NetRole::Join { invitation, access }, game))
    }
}

impl HostArgs {
    /// The host's sockets and colour, checked.
    pub fn role(&self) -> Result<NetRole, String> {
        if self.game.plain {
            return Err(
                "hotseat host plays on the screen, not in --plain lines of text".to_owned(),
            );
        }
        let mut config = HostConfig::new(self.listen);
        config.limits = Limits::for_watchers(usize::from(self.watchers));
        config.watchers_see_chat = self.watchers_see_chat;
        config.public = match &self.public {
            Some(text) => Some(parse_public(text, self.listen.port())?),
            None if self.listen.ip().is_unspecified() => {
                if self.listen.port() == 0 {
                    return Err("--listen on every network needs a port the friend can be \
                                told, as --listen 0.0.0.0:7879"
                        .to_owned());
                }
                Some((
                    Place::Ip(this_machine(self.listen.ip())),
                    self.listen.port(),
                ))
            }
            None => None,
        };
        let color = match self.side {
            Side::White => Some(Color::White),
            Side::Black => Some(Color::Black),
            Side::Random => None,
        };
        Ok(NetRole::Host { config, color })
    }
}

/// The first word of `text` (an invitation pasted with spaces or a newline around it).
fn first_word(text: &str) -> Option<String> {
    text.split_whitespace().next().map(str::to_owned)
}

/// `--public HOST[:PORT]`: a host name or an IP address, and a port (`listen_port` if none).
fn parse_public(text: &str, listen_port: u16) -> Result<(Place, u16), String> {
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
            let port = port.parse::<u16>().ok().filter(|&p| p != 0).ok_or_else(|| {
                format!("--public {text}: {port:?} is not a port (1 to 65535), as --public chess.example.org:7879")
            })?;
            (name, port)
        }
        None => (text, port_or(listen_port)?),
    };
    check_host_name(name).map_err(|e| format!("--public {text}: {e}"))?;
    Ok((Place::Name(name.to_owned()), port))
}

fn port_or(listen_port: u16) -> Result<u16, String> {
    if listen_port == 0 {
        Err("--public needs a port when --listen has none: --public HOST:PORT".to_owned())
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
            parse_public("chess.example.org:7000", 7879),
            Ok((Place::Name("chess.example.org".into()), 7000))
        );
        assert_eq!(
            parse_public("chess.example.org", 7879),
            Ok((Place::Name("chess.example.org".into()), 7879))
        );
        assert_eq!(
            parse_public("[::1]:9000", 7879),
            Ok((Place::Ip("::1".parse().unwrap()), 9000))
        );
        assert_eq!(
            parse_public("127.0.0.1", 7879),
            Ok((Place::Ip("127.0.0.1".parse().unwrap()), 7879))
        );
        assert!(
            parse_public("chess.example.org:http", 7879)
                .unwrap_err()
                .contains("not a port")
        );
        assert!(parse_public("bad name!", 7879).is_err());
        assert!(
            parse_public("example.org", 0)
                .unwrap_err()
                .contains("needs a port")
        );
    }
}
