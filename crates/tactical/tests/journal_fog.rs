//! Fog of war in the journal: `log --seat N` shows a seat where its own team deployed and what
//! the units it sees do, and nothing of units it cannot see (tac.los.required,
//! tac.scen.assault.goal).

use crate::rules::tactical;
use crate::support::{arena, attack, grenade, psi, try_apply, units_of, weapon};
use squadsight_core::square::Pos;
use squadsight_core::{Decision, EventKind, GameRng, Journal, Ruleset, Seat};
use squadsight_tactical::action::Action;
use squadsight_tactical::data::{Mode, PanicEffect};
use squadsight_tactical::map::{Facing, SightRules};
use squadsight_tactical::options::Options;
use squadsight_tactical::psi::PsiKind;
use squadsight_tactical::state::State;

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
    let (mut hidden_shots, mut seen_rolls) = (0, 0);
    for (scenario, seeds) in [
        ("free-for-all", 0..6u64),
        ("teams", 0..4u64),
        ("assault", 0..4u64),
    ] {
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
                // Half the time, an attack when one is legal: fights come sooner.
                let fights: Vec<&Action> = legal
                    .iter()
                    .filter(|a| matches!(a, Action::Attack { .. } | Action::Psi { .. }))
                    .collect();
                let a = if !fights.is_empty() && pick.below(squadsight_core::Stream::Dice, 2) == 0 {
                    let n = u32::try_from(fights.len()).unwrap_or(u32::MAX);
                    fights[pick.below(squadsight_core::Stream::Dice, n) as usize].clone()
                } else {
                    let n = u32::try_from(legal.len()).unwrap_or(u32::MAX);
                    legal[pick.below(squadsight_core::Stream::Dice, n) as usize].clone()
                };
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
    assert!(hidden_shots > 0, "no unseen shot was tried");
    assert!(seen_rolls > 0, "no seen shot was tried");
    // Random squads seldom meet; the tests below stage each case as well.
}

/// The free-for-all's three squads on an open field with the original X-COM's 90° view: an
/// X-Com trooper (seat 0) at 5,12 facing north, a Snakeman (seat 1) at 5,4 facing south, and a
/// Muton (seat 2) at 15,18 facing `muton`. Returns the state and the three units.
fn three_seats(muton: Facing) -> (squadsight_tactical::Tactical, State, [usize; 3]) {
    let t = tactical();
    let [s, m] = units_of(&t, "free-for-all", ["Snakeman", "Muton"]);
    let mut st = arena(
        &t,
        "free-for-all",
        &[
            (0, (Pos::new(5, 12, 0), Facing::N)),
            (s, (Pos::new(5, 4, 0), Facing::S)),
            (m, (Pos::new(15, 18, 0), muton)),
        ],
    );
    st.sight = SightRules::XCOM;
    t.settle_sight(&mut st);
    (t, st, [0, s, m])
}

/// `seat` plays `action` (rolls from `seed`); its journal.
fn play(
    t: &squadsight_tactical::Tactical,
    st: &mut State,
    seat: u8,
    action: &Action,
    seed: u64,
) -> Journal {
    let mut j = Journal::recording();
    try_apply(t, st, Seat(seat), action, seed, &mut j).unwrap_or_else(|e| panic!("{e}"));
    j
}

/// tac.los.required, tac.ranged.resolve: a rifle shot between two units the third seat cannot
/// see (its Muton looks the other way) is absent from that seat's log, roll and all; the two
/// seats in the fight read the roll with its clause, target and exact chance; the referee
/// reads everything.
#[test]
fn tac_ranged_resolve_an_unseen_shot_is_absent_from_a_third_seat() {
    for seed in 0..6 {
        let (t, mut st, [x, s, _]) = three_seats(Facing::S);
        assert!(!st.seat_sees(Seat(2), x) && !st.seat_sees(Seat(2), s));
        let rifle = weapon(&t, "Rifle");
        let j = play(
            &t,
            &mut st,
            0,
            &attack(x as u8, rifle, Mode::Snap, s as u8),
            seed,
        );
        let roll = j
            .events()
            .iter()
            .find(|e| e.rule == "tac.ranged.resolve")
            .unwrap_or_else(|| panic!("no to-hit roll"));
        assert!(roll.view(Some(Seat(2))).is_none(), "{}", roll.text);
        for seat in [Seat(0), Seat(1)] {
            let seen = roll.view(Some(seat)).unwrap_or_else(|| panic!("{seat:?}"));
            assert_eq!(seen.text, roll.text);
            assert_eq!(seen.roll, roll.roll);
            assert!(
                seen.roll
                    .is_some_and(|r| r.p.is_some() && r.target.is_some())
            );
        }
        for e in j.events() {
            assert_eq!(e.view(None).as_ref(), Some(e), "the referee reads all");
            // The round flies north of the Muton's back: nothing of it reaches seat 2.
            assert!(e.view(Some(Seat(2))).is_none(), "seat 2 reads {}", e.text);
        }
    }
}

