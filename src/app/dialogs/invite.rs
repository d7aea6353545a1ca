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
    /// The board's keys: the box is only in the way, so Enter, Esc or a click closes it and
    /// anything else closes it and is done on the board (a move typed, help opened).
    fn keys(&self) -> KeyContext {
        KeyContext::Playing
    }

    fn update(self, app: &mut App, action: Action, now: Duration) {
        app.mode = Mode::Playing;
        match action {
            Action::Cancel | Action::Select | Action::Space | Action::Pointer(_) => {}
            action => app.on_playing(action, now),
        }
    }

    fn look<'a>(&'a self, app: &'a App) -> Option<Look<'a>> {
        let invitation = match app.network() {
            Some(net) => &net.setup().invitation,
            // A puzzle duel across the network, hosted here.
            None => crate::app::puzzle::net::duel(app)?.invitation(),
        };
        // What it is for, then the whole command on a line of its own, to be copied in one
        // go; a box too narrow for it breaks it at the space, never inside the invitation.
        let mut lines = Vec::new();
        for (i, line) in invitation.iter().enumerate() {
            lines.push(
                if i == 0 {
                    "Your friend plays with:"
                } else {
                    "Anyone may watch with:"
                }
                .to_owned(),
            );
            lines.push(line.clone());
        }
        // A room on a server is found by its code, which the lobby may list: no secret to
        // keep, only the code to pass on.
        lines.push(
            if app.saving.served.is_some() {
                "The room's code is all they need. Type invite to see this again."
            } else {
                "They hold the game's secret: give them only to the people they are for. Type \
                 invite to see them again."
            }
            .to_owned(),
        );
        text_box("Invitation", lines, KeyContext::Invite)
    }
}
