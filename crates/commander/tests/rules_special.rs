//! Reaction fire, close combat, special rules the engine carries out, objectives and victory.

use crate::support::{activate, weapon_id};
use squadsight_commander::action::Action;
use squadsight_commander::board::{Cell, TerrainKind};
use squadsight_commander::fixture::{Fixture, Session};
use squadsight_commander::state::{Method, Presence, Victory, Window};
use squadsight_core::{Decision, Ruleset, Seat};

#[test]
fn cmd_act_overwatch_one_fires_at_a_mover() {
    // cmd.act.overwatch.one, cmd.gap.12: Overwatch fires once at an enemy that moves in sight.
    let mut s = Fixture::new(24, 24)
        .model(0, "Rookie", 2, 10)
        .model(1, "ADVENT Trooper", 20, 10)
        .build()
        .unwrap();
    let (rookie, trooper) = (s.model_at(2, 10).unwrap(), s.model_at(20, 10).unwrap());
    let ar = weapon_id("Assault Rifle");
    s.act(0, Action::Activate(rookie)).unwrap();
    s.act(0, Action::Overwatch(ar)).unwrap();
    s.act(0, Action::EndActivation).unwrap();
    assert_eq!(s.state().die, Some(Seat(1)));
    s.act(1, Action::Activate(trooper)).unwrap();
    s.act(
        1,
        Action::Run {
            to: Cell::new(15, 10),
            actions: 1,
        },
    )
    .unwrap();
    assert_eq!(s.state().model(rookie).unwrap().overwatch, None);
    assert!(
        s.events()
            .iter()
            .any(|e| e.rule == "cmd.act.overwatch.one" && e.text.contains("reacts"))
    );
}

#[test]
fn cmd_sr_phantom_triggers_no_reaction_fire() {
    // cmd.sr.phantom: the Stun Lancer's move sets off no Overwatch.
    let mut s = Fixture::new(24, 24)
        .model(0, "Rookie", 2, 10)
        .model(1, "ADVENT Stun Lancer", 20, 10)
        .build()
        .unwrap();
    let (rookie, lancer) = (s.model_at(2, 10).unwrap(), s.model_at(20, 10).unwrap());
    let ar = weapon_id("Assault Rifle");
    s.act(0, Action::Activate(rookie)).unwrap();
    s.act(0, Action::Overwatch(ar)).unwrap();
    s.act(0, Action::EndActivation).unwrap();
    s.act(1, Action::Activate(lancer)).unwrap();
    s.act(
        1,
        Action::Run {
            to: Cell::new(15, 10),
            actions: 1,
        },
    )
    .unwrap();
    assert_eq!(s.state().model(rookie).unwrap().overwatch, Some(ar));
    assert!(s.cited("cmd.sr.phantom"));
}

#[test]
fn cmd_melee_charge_engage_flee_and_free_attack() {
    // cmd.melee.engage-on-contact: a charge engages, hit or miss. cmd.melee.engaged-options and
    // cmd.melee.engaged-counts-two: the engaged model may only attack its partner or flee, as
    // 2-action uses. cmd.melee.flee-free-attack, cmd.melee.free-attack-form: fleeing gives the
    // partner a free attack; with a 0 Range weapon it moves into contact first.
    let mut s = Fixture::new(24, 24)
        .model(0, "Rookie", 5, 10)
        .model(1, "ADVENT Stun Lancer", 12, 10)
        .active(1)
        .dice(&[6, 6])
        .build()
        .unwrap();
    let (rookie, lancer) = (s.model_at(5, 10).unwrap(), s.model_at(12, 10).unwrap());
    let lance = weapon_id("Shock Lance");
    s.act(1, Action::Activate(lancer)).unwrap();
    s.act(
        1,
        Action::Run {
            to: Cell::new(6, 10),
            actions: 1,
        },
    )
    .unwrap();
    // Having run into contact, the charge is all that is left.
    let legal = s.legal(1);
    assert!(!legal.is_empty());
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, Action::Attack { weapon, .. } if *weapon == lance))
    );
    s.act(1, legal[0]).unwrap();
    assert_eq!(s.state().model(rookie).unwrap().engaged, vec![lancer]);
    assert_eq!(s.state().die, Some(Seat(0)));
    s.act(0, Action::Activate(rookie)).unwrap();
    let legal = s.legal(0);
    assert!(legal.iter().all(|a| match a {
        Action::Attack {
            target, actions, ..
        } => *target == lancer && *actions == 2,
        Action::Run { actions, .. } | Action::Climb { actions, .. } => *actions == 2,
        Action::EndActivation => true,
        _ => false,
    }));
    s.act(
        0,
        Action::Run {
            to: Cell::new(1, 10),
            actions: 2,
        },
    )
    .unwrap();
    assert!(s.state().model(rookie).unwrap().engaged.is_empty());
    let legal = s.legal(1);
    assert!(legal.contains(&Action::FreeAttack(lance)));
    assert!(legal.contains(&Action::DeclineFreeAttack));
    s.act(1, Action::FreeAttack(lance)).unwrap();
    assert!(s.cited("cmd.melee.free-attack-form"));
    let l = s.state().model(lancer).unwrap().cell;
    assert!(s.state().board.adjacent(l, Cell::new(1, 10)));
}

