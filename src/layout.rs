//! The screen's geometry, as pure functions of the terminal's size: where the board and its
//! squares go ([`board`]), the plan of the whole screen ([`screen`]) and the boxes drawn over it
//! ([`popup`]). Only `Rect` arithmetic lives here, no drawing and no state.
//!
//! Both sides of the front end ask these functions: `ui` to know where to draw, `app` to turn a
//! mouse click into a square or a promotion choice and to clamp the help's scrolling. So a click
//! can never land on something other than what is drawn under it, and `app` needs nothing from
//! `ui`.

pub mod board;
pub mod panel;
pub mod popup;
pub mod screen;

pub use board::{BoardLayout, SQUARE_SIZES};
pub use panel::{OPENING_ROWS_FROM, PanelLayout};
pub use screen::{ScreenLayout, TooSmall};
