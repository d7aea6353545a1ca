//! The engine playing against the human, at the edge: [`Effect::Opponent`]'s work carried out
//! with an [`Opponent`] (one engine process per game, on a thread of its own), and what it
//! says sent to the loop's channel as [`Event::Opponent`]. Nothing here waits for the engine:
//! an engine let go is dropped on a thread of its own, which tells it to quit and reaps it.

use std::path::PathBuf;

use super::events::EventSender;
use crate::app::Event;
use crate::app::sparring::{OpponentAsk, OpponentNews};
use crate::engine::EngineError;
use crate::engine::opponent::{Opponent, OpponentEvent, Timeouts};

/// The engine of the game on the board, if one is running.
pub struct Sparrer {
    sender: EventSender,
    running: Option<Opponent>,
}

impl std::fmt::Debug for Sparrer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sparrer")
            .field("running", &self.running.is_some())
            .finish()
    }
}

impl Sparrer {
    pub fn new(sender: EventSender) -> Sparrer {
        Sparrer {
            sender,
            running: None,
        }
    }

    /// Carries out `ask` with the engine `engine` (or why there is none).
    pub fn carry_out(&mut self, ask: OpponentAsk, engine: Result<PathBuf, EngineError>) {
        match ask {
            OpponentAsk::Start { strength, chess960 } => {
                self.stop();
                let engine = match engine {
                    Ok(engine) => engine,
                    Err(error) => return self.failed(&error),
                };
                let sender = self.sender.clone();
                self.running = Some(Opponent::spawn(
                    engine,
                    strength,
                    chess960,
                    Timeouts::default(),
                    move |event| {
                        let news = match event {
                            OpponentEvent::Ready(_) => return,
                            OpponentEvent::Moved(reply) => OpponentNews::Moved {
                                id: reply.id,
                                mv: reply.mv,
                                eval: reply.eval,
                            },
                            OpponentEvent::Failed(error) => OpponentNews::Failed(error.to_string()),
                        };
                        sender.send(Event::Opponent(news));
                    },
                ));
            }
            OpponentAsk::Think(job) => match &self.running {
                Some(opponent) => opponent.think(*job),
                None => {
                    self.sender.send(Event::Opponent(OpponentNews::Failed(
                        "the engine is not running".to_owned(),
                    )));
                }
            },
            OpponentAsk::MoveNow(id) => {
                if let Some(opponent) = &self.running {
                    opponent.move_now(id);
                }
            }
            OpponentAsk::Stop => self.stop(),
        }
    }

    /// Lets the engine go, without waiting for it.
    fn stop(&mut self) {
        if let Some(opponent) = self.running.take() {
            let _ = std::thread::Builder::new()
                .name("engine-opponent-end".into())
                .spawn(move || drop(opponent));
        }
    }

    fn failed(&self, error: &EngineError) {
        self.sender
            .send(Event::Opponent(OpponentNews::Failed(error.to_string())));
    }
}
