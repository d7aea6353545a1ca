//! The commands for scripts: `ssh HOST games` lists the player's games as `hotseat games
//! --json` does, `ssh HOST pgn ID` prints one of them (an ID as that list names it).

use std::io::Write;
use std::path::Path;

use hotseat::cli::games::{self, Form};
use hotseat::store::{DataDir, Store};

use crate::terminal::Output;

/// `games`: the player's library, one JSON object a line.
pub fn list(mut out: Output, folder: &Path) {
    let mut errors = Vec::new();
    let listed = games::list(&mut out, &mut errors, Some(folder), "", Form::Json, false);
    if !errors.is_empty() {
        out.error(&String::from_utf8_lossy(&errors));
    }
    match listed {
        Ok(()) => out.exit(0),
        Err(e) => {
            out.error(&format!("hotseat: {e:#}\n"));
            out.exit(1);
        }
    }
}

/// `pgn ID`: the game's file as it is kept.
pub fn pgn(mut out: Output, folder: &Path, id: &str) {
    let plain =
        !id.is_empty() && !id.starts_with('.') && !id.contains(['/', '\\']) && id.len() <= 255;
    let path = Store::new(DataDir::new(folder)).games_dir().join(id);
    match std::fs::read(&path) {
        Ok(text) if plain => {
            let _ = out.write_all(&text);
            out.exit(0);
        }
        _ => {
            out.error(&format!(
                "hotseat: no game {id} among yours: `games` lists them, each with its file \
                 (the ID to give)\n"
            ));
            out.exit(1);
        }
    }
}
