//! News of the rooms for the lobbies open: a room opened, a seat taken, a game ended. Each
//! lobby on screen listens; a change wakes it (one [`Action::Tick`] in its channel), and it
//! reads the rooms again and redraws. Nothing runs while nothing changes: no lobby polls.
//!
//! A burst of changes wakes a lobby once: its flag stays up until it has read the rooms.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use hotseat::app::Event;
use hotseat::app::keymap::Action;
use hotseat::runtime::EventSender;

/// The lobbies listening.
#[derive(Debug, Default)]
pub struct News {
    listeners: Mutex<Vec<Listener>>,
}

#[derive(Debug)]
struct Listener {
    wake: EventSender,
    /// Woken and not yet read the rooms.
    pending: Arc<AtomicBool>,
}

/// A lobby's side of its listening: say [`Heard::read`] before reading the rooms.
#[derive(Debug)]
pub struct Heard {
    pending: Arc<AtomicBool>,
}

impl Heard {
    /// The lobby reads the rooms now: the next change wakes it again.
    pub fn read(&self) {
        self.pending.store(false, Ordering::SeqCst);
    }
}

impl Drop for Heard {
    /// The lobby is gone: the next change finds its channel closed and forgets it.
    fn drop(&mut self) {
        self.read();
    }
}

impl News {
    /// `wake` hears of every change from now on, until its loop ends.
    pub fn listen(&self, wake: EventSender) -> Heard {
        let pending = Arc::new(AtomicBool::new(false));
        self.listeners
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(Listener {
                wake,
                pending: pending.clone(),
            });
        Heard { pending }
    }

    /// Something changed: every lobby not already woken is.
    pub fn changed(&self) {
        let mut listeners = self.listeners.lock().unwrap_or_else(|e| e.into_inner());
        listeners.retain(|listener| {
            if listener.pending.swap(true, Ordering::SeqCst) {
                // Woken already; still there unless its loop ended (seen at the next send).
                return true;
            }
            listener.wake.send(Event::Action(Action::Tick))
        });
    }

    /// Lobbies listening (for the tests).
    #[cfg(test)]
    pub fn listening(&self) -> usize {
        self.listeners
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_of_changes_wakes_a_lobby_once_and_a_closed_lobby_is_forgotten() {
        let news = News::default();
        let (wake, rx) = hotseat::runtime::channel();
        let heard = news.listen(wake);
        news.changed();
        news.changed();
        assert_eq!(rx.try_iter().count(), 1);
        heard.read();
        news.changed();
        assert_eq!(rx.try_iter().count(), 1);
        drop((heard, rx));
        news.changed();
        assert_eq!(news.listening(), 0);
    }
}