#[test]
fn cmd_prep_leader_loss_will() {
    // cmd.prep.leader-loss-will: the Leader's destruction costs the rest of its Squad 1 WILL.
    let mut s = Fixture::new(24, 24)
        .model(0, "Rookie", 2, 10)
        .model(1, "ADVENT Officer", 10, 10)
        .leader()
        .wounds(1)
        .model(1, "ADVENT Trooper", 10, 16)
        .option("damage_sequence", "armour-save")
        .dice(&[1, 1, 6, 6])
        .build()
        .unwrap();
    let (rookie, officer) = (s.model_at(2, 10).unwrap(), s.model_at(10, 10).unwrap());
    let ar = weapon_id("Assault Rifle");
    s.act(0, Action::Activate(rookie)).unwrap();
    s.act(
        0,
        Action::Attack {
            weapon: ar,
            target: officer,
            actions: 2,
        },
    )
    .unwrap();
    assert_eq!(
        s.state().model(officer).unwrap().presence,
        Presence::Destroyed
    );
    assert!(s.state().sides[1].leader_lost);
    let trooper = s.model_at(10, 16).unwrap();
    assert_eq!(s.state().model(trooper).unwrap().will_penalty, 1);
}

#[test]
fn cmd_sr_zapper_sends_down_and_spends_the_activation() {
    // cmd.sr.zapper, cmd.gap.50: damage from a Zapper weapon sends the target Down and uses up
    // its activation this round.
    let mut s = Fixture::new(24, 24)
        .model(0, "Grenadier", 5, 10)
        .wounds(9)
        .model(1, "ADVENT Stun Lancer", 6, 10)
        .active(1)
        .option("damage_sequence", "armour-save")
        .dice(&[1, 1, 6, 6])
        .build()
        .unwrap();
    let (gren, lancer) = (s.model_at(5, 10).unwrap(), s.model_at(6, 10).unwrap());
    let lance = weapon_id("Shock Lance");
    s.act(1, Action::Activate(lancer)).unwrap();
    s.act(
        1,
        Action::Attack {
            weapon: lance,
            target: gren,
            actions: 2,
        },
    )
    .unwrap();
    let g = s.state().model(gren).unwrap();
    assert!(g.down && g.wounds == 4);
    assert!(s.cited("cmd.sr.zapper"));
    // Its activation was spent, so XCOM's die of round 1 went unused (cmd.gap.26).
    assert!(s.cited("cmd.gap.26"));
}

#[test]
fn cmd_sr_lasso_pulls_into_engagement() {
    // cmd.sr.lasso, cmd.gap.51: a tongue hit drags the target into contact and engagement.
    let mut s = Fixture::new(30, 30)
        .model(0, "Rookie", 5, 10)
        .model(1, "Viper", 20, 10)
        .active(1)
        .dice(&[1, 1, 1, 1])
        .build()
        .unwrap();
    let (rookie, viper) = (s.model_at(5, 10).unwrap(), s.model_at(20, 10).unwrap());
    let tongue = weapon_id("Viper Tongue");
    s.act(1, Action::Activate(viper)).unwrap();
    s.act(
        1,
        Action::Attack {
            weapon: tongue,
            target: rookie,
            actions: 2,
        },
    )
    .unwrap();
    let r = s.state().model(rookie).unwrap();
    assert!(s.state().board.adjacent(r.cell, Cell::new(20, 10)));
    assert_eq!(r.engaged, vec![viper]);
}

