//! Units and missions on small hand-made battlefields: psi and panic, mind control,
//! civilians' runs, Chrysalid implants and zombies, items on the floor, medikits, secret
//! missions, ship boarding and base deployment. Each test is named for the clause it checks.

use crate::support::{
    act, act_with, arena, face_off, find, legal, north, p, psi, roll_of, rules_in, seat_to_act,
    south, start, step, tactical, try_apply, try_setup, units_of,
};
use squadsight_core::square::Pos;
use squadsight_core::{Decision, Journal, Ruleset, Seat};
use squadsight_tactical::Tactical;
use squadsight_tactical::action::Action;
use squadsight_tactical::data::{Mode, PanicEffect};
use squadsight_tactical::items::Carried;
use squadsight_tactical::map::Facing;
use squadsight_tactical::mission::Mission;
use squadsight_tactical::options::Options;
use squadsight_tactical::psi::PsiKind;
use squadsight_tactical::state::{State, Status};

/// Plays on (ending squad turns, holding fire, running where told) until the round changes.
fn next_round(t: &Tactical, st: &mut State) -> Journal {
    let mut all = Journal::recording();
    let r = st.round;
    for _ in 0..200 {
        if st.round != r || st.outcome.is_some() {
            break;
        }
        let seat = seat_to_act(t, st);
        let list = legal(t, st, seat);
        let a = if list.contains(&Action::EndTurn) {
            Action::EndTurn
        } else if list.contains(&Action::Hold) {
            Action::Hold
        } else {
            list.first().cloned().unwrap_or_else(|| panic!("no action"))
        };
        try_apply(t, st, seat, &a, 3, &mut all).unwrap_or_else(|e| panic!("{e}"));
    }
    all
}

/// Unit 0, given a Psi Amp and a PSK no defence can match, makes a psi attack of `kind`
/// on unit `target`.
fn psi_attack(t: &Tactical, st: &mut State, target: usize, kind: PsiKind) -> Journal {
    st.units[0].psi_amp = true;
    st.units[0].stats[7] = Some(300);
    act(t, st, psi(0, target as u8, kind))
}

/// tac.psi.who, tac.equip.psi-amp, tac.unit.hwp-rules, tac.stat.psk: aliens attack with
/// psi bare-handed, humans only with a Psi Amp, and HWPs are never targets.
#[test]
fn tac_psi_who_aliens_bare_humans_with_amp_never_hwps() {
    let t = tactical();
    let [tank, sectoid] = units_of(&t, "assault", ["Tank Cannon", "Sectoid"]);
    let mut st = arena(
        &t,
        "assault",
        &[
            (0, north(5, 10)),
            (tank, north(8, 10)),
            (sectoid, south(5, 4)),
        ],
    );
    let psi_moves = |st: &State, seat| {
        legal(&t, st, seat)
            .into_iter()
            .filter(|a| matches!(a, Action::Psi { .. }))
            .collect::<Vec<_>>()
    };
    // X-Com's troop carries no Psi Amp.
    assert!(psi_moves(&st, Seat(0)).is_empty());
    st.units[0].psi_amp = true;
    let list = psi_moves(&st, Seat(0));
    assert_eq!(list.len(), 3, "{list:?}");
    assert!(list.contains(&psi(0, sectoid as u8, PsiKind::MindControl)));
    // The aliens' turn: the Sectoid may attack the troop but not the tank.
    st.turn = 1;
    let list = psi_moves(&st, Seat(1));
    assert!(!list.is_empty());
    assert!(
        list.iter()
            .all(|a| matches!(a, Action::Psi { target: 0, .. }))
    );
}

/// tac.psi.resolve, tac.stat.pst, tac.gap.30: an opposed d100 roll, PSK + modifier against
/// PST, 10 TU; a mind probe (tac.psi.probe, +10) shows the sheet on success.
#[test]
fn tac_psi_resolve_is_opposed_and_costs_ten_tu() {
    let t = tactical();
    let (base, sectoid) = face_off(&t, "assault", "Sectoid", north(5, 10), south(5, 4));
    let mut wins = 0;
    for seed in 0..40 {
        let mut st = base.clone();
        st.units[0].psi_amp = true;
        let tu = st.units[0].tu;
        let j = act_with(&t, &mut st, psi(0, sectoid as u8, PsiKind::Probe), seed);
        assert_eq!(st.units[0].tu, tu - 10);
        let rolls: Vec<_> = j
            .events()
            .iter()
            .filter(|e| e.rule == "tac.psi.resolve" && e.roll.is_some())
            .collect();
        assert!(rolls.len() >= 2 && rolls.len() % 2 == 0);
        // Every roll carries its exact odds.
        assert!(rolls.iter().all(|e| e.roll.and_then(|r| r.p).is_some()));
        let won = rolls.last().and_then(|e| e.roll).and_then(|r| r.success) == Some(true);
        let probed = j.events().iter().any(|e| e.rule == "tac.psi.probe");
        assert_eq!(won, probed);
        wins += usize::from(won);
    }
    // PSK 15 + 10 against PST 0: the attacker wins more often than not, not always.
    assert!(wins > 20 && wins < 40, "{wins}");
}

