//! Behaviour tests for the Skirmish clauses of sections 1–5 of the clause index: setup,
//! units, map and stacking, the turn sequence, and the shared deck. Each test names the
//! clause it checks; positions come from the fixture builder, dice are pinned with
//! `Fixture::dice`, and every assertion states an exact outcome.

use crate::support::{
    self, R, apply, at, can_play, card, destinations, free_moves, play_random, play_spec, rejected,
    ring, setup,
};
use squadsight_core::dice::{Dice, Target};
use squadsight_core::journal::Visibility;
use squadsight_core::{Decision, GameRng, Journal, Ratio, Ruleset, Seat, Stream};
use squadsight_skirmish::Skirmish;
use squadsight_skirmish::action::Action;
use squadsight_skirmish::fixture::{Fixture, Session};
use squadsight_skirmish::options::Options;
use squadsight_skirmish::state::{DiscardWhy, Frame, HexId, Phase, State, UnitId};
use std::collections::BTreeSet;

/// A unit's catalog key.
fn key(sk: &Skirmish, st: &State, id: UnitId) -> String {
    st.unit(id)
        .and_then(|u| sk.catalog().unit(u.kind))
        .map(|t| t.key.clone())
        .unwrap_or_default()
}

/// The table keys of every Spec play the deciding side may make for `unit` now.
fn spec_tables(s: &Session, side: u8, unit: UnitId) -> BTreeSet<String> {
    s.legal(side)
        .iter()
        .filter_map(|a| match a {
            Action::Spec { unit: u, table, .. } if *u == unit => {
                s.ruleset().catalog().table(*table).map(|t| t.key.clone())
            }
            _ => None,
        })
        .collect()
}

fn set(keys: &[&str]) -> BTreeSet<String> {
    keys.iter().map(|k| (*k).to_string()).collect()
}

/// A new game of a built-in scenario, with X-Com taking the first turn.
fn new_game(id: &str, seed: u64) -> Result<(Skirmish, State, GameRng, Journal), String> {
    support::new_game(id, &[("first_player", "xcom")], seed)
}

// ---- 1. Setup & scenarios ----

/// sk.setup.players — exactly two seats, each with its own units and a private hand; a third
/// seat can neither act nor list actions.
#[test]
fn sk_setup_players_two_seats_each_with_units_and_a_private_hand() -> R {
    let (sk, mut st, mut rng, mut j) = new_game("learning", 1)?;
    let scenario = sk.scenario("learning").map_err(|e| e.to_string())?;
    assert_eq!(sk.seat_count(&scenario), 2);
    assert!(j.events().iter().any(|e| e.rule == "sk.setup.players"));
    let owners: Vec<u8> = st.units().iter().map(|u| u.owner).collect();
    assert_eq!(owners, [0, 0, 0, 0, 1, 1, 1, 1]);
    assert_eq!(sk.to_act(&st), Decision::Act(Seat(0)));
    // Turn 1 has begun with X-Com's draw; the aliens hold nothing yet (sk.gap.3).
    assert_eq!((st.hand(0).len(), st.hand(1).len()), (5, 0));
    // The other seat sees how many cards X-Com holds, not which.
    let obs = sk.observe(&st, Seat(1));
    assert_eq!(obs.other_hand, 5);
    assert_eq!(obs.known_other().len(), 0);
    let mut legal = Vec::new();
    sk.legal_actions(&st, Seat(2), &mut legal);
    assert!(legal.is_empty());
    let before = st.clone();
    assert!(apply(&sk, &mut st, Seat(2), &Action::EndTurn, &mut rng, &mut j).is_err());
    assert_eq!(st, before);
    // The seat that is not to act is refused too.
    assert!(apply(&sk, &mut st, Seat(1), &Action::EndTurn, &mut rng, &mut j).is_err());
    assert_eq!(st, before);
    Ok(())
}

/// sk.setup.dice — every roll a whole game journals (first player, suppression, splash,
/// detection, panic) is one six-sided die showing 1–6, with the exact odds of its target.
#[test]
fn sk_setup_dice_every_roll_is_one_d6() -> R {
    let sk = Skirmish::new().map_err(|e| e.to_string())?;
    let scenario = sk.scenario("basic").map_err(|e| e.to_string())?;
    let mut options = Options::default();
    for (k, v) in [
        ("first_player", "roll"),
        ("detection", "on"),
        ("panic", "on"),
    ] {
        options.set(k, v)?;
    }
    let mut rolls = Vec::new();
    for seed in 0..3u64 {
        let mut rng = GameRng::new(seed);
        let mut pick = GameRng::new(seed ^ 0x5eed);
        let mut j = Journal::recording();
        let mut st =
            setup(&sk, &scenario, &options, &mut rng, &mut j).map_err(|e| format!("{e:?}"))?;
        play_random(&sk, &mut st, &mut rng, &mut pick, &mut j, 1500, |_, _| {})?;
        rolls.extend(
            j.events()
                .iter()
                .filter_map(|e| e.roll.map(|r| (e.rule, r))),
        );
    }
    // The first-player roll-off per game, and some rolls during play.
    assert!(rolls.len() > 6, "only {} rolls", rolls.len());
    assert!(rolls.iter().any(|(rule, _)| *rule != "sk.gap.3"));
    for (rule, r) in &rolls {
        if *rule == "sk.gap.3" {
            // The first-player roll-off is journaled as one opposed roll of the two sides'
            // d6 throws (a fair contest, 1/2); its dice are in its text.
            assert_eq!(r.p, Some(Ratio::new(1, 2)), "{rule}");
            continue;
        }
        assert_eq!(r.dice, Dice::D6, "{rule}");
        assert!((1..=6).contains(&r.total), "{rule}: {}", r.total);
        if let Some(Target::AtLeast(k)) = r.target {
            assert_eq!(r.p, Some(Ratio::new(u64::from(7 - k), 6)), "{rule}");
        }
    }
    Ok(())
}

/// sk.gap.3 — by default both sides roll 1D6 (ties again) for the first turn: one journaled
/// opposed roll at the exact odds of winning it (1/2, never a per-die target such as ">=7"),
/// whose winner picks who starts; hands start empty and turn 1 begins with the normal draw.
#[test]
fn sk_gap_3_first_player_roll_off_gives_the_winner_the_choice() -> R {
    let sk = Skirmish::new().map_err(|e| e.to_string())?;
    let scenario = sk.scenario("learning").map_err(|e| e.to_string())?;
    for seed in 0..40 {
        let mut rng = GameRng::new(seed);
        let mut j = Journal::recording();
        let mut st = setup(&sk, &scenario, &Options::default(), &mut rng, &mut j)
            .map_err(|e| e.to_string())?;
        let rolls: Vec<_> = j
            .events()
            .iter()
            .filter(|e| e.rule == "sk.gap.3" && e.roll.is_some())
            .collect();
        assert_eq!(rolls.len(), 1, "seed {seed}");
        let r = rolls[0].roll.ok_or("roll")?;
        assert_eq!(r.p.map(|p| (p.num(), p.den())), Some((1, 2)), "seed {seed}");
        assert!(rolls[0].text.contains(" v "), "{}", rolls[0].text);
        // The roll succeeds when seat 0 wins it.
        let winner = u8::from(r.success != Some(true));
        assert!(
            matches!(st.stack().last(), Some(Frame::ChooseFirst { seat }) if *seat == winner),
            "seed {seed}"
        );
        assert_eq!(sk.to_act(&st), Decision::Act(Seat(winner)), "seed {seed}");
        assert!(
            st.hand(0).is_empty() && st.hand(1).is_empty(),
            "seed {seed}"
        );
        let mut legal = Vec::new();
        sk.legal_actions(&st, Seat(winner), &mut legal);
        assert_eq!(legal.len(), 2, "seed {seed}");
        let pick = Seat(1 - winner);
        apply(
            &sk,
            &mut st,
            Seat(winner),
            &Action::FirstPlayer(pick),
            &mut rng,
            &mut j,
        )
        .map_err(|e| e.to_string())?;
        assert_eq!(st.active(), pick.0, "seed {seed}");
        assert_eq!(st.hand(pick.0).len(), 5, "seed {seed}");
    }
    Ok(())
}

