//! Table rows and deck cards compiled into flat lists of steps.
//!
//! The rules data describes an effect as a tree (`Then`, `And`, `Or` of simple parts). Play
//! needs something flatter: a row becomes one or more *alternatives* (one per way the `or`
//! parts can be picked, sk.effect.either), and each alternative is a list of [`Op`]s resolved
//! in order, the first finished before the next begins (sk.effect.sequence, sk.effect.combined).
//! Every alternative also records in which kind of decision window it may be played, so the
//! legal-action generator does not have to look inside it again.

use crate::catalog::{Catalog, TableId, UnitTypeId};
use crate::data::{
    AttackDef, DurationDef, EffectDef, Faction, HealTargetDef, RangeDef, Rank, TimingDef,
};
use crate::options::RangeMode;

/// The distances an attack or ranged effect may reach, as a bit set (bit `d` = distance `d`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RangeSet(pub u32);

impl RangeSet {
    /// Exactly one distance.
    pub fn only(d: u8) -> RangeSet {
        RangeSet(1u32 << u32::from(d.min(31)))
    }

    fn from_def(def: &RangeDef) -> RangeSet {
        match def {
            RangeDef::Exactly(n) => RangeSet::only(*n),
            // sk.effect.attack-choice: one attack at either listed range (sk.gap.26).
            RangeDef::OneOf(list) => RangeSet(list.iter().fold(0, |m, n| m | RangeSet::only(*n).0)),
            // sk.effect.attack-span: any range from A to B inclusive (sk.gap.27).
            RangeDef::Span(a, b) => RangeSet((*a..=*b).fold(0, |m, n| m | RangeSet::only(n).0)),
        }
    }

    /// The longest listed distance.
    pub fn max(self) -> u32 {
        31u32.saturating_sub(self.0.leading_zeros())
    }

    /// Whether a target `d` hexes away is in range. A unit's own hex (0) never is
    /// (sk.gap.28); under `max` every distance up to the longest listed one is (sk.gap.25).
    pub fn allows(self, d: u32, mode: RangeMode) -> bool {
        if d == 0 || d > 31 {
            return false;
        }
        match mode {
            RangeMode::Exact => self.0 & (1 << d) != 0,
            RangeMode::Max => d <= self.max(),
        }
    }
}

/// When an attack or move may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Timing {
    /// In the controller's own Move and Fire phase.
    OwnTurn,
    /// As a reaction after any enemy move or attack (sk.effect.reaction).
    Reaction,
    /// As a reaction after an enemy move only (sectopod#4, sk.gap.22).
    AfterMove,
    /// Right after this unit took damage on the opponent's turn (muton-berserker#6, sk.gap.68).
    AfterHit,
}

impl Timing {
    fn from_def(t: TimingDef) -> Timing {
        match t {
            TimingDef::OwnTurn => Timing::OwnTurn,
            TimingDef::OpponentTurn => Timing::Reaction,
            TimingDef::OpponentMove => Timing::AfterMove,
            TimingDef::AfterHit => Timing::AfterHit,
        }
    }
}

/// How long an immobilisation lasts (sk.gap.52).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Duration {
    /// The rest of this turn and the whole next turn.
    ThisAndNext,
    /// Only the next turn.
    NextTurn,
}

impl Duration {
    fn from_def(d: DurationDef) -> Duration {
        match d {
            DurationDef::ThisAndNext => Duration::ThisAndNext,
            DurationDef::NextTurn => Duration::NextTurn,
        }
    }
}

/// One attack's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AttackSpec {
    /// Where it may reach (sk.attack.range).
    pub ranges: RangeSet,
    /// Damage +N (sk.effect.damage-bonus).
    pub damage: u8,
    /// Area Affect (sk.effect.area).
    pub area: bool,
    /// Auto-Kill (sk.effect.auto-kill).
    pub auto_kill: bool,
    /// Grenade or indirect: passes over units (sk.los.through-units, sk.gap.36).
    pub grenade: bool,
    /// When it may be used.
    pub timing: Timing,
    /// The target is also immobilised when the attack reaches it (ethereal#5).
    pub immobilize: Option<Duration>,
}