/// tac.psi.panic, tac.gap.31: the panic d10 reads 1–4 paralysed, 5–7 flee, 8–10 berserk,
/// and a successful panic records its effect for the victim's next turn (tac.gap.32).
#[test]
fn tac_psi_panic_table_and_effect_waits_for_next_turn() {
    let t = tactical();
    let table = t.catalog().rules().panic;
    assert!(table[..4].iter().all(|e| *e == PanicEffect::Paralysed));
    assert!(table[4..7].iter().all(|e| *e == PanicEffect::Flee));
    assert!(table[7..].iter().all(|e| *e == PanicEffect::Berserk));
    let (mut st, sectoid) = face_off(&t, "assault", "Sectoid", north(5, 10), south(5, 4));
    let j = psi_attack(&t, &mut st, sectoid, PsiKind::Panic);
    let d10 = roll_of(&j, "tac.psi.panic");
    let effect = table[(d10.total - 1) as usize];
    assert_eq!(st.units[sectoid].panic, Some(effect));
    // The row's exact odds: 4/10, 3/10 or 3/10.
    let p = d10.p.map(|p| p.to_string()).unwrap_or_default();
    let want = if effect == PanicEffect::Paralysed {
        "40.0%"
    } else {
        "30.0%"
    };
    assert!(p.starts_with(want), "{p}");
}

/// tac.psi.panic-paralysed, tac.game.tu-regain: a paralysed unit gets no TUs in its next
/// round.
#[test]
fn tac_psi_panic_paralysed_no_tu_next_turn() {
    let t = tactical();
    let (mut st, sectoid) = face_off(&t, "assault", "Sectoid", south(5, 18), north(5, 1));
    st.units[sectoid].panic = Some(PanicEffect::Paralysed);
    let j = next_round(&t, &mut st);
    assert!(rules_in(&j).contains(&"tac.psi.panic-paralysed"));
    assert_eq!(st.units[sectoid].tu, 0);
    assert!(st.units[sectoid].done);
    assert_eq!(st.units[0].tu, st.units[0].stat(0));
}

/// tac.psi.panic-flee, tac.gap.32: the fleeing unit drops the weapon in its hands
/// (tac.dmg.pickup later) and its own seat steers a run straight away from its attacker.
#[test]
fn tac_psi_panic_flee_drops_weapon_and_runs_away() {
    let t = tactical();
    let (mut st, sectoid) = face_off(&t, "assault", "Sectoid", south(10, 15), north(10, 10));
    st.units[sectoid].panic = Some(PanicEffect::Flee);
    st.units[sectoid].panic_from = Some(0);
    next_round(&t, &mut st);
    assert_eq!(st.units[sectoid].weapon, None);
    assert_eq!(st.floor.len(), 1);
    assert_eq!(st.floor[0].pos, p(10, 10, 0));
    // The Sectoid's own seat steers, only away from the troop.
    assert_eq!(seat_to_act(&t, &st), Seat(1));
    let mut last = 25;
    loop {
        let list = legal(&t, &st, Seat(1));
        let Some(Action::Flee { to, .. }) = list.first().cloned() else {
            break;
        };
        for a in &list {
            let Action::Flee { to, .. } = a else {
                panic!("only runs are legal: {a:?}")
            };
            assert!(to.y < st.units[sectoid].pos.y || to.y <= 10, "{to:?}");
        }
        act(
            &t,
            &mut st,
            Action::Flee {
                unit: sectoid as u8,
                to,
            },
        );
        let d = (st.units[sectoid].pos.y - 15).pow(2) + (st.units[sectoid].pos.x - 10).pow(2);
        assert!(d > last, "{d} after {last}");
        last = d;
        if st.flights.is_empty() {
            break;
        }
    }
    assert!(st.flights.is_empty());
    assert!(st.units[sectoid].pos.y < 10);
    // tac.gap.32: the run is its turn.
    assert!(st.units[sectoid].done);
}

/// tac.psi.panic-berserk, tac.gap.1: berserk snap shots, one d10 direction each, until the
/// TUs are spent.
#[test]
fn tac_psi_panic_berserk_fires_snap_shots_in_rolled_directions() {
    let t = tactical();
    let (mut st, sectoid) = face_off(&t, "assault", "Sectoid", south(10, 18), north(10, 2));
    st.units[sectoid].panic = Some(PanicEffect::Berserk);
    let rounds = st.units[sectoid].rounds;
    let j = next_round(&t, &mut st);
    let dice = j
        .events()
        .iter()
        .filter(|e| e.rule == "tac.psi.panic-berserk" && e.roll.is_some())
        .count();
    // The Plasma Pistol's snap shot costs what the sheet says; the Sectoid has 27 TU.
    let w = st.units[sectoid].weapon.unwrap_or_else(|| panic!("weapon"));
    let snap = t
        .catalog()
        .weapon(w)
        .shot(Mode::Snap)
        .map_or(0, |s| i16::from(s.tu));
    assert_eq!(dice as i16, st.units[sectoid].stat(0) / snap);
    assert_eq!(st.units[sectoid].tu, 0);
    if let (Some(a), Some(b)) = (rounds, st.units[sectoid].rounds) {
        assert_eq!(u32::from(a - b), dice as u32);
    }
}

