//! `hotseat puzzles`: Lichess's puzzles, rated by Glicko-2 per player, Storm and Streak, on
//! the screen or in `--plain`; and `hotseat puzzles import FILE`, Lichess's whole puzzle
//! database read into the database (see `store::puzzles`).

use std::io::{BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};

use super::games::{Bar, ImportSource, store};
use crate::store::{Choice, ImportProgress, MAX_PUZZLES_REFUSED_LISTED};

/// The options of `hotseat puzzles`.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    pub action: Option<PuzzlesAction>,

    #[command(flatten)]
    pub solve: SolveArgs,
}

/// How the puzzles are chosen and who solves them.
#[derive(Debug, Args, Clone, Default)]
pub struct SolveArgs {
    /// Only puzzles of this Lichess theme (fork, pin, mateIn2, endgame, …; `hotseat puzzles
    /// themes` lists them). Example: --theme fork
    #[arg(long, value_name = "THEME")]
    pub theme: Option<String>,

    /// Only puzzles rated from, to. Example: --rating 1200-1600
    #[arg(long, value_name = "FROM-TO", value_parser = parse_range)]
    pub rating: Option<(u16, u16)>,

    /// Open this puzzle by its Lichess id first (rated if never played). Example: --id 0HVYz
    #[arg(long, value_name = "ID")]
    pub id: Option<String>,

    /// Your own mistakes instead, kept from "Learn from your mistakes" after a game's report
    /// (Shift-F4, or learn in --plain), until solved. Example: --mistakes --player Ann --plain
    #[arg(long, conflicts_with_all = ["theme", "rating", "id"])]
    pub mistakes: bool,

    #[command(flatten)]
    pub who: Who,
}

/// Who solves, how, and where their records are.
#[derive(Debug, Args, Clone, Default)]
pub struct Who {
    /// Whose rating, history and bests: a player's name, as the new-game form knows it
    /// (case does not matter). Example: --player Ann
    #[arg(long, value_name = "NAME", default_value = "Player")]
    pub player: String,

    /// In lines of text, for screen readers and scripts. Example: --plain
    #[arg(long)]
    pub plain: bool,

    /// The data folder instead of the usual one. Example: --data-dir ~/chess/hotseat
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
}

/// `hotseat puzzles storm`, `streak`, `import`, `themes`, `history`.
#[derive(Debug, Subcommand)]
pub enum PuzzlesAction {
    /// Puzzle Storm: 3 minutes, rising difficulty, −10 s a wrong move, time earned by combos
    Storm(Who),
    /// Puzzle Streak: rising difficulty from about 1000, one mistake ends it, one skip
    Streak(Who),
    /// A duel at one keyboard, or across the network (--host): the same puzzles, a clock each
    #[command(after_help = "\
The player to solve has their clock running. A solved puzzle scores a point and
passes the turn with the next puzzle; a wrong move passes the turn and the same
puzzle goes to the opponent (--wrong pass, once: missed by both, it is lost) or
is lost (--wrong lose). The duel ends when a clock runs out or after --puzzles
puzzles; the higher score wins. Each player's attempts go into their history.

With --host the duel is played across the network, each at their own screen:
the host prints the invitation, and --opponent runs hotseat join and pastes it.
The host's duel is the truth; the clock of the player to solve runs on while
their terminal is away.

Examples:
  hotseat puzzles duel --player Ann --opponent Bob --minutes 3 --puzzles 10
  hotseat puzzles duel --host --player Ann --opponent Bob --seed 42")]
    Duel(DuelArgs),
    /// Add Lichess's puzzle database (lichess_db_puzzle.csv or .csv.zst) to hotseat's puzzles
    #[command(after_help = "\
The file is read as it comes (a .csv.zst file decompressed on the way), with a
progress bar on standard error when that is a terminal. A row that is not a
puzzle (a bad FEN, an illegal move, a wrong count of columns) is refused with
its line number and the others are read. Running it again skips the puzzles
already there and updates those whose rating or themes changed.

Example:
  hotseat puzzles import lichess_db_puzzle.csv.zst")]
    Import {
        /// The CSV file (.csv or .csv.zst), or - for standard input. Example: puzzles.csv
        #[arg(value_name = "FILE")]
        file: PathBuf,

        /// The data folder instead of the usual one. Example: --data-dir ~/chess/hotseat
        #[arg(long, value_name = "DIR")]
        data_dir: Option<PathBuf>,
    },
    /// List the themes there are, one a line
    Themes {
        /// The data folder instead of the usual one. Example: --data-dir ~/chess/hotseat
        #[arg(long, value_name = "DIR")]
        data_dir: Option<PathBuf>,
    },
    /// A player's rating, bests and last puzzles
    History(Who),
}

