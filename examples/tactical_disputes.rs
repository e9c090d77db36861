//! Re-cuts the X-Com: Tactical dispute saves in `tests/disputes/` from scratch:
//!
//! ```text
//! cargo run --release --example tactical_disputes -- tests/disputes
//! ```
//!
//! Each dispute's game is built the way `squadsight sim` builds one (a scenario, options, a
//! seed, every seat played by the `random` AI seeded as `sim` seeds it), except that a
//! dispute may *steer* the random picks: where a seat has legal actions of a preferred kind
//! (kneel, prime a grenade for next round, throw, take the reaction shot) it picks among
//! those, still at random. From the dispute's first seed on, the first game that holds the
//! disputed kind of event is cut after that action and written as `<name>.save.ron`.
//!
//! The rules decide which game and which action that is, so after a rules change the seed
//! and the action number may move: the driver prints, for every save, the seed, the action
//! and the disputed action's events, and says which `.dispute.ron` files name another action.
//! Edit those (and any `expect` text the rules now word differently) by what it prints; then
//! `cargo test --test suite disputes` checks them.
//!
//! This is test support, not part of the game: it writes files directly and panics on
//! anything unexpected.

use squadsight_ai::{Player, RandomPlayer};
use squadsight_core::game::{Game, SeatConfig};
use squadsight_core::hash::StableHasher;
use squadsight_core::save;
use squadsight_core::square::{Dir, Pos};
use squadsight_core::{Decision, Event, Ruleset, Seat};
use squadsight_tactical::Tactical;
use squadsight_tactical::action::Action;
use squadsight_tactical::map::{EdgeKind, TerrainSet};
use squadsight_tactical::scenario::{CiviliansDef, DeployDef, ScenarioDef};
use squadsight_tactical::state::State;
use std::hash::Hasher;
use std::path::{Path, PathBuf};
use std::sync::Arc;

type Options = <Tactical as Ruleset>::Options;

/// Actions a game may run before the search gives it up.
const MAX_ACTIONS: usize = 4_000;
/// Seeds tried per dispute before the driver gives up.
const MAX_SEEDS: u64 = 400;

/// Whether an action is the disputed one: see [`Cut::wanted`].
type Wanted = fn(&State, &Action, &[Event], &[Event], &[(Seat, Action)]) -> bool;

/// One save to cut, and the dispute files that read it.
struct Cut {
    /// The save's name, without `.save.ron`.
    name: &'static str,
    /// The dispute files on this save, with the action each names, counted from the cut
    /// action (0 = the cut action itself, -1 the one before it).
    disputes: &'static [(&'static str, i64)],
    scenario: fn(&Tactical) -> ScenarioDef,
    options: &'static [(&'static str, &'static str)],
    first_seed: u64,
    /// Whether the steered random player prefers an action (among the legal ones).
    prefer: fn(&State, &Action) -> bool,
    /// Whether the action just applied is the disputed one, from the state before it, the
    /// action, its events, the events of the action before it, and every action of the game
    /// so far (this one last).
    wanted: Wanted,
}

/// The seed the `random` AI of `seat` gets in a game of `game_seed` (as `squadsight sim`).
fn ai_seed(game_seed: u64, seat: u8) -> u64 {
    let mut h = StableHasher::default();
    h.write(b"squadsight-ai");
    h.write_u64(game_seed);
    h.write_u8(seat);
    h.finish()
}

/// The built-in terror site, crowded: 30 civilians and the aliens deployed in the open round
/// the map's middle instead of in their craft, so civilians meet aliens early.
fn crowded_terror(t: &Tactical) -> ScenarioDef {
    let mut sc = t.scenario("terror").expect("terror is built in");
    sc.name = "Terror site (crowded)".into();
    sc.civilians = Some(CiviliansDef {
        count: 30,
        guardian: 1,
    });
    sc.squads[1].craft = Default::default();
    sc.squads[1].deploy = Some(DeployDef::Anywhere { x: 25, y: 25 });
    sc
}

/// Built-in scenario `id` renamed `name`, with both squads deployed in the open near the
/// map's middle, ten squares apart, and no craft, so that they meet in the first round.
fn close_quarters(t: &Tactical, id: &str, name: &str) -> ScenarioDef {
    let mut sc = t.scenario(id).expect("the scenario is built in");
    sc.name = name.into();
    for (k, squad) in sc.squads.iter_mut().enumerate() {
        squad.craft = Default::default();
        squad.deploy = Some(DeployDef::Anywhere {
            x: 20 + 10 * k as i32,
            y: 25,
        });
    }
    sc
}

