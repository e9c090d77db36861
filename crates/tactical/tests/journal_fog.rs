//! Fog of war in the journal: `log --seat N` shows a seat where its own team deployed and what
//! the units it sees do, and nothing of units it cannot see (tac.los.required,
//! tac.scen.assault.goal).

use crate::rules::tactical;
use squadsight_core::{Decision, EventKind, GameRng, Journal, Ruleset, Seat};
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

/// What a seat knew when an action began: for each seat, whether it is on the unit's side or
/// sees it (the rule's "witnesses", tac.los.required).
fn witnessed(st: &squadsight_tactical::state::State, seats: usize, i: usize) -> Vec<bool> {
    (0..seats)
        .map(|s| {
            let seat = Seat(u8::try_from(s).unwrap_or(0));
            let u = &st.units[i];
            st.allies(u.seat, seat) || st.allies(u.control, seat) || st.seat_sees(seat, i)
        })
        .collect()
}

/// Random games of the three-seat free-for-all and the four-seat team game, with every
/// attack, throw and psi attack checked against the journal's fog (tac.los.required,
/// tac.ranged.resolve, tac.psi.resolve, tac.splash.rating; docs/rules/tactical.md, "The
/// journal and fog of war").
#[test]
fn combat_is_read_by_the_seats_that_witness_it() {
    let t = tactical();
    let (mut hidden_shots, mut seen_rolls, mut blasts, mut psi) = (0, 0, 0, 0);
    for (scenario, seeds) in [("free-for-all", 0..6u64), ("teams", 0..4u64)] {
        for seed in seeds {
            let sc = t.scenario(scenario).unwrap_or_else(|e| panic!("{e}"));
            let mut rng = GameRng::new(seed);
            let mut pick = GameRng::new(seed ^ 0x5eed);
            let mut j = Journal::recording();
            let mut st = t
                .setup(&sc, &Options::default(), &mut rng, &mut j)
                .unwrap_or_else(|e| panic!("{e}"));
            let seats = st.seats.len();
            let mut legal = Vec::new();
            for _ in 0..6000 {
                let Decision::Act(seat) = t.to_act(&st) else {
                    break;
                };
                t.legal_actions(&st, seat, &mut legal);
                let n = u32::try_from(legal.len()).unwrap_or(u32::MAX);
                let a = legal[pick.below(squadsight_core::Stream::Dice, n) as usize].clone();
                let attack = match a {
                    Action::Attack { unit, target, .. } => {
                        Some((usize::from(unit), usize::from(target), false))
                    }
                    Action::Psi { unit, target, .. } => {
                        Some((usize::from(unit), usize::from(target), true))
                    }
                    _ => None,
                };
                let before = j.events().len();
                let sight =
                    attack.map(|(i, k, _)| (witnessed(&st, seats, i), witnessed(&st, seats, k)));
                t.apply(&mut st, seat, &a, &mut rng, &mut j)
                    .unwrap_or_else(|e| panic!("{scenario} seed {seed}: {e}"));
                let new = &j.events()[before..];
                for e in new {
                    // The referee reads everything in full.
                    assert_eq!(e.view(None).as_ref(), Some(e));
                    // tac.splash.rating: a blast is heard by every seat.
                    if e.rule == "tac.splash.rating" {
                        blasts += 1;
                        for s in 0..seats {
                            let seat = Seat(u8::try_from(s).unwrap_or(0));
                            assert!(e.view(Some(seat)).is_some(), "{e:?}");
                        }
                    }
                }
                let (Some((i, k, is_psi)), Some((by, on))) = (attack, sight) else {
                    continue;
                };
                // The opening words of the attack (they name the attacker).
                let _ = (i, k);
                let Some(opening) = new.iter().find(|e| e.kind == EventKind::Attack) else {
                    continue;
                };
                let first_roll = new.iter().find(|e| e.roll.is_some());
                for s in 0..seats {
                    let seat = Seat(u8::try_from(s).unwrap_or(0));
                    if is_psi {
                        // tac.psi.resolve: the target's seat always learns of the attack;
                        // the attacker is named only to seats that witness it.
                        if on[s] {
                            psi += 1;
                            assert!(
                                new.iter().any(|e| e.view(Some(seat)).is_some()),
                                "{scenario} seed {seed}: seat {s} never learns of the psi attack"
                            );
                        }
                        if !by[s] {
                            // No die of the attack (they name the attacker) and only the
                            // anonymous opening.
                            for e in new.iter().filter_map(|e| e.view(Some(seat))) {
                                assert!(
                                    e.roll.is_none() || e.rule != "tac.psi.resolve",
                                    "{scenario} seed {seed}: seat {s} reads {}",
                                    e.text
                                );
                                if e.rule == "tac.psi.who" {
                                    assert!(e.text.contains("cannot see"), "{}", e.text);
                                }
                            }
                        }
                        continue;
                    }
                    let full = by[s] || on[s];
                    assert_eq!(
                        opening.view(Some(seat)).is_some(),
                        full,
                        "{scenario} seed {seed}: seat {s} and {}",
                        opening.text
                    );
                    if let Some(r) = first_roll {
                        if full {
                            // tac.ranged.resolve: a seen shot shows its roll with its odds.
                            let v = r.view(Some(seat)).unwrap_or_else(|| panic!("hidden"));
                            assert!(v.roll.is_some_and(|r| r.p.is_some()));
                            seen_rolls += 1;
                        } else {
                            // Neither attacker nor target seen: the roll is not there.
                            assert!(r.view(Some(seat)).is_none(), "{}", r.text);
                            hidden_shots += 1;
                        }
                    }
                }
            }
        }
    }
    eprintln!("COUNTS {hidden_shots} {seen_rolls} {blasts} {psi}");
    assert!(hidden_shots > 0, "no unseen shot was tried");
    assert!(seen_rolls > 0, "no seen shot was tried");
    assert!(blasts > 0 || psi > 0 || seen_rolls > 0);
}
