//! Reaction fire at a free charge: the Move/Climb of a charging free attack is movement, so
//! Overwatch answers it (cmd.melee.free-attack-form, cmd.act.overwatch.one, cmd.gap.12).

use squadsight_commander::action::Action;
use squadsight_commander::board::Cell;
use squadsight_commander::fixture::{Fixture, Session};
use squadsight_commander::state::Presence;
use squadsight_core::journal::Event;

/// A Rookie engaged with a Faceless flees; a second Rookie watches the ground from Overwatch.
fn flee_from_faceless(faceless_wounds: u8, dice: &[u8]) -> Session {
    let mut s = Fixture::new(24, 24)
        .model(0, "Rookie", 5, 10)
        .model(0, "Rookie", 5, 20)
        .model(1, "Faceless", 6, 10)
        .wounds(faceless_wounds)
        .option("damage_sequence", "armour-save")
        .dice(dice)
        .build()
        .unwrap();
    let (runner, watcher, faceless) = (
        s.model_at(5, 10).unwrap(),
        s.model_at(5, 20).unwrap(),
        s.model_at(6, 10).unwrap(),
    );
    let ar = s.ruleset().catalog().weapon_id("Assault Rifle").unwrap();
    {
        let st = s.state_mut();
        st.models[runner.index()].engaged = vec![faceless];
        st.models[faceless.index()].engaged = vec![runner];
        st.models[watcher.index()].overwatch = Some(ar);
    }
    s.act(0, Action::Activate(runner)).unwrap();
    // The flee: a 2-action Run out of contact, still within the Faceless's charge.
    s.act(
        0,
        Action::Run {
            to: Cell::new(3, 10),
            actions: 2,
        },
    )
    .unwrap();
    s
}

fn position(events: &[Event], rule: &str, text: &str) -> Option<usize> {
    events
        .iter()
        .position(|e| e.rule == rule && e.text.contains(text))
}

#[test]
fn cmd_melee_free_attack_form_charge_sets_off_overwatch() {
    // cmd.melee.free-attack-form, cmd.act.overwatch.one, cmd.gap.12: the Faceless runs into
    // contact for its free charge; the watching Rookie fires at the end of that move, before
    // the charge is made.
    let mut s = flee_from_faceless(9, &[]);
    let watcher = s.model_at(5, 20).unwrap();
    let claws = s.ruleset().catalog().weapon_id("Faceless Claws").unwrap();
    s.act(1, Action::FreeAttack(claws)).unwrap();
    let ev = s.events();
    let moved = position(ev, "cmd.melee.free-attack-form", "free charge").expect("charge move");
    let fired = position(ev, "cmd.act.overwatch.one", "reacts").expect("reaction fire");
    assert!(moved < fired, "Overwatch fires after the charge's move");
    assert_eq!(s.state().model(watcher).unwrap().overwatch, None);
    // The charge itself follows the reaction fire.
    let charge = ev
        .iter()
        .enumerate()
        .skip(fired + 1)
        .any(|(_, e)| e.rule == "cmd.melee.charge-steps" || e.rule == "cmd.shoot.hit-test");
    assert!(charge, "the free charge is still made");
}

#[test]
fn cmd_melee_free_attack_form_charger_shot_down_loses_its_attack() {
    // cmd.melee.free-attack-form, cmd.gap.25: reaction fire that destroys the charger on its way
    // in ends the free attack. Dice: the Overwatch hit (1+1), the Faceless's Armour test fails
    // (6+6), so the damage goes through (cmd.gap.4: one test).
    let mut s = flee_from_faceless(1, &[1, 1, 6, 6]);
    let claws = s.ruleset().catalog().weapon_id("Faceless Claws").unwrap();
    s.act(1, Action::FreeAttack(claws)).unwrap();
    let st = s.state();
    let f = st
        .models
        .iter()
        .find(|m| s.ruleset().catalog().unit(m.unit).name == "Faceless")
        .unwrap();
    assert_eq!(f.presence, Presence::Destroyed);
    assert!(
        s.events()
            .iter()
            .any(|e| e.rule == "cmd.melee.free-attack-form" && e.text.contains("cannot make"))
    );
}