/// The built-in Assault at close quarters.
fn close_assault(t: &Tactical) -> ScenarioDef {
    close_quarters(t, "assault", "Assault (close quarters)")
}

/// The built-in Crashed UFO's squads at close quarters, with no crashed craft: its squads
/// carry grenades (the Assault's do not).
fn close_crash(t: &Tactical) -> ScenarioDef {
    close_quarters(t, "crashed-ufo", "Crashed UFO squads (close quarters)")
}

/// [`close_crash`] in a city: dealt from urban tiles, so that walls stand between the squads.
fn close_crash_in_town(t: &Tactical) -> ScenarioDef {
    let mut sc = close_crash(t);
    sc.name = "Crashed UFO squads (close quarters, in town)".into();
    sc.map.terrain = vec![TerrainSet::Urban];
    sc
}

fn no_preference(_: &State, _: &Action) -> bool {
    false
}

fn rule_count(events: &[Event], rule: &str) -> usize {
    events.iter().filter(|e| e.rule == rule).count()
}

fn input(e: &Event, label: &str) -> Option<String> {
    e.inputs
        .iter()
        .find(|i| i.label == label)
        .map(|i| i.value.to_string())
}

fn square(text: &str) -> Option<Pos> {
    let v: Vec<i32> = text.split(',').filter_map(|n| n.parse().ok()).collect();
    (v.len() == 3).then(|| Pos::new(v[0], v[1], v[2]))
}

/// A splash event (`tac.splash.units`) on a unit straight along a row or column from the
/// centre, on its level, with a wall standing between them before the blast (in `before`),
/// which took the full damage of its ring: the blast blew the wall away and came through
/// (tac.collat.normal, tac.gap.13).
fn splash_through_wall(before: &State, e: &Event) -> bool {
    if e.rule != "tac.splash.units" {
        return false;
    }
    let (Some(blast), Some(centre), Some(near)) = (
        input(e, "blast"),
        input(e, "centre").as_deref().and_then(square),
        input(e, "nearest square").as_deref().and_then(square),
    ) else {
        return false;
    };
    let Some((damage, rating)) = blast.split_once(" HE-") else {
        return false;
    };
    let (Ok(damage), Ok(rating), Some(Ok(amount))) = (
        damage.parse::<i32>(),
        rating.parse::<i32>(),
        input(e, "damage there").map(|d| d.parse::<i32>()),
    ) else {
        return false;
    };
    // tac.splash.rating: 20, 30 or 40 a ring for HE-1, HE-2, HE-3.
    let step = 10 + 10 * rating;
    let ring = (centre.x - near.x).abs().max((centre.y - near.y).abs());
    if centre.z != near.z || ring < 1 || amount != damage - step * ring {
        return false;
    }
    // Levels in the events count from 1.
    let z = centre.z - 1;
    let wall = |p: Pos, d: Dir| {
        before
            .bf
            .edge(p, d)
            .is_some_and(|s| s.kind == EdgeKind::Wall)
    };
    if centre.y == near.y {
        let (a, b) = (centre.x.min(near.x), centre.x.max(near.x));
        (a..b).any(|x| wall(Pos::new(x, near.y, z), Dir::East))
    } else if centre.x == near.x {
        let (a, b) = (centre.y.min(near.y), centre.y.max(near.y));
        (a..b).any(|y| wall(Pos::new(near.x, y, z), Dir::South))
    } else {
        false
    }
}

