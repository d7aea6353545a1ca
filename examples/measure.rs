//! Measures what running hotseat costs: binary size, time to first frame, resident memory, and
//! CPU while idle with a clock running.
//!
//! ```text
//! cargo build --release && cargo run --release --example measure -- [BINARY] [IDLE_SECONDS] [COLSxROWS] [TIME]
//! ```
//!
//! BINARY defaults to `target/release/hotseat` (under `CARGO_TARGET_DIR` if set), IDLE_SECONDS
//! to 20, the terminal to 110x34 and the time control to 5+3 (the figures of
//! `benches/README.md`). The game runs in a pseudo-terminal (the test harness of
//! `tests/suite/common/pty.rs`) with a data folder of its own; the clock is started with Enter
//! and left running. With `MOVES` set (`MOVES="e4 e5 Nf3 Nc6"`), those moves are typed first, one
//! at a time as players would, so that what a game in progress holds is counted (the moves'
//! record, the opening's name, the move generation's tables). Resident memory is split as the kernel counts it: the heap and stacks
//! (`RssAnon`) and the pages of the binary and libraries read in (`RssFile`), and after idling
//! per mapping (`/proc/<pid>/smaps`). Memory comes from `/proc/<pid>/status` (VmRSS), CPU from
//! `/proc/<pid>/task/*/schedstat` (nanoseconds, every thread) and, as before, `/proc/<pid>/stat`
//! (utime + stime, in 10 ms ticks), so this is Linux only. The time to first frame is from spawning the process
//! to the screen showing the footer: an upper bound, since it includes the pseudo-terminal and
//! the emulator reading the output.

#[path = "../tests/suite/common/pty.rs"]
#[allow(dead_code)]
mod pty;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use pty::{Key, PtyCommand};

fn default_binary() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("target"));
    target.join("release").join("hotseat")
}

/// utime + stime of a process, in clock ticks.
fn cpu_ticks(pid: u32) -> Result<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))?;
    // The command name may contain spaces; fields resume after its closing parenthesis.
    let rest = &stat[stat.rfind(')').context("no ')' in stat")? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // After the name: state is field 3 of the file, utime 14 and stime 15.
    let utime: u64 = fields[11].parse()?;
    let stime: u64 = fields[12].parse()?;
    Ok(utime + stime)
}

/// The time all the threads of a process have run on a CPU, in nanoseconds
/// (`/proc/<pid>/task/*/schedstat`): unlike utime + stime it is not counted in 10 ms ticks, so
/// an idle process's fraction of a percent resolves in a minute.
fn cpu_ns(pid: u32) -> Result<u64> {
    let mut total = 0;
    for task in std::fs::read_dir(format!("/proc/{pid}/task"))? {
        let stat = std::fs::read_to_string(task?.path().join("schedstat"))?;
        let ns: u64 = stat
            .split_whitespace()
            .next()
            .context("empty schedstat")?
            .parse()?;
        total += ns;
    }
    Ok(total)
}

/// Resident memory per kind of mapping (`/proc/<pid>/smaps`), in KiB: each file's mappings
/// by permissions (code `r-x`, read-only data `r--`, relocated and written data `rw-`), the
/// heap, the stacks, and anonymous mappings (thread stacks, malloc's arenas of the other
/// threads and its large blocks: ratatui's screen buffers).
fn mappings(pid: u32) -> Result<Vec<(String, u64)>> {
    let smaps = std::fs::read_to_string(format!("/proc/{pid}/smaps"))?;
    let mut parts: Vec<(String, u64)> = Vec::new();
    let mut name = String::new();
    for line in smaps.lines() {
        let mut words = line.split_whitespace();
        let first = words.next().unwrap_or("");
        if first.contains('-') && !first.ends_with(':') {
            let perms = words.next().unwrap_or("");
            let path = words.nth(3).unwrap_or("");
            let file = path.rsplit('/').next().unwrap_or(path);
            name = match file {
                "" => "anonymous (thread stacks, arenas, large blocks)".to_owned(),
                "[heap]" | "[stack]" | "[vdso]" | "[vvar]" => file.to_owned(),
                _ => format!("{file} {}", &perms[..3]),
            };
        } else if first == "Rss:" {
            let kib: u64 = words.next().context("no Rss figure")?.parse()?;
            match parts.iter_mut().find(|(n, _)| *n == name) {
                Some((_, total)) => *total += kib,
                None => parts.push((name.clone(), kib)),
            }
        }
    }
    parts.retain(|(_, kib)| *kib > 0);
    Ok(parts)
}

/// A `KiB` figure of `/proc/<pid>/status`, by name (`VmRSS`, `RssAnon`, ...).
fn status_kib(pid: u32, name: &str) -> Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let line = status
        .lines()
        .find(|l| {
            l.strip_prefix(name)
                .is_some_and(|rest| rest.starts_with(':'))
        })
        .with_context(|| format!("no {name}"))?;
    Ok(line
        .split_whitespace()
        .nth(1)
        .context("no value")?
        .parse()?)
}