/// tac.psi.mind-control, tac.gap.33: control passes at once; the controller plays the unit
/// and control reverts when the controller's squad turn ends.
#[test]
fn tac_psi_mind_control_hands_the_unit_over_until_the_turn_ends() {
    let t = tactical();
    let (mut st, sectoid) = face_off(&t, "assault", "Sectoid", north(5, 18), south(5, 2));
    psi_attack(&t, &mut st, sectoid, PsiKind::MindControl);
    assert_eq!(st.units[sectoid].control, Seat(0));
    assert!(st.units[sectoid].controlled);
    // The troop ends its turn; X-Com now moves the Sectoid.
    act(&t, &mut st, Action::EndUnit { unit: 0 });
    let list = legal(&t, &st, Seat(0));
    assert!(
        list.iter()
            .any(|a| matches!(a, Action::Step { unit, .. } if usize::from(*unit) == sectoid)),
        "{list:?}"
    );
    act(&t, &mut st, Action::EndTurn);
    assert_eq!(st.units[sectoid].control, Seat(1));
    assert!(!st.units[sectoid].controlled);
}

/// tac.civ.autonomous, tac.civ.reaction, tac.civ.flee, tac.stat.ret: a civilian stays out of the squad
/// turns; when an alien steps into its sight it rolls RET -10 against the alien's RET, and
/// on a win X-Com steers its run away from the alien with all its TUs.
#[test]
fn tac_civ_flee_under_xcom_steering() {
    let t = tactical();
    let st0 = start(&t, "terror", &Options::default(), 1);
    let civ = find(&t, &st0, "Civilian");
    let floater = find(&t, &st0, "Floater");
    assert_eq!(
        st0.units
            .iter()
            .filter(|u| t.catalog().unit(u.kind).name == "Civilian")
            .count(),
        10
    );
    let mut st = arena(
        &t,
        "terror",
        &[
            (0, north(1, 19)),
            (civ, north(10, 10)),
            (floater, south(10, 1)),
        ],
    );
    // Civilians never act in a squad turn.
    st.units[civ].done = true;
    assert!(
        legal(&t, &st, Seat(0))
            .iter()
            .all(|a| !matches!(a, Action::EndUnit { unit } if usize::from(*unit) == civ))
    );
    // A wall between them: the civilian does not see the floater yet.
    st.units[civ].facing = Facing::S;
    st.units[civ].stats[6] = Some(300);
    st.units[civ].seen = 0;
    st.units[floater].facing = Facing::S;
    // It already sees the floater now (open field): forget it, as if it just appeared.
    st.turn = 1;
    st.active = None;
    let j = act(&t, &mut st, step(floater as u8, p(10, 2, 0)));
    let rules = rules_in(&j);
    assert!(rules.contains(&"tac.civ.reaction"), "{rules:?}");
    assert!(rules.contains(&"tac.civ.flee"));
    assert_eq!(seat_to_act(&t, &st), Seat(0));
    let start = st.units[civ].pos;
    let mut steps = 0;
    while !st.flights.is_empty() {
        let list = legal(&t, &st, Seat(0));
        assert!(list.iter().all(|a| matches!(a, Action::Flee { .. })));
        let Some(Action::Flee { to, .. }) = list.last().cloned() else {
            panic!("no step")
        };
        act(
            &t,
            &mut st,
            Action::Flee {
                unit: civ as u8,
                to,
            },
        );
        steps += 1;
    }
    assert!(steps >= 5, "{steps}");
    assert!(st.units[civ].pos.y > start.y);
    assert!(st.units[civ].tu < 2);
    // The alien's turn goes on.
    assert_eq!(seat_to_act(&t, &st), Seat(1));
}

/// tac.civ.freeze: a civilian that loses the roll is frozen, and runs at the start of the
/// next round (tac.gap.68).
#[test]
fn tac_civ_freeze_then_run_next_round() {
    let t = tactical();
    let [civ, floater] = units_of(&t, "terror", ["Civilian", "Floater"]);
    let mut st = arena(
        &t,
        "terror",
        &[
            (0, north(1, 19)),
            (civ, north(10, 10)),
            (floater, south(10, 1)),
        ],
    );
    st.units[civ].seen = 0;
    st.units[floater].stats[6] = Some(300);
    st.turn = 1;
    let j = act(&t, &mut st, step(floater as u8, p(10, 2, 0)));
    assert!(rules_in(&j).contains(&"tac.civ.freeze"));
    assert_eq!(st.units[civ].frozen, Some(floater as u8));
    assert!(st.flights.is_empty());
    let before = st.units[civ].pos;
    let j = next_round(&t, &mut st);
    assert!(rules_in(&j).contains(&"tac.civ.freeze"));
    // The run waits for X-Com, before any squad acts.
    assert_eq!(seat_to_act(&t, &st), Seat(0));
    assert!(matches!(
        legal(&t, &st, Seat(0)).first(),
        Some(Action::Flee { .. })
    ));
    assert_eq!(st.units[civ].pos, before);
}