/// tac.los.required, tac.ranged.resolve: turned towards the fight, the third seat's Muton
/// sees it, and that seat reads the shot and its roll in full.
#[test]
fn tac_ranged_resolve_a_seen_shot_shows_its_roll_and_odds_to_a_third_seat() {
    let (t, mut st, [x, s, _]) = three_seats(Facing::NW);
    assert!(st.seat_sees(Seat(2), x) || st.seat_sees(Seat(2), s));
    let rifle = weapon(&t, "Rifle");
    let j = play(
        &t,
        &mut st,
        0,
        &attack(x as u8, rifle, Mode::Snap, s as u8),
        3,
    );
    let roll = j
        .events()
        .iter()
        .find(|e| e.rule == "tac.ranged.resolve")
        .unwrap_or_else(|| panic!("no to-hit roll"));
    let seen = roll.view(Some(Seat(2))).unwrap_or_else(|| panic!("hidden"));
    assert_eq!(seen.roll, roll.roll);
    assert!(seen.roll.is_some_and(|r| r.p.is_some()));
    assert_eq!(seen.inputs, roll.inputs);
}

/// tac.psi.resolve, tac.psi.panic, tac.psi.who: a Snakeman the X-Com trooper cannot see (it
/// looks away) makes a panic attack on it. X-Com's seat learns its trooper was attacked and
/// what came of it, without the attacker's name or its dice; the Snakeman's seat reads it all;
/// the third seat, which sees neither, reads nothing.
#[test]
fn tac_psi_resolve_the_target_seat_learns_of_an_unseen_attack() {
    for seed in 0..6 {
        let (t, mut st, [x, s, _]) = three_seats(Facing::S);
        st.units[x].facing = Facing::S;
        st.units[s].stats[7] = Some(90);
        st.order = vec![Seat(1), Seat(0), Seat(2)];
        st.turn = 0;
        t.settle_sight(&mut st);
        assert!(!st.seat_sees(Seat(0), s), "the trooper sees the Snakeman");
        assert!(st.seat_sees(Seat(1), x));
        let j = play(&t, &mut st, 1, &psi(s as u8, x as u8, PsiKind::Panic), seed);
        let own: Vec<_> = j
            .events()
            .iter()
            .filter_map(|e| e.view(Some(Seat(0))))
            .collect();
        let texts: Vec<String> = own.iter().map(|e| e.text.to_string()).collect();
        assert!(
            texts
                .iter()
                .any(|t| t.contains("psi attack from a mind it cannot see")),
            "{texts:?}"
        );
        // What came of it: resisted, or the panic result.
        assert!(
            own.iter()
                .any(|e| e.rule == "tac.psi.resolve" && e.roll.is_none()),
            "{texts:?}"
        );
        assert!(own.iter().all(|e| e.roll.is_none()), "{texts:?}");
        assert!(!texts.iter().any(|t| t.contains("Snakeman")), "{texts:?}");
        let theirs = j.events().iter().filter_map(|e| e.view(Some(Seat(1))));
        assert!(theirs.filter(|e| e.roll.is_some()).count() >= 2);
        assert!(j.events().iter().all(|e| e.view(Some(Seat(2))).is_none()));
        assert!(j.events().iter().all(|e| e.view(None).is_some()));
    }
}

/// tac.splash.rating, tac.throw.resolve: a grenade thrown by the X-Com trooper where the third
/// seat sees neither thrower nor target square is still heard by that seat — where it went off
/// and how big — while the throw's roll stays with the seats that saw it.
#[test]
fn tac_splash_rating_every_seat_hears_an_explosion() {
    let (t, mut st, [x, s, _]) = three_seats(Facing::S);
    let g = grenade(&t, "Grenade");
    st.units[x].grenades = vec![g];
    let prime = crate::support::prime(x as u8, 0, 0);
    let _ = play(&t, &mut st, 0, &prime, 1);
    let to = st.units[s].pos;
    let j = play(&t, &mut st, 0, &Action::Throw { unit: x as u8, to }, 1);
    // Primed to go off at the end of the squad's turn (tac.throw.prime).
    let end = play(&t, &mut st, 0, &Action::EndTurn, 1);
    let bang = j
        .events()
        .iter()
        .chain(end.events())
        .find(|e| e.rule == "tac.splash.rating")
        .unwrap_or_else(|| panic!("no explosion: {:?}", crate::support::rules_in(&end)));
    for seat in [Seat(0), Seat(1), Seat(2)] {
        assert_eq!(
            bang.view(Some(seat)).map(|e| e.text.clone()),
            Some(bang.text.clone())
        );
    }
    let throw = j
        .events()
        .iter()
        .find(|e| e.rule == "tac.throw.resolve")
        .unwrap_or_else(|| panic!("no throw roll"));
    assert!(throw.view(Some(Seat(2))).is_none());
    assert!(throw.view(Some(Seat(0))).is_some_and(|e| e.roll.is_some()));
    // The primed grenade's own "goes off" line is read where its square is seen: by the
    // thrower's seat, not by the third seat (tac.throw.prime).
    let off = j
        .events()
        .iter()
        .chain(end.events())
        .find(|e| e.rule == "tac.throw.prime" && e.text.to_string().contains("goes off"))
        .unwrap_or_else(|| panic!("no fuse: {:?}", crate::support::rules_in(&end)));
    assert!(off.view(Some(Seat(0))).is_some(), "{}", off.text);
    assert!(off.view(Some(Seat(2))).is_none(), "{}", off.text);
}

