//! Driving any ruleset through the `Ruleset` contract in tests: "this scenario, this seed,
//! these actions". Both built rulesets' test suites compile this one file (Commander's through
//! a `#[path]`), and no test calls `Ruleset::setup` or `Ruleset::apply` anywhere else, so a
//! change to the contract is mended here alone.

use squadsight_core::{
    Decision, GameRng, IllegalAction, Journal, Ruleset, Seat, SetupError, Stream,
};

/// Opens a game through the `Ruleset` contract: the one call of `Ruleset::setup` in these
/// tests.
pub fn setup<G: Ruleset>(
    rules: &G,
    scenario: &G::Scenario,
    options: &G::Options,
    rng: &mut GameRng,
    journal: &mut Journal,
) -> Result<G::State, SetupError> {
    rules.setup(scenario, options, rng, journal)
}

/// Applies one action through the `Ruleset` contract: the one call of `Ruleset::apply` in
/// these tests.
pub fn apply<G: Ruleset>(
    rules: &G,
    state: &mut G::State,
    seat: Seat,
    action: &G::Action,
    rng: &mut GameRng,
    journal: &mut Journal,
) -> Result<(), IllegalAction> {
    rules.apply(state, seat, action, rng, journal)
}

/// Plays until the game ends or `steps` actions have been applied; `choose` picks the index,
/// among the deciding seat's legal actions, of the one to apply. Returns how many actions were
/// applied and whether the game ended; an empty listing for the deciding seat, or a listed
/// action that does not apply, is an error naming the step.
pub fn play<G: Ruleset>(
    rules: &G,
    state: &mut G::State,
    rng: &mut GameRng,
    journal: &mut Journal,
    steps: usize,
    mut choose: impl FnMut(&G::State, Seat, &[G::Action]) -> usize,
) -> Result<(usize, bool), String> {
    let mut legal = Vec::new();
    for step in 0..steps {
        let Decision::Act(seat) = rules.to_act(state) else {
            return Ok((step, true));
        };
        rules.legal_actions(state, seat, &mut legal);
        if legal.is_empty() {
            return Err(format!("step {step}: {seat} has no legal action"));
        }
        let a = legal[choose(state, seat, &legal)].clone();
        apply(rules, state, seat, &a, rng, journal)
            .map_err(|e| format!("step {step}: {a:?}: {e}"))?;
    }
    Ok((steps, matches!(rules.to_act(state), Decision::Over(_))))
}

/// [`play`] with legal actions picked at random by `pick`; `each` sees the state and the
/// deciding seat before every action.
pub fn play_random<G: Ruleset>(
    rules: &G,
    state: &mut G::State,
    rng: &mut GameRng,
    pick: &mut GameRng,
    journal: &mut Journal,
    steps: usize,
    mut each: impl FnMut(&G::State, Seat),
) -> Result<(usize, bool), String> {
    play(rules, state, rng, journal, steps, |st, seat, legal| {
        each(st, seat);
        pick.below(Stream::Ai, legal.len() as u32) as usize
    })
}
