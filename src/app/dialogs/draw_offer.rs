//! The draw offer: the player to move is asked to accept or decline. Typing a move instead
//! leaves the offer standing until the move is played, which declines it (FIDE 9.1.2.3).

use std::time::Duration;

use super::{Look, Mode, Popup, close_and_quit, text_box};
use crate::app::App;
use crate::app::keymap::{Action, KeyContext};
use crate::remote::Action as RemoteAction;
use crate::rules::Color;

/// `by` has offered a draw; the player to move answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawOffer {
    pub by: Color,
}

impl Popup for DrawOffer {
    fn keys(&self) -> KeyContext {
        KeyContext::Offer
    }

    fn update(self, app: &mut App, action: Action, now: Duration) {
        let by = self.by;
        match action {
            Action::Yes => {
                app.mode = Mode::Playing;
                if app.net_act(RemoteAction::AcceptDraw) {
                    return;
                }
                if let Err(err) = app.game.accept_draw(!by, now) {
                    app.error(err.to_string());
                }
            }
            Action::No => {
                app.mode = Mode::Playing;
                if app.net_act(RemoteAction::DeclineDraw) {
                    return;
                }
                if app.game.decline_draw().is_ok() {
                    app.info(format!("{} declines the draw offer", app.game.player(!by)));
                }
            }
            // Enter with a move waiting in the box (the rest of a typed line): that move is
            // played, which declines the offer, as the box says.
            Action::Select if !app.move_box.is_blank() => {
                app.mode = Mode::Playing;
                app.on_playing(action, now);
            }
            // Typing (or clicking) instead of answering: the offer stands until the move is
            // played, which declines it (FIDE 9.1.2.3).
            Action::Input(_) | Action::Pointer(_) => {
                app.mode = Mode::Playing;
                app.info(format!(
                    "{}'s draw offer stands: Ctrl-D accepts, a move declines",
                    app.game.player(by)
                ));
                app.on_playing(action, now);
            }
            Action::Quit => close_and_quit(app),
            _ => {}
        }
    }

    fn look<'a>(&'a self, app: &'a App) -> Option<Look<'a>> {
        let game = app.game();
        text_box(
            "Draw offer",
            vec![
                format!("{} offers a draw.", game.player(self.by)),
                format!("{}, do you accept?", game.player(!self.by)),
                "Playing a move instead declines it.".to_owned(),
            ],
            KeyContext::Offer,
        )
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyModifiers};

    use super::DrawOffer;
    use crate::app::Mode;
    use crate::app::tests::{app, enter, key, press, sans};
    use crate::game::Reason;
    use crate::rules::Color;

    /// White offers a draw with 1.e4: Black is asked.
    fn offered() -> crate::app::App {
        let mut app = app();
        assert!(press(&mut app, KeyCode::Char('d'), KeyModifiers::CONTROL));
        enter(&mut app, "e4");
        assert_eq!(app.mode(), &Mode::DrawOffer(DrawOffer { by: Color::White }));
        app
    }

    #[test]
    fn ctrl_d_or_y_accepts() {
        for (code, modifiers) in [
            (KeyCode::Char('d'), KeyModifiers::CONTROL),
            (KeyCode::Char('y'), KeyModifiers::NONE),
        ] {
            let mut app = offered();
            assert!(press(&mut app, code, modifiers));
            assert_eq!(app.game().outcome().unwrap().reason, Reason::Agreement);
        }
    }

    #[test]
    fn n_declines_and_the_game_goes_on() {
        let mut app = offered();
        assert!(key(&mut app, KeyCode::Char('n')));
        assert_eq!(app.mode(), &Mode::Playing);
        assert_eq!(app.game().pending_offer(), None);
        assert_eq!(app.message().unwrap().text, "Black declines the draw offer");
    }

    #[test]
    fn a_capital_n_starts_a_move_and_leaves_the_offer_standing() {
        let mut app = offered();
        assert!(press(&mut app, KeyCode::Char('N'), KeyModifiers::SHIFT));
        assert_eq!(app.mode(), &Mode::Playing);
        assert_eq!(app.input(), "N");
        assert_eq!(app.game().pending_offer(), Some(Color::White));
        enter(&mut app, "f6");
        assert_eq!(sans(&app), ["e4", "Nf6"]);
        assert_eq!(app.game().pending_offer(), None, "the move declined it");
    }
}
