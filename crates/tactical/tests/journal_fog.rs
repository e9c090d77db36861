//! Fog of war in the journal: `log --seat N` shows a seat where its own team deployed and what
//! the units it sees do, and nothing of units it cannot see (tac.los.required,
//! tac.scen.assault.goal).

use crate::rules::tactical;
use squadsight_core::{Decision, GameRng, Journal, Ruleset, Seat};
use squadsight_tactical::action::Action;
use squadsight_tactical::options::Options;

#[test]
fn a_seat_reads_nothing_of_units_it_cannot_see() {
    let t = tactical();
    let sc = t.scenario("assault").unwrap_or_else(|e| panic!("{e}"));
    let mut rng = GameRng::new(1);
    let mut j = Journal::recording();
    let mut st = t
        .setup(&sc, &Options::default(), &mut rng, &mut j)
        .unwrap_or_else(|e| panic!("{e}"));
    // Deployments: each side reads its own and none of the other's.
    let deploys: Vec<_> = j
        .events()
        .iter()
        .filter(|e| e.rule == "tac.scen.assault.goal")
        .collect();
    assert_eq!(deploys.len(), st.units.len());
    for e in &deploys {
        let text = e.text.to_string();
        let own = if text.starts_with("X-Com:") {
            Seat(0)
        } else {
            Seat(1)
        };
        let other = Seat(1 - own.0);
        assert!(e.view(Some(own)).is_some(), "{text}");
        assert!(e.view(Some(other)).is_none(), "{text}");
        assert!(e.view(None).is_some(), "the referee reads {text}");
    }
    // The first step of the squad that moves first, far out of the enemy's sight.
    let Decision::Act(seat) = t.to_act(&st) else {
        panic!("over")
    };
    let mut legal = Vec::new();
    t.legal_actions(&st, seat, &mut legal);
    let step = legal
        .iter()
        .find(|a| matches!(a, Action::Step { .. }))
        .unwrap_or_else(|| panic!("no step"))
        .clone();
    let Action::Step { unit, .. } = step else {
        unreachable!()
    };
    let before = j.events().len();
    t.apply(&mut st, seat, &step, &mut rng, &mut j)
        .unwrap_or_else(|e| panic!("{e}"));
    let other = Seat(1 - seat.0);
    assert!(!st.seat_sees(other, usize::from(unit)));
    let moved = &j.events()[before];
    assert!(moved.rule.starts_with("tac.move."), "{}", moved.rule);
    assert!(moved.view(Some(seat)).is_some());
    assert!(moved.view(Some(other)).is_none());
}
