//! Attacks: shooting, charging, close combat with ranged weapons and Mindspin, resolved as pure
//! functions over an [`AttackContext`], with exact odds for the same context.
//!
//! # Public API (what the engine calls)
//!
//! - [`AttackContext`] — everything an attack depends on: the [`Attacker`] (its unit card,
//!   carried attachments, whether it moved, whether it is engaged, squadsight support), the
//!   [`Defender`] (its unit card, vest bonus, Wounds left, [`Cover`] against this attacker,
//!   Down, base-to-base distance, base contact, whether a friend of the attacker already hit
//!   it this round), the [`Means`] (a weapon profile or Mindspin), the [`AttackKind`] (1 or 2
//!   actions, Overwatch shot, free attack) and the table's [`CombatRules`].
//! - [`check`]`(&ctx) -> Result<(), Refusal>` — whether the attack may be declared at all
//!   (Sniper limits, charge contact, a weapon with no damage). Use it in `legal_actions`.
//! - [`resolve_attack`]`(&ctx, &mut GameRng, &mut Journal) -> AttackResult` — rolls everything
//!   on the dice stream and journals every roll with its clause, value, modifiers and exact
//!   odds. [`resolve_with`] does the same with any [`DieSource`] (scripted dice, analysis).
//! - [`resolve_scatter_blast`] — after a [`Scatter`] result, once the target's player has placed
//!   the point 3 Range away: resolves the blast on the model under that point (no hit test).
//! - [`preview`]`(&ctx) -> AttackOdds` — the exact chance to hit (with every modifier listed),
//!   to scatter, that the Armour test keeps a landed hit's damage off, that damage is applied,
//!   that the target is destroyed, and the expected damage.
//! - [`hit_test`], [`armour_test`], [`resistances`], [`damage_amount`] — the single steps,
//!   for the UI's unit cards and the AI.
//!
//! The result only describes what happened; the engine applies it to the state: lower Wounds
//! to [`AttackResult::wounds_left`], remove a destroyed model, set Down and spend the
//! activation (Zapper, Psi Disorientation), pull a lassoed target into contact, ask the
//! target's player for a scatter point, remove terrain for a [`Blast`], run Psi Panic and
//! Mind Control. This module journals the rolls and the outcome, so the engine journals only
//! the state changes it makes (where a model moved to, which terrain went).
//!
//! # Order of an attack (cmd.gap.3)
//!
//! 1. Legality ([`check`]) and the range limit: a shot past the weapon's maximum Range fails
//!    with no roll (cmd.shoot.range-limit), unless Squadsight lifts the limit.
//! 2. Hit test(s): 2D6 at or under the weapon's skill value plus modifiers; Shredding shots
//!    need two passes (cmd.sr.shredding).
//! 3. On-hit effects: Scatter's D6 (4+ → the shot misses and lands 3 Range away), High
//!    Explosive's blast, Lasso's pull, or the Mindspin table.
//! 4. The one test between hit and damage: the [Armour] test (cmd.sr.armour), which is the
//!    rulebook's "additional skill test" on Resistance (cmd.dmg.resistance-test), made on the
//!    stat the target's card tags `[Armour]`. With the default `damage_sequence=armour-save`
//!    a total at or under it saves the hit; with `literal` a total at or under it applies the
//!    damage (cmd.gap.4). Skipped for Shredding shots, Mindspin and cards with no `[Armour]`
//!    tag.
//! 5. (no second test)
//! 6. Damage from the PEP-EP matrix against every typed Armour entry the target has: its
//!    card's `T X` raised by its vest, and the typed bonuses of Faction – XCOM (`⛨ 1`), Blast
//!    Padding (`💥 2`) and Cautious (`⛨ 1`, in cover) (cmd.dmg.amount, cmd.gap.54); 0 counts as
//!    no damage (cmd.gap.5).
//! 7. Wounds drop (cmd.dmg.reduce-wounds); at 0 the model is destroyed (cmd.dmg.destroyed-at-zero);
//!    otherwise Zapper sends it Down and spends its activation (cmd.sr.zapper).

use crate::board::Distance;
use crate::catalog::{Faction, Stat, StatTag, UnitProfile, UnitRule, WeaponProfile, WeaponRule};
use crate::mindspin::{self, MindspinEffect};
use crate::options::{DamageSequence, HighExplosive, SniperModifiers};
use crate::pep::{self, DamageType, Resistance};
use crate::skill::{self, DieSource, Modifier, SkillTest, TestDice, TestResult};
use serde::{Deserialize, Serialize};
use squadsight_core::dice::Target;
use squadsight_core::journal::EventKind;
use squadsight_core::journal::mention;
use squadsight_core::{GameRng, Input, Journal, Ratio};
use std::fmt;

/// Sniper weapons may not target anything within this many Range (cmd.sr.sniper).
pub const SNIPER_MIN_RANGE: u16 = 12;
/// A scattered shot lands this many Range from the target (cmd.sr.scatter).
pub const SCATTER_DISTANCE: u8 = 3;
/// High Explosive destroys terrain within this many Range (cmd.sr.high-explosive).
pub const BLAST_RADIUS: u8 = 2;
/// A 1+ Range weapon used in close combat deals at most this much damage
/// (cmd.melee.ranged-weapon-damage, cmd.gap.24).
pub const CLOSE_COMBAT_RANGED_DAMAGE: u8 = 2;

/// Cover the target has against this attacker (cmd.gap.10 decides when it counts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cover {
    /// In the open.
    #[default]
    None,
    /// Soft Cover (cmd.sr.soft-cover).
    Soft,
    /// Hard Cover (cmd.sr.hard-cover).
    Hard,
}