impl AttackSpec {
    fn from_def(a: &AttackDef) -> AttackSpec {
        AttackSpec {
            ranges: RangeSet::from_def(&a.range),
            damage: a.damage,
            area: a.area,
            auto_kill: a.auto_kill,
            grenade: a.grenade,
            timing: Timing::from_def(a.timing),
            immobilize: a.immobilize.map(Duration::from_def),
        }
    }
}

/// A "Range = N Foe …" effect (sk.effect.ranged).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RangedKind {
    /// Immobilise the foe (sk.special.immobilize-sources).
    Immobilize(Duration),
    /// Take control of the foe (sk.special.mind-control).
    MindControl,
    /// The foe may not use Armor defenses (sk.effect.destroy-armor).
    DestroyArmor,
}

/// Who a heal reaches (sk.effect.heal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HealTarget {
    /// An adjacent friendly unit.
    Adjacent,
    /// The acting unit itself.
    SelfUnit,
}

/// One step of an alternative.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// An attack; the index is into [`Rules::attacks`].
    Attack(u16),
    /// Move up to (or exactly) N hexes.
    Move {
        /// Hexes.
        hexes: u8,
        /// A jump passes through occupied hexes (sk.gap.10).
        jump: bool,
        /// When it may be used.
        timing: Timing,
    },
    /// Negate N Hits of one attack (sk.defense.value, sk.effect.defense-multi).
    Defense {
        /// Hits negated.
        times: u8,
        /// An Armor defense (sk.gap.54).
        armor: bool,
    },
    /// The acting player draws N cards.
    Draw(u8),
    /// The acting player discards N cards of their choice (sk.effect.draw-discard).
    Discard(u8),
    /// The acting player gains N suppression tokens (sk.effect.gain-st).
    GainSt(u8),
    /// The opponent discards a card (sk.effect.opp-discard).
    OppDiscard {
        /// The engine picks it at random; otherwise the opponent chooses (sk.gap.47).
        random: bool,
    },
    /// Look at the opponent's hand (sk.effect.look-hand).
    LookHand,
    /// Look at the next N cards of the deck (deck:Strategy, sk.gap.48).
    LookDeck(u8),
    /// The opponent draws N fewer next Tactical phase (sk.effect.draw-penalty).
    DrawPenalty(u8),
    /// Heal 1 Hit (sk.effect.heal).
    Heal(HealTarget),
    /// Bring back an adjacent friend killed last turn (sk.effect.revive).
    Revive,
    /// A ranged effect on a foe.
    Ranged {
        /// What it does.
        kind: RangedKind,
        /// Where it reaches.
        ranges: RangeSet,
    },
    /// Cancel the Defense just played against your attack (sk.effect.negate-defense).
    NegateDefense,
    /// Cancel an attack on one of your units (sk.effect.negate-attack).
    NegateAttack,
    /// Cancel a Psi attack on this unit (sk.effect.negate-psi).
    NegatePsi,
    /// Turn an attack on this unit back on its attacker (sk.special.reflect).
    Reflect,
    /// Give a unit of type `unit` within `within` hexes the synthetic alternative `grant`
    /// (a move and an attack, sk.effect.boost).
    Boost {
        /// Unit type that may be boosted.
        unit: UnitTypeId,
        /// Distance limit.
        within: u8,
        /// Index into [`Rules::grants`].
        grant: u16,
    },
    /// Add a unit of this type in an adjacent hex (sk.special.spawn).
    Spawn(UnitTypeId),
    /// The acting unit becomes this type (sk.special.transform).
    Transform(UnitTypeId),
    /// The acting Sniper's next attack this turn gets Auto-Kill (sk.effect.double-tap).
    DoubleTap,
}

impl Op {
    /// Whether the op affects only players (cards, tokens), not a unit on the map.
    pub fn player_only(self) -> bool {
        matches!(
            self,
            Op::Draw(_)
                | Op::Discard(_)
                | Op::GainSt(_)
                | Op::OppDiscard { .. }
                | Op::LookHand
                | Op::LookDeck(_)
                | Op::DrawPenalty(_)
        )
    }
}

