//! Planning a round's timed phase before it starts (bg.app.actions): the XCOM actions in their
//! order, the alien actions mixed in, scrambles, the descent, every spawn's targets and the
//! scanner's moments. Everything is decided up front so that a forecast can only ever show what
//! will really happen (bg.app.forecast-truthful).
//!
//! Every draw goes through [`GameRng`] and is journaled with its clause, die and odds; the
//! draws that would give away what is still to come are journaled for the referee only, and
//! each becomes public when its action comes up (or a forecast shows it).

use crate::catalog::{Catalog, Difficulty};
use crate::data::{Effect, Kind};
use crate::state::{Entry, Target};
use squadsight_core::dice::{Dice, Roll, Target as DiceTarget, roll_on};
use squadsight_core::journal::mention;
use squadsight_core::{GameRng, Input, Journal, Ratio, SeatSet, Stream};

/// What a round's plan depends on besides the catalogue.
pub struct RoundInputs<'a> {
    /// The round, from 1.
    pub round: u32,
    /// UFOs left in orbit at the last count (bg.app.scramble-orbit).
    pub orbit: u32,
    /// Continents that may be targeted: those not fallen (bg.gap.25).
    pub standing: &'a [u8],
    /// Whether a scrambled action may also move later.
    pub scramble_anywhere: bool,
}

/// Draws the app makes, journaled; `hidden` draws are seen only by the referee.
pub struct Draws<'r, 'j> {
    /// The game's randomness.
    pub rng: &'r mut GameRng,
    /// The journal.
    pub journal: &'j mut Journal,
    /// Journal the draws for the referee only.
    pub hidden: bool,
    /// The stream drawn from: setup or dice.
    pub stream: Stream,
}

impl Draws<'_, '_> {
    /// A uniform pick in `0..n` (no draw when `n <= 1`), journaled under `rule`.
    pub fn pick(&mut self, rule: &'static str, n: u32, what: impl FnOnce(u32) -> String) -> u32 {
        if n <= 1 {
            return 0;
        }
        let sides = u8::try_from(n).unwrap_or(u8::MAX);
        let roll = roll_on(self.rng, self.stream, Dice::Die { sides }, None);
        let picked = roll.total.saturating_sub(1);
        self.record(rule, &roll, || what(picked));
        let chance = Ratio::new(1, u64::from(sides));
        self.journal
            .add_inputs(|| vec![Input::new("each outcome", chance, format!("1 of {sides}"))]);
        picked
    }

    /// A chance of `percent` in 100 on a d100 (always when 100 or more, never when 0, with no
    /// draw either way), journaled under `rule`.
    pub fn chance(
        &mut self,
        rule: &'static str,
        percent: u32,
        what: impl FnOnce(bool) -> String,
    ) -> bool {
        if percent == 0 || percent >= 100 {
            return percent >= 100;
        }
        let roll = roll_on(
            self.rng,
            self.stream,
            Dice::D100,
            Some(DiceTarget::AtMost(percent)),
        );
        let hit = roll.success == Some(true);
        self.record(rule, &roll, || what(hit));
        hit
    }

    fn record(&mut self, rule: &'static str, roll: &Roll, text: impl FnOnce() -> String) {
        if self.hidden {
            self.journal
                .roll_private(rule, roll, SeatSet::default(), text, || None);
        } else {
            self.journal.roll(rule, roll, text);
        }
    }
}

/// Plans a round (see the module docs). The plan's entries have no time yet; each gets its
/// seconds when it comes up.
pub fn plan_round(
    catalog: &Catalog,
    difficulty: &Difficulty,
    inputs: &RoundInputs<'_>,
    draws: &mut Draws<'_, '_>,
) -> Vec<Entry> {
    let entry = |action: usize| Entry {
        action,
        scrambled: false,
        scanner: false,
        forecast_asked: false,
        targets: Vec::new(),
        seconds: 0,
        ended: None,
    };
    // bg.gap.10: every XCOM action once, in the catalogue's order.
    let mut plan: Vec<Entry> = catalog.xcom_actions().map(entry).collect();
    // The alien actions, each as many times as the difficulty draws, at random places; the
    // first UFOs Detected! comes before the actions that wait for first contact.
    let mut first_contact = true;
    for &(action, min, max) in &difficulty.aliens {
        let info = &catalog.actions[action];
        let n = min
            + draws.pick("bg.app.actions", max - min + 1, |k| {
                format!("the round will have {} x {}", min + k, mention(&info.name))
            });
        for _ in 0..n {
            let limit = if info.effect == Effect::Detected && first_contact {
                first_contact = false;
                plan.iter()
                    .position(|e| catalog.actions[e.action].after_first_contact)
                    .unwrap_or(plan.len())
            } else {
                plan.len()
            };
            let at = draws.pick("bg.app.actions", limit as u32 + 1, |k| {
                format!("{} goes in place {}", mention(&info.name), k + 1)
            }) as usize;
            plan.insert(at, entry(action));
        }
    }
    scramble(catalog, difficulty, inputs, draws, &mut plan);
    // bg.app.ufo-descend: at the start of the round every UFO in orbit comes down
    // (bg.gap.13), each to a continent that has not fallen.
    if inputs.orbit > 0 {
        let mut descend = entry(catalog.descend);
        descend.targets = targets(
            inputs.orbit,
            0,
            inputs.standing,
            catalog,
            draws,
            "bg.app.ufo-descend",
        );
        plan.insert(0, descend);
    }
    spawns(catalog, difficulty, inputs, draws, &mut plan);
    scanner(difficulty, inputs, draws, &mut plan, catalog);
    plan
}