impl fmt::Display for Cover {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Cover::None => "none",
            Cover::Soft => "soft",
            Cover::Hard => "hard",
        })
    }
}

/// How the attack is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttackKind {
    /// An Attack taken as 1 action: −1 to hit (cmd.act.attack.one).
    OneAction,
    /// An Attack taken as 2 actions: no penalty (cmd.act.attack.two).
    TwoActions,
    /// An Overwatch reaction shot: the Overwatch was a 1-action use, so −1 like a 1-action
    /// Attack, and it never counts as moving (cmd.act.overwatch.one, cmd.gap.12, cmd.gap.17).
    Overwatch,
    /// The free attack on a fleeing model: no action is spent, so no penalty
    /// (cmd.melee.flee-free-attack, cmd.gap.25).
    Free,
}

impl fmt::Display for AttackKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AttackKind::OneAction => "1 action",
            AttackKind::TwoActions => "2 actions",
            AttackKind::Overwatch => "overwatch",
            AttackKind::Free => "free attack",
        })
    }
}

/// What the attack is made with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Means<'a> {
    /// A weapon from the attacker's loadout (cmd.gap.56).
    Weapon(&'a WeaponProfile),
    /// The [Mindspin] ability, used as a shooting action (cmd.sr.mindspin).
    Mindspin,
}

/// The attacking model, as far as the attack cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attacker<'a> {
    /// Its unit card (stats, stat tags, special rules, which slot carries attachments).
    pub unit: &'a UnitProfile,
    /// It carries a Laser Sight (it helps only the weapon in the unit's attachment slot).
    pub laser_sight: bool,
    /// It carries a Scope (same slot rule).
    pub scope: bool,
    /// It made a Run or Climb earlier in this activation (cmd.gap.17). Ignored for Overwatch.
    pub moved: bool,
    /// It was already engaged when it attacked: every action counts as 2 actions, so there
    /// is no 1-action penalty (cmd.melee.engaged-counts-two).
    pub engaged: bool,
    /// Another friendly model has line of sight to the target (cmd.sr.squadsight).
    pub squadsight_support: bool,
}

/// The target model, as far as the attack cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Defender<'a> {
    /// Its unit card (stat tags for the Armour test, typed Resistance, special rules, faction).
    pub unit: &'a UnitProfile,
    /// Armour added by its vest, 0 without one (data: Armour Cards).
    pub vest_bonus: u8,
    /// Wounds left.
    pub wounds: u8,
    /// Its cover against this attacker (ignored in close combat, cmd.gap.9).
    pub cover: Cover,
    /// It is Down (cmd.gap.6).
    pub down: bool,
    /// Distance base to base, exact (cmd.move.attack-base-to-base; measured as the table
    /// measures, a tape by default: cmd.move.default-inches).
    pub distance: Distance,
    /// It is in base contact with the attacker: the attack is close combat (cmd.melee.charge).
    pub in_contact: bool,
    /// How many other models friendly to the attacker already hit it this game round (Squad
    /// Tactics: +1 for each).
    pub friends_hit_this_round: u8,
}

/// Everything one attack depends on. Build one per attack; nothing in it is mutated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackContext<'a> {
    /// The attacking model.
    pub attacker: Attacker<'a>,
    /// The target.
    pub target: Defender<'a>,
    /// Weapon or Mindspin.
    pub means: Means<'a>,
    /// 1 or 2 actions, Overwatch or free attack.
    pub kind: AttackKind,
    /// The table's options that change an attack.
    pub rules: CombatRules,
}

/// The table options an attack depends on (see [`crate::options`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CombatRules {
    /// What the [Armour] test does (cmd.gap.4).
    pub damage: DamageSequence,
    /// What a Sniper weapon ignores (cmd.gap.46).
    pub sniper: SniperModifiers,
    /// When High Explosive blasts terrain (cmd.gap.44).
    pub high_explosive: HighExplosive,
}

impl AttackContext<'_> {
    /// Whether this is close combat: a weapon attack on a model in base contact. Mindspin is
    /// always a shooting action (cmd.sr.mindspin).
    pub fn close_combat(&self) -> bool {
        matches!(self.means, Means::Weapon(_)) && self.target.in_contact
    }

    fn weapon(&self) -> Option<&WeaponProfile> {
        match self.means {
            Means::Weapon(w) => Some(w),
            Means::Mindspin => None,
        }
    }

    fn weapon_has(&self, rule: WeaponRule) -> bool {
        self.weapon().is_some_and(|w| w.has(rule))
    }

    /// Whether the attacker's attachments sit on the weapon used.
    fn fitted(&self) -> bool {
        self.weapon().is_some_and(|w| {
            self.attacker.unit.attachments && w.slot == self.attacker.unit.attachment_slot
        })
    }

    /// Whether the attack is a Shredding shot: two hit tests and no Armour test. Shredding
    /// speaks of firing, so a Shredding weapon used in close combat is an ordinary attack
    /// (cmd.gap.45).
    fn shredding_shot(&self) -> bool {
        self.weapon_has(WeaponRule::Shredding) && !self.close_combat()
    }

    /// Whether Squadsight lifts the maximum Range (cmd.sr.squadsight, cmd.gap.47).
    fn squadsight(&self) -> bool {
        self.attacker.unit.has(UnitRule::Squadsight)
            && self.weapon_has(WeaponRule::Sniper)
            && self.attacker.squadsight_support
    }

    /// Whether the target is past the weapon's maximum Range (cmd.shoot.range-limit). Charges
    /// need contact instead, and Mindspin has no Range of its own (cmd.gap.42).
    pub fn out_of_range(&self) -> bool {
        match self.weapon() {
            Some(w) => {
                !self.close_combat()
                    && !self.squadsight()
                    && !self.target.distance.within(u32::from(w.max_range))
            }
            None => false,
        }
    }
}