#[test]
fn cmd_sr_scatter_point_by_target_player_and_high_explosive() {
    // cmd.sr.scatter, cmd.gap.43: on a scatter the targeted player places the point 3 Range
    // away. cmd.sr.high-explosive, cmd.gap.44: terrain within 2 Range of it is destroyed.
    let mut s = Fixture::new(30, 30)
        .terrain("crates", TerrainKind::Obstacle, 0, &[(20, 4)])
        .model(0, "Grenadier", 5, 6)
        .model(1, "ADVENT Trooper", 20, 6)
        .dice(&[1, 1, 4])
        .build()
        .unwrap();
    let (gren, trooper) = (s.model_at(5, 6).unwrap(), s.model_at(20, 6).unwrap());
    let gl = weapon_id("Grenade Launcher");
    s.act(0, Action::Activate(gren)).unwrap();
    s.act(
        0,
        Action::Attack {
            weapon: gl,
            target: trooper,
            actions: 2,
        },
    )
    .unwrap();
    assert!(matches!(
        s.state().windows.first(),
        Some(Window::Scatter { seat: Seat(1), .. })
    ));
    let legal = s.legal(1);
    assert!(legal.iter().all(|a| match a {
        Action::ScatterTo(c) => s.state().board.distance(*c, Cell::new(20, 6)).rounded() == 3,
        _ => false,
    }));
    // A copy of the state taken before the blast (an observation, an AI's search) shares the
    // table but keeps its crates: the blast changes only the game's own table.
    let before = s.state().clone();
    s.act(1, Action::ScatterTo(Cell::new(20, 2))).unwrap();
    assert!(s.state().board.pieces()[0].destroyed);
    assert!(!before.board.pieces()[0].destroyed);
    assert_eq!(
        before.board.terrain(Cell::new(20, 4)),
        Some(TerrainKind::Obstacle)
    );
}

#[test]
fn cmd_sr_commanding_presence_gives_a_trooper_an_activation() {
    // cmd.sr.commanding-presence, cmd.gap.48: the Officer, before acting, has a Trooper within
    // 24 Range and in sight act at once; then the Officer acts.
    let mut s = Fixture::new(40, 40)
        .model(0, "Rookie", 2, 2)
        .model(1, "ADVENT Officer", 10, 30)
        .model(1, "ADVENT Trooper", 30, 30)
        .model(1, "ADVENT Stun Lancer", 10, 34)
        .active(1)
        .build()
        .unwrap();
    let officer = s.model_at(10, 30).unwrap();
    let trooper = s.model_at(30, 30).unwrap();
    let lancer = s.model_at(10, 34).unwrap();
    s.act(1, Action::Activate(officer)).unwrap();
    let legal = s.legal(1);
    assert!(legal.contains(&Action::Command(trooper)));
    assert!(
        !legal.contains(&Action::Command(lancer)),
        "rulebook: Troopers only"
    );
    s.act(1, Action::Command(trooper)).unwrap();
    assert_eq!(s.state().stack.last().map(|a| a.model), Some(trooper));
    s.act(1, Action::EndActivation).unwrap();
    assert_eq!(s.state().stack.last().map(|a| a.model), Some(officer));
    assert!(!s.legal(1).iter().any(|a| matches!(a, Action::Command(_))));
    // The files' version: any same-faction model within 12 Range.
    let mut f = Fixture::new(40, 40)
        .model(0, "Rookie", 2, 2)
        .model(1, "ADVENT Officer", 10, 30)
        .model(1, "ADVENT Trooper", 30, 30)
        .model(1, "ADVENT Stun Lancer", 10, 34)
        .option("commanding_presence", "files")
        .active(1)
        .build()
        .unwrap();
    f.act(1, Action::Activate(officer)).unwrap();
    let legal = f.legal(1);
    assert!(legal.contains(&Action::Command(lancer)));
    assert!(
        !legal.contains(&Action::Command(trooper)),
        "20 Range is past 12"
    );
}

