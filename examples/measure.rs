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
//! and left running. Resident memory is split as the kernel counts it: the heap and stacks
//! (`RssAnon`) and the pages of the binary and libraries read in (`RssFile`). Memory and CPU come from `/proc/<pid>/status` (VmRSS) and `/proc/<pid>/stat`
//! (utime + stime), so this is Linux only. The time to first frame is from spawning the process
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
    std::thread::sleep(Duration::from_millis(500));
    println!("terminal:         {cols}x{rows}, --time {time}");
    println!("resident memory:  {} (clock running)", rss_line(pid)?);

    // /proc reports times in USER_HZ ticks, which Linux fixes at 100 per second.
    const TICKS_PER_SECOND: f64 = 100.0;
    let t0 = cpu_ticks(pid)?;
    let wall = Instant::now();
    std::thread::sleep(Duration::from_secs(idle));
    let used = (cpu_ticks(pid)? - t0) as f64 / TICKS_PER_SECOND;
    let elapsed = wall.elapsed().as_secs_f64();
    println!(
        "idle CPU:         {:.3}% of a core ({used:.2} s CPU in {elapsed:.1} s, clock running)",
        100.0 * used / elapsed
    );
    println!("after idling:     {}", rss_line(pid)?);
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
        game.send_text("y")?;
    }
    game.wait_exit()?;
    let _ = std::fs::remove_dir_all(&data);
    Ok(())
}
