//! The host's invitation: the lines to give the friend (and watchers), over the board until
//! the friend arrives; the typed command `invite` shows it again.

use std::time::Duration;

use super::{Look, Mode, Popup, text_box};
use crate::app::App;
use crate::app::keymap::{Action, KeyContext};

/// The invitation lines of [`NetSetup`](crate::app::network::NetSetup).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Invite;

impl Popup for Invite {
    fn keys(&self) -> KeyContext {
        KeyContext::Confirm
    }

    fn update(self, app: &mut App, action: Action, _now: Duration) {
        match action {
            Action::Quit => {
                app.mode = Mode::Playing;
                app.quit_requested();
            }
            Action::Yes | Action::No | Action::Cancel | Action::Select | Action::Space => {
                app.mode = Mode::Playing;
            }
            _ => {}
        }
    }

    fn look<'a>(&'a self, app: &'a App) -> Option<Look<'a>> {
        let setup = app.network()?.setup();
        let mut lines = vec![
            "Give your friend this line to type, to play:".to_owned(),
            String::new(),
        ];
        let mut rest = setup.invitation.iter();
        if let Some(play) = rest.next() {
            lines.push(play.clone());
        }
        for watch in rest {
            lines.push(String::new());
            lines.push("and this one to anyone who may watch:".to_owned());
            lines.push(watch.clone());
        }
        lines.push(String::new());
        lines.push(
            "It holds the game's secret: give it only to them. `invite` shows it again.".to_owned(),
        );
        text_box("Invitation", lines, KeyContext::Confirm)
    }
}
