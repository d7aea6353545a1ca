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
    /// Opened over the clocks' wait ([`super::Ready`]): closing it goes back there, the clocks
    /// still waiting.
    pub over_ready: bool,
}

impl Popup for Help {
    fn keys(&self) -> KeyContext {
        KeyContext::Help
    }

    fn update(self, app: &mut App, action: Action, _now: Duration) {
        let screen = app.view().screen();
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
                app.mode = if self.over_ready {
                    Mode::Ready(super::Ready)
                } else {
                    Mode::Playing
                };
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
            ..self
        });
    }

    fn look<'a>(&'a self, _app: &'a App) -> Option<Look<'a>> {
        Some(Look::Help {
            scroll: self.scroll,
        })
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyModifiers};

    use super::Help;
    use crate::app::tests::{app, key, press};
    use crate::app::{Mode, help};

    #[test]
    fn f1_opens_it_the_keys_scroll_it_within_its_text_and_q_closes_it() {
        let mut app = app();
        assert!(key(&mut app, KeyCode::F(1)));
        assert_eq!(
            app.mode(),
            &Mode::Help(Help {
                scroll: 0,
                ..Help::default()
            })
        );
        assert!(key(&mut app, KeyCode::Up));
        assert_eq!(
            app.mode(),
            &Mode::Help(Help {
                scroll: 0,
                ..Help::default()
            }),
            "not above the top"
        );
        assert!(key(&mut app, KeyCode::Down));
        assert_eq!(
            app.mode(),
            &Mode::Help(Help {
                scroll: 1,
                ..Help::default()
            })
        );
        let max = help::max_scroll(app.view().screen());
        assert!(max > 1, "the help is longer than a 24-row screen");
        assert!(key(&mut app, KeyCode::End));
        assert_eq!(
            app.mode(),
            &Mode::Help(Help {
                scroll: max,
                ..Help::default()
            })
        );
        assert!(key(&mut app, KeyCode::PageDown));
        assert_eq!(
            app.mode(),
            &Mode::Help(Help {
                scroll: max,
                ..Help::default()
            }),
            "not below the end"
        );
        assert!(key(&mut app, KeyCode::Home));
        assert_eq!(
            app.mode(),
            &Mode::Help(Help {
                scroll: 0,
                ..Help::default()
            })
        );
        assert!(key(&mut app, KeyCode::Char('q')));
        assert_eq!(app.mode(), &Mode::Playing);
        assert!(!app.should_quit(), "q closes the help, it does not quit");
    }

    #[test]
    fn ctrl_k_closes_it_as_it_opened_it() {
        let mut app = app();
        assert!(press(&mut app, KeyCode::Char('k'), KeyModifiers::CONTROL));
        assert!(matches!(app.mode(), Mode::Help(_)));
        assert!(press(&mut app, KeyCode::Char('k'), KeyModifiers::CONTROL));
        assert_eq!(app.mode(), &Mode::Playing);
    }
}
