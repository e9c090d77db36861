//! The game state: units on the map, hands, the shared deck, tokens, and the stack of
//! decisions in progress.
//!
//! Everything here is small integers and vectors so a state clones and hashes cheaply: AI
//! search copies it thousands of times a second. Unit types, tables and cards are named by
//! catalog ids; the map itself sits behind an `Arc` because it never changes during a game.

use crate::board::Board;
use crate::catalog::{CardId, TableId, UnitTypeId};
use crate::effects::RangedKind;
use crate::options::Options;
use serde::{Deserialize, Serialize};
use squadsight_core::deck::Deck;
use std::fmt;
use std::sync::Arc;

/// The most card types a hand can hold (the printed deck has 23).
pub const MAX_CARD_TYPES: usize = 32;

/// The most units a game can ever hold, spawned and zombified ones included; a Spawn or a
/// zombification beyond it has no effect.
pub const MAX_UNITS: usize = 250;

/// The most units a scenario may place, leaving room for units that appear later.
pub const MAX_START_UNITS: usize = 120;

/// A unit's index in the state (stable for the whole game, dead units included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct UnitId(pub u8);

impl UnitId {
    /// The index into the unit list.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A hex's index on the map: `row * width + col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct HexId(pub u16);

impl HexId {
    /// The index into per-hex vectors.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A hand of cards as a count per card type: two copies of one card are one entry, so the
/// action list never repeats a play for each copy.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Hand {
    counts: [u8; MAX_CARD_TYPES],
    /// Bit `i` set when `counts[i] > 0`.
    held: u32,
    len: u8,
}

impl Hand {
    /// An empty hand.
    pub fn new() -> Hand {
        Hand::default()
    }

    /// Copies of `card` held.
    pub fn count(&self, card: CardId) -> u8 {
        self.counts.get(card.index()).copied().unwrap_or(0)
    }

    /// Whether at least one copy of `card` is held.
    pub fn has(&self, card: CardId) -> bool {
        self.count(card) > 0
    }

    /// Cards held in all.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the hand is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds one copy.
    pub fn add(&mut self, card: CardId) {
        if let Some(c) = self.counts.get_mut(card.index()) {
            *c = c.saturating_add(1);
            self.len = self.len.saturating_add(1);
            self.held |= 1 << card.index();
        }
    }

    /// Removes one copy; false if there was none.
    pub fn remove(&mut self, card: CardId) -> bool {
        match self.counts.get_mut(card.index()) {
            Some(c) if *c > 0 => {
                *c -= 1;
                self.len -= 1;
                if *c == 0 {
                    self.held &= !(1 << card.index());
                }
                true
            }
            _ => false,
        }
    }

    /// The card types held, ascending, with their counts.
    pub fn iter(&self) -> impl Iterator<Item = (CardId, u8)> + '_ {
        let mut bits = self.held;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some((CardId(i as u8), self.counts[i]))
        })
    }

    /// Every copy, ascending by card type.
    pub fn cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.iter()
            .flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n)))
    }

    /// The `i`-th copy in [`Hand::cards`] order.
    pub fn nth(&self, i: usize) -> Option<CardId> {
        self.cards().nth(i)
    }

    /// Lowers each count to at most `other`'s (what is still known after cards left a hand).
    pub fn clamp_to(&mut self, other: &Hand) {
        let mut len = 0u8;
        let mut held = 0u32;
        for (i, (mine, theirs)) in self.counts.iter_mut().zip(other.counts.iter()).enumerate() {
            *mine = (*mine).min(*theirs);
            len += *mine;
            if *mine > 0 {
                held |= 1 << i;
            }
        }
        self.len = len;
        self.held = held;
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.iter().map(|(c, n)| (c.0, n)))
            .finish()
    }
}

/// Where a unit is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Life {
    /// On the map.
    OnMap,
    /// Killed in this turn; its body lies in its last hex (sk.effect.revive).
    Dead {
        /// The turn it died.
        turn: u32,
    },
    /// Killed and turned into a Zombie: cannot come back (sk.gap.62).
    Zombified,
    /// Ran off the map (sk.panic.rout, sk.gap.79).
    Routed,
}

