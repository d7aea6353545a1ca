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
#[path = "../tests/suite/common/pty.rs"]
#[allow(dead_code)]
mod pty;

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use hotseat::rules::Position;
use hotseat::store::{DataDir, PlayerFilter, SortBy, Store};

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

    // The screen opens: the index brought up to date with the files, and the first page read
    // (three screens of 60 rows), as the file worker does.
    let opens = (0..5)
        .map(|_| {
            let t = Instant::now();
            let index = store.index().unwrap().unwrap();
            let (total, _, rows) = index.page("", SortBy::Newest, false, 0, 180, None).unwrap();
            assert_eq!(total, count);
            assert_eq!(rows.len(), 180.min(count));
            t.elapsed()
        })
        .collect();
    report(
        "library screen opens (index, count, first page)",
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
            std::hint::black_box(index.page(q, SortBy::Newest, false, 0, 180, None).unwrap());
            t.elapsed()
        })
        .collect();
    report(
        "screen's filter: count + first page (8 x 3)",
        filters,
        goal(100, 300),
    );
    let orders: Vec<(SortBy, bool)> = [
        SortBy::White,
        SortBy::Moves,
        SortBy::Opening,
        SortBy::Newest,
    ]
    .into_iter()
    .flat_map(|sort| [(sort, false), (sort, true)])
    .collect();
    let sorts = orders
        .iter()
        .map(|&(sort, reversed)| {
            let t = Instant::now();
            std::hint::black_box(
                index
                    .page("", sort, reversed, count / 2, 180, None)
                    .unwrap(),
            );
            t.elapsed()
        })
        .collect();
    report("screen's sort: a page from the middle (4 x 2)", sorts, None);
    // As the screen pages: a screen down from the page it has (read after that page's last
    // row), and End (read from the list's end).
    let counted = Some(("", count, count));
    let downs = orders
        .iter()
        .map(|&(sort, reversed)| {
            index
                .page("", sort, reversed, count / 2, 180, None)
                .unwrap();
            let t = Instant::now();
            std::hint::black_box(
                index
                    .page("", sort, reversed, count / 2 + 120, 180, counted)
                    .unwrap(),
            );
            t.elapsed()
        })
        .collect();
    report(
        "screen's sort: a screen down from the middle (4 x 2)",
        downs,
        None,
    );
    let ends = orders
        .iter()
        .map(|&(sort, reversed)| {
            let t = Instant::now();
            std::hint::black_box(
                index
                    .page("", sort, reversed, count.saturating_sub(180), 180, counted)
                    .unwrap(),
            );
            t.elapsed()
        })
        .collect();
    report("screen's sort: End (4 x 2)", ends, None);
    // Typing: each key's filter is a new question (count + first page), as the screen asks.
    let typed = [
        "f", "fl", "fla", "flag", "a", "an", "ann", "ann b", "ann bo", "ann bob", "z", "zz", "zzz",
    ];
    let mut keys: Vec<Duration> = Vec::new();
    for q in typed.iter().cycle().take(typed.len() * 3) {
        let t = Instant::now();
        std::hint::black_box(index.page(q, SortBy::Newest, false, 0, 180, None).unwrap());
        keys.push(t.elapsed());
    }
    let worst = keys.iter().max().copied().unwrap_or_default();
    report(
        "screen's filter, each key of 3 words (13 x 3)",
        keys,
        goal(100, 300),
    );
    println!(
        "{:<46} {:>17}   (the slowest: one or two letters, scanned)",
        "  the slowest key",
        ms(worst)
    );
    let lists = queries
        .iter()
        .take(3)
        .map(|q| {
            let t = Instant::now();
            std::hint::black_box(index.games(q).unwrap().len());
            t.elapsed()
        })
        .collect();
    report("CLI's filter in the database, whole list (3)", lists, None);

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
    if let Some(mb) = resident_mb() {
        println!(
            "{:<46} {mb:>10.1} MB (this process, after the queries above)",
            "resident memory, index open"
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

/// The resident memory of process `pid` (Linux), in MB.
fn resident_of(pid: u32) -> Option<f64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Waits (polling each millisecond) until the screen holds `needle`; the time it took.
fn until(app: &pty::Pty, needle: &str, started: Instant) -> Duration {
    while !app.screen_text().contains(needle) {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no {needle:?} within 60 s:\n{}",
            app.dump()
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    started.elapsed()
}

/// The real screen, in a pseudo-terminal of 110x34: the release binary started on DIR, F6
/// pressed, the time until the library's count shows; a filter typed a letter at a time,
/// the time until its count shows; the resident memory with the screen open.
fn screen(binary: PathBuf, dir: PathBuf) {
    let store = Store::new(DataDir::new(dir.clone()));
    let count = store.index().unwrap().map_or(0, |i| i.count().unwrap());
    let binary = fs::canonicalize(binary).expect("the release binary");
    let mut app = pty::PtyCommand::new(&binary)
        .args(["--data-dir"])
        .arg(&dir)
        .env("NO_COLOR", "1")
        .size(110, 34)
        .spawn()
        .expect("hotseat starts");
    until(&app, "Ctrl-Q quit", Instant::now());
    let pid = app.process_id().expect("a process id");
    let before = resident_of(pid).unwrap_or(0.0);
    let t = Instant::now();
    app.send_key(pty::Key::F(6)).unwrap();
    let opened = until(&app, &format!("{count} games"), t);
    std::thread::sleep(Duration::from_millis(300));
    let open_mb = resident_of(pid).unwrap_or(0.0);
    let flags = store.index().unwrap().map_or(0, |i| {
        i.page("flag", SortBy::Newest, false, 0, 1, None).unwrap().1
    });
    let t = Instant::now();
    app.send_text("flag").unwrap();
    let filtered = until(&app, &format!("{flags} of {count} games"), t);
    let t = Instant::now();
    app.send_key(pty::Key::Esc).unwrap();
    app.send_text("zzz").unwrap();
    let nothing = until(&app, &format!("  0 of {count} games"), t);
    let t = Instant::now();
    app.send_key(pty::Key::End).unwrap();
    std::thread::sleep(Duration::from_millis(1));
    app.send_key(pty::Key::Esc).unwrap();
    until(&app, &format!("{count} games  "), t);
    let t = Instant::now();
    app.send_key(pty::Key::End).unwrap();
    // The last game's row: the selection is on the last line of the list.
    while !app.with_screen(|s| {
        // 34 rows: the list's last on row 32, above the keys.
        let row = s.contents_between(32, 0, 32, 10);
        row.chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit() || c == '?')
    }) {
        std::thread::sleep(Duration::from_millis(1));
    }
    let end = t.elapsed();
    let after = resident_of(pid).unwrap_or(0.0);
    println!("the screen (110x34, release binary, {count} games):");
    let line = |what: &str, d: Duration, goal: u64| {
        println!(
            "  {what:<44} {:>8.1} ms   goal {goal} ms   ratio {:.2}",
            d.as_secs_f64() * 1000.0,
            d.as_secs_f64() * 1000.0 / goal as f64
        )
    };
    let big = count > 300_000;
    line(
        "F6 to the count on screen",
        opened,
        if big { 300 } else { 200 },
    );
    line(
        "'flag' typed to its count on screen",
        filtered,
        if big { 300 } else { 100 },
    );
    line(
        "'zzz' typed to 'no game' on screen",
        nothing,
        if big { 300 } else { 100 },
    );
    line(
        "End to the last game on screen",
        end,
        if big { 300 } else { 200 },
    );
    println!(
        "  resident memory: {before:.1} MB before F6, {open_mb:.1} MB with the screen open, {after:.1} MB after the filters and End   goal {} MB   ratio {:.2}",
        if big { 100 } else { 60 },
        open_mb.max(after) / if big { 100.0 } else { 60.0 }
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["corpus", count, file] => corpus(count.parse().expect("COUNT is a number"), file),
        ["measure", dir] => measure(PathBuf::from(dir)),
        ["screen", binary, dir] => screen(PathBuf::from(binary), PathBuf::from(dir)),
        _ => {
            eprintln!(
                "usage: library_bench corpus COUNT FILE | library_bench measure DIR | \
                 library_bench screen BINARY DIR"
            );
            std::process::exit(2);
        }
    }
}
