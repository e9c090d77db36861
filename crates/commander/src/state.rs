//! A game in progress: the table, every model, the dice bag, the activation under way and any
//! decision window that interrupts it.
//!
//! Everything in play is per model (cmd.gap.57): each model has its own die, Wounds, status and
//! activation flag; units only group models for Squad building and share a profile.

use crate::ai_mode::difficulty::Difficulty;
use crate::board::{Board, Cell};
use crate::catalog::{Faction, ItemId, RankId, UnitId, VestId, WeaponId};
use crate::combat::AttackKind;
use crate::options::Options;
use serde::{Deserialize, Serialize};
use squadsight_core::Seat;
use squadsight_core::bag::DiceBag;
use std::sync::Arc;

/// The most models one game may hold (both Squads, pods and free Troopers together).
pub const MAX_MODELS: usize = 64;

/// An occupancy value for a cell holding a marker (an objective marker or an Infiltrator's
/// civilian marker) rather than a model.
pub const TOKEN: u8 = u8::MAX;

/// A model's index in [`State::models`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
pub struct ModelId(pub u8);

impl ModelId {
    /// The index into [`State::models`].
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Where a model is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Presence {
    /// On the table at its cell.
    OnTable,
    /// An Infiltrator not yet revealed: off the table, represented by markers (cmd.sr.infiltrator).
    Hidden,
    /// In an AI pod that has not appeared yet.
    Reserve,
    /// Destroyed and removed (cmd.dmg.destroyed-at-zero).
    Destroyed,
}

/// Mind Control on a model (cmd.sr.mindspin.mind-control, cmd.gap.42).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Control {
    /// The seat that controls it now.
    pub by: Seat,
    /// The caster, which cannot activate while control lasts.
    pub caster: ModelId,
    /// Control ends when this game round ends.
    pub until_round: u16,
}

/// One model in play.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Model {
    /// Its id.
    pub id: ModelId,
    /// The seat whose Squad it belongs to.
    pub owner: Seat,
    /// Its unit profile.
    pub unit: UnitId,
    /// 1-based number among the models of its unit, for names.
    pub number: u8,
    /// Its weapons, primary first (cmd.gap.56: an Attack uses one of them).
    pub weapons: Vec<WeaponId>,
    /// Weapon attachments.
    pub attachments: Vec<ItemId>,
    /// Its vest.
    pub vest: Option<VestId>,
    /// Its rank.
    pub rank: RankId,
    /// Wounds left (cmd.sr.wounds).
    pub wounds: u8,
    /// Wounds at the start.
    pub max_wounds: u8,
    /// Its cell (meaningful while on the table).
    pub cell: Cell,
    /// Where it is.
    pub presence: Presence,
    /// Whether it has activated this game round (cmd.round.once-per-round).
    pub activated: bool,
    /// Whether it is Down (cmd.gap.6).
    pub down: bool,
    /// The weapon it holds on Overwatch, if any (cmd.act.overwatch.one).
    pub overwatch: Option<WeaponId>,
    /// The models it is engaged with (cmd.melee.engage-on-contact).
    pub engaged: Vec<ModelId>,
    /// Whether it is its Squad's Leader (cmd.prep.leader-choice).
    pub leader: bool,
    /// Permanent WILL loss (cmd.prep.leader-loss-will).
    pub will_penalty: u8,
    /// Mind Control on it.
    pub control: Option<Control>,
    /// Whether an attack has hit it since it last began an activation (Gatecrasher's charge).
    pub hit_since_activation: bool,
    /// The free ADVENT Trooper of Faction – ADVENT (cmd.sr.faction-advent).
    pub free_trooper: bool,
    /// Whether it has used Commanding Presence this game round (once per round per model,
    /// cmd.sr.commanding-presence).
    pub presence_used: bool,
}

impl Model {
    /// Whether it stands on the table.
    pub fn on_table(&self) -> bool {
        self.presence == Presence::OnTable
    }

    /// Whether it is still in the game (on the table, hidden or in reserve).
    pub fn alive(&self) -> bool {
        self.presence != Presence::Destroyed
    }

    /// The seat that decides for it now: the controller while Mind Controlled, else its owner.
    pub fn controller(&self) -> Seat {
        self.control.map_or(self.owner, |c| c.by)
    }

    /// Whether it is engaged with anyone.
    pub fn is_engaged(&self) -> bool {
        !self.engaged.is_empty()
    }
}

/// One activation under way (cmd.act.pick-model).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Activation {
    /// The model acting.
    pub model: ModelId,
    /// The seat deciding for it.
    pub seat: Seat,
    /// Actions spent, 0 to 2 (cmd.act.action-cost).
    pub spent: u8,
    /// Whether it made a Run or Climb this activation (cmd.gap.17).
    pub moved: bool,
    /// Whether it attacked this activation (cmd.gap.16: one Attack per activation).
    pub attacked: bool,
    /// Whether it ran into base contact to charge and must now charge (cmd.gap.23).
    pub charging: bool,
    /// Commanding Presence activations it may still give (cmd.sr.commanding-presence).
    pub commands_left: u8,
    /// Whether this activation was given by Commanding Presence.
    pub commanded: bool,
}