/// A Panic Table result that takes effect on the unit's next turn (sk.gap.78).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PanicEffect {
    /// Immobilised (sk.panic.cower).
    Cower,
    /// May only defend (sk.panic.pinned).
    Pinned,
    /// Must move towards the nearest foe (sk.panic.berserk).
    Berserk,
}

/// One unit: a single soldier or alien standing in one hex (sk.setup.units).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    /// Its type.
    pub kind: UnitTypeId,
    /// The side that fielded it (victory, draw size: sk.gap.7, sk.gap.18).
    pub owner: u8,
    /// The side that commands it now (differs under Mind Control).
    pub controller: u8,
    /// Its hex (the body's hex once dead).
    pub pos: HexId,
    /// Hits left (sk.damage.track).
    pub hits: u8,
    /// Roster Hits: healing never goes above (sk.gap.50).
    pub max_hits: u8,
    /// On the map, dead, zombified or routed.
    pub life: Life,
    /// PSI Soldier (sk.unit.psi).
    pub psi: bool,
    /// An armed Civilian (sk.unit.civilian-unarmed).
    pub armed: bool,
    /// Carries a Hidden Token (sk.detect.start-hidden).
    pub hidden: bool,
    /// The hex where the opponent last saw it (sk.gap.69, `hidden_positions = hidden`).
    pub seen_at: HexId,
    /// The turn it appeared; it may not act in that turn (sk.gap.60, sk.gap.61, sk.gap.62).
    pub arrived: u32,
    /// Free move used this turn (sk.move.free).
    pub free_moved: bool,
    /// Move-card allowance used this turn (sk.move.card-limit).
    pub card_moved: bool,
    /// Moved this turn at all (Civilians, sk.unit.civilian-move-or-attack).
    pub moved: bool,
    /// Attack plays this turn (sk.gap.16; Civilians).
    pub attacks: u8,
    /// Double Tap waiting for this unit's next attack this turn (sk.effect.double-tap).
    pub double_tap: bool,
    /// Immobilised from this turn to `immobile_until`, inclusive (sk.special.immobilized).
    pub immobile_from: u32,
    /// Last immobilised turn; 0 for none.
    pub immobile_until: u32,
    /// Armor defenses barred until this turn starts (sk.effect.destroy-armor, sk.gap.54).
    pub armor_off_until: u32,
    /// Mind Control lasts to the end of this turn (sk.gap.66); 0 for none.
    pub control_until: u32,
    /// Attacks declared against it this turn (sk.gap.75).
    pub attacked: u8,
    /// A Panic trigger waits to be rolled (sk.gap.77).
    pub panic_due: bool,
    /// The last turn it rolled on the Panic Table: one roll per turn (sk.gap.77).
    pub panic_turn: u32,
    /// A Panic result for one of its turns.
    pub panic_effect: Option<(PanicEffect, u32)>,
    /// Alien types it has seen, by type index (sk.gap.76).
    pub seen_types: u64,
    /// Took damage on the opponent's turn and may Rush (sk.gap.68).
    pub rush_ready: bool,
    /// Already reacted in the open reaction window (sk.gap.22).
    pub reacted: bool,
}

impl Unit {
    /// Whether it is on the map.
    #[inline]
    pub fn on_map(&self) -> bool {
        matches!(self.life, Life::OnMap)
    }

    /// Whether it is immobilised during `turn`.
    pub fn immobile(&self, turn: u32) -> bool {
        (self.immobile_from..=self.immobile_until).contains(&turn)
            || self.panic_effect == Some((PanicEffect::Cower, turn))
    }

    /// Whether it is Pinned during `turn` (sk.panic.pinned).
    pub fn pinned(&self, turn: u32) -> bool {
        self.panic_effect == Some((PanicEffect::Pinned, turn))
    }

    /// Whether it is Berserk during `turn` (sk.panic.berserk).
    pub fn berserk(&self, turn: u32) -> bool {
        self.panic_effect == Some((PanicEffect::Berserk, turn))
    }
}

/// The phase of the turn (sk.turn.phases).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Before the first turn (first-player choice).
    Setup,
    /// Drawing and the discard down to the limit.
    Tactical,
    /// Moving and attacking.
    MoveFire,
    /// The discard down to the hand limit.
    End,
    /// The game is over.
    Over,
}

