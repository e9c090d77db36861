//! Shared helpers for the combat tests: catalog lookups, a context builder with plain
//! defaults, scripted dice, and an exhaustive enumerator of every dice outcome.

use squadsight_commander::board::Distance;
use squadsight_commander::catalog::{Catalog, UnitProfile, WeaponProfile};
use squadsight_commander::combat::{
    AttackContext, AttackKind, Attacker, CombatRules, Cover, Defender, Means,
};
use squadsight_commander::skill::{DieSource, Throw};

/// The embedded catalog.
pub fn catalog() -> &'static Catalog {
    match Catalog::builtin() {
        Ok(c) => c,
        Err(e) => panic!("the embedded data must load: {e:?}"),
    }
}

/// A unit card by name.
pub fn unit(name: &str) -> &'static UnitProfile {
    let c = catalog();
    match c.unit_id(name) {
        Some(id) => c.unit(id),
        None => panic!("no unit {name}"),
    }
}

/// A weapon card by name.
pub fn weapon(name: &str) -> &'static WeaponProfile {
    let c = catalog();
    match c.weapon_id(name) {
        Some(id) => c.weapon(id),
        None => panic!("no weapon {name}"),
    }
}

/// A plain attack: 2 actions, not moved, target in the open at 6 Range with full Wounds, the
/// default table options.
pub fn attack(
    attacker: &'static str,
    means: Option<&'static str>,
    target: &'static str,
) -> AttackContext<'static> {
    let a = unit(attacker);
    let t = unit(target);
    AttackContext {
        attacker: Attacker {
            unit: a,
            laser_sight: false,
            scope: false,
            moved: false,
            engaged: false,
            squadsight_support: false,
        },
        target: Defender {
            unit: t,
            vest_bonus: 0,
            wounds: t.stats.health,
            cover: Cover::None,
            down: false,
            distance: Distance::whole(6),
            in_contact: false,
            friends_hit_this_round: 0,
        },
        means: match means {
            Some(w) => Means::Weapon(weapon(w)),
            None => Means::Mindspin,
        },
        kind: AttackKind::TwoActions,
        rules: CombatRules::default(),
    }
}

/// Dice that come up as scripted, in order. Running past the script yields 6s and records it.
#[derive(Debug, Default)]
pub struct Scripted {
    faces: Vec<u8>,
    next: usize,
    /// Set when more dice were thrown than scripted.
    pub overrun: bool,
}

impl Scripted {
    /// Dice that come up `faces`, one die at a time.
    pub fn new(faces: &[u8]) -> Scripted {
        Scripted {
            faces: faces.to_vec(),
            next: 0,
            overrun: false,
        }
    }

    /// How many dice were thrown.
    pub fn used(&self) -> usize {
        self.next
    }

    /// Whether exactly the script was used.
    pub fn exhausted(&self) -> bool {
        !self.overrun && self.next == self.faces.len()
    }
}

impl DieSource for Scripted {
    fn throw(&mut self, count: u8) -> Throw {
        let mut out = [6u8; 3];
        for slot in out.iter_mut().take(usize::from(count)) {
            match self.faces.get(self.next) {
                Some(f) => *slot = *f,
                None => self.overrun = true,
            }
            self.next += 1;
        }
        Throw::of(&out[..usize::from(count.min(3))])
    }
}

/// An exact fraction for summing outcome weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frac {
    /// Numerator.
    pub num: u128,
    /// Denominator.
    pub den: u128,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Frac {
    /// 0.
    pub const ZERO: Frac = Frac { num: 0, den: 1 };
    /// 1.
    pub const ONE: Frac = Frac { num: 1, den: 1 };

    /// `num / den`, reduced.
    pub fn new(num: u128, den: u128) -> Frac {
        let g = gcd(num, den).max(1);
        Frac {
            num: num / g,
            den: den / g,
        }
    }

    /// Sum.
    pub fn add(self, o: Frac) -> Frac {
        Frac::new(self.num * o.den + o.num * self.den, self.den * o.den)
    }

    /// Product.
    pub fn mul(self, o: Frac) -> Frac {
        Frac::new(self.num * o.num, self.den * o.den)
    }

    /// Product with a whole number.
    pub fn times(self, k: u128) -> Frac {
        Frac::new(self.num * k, self.den)
    }

    /// From a core ratio.
    pub fn of(r: squadsight_core::Ratio) -> Frac {
        Frac::new(u128::from(r.num()), u128::from(r.den()))
    }
}

