//! Rule queries as one side sees the board: who may act, where a unit may go, what it may
//! target. Both the legal-action listing and the resolution code ask these questions, so the
//! answers agree by construction.
//!
//! Legality depends only on what the deciding side may know: with `hidden_positions =
//! hidden`, an enemy Hidden unit stands where that side last saw it (sk.gap.69).

use crate::Skirmish;
use crate::board::{FLYER_ELEVATION, Mover, Occupied, Reach};
use crate::effects::{AttackSpec, HealTarget, Op, RangeSet, UnitInfo};
use crate::options::{AttackLimit, HiddenPositions, MoveMode};
use crate::state::{HexId, Source, State, Unit, UnitId};
use squadsight_core::hex;
use std::cell::Cell;

/// One side's view of a state, with unit positions as that side knows them.
pub(crate) struct View<'a> {
    pub sk: &'a Skirmish,
    pub st: &'a State,
    pub seat: u8,
    pub occ: Occupancy<'a>,
    /// Per unit, for ordinary (not grenade) attacks: the distances of all foes, the
    /// distances whose sight lines were traced, and those where a foe was seen (bit sets;
    /// `UNKNOWN` until first asked). One listing asks the same question for many cards, and
    /// sight lines are the expensive part.
    direct: [Cell<[u32; 3]>; CACHED_UNITS],
    /// Area-attack answers already worked out in this view: `unit index << 16 | attack`,
    /// with bit `i` of `area_hit` saying whether entry `i` has a target.
    area: Cell<[u32; AREA_MEMO]>,
    area_hit: Cell<u8>,
    area_len: Cell<u8>,
}

/// Area-attack answers a [`View`] remembers.
const AREA_MEMO: usize = 8;

/// Units whose target distances a [`View`] remembers.
const CACHED_UNITS: usize = 16;

/// Not yet computed (bit 31 is never a distance: ranges stop at 20).
const UNKNOWN: u32 = u32::MAX;

