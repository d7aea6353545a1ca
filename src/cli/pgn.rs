//! `hotseat pgn <FILE>`: check and replay every game of a PGN file.
//!
//! One line per game on standard output, in file order:
//! `<FEN of the final position>\t<status>\t<claims>`, where status is `checkmate`, `stalemate`,
//! `insufficient-material`, `fivefold-repetition`, `seventyfive-moves` or `ongoing`, and claims
//! is what the player to move could claim now or by declaring a move (`threefold`, `fifty`,
//! `threefold,fifty`) or `-`. A game that cannot be replayed prints `error\t<message>` instead
//! (the message also goes to standard error); the other games still print, and the command then
//! fails. `-` reads standard input; an input with no game at all is an error.

use std::fs::File;
use std::io::{Read, Write};
use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::game::pgn::replay_games;

pub fn run(out: &mut impl Write, path: &Path) -> Result<()> {
    if path == Path::new("-") {
        return replay(out, std::io::stdin().lock(), "standard input");
    }
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    replay(out, file, &path.display().to_string())
}

/// Replays the games of `input` (named `name` in messages).
fn replay(out: &mut impl Write, input: impl Read, name: &str) -> Result<()> {
    let mut games = 0usize;
    let mut failed = 0usize;
    let mut write_error = None;
    replay_games(input, |result| {
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
    .with_context(|| format!("cannot read {name}"))?;
    if let Some(e) = write_error {
        return Err(e.into());
    }
    if games == 0 {
        bail!("no PGN game in {name}: a game needs at least a result (1-0, 0-1, 1/2-1/2 or *)");
    }
    if failed > 0 {
        bail!(
            "{failed} of {games} game{} in {name} could not be replayed",
            if games == 1 { "" } else { "s" },
        );
    }
    Ok(())
}