/// In which decision window an alternative may be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Window {
    /// The controller's own Move and Fire phase.
    Main,
    /// Answering an attack on one of your units: Defense effects.
    Defense,
    /// Answering an attack before Defense: Reflect, Telekinetic Field, Iron Will (sk.gap.32).
    Negation,
    /// Right after the opponent played a Defense against your attack (Flush, sk.gap.55).
    Flush,
    /// A reaction on the opponent's turn (sk.effect.reaction).
    Reaction(Timing),
}

/// One way to resolve a row or card.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Alt {
    /// The steps, in order.
    pub ops: Vec<Op>,
    /// Where it may be played.
    pub window: Window,
    /// A Defense option of an "X or Y, and Draw" row: under `rapid_reaction = draw-with-move`
    /// its draw is skipped (sk.gap.46).
    pub draw_needs_move: bool,
    /// Whether the play needs an acting unit (false for purely player-level cards).
    pub needs_unit: bool,
    /// Whether a step moves the unit (a Move play, sk.deck.dual-cards).
    pub moves: bool,
    /// Whether a step attacks (an Attack play, sk.deck.dual-cards).
    pub attacks: bool,
    /// The first step that acts on the map, and whether more steps follow it: what
    /// decides whether the play can be made at all (sk.gap.24).
    pub first_unit_step: Option<(Op, bool)>,
}

impl Alt {
    fn new(ops: Vec<Op>, draw_needs_move: bool, attacks: &[AttackSpec]) -> Alt {
        let has = |f: &dyn Fn(&Op) -> bool| ops.iter().any(f);
        let window = if has(&|o| matches!(o, Op::NegateDefense)) {
            Window::Flush
        } else if has(&|o| matches!(o, Op::NegateAttack | Op::NegatePsi | Op::Reflect)) {
            Window::Negation
        } else if has(&|o| matches!(o, Op::Defense { .. })) {
            Window::Defense
        } else {
            let timing = ops.iter().find_map(|o| match o {
                Op::Attack(i) => attacks
                    .get(usize::from(*i))
                    .map(|a| a.timing)
                    .filter(|t| *t != Timing::OwnTurn),
                Op::Move { timing, .. } if *timing != Timing::OwnTurn => Some(*timing),
                _ => None,
            });
            timing.map_or(Window::Main, Window::Reaction)
        };
        let needs_unit = !ops.iter().all(|o| o.player_only());
        let moves = has(&|o| matches!(o, Op::Move { .. }));
        let attacks = has(&|o| matches!(o, Op::Attack(_)));
        let first_unit_step = ops
            .iter()
            .position(|o| !o.player_only())
            .map(|i| (ops[i], i + 1 < ops.len()));
        Alt {
            ops,
            window,
            draw_needs_move,
            needs_unit,
            moves,
            attacks,
            first_unit_step,
        }
    }
}

/// A compiled table row or card.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ability {
    /// Its alternatives; most rows have one.
    pub alts: Vec<Alt>,
    /// A Psi effect (Iron Will, sk.gap.57).
    pub psi: bool,
}

/// What a deck card is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CardKind {
    /// A card with its own printed effect.
    Printed(Ability),
    /// Spec N: activates row N of a table (sk.spec.activate), or terrain cover, or a
    /// Mind-Control kill.
    Spec(u8),
}

/// A unit type's facts the rules need on every move, copied out of the catalog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitInfo {
    /// Starting Hits.
    pub hits: u8,
    /// Point cost where known (for evaluation only).
    pub cost: u8,
    /// Its own tables.
    pub tables: Vec<TableId>,
    /// Flyer (sk.special.flyers).
    pub flyer: bool,
    /// Human (sk.gap.74).
    pub human: bool,
    /// Mechanical (sk.gap.62).
    pub mechanical: bool,
    /// Attack cards as Attack = 1 (sk.special.attack-as-one).
    pub attack_as_one: bool,
    /// Kills become Zombies (sk.special.zombify).
    pub zombifies: bool,
    /// May be a PSI soldier (sk.unit.psi).
    pub psi_capable: bool,
    /// Sniper type (sk.gap.44, sk.gap.73).
    pub sniper: bool,
    /// Civilian (sk.unit.civilian-unarmed).
    pub civilian: bool,
    /// Alien unit table (panic: new alien types, sk.panic.trigger-new-alien).
    pub alien: bool,
    /// Rank (panic modifiers).
    pub rank: Option<Rank>,
}