/// Why an attack may not be declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Refusal {
    /// The weapon deals no damage (the Psi Amp): its use is Mindspin.
    NoDamage,
    /// The attacker has no [Mindspin] stat tag.
    NoMindspin,
    /// A 0 Range weapon needs base contact with the target (cmd.melee.charge).
    ChargeNeedsContact,
    /// A Sniper weapon may not fire after the model moved (cmd.sr.sniper).
    SniperMoved,
    /// A Sniper weapon may not make reaction fire (cmd.sr.sniper).
    SniperReaction,
    /// A Sniper weapon may not target a model within 12 Range, or in close combat
    /// (cmd.sr.sniper, cmd.gap.46).
    SniperTooClose,
}

impl Refusal {
    /// The clause behind the refusal.
    pub fn clause(self) -> &'static str {
        match self {
            Refusal::NoDamage | Refusal::NoMindspin => "cmd.sr.mindspin",
            Refusal::ChargeNeedsContact => "cmd.melee.charge",
            Refusal::SniperMoved | Refusal::SniperReaction | Refusal::SniperTooClose => {
                "cmd.sr.sniper"
            }
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::NoDamage => "this weapon deals no damage; it is used through Mindspin",
            Refusal::NoMindspin => "this model cannot use Mindspin",
            Refusal::ChargeNeedsContact => "a close-combat weapon needs base contact",
            Refusal::SniperMoved => "a Sniper weapon cannot fire after moving",
            Refusal::SniperReaction => "a Sniper weapon cannot make reaction fire",
            Refusal::SniperTooClose => "a Sniper weapon cannot target a model within 12 Range",
        })
    }
}

/// Whether the attack may be declared. The engine's own checks (line of sight, engagement
/// limits, one weapon per Attack) come first; this covers the weapon and ability rules.
pub fn check(ctx: &AttackContext) -> Result<(), Refusal> {
    match ctx.means {
        Means::Mindspin => {
            if ctx.attacker.unit.stat_for(StatTag::Mindspin).is_none() {
                return Err(Refusal::NoMindspin);
            }
        }
        Means::Weapon(w) => {
            if w.damage.is_none() {
                return Err(Refusal::NoDamage);
            }
            // cmd.melee.charge: a 0 Range weapon is a charge and needs base contact.
            if w.is_close_combat() && !ctx.target.in_contact {
                return Err(Refusal::ChargeNeedsContact);
            }
            if w.has(WeaponRule::Sniper) {
                // cmd.sr.sniper: no reaction fire, not after moving, nothing within 12 Range
                // (cmd.gap.46: "within" includes exactly 12, and contact is within).
                if ctx.kind == AttackKind::Overwatch {
                    return Err(Refusal::SniperReaction);
                }
                if ctx.attacker.moved {
                    return Err(Refusal::SniperMoved);
                }
                if ctx.target.in_contact || ctx.target.distance.within(u32::from(SNIPER_MIN_RANGE))
                {
                    return Err(Refusal::SniperTooClose);
                }
            }
        }
    }
    Ok(())
}

/// The modifiers to the hit test, each with its source. Each is added only in the situation
/// its source names (cmd.mod.when-indicated).
pub fn hit_modifiers(ctx: &AttackContext) -> Vec<Modifier> {
    let mut m = Vec::with_capacity(6);
    let a = &ctx.attacker;
    let t = &ctx.target;
    if a.engaged {
        // cmd.melee.engaged-counts-two: an engaged model's attack is a 2-action use.
    } else {
        match ctx.kind {
            AttackKind::OneAction => {
                m.push(Modifier::new(
                    "cmd.act.attack.one",
                    "attack with 1 action",
                    -1,
                ));
            }
            AttackKind::Overwatch => {
                m.push(Modifier::new(
                    "cmd.act.overwatch.one",
                    "overwatch shot (1 action)",
                    -1,
                ));
            }
            AttackKind::TwoActions | AttackKind::Free => {}
        }
    }
    let moved = a.moved && ctx.kind != AttackKind::Overwatch;
    match ctx.means {
        Means::Weapon(w) if ctx.close_combat() => {
            // cmd.melee.no-shooting-modifiers: close combat uses its own table only.
            if !w.is_close_combat() {
                m.push(Modifier::new(
                    "cmd.melee.ranged-weapon-hit-penalty",
                    "ranged weapon in close combat",
                    -2,
                ));
            }
            if t.down {
                m.push(Modifier::new(
                    "cmd.melee.mod.target-down",
                    "charging a Down target",
                    2,
                ));
            }
        }
        Means::Weapon(w) => {
            // cmd.sr.sniper: a Sniper weapon ignores the shooting table except Target is Down;
            // the rest of "all to hit modifiers" is removed below (cmd.gap.46).
            if !w.has(WeaponRule::Sniper) {
                shooting_table(&mut m, w.half_range, t, moved);
            }
            if t.down {
                m.push(Modifier::new(
                    "cmd.shoot.mod.target-down",
                    "target is Down",
                    -2,
                ));
            }
            if a.laser_sight && ctx.fitted() {
                m.push(Modifier::new("data:Laser Sight", "laser sight", 1));
            }
            if a.unit.has(UnitRule::Deadeye) && !moved {
                m.push(Modifier::new("cmd.sr.deadeye", "deadeye, has not moved", 1));
            }
        }
        Means::Mindspin => {
            // cmd.gap.42: Mindspin is a shot with the shooting table but no range bands.
            shooting_table(&mut m, None, t, moved);
            if t.down {
                m.push(Modifier::new(
                    "cmd.shoot.mod.target-down",
                    "target is Down",
                    -2,
                ));
            }
            if a.unit.has(UnitRule::Unstable) {
                m.push(Modifier::new("cmd.sr.unstable", "unstable (PSI test)", -2));
            }
        }
    }
    if a.unit.has(UnitRule::SquadTactics) {
        // Squad Tactics (data files): +1 for each other friendly model that already hit the
        // target this game round; it stacks.
        for _ in 0..t.friends_hit_this_round {
            m.push(Modifier::new(
                "data:Squad Tactics",
                "squad tactics, a friend already hit it",
                1,
            ));
        }
    }
    if ctx.rules.sniper == SniperModifiers::All
        && ctx.weapon_has(WeaponRule::Sniper)
        && !ctx.close_combat()
    {
        // cmd.sr.sniper, cmd.gap.46: "ignores all to hit modifiers (except Target is Down)",
        // so the 1-action penalty, Laser Sight, Deadeye and Squad Tactics go too.
        m.retain(|x| x.clause == "cmd.shoot.mod.target-down");
    }
    m
}

