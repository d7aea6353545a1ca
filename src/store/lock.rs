//! One writer per game: each running hotseat holds an OS lock on its game's slot.
//!
//! Two windows on the same data folder must never save over each other, nor offer, archive or
//! resume the game the other is playing. So the game in progress lives in a *slot*: slot 1 is
//! `current.pgn`, slot `n` is `current-<n>.pgn`, and a running session holds an exclusive OS
//! lock on the slot's lock file (`current.lock`, `current-<n>.lock`) for as long as it runs. The
//! operating system drops the lock when the process ends, however it ends (SIGKILL, a crash, a
//! closed terminal), so there is never a stale lock to clean by hand: the lock file left behind
//! is harmless, and the next session takes it.
//!
//! The save itself cannot carry the lock: it is replaced by a rename on every save, and a lock
//! belongs to the file it was taken on. The lock file holds the holder's process id and the
//! moment it took the slot, for the other window's message ("process 4242 since 20:14"); on
//! systems where a locked file cannot be read (Windows), the message goes without them.
//!
//! [`Store::claim`] picks the slot: the lowest free one that holds a saved game (so a game
//! left in any slot is found again), else the lowest free one. A folder where locks cannot be
//! taken at all (a file system without them) is played unlocked, as before.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::time::SystemTime;

use super::error::{Op, StoreError};
use super::{CURRENT_FILE, Store};

/// Slots beyond this are not looked for: nobody plays nine games at once on one keyboard.
pub const MAX_SLOTS: u32 = 9;

/// The held lock on a slot. Dropping it (or the process ending) releases the slot.
#[derive(Debug)]
pub struct GameLock {
    _file: File,
}

/// Another running hotseat's slot: who holds it and since when (unix seconds), when known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holder {
    pub slot: u32,
    pub pid: Option<u32>,
    pub since: Option<i64>,
}

/// What [`Store::claim`] found: the store on the slot this session took, its lock (`None` when
/// the folder cannot be locked), and the slots other sessions hold.
#[derive(Debug)]
pub struct Claim {
    pub store: Store,
    pub lock: Option<GameLock>,
    pub others: Vec<Holder>,
}

/// The file name of slot `slot`'s save, or lock with `ext` = `lock`.
pub(super) fn slot_file(slot: u32, ext: &str) -> String {
    let stem = CURRENT_FILE.trim_end_matches(".pgn");
    if slot <= 1 {
        format!("{stem}.{ext}")
    } else {
        format!("{stem}-{slot}.{ext}")
    }
}

enum Tried {
    Taken(GameLock),
    Held(Holder),
}

impl Store {
    fn lock_path(&self) -> PathBuf {
        self.dir().join(slot_file(self.slot, "lock"))
    }