/// Everything the engine reads from the rules data, in the shape play needs.
#[derive(Clone, Debug)]
pub struct Rules {
    /// Unit types by [`UnitTypeId`].
    pub units: Vec<UnitInfo>,
    /// Tables by [`TableId`], rows 1–6 at 0–5.
    pub tables: Vec<[Ability; 6]>,
    /// Card types by [`crate::catalog::CardId`].
    pub cards: Vec<CardKind>,
    /// Every attack named by an [`Op::Attack`].
    pub attacks: Vec<AttackSpec>,
    /// Synthetic alternatives granted by Boost.
    pub grants: Vec<Alt>,
    /// The PSI table.
    pub psi_table: TableId,
    /// The Zombie type (sk.special.zombify).
    pub zombie: Option<UnitTypeId>,
    /// The Sectopod type, whose Hits and cost are options (sk.gap.1).
    pub sectopod: Option<UnitTypeId>,
    /// The attack used by a deck Attack card for attack-as-one units: Attack = 1.
    pub as_one: u16,
    /// The blast of a Mind-Control grenade suicide: area, no range (sk.gap.67).
    pub blast: u16,
}

struct Builder<'a> {
    catalog: &'a Catalog,
    attacks: Vec<AttackSpec>,
    grants: Vec<Alt>,
}

/// One alternative while expanding: its steps and the draw-with-move mark.
type Part = (Vec<Op>, bool);