/// The options of `hotseat puzzles duel`.
#[derive(Debug, Args, Clone)]
pub struct DuelArgs {
    #[command(flatten)]
    pub who: Who,

    /// The second player's name (the first, --player, starts). Example: --opponent Bob
    #[arg(long, value_name = "NAME", default_value = "Opponent")]
    pub opponent: String,

    /// Each player's time, in minutes (1 to 60). Example: --minutes 3
    #[arg(long, value_name = "MINUTES", default_value_t = 3,
          value_parser = clap::value_parser!(u64).range(1..=60))]
    pub minutes: u64,

    /// How many puzzles the duel has (1 to 200). Example: --puzzles 10
    #[arg(long, value_name = "N", default_value_t = 10,
          value_parser = clap::value_parser!(u32).range(1..=200))]
    pub puzzles: u32,

    /// What a wrong move does: pass the puzzle to the opponent, or lose it. Example: --wrong lose
    #[arg(long, value_name = "pass|lose", default_value = "pass", value_parser = ["pass", "lose"])]
    pub wrong: String,

    /// The list's seed: the same seed gives the same puzzles (for the same player's rating).
    /// Example: --seed 42
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// Host the duel across the network: --opponent plays it at their own screen with
    /// hotseat join (the invitation is printed, and shown until they come). Example: --host
    #[arg(long)]
    pub host: bool,

    /// With --host: the address and port to listen on (as hotseat host's). Example: --listen
    /// 127.0.0.1:7879
    #[arg(
        long,
        value_name = "ADDR:PORT",
        default_value = "0.0.0.0:7879",
        requires = "host"
    )]
    pub listen: std::net::SocketAddr,

    /// With --host: the address to put in the invitation (as hotseat host's). Example:
    /// --public chess.example.org:7879
    #[arg(long, value_name = "HOST[:PORT]", requires = "host")]
    pub public: Option<String>,
}

/// A `--rating` that is no range: the text as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeError(pub String);

impl std::fmt::Display for RangeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} is not a rating range: two ratings from 0 to 4000, the lower first (example: \
             1200-1600)",
            crate::text::excerpt(&self.0)
        )
    }
}

impl std::error::Error for RangeError {}

/// `1200-1600` (or `1500`, one rating).
pub fn parse_range(text: &str) -> Result<(u16, u16), RangeError> {
    let bad = || RangeError(text.to_owned());
    let (lo, hi) = match text.split_once('-') {
        Some((lo, hi)) => (lo.trim(), hi.trim()),
        None => (text.trim(), text.trim()),
    };
    let lo: u16 = lo.parse().map_err(|_| bad())?;
    let hi: u16 = hi.parse().map_err(|_| bad())?;
    if lo > hi || hi > 4000 {
        return Err(bad());
    }
    Ok((lo, hi))
}

impl SolveArgs {
    /// The choice the options make.
    pub fn choice(&self) -> Choice {
        Choice {
            theme: self.theme.clone(),
            range: self.rating,
        }
    }
}