/// tac.scen.terror.goals, tac.gap.69: civilians fight for nobody; when the last one dies
/// the aliens win, and X-Com's victory reports the civilians saved.
#[test]
fn tac_scen_terror_goals_civilians_decide_the_aliens_win() {
    let t = tactical();
    let mut st = start(&t, "terror", &Options::default(), 2);
    for u in st.units.iter_mut() {
        if t.catalog().unit(u.kind).name == "Civilian" {
            u.status = Status::Dead;
        }
    }
    next_round(&t, &mut st);
    let o = st.outcome.clone().unwrap_or_else(|| panic!("not over"));
    assert!(o.winners.contains(Seat(1)) && !o.winners.contains(Seat(0)));
    // X-Com eliminating every alien wins, with the score.
    let mut st = start(&t, "terror", &Options::default(), 2);
    for u in st.units.iter_mut() {
        if u.seat == Seat(1) {
            u.status = Status::Dead;
        }
    }
    next_round(&t, &mut st);
    let o = st.outcome.clone().unwrap_or_else(|| panic!("not over"));
    assert!(o.winners.contains(Seat(0)));
    assert!(
        o.reason.contains("10 of 10 civilians alive"),
        "{}",
        o.reason
    );
}

/// tac.zombie.implant, tac.zombie.convert, tac.zombie.stats, tac.zombie.tu, tac.stat.mac,
/// tac.stat.tu: a hit at MAC -40
/// does no damage; the victim is the Chrysalid side's zombie with the TUs it had left, and
/// never attacks.
#[test]
fn tac_zombie_implant_converts_with_remaining_tu() {
    let t = tactical();
    let [chrysalid, tank] = units_of(&t, "assault", ["Chrysalid", "Tank Cannon"]);
    let base = {
        let mut st = arena(
            &t,
            "assault",
            &[
                (0, north(5, 10)),
                (tank, north(8, 9)),
                (chrysalid, south(5, 9)),
            ],
        );
        st.turn = 1;
        st.units[0].tu = 17;
        st
    };
    let list = legal(&t, &base, Seat(1));
    let implants: Vec<_> = list
        .iter()
        .filter(|a| {
            matches!(
                a,
                Action::Attack {
                    mode: Mode::Implant,
                    ..
                }
            )
        })
        .collect();
    // Only the troop: the tank is not living (tac.gap.34).
    assert_eq!(implants.len(), 1, "{implants:?}");
    let Action::Attack { weapon, .. } = implants[0].clone() else {
        unreachable!()
    };
    let hit = t.to_hit(&base, chrysalid, weapon, Mode::Implant, 0);
    assert_eq!(hit.target, 80 - 40);
    let mut done = 0;
    for seed in 0..30 {
        let mut st = base.clone();
        let hp = st.units[0].damage;
        let j = act_with(
            &t,
            &mut st,
            Action::Attack {
                unit: chrysalid as u8,
                weapon,
                mode: Mode::Implant,
                target: 0,
            },
            seed,
        );
        if st.units[0].zombie.is_some() {
            done += 1;
            assert!(rules_in(&j).contains(&"tac.zombie.convert"));
            assert_eq!(st.units[0].seat, Seat(1));
            assert_eq!(st.units[0].damage, hp);
            assert_eq!(st.units[0].tu, 17);
            // A zombie never attacks.
            st.active = None;
            st.units[chrysalid].done = true;
            let list = legal(&t, &st, Seat(1));
            assert!(
                list.iter()
                    .all(|a| !matches!(a, Action::Attack { unit: 0, .. }))
            );
            assert!(
                list.iter()
                    .any(|a| matches!(a, Action::Step { unit: 0, .. }))
            );
        } else {
            assert!(rules_in(&j).contains(&"tac.melee.miss"));
        }
    }
    assert!(done > 5 && done < 25, "{done}");
}

/// tac.zombie.hatch, tac.gap.34, tac.stat.hth, tac.stat.susc: the zombie hatches into a fresh Chrysalid at the end of
/// the second round after the implant (implanted in round 1: at the end of round 3).
#[test]
fn tac_zombie_hatch_after_two_rounds() {
    let t = tactical();
    let [chrysalid] = units_of(&t, "assault", ["Chrysalid"]);
    let mut st = arena(
        &t,
        "assault",
        &[
            (0, north(5, 10)),
            (1, north(15, 15)),
            (chrysalid, south(1, 1)),
        ],
    );
    st.units[0].zombie = Some(1);
    st.units[0].seat = Seat(1);
    st.units[0].control = Seat(1);
    st.units[0].damage = 10;
    next_round(&t, &mut st);
    next_round(&t, &mut st);
    assert_eq!(st.round, 3);
    assert!(st.units[0].zombie.is_some());
    let j = next_round(&t, &mut st);
    assert!(rules_in(&j).contains(&"tac.zombie.hatch"));
    let u = &st.units[0];
    assert_eq!(t.catalog().unit(u.kind).name, "Chrysalid");
    assert_eq!((u.damage, u.zombie, u.seat), (0, None, Seat(1)));
    assert_eq!(u.stat(1), 95);
    let kind = t.catalog().unit(u.kind);
    assert_eq!(u.susc, kind.susc);
    assert_eq!(u.pos, p(5, 10, 0));
    // What the victim carried is on the floor (tac.dmg.drop-on-death).
    assert!(st.floor.iter().any(|f| f.pos == p(5, 10, 0)));
}

