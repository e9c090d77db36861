//! Attacks, damage and the effects that change units: resolved in the order of sk.gap.32 —
//! declaration, Detection, suppression, negations, Defense and Flush, damage with Auto-Kill
//! and riders, death and zombification, splash, then Panic and the reaction window.
//!
//! There is no roll to hit (sk.attack.no-roll): a legal attack lands unless suppression, the
//! Detection Table or a negation stops it. Every roll in the game is one six-sided die
//! (sk.setup.dice).

use crate::Skirmish;
use crate::data::DetectionOutcomeDef;
use crate::effects::{Duration, Op, RangedKind};
use crate::options::{AreaAim, DetectionRetry, RevealRoll};
use crate::state::{
    Attack, AttackStage, AttackTarget, Frame, Hit, Life, Phase, Program, State, Unit, UnitId,
};
use squadsight_core::dice::{Dice, Target, roll};
use squadsight_core::journal::EventKind;
use squadsight_core::journal::mention;
use squadsight_core::{GameRng, Input, Journal, Seat};

/// The units on a hex, at most a ground unit and a Flyer (sk.map.stack-flyer).
fn units_at(st: &State, hex: crate::state::HexId) -> ([UnitId; 4], usize) {
    let mut out = [UnitId(0); 4];
    let mut n = 0;
    for (i, u) in st.units.iter().enumerate() {
        if u.on_map() && u.pos == hex && n < out.len() {
            out[n] = UnitId(i as u8);
            n += 1;
        }
    }
    (out, n)
}

