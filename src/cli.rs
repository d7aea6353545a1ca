//! The command line: clap derive structs and the dispatch to each command.
//!
//! With no subcommand, hotseat opens the playing screen; the options of [`PlayArgs`] set up the
//! first game and the look. They are read and cross-checked into a [`Config`] *before* the
//! terminal is touched ([`PlayArgs::config`]), so a bad option is a plain error message and exit
//! code 2, never a half-drawn screen. Subcommands are tools that never touch the screen.

mod perft;
mod pgn;
mod play;

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Result;
use clap::{Parser, Subcommand};

pub use perft::MAX_DEPTH;
pub use play::{ColorArg, MAX_NAME_CHARS, PlayArgs, SavedGameChoice, load_game, parse_name};

use crate::tui::Launch;

const AFTER_HELP: &str = "\
Examples:
  hotseat                                   an untimed game from the initial position
  hotseat --time 5+3                        5 minutes each, 3 seconds added per move
  hotseat --time 90+30 --white Ann --black Bob
  hotseat --white-time 5+0 --black-time 3+0 time odds: White 5 minutes, Black 3
  hotseat --time 5+0 --delay 3              a 3-second (US) delay on every move
  hotseat --fen \"8/P7/8/8/8/8/k6K/8 w - - 0 1\"  start from a position
  NO_COLOR=1 hotseat --ascii                no colour, letters for pieces

While playing, type moves (e4, Nf3, O-O, e7e8q) and press Enter, or use the arrow keys and
Enter, or the mouse. F1 shows every key; Ctrl-Q quits.";

/// Chess for two players sharing one terminal: every law of chess, typed moves, a real clock.
#[derive(Debug, Parser)]
#[command(name = "hotseat", version, after_help = AFTER_HELP)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(flatten)]
    pub play: PlayArgs,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree to a given depth (tests the move generator)
    #[command(after_help = "Examples:\n  \
        hotseat perft 5\n  \
        hotseat perft 3 --divide\n  \
        hotseat perft 4 --fen \"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\"")]
    Perft {
        /// Plies to look ahead, 0 to 15; depth 0 counts the position itself. Example: 5
        #[arg(value_parser = perft::parse_depth)]
        depth: u32,

        /// Start from this position instead of the initial one.
        /// Example: --fen "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
        #[arg(long, value_name = "FEN")]
        fen: Option<String>,

        /// First print the count below each legal move, sorted by the move.
        /// Example: --divide prints "e2e4: 600" among 20 lines at depth 3
        #[arg(long)]
        divide: bool,
    },

    /// Check and replay every game of a PGN file: one line per game with the final position,
    /// how it ends, and what the player to move could claim
    #[command(after_help = "Output, one line per game, tab-separated:\n  \
        <FEN of the final position>  <status>  <claims>\n\n\
        status: checkmate, stalemate, insufficient-material, fivefold-repetition,\n  \
        seventyfive-moves or ongoing\n\
        claims: threefold, fifty, threefold,fifty or - (what the player to move could claim\n  \
        now or by declaring a move)\n\n\
        A game that cannot be replayed prints \"error<TAB><message>\" instead, and the\n\
        command exits with status 1 after reading the others.\n\n\
        Example:\n  hotseat pgn games.pgn")]
    Pgn {
        /// The PGN file to read. Example: games.pgn
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

/// What `main` should do after parsing: play with a validated config, or run a tool.
#[derive(Debug)]
pub enum Task {
    Play(Box<Launch>),
    Tool(Command),
}

impl Cli {
    /// Validates the options into a task. The error is a usage error: one sentence saying what
    /// is wrong and how to write it, for exit code 2.
    pub fn task(self) -> Result<Task, String> {
        match self.command {
            Some(command) => Ok(Task::Tool(command)),
            None => {
                let saved = self.play.saved_game_choice();
                let data_dir = self.play.data_dir.clone();
                let config = self.play.config()?;
                Ok(Task::Play(Box::new(Launch {
                    config,
                    data_dir,
                    saved,
                })))
            }
        }
    }
}

/// Runs a tool, writing results to standard output.
pub fn run_tool(command: Command) -> Result<()> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match command {
        Command::Perft { depth, fen, divide } => {
            perft::run(&mut out, depth, fen.as_deref(), divide)?;
        }
        Command::Pgn { file } => {
            pgn::run(&mut out, &file)?;
        }
    }
    out.flush()?;
    Ok(())
}
