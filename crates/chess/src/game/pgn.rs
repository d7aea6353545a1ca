//! PGN in and out, at the level of text: no chess rules in here.
//!
//! The reader is a streaming tokenizer that hands each game to a [`Visitor`] as a series of
//! events (tags, raw move tokens, comments, NAGs, variations, the result). It never allocates per
//! token and never looks at what a move token means: turning `Nf3` into a move is the rules
//! layer's job, so the same reader serves import, the archive browser and the benchmarks.
//! Variations are tracked with a depth counter, not recursion, so no input can exhaust the stack:
//! a visitor enters them (the full import builds the game's side lines from them) or skips
//! them unread (the lean replay of `hotseat pgn` and the benchmark).
//!
//! The writer is the other half: it formats tags, move numbers, moves with their comments and the
//! result in the PGN export format (the Seven Tag Roster first, lines of at most 80 characters),
//! and what it writes the reader reads back unchanged.
//!
//! Clock comments (`{[%clk 0:04:59]}`) are read and written by the helpers in [`clk`].
//!
//! ```
//! use hotseat_chess::game::pgn::{RawTag, SliceReader, Skip, Visitor};
//!
//! /// Collects the move tokens of each game.
//! struct Moves(Vec<String>);
//!
//! impl Visitor for Moves {
//!     type Output = Vec<String>;
//!     fn begin_game(&mut self) {
//!         self.0.clear();
//!     }
//!     fn san(&mut self, san: &[u8]) -> Skip {
//!         self.0.push(String::from_utf8_lossy(san).into_owned());
//!         Skip(false)
//!     }
//!     fn end_game(&mut self) -> Vec<String> {
//!         std::mem::take(&mut self.0)
//!     }
//! }
//!
//! let pgn = b"[Event \"Casual\"]\n\n1. e4 {[%clk 0:04:59]} e5 (1... c5) 2. Nf3!? 1-0\n";
//! let mut reader = SliceReader::new(pgn);
//! let mut moves = Moves(Vec::new());
//! assert_eq!(reader.read_game(&mut moves).unwrap(), Some(vec!["e4".into(), "e5".into(), "Nf3".into()]));
//! assert_eq!(reader.read_game(&mut moves).unwrap(), None);
//! ```

pub mod clk;
mod export;
mod games;
mod lexer;
mod movetext;
mod reader;
mod source;
mod tags;
mod visitor;
mod writer;

pub use clk::{clk_command, parse_clk_comment, strip_commands};
pub use export::{TAG_DRAW_OFFER, TAG_SAVED, TAG_STARTED};
pub use games::{
    ImportError, ImportedGame, Limit, MAX_COMMENT_BYTES, MAX_GAME_COMMENT_BYTES, MAX_TAG_BYTES,
    MAX_TAGS, PgnGameError, PgnReason, Replayed, ReplayedGame, TagError, Target, import_game,
    import_games, import_games_to_last_legal_move, replay_games, replay_games_named,
    result_contradiction,
};
pub use reader::{Reader, SliceReader};
pub use source::MAX_TOKEN_LEN;
pub use tags::{DERIVED_TAGS, ROSTER, Tags};
pub use visitor::{Outcome, RawTag, Skip, Visitor};
pub use writer::{ExportGame, ExportMove};
