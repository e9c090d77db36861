//! What the players' tests share, for any ruleset: players without a wall-clock limit, the
//! one place a test sets a game up or applies an action, random play to reach a position,
//! and an arena run with the default options.

use squadsight_ai::arena::{ArenaReport, run_arena};
use squadsight_ai::{Level, MctsPlayer, MctsSettings, Player, make_player};
use squadsight_core::{Decision, GameRng, Journal, Ruleset, Seat};

/// A player of `level` whose search has no wall-clock limit, so its choices depend only on
/// its seed even in a slow debug build on a busy machine.
pub fn uncapped<R: Ruleset>(level: Level, seed: u64) -> Box<dyn Player<R>> {
    match MctsSettings::for_level(level) {
        Some(settings) => Box::new(MctsPlayer::new(
            level.to_string(),
            settings.uncapped(),
            seed,
        )),
        None => make_player::<R>(level, seed),
    }
}

/// The opening state of `scenario`, its setup rolls drawn from `rng`.
pub fn setup<R: Ruleset>(
    rules: &R,
    scenario: &R::Scenario,
    options: &R::Options,
    rng: &mut GameRng,
) -> R::State {
    rules
        .setup(scenario, options, rng, &mut Journal::off())
        .unwrap_or_else(|e| panic!("{} sets up: {e}", R::ID))
}

/// `seat` plays `action`, which must be legal, with rolls from `rng` and the journal off.
pub fn apply<R: Ruleset>(
    rules: &R,
    state: &mut R::State,
    seat: Seat,
    action: &R::Action,
    rng: &mut GameRng,
) {
    rules
        .apply(state, seat, action, rng, &mut Journal::off())
        .unwrap_or_else(|e| panic!("a legal {} action applies: {e}", R::ID));
}

/// Plays up to `steps` actions chosen by a random player seeded `seed` (fewer if the game
/// ends), rolling with `rng`.
pub fn advance<R: Ruleset>(
    rules: &R,
    state: &mut R::State,
    rng: &mut GameRng,
    steps: u32,
    seed: u64,
) {
    let mut player = make_player::<R>(Level::Random, seed);
    let mut legal = Vec::new();
    for _ in 0..steps {
        let Decision::Act(seat) = rules.to_act(state) else {
            return;
        };
        rules.legal_actions(state, seat, &mut legal);
        let choice = player.choose(rules, &rules.observe(state, seat), seat, &legal);
        apply(rules, state, seat, &choice.action, rng);
    }
}

/// `games` games of level `a` against level `b` under the default options, seats
/// alternating, from `seed`.
pub fn arena<R: Ruleset>(
    rules: &R,
    scenario: &R::Scenario,
    a: Level,
    b: Level,
    games: u32,
    seed: u64,
) -> ArenaReport {
    let options = R::Options::default();
    run_arena(rules, scenario, &options, a, b, games, seed, &mut |_| {})
}
