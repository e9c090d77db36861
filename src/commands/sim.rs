//! `squadsight sim`: AI against AI, headless, with a summary of the results.

use super::outcome_text;
use crate::cli::SimArgs;
use crate::error::CliError;
use crate::rulesets::{RulesetTask, with_ruleset};
use crate::setup;
use crate::store;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use squadsight_ai::{Player, make_player};
use squadsight_core::game::{Game, SeatConfig};
use squadsight_core::save;
use squadsight_core::{Decision, Journal, Ruleset, Seat};
use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::time::Instant;

/// A game still running after this many actions is stopped and counted as unfinished.
const MAX_ACTIONS: usize = 20_000;

/// Plays the games and prints the summary.
pub fn run(args: SimArgs) -> Result<(), CliError> {
    with_ruleset(args.ruleset, Sim { args })
}

struct Sim {
    args: SimArgs,
}

/// The results, as `--json` prints them.
#[derive(Serialize)]
struct Summary {
    ruleset: &'static str,
    scenario: String,
    ai: String,
    games: u32,
    first_seed: u64,
    seats: Vec<String>,
    wins: Vec<u32>,
    draws: u32,
    unfinished: u32,
    mean_actions: f64,
    games_per_second: f64,
    /// Plays the ruleset counts ([`Ruleset::tally`]), summed over all games.
    plays: std::collections::BTreeMap<&'static str, u32>,
}

impl RulesetTask for Sim {
    type Output = ();

    fn run<R: Ruleset>(self, ruleset: Arc<R>) -> Result<(), CliError> {
        let args = self.args;
        let (scenario, label) = setup::scenario(&*ruleset, args.scenario.as_deref())?;
        let options = setup::options(&*ruleset, &args.options)?;
        let first_seed = args.seed.unwrap_or_else(setup::random_seed);
        let count = ruleset.seat_count(&scenario);
        let seats = vec![SeatConfig::ai(args.ai.as_str()); usize::from(count)];
        if let Some(dir) = &args.save_dir {
            std::fs::create_dir_all(dir)
                .map_err(|e| CliError::input(format!("{}: {e}", dir.display())))?;
        }
        let interactive = std::io::stdout().is_terminal() && std::io::stderr().is_terminal();
        let bar = if interactive && !args.json {
            let bar = ProgressBar::new(u64::from(args.games));
            if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games {elapsed}")
            {
                bar.set_style(style);
            }
            bar
        } else {
            ProgressBar::hidden()
        };
        let started = Instant::now();
        let mut wins = vec![0u32; usize::from(count)];
        let (mut draws, mut unfinished, mut total_actions) = (0u32, 0u32, 0usize);
        let mut plays = std::collections::BTreeMap::new();
        for n in 0..args.games {
            let seed = first_seed.wrapping_add(u64::from(n));
            let mut game = Game::with_journal(
                Arc::clone(&ruleset),
                scenario.clone(),
                options.clone(),
                seed,
                seats.clone(),
                Journal::off(),
            )
            .map_err(|e| CliError::input(format!("{label}: {e}")))?;
            let mut players: Vec<Box<dyn Player<R>>> = (0..count)
                .map(|s| make_player::<R>(args.ai, setup::ai_seed(seed, s)))
                .collect();
            let actions = play_out(&mut game, &mut players, &mut plays)
                .map_err(|e| CliError::invalid(format!("game {n} (seed {seed}): {e}")))?;
            total_actions += actions;
            match game.to_act() {
                Decision::Over(outcome) if outcome.winners.is_empty() => draws += 1,
                Decision::Over(outcome) => {
                    for w in outcome.winners.iter() {
                        if let Some(slot) = wins.get_mut(w.index()) {
                            *slot += 1;
                        }
                    }
                }
                Decision::Act(_) => unfinished += 1,
            }
            if let Some(dir) = &args.save_dir {
                let text = save::to_ron(&game).map_err(|e| CliError::invalid(e.to_string()))?;
                let path = dir.join(format!("game-{n:04}-seed-{seed}.ron"));
                store::write_atomic(&path, text.as_bytes())?;
            }
            if let Decision::Over(outcome) = game.to_act()
                && interactive
                && !args.json
            {
                bar.set_message(outcome_text(&*ruleset, &scenario, &outcome));
            }
            bar.inc(1);
        }
        bar.finish_and_clear();
        let seconds = started.elapsed().as_secs_f64().max(1e-9);
        let summary = Summary {
            ruleset: R::ID,
            scenario: label,
            ai: args.ai.to_string(),
            games: args.games,
            first_seed,
            seats: (0..count)
                .map(|s| ruleset.seat_name(&scenario, Seat(s)))
                .collect(),
            wins,
            draws,
            unfinished,
            mean_actions: total_actions as f64 / f64::from(args.games),
            games_per_second: f64::from(args.games) / seconds,
            plays,
        };
        print(&summary, args.json)
    }
}

/// Plays a game to its end (or [`MAX_ACTIONS`]) and returns how many actions it took.
fn play_out<R: Ruleset>(
    game: &mut Game<R>,
    players: &mut [Box<dyn Player<R>>],
    plays: &mut std::collections::BTreeMap<&'static str, u32>,
) -> Result<usize, String> {
    let mut legal = Vec::new();
    let mut actions = 0;
    while let Decision::Act(seat) = game.to_act() {
        if actions >= MAX_ACTIONS {
            break;
        }
        game.legal_actions(seat, &mut legal);
        if legal.is_empty() {
            return Err(format!("{seat} is to act but has no legal actions"));
        }
        let player = players
            .get_mut(seat.index())
            .ok_or_else(|| format!("{seat} has no player"))?;
        let choice = player.choose(game.ruleset(), &game.observe(seat), seat, &legal);
        if let Some(kind) = game.ruleset().tally(game.state(), &choice.action) {
            *plays.entry(kind).or_insert(0) += 1;
        }
        game.apply(seat, choice.action)
            .map_err(|e| format!("{} chose an illegal action: {e}", player.name()))?;
        actions += 1;
    }
    Ok(actions)
}

fn print(s: &Summary, json: bool) -> Result<(), CliError> {
    let mut out = if json {
        crate::out::stdout_json()
    } else {
        crate::out::stdout()
    };
    if json {
        serde_json::to_writer(&mut out, s).map_err(|e| CliError::from(std::io::Error::from(e)))?;
        writeln!(out)?;
        return Ok(());
    }
    let last_seed = s.first_seed.wrapping_add(u64::from(s.games) - 1);
    writeln!(
        out,
        "{} games of {} ({}), AI level {}, seeds {}..={}",
        s.games, s.ruleset, s.scenario, s.ai, s.first_seed, last_seed
    )?;
    for (i, (name, wins)) in s.seats.iter().zip(&s.wins).enumerate() {
        let share = f64::from(*wins) * 100.0 / f64::from(s.games);
        writeln!(out, "  seat {} ({name}): {wins} wins ({share:.1}%)", i + 1)?;
    }
    writeln!(out, "  draws: {}", s.draws)?;
    if s.unfinished > 0 {
        writeln!(
            out,
            "  unfinished after {MAX_ACTIONS} actions: {}",
            s.unfinished
        )?;
    }
    writeln!(out, "  mean length: {:.1} actions", s.mean_actions)?;
    if !s.plays.is_empty() {
        let counts: Vec<String> = s.plays.iter().map(|(k, n)| format!("{k} {n}")).collect();
        writeln!(out, "  plays: {}", counts.join(", "))?;
    }
    writeln!(out, "  speed: {:.2} games/s", s.games_per_second)?;
    Ok(())
}