impl Skirmish {
    /// Declares an attack on a chosen target (sk.attack.play, sk.gap.32 step 1).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn declare_attack(
        &self,
        st: &mut State,
        seat: u8,
        attacker: UnitId,
        atk: u16,
        target: AttackTarget,
        program: Option<Program>,
        j: &mut Journal,
    ) {
        let Some(spec) = self.rules.attack(atk).copied() else {
            return;
        };
        let psi = program.is_some_and(|p| self.is_psi(p.source));
        let reaction = program.is_some_and(|p| p.reaction);
        let mut auto_kill = spec.auto_kill;
        let mut double_tap = false;
        if let Some(u) = st.unit_mut(attacker) {
            if u.double_tap {
                // sk.effect.double-tap, sk.gap.44: the Sniper's next attack gets Auto-Kill.
                u.double_tap = false;
                auto_kill = true;
                double_tap = true;
            }
        }
        let inputs = || {
            let source = program.map(|p| p.source);
            self.attack_inputs(st, seat, attacker, &spec, target, source, double_tap)
        };
        j.note_with(
            "sk.attack.play",
            EventKind::Attack,
            || {
                let what = match target {
                    AttackTarget::Unit(t) => self.unit_mention(st, t),
                    AttackTarget::Hex(h) => format!("hex {}", self.hex_name(st, h)),
                };
                let mut extra = String::new();
                if spec.damage > 0 {
                    extra.push_str(&format!(", Damage +{}", spec.damage));
                }
                if spec.area {
                    extra.push_str(", Area Affect");
                }
                if auto_kill {
                    extra.push_str(", Auto-Kill");
                }
                format!("{} attacks {what}{extra}", self.unit_mention(st, attacker))
            },
            inputs,
        );
        st.stack.push(Frame::Attack(Attack {
            seat,
            attacker,
            atk,
            target,
            stage: AttackStage::Declared,
            auto_kill,
            psi,
            reflected: false,
            missed: false,
            reaction,
            cancelled: false,
        }));
    }

    /// The hex an attack is centred on.
    fn attack_center(&self, st: &State, a: &Attack) -> Option<crate::state::HexId> {
        match a.target {
            AttackTarget::Hex(h) => Some(h),
            AttackTarget::Unit(u) => st.unit(u).map(|u| u.pos),
        }
    }

    fn set_attack(&self, st: &mut State, a: Attack) {
        if let Some(Frame::Attack(top)) = st.stack.last_mut() {
            *top = a;
        }
    }

    /// Advances the attack on top of the stack.
    pub(crate) fn step_attack(
        &self,
        st: &mut State,
        mut a: Attack,
        rng: &mut GameRng,
        j: &mut Journal,
    ) {
        let area = self.rules.attack(a.atk).is_some_and(|s| s.area);
        match a.stage {
            AttackStage::Declared => self.attack_declared(st, a, rng, j),
            AttackStage::Hits => {
                a.stage = if area {
                    AttackStage::Splash(0)
                } else {
                    AttackStage::Done
                };
                self.set_attack(st, a);
            }
            AttackStage::Splash(k) => {
                // sk.area.splash, sk.gap.42: each of the six surrounding hexes rolls 1D6; on
                // 5+ every unit there, friend or foe, takes 1 Hit. A roll for an empty hex could
                // change nothing, so only occupied hexes roll.
                let Some(center) = self.attack_center(st, &a) else {
                    a.stage = AttackStage::Done;
                    self.set_attack(st, a);
                    return;
                };
                for dir in usize::from(k)..6 {
                    let Some(n) = st.board.neighbour(center, dir) else {
                        continue;
                    };
                    let (victims, count) = units_at(st, n);
                    if count == 0 {
                        continue;
                    }
                    a.stage = AttackStage::Splash(dir as u8 + 1);
                    self.set_attack(st, a);
                    let r = roll(rng, Dice::D6, Some(Target::AtLeast(5)));
                    let inputs = || {
                        let mut v = vec![
                            Input::new("attacker", self.unit_value(st, a.attacker), ""),
                            Input::new(
                                "blast centre",
                                format!("hex {}", self.hex_name(st, center)),
                                "sk.area.target",
                            ),
                            Input::new(
                                "splash hex",
                                format!("hex {} (next to the centre)", self.hex_name(st, n)),
                                "sk.area.splash, sk.gap.42",
                            ),
                        ];
                        for u in &victims[..count] {
                            v.push(Input::new(
                                "in the hex",
                                self.unit_value(st, *u),
                                "friend or foe alike (sk.area.splash)",
                            ));
                        }
                        v.push(Input::new(
                            "needs",
                            "5 or 6 on one die: 1 Hit to each unit there",
                            "sk.area.splash",
                        ));
                        v
                    };
                    j.roll_with(
                        "sk.area.splash",
                        &r,
                        || {
                            format!(
                                "splash roll for hex {}: {} ({})",
                                self.hex_name(st, n),
                                r.total,
                                if r.success == Some(true) {
                                    "hit"
                                } else {
                                    "missed"
                                }
                            )
                        },
                        inputs,
                    );
                    if r.success == Some(true) {
                        for v in victims[..count].iter().rev() {
                            st.stack.push(Frame::Hit(Hit {
                                unit: *v,
                                amount: 1,
                                auto_kill: false,
                                primary: false,
                                source: Some(a.attacker),
                                negated: 0,
                                last_defense: 0,
                                defended: false,
                                open: true,
                            }));
                        }
                    }
                    return;
                }
                a.stage = AttackStage::Done;
                self.set_attack(st, a);
            }
            AttackStage::Done => {
                st.stack.pop();
                // sk.gap.32 step 8: Panic triggers are rolled once the attack is over.
                self.roll_due_panics(st, rng, j);
                // sk.gap.22: the other side may react after an attack of the active side.
                if !a.reaction && a.seat == st.active && st.phase == Phase::MoveFire {
                    st.stack.push(Frame::Reaction {
                        seat: 1 - (st.active & 1),
                        after_move: false,
                    });
                }
            }
        }
    }

    /// Detection and suppression, then the hits on the target hex (sk.gap.32 steps 2–3).
    fn attack_declared(&self, st: &mut State, mut a: Attack, rng: &mut GameRng, j: &mut Journal) {
        let Some(spec) = self.rules.attack(a.atk).copied() else {
            a.stage = AttackStage::Done;
            self.set_attack(st, a);
            return;
        };
        let when_made = st.options.reveal_roll == RevealRoll::WhenMade;
        if !a.reflected && !when_made {
            // sk.detect.reveal-roll, sk.gap.70 (`reveal_roll = on-declare`): the Hidden
            // attacker rolls as soon as it declares the attack.
            self.reveal_roll(st, a.attacker, rng, j);
        }
        let (victims, count) = match a.target {
            AttackTarget::Unit(u) => ([u, UnitId(0), UnitId(0), UnitId(0)], 1),
            AttackTarget::Hex(h) => units_at(st, h),
        };
        let victims = &victims[..count];
        // The enemy units the attack is aimed at: its target, or for an Area Affect attack
        // the foes in the target hex, or, when it holds none, the foes around it that the
        // blast is thrown at (`area_aim = blast`, sk.gap.42). Suppression and Detection are
        // about these units.
        let mut foes = [UnitId(0); 8];
        let mut n_foes = 0;
        let mut aim = |st: &State, v: UnitId, n: &mut usize| {
            if *n < foes.len()
                && st
                    .unit(v)
                    .is_some_and(|u| u.on_map() && u.controller != a.seat)
            {
                foes[*n] = v;
                *n += 1;
            }
        };
        for v in victims {
            aim(st, *v, &mut n_foes);
        }
        if let AttackTarget::Hex(center) = a.target {
            if n_foes == 0 && spec.area && st.options.area_aim == AreaAim::Blast {
                for dir in 0..6 {
                    if let Some(n) = st.board.neighbour(center, dir) {
                        let (around, c) = units_at(st, n);
                        for v in &around[..c] {
                            aim(st, *v, &mut n_foes);
                        }
                    }
                }
            }
        }
        let foes = &foes[..n_foes];
        if !a.reflected {
            // sk.gap.75: count every attack declared against a unit this turn.
            for v in foes {
                self.note_attacked(st, *v);
            }
        }
        if st.options.detection.on() && !a.reflected {
            let mut hidden = [UnitId(0); 8];
            let mut n_hidden = 0;
            for v in foes {
                if st.unit(*v).is_some_and(|u| u.hidden) {
                    hidden[n_hidden] = *v;
                    n_hidden += 1;
                }
            }
            let hidden = &hidden[..n_hidden];
            if !hidden.is_empty() {
                let center = self.attack_center(st, &a);
                match self.detection_roll(st, a.attacker, center, hidden, rng, j) {
                    DetectionOutcomeDef::NotAllowed => {
                        // sk.detect.card-fate: a forbidden attack keeps its card when it was
                        // the play's only effect; the unit did not attack, so it makes no
                        // reveal roll (`reveal_roll = when-made`).
                        self.keep_card_if_only_attack(st);
                        self.foil(st, a.attacker, hidden, j);
                        a.cancelled = true;
                        a.reaction = true;
                        a.stage = AttackStage::Done;
                        self.set_attack(st, a);
                        return;
                    }
                    DetectionOutcomeDef::Miss => {
                        if spec.area {
                            // sk.detect.area-miss, sk.gap.72: the blast still splashes.
                            a.missed = true;
                        } else {
                            // The shot was fired and missed: it was made.
                            if when_made {
                                self.reveal_roll(st, a.attacker, rng, j);
                            }
                            a.cancelled = true;
                            a.stage = AttackStage::Done;
                            self.set_attack(st, a);
                            return;
                        }
                    }
                    DetectionOutcomeDef::Attack => {}
                }
            }
        }
        if !a.reflected {
            if let Some(def) = foes.first().and_then(|v| st.unit(*v)).map(|u| u.controller) {
                let d = usize::from(def & 1);
                if st.st[d] > 0 {
                    // sk.suppression.roll, sk.gap.40, sk.gap.41: while the defender holds a
                    // token, every enemy attack on its units rolls 1D6; 4+ stops it.
                    let r = roll(rng, Dice::D6, Some(Target::AtLeast(4)));
                    // sk.suppression.spend: one token goes whatever the roll.
                    st.st[d] -= 1;
                    let left = st.st[d];
                    let inputs = || {
                        let mut v =
                            vec![Input::new("attacker", self.unit_value(st, a.attacker), "")];
                        if let Some(t) = foes.first() {
                            v.push(Input::new("target", self.unit_value(st, *t), ""));
                        }
                        if let AttackTarget::Hex(h) = a.target {
                            if !victims.contains(&foes[0]) {
                                v.push(Input::new(
                                    "blast aimed at",
                                    format!("hex {}, next to the target", self.hex_name(st, h)),
                                    "option area_aim = blast (sk.gap.42)",
                                ));
                            }
                        }
                        v.push(Input::new(
                            format!("suppression tokens of {}", mention(st.board.side_name(def))),
                            format!("{} before the roll, {left} after", left + 1),
                            "sk.suppression.pool, sk.suppression.spend",
                        ));
                        v.push(Input::new(
                            "needs",
                            "4, 5 or 6 on one die stops the attack",
                            "sk.suppression.roll, sk.gap.40",
                        ));
                        v
                    };
                    j.roll_with(
                        "sk.suppression.roll",
                        &r,
                        || {
                            format!(
                                "suppression roll {}: {} ({} token(s) left)",
                                r.total,
                                if r.success == Some(true) {
                                    "the attack is stopped"
                                } else {
                                    "the attack goes on"
                                },
                                left
                            )
                        },
                        inputs,
                    );
                    j.note("sk.suppression.spend", EventKind::Effect, || {
                        format!("{} spends a suppression token", Seat(def))
                    });
                    if r.success == Some(true) {
                        a.cancelled = true;
                        a.stage = AttackStage::Done;
                        self.set_attack(st, a);
                        return;
                    }
                }
            }
            if when_made {
                // sk.detect.reveal-roll, sk.gap.70: the attack is being made, so a Hidden
                // attacker rolls now (after Detection and suppression let it through).
                self.reveal_roll(st, a.attacker, rng, j);
            }
        }
        a.stage = AttackStage::Hits;
        self.set_attack(st, a);
        if a.missed {
            // sk.gap.72: the missed target hex rolls like a splash hex.
            if victims.is_empty() {
                return;
            }
            let r = roll(rng, Dice::D6, Some(Target::AtLeast(5)));
            let inputs = || {
                let mut v = vec![Input::new("attacker", self.unit_value(st, a.attacker), "")];
                if let Some(c) = self.attack_center(st, &a) {
                    v.push(Input::new(
                        "target hex",
                        format!("hex {}", self.hex_name(st, c)),
                        "sk.area.target",
                    ));
                }
                v.push(Input::new(
                    "Detection result",
                    "miss: the blast still splashes its own hex",
                    "sk.detect.area-miss, sk.gap.72",
                ));
                v.push(Input::new(
                    "needs",
                    "5 or 6 on one die: 1 Hit to each unit there",
                    "sk.area.splash",
                ));
                v
            };
            j.roll_with(
                "sk.detect.area-miss",
                &r,
                || {
                    format!(
                        "the blast misses; splash roll for the target hex: {}",
                        r.total
                    )
                },
                inputs,
            );
            if r.success != Some(true) {
                return;
            }
        }
        // sk.attack.base-damage, sk.effect.damage-bonus: 1 Hit plus the bonus; splash from a
        // miss is 1 Hit. sk.area.target: every unit in the target hex takes it.
        let amount = if a.missed { 1 } else { 1 + spec.damage };
        for v in victims.iter().rev() {
            st.stack.push(Frame::Hit(Hit {
                unit: *v,
                amount,
                auto_kill: a.auto_kill && !a.missed,
                primary: !a.missed,
                source: Some(a.attacker),
                negated: 0,
                last_defense: 0,
                defended: false,
                open: true,
            }));
        }
    }

    /// Marks the play below the attack to take its card back (sk.detect.card-fate).
    fn keep_card_if_only_attack(&self, st: &mut State) {
        let Some(i) = st
            .stack
            .iter()
            .rposition(|f| matches!(f, Frame::Program(_)))
        else {
            return;
        };
        let only = match st.stack[i] {
            Frame::Program(p) => self
                .alt(p.source, p.alt)
                .is_some_and(|alt| alt.ops.len() == 1 && matches!(alt.ops[0], Op::Attack(_))),
            _ => false,
        };
        if let Frame::Program(p) = &mut st.stack[i] {
            p.keep_card = only;
        }
    }

    /// After a Detection result that forbids the attack, the attacker may not try those
    /// targets again this turn (`detection_retry = next-turn`, sk.detect.card-fate): the
    /// kept card is for other targets or later turns, not for rolling the table again.
    pub(crate) fn foil(
        &self,
        st: &mut State,
        attacker: UnitId,
        targets: &[UnitId],
        j: &mut Journal,
    ) {
        if st.options.detection_retry != DetectionRetry::NextTurn {
            return;
        }
        for t in targets {
            if !st.foiled.contains(&(attacker, *t)) {
                st.foiled.push((attacker, *t));
            }
        }
        j.note("sk.detect.card-fate", EventKind::Effect, || {
            format!(
                "{} may not try that target again this turn (option detection_retry)",
                self.unit_mention(st, attacker)
            )
        });
    }

    /// Applies a hit after the Defense window (sk.gap.32 steps 6–7).
    pub(crate) fn resolve_hit(&self, st: &mut State, h: Hit, j: &mut Journal) {
        let Some(u) = st.unit(h.unit).copied() else {
            return;
        };
        if !u.on_map() {
            return;
        }
        // sk.defense.value, sk.defense.stacking: negation adds up; surplus is lost.
        let dmg = h.amount.saturating_sub(h.negated).min(u.hits);
        let mut hits = u.hits - dmg;
        let inputs = || {
            let from = match h.source {
                Some(s) if h.primary => format!("the attack of {}", self.unit_mention(st, s)),
                Some(s) => format!("splash from the attack of {}", self.unit_mention(st, s)),
                None => "an effect".to_string(),
            };
            let mut v = vec![
                Input::new("unit", self.unit_value(st, h.unit), "sk.damage.track"),
                Input::new("incoming", format!("{} Hit(s)", h.amount), from),
                Input::new(
                    "negated by Defense",
                    format!("{} Hit(s)", h.negated),
                    "sk.defense.value, sk.defense.stacking: Defenses add up, surplus is lost",
                ),
                Input::new(
                    "Hits",
                    format!("{} - {dmg} = {}", u.hits, u.hits - dmg),
                    "sk.damage.track",
                ),
            ];
            if h.auto_kill {
                v.push(Input::new(
                    "Auto-Kill",
                    if dmg > 0 {
                        "kills if any Hit gets through: yes"
                    } else {
                        "no Hit got through"
                    },
                    "sk.effect.auto-kill, sk.gap.43",
                ));
            }
            v
        };
        j.note_with(
            "sk.damage.track",
            EventKind::Damage,
            || {
                if dmg == 0 {
                    format!("{}: all damage negated", self.unit_mention(st, h.unit))
                } else {
                    format!(
                        "{} takes {dmg} Hit(s), {hits} left",
                        self.unit_mention(st, h.unit)
                    )
                }
            },
            inputs,
        );
        if h.auto_kill && dmg > 0 && hits > 0 {
            // sk.effect.auto-kill, sk.gap.43: at least one Hit got through, so it dies.
            hits = 0;
            j.note("sk.effect.auto-kill", EventKind::Damage, || {
                format!(
                    "Auto-Kill: {} is killed outright",
                    self.unit_mention(st, h.unit)
                )
            });
        }
        if let Some(v) = st.unit_mut(h.unit) {
            v.hits = hits;
        }
        if h.primary {
            // sk.gap.45: a rider applies once the attack reaches its target, even if Defense
            // stopped all the damage.
            let rider = self
                .attack_of(st)
                .and_then(|a| self.rules.attack(a.atk))
                .and_then(|s| s.immobilize);
            if let Some(d) = rider {
                self.immobilize(st, h.unit, d, j);
            }
        }
        if hits == 0 {
            self.kill(st, h.unit, h.source, j);
        } else if dmg > 0 && u.controller != st.active {
            // sk.gap.68: hit on the opponent's turn and still standing: Rush may follow.
            if let Some(v) = st.unit_mut(h.unit) {
                v.rush_ready = true;
            }
        }
    }

    /// Kills a unit (sk.damage.kill); a victim of a Chryssalid, Hatchling or Zombie rises as
    /// a Zombie for the killer's side (sk.special.zombify, sk.gap.62).
    pub(crate) fn kill(&self, st: &mut State, id: UnitId, killer: Option<UnitId>, j: &mut Journal) {
        let Some(victim) = st.unit(id).copied() else {
            return;
        };
        let turn = st.turn;
        j.note("sk.damage.kill", EventKind::Damage, || {
            format!("{} is killed", self.unit_mention(st, id))
        });
        let zombie_side = killer
            .and_then(|k| st.unit(k))
            .filter(|k| self.info(k).zombifies && !self.info(&victim).mechanical)
            .map(|k| k.controller);
        match (zombie_side, self.rules.zombie) {
            (Some(side), Some(kind)) if st.units.len() < crate::state::MAX_UNITS => {
                if let Some(v) = st.unit_mut(id) {
                    v.life = Life::Zombified;
                    v.hits = 0;
                }
                let hits = self.rules.units.get(kind.index()).map_or(1, |i| i.hits);
                let zombie = self.new_unit(kind, side, victim.pos, hits, turn, false);
                st.units.push(zombie);
                j.note("sk.special.zombify", EventKind::Effect, || {
                    format!(
                        "{} rises as a Zombie for {}",
                        self.unit_mention(st, id),
                        mention(st.board.side_name(side))
                    )
                });
            }
            _ => {
                if let Some(v) = st.unit_mut(id) {
                    v.life = Life::Dead { turn };
                    v.hits = 0;
                }
            }
        }
        // sk.panic.trigger-friend-killed: friends who saw it die.
        self.note_friend_killed(st, &victim);
    }

    /// A fresh unit entering play in `turn` (spawned, zombified).
    pub(crate) fn new_unit(
        &self,
        kind: crate::catalog::UnitTypeId,
        side: u8,
        pos: crate::state::HexId,
        hits: u8,
        turn: u32,
        hidden: bool,
    ) -> Unit {
        Unit {
            kind,
            owner: side,
            controller: side,
            pos,
            hits,
            max_hits: hits,
            life: Life::OnMap,
            psi: false,
            armed: false,
            hidden,
            seen_at: pos,
            arrived: turn,
            free_moved: false,
            card_moved: false,
            moved: false,
            attacks: 0,
            double_tap: false,
            immobile_from: 0,
            immobile_until: 0,
            armor_off_until: 0,
            control_until: 0,
            attacked: 0,
            panic_due: false,
            panic_turn: u32::MAX,
            panic_effect: None,
            seen_types: 0,
            rush_ready: false,
            reacted: false,
        }
    }

    /// Heals 1 Hit, never above roster Hits (sk.effect.heal, sk.gap.50).
    pub(crate) fn heal(&self, st: &mut State, id: UnitId, j: &mut Journal) {
        if let Some(u) = st.unit_mut(id) {
            u.hits = (u.hits + 1).min(u.max_hits);
        }
        j.note("sk.effect.heal", EventKind::Damage, || {
            let hits = st.unit(id).map_or(0, |u| u.hits);
            format!("{} is healed to {hits} Hit(s)", self.unit_mention(st, id))
        });
    }

    /// Don't Die on Me!: a friend killed last turn stands up again with 1 Hit in the hex
    /// where it fell (sk.effect.revive, sk.gap.51). It takes no action this turn.
    pub(crate) fn revive(&self, st: &mut State, hero: UnitId, id: UnitId, j: &mut Journal) {
        let Some(pos) = st.unit(id).map(|u| u.pos) else {
            return;
        };
        if let Some(b) = self.hidden_blocker(st, id, pos) {
            self.bump(st, b, j);
            return;
        }
        let turn = st.turn;
        if let Some(u) = st.unit_mut(id) {
            u.life = Life::OnMap;
            u.hits = 1;
            u.arrived = turn;
            u.seen_at = u.pos;
        }
        j.note("sk.effect.revive", EventKind::Damage, || {
            format!(
                "{} brings {} back with 1 Hit",
                self.unit_mention(st, hero),
                self.unit_mention(st, id)
            )
        });
    }

    /// Spawn: a new unit for the acting side in an empty adjacent hex, with full Hits; it may
    /// not act this turn and is Hidden if its parent is (sk.special.spawn, sk.gap.60).
    pub(crate) fn spawn(
        &self,
        st: &mut State,
        seat: u8,
        parent: UnitId,
        kind: crate::catalog::UnitTypeId,
        hex: crate::state::HexId,
        j: &mut Journal,
    ) {
        let hidden = st.unit(parent).is_some_and(|u| u.hidden);
        let flyer = self.rules.units.get(kind.index()).is_some_and(|i| i.flyer);
        if let Some(b) = self.blocker_at(st, seat, flyer, hex) {
            self.bump(st, b, j);
            return;
        }
        let hits = self.rules.units.get(kind.index()).map_or(1, |i| i.hits);
        let u = self.new_unit(kind, seat, hex, hits, st.turn, hidden);
        st.units.push(u);
        let id = UnitId((st.units.len() - 1) as u8);
        j.note("sk.special.spawn", EventKind::Effect, || {
            format!(
                "{} appears at {}",
                self.unit_mention(st, id),
                self.hex_name(st, hex)
            )
        });
    }

    /// Grow / Erupt: the unit becomes another type in place, same side and Hidden status, with
    /// the new type's full Hits; it takes no more actions this turn (sk.special.transform,
    /// sk.gap.61).
    pub(crate) fn transform(
        &self,
        st: &mut State,
        id: UnitId,
        kind: crate::catalog::UnitTypeId,
        j: &mut Journal,
    ) {
        let hits = self.rules.units.get(kind.index()).map_or(1, |i| i.hits);
        let turn = st.turn;
        let before = self.unit_mention(st, id);
        if let Some(u) = st.unit_mut(id) {
            u.kind = kind;
            u.hits = hits;
            u.max_hits = hits;
            u.arrived = turn;
        }
        j.note("sk.special.transform", EventKind::Effect, || {
            format!("{before} becomes {}", self.unit_mention(st, id))
        });
    }

    /// Immobilises a unit (sk.special.immobilize-sources, sk.gap.52): "this and next Turn"
    /// covers the rest of this turn and the whole of the next; "next Turn" only the next.
    pub(crate) fn immobilize(&self, st: &mut State, id: UnitId, d: Duration, j: &mut Journal) {
        let t = st.turn;
        let (from, until) = match d {
            Duration::ThisAndNext => (t, t + 1),
            Duration::NextTurn => (t + 1, t + 1),
        };
        if let Some(u) = st.unit_mut(id) {
            if u.immobile_until < t {
                u.immobile_from = from;
                u.immobile_until = until;
            } else {
                u.immobile_from = u.immobile_from.min(from);
                u.immobile_until = u.immobile_until.max(until);
            }
        }
        j.note("sk.special.immobilized", EventKind::Effect, || match d {
            Duration::ThisAndNext => format!(
                "{} is immobilised for this turn and the next",
                self.unit_mention(st, id)
            ),
            Duration::NextTurn => {
                format!(
                    "{} will be immobilised next turn",
                    self.unit_mention(st, id)
                )
            }
        });
    }

    /// A "Range = N" effect has been aimed: Detection for a Hidden target, then the target's
    /// chance to answer a Psi effect with Iron Will (sk.effect.ranged, sk.gap.29).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn start_ranged(
        &self,
        st: &mut State,
        seat: u8,
        actor: UnitId,
        target: UnitId,
        kind: RangedKind,
        psi: bool,
        rng: &mut GameRng,
        j: &mut Journal,
    ) {
        if st.options.detection.on() && st.unit(target).is_some_and(|u| u.hidden) {
            let center = st.unit(target).map(|u| u.pos);
            match self.detection_roll(st, actor, center, &[target], rng, j) {
                DetectionOutcomeDef::NotAllowed => {
                    if let Some(Frame::Program(p)) = st.stack.last_mut() {
                        p.keep_card = true;
                    }
                    self.foil(st, actor, &[target], j);
                    self.roll_due_panics(st, rng, j);
                    return;
                }
                DetectionOutcomeDef::Miss => {
                    j.note("sk.detect.table", EventKind::Effect, || {
                        "the effect is wasted".to_string()
                    });
                    self.roll_due_panics(st, rng, j);
                    return;
                }
                DetectionOutcomeDef::Attack => {}
            }
        }
        st.stack.push(Frame::Ranged {
            seat,
            actor,
            target,
            kind,
            psi,
            open: true,
        });
    }

    /// Applies a ranged effect nobody cancelled.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn apply_ranged(
        &self,
        st: &mut State,
        seat: u8,
        actor: UnitId,
        target: UnitId,
        kind: RangedKind,
        rng: &mut GameRng,
        j: &mut Journal,
    ) {
        if !st.unit(target).is_some_and(|u| u.on_map()) {
            return;
        }
        match kind {
            RangedKind::Immobilize(d) => self.immobilize(st, target, d, j),
            RangedKind::MindControl => {
                // sk.special.mind-control, sk.gap.66: control until the end of the
                // controller's next turn; sk.special.mind-control-use: usable at once.
                let until = st.next_turn_of(seat);
                if let Some(u) = st.unit_mut(target) {
                    u.controller = seat;
                    u.control_until = until;
                }
                j.note("sk.special.mind-control", EventKind::Effect, || {
                    format!(
                        "{} takes control of {} until the end of turn {until}",
                        self.unit_mention(st, actor),
                        self.unit_mention(st, target)
                    )
                });
                j.note("sk.special.mind-control-use", EventKind::Effect, || {
                    format!(
                        "{} may use it this turn, paying with its own cards",
                        Seat(seat)
                    )
                });
            }
            RangedKind::DestroyArmor => {
                // sk.effect.destroy-armor, sk.gap.54: until the acting side's next turn starts.
                let until = st.next_turn_of(seat);
                if let Some(u) = st.unit_mut(target) {
                    u.armor_off_until = until;
                }
                j.note("sk.effect.destroy-armor", EventKind::Effect, || {
                    format!(
                        "{} cannot use Armor defenses until turn {until}",
                        self.unit_mention(st, target)
                    )
                });
            }
        }
        self.roll_due_panics(st, rng, j);
    }
}