fn cuts() -> Vec<Cut> {
    vec![
        // tac.civ.reaction, tac.civ.flee: a civilian wins its reaction roll in the aliens'
        // turn and X-Com steers its run at once.
        Cut {
            name: "tactical-civilian-runs-at-once",
            disputes: &[
                ("tactical-civilian-runs-at-once", -1),
                ("tactical-civilian-flight-is-steered-by-xcom", 0),
            ],
            scenario: crowded_terror,
            options: &[],
            first_seed: 44,
            prefer: no_preference,
            // The first step of a run that a won reaction roll set off in another squad's
            // turn: not a frozen civilian's run at the start of a round (tac.civ.freeze).
            wanted: |before, a, _, prev, history| {
                matches!(a, Action::Flee { .. })
                    && history
                        .last()
                        .is_some_and(|(seat, _)| *seat != before.turn_seat())
                    && prev.iter().any(|e| {
                        e.rule == "tac.civ.reaction" && e.text.to_string().ends_with(": wins")
                    })
            },
        },
        // tac.psi.panic, tac.gap.31: the panic d10 shows 7.
        Cut {
            name: "tactical-panic-on-a-seven-flees",
            disputes: &[("tactical-panic-on-a-seven-flees", 0)],
            scenario: crowded_terror,
            options: &[],
            first_seed: 48,
            prefer: no_preference,
            wanted: |_, _, ev, _, _| {
                ev.iter().any(|e| {
                    e.rule == "tac.psi.panic" && e.roll.as_ref().is_some_and(|r| r.total == 7)
                })
            },
        },
        // tac.ranged.mod.kneeling with tac.react.interrupt: a reaction snap shot at a kneeling
        // unit takes the target's -5.
        Cut {
            name: "tactical-reaction-at-a-kneeling-target",
            disputes: &[("tactical-reaction-at-a-kneeling-target", 0)],
            scenario: close_assault,
            options: &[],
            first_seed: 1,
            prefer: |_, a| matches!(a, Action::Kneel { .. } | Action::React { .. }),
            wanted: |_, _, ev, _, _| {
                rule_count(ev, "tac.react.interrupt") > 0
                    && ev.iter().any(|e| {
                        e.rule == "tac.ranged.resolve"
                            && e.inputs.iter().any(|i| i.label == "target kneeling")
                    })
            },
        },
        // tac.collat.normal, tac.gap.13: a normal wall between the blast and a unit is blown
        // away, and the unit behind it takes its ring's full damage.
        Cut {
            name: "tactical-splash-through-a-wall",
            disputes: &[("tactical-splash-through-a-wall", 0)],
            scenario: close_crash_in_town,
            options: &[],
            first_seed: 1,
            prefer: |st, a| match a {
                Action::Prime { delay: 0, .. } => true,
                // Throws that land within two squares of a unit.
                Action::Throw { to, .. } => st.units.iter().any(|u| {
                    u.active() && (u.pos.x - to.x).abs() <= 2 && (u.pos.y - to.y).abs() <= 2
                }),
                _ => false,
            },
            wanted: |st, _, ev, _, _| ev.iter().any(|e| splash_through_wall(st, e)),
        },
        // tac.dmg.armour-facing, tac.gap.4: a shot from a higher level strikes the armour
        // facing it, not the Under armour.
        Cut {
            name: "tactical-armour-facing-from-above",
            disputes: &[("tactical-armour-facing-from-above", 0)],
            scenario: close_assault,
            options: &[],
            first_seed: 1,
            prefer: no_preference,
            wanted: |st, a, ev, _, _| {
                let Action::Attack { unit, target, .. } = *a else {
                    return false;
                };
                let (u, o) = (&st.units[usize::from(unit)], &st.units[usize::from(target)]);
                // The target itself is hit (a stray round may strike another unit).
                let hit = format!("#{} is hit", usize::from(target) + 1);
                u.pos.z > o.pos.z
                    && ev
                        .iter()
                        .any(|e| e.rule == "tac.dmg.armour-ablative" && e.text.contains(&hit))
            },
        },
        // tac.throw.prime, tac.gap.50, tac.gap.14: a grenade primed with delay 1 goes off at
        // the end of the round, after every squad's turn, not at the end of its thrower's.
        Cut {
            name: "tactical-grenade-primed-for-next-round",
            disputes: &[("tactical-grenade-primed-for-next-round", 0)],
            scenario: close_crash,
            options: &[],
            first_seed: 1,
            prefer: |_, a| matches!(a, Action::Prime { delay: 1, .. } | Action::Throw { .. }),
            wanted: |st, a, ev, _, history| {
                // The grenade thrown last was thrown by another squad than the one whose
                // turn ends the round, primed with delay 1, in this round.
                let Some(k) = history
                    .iter()
                    .rposition(|(_, a)| matches!(a, Action::Throw { .. }))
                else {
                    return false;
                };
                let (thrower, Action::Throw { unit, .. }) = &history[k] else {
                    return false;
                };
                let primed = history[..k].iter().rev().find_map(|(_, a)| match a {
                    Action::Prime { unit: u, delay, .. } if u == unit => Some(*delay),
                    _ => None,
                });
                let round_began = history[k..]
                    .iter()
                    .filter(|(_, a)| matches!(a, Action::EndTurn))
                    .count();
                matches!(a, Action::EndTurn)
                    && *thrower != st.turn_seat()
                    && primed == Some(1)
                    && round_began <= 2
                    && ev
                        .iter()
                        .any(|e| e.rule == "tac.throw.prime" && e.text.contains("goes off"))
                    && ev.iter().any(|e| e.rule == "tac.game.rounds")
            },
        },
    ]
}

