//! `hotseat games [FILTER] [--json | --header] [--rebuild]` and `hotseat import FILE`: the
//! library for scripts.
//!
//! `games` prints the list the library screen shows, newest first, one game a line with
//! tab-separated fields (date, White, Black, result, how it ended, moves, ECO, opening, time
//! control, variant, `engine` or `-`, the file), or a JSON array of objects with the same
//! fields. The filter is the database's ([`Index::each_game`](crate::store::Index::each_game)),
//! and each game is printed as it is read (a million games never sit in memory). Files of the
//! archive that are no games are named on standard error.
//!
//! `import` files each game of a PGN file (`.pgn`, `.pgn.zst`, or `-`) into the archive, once
//! (see [`Store::import_games`]), read as a stream, with a progress bar on standard error when
//! that is a terminal, and ends with the count of games added, already there and refused, each
//! refused game with why (the first [`MAX_REFUSED_LISTED`]).

use std::io::{IsTerminal, Read, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::store::{
    DataDir, Entry, Freshness, ImportProgress, ImportReport, MAX_REFUSED_LISTED, Store,
    open_regular,
};

/// How `games` prints its list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    Tabs,
    /// Tab-separated, after a line naming the columns.
    TabsWithHeader,
    Json,
}

/// The store `--data-dir` names, or the usual one.
pub fn store(data_dir: Option<&Path>) -> Result<Store> {
    Ok(match data_dir {
        Some(dir) => Store::new(DataDir::new(dir)),
        None => Store::from_env()?,
    })
}

/// The columns' names, as `--header` and `--json` give them.
const COLUMNS: [&str; 12] = [
    "date",
    "white",
    "black",
    "result",
    "ending",
    "moves",
    "eco",
    "opening",
    "time_control",
    "variant",
    "engine_report",
    "file",
];