/// VmRSS with its parts, as one line.
fn rss_line(pid: u32) -> Result<String> {
    Ok(format!(
        "{} KiB (VmRSS: heap and stacks {} KiB, binary and libraries {} KiB)",
        status_kib(pid, "VmRSS")?,
        status_kib(pid, "RssAnon")?,
        status_kib(pid, "RssFile")?
    ))
}

fn main() -> Result<()> {
    let mut args = std::env::args().skip(1);
    let binary = args
        .next()
        .map(PathBuf::from)
        .unwrap_or_else(default_binary);
    let idle: u64 = args.next().map_or(Ok(20), |a| a.parse())?;
    let (cols, rows) = match args.next() {
        None => (110, 34),
        Some(a) => a
            .split_once('x')
            .and_then(|(c, r)| Some((c.parse().ok()?, r.parse().ok()?)))
            .with_context(|| format!("terminal size {a:?}: write it COLSxROWS, e.g. 110x34"))?,
    };
    let time = args.next().unwrap_or_else(|| "5+3".to_owned());
    if !binary.exists() {
        bail!(
            "{} does not exist: build it with cargo build --release",
            binary.display()
        );
    }
    // The pseudo-terminal looks a relative program up in PATH: make it absolute.
    let binary = std::fs::canonicalize(&binary)?;
    let size = std::fs::metadata(&binary)?.len();
    println!(
        "binary size:      {size} bytes ({:.2} MiB) — {}",
        size as f64 / 1_048_576.0,
        binary.display()
    );

    // A data folder of its own: never the user's saved game, and no resume question.
    let data = std::env::temp_dir().join(format!("hotseat-measure-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let started = Instant::now();
    let mut game = PtyCommand::new(&binary)
        .args(["--time", &time, "--data-dir"])
        .arg(&data)
        .env("NO_COLOR", "1")
        .size(cols, rows)
        .spawn()?;
    // Polled every millisecond (the harness's own waits poll every 20 ms).
    while !game.screen_text().contains("Ctrl-Q quit") {
        if started.elapsed() > Duration::from_secs(10) {
            bail!("no first frame within 10 s:\n{}", game.dump());
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    println!(
        "first frame:      {:.1} ms",
        started.elapsed().as_secs_f64() * 1000.0
    );

    let pid = game.process_id().context("no process id")?;
    game.send_key(Key::Enter)?;
    game.wait_for("clock is running")?;
    let moves = std::env::var("MOVES").unwrap_or_default();
    for (ply, san) in moves.split_whitespace().enumerate() {
        game.send_text(san)?;
        game.send_key(Key::Enter)?;
        // The side to move changes once the move is made.
        let next = if ply % 2 == 0 {
            "Black to move"
        } else {
            "White to move"
        };
        game.wait_for(next)
            .with_context(|| format!("the move {san} was not made"))?;
    }
    std::thread::sleep(Duration::from_millis(500));
    println!("terminal:         {cols}x{rows}, --time {time}");
    if !moves.is_empty() {
        println!("moves made:       {moves}");
    }
    println!("resident memory:  {} (clock running)", rss_line(pid)?);

    // /proc reports times in USER_HZ ticks, which Linux fixes at 100 per second.
    const TICKS_PER_SECOND: f64 = 100.0;
    let t0 = cpu_ticks(pid)?;
    let ns0 = cpu_ns(pid)?;
    let wall = Instant::now();
    std::thread::sleep(Duration::from_secs(idle));
    let used = (cpu_ticks(pid)? - t0) as f64 / TICKS_PER_SECOND;
    let used_ns = (cpu_ns(pid)? - ns0) as f64 / 1e9;
    let elapsed = wall.elapsed().as_secs_f64();
    println!(
        "idle CPU:         {:.4}% of a core ({:.1} ms CPU in {elapsed:.1} s, clock running; \
         {:.2}% in the kernel's 10 ms ticks)",
        100.0 * used_ns / elapsed,
        used_ns * 1000.0,
        100.0 * used / elapsed
    );
    println!("after idling:     {}", rss_line(pid)?);
    for (name, kib) in mappings(pid)? {
        println!("  {kib:>6} KiB  {name}");
    }
    println!(
        "peak resident:    {} KiB (VmHWM)",
        status_kib(pid, "VmHWM")?
    );
    let screen = game.screen_text();
    let clock = screen
        .lines()
        .find(|l| l.contains("White") && l.contains(':'))
        .unwrap_or("");
    println!("clock line:       {}", clock.trim());
    game.send_key(Key::Ctrl('q'))?;
    if game
        .wait_for_within("Quit?", Duration::from_secs(2))
        .is_ok()
    {
        // A yes in the first 0.3 s after the question opens was already on its way and
        // does not count: a look first, as a player's.
        std::thread::sleep(Duration::from_millis(400));
        game.send_text("y")?;
    }
    game.wait_exit()?;
    let _ = std::fs::remove_dir_all(&data);
    Ok(())
}
