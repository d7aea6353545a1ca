//! The command line: clap derive structs and the dispatch to each command.
//!
//! With no subcommand, hotseat opens the playing screen; the options of [`PlayArgs`] set up the
//! first game and the look. They are read and cross-checked into a [`Config`](crate::app::Config) *before* the
//! terminal is touched ([`PlayArgs::config`]), so a bad option is a plain error message and exit
//! code 2, never a half-drawn screen. Subcommands are tools that never touch the screen.
//!
//! `--help` is the manual: every option has an example, and [`MANUAL`] (exit status, files,
//! environment) follows the options there and in the man page that `hotseat man` prints.

mod analyse;
mod completions;
mod errors;
pub mod games;
mod manual;
mod net;
mod perft;
mod pgn;
mod play;
mod puzzles;
mod serve;
pub mod sparring;

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Result;
use clap::{CommandFactory, Parser, Subcommand};
use clap_complete::Shell;

pub use manual::{Entry, Page, Section};
pub use perft::MAX_DEPTH;
pub use play::{
    ColorArg, MAX_NAME_CHARS, PlayArgs, check_name, load_collection_game, load_game, parse_name,
};

use crate::runtime::{Launch, Role};

const AFTER_HELP: &str = "\
Examples:
  hotseat                            an untimed game from the initial position
  hotseat --time 5+3                 5 minutes each, 3 seconds added per move
  hotseat --time 90+30 --white Ann --black Bob
  hotseat --white-time 5+0 --black-time 3+0
                                     time odds: White 5 minutes, Black 3
  hotseat --time 5+0 --delay 3       a 3-second (US) delay on every move
  hotseat --fen \"8/P7/8/8/8/8/k6K/8 w - - 0 1\"
                                     start from a position
  hotseat --chess960                 Chess960 from a random one of the 960 starts
  hotseat --chess960 518             Chess960 start position 518 (the standard one)
  NO_COLOR=1 hotseat --ascii         no colour, letters for pieces
  hotseat --resume                   go on with the game saved last time
  hotseat --new --time 10+5          a new game; the saved one goes to the archive
  hotseat --load games.pgn --game 2  open the second game of a PGN file
  hotseat --plain                    the game in lines of text, for screen readers
                                     and pipes (type help in it for the commands)
  hotseat host --time 5+3            host a game across the network; it shows the
                                     invitation the friend pastes into hotseat join

While playing, type moves (e4, Nf3, O-O, e7e8q) and press Enter, or use the
arrow keys and Enter, or the mouse. F1 shows every key; Ctrl-Q quits.

The guide, in chapters: docs/ in the source and in a release archive,
/usr/share/doc/hotseat/docs/ from the Debian package (start with its README.md).";

/// `hotseat host --help`, after the options.
const HOST_HELP: &str = "\
The host prints two invitations on standard error and shows them on its screen
until the friend arrives (type invite in the move box to see them again): the
first for the friend, who runs hotseat join and pastes it when asked, to play
the other colour; the second for anyone who may watch, read-only, with
hotseat watch. Keep them off command lines, where other users see them.

The invitation holds the address to reach and a secret of 128 bits from the
system's random source; the connection is encrypted and authenticated with it
(the Noise protocol), and a terminal without it is refused before it learns
anything. Give it only to the people it is for; each hotseat host makes a new one.

The host's game is the truth: every move is checked there, network lag is not
charged to the clock (up to a second a move), and when the friend's connection
drops the game waits with the clock of the side to move running, until the
friend joins again with the same invitation. Quitting the host keeps the unfinished
game on both sides; the next hotseat host resumes it under a new invitation
(--new starts another).