impl<'a> View<'a> {
    /// The view of `seat`.
    #[inline(always)]
    pub fn new(sk: &'a Skirmish, st: &'a State, seat: u8) -> View<'a> {
        View {
            sk,
            st,
            seat,
            occ: Occupancy::new(sk, st, seat),
            direct: std::array::from_fn(|_| Cell::new([UNKNOWN; 3])),
            area: Cell::new([0; AREA_MEMO]),
            area_hit: Cell::new(0),
            area_len: Cell::new(0),
        }
    }

    /// A unit's position as this side knows it.
    pub fn pos(&self, u: &Unit) -> HexId {
        seen_pos(self.st, u, self.seat)
    }

    pub fn info(&self, u: &Unit) -> &'a UnitInfo {
        self.sk.info(u)
    }

    /// A unit's elevation: a Flyer's is 6, anyone else's is its hex's (sk.los.flyer-elevation).
    pub fn elevation(&self, u: &Unit) -> u8 {
        if self.info(u).flyer {
            FLYER_ELEVATION
        } else {
            self.st.board.elevation(self.pos(u))
        }
    }

    /// Whether a unit standing at elevation `from` can attack `to` from `at`
    /// (sk.los.elevation-block, sk.los.through-units, sk.gap.34, sk.gap.35).
    ///
    /// An intervening hex blocks when it is higher than the attacker; an intervening unit
    /// blocks unless it stands lower than the attacker or the attack is a grenade. Range 1 is
    /// never blocked.
    pub fn sight_from(&self, at: HexId, from: u8, to: HexId, grenade: bool) -> bool {
        let board = &self.st.board;
        if board.distance(at, to) <= 1 {
            return true;
        }
        board.sight(at, to, |h| {
            let e = board.elevation(h);
            e > from
                || (!grenade
                    && ((self.occ.ground(h) && e >= from)
                        || (self.occ.flyer(h) && FLYER_ELEVATION >= from)))
        })
    }

    /// Attack line of sight from a unit to a hex.
    pub fn sight(&self, u: &Unit, to: HexId, grenade: bool) -> bool {
        self.sight_from(self.pos(u), self.elevation(u), to, grenade)
    }

    /// Whether `u` may take part in play at all this turn: on the map, commanded by this
    /// side, not immobilised (sk.special.immobilized), not Pinned (sk.panic.pinned), and not
    /// new this turn (sk.gap.60, sk.gap.61, sk.gap.62).
    pub fn can_act(&self, u: &Unit) -> bool {
        let t = self.st.turn;
        u.on_map() && u.controller == self.seat && !u.immobile(t) && !u.pinned(t) && u.arrived != t
    }

    /// Whether `u` may still attack in its own turn: unarmed Civilians never
    /// (sk.unit.civilian-unarmed), a Civilian that moved not again
    /// (sk.unit.civilian-move-or-attack), and the `attack_limit` option (sk.gap.16).
    pub fn may_attack(&self, u: &Unit) -> bool {
        let info = self.info(u);
        if info.civilian && (!u.armed || u.moved) {
            return false;
        }
        self.st.options.attack_limit == AttackLimit::None || u.attacks == 0
    }

    /// Whether `u` may still make a card move in its own turn: one Move card per unit per
    /// turn (sk.move.card-limit, sk.gap.14), and a Civilian that attacked may not move.
    pub fn may_card_move(&self, u: &Unit) -> bool {
        !(u.card_moved || self.info(u).civilian && u.attacks > 0)
    }

    /// Whether `u` may take its free move now (sk.move.free, sk.gap.12).
    pub fn may_free_move(&self, u: &Unit) -> bool {
        self.can_act(u) && !u.free_moved && !(self.info(u).civilian && u.attacks > 0)
    }

    /// The enemy units this side sees and may aim at, with their known hexes.
    pub fn foes(&self) -> impl Iterator<Item = (UnitId, &'a Unit, HexId)> + '_ {
        // The occupancy list already holds them, in unit order, unless it overflowed.
        let listed = !self.occ.overflow;
        let mut bits = if listed { self.occ.foes } else { 0 };
        let occ = &self.occ;
        let st = self.st;
        let quick = std::iter::from_fn(move || {
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let id = occ.ids[i];
                if let Some(u) = st.units.get(usize::from(id)) {
                    return Some((UnitId(id), u, HexId(occ.hexes[i])));
                }
            }
            None
        });
        let rest = if listed { &[][..] } else { &st.units[..] };
        let slow = rest
            .iter()
            .enumerate()
            .filter(|(_, u)| u.on_map() && u.controller != self.seat)
            .map(|(i, u)| (UnitId(i as u8), u, seen_pos(self.st, u, self.seat)));
        quick.chain(slow)
    }

    /// Distance to the nearest visible foe (sk.gap.80), if any.
    pub fn nearest_foe(&self, from: HexId) -> Option<u32> {
        self.foes()
            .filter(|(_, u, _)| !u.hidden)
            .map(|(_, _, p)| self.st.board.distance(from, p))
            .min()
    }

    /// Whether a Berserk unit may end a move at `to` (sk.panic.berserk, sk.gap.80): nearer to
    /// the nearest visible foe, or, when already adjacent to one, still adjacent.
    pub fn berserk_ok(&self, u: &Unit, to: HexId) -> bool {
        if !u.berserk(self.st.turn) {
            return true;
        }
        match (self.nearest_foe(self.pos(u)), self.nearest_foe(to)) {
            (Some(now), Some(then)) => then < now || (now <= 1 && then <= 1),
            _ => true,
        }
    }

    /// Where a unit may move with `hexes` steps (sk.move.card-distance, sk.gap.13).
    pub fn reach(&self, u: &Unit, hexes: u8, jump: bool, out: &mut Reach) {
        self.reach_until(u, hexes, jump, None, out);
    }

    /// [`View::reach`], stopping once `goal` is found.
    pub fn reach_until(
        &self,
        u: &Unit,
        hexes: u8,
        jump: bool,
        goal: Option<HexId>,
        out: &mut Reach,
    ) {
        let mover = Mover {
            flyer: self.info(u).flyer,
            jump,
        };
        self.st
            .board
            .reach_until(self.pos(u), hexes, mover, &self.occ, goal, out);
    }

    /// Whether a destination found by [`View::reach`] is allowed: `move_mode = exact` needs
    /// exactly `hexes` steps, and Berserk units must close in.
    pub fn dest_ok(&self, u: &Unit, to: HexId, steps: u8, hexes: u8) -> bool {
        (self.st.options.move_mode == MoveMode::UpTo || steps == hexes) && self.berserk_ok(u, to)
    }

    /// Whether a move of `hexes` has at least one destination.
    pub fn can_reach_any(&self, u: &Unit, hexes: u8, jump: bool) -> bool {
        if hexes == 0 {
            return false;
        }
        if self.st.options.move_mode == MoveMode::UpTo {
            // Fast path: an open neighbour is already a destination.
            let mover = Mover {
                flyer: self.info(u).flyer,
                jump,
            };
            let p = self.pos(u);
            if self
                .st
                .board
                .neighbours(p)
                .any(|n| mover.can_end(&self.occ, n) && self.berserk_ok(u, n))
            {
                return true;
            }
        }
        let mut r = Reach::default();
        self.reach(u, hexes, jump, &mut r);
        r.iter().any(|(h, s)| self.dest_ok(u, h, s, hexes))
    }

    /// The attack a unit really makes: deck Attack cards played by attack-as-one types are
    /// Attack = 1 (sk.special.attack-as-one, sk.gap.63).
    pub fn effective_attack(&self, u: &Unit, source: Source, atk: u16) -> u16 {
        match source {
            Source::Card(_) if self.info(u).attack_as_one => self.sk.rules.as_one,
            _ => atk,
        }
    }

    /// Every legal target of an attack by `u` (sk.attack.range, sk.gap.31): direct attacks
    /// aim at a foe in range and sight; area attacks at any hex in range and sight that holds
    /// a unit or lies next to one (a blast that can touch nobody is not offered). `f` returns
    /// false to stop early.
    pub fn attack_targets(
        &self,
        u: &Unit,
        spec: &AttackSpec,
        mut f: impl FnMut(AttackTargetRef) -> bool,
    ) {
        let board = &self.st.board;
        let at = self.pos(u);
        let mode = self.st.options.range_mode;
        if !spec.area {
            for (id, _, p) in self.foes() {
                if spec.ranges.allows(board.distance(at, p), mode)
                    && self.sight(u, p, spec.grenade)
                    && !f(AttackTargetRef::Unit(id))
                {
                    return;
                }
            }
            return;
        }
        // Area: candidate hexes are units' hexes and their neighbours, each tried once.
        let mut tried = [0u16; 512];
        let mut n_tried = 0usize;
        for other in self.st.units.iter().filter(|o| o.on_map()) {
            let p = seen_pos(self.st, other, self.seat);
            // The hex and its neighbours lie within one step of the unit's distance.
            let d = board.distance(at, p);
            if !(d.saturating_sub(1)..=d + 1).any(|x| spec.ranges.allows(x, mode)) {
                continue;
            }
            for h in std::iter::once(p).chain(board.neighbours(p)) {
                if tried[..n_tried].contains(&h.0) {
                    continue;
                }
                if n_tried < tried.len() {
                    tried[n_tried] = h.0;
                    n_tried += 1;
                }
                if spec.ranges.allows(board.distance(at, h), mode)
                    && self.sight(u, h, spec.grenade)
                    && !f(AttackTargetRef::Hex(h))
                {
                    return;
                }
            }
        }
    }

    /// [`View::attack_targets`] for the unit `id`, leaving out the targets whose Detection
    /// roll this turn forbade that unit to attack them (`detection_retry = next-turn`,
    /// sk.detect.card-fate): a foiled unit, or a hex whose blast is aimed at one.
    pub fn attack_targets_of(
        &self,
        id: UnitId,
        u: &Unit,
        spec: &AttackSpec,
        mut f: impl FnMut(AttackTargetRef) -> bool,
    ) {
        if !self.st.foiled.iter().any(|(a, _)| *a == id) {
            return self.attack_targets(u, spec, f);
        }
        let foiled = |t: UnitId| self.st.foiled.contains(&(id, t));
        self.attack_targets(u, spec, |t| match t {
            AttackTargetRef::Unit(t) if foiled(t) => true,
            AttackTargetRef::Hex(h) if self.aimed_at(h).any(|(t, _)| foiled(t)) => true,
            t => f(t),
        });
    }

    /// The enemy units an Area Affect attack centred on `hex` is aimed at, as this side sees
    /// them: the foes in the hex, or, when it holds none, the foes in the six hexes around it
    /// (`area_aim = blast`; with `hex-only` just the foes in the hex). sk.gap.42, sk.detect.flush.
    pub fn aimed_at(&self, hex: HexId) -> impl Iterator<Item = (UnitId, HexId)> + '_ {
        let board = &self.st.board;
        let in_hex = self.foes().any(|(_, _, p)| p == hex);
        let blast = !in_hex && self.st.options.area_aim == crate::options::AreaAim::Blast;
        self.foes()
            .filter(move |(_, _, p)| *p == hex || (blast && board.distance(*p, hex) == 1))
            .map(|(id, _, p)| (id, p))
    }

    /// Whether an area attack by `u` has a target hex: [`View::attack_targets`]'s question
    /// without listing, so a hex next to two units may be looked at twice.
    fn has_area_target(&self, u: &Unit, spec: &AttackSpec) -> bool {
        let board = &self.st.board;
        let at = self.pos(u);
        let from = board.hex(at);
        let mode = self.st.options.range_mode;
        let in_range = |h: HexId| spec.ranges.allows(hex::distance(from, board.hex(h)), mode);
        let elevation = self.elevation(u);
        self.st.units.iter().filter(|o| o.on_map()).any(|other| {
            let p = seen_pos(self.st, other, self.seat);
            let d = hex::distance(from, board.hex(p));
            (d.saturating_sub(1)..=d + 1).any(|x| spec.ranges.allows(x, mode))
                && std::iter::once(p)
                    .chain(board.neighbours(p))
                    .any(|h| in_range(h) && self.sight_from(at, elevation, h, spec.grenade))
        })
    }

    /// Whether `u` (unit index `i`) sees a foe it may attack directly at one of the distances
    /// in `want` (bits). Sight lines are traced lazily and remembered per distance.
    fn sees_foe_at(&self, i: usize, u: &Unit, grenade: bool, want: u32) -> bool {
        let slot = if grenade || !u.on_map() {
            None
        } else {
            self.direct.get(i)
        };
        let mut c = slot.map_or([UNKNOWN; 3], Cell::get);
        let before = c;
        if c[0] == UNKNOWN {
            c = [self.foe_distances(u), 0, 0];
        }
        let cand = c[0] & want;
        let unchecked = cand & !c[1];
        if cand & c[2] == 0 && unchecked != 0 {
            let board = &self.st.board;
            let from = board.hex(self.pos(u));
            for (_, _, p) in self.foes() {
                let d = hex::distance(from, board.hex(p));
                if d < 31
                    && unchecked & (1 << d) != 0
                    && c[2] & (1 << d) == 0
                    && self.sight(u, p, grenade)
                {
                    c[2] |= 1 << d;
                }
            }
            c[1] |= unchecked;
        }
        if let Some(slot) = slot {
            if c != before {
                slot.set(c);
            }
        }
        cand & c[2] != 0
    }

    /// The distances of all foes from `u`, as a bit set.
    fn foe_distances(&self, u: &Unit) -> u32 {
        let board = &self.st.board;
        let from = board.hex(self.pos(u));
        let mut mask = 0u32;
        let mut add = |p: HexId| {
            let d = hex::distance(from, board.hex(p));
            if d < 31 {
                mask |= 1 << d;
            }
        };
        if self.occ.overflow {
            self.foes().for_each(|(_, _, p)| add(p));
        } else {
            let mut bits = self.occ.foes;
            while bits != 0 {
                add(HexId(self.occ.hexes[bits.trailing_zeros() as usize]));
                bits &= bits - 1;
            }
        }
        mask
    }

    /// Whether attack `atk` by unit `id` (that is, `u`) has any legal target.
    pub fn has_attack_target(&self, id: UnitId, u: &Unit, atk: u16) -> bool {
        let Some(spec) = self.sk.rules.attack(atk) else {
            return false;
        };
        if self.st.foiled.iter().any(|(a, _)| *a == id) {
            // Rare: a Detection roll barred this unit from a target this turn.
            let mut any = false;
            self.attack_targets_of(id, u, spec, |_| {
                any = true;
                false
            });
            return any;
        }
        if !spec.area {
            let want = match self.st.options.range_mode {
                crate::options::RangeMode::Exact => spec.ranges.0,
                crate::options::RangeMode::Max => (2u32 << spec.ranges.max().min(29)) - 2,
            } & !1;
            return self.sees_foe_at(id.index(), u, spec.grenade, want);
        }
        // Area attacks: remember the answer per unit and attack for this listing.
        let key = u32::from(id.0) << 16 | u32::from(atk);
        let memo = self.area.get();
        let n = usize::from(self.area_len.get());
        if let Some(k) = memo[..n].iter().position(|k| *k == key) {
            return self.area_hit.get() & (1 << k) != 0;
        }
        let any = self.has_area_target(u, spec);
        if n < AREA_MEMO {
            let mut m = memo;
            m[n] = key;
            self.area.set(m);
            self.area_hit.set(self.area_hit.get() | u8::from(any) << n);
            self.area_len.set(n as u8 + 1);
        }
        any
    }

    /// Foes a "Range = N" effect may reach (sk.effect.ranged, sk.gap.29): the attack
    /// distance rule and direct-attack sight.
    pub fn ranged_targets(&self, u: &Unit, ranges: RangeSet, mut f: impl FnMut(UnitId) -> bool) {
        let at = self.pos(u);
        let mode = self.st.options.range_mode;
        for (id, _, p) in self.foes() {
            if ranges.allows(self.st.board.distance(at, p), mode)
                && self.sight(u, p, false)
                && !f(id)
            {
                return;
            }
        }
    }

    /// Units a targeted effect step of `u` may aim at (heal, revive, boost, ranged).
    pub fn effect_targets(&self, actor: UnitId, op: Op, mut f: impl FnMut(UnitId) -> bool) {
        let Some(u) = self.st.unit(actor) else {
            return;
        };
        let board = &self.st.board;
        let at = self.pos(u);
        match op {
            // sk.effect.heal, sk.gap.50: an adjacent friendly unit that has lost Hits.
            Op::Heal(HealTarget::Adjacent) => {
                for (i, v) in self.st.units.iter().enumerate() {
                    if v.on_map()
                        && v.controller == self.seat
                        && v.hits < v.max_hits
                        && board.distance(at, v.pos) == 1
                        && !f(UnitId(i as u8))
                    {
                        return;
                    }
                }
            }
            // sk.effect.revive, sk.gap.51: a friend killed in the turn just before this one,
            // whose body lies next to the Hero in a hex that is now empty.
            Op::Revive => {
                let last = self.st.turn.saturating_sub(1);
                for (i, v) in self.st.units.iter().enumerate() {
                    if v.owner == self.seat
                        && v.life == (crate::state::Life::Dead { turn: last })
                        && board.distance(at, v.pos) == 1
                        && !self.occ.any(v.pos)
                        && !f(UnitId(i as u8))
                    {
                        return;
                    }
                }
            }
            // sk.effect.boost, sk.gap.59: one other unit of the named type within range that
            // can still act.
            Op::Boost { unit, within, .. } => {
                for (i, v) in self.st.units.iter().enumerate() {
                    if i != actor.index()
                        && v.kind == unit
                        && self.can_act(v)
                        && board.distance(at, v.pos) <= u32::from(within)
                        && !f(UnitId(i as u8))
                    {
                        return;
                    }
                }
            }
            // A foe whose Detection roll forbade this unit's effect this turn stays out of
            // reach until next turn (`detection_retry = next-turn`, sk.detect.card-fate).
            Op::Ranged { ranges, .. } => {
                self.ranged_targets(u, ranges, |t| self.st.foiled.contains(&(actor, t)) || f(t))
            }
            _ => {}
        }
    }

    /// Whether a targeted effect step has any target.
    pub fn has_effect_target(&self, actor: UnitId, op: Op) -> bool {
        let mut any = false;
        self.effect_targets(actor, op, |_| {
            any = true;
            false
        });
        any
    }

    /// Empty hexes next to a unit (sk.special.spawn, sk.gap.60).
    pub fn free_neighbours(&self, u: &Unit) -> impl Iterator<Item = HexId> + '_ {
        let p = self.pos(u);
        self.st.board.neighbours(p).filter(|h| !self.occ.any(*h))
    }
}

