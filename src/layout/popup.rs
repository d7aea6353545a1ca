//! Where the boxes over the board go: any centred box, the promotion picker's four choices
//! (which a click picks from) and the help popup (whose height sets how far it scrolls).

use ratatui::layout::{Constraint, Position, Rect};

/// A rectangle of `width` x `height` centred in `area`, shrunk to fit.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    area.centered(
        Constraint::Length(width.min(area.width)),
        Constraint::Length(height.min(area.height)),
    )
}

/// The promotion picker: four choices in a row, ` ♛ Queen ` each.
pub mod promotion {
    use super::*;

    /// Columns of one choice: ` ♕ Queen ` and padding.
    pub const CHOICE_WIDTH: u16 = 11;
    /// The box: four choices, a margin either side, the border.
    pub const WIDTH: u16 = 4 * CHOICE_WIDTH + 2 + 2;
    /// Border, blank, choices, blank, two lines of keys, border.
    pub const HEIGHT: u16 = 7;

    /// The picker's box on a screen of `screen`.
    pub fn area(screen: Rect) -> Rect {
        centered(screen, WIDTH, HEIGHT)
    }

    /// The cells of each choice, in [`crate::rules::Role::PROMOTIONS`] order.
    pub fn choice_rects(screen: Rect) -> [Rect; 4] {
        let area = area(screen);
        let y = area.y + 2;
        std::array::from_fn(|i| {
            let x = area.x + 2 + i as u16 * CHOICE_WIDTH;
            Rect::new(x, y, CHOICE_WIDTH, 1).intersection(area)
        })
    }

    /// The choice under a screen cell, for clicks.
    ///
    /// ```
    /// use ratatui::layout::Rect;
    /// use hotseat::layout::popup::promotion;
    /// let screen = Rect::new(0, 0, 80, 24);
    /// let knight = promotion::choice_rects(screen)[3];
    /// assert_eq!(promotion::choice_at(screen, knight.x, knight.y), Some(3));
    /// assert_eq!(promotion::choice_at(screen, 0, 0), None);
    /// ```
    pub fn choice_at(screen: Rect, column: u16, row: u16) -> Option<usize> {
        choice_rects(screen)
            .iter()
            .position(|r| r.contains(Position::new(column, row)))
    }
}

/// The help popup: as wide as the screen up to [`help::MAX_WIDTH`], as tall as its text.
pub mod help {
    use super::*;

    /// The widest the popup gets.
    pub const MAX_WIDTH: u16 = 80;

    /// Columns for the text in a popup `popup_width` wide: inside the frame, less one blank
    /// column on the right.
    pub fn text_width(popup_width: u16) -> usize {
        usize::from(popup_width.saturating_sub(3))
    }

    /// The popup's width on a screen of `area`.
    pub fn width(area: Rect) -> u16 {
        area.width.min(MAX_WIDTH)
    }

    /// The popup for `lines` lines of text, centred in the screen `area`.
    pub fn area(area: Rect, lines: usize) -> Rect {
        let width = width(area);
        let lines = u16::try_from(lines).unwrap_or(u16::MAX);
        let height = area.height.min(lines.saturating_add(2));
        area.centered(Constraint::Length(width), Constraint::Length(height))
    }

    /// How many lines fit at once in a popup: the amount one page scrolls.
    pub fn page_height(popup: Rect) -> u16 {
        popup.height.saturating_sub(2)
    }

    /// The largest useful scroll offset for `lines` lines in `popup`.
    pub fn max_scroll(popup: Rect, lines: usize) -> u16 {
        let lines = u16::try_from(lines).unwrap_or(u16::MAX);
        lines.saturating_sub(page_height(popup))
    }
}