/// Range band, moving and cover (cmd.shoot.modifier-table).
fn shooting_table(m: &mut Vec<Modifier>, half_range: Option<u8>, t: &Defender, moved: bool) {
    if let Some(half) = half_range {
        // cmd.gap.19: every shot is short or long; the distance is compared exactly
        // (√c − 1 < half, as c < (half + 1)²), so a diagonal shot is as long as a tape says.
        if t.distance.below(u32::from(half)) {
            m.push(Modifier::new("cmd.shoot.mod.short-range", "short range", 1));
        } else {
            m.push(Modifier::new("cmd.shoot.mod.long-range", "long range", -1));
        }
    }
    if moved {
        m.push(Modifier::new(
            "cmd.shoot.mod.moving",
            "fire while moving",
            -1,
        ));
    }
    // cmd.gap.9: cover counts once, as the table modifier.
    match t.cover {
        Cover::None => {}
        Cover::Soft => m.push(Modifier::new(
            "cmd.shoot.mod.soft-cover",
            "target in soft cover",
            -1,
        )),
        Cover::Hard => m.push(Modifier::new(
            "cmd.shoot.mod.hard-cover",
            "target in hard cover",
            -2,
        )),
    }
}

/// The stat the hit test uses: the one tagged for the weapon's slot (AIM for most, HACK for
/// the GREMLIN, DODGE for the Viper Tongue), or the `[Mindspin]` stat (PSI) (cmd.gap.14).
pub fn hit_stat(ctx: &AttackContext) -> Stat {
    match ctx.means {
        Means::Weapon(w) => ctx.attacker.unit.weapon_stat(w.slot),
        Means::Mindspin => ctx
            .attacker
            .unit
            .stat_for(StatTag::Mindspin)
            .unwrap_or(Stat::Psi),
    }
}

/// The hit test (cmd.shoot.hit-test, cmd.melee.charge-steps): the skill value, every modifier
/// and the dice (three keep the lowest two when a Scope sits on the weapon and it shoots).
pub fn hit_test(ctx: &AttackContext) -> SkillTest {
    let base = ctx.attacker.unit.stats.get(hit_stat(ctx));
    let scoped = ctx.attacker.scope && ctx.fitted() && !ctx.close_combat();
    SkillTest {
        base,
        modifiers: hit_modifiers(ctx),
        dice: if scoped {
            TestDice::ThreeKeepLowTwo
        } else {
            TestDice::TwoD6
        },
    }
}

/// The target's [Armour] test (cmd.sr.armour, cmd.dmg.resistance-test), or `None` when the
/// attack skips it (Shredding shots and Mindspin, whose texts remove it, and a card with no
/// `[Armour]` tag, which has nothing to roll on). Its value is the stat the card tags
/// `[Armour]` (HEALTH for most, DODGE for the Viper), raised by 1 against a ranged weapon used
/// in close combat (cmd.melee.ranged-weapon-armour-bonus). The typed Armour bonuses are not
/// added here: they are Damage Resistance ([`resistances`]).
pub fn armour_test(ctx: &AttackContext) -> Option<SkillTest> {
    if matches!(ctx.means, Means::Mindspin) || ctx.shredding_shot() {
        return None;
    }
    let unit = ctx.target.unit;
    let base = unit.stats.get(unit.stat_for(StatTag::Armour)?);
    let mut test = SkillTest::new(base);
    if ctx.close_combat() && ctx.weapon().is_some_and(|w| !w.is_close_combat()) {
        test.modifiers.push(Modifier::new(
            "cmd.melee.ranged-weapon-armour-bonus",
            "ranged weapon in close combat",
            1,
        ));
    }
    Some(test)
}

/// Whether a passed [Armour] test saves the hit (`armour-save`) or lets the damage through
/// (`literal`) (cmd.gap.4). The texts pull both ways, so the default follows the reading the
/// other Armour sentences share (cmd.mod.confusion-fallback, cmd.general.common-sense).
fn armour_pass_saves(ctx: &AttackContext) -> bool {
    ctx.rules.damage == DamageSequence::ArmourSave
}

/// Faction – XCOM's typed Armour bonus, `⛨ 1` (cmd.sr.faction-xcom, data 8a).
pub const XCOM_ARMOUR: Resistance = Resistance {
    kind: DamageType::Physical,
    value: 1,
};
/// Blast Padding's typed Armour bonus, `💥 2` (cmd.sr.blast-padding, data 8a).
pub const BLAST_PADDING_ARMOUR: Resistance = Resistance {
    kind: DamageType::Explosive,
    value: 2,
};
/// Cautious's typed Armour bonus in cover, `⛨ 1` (cmd.sr.cautious, data 8a).
pub const CAUTIOUS_ARMOUR: Resistance = Resistance {
    kind: DamageType::Physical,
    value: 1,
};