#[test]
fn cmd_sr_commanding_presence_once_per_round_for_each_model() {
    // cmd.sr.commanding-presence: "Once per game round, the ADVENT Officer may assign ..." is a
    // limit on each model with the rule, not on its Squad: after the General has commanded this
    // round, the Officer still may.
    let mut s = Fixture::new(40, 40)
        .model(0, "Rookie", 2, 2)
        .model(1, "ADVENT General", 10, 30)
        .leader()
        .model(1, "ADVENT Officer", 14, 30)
        .model(1, "ADVENT Stun Lancer", 10, 34)
        .model(1, "ADVENT Trooper", 18, 30)
        .active(1)
        .build()
        .unwrap();
    let general = s.model_at(10, 30).unwrap();
    let officer = s.model_at(14, 30).unwrap();
    let lancer = s.model_at(10, 34).unwrap();
    let trooper = s.model_at(18, 30).unwrap();
    s.act(1, Action::Activate(general)).unwrap();
    s.act(1, Action::Command(lancer)).unwrap();
    s.act(1, Action::EndActivation).unwrap();
    s.act(1, Action::EndActivation).unwrap();
    assert!(s.state().model(general).unwrap().presence_used);
    let mut reached = false;
    for _ in 0..8 {
        if s.legal(1).contains(&Action::Activate(officer)) {
            s.act(1, Action::Activate(officer)).unwrap();
            reached = true;
            break;
        }
        let rookie_turn = s
            .legal(0)
            .into_iter()
            .find(|a| matches!(a, Action::Activate(_)));
        match rookie_turn {
            Some(a) => {
                s.act(0, a).unwrap();
                s.act(0, Action::EndActivation).unwrap();
            }
            None => break,
        }
    }
    assert!(reached, "the Officer's turn came");
    assert!(s.legal(1).contains(&Action::Command(trooper)));
}

#[test]
fn squad_tactics_counts_other_friends_that_hit_not_the_attacker_itself() {
    // data: Squad Tactics, "+1 ... another friendly model has already hit" and stacking: the
    // attacker's own earlier hit this round does not count; two other friends give +2.
    let mut s = Fixture::new(30, 30)
        .model(0, "Rookie", 2, 10)
        .model(0, "Rookie", 2, 14)
        .model(0, "Rookie", 2, 18)
        .model(1, "ADVENT Trooper", 12, 14)
        .build()
        .unwrap();
    let (a, b, c) = (
        s.model_at(2, 10).unwrap(),
        s.model_at(2, 14).unwrap(),
        s.model_at(2, 18).unwrap(),
    );
    let trooper = s.model_at(12, 14).unwrap();
    let ar = weapon_id("Assault Rifle");
    s.act(0, Action::Activate(a)).unwrap();
    let tactics = |s: &Session| {
        let odds = s
            .ruleset()
            .attack_odds(
                s.state(),
                &Action::Attack {
                    weapon: ar,
                    target: trooper,
                    actions: 2,
                },
            )
            .unwrap();
        odds.hit_test
            .modifiers
            .iter()
            .filter(|m| m.clause == "data:Squad Tactics")
            .count()
    };
    assert_eq!(tactics(&s), 0);
    let seat = Seat(0);
    s.state_mut().hits_this_round = vec![(seat, a, trooper)];
    assert_eq!(tactics(&s), 0, "its own hit does not count");
    s.state_mut().hits_this_round =
        vec![(seat, a, trooper), (seat, b, trooper), (seat, c, trooper)];
    assert_eq!(tactics(&s), 2, "two other friends, +1 each");
}

/// A wall from row 2 to row 19 at column 10.
const WALL: [(u8, u8); 18] = [
    (10, 2),
    (10, 3),
    (10, 4),
    (10, 5),
    (10, 6),
    (10, 7),
    (10, 8),
    (10, 9),
    (10, 10),
    (10, 11),
    (10, 12),
    (10, 13),
    (10, 14),
    (10, 15),
    (10, 16),
    (10, 17),
    (10, 18),
    (10, 19),
];

