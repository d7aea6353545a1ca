//! `hotseat pgn <FILE>`: check and replay every game of a PGN file.
//!
//! One line per game on standard output, in file order:
//! `<FEN of the final position>\t<status>\t<claims>`, where status is `checkmate`, `stalemate`,
//! `insufficient-material`, `fivefold-repetition`, `seventyfive-moves` or `ongoing`, and claims
//! is what the player to move could claim now or by declaring a move (`threefold`, `fifty`,
//! `threefold,fifty`) or `-`. A game that cannot be replayed prints `error\t<message>` instead
//! (the message also goes to standard error); the other games still print, and the command then
//! fails.

use std::fs::File;
use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::game::pgn::replay_games;

pub fn run(out: &mut impl Write, path: &Path) -> Result<()> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut games = 0usize;
    let mut failed = 0usize;
    let mut write_error = None;
    replay_games(file, |result| {
        games += 1;
        let line = match result {
            Ok(game) => {
                let status = game.status().map_or("ongoing", |s| s.label());
                format!(
                    "{}\t{status}\t{}",
                    game.position.fen(),
                    game.claims().label()
                )
            }
            Err(e) => {
                failed += 1;
                eprintln!("{e}");
                format!("error\t{e}")
            }
        };
        if write_error.is_none()
            && let Err(e) = writeln!(out, "{line}")
        {
            write_error = Some(e);
        }
    })
    .with_context(|| format!("cannot read {}", path.display()))?;
    if let Some(e) = write_error {
        return Err(e.into());
    }
    if failed > 0 {
        bail!(
            "{failed} of {games} game{} in {} could not be replayed",
            if games == 1 { "" } else { "s" },
            path.display()
        );
    }
    Ok(())
}