/// Plays one game of `cut` from `seed`; returns it with the number of the disputed action
/// (counted from 1), if the game holds one.
fn play(
    t: &Arc<Tactical>,
    cut: &Cut,
    scenario: &ScenarioDef,
    options: &Options,
    seed: u64,
) -> Option<(Game<Tactical>, usize)> {
    let seats = usize::from(t.seat_count(scenario));
    let mut game = Game::new(
        Arc::clone(t),
        scenario.clone(),
        *options,
        seed,
        vec![SeatConfig::ai("random"); seats],
    )
    .expect("the scenario sets up");
    let mut players: Vec<RandomPlayer> = (0..seats)
        .map(|s| RandomPlayer::new(ai_seed(seed, s as u8)))
        .collect();
    let mut legal = Vec::new();
    let mut history = Vec::new();
    let mut prev = 0..0;
    for n in 1..=MAX_ACTIONS {
        let Decision::Act(seat) = game.to_act() else {
            return None;
        };
        game.legal_actions(seat, &mut legal);
        let preferred: Vec<Action> = legal
            .iter()
            .filter(|a| (cut.prefer)(game.state(), a))
            .cloned()
            .collect();
        let pool = if preferred.is_empty() {
            &legal
        } else {
            &preferred
        };
        let obs = game.observe(seat);
        let choice = Player::<Tactical>::choose(&mut players[seat.index()], t, &obs, seat, pool);
        let before = game.state().clone();
        let from = game.journal().len();
        game.apply(seat, choice.action.clone())
            .expect("a listed action applies");
        history.push((seat, choice.action.clone()));
        let events = game.journal().events();
        if (cut.wanted)(
            &before,
            &choice.action,
            &events[from..],
            &events[prev],
            &history,
        ) {
            return Some((game, n));
        }
        prev = from..events.len();
    }
    None
}

/// The game's first `n` actions, replayed (so that the save ends with the disputed one).
fn first_actions(t: &Arc<Tactical>, game: &Game<Tactical>, n: usize) -> Game<Tactical> {
    let mut cut = Game::new(
        Arc::clone(t),
        game.scenario().clone(),
        *game.options(),
        game.seed(),
        game.seats().to_vec(),
    )
    .expect("the scenario sets up");
    for (seat, action) in game.actions().take(n) {
        cut.apply(seat, action.clone()).expect("replays");
    }
    cut
}

fn dispute_action(path: &Path) -> Option<i64> {
    let text = std::fs::read_to_string(path).ok()?;
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("action:"))?;
    line.trim()
        .trim_start_matches("action:")
        .trim()
        .trim_end_matches(',')
        .parse()
        .ok()
}

fn main() {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "tests/disputes".into()),
    );
    let only = std::env::args().nth(2);
    let t = Arc::new(Tactical::new().expect("rules data loads"));
    let mut stale = Vec::new();
    let mut failed = false;
    for cut in cuts() {
        if only.as_deref().is_some_and(|o| o != cut.name) {
            continue;
        }
        let scenario = (cut.scenario)(&t);
        let mut options = Options::default();
        for (k, v) in cut.options {
            t.set_option(&mut options, k, v).expect("a known option");
        }
        let found = (cut.first_seed..cut.first_seed + MAX_SEEDS)
            .find_map(|seed| play(&t, &cut, &scenario, &options, seed).map(|g| (seed, g)));
        let Some((seed, (game, n))) = found else {
            println!(
                "{}: no game of seeds {} to {} holds it",
                cut.name,
                cut.first_seed,
                cut.first_seed + MAX_SEEDS - 1
            );
            failed = true;
            continue;
        };
        let game = first_actions(&t, &game, n);
        let text = save::to_ron(&game).expect("the save serialises");
        let path = dir.join(format!("{}.save.ron", cut.name));
        std::fs::write(&path, text).expect("the save is written");
        println!("{}: seed {seed}, cut after action {n}", path.display());
        for (name, offset) in cut.disputes {
            let want = n as i64 + offset;
            let file = dir.join(format!("{name}.dispute.ron"));
            match dispute_action(&file) {
                Some(a) if a == want => println!("  {name}: action {want}"),
                Some(a) => {
                    println!("  {name}: names action {a}, the game now has it at {want}");
                    stale.push(file);
                }
                None => {
                    println!("  {name}: no dispute file yet (action {want})");
                    stale.push(file);
                }
            }
        }
    }
    if !stale.is_empty() {
        println!("to edit: {stale:?}");
    }
    if failed {
        std::process::exit(1);
    }
}
