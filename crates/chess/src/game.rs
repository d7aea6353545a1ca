//! A game as players live it: the move record, clocks and time controls, draw offers and claims,
//! resignation, takeback, the outcome with its reason, and PGN in and out.
//!
//! Everything here is pure: the current time is always passed in, never read inside, which is what
//! makes flag fall testable to the millisecond.

pub mod clock;
mod notes;
mod numbering;
pub mod openings;
pub mod outcome;
pub mod pgn;
pub mod record;
pub mod report;
mod session;
pub mod sparring;
pub mod stamp;
pub mod timecontrol;
mod variations;

pub use notes::{Notes, nag_symbol, nag_text};
pub use numbering::{MoveNumber, ply_number};
pub use outcome::{GameResult, Outcome, Reason};
pub use record::{AutomaticEnd, Claims, History, Record, RecordedMove};
pub use session::{Game, GameError, GameSetup, OfferResult};
pub use variations::{MAX_VARIATION_MOVES, Spot, Step, StudyError, VarMove, Variations};