/// sk.setup.units — every unit is one figure standing in exactly one hex of its own.
#[test]
fn sk_setup_units_one_figure_per_hex() -> R {
    let (_, st, _, _) = new_game("basic", 3)?;
    assert_eq!(st.units().len(), 11);
    let hexes: BTreeSet<HexId> = st.units().iter().map(|u| u.pos).collect();
    assert_eq!(hexes.len(), 11, "two units share a hex");
    assert!(st.units().iter().all(|u| u.on_map()));
    assert!(st.units().iter().all(|u| st.board().contains(u.pos)));
    Ok(())
}

/// sk.setup.learning — the Learning game starts with 4 one-Hit Squaddies against 4 one-Hit
/// Thin Men.
#[test]
fn sk_setup_learning_four_squaddies_against_four_thin_men() -> R {
    let (sk, st, _, _) = new_game("learning", 4)?;
    for (side, want) in [(0u8, "squaddie"), (1, "thin-man")] {
        let ids: Vec<UnitId> = st
            .on_map()
            .filter(|(_, u)| u.owner == side)
            .map(|(id, _)| id)
            .collect();
        assert_eq!(ids.len(), 4);
        for id in ids {
            assert_eq!(key(&sk, &st, id), want);
            assert_eq!(st.unit(id).map(|u| u.hits), Some(1));
        }
    }
    Ok(())
}

/// sk.setup.basic — the Basic game: one Specialist of each type (2 Hits each) against 6
/// Sectoids and 1 Sectoid Commander.
#[test]
fn sk_setup_basic_four_specialists_against_sectoids_and_a_commander() -> R {
    let (sk, st, _, _) = new_game("basic", 5)?;
    let side = |s: u8| -> Vec<(String, u8)> {
        let mut v: Vec<(String, u8)> = st
            .on_map()
            .filter(|(_, u)| u.owner == s)
            .map(|(id, u)| (key(&sk, &st, id), u.hits))
            .collect();
        v.sort();
        v
    };
    assert_eq!(
        side(0),
        [
            ("specialist-assault".to_string(), 2),
            ("specialist-heavy".to_string(), 2),
            ("specialist-sniper".to_string(), 2),
            ("specialist-support".to_string(), 2),
        ]
    );
    let mut aliens = vec![("sectoid".to_string(), 1); 6];
    aliens.insert(0, ("sectoid-commander".to_string(), 2));
    aliens.sort();
    assert_eq!(side(1), aliens);
    Ok(())
}

/// sk.setup.terminology — the short forms in table notes mean what the index says: Mayhem's
/// "Opp Dsc 1 Rnd card" makes the opposing player discard one random card, and Medkit's
/// "Adj" reaches only an adjacent unit.
#[test]
fn sk_setup_terminology_opp_dsc_rnd_and_adj() -> R {
    // Mayhem (spec-heavy#6): Attack = 3 and Opp Dsc 1 Rnd card.
    let mut s = Fixture::flat(8, 2)
        .unit(0, "specialist-heavy", 0, 0)
        .unit(1, "thin-man", 3, 0)
        .unit(1, "thin-man", 7, 0)
        .hand(0, &["spec-6"])
        .hand(1, &["run", "tactics", "sprint"])
        .build()?;
    play_spec(&mut s, 0, 6, UnitId(0), "spec-heavy", 0)?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    s.pass_all()?;
    assert!(!s.unit(UnitId(1))?.on_map());
    assert_eq!(s.hand(1).len(), 2, "the opponent lost exactly one card");
    let pile: Vec<String> = s
        .state()
        .deck()
        .discards()
        .iter()
        .filter_map(|c| s.ruleset().catalog().card(*c).map(|c| c.key.clone()))
        .collect();
    assert_eq!(pile.len(), 2);
    assert!(pile.contains(&"spec-6".to_string()));
    assert!(
        ["run", "tactics", "sprint"].contains(
            &pile
                .iter()
                .find(|k| *k != "spec-6")
                .map_or("", |k| k.as_str())
        )
    );
    assert!(s.cited("sk.effect.opp-discard"));

    // Medkit (spec-support#4): Heal 1 Hit to an Adj unit.
    let mut s = Fixture::flat(6, 2)
        .unit(0, "specialist-support", 0, 0)
        .unit(0, "specialist-heavy", 1, 0)
        .hits(1)
        .unit(0, "specialist-sniper", 3, 0)
        .hits(1)
        .unit(1, "thin-man", 5, 0)
        .hand(0, &["spec-4"])
        .build()?;
    play_spec(&mut s, 0, 4, UnitId(0), "spec-support", 0)?;
    assert_eq!(s.legal(0), [Action::TargetUnit(UnitId(1))]);
    rejected(&mut s, 0, Action::TargetUnit(UnitId(2)));
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    assert_eq!(s.unit(UnitId(1))?.hits, 2);
    assert_eq!(s.unit(UnitId(2))?.hits, 1);
    Ok(())
}

// ---- 2. Units & costs ----

/// sk.unit.xcom-roster — every X-Com type enters play with its roster Hits.
#[test]
fn sk_unit_xcom_roster_units_start_with_roster_hits() -> R {
    let kinds = [
        ("civilian", 1),
        ("military", 1),
        ("squaddie", 1),
        ("specialist-assault", 2),
        ("specialist-heavy", 2),
        ("specialist-sniper", 2),
        ("specialist-support", 2),
        ("officer-assault", 3),
        ("officer-heavy", 3),
        ("officer-sniper", 3),
        ("officer-support", 3),
        ("hero-assault", 4),
        ("hero-heavy", 4),
        ("hero-sniper", 4),
        ("hero-support", 4),
        ("shiv", 4),
    ];
    let mut f = Fixture::flat(16, 3);
    for (i, (k, _)) in kinds.iter().enumerate() {
        f = f.unit(0, k, i as u8, 0);
    }
    let s = f.unit(1, "sectoid", 0, 2).build()?;
    for (i, (k, hits)) in kinds.iter().enumerate() {
        let u = s.unit(UnitId(i as u8))?;
        assert_eq!((u.hits, u.max_hits), (*hits, *hits), "{k}");
        assert_eq!(key(s.ruleset(), s.state(), UnitId(i as u8)), *k);
    }
    Ok(())
}

