//! The inputs journaled with events (what `squadsight explain` and the replay viewer show):
//! range, line of sight and where each value comes from (sk.attack.range, sk.attack.play),
//! and that public inputs never place a Hidden unit whose position is hidden (sk.gap.69).

use squadsight_core::Event;
use squadsight_skirmish::action::Action;
use squadsight_skirmish::fixture::Fixture;

/// Every input of the events cited under `rule`, as `label: value (source)`.
fn inputs_of(events: &[Event], rule: &str) -> Vec<String> {
    events
        .iter()
        .filter(|e| e.rule == rule)
        .flat_map(|e| e.inputs.iter().map(ToString::to_string))
        .collect()
}

// sk.attack.play, sk.attack.range: the declaration lists attacker, target, range and sight.
#[test]
fn an_attack_lists_range_sight_and_damage() -> Result<(), String> {
    let mut s = Fixture::new(&["11 11 11 11 11", "11 11 11 11 11"])
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 2, 0)
        .hand(0, &["short-range"])
        .build()?;
    let (us, them) = (s.unit_at(0, 0)?, s.unit_at(2, 0)?);
    s.play_card(0, "short-range", us)?;
    s.act(0, Action::TargetUnit(them))?;
    let inputs = inputs_of(s.events(), "sk.attack.play");
    let has = |part: &str| inputs.iter().any(|i| i.contains(part));
    assert!(has("attacker: Squaddie #0 (X-Com) at 0,0"), "{inputs:#?}");
    assert!(has("target: Thin Man #1 (Aliens) at 2,0"), "{inputs:#?}");
    assert!(
        has("range: 2 hex(es); this attack reaches 2 (in range) (sk.attack.range"),
        "{inputs:#?}"
    );
    assert!(has("line of sight: clear"), "{inputs:#?}");
    assert!(has("attack from: the Short Range card"), "{inputs:#?}");
    assert!(has("damage: 1 Hit + 0 = 1"), "{inputs:#?}");
    let damage = inputs_of(s.events(), "sk.damage.track");
    assert!(
        damage.iter().any(|i| i.starts_with("Hits: 1 - 1 = 0")),
        "{damage:#?}"
    );
    Ok(())
}

// sk.gap.69: with hidden positions, a Hidden attacker is shown where it was last seen.
#[test]
fn public_inputs_never_place_a_hidden_unit() -> Result<(), String> {
    let mut s = Fixture::new(&["11 11 11 11 11", "11 11 11 11 11"])
        .unit(0, "squaddie", 0, 0)
        .hidden(true)
        .unit(1, "thin-man", 2, 0)
        .hand(0, &["short-range"])
        .option("detection", "on")?
        .option("hidden_positions", "hidden")?
        .dice(&[1, 1, 1, 1, 1, 1])
        .build()?;
    let (us, them) = (s.unit_at(0, 0)?, s.unit_at(2, 0)?);
    let elsewhere = s.hex(4, 1)?;
    s.unit_mut(us)?.seen_at = elsewhere;
    s.play_card(0, "short-range", us)?;
    s.act(0, Action::TargetUnit(them))?;
    let inputs: Vec<String> = s
        .events()
        .iter()
        .flat_map(|e| e.inputs.iter().map(ToString::to_string))
        .collect();
    assert!(!inputs.is_empty());
    assert!(
        inputs
            .iter()
            .any(|i| i.contains("Squaddie #0 (X-Com) at a hidden hex (last seen at 4,1)")),
        "{inputs:#?}"
    );
    assert!(
        !inputs
            .iter()
            .any(|i| i.contains("Squaddie #0 (X-Com) at 0,0")),
        "{inputs:#?}"
    );
    Ok(())
}