Across networks: forward a port on the router to this machine and say where
the friend reaches it with --public, or use an SSH tunnel (the guide's chapter
\"Playing across terminals and over SSH\", docs/05-network.md).

Examples:
  hotseat host --time 5+3 --white Ann --black Bob --play white
  hotseat host --listen 127.0.0.1:7879 --chess960
  hotseat host --public chess.example.org:7879 --watchers 5
  hotseat host --new --fen \"8/P7/8/8/8/8/k6K/8 w - - 0 1\"";

/// What the manual says beyond the options, written once: `hotseat --help` shows it after the
/// options and examples, and `hotseat man` renders it as sections of the man page.
pub const MANUAL: &[Section] = &[
    Section {
        heading: "PLAIN MODE",
        entries: &[
            Entry::Text(
                "hotseat --plain plays the same game in lines of text, for screen readers, \
                 braille displays, pipes and scripts: no colours, no cursor movement, no \
                 redraws, never an escape sequence. Type a move (e4, Nf3, O-O, e7e8q, or several \
                 on a line) and hear what happened, as \"White: knight to f3. [1. Nf3]\"; a \
                 refused move is named and explained (\"Ke3: no white king can reach e3.\"). \
                 Commands read the game: board (b), pieces (p n, p a, white knights), scan (s e, \
                 s 4, s e4), from g1, last (l), moves, turn, clock (c), other (o), opening; and \
                 play it: draw, accept, decline, claim, resign, takeback, flip, save, pause, \
                 resume, new, quit; look back: back, forward, start, end. Moves are written \
                 and typed in the --notation chosen. help lists them all, help TOPIC one \
                 command or a group (reading, playing, review, report, questions); an unknown \
                 word is named with the nearest command. A square alone is a move: s e4 reads \
                 the square.",
            ),
            Entry::Text(
                "A question takes its own answers first: the promotion question its piece (q, r, \
                 b, n, =Q, queen, or the letter of the --notation, such as D in German; cancel \
                 plays another move), so q there is never quit and n never no; the draw claim \
                 with a move yes or claim, or no. Anything else is told what the question is; \
                 no line is met with silence. --announce words says a move in words alone \
                 (half as long to hear), --announce notation in notation alone (announce = \
                 \"words\" in config.toml); --sound rings the bell here too. Errors (a refused \
                 move, an unknown command) go to standard error, the game to standard output.",
            ),
            Entry::Text(
                "After the game, or on a loaded one, analyse asks the engine for the report \
                 (--engine PATH): its progress is said each quarter, then each player's \
                 accuracy and counts; report says them again, next (next blunder, next \
                 mistake, next inaccuracy) reads the labelled moves with the better line, and \
                 stop stops it. An input that ends during the report waits for it.",
            ),
            Entry::Text(
                "With a clock, the time left is announced without waiting for input at one \
                 minute, thirty seconds and ten seconds (warnings = [60, 30, 10] in \
                 config.toml), and the flag's fall at once. When the input ends, a game in \
                 progress stays saved for hotseat --plain --resume.",
            ),
        ],
    },
    Section {
        heading: "ACROSS THE NETWORK",
        entries: &[
            Entry::Text(
                "hotseat host opens a game and shows two invitations, on standard error and on \
                 its screen: one for the friend who plays the other colour at their own \
                 terminal (hotseat join, then paste it when asked), one for anyone who may \
                 follow the game read-only (hotseat watch, the same way). Kept off the command \
                 line, an invitation is not seen by other users (ps) or kept in the shell's \
                 history. The invitation holds the address and a secret of 128 bits; the \
                 connection is encrypted and authenticated with it (Noise), and a terminal \
                 without it is refused. The host's game is the truth; network lag is not \
                 charged to the clock. Offers, claims, resignation, takeback (with consent) and \
                 flag fall work as at one keyboard; say TEXT in the move box is chat; invite \
                 shows them again.",
            ),
            Entry::Text(
                "Each side autosaves and archives the game in its own data folder. A dropped \
                 player joins again with the same line; a host that quit resumes the unfinished \
                 game with the next hotseat host (--new starts another). Across networks: \
                 --public HOST:PORT with a forwarded port, or an SSH tunnel: the friend runs \
                 ssh -N -L 7879:127.0.0.1:7879 HOST and the host hotseat host --listen \
                 127.0.0.1:7879; or the host runs ssh -N -R 7879:127.0.0.1:7879 FRIEND and \
                 hotseat host --listen 127.0.0.1:7879 --public 127.0.0.1:7879.",
            ),
        ],
    },
    Section {
        heading: "EXIT STATUS",
        entries: &[
            Entry::Item(
                "0",
                "A normal exit: the game was quit, or a tool finished its work; with --plain, \
                 the game is over (or none was begun).",
            ),
            Entry::Item(
                "1",
                "Any other error: no terminal to play in, a file that cannot be read or \
                 written, a game in a PGN file that cannot be replayed, a chess engine that \
                 failed during hotseat analyse.",
            ),
            Entry::Item(
                "2",
                "A usage error: an unknown option, or a value that is wrong or does not fit \
                 with the others, or no chess engine for hotseat analyse; for hotseat host, \
                 join and watch also an invitation damaged in copying, a host that cannot be \
                 reached or refuses it, another protocol version, a port in use. It is \
                 reported before the screen opens.",
            ),
            Entry::Item(
                "3",
                "With --plain: the input ended (or the players quit) with a game in progress, \
                 which is saved for hotseat --plain --resume.",
            ),
            Entry::Item(
                "128+N",
                "The game was ended by signal N (SIGHUP 1, SIGINT 2, SIGTERM 15). The game in \
                 progress is saved first and is offered again at the next start. Windows has \
                 no such signals.",
            ),
        ],
    },
    Section {
        heading: "FILES",
        entries: &[
            Entry::Text(
                "hotseat keeps its files in a data folder of its own, created on the first \
                 save (--data-dir chooses another):",
            ),
            Entry::Item(
                "Linux, BSD",
                "$XDG_DATA_HOME/hotseat, or ~/.local/share/hotseat",
            ),
            Entry::Item("macOS", "~/Library/Application Support/hotseat"),
            Entry::Item("Windows", "%APPDATA%\\hotseat"),
            Entry::Text("In that folder:"),
            Entry::Item(
                "current.pgn",
                "The game in progress, saved after every move and while its clock runs.",
            ),
            Entry::Item(
                "games/",
                "The archive of finished games (and of unfinished ones set aside for a new \
                 game), one PGN file each, named by date and players.",
            ),
            Entry::Item(
                "hotseat.db",
                "The library's index of games/ (hotseat games, the library screen, the \
                 explorer), an SQLite database: a cache, brought up to date from the files, \
                 and made again when it is missing or damaged (a damaged one is set aside).",
            ),
            Entry::Item(
                "trash/",
                "Games deleted from the library screen, which it can bring back.",
            ),
            Entry::Item(
                "last-game.toml",
                "The choices of the last game started from the new-game form, which the next \
                 form opens with.",
            ),
            Entry::Item(
                "current.corrupt-N.pgn",
                "A saved game that could not be read back, set aside (never deleted) so \
                 that a new game can start; the message at start-up says what was wrong.",
            ),
        ],
    },
    Section {
        heading: "SETTINGS",
        entries: &[
            Entry::Text(
                "Names, time control, theme, glyphs, colour and auto-flip can be set once in \
                 config.toml, in the folder for settings (--config chooses another file). Each \
                 key is the long option of the same meaning: white = \"Ann\", time = \"5+3\", \
                 white-time, black-time, theme = \"green\", ascii = true, color = \"never\", \
                 auto-flip = true, warnings = [60, 30, 10] for --plain, and engine = \
                 \"/usr/games/stockfish\" for hotseat analyse. Options on the command line win over the file. A wrong \
                 setting is reported on the first screen and the default is used.",
            ),
            Entry::Item(
                "Linux, BSD",
                "$XDG_CONFIG_HOME/hotseat/config.toml, or ~/.config/hotseat/config.toml",
            ),
            Entry::Item("macOS", "~/Library/Application Support/hotseat/config.toml"),
            Entry::Item("Windows", "%APPDATA%\\hotseat\\config.toml"),
        ],
    },
    Section {
        heading: "GAME REPORT",
        entries: &[
            Entry::Text(
                "After a game, or in review of a finished game opened with --load, F4 (or \
                 Ctrl-A, or the typed command analyse) asks a chess engine for the game report, \
                 lichess's way: the engine works in the background, the panel shows its progress \
                 and Esc stops it, keeping the moves analysed. During a game in progress the \
                 report and the lines are refused (only an opponent set by --against plays).",
            ),
            Entry::Text(
                "The report is an evaluation graph under the moves (White's winning chances, \
                 the move shown in reverse video; a click on it shows that move), the labels in \
                 the move list (?! inaccuracy, ? mistake, ?? blunder, in colour), and per \
                 player the accuracy (0-100%), the average centipawn loss (ACPL) and the \
                 counts of each label. The better line of a labelled move is a variation: \
                 Shift-Right enters it. The evaluations are kept in the game's PGN as [%eval] \
                 comments (a game archived this session has its archive file written again; \
                 save any other with Ctrl-S), and a game opened with them shows its report \
                 with no engine.",
            ),
            Entry::Text(
                "F5 (or the typed command engine) turns on the engine's three best lines for \
                 the position shown, with an evaluation bar beside the board; they follow as \
                 you step through the game, and F5 again turns them off.",
            ),
            Entry::Text(
                "The engine is a UCI engine such as Stockfish (apt-get install stockfish, brew \
                 install stockfish): --engine PATH or engine = \"PATH\" in config.toml, else stockfish on PATH, \
                 else /usr/games/stockfish. hotseat analyse FILE does the same on the command \
                 line.",
            ),
        ],
    },
    Section {
        heading: "THE GUIDE",
        entries: &[Entry::Text(
            "The guide says everything hotseat does in chapters to read in order: playing \
             and notation, clocks and time controls, saving and the library, the report and \
             analysis, playing across terminals and over SSH, plain mode and accessibility, \
             settings and keys, the command-line tools, building and contributing. It is in \
             docs/ in the source and in a release archive, and in /usr/share/doc/hotseat/docs/ \
             when installed from the Debian package; start with its README.md.",
        )],
    },
    Section {
        heading: "ENVIRONMENT",
        entries: &[
            Entry::Item(
                "NO_COLOR",
                "When set to anything but the empty string, no colour (as --color never), \
                 unless --color always is given, or color = \"always\" in the settings file.",
            ),
            Entry::Item(
                "TZ",
                "The time zone for the dates and start times saved games carry (as \
                 TZ=Europe/Paris or TZ=CET-1CEST,M3.5.0,M10.5.0/3); without it, the system's.",
            ),
            Entry::Item(
                "XDG_DATA_HOME",
                "Where the data folder goes on Linux and BSD, if it is an absolute path.",
            ),
            Entry::Item(
                "XDG_CONFIG_HOME",
                "Where the settings file is looked for on Linux and BSD, if it is an absolute \
                 path.",
            ),
        ],
    },
];

/// `--help`: the examples of `-h`, then the manual.
fn long_help() -> String {
    format!("{AFTER_HELP}\n\n{}", manual::help_text(MANUAL))
}

/// Chess for two players sharing one terminal: every law of chess, typed moves, a real clock.
#[derive(Debug, Parser)]
#[command(name = "hotseat", version, after_help = AFTER_HELP, after_long_help = long_help())]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(flatten)]
    pub play: PlayArgs,

    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The tools. Each one's options are built only when it is named (`defer`): a game started with
/// `hotseat` alone never builds the dozens of options of the other tools, whose code would
/// otherwise be read into memory at every start (clap's derive builds every subcommand's
/// arguments before parsing). Help, completions and the manual page build them all as before.
#[derive(Debug, Subcommand)]
#[command(defer = true)]
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
    #[command(after_help = "\
Output, one line per game, tab-separated:
  <FEN of the final position>  <status>  <claims>  game <N>: <White> vs <Black>

and, where the file's result contradicts the final position, a last field that
says so (\"the file says 1-0, but the final position is checkmate: 0-1\").

status is checkmate, stalemate, insufficient-material, fivefold-repetition,
seventyfive-moves or ongoing.

claims is what the player to move could claim now or by declaring a move:
threefold, fifty, threefold,fifty or -.

A game that cannot be replayed prints \"error<TAB><message>\" instead, and the
command exits with status 1 after reading the others.

Example:
  hotseat pgn games.pgn")]
    Pgn {
        /// The PGN file to read, or - for standard input. Example: games.pgn
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },

    /// Report on a game with a chess engine, lichess's way: evaluations, accuracy, inaccuracies,
    /// mistakes and blunders, and the better moves
    #[command(after_help = "\
Writes the game back as PGN on standard output with an [%eval] comment after
every move (White's view: 0.32, -1.05, #3 mate in 3), the labels as NAGs ($6 ?!
inaccuracy, $2 ? mistake, $4 ?? blunder) with a comment such as \"Mistake. Nxe5
was best.\" and the better line as a variation. The summary per player goes to
standard error:

  White (Ann): accuracy 87%, 1 inaccuracy, 0 mistakes, 0 blunders, ACPL 24

The numbers are lichess's (the same formulas): accuracy from the drop in winning
chances after each move, blended over the game; labels for a drop of 10, 20 or
30 points of winning chances; ACPL the average centipawn loss.

The engine is a UCI engine such as Stockfish (apt-get install stockfish, brew
install stockfish): --engine PATH, or engine = \"PATH\" in config.toml, or
stockfish on PATH, or /usr/games/stockfish. With none, the command exits with
status 2 and says how to get one. If the engine fails midway, the moves analysed
so far are written and the command exits with status 1.

The default, 150000 nodes per position on one thread, gives the same report run
after run and takes about 45 seconds for a 40-move game.

Examples:
  hotseat analyse game.pgn > annotated.pgn
  hotseat analyse games.pgn --game 3 --depth 18
  hotseat analyse game.pgn --json | jq '.players'
  hotseat analyse game.pgn --engine ~/bin/stockfish --threads 1")]
    Analyse {
        /// The PGN file to read, or - for standard input. Example: game.pgn
        #[arg(value_name = "FILE")]
        file: PathBuf,

        /// Which game of the file, from 1. Example: --game 2
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
        game: u32,

        /// Nodes the engine searches per position (the default: 150000). The same count
        /// gives the same report every time. Example: --nodes 1000000
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..), group = "limit")]
        nodes: Option<u64>,

        /// Search each position to this depth instead. Example: --depth 18
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=99), group = "limit")]
        depth: Option<u32>,

        /// Search each position for this many milliseconds instead (the report may then
        /// differ from run to run). Example: --movetime 500
        #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=600_000), group = "limit")]
        movetime: Option<u64>,

        /// Engine threads (the default: 1, so that the report is the same every run; more
        /// threads search faster but not the same way twice). Example: --threads 2
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
        threads: Option<u32>,

        /// The longest wait for the engine, in seconds: for each position's search (beyond
        /// --movetime) and for its first answers (the default: 60). An engine that does not
        /// answer in time is stopped and the report so far written. Example: --timeout 20
        #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=3600))]
        timeout: Option<u64>,

        /// The UCI engine to run: a path, or a name looked up on PATH.
        /// Example: --engine /usr/games/stockfish
        #[arg(long, value_name = "PATH")]
        engine: Option<PathBuf>,

        /// Write the report as JSON on standard output instead of PGN. Example: --json
        #[arg(long)]
        json: bool,

        /// Read the settings (engine = "...") from this file instead of the usual one.
        /// Example: --config ./config.toml
        #[arg(long = "config", value_name = "FILE")]
        config_file: Option<PathBuf>,
    },

    /// List the games of the library (the archive of played and imported games), newest first
    #[command(after_help = "\