/// sk.unit.alien-roster — every alien type enters play with its roster Hits; the Sectopod,
/// which has no roster row, takes its Hits from the `sectopod_hits` option (sk.gap.1).
#[test]
fn sk_unit_alien_roster_units_start_with_roster_hits() -> R {
    let kinds = [
        ("sectoid", 1),
        ("thin-man", 1),
        ("outsider", 1),
        ("floater", 2),
        ("sectoid-commander", 2),
        ("muton", 3),
        ("chryssalid", 2),
        ("hatchling", 1),
        ("zombie", 1),
        ("heavy-floater", 3),
        ("cyberdisc", 4),
        ("drone", 1),
        ("muton-elite", 4),
        ("muton-berserker", 5),
        ("ethereal", 4),
        ("sectopod", 7),
    ];
    let mut f = Fixture::flat(16, 3).unit(0, "squaddie", 0, 2);
    for (i, (k, _)) in kinds.iter().enumerate() {
        f = f.unit(1, k, i as u8, 0);
    }
    let s = f.option("sectopod_hits", "7")?.build()?;
    for (i, (k, hits)) in kinds.iter().enumerate() {
        let id = UnitId(i as u8 + 1);
        let u = s.unit(id)?;
        assert_eq!((u.hits, u.max_hits), (*hits, *hits), "{k}");
        assert_eq!(key(s.ruleset(), s.state(), id), *k);
    }
    Ok(())
}

/// sk.unit.civilian-unarmed — an unarmed Civilian may not play an Attack card; an armed one
/// may.
#[test]
fn sk_unit_civilian_unarmed_cannot_attack() -> R {
    let build = |armed: bool| {
        let f = Fixture::flat(5, 2).unit(0, "civilian", 0, 0);
        let f = if armed { f.armed() } else { f };
        f.unit(1, "thin-man", 1, 0)
            .unit(1, "thin-man", 4, 0)
            .hand(0, &["point-blank"])
            .build()
    };
    let mut s = build(false)?;
    let pb = Action::Card {
        card: s.card("point-blank")?,
        unit: Some(UnitId(0)),
    };
    assert!(!s.legal(0).contains(&pb));
    rejected(&mut s, 0, pb);

    let mut s = build(true)?;
    assert!(s.legal(0).contains(&pb));
    s.act(0, pb)?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    assert!(!s.unit(UnitId(1))?.on_map());
    Ok(())
}

/// sk.unit.civilian-move-or-attack — a Civilian that moved may not attack, and one that
/// attacked may not move (free move or Move card) in the same turn.
#[test]
fn sk_unit_civilian_move_or_attack_never_both() -> R {
    // Moves first: no attack afterwards.
    let mut s = Fixture::flat(6, 2)
        .unit(0, "civilian", 0, 0)
        .armed()
        .unit(1, "thin-man", 2, 0)
        .unit(1, "thin-man", 5, 0)
        .hand(0, &["point-blank"])
        .build()?;
    let to = s.hex(1, 0)?;
    s.act(
        0,
        Action::FreeMove {
            unit: UnitId(0),
            to,
        },
    )?;
    let pb = Action::Card {
        card: s.card("point-blank")?,
        unit: Some(UnitId(0)),
    };
    assert!(!s.legal(0).contains(&pb));
    rejected(&mut s, 0, pb);

    // Attacks first: no move afterwards.
    let mut s = Fixture::flat(6, 2)
        .unit(0, "civilian", 0, 0)
        .armed()
        .unit(1, "thin-man", 1, 0)
        .unit(1, "thin-man", 5, 0)
        .unit(0, "civilian", 0, 1)
        .hand(0, &["point-blank", "maneuver"])
        .build()?;
    s.play_card(0, "point-blank", UnitId(0))?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    assert!(!s.unit(UnitId(1))?.on_map());
    assert!(!s.legal(0).iter().any(|a| matches!(
        a,
        Action::FreeMove {
            unit: UnitId(0),
            ..
        }
    )));
    let to = s.hex(1, 0)?;
    rejected(
        &mut s,
        0,
        Action::FreeMove {
            unit: UnitId(0),
            to,
        },
    );
    let mv = Action::Card {
        card: s.card("maneuver")?,
        unit: Some(UnitId(0)),
    };
    rejected(&mut s, 0, mv);
    // The bar is the attacker's own: another Civilian still has its free move.
    assert!(free_moves(&s, 0, UnitId(3)) > 0);
    Ok(())
}

/// sk.unit.military — a Military unit has 1 Hit and no ability table: Spec cards give it no
/// row to use, but it plays deck Attack cards.
#[test]
fn sk_unit_military_one_hit_no_table() -> R {
    let mut s = Fixture::flat(6, 2)
        .unit(0, "military", 0, 0)
        .unit(1, "thin-man", 1, 0)
        .unit(1, "thin-man", 5, 0)
        .hand(
            0,
            &[
                "spec-1",
                "spec-2",
                "spec-3",
                "spec-4",
                "spec-5",
                "spec-6",
                "point-blank",
            ],
        )
        .build()?;
    assert_eq!(s.unit(UnitId(0))?.hits, 1);
    assert!(spec_tables(&s, 0, UnitId(0)).is_empty());
    assert!(!s.legal(0).iter().any(|a| matches!(a, Action::Spec { .. })));
    s.play_card(0, "point-blank", UnitId(0))?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    assert!(!s.unit(UnitId(1))?.on_map());
    Ok(())
}

/// The tables a lone unit may pick a Spec row from, with a foe `foe` hexes away on a strip.
fn tables_for(
    kind: &str,
    hits: Option<u8>,
    psi: bool,
    card: &str,
    foe: u8,
) -> Result<BTreeSet<String>, String> {
    let mut f = Fixture::flat(9, 2).unit(0, kind, 0, 0);
    if let Some(h) = hits {
        f = f.hits(h);
    }
    if psi {
        f = f.psi();
    }
    let s = f.unit(1, "thin-man", foe, 0).hand(0, &[card]).build()?;
    Ok(spec_tables(&s, 0, UnitId(0)))
}

/// sk.unit.squaddie, sk.unit.specialist, sk.unit.officer, sk.unit.hero — Spec 3 (with a foe
/// at range 2 and the Hero wounded, so every row 3 is usable) offers rows from exactly the
/// rank's tables: Squaddie; + Specialist; + Advanced; + Hero.
#[test]
fn sk_unit_ranks_use_their_tables() -> R {
    assert_eq!(
        tables_for("squaddie", None, false, "spec-3", 2)?,
        set(&["squaddie"])
    );
    assert_eq!(
        tables_for("specialist-assault", None, false, "spec-3", 2)?,
        set(&["squaddie", "spec-assault"])
    );
    assert_eq!(
        tables_for("officer-assault", None, false, "spec-3", 2)?,
        set(&["squaddie", "spec-assault", "adv-assault"])
    );
    assert_eq!(
        tables_for("hero-assault", Some(3), false, "spec-3", 2)?,
        set(&["squaddie", "spec-assault", "adv-assault", "hero"])
    );
    Ok(())
}

/// sk.unit.soldier-type — the soldier type picks the Specialist table: with the same Spec 3
/// card a Heavy gets Suppressive Fire (spec-heavy), never an Assault row.
#[test]
fn sk_unit_soldier_type_selects_the_specialist_table() -> R {
    assert_eq!(
        tables_for("specialist-heavy", None, false, "spec-3", 2)?,
        set(&["squaddie", "spec-heavy"])
    );
    assert_eq!(
        tables_for("officer-heavy", None, false, "spec-6", 3)?,
        set(&["spec-heavy", "adv-heavy"])
    );
    Ok(())
}