/// tac.dmg.pickup, tac.gap.55: a unit picks up what lies in its square for 0 TU and carries
/// its weight; what it drops cannot be picked up again in the same squad turn.
#[test]
fn tac_dmg_pickup_and_drop_cost_nothing() {
    let t = tactical();
    let [sectoid] = units_of(&t, "assault", ["Sectoid"]);
    let mut st = arena(
        &t,
        "assault",
        &[(0, north(5, 10)), (1, north(6, 10)), (sectoid, north(5, 0))],
    );
    let (tu, weight) = (st.units[0].tu, st.units[0].weight);
    act(
        &t,
        &mut st,
        Action::Drop {
            unit: 0,
            item: Carried::Weapon,
        },
    );
    assert_eq!(st.units[0].weapon, None);
    assert!(st.units[0].weight < weight);
    assert_eq!(st.units[0].tu, tu);
    assert_eq!(st.floor.len(), 1);
    // Not again this turn.
    assert!(
        legal(&t, &st, Seat(0))
            .iter()
            .all(|a| !matches!(a, Action::PickUp { .. }))
    );
    // It steps off the square and the squad's turn ends.
    act(&t, &mut st, step(0, p(4, 10, 0)));
    act(&t, &mut st, Action::EndTurn);
    next_round(&t, &mut st);
    // Next round the second troop walks in and takes it.
    st.turn = st.order.iter().position(|s| *s == Seat(0)).unwrap_or(0);
    st.active = None;
    act(&t, &mut st, step(1, p(5, 10, 0)));
    let tu1 = st.units[1].tu;
    let list = legal(&t, &st, Seat(0));
    assert!(list.contains(&Action::PickUp { unit: 1, item: 0 }) == st.units[1].weapon.is_none());
    act(
        &t,
        &mut st,
        Action::Drop {
            unit: 1,
            item: Carried::Weapon,
        },
    );
    act(&t, &mut st, Action::PickUp { unit: 1, item: 0 });
    assert!(st.units[1].weapon.is_some());
    assert_eq!(st.units[1].tu, tu1);
}

/// tac.medikit.critical, tac.medikit.use: with no wounds to heal, a medikit use removes the
/// effect of one leg wound on a 70% roll, for 10 TU.
#[test]
fn tac_medikit_critical_removes_a_leg_wound() {
    let t = tactical();
    let st0 = start(&t, "assault", &Options::default(), 1);
    let medic = st0
        .units
        .iter()
        .position(|u| u.medikit > 0)
        .unwrap_or_else(|| panic!("no medic"));
    let base = arena(&t, "assault", &[(medic, north(5, 10)), (0, north(6, 10))]);
    let mut healed = 0;
    for seed in 0..20 {
        let mut st = base.clone();
        st.units[0].legs = 1;
        let tu = st.units[medic].tu;
        let j = act_with(
            &t,
            &mut st,
            Action::Heal {
                unit: medic as u8,
                target: 0,
            },
            seed,
        );
        assert_eq!(st.units[medic].tu, tu - 10);
        if rules_in(&j).contains(&"tac.medikit.critical") {
            healed += 1;
            assert_eq!(st.units[0].legs, 0);
        } else {
            assert_eq!(st.units[0].legs, 1);
        }
    }
    assert!(healed > 8 && healed < 20, "{healed}");
}

/// tac.scen.mission.draw, tac.gap.18: each seat draws a secret mission on a private d4;
/// `observe` shows a seat its own mission and nothing of the other's; a target is written
/// down as a decision only its seat sees.
#[test]
fn tac_scen_mission_draw_is_secret_per_seat() {
    let t = tactical();
    let mut seen = [false; 4];
    for seed in 0..24 {
        let sc = t.scenario("missions").unwrap_or_else(|e| panic!("{e}"));
        let mut j = Journal::recording();
        let mut st =
            try_setup(&t, &sc, &Options::default(), seed, &mut j).unwrap_or_else(|e| panic!("{e}"));
        let draws: Vec<_> = j
            .events()
            .iter()
            .filter(|e| e.rule == "tac.scen.mission.draw" && e.roll.is_some())
            .collect();
        assert_eq!(draws.len(), 2);
        for (k, d) in draws.iter().enumerate() {
            let r = d.roll.unwrap_or_else(|| unreachable!());
            seen[(r.total - 1) as usize] = true;
            assert!(r.p.is_some_and(|p| p.to_string().starts_with("100")));
            // Only its seat sees the face.
            let other = Seat(1 - k as u8);
            let view = d.view(Some(other)).unwrap_or_else(|| panic!("redacted"));
            assert!(!view.text.contains("mission 1") && !view.text.contains("mission 2"));
            assert!(view.roll.is_some());
        }
        for s in 0..2u8 {
            let obs = t.observe(&st, Seat(s));
            let own = obs.known.mission.secret[usize::from(s)];
            assert_eq!(own, st.mission.secret[usize::from(s)]);
            let other = obs.known.mission.secret[usize::from(1 - s)];
            assert!(matches!(
                other,
                Some(Mission::Eliminate) | Some(Mission::Sabotage(None))
            ));
        }
        // Write down targets: only the seat in question may.
        while let Decision::Act(seat) = t.to_act(&st) {
            let list = legal(&t, &st, seat);
            let Some(a @ Action::MissionTarget { .. }) = list.first().cloned() else {
                break;
            };
            let other = Seat(1 - seat.0);
            assert!(legal(&t, &st, other).is_empty());
            assert_eq!(
                t.describe(&st, &a),
                "write down the mission's secret target"
            );
            let mut jj = Journal::recording();
            try_apply(&t, &mut st, seat, &a, 1, &mut jj).unwrap_or_else(|e| panic!("{e}"));
            let ev = &jj.events()[0];
            assert!(
                ev.view(Some(other))
                    .is_some_and(|v| v.text.contains("secret target"))
            );
            assert!(!st.mission.secret[seat.index()].is_some_and(|m| m.needs_target()));
        }
    }
    assert!(seen.iter().all(|s| *s), "{seen:?}");
}