/// A scatter shot waiting for the targeted player to place its point (cmd.sr.scatter).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScatterShot {
    /// The firer.
    pub attacker: ModelId,
    /// The weapon.
    pub weapon: WeaponId,
    /// The model originally targeted.
    pub target: ModelId,
    /// How the attack was made (for the new target's tests).
    pub kind: AttackKind,
    /// Whether the firer had moved.
    pub moved: bool,
    /// Whether the weapon is High Explosive (the point's terrain is blasted).
    pub blast: bool,
}

/// A decision that interrupts play for one seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Window {
    /// The targeted player places a scatter point 3 Range from the target (cmd.sr.scatter).
    Scatter {
        /// The targeted player.
        seat: Seat,
        /// The shot.
        shot: ScatterShot,
    },
    /// An Infiltrator's owner may reveal it at a marker just seen (cmd.sr.infiltrator).
    Reveal {
        /// The infiltrating player.
        seat: Seat,
        /// The hidden model.
        model: ModelId,
        /// Markers just discovered (indices into [`State::markers`]).
        markers: Vec<u8>,
        /// Whether the model must appear now (the last marker was found).
        forced: bool,
    },
    /// A model engaged with a fleeing model may make a free attack (cmd.melee.flee-free-attack).
    FreeAttack {
        /// The attacker's controller.
        seat: Seat,
        /// The attacker.
        attacker: ModelId,
        /// The model that fled.
        target: ModelId,
        /// Others still to be offered their free attack, in order.
        queue: Vec<ModelId>,
    },
}

impl Window {
    /// The seat deciding.
    pub fn seat(&self) -> Seat {
        match self {
            Window::Scatter { seat, .. }
            | Window::Reveal { seat, .. }
            | Window::FreeAttack { seat, .. } => *seat,
        }
    }
}

/// How an objective is completed (cmd.gap.28).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Method {
    /// [Interact] (cmd.sr.interact).
    Interact,
    /// [Search] (cmd.sr.search); a searchable objective (cmd.sr.weak-minded).
    Search,
    /// [Computer Use] (cmd.sr.computer-use).
    Hack,
    /// Reached by ending a move beside it.
    Reach,
}

impl Method {
    /// The ability's name.
    pub fn name(self) -> &'static str {
        match self {
            Method::Interact => "[Interact]",
            Method::Search => "[Search]",
            Method::Hack => "[Computer Use]",
            Method::Reach => "reach",
        }
    }
}

/// One objective on the table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Objective {
    /// Name shown to players.
    pub name: String,
    /// How it is completed.
    pub method: Method,
    /// The cells it fills (a marker's one cell or a terrain piece's cells).
    pub cells: Vec<Cell>,
    /// Only this seat may complete it (`None`: either).
    pub for_seat: Option<Seat>,
    /// Whether it is completed.
    pub done: bool,
    /// Gatecrasher: the model that planted the charge on it and is waiting to detonate.
    pub planted: Option<ModelId>,
}

/// A civilian marker standing in for a hidden Infiltrator (cmd.sr.infiltrator).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Marker {
    /// Its cell.
    pub cell: Cell,
    /// The infiltrating seat.
    pub owner: Seat,
    /// The hidden model it may become.
    pub model: ModelId,
    /// Whether an enemy has seen it (it is then removed or becomes the model).
    pub discovered: bool,
}

/// When an AI pod appears.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Trigger {
    /// When an enemy model comes within `range` Range of `cell`; the pod appears there.
    Near {
        /// The pod's spot.
        cell: Cell,
        /// The trigger distance.
        range: u8,
    },
    /// When an enemy model first sees objective `objective`; the pod appears within 2D6 Range
    /// of it.
    Sight {
        /// Index into [`State::objectives`].
        objective: u8,
    },
}

/// A group of models waiting off the table (operation pods).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pod {
    /// The models.
    pub models: Vec<ModelId>,
    /// What brings it on.
    pub trigger: Trigger,
    /// Whether it has appeared.
    pub appeared: bool,
}

/// How the game is won (cmd.gap.27).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Victory {
    /// Destroy every enemy model; at the round limit, the Squad that destroyed more of the
    /// enemy's Supplies wins (equal losses draw).
    Annihilation,
    /// Operation Gatecrasher: the attacker destroys the monument (objective 0) with a charge;
    /// the defender wins if it stands at the end of the round limit.
    Gatecrasher {
        /// The attacking seat.
        attacker: Seat,
    },
    /// An operation against pods: the player completes every objective and destroys every enemy
    /// model; the other side wins by destroying the player or holding out to the round limit.
    Clear {
        /// The player's seat.
        player: Seat,
    },
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ending {
    /// The winner, or `None` for a draw.
    pub winner: Option<Seat>,
    /// Why.
    pub reason: String,
}