/// sk.unit.shiv, sk.unit.psi — the SHIV uses only its own table; the PSI flag adds the PSI
/// table to a Specialist's tables.
#[test]
fn sk_unit_shiv_and_psi_tables() -> R {
    assert_eq!(
        tables_for("shiv", None, false, "spec-6", 2)?,
        set(&["shiv"])
    );
    // Spec 4 with a foe at range 4: Marksmanship, Heavy Laser, and (PSI) Inspiration.
    assert_eq!(
        tables_for("specialist-heavy", None, false, "spec-4", 4)?,
        set(&["squaddie", "spec-heavy"])
    );
    assert_eq!(
        tables_for("specialist-heavy", None, true, "spec-4", 4)?,
        set(&["squaddie", "spec-heavy", "psi"])
    );
    Ok(())
}

/// sk.unit.alien-tables — each alien type plays the rows of its own table; the Heavy Floater
/// also has the Floater Table.
#[test]
fn sk_unit_alien_tables_each_type_uses_its_own_table() -> R {
    let s = Fixture::flat(8, 3)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "muton", 7, 0)
        .unit(1, "heavy-floater", 7, 1)
        .unit(1, "sectoid", 7, 2)
        .hand(1, &["spec-2"])
        .active(1)
        .build()?;
    // Spec 2: Blood Call (muton#2), Creep (sectoid#2), Flight (floater#2); the Heavy
    // Floater's own row 2 needs a foe at range 4 and has none.
    assert_eq!(spec_tables(&s, 1, UnitId(1)), set(&["muton"]));
    assert_eq!(spec_tables(&s, 1, UnitId(2)), set(&["floater"]));
    assert_eq!(spec_tables(&s, 1, UnitId(3)), set(&["sectoid"]));
    // Spec 4: Suppression (heavy-floater#4) and Flank (floater#4).
    let s = Fixture::flat(8, 3)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "muton", 7, 0)
        .unit(1, "heavy-floater", 7, 1)
        .unit(1, "sectoid", 7, 2)
        .hand(1, &["spec-4"])
        .active(1)
        .build()?;
    let kinds: BTreeSet<(UnitId, String)> = s
        .legal(1)
        .iter()
        .filter_map(|a| match a {
            Action::Spec {
                unit, table, card, ..
            } if Some(*card) == s.card("spec-4").ok() => s
                .ruleset()
                .catalog()
                .table(*table)
                .map(|t| (*unit, t.key.clone())),
            _ => None,
        })
        .collect();
    assert!(kinds.contains(&(UnitId(2), "heavy-floater".to_string())));
    assert!(kinds.contains(&(UnitId(2), "floater".to_string())));
    assert!(
        kinds.iter().all(|(u, _)| *u != UnitId(1)),
        "Hand to Hand needs an adjacent foe"
    );
    Ok(())
}

// ---- 3. Map, hex ratings & stacking ----

/// sk.map.hex-grid — the map is a grid of hexes: a unit in open ground has exactly six
/// neighbouring hexes (odd-r layout), each one step away; a corner hex has two.
#[test]
fn sk_map_hex_grid_six_neighbours() -> R {
    let s = Fixture::flat(5, 5)
        .unit(0, "squaddie", 2, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 4, 4)
        .build()?;
    let steps = |u: UnitId| -> BTreeSet<(u8, u8)> {
        s.legal(0)
            .iter()
            .filter_map(|a| match a {
                Action::FreeMove { unit, to } if *unit == u => Some(at(&s, *to)),
                _ => None,
            })
            .collect()
    };
    let centre: BTreeSet<(u8, u8)> = [(1, 2), (3, 2), (1, 1), (2, 1), (1, 3), (2, 3)].into();
    assert_eq!(steps(UnitId(0)), centre);
    let c = s.hex(2, 2)?;
    for (col, row) in centre {
        assert_eq!(s.state().board().distance(c, s.hex(col, row)?), 1);
    }
    assert_eq!(steps(UnitId(1)), [(1, 0), (0, 1)].into());
    assert_eq!(s.state().board().distance(c, s.hex(4, 4)?), 3);
    Ok(())
}

/// sk.map.ratings — ratings outside 1–5 are refused.
#[test]
fn sk_map_ratings_only_one_to_five() {
    for bad in ["61", "16", "10", "01"] {
        let row = format!("11 {bad} 11");
        let r = Fixture::new(&[row.as_str(), "11 11 11"])
            .unit(0, "squaddie", 0, 0)
            .unit(1, "thin-man", 2, 0)
            .build();
        let e = r.err().unwrap_or_default();
        assert!(e.contains("sk.map.ratings"), "{bad}: {e}");
    }
    let ok = Fixture::new(&["11 55 11", "11 11 11"])
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 2, 0)
        .build();
    assert!(ok.is_ok());
}

/// sk.map.terrain — Terrain is cover only: a Terrain 5 hex does not block a shot over it and
/// costs nothing extra to cross, while the target's Terrain 3 lets it use Spec 1–3 (not
/// Spec 4) as cover.
#[test]
fn sk_map_terrain_is_cover_only() -> R {
    let mut s = Fixture::new(&["11 51 31 11 11", "11 11 11 11 11"])
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 2, 0)
        .unit(1, "thin-man", 4, 0)
        .hand(0, &["short-range"])
        .hand(1, &["spec-3", "spec-4"])
        .build()?;
    s.play_card(0, "short-range", UnitId(0))?;
    assert_eq!(s.legal(0), [Action::TargetUnit(UnitId(1))]);
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    let (s3, s4) = (s.card("spec-3")?, s.card("spec-4")?);
    let legal = s.legal(1);
    assert!(legal.contains(&Action::Cover {
        card: s3,
        unit: UnitId(1)
    }));
    assert!(!legal.contains(&Action::Cover {
        card: s4,
        unit: UnitId(1)
    }));
    s.act(
        1,
        Action::Cover {
            card: s3,
            unit: UnitId(1),
        },
    )?;
    s.pass_all()?;
    assert_eq!(s.unit(UnitId(1))?.hits, 1, "cover negated the Hit");

    // Crossing the Terrain 5 hex costs one step like any other: Run reaches 2 hexes on.
    let mut s = Fixture::new(&["11 51 11 11 11", "11 11 11 11 11"])
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 4, 0)
        .hand(0, &["run"])
        .build()?;
    s.play_card(0, "run", UnitId(0))?;
    let to = s.hex(2, 0)?;
    assert!(s.legal(0).contains(&Action::MoveTo(to)));
    Ok(())
}

/// sk.map.stack-limit — a ground unit may not end a free move or a card move in an occupied
/// hex, friend or foe.
#[test]
fn sk_map_stack_limit_one_unit_per_hex() -> R {
    let mut s = Fixture::flat(4, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 1, 0)
        .unit(1, "thin-man", 2, 0)
        .unit(1, "thin-man", 3, 1)
        .hand(0, &["maneuver"])
        .build()?;
    let (friend, foe) = (s.hex(1, 0)?, s.hex(2, 0)?);
    rejected(
        &mut s,
        0,
        Action::FreeMove {
            unit: UnitId(0),
            to: friend,
        },
    );
    rejected(
        &mut s,
        0,
        Action::FreeMove {
            unit: UnitId(1),
            to: foe,
        },
    );
    s.play_card(0, "maneuver", UnitId(0))?;
    assert_eq!(s.legal(0), [Action::MoveTo(s.hex(0, 1)?)]);
    rejected(&mut s, 0, Action::MoveTo(friend));
    Ok(())
}

