//! A server's engines, shared fairly among the strangers it serves.
//!
//! One [`EnginePool`] per server: at most [`EnginePool::slots`] engine searches run at once in
//! all, at most one per player's key, the others wait in line in the order they asked. A
//! waiting search hears how many go before it (so its player reads "the analysis starts after
//! 2 others"); one whose player gives it up (a new position, the report closed, the player
//! gone) leaves the line at once. A [`Permit`] is a place among the running: dropped, the next
//! in line that may run starts.
//!
//! The local player has no pool: their machine, their engines (see
//! [`Policy`](super::policy::Policy)).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// How often a waiting search looks whether its player gave it up. Waiting is on the pool's
/// condition, woken by every place given back; this bounds only how late a cancel is seen.
const CANCEL_CHECK: Duration = Duration::from_millis(200);

/// The engines of a server. See the [module docs](self).
#[derive(Debug)]
pub struct EnginePool {
    slots: usize,
    state: Mutex<PoolState>,
    changed: Condvar,
}

#[derive(Debug, Default)]
struct PoolState {
    /// The keys of the searches running (a key at most once).
    running: Vec<String>,
    /// The searches waiting, first come first: a ticket and its key.
    waiting: VecDeque<(u64, String)>,
    next_ticket: u64,
}

impl PoolState {
    /// Whether the waiting search `ticket` may start now: a place is free, its key runs
    /// nothing, and no search before it in line could take that place.
    fn may_start(&self, slots: usize, ticket: u64) -> bool {
        if self.running.len() >= slots {
            return false;
        }
        for (t, key) in &self.waiting {
            if self.running.contains(key) {
                continue;
            }
            // The first in line that could run is the one that does.
            return *t == ticket;
        }
        false
    }

    /// How many searches go before `ticket`: those waiting ahead of it in line, and one
    /// running that must end first when no place is free for it.
    fn ahead(&self, slots: usize, ticket: u64, key: &str) -> usize {
        let in_line = self
            .waiting
            .iter()
            .take_while(|(t, _)| *t != ticket)
            .count();
        let blocked = self.running.len() >= slots || self.running.iter().any(|k| k == key);
        in_line + usize::from(blocked)
    }
}

/// A place among the running searches, given back when dropped.
#[derive(Debug)]
pub struct Permit {
    pool: Arc<EnginePool>,
    key: String,
}

impl Drop for Permit {
    fn drop(&mut self) {
        let mut state = self.pool.lock();
        if let Some(at) = state.running.iter().position(|k| *k == self.key) {
            state.running.swap_remove(at);
        }
        drop(state);
        self.pool.changed.notify_all();
    }
}

impl EnginePool {
    /// A pool of `slots` engines (at least one).
    pub fn new(slots: usize) -> Arc<EnginePool> {
        Arc::new(EnginePool {
            slots: slots.max(1),
            state: Mutex::new(PoolState::default()),
            changed: Condvar::new(),
        })
    }

    /// The default for a machine: its cores less one (the games' own threads need one), at
    /// least one.
    pub fn default_slots() -> usize {
        std::thread::available_parallelism()
            .map_or(1, |n| n.get().saturating_sub(1))
            .max(1)
    }

    /// How many searches may run at once.
    pub fn slots(&self) -> usize {
        self.slots
    }

