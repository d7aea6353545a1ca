//! File work on a thread of its own, so that a slow disk never stalls the screen.
//!
//! The loop hands every file and library effect ([`Work`]) to a [`FileQueue`] ([`FileQueue::push`], which never
//! waits for the disk) and goes back to the keys. The worker thread carries the jobs out one
//! at a time, in the order they were handed out (a later save never lands before an earlier
//! one), and sends each result back through the loop's channel as a typed
//! [`Event`].
//!
//! Three things wait for the queue:
//! * quitting: [`Worker::finish`] closes the queue and waits until every job is done, so no
//!   game is lost by leaving;
//! * a signal or a panic ([`FileQueue::emergency_save`]): it takes the files, carries out what
//!   is still queued, then saves the game as it stands at that moment, and keeps the files so
//!   that nothing older is written after it;
//! * nothing else: the screen never does.
//!
//! The thread lives only while there is work: it is started by the job that finds the queue
//! idle and ends when it finds the queue empty. A game's saves come one a move, each a burst
//! of a job or two, so most of the time no worker thread exists. This is for memory: glibc
//! keeps a cache of freed blocks per thread (tcache, up to 7 blocks of each size), and the
//! jobs' blocks, made by the loop's thread and freed by the worker's, stayed in a long-lived
//! worker's cache for good (78 KB after forty plies, measured with gdb). A thread that ends
//! hands its cache, and its stack's pages, back (see benches/README.md, "What a game keeps in
//! memory").

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::events::EventSender;
use crate::app::event::SaveError;
use crate::app::{Event, FileEffect, LibraryEffect, SaveJob};

/// The file worker's share of the app's effects: the session's files, and the library beside
/// them.
#[derive(Debug)]
pub enum Work {
    Files(FileEffect),
    Library(LibraryEffect),
    /// The puzzles and the puzzle ratings, in the database beside the library.
    Puzzles(crate::app::puzzle::PuzzleEffect),
}

/// One piece of file work, as the loop hands it to the worker.
#[derive(Debug)]
pub struct Job {
    pub work: Work,
    /// The app time it was asked at.
    pub now: Duration,
    /// The game in progress as the app stood when it asked, kept for a save on a signal.
    pub save_job: Option<SaveJob>,
}

/// How a save on a signal went: `None` when there was no game in progress to save.
pub type EmergencySaved = Option<Result<(), SaveError>>;

/// Something kept until it is dropped: the files' lock after an emergency save, so that nothing
/// older is written after it.
pub trait Held {}

impl<T: ?Sized> Held for T {}

/// A session's files as the signal and panic handler sees them (see
/// [`signals`](super::signals)): whatever work they do, they can be saved now.
pub trait EmergencySave: Send + Sync {
    /// Finishes the queued work and saves the game as it stands (see
    /// [`FileQueue::emergency_save`]); the files stay held while the first part lives.
    fn save_now(&self, wait: bool) -> Option<(Box<dyn Held + '_>, EmergencySaved)>;
}

impl<F: FileWork> EmergencySave for FileQueue<F> {
    fn save_now(&self, wait: bool) -> Option<(Box<dyn Held + '_>, EmergencySaved)> {
        let (files, saved) = self.emergency_save(wait)?;
        Some((Box::new(files), saved))
    }
}

/// What carries out the file work: the session's [`Files`](super::Files), or a stand-in in
/// tests.
pub trait FileWork: Send + 'static {
    /// Carries out one job; the event says how it went (`None`: nothing to tell).
    fn carry_out(&mut self, job: Job) -> Option<Event>;
    /// News beside the last job's own result (a folder found to write to while saving
    /// fails), told after it.
    fn news(&mut self) -> Option<Event> {
        None
    }
    /// Saves the game in progress as it stands at app time `now` (on a signal or a panic):
    /// `None` when there is none to save.
    fn save_now(&mut self, now: Duration) -> EmergencySaved;
    /// The library's page being read, which the loop gives up when a newer filter overtakes
    /// it (`None`: these files read no library).
    fn overtaking(&self) -> Option<Arc<super::library::Overtaking>> {
        None
    }
    /// Sets the autosave aside: the game ended but its end could be written nowhere, so it
    /// must not be offered again as unfinished (see `Store::set_aside_before_end`). Where it
    /// went, as shown; `None`: nothing to set aside.
    fn set_aside_before_end(&mut self) -> Option<Result<String, crate::store::StoreError>> {
        None
    }
}