/// The target's typed Armour, which is the rulebook's Damage Resistance `T X`
/// (cmd.pep.resistance-notation, cmd.gap.54): its card's field raised by its vest (a vest names
/// no type, so it raises the card's own), then Faction – XCOM, Blast Padding and Cautious (in
/// cover against a shot), entries of one type added together, in the card's order.
pub fn resistances(ctx: &AttackContext) -> Vec<Resistance> {
    let unit = ctx.target.unit;
    let mut out = vec![Resistance {
        kind: unit.resistance.kind,
        value: unit.resistance.value.saturating_add(ctx.target.vest_bonus),
    }];
    let mut add = |r: Resistance| match out.iter_mut().find(|e| e.kind == r.kind) {
        Some(e) => e.value = e.value.saturating_add(r.value),
        None => out.push(r),
    };
    if unit.faction == Faction::Xcom {
        add(XCOM_ARMOUR);
    }
    if unit.has(UnitRule::BlastPadding) {
        add(BLAST_PADDING_ARMOUR);
    }
    if unit.has(UnitRule::Cautious) && ctx.target.cover != Cover::None && !ctx.close_combat() {
        add(CAUTIOUS_ARMOUR);
    }
    out
}

/// The damage a hit deals if it goes through: the weapon's value (at most 2 for a 1+ Range
/// weapon in close combat, cmd.gap.24) through the PEP-EP matrix against each of the target's
/// typed Armour entries (cmd.dmg.amount, cmd.pep.matrix), floored at 0 (cmd.gap.5).
pub fn damage_amount(ctx: &AttackContext) -> u8 {
    let Some((value, kind)) = ctx.weapon().and_then(|w| w.damage) else {
        return 0;
    };
    let value = if ctx.close_combat() && ctx.weapon().is_some_and(|w| !w.is_close_combat()) {
        value.min(CLOSE_COMBAT_RANGED_DAMAGE)
    } else {
        value
    };
    pep::damage_against(value, kind, &resistances(ctx))
}

/// Where a High Explosive blast is centred.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum BlastCentre {
    /// On the target.
    Target,
    /// On the point a scattered shot landed.
    ScatterPoint,
}

/// Terrain the engine must remove: every piece any part of which lies within `radius` Range
/// of the centre (cmd.sr.high-explosive, cmd.gap.44).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Blast {
    /// Where.
    pub at: BlastCentre,
    /// How far, in Range.
    pub radius: u8,
}

/// A scattered shot: the target's player places a point exactly `distance` Range from the
/// target; the engine then calls [`resolve_scatter_blast`] for any model under it
/// (cmd.sr.scatter, cmd.gap.43).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Scatter {
    /// Range from the target.
    pub distance: u8,
}

/// How an attack ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum AttackEnd {
    /// Not allowed; nothing was rolled.
    Refused(Refusal),
    /// Past the weapon's maximum Range: an automatic failure with no roll (cmd.shoot.range-limit).
    OutOfRange,
    /// A hit test failed.
    Missed,
    /// It hit, then scattered away from the target (cmd.sr.scatter).
    Scattered,
    /// The target's [Armour] test kept the damage off (cmd.sr.armour, cmd.gap.4).
    ArmourStopped,
    /// It went through but the PEP-EP matrix left 0 damage (cmd.gap.5).
    NoDamage,
    /// Damage was applied and the target lives.
    Damaged,
    /// Damage brought the target to 0 Wounds (cmd.dmg.destroyed-at-zero).
    Destroyed,
    /// Mindspin hit and the table gave this effect.
    Mindspin(MindspinEffect),
}

/// What an attack did. The engine applies it (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct AttackResult {
    /// How it ended.
    pub end: AttackEnd,
    /// It was close combat (the engine marks the models engaged, cmd.melee.engage-on-contact).
    pub close_combat: bool,
    /// The hit tests rolled, in order (two for Shredding shots).
    pub hit_tests: [Option<TestResult>; 2],
    /// Every hit test passed (before Scatter).
    pub hit: bool,
    /// The hit reached the target (it hit and did not scatter).
    pub landed: bool,
    /// The shot scattered: ask the target's player for the point.
    pub scatter: Option<Scatter>,
    /// Terrain to destroy.
    pub blast: Option<Blast>,
    /// Pull the target into base contact with the attacker (cmd.sr.lasso, cmd.gap.51).
    pub lasso: bool,
    /// The [Armour] test, if made.
    pub armour: Option<TestResult>,
    /// Damage applied (0 when none).
    pub damage: u8,
    /// The target's Wounds after the attack (cmd.dmg.reduce-wounds).
    pub wounds_left: u8,
    /// The target is destroyed (cmd.dmg.destroyed-at-zero).
    pub destroyed: bool,
    /// The target goes Down (Zapper, Psi Disorientation).
    pub goes_down: bool,
    /// The target's activation this round is used up (Zapper, cmd.gap.50).
    pub activation_spent: bool,
    /// The Mindspin effect, if Mindspin hit.
    pub mindspin: Option<MindspinEffect>,
}

impl AttackResult {
    fn new(ctx: &AttackContext, end: AttackEnd) -> AttackResult {
        AttackResult {
            end,
            // A refused attack never happened, so it engages nobody.
            close_combat: ctx.close_combat() && !matches!(end, AttackEnd::Refused(_)),
            hit_tests: [None; 2],
            hit: false,
            landed: false,
            scatter: None,
            blast: None,
            lasso: false,
            armour: None,
            damage: 0,
            wounds_left: ctx.target.wounds,
            destroyed: false,
            goes_down: false,
            activation_spent: false,
            mindspin: None,
        }
    }
}