/// tac.scen.mission.capture-ship: no enemy left in the enemy craft and one of one's own in
/// it wins at the end of the squad turn.
#[test]
fn tac_scen_mission_capture_ship_wins() {
    let t = tactical();
    let mut st = start(&t, "missions", &Options::default(), 3);
    st.mission.secret = vec![Some(Mission::CaptureShip), Some(Mission::Eliminate)];
    let home = st.mission.homes[1].clone();
    let first = st.turn_seat();
    for u in st.units.iter_mut() {
        if u.seat == Seat(1) {
            // The aliens are all outside their craft.
            u.pos = p(0, 49, 0);
        }
    }
    st.units[0].pos = home[0];
    t.settle_sight(&mut st);
    // Play until X-Com's squad turn ends.
    for _ in 0..4 {
        if st.outcome.is_some() {
            break;
        }
        let seat = seat_to_act(&t, &st);
        act(&t, &mut st, Action::EndTurn);
        if seat == Seat(0) {
            break;
        }
    }
    let o = st
        .outcome
        .clone()
        .unwrap_or_else(|| panic!("not over; {first:?}"));
    assert!(o.winners.contains(Seat(0)), "{}", o.reason);
    assert!(o.reason.contains("tac.scen.mission.capture-ship"));
}

/// tac.scen.boarding: in ship boarding no step leaves the two craft and their gangway.
#[test]
fn tac_scen_boarding_keeps_everyone_in_the_craft() {
    let t = tactical();
    let st = start(&t, "boarding", &Options::default(), 4);
    let crafts = st.bf.crafts().to_vec();
    assert_eq!(crafts.len(), 2);
    let inside = |p: Pos| {
        crafts.iter().any(|c| {
            p.x >= c.origin.x - 1
                && p.x <= c.origin.x + c.size.0 as i32
                && p.y >= c.origin.y - 1
                && p.y <= c.origin.y + c.size.1 as i32
        })
    };
    let seat = seat_to_act(&t, &st);
    let list = legal(&t, &st, seat);
    let steps: Vec<_> = list
        .iter()
        .filter_map(|a| match a {
            Action::Step { to, .. } => Some(*to),
            _ => None,
        })
        .collect();
    assert!(!steps.is_empty());
    assert!(steps.iter().all(|p| inside(*p)));
    // The Avenger lies one square below the Battleship's ramp, exactly where the scenario
    // docks it.
    let (bs, av) = (&crafts[1], &crafts[0]);
    assert_eq!((av.origin.x, av.origin.y), (21, 25));
    assert_eq!(av.origin.y, bs.origin.y + bs.size.1 as i32 + 1);
}

/// tac.scen.base.setup, tac.gap.70: on the base map the attackers land on the hangars'
/// landing pads and the defenders start inside the base.
#[test]
fn tac_scen_base_setup_attackers_on_the_landing_pads() {
    let t = tactical();
    let st = start(&t, "base-defence", &Options::default(), 5);
    let pads = st
        .units
        .iter()
        .filter(|u| u.seat == Seat(1))
        .filter(|u| {
            st.bf.square(u.pos).and_then(|s| s.floor)
                == Some(squadsight_tactical::map::FloorKind::Dirt)
        })
        .count();
    assert_eq!(pads, st.units.iter().filter(|u| u.seat == Seat(1)).count());
    assert!(st.units.iter().filter(|u| u.seat == Seat(0)).all(|u| {
        st.bf.square(u.pos).and_then(|s| s.floor)
            == Some(squadsight_tactical::map::FloorKind::BaseFloor)
    }));
}

/// Ends squad turns until seat `s`'s has ended (or the game is over).
fn end_turn_of(t: &Tactical, st: &mut State, s: Seat) {
    for _ in 0..6 {
        if st.outcome.is_some() {
            return;
        }
        let seat = seat_to_act(t, st);
        act(t, st, Action::EndTurn);
        if seat == s {
            return;
        }
    }
}