Output, one line per game, tab-separated:
  date  White  Black  result  ending  moves  ECO  opening  time-control  variant
  engine-report  file

ending is how the game ended: checkmate, resignation, flag, agreement,
repetition, stalemate, 50 moves, 75 moves, no mating material, abandoned,
unfinished, or \"result only\" when the file gives no reason. engine-report is
\"engine\" when the game carries an engine's evaluations, else \"-\". The file is
in the games folder of the data folder.

The filter keeps the games where every word of it is found in some field,
ignoring case: ann, C70, 0-1, 960, flag, \"ann 0-1\".

The list comes from the library's index (hotseat.db in the data folder), brought
up to date with the games folder first; --rebuild makes it again from every file.

Examples:
  hotseat games
  hotseat games ann
  hotseat games --header | column -t -s $'\\t'
  hotseat games \"bob flag\" --json
  hotseat games --rebuild")]
    Games {
        /// Words every listed game must hold in some field. Example: "ann 0-1"
        #[arg(value_name = "FILTER", num_args = 0..)]
        filter: Vec<String>,

        /// Print a JSON array of objects instead of tab-separated lines. Example: --json
        #[arg(long, conflicts_with = "header")]
        json: bool,

        /// Begin the tab-separated lines with one naming the columns. Example: --header
        #[arg(long)]
        header: bool,

        /// Make the library's index again from every file of the games folder (it is a cache
        /// of the files: a help after editing files by hand). Example: --rebuild
        #[arg(long)]
        rebuild: bool,

        /// The data folder to read instead of the usual one. Example: --data-dir ~/chess/hotseat
        #[arg(long, value_name = "DIR")]
        data_dir: Option<PathBuf>,
    },

    /// Add the games of a PGN file (a lichess or chess.com download) to the library
    #[command(after_help = "\
