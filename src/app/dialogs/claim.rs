//! "Claim a draw?": the move about to be played would allow a draw claim by threefold
//! repetition or the fifty-move rule (FIDE 9.2.1, 9.3.1): claim with it, or just play it.

use std::time::Duration;

use super::{Look, Popup, close_and_quit, text_box};
use crate::app::App;
use crate::app::keymap::{Action, KeyContext};
use crate::game::Claims;
use crate::rules::Move;

/// `mv` would allow the draw claims of `claims`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClaimWithMove {
    pub mv: Move,
    pub claims: Claims,
}

impl Popup for ClaimWithMove {
    fn keys(&self) -> KeyContext {
        KeyContext::Confirm
    }

    fn update(self, app: &mut App, action: Action, now: Duration) {
        match action {
            Action::Yes => app.commit(self.mv, true, now),
            Action::No => app.commit(self.mv, false, now),
            Action::Quit => close_and_quit(app),
            _ => {}
        }
    }

    fn look<'a>(&'a self, app: &'a App) -> Option<Look<'a>> {
        let pos = app.game().position();
        let why = match (self.claims.threefold, self.claims.fifty) {
            (true, true) => "threefold repetition and the fifty-move rule",
            (true, false) => "threefold repetition",
            _ => "the fifty-move rule",
        };
        text_box(
            "Claim a draw?",
            vec![
                format!("{} allows a draw claim by {why}.", pos.san(self.mv)),
                format!("{}, claim a draw with this move?", app.who(pos.turn())),
            ],
            KeyContext::Confirm,
        )
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::KeyCode;

    use crate::app::Mode;
    use crate::app::tests::{app, enter, key, play_all, sans};
    use crate::game::Reason;
    use crate::rules::Color;

    /// The knights' dance once round and back: Ng8 now repeats the start a third time.
    const REPEAT: [&str; 7] = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"];

    fn asked() -> crate::app::App {
        let mut app = app();
        play_all(&mut app, &REPEAT);
        enter(&mut app, "Ng8");
        assert!(
            matches!(app.mode(), Mode::ClaimWithMove(_)),
            "{:?}",
            app.mode()
        );
        app
    }

    #[test]
    fn enter_claims_the_draw_with_the_move() {
        let mut app = asked();
        assert!(key(&mut app, KeyCode::Enter));
        assert_eq!(sans(&app).last().unwrap(), "Ng8");
        assert_eq!(
            app.game().outcome().unwrap().reason,
            Reason::ThreefoldClaim(Color::Black)
        );
    }

    #[test]
    fn esc_plays_the_move_without_the_claim() {
        let mut app = asked();
        assert!(key(&mut app, KeyCode::Esc));
        assert_eq!(app.mode(), &Mode::Playing);
        assert_eq!(sans(&app).last().unwrap(), "Ng8");
        assert_eq!(app.game().outcome(), None);
    }
}