/// Resolves an attack with the game's dice (see the module docs for the order).
pub fn resolve_attack(
    ctx: &AttackContext,
    rng: &mut GameRng,
    journal: &mut Journal,
) -> AttackResult {
    resolve_with(ctx, rng, journal)
}

fn what<'a>(ctx: &'a AttackContext) -> impl Fn() -> String + 'a {
    move || {
        let means = match ctx.means {
            Means::Weapon(w) => mention(&w.name),
            Means::Mindspin => mention("Mindspin"),
        };
        format!(
            "{} attacks {} with {}",
            mention(&ctx.attacker.unit.name),
            mention(&ctx.target.unit.name),
            means
        )
    }
}

/// The inputs every roll of this attack shares: distance, cover, Down, contact, how it is made.
fn situation(ctx: &AttackContext) -> Vec<Input> {
    let mut v = vec![
        Input::new("attacker", mention(&ctx.attacker.unit.name), ""),
        Input::new("target", mention(&ctx.target.unit.name), ""),
        Input::new(
            "with",
            match ctx.means {
                Means::Weapon(w) => mention(&w.name),
                Means::Mindspin => mention("Mindspin"),
            },
            "cmd.gap.56",
        ),
        Input::new("range", ctx.target.distance, "cmd.move.attack-base-to-base"),
        Input::new("cover", ctx.target.cover, "cmd.gap.10"),
        Input::new("target down", ctx.target.down, "cmd.gap.6"),
        Input::new("base contact", ctx.target.in_contact, "cmd.melee.charge"),
        Input::new("attack", ctx.kind, "cmd.act.action-cost"),
        Input::new("moved", ctx.attacker.moved, "cmd.gap.17"),
    ];
    if let Means::Weapon(w) = ctx.means {
        v.push(Input::new(
            "max range",
            w.max_range,
            "cmd.shoot.range-limit",
        ));
        if let Some(h) = w.half_range {
            v.push(Input::new("half range", h, "cmd.gap.19"));
        }
    }
    v
}

/// Resolves an attack with any source of dice; [`resolve_attack`] uses the game's.
pub fn resolve_with(
    ctx: &AttackContext,
    dice: &mut impl DieSource,
    journal: &mut Journal,
) -> AttackResult {
    if let Err(refusal) = check(ctx) {
        journal.note(refusal.clause(), EventKind::Attack, || {
            format!("{}: not allowed, {refusal}", what(ctx)())
        });
        return AttackResult::new(ctx, AttackEnd::Refused(refusal));
    }
    let close = ctx.close_combat();
    let declare_clause = match ctx.means {
        Means::Mindspin => "cmd.sr.mindspin",
        Means::Weapon(_) if close => "cmd.melee.charge-steps",
        Means::Weapon(_) => "cmd.shoot.hit-test",
    };
    journal.note_with(declare_clause, EventKind::Attack, what(ctx), || {
        situation(ctx)
    });
    if ctx.out_of_range() {
        // cmd.shoot.range-limit: past maximum Range the shot fails without a roll.
        journal.note("cmd.shoot.range-limit", EventKind::Attack, || {
            format!(
                "{} is {} Range away, past the maximum Range: automatic miss",
                mention(&ctx.target.unit.name),
                ctx.target.distance
            )
        });
        return AttackResult::new(ctx, AttackEnd::OutOfRange);
    }
    let mut r = AttackResult::new(ctx, AttackEnd::Missed);
    let test = hit_test(ctx);
    let shots = if ctx.shredding_shot() { 2 } else { 1 };
    for i in 0..shots {
        // cmd.sr.shredding: the second of two hit tests, both needed.
        let clause = if i == 1 {
            "cmd.sr.shredding"
        } else {
            declare_clause
        };
        let res = skill::perform(dice, &test, clause, journal, what(ctx), || situation(ctx));
        r.hit_tests[i] = Some(res);
        if !res.success {
            return r;
        }
    }
    r.hit = true;
    if let Means::Mindspin = ctx.means {
        return mindspin::after_hit(ctx, r, dice, journal);
    }
    let he = ctx.weapon_has(WeaponRule::HighExplosive);
    if ctx.weapon_has(WeaponRule::Scatter) && scatter_roll(ctx, dice, journal) {
        r.end = AttackEnd::Scattered;
        r.scatter = Some(Scatter {
            distance: SCATTER_DISTANCE,
        });
        if he {
            r.blast = Some(blast(BlastCentre::ScatterPoint, journal));
        }
        return r;
    }
    r.landed = true;
    // cmd.sr.high-explosive, cmd.gap.44: "Damage destroys any terrain": by default the blast
    // comes with applied damage (below); option `high_explosive=hit` blasts on the landed hit.
    let blast_on_hit = he && ctx.rules.high_explosive == HighExplosive::Hit;
    if blast_on_hit {
        r.blast = Some(blast(BlastCentre::Target, journal));
    }
    if ctx.weapon_has(WeaponRule::Lasso) {
        // cmd.sr.lasso: a successful hit pulls the target into engagement (cmd.gap.51).
        r.lasso = true;
        journal.note("cmd.sr.lasso", EventKind::Effect, || {
            format!(
                "{} is pulled into base contact with {}",
                mention(&ctx.target.unit.name),
                mention(&ctx.attacker.unit.name)
            )
        });
    }
    let mut r = land(ctx, r, dice, journal);
    if he && !blast_on_hit && r.damage > 0 {
        r.blast = Some(blast(BlastCentre::Target, journal));
    }
    r
}

