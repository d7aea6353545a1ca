//! Where hotseat keeps its files: the platform's usual place for an application's data, or the
//! folder given with `--data-dir`.
//!
//! | platform | folder |
//! | --- | --- |
//! | Linux, BSD | `$XDG_DATA_HOME/hotseat`, else `$HOME/.local/share/hotseat` |
//! | macOS | `$HOME/Library/Application Support/hotseat` |
//! | Windows | `%APPDATA%\hotseat`, else `%LOCALAPPDATA%\hotseat`, else `%USERPROFILE%\AppData\Roaming\hotseat` |
//!
//! This is done by hand with environment variables rather than with `directories` or
//! `etcetera`: it is three rules in a dozen lines, and doing it here keeps the decision a pure
//! function of the environment ([`data_dir_for`]), so that every platform's rule is tested on
//! every platform without touching the process environment. The crates would bring their own
//! dependency trees (`windows-sys` on Windows) for the one call we need, and the only thing
//! they do better — asking Windows for the Known Folder when `APPDATA` is unset — does not
//! arise in a normal Windows session, where `APPDATA` is always set.
//!
//! The settings file, `config.toml`, is looked for in the platform's folder for an
//! application's settings, found the same way ([`config_dir_for`]): `$XDG_CONFIG_HOME/hotseat`,
//! else `$HOME/.config/hotseat` on Linux and BSD; on macOS and Windows the same folder as the
//! data, as those systems keep both together.
//!
//! Following the XDG Base Directory specification, an `XDG_DATA_HOME` that is empty or not an
//! absolute path is ignored. Nothing here creates the folder: it is created on the first write,
//! so a player who only asks for `--help` leaves no trace.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::error::StoreError;

/// The name of hotseat's folder inside the platform's data folder.
pub const APP_DIR: &str = "hotseat";

/// The three families of conventions for where data goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Platform {
    /// Linux and the other Unix-like systems: the XDG Base Directory specification.
    Xdg,
    MacOs,
    Windows,
}

impl Platform {
    /// The platform hotseat was built for.
    pub const fn current() -> Platform {
        if cfg!(windows) {
            Platform::Windows
        } else if cfg!(target_os = "macos") {
            Platform::MacOs
        } else {
            Platform::Xdg
        }
    }
}

/// The folder where hotseat keeps the game in progress and the archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataDir {
    path: PathBuf,
}

impl DataDir {
    /// A data directory at an explicit place (`--data-dir`, tests).
    pub fn new(path: impl Into<PathBuf>) -> DataDir {
        DataDir { path: path.into() }
    }

    /// The platform's usual data directory, from the process environment.
    pub fn from_env() -> Result<DataDir, StoreError> {
        data_dir_for(Platform::current(), |name| std::env::var_os(name)).map(DataDir::new)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// The data directory of `platform`, given a way to read environment variables. Pure, so that
/// every platform's rules can be tested anywhere.
///
/// ```
/// use std::path::PathBuf;
/// use hotseat::store::{Platform, data_dir_for};
///
/// let env = |name: &str| (name == "HOME").then(|| "/home/ann".into());
/// assert_eq!(
///     data_dir_for(Platform::Xdg, env).unwrap(),
///     PathBuf::from("/home/ann/.local/share/hotseat")
/// );
/// ```
pub fn data_dir_for(
    platform: Platform,
    env: impl Fn(&str) -> Option<OsString>,
) -> Result<PathBuf, StoreError> {
    app_dir_for(platform, env, "XDG_DATA_HOME", &[".local", "share"])
}

/// The folder of the settings file on `platform`, given a way to read environment variables:
/// as [`data_dir_for`], with `XDG_CONFIG_HOME` and `~/.config` on Linux and BSD.
///
/// ```
/// use std::path::PathBuf;
/// use hotseat::store::{Platform, config_dir_for};
///
/// let env = |name: &str| (name == "HOME").then(|| "/home/ann".into());
/// assert_eq!(
///     config_dir_for(Platform::Xdg, env).unwrap(),
///     PathBuf::from("/home/ann/.config/hotseat")
/// );
/// ```
pub fn config_dir_for(
    platform: Platform,
    env: impl Fn(&str) -> Option<OsString>,
) -> Result<PathBuf, StoreError> {
    app_dir_for(platform, env, "XDG_CONFIG_HOME", &[".config"])
}

/// hotseat's folder on `platform`: on Linux and BSD `$<xdg_var>`, else `$HOME/<xdg_home>`.
fn app_dir_for(
    platform: Platform,
    env: impl Fn(&str) -> Option<OsString>,
    xdg_var: &str,
    xdg_home: &[&str],
) -> Result<PathBuf, StoreError> {
    let var = |name: &str| env(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    let base = match platform {
        Platform::Xdg => var(xdg_var)
            .filter(|p| p.has_root())
            .or_else(|| {
                var("HOME")
                    .filter(|p| p.has_root())
                    .map(|h| xdg_home.iter().fold(h, |path, part| path.join(part)))
            })
            .ok_or_else(|| {
                no_dir(&format!(
                    "neither {xdg_var} nor HOME is set to an absolute path"
                ))
            })?,
        Platform::MacOs => var("HOME")
            .filter(|p| p.has_root())
            .map(|h| h.join("Library").join("Application Support"))
            .ok_or_else(|| no_dir("HOME is not set to an absolute path"))?,
        // Windows paths are not judged absolute or not: this may run on another platform in
        // tests, where `C:\Users\ann` does not look absolute.
        Platform::Windows => var("APPDATA")
            .or_else(|| var("LOCALAPPDATA"))
            .or_else(|| var("USERPROFILE").map(|h| h.join("AppData").join("Roaming")))
            .ok_or_else(|| no_dir("none of APPDATA, LOCALAPPDATA and USERPROFILE is set"))?,
    };
    Ok(base.join(APP_DIR))
}

fn no_dir(why: &str) -> StoreError {
    StoreError::NoDataDir(why.to_owned())
}

/// A path as the player reads it: under the home directory as `~/...`. Below the settings and
/// the front end, which both show where a file is.
pub fn shown(path: &Path) -> String {
    let home = std::env::var_os("HOME").or_else(|| std::env::var_os("USERPROFILE"));
    if let Some(home) = home.filter(|h| !h.is_empty())
        && let Ok(rest) = path.strip_prefix(&home)
    {
        return Path::new("~").join(rest).display().to_string();
    }
    path.display().to_string()
}
