//! `hotseat pgn <FILE>`: check and replay every game of a PGN file.
//!
//! One line per game on standard output, in file order:
//! `<FEN of the final position>\t<status>\t<claims>\tgame <N>: <White> vs <Black>`, where status
//! is `checkmate`, `stalemate`, `insufficient-material`, `fivefold-repetition`,
//! `seventyfive-moves` or `ongoing`, and claims is what the player to move could claim now or by
//! declaring a move (`threefold`, `fifty`, `threefold,fifty`) or `-`; a last field is added when
//! the file's result contradicts the final position (`the file says 1-0, but the final position
//! is checkmate: 0-1`). A game that cannot be replayed prints `error\t<message>` instead
//! (once: standard error only names the games that failed); the other games still print, and
//! the command then fails. `-` reads standard input; an input with no game at all is an error.

use std::io::{BufWriter, Read, Write};
use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::game::pgn::replay_games_named;
use crate::store::open_regular;
use crate::text::excerpt_bare;

pub fn run(out: &mut impl Write, path: &Path) -> Result<()> {
    // Streamed a game at a time, so any size is fine; but only a regular file: `/dev/zero`
    // would never end, a FIFO would block.
    if path == Path::new("-") {
        return replay(out, std::io::stdin().lock(), "standard input");
    }
    // The reason in words, once (not again as the system's own words after it).
    let file =
        open_regular(path).map_err(|e| anyhow::anyhow!("cannot open {}: {e}", path.display()))?;
    replay(out, file, &path.display().to_string())
}

/// Replays the games of `input` (named `name` in messages).
fn replay(out: &mut impl Write, input: impl Read, name: &str) -> Result<()> {
    let mut games = 0usize;
    let mut failed = Vec::new();
    let mut write_error = None;
    // Lines are written in blocks, not one write each.
    let mut out = BufWriter::with_capacity(64 << 10, out);
    replay_games_named(input, |result| {
        games += 1;
        if write_error.is_some() {
            if let Err(e) = result {
                failed.push(e.index);
            }
            return;
        }
        let written = match result {
            Ok(named) => {
                let game = &named.replayed;
                let status = named.status.map_or("ongoing", |s| s.label());
                // Piece by piece: the formatting machinery cost more than the rest of the line.
                let (fen, number) = (game.position.fen(), games.to_string());
                let (white, black) = (excerpt_bare(&named.white), excerpt_bare(&named.black));
                let note = named.note.as_deref();
                [
                    fen.as_str(),
                    "\t",
                    status,
                    "\t",
                    named.claims.label(),
                    "\tgame ",
                    &number,
                    ": ",
                    &white,
                    " vs ",
                    &black,
                    if note.is_some() { "\t" } else { "" },
                    note.unwrap_or(""),
                    "\n",
                ]
                .iter()
                .try_for_each(|part| out.write_all(part.as_bytes()))
            }
            Err(e) => {
                failed.push(e.index);
                writeln!(out, "error\t{e}")
            }
        };
        if let Err(e) = written {
            write_error = Some(e);
        }
    })
    .with_context(|| format!("cannot read {name}"))?;
    if let Some(e) = write_error {
        return Err(e.into());
    }
    out.flush()?;
    if games == 0 {
        bail!("{name} holds no PGN game (a game looks like [White \"Ann\"] ... 1. e4 e5 *)");
    }
    if !failed.is_empty() {
        const SHOWN: usize = 10;
        let mut which: Vec<String> = failed.iter().take(SHOWN).map(|i| i.to_string()).collect();
        if failed.len() > SHOWN {
            which.push("…".to_owned());
        }
        bail!(
            "{} of {games} game{} in {} could not be replayed (game {}; the reasons are in the \
             output)",
            failed.len(),
            if games == 1 { "" } else { "s" },
            name,
            which.join(", ")
        );
    }
    Ok(())
}