Each game becomes a file of its own in the games folder, with its text as it
was (comments, clocks and evaluations kept). A game already in the library is
not filed again: two games are the same when they have the same White, Black,
Date and Result and the same moves from the same start (comments, clocks and
other tags do not count). A game that cannot be replayed is refused, with why,
and the others are still imported.

The file is read as it comes, a piece at a time, so a file of any size can be
imported; a .pgn.zst file (lichess's monthly databases) is decompressed on the
way. A progress bar with games per second and the time left is shown when
standard error is a terminal. An import that is stopped has filed whole games:
run it again to file the rest.

Prints the count of games added, already in the library and refused, then one
line per refused game (the first 40; the others are counted). Exits with
status 1 when no game could be imported.

Examples:
  hotseat import lichess_ann_2026-11-24.pgn
  hotseat import lichess_db_standard_rated_2013-01.pgn.zst
  hotseat import - < chesscom_games.pgn")]
    Import {
        /// The PGN file to read (.pgn or .pgn.zst), or - for standard input. Example: games.pgn
        #[arg(value_name = "FILE")]
        file: PathBuf,

        /// The data folder to import into instead of the usual one.
        /// Example: --data-dir ~/chess/hotseat
        #[arg(long, value_name = "DIR")]
        data_dir: Option<PathBuf>,
    },

    /// Solve Lichess's puzzles, rated for each player, or run Puzzle Storm and Streak;
    /// import Lichess's whole puzzle database
    #[command(after_help = "\
Puzzles from the Lichess puzzle database (CC0): 6,005 come with hotseat, and
hotseat puzzles import adds Lichess's 5 million. The board is set from the
puzzle's position, the opponent's move is played, and you find the rest: a
wrong move fails the puzzle and shows the right one; any move that mates wins.
Each player (--player) has a Glicko-2 puzzle rating from 1500, changed after
each rated puzzle; the next puzzle comes near it, never one played in the last
90 days.

On the screen, play by any input the game takes: F10 hint (the piece, then
the move), F12 the solution, F8 retry, Ctrl-V the next puzzle (Streak's skip);
Ctrl-V in a game opens the puzzles too. In --plain, type moves in any notation,
or: hint, solution, retry, next, skip (Streak), board, rating, history, help,
quit.

Examples:
  hotseat puzzles --plain --player Ann
  hotseat puzzles --theme fork --rating 1200-1600
  hotseat puzzles --plain --id 0HVYz
  hotseat puzzles storm --player Ann
  hotseat puzzles streak --plain
  hotseat puzzles themes
  hotseat puzzles history --player Ann
  hotseat puzzles import lichess_db_puzzle.csv.zst")]
    Puzzles(puzzles::PuzzlesArgs),

    /// Host a game across the network: print the invitation for a friend to join (and for
    /// others to watch), then play one colour on this screen
    #[command(after_help = HOST_HELP)]
    Host(Box<net::HostArgs>),

    /// Join a game hosted across the network with its invitation, and play the other colour
    #[command(after_help = "Examples:\n  \
        hotseat join                                    then paste the invitation\n  \
        hotseat join --invitation-file invitation.txt\n  \
        hotseat join --data-dir ~/chess\n\n\
        Joining again with the same invitation after a dropped connection takes the seat\n\
        back: the game goes on with its moves and clocks as the host kept them.")]
    Join(net::JoinArgs),

    /// Watch a game hosted across the network, read-only: board, moves, clocks, result
    #[command(after_help = "Examples:\n  \
        hotseat watch                                   then paste the invitation\n  \
        hotseat watch --invitation-file invitation.txt\n\n\
        A watch invitation (the host's second one) lets its holder watch and nothing\n\
        else; a play invitation can watch too.")]
    Watch(net::JoinArgs),

    /// Serve hotseat over SSH: friends with nothing but ssh play, watch and come back to
    /// their games (runs the hotseat-serve program, built apart)
    #[command(
        disable_help_flag = true,
        after_help = "\
Runs hotseat-serve, found beside this program or on PATH, with the same
arguments; `hotseat serve --help` lists its options. It is built apart, so that
this program carries no SSH server:
  cargo install --path crates/serve      (in hotseat's source folder)

Examples:
  hotseat serve
      players: ssh -t -p 2222 HOST ROOM
  hotseat serve --listen 0.0.0.0:2222 --allow-keys club_keys -- --time 10+5"
    )]
    Serve {
        /// hotseat-serve's options, passed on as they are. Example: --listen 0.0.0.0:2222
        #[arg(
            value_name = "OPTIONS",
            trailing_var_arg = true,
            allow_hyphen_values = true
        )]
        args: Vec<std::ffi::OsString>,
    },

    /// Print the completion script for a shell, to install where the shell looks for it
    #[command(after_help = "\