/// Runs `hotseat puzzles …` for the tools: import, themes, history, and the plain mode.
pub fn run(out: &mut impl Write, args: PuzzlesArgs) -> Result<()> {
    let solve = args.solve;
    match args.action {
        Some(PuzzlesAction::Import { file, data_dir }) => import(out, data_dir.as_deref(), &file),
        Some(PuzzlesAction::Themes { data_dir }) => {
            let book = store(data_dir.as_deref())?.puzzles()?;
            for theme in book.themes()? {
                writeln!(out, "{theme}")?;
            }
            Ok(())
        }
        Some(PuzzlesAction::History(solve)) => {
            let book = store(solve.data_dir.as_deref())?.puzzles()?;
            let r = book.rating(&solve.player)?;
            writeln!(
                out,
                "{}: puzzle rating {}{} (deviation {:.0}), {} rated puzzles",
                crate::text::excerpt_bare(&solve.player),
                r.shown(),
                if r.provisional() { "?" } else { "" },
                r.deviation,
                r.played
            )?;
            for (mode, name) in [
                (crate::store::PuzzleMode::Storm, "Storm"),
                (crate::store::PuzzleMode::Streak, "Streak"),
            ] {
                if let Some(best) = book.best(&solve.player, mode)? {
                    writeln!(out, "{name} best: {best}")?;
                }
            }
            for p in book.history(&solve.player, 50)? {
                let change = match (p.before, p.after) {
                    (Some(b), Some(a)) => format!("{:+}", a.round() as i32 - b.round() as i32),
                    _ => "-".to_owned(),
                };
                let when = jiff::Timestamp::from_second(p.at)
                    .map(|t| t.strftime("%Y-%m-%d %H:%M").to_string())
                    .unwrap_or_default();
                writeln!(
                    out,
                    "{when}\t{}\t{}\t{}\t{change}",
                    p.puzzle,
                    p.mode.word(),
                    if p.won { "solved" } else { "failed" }
                )?;
            }
            Ok(())
        }
        Some(PuzzlesAction::Storm(who)) => plain(
            SolveArgs {
                who,
                ..SolveArgs::default()
            },
            crate::plain::puzzles::Run::Storm,
        ),
        Some(PuzzlesAction::Duel(duel)) => {
            let rules = duel_rules(&duel, &duel.who.player)?;
            plain_with(
                SolveArgs {
                    who: duel.who.clone(),
                    ..SolveArgs::default()
                },
                crate::plain::puzzles::Run::Duel,
                Some((duel.opponent.trim().to_owned(), rules, duel.seed)),
            )
        }
        Some(PuzzlesAction::Streak(who)) => plain(
            SolveArgs {
                who,
                ..SolveArgs::default()
            },
            crate::plain::puzzles::Run::Streak,
        ),
        None if solve.mistakes => mistakes(&solve.who),
        None => plain(solve, crate::plain::puzzles::Run::Puzzles),
    }
}

/// Standard input's lines, read on a thread, as the plain mode reads them.
fn stdin_lines() -> std::sync::mpsc::Receiver<String> {
    crate::plain::puzzles::lines_of(
        BufReader::new(std::io::stdin()),
        crate::plain::puzzles::MAX_LINE,
    )
}

/// `hotseat puzzles --mistakes --plain`: the player's kept mistakes, judged by the engine.
fn mistakes(who: &Who) -> Result<()> {
    let name = who.player.trim();
    if name.is_empty() {
        bail!("--player needs a name (example: --player Ann)");
    }
    if !who.plain {
        bail!("the mistakes on the screen are opened by the front end, not here");
    }
    let book = store(who.data_dir.as_deref())?.mistakes()?;
    let path_var = std::env::var_os("PATH");
    let path = crate::engine::locate::find(None, path_var.as_deref());
    let judge = crate::plain::mistakes::Engine { path };
    let (trainer, first) = crate::plain::mistakes::MistakeTrainer::new(book, name, judge)?;
    let lines = stdin_lines();
    crate::plain::mistakes::run(
        trainer,
        first,
        lines,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    )?;
    Ok(())
}