    /// How many searches run now, and how many wait.
    pub fn load(&self) -> (usize, usize) {
        let state = self.lock();
        (state.running.len(), state.waiting.len())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, PoolState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for a place for a search of `key`'s player, telling `waiting` how many go before
    /// it whenever that changes (not at all when it starts at once). `None` when `cancel` was
    /// raised first: the search left the line.
    pub fn acquire(
        self: &Arc<EnginePool>,
        key: &str,
        cancel: &AtomicBool,
        mut waiting: impl FnMut(usize),
    ) -> Option<Permit> {
        let mut state = self.lock();
        let ticket = state.next_ticket;
        state.next_ticket += 1;
        state.waiting.push_back((ticket, key.to_owned()));
        let mut told = None;
        loop {
            if cancel.load(Ordering::Relaxed) {
                state.waiting.retain(|(t, _)| *t != ticket);
                drop(state);
                // The line moved for those behind.
                self.changed.notify_all();
                return None;
            }
            if state.may_start(self.slots, ticket) {
                state.waiting.retain(|(t, _)| *t != ticket);
                state.running.push(key.to_owned());
                drop(state);
                self.changed.notify_all();
                return Some(Permit {
                    pool: self.clone(),
                    key: key.to_owned(),
                });
            }
            let ahead = state.ahead(self.slots, ticket, key);
            if told != Some(ahead) {
                told = Some(ahead);
                // Said without the lock: the callback sends on a channel.
                drop(state);
                waiting(ahead);
                state = self.lock();
                continue;
            }
            state = self
                .changed
                .wait_timeout(state, CANCEL_CHECK)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    fn never() -> &'static AtomicBool {
        static NEVER: AtomicBool = AtomicBool::new(false);
        &NEVER
    }

    #[test]
    fn a_free_place_is_taken_at_once_without_a_word() {
        let pool = EnginePool::new(2);
        let mut said = Vec::new();
        let a = pool.acquire("ann", never(), |n| said.push(n));
        let b = pool.acquire("bob", never(), |n| said.push(n));
        assert!(a.is_some() && b.is_some());
        assert!(said.is_empty());
        assert_eq!(pool.load(), (2, 0));
        drop(a);
        assert_eq!(pool.load(), (1, 0));
    }

    /// Starts a search of `key` on a thread; what it hears, and when it starts, on `tx`.
    fn queue(
        pool: &Arc<EnginePool>,
        key: &'static str,
        cancel: Arc<AtomicBool>,
        tx: mpsc::Sender<(&'static str, Option<usize>)>,
    ) -> std::thread::JoinHandle<Option<Permit>> {
        let pool = pool.clone();
        std::thread::spawn(move || {
            let told = tx.clone();
            let permit = pool.acquire(key, &cancel, move |n| {
                let _ = told.send((key, Some(n)));
            });
            let _ = tx.send((key, None));
            permit
        })
    }

    #[test]
    fn the_waiting_hear_their_place_and_start_in_the_order_they_asked() {
        let pool = EnginePool::new(1);
        let first = pool.acquire("ann", never(), |_| {}).unwrap();
        let (tx, rx) = mpsc::channel();
        let bob = queue(&pool, "bob", Arc::default(), tx.clone());
        assert_eq!(rx.recv().unwrap(), ("bob", Some(1)));
        let cid = queue(&pool, "cid", Arc::default(), tx);
        assert_eq!(rx.recv().unwrap(), ("cid", Some(2)));
        drop(first);
        // Bob starts; Cid moves up to one ahead (Bob running).
        let mut heard: Vec<_> = (0..2).map(|_| rx.recv().unwrap()).collect();
        heard.sort();
        assert_eq!(heard, [("bob", None), ("cid", Some(1))]);
        let bob = bob.join().unwrap().unwrap();
        drop(bob);
        assert_eq!(rx.recv().unwrap(), ("cid", None));
        assert!(cid.join().unwrap().is_some());
    }

    #[test]
    fn one_key_runs_one_search_and_the_next_key_in_line_goes_past_it() {
        let pool = EnginePool::new(2);
        let ann = pool.acquire("ann", never(), |_| {}).unwrap();
        let (tx, rx) = mpsc::channel();
        // Ann's second search waits though a place is free...
        let ann2 = queue(&pool, "ann", Arc::default(), tx.clone());
        assert_eq!(rx.recv().unwrap(), ("ann", Some(1)));
        // ...and Bob, behind her in line, takes that place.
        let bob = pool.acquire("bob", never(), |_| {});
        assert!(bob.is_some());
        drop(ann);
        assert_eq!(rx.recv().unwrap(), ("ann", None));
        assert!(ann2.join().unwrap().is_some());
    }

    #[test]
    fn a_search_given_up_leaves_the_line_and_those_behind_move_up() {
        let pool = EnginePool::new(1);
        let first = pool.acquire("ann", never(), |_| {}).unwrap();
        let (tx, rx) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let bob = queue(&pool, "bob", cancel.clone(), tx.clone());
        assert_eq!(rx.recv().unwrap(), ("bob", Some(1)));
        let cid = queue(&pool, "cid", Arc::default(), tx);
        assert_eq!(rx.recv().unwrap(), ("cid", Some(2)));
        cancel.store(true, Ordering::Relaxed);
        let mut heard: Vec<_> = (0..2).map(|_| rx.recv().unwrap()).collect();
        heard.sort();
        assert_eq!(heard, [("bob", None), ("cid", Some(1))]);
        assert!(bob.join().unwrap().is_none());
        assert_eq!(pool.load(), (1, 1));
        drop(first);
        assert!(cid.join().unwrap().is_some());
    }
}