Write the script where your shell looks for completions (create the folder if it
does not exist), then start a new shell:

Examples:
  hotseat completions bash > ~/.local/share/bash-completion/completions/hotseat
  hotseat completions fish > ~/.config/fish/completions/hotseat.fish
  hotseat completions zsh > ~/.zfunc/_hotseat
      with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc
  hotseat completions powershell | Out-String | Invoke-Expression
      in $PROFILE, to have it in every session
  eval (hotseat completions elvish | slurp)
      in ~/.config/elvish/rc.elv")]
    Completions {
        /// The shell to write the script for. Example: bash
        #[arg(value_name = "SHELL")]
        shell: Shell,
    },

    /// Print the manual page (roff), to read with man or install as hotseat.1
    #[command(after_help = "Examples:\n  \
        hotseat man > hotseat.1 && man ./hotseat.1\n  \
        hotseat man perft > hotseat-perft.1\n  \
        hotseat man > ~/.local/share/man/man1/hotseat.1    then: man hotseat")]
    Man {
        /// Print this subcommand's page (hotseat-perft(1)...) instead of the main one.
        /// Example: perft
        #[arg(value_name = "SUBCOMMAND", value_enum)]
        page: Option<Page>,
    },
}

/// What `main` should do after parsing: play with a validated config, or run a tool.
#[derive(Debug)]
pub enum Task {
    /// The game on the screen: at this keyboard, or across the network (host, join, watch).
    Play(Box<Launch>, Role),
    /// The game in lines of text (`--plain`), at this keyboard or across the network.
    Plain(Box<Launch>, Role),
    Tool(Command),
}

/// Why the command line gives no task: one sentence saying what is wrong and how to do it
/// right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TaskError {
    /// Options that do not fit together: said with the usage, for exit code 2.
    Usage(String),
    /// A value that cannot be used (a FEN that is no position): said alone, for exit code 2;
    /// the usage would say nothing about it.
    Value(String),
    /// A file named on the command line that cannot be used (`--load`): the file's fault, not
    /// the command line's; said alone, for exit code 1.
    File(String),
}

