//! The promotion picker: a pawn reaches the last rank, and the player chooses its piece by
//! letter, by the arrows and Enter, or by a click on it.

use crate::app::Say;
use std::time::Duration;

use super::{Look, Mode, Popup, close_and_quit};
use crate::app::App;
use crate::app::keymap::{Action, KeyContext, PointerKind};
use crate::layout::popup::promotion;
use crate::rules::{Role, Square};

/// The pawn on `from` promotes on `to`; `choice` indexes [`Role::PROMOTIONS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Promotion {
    pub from: Square,
    pub to: Square,
    pub choice: usize,
}

impl Promotion {
    /// The picker for the pawn going from `from` to `to`, the queen highlighted.
    pub fn new(from: Square, to: Square) -> Promotion {
        Promotion {
            from,
            to,
            choice: 0,
        }
    }
}

impl Popup for Promotion {
    fn keys(&self) -> KeyContext {
        KeyContext::Promotion
    }

    fn update(self, app: &mut App, action: Action, now: Duration) {
        let n = Role::PROMOTIONS.len();
        let Promotion { from, to, choice } = self;
        match action {
            Action::Promote(role) => promote(app, from, to, role, now),
            Action::Select => promote(app, from, to, Role::PROMOTIONS[choice % n], now),
            Action::CursorLeft | Action::CursorRight => {
                let choice = if action == Action::CursorLeft {
                    (choice + n - 1) % n
                } else {
                    (choice + 1) % n
                };
                app.mode = Mode::Promotion(Promotion { choice, ..self });
            }
            Action::Pointer(p) if p.kind == PointerKind::Down => {
                if let Some(i) = promotion::choice_at(app.view().screen(), p.column, p.row) {
                    promote(app, from, to, Role::PROMOTIONS[i], now);
                }
            }
            Action::Cancel => {
                app.mode = Mode::Playing;
                app.board.selected = None;
            }
            Action::Quit => close_and_quit(app),
            _ => {}
        }
    }

    fn look<'a>(&'a self, _app: &'a App) -> Option<Look<'a>> {
        Some(Look::Promotion {
            choice: self.choice,
        })
    }
}

fn promote(app: &mut App, from: Square, to: Square, role: Role, now: Duration) {
    app.mode = Mode::Playing;
    let moves = app.view().shown().board_position().legal_moves();
    let chosen = moves
        .iter()
        .find(|m| m.from() == from && m.to() == to && m.promotion() == Some(role));
    match chosen {
        Some(&mv) => app.submit(mv, now),
        None => app
            .message
            .error(format!("{from}-{to} can't promote to a {}", role.name())),
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::KeyCode;

    use super::Promotion;
    use crate::app::Mode;
    use crate::app::tests::{app_from, enter, key, sans, sq};

    /// White's pawn on b7 is asked what it becomes on b8.
    fn asked() -> crate::app::App {
        let mut app = app_from("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        enter(&mut app, "b7b8");
        assert_eq!(
            app.mode(),
            &Mode::Promotion(Promotion::new(sq("b7"), sq("b8")))
        );
        app
    }

    #[test]
    fn a_letter_promotes_to_its_piece() {
        let mut app = asked();
        assert!(key(&mut app, KeyCode::Char('n')));
        assert_eq!(sans(&app), ["b8=N"]);
    }

    #[test]
    fn the_arrows_choose_and_enter_promotes() {
        let mut app = asked();
        key(&mut app, KeyCode::Right);
        key(&mut app, KeyCode::Right);
        key(&mut app, KeyCode::Right);
        key(&mut app, KeyCode::Left);
        assert!(matches!(app.mode(), Mode::Promotion(p) if p.choice == 2));
        assert!(key(&mut app, KeyCode::Enter));
        assert_eq!(sans(&app), ["b8=B"]);
    }

    #[test]
    fn esc_takes_the_pawn_back() {
        let mut app = asked();
        assert!(key(&mut app, KeyCode::Esc));
        assert_eq!(app.mode(), &Mode::Playing);
        assert!(sans(&app).is_empty());
        assert_eq!(app.view().board().selected, None);
    }
}
