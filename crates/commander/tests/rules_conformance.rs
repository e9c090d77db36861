//! The conformance harness over every built-in Commander scenario, with player seats and with
//! AI-mode seats (cmd.general.common-sense: no unruled case aborts a game).

use squadsight_commander::Commander;
use squadsight_core::Ruleset;
use squadsight_core::conformance::{Limits, check_ruleset};
use squadsight_core::data::parse_ron;
use squadsight_core::options::from_pairs;
use std::sync::Arc;

fn run(options: &[(&str, &str)], seeds: u64) -> usize {
    let ruleset = Arc::new(Commander::new().unwrap());
    let opts: <Commander as Ruleset>::Options = from_pairs(options).unwrap();
    let limits = Limits {
        steps: 20_000,
        allow_cap: false,
        apply_all_up_to: 8,
        probe_one_in: 4,
    };
    let mut games = 0;
    for (i, info) in ruleset.scenarios().iter().enumerate() {
        let scenario = parse_ron(info.source.as_bytes(), info.id).unwrap();
        let first = 1_000 * i as u64;
        let r = check_ruleset(
            Arc::clone(&ruleset),
            &scenario,
            &opts,
            first..first + seeds,
            limits,
        )
        .unwrap_or_else(|f| panic!("commander scenario `{}`: {f}", info.id));
        games += r.games;
    }
    games
}

#[test]
fn conformance_players() {
    assert!(run(&[], 4) >= 20);
}

#[test]
fn conformance_counting_steps() {
    // cmd.move.range-systems, cmd.gap.20: the `measure=steps` table (squares counted one by
    // one) plays every scenario to the end too, under AI mode on one seat.
    assert!(run(&[("measure", "steps"), ("ai_seat2", "classic")], 3) >= 15);
}