/// One seat's side of the game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Side {
    /// The name shown ("XCOM", "ADVENT").
    pub name: String,
    /// Its faction.
    pub faction: Faction,
    /// AI mode, if the rules play this seat (cmd.ai.availability).
    pub ai: Option<Difficulty>,
    /// Whether its Leader has been destroyed (cmd.prep.leader-loss-will).
    pub leader_lost: bool,
    /// Supplies the Squad cost (for the round-limit tiebreak).
    pub points: u32,
}

/// Everything about a game in progress.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The table, shared between copies of the state (observations, AI search) until a piece
    /// is destroyed, which copies it for that state alone.
    pub board: Arc<Board>,
    /// Every model, index = id.
    pub models: Vec<Model>,
    /// Per cell: 0, 1 + the id of the model standing there, or [`TOKEN`] for a marker.
    pub occupancy: Vec<u8>,
    /// The two sides.
    pub sides: [Side; 2],
    /// The game round, from 1.
    pub round: u16,
    /// The last game round.
    pub round_limit: u16,
    /// The dice still in the bag this round (cmd.round.fill-bag).
    pub bag: DiceBag,
    /// The seat holding the die just drawn, waiting to pick a model.
    pub die: Option<Seat>,
    /// Activations under way, innermost last (Commanding Presence nests one).
    pub stack: Vec<Activation>,
    /// Decisions interrupting play, answered first to last.
    pub windows: Vec<Window>,
    /// Objectives.
    pub objectives: Vec<Objective>,
    /// Infiltrator markers.
    pub markers: Vec<Marker>,
    /// AI pods.
    pub pods: Vec<Pod>,
    /// Landed hits this round: the seat of the model that hit, that model, and the model it
    /// hit, each pair once (Squad Tactics counts the other friendly models that hit a target).
    pub hits_this_round: Vec<(Seat, ModelId, ModelId)>,
    /// How the game is won.
    pub victory: Victory,
    /// Set when the game is over.
    pub ending: Option<Ending>,
    /// The options in force.
    pub options: Options,
    /// Actions applied so far (a safety net for the game's length).
    pub steps: u32,
}

impl State {
    /// A model by id.
    pub fn model(&self, id: ModelId) -> Option<&Model> {
        self.models.get(id.index())
    }

    /// A model by id, mutable.
    pub fn model_mut(&mut self, id: ModelId) -> Option<&mut Model> {
        self.models.get_mut(id.index())
    }

    /// The model standing on a cell.
    pub fn model_at(&self, c: Cell) -> Option<ModelId> {
        let i = self.board.index(c)?;
        let v = *self.occupancy.get(i)?;
        (v > 0 && v != TOKEN).then(|| ModelId(v - 1))
    }

    /// The activation under way, innermost.
    pub fn activation(&self) -> Option<&Activation> {
        self.stack.last()
    }

    /// The other seat.
    pub fn opponent(seat: Seat) -> Seat {
        Seat(1 - seat.0.min(1))
    }

    /// Whether two models are on opposite sides right now (Mind Control switches sides).
    pub fn enemies(&self, a: &Model, b: &Model) -> bool {
        a.controller() != b.controller()
    }

    /// The models on the table, in id order.
    pub fn on_table(&self) -> impl Iterator<Item = &Model> + '_ {
        self.models.iter().filter(|m| m.on_table())
    }

    /// Models `seat` still has in the game (on the table, hidden or in reserve).
    pub fn alive_count(&self, seat: Seat) -> usize {
        self.models
            .iter()
            .filter(|m| m.owner == seat && m.alive())
            .count()
    }

    /// Places a model on a cell (the caller checked the cell is free).
    pub(crate) fn put(&mut self, id: ModelId, c: Cell) {
        if let Some(i) = self.board.index(c)
            && let Some(slot) = self.occupancy.get_mut(i)
        {
            *slot = id.0 + 1;
        }
        if let Some(m) = self.models.get_mut(id.index()) {
            m.cell = c;
            m.presence = Presence::OnTable;
        }
    }

    /// Whether nothing (model or marker) stands on a cell.
    pub fn free(&self, c: Cell) -> bool {
        self.board
            .index(c)
            .and_then(|i| self.occupancy.get(i))
            .is_some_and(|v| *v == 0)
    }

    /// Puts or clears a marker token on a cell.
    pub(crate) fn set_token(&mut self, c: Cell, on: bool) {
        if let Some(i) = self.board.index(c)
            && let Some(slot) = self.occupancy.get_mut(i)
            && (*slot == 0 || *slot == TOKEN)
        {
            *slot = if on { TOKEN } else { 0 };
        }
    }

    /// Lifts a model off its cell.
    pub(crate) fn lift(&mut self, id: ModelId) {
        let Some(m) = self.models.get(id.index()) else {
            return;
        };
        if m.on_table()
            && let Some(i) = self.board.index(m.cell)
            && let Some(slot) = self.occupancy.get_mut(i)
            && *slot == id.0 + 1
        {
            *slot = 0;
        }
    }

    /// Moves a model from its cell to another.
    pub(crate) fn relocate(&mut self, id: ModelId, to: Cell) {
        self.lift(id);
        self.put(id, to);
    }
}