/// One way a throw can come out, with its weight.
#[derive(Clone, Debug)]
struct Choice {
    faces: Vec<u8>,
    weight: Frac,
}

/// Every distinct score of a throw of `count` dice, with a face pattern giving it and its
/// exact weight. Two dice: totals 2–12; three dice (Scope): lowest-two sums 2–12, the faces
/// `(x, y, 6)` standing for every triple with that score. Counted by brute force here, apart
/// from the code under test.
fn choices(count: u8) -> Vec<Choice> {
    match count {
        1 => (1..=6)
            .map(|f| Choice {
                faces: vec![f],
                weight: Frac::new(1, 6),
            })
            .collect(),
        2 | 3 => (2u8..=12)
            .map(|s| {
                let (x, y) = if s <= 7 { (1, s - 1) } else { (s - 6, 6) };
                let mut ways = 0u128;
                let mut all = 0u128;
                if count == 2 {
                    for a in 1..=6u8 {
                        for b in 1..=6u8 {
                            all += 1;
                            ways += u128::from(a + b == s);
                        }
                    }
                    Choice {
                        faces: vec![x, y],
                        weight: Frac::new(ways, all),
                    }
                } else {
                    for a in 1..=6u8 {
                        for b in 1..=6u8 {
                            for c in 1..=6u8 {
                                let mut v = [a, b, c];
                                v.sort_unstable();
                                all += 1;
                                ways += u128::from(v[0] + v[1] == s);
                            }
                        }
                    }
                    Choice {
                        faces: vec![x, y, 6],
                        weight: Frac::new(ways, all),
                    }
                }
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Replays a path of choices and extends it with first choices as new throws come.
pub struct PathDice<'p> {
    tables: &'p [Vec<Choice>; 4],
    path: &'p mut Vec<(usize, usize, u8)>,
    pos: usize,
    weight: Frac,
}

impl DieSource for PathDice<'_> {
    fn throw(&mut self, count: u8) -> Throw {
        let table = &self.tables[usize::from(count.min(3))];
        if self.pos >= self.path.len() {
            self.path.push((0, table.len(), count));
        }
        let idx = self.path[self.pos].0;
        self.pos += 1;
        let choice = &table[idx];
        self.weight = self.weight.mul(choice.weight);
        Throw::of(&choice.faces)
    }
}

/// Runs `run` once for every distinct dice outcome, calling `visit` with each result and its
/// exact probability. The weights add up to 1.
pub fn enumerate<R>(mut run: impl FnMut(&mut PathDice) -> R, mut visit: impl FnMut(R, Frac)) {
    let tables = [Vec::new(), choices(1), choices(2), choices(3)];
    let mut path: Vec<(usize, usize, u8)> = Vec::new();
    loop {
        let mut dice = PathDice {
            tables: &tables,
            path: &mut path,
            pos: 0,
            weight: Frac::ONE,
        };
        let result = run(&mut dice);
        let weight = dice.weight;
        visit(result, weight);
        // Advance like an odometer: bump the deepest choice that has a next option.
        loop {
            match path.last_mut() {
                None => return,
                Some(last) if last.0 + 1 < last.1 => {
                    last.0 += 1;
                    break;
                }
                Some(_) => {
                    path.pop();
                }
            }
        }
    }
}

/// The first seed whose dice stream starts with `faces` (one entry per die; `0` = any face).
pub fn seed_with_faces(faces: &[u8]) -> u64 {
    use squadsight_core::{GameRng, Stream};
    for seed in 0..20_000_000u64 {
        let mut rng = GameRng::new(seed);
        if faces.iter().all(|want| {
            let got = rng.die(Stream::Dice, 6) as u8;
            *want == 0 || got == *want
        }) {
            return seed;
        }
    }
    panic!("no seed starts with {faces:?}");
}