/// After a [`Scatter`] result and the target's player placing the point: resolves the blast on
/// the model under it, described by `ctx` (its `target` is that model, `distance` its range
/// from the attacker). There is no hit test; the Armour test and damage follow as for a
/// landed hit (cmd.gap.43). The blast's terrain was already reported by the first result.
pub fn resolve_scatter_blast(
    ctx: &AttackContext,
    dice: &mut impl DieSource,
    journal: &mut Journal,
) -> AttackResult {
    let mut r = AttackResult::new(ctx, AttackEnd::Missed);
    if !ctx.weapon_has(WeaponRule::Scatter) {
        return r;
    }
    journal.note_with(
        "cmd.sr.scatter",
        EventKind::Attack,
        || {
            format!(
                "the scattered shot lands on {}",
                mention(&ctx.target.unit.name)
            )
        },
        || situation(ctx),
    );
    r.hit = true;
    r.landed = true;
    land(ctx, r, dice, journal)
}

/// Scatter's D6 after a hit: true on 4+ (the shot misses and lands 3 Range away).
fn scatter_roll(ctx: &AttackContext, dice: &mut impl DieSource, journal: &mut Journal) -> bool {
    let throw = dice.throw(1);
    let face = throw.faces().first().copied().unwrap_or(1);
    let scattered = face >= 4;
    let text = || {
        format!(
            "scatter roll for the shot at {}: {} -> {}",
            mention(&ctx.target.unit.name),
            face,
            if scattered {
                "scatters 3 Range away"
            } else {
                "stays on target"
            }
        )
    };
    match throw.roll {
        Some(mut roll) => {
            roll.target = Some(Target::AtLeast(4));
            roll.p = Some(Ratio::new(1, 2));
            roll.success = Some(scattered);
            journal.roll("cmd.sr.scatter", &roll, text);
        }
        None => journal.note("cmd.sr.scatter", EventKind::Roll, text),
    }
    scattered
}

fn blast(at: BlastCentre, journal: &mut Journal) -> Blast {
    // cmd.sr.high-explosive, cmd.gap.44: applied damage (or every landed hit, by option), or
    // the explosion at a scatter point, blasts terrain.
    journal.note("cmd.sr.high-explosive", EventKind::Effect, || {
        format!(
            "high explosive: terrain within {BLAST_RADIUS} Range of the {} is destroyed",
            match at {
                BlastCentre::Target => "target",
                BlastCentre::ScatterPoint => "scatter point",
            }
        )
    });
    Blast {
        at,
        radius: BLAST_RADIUS,
    }
}

/// Steps 4–7: the [Armour] test, damage, Wounds, destruction and Zapper.
fn land(
    ctx: &AttackContext,
    mut r: AttackResult,
    dice: &mut impl DieSource,
    journal: &mut Journal,
) -> AttackResult {
    let name = mention(&ctx.target.unit.name);
    if let Some(test) = armour_test(ctx) {
        // cmd.sr.armour, cmd.dmg.resistance-test, cmd.gap.3, cmd.gap.4: the one test between
        // a landed hit and its damage; the option says which side of it saves the hit.
        let saves = armour_pass_saves(ctx);
        let res = skill::perform(
            dice,
            &test,
            "cmd.sr.armour",
            journal,
            || {
                format!(
                    "{name}'s Armour test ({})",
                    if saves {
                        "a pass saves the hit"
                    } else {
                        "a pass lets the damage through"
                    }
                )
            },
            || {
                vec![
                    Input::new("target", name, "cmd.sr.armour"),
                    Input::new(
                        "damage sequence",
                        if saves { "armour-save" } else { "literal" },
                        "cmd.gap.4",
                    ),
                ]
            },
        );
        r.armour = Some(res);
        if res.success == saves {
            r.end = AttackEnd::ArmourStopped;
            return r;
        }
    }
    let damage = damage_amount(ctx);
    if damage == 0 {
        // cmd.gap.5: 0 damage is no damage applied, so Zapper does not trigger.
        journal.note("cmd.dmg.amount", EventKind::Damage, || {
            format!("the PEP-EP matrix leaves 0 damage against {name}")
        });
        r.end = AttackEnd::NoDamage;
        return r;
    }
    r.damage = damage;
    r.wounds_left = ctx.target.wounds.saturating_sub(damage);
    journal.note_with(
        "cmd.dmg.reduce-wounds",
        EventKind::Damage,
        || {
            format!(
                "{name} takes {damage} damage, {} Wounds left",
                r.wounds_left
            )
        },
        || {
            let (x, t) = ctx
                .weapon()
                .and_then(|w| w.damage)
                .unwrap_or((0, pep::DamageType::Physical));
            vec![
                Input::new(
                    "weapon damage",
                    format!("{x} {t}"),
                    "cmd.pep.weapon-notation",
                ),
                Input::new(
                    "armour",
                    resistances(ctx)
                        .iter()
                        .map(|r| format!("{r} ({})", pep::op(t, r.kind).symbol()))
                        .collect::<Vec<_>>()
                        .join(", "),
                    "cmd.pep.matrix",
                ),
                Input::new(
                    "close combat",
                    ctx.close_combat(),
                    "cmd.melee.ranged-weapon-damage",
                ),
            ]
        },
    );
    if r.wounds_left == 0 {
        // cmd.dmg.destroyed-at-zero, cmd.sr.wounds, cmd.gap.8: 0 Wounds = destroyed.
        r.destroyed = true;
        r.end = AttackEnd::Destroyed;
        journal.note("cmd.dmg.destroyed-at-zero", EventKind::Damage, || {
            format!("{name} is destroyed")
        });
        return r;
    }
    r.end = AttackEnd::Damaged;
    if ctx.weapon_has(WeaponRule::Zapper) {
        // cmd.sr.zapper, cmd.gap.50: Down, and its activation this round is spent.
        r.goes_down = true;
        r.activation_spent = true;
        journal.note("cmd.sr.zapper", EventKind::Effect, || {
            format!("{name} is zapped: it goes Down and its activation this round is spent")
        });
    }
    r
}

