//! `hotseat games [FILTER] [--json]` and `hotseat import FILE.pgn`: the library for scripts.
//!
//! `games` prints the list the library screen shows, newest first, one game a line with
//! tab-separated fields (date, White, Black, result, how it ended, moves, ECO, opening, time
//! control, variant, `engine` or `-`, the file), or a JSON array of objects with the same
//! fields. Files of the archive that are no games are named on standard error.
//!
//! `import` files each game of a PGN file into the archive, once (see
//! [`Store::import_games`]), with a progress bar on standard error when that is a terminal, and
//! ends with the count of games added, already there and refused, each refused game with why.

use std::io::{IsTerminal, Write};
use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::store::{DataDir, Entry, Freshness, ImportReport, Store, read_bounded};

/// The largest PGN file `import` reads (a few years of one player's online games).
pub const MAX_IMPORT_BYTES: u64 = 1 << 30;

/// The store `--data-dir` names, or the usual one.
pub fn store(data_dir: Option<&Path>) -> Result<Store> {
    Ok(match data_dir {
        Some(dir) => Store::new(DataDir::new(dir)),
        None => Store::from_env()?,
    })
}

/// The columns of a line, in order, as `games` prints them.
fn fields(e: &Entry) -> [(&'static str, String); 12] {
    let s = &e.summary;
    [
        ("date", s.date.clone()),
        ("white", s.white.clone()),
        ("black", s.black.clone()),
        ("result", s.result.clone()),
        ("ending", s.ending.clone()),
        ("moves", s.moves.to_string()),
        ("eco", s.eco.clone()),
        ("opening", s.opening.clone()),
        ("time_control", s.time_control.clone()),
        ("variant", s.variant.clone()),
        (
            "engine_report",
            if s.engine_report { "engine" } else { "-" }.to_owned(),
        ),
        ("file", e.file.clone()),
    ]
}

/// `hotseat games`.
pub fn list(
    out: &mut impl Write,
    err: &mut impl Write,
    data_dir: Option<&Path>,
    filter: &str,
    json: bool,
) -> Result<()> {
    let store = store(data_dir)?;
    let library = store.library()?;
    for broken in &library.broken {
        writeln!(
            err,
            "hotseat: {} in {} is not listed: {}",
            broken.file,
            store.games_dir().display(),
            broken.reason
        )?;
    }
    if let Some(e) = &library.index_error {
        writeln!(err, "hotseat: the library's index was not saved: {e}")?;
    }
    let found = library.filter(filter);
    if json {
        writeln!(out, "[")?;
        for (i, e) in found.iter().enumerate() {
            let body: Vec<String> = fields(e)
                .iter()
                .map(|(k, v)| match *k {
                    "moves" => format!("\"{k}\": {v}"),
                    "engine_report" => format!("\"{k}\": {}", e.summary.engine_report),
                    _ => format!("\"{k}\": {}", crate::settings::toml_string(v)),
                })
                .collect();
            let comma = if i + 1 < found.len() { "," } else { "" };
            writeln!(out, "  {{{}}}{comma}", body.join(", "))?;
        }
        writeln!(out, "]")?;
    } else {
        for e in &found {
            let line: Vec<String> = fields(e).into_iter().map(|(_, v)| v).collect();
            writeln!(out, "{}", line.join("\t"))?;
        }
    }
    if let Freshness::Rebuilt { why } = &library.freshness
        && !library.games.is_empty()
    {
        writeln!(err, "hotseat: the library's index was rebuilt ({why})")?;
    }
    Ok(())
}

/// `hotseat import FILE`.
pub fn import(out: &mut impl Write, data_dir: Option<&Path>, file: &Path) -> Result<()> {
    let shown = file.display();
    let bytes = if file == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(
            &mut std::io::Read::take(std::io::stdin().lock(), MAX_IMPORT_BYTES + 1),
            &mut bytes,
        )?;
        if bytes.len() as u64 > MAX_IMPORT_BYTES {
            bail!(
                "standard input holds more than {} MiB",
                MAX_IMPORT_BYTES >> 20
            );
        }
        bytes
    } else {
        read_bounded(file, MAX_IMPORT_BYTES).map_err(|e| {
            anyhow::anyhow!("cannot import {shown}: {e} (example: hotseat import lichess.pgn)")
        })?
    };
    let store = store(data_dir)?;
    let stderr = std::io::stderr();
    let bar = stderr.is_terminal();
    let mut shown_at = 0;
    let report = store
        .import_games(&bytes, |done, total| {
            // A bar on a terminal only, redrawn each percent: a script's log stays clean.
            let percent = done * 100 / total.max(1);
            if bar && (percent != shown_at || done == total) {
                shown_at = percent;
                let filled = percent / 5;
                let _ = write!(
                    stderr.lock(),
                    "\r[{}{}] {percent:3}% {done}/{total} games",
                    "#".repeat(filled),
                    " ".repeat(20 - filled)
                );
            }
        })
        .with_context(|| format!("while importing {shown}"))?;
    if bar && report.games > 0 {
        let _ = writeln!(stderr.lock());
    }
    if report.games == 0 {
        bail!("{shown} holds no PGN game (a game looks like [White \"Ann\"] ... 1. e4 e5 *)");
    }
    write_report(out, &report)?;
    if !report.refused.is_empty() && report.added.is_empty() && report.already == 0 {
        bail!("no game of {shown} could be imported");
    }
    Ok(())
}

fn write_report(out: &mut impl Write, report: &ImportReport) -> Result<()> {
    let plural = |n: usize| if n == 1 { "game" } else { "games" };
    writeln!(
        out,
        "{} {} added, {} already in the library, {} refused",
        report.added.len(),
        plural(report.added.len()),
        report.already,
        report.refused.len()
    )?;
    for refused in &report.refused {
        writeln!(out, "refused game {}: {}", refused.index, refused.reason)?;
    }
    Ok(())
}
