//! Whom a session serves, and what they may do: decided here, once, and checked where the
//! app's effects are carried out ([`Runtime::carry_out`](super::Runtime::carry_out)), never in
//! each dialog.
//!
//! The local player ([`Policy::Local`]) may do everything: it is their machine. A stranger
//! served by `hotseat serve` ([`Policy::Guest`]) plays and keeps their own games, and nothing
//! more, as OpenSSH lets a session do what its account may:
//!
//! * **no path of the server's file system** is named, read or written at their word: no
//!   export to a path (their games are downloaded instead, `ssh HOST pgn ID`), no library of
//!   the server's files, no folder looked for elsewhere when saving fails, no process id; the
//!   app is told so ([`Served`]) and offers the download in place of the file;
//! * **a fair share of the engines**: every engine search waits for a place in the server's
//!   [`EnginePool`] (one running per key, first come first served, its place in line said),
//!   searches within a budget of time, with a bounded hash table.
//!
//! Whatever the app asks beyond that is refused here with a sentence, so a dialog that forgot
//! to hide a door still cannot open it.

use std::sync::Arc;
use std::time::Duration;

use super::engines::EnginePool;
use crate::app::{Effect, FileEffect, Served};

/// Whom a session serves. See the [module docs](self).
#[derive(Clone, Debug, Default)]
pub enum Policy {
    /// The player at this machine: everything.
    #[default]
    Local,
    /// A stranger served over the network (`hotseat serve`): their own games and a fair share
    /// of the engines, nothing of the server's files.
    Guest(Guest),
}

/// What a guest is, for the policy.
#[derive(Clone, Debug)]
pub struct Guest {
    /// The player's identity on the server (their key's fingerprint): the engines' share is
    /// counted by it.
    pub key: String,
    /// The server's engines, shared by every guest.
    pub engines: Arc<EnginePool>,
    /// How the player reaches the server from their own machine (`ssh -p 2222 HOST`), to
    /// download their games.
    pub ssh: String,
}

/// The most engine time one piece of a guest's work may take (a game's report, a live
/// search, a judged move): past it, the work stops with what it found and says why.
pub const GUEST_ENGINE_BUDGET: Duration = Duration::from_secs(120);

/// The hash table a guest's engine search gets, in MiB (a local one gets 64).
pub const GUEST_HASH_MB: u32 = 16;

/// What a guest hears when the app asks to write a file where they named it.
pub const NO_PATHS: &str = "games played on a server are kept there under your key, never \
     written to the server's files";

/// What a guest hears when the app asks for the library of the server's files.
pub const NO_LIBRARY: &str = "the library is hotseat's on your own machine; on a server your \
     games are listed from your machine with ssh HOST games";

/// The engines' share of a guest's session: the pool, their key, the budget of one piece of
/// work, and the hash table's size.
#[derive(Clone, Debug)]
pub struct EngineShare {
    pub pool: Arc<EnginePool>,
    pub key: String,
    pub budget: Duration,
    pub hash_mb: u32,
}

impl Policy {
    /// Whether this session serves a stranger.
    pub fn is_guest(&self) -> bool {
        matches!(self, Policy::Guest(_))
    }

    /// What the app is told of the session, so that it offers what may be done: `None` for
    /// the local player.
    pub fn served(&self) -> Option<Served> {
        match self {
            Policy::Local => None,
            Policy::Guest(guest) => Some(Served {
                ssh: guest.ssh.clone(),
            }),
        }
    }

