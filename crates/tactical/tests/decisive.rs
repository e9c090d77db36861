//! Games that go looking for a fight end in a win: squads that fire whenever they can and
//! otherwise walk towards the nearest enemy (the seeker knows where every enemy stands and
//! opens the doors in its way) finish the built-in scenarios by their goals (tac.game.victory,
//! tac.scen.*) once the round limit is lifted. Random play mostly ends in round-limit draws
//! because random units seldom meet on a 50 × 50 map; this test shows the victory conditions
//! fire. It found a sealed room in the Large Scout that kept most of an alien squad aboard, and
//! craft landed with their doors against a wall, a fence or the map's edge.

use crate::rules::tactical;
use squadsight_core::square::Pos;
use squadsight_core::{Decision, GameRng, Journal, Ruleset, Stream};
use squadsight_tactical::Tactical;
use squadsight_tactical::action::Action;
use squadsight_tactical::map::{DoorId, Facing, Locomotion, Size};
use squadsight_tactical::options::Options;
use squadsight_tactical::state::State;

/// Steps from every square to the nearest standing enemy of `seat`, walking, with every door
/// open (a seeker opens the doors in its way): a breadth-first field over the map, for a unit
/// of `size` (a 2 × 2 unit's field is over its north-west square, tac.unit.size). Where no
/// enemy can be reached on foot (a 2 × 2 unit cannot pass a one-square gap in a fence or a
/// wall, tac.map.wall-multi, tac.map.door-multi), the field leads instead, above every
/// reaching value, to the places nearest the enemy that can be reached (see [`closer`]): a
/// player drives a tank to where it can fire, not nowhere.
fn field(st: &State, seat: squadsight_core::Seat, size: Size) -> Vec<u32> {
    let mut bf = st.bf.clone();
    for d in 0..bf.door_count() {
        bf.open_door(DoorId(u16::try_from(d).unwrap_or(u16::MAX)));
    }
    let mut dist = vec![u32::MAX; bf.cell_count()];
    let mut queue = std::collections::VecDeque::new();
    let mut targets = Vec::new();
    for o in st
        .units
        .iter()
        .filter(|o| o.active() && !st.allies(o.seat, seat))
    {
        for c in o.cells(&st.bf) {
            targets.push(c);
            let n = size.side() - 1;
            for (dx, dy) in [(0, 0), (-n, 0), (0, -n), (-n, -n)] {
                let p = Pos::new(c.x + dx, c.y + dy, c.z);
                if let Some(i) = bf.index(p)
                    && dist[i] == u32::MAX
                {
                    dist[i] = 0;
                    queue.push_back(p);
                }
            }
        }
    }
    while let Some(p) = queue.pop_front() {
        let d = dist[bf.index(p).unwrap_or(0)];
        for (q, _) in bf.steps(p, size, Locomotion::Walk) {
            if let Some(i) = bf.index(q)
                && dist[i] == u32::MAX
            {
                dist[i] = d + 1;
                queue.push_back(q);
            }
        }
    }
    let stranded = st.units.iter().any(|u| {
        u.active()
            && u.seat == seat
            && u.size == size
            && bf.index(u.pos).is_none_or(|i| dist[i] == u32::MAX)
    });
    if stranded {
        let near = closer(&bf, size, &targets);
        for (d, n) in dist.iter_mut().zip(near) {
            if *d == u32::MAX && n != u32::MAX {
                *d = STRANDED + n;
            }
        }
    }
    dist
}

/// Above every value of a field that reaches an enemy.
const STRANDED: u32 = 1 << 24;

/// For units that cannot reach an enemy: a shortest-path field whose sources are all the
/// places a unit of `size` can stand, each valued at twice its distance (king's moves,
/// levels counted as moves) from the nearest enemy square; a step adds one. Walking on
/// leads to the reachable place nearest the enemy, where a unit may see it and fire (fences
/// and windows do not stop a shot, tac.los.see-through).
fn closer(bf: &squadsight_tactical::map::Battlefield, size: Size, targets: &[Pos]) -> Vec<u32> {
    use std::cmp::Reverse;
    let mut near = vec![u32::MAX; bf.cell_count()];
    let mut heap = std::collections::BinaryHeap::new();
    for (i, v) in near.iter_mut().enumerate() {
        let p = bf.pos_at(i);
        if !bf.room_for(p, size) {
            continue;
        }
        let d = targets
            .iter()
            .map(|t| {
                (t.x - p.x)
                    .abs()
                    .max((t.y - p.y).abs())
                    .max((t.z - p.z).abs())
            })
            .min()
            .unwrap_or(i32::MAX);
        *v = 2 * u32::try_from(d).unwrap_or(u32::MAX / 4);
        heap.push(Reverse((*v, i)));
    }
    while let Some(Reverse((d, i))) = heap.pop() {
        if d > near[i] {
            continue;
        }
        for (q, _) in bf.steps(bf.pos_at(i), size, Locomotion::Walk) {
            if let Some(j) = bf.index(q)
                && d + 1 < near[j]
            {
                near[j] = d + 1;
                heap.push(Reverse((d + 1, j)));
            }
        }
    }
    near
}

