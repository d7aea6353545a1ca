//! The games library at a chess player's scale (issue 40), in two parts that
//! `benches/library.sh` runs:
//!
//! * `library_bench corpus COUNT FILE` writes COUNT seeded random legal games of up to 90 plies
//!   with the headers of a real library (eight players, many dates, results, time controls) as
//!   one PGN file, to import;
//! * `library_bench measure DIR` measures, in this process, on the data folder DIR (imported
//!   first): opening the library as the screen does (the index brought up to date and the list
//!   read), the filter, and the explorer at the start position, after 1. e4 and along the first
//!   moves of 50 games, for everyone and for one player; then its resident memory.
//!
//! Medians of several runs, each with the goal and the ratio to it (the goals are for
//! 100,000 games; `GOAL_SCALE=3` reads them as the 1,000,000-game column's where they differ).

#[path = "../benches/support/corpus.rs"]
mod corpus;

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use hotseat::rules::Position;
use hotseat::store::{DataDir, PlayerFilter, Store};

const PLAYERS: [&str; 8] = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"];

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn report(what: &str, times: Vec<Duration>, goal: Option<Duration>) {
    let runs = times.len();
    let m = median(times);
    match goal {
        Some(goal) => println!(
            "{what:<46} median {:>10} of {runs:>3}   goal {:>8}   ratio {:.2}",
            ms(m),
            ms(goal),
            m.as_secs_f64() / goal.as_secs_f64()
        ),
        None => println!("{what:<46} median {:>10} of {runs:>3}", ms(m)),
    }
}

/// The resident memory of this process (Linux), in MB.
fn resident_mb() -> Option<f64> {
    let status = fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn corpus(count: usize, file: &str) {
    let mut out = std::io::BufWriter::new(fs::File::create(file).expect("the corpus file"));
    let mut rng = corpus::Rng(corpus::BENCH_SEED);
    let results = ["1-0", "0-1", "1/2-1/2", "1-0", "0-1"];
    for i in 0..count {
        let text = corpus::random_game(&mut rng, hotseat::rules::INITIAL_FEN, i % 3 == 0, 90, i);
        let white = PLAYERS[rng.below(PLAYERS.len())];
        let black = PLAYERS[rng.below(PLAYERS.len())];
        // A result said for a game that did not end on the board: as a site records a
        // resignation or a flag.
        let result = results[rng.below(results.len())];
        let date = format!("{}.{:02}.{:02}", 2010 + i % 17, 1 + i / 28 % 12, 1 + i % 28);
        let text = text
            .replacen("[White \"White\"]", &format!("[White \"{white}\"]"), 1)
            .replacen("[Black \"Black\"]", &format!("[Black \"{black}\"]"), 1)
            .replace("[Result \"*\"]", &format!("[Result \"{result}\"]"));
        let text = match text.trim_end().strip_suffix('*') {
            Some(moves) => format!("{moves}{result}\n"),
            None => text,
        };
        writeln!(out, "[Date \"{date}\"]\n{text}").expect("the corpus is written");
    }
}

fn measure(dir: PathBuf) {
    let store = Store::new(DataDir::new(dir.clone()));
    let scale: u32 = std::env::var("GOAL_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let big = scale > 1;
    let goal =
        |small: u64, large: u64| Some(Duration::from_millis(if big { large } else { small }));
    let count = store.index().unwrap().map_or(0, |i| i.count().unwrap());
    println!("library of {count} games in {}", dir.display());

    // The screen opens: the index brought up to date with the files, and the list read.
    let opens = (0..5)
        .map(|_| {
            let t = Instant::now();
            let library = store.library().unwrap();
            assert_eq!(library.games.len(), count);
            t.elapsed()
        })
        .collect();
    report(
        "open the library (index up to date, list read)",
        opens,
        goal(200, 300),
    );
    let index = store.index().unwrap().unwrap();
    let syncs = (0..5)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(store.index().unwrap().unwrap());
            t.elapsed()
        })
        .collect();
    report("of which: the index brought up to date", syncs, None);

    let queries = [
        "ann", "ann bob", "1-0", "C20", "flag", "5+3", "2016-03", "zzz",
    ];
    let filters = queries
        .iter()
        .cycle()
        .take(queries.len() * 3)
        .map(|q| {
            let t = Instant::now();
            std::hint::black_box(index.games(q).unwrap().len());
            t.elapsed()
        })
        .collect();
    report(
        "filter in the database (8 queries x 3)",
        filters,
        goal(100, 300),
    );

    let start = Position::initial();
    let e4 = start.play(start.parse_move("e4").unwrap()).unwrap();
    let everyone = PlayerFilter::default();
    for (name, pos) in [("start position", &start), ("after 1. e4", &e4)] {
        let times = (0..5)
            .map(|_| {
                let t = Instant::now();
                std::hint::black_box(index.explore(pos.repetition_key(), &everyone).unwrap());
                t.elapsed()
            })
            .collect();
        let rows = index.explore(pos.repetition_key(), &everyone).unwrap();
        report(
            &format!(
                "explorer, {name} ({} games)",
                rows.iter().map(|r| r.games).sum::<usize>()
            ),
            times,
            goal(100, 500),
        );
    }
    // Deeper: the first eight moves of the newest 50 games.
    let mut keys = Vec::new();
    for entry in index.games("").unwrap().iter().take(50) {
        let text = match store.collection_game(&entry.file).unwrap() {
            Some((_, text)) => text,
            None => fs::read_to_string(store.games_dir().join(&entry.file)).unwrap(),
        };
        let summary = hotseat::store::summarize(&text).unwrap();
        keys.extend(summary.positions.iter().take(8).map(|(k, _)| *k));
    }
    let ann = PlayerFilter::parse("Ann as White");
    for (name, filter) in [("everyone", &everyone), ("Ann as White", &ann)] {
        let times = keys
            .iter()
            .map(|&k| {
                let t = Instant::now();
                std::hint::black_box(index.explore(k, filter).unwrap());
                t.elapsed()
            })
            .collect();
        report(
            &format!("explorer, one position of 400 ({name})"),
            times,
            goal(100, 500),
        );
    }
    let t = Instant::now();
    let library = store.library().unwrap();
    let opened = t.elapsed();
    if let Some(mb) = resident_mb() {
        println!(
            "{:<46} {mb:>10.1} MB (the list of {} games held, as the screen holds it; {})",
            "resident memory, library open",
            library.games.len(),
            ms(opened)
        );
    }
    let size = |name: &str| fs::metadata(dir.join(name)).map_or(0, |m| m.len());
    println!(
        "{:<46} {:>10.1} MB (+ {:.1} MB write-ahead log)",
        "database size",
        size("hotseat.db") as f64 / 1e6,
        size("hotseat.db-wal") as f64 / 1e6
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["corpus", count, file] => corpus(count.parse().expect("COUNT is a number"), file),
        ["measure", dir] => measure(PathBuf::from(dir)),
        _ => {
            eprintln!("usage: library_bench corpus COUNT FILE | library_bench measure DIR");
            std::process::exit(2);
        }
    }
}
