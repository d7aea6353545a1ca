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
//! Looking at a slot without taking it (which other windows there are) takes a *shared* lock
//! for an instant and writes nothing, so the lock file only ever holds a real holder's words; a
//! session that finds its slot refused only by such a look waits the instant out.
//!
//! [`Store::claim`] picks the slot: the lowest free one that holds a saved game (so a game
//! left in any slot is found again), else the lowest free one. A game is never played
//! unlocked: a slot whose lock cannot be taken (a folder or a link in its place, a file system
//! without locks) is skipped, and when no slot is left (every one held, or none lockable) the
//! session plays in a file of its own, which it creates with `create_new` under a name with its
//! process id, so that no other session can choose it.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::time::SystemTime;

use super::error::{Op, StoreError};
use super::names::numbered;
use super::nofollow;
use super::{CURRENT_FILE, Store};

/// Slots beyond this are not looked for: nobody plays nine games at once on one keyboard.
pub const MAX_SLOTS: u32 = 9;

/// The held lock on a slot. Dropping it (or the process ending) releases the slot. For a
/// file of the session's own ([`Store::own_file`]) it is a lock on the file as created, and
/// dropping it removes the file if nothing was saved in it (a session that ends without
/// dropping it leaves that to the next start's [`Store::remove_stale_temp_files`]).
#[derive(Debug)]
pub struct GameLock {
    _file: Option<File>,
    own: Option<PathBuf>,
}

impl Drop for GameLock {
    fn drop(&mut self) {
        if let Some(own) = self.own.take()
            && std::fs::symlink_metadata(&own).is_ok_and(|m| m.is_file() && m.len() == 0)
        {
            let _ = std::fs::remove_file(own);
        }
    }
}

/// The start of the name of a session's own file, before its process id.
const OWN_STEM: &str = "current-own-";

/// Another running hotseat's slot: who holds it and since when (unix seconds), when known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holder {
    pub slot: u32,
    pub pid: Option<u32>,
    pub since: Option<i64>,
}

impl Holder {
    /// A holder whose process and start are not known.
    fn unknown(slot: u32) -> Holder {
        Holder {
            slot,
            pid: None,
            since: None,
        }
    }
}

/// What [`Store::claim`] found: the store on the slot this session took (or on a file of its
/// own), its lock, the slots other sessions hold, and why a slot could not be locked, if one
/// could not.
#[derive(Debug)]
pub struct Claim {
    pub store: Store,
    pub lock: Option<GameLock>,
    pub others: Vec<Holder>,
    pub trouble: Option<StoreError>,
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

/// How often, and how long apart, taking a slot is tried again while another session only
/// looks at it ([`Store::probe`] holds a shared lock for an instant).
const PROBE_RETRIES: u32 = 50;
const PROBE_WAIT: std::time::Duration = std::time::Duration::from_millis(5);

/// Whether the lock `file` could not take is held shared, by a probe, rather than by a
/// session: a shared lock is then granted (and released at once).
fn probed(file: &File) -> bool {
    let shared = file.try_lock_shared().is_ok();
    if shared {
        let _ = file.unlock();
    }
    shared
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
        self.take_after(pid, now, 0)
    }