/// The seeker's choice: shoot if it can, open a door, step closer, otherwise end the unit's
/// turn; other decisions (reactions, flights, mission targets) take the first offered.
fn seek(st: &State, fields: &[Vec<u32>; 2], legal: &[Action], rng: &mut GameRng) -> Action {
    let attacks: Vec<&Action> = legal
        .iter()
        .filter(|a| {
            matches!(
                a,
                Action::Attack { .. }
                    | Action::FireAt { .. }
                    | Action::Akimbo { .. }
                    | Action::Guided { .. }
                    | Action::React { .. }
                    | Action::Throw { .. }
            )
        })
        .collect();
    if !attacks.is_empty() {
        let n = u32::try_from(attacks.len()).unwrap_or(1);
        return attacks[rng.below(Stream::Dice, n) as usize].clone();
    }
    if let Some(a) = legal.iter().find(|a| matches!(a, Action::Reload { .. })) {
        return a.clone();
    }
    if let Some(a) = legal.iter().find(|a| matches!(a, Action::Stand { .. })) {
        return a.clone();
    }
    let mut best: Option<(u32, &Action)> = None;
    for a in legal {
        if let Action::Step { unit, to, .. } = a {
            let u = &st.units[usize::from(*unit)];
            let field = &fields[usize::from(u.size == Size::Two)];
            let here = st.bf.index(u.pos).map_or(u32::MAX, |i| field[i]);
            let there = st.bf.index(*to).map_or(u32::MAX, |i| field[i]);
            if there < here && best.is_none_or(|(d, _)| there < d) {
                best = Some((there, a));
            }
        }
    }
    if let Some((_, a)) = best {
        return a.clone();
    }
    if let Some(a) = legal.iter().find(|a| matches!(a, Action::OpenDoor { .. })) {
        return a.clone();
    }
    // Nowhere closer to go: face the nearest enemy, to see it and fire (a unit sees only
    // within an arc about its facing, tac.gap.4, tac.los.required).
    if let Some(a) = legal.iter().find(|a| match a {
        Action::Turn { unit, facing } => Some(*facing) == toward_enemy(st, *unit),
        _ => false,
    }) {
        return a.clone();
    }
    legal
        .iter()
        .find(|a| matches!(a, Action::EndUnit { .. }))
        .or_else(|| legal.iter().find(|a| matches!(a, Action::EndTurn)))
        .unwrap_or(&legal[0])
        .clone()
}

/// The facing of the eight from unit `i` toward the nearest standing enemy (king's moves),
/// if it does not face that way already.
fn toward_enemy(st: &State, i: u8) -> Option<Facing> {
    let u = st.units.get(usize::from(i))?;
    let e = st
        .units
        .iter()
        .filter(|o| o.active() && !st.allies(o.seat, u.seat))
        .min_by_key(|o| (o.pos.x - u.pos.x).abs().max((o.pos.y - u.pos.y).abs()))?;
    let (dx, dy) = (e.pos.x - u.pos.x, e.pos.y - u.pos.y);
    let f = match (dx.signum(), dy.signum()) {
        _ if dx.abs() > 2 * dy.abs() => {
            if dx > 0 {
                Facing::E
            } else {
                Facing::W
            }
        }
        _ if dy.abs() > 2 * dx.abs() => {
            if dy > 0 {
                Facing::S
            } else {
                Facing::N
            }
        }
        (1, 1) => Facing::SE,
        (1, _) => Facing::NE,
        (_, 1) => Facing::SW,
        _ => Facing::NW,
    };
    (f != u.facing).then_some(f)
}

/// When the seeker's fields were drawn: round, seat, units standing.
type FieldKey = (u32, squadsight_core::Seat, usize);