impl Cli {
    /// Validates the options into a task, and reads the game `--load` names.
    pub fn task(self) -> Result<Task, TaskError> {
        match self.command {
            Some(Command::Host(args)) => {
                no_engine_across_the_network(&args.game)?;
                let role = args.role().map_err(|e| TaskError::Value(e.to_string()))?;
                let plain = args.game.plain;
                Ok(task(plain, play_launch(args.game)?, Role::Net(role)))
            }
            Some(Command::Join(args)) => {
                let (role, game) = args
                    .role(crate::net::invite::Access::Play)
                    .map_err(|e| TaskError::Value(e.to_string()))?;
                no_engine_across_the_network(&game)?;
                Ok(task(game.plain, play_launch(game)?, Role::Net(role)))
            }
            Some(Command::Watch(args)) => {
                let (role, game) = args
                    .role(crate::net::invite::Access::Watch)
                    .map_err(|e| TaskError::Value(e.to_string()))?;
                no_engine_across_the_network(&game)?;
                Ok(task(game.plain, play_launch(game)?, Role::Net(role)))
            }
            Some(Command::Puzzles(puzzles::PuzzlesArgs {
                action: Some(puzzles::PuzzlesAction::Duel(duel)),
                ..
            })) if duel.host => {
                let (launch, role) = puzzles::duel_host_launch(&duel)?;
                Ok(if duel.who.plain {
                    Task::Plain(launch, Role::Net(role))
                } else {
                    Task::Play(launch, Role::Net(role))
                })
            }
            Some(Command::Puzzles(args)) if puzzles::on_screen(&args).is_some() => {
                let (solve, run) = puzzles::on_screen(&args).expect("checked above");
                let duel = match &args.action {
                    Some(puzzles::PuzzlesAction::Duel(duel)) => Some(duel),
                    _ => None,
                };
                Ok(Task::Play(
                    puzzles::screen_launch(solve, run, duel)?,
                    Role::Local,
                ))
            }
            Some(command) => {
                // A position that cannot be read is refused here too, as for the game.
                if let Command::Perft { fen: Some(fen), .. } = &command
                    && let Err(e) = crate::rules::Position::from_fen(fen)
                {
                    return Err(TaskError::Value(format!("invalid FEN: {e}")));
                }
                Ok(Task::Tool(resolve_engine(command)?))
            }
            None => {
                let plain = self.play.plain;
                Ok(task(plain, play_launch(self.play)?, Role::Local))
            }
        }
    }
}

/// The game's task: on the screen, or in lines of text (`--plain`).
fn task(plain: bool, launch: Box<Launch>, role: Role) -> Task {
    if plain {
        Task::Plain(launch, role)
    } else {
        Task::Play(launch, role)
    }
}

/// `--load NAME`: a file there is, or else a bare name that `hotseat games` lists (a file of
/// the library's `games/` folder).
fn library_file(path: PathBuf, data_dir: Option<&std::path::Path>) -> PathBuf {
    let bare = path.components().count() == 1 && path.file_name().is_some();
    if path.exists() || !bare {
        return path;
    }
    match games::store(data_dir) {
        Ok(store) if store.games_dir().join(&path).is_file() => store.games_dir().join(path),
        _ => path,
    }
}

/// `--against` and its options are for a game at this keyboard, not across the network.
fn no_engine_across_the_network(play: &PlayArgs) -> Result<(), TaskError> {
    if play.sparring.wanted() {
        return Err(TaskError::Usage(
            "--against, --engine-plays, --level and --elo set up a game against the computer \
             at this keyboard; host, join and watch play a person across the network (start \
             hotseat --against stockfish on its own)"
                .to_owned(),
        ));
    }
    Ok(())
}

/// For `--load NAME`: the game of a collection of the library that NAME names as `hotseat
/// games` lists it (`imported-lichess.pgn#81234`), with its collection's path; `None` for any
/// other name.
fn collection_game(
    path: &std::path::Path,
    data_dir: Option<&std::path::Path>,
) -> Result<Option<(PathBuf, String)>, TaskError> {
    let Some(name) = path.to_str() else {
        return Ok(None);
    };
    let bare = path.components().count() == 1;
    if path.exists() || !bare || crate::store::GameName::parse(name).offset.is_none() {
        return Ok(None);
    }
    let store = games::store(data_dir).map_err(|e| TaskError::File(e.to_string()))?;
    store
        .collection_game(name)
        .map_err(|e| TaskError::File(format!("cannot load {name}: {e}")))
}

/// The game's options validated into what the screen starts with, and the game `--load`
/// names read.
fn play_launch(mut play: PlayArgs) -> Result<Box<Launch>, TaskError> {
    let sparring_args = std::mem::take(&mut play.sparring);
    let saved = play.saved_game_choice();
    let data_dir = play.data_dir.clone();
    let load = play.load.clone().map(|path| (path, play.game));
    let source = crate::settings::Source::find(play.config_file.as_deref());
    let (settings, notice) =
        crate::settings::load(&source).map_err(|e| TaskError::Usage(e.to_string()))?;
    // --engine, else the settings file's engine = "…".
    let mut engine = play.engine.clone().or_else(|| settings.engine.clone());
    let mut config = play
        .with_settings(settings)
        .map_err(|e| TaskError::Usage(e.to_string()))?;
    if let Some(sparring) = sparring_args
        .resolve(engine.as_deref())
        .map_err(|e| TaskError::Value(e.to_string()))?
    {
        // The engine's side goes by its name and strength; the human's keeps theirs.
        let name = sparring.player_name();
        match sparring.side {
            crate::rules::Color::White => config.setup.white = name,
            crate::rules::Color::Black => config.setup.black = name,
        }
        config.sparring = Some(crate::app::sparring::SparringSetup {
            name: sparring.name,
            strength: sparring.strength,
            side: sparring.side,
        });
        engine = Some(sparring.engine);
    }
    if let Some((path, number)) = load {
        let path = library_file(path, data_dir.as_deref());
        let opened = match collection_game(&path, data_dir.as_deref())? {
            Some((file, text)) => load_collection_game(&file, &path.to_string_lossy(), &text),
            None => load_game(&path, number.unwrap_or(1)),
        }
        .map_err(|e| TaskError::File(e.to_string()))?;
        config.opening = Some(crate::app::GameToOpen::Load(Box::new(opened)));
    }
    config.notice = notice;
    Ok(Box::new(Launch {
        config,
        data_dir,
        saved,
        engine,
        policy: crate::runtime::Policy::Local,
    }))
}