/// bg.app.scramble: with UFOs left in orbit, each XCOM action may be scrambled, moving earlier
/// (or, under the second reading, earlier or later) by a few places.
fn scramble(
    catalog: &Catalog,
    difficulty: &Difficulty,
    inputs: &RoundInputs<'_>,
    draws: &mut Draws<'_, '_>,
    plan: &mut Vec<Entry>,
) {
    let percent = difficulty.scramble_percent(inputs.orbit);
    if percent == 0 {
        return;
    }
    for action in catalog.xcom_actions() {
        let Some(from) = plan.iter().position(|e| e.action == action) else {
            continue;
        };
        let name = mention(&catalog.actions[action].name);
        let hit = draws.chance("bg.app.scramble-orbit", percent, |hit| {
            format!(
                "{name}: {} ({} UFOs in orbit)",
                if hit { "scrambled" } else { "on time" },
                inputs.orbit
            )
        });
        if !hit {
            continue;
        }
        let span = difficulty.shift_max - difficulty.shift_min + 1;
        let shift = difficulty.shift_min
            + draws.pick("bg.app.scramble", span, |k| {
                format!("{name} moves {} places", difficulty.shift_min + k)
            });
        let later = inputs.scramble_anywhere
            && draws.pick("bg.app.scramble", 2, |k| {
                format!("{name} moves {}", if k == 1 { "later" } else { "earlier" })
            }) == 1;
        let mut moved = plan.remove(from);
        moved.scrambled = true;
        let to = if later {
            (from + shift as usize).min(plan.len())
        } else {
            from.saturating_sub(shift as usize)
        };
        plan.insert(to, moved);
    }
}

/// bg.app.ufo-spawn: the round's UFOs shared among its UFOs Detected! actions, each at least
/// one while they last, and each UFO's target drawn now (bg.app.forecast-truthful).
fn spawns(
    catalog: &Catalog,
    difficulty: &Difficulty,
    inputs: &RoundInputs<'_>,
    draws: &mut Draws<'_, '_>,
    plan: &mut [Entry],
) {
    let events: Vec<usize> = (0..plan.len())
        .filter(|&i| catalog.actions[plan[i].action].effect == Effect::Detected)
        .collect();
    if events.is_empty() {
        return;
    }
    let total = difficulty.ufos_in_round(inputs.round);
    let mut counts = vec![0u32; events.len()];
    for k in 0..total {
        let slot = if (k as usize) < counts.len() {
            k as usize
        } else {
            draws.pick("bg.app.ufo-spawn", counts.len() as u32, |s| {
                format!("UFO {} of the round joins contact {}", k + 1, s + 1)
            }) as usize
        };
        counts[slot] += 1;
    }
    for (slot, &at) in events.iter().enumerate() {
        plan[at].targets = targets(
            counts[slot],
            difficulty.orbit_percent,
            inputs.standing,
            catalog,
            draws,
            "bg.app.ufo-spawn",
        );
    }
}

/// Where `n` UFOs go: orbit with `orbit_percent`, else a continent that has not fallen
/// (orbit when every continent has fallen), grouped by target in a fixed order.
fn targets(
    n: u32,
    orbit_percent: u32,
    standing: &[u8],
    catalog: &Catalog,
    draws: &mut Draws<'_, '_>,
    rule: &'static str,
) -> Vec<(Target, u8)> {
    let mut out: Vec<(Target, u8)> = Vec::new();
    for _ in 0..n {
        let to_orbit = standing.is_empty()
            || draws.chance(rule, orbit_percent, |hit| {
                format!(
                    "a UFO {}",
                    if hit {
                        "stays in orbit"
                    } else {
                        "heads for a continent"
                    }
                )
            });
        let target = if to_orbit {
            Target::Orbit
        } else {
            let k = draws.pick(rule, standing.len() as u32, |k| {
                let c = standing.get(k as usize).copied().unwrap_or(0);
                format!(
                    "a UFO targets {}",
                    catalog
                        .continents
                        .get(usize::from(c))
                        .map_or("?", String::as_str)
                )
            });
            Target::Continent(standing.get(k as usize).copied().unwrap_or(0))
        };
        match out.iter_mut().find(|(t, _)| *t == target) {
            Some((_, count)) => *count = count.saturating_add(1),
            None => out.push((target, 1)),
        }
    }
    out.sort();
    out
}

/// bg.app.forecast: the scanner lights during as many XCOM actions as the orbit allows, each
/// before the round's last UFOs Detected! so a forecast has something to show.
fn scanner(
    difficulty: &Difficulty,
    inputs: &RoundInputs<'_>,
    draws: &mut Draws<'_, '_>,
    plan: &mut [Entry],
    catalog: &Catalog,
) {
    let Some(last) = plan
        .iter()
        .rposition(|e| catalog.actions[e.action].effect == Effect::Detected)
    else {
        return;
    };
    let mut open: Vec<usize> = (0..last)
        .filter(|&i| catalog.actions[plan[i].action].kind == Kind::Xcom)
        .collect();
    let wanted = difficulty.forecasts(inputs.orbit);
    for _ in 0..wanted {
        if open.is_empty() {
            break;
        }
        let k = draws.pick("bg.app.forecast", open.len() as u32, |k| {
            format!("the scanner lights during action {}", open[k as usize] + 1)
        }) as usize;
        let at = open.remove(k);
        plan[at].scanner = true;
    }
}