/// tac.scen.mission.sabotage: the object written down, once destroyed, wins the mission at the
/// end of the holder's squad turn; the targets offered are objects inside the enemy craft.
#[test]
fn tac_scen_mission_sabotage_destroy_the_written_object() {
    let t = tactical();
    let mut st = start(&t, "missions", &Options::default(), 3);
    st.mission.secret = vec![Some(Mission::Sabotage(None)), Some(Mission::Eliminate)];
    let list = legal(&t, &st, Seat(0));
    assert!(!list.is_empty());
    let home = st.mission.homes[1].clone();
    let mut target = None;
    for a in &list {
        let Action::MissionTarget {
            square: Some(p), ..
        } = a
        else {
            panic!("{a:?}")
        };
        let ufo = &st.bf.crafts()[1];
        assert!(p.x >= ufo.origin.x && p.x < ufo.origin.x + ufo.size.0 as i32);
        assert!(p.y >= ufo.origin.y && p.y < ufo.origin.y + ufo.size.1 as i32);
        assert!(st.bf.square(*p).is_some_and(|q| q.object.is_some()));
        target = Some(*p);
    }
    assert!(!home.is_empty());
    let p = target.unwrap_or_else(|| unreachable!());
    act(&t, &mut st, list[list.len() - 1].clone());
    assert_eq!(st.mission.secret[0], Some(Mission::Sabotage(Some(p))));
    end_turn_of(&t, &mut st, Seat(0));
    assert!(st.outcome.is_none(), "the object still stands");
    let mut j = Journal::off();
    st.bf.strike(
        squadsight_tactical::map::Item::Object(p),
        squadsight_tactical::map::DamageType::HE,
        1000,
        &mut j,
    );
    end_turn_of(&t, &mut st, Seat(0));
    let o = st.outcome.clone().unwrap_or_else(|| panic!("not over"));
    assert!(
        o.winners.contains(Seat(0)) && o.reason.contains("sabotage"),
        "{}",
        o.reason
    );
}

/// tac.scen.mission.capture-unit: the unit written down, mind-controlled by the holder and
/// standing on the holder's craft at the end of its squad turn, is captured; a dead target
/// turns the mission into elimination (tac.gap.18).
#[test]
fn tac_scen_mission_capture_unit_by_mind_control() {
    let t = tactical();
    let mut st = start(&t, "missions", &Options::default(), 3);
    st.mission.secret = vec![Some(Mission::CaptureUnit(None)), Some(Mission::Eliminate)];
    let alien = st
        .units
        .iter()
        .position(|u| u.seat == Seat(1))
        .unwrap_or_else(|| panic!("alien"));
    act(
        &t,
        &mut st,
        Action::MissionTarget {
            square: None,
            unit: Some(alien as u8),
            weapon: None,
        },
    );
    let mut dead = st.clone();
    // Brought to X-Com's craft under mind control.
    let u = &mut st.units[alien];
    u.control = Seat(0);
    u.controlled = true;
    u.control_until = 99;
    u.pos = st.mission.homes[0][0];
    t.settle_sight(&mut st);
    end_turn_of(&t, &mut st, Seat(0));
    let o = st.outcome.clone().unwrap_or_else(|| panic!("not over"));
    assert!(o.reason.contains("capture-unit"), "{}", o.reason);
    // Killed instead: the mission falls back to elimination.
    dead.units[alien].status = Status::Dead;
    end_turn_of(&t, &mut dead, Seat(0));
    assert_eq!(dead.mission.secret[0], Some(Mission::Eliminate));
}

/// tac.scen.mission.capture-tech, tac.scen.mission.capture-tech-limits, tac.squad.carry-any:
/// only weapons the enemy carries and the holder's squad did not bring may be written down;
/// carried to the holder's craft, the weapon wins.
#[test]
fn tac_scen_mission_capture_tech_choices_and_win() {
    let t = tactical();
    let mut st = start(&t, "missions", &Options::default(), 3);
    st.mission.secret = vec![Some(Mission::CaptureTech(None)), Some(Mission::Eliminate)];
    let list = legal(&t, &st, Seat(0));
    let own: Vec<_> = st
        .units
        .iter()
        .filter(|u| u.seat == Seat(0))
        .filter_map(|u| u.weapon)
        .collect();
    let choices: Vec<_> = list
        .iter()
        .filter_map(|a| match a {
            Action::MissionTarget {
                weapon: Some(w), ..
            } => Some(*w),
            _ => None,
        })
        .collect();
    assert_eq!(choices.len(), list.len());
    assert!(!choices.is_empty());
    assert!(choices.iter().all(|w| !own.contains(w)));
    let w = choices[0];
    act(
        &t,
        &mut st,
        Action::MissionTarget {
            square: None,
            unit: None,
            weapon: Some(w),
        },
    );
    // An X-Com troop brings one home (tac.squad.carry-any: any soldier carries any weapon).
    st.units[0].weapon = Some(w);
    st.units[0].pos = st.mission.homes[0][0];
    t.settle_sight(&mut st);
    end_turn_of(&t, &mut st, Seat(0));
    let o = st.outcome.clone().unwrap_or_else(|| panic!("not over"));
    assert!(o.reason.contains("capture-tech"), "{}", o.reason);
    // With nothing of the enemy's to steal at the draw, the mission is elimination.
    let sc = t.scenario("missions").unwrap_or_else(|e| panic!("{e}"));
    for seed in 0..40 {
        let mut j = Journal::recording();
        let st =
            try_setup(&t, &sc, &Options::default(), seed, &mut j).unwrap_or_else(|e| panic!("{e}"));
        let limits = j
            .events()
            .iter()
            .any(|e| e.rule == "tac.scen.mission.capture-tech-limits");
        if st.mission.secret.contains(&Some(Mission::Eliminate)) {
            assert!(limits);
        }
    }
}

