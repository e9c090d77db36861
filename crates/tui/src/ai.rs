//! AI seats think on a worker thread, so the screen keeps answering keys while they do.
//!
//! The worker owns the players. The UI sends it a seat's observation and legal actions with a
//! ticket number and polls for the answer; an answer whose ticket is no longer current (the
//! game was left or an action was undone meanwhile) is dropped.

use squadsight_ai::{Choice, Player};
use squadsight_core::{Ruleset, Seat};
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

/// The name of AI worker threads; the panic hook leaves the terminal alone for them, because
/// their panics are reported on screen instead.
pub const AI_THREAD: &str = "squadsight-ai";

struct Request<R: Ruleset> {
    ticket: u64,
    seat: Seat,
    obs: R::Observation,
    legal: Vec<R::Action>,
}

/// A finished decision.
#[derive(Debug)]
pub struct Answer<A> {
    /// The ticket it answers.
    pub ticket: u64,
    /// Whose decision it was.
    pub seat: Seat,
    /// The choice, or what went wrong in the player.
    pub choice: Result<Choice<A>, String>,
    /// How long the player thought.
    pub took: Duration,
}

/// What polling the worker gave.
#[derive(Debug)]
pub enum Poll<A> {
    /// Still thinking (or nothing asked).
    Waiting,
    /// An answer arrived.
    Answer(Answer<A>),
    /// The worker is gone.
    Gone,
}

/// A thread running the AI players of one game.
pub struct AiWorker<R: Ruleset> {
    requests: Sender<Request<R>>,
    answers: Receiver<Answer<R::Action>>,
}

impl<R: Ruleset> AiWorker<R> {
    /// Starts a worker for the given players.
    pub fn spawn(
        ruleset: Arc<R>,
        players: BTreeMap<Seat, Box<dyn Player<R>>>,
    ) -> std::io::Result<AiWorker<R>> {
        let (requests, inbox) = mpsc::channel::<Request<R>>();
        let (outbox, answers) = mpsc::channel();
        let mut players = players;
        thread::Builder::new()
            .name(AI_THREAD.to_string())
            .spawn(move || {
                for req in inbox {
                    let start = Instant::now();
                    let choice = match players.get_mut(&req.seat) {
                        Some(p) => catch_unwind(AssertUnwindSafe(|| {
                            p.choose(&ruleset, &req.obs, req.seat, &req.legal)
                        }))
                        .map_err(|payload| panic_text(payload.as_ref())),
                        None => Err(format!("no AI player sits in {}", req.seat)),
                    };
                    let answer = Answer {
                        ticket: req.ticket,
                        seat: req.seat,
                        choice,
                        took: start.elapsed(),
                    };
                    if outbox.send(answer).is_err() {
                        break;
                    }
                }
            })?;
        Ok(AiWorker { requests, answers })
    }

    /// Asks for `seat`'s decision; returns false if the worker is gone.
    pub fn ask(&self, ticket: u64, seat: Seat, obs: R::Observation, legal: Vec<R::Action>) -> bool {
        self.requests
            .send(Request {
                ticket,
                seat,
                obs,
                legal,
            })
            .is_ok()
    }

    /// Looks for an answer without waiting.
    pub fn poll(&self) -> Poll<R::Action> {
        match self.answers.try_recv() {
            Ok(a) => Poll::Answer(a),
            Err(TryRecvError::Empty) => Poll::Waiting,
            Err(TryRecvError::Disconnected) => Poll::Gone,
        }
    }
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown error".to_string());
    format!("the AI player failed: {what}")
}
