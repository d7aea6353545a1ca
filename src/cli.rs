//! The command line: clap derive structs and the dispatch to each command.
//!
//! With no subcommand, hotseat will start the game on the terminal; until the playing screen
//! exists it prints the help text instead. Subcommands are tools that never touch the screen.

mod perft;
mod pgn;

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Result;
use clap::{CommandFactory, Parser, Subcommand};

pub use perft::MAX_DEPTH;

/// Chess for two players sharing one terminal.
#[derive(Debug, Parser)]
#[command(name = "hotseat", version)]
pub struct Cli {
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

/// Runs the command line, writing results to standard output.
pub fn run(cli: Cli) -> Result<()> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match cli.command {
        None => {
            write!(out, "{}", Cli::command().render_help())?;
        }
        Some(Command::Perft { depth, fen, divide }) => {
            perft::run(&mut out, depth, fen.as_deref(), divide)?;
        }
        Some(Command::Pgn { file }) => {
            pgn::run(&mut out, &file)?;
        }
    }
    out.flush()?;
    Ok(())
}
