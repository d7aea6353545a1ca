//! Helpers shared by integration tests. Each test crate uses only some of them.
#![allow(dead_code)]

pub mod buffer;
pub mod play;
pub mod pty;
pub mod skip;

/// The file worker's share of one of the app's effects, as the loop hands it over: `None` for
/// the effects that go elsewhere (the engine, the network, the screen).
pub fn file_work(effect: hotseat::app::Effect) -> Option<hotseat::runtime::worker::Work> {
    use hotseat::app::Effect;
    use hotseat::runtime::worker::Work;
    match effect {
        Effect::Files(effect) => Some(Work::Files(effect)),
        Effect::Library(effect) => Some(Work::Library(effect)),
        Effect::Puzzles(effect) => Some(Work::Puzzles(effect)),
        Effect::Engine(_) | Effect::Net(_) | Effect::Screen(_) => None,
    }
}
