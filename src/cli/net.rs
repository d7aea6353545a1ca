//! `hotseat host`, `join` and `watch`: the options of a game across the network, checked
//! before the screen opens (a bad invitation or address is a message and exit code 2).

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
    /// The invitation from the host's screen: the word after `hotseat join` (or `hotseat
    /// watch`) there.
    ///
    /// Example: hs1q3v9k2m8x7c4t1r5n0p6w2e8a9s3d7f4g1h5j0k2
    #[arg(value_name = "INVITATION")]
    pub invitation: String,

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

impl JoinArgs {
    /// The invitation and the game's options (the look only: the game is the host's).
    pub fn role(&self, access: Access) -> Result<(NetRole, PlayArgs), String> {
        let invitation: Invitation = self.invitation.trim().parse().map_err(|e| format!("{e}"))?;
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
