//! The ready screen of a timed game: the clocks wait for a key, so nobody loses time to the
//! start (or to the restart of a game resumed or loaded).

use crate::app::Say;
use std::time::Duration;

use super::{Look, Mode, Popup, text_box};
use crate::app::App;
use crate::app::keymap::{Action, KeyContext, PointerKind};
use crate::rules::Color;

/// The clocks wait: Enter, a click or the first typed character starts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ready;

impl crate::app::App {
    /// Whether the board is drawn without its pieces: a game resumed or loaded with its
    /// clocks waiting, so that the side to move does not think before its clock runs.
    pub fn board_hidden(&self) -> bool {
        let waiting = match self.mode() {
            Mode::Ready(_) => true,
            Mode::Help(help) => help.over_ready,
            _ => false,
        };
        waiting && self.game().record().plies() > 0
    }
}

impl Popup for Ready {
    fn keys(&self) -> KeyContext {
        KeyContext::Ready
    }

    fn update(self, app: &mut App, action: Action, now: Duration) {
        match action {
            Action::Quit => app.quit_requested(),
            // Before the first move too (it did nothing there, issue 56); the form closes
            // back to this wait.
            Action::NewGame if app.table_refuses(&action) => {}
            Action::NewGame => app.new_game_requested(),
            // The prompt under the box says F1: the help opens over the wait and closes back
            // to it, the clocks still waiting.
            Action::Help => {
                app.mode = Mode::Help(super::Help {
                    scroll: 0,
                    over_ready: true,
                })
            }
            Action::Select => {
                start_clocks(app, now);
                app.requests.offer_standing(&app.game, now);
            }
            // A player who starts typing a move has started the game: the clock runs and the
            // character goes into the move box.
            Action::Input(_) => {
                start_clocks(app, now);
                app.on_playing(action, now);
            }
            Action::Pointer(p) if p.kind == PointerKind::Down => {
                start_clocks(app, now);
                app.requests.offer_standing(&app.game, now);
            }
            _ => {}
        }
    }

    fn look<'a>(&'a self, app: &'a App) -> Option<Look<'a>> {
        let game = app.game();
        let turn = game.position().turn();
        let players = format!(
            "{} vs {}",
            app.view().words().who(Color::White),
            app.view().words().who(Color::Black)
        );
        let lines = if game.record().plies() == 0 {
            vec![
                players,
                format!("Clock: {}", app.view().words().time_control()),
                format!("Press Enter, or type {turn}'s first move,"),
                format!("to start {turn}'s clock."),
            ]
        } else {
            // A game resumed or loaded: its clocks wait so nobody loses time to the restart.
            let clock = game.clock();
            let left = |c: Color| {
                clock
                    .remaining(c, app.now)
                    .map_or_else(|| "untimed".to_owned(), crate::game::clock::format_clock)
            };
            let mut lines = vec![
                players,
                format!(
                    "Move {}, {turn} to move · White {} · Black {}",
                    game.position().fullmoves(),
                    left(Color::White),
                    left(Color::Black)
                ),
            ];
            if let Some(by) = game.pending_offer() {
                lines.push(format!("{by}'s draw offer stands."));
            }
            lines.push("The clocks wait, and the pieces with them:".to_owned());
            lines.push(format!("Enter starts {turn}'s clock and shows the board."));
            lines
        };
        let title = if game.record().plies() == 0 {
            "Ready?"
        } else {
            "Game resumed"
        };
        text_box(title, lines, KeyContext::Ready)
    }
}

fn start_clocks(app: &mut App, now: Duration) {
    app.game.start(now);
    app.mode = Mode::Playing;
    let turn = app.game.position().turn();
    app.message.info(format!("{turn}'s clock is running"));
}

#[cfg(test)]
mod tests {
    use crossterm::event::KeyCode;

    use crate::app::Mode;
    use crate::app::tests::{key, timed_app};
    use crate::rules::Color;

    #[test]
    fn enter_or_space_starts_the_clock_of_the_side_to_move() {
        for code in [KeyCode::Enter, KeyCode::Char(' ')] {
            let mut app = timed_app("5+0");
            assert!(key(&mut app, code), "{code:?} is bound");
            assert_eq!(app.mode(), &Mode::Playing);
            assert_eq!(app.game().clock().running(), Some(Color::White));
            assert_eq!(
                app.view().message().unwrap().text,
                "White's clock is running"
            );
        }
    }

    #[test]
    fn a_typed_letter_starts_the_clock_and_goes_into_the_move_box() {
        let mut app = timed_app("5+0");
        assert!(key(&mut app, KeyCode::Char('e')));
        assert_eq!(app.mode(), &Mode::Playing);
        assert_eq!(app.view().input(), "e");
        assert_eq!(app.game().clock().running(), Some(Color::White));
    }

    #[test]
    fn ctrl_n_opens_the_new_game_form_before_the_first_move_and_esc_comes_back_here() {
        // Issue 56: Ctrl-N did nothing before the first move.
        let mut app = timed_app("5+0");
        assert!(crate::app::tests::press(
            &mut app,
            KeyCode::Char('n'),
            crossterm::event::KeyModifiers::CONTROL
        ));
        assert!(matches!(app.mode(), Mode::NewGame(_)), "{:?}", app.mode());
        assert!(key(&mut app, KeyCode::Esc));
        assert_eq!(app.mode(), &Mode::Ready(super::Ready));
        assert_eq!(app.game().clock().running(), None, "the clocks still wait");
    }

    #[test]
    fn esc_means_nothing_here_and_the_clocks_wait_on() {
        let mut app = timed_app("5+0");
        assert!(!key(&mut app, KeyCode::Esc));
        assert_eq!(app.mode(), &Mode::Ready(super::Ready));
        assert_eq!(app.game().clock().running(), None);
    }
}
