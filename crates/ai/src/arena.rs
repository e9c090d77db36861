//! Measuring players against each other: many games from mixed seeds, with the two levels
//! swapping seats from game to game, each player seeing only its own seat's observation.
//!
//! Rates and intervals here are statistics about games, not rules, so they use floats.

use crate::{Level, Player, make_player};
use serde::Serialize;
use squadsight_core::{Decision, GameRng, Journal, Ruleset, Seat};
use std::fmt;
use std::time::{Duration, Instant};

/// Actions after which an unfinished game is stopped and counted as a draw.
pub const STEP_CAP: u32 = 20_000;

/// The normal quantile for a two-sided 95% interval.
const Z_95: f64 = 1.959_963_984_540_054;

/// How long one side's decisions took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DecisionTimes {
    /// Decisions made.
    pub decisions: u64,
    /// Time spent on all of them.
    pub total: Duration,
    /// The slowest single decision.
    pub max: Duration,
}

impl DecisionTimes {
    /// Mean time per decision (zero when there were none).
    pub fn mean(&self) -> Duration {
        match u32::try_from(self.decisions) {
            Ok(0) => Duration::ZERO,
            Ok(n) => self.total / n,
            Err(_) => Duration::from_secs_f64(self.total.as_secs_f64() / self.decisions as f64),
        }
    }

    fn record(&mut self, took: Duration) {
        self.decisions += 1;
        self.total += took;
        self.max = self.max.max(took);
    }
}

/// The result of an arena run, from `a`'s point of view.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArenaReport {
    /// The ruleset's ID.
    pub ruleset: &'static str,
    /// The level measured.
    pub a: Level,
    /// Its opponent (every other seat).
    pub b: Level,
    /// The seed the game seeds were mixed from.
    pub seed: u64,
    /// Games asked for.
    pub games: u32,
    /// Games `a` won.
    pub wins: u32,
    /// Games `a` lost.
    pub losses: u32,
    /// Games nobody won, including capped ones.
    pub draws: u32,
    /// Games stopped at [`STEP_CAP`] actions (counted among the draws).
    pub capped: u32,
    /// Games that could not be played to the end (setup refused, a player or the rules
    /// misbehaved); they count as neither win, loss nor draw.
    pub failed: u32,
    /// What went wrong in the first failed game.
    pub first_failure: Option<String>,
    /// `wins / (games - failed)`.
    pub win_rate: f64,
    /// 95% Wilson score interval for the win rate.
    pub interval: (f64, f64),
    /// Mean actions per completed game.
    pub mean_length: f64,
    /// Decision times of `a`.
    pub time_a: DecisionTimes,
    /// Decision times of `b`.
    pub time_b: DecisionTimes,
}