/// sk.map.stack-flyer — a Flyer may stop above a ground unit's hex, but not above another
/// Flyer.
#[test]
fn sk_map_stack_flyer_hovers_over_ground_units() -> R {
    let mut s = Fixture::flat(5, 2)
        .unit(1, "floater", 0, 0)
        .unit(0, "squaddie", 1, 0)
        .unit(1, "floater", 2, 0)
        .unit(0, "squaddie", 4, 0)
        .active(1)
        .build()?;
    let over = s.hex(1, 0)?;
    s.act(
        1,
        Action::FreeMove {
            unit: UnitId(0),
            to: over,
        },
    )?;
    assert_eq!(s.unit(UnitId(0))?.pos, over);
    assert_eq!(s.unit(UnitId(1))?.pos, over, "the squaddie stays under it");
    rejected(
        &mut s,
        1,
        Action::FreeMove {
            unit: UnitId(2),
            to: over,
        },
    );
    Ok(())
}

/// sk.map.pass-through — a walker cannot pass an occupied hex; a jumper (Thin Man Jump) and a
/// Flyer can; a walker may pass a hex held only by a Flyer.
#[test]
fn sk_map_pass_through_only_flying_or_jumping() -> R {
    // The mover stands in the corner (0,0); its only neighbours (1,0) and (0,1) are held.
    let beyond: BTreeSet<(u8, u8)> = [(2, 0), (1, 1), (0, 2), (1, 2)].into();
    let boxed = |mover: (u8, &str), blocker: (u8, &str), cards: &[&str]| {
        Fixture::flat(6, 3)
            .unit(mover.0, mover.1, 0, 0)
            .unit(blocker.0, blocker.1, 1, 0)
            .unit(blocker.0, blocker.1, 0, 1)
            .unit(1 - mover.0, "thin-man", 5, 2)
            .hand(mover.0, cards)
            .active(mover.0)
            .build()
    };
    // A walker cannot get past friends, nor past foes (sk.map.stack-limit: nor step onto
    // them), so boxed in it has no move at all.
    let mut s = boxed((0, "squaddie"), (0, "squaddie"), &["run"])?;
    let run = card(&s, "run", UnitId(0))?;
    rejected(&mut s, 0, run);
    let mut s = boxed((0, "squaddie"), (1, "thin-man"), &["sprint"])?;
    let sprint = card(&s, "sprint", UnitId(0))?;
    rejected(&mut s, 0, sprint);
    assert_eq!(free_moves(&s, 0, UnitId(0)), 0);

    // Thin Man Jump (Move 3, sk.gap.10) crosses enemy units but never stops on them: it
    // reaches every empty hex within 3, while Run is not offered at all.
    let mut s = boxed((1, "thin-man"), (0, "squaddie"), &["spec-4", "run"])?;
    assert!(!can_play(&s, 1, "run", UnitId(0))?);
    play_spec(&mut s, 1, 4, UnitId(0), "thin-man", 0)?;
    let d = destinations(&s, 1);
    assert!(beyond.is_subset(&d), "{d:?}");
    assert!(!d.contains(&(1, 0)) && !d.contains(&(0, 1)));
    assert_eq!(d, ring(&s, (0, 0), 1, 3)?);

    // A Floater flies over them (Flight, Move 2) and may stop above them.
    let mut s = boxed((1, "floater"), (0, "squaddie"), &["spec-2"])?;
    play_spec(&mut s, 1, 2, UnitId(0), "floater", 0)?;
    let mut all = beyond.clone();
    all.extend([(1, 0), (0, 1)]);
    assert_eq!(destinations(&s, 1), all);
    let to = s.hex(2, 0)?;
    s.act(1, Action::MoveTo(to))?;
    assert_eq!(s.unit(UnitId(0))?.pos, to);

    // A walker passes under hovering Floaters but may not stop there.
    let mut s = boxed((0, "squaddie"), (1, "floater"), &["run"])?;
    s.play_card(0, "run", UnitId(0))?;
    assert_eq!(destinations(&s, 0), beyond);
    Ok(())
}

// ---- 4. Turn sequence ----

/// sk.turn.alternate — whole turns alternate: X-Com's turn 1, the aliens' turn 2, X-Com's
/// turn 3; the side not in turn cannot act.
#[test]
fn sk_turn_alternate_whole_turns() -> R {
    let mut s = Fixture::flat(4, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 3, 0)
        .build()?;
    rejected(&mut s, 1, Action::EndTurn);
    s.act(0, Action::EndTurn)?;
    assert_eq!((s.state().turn(), s.state().active()), (2, 1));
    assert_eq!(s.to_act(), Some(1));
    rejected(&mut s, 0, Action::EndTurn);
    s.act(1, Action::EndTurn)?;
    assert_eq!((s.state().turn(), s.state().active()), (3, 0));
    let turns: Vec<(u32, Option<Seat>)> = s
        .events()
        .iter()
        .filter(|e| e.rule == "sk.turn.alternate")
        .map(|e| (e.round, e.seat))
        .collect();
    assert_eq!(turns, [(2, Some(Seat(1))), (3, Some(Seat(0)))]);
    Ok(())
}

/// sk.turn.draw — the Tactical draw is 5 cards, 4 with two units left, 3 with one;
/// sk.gap.18: a unit its opponent holds under Mind Control still counts for its owner.
#[test]
fn sk_turn_draw_five_four_three() -> R {
    // (case, alien units, the last one mind-controlled by X-Com, cards the aliens draw)
    let cases = [
        ("one unit", 1u8, false, 3usize),
        ("two units", 2, false, 4),
        ("three units", 3, false, 5),
        ("four units", 4, false, 5),
        ("sk.gap.18: three, one mind-controlled", 3, true, 5),
    ];
    for (case, units, controlled, want) in cases {
        let mut f = Fixture::flat(6, 4).unit(0, "squaddie", 0, 0);
        for i in 0..units {
            f = f.unit(1, "thin-man", 5, i);
        }
        let mut s = f.build()?;
        let last = UnitId(units);
        if controlled {
            // X-Com holds it until the end of turn 3.
            let u = s.unit_mut(last)?;
            u.controller = 0;
            u.control_until = 3;
        }
        s.act(0, Action::EndTurn)?;
        assert_eq!(s.state().active(), 1, "{case}");
        assert_eq!(s.hand(1).len(), want, "{case}: cards drawn");
        assert_eq!(s.state().phase(), Phase::MoveFire, "{case}");
        assert_eq!(s.unit(last)?.controller, u8::from(!controlled), "{case}");
    }
    Ok(())
}