    /// [`Store::try_take`], `tries` times refused already by another session's probe.
    fn take_after(&self, pid: u32, now: SystemTime, tries: u32) -> io::Result<Tried> {
        let path = self.lock_path();
        let mut file = nofollow::open(
            OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false),
            &path,
        )?;
        match file.try_lock() {
            Ok(()) => {
                let since = now
                    .duration_since(SystemTime::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs());
                // Best effort: the lock is what counts, the words are for the other window.
                let _ = file
                    .set_len(0)
                    .and_then(|()| file.write_all(format!("{pid} {since}\n").as_bytes()));
                Ok(Tried::Taken(GameLock {
                    _file: Some(file),
                    own: None,
                }))
            }
            Err(TryLockError::WouldBlock) if probed(&file) => {
                // Only another session's look at the slot (a shared lock, for an instant):
                // wait it out rather than take the look for a holder.
                if tries < PROBE_RETRIES {
                    std::thread::sleep(PROBE_WAIT);
                    return self.take_after(pid, now, tries + 1);
                }
                Ok(Tried::Held(Holder::unknown(self.slot)))
            }
            Err(TryLockError::WouldBlock) => Ok(Tried::Held(self.holder())),
            Err(TryLockError::Error(e)) => Err(e),
        }
    }

    /// Whether another session holds this slot, and who, without taking it or writing to its
    /// lock file: a shared lock for an instant, which a holder's exclusive lock refuses.
    fn probe(&self) -> Option<Holder> {
        let file = nofollow::open(OpenOptions::new().read(true), &self.lock_path()).ok()?;
        match file.try_lock_shared() {
            Err(TryLockError::WouldBlock) => Some(self.holder()),
            // Free (the lock goes with `file`), or not lockable: nobody to name.
            _ => None,
        }
    }

    /// Who holds this slot, as far as its lock file says. Process 0 and the time 0 are no
    /// holder's: such words (which an older hotseat's look at a free slot left) are not
    /// believed, and the message then goes without them.
    fn holder(&self) -> Holder {
        let mut text = String::new();
        let _ = nofollow::open(OpenOptions::new().read(true), &self.lock_path())
            .and_then(|f| f.take(64).read_to_string(&mut text));
        let mut words = text.split_ascii_whitespace();
        Holder {
            slot: self.slot,
            pid: words
                .next()
                .and_then(|w| w.parse().ok())
                .filter(|&p| p != 0),
            since: words.next().and_then(|w| w.parse().ok()).filter(|&s| s > 0),
        }
    }

    /// Takes a slot for this process (`pid`, at `now`), creating the data folder: the lowest
    /// free slot holding a saved game, else the lowest free one. Other sessions' slots are
    /// reported in [`Claim::others`]. A slot whose lock cannot be taken at all (a folder or a
    /// link in its place, a file system without locks) is skipped and reported in
    /// [`Claim::trouble`]; when no slot is left, the session plays in a file of its own (see
    /// [`Store::own_file`]). An error means the folder cannot be written at all.
    pub fn claim(&self, pid: u32, now: SystemTime) -> Result<Claim, StoreError> {
        self.ensure_dir(self.dir())?;
        let mut others = Vec::new();
        let mut trouble = None;
        let mut empty: Option<(Store, GameLock)> = None;
        for slot in 1..=MAX_SLOTS {
            let store = self.on_slot(slot);
            let used = slot == 1 || store.lock_path().exists() || store.current_path().exists();
            if !used && empty.is_some() {
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
                            trouble,
                        });
                    }
                    if empty.is_none() {
                        empty = Some((store, lock));
                    }
                }
                Ok(Tried::Held(holder)) => others.push(holder),
                // Never played unlocked: another session could write the same file.
                Err(e) => {
                    trouble.get_or_insert(StoreError::io(Op::Lock, store.lock_path(), e));
                }
            }
        }
        if let Some((store, lock)) = empty {
            return Ok(Claim {
                store,
                lock: Some(lock),
                others,
                trouble,
            });
        }
        let trouble = trouble.unwrap_or_else(|| {
            StoreError::io(
                Op::Lock,
                self.on_slot(MAX_SLOTS).lock_path(),
                io::Error::other(format!("all {MAX_SLOTS} game slots are in use")),
            )
        });
        let (store, lock) = self.own_file(pid)?;
        Ok(Claim {
            store,
            lock: Some(lock),
            others,
            trouble: Some(trouble),
        })
    }

    /// A file of this session's own, `current-own-<pid>.pgn` (`-2`, `-3`... if taken), created
    /// empty with `create_new` so that no other session can ever choose it: where a session
    /// plays when no slot can be locked, or the slot's saved game cannot be read. The guard
    /// removes the file if nothing was ever saved in it.
    pub fn own_file(&self, pid: u32) -> Result<(Store, GameLock), StoreError> {
        self.ensure_dir(self.dir())?;
        let mut last = self.dir().to_path_buf();
        for candidate in numbered(self.dir(), &format!("{OWN_STEM}{pid}"), "pgn") {
            match nofollow::open(OpenOptions::new().write(true).create_new(true), &candidate) {
                Ok(file) => {
                    // Held while the session runs, so that a later start's sweep
                    // ([`Store::remove_unused_own_files`]) knows it from a dead session's.
                    let _ = file.try_lock();
                    let store = Store {
                        own: Some(candidate.clone()),
                        ..self.clone()
                    };
                    let guard = GameLock {
                        _file: Some(file),
                        own: Some(candidate),
                    };
                    return Ok((store, guard));
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = candidate,
                Err(e) => return Err(StoreError::io(Op::Save, candidate, e)),
            }
        }
        Err(StoreError::io(
            Op::Save,
            last,
            io::Error::new(io::ErrorKind::AlreadyExists, "every file name is taken"),
        ))
    }

    /// Removes the files of their own that sessions which ended without saving a move left
    /// behind: `current-own-*.pgn` still empty and no longer held (its session holds a lock on
    /// it as long as it runs, and a save replaces it with a file that is not empty). Best
    /// effort; returns what was removed.
    pub(super) fn remove_unused_own_files(&self) -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(self.dir()) else {
            return Vec::new();
        };
        entries
            .flatten()
            .filter(|e| {
                e.file_name()
                    .to_str()
                    .is_some_and(|n| n.starts_with(OWN_STEM) && n.ends_with(".pgn"))
            })
            .filter_map(|e| {
                let path = e.path();
                let file = nofollow::open(OpenOptions::new().read(true), &path).ok()?;
                file.try_lock().ok()?;
                let empty = file.metadata().ok()?.len() == 0;
                (empty && std::fs::remove_file(&path).is_ok()).then_some(path)
            })
            .collect()
    }

    /// The slots above `slot` held by other sessions (for the message; nothing is taken, and
    /// no lock file is written).
    fn holders_after(&self, slot: u32) -> Vec<Holder> {
        (slot + 1..=MAX_SLOTS)
            .filter_map(|s| self.on_slot(s).probe())
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

    const STAMP: &str = "77 1795292040\n";

    #[test]
    fn looking_at_other_slots_writes_nothing_and_names_no_process_it_does_not_know() {
        let dir = fresh("probe");
        let store = Store::new(DataDir::new(&dir));
        let now = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_795_292_100);
        // Slot 1 holds a game; slot 3's lock file is a dead session's, slot 4's is held by a
        // session whose words are not there (an older hotseat's look stamped "0 0").
        store.save_current("[Event \"?\"]\n\n*\n").unwrap();
        let dead = store.on_slot(3).lock_path();
        fs::write(&dead, STAMP).unwrap();
        let held = store.on_slot(4).lock_path();
        fs::write(&held, "0 0\n").unwrap();
        let holder = File::open(&held).unwrap();
        holder.try_lock().unwrap();

        let claim = store.claim(5, now).unwrap();
        assert_eq!(claim.store.slot(), 1);
        assert_eq!(claim.others, vec![Holder::unknown(4)], "no process 0");
        assert_eq!(fs::read_to_string(&dead).unwrap(), STAMP, "not written");
        assert_eq!(fs::read_to_string(&held).unwrap(), "0 0\n");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_slot_only_looked_at_is_taken_once_the_look_ends() {
        let dir = fresh("looked");
        let store = Store::new(DataDir::new(&dir));
        let now = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_795_292_100);
        fs::create_dir_all(&dir).unwrap();
        let path = store.lock_path();
        fs::write(&path, STAMP).unwrap();
        // Another session's look at slot 1, ending a moment later.
        let look = File::open(&path).unwrap();
        look.try_lock_shared().unwrap();
        let ends = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(10));
            drop(look);
        });
        let claim = store.claim(5, now).unwrap();
        ends.join().unwrap();
        assert_eq!(claim.store.slot(), 1, "not taken for a holder");
        assert!(claim.others.is_empty(), "{:?}", claim.others);
        assert_eq!(fs::read_to_string(&path).unwrap(), "5 1795292100\n");
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

    #[test]
    fn a_file_of_its_own_is_removed_on_drop_only_while_empty() {
        let dir = fresh("own");
        let store = Store::new(DataDir::new(&dir));
        let (own, guard) = store.own_file(7).unwrap();
        let path = dir.join("current-own-7.pgn");
        assert!(path.is_file(), "created at once, empty");
        drop(guard);
        assert!(!path.exists(), "nothing was saved in it: removed");

        let (own2, guard) = store.own_file(7).unwrap();
        let saved = own2.save_current("[Event \"?\"]\n\n*\n").unwrap();
        assert_eq!(saved, path);
        drop(guard);
        assert!(path.is_file(), "a game is in it: kept");
        drop(own);
        let _ = fs::remove_dir_all(&dir);
    }

    /// A shared lock that does not end (not a look of an instant) is taken for a holder after
    /// a while: the claim goes on to the next slot instead of waiting for ever.
    #[test]
    fn a_shared_lock_that_stays_is_given_up_on() {
        let dir = fresh("stays");
        let store = Store::new(DataDir::new(&dir));
        fs::create_dir_all(&dir).unwrap();
        let path = store.lock_path();
        fs::write(&path, STAMP).unwrap();
        let look = File::open(&path).unwrap();
        look.try_lock_shared().unwrap();
        let claim = store.claim(5, SystemTime::UNIX_EPOCH).unwrap();
        assert_eq!(claim.store.slot(), 2);
        assert_eq!(claim.others, vec![Holder::unknown(1)]);
        drop(look);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_first_claim_locks_slot_one_only() {
        let dir = fresh("first");
        let store = Store::new(DataDir::new(&dir));
        let claim = store.claim(5, SystemTime::UNIX_EPOCH).unwrap();
        assert_eq!(claim.store.slot(), 1);
        let mut names: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["current.lock"], "no other slot's lock file made");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_of_its_own_passes_over_a_taken_name() {
        let dir = fresh("own-taken");
        let store = Store::new(DataDir::new(&dir));
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("current-own-8.pgn"), "someone's").unwrap();
        let (own, _guard) = store.own_file(8).unwrap();
        let saved = own.save_current("[Event \"?\"]\n\n*\n").unwrap();
        assert_eq!(saved, dir.join("current-own-8-2.pgn"));
        assert_eq!(
            fs::read_to_string(dir.join("current-own-8.pgn")).unwrap(),
            "someone's"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    /// Only files of their own that are empty and no longer held are swept.
    #[test]
    fn unused_files_of_their_own_are_swept_and_nothing_else() {
        let dir = fresh("sweep");
        let store = Store::new(DataDir::new(&dir));
        fs::create_dir_all(&dir).unwrap();
        let unused = dir.join("current-own-1.pgn");
        fs::write(&unused, "").unwrap();
        fs::write(dir.join("current-own-2.pgn"), "[Event \"?\"]").unwrap();
        fs::write(dir.join("current-own-3.txt"), "").unwrap();
        fs::write(dir.join("other-own-4.pgn"), "").unwrap();
        let (_held, guard) = store.own_file(5).unwrap();
        assert_eq!(store.remove_unused_own_files(), vec![unused.clone()]);
        assert!(!unused.exists());
        for kept in [
            "current-own-2.pgn",
            "current-own-3.txt",
            "other-own-4.pgn",
            "current-own-5.pgn",
        ] {
            assert!(dir.join(kept).exists(), "{kept}");
        }
        drop(guard);
        let _ = fs::remove_dir_all(&dir);
    }
}
