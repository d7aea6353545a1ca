//! The key hints at the bottom, straight from the keymap's footer labels for the current
//! context: as many as fit, in table order.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::text::width as text_width;
use super::theme::Theme;
use crate::app::keymap::{Action, Key, KeyContext, hints};
use crate::app::{Hint, dialog_hint_rows};

/// The footer line.
#[derive(Clone, Copy, Debug)]
pub struct Footer {
    pub context: KeyContext,
    pub theme: Theme,
    /// A move is being typed: Enter plays it rather than selecting a square.
    pub typing: bool,
    /// A piece is picked up: Enter puts it down.
    pub holding: bool,
    /// The game has ended: what only a game in progress can do is not offered.
    pub over: bool,
    /// What Ctrl-D does now: offer a draw, withdraw the offer the player to move makes with
    /// their move, or accept the opponent's.
    pub draw_key: DrawKey,
    /// At a puzzle's table: its own keys (hint, solution, retry, next; in a Streak its
    /// skip while it has one, in a Storm none; another run once one is over), as
    /// [`PuzzleSeat::keys`](crate::app::puzzle::PuzzleSeat::keys) gives them, in place of a
    /// game's; while learning from mistakes, the session's
    /// ([`Retro::keys`](crate::app::retro::Retro::keys): solution, skip or next, stop).
    pub puzzle: Option<&'static [(Action, &'static str)]>,
}

/// What Ctrl-D does now, for its label in the footer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DrawKey {
    /// Offer a draw (with the move to come).
    #[default]
    Offer,
    /// Withdraw the offer the player to move makes with their move.
    Withdraw,
    /// Accept the opponent's standing offer (the banner says so too).
    Accept,
}

/// Blank columns between two hints.
const GAP: &str = "  ";

/// One hint: the key in the key style, the label muted.
fn hint(key: Key, label: &str, theme: &Theme) -> [Span<'static>; 2] {
    [
        Span::styled(key.to_string(), theme.key()),
        Span::styled(format!(" {label}"), theme.muted()),
    ]
}

/// Appends a hint to a line of hints, with a gap after the previous one.
fn push_hint(spans: &mut Vec<Span<'static>>, key: Key, label: &str, theme: &Theme) {
    if spans.iter().any(|s| !s.content.trim().is_empty()) {
        spans.push(Span::raw(GAP));
    }
    spans.extend(hint(key, label, theme));
}

/// The footer's hint spans for a context, as many as fit into `width` columns, in table
/// order; the way to quit is always kept. While a move is typed, Enter is labelled as playing it
/// (in the contexts that take text: a dialog's Enter keeps its own label) and Ctrl-D as
/// "offer" (a draw, with that move), "withdraw" while the player to move offers one with
/// their move, "accept draw" while the opponent's offer stands (`draw_key`);
/// while a piece is held, as putting it down.
/// Once the game is `over`, its hints are the ones that still do something (new, save, review);
/// before, the engine's (analyse, engine lines) are not offered.
pub fn hint_spans(
    context: KeyContext,
    theme: &Theme,
    width: usize,
    typing: bool,
    holding: bool,
    over: bool,
    draw_key: DrawKey,
) -> Vec<Span<'static>> {
    let all: Vec<_> = hints(context)
        .into_iter()
        .filter(|(action, _, _)| {
            !(over && action.needs_game_in_progress() || !over && action.needs_game_over())
        })
        .map(|(action, key, label)| match action {
            Action::Select if typing && context.takes_text() => (action, key, "play move"),
            Action::Draw if draw_key == DrawKey::Withdraw => (action, key, "withdraw"),
            Action::Draw if draw_key == DrawKey::Accept => (action, key, "accept draw"),
            // "play move" takes the room: the offer is said in fewer words beside it.
            Action::Draw if typing => (action, key, "offer"),
            Action::Select if holding && context == KeyContext::Playing => {
                (action, key, "put down")
            }
            _ => (action, key, label),
        })
        .collect();
    pack(all, theme, width)
}