impl Builder<'_> {
    fn attack(&mut self, spec: AttackSpec) -> u16 {
        if let Some(i) = self.attacks.iter().position(|a| *a == spec) {
            return u16::try_from(i).unwrap_or(u16::MAX);
        }
        self.attacks.push(spec);
        u16::try_from(self.attacks.len() - 1).unwrap_or(u16::MAX)
    }

    fn unit(&self, key: &str) -> Result<UnitTypeId, String> {
        self.catalog
            .unit_id(key)
            .ok_or_else(|| format!("unknown unit type `{key}`"))
    }

    /// Expands an effect tree into its alternatives (disjunctive normal form).
    fn expand(&mut self, e: &EffectDef) -> Result<Vec<Part>, String> {
        let one = |op: Op| Ok(vec![(vec![op], false)]);
        match e {
            EffectDef::Attack(a) => {
                let i = self.attack(AttackSpec::from_def(a));
                one(Op::Attack(i))
            }
            // sk.effect.multi-attack: one separate attack per listed range (sk.gap.30).
            EffectDef::Attacks(list) => {
                let ops = list
                    .iter()
                    .map(|a| Op::Attack(self.attack(AttackSpec::from_def(a))))
                    .collect();
                Ok(vec![(ops, false)])
            }
            EffectDef::Move {
                hexes,
                timing,
                jump,
            } => one(Op::Move {
                hexes: *hexes,
                jump: *jump,
                timing: Timing::from_def(*timing),
            }),
            EffectDef::Defense { times, armor } => one(Op::Defense {
                times: *times,
                armor: *armor,
            }),
            EffectDef::Draw(n) => one(Op::Draw(*n)),
            EffectDef::Discard(n) => one(Op::Discard(*n)),
            EffectDef::GainSt(n) => one(Op::GainSt(*n)),
            EffectDef::OpponentDiscards { random } => one(Op::OppDiscard { random: *random }),
            EffectDef::LookAtHand => one(Op::LookHand),
            EffectDef::LookAtDeck(n) => one(Op::LookDeck(*n)),
            EffectDef::DrawPenalty(n) => one(Op::DrawPenalty(*n)),
            EffectDef::Heal(t) => one(Op::Heal(match t {
                HealTargetDef::Adjacent => HealTarget::Adjacent,
                HealTargetDef::SelfUnit => HealTarget::SelfUnit,
            })),
            EffectDef::Revive => one(Op::Revive),
            EffectDef::Immobilize { range, duration } => one(Op::Ranged {
                kind: RangedKind::Immobilize(Duration::from_def(*duration)),
                ranges: RangeSet::from_def(range),
            }),
            EffectDef::MindControl { range } => one(Op::Ranged {
                kind: RangedKind::MindControl,
                ranges: RangeSet::from_def(range),
            }),
            EffectDef::DestroyArmor { range } => one(Op::Ranged {
                kind: RangedKind::DestroyArmor,
                ranges: RangeSet::from_def(range),
            }),
            EffectDef::NegateDefense => one(Op::NegateDefense),
            EffectDef::NegateAttack => one(Op::NegateAttack),
            EffectDef::NegatePsi => one(Op::NegatePsi),
            EffectDef::Reflect => one(Op::Reflect),
            EffectDef::Boost {
                unit,
                within,
                hexes,
                attack,
            } => {
                // sk.effect.boost, sk.gap.59: the boosted unit gets a move that does not use its
                // Move-card allowance and an Attack = N, both at once.
                let unit = self.unit(unit)?;
                let atk = self.attack(AttackSpec {
                    ranges: RangeSet::only(*attack),
                    damage: 0,
                    area: false,
                    auto_kill: false,
                    grenade: false,
                    timing: Timing::OwnTurn,
                    immobilize: None,
                });
                let ops = vec![
                    Op::Move {
                        hexes: *hexes,
                        jump: false,
                        timing: Timing::OwnTurn,
                    },
                    Op::Attack(atk),
                ];
                let alt = Alt::new(ops, false, &self.attacks);
                self.grants.push(alt);
                let grant = u16::try_from(self.grants.len() - 1).unwrap_or(u16::MAX);
                one(Op::Boost {
                    unit,
                    within: *within,
                    grant,
                })
            }
            EffectDef::Spawn(key) => one(Op::Spawn(self.unit(key)?)),
            EffectDef::Transform(key) => one(Op::Transform(self.unit(key)?)),
            EffectDef::DoubleTap => one(Op::DoubleTap),
            EffectDef::Spec(_) => Err("a Spec effect may only be a whole deck card".to_string()),
            EffectDef::Then(parts) | EffectDef::And(parts) => {
                let mut expanded = Vec::with_capacity(parts.len());
                for p in parts {
                    expanded.push(self.expand(p)?);
                }
                // sk.gap.46: in "(Defense or Move) and Draw", mark the Defense option so the
                // `draw-with-move` option can leave its draw out.
                let has_draw = |i: usize| {
                    expanded.iter().enumerate().any(|(j, alts)| {
                        j != i
                            && alts
                                .iter()
                                .any(|(ops, _)| ops.iter().any(|o| matches!(o, Op::Draw(_))))
                    })
                };
                let mut result: Vec<Part> = vec![(Vec::new(), false)];
                for (i, alts) in expanded.iter().enumerate() {
                    let choice_with_move = alts.len() > 1
                        && alts
                            .iter()
                            .any(|(ops, _)| ops.iter().any(|o| matches!(o, Op::Move { .. })));
                    let shared_draw = choice_with_move && has_draw(i);
                    let mut next = Vec::with_capacity(result.len() * alts.len());
                    for (ops, mark) in &result {
                        for (more, more_mark) in alts {
                            let defends = more.iter().any(|o| matches!(o, Op::Defense { .. }));
                            let mut joined = ops.clone();
                            joined.extend_from_slice(more);
                            next.push((joined, *mark || *more_mark || (shared_draw && defends)));
                        }
                    }
                    result = next;
                }
                Ok(result)
            }
            EffectDef::Or(parts) => {
                let mut all = Vec::new();
                for p in parts {
                    all.extend(self.expand(p)?);
                }
                Ok(all)
            }
        }
    }

    fn ability(&mut self, e: &EffectDef, psi: bool) -> Result<Ability, String> {
        let parts = self.expand(e)?;
        let alts = parts
            .into_iter()
            .map(|(ops, mark)| Alt::new(ops, mark, &self.attacks))
            .collect();
        Ok(Ability { alts, psi })
    }
}