/// Where a played effect comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// A deck card's printed effect.
    Card(CardId),
    /// Row `n` of a table, activated by a Spec card (sk.spec.activate).
    Row(TableId, u8),
    /// A move and attack granted by Boost (sk.effect.boost).
    Grant(u16),
}

/// Why a discard is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiscardWhy {
    /// Tactical phase, down to the hand limit (sk.turn.tactical-discard).
    Tactical,
    /// End phase, down to the hand limit (sk.end.hand-limit).
    End,
    /// A draw-then-discard row (sk.effect.draw-discard).
    Own,
    /// The opponent's Mindfray: the discarding player chooses (sk.effect.opp-discard).
    Opponent,
}

/// What a targeted step aims at, for a pending target choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Aim {
    /// An attack with this attack index.
    Attack(u16),
    /// A ranged effect, a heal, a revive or a boost: the op of the program below.
    Effect,
    /// The empty hex for a spawned unit.
    Spawn(UnitTypeId),
}

/// What an attack is aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttackTarget {
    /// One unit (direct attacks).
    Unit(UnitId),
    /// A hex (Area Affect attacks, sk.gap.31).
    Hex(HexId),
}

/// A played alternative being resolved step by step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Program {
    /// The player who played it.
    pub seat: u8,
    /// The acting unit, if any.
    pub unit: Option<UnitId>,
    /// Where the steps come from.
    pub source: Source,
    /// Which alternative.
    pub alt: u8,
    /// The next step.
    pub pc: u8,
    /// The card played, put on the discard pile when the play ends.
    pub card: Option<CardId>,
    /// Played as a reaction on the opponent's turn (sk.gap.22).
    pub reaction: bool,
    /// The Detection roll forbade the attack: the card goes back to the hand (sk.detect.card-fate).
    pub keep_card: bool,
}

/// Stage of an attack in resolution order (sk.gap.32).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttackStage {
    /// Declared; detection and suppression come next.
    Declared,
    /// Hits on the target hex are being answered and applied.
    Hits,
    /// Rolling splash for neighbour `next` (0–5) (sk.area.splash).
    Splash(u8),
    /// All damage done; panic, victory and the reaction window remain.
    Done,
}

/// An attack in resolution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Attack {
    /// The attacking player.
    pub seat: u8,
    /// The attacking unit.
    pub attacker: UnitId,
    /// Index of the attack numbers.
    pub atk: u16,
    /// Its target.
    pub target: AttackTarget,
    /// Where in the resolution order it is.
    pub stage: AttackStage,
    /// Auto-Kill (printed or Double Tap).
    pub auto_kill: bool,
    /// A Psi attack (Iron Will, sk.gap.57).
    pub psi: bool,
    /// Already reflected once (sk.gap.64).
    pub reflected: bool,
    /// The Detection roll made it miss: an area attack only splashes (sk.gap.72).
    pub missed: bool,
    /// Made as a reaction (no reaction window follows it).
    pub reaction: bool,
    /// Cancelled (suppression, Telekinetic Field, Iron Will).
    pub cancelled: bool,
}

/// Damage waiting for the defender's answer (sk.defense.play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hit {
    /// Who takes it.
    pub unit: UnitId,
    /// Hits before Defense (sk.attack.base-damage, sk.effect.damage-bonus).
    pub amount: u8,
    /// Kill outright if at least 1 Hit gets through (sk.gap.43).
    pub auto_kill: bool,
    /// The attack's declared target: negations allowed and riders apply.
    pub primary: bool,
    /// The unit that caused it (zombification), if any.
    pub source: Option<UnitId>,
    /// Hits negated so far by Defense still standing.
    pub negated: u8,
    /// The Defense just played (Hits it negates), which Flush may cancel (sk.gap.55).
    pub last_defense: u8,
    /// Whether any Defense was played (negations come before Defense, sk.gap.32).
    pub defended: bool,
    /// The defender still has the window open.
    pub open: bool,
}