#[test]
fn cmd_sr_infiltrator_appears_at_a_discovered_marker() {
    // cmd.sr.infiltrator, cmd.gap.52: when an enemy sees a civilian marker, the owner may
    // reveal the hidden model there.
    let mut s = Fixture::new(30, 30)
        .terrain("wall", TerrainKind::Impassable, 0, &WALL)
        .model(0, "Rookie", 5, 10)
        .model(1, "ADVENT Trooper", 28, 28)
        .model(1, "Faceless", 0, 0)
        .hidden(&[(14, 10), (14, 3), (25, 25)])
        .build()
        .unwrap();
    let faceless = squadsight_commander::state::ModelId(2);
    assert_eq!(
        s.state().model(faceless).unwrap().presence,
        Presence::Hidden
    );
    activate(&mut s, 0, 5, 10);
    assert!(s.state().windows.is_empty(), "no marker is in sight yet");
    s.act(
        0,
        Action::Run {
            to: Cell::new(8, 0),
            actions: 2,
        },
    )
    .unwrap();
    let legal = s.legal(1);
    assert_eq!(legal, vec![Action::Reveal(1), Action::StayHidden]);
    s.act(1, Action::Reveal(1)).unwrap();
    let f = s.state().model(faceless).unwrap();
    assert_eq!((f.presence, f.cell), (Presence::OnTable, Cell::new(14, 3)));
}

#[test]
fn cmd_sr_weak_minded_search_interact_hack_and_hacker() {
    // cmd.sr.weak-minded: only searchable objectives. cmd.sr.interact, cmd.sr.search,
    // cmd.sr.computer-use: beside the objective; cmd.sr.hacker: from 12 Range in sight.
    // cmd.act.special-action.one/two: −1 with one action.
    let s = Fixture::new(30, 30)
        .model(0, "Specialist", 2, 2)
        .model(1, "ADVENT Trooper", 5, 20)
        .objective("terminal", Method::Hack, 10, 2)
        .objective("door", Method::Interact, 6, 21)
        .objective("crate", Method::Search, 4, 21)
        .build()
        .unwrap();
    let mut s = s;
    activate(&mut s, 0, 2, 2);
    let legal = s.legal(0);
    assert!(legal.contains(&Action::Special {
        method: Method::Hack,
        objective: 0,
        actions: 1
    }));
    assert!(legal.contains(&Action::Special {
        method: Method::Hack,
        objective: 0,
        actions: 2
    }));
    s.act(0, Action::EndActivation).unwrap();
    activate(&mut s, 1, 5, 20);
    let legal = s.legal(1);
    assert!(legal.iter().any(|a| matches!(
        a,
        Action::Special {
            method: Method::Search,
            objective: 2,
            ..
        }
    )));
    assert!(!legal.iter().any(|a| matches!(
        a,
        Action::Special {
            method: Method::Interact,
            ..
        }
    )));
}

#[test]
fn cmd_sr_search_completes_a_crate() {
    // cmd.sr.search, cmd.act.special-action.two: a passed test completes the objective.
    let mut s = Fixture::new(30, 30)
        .model(0, "Rookie", 3, 3)
        .model(1, "ADVENT Trooper", 25, 25)
        .objective("crate", Method::Search, 4, 4)
        .dice(&[1, 1])
        .build()
        .unwrap();
    activate(&mut s, 0, 3, 3);
    s.act(
        0,
        Action::Special {
            method: Method::Search,
            objective: 0,
            actions: 2,
        },
    )
    .unwrap();
    assert!(s.state().objectives[0].done);
    assert!(s.cited("cmd.sr.search"));
}

#[test]
fn cmd_sr_mindspin_mind_control_hands_the_model_over() {
    // cmd.sr.mindspin.mind-control, cmd.gap.42: the caster's player controls the target until
    // the end of the next round; the caster cannot activate meanwhile.
    let mut s = Fixture::new(30, 30)
        .model(0, "Rookie", 5, 10)
        .model(1, "Sectoid", 15, 10)
        .active(1)
        .dice(&[1, 1, 6, 6])
        .build()
        .unwrap();
    let (rookie, sectoid) = (s.model_at(5, 10).unwrap(), s.model_at(15, 10).unwrap());
    s.act(1, Action::Activate(sectoid)).unwrap();
    s.act(
        1,
        Action::Mindspin {
            target: rookie,
            actions: 2,
        },
    )
    .unwrap();
    let r = s.state().model(rookie).unwrap();
    assert_eq!(r.control.map(|c| c.by), Some(Seat(1)));
    assert_eq!(r.controller(), Seat(1));
}