/// An attack target while listing, before it becomes an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AttackTargetRef {
    /// A unit.
    Unit(UnitId),
    /// A hex.
    Hex(HexId),
}

/// Where `viewer` believes `u` stands: its real hex, unless positions of Hidden units are
/// hidden and `u` is an enemy Hidden unit, which is where it was last seen (sk.gap.69).
pub(crate) fn seen_pos(st: &State, u: &Unit, viewer: u8) -> HexId {
    if st.options.hidden_positions == HiddenPositions::Hidden && u.hidden && u.controller != viewer
    {
        u.seen_at
    } else {
        u.pos
    }
}

/// Which hexes hold units as one side believes: up to [`OCC_LIST`] on-map units copied into a
/// small list behind a 64-bit filter (hex index modulo 64); beyond that it falls back to
/// scanning the unit list. Nothing is allocated.
#[derive(Clone, Copy)]
pub(crate) struct Occupancy<'a> {
    sk: &'a Skirmish,
    st: &'a State,
    seat: u8,
    filter: u64,
    hexes: [u16; OCC_LIST],
    /// The unit index of each listed hex.
    ids: [u8; OCC_LIST],
    flyers: u32,
    /// Listed units commanded by the other side.
    foes: u32,
    len: u8,
    overflow: bool,
}