/// tac.psi.panic-paralysed, tac.gap.32: a panic result comes due at the start of the next
/// round; the note that the Snakeman is frozen is read by its own seat and by X-Com's, whose
/// trooper sees it, and not by the third seat, which sees neither.
#[test]
fn tac_psi_panic_paralysed_is_read_by_the_units_witnesses_only() {
    let (t, mut st, [x, s, _]) = three_seats(Facing::S);
    assert!(st.seat_sees(Seat(0), s) && !st.seat_sees(Seat(2), s));
    let _ = x;
    st.units[s].panic = Some(PanicEffect::Paralysed);
    let mut notes = Vec::new();
    for _ in 0..3 {
        let Decision::Act(seat) = t.to_act(&st) else {
            panic!("the game ended")
        };
        let j = play(&t, &mut st, seat.0, &Action::EndTurn, 1);
        notes.extend(
            j.events()
                .iter()
                .filter(|e| e.rule == "tac.psi.panic-paralysed")
                .cloned(),
        );
    }
    let frozen = notes.first().unwrap_or_else(|| panic!("no panic came due"));
    assert!(frozen.view(Some(Seat(1))).is_some(), "{}", frozen.text);
    assert!(frozen.view(Some(Seat(0))).is_some(), "{}", frozen.text);
    assert!(frozen.view(Some(Seat(2))).is_none(), "{}", frozen.text);
    assert!(frozen.view(None).is_some());
}

/// Ends turns until an event of `rule` is written (at most three rounds); returns it.
fn first_at_round_end(
    t: &squadsight_tactical::Tactical,
    st: &mut State,
    rule: &str,
) -> squadsight_core::Event {
    for _ in 0..9 {
        let Decision::Act(seat) = t.to_act(st) else {
            panic!("the game ended")
        };
        let j = play(t, st, seat.0, &Action::EndTurn, 1);
        if let Some(e) = j.events().iter().find(|e| e.rule == rule) {
            return e.clone();
        }
    }
    panic!("no {rule} event in three rounds")
}

/// tac.dmg.stun-recovery: a stunned Snakeman that comes round at the end of the round is
/// read of by its own seat and by X-Com's, whose trooper sees it, and not by the third seat,
/// which sees neither (docs/rules/tactical.md, "The journal and fog of war").
#[test]
fn tac_dmg_stun_recovery_is_read_by_the_units_witnesses_only() {
    let (t, mut st, [_, s, _]) = three_seats(Facing::S);
    st.units[s].status = squadsight_tactical::state::Status::Unconscious;
    st.units[s].stun = 1;
    t.settle_sight(&mut st);
    let woke = first_at_round_end(&t, &mut st, "tac.dmg.stun-recovery");
    assert!(woke.view(Some(Seat(1))).is_some(), "{}", woke.text);
    assert!(woke.view(Some(Seat(0))).is_some(), "{}", woke.text);
    assert!(woke.view(Some(Seat(2))).is_none(), "{}", woke.text);
    assert!(woke.view(None).is_some());
}

/// tac.zombie.hatch, tac.gap.34: a zombie's Chrysalid bursting out at the end of a round is
/// read by the seats that see the zombie (its own, and the Snakeman's, which faces it) and not
/// by the third seat, which sees neither.
#[test]
fn tac_zombie_hatch_is_read_by_the_zombies_witnesses_only() {
    let (t, mut st, [x, s, _]) = three_seats(Facing::S);
    assert!(st.seat_sees(Seat(1), x) && !st.seat_sees(Seat(2), x));
    let _ = s;
    st.units[x].zombie = Some(0);
    let hatch = first_at_round_end(&t, &mut st, "tac.zombie.hatch");
    assert!(hatch.view(Some(Seat(0))).is_some(), "{}", hatch.text);
    assert!(hatch.view(Some(Seat(1))).is_some(), "{}", hatch.text);
    assert!(hatch.view(Some(Seat(2))).is_none(), "{}", hatch.text);
    assert!(hatch.view(None).is_some());
}