/// For `analyse`: the engine found before any work starts, from --engine, the settings file,
/// `PATH` or /usr/games/stockfish; when there is none, the message says how to get one (exit
/// code 2, said without the usage). A settings file with wrong values is said on standard
/// error as the screen says it (the line, what is wrong, how to write it), and the analysis
/// goes on with the defaults in their place.
fn resolve_engine(mut command: Command) -> Result<Command, TaskError> {
    let Command::Analyse {
        engine,
        config_file,
        ..
    } = &mut command
    else {
        return Ok(command);
    };
    let source = crate::settings::Source::find(config_file.as_deref());
    let (settings, notice) =
        crate::settings::load(&source).map_err(|e| TaskError::Value(e.to_string()))?;
    if let Some(notice) = notice {
        eprintln!("hotseat: {}", notice.text);
    }
    let configured = engine.take().or(settings.engine);
    let path_var = std::env::var_os("PATH");
    let found = crate::engine::locate::find(configured.as_deref(), path_var.as_deref())
        .map_err(|e| TaskError::Value(e.to_string()))?;
    if !found.is_file() {
        let missing = crate::engine::EngineError::Missing {
            engine: found.display().to_string(),
        };
        return Err(TaskError::Value(missing.to_string()));
    }
    *engine = Some(found);
    Ok(command)
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
        Command::Analyse {
            file,
            game,
            nodes,
            depth,
            movetime,
            threads,
            timeout,
            engine,
            json,
            config_file: _,
        } => {
            use crate::engine::{Limit, Settings};
            let limit = match (nodes, depth, movetime) {
                (_, Some(d), _) => Limit::Depth(d),
                (_, _, Some(ms)) => Limit::MoveTime(std::time::Duration::from_millis(ms)),
                (n, ..) => Limit::Nodes(n.unwrap_or(Settings::DEFAULT_NODES)),
            };
            // One thread by default: under a node budget, Stockfish with more threads does not
            // search the same tree twice, and the labels change from run to run (measured with
            // benches/analyse.sh: with 2 threads three runs gave three sets of labels, with 1
            // the same set, and no slower on 2 cores).
            let threads = threads.map_or(1, |t| t as usize);
            let mut settings = Settings::new(limit, threads);
            if let Some(secs) = timeout {
                settings.search_timeout = std::time::Duration::from_secs(secs);
                // The wait asked for is the wait for a silent engine too.
                settings.silence = settings.search_timeout;
                settings.handshake_timeout =
                    settings.handshake_timeout.min(settings.search_timeout);
            }
            let request = analyse::Request {
                file: &file,
                game: game as usize,
                engine: engine.unwrap_or_else(|| PathBuf::from("stockfish")),
                settings,
                json,
            };
            analyse::run(&mut out, &request)?;
        }
        Command::Games {
            filter,
            json,
            header,
            rebuild,
            data_dir,
        } => {
            let form = if json {
                games::Form::Json
            } else if header {
                games::Form::TabsWithHeader
            } else {
                games::Form::Tabs
            };
            games::list(
                &mut out,
                &mut io::stderr(),
                data_dir.as_deref(),
                &filter.join(" "),
                form,
                rebuild,
            )?;
        }
        Command::Import { file, data_dir } => {
            games::import(&mut out, data_dir.as_deref(), &file)?;
        }
        Command::Puzzles(args) => {
            puzzles::run(&mut out, args)?;
        }
        Command::Host(_) | Command::Join(_) | Command::Watch(_) => {
            anyhow::bail!("a game across the network is played on the screen")
        }
        Command::Serve { args } => serve::run(&args)?,
        Command::Completions { shell } => {
            completions::run(&mut out, Cli::command(), shell)?;
        }
        Command::Man { page } => {
            // No page for `help`, which only repeats --help.
            let mut cmd = Cli::command().disable_help_subcommand(true);
            cmd.build();
            manual::write_man(&mut out, &cmd, page, MANUAL)?;
        }
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::{Arg, CommandFactory, ValueEnum};

    use super::*;

    /// Every argument the user can see, in every subcommand, with the command it belongs to.
    fn visible_args(cmd: &clap::Command, path: &str, out: &mut Vec<(String, Arg)>) {
        for arg in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
            if !matches!(arg.get_id().as_str(), "help" | "version") {
                out.push((path.to_owned(), arg.clone()));
            }
        }
        for sub in cmd.get_subcommands() {
            visible_args(sub, &format!("{path} {}", sub.get_name()), out);
        }
    }

    #[test]
    fn every_option_and_argument_has_an_example_in_its_long_help() {
        let mut args = Vec::new();
        visible_args(&Cli::command(), "hotseat", &mut args);
        assert!(args.len() > 12, "the walk found the options");
        for (path, arg) in args {
            let help = arg
                .get_long_help()
                .or_else(|| arg.get_help())
                .map(ToString::to_string)
                .unwrap_or_default();
            assert!(
                help.contains("Example"),
                "{path} {}: no example in {help:?}",
                arg.get_long()
                    .map_or_else(|| arg.get_id().to_string(), |l| format!("--{l}"))
            );
        }
    }

    #[test]
    fn every_subcommand_has_a_man_page() {
        let cmd = Cli::command();
        let pages: Vec<String> = Page::value_variants()
            .iter()
            .map(|p| p.to_possible_value().unwrap().get_name().to_owned())
            .collect();
        let subcommands: Vec<String> = cmd
            .get_subcommands()
            .map(|c| c.get_name().to_owned())
            .collect();
        assert_eq!(pages, subcommands);
    }

    #[test]
    fn long_help_has_the_manual_and_short_help_does_not() {
        let long = Cli::command().render_long_help().to_string();
        let short = Cli::command().render_help().to_string();
        for needle in [
            "Exit status:",
            "128+N",
            "Files:",
            "current.pgn",
            "Settings:",
            "XDG_CONFIG_HOME",
            "Environment:",
        ] {
            assert!(
                long.contains(needle),
                "{needle} missing from --help:\n{long}"
            );
            assert!(!short.contains(needle), "{needle} in -h:\n{short}");
        }
        assert!(short.contains("Examples:"));
    }

    #[test]
    fn the_man_page_has_the_manual_sections_before_the_examples() {
        let mut cmd = Cli::command().disable_help_subcommand(true);
        cmd.build();
        let mut page = Vec::new();
        manual::write_man(&mut page, &cmd, None, MANUAL).unwrap();
        let page = String::from_utf8(page).unwrap();
        assert!(page.starts_with(".ie"), "one preamble, at the top:\n{page}");
        assert_eq!(page.matches(".ds Aq").count(), 2, "{page}");
        let at = |heading: &str| {
            page.find(&format!(".SH {heading}\n"))
                .or_else(|| page.find(&format!(".SH \"{heading}\"\n")))
                .unwrap_or_else(|| panic!("no {heading}:\n{page}"))
        };
        assert!(at("NAME") < at("OPTIONS"));
        assert!(at("OPTIONS") < at("EXIT STATUS"));
        assert!(at("EXIT STATUS") < at("FILES"));
        assert!(at("ENVIRONMENT") < at("EXAMPLES"));
        assert!(!page.contains("EXTRA"), "{page}");
        assert!(
            !page.contains("hotseat\\-help"),
            "no page for help:\n{page}"
        );
    }

    #[test]
    fn the_man_page_carries_the_help_screens_keys_and_move_formats() {
        let mut cmd = Cli::command().disable_help_subcommand(true);
        cmd.build();
        let mut page = Vec::new();
        manual::write_man(&mut page, &cmd, None, MANUAL).unwrap();
        // roff writes a hyphen as `\-`.
        let page = String::from_utf8(page).unwrap().replace("\\-", "-");
        for (title, rows) in crate::app::help::reference() {
            let heading = title.to_uppercase();
            assert!(page.contains(&heading), "no {heading}");
            for (_, what) in rows {
                let first = what.split_whitespace().next().unwrap();
                assert!(page.contains(first), "{heading}: no {what:?}");
            }
        }
        assert!(page.contains("Moves (type them, then Enter)".to_uppercase().as_str()));
        assert!(page.contains("several moves on one line"));
    }
}