/// A decision or resolution in progress. The top frame is what happens next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Frame {
    /// The first-player roll's winner names who starts (sk.gap.3).
    ChooseFirst {
        /// The roll's winner.
        seat: u8,
    },
    /// A player picks cards to discard.
    Discard {
        /// Who discards.
        seat: u8,
        /// Cards still to discard.
        left: u8,
        /// Why.
        why: DiscardWhy,
    },
    /// A play being resolved.
    Program(Program),
    /// Where a unit moves (sk.move.card-distance).
    Move {
        /// Who decides.
        seat: u8,
        /// The unit.
        unit: UnitId,
        /// Up to (or exactly) this many hexes.
        hexes: u8,
        /// A jump (sk.gap.10).
        jump: bool,
        /// Staying put is allowed (more steps follow in the same play).
        stay: bool,
    },
    /// What a unit's step aims at.
    Target {
        /// Who decides.
        seat: u8,
        /// The acting unit.
        unit: UnitId,
        /// What kind of step.
        aim: Aim,
    },
    /// An attack in resolution.
    Attack(Attack),
    /// Damage waiting for an answer.
    Hit(Hit),
    /// The attacker may Flush the Defense just played (sk.effect.negate-defense).
    Flush {
        /// The attacker.
        seat: u8,
    },
    /// A ranged effect waiting for its target's answer: Iron Will may cancel a Psi one
    /// (sk.effect.negate-psi, sk.gap.29).
    Ranged {
        /// The acting player.
        seat: u8,
        /// The acting unit.
        actor: UnitId,
        /// The foe it aims at.
        target: UnitId,
        /// What it does.
        kind: RangedKind,
        /// A Psi effect.
        psi: bool,
        /// The target's player has not passed yet.
        open: bool,
    },
    /// The non-active player may react (sk.effect.reaction, sk.gap.22).
    Reaction {
        /// Who may react.
        seat: u8,
        /// The trigger was a move (Sectopod Overwatch answers only moves).
        after_move: bool,
    },
}

/// A finished game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// One side destroyed every unit of the other (sk.victory.annihilation).
    Won(u8),
    /// Both sides lost their last unit at once (sk.gap.8).
    BothWiped,
    /// Neither side can ever damage the other (`stalemate = draw`).
    Stalemate,
}

/// Everything about a Skirmish game in progress, hidden cards included.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) board: Arc<Board>,
    pub(crate) options: Options,
    pub(crate) turn: u32,
    pub(crate) active: u8,
    /// The side that took turn 1.
    pub(crate) first: u8,
    pub(crate) phase: Phase,
    pub(crate) units: Vec<Unit>,
    pub(crate) hands: [Hand; 2],
    pub(crate) deck: Deck<CardId>,
    pub(crate) st: [u16; 2],
    pub(crate) friction: [u8; 2],
    /// `known[s]`: cards in seat `s`'s hand that the other seat has seen this turn.
    pub(crate) known: [Hand; 2],
    /// `known_top[s]`: how many cards on top of the deck seat `s` has seen this turn.
    pub(crate) known_top: [u8; 2],
    pub(crate) stack: Vec<Frame>,
    pub(crate) ending: Option<Ending>,
    /// (attacker, target) pairs whose Detection roll this turn forbade the attack: that unit
    /// may not attack that target again this turn (`detection_retry = next-turn`).
    pub(crate) foiled: Vec<(UnitId, UnitId)>,
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            board: Arc::clone(&self.board),
            options: self.options,
            turn: self.turn,
            active: self.active,
            first: self.first,
            phase: self.phase,
            units: self.units.clone(),
            hands: self.hands,
            deck: self.deck.clone(),
            st: self.st,
            friction: self.friction,
            known: self.known,
            known_top: self.known_top,
            stack: self.stack.clone(),
            ending: self.ending,
            foiled: self.foiled.clone(),
        }
    }

    /// Copies `source` into this state, reusing the unit list's and the stack's memory (AI
    /// search copies states over and over).
    fn clone_from(&mut self, source: &State) {
        let State {
            board,
            options,
            turn,
            active,
            first,
            phase,
            units,
            hands,
            deck,
            st,
            friction,
            known,
            known_top,
            stack,
            ending,
            foiled,
        } = source;
        self.board.clone_from(board);
        self.options = *options;
        self.turn = *turn;
        self.active = *active;
        self.first = *first;
        self.phase = *phase;
        self.units.clone_from(units);
        self.hands = *hands;
        self.deck.clone_from(deck);
        self.st = *st;
        self.friction = *friction;
        self.known = *known;
        self.known_top = *known_top;
        self.stack.clone_from(stack);
        self.ending = *ending;
        self.foiled.clone_from(foiled);
    }
}