    /// Why `effect` may not be carried out for this session, in a sentence; `None`: it may.
    pub fn refusal(&self, effect: &Effect) -> Option<&'static str> {
        if !self.is_guest() {
            return None;
        }
        match effect {
            Effect::Files(FileEffect::Export(_)) => Some(NO_PATHS),
            Effect::Library(_) => Some(NO_LIBRARY),
            _ => None,
        }
    }

    /// The engines' share, for a guest; `None`: the local player's engines are their own.
    pub fn engine_share(&self) -> Option<EngineShare> {
        match self {
            Policy::Local => None,
            Policy::Guest(guest) => Some(EngineShare {
                pool: guest.engines.clone(),
                key: guest.key.clone(),
                budget: GUEST_ENGINE_BUDGET,
                hash_mb: GUEST_HASH_MB,
            }),
        }
    }

    /// Whether a folder to save in may be looked for elsewhere (the working folder, the home)
    /// when saving fails, and named: only the local player's.
    pub fn looks_elsewhere(&self) -> bool {
        !self.is_guest()
    }

    /// Whether the id of the process holding a game may be said: only to the local player,
    /// for whom it names one of their own windows.
    pub fn names_processes(&self) -> bool {
        !self.is_guest()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{ExportJob, ExportKind, LibraryEffect, ScreenEffect};

    fn guest() -> Policy {
        Policy::Guest(Guest {
            key: "ab12".into(),
            engines: EnginePool::new(1),
            ssh: "ssh -p 2222 HOST".into(),
        })
    }

    fn export() -> Effect {
        FileEffect::Export(ExportJob {
            path: "~/.bashrc".into(),
            text: "1. e4 *".into(),
            kind: ExportKind::Pgn,
            replace: true,
        })
        .into()
    }

    /// A guest's session, started as `hotseat serve` starts one, in `dir`.
    fn guest_session(dir: &std::path::Path) -> (super::super::Runtime, crate::app::App) {
        let launch = super::super::Launch {
            config: crate::app::Config {
                autosave: true,
                ..crate::app::Config::default()
            },
            data_dir: Some(dir.join("players").join("ab12")),
            saved: crate::app::launch::SavedGameChoice::Ask,
            engine: None,
            policy: guest(),
        };
        let front = super::super::Front {
            resume: "ssh again",
            notes: &mut std::io::sink(),
            speaks_notes: false,
        };
        super::super::start(launch, super::super::Role::Local, front, || {
            Ok::<_, super::super::StartError>(())
        })
        .unwrap()
    }

    #[test]
    fn a_guests_export_is_refused_where_effects_are_carried_out_and_no_file_is_written() {
        let dir = std::env::temp_dir().join(format!("hotseat-policy-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let (mut runtime, app) = guest_session(&dir);
        // The app was told what to offer.
        assert_eq!(
            app.view().saving().served.as_ref().map(|s| s.ssh.as_str()),
            Some("ssh -p 2222 HOST")
        );
        let target = dir.join("written-by-a-guest.pgn");
        let effect = FileEffect::Export(ExportJob {
            path: target.to_string_lossy().into_owned(),
            text: "1. e4 *".into(),
            kind: ExportKind::Pgn,
            replace: true,
        });
        assert_eq!(runtime.carry_out(effect.into(), &app, Duration::ZERO), None);
        assert_eq!(
            runtime.carry_out(LibraryEffect::Load.into(), &app, Duration::ZERO),
            None
        );
        let mut refused = Vec::new();
        while refused.len() < 2 {
            match runtime.events().recv_timeout(Duration::from_secs(30)) {
                Ok(super::super::Wake::Event(crate::app::Event::Refused(why))) => refused.push(why),
                Ok(_) => {}
                Err(e) => panic!("no refusal heard: {e}"),
            }
        }
        assert_eq!(refused, [NO_PATHS, NO_LIBRARY]);
        runtime.finish_work();
        assert!(!target.exists());
        drop(runtime);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_local_player_may_do_everything() {
        let local = Policy::Local;
        for effect in [export(), LibraryEffect::Load.into()] {
            assert_eq!(local.refusal(&effect), None);
        }
        assert!(local.served().is_none() && local.engine_share().is_none());
        assert!(local.looks_elsewhere() && local.names_processes());
    }

    #[test]
    fn a_guest_names_no_path_and_reads_no_library_of_the_servers() {
        let guest = guest();
        assert_eq!(guest.refusal(&export()), Some(NO_PATHS));
        for effect in [
            LibraryEffect::Load,
            LibraryEffect::Open("../../etc/passwd".into()),
            LibraryEffect::Trash("x.pgn".into()),
            LibraryEffect::Explore {
                key: 1,
                filter: String::new(),
            },
        ] {
            assert_eq!(guest.refusal(&effect.into()), Some(NO_LIBRARY));
        }
        // Their own game's saves and the screen are theirs.
        assert_eq!(
            guest.refusal(&FileEffect::Autosave("1. e4 *".into()).into()),
            None
        );
        assert_eq!(guest.refusal(&ScreenEffect::Redraw.into()), None);
        assert!(!guest.looks_elsewhere() && !guest.names_processes());
        let share = guest.engine_share().unwrap();
        assert_eq!((share.key.as_str(), share.hash_mb), ("ab12", GUEST_HASH_MB));
        assert_eq!(guest.served().unwrap().ssh, "ssh -p 2222 HOST");
    }
}
