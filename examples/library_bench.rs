//! The games library on a 10,000-game archive: the time to open it (the list, with an index
//! that is up to date), to filter it, to rebuild its index from nothing, and the explorer's time
//! per position. `bash benches/library.sh` runs it built with optimisations; by hand:
//! `cargo run --release --example library_bench -- [GAMES] [DIR]`.
//!
//! Medians of several runs, each with its limit and the ratio to it (the issue asks for the
//! list in at most 200 ms and the explorer in at most 100 ms per position). The archive is
//! written once into DIR (by default a folder in the system's temporary folder) and kept, so a
//! second run measures at once; delete the folder to start again.

#[path = "../benches/support/corpus.rs"]
mod corpus;

use std::fs;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use hotseat::rules::Position;
use hotseat::store::{DataDir, Explorer, PlayerFilter, Store};

const PLAYERS: [&str; 8] = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"];

/// The CPU time this thread has run (Linux: `/proc/thread-self/schedstat`, in nanoseconds),
/// which a loaded machine does not inflate as it does the wall clock; `None` elsewhere.
fn cpu_time() -> Option<Duration> {
    let text = fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn report(what: &str, times: Vec<Duration>, limit: Option<Duration>) {
    let runs = times.len();
    let m = median(times);
    match limit {
        Some(limit) => println!(
            "{what:<44} median {:>10} of {runs:>3}   limit {:>8}   ratio {:.2}",
            ms(m),
            ms(limit),
            m.as_secs_f64() / limit.as_secs_f64()
        ),
        None => println!("{what:<44} median {:>10} of {runs:>3}", ms(m)),
    }
}

/// Writes `count` games into `store`'s archive, one file each, unless they are there.
fn build_archive(store: &Store, count: usize) {
    let games = store.games_dir();
    if fs::read_dir(&games).map(|d| d.count()).unwrap_or(0) >= count {
        return;
    }
    fs::create_dir_all(&games).unwrap();
    let mut rng = corpus::Rng(corpus::BENCH_SEED);
    let started = Instant::now();
    for i in 0..count {
        let mut text =
            corpus::random_game(&mut rng, hotseat::rules::INITIAL_FEN, i % 3 == 0, 90, i);
        // Players and dates of a real library: a few people, many days.
        let white = PLAYERS[rng.below(PLAYERS.len())];
        let black = PLAYERS[rng.below(PLAYERS.len())];
        let date = format!("2026.{:02}.{:02}", 1 + i % 12, 1 + i % 28);
        text = text
            .replacen("[White \"White\"]", &format!("[White \"{white}\"]"), 1)
            .replacen("[Black \"Black\"]", &format!("[Black \"{black}\"]"), 1);
        text = format!("[Date \"{date}\"]\n{text}");
        fs::write(games.join(format!("{i:05}.pgn")), text).unwrap();
    }
    eprintln!(
        "wrote {count} games in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let dir = args
        .get(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join(format!("hotseat-library-bench-{count}")));
    let store = Store::new(DataDir::new(dir.clone()));
    build_archive(&store, count);
    println!("library of {count} games in {}", dir.display());

    // Rebuilding from nothing: every file read and replayed.
    let rebuilds = (0..3)
        .map(|_| {
            let _ = fs::remove_file(store.index_path());
            let t = Instant::now();
            let library = store.library().unwrap();
            assert_eq!(library.games.len() + library.broken.len(), count);
            t.elapsed()
        })
        .collect();
    report("rebuild the index from nothing", rebuilds, None);
    let size = fs::metadata(store.index_path()).map_or(0, |m| m.len());
    println!("{:<44} {:.1} MB", "index size", size as f64 / 1e6);

    let mut cpu = Vec::new();
    let opens = (0..11)
        .map(|_| {
            let c = cpu_time();
            let t = Instant::now();
            let library = store.library().unwrap();
            let elapsed = t.elapsed();
            if let (Some(before), Some(after)) = (c, cpu_time()) {
                cpu.push(after - before);
            }
            assert_eq!(library.games.len(), count);
            elapsed
        })
        .collect();
    report(
        "open the library (index up to date)",
        opens,
        Some(Duration::from_millis(200)),
    );
    if !cpu.is_empty() {
        report(
            "open the library, CPU time of the thread",
            cpu,
            Some(Duration::from_millis(200)),
        );
    }

    let library = store.library().unwrap();
    let queries = [
        "ann", "ann bob", "1-0", "C20", "flag", "5+3", "2026-03", "zzz",
    ];
    let filters = queries
        .iter()
        .cycle()
        .take(queries.len() * 5)
        .map(|q| {
            let t = Instant::now();
            std::hint::black_box(library.filter(q).len());
            t.elapsed()
        })
        .collect();
    report(
        "filter the list (8 queries x 5)",
        filters,
        Some(Duration::from_millis(16)),
    );

    let t = Instant::now();
    let explorer = Explorer::build(&library.games);
    report(
        "explorer: build the position table once",
        vec![t.elapsed()],
        None,
    );

    // Positions along the first moves of 50 games, from the start (every game) deeper down.
    let mut keys = Vec::new();
    for entry in library.games.iter().take(50) {
        let mut pos = Position::initial();
        keys.push(pos.repetition_key());
        for pair in entry.summary.positions.split(' ').take(8) {
            let san = pair.split_once(':').unwrap().1;
            let mv = pos.parse_move(san).unwrap();
            pos = pos.play(mv).unwrap();
            keys.push(pos.repetition_key());
        }
    }
    let everyone = PlayerFilter::default();
    let per_position = keys
        .iter()
        .map(|&k| {
            let t = Instant::now();
            std::hint::black_box(explorer.rows(&library.games, k, &everyone).len());
            t.elapsed()
        })
        .collect();
    report(
        "explorer: one position (all games)",
        per_position,
        Some(Duration::from_millis(100)),
    );
    let t = Instant::now();
    let rows = explorer.rows(
        &library.games,
        Position::initial().repetition_key(),
        &everyone,
    );
    let worst = t.elapsed();
    println!(
        "{:<44} {:>17} ({} games, {} moves)",
        "explorer: the start position (the worst)",
        ms(worst),
        rows.iter().map(|r| r.games).sum::<usize>(),
        rows.len()
    );
    let ann = PlayerFilter::parse("Ann as White");
    let filtered = keys
        .iter()
        .map(|&k| {
            let t = Instant::now();
            std::hint::black_box(explorer.rows(&library.games, k, &ann).len());
            t.elapsed()
        })
        .collect();
    report(
        "explorer: one position (Ann as White)",
        filtered,
        Some(Duration::from_millis(100)),
    );
}