/// Checks the choice against the database (a theme there is, an id there is) and gives the
/// book and the first puzzle.
pub fn open(
    solve: &SolveArgs,
) -> Result<(crate::store::PuzzleBook, Option<chess::puzzle::Puzzle>)> {
    let name = solve.who.player.trim();
    if name.is_empty() {
        bail!("--player needs a name (example: --player Ann)");
    }
    let book = store(solve.who.data_dir.as_deref())?.puzzles()?;
    if let Some(theme) = &solve.theme {
        let themes = book.themes()?;
        if !themes.iter().any(|t| t == theme) {
            let near = themes
                .iter()
                .find(|t| t.eq_ignore_ascii_case(theme))
                .or_else(|| {
                    themes
                        .iter()
                        .max_by(|a, b| strsim::jaro(a, theme).total_cmp(&strsim::jaro(b, theme)))
                });
            bail!(
                "no puzzle has the theme {}{} (hotseat puzzles themes lists them)",
                crate::text::excerpt(theme),
                near.map(|n| format!("; did you mean {n}?"))
                    .unwrap_or_default()
            );
        }
    }
    let first = match &solve.id {
        Some(id) => Some(book.puzzle(id)?.with_context(|| {
            format!(
                "no puzzle has the id {} (Lichess's ids are 5 letters and digits, like 0HVYz; \
                 hotseat puzzles import adds Lichess's whole database)",
                crate::text::excerpt(id)
            )
        })?),
        None => None,
    };
    Ok((book, first))
}

/// `hotseat puzzles duel --host`: the list drawn now from this player's database (the joiner
/// needs none: every puzzle comes whole in the host's state), the duel's referee, and where
/// to listen; the screen opens at the duel's table once the port is known to be free.
pub fn duel_host_launch(
    duel: &DuelArgs,
) -> Result<(Box<crate::runtime::Launch>, crate::runtime::NetRole), super::TaskError> {
    let value = |e: String| super::TaskError::Value(e);
    let solve = SolveArgs {
        who: duel.who.clone(),
        ..SolveArgs::default()
    };
    let (book, _) = open(&solve).map_err(|e| value(format!("{e:#}")))?;
    let player = duel.who.player.trim().to_owned();
    let rules = duel_rules(duel, &player).map_err(|e| value(format!("{e:#}")))?;
    let list = duel_list(
        &book,
        &player,
        &solve.choice(),
        rules.puzzles,
        duel.seed.unwrap_or_else(seed),
    )
    .map_err(|e| value(format!("{e:#}")))?;
    let names = [player.clone(), duel.opponent.trim().to_owned()];
    let referee =
        crate::net::duel::DuelReferee::new(rules, list, names).map_err(|e| value(e.to_string()))?;
    let config = super::net::host_config(duel.listen, duel.public.as_deref())
        .map_err(|e| value(e.to_string()))?;
    // As the puzzles at one keyboard: a game saved here stays where it is, untouched.
    let play = super::PlayArgs {
        data_dir: duel.who.data_dir.clone(),
        ..super::PlayArgs::default()
    };
    let mut launch = super::play_launch(play)?;
    launch.config.puzzles = Some(crate::app::puzzle::PuzzleStart {
        player,
        net: Some(crate::app::puzzle::net::NetDuelSetup {
            hosting: true,
            invitation: Vec::new(),
        }),
        ..crate::app::puzzle::PuzzleStart::default()
    });
    let role = crate::runtime::NetRole::DuelHost {
        config: Box::new(config),
        referee: Box::new(referee),
    };
    Ok((launch, role))
}