/// Units an [`Occupancy`] copies.
const OCC_LIST: usize = 32;

impl<'a> Occupancy<'a> {
    #[inline(always)]
    fn new(sk: &'a Skirmish, st: &'a State, seat: u8) -> Occupancy<'a> {
        let mut occ = Occupancy {
            sk,
            st,
            seat,
            filter: 0,
            hexes: [0; OCC_LIST],
            ids: [0; OCC_LIST],
            flyers: 0,
            foes: 0,
            len: 0,
            overflow: false,
        };
        for (i, u) in st.units.iter().enumerate() {
            if !u.on_map() {
                continue;
            }
            let p = seen_pos(st, u, seat);
            occ.filter |= 1 << (p.0 % 64);
            let n = usize::from(occ.len);
            if n < OCC_LIST {
                occ.hexes[n] = p.0;
                occ.ids[n] = i as u8;
                if sk.info(u).flyer {
                    occ.flyers |= 1 << n;
                }
                if u.controller != seat {
                    occ.foes |= 1 << n;
                }
                occ.len += 1;
            } else {
                occ.overflow = true;
            }
        }
        occ
    }

    fn find(&self, hex: HexId, flyer: Option<bool>) -> bool {
        if self.filter & (1 << (hex.0 % 64)) == 0 {
            return false;
        }
        if self.overflow {
            return self.st.units.iter().any(|u| {
                u.on_map()
                    && seen_pos(self.st, u, self.seat) == hex
                    && flyer.is_none_or(|f| self.sk.info(u).flyer == f)
            });
        }
        self.hexes[..usize::from(self.len)]
            .iter()
            .enumerate()
            .any(|(i, h)| {
                *h == hex.0 && flyer.is_none_or(|f| (self.flyers >> i) & 1 == u32::from(f))
            })
    }
}

impl Occupied for Occupancy<'_> {
    fn ground(&self, hex: HexId) -> bool {
        self.find(hex, Some(false))
    }

    fn flyer(&self, hex: HexId) -> bool {
        self.find(hex, Some(true))
    }

    fn any(&self, hex: HexId) -> bool {
        self.find(hex, None)
    }
}