#[test]
fn cmd_gap_27_annihilation_ends_the_game() {
    // cmd.gap.27: the last Squad with models on the table wins.
    let mut s = Fixture::new(24, 24)
        .model(0, "Rookie", 2, 10)
        .model(1, "ADVENT Trooper", 10, 10)
        .wounds(1)
        .option("damage_sequence", "armour-save")
        .dice(&[1, 1, 6, 6])
        .build()
        .unwrap();
    let (rookie, trooper) = (s.model_at(2, 10).unwrap(), s.model_at(10, 10).unwrap());
    let ar = weapon_id("Assault Rifle");
    s.act(0, Action::Activate(rookie)).unwrap();
    s.act(
        0,
        Action::Attack {
            weapon: ar,
            target: trooper,
            actions: 2,
        },
    )
    .unwrap();
    match s.ruleset().to_act(s.state()) {
        Decision::Over(o) => assert!(o.winners.contains(Seat(0))),
        d => panic!("game goes on: {d:?}"),
    }
}

#[test]
fn cmd_gap_27_round_limit_with_no_losses_is_a_draw() {
    // cmd.gap.27: after the last round the Squad that lost fewer Supplies' worth of models
    // wins; models still standing count for nothing, so an Officer outliving a Rookie with
    // neither side losing a model is a draw, whatever the two cost.
    let mut s = Fixture::new(24, 24)
        .model(0, "Rookie", 2, 10)
        .model(1, "ADVENT Officer", 20, 10)
        .round_limit(1)
        .build()
        .unwrap();
    activate(&mut s, 0, 2, 10);
    s.act(0, Action::EndActivation).unwrap();
    activate(&mut s, 1, 20, 10);
    s.act(1, Action::EndActivation).unwrap();
    match s.ruleset().to_act(s.state()) {
        Decision::Over(o) => assert!(o.winners.is_empty(), "{}", o.reason),
        d => panic!("game goes on: {d:?}"),
    }
}

#[test]
fn cmd_gap_28_gatecrasher_charge_goes_off() {
    // cmd.gap.28, cmd.sr.interact: the attacker plants a charge; it goes off when the planter
    // next activates without having been hit, and the attacker wins.
    let mut s = Fixture::new(24, 24)
        .model(0, "Rookie", 10, 9)
        .model(1, "ADVENT Trooper", 20, 20)
        .objective("Eldar monument", Method::Interact, 10, 10)
        .victory(Victory::Gatecrasher { attacker: Seat(0) })
        .dice(&[1, 1])
        .build()
        .unwrap();
    let rookie = activate(&mut s, 0, 10, 9);
    s.act(
        0,
        Action::Special {
            method: Method::Interact,
            objective: 0,
            actions: 2,
        },
    )
    .unwrap();
    assert_eq!(s.state().objectives[0].planted, Some(rookie));
    let trooper = activate(&mut s, 1, 20, 20);
    s.act(1, Action::EndActivation).unwrap();
    // Round 2: whoever draws first, the Rookie's activation sets the charge off.
    if s.state().die == Some(Seat(1)) {
        s.act(1, Action::Activate(trooper)).unwrap();
        s.act(1, Action::EndActivation).unwrap();
    }
    s.act(0, Action::Activate(rookie)).unwrap();
    match s.ruleset().to_act(s.state()) {
        Decision::Over(o) => assert!(o.winners.contains(Seat(0)), "{}", o.reason),
        d => panic!("game goes on: {d:?}"),
    }
}

#[test]
fn cmd_melee_engage_on_contact_never_with_a_destroyed_model() {
    // cmd.melee.engage-on-contact, cmd.gap.25: destruction ends contact, so a charge that
    // destroys its target engages nobody. Dice: the hit (1+1), the Rookie's Armour test fails
    // (6+6), so the damage goes through (cmd.gap.4: one test).
    let mut s = Fixture::new(24, 24)
        .model(0, "Rookie", 5, 10)
        .wounds(1)
        .model(1, "Faceless", 6, 10)
        .active(1)
        .option("damage_sequence", "armour-save")
        .dice(&[1, 1, 6, 6])
        .build()
        .unwrap();
    let (rookie, faceless) = (s.model_at(5, 10).unwrap(), s.model_at(6, 10).unwrap());
    let claws = weapon_id("Faceless Claws");
    s.act(1, Action::Activate(faceless)).unwrap();
    s.act(
        1,
        Action::Attack {
            weapon: claws,
            target: rookie,
            actions: 2,
        },
    )
    .unwrap();
    assert_eq!(
        s.state().model(rookie).unwrap().presence,
        Presence::Destroyed
    );
    assert!(s.state().model(faceless).unwrap().engaged.is_empty());
    assert!(!s.cited("cmd.melee.engage-on-contact"));
}
