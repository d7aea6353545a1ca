//! "Claim a draw?": the move about to be played would allow a draw claim by threefold
//! repetition or the fifty-move rule (FIDE 9.2.1, 9.3.1): claim with it, or just play it.

use crate::app::Say;
use std::time::Duration;

use super::{Look, Mode, Popup, grave_default, text_box, yes_too_soon};
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
        KeyContext::Grave
    }

    fn update(self, app: &mut App, action: Action, now: Duration) {
        let san = app.game().position().san(self.mv);
        let how = format!("y claims the draw with {san}, Enter just plays it");
        match action {
            Action::Yes if yes_too_soon(app, now, &how) => {}
            Action::Yes => app.commit(self.mv, true, now),
            // A second Enter already on its way (a blitz habit) plays nothing yet either.
            Action::No if yes_too_soon(app, now, &how) => {}
            Action::No => app.commit(self.mv, false, now),
            // Neither: the move is not played, and the box keeps what was typed.
            Action::Cancel => {
                app.mode = Mode::Playing;
                app.message.info(format!("{san} not played"));
            }
            _ => grave_default(app, action, now),
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
                format!(
                    "{}, claim a draw with this move?",
                    app.view().words().who(pos.turn())
                ),
                format!(
                    "y claims · Enter just plays {} · Esc: neither",
                    pos.san(self.mv)
                ),
            ],
            KeyContext::Grave,
        )
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::KeyCode;

    use crate::app::Mode;
    use crate::app::tests::{app, enter, key, look, play_all, sans};
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
    fn y_claims_the_draw_with_the_move() {
        let mut app = asked();
        look(&mut app);
        assert!(key(&mut app, KeyCode::Char('y')));
        assert_eq!(sans(&app).last().unwrap(), "Ng8");
        assert_eq!(
            app.game().outcome().unwrap().reason,
            Reason::ThreefoldClaim(Color::Black)
        );
    }

    #[test]
    fn enter_plays_the_move_without_the_claim() {
        let mut app = asked();
        look(&mut app);
        assert!(key(&mut app, KeyCode::Enter));
        assert_eq!(app.mode(), &Mode::Playing);
        assert_eq!(sans(&app).last().unwrap(), "Ng8");
        assert_eq!(app.game().outcome(), None);
    }

    #[test]
    fn esc_plays_nothing() {
        let mut app = asked();
        assert!(key(&mut app, KeyCode::Esc));
        assert_eq!(app.mode(), &Mode::Playing);
        assert_eq!(sans(&app).last().unwrap(), "Ng1");
        assert_eq!(app.view().message().unwrap().text, "Ng8 not played");
    }
}