/// Plays one seeking game; returns whether it ended with winners, and the reason.
fn seeking_game(t: &Tactical, scenario: &str, seed: u64) -> (bool, String) {
    let mut sc = t.scenario(scenario).unwrap_or_else(|e| panic!("{e}"));
    // The built-in limits (12 rounds and so) are ours and short; a fight to the finish needs
    // more, so the limit is taken out of the way here.
    sc.rounds = 60;
    let mut rng = GameRng::new(seed);
    let mut pick = GameRng::new(seed ^ 0xfeed);
    let mut journal = Journal::off();
    let mut st = t
        .setup(&sc, &Options::default(), &mut rng, &mut journal)
        .unwrap_or_else(|e| panic!("{scenario}: {e}"));
    let mut legal = Vec::new();
    let mut attacks = 0;
    let mut cached: Option<(FieldKey, [Vec<u32>; 2])> = None;
    for _ in 0..100_000 {
        match t.to_act(&st) {
            Decision::Over(o) => {
                let standing: Vec<usize> = (0..st.seats.len())
                    .map(|s| {
                        st.units
                            .iter()
                            .filter(|u| u.active() && usize::from(u.seat.0) == s)
                            .count()
                    })
                    .collect();
                let at: Vec<String> = st
                    .units
                    .iter()
                    .filter(|u| u.active())
                    .map(|u| {
                        format!(
                            "{}@{},{},{}:{}tu{}",
                            u.seat.0,
                            u.pos.x,
                            u.pos.y,
                            u.pos.z,
                            u.tu,
                            if u.zombie.is_some() { "Z" } else { "" }
                        )
                    })
                    .collect();
                let why = format!(
                    "{} ({attacks} attacks; standing {standing:?} {})",
                    o.reason,
                    at.join(" ")
                );
                return (!o.winners.is_empty(), why);
            }
            Decision::Act(seat) => {
                t.legal_actions(&st, seat, &mut legal);
                let key = (
                    st.round,
                    seat,
                    st.units.iter().filter(|u| u.active()).count(),
                );
                if cached.as_ref().is_none_or(|(k, _)| *k != key) {
                    let fields = [field(&st, seat, Size::One), field(&st, seat, Size::Two)];
                    cached = Some((key, fields));
                }
                let Some((_, near)) = cached.as_ref() else {
                    unreachable!("the fields were just drawn")
                };
                let a = seek(&st, near, &legal, &mut pick);
                attacks += usize::from(matches!(
                    a,
                    Action::Attack { .. } | Action::FireAt { .. } | Action::Throw { .. }
                ));
                t.apply(&mut st, seat, &a, &mut rng, &mut journal)
                    .unwrap_or_else(|e| panic!("{scenario}: {e}"));
            }
        }
    }
    panic!("{scenario} seed {seed}: no end")
}

/// tac.map.craft-placement (a sealed room in the Large Scout kept aliens aboard for good; a
/// Large Scout landed with its door against a wall kept a Reaper aboard), tac.game.victory, tac.scen.assault.goal, tac.scen.terror.goals, tac.scen.mission.draw,
/// tac.scen.boarding, tac.scen.base.setup, tac.scen.crash.setup.
#[test]
fn seeking_squads_end_every_scenario_by_its_goal() {
    let t = tactical();
    let mut report = Vec::new();
    for info in t.scenarios() {
        let mut won = 0;
        for seed in 1..=3 {
            let (w, why) = seeking_game(&t, info.id, seed);
            won += usize::from(w);
            report.push(format!("{} seed {seed}: {why}", info.id));
        }
        // Every scenario, the 4-seat team game and Assault included, is asked for two ends in
        // three. The HWP and the soldier behind it that used to stay in the Skyranger drive
        // down its ramp (a 2 x 2 unit may stand across the break of a ramp, docs/rules/
        // tactical.md; tac.unit.size, tac.map.slope), following a walking field drawn for its
        // own size. The team game used to stall: its Floaters' Large Scout, pushed off its
        // corner by buildings, landed with its door against a walled field or the map's edge,
        // so their Reaper never left it (setup now lands a craft only where its squad can walk
        // out, tac.map.craft-placement, tac.gap.39); and an HWP whose enemies were all beyond
        // one-square gaps sat still at the top of the ramp, blocking the soldiers behind it
        // (the field now leads a stranded unit as near the enemy as it can get, and a unit
        // with nowhere closer to go turns to face the enemy, so a tank parked at a fence
        // sees and shoots the Reaper shut in behind it). Every seed of every scenario ends by
        // its goal now; two in three is asked, to leave room for rule changes.
        let needed = 2;
        assert!(won >= needed, "{}: {}", info.id, report.join("\n"));
    }
}