/// sk.turn.phases — Move and Fire, then End (with its discard), then the next side's Tactical
/// phase (draw and discard) and its Move and Fire, in that order.
#[test]
fn sk_turn_phases_in_fixed_order() -> R {
    let mut s = Fixture::flat(6, 3)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 0, 1)
        .unit(0, "squaddie", 0, 2)
        .unit(1, "thin-man", 5, 0)
        .unit(1, "thin-man", 5, 1)
        .unit(1, "thin-man", 5, 2)
        .hand(
            0,
            &[
                "run", "run", "run", "maneuver", "maneuver", "maneuver", "sprint",
            ],
        )
        .hand(1, &["tough", "evasion", "tactics", "diversion"])
        .build()?;
    assert_eq!(s.state().phase(), Phase::MoveFire);
    s.act(0, Action::EndTurn)?;
    // End phase: 7 cards against a limit of 5.
    assert_eq!(s.state().phase(), Phase::End);
    assert!(matches!(
        s.state().stack().last(),
        Some(Frame::Discard {
            seat: 0,
            left: 2,
            why: DiscardWhy::End
        })
    ));
    let run = s.card("run")?;
    s.act(0, Action::Discard(run))?;
    assert_eq!(s.state().phase(), Phase::End);
    s.act(0, Action::Discard(run))?;
    // The aliens' Tactical phase: 4 held + 5 drawn, 4 to throw away.
    assert_eq!((s.state().turn(), s.state().active()), (2, 1));
    assert_eq!(s.state().phase(), Phase::Tactical);
    assert_eq!(s.hand(1).len(), 9);
    let phases: Vec<String> = s
        .events()
        .iter()
        .filter(|e| matches!(e.rule, "sk.turn.phases" | "sk.turn.activation"))
        .map(|e| e.text.to_string())
        .collect();
    assert_eq!(phases, ["End phase", "Tactical phase"]);
    for _ in 0..4 {
        let c = s.hand(1).nth(0).ok_or("empty hand")?;
        s.act(1, Action::Discard(c))?;
    }
    assert_eq!(s.state().phase(), Phase::MoveFire);
    assert_eq!(s.hand(1).len(), 5);
    assert!(s.cited("sk.turn.activation"));
    Ok(())
}

/// sk.turn.tactical-discard — after the Tactical draw the active player discards, by choice,
/// down to the limit before Move and Fire starts; the discards go on the discard pile.
#[test]
fn sk_turn_tactical_discard_down_to_the_limit() -> R {
    let mut s = Fixture::flat(5, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 4, 0)
        .hand(1, &["tough", "evasion"])
        .deck_top(&["run", "tactics", "sprint"])
        .build()?;
    s.act(0, Action::EndTurn)?;
    // One unit: 3 drawn, 5 held, limit 3.
    assert_eq!(s.hand(1).len(), 5);
    assert!(matches!(
        s.state().stack().last(),
        Some(Frame::Discard {
            seat: 1,
            left: 2,
            why: DiscardWhy::Tactical
        })
    ));
    assert!(s.legal(1).iter().all(|a| matches!(a, Action::Discard(_))));
    assert_eq!(s.legal(1).len(), 5);
    rejected(&mut s, 1, Action::EndTurn);
    let maneuver = s.card("maneuver")?;
    rejected(&mut s, 1, Action::Discard(maneuver));
    let (tough, sprint) = (s.card("tough")?, s.card("sprint")?);
    s.act(1, Action::Discard(tough))?;
    s.act(1, Action::Discard(sprint))?;
    assert_eq!(s.state().phase(), Phase::MoveFire);
    assert_eq!(s.hand(1).len(), 3);
    assert!(!s.hand(1).has(tough) && !s.hand(1).has(sprint));
    assert_eq!(s.state().deck().discards(), [tough, sprint]);
    let rules: Vec<&str> = s
        .events()
        .iter()
        .filter(|e| e.rule == "sk.turn.tactical-discard")
        .map(|e| e.rule)
        .collect();
    assert_eq!(rules.len(), 2);
    Ok(())
}

#[test]
fn sk_gap_17_tactical_discard_keeps_the_cards_the_player_chooses() -> R {
    // sk.turn.tactical-discard, sk.gap.17: 4 held + 5 drawn = 9, down to 5 by choice.
    let mut s = Fixture::flat(8, 3)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 7, 0)
        .unit(1, "thin-man", 7, 1)
        .unit(1, "thin-man", 7, 2)
        .hand(1, &["tough", "evasion", "tactics", "diversion"])
        .build()?;
    s.act(0, Action::EndTurn)?;
    assert_eq!(s.hand(1).len(), 9);
    assert_eq!(s.state().phase(), Phase::Tactical);
    let legal = s.legal(1);
    assert!(legal.iter().all(|a| matches!(a, Action::Discard(_))));
    let tough = s.card("tough")?;
    for _ in 0..4 {
        let c = s
            .hand(1)
            .iter()
            .map(|(c, _)| c)
            .find(|c| *c != tough)
            .ok_or("card")?;
        s.act(1, Action::Discard(c))?;
    }
    assert_eq!(s.hand(1).len(), 5);
    assert!(s.hand(1).has(tough));
    assert_eq!(s.state().phase(), Phase::MoveFire);
    assert!(s.cited("sk.turn.tactical-discard"));
    Ok(())
}

#[test]
fn sk_gap_19_hand_may_exceed_the_limit_during_the_turn() -> R {
    // Tactics draws 2 into a full hand; no discard is asked until the End phase.
    let mut s = Fixture::flat(8, 3)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 7, 0)
        .hand(
            0,
            &["tactics", "tough", "evasion", "partial-cover", "full-cover"],
        )
        .build()?;
    let tactics = s.card("tactics")?;
    s.act(
        0,
        Action::Card {
            card: tactics,
            unit: None,
        },
    )?;
    assert_eq!(s.hand(0).len(), 6);
    assert!(s.state().stack().is_empty());
    Ok(())
}

#[test]
fn sk_turn_reshuffle_on_a_mid_turn_draw() -> R {
    // sk.turn.reshuffle, sk.gap.20: the draw pile has one card; Tactics draws two, so the
    // discard pile is shuffled into a new deck in the middle of the turn.
    let mut s = Fixture::flat(8, 3)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 7, 0)
        .hand(0, &["tactics"])
        .draw_pile(&["sprint"])
        .build()?;
    let before = s.state().deck().discards().len();
    assert!(before > 40);
    let tactics = s.card("tactics")?;
    s.act(
        0,
        Action::Card {
            card: tactics,
            unit: None,
        },
    )?;
    assert_eq!(s.hand(0).len(), 2);
    assert!(s.hand(0).has(s.card("sprint")?));
    assert!(s.cited("sk.turn.reshuffle"));
    // The played Tactics card went onto the pile after the reshuffle.
    assert_eq!(s.state().deck().discards().len(), 1);
    assert_eq!(s.state().deck().remaining(), before - 1);
    Ok(())
}