    /// Tries to take this store's slot for process `pid` at `now`.
    fn try_take(&self, pid: u32, now: SystemTime) -> io::Result<Tried> {
        let path = self.lock_path();
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)?;
        match file.try_lock() {
            Ok(()) => {
                let since = now
                    .duration_since(SystemTime::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs());
                // Best effort: the lock is what counts, the words are for the other window.
                let _ = file
                    .set_len(0)
                    .and_then(|()| file.write_all(format!("{pid} {since}\n").as_bytes()));
                Ok(Tried::Taken(GameLock { _file: file }))
            }
            Err(TryLockError::WouldBlock) => Ok(Tried::Held(self.holder())),
            Err(TryLockError::Error(e)) => Err(e),
        }
    }

    /// Who holds this slot, as far as its lock file says.
    fn holder(&self) -> Holder {
        let mut text = String::new();
        let _ = File::open(self.lock_path()).and_then(|f| f.take(64).read_to_string(&mut text));
        let mut words = text.split_ascii_whitespace();
        Holder {
            slot: self.slot,
            pid: words.next().and_then(|w| w.parse().ok()),
            since: words.next().and_then(|w| w.parse().ok()),
        }
    }

    /// Takes a slot for this process (`pid`, at `now`), creating the data folder: the lowest
    /// free slot holding a saved game, else the lowest free one. Other sessions' slots are
    /// reported in [`Claim::others`]. An error means the folder cannot be written at all.
    pub fn claim(&self, pid: u32, now: SystemTime) -> Result<Claim, StoreError> {
        self.ensure_dir(self.dir())?;
        let mut others = Vec::new();
        let mut empty: Option<(Store, GameLock)> = None;
        for slot in 1..=MAX_SLOTS {
            let store = self.on_slot(slot);
            let used = slot == 1 || store.lock_path().exists() || store.current_path().exists();
            if !used {
                if empty.is_none()
                    && let Tried::Taken(lock) = store
                        .try_take(pid, now)
                        .map_err(|e| StoreError::io(Op::Lock, store.lock_path(), e))?
                {
                    empty = Some((store, lock));
                }
                continue;
            }
            match store.try_take(pid, now) {
                Ok(Tried::Taken(lock)) => {
                    if store.current_path().exists() {
                        others.extend(self.holders_after(slot));
                        return Ok(Claim {
                            store,
                            lock: Some(lock),
                            others,
                        });
                    }
                    if empty.is_none() {
                        empty = Some((store, lock));
                    }
                }
                Ok(Tried::Held(holder)) => others.push(holder),
                // No locks on this file system: played as before, unlocked.
                Err(e) if slot == 1 && e.kind() == io::ErrorKind::Unsupported => {
                    return Ok(Claim {
                        store,
                        lock: None,
                        others,
                    });
                }
                Err(e) => return Err(StoreError::io(Op::Lock, store.lock_path(), e)),
            }
        }
        match empty {
            Some((store, lock)) => Ok(Claim {
                store,
                lock: Some(lock),
                others,
            }),
            None => Err(StoreError::io(
                Op::Lock,
                self.on_slot(MAX_SLOTS).lock_path(),
                io::Error::other(format!("all {MAX_SLOTS} game slots are in use")),
            )),
        }
    }

    /// The slots above `slot` held by other sessions (for the message; nothing is taken).
    fn holders_after(&self, slot: u32) -> Vec<Holder> {
        (slot + 1..=MAX_SLOTS)
            .map(|s| self.on_slot(s))
            .filter(|s| s.lock_path().exists())
            .filter_map(|s| match s.try_take(0, SystemTime::UNIX_EPOCH) {
                Ok(Tried::Held(h)) => Some(h),
                _ => None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::DataDir;
    use std::fs;

    #[test]
    fn slot_names_follow_current_pgn() {
        assert_eq!(slot_file(1, "pgn"), "current.pgn");
        assert_eq!(slot_file(2, "pgn"), "current-2.pgn");
        assert_eq!(slot_file(3, "lock"), "current-3.lock");
    }

    fn fresh(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hotseat-lock-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_held_slot_is_never_claimed_twice_and_names_its_holder() {
        let dir = fresh("twice");
        let store = Store::new(DataDir::new(&dir));
        let now = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_795_292_040);
        let first = store.claim(42, now).unwrap();
        assert_eq!(first.store.slot(), 1);
        assert!(first.others.is_empty());
        let second = store.claim(43, now).unwrap();
        assert_eq!(second.store.slot(), 2);
        assert_eq!(
            second.others,
            vec![Holder {
                slot: 1,
                pid: Some(42),
                since: Some(1_795_292_040)
            }]
        );
        drop(first);
        // Slot 1 is free again but holds no game: the lowest free slot is taken.
        let third = store.claim(44, now).unwrap();
        assert_eq!(third.store.slot(), 1);
        assert_eq!(third.others.len(), 1);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_free_slot_with_a_saved_game_is_preferred() {
        let dir = fresh("saved");
        let store = Store::new(DataDir::new(&dir));
        let now = SystemTime::UNIX_EPOCH;
        let first = store.claim(1, now).unwrap();
        let second = store.claim(2, now).unwrap();
        second.store.save_current("[Event \"?\"]\n\n*\n").unwrap();
        drop(first);
        drop(second);
        let again = store.claim(3, now).unwrap();
        assert_eq!(again.store.slot(), 2, "the slot holding a game");
        assert!(again.others.is_empty());
        let _ = fs::remove_dir_all(&dir);
    }
}