/// A duel's list of `count` puzzles near `player`'s rating, drawn from `seed` (the same seed,
/// the same list), none twice; fewer when the database has no more that fit.
fn duel_list(
    book: &crate::store::PuzzleBook,
    player: &str,
    choice: &Choice,
    count: u32,
    seed: u64,
) -> Result<Vec<chess::puzzle::Puzzle>> {
    let target = book.rating(player)?.shown().clamp(0, 4000) as u16;
    let now = crate::store::wall_secs();
    let count = usize::try_from(count).unwrap_or(usize::MAX);
    let mut list: Vec<chess::puzzle::Puzzle> = Vec::new();
    let mut state = seed;
    // A few draws more than asked, for those that come twice.
    for _ in 0..count.saturating_mul(4) {
        if list.len() == count {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        if let Some(p) = book.next(player, choice, target, state >> 33, now)?
            && !list.iter().any(|q| q.id == p.id)
        {
            list.push(p);
        }
    }
    Ok(list)
}

/// A duel's rules from its options, its two players checked: two names, not the same one.
fn duel_rules(args: &DuelArgs, player: &str) -> Result<chess::puzzle::DuelRules> {
    let opponent = args.opponent.trim();
    if opponent.is_empty() {
        bail!("--opponent needs a name (example: --opponent Bob)");
    }
    if crate::store::player_key(opponent) == crate::store::player_key(player) {
        bail!(
            "a duel needs two players: --player and --opponent are both {} (example: --player \
             Ann --opponent Bob)",
            crate::text::excerpt(opponent)
        );
    }
    Ok(chess::puzzle::DuelRules {
        time: std::time::Duration::from_secs(args.minutes * 60),
        puzzles: args.puzzles,
        on_wrong: if args.wrong == "lose" {
            chess::puzzle::OnWrong::Lose
        } else {
            chess::puzzle::OnWrong::Pass
        },
    })
}

/// What `hotseat puzzles` (or `storm`, `streak`) without `--plain` opens on the screen: the
/// choice and the run; `None` for the tools (import, themes, history) and the plain mode.
pub fn on_screen(args: &PuzzlesArgs) -> Option<(SolveArgs, crate::app::puzzle::RunKind)> {
    use crate::app::puzzle::RunKind;
    let (who, run) = match &args.action {
        None => (&args.solve.who, RunKind::Puzzles),
        Some(PuzzlesAction::Storm(who)) => (who, RunKind::Storm),
        Some(PuzzlesAction::Streak(who)) => (who, RunKind::Streak),
        // With --plain, `run` plays it in lines.
        Some(PuzzlesAction::Duel(duel)) => (&duel.who, RunKind::Duel),
        Some(_) => return None,
    };
    if who.plain {
        return None;
    }
    let solve = match run {
        RunKind::Puzzles => args.solve.clone(),
        _ => SolveArgs {
            who: who.clone(),
            ..SolveArgs::default()
        },
    };
    Some((solve, run))
}

/// `hotseat puzzles` on the screen: the choice checked against the database first (a theme
/// there is, an id there is), then the game's screen opened at the puzzles' table.
pub fn screen_launch(
    solve: SolveArgs,
    run: crate::app::puzzle::RunKind,
    duel: Option<&DuelArgs>,
) -> Result<Box<crate::runtime::Launch>, super::TaskError> {
    let (_, first) = open(&solve).map_err(|e| super::TaskError::Value(format!("{e:#}")))?;
    // The player's own mistakes are read now, so that a database that cannot be read is
    // said before the screen opens.
    let mistakes = if solve.mistakes {
        Some(
            store(solve.who.data_dir.as_deref())
                .and_then(|s| Ok(s.mistakes()?.unsolved(solve.who.player.trim())?))
                .map_err(|e| super::TaskError::Value(format!("{e:#}")))?,
        )
    } else {
        None
    };
    let duel_seed = duel.and_then(|d| d.seed);
    let duel = match duel {
        Some(args) => Some(crate::app::puzzle::DuelSetup {
            opponent: args.opponent.trim().to_owned(),
            rules: duel_rules(args, &solve.who.player)
                .map_err(|e| super::TaskError::Value(format!("{e:#}")))?,
        }),
        None => None,
    };
    let play = super::PlayArgs {
        data_dir: solve.who.data_dir.clone(),
        ..super::PlayArgs::default()
    };
    let mut launch = super::play_launch(play)?;
    launch.config.puzzles = Some(crate::app::puzzle::PuzzleStart {
        player: solve.who.player.trim().to_owned(),
        choice: solve.choice(),
        first: first.map(|p| p.id),
        run,
        duel,
        seed: duel_seed.unwrap_or_else(seed),
        mistakes,
        net: None,
    });
    Ok(launch)
}

/// A new list's seed: the clock's nanoseconds, so that two runs seldom give the same puzzles.
fn seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

fn plain(solve: SolveArgs, run: crate::plain::puzzles::Run) -> Result<()> {
    plain_with(solve, run, None)
}

fn plain_with(
    solve: SolveArgs,
    run: crate::plain::puzzles::Run,
    duel: Option<(String, chess::puzzle::DuelRules, Option<u64>)>,
) -> Result<()> {
    let (book, first) = open(&solve)?;
    if !solve.who.plain {
        bail!("the puzzles on the screen are opened by the front end, not here");
    }
    // The player's own mistakes are offered beside the puzzles.
    let kept = store(solve.who.data_dir.as_deref())?
        .mistakes()
        .and_then(|m| m.unsolved(&solve.who.player))
        .map_or(0, |m| m.len());
    if kept > 0 {
        println!(
            "{kept} of your own mistakes to learn from: hotseat puzzles --mistakes --player {} \
             --plain",
            crate::text::excerpt_bare(solve.who.player.trim())
        );
    }
    let seed = duel.as_ref().and_then(|d| d.2).unwrap_or_else(seed);
    let trainer = crate::plain::puzzles::Trainer::new(
        book,
        &solve.who.player,
        run,
        solve.choice(),
        first,
        seed,
    );
    let trainer = match duel {
        Some((opponent, rules, _)) => trainer.duel(&opponent, rules),
        None => trainer,
    };
    let lines = stdin_lines();
    crate::plain::puzzles::run(
        trainer,
        lines,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
        crate::store::wall_secs,
    )?;
    Ok(())
}

/// `hotseat puzzles import FILE`.
pub fn import(out: &mut impl Write, data_dir: Option<&Path>, file: &Path) -> Result<()> {
    let shown = file.display();
    let ImportSource {
        input, total, read, ..
    } = ImportSource::open(file, "hotseat puzzles import lichess_db_puzzle.csv.zst")?;
    let mut book = store(data_dir)?.puzzles()?;
    let mut bar = std::io::stderr().is_terminal().then(|| Bar {
        total,
        read: Some(read),
        started: Instant::now(),
        drawn: None,
        noun: "puzzles",
    });
    let mut last = ImportProgress::default();
    let report = crate::store::import_rows(
        book.database_mut(),
        BufReader::with_capacity(1 << 20, input),
        |p| {
            last = ImportProgress {
                games: p.rows as usize,
                bytes: 0,
                merging: false,
            };
            if let Some(bar) = &mut bar {
                bar.draw(last, false);
            }
        },
    )
    .with_context(|| format!("while importing {shown}"))?;
    if let Some(bar) = &mut bar
        && report.rows > 0
    {
        bar.draw(last, true);
        let _ = writeln!(std::io::stderr().lock());
    }
    if report.rows == 0 {
        bail!(
            "{shown} holds no puzzle (a row of Lichess's puzzle CSV looks like \
             0HVYz,2r2rk1/3b2pp/pq2p3/1p1Nb3/8/P3P2P/1P2B1P1/2RQ1RK1 b - - 0 23,c8c1 d5e7 g8h8 f1f8,1707,…)"
        );
    }
    writeln!(
        out,
        "{} added, {} updated, {} already there, {} refused",
        report.added, report.updated, report.already, report.refused_count
    )?;
    for refused in &report.refused {
        writeln!(out, "refused {refused}")?;
    }
    let unlisted = report.refused_count - report.refused.len() as u64;
    if unlisted > 0 {
        writeln!(
            out,
            "and {unlisted} more refused (only the first {MAX_PUZZLES_REFUSED_LISTED} are listed)"
        )?;
    }
    if report.refused_count == report.rows {
        bail!("no puzzle of {shown} could be imported");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rating_range_reads_and_a_bad_one_says_how() {
        assert_eq!(parse_range("1200-1600"), Ok((1200, 1600)));
        assert_eq!(parse_range("1500"), Ok((1500, 1500)));
        assert_eq!(parse_range(" 800 - 900 "), Ok((800, 900)));
        for bad in ["1600-1200", "abc", "1200-", "-5", "100-5000"] {
            let e = parse_range(bad).unwrap_err().to_string();
            assert!(e.contains("example: 1200-1600"), "{e}");
        }
    }
}