/// tac.scen.types: the built-in scenarios cover Assault (the default), team and
/// free-for-all games, Base defence, Terror site, Ship boarding and Missions.
#[test]
fn tac_scen_types_are_offered() {
    let t = tactical();
    let ids: Vec<&str> = t.scenarios().iter().map(|s| s.id).collect();
    assert_eq!(ids[0], "assault");
    for id in [
        "teams",
        "free-for-all",
        "base-defence",
        "terror",
        "boarding",
        "missions",
    ] {
        assert!(ids.contains(&id), "{id}");
        assert!(t.scenario(id).is_ok());
    }
    let seats = |id: &str| t.seat_count(&t.scenario(id).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!((seats("teams"), seats("free-for-all")), (4, 3));
}

/// tac.unit.terror-rules, tac.psi.who, tac.gap.22: a terror unit carries nothing, makes no
/// psi attack unless boosted, and can be psi-attacked.
#[test]
fn tac_unit_terror_rules_no_kit_psi_only_when_boosted() {
    let t = tactical();
    let (mut st, chrysalid) = face_off(&t, "assault", "Chrysalid", north(5, 14), south(5, 4));
    st.floor.push(squadsight_tactical::items::FloorItem {
        pos: p(5, 4, 0),
        item: squadsight_tactical::items::Item::PsiAmp,
        fresh: false,
    });
    st.units[0].psi_amp = true;
    assert!(legal(&t, &st, Seat(0)).contains(&psi(0, chrysalid as u8, PsiKind::Panic)));
    st.turn = 1;
    let list = legal(&t, &st, Seat(1));
    assert!(
        list.iter()
            .all(|a| !matches!(a, Action::Psi { .. } | Action::PickUp { .. }))
    );
    // Boosted from "-" (a PSK of 0 and up): it may attack.
    st.units[chrysalid].stats[7] = Some(10);
    assert!(
        legal(&t, &st, Seat(1))
            .iter()
            .any(|a| matches!(a, Action::Psi { .. }))
    );
}

/// tac.dmg.wake-displace, tac.dmg.stun-recovery, tac.gap.56: a unit that comes round under
/// another moves to a free square next to it.
#[test]
fn tac_dmg_wake_displace_moves_off_an_occupied_square() {
    let t = tactical();
    let [sectoid] = units_of(&t, "assault", ["Sectoid"]);
    let mut st = arena(
        &t,
        "assault",
        &[(0, north(5, 10)), (1, north(5, 10)), (sectoid, south(5, 0))],
    );
    st.units[1].status = Status::Unconscious;
    st.units[1].stun = st.units[1].stat(1) + 2;
    t.settle_sight(&mut st);
    // tac.dmg.unconscious: it takes no action.
    assert!(
        legal(&t, &st, Seat(0))
            .iter()
            .all(|a| !matches!(a, Action::EndUnit { unit: 1 }))
    );
    let j = next_round(&t, &mut st);
    assert!(rules_in(&j).contains(&"tac.dmg.stun-recovery"));
    assert!(rules_in(&j).contains(&"tac.dmg.wake-displace"));
    assert_eq!(st.units[1].status, Status::Active);
    // The first free square clockwise from north.
    assert_eq!(st.units[1].pos, p(5, 9, 0));
    assert!(!st.units[1].lose_turn);
}

/// tac.psi.probe, tac.stat.sheet, tac.stat.arm: a successful mind probe shows the full sheet,
/// a missing stat as "-", and the armour left.
#[test]
fn tac_stat_sheet_shown_by_the_mind_probe() {
    let t = tactical();
    let (mut st, chrysalid) = face_off(&t, "assault", "Chrysalid", north(5, 14), south(5, 4));
    let j = psi_attack(&t, &mut st, chrysalid, PsiKind::Probe);
    let sheet = j
        .events()
        .iter()
        .find(|e| e.rule == "tac.psi.probe")
        .map(|e| e.text.clone())
        .unwrap_or_else(|| panic!("no probe"));
    assert!(
        sheet.contains("TU 55 HTH 95 ACC - MAC 80 TAC - STR 110"),
        "{sheet}"
    );
    assert!(sheet.contains("ARM [17, 17, 17, 17, 17]"), "{sheet}");
}