/// The Wilson score interval for `successes` out of `trials` at normal quantile `z`.
/// With no trials it is the whole range 0..=1.
pub fn wilson_interval(successes: u32, trials: u32, z: f64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = f64::from(trials);
    let p = f64::from(successes.min(trials)) / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// SplitMix64: spreads consecutive game numbers into unrelated seeds.
fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed.wrapping_add(n.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// How one game ended for `a`.
enum GameEnd {
    Win,
    Loss,
    Draw,
    Capped,
}

/// Plays `games` games of `scenario` between levels `a` and `b` and reports `a`'s results.
///
/// Game `g` uses a seed mixed from `seed` and `g`; `a` sits at seat `g mod seats` and `b`
/// takes every other seat, each seat with its own freshly seeded player. Players receive
/// only `observe(state, seat)`; the journal is off. `progress` is called with the number of
/// games finished after each one.
// The parameter list is the interface the command line is written against.
#[allow(clippy::too_many_arguments)]
pub fn run_arena<R: Ruleset>(
    ruleset: &R,
    scenario: &R::Scenario,
    options: &R::Options,
    a: Level,
    b: Level,
    games: u32,
    seed: u64,
    progress: &mut dyn FnMut(u32),
) -> ArenaReport {
    let mut report = ArenaReport {
        ruleset: R::ID,
        a,
        b,
        seed,
        games,
        wins: 0,
        losses: 0,
        draws: 0,
        capped: 0,
        failed: 0,
        first_failure: None,
        win_rate: 0.0,
        interval: (0.0, 1.0),
        mean_length: 0.0,
        time_a: DecisionTimes::default(),
        time_b: DecisionTimes::default(),
    };
    let seats = ruleset.seat_count(scenario);
    let mut actions = 0u64;
    let mut legal = Vec::new();
    for g in 0..games {
        let game_seed = mix(seed, u64::from(g));
        let played = if seats == 0 {
            Err("the scenario has no seats".to_string())
        } else {
            let a_seat = Seat(u8::try_from(g % u32::from(seats)).unwrap_or(0));
            play_one(
                ruleset,
                scenario,
                options,
                (a, b, a_seat),
                game_seed,
                &mut legal,
                &mut report,
            )
        };
        match played {
            Ok((end, length)) => {
                actions += u64::from(length);
                match end {
                    GameEnd::Win => report.wins += 1,
                    GameEnd::Loss => report.losses += 1,
                    GameEnd::Draw => report.draws += 1,
                    GameEnd::Capped => {
                        report.draws += 1;
                        report.capped += 1;
                    }
                }
            }
            Err(why) => {
                report.failed += 1;
                report
                    .first_failure
                    .get_or_insert_with(|| format!("game {g} (seed {game_seed}): {why}"));
            }
        }
        progress(g + 1);
    }
    let completed = games - report.failed;
    if completed > 0 {
        report.win_rate = f64::from(report.wins) / f64::from(completed);
        report.mean_length = actions as f64 / f64::from(completed);
    }
    report.interval = wilson_interval(report.wins, completed, Z_95);
    report
}

/// One game; returns how it ended for `a` and its length in actions.
fn play_one<R: Ruleset>(
    ruleset: &R,
    scenario: &R::Scenario,
    options: &R::Options,
    (a, b, a_seat): (Level, Level, Seat),
    game_seed: u64,
    legal: &mut Vec<R::Action>,
    report: &mut ArenaReport,
) -> Result<(GameEnd, u32), String> {
    let mut rng = GameRng::new(game_seed);
    let mut journal = Journal::off();
    let mut state = ruleset
        .setup(scenario, options, &mut rng, &mut journal)
        .map_err(|e| e.to_string())?;
    let seats = ruleset.seat_count(scenario);
    let mut players: Vec<Box<dyn Player<R>>> = (0..seats)
        .map(|s| {
            let level = if Seat(s) == a_seat { a } else { b };
            make_player::<R>(level, mix(game_seed, 1000 + u64::from(s)))
        })
        .collect();
    for steps in 0..=STEP_CAP {
        let seat = match ruleset.to_act(&state) {
            Decision::Over(outcome) => {
                let end = if outcome.winners.contains(a_seat) {
                    GameEnd::Win
                } else if outcome.winners.is_empty() {
                    GameEnd::Draw
                } else {
                    GameEnd::Loss
                };
                return Ok((end, steps));
            }
            Decision::Act(seat) => seat,
        };
        if steps == STEP_CAP {
            break;
        }
        ruleset.legal_actions(&state, seat, legal);
        if legal.is_empty() {
            return Err(format!("{seat} must act but has no legal action"));
        }
        let player = players
            .get_mut(seat.index())
            .ok_or_else(|| format!("{seat} is beyond the scenario's {seats} seats"))?;
        let obs = ruleset.observe(&state, seat);
        let started = Instant::now();
        let choice = player.choose(ruleset, &obs, seat, legal);
        let took = started.elapsed();
        if seat == a_seat {
            report.time_a.record(took);
        } else {
            report.time_b.record(took);
        }
        if !legal.contains(&choice.action) {
            return Err(format!(
                "{} chose {:?}, which is not a legal action",
                player.name(),
                choice.action
            ));
        }
        ruleset
            .apply(&mut state, seat, &choice.action, &mut rng, &mut journal)
            .map_err(|e| format!("a listed legal action was refused: {e}"))?;
    }
    Ok((GameEnd::Capped, STEP_CAP))
}

impl fmt::Display for ArenaReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        writeln!(
            f,
            "arena {}: {} vs {}, {} games from seed {}",
            self.ruleset, self.a, self.b, self.games, self.seed
        )?;
        writeln!(
            f,
            "  {} won {}, lost {}, drew {} ({} stopped at {} actions); {} failed",
            self.a, self.wins, self.losses, self.draws, self.capped, STEP_CAP, self.failed
        )?;
        writeln!(
            f,
            "  win rate {:.1}% (95% Wilson interval {:.1}%–{:.1}%)",
            self.win_rate * 100.0,
            self.interval.0 * 100.0,
            self.interval.1 * 100.0
        )?;
        writeln!(f, "  mean game length {:.1} actions", self.mean_length)?;
        for (level, t) in [(self.a, &self.time_a), (self.b, &self.time_b)] {
            writeln!(
                f,
                "  {level} decisions: {}, mean {:.3} ms, max {:.3} ms",
                t.decisions,
                ms(t.mean()),
                ms(t.max)
            )?;
        }
        if let Some(why) = &self.first_failure {
            writeln!(f, "  first failure: {why}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        let (lo, hi) = wilson_interval(0, 10, Z_95);
        assert!(lo.abs() < 1e-12 && (hi - 0.2775).abs() < 1e-4, "{lo} {hi}");
        let (lo, hi) = wilson_interval(10, 10, Z_95);
        assert!(
            (lo - 0.7225).abs() < 1e-4 && (hi - 1.0).abs() < 1e-12,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson_interval(190, 200, Z_95);
        assert!(
            (lo - 0.9102).abs() < 1e-3 && (hi - 0.9724).abs() < 1e-3,
            "{lo} {hi}"
        );
        assert_eq!(wilson_interval(0, 0, Z_95), (0.0, 1.0));
    }

    #[test]
    fn game_seeds_differ() {
        let seeds: Vec<u64> = (0..100).map(|g| mix(1, g)).collect();
        let mut sorted = seeds.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), seeds.len());
        assert_ne!(mix(1, 0), mix(2, 0));
    }

    #[test]
    fn mean_decision_time() {
        let mut t = DecisionTimes::default();
        assert_eq!(t.mean(), Duration::ZERO);
        t.record(Duration::from_millis(3));
        t.record(Duration::from_millis(1));
        assert_eq!(t.mean(), Duration::from_millis(2));
        assert_eq!(t.max, Duration::from_millis(3));
    }
}
