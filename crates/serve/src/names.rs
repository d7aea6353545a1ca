//! Players' names, remembered by key: the name a player gives in the lobby is kept in their
//! folder (`players/KEY/name`, one line) and read back at their next visit, and it is the
//! name their rooms' games carry (the PGN's White and Black tags).
//!
//! A name follows the game's own rule ([`check_name`]): 1 to [`MAX_NAME_CHARS`] characters,
//! no control or invisible ones.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

pub use hotseat::app::config::{MAX_NAME_CHARS, check_name};

/// The file of a player's name, in their folder.
pub const FILE: &str = "name";

/// Every player's name, read from their folder the first time it is asked for.
#[derive(Debug)]
pub struct Names {
    players: PathBuf,
    known: Mutex<HashMap<String, Option<String>>>,
}

impl Names {
    /// The names of the players in the server's folder `data`.
    pub fn new(data: &Path) -> Names {
        Names {
            players: data.join("players"),
            known: Mutex::new(HashMap::new()),
        }
    }

    /// The name of the player of `key`, if they gave one.
    pub fn get(&self, key: &str) -> Option<String> {
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(name) = known.get(key) {
            return name.clone();
        }
        let name = std::fs::read_to_string(self.players.join(key).join(FILE))
            .ok()
            .and_then(|text| check_name(text.lines().next().unwrap_or("")).ok());
        // Bounded by the players who have come since the server started.
        known.insert(key.to_owned(), name.clone());
        name
    }

    /// Names the player of `key` (checked): kept in their folder, for their next visit.
    pub fn set(&self, key: &str, text: &str) -> Result<String, String> {
        let name = check_name(text).map_err(|e| name_refused(text, e))?;
        let folder = self.players.join(key);
        std::fs::create_dir_all(&folder)
            .map_err(|e| e.to_string())
            .and_then(|()| {
                hotseat::store::atomic_write(&folder.join(FILE), format!("{name}\n").as_bytes())
                    .map_err(|e| e.to_string())
            })
            .map_err(|e| format!("cannot keep your name: {e}"))?;
        self.known
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key.to_owned(), Some(name.clone()));
        Ok(name)
    }
}

/// Why `text` is not a name, and what is.
fn name_refused(text: &str, e: hotseat::app::config::NameError) -> String {
    use hotseat::app::config::NameError;
    match e {
        NameError::TooLong => format!(
            "a name has at most {MAX_NAME_CHARS} characters, and this one has {}: shorten it",
            text.trim().chars().count()
        ),
        NameError::Empty => "type a name: the one your opponents will see".to_owned(),
        e => format!("{e}: type letters, digits and spaces"),
    }
}