#[cfg(test)]
mod engine_tests {
    use clap::Parser;

    use super::*;

    fn launch(args: &[&str]) -> Launch {
        let cli = Cli::try_parse_from(args).unwrap();
        match cli.task() {
            Ok(Task::Play(launch, _) | Task::Plain(launch, _)) => *launch,
            other => panic!("not a game: {other:?}"),
        }
    }

    #[test]
    fn engine_chooses_the_engine_of_the_report_over_the_settings_file() {
        let dir = std::env::temp_dir().join(format!("hotseat-cli-engine-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let config = dir.join("config.toml");
        std::fs::write(&config, "engine = \"/from/settings/sf\"\n").unwrap();
        let config = config.to_str().unwrap();
        let given = launch(&["hotseat", "--config", config, "--engine", "/given/sf"]);
        assert_eq!(given.engine, Some(PathBuf::from("/given/sf")));
        let plain = launch(&["hotseat", "--plain", "--engine", "sf", "--config", config]);
        assert_eq!(plain.engine, Some(PathBuf::from("sf")));
        let settled = launch(&["hotseat", "--config", config]);
        assert_eq!(settled.engine, Some(PathBuf::from("/from/settings/sf")));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn against_stockfish_names_the_engines_side_and_finds_its_program() {
        let dir = std::env::temp_dir().join(format!("hotseat-cli-sparring-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let config = dir.join("config.toml");
        std::fs::write(&config, "white = \"Ann\"\nblack = \"Bob\"\n").unwrap();
        let config = config.to_str().unwrap();
        let game = launch(&[
            "hotseat", "--config", config, "--level", "2", "--time", "5+3",
        ]);
        let sparring = game
            .config
            .sparring
            .clone()
            .expect("a game against the computer");
        assert_eq!(sparring.side, crate::rules::Color::Black);
        assert_eq!(sparring.strength, crate::game::sparring::Strength::Level(2));
        assert_eq!(game.config.setup.white, "Ann");
        assert_eq!(game.config.setup.black, "Stockfish (level 2)");
        assert!(game.engine.as_deref().is_some_and(std::path::Path::is_file));
        // Options that describe a game start it, as --time does: no question about a saved one.
        assert_eq!(game.saved, crate::app::launch::SavedGameChoice::SetAside);
        let white = launch(&["hotseat", "--config", config, "--engine-plays", "white"]);
        assert_eq!(white.config.setup.white, "Stockfish (level 4)");
        assert_eq!(white.config.setup.black, "Bob");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn no_engine_across_the_network_and_none_with_a_saved_game() {
        let host = Cli::try_parse_from(["hotseat", "host", "--against", "stockfish"]).unwrap();
        match host.task() {
            Err(TaskError::Usage(why)) => assert!(why.contains("at this keyboard"), "{why}"),
            other => panic!("{other:?}"),
        }
        let resume = Cli::try_parse_from(["hotseat", "--resume", "--against", "stockfish"]);
        assert!(resume.is_err());
        let missing = Cli::try_parse_from([
            "hotseat",
            "--against",
            "stockfish",
            "--engine",
            "/no/such/stockfish",
        ])
        .unwrap();
        match missing.task() {
            Err(TaskError::Value(why)) => assert!(why.contains("apt-get install"), "{why}"),
            other => panic!("{other:?}"),
        }
    }
}