/// An expected amount (such as damage) as an exact fraction; unlike [`Ratio`] it may exceed 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Expected {
    num: u64,
    den: u64,
}

impl Expected {
    /// `chance × amount`, reduced.
    pub fn of(chance: Ratio, amount: u8) -> Expected {
        let num = chance.num().saturating_mul(u64::from(amount));
        let den = chance.den().max(1);
        let g = gcd(num, den).max(1);
        Expected {
            num: num / g,
            den: den / g,
        }
    }

    /// Numerator in lowest terms.
    pub fn num(self) -> u64 {
        self.num
    }

    /// Denominator in lowest terms.
    pub fn den(self) -> u64 {
        self.den
    }

    /// Hundredths, rounded half up (e.g. 5/3 → 167), for display.
    pub fn hundredths(self) -> u64 {
        let scaled = u128::from(self.num) * 200 / u128::from(self.den.max(1));
        u64::try_from(scaled.div_ceil(2)).unwrap_or(u64::MAX)
    }
}

impl Ord for Expected {
    /// Compares exactly, by cross-multiplying (for ranking attacks).
    fn cmp(&self, other: &Expected) -> std::cmp::Ordering {
        (u128::from(self.num) * u128::from(other.den))
            .cmp(&(u128::from(other.num) * u128::from(self.den)))
    }
}

impl PartialOrd for Expected {
    fn partial_cmp(&self, other: &Expected) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl fmt::Display for Expected {
    /// `1.67 (5/3)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = self.hundredths();
        write!(f, "{}.{:02} ({}/{})", h / 100, h % 100, self.num, self.den)
    }
}

impl Serialize for Expected {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{}/{}", self.num, self.den))
    }
}

/// The exact odds of an attack, for the action menu and the AI. Chances marked "overall" are
/// from the declaration; the Armour chance is given that a hit landed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AttackOdds {
    /// Why it may not be declared, if so (every chance is then 0).
    pub refused: Option<Refusal>,
    /// Past maximum Range: an automatic miss (every chance is then 0).
    pub out_of_range: bool,
    /// The hit test: value, every modifier with its clause, the dice.
    pub hit_test: SkillTest,
    /// How many hit tests must pass (2 for a Shredding shot).
    pub hit_tests: u8,
    /// Overall chance that every hit test passes.
    pub hit: Ratio,
    /// Overall chance that it hits and then scatters.
    pub scatter: Ratio,
    /// Overall chance that the hit reaches the target.
    pub lands: Ratio,
    /// The Armour test, if one is made.
    pub armour_test: Option<SkillTest>,
    /// Chance the Armour test keeps a landed hit's damage off (a pass with `armour-save`, a
    /// failure with `literal`, cmd.gap.4).
    pub armour_stops: Ratio,
    /// The target's typed Armour the damage meets (cmd.dmg.amount, cmd.gap.54).
    pub resistances: Vec<Resistance>,
    /// Damage dealt if it goes through (after the PEP-EP matrix).
    pub damage: u8,
    /// Overall chance that damage is applied.
    pub damage_chance: Ratio,
    /// Overall chance the target is destroyed.
    pub destroy: Ratio,
    /// Expected damage applied.
    pub expected_damage: Expected,
    /// Overall chances of the Mindspin bands (panic, disorientation, mind control); zero for
    /// weapons.
    pub mindspin: [Ratio; 3],
}

/// The exact odds of `ctx`, equal to the frequencies [`resolve_with`] produces.
pub fn preview(ctx: &AttackContext) -> AttackOdds {
    let hit_test = hit_test(ctx);
    let hit_tests: u8 = if ctx.shredding_shot() { 2 } else { 1 };
    let refused = check(ctx).err();
    let out_of_range = refused.is_none() && ctx.out_of_range();
    let armour = armour_test(ctx);
    let armour_stops = armour.as_ref().map_or(Ratio::ZERO, |t| {
        if armour_pass_saves(ctx) {
            t.chance()
        } else {
            t.chance().complement()
        }
    });
    let damage = damage_amount(ctx);
    let mut hit = if refused.is_some() || out_of_range {
        Ratio::ZERO
    } else {
        hit_test.chance()
    };
    if hit_tests == 2 {
        hit = hit.and(hit);
    }
    let (scatter, lands) = if ctx.weapon_has(WeaponRule::Scatter) {
        let half = hit.and(Ratio::new(1, 2));
        (half, half)
    } else {
        (Ratio::ZERO, hit)
    };
    let mut odds = AttackOdds {
        refused,
        out_of_range,
        hit_test,
        hit_tests,
        hit,
        scatter,
        lands,
        armour_test: armour,
        armour_stops,
        resistances: resistances(ctx),
        damage,
        damage_chance: Ratio::ZERO,
        destroy: Ratio::ZERO,
        expected_damage: Expected::of(Ratio::ZERO, 0),
        mindspin: [Ratio::ZERO; 3],
    };
    match ctx.means {
        Means::Mindspin => {
            odds.lands = hit;
            odds.mindspin = MindspinEffect::ALL.map(|e| hit.and(e.chance()));
        }
        Means::Weapon(_) => {
            if damage > 0 {
                let chance = lands.and(armour_stops.complement());
                odds.damage_chance = chance;
                odds.expected_damage = Expected::of(chance, damage);
                if damage >= ctx.target.wounds {
                    odds.destroy = chance;
                }
            }
        }
    }
    odds
}