#[derive(Debug, Default)]
struct Queue {
    jobs: VecDeque<Job>,
    /// A thread is carrying the jobs out: it takes the ones pushed while it works, and ends
    /// when it finds none (setting this back under the same lock, so a job pushed after that
    /// starts another thread and none is left waiting).
    working: bool,
}

/// The file work of a session: the files, and the jobs waiting for them. Shared by the loop
/// (which pushes), the worker thread, and the signal thread and panic hook (which save).
#[derive(Debug)]
pub struct FileQueue<F> {
    files: Mutex<F>,
    /// The instant app time counts from.
    origin: Instant,
    queue: Mutex<Queue>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl<F: FileWork> FileQueue<F> {
    pub fn new(files: F, origin: Instant) -> Arc<FileQueue<F>> {
        Arc::new(FileQueue {
            files: Mutex::new(files),
            origin,
            queue: Mutex::new(Queue::default()),
        })
    }

    /// Queues a job; returns at once. `true` when no thread is carrying the jobs out: the
    /// caller starts one (or carries them out itself), and it is counted as working from now.
    pub fn push(&self, job: Job) -> bool {
        let mut queue = lock(&self.queue);
        queue.jobs.push_back(job);
        !std::mem::replace(&mut queue.working, true)
    }

    /// How many jobs wait (not counting one being carried out).
    pub fn waiting(&self) -> usize {
        lock(&self.queue).jobs.len()
    }

    /// On a signal or a panic: carries out the jobs still queued (their results go nowhere),
    /// then saves the game as it stands now. The files stay held while the guard lives, so no
    /// job can overwrite the save with something older. `wait`: wait for a job being carried
    /// out (else give up at once if the files are busy: a panic inside a write must not
    /// deadlock on it).
    pub fn emergency_save(&self, wait: bool) -> Option<(MutexGuard<'_, F>, EmergencySaved)> {
        let mut files = if wait {
            lock(&self.files)
        } else {
            self.files.try_lock().ok()?
        };
        let queued: Vec<Job> = lock(&self.queue).jobs.drain(..).collect();
        for job in queued {
            let _ = files.carry_out(job);
        }
        let saved = files.save_now(self.origin.elapsed());
        Some((files, saved))
    }

    /// [`FileWork::set_aside_before_end`].
    pub fn set_aside_before_end(&self) -> Option<Result<String, crate::store::StoreError>> {
        lock(&self.files).set_aside_before_end()
    }

    /// Carries out the jobs, one at a time, results to the loop, until none is left (the
    /// worker thread's life).
    fn work(&self, events: &EventSender) {
        loop {
            let mut files = lock(&self.files);
            // Taken under the files' lock: an emergency save either finds it queued or finds
            // it done, never half-taken.
            let job = {
                let mut queue = lock(&self.queue);
                let job = queue.jobs.pop_front();
                if job.is_none() {
                    queue.working = false;
                }
                job
            };
            let Some(job) = job else {
                return;
            };
            let event = files.carry_out(job);
            let news = files.news();
            drop(files);
            // The loop may have ended (quitting): the result has no one to tell.
            for event in event.into_iter().chain(news) {
                let _ = events.send(event);
            }
        }
    }
}

/// The worker thread of a [`FileQueue`], started for each burst of jobs (see the
/// [module docs](self)).
#[derive(Debug)]
pub struct Worker<F> {
    queue: Arc<FileQueue<F>>,
    events: EventSender,
    /// The thread of the last burst, joined before the next one starts and when the worker
    /// is dropped.
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl<F: FileWork> Worker<F> {
    /// The worker of `queue`, sending the results to `events`. No thread yet: the first job
    /// starts one.
    pub fn new(queue: Arc<FileQueue<F>>, events: EventSender) -> Worker<F> {
        Worker {
            queue,
            events,
            thread: Mutex::new(None),
        }
    }

    /// Hands a job to the worker; returns at once (but where no thread can be started, when
    /// the job is done: it is carried out on the caller's thread rather than lost).
    pub fn push(&self, job: Job) {
        if !self.queue.push(job) {
            return;
        }
        let mut thread = lock(&self.thread);
        // The last burst's thread has found the queue empty: it is ending, if not gone.
        if let Some(last) = thread.take() {
            let _ = last.join();
        }
        let queue = self.queue.clone();
        let events = self.events.clone();
        match std::thread::Builder::new()
            .name("hotseat-files".to_owned())
            .spawn(move || queue.work(&events))
        {
            Ok(started) => *thread = Some(started),
            Err(_) => self.queue.work(&self.events),
        }
    }

    /// Waits until every job handed out is done (as dropping it does).
    pub fn finish(self) {
        drop(self);
    }
}

impl<F> Drop for Worker<F> {
    /// Waits until every job handed out is done: the last thread ends when the queue is empty.
    fn drop(&mut self) {
        if let Some(thread) = lock(&self.thread).take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Notes what it is asked to do, in order.
    #[derive(Default)]
    struct Notebook(Vec<String>);

    impl FileWork for Notebook {
        fn carry_out(&mut self, job: Job) -> Option<Event> {
            if let Work::Files(FileEffect::Autosave(pgn)) = job.work {
                self.0.push(pgn);
            }
            None
        }

        fn save_now(&mut self, now: Duration) -> Option<Result<(), SaveError>> {
            self.0.push(format!("now at {}", now.as_secs() / 3600));
            Some(Ok(()))
        }
    }

    fn autosave(pgn: &str) -> Job {
        Job {
            work: Work::Files(FileEffect::Autosave(pgn.to_owned())),
            now: Duration::ZERO,
            save_job: None,
        }
    }

    #[test]
    fn an_emergency_save_writes_what_is_queued_first_then_the_game_as_it_stands() {
        let queue = FileQueue::new(Notebook::default(), Instant::now());
        queue.push(autosave("1. e4 *"));
        queue.push(autosave("1. e4 e5 *"));
        let (files, saved) = queue.emergency_save(true).unwrap();
        assert!(matches!(saved, Some(Ok(()))));
        assert_eq!(files.0, ["1. e4 *", "1. e4 e5 *", "now at 0"]);
        assert_eq!(queue.waiting(), 0);
        // While the save's files are held, nothing else can write.
        assert!(queue.emergency_save(false).is_none());
    }

    /// Notes the thread each job was carried out on.
    struct Threads(Arc<Mutex<Vec<std::thread::ThreadId>>>);

    impl FileWork for Threads {
        fn carry_out(&mut self, _job: Job) -> Option<Event> {
            lock(&self.0).push(std::thread::current().id());
            None
        }

        fn save_now(&mut self, _now: Duration) -> Option<Result<(), SaveError>> {
            None
        }
    }

    #[test]
    fn each_burst_of_jobs_has_a_thread_that_ends_when_the_queue_is_empty() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let queue = FileQueue::new(Threads(seen.clone()), Instant::now());
        let (events, _wake) = super::super::events::channel();
        let worker = Worker::new(queue.clone(), events);
        worker.push(autosave("1. e4 *"));
        let asked = Instant::now();
        while lock(&queue.queue).working {
            assert!(
                asked.elapsed() < Duration::from_secs(10),
                "the job was never done"
            );
            std::thread::yield_now();
        }
        worker.push(autosave("1. e4 e5 *"));
        worker.push(autosave("1. e4 e5 2. Nf3 *"));
        // Finishing waits for every job handed out.
        worker.finish();
        let seen = lock(&seen);
        assert_eq!(seen.len(), 3);
        assert_ne!(
            seen[0], seen[1],
            "the first burst's thread ended; the second has its own"
        );
        assert!(!seen.contains(&std::thread::current().id()));
    }
}