/// The footer's hint spans at a puzzle (see [`hint_spans`]): the puzzle's own keys first
/// (hint, solution, retry, next, from the keymap), then the board's, without what only a
/// game has (offers, claims, resigning, a new game).
pub fn puzzle_hint_spans(
    own: &[(Action, &'static str)],
    theme: &Theme,
    width: usize,
    typing: bool,
) -> Vec<Span<'static>> {
    let context = KeyContext::Playing;
    let first_key = |action: Action| {
        crate::app::keymap::bindings(context)
            .find(|b| b.action == action)
            .map(|b| b.keys[0])
    };
    let own: Vec<(Action, Key, &'static str)> = own
        .iter()
        .copied()
        .filter_map(|(action, label)| first_key(action).map(|key| (action, key, label)))
        .collect();
    let board = hints(context).into_iter().filter(|(action, _, _)| {
        !action.needs_game_in_progress()
            && !action.needs_game_over()
            && !matches!(
                action,
                Action::NewGame | Action::Library | Action::HistoryBack
            )
    });
    let mut all: Vec<_> = Vec::new();
    for (action, key, label) in board {
        let label = match action {
            Action::Select if typing => "play move",
            _ => label,
        };
        all.push((action, key, label));
        if action == Action::Select {
            all.extend(own.iter().copied());
        }
    }
    pack(all, theme, width)
}

/// As many hints as fit into `width` columns, in order; the way to quit always kept, last.
fn pack(all: Vec<(Action, Key, &'static str)>, theme: &Theme, width: usize) -> Vec<Span<'static>> {
    let cost = |key: &Key, label: &str| text_width(&key.to_string()) + 1 + text_width(label) + 2;
    let quit = all.iter().rposition(|(a, _, _)| *a == Action::Quit);
    let mut used = 1 + quit.map_or(0, |i| cost(&all[i].1, all[i].2));
    let mut keep = vec![false; all.len()];
    for (i, (_, key, label)) in all.iter().enumerate() {
        if Some(i) == quit {
            continue;
        }
        let needed = cost(key, label);
        if used + needed > width {
            break;
        }
        used += needed;
        keep[i] = true;
    }
    let mut spans = vec![Span::raw(" ")];
    for (i, (_, key, label)) in all.iter().enumerate() {
        if keep[i] {
            push_hint(&mut spans, *key, label, theme);
        }
    }
    // Quitting goes last, where players look for it.
    if let Some(i) = quit {
        push_hint(&mut spans, all[i].1, all[i].2, theme);
    }
    spans
}

/// The hints of a dialog's context, wrapped into lines of `width` columns (see
/// [`dialog_hint_rows`]).
pub fn dialog_hint_lines(context: KeyContext, theme: &Theme, width: usize) -> Vec<Line<'static>> {
    hint_lines(dialog_hint_rows(context, width), theme)
}

/// Rows of hints as centred lines.
pub fn hint_lines(rows: Vec<Vec<Hint>>, theme: &Theme) -> Vec<Line<'static>> {
    rows.into_iter()
        .map(|row| {
            let mut line = Vec::new();
            for (_, key, label) in row {
                push_hint(&mut line, key, label, theme);
            }
            Line::from(line).centered()
        })
        .collect()
}

impl Widget for Footer {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if let Some(own) = self.puzzle {
            let spans = puzzle_hint_spans(own, &self.theme, usize::from(area.width), self.typing);
            Line::from(spans).render(area, buf);
            return;
        }
        Line::from(hint_spans(
            self.context,
            &self.theme,
            usize::from(area.width),
            self.typing,
            self.holding,
            self.over,
            self.draw_key,
        ))
        .render(area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(over: bool) -> String {
        footer_text(over, DrawKey::Offer)
    }

    fn footer_text(over: bool, draw_key: DrawKey) -> String {
        hint_spans(
            KeyContext::Playing,
            &Theme::default(),
            200,
            false,
            false,
            over,
            draw_key,
        )
        .iter()
        .map(|s| s.content.as_ref())
        .collect()
    }

    fn enter_label(context: KeyContext, typing: bool, holding: bool) -> String {
        let spans = hint_spans(
            context,
            &Theme::default(),
            200,
            typing,
            holding,
            false,
            DrawKey::Offer,
        );
        let i = spans.iter().position(|s| s.content == "Enter").unwrap();
        spans[i + 1].content.trim().to_owned()
    }

    #[test]
    fn ctrl_d_says_withdraw_while_ones_own_offer_stands() {
        assert!(footer_text(false, DrawKey::Offer).contains("Ctrl-D offer draw"));
        let offering = footer_text(false, DrawKey::Withdraw);
        assert!(offering.contains("Ctrl-D withdraw"), "{offering}");
        // Issue 56: the key bar said "offer draw" while the banner said Ctrl-D accepts.
        let offered = footer_text(false, DrawKey::Accept);
        assert!(offered.contains("Ctrl-D accept draw"), "{offered}");
    }

    #[test]
    fn enter_says_what_it_does_now() {
        assert_eq!(enter_label(KeyContext::Playing, false, false), "select");
        assert_eq!(enter_label(KeyContext::Playing, true, false), "play move");
        assert_eq!(enter_label(KeyContext::Playing, false, true), "put down");
        // The promotion dialog says "choose"; text left in the box does not change that.
        assert_eq!(enter_label(KeyContext::Promotion, true, false), "choose");
    }

    #[test]
    fn a_finished_game_offers_new_and_save_not_draw_or_resign() {
        let playing = text(false);
        for label in [
            " draw",
            " claim",
            " resign",
            " take back",
            " pause",
            " quit",
        ] {
            assert!(playing.contains(label), "{label} missing from {playing:?}");
        }
        let over = text(true);
        for label in [" draw", " claim", " resign", " take back", " pause"] {
            assert!(
                !over.contains(label),
                "{label} offered after the end: {over:?}"
            );
        }
        for label in [" review", " new", " save", " quit"] {
            assert!(over.contains(label), "{label} missing from {over:?}");
        }
    }
}