/// The columns of a line, in order, as `games` prints them, with their names.
fn fields(e: &Entry) -> [(&'static str, String); 12] {
    let s = &e.summary;
    let mut values = [
        s.date.clone(),
        s.white.clone(),
        s.black.clone(),
        s.result.clone(),
        s.ending.clone(),
        s.moves.to_string(),
        s.eco.clone(),
        s.opening.clone(),
        s.time_control.clone(),
        s.variant.clone(),
        if s.engine_report { "engine" } else { "-" }.to_owned(),
        e.file.clone(),
    ]
    .into_iter();
    COLUMNS.map(|name| (name, values.next().unwrap_or_default()))
}

/// `hotseat games`.
pub fn list(
    out: &mut impl Write,
    err: &mut impl Write,
    data_dir: Option<&Path>,
    filter: &str,
    form: Form,
    rebuild: bool,
) -> Result<()> {
    let store = store(data_dir)?;
    let index = if rebuild {
        store.rebuild_index(&mut |_, _| {})?
    } else {
        store.index()?
    };
    if let Some(index) = &index {
        for broken in &index.broken {
            writeln!(
                err,
                "hotseat: {} in {} is not listed: {}",
                broken.file,
                store.games_dir().display(),
                broken.reason
            )?;
        }
    }
    match form {
        Form::Json => writeln!(out, "[")?,
        Form::TabsWithHeader => writeln!(out, "{}", COLUMNS.join("\t"))?,
        Form::Tabs => {}
    }
    // Each game is printed as the database reads it: a list of a million games is never
    // held whole (it took 793 MB and seconds before the first line).
    let mut first = true;
    let mut print = |e: Entry| -> Result<()> {
        if form == Form::Json {
            let body: Vec<String> = fields(&e)
                .iter()
                .map(|(k, v)| match *k {
                    "moves" => format!("\"{k}\": {v}"),
                    "engine_report" => format!("\"{k}\": {}", e.summary.engine_report),
                    _ => format!("\"{k}\": {}", crate::settings::toml_string(v)),
                })
                .collect();
            // The comma ends the line before: the last game is not known until the end.
            let comma = if first { "" } else { ",\n" };
            write!(out, "{comma}  {{{}}}", body.join(", "))?;
        } else {
            let line: Vec<String> = fields(&e).into_iter().map(|(_, v)| v).collect();
            writeln!(out, "{}", line.join("\t"))?;
        }
        first = false;
        Ok(())
    };
    if let Some(index) = &index {
        index.each_game(filter, &mut print)?;
    }
    if form == Form::Json {
        if !first {
            writeln!(out)?;
        }
        writeln!(out, "]")?;
    }
    let freshness = index.map(|i| i.freshness);
    if let Some(Freshness::Rebuilt { why }) = &freshness
        && !rebuild
    {
        writeln!(err, "hotseat: the library's index was rebuilt ({why})")?;
    }
    Ok(())
}

/// A reader that counts the bytes read through it, for the progress of a compressed file.
pub(super) struct Counted<R> {
    pub(super) inner: R,
    pub(super) count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// A file to import, opened: standard input for `-`, else a regular file (its size known, for
/// the progress bar), read through zstd when its name ends in `.zst`; the bytes read from the
/// file counted as they go.
pub(super) struct ImportSource {
    pub(super) input: Box<dyn Read + Send>,
    /// The file's size in bytes (not for standard input).
    pub(super) total: Option<u64>,
    /// The file's bytes read so far (compressed ones, for a `.zst` file).
    pub(super) read: Arc<AtomicU64>,
    pub(super) zstd: bool,
}

impl ImportSource {
    /// Opens `file`; what cannot be read is said with `example` of a command that works.
    pub(super) fn open(file: &Path, example: &str) -> Result<ImportSource> {
        let shown = file.display();
        let read = Arc::new(AtomicU64::new(0));
        let (input, total): (Box<dyn Read + Send>, Option<u64>) = if file == Path::new("-") {
            (Box::new(std::io::stdin()), None)
        } else {
            let opened = open_regular(file)
                .map_err(|e| anyhow::anyhow!("cannot import {shown}: {e} (example: {example})"))?;
            let size = opened.metadata().ok().map(|m| m.len());
            (Box::new(opened), size)
        };
        let counted = Counted {
            inner: input,
            count: Arc::clone(&read),
        };
        let zstd = file
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("zst"));
        let input: Box<dyn Read + Send> = if zstd {
            Box::new(
                ruzstd::decoding::StreamingDecoder::new(counted)
                    .map_err(|e| anyhow::anyhow!("cannot import {shown}: not a zstd file ({e})"))?,
            )
        } else {
            Box::new(counted)
        };
        Ok(ImportSource {
            input,
            total,
            read,
            zstd,
        })
    }
}

/// The import's progress bar on a terminal: done in percent of the file's bytes, games read,
/// games per second and the time left; redrawn ten times a second at most. `hotseat puzzles
/// import` draws the same bar, counting puzzles.
pub(super) struct Bar {
    pub(super) total: Option<u64>,
    /// The compressed bytes read, for a `.zst` file (whose games' bytes are not the file's).
    pub(super) read: Option<Arc<AtomicU64>>,
    pub(super) started: Instant,
    pub(super) drawn: Option<Instant>,
    /// What is counted: "games", "puzzles".
    pub(super) noun: &'static str,
}

impl Bar {
    pub(super) fn draw(&mut self, progress: ImportProgress, last: bool) {
        let now = Instant::now();
        // The merge's line is drawn whatever the time: nothing comes after it for a while.
        if !last
            && !progress.merging
            && self
                .drawn
                .is_some_and(|t| now - t < Duration::from_millis(100))
        {
            return;
        }
        self.drawn = Some(now);
        let secs = (now - self.started).as_secs_f64().max(1e-3);
        let rate = progress.games as f64 / secs;
        let read = self
            .read
            .as_ref()
            .map_or(progress.bytes, |r| r.load(Ordering::Relaxed));
        let line = match self.total.filter(|&t| t > 0) {
            _ if progress.merging => format!(
                "\r{} {noun} filed; adding their positions to the explorer\x1b[K",
                progress.games,
                noun = self.noun
            ),
            Some(total) => {
                // The end of the file may be blank lines no game took.
                let done = if last {
                    1.0
                } else {
                    (read as f64 / total as f64).min(1.0)
                };
                let filled = (done * 20.0) as usize;
                let left = if done > 0.0 && !last {
                    let left = secs * (1.0 - done) / done;
                    format!("  {} left", clock(left))
                } else {
                    String::new()
                };
                format!(
                    "\r[{}{}] {:3.0}%  {} {noun}  {:.0} {noun}/s{left}\x1b[K",
                    "#".repeat(filled),
                    " ".repeat(20 - filled),
                    done * 100.0,
                    progress.games,
                    rate,
                    noun = self.noun,
                )
            }
            None => format!(
                "\r{} {noun}  {:.0} {noun}/s\x1b[K",
                progress.games,
                rate,
                noun = self.noun
            ),
        };
        let _ = std::io::stderr().lock().write_all(line.as_bytes());
    }
}

/// `1:05`, `12:40`, `1:02:03`.
fn clock(secs: f64) -> String {
    let s = secs.round() as u64;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// `hotseat import FILE`.
pub fn import(out: &mut impl Write, data_dir: Option<&Path>, file: &Path) -> Result<()> {
    let shown = file.display();
    let ImportSource {
        input,
        total,
        read,
        zstd,
    } = ImportSource::open(file, "hotseat import lichess.pgn")?;
    let store = store(data_dir)?;
    let mut bar = std::io::stderr().is_terminal().then(|| Bar {
        total,
        read: zstd.then_some(read),
        started: Instant::now(),
        drawn: None,
        noun: "games",
    });
    let mut last = ImportProgress::default();
    let report = store
        .import_games(input, &file.to_string_lossy(), |progress| {
            if !progress.merging {
                last = progress;
            }
            if let Some(bar) = &mut bar {
                bar.draw(progress, false);
            }
        })
        .with_context(|| format!("while importing {shown}"))?;
    if let Some(bar) = &mut bar
        && report.games > 0
    {
        bar.draw(last, true);
        let _ = writeln!(std::io::stderr().lock());
    }
    if report.games == 0 {
        bail!("{shown} holds no PGN game (a game looks like [White \"Ann\"] ... 1. e4 e5 *)");
    }
    write_report(out, &report)?;
    if report.refused_count > 0 && report.added == 0 && report.already == 0 {
        bail!("no game of {shown} could be imported");
    }
    Ok(())
}

fn write_report(out: &mut impl Write, report: &ImportReport) -> Result<()> {
    let plural = |n: usize| if n == 1 { "game" } else { "games" };
    writeln!(
        out,
        "{} {} added, {} already in the library, {} refused",
        report.added,
        plural(report.added),
        report.already,
        report.refused_count
    )?;
    for refused in &report.refused {
        writeln!(out, "refused game {}: {}", refused.index, refused.reason)?;
    }
    let unlisted = report.refused_count - report.refused.len();
    if unlisted > 0 {
        writeln!(
            out,
            "and {unlisted} more refused {} (only the first {MAX_REFUSED_LISTED} are listed)",
            if unlisted == 1 { "game" } else { "games" }
        )?;
    }
    Ok(())
}