/// sk.turn.reshuffle — when a draw finds the deck empty, the discard pile becomes the new
/// deck and the draw goes on.
#[test]
fn sk_turn_reshuffle_discards_become_the_deck() -> R {
    let mut s = Fixture::flat(4, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 3, 0)
        .build()?;
    let reshuffles = |s: &Session| {
        s.events()
            .iter()
            .filter(|e| e.rule == "sk.turn.reshuffle")
            .count()
    };
    let mut seen = false;
    for _ in 0..40 {
        let (left, pile) = (
            s.state().deck().remaining(),
            s.state().deck().discards().len(),
        );
        let next = 1 - s.state().active();
        s.act(s.state().active(), Action::EndTurn)?;
        let held = s.hand(next).len();
        assert_eq!(
            s.state().deck().remaining()
                + s.state().deck().discards().len()
                + s.hand(0).len()
                + s.hand(1).len(),
            51
        );
        if left < 3 {
            // Part of the draw came from the old deck, the rest from the reshuffled pile.
            assert_eq!(reshuffles(&s), 1);
            assert_eq!(s.state().deck().discards().len(), 0);
            assert_eq!(s.state().deck().remaining(), pile + left - 3);
            assert_eq!(held, 6);
            seen = true;
            break;
        }
        assert_eq!(reshuffles(&s), 0);
        while let Some(Frame::Discard { seat, .. }) = s.state().stack().last().copied() {
            let c = s.hand(seat).nth(0).ok_or("empty hand")?;
            s.act(seat, Action::Discard(c))?;
        }
    }
    assert!(seen, "the deck never ran out");
    Ok(())
}

/// sk.turn.activation — in Move and Fire the units act one at a time in any order, moving
/// and attacking interleaved as the player likes.
#[test]
fn sk_turn_activation_units_act_in_any_order() -> R {
    let mut s = Fixture::flat(6, 3)
        .unit(0, "squaddie", 0, 0)
        .unit(0, "squaddie", 0, 1)
        .unit(1, "thin-man", 1, 1)
        .unit(1, "thin-man", 2, 0)
        .unit(1, "thin-man", 5, 2)
        .hand(0, &["point-blank", "point-blank"])
        .build()?;
    let (a, b) = (UnitId(0), UnitId(1));
    s.free_move(0, a, 1, 0)?;
    s.play_card(0, "point-blank", b)?;
    s.act(0, Action::TargetUnit(UnitId(2)))?;
    s.play_card(0, "point-blank", a)?;
    s.act(0, Action::TargetUnit(UnitId(3)))?;
    s.free_move(0, b, 0, 2)?;
    assert!(!s.unit(UnitId(2))?.on_map() && !s.unit(UnitId(3))?.on_map());
    assert_eq!(at(&s, s.unit(a)?.pos), (1, 0));
    assert_eq!(at(&s, s.unit(b)?.pos), (0, 2));
    Ok(())
}

// ---- 5. Cards & deck ----

/// sk.deck.shared — both players draw from one deck and play and discard onto one pile.
#[test]
fn sk_deck_shared_one_deck_one_pile() -> R {
    let mut s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 1, 0)
        .unit(1, "thin-man", 5, 0)
        .hand(0, &["point-blank"])
        .deck_top(&["tactics", "evasion", "tough", "maneuver", "run"])
        .build()?;
    let left = s.state().deck().remaining();
    s.play_card(0, "point-blank", UnitId(0))?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    let pb = s.card("point-blank")?;
    assert_eq!(s.state().deck().discards(), [pb]);
    s.act(0, Action::EndTurn)?;
    // The aliens (one unit left) draw the next 3 cards of the same deck.
    let names = |s: &Session, side: u8| -> BTreeSet<String> {
        s.hand(side)
            .cards()
            .filter_map(|c| s.ruleset().catalog().card(c).map(|c| c.key.clone()))
            .collect()
    };
    assert_eq!(names(&s, 1), set(&["tactics", "evasion", "tough"]));
    assert_eq!(s.state().deck().remaining(), left - 3);
    s.act(
        1,
        Action::Card {
            card: s.card("tactics")?,
            unit: None,
        },
    )?;
    assert_eq!(names(&s, 1), set(&["evasion", "tough", "maneuver", "run"]));
    assert_eq!(s.state().deck().discards(), [pb, s.card("tactics")?]);
    Ok(())
}

/// sk.deck.list — a new game's deck (draw pile plus the opening hand) is the 51 listed cards,
/// with every card type's number of copies.
#[test]
fn sk_deck_list_a_game_plays_with_the_51_listed_cards() -> R {
    let (sk, st, _, j) = new_game("learning", 6)?;
    // The setup deals from one shared deck (sk.deck.shared) and says so.
    assert!(j.events().iter().any(|e| e.rule == "sk.deck.shared"));
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    let all = st
        .deck()
        .draw_pile()
        .iter()
        .copied()
        .chain(st.hand(0).cards())
        .chain(st.hand(1).cards());
    for c in all {
        let key = sk
            .catalog()
            .card(c)
            .map(|c| c.key.clone())
            .unwrap_or_default();
        *counts.entry(key).or_default() += 1;
    }
    let want: std::collections::BTreeMap<String, usize> = [
        ("maneuver", 4),
        ("run", 3),
        ("sprint", 2),
        ("point-blank", 3),
        ("short-range", 3),
        ("medium-range", 3),
        ("long-range", 3),
        ("extreme-range", 2),
        ("full-cover", 1),
        ("partial-cover", 1),
        ("tough", 1),
        ("evasion", 1),
        ("tactics", 1),
        ("diversion", 1),
        ("strategy", 1),
        ("friction", 1),
        ("overwatch", 2),
        ("spec-1", 3),
        ("spec-2", 3),
        ("spec-3", 3),
        ("spec-4", 3),
        ("spec-5", 3),
        ("spec-6", 3),
    ]
    .into_iter()
    .map(|(k, n)| (k.to_string(), n))
    .collect();
    assert_eq!(counts, want);
    assert_eq!(counts.values().sum::<usize>(), 51);
    assert!(st.deck().discards().is_empty());
    Ok(())
}

/// sk.deck.dual-cards — a row that moves and attacks (Run & Gun) is both the unit's Move play
/// and an Attack play: no Move card may follow, and under `attack_limit=one-per-unit` no
/// other attack either.
#[test]
fn sk_deck_dual_cards_count_as_move_and_attack() -> R {
    let build = |one: bool| {
        let f = Fixture::flat(6, 2)
            .unit(0, "specialist-assault", 0, 0)
            .unit(1, "thin-man", 4, 0)
            .unit(1, "thin-man", 2, 1)
            .hand(0, &["spec-3", "maneuver", "point-blank"]);
        let f = if one {
            f.option("attack_limit", "one-per-unit")?
        } else {
            f
        };
        let mut s = f.build()?;
        play_spec(&mut s, 0, 3, UnitId(0), "spec-assault", 0)?;
        s.act(0, Action::MoveTo(s.hex(2, 0)?))?;
        s.act(0, Action::TargetUnit(UnitId(1)))?;
        assert!(!s.unit(UnitId(1))?.on_map());
        Ok::<Session, String>(s)
    };
    let mut s = build(false)?;
    let mv = Action::Card {
        card: s.card("maneuver")?,
        unit: Some(UnitId(0)),
    };
    let pb = Action::Card {
        card: s.card("point-blank")?,
        unit: Some(UnitId(0)),
    };
    rejected(&mut s, 0, mv);
    assert!(s.legal(0).contains(&pb), "attacks are unlimited by default");
    let mut s = build(true)?;
    rejected(&mut s, 0, mv);
    rejected(&mut s, 0, pb);
    // The free move is not a card move: still there.
    assert!(s.legal(0).iter().any(|a| matches!(
        a,
        Action::FreeMove {
            unit: UnitId(0),
            ..
        }
    )));

    // The other way round: after a Move card, Run & Gun is no longer playable.
    let mut s = Fixture::flat(6, 2)
        .unit(0, "specialist-assault", 0, 0)
        .unit(1, "thin-man", 4, 0)
        .hand(0, &["spec-3", "maneuver"])
        .build()?;
    s.play_card(0, "maneuver", UnitId(0))?;
    s.act(0, Action::MoveTo(s.hex(1, 0)?))?;
    let rg = Action::Spec {
        card: s.card("spec-3")?,
        unit: UnitId(0),
        table: s.table("spec-assault")?,
        alt: 0,
    };
    rejected(&mut s, 0, rg);
    Ok(())
}