impl Rules {
    /// Compiles the catalog's tables and cards.
    pub fn compile(catalog: &Catalog) -> Result<Rules, String> {
        let mut b = Builder {
            catalog,
            attacks: Vec::new(),
            grants: Vec::new(),
        };
        let as_one = b.attack(AttackSpec {
            ranges: RangeSet::only(1),
            damage: 0,
            area: false,
            auto_kill: false,
            grenade: false,
            timing: Timing::OwnTurn,
            immobilize: None,
        });
        let blast = b.attack(AttackSpec {
            ranges: RangeSet(0),
            damage: 0,
            area: true,
            auto_kill: false,
            grenade: true,
            timing: Timing::OwnTurn,
            immobilize: None,
        });
        let mut tables = Vec::with_capacity(catalog.tables().len());
        for t in catalog.tables() {
            let mut rows = Vec::with_capacity(6);
            for r in &t.rows {
                rows.push(
                    b.ability(&r.effect, r.psi)
                        .map_err(|e| format!("table `{}` row {}: {e}", t.key, r.n))?,
                );
            }
            let rows: [Ability; 6] = rows
                .try_into()
                .map_err(|_| format!("table `{}` does not have six rows", t.key))?;
            tables.push(rows);
        }
        let mut cards = Vec::with_capacity(catalog.cards().len());
        for c in catalog.cards() {
            let kind = match c.effect {
                EffectDef::Spec(n) => CardKind::Spec(n),
                ref e => CardKind::Printed(
                    b.ability(e, false)
                        .map_err(|err| format!("card `{}`: {err}", c.key))?,
                ),
            };
            cards.push(kind);
        }
        if cards.len() > crate::state::MAX_CARD_TYPES {
            return Err(format!(
                "{} card types; the engine holds at most {}",
                cards.len(),
                crate::state::MAX_CARD_TYPES
            ));
        }
        if catalog.units().len() > 64 {
            return Err("more than 64 unit types".to_string());
        }
        let units = catalog
            .units()
            .iter()
            .map(|u| UnitInfo {
                hits: u.hits,
                cost: u.default_cost().unwrap_or(1),
                tables: u.tables.clone(),
                flyer: u.flyer,
                human: u.human,
                mechanical: u.mechanical,
                attack_as_one: u.attack_as_one,
                zombifies: u.zombifies,
                psi_capable: u.psi_capable,
                sniper: u.sniper,
                civilian: u.civilian,
                alien: u.faction == Faction::Alien,
                rank: u.rank,
            })
            .collect();
        Ok(Rules {
            units,
            tables,
            cards,
            attacks: b.attacks,
            grants: b.grants,
            psi_table: catalog.psi_table(),
            zombie: catalog.unit_id("zombie"),
            sectopod: catalog.unit_id("sectopod"),
            as_one,
            blast,
        })
    }

    /// One table row (`n` 1–6).
    pub fn row(&self, table: TableId, n: u8) -> Option<&Ability> {
        self.tables
            .get(table.index())
            .and_then(|rows| rows.get(usize::from(n).checked_sub(1)?))
    }

    /// One attack.
    pub fn attack(&self, i: u16) -> Option<&AttackSpec> {
        self.attacks.get(usize::from(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> (Rules, &'static Catalog) {
        let catalog = Catalog::builtin().expect("builtin data");
        (Rules::compile(catalog).expect("compiles"), catalog)
    }

    #[test]
    fn rapid_reaction_marks_only_its_defense_option() {
        let (r, c) = rules();
        let t = c.table_id("adv-heavy").expect("table");
        let row = r.row(t, 6).expect("row 6");
        assert_eq!(row.alts.len(), 2);
        assert!(row.alts[0].draw_needs_move);
        assert_eq!(row.alts[0].window, Window::Defense);
        assert!(!row.alts[1].draw_needs_move);
        assert_eq!(row.alts[1].window, Window::Main);
        let will = r.row(t, 5).expect("row 5");
        assert_eq!(will.alts.len(), 1);
        assert!(!will.alts[0].draw_needs_move);
    }

    #[test]
    fn range_sets_read_exact_and_max() {
        let s = RangeSet::from_def(&RangeDef::Span(4, 7));
        assert!(s.allows(5, RangeMode::Exact));
        assert!(!s.allows(3, RangeMode::Exact));
        assert!(s.allows(3, RangeMode::Max));
        assert!(!s.allows(0, RangeMode::Max));
        assert!(!s.allows(8, RangeMode::Max));
        assert_eq!(s.max(), 7);
    }
}