impl State {
    /// The map.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The options the game is played with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The current turn number (1 is the first turn; 0 before it).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The side whose turn it is.
    pub fn active(&self) -> u8 {
        self.active
    }

    /// The phase of the turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Every unit ever fielded, dead ones included.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// One unit.
    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.units.get(id.index())
    }

    /// A side's hand (hidden information: use observations for players).
    pub fn hand(&self, side: u8) -> &Hand {
        &self.hands[usize::from(side & 1)]
    }

    /// A side's suppression tokens (sk.suppression.pool).
    pub fn tokens(&self, side: u8) -> u16 {
        self.st[usize::from(side & 1)]
    }

    /// Cards a side will draw fewer next Tactical phase (sk.effect.draw-penalty).
    pub fn friction(&self, side: u8) -> u8 {
        self.friction[usize::from(side & 1)]
    }

    /// The shared deck and its discard pile (sk.deck.shared).
    pub fn deck(&self) -> &Deck<CardId> {
        &self.deck
    }

    /// The decisions and resolutions in progress, innermost last.
    pub fn stack(&self) -> &[Frame] {
        &self.stack
    }

    /// How the game ended, if it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Units on the map, with their ids.
    pub fn on_map(&self) -> impl Iterator<Item = (UnitId, &Unit)> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.on_map())
            .map(|(i, u)| (UnitId(i as u8), u))
    }

    /// A side's units still in the game for draws, hand limit and victory: the ones it
    /// fielded that are alive on the map, wherever their control lies (sk.gap.18, sk.gap.7).
    pub fn units_left(&self, side: u8) -> usize {
        self.units
            .iter()
            .filter(|u| u.owner == side && u.on_map())
            .count()
    }

    pub(crate) fn unit_mut(&mut self, id: UnitId) -> Option<&mut Unit> {
        self.units.get_mut(id.index())
    }

    pub(crate) fn top(&self) -> Option<&Frame> {
        self.stack.last()
    }

    /// The first turn after the current one in which `side` is active (sk.gap.52, sk.gap.78).
    pub fn next_turn_of(&self, side: u8) -> u32 {
        if self.turn == 0 {
            return if self.first == side { 1 } else { 2 };
        }
        if self.active == side {
            self.turn + 2
        } else {
            self.turn + 1
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Skirmish;
    use squadsight_core::hash::stable_hash;
    use squadsight_core::{Decision, GameRng, Journal, Ruleset, Stream};

    fn played(sk: &Skirmish, seed: u64, steps: usize) -> super::State {
        let scenario = sk.scenario("learning").expect("built in");
        let mut rng = GameRng::new(seed);
        let mut j = Journal::off();
        let mut st = sk
            .setup(&scenario, &Default::default(), &mut rng, &mut j)
            .expect("sets up");
        let mut legal = Vec::new();
        for _ in 0..steps {
            let Decision::Act(seat) = sk.to_act(&st) else {
                break;
            };
            sk.legal_actions(&st, seat, &mut legal);
            let i = rng.below(Stream::Ai, legal.len() as u32) as usize;
            sk.apply(&mut st, seat, &legal[i], &mut rng, &mut j)
                .expect("a listed action applies");
        }
        st
    }

    /// Copying a state over another (as AI search does) gives exactly the copied state.
    #[test]
    fn clone_from_gives_the_same_state_as_clone() {
        let sk = Skirmish::new().expect("rules");
        let (a, b) = (played(&sk, 3, 150), played(&sk, 4, 40));
        let mut copy = b.clone();
        copy.clone_from(&a);
        assert_eq!(copy, a);
        assert_eq!(stable_hash(&copy), stable_hash(&a));
        assert_eq!(a.clone(), a);
        copy.clone_from(&b);
        assert_eq!(copy, b);
    }
}