/// sk.deck.hidden-hands — the other side sees only how many cards a hand holds, draws are
/// hidden from it, and only a look-at-hand effect (Sectoid Alert) shows it the cards.
#[test]
fn sk_deck_hidden_hands_until_looked_at() -> R {
    let mut s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "sectoid", 5, 0)
        .hand(0, &["tough", "run"])
        .deck_top(&["spec-5", "tactics", "sprint"])
        .build()?;
    let obs = s.ruleset().observe(s.state(), Seat(1));
    assert_eq!((obs.other_hand, obs.known_other().len()), (2, 0));
    s.act(0, Action::EndTurn)?;
    // The aliens' draw: seat 1 sees the cards, seat 0 only that cards were drawn.
    let draws: Vec<_> = s
        .events()
        .iter()
        .filter(|e| e.rule == "sk.turn.draw")
        .collect();
    assert_eq!(draws.len(), 3);
    for e in &draws {
        assert!(matches!(e.visibility, Visibility::Seats(_)));
        let theirs = e.view(Some(Seat(0))).ok_or("draw hidden entirely")?;
        assert_eq!(
            theirs.card.map(|c| c.card.to_string()),
            Some("hidden".to_string())
        );
        let mine = e.view(Some(Seat(1))).ok_or("own draw hidden")?;
        assert_ne!(
            mine.card.map(|c| c.card.to_string()),
            Some("hidden".to_string())
        );
    }
    let obs = s.ruleset().observe(s.state(), Seat(0));
    assert_eq!((obs.other_hand, obs.known_other().len()), (3, 0));
    // Alert (sectoid#5): the aliens now see X-Com's hand.
    assert_eq!(
        s.ruleset().observe(s.state(), Seat(1)).known_other().len(),
        0
    );
    play_spec(&mut s, 1, 5, UnitId(1), "sectoid", 0)?;
    let obs = s.ruleset().observe(s.state(), Seat(1));
    assert_eq!(obs.known_other(), s.hand(0));
    assert_eq!(obs.known_other().len(), 2);
    Ok(())
}

#[test]
fn observation_hides_the_other_hand_and_the_deck_order() -> R {
    // sk.deck.hidden-hands: a seat sees its own hand and only counts of the rest; a
    // determinized state deals the unseen cards consistently.
    let s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 5, 1)
        .hand(0, &["run", "tough"])
        .hand(1, &["sprint", "spec-1", "spec-2"])
        .build()?;
    let obs = s.ruleset().observe(s.state(), Seat(0));
    assert_eq!(obs.hand().len(), 2);
    assert_eq!(obs.known_other().len(), 0);
    assert_eq!(obs.other_hand, 3);
    assert_eq!(obs.deck_left, 51 - 5);
    let mut rng = GameRng::new(9);
    let det = s.ruleset().determinize(&obs, &mut rng);
    assert_eq!(det.hand(0), s.state().hand(0));
    assert_eq!(det.hand(1).len(), 3);
    assert_eq!(det.deck().remaining(), 51 - 5);
    let mut all: Vec<u8> = det
        .hand(0)
        .cards()
        .chain(det.hand(1).cards())
        .chain(det.deck().draw_pile().iter().copied())
        .map(|c| c.0)
        .collect();
    all.sort_unstable();
    let mut want: Vec<u8> = s.ruleset().catalog().deck().iter().map(|c| c.0).collect();
    want.sort_unstable();
    assert_eq!(all, want);
    // The observer's own legal actions are the same in any determinization.
    let mut other = GameRng::new(10);
    let _ = other.next_u32(Stream::Ai);
    let det2 = s.ruleset().determinize(&obs, &mut other);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    s.ruleset().legal_actions(&det, Seat(0), &mut a);
    s.ruleset().legal_actions(&det2, Seat(0), &mut b);
    assert_eq!(a, b);
    assert_eq!(a, s.legal(0));
    Ok(())
}

/// sk.deck.timing — on your own turn you play moves, attacks and utility cards but not
/// Defense or Overwatch; against an enemy attack you may play only Defense.
#[test]
fn sk_deck_timing_what_may_be_played_when() -> R {
    let mut s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 1, 0)
        .unit(1, "thin-man", 5, 0)
        .hand(0, &["overwatch", "point-blank", "evasion", "tactics"])
        .hand(1, &["tough", "short-range"])
        .build()?;
    let sq = Some(UnitId(0));
    let legal = s.legal(0);
    assert!(legal.contains(&Action::Card {
        card: s.card("point-blank")?,
        unit: sq
    }));
    assert!(legal.contains(&Action::Card {
        card: s.card("tactics")?,
        unit: None
    }));
    for c in ["overwatch", "evasion"] {
        let a = Action::Card {
            card: s.card(c)?,
            unit: sq,
        };
        assert!(!legal.contains(&a), "{c}");
        rejected(&mut s, 0, a);
    }
    s.play_card(0, "point-blank", UnitId(0))?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    // The aliens answer: Defense only.
    assert_eq!(s.to_act(), Some(1));
    let tough = s.card("tough")?;
    assert_eq!(
        s.legal(1),
        [
            Action::Pass,
            Action::Card {
                card: tough,
                unit: Some(UnitId(1))
            }
        ]
    );
    let short = s.card("short-range")?;
    rejected(
        &mut s,
        1,
        Action::Card {
            card: short,
            unit: Some(UnitId(2)),
        },
    );
    rejected(&mut s, 1, Action::EndTurn);
    s.act(
        1,
        Action::Card {
            card: tough,
            unit: Some(UnitId(1)),
        },
    )?;
    s.pass_all()?;
    assert_eq!(s.unit(UnitId(1))?.hits, 1);

    // Overwatch ("on the opponent's turn") is played in the opponent's turn, right after an
    // enemy move brings a target to range 4.
    let mut s = Fixture::flat(6, 2)
        .unit(0, "squaddie", 0, 0)
        .unit(1, "thin-man", 5, 0)
        .unit(1, "thin-man", 5, 1)
        .hand(0, &["overwatch"])
        .active(1)
        .build()?;
    let to = s.hex(4, 0)?;
    s.act(
        1,
        Action::FreeMove {
            unit: UnitId(1),
            to,
        },
    )?;
    assert_eq!(s.to_act(), Some(0));
    let ow = Action::Card {
        card: s.card("overwatch")?,
        unit: Some(UnitId(0)),
    };
    assert_eq!(s.legal(0), [Action::Pass, ow]);
    s.act(0, ow)?;
    s.act(0, Action::TargetUnit(UnitId(1)))?;
    assert!(!s.unit(UnitId(1))?.on_map());
    assert!(s.cited("sk.effect.reaction"));
    assert_eq!((s.state().active(), s.to_act()), (1, Some(1)));
    Ok(())
}
