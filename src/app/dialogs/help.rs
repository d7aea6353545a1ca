//! The help: every key, command word and move format, scrolled by the keys of its context or
//! the mouse wheel. Its text is `app::help`'s; `ui::help` draws it.

use std::time::Duration;

use super::{Look, Mode, Popup, close_and_quit};
use crate::app::keymap::{Action, KeyContext, Pointer, PointerKind};
use crate::app::{App, help};

/// The help, scrolled down `scroll` lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Help {
    pub scroll: u16,
}

impl Popup for Help {
    fn keys(&self) -> KeyContext {
        KeyContext::Help
    }

    fn update(self, app: &mut App, action: Action, _now: Duration) {
        let screen = app.screen();
        let page = help::page_height(screen);
        let max = help::max_scroll(screen);
        let scroll = self.scroll;
        let scroll = match action {
            Action::ScrollUp
            | Action::Pointer(Pointer {
                kind: PointerKind::WheelUp,
                ..
            }) => scroll.saturating_sub(1),
            Action::ScrollDown
            | Action::Pointer(Pointer {
                kind: PointerKind::WheelDown,
                ..
            }) => scroll.saturating_add(1),
            Action::ScrollPageUp => scroll.saturating_sub(page),
            Action::ScrollPageDown => scroll.saturating_add(page),
            Action::ScrollTop => 0,
            Action::ScrollBottom => max,
            Action::Cancel | Action::Help => {
                app.mode = Mode::Playing;
                return;
            }
            Action::Quit => {
                close_and_quit(app);
                return;
            }
            _ => scroll,
        };
        app.mode = Mode::Help(Help {
            scroll: scroll.min(max),
        });
    }

    fn look<'a>(&'a self, _app: &'a App) -> Option<Look<'a>> {
        Some(Look::Help {
            scroll: self.scroll,
        })
    }
}
