//! Game rounds and the dice bag: filling it, drawing a die, who may activate, and the start and
//! end of an activation (cmd.round.*).

use crate::Commander;
use crate::catalog::UnitRule;
use crate::options::PresenceMode;
use crate::state::{Activation, ModelId, Presence, State};
use squadsight_core::bag::DiceBag;
use squadsight_core::journal::EventKind;
use squadsight_core::journal::mention;
use squadsight_core::{GameRng, Journal, Seat};

impl Commander {
    /// Starts the next game round: clears the activation flags, ends Mind Control that has run
    /// its course and fills the bag with one die per model each side still has (cmd.round.fill-bag,
    /// cmd.round.once-per-round, cmd.gap.26), adjusted for AI-mode seats (cmd.gap.39).
    pub(crate) fn start_round(&self, st: &mut State, j: &mut Journal) {
        st.round = st.round.saturating_add(1);
        j.set_context(u32::from(st.round), None);
        for m in &mut st.models {
            m.activated = false;
            m.presence_used = false;
        }
        st.hits_this_round.clear();
        let mut counts = vec![0u16; 2];
        for seat in [Seat(0), Seat(1)] {
            // Hidden Infiltrators keep their die (cmd.gap.52); pods get dice once they appear.
            let models = st
                .models
                .iter()
                .filter(|m| {
                    m.owner == seat && matches!(m.presence, Presence::OnTable | Presence::Hidden)
                })
                .count();
            let models = u8::try_from(models).unwrap_or(u8::MAX);
            let dice = match st.sides[seat.index()].ai {
                // cmd.ai.difficulty: AI dice = models + adjustment, never below one (cmd.gap.39).
                Some(d) => d.dice_for(models),
                None => models,
            };
            counts[seat.index()] = u16::from(dice);
        }
        st.bag = DiceBag::new(counts.clone());
        let (a, b) = (counts[0], counts[1]);
        let names = [mention(&st.sides[0].name), mention(&st.sides[1].name)];
        let round = st.round;
        j.note("cmd.round.fill-bag", EventKind::Turn, || {
            format!(
                "game round {round}: the bag holds {a} dice of {} and {b} of {}, shaken",
                names[0], names[1]
            )
        });
    }

    /// Ends the game round (cmd.round.end-and-repeat): Mind Control lasting to this round
    /// lapses, and at the round limit the game is decided.
    fn end_round(&self, st: &mut State, j: &mut Journal) {
        let round = st.round;
        for i in 0..st.models.len() {
            let lapse = st.models[i].control.is_some_and(|c| c.until_round <= round);
            if lapse {
                st.models[i].control = None;
                let name = self.model_mention(st, ModelId(i as u8));
                j.note("cmd.sr.mindspin.mind-control", EventKind::Effect, || {
                    format!("Mind Control on {name} ends with the game round")
                });
            }
        }
        // Engagements with a model that changed sides back may now be between friends.
        self.prune_engagements(st);
        if st.round >= st.round_limit {
            self.decide_at_limit(st, j);
        }
    }

    /// Draws dice until one goes to a seat that can use it (cmd.round.draw-die); dice of a seat
    /// with no model able to activate are put on the board unused (cmd.gap.26). An empty bag
    /// ends the round and starts the next (cmd.round.end-and-repeat).
    pub(crate) fn draw_next(&self, st: &mut State, rng: &mut GameRng, j: &mut Journal) {
        st.die = None;
        // Each pass either draws a die or ends a round, and rounds are capped, so this ends.
        for _ in 0..10_000 {
            if st.ending.is_some() {
                return;
            }
            if st.bag.total() == 0 {
                self.end_round(st, j);
                if st.ending.is_some() {
                    return;
                }
                self.start_round(st, j);
                continue;
            }
            let total = st.bag.total();
            let Some(seat) = st.bag.draw(rng, j, "cmd.round.draw-die") else {
                continue;
            };
            let mine = u32::from(st.bag.left(seat)) + 1;
            let name = mention(&st.sides[seat.index()].name);
            j.note("cmd.round.draw-die", EventKind::Draw, || {
                format!("the die goes to {name} (p = {mine}/{total})")
            });
            if self.eligible(st, seat).is_empty() {
                j.note("cmd.gap.26", EventKind::Draw, || {
                    format!("{name} has no model left to activate: the die is set aside unused")
                });
                continue;
            }
            st.die = Some(seat);
            j.set_context(u32::from(st.round), Some(seat));
            return;
        }
    }

    /// The models `seat` may activate with a drawn die (cmd.round.activate-on-draw): its own
    /// models on the table that have not activated this round, are not Mind Controlled by the
    /// enemy and are not casters holding Mind Control; plus enemy models it Mind Controls
    /// (cmd.sr.mindspin.mind-control). An Impossible AI Squad whose models have all acted may
    /// use its extra die on one of them again (cmd.gap.39).
    pub(crate) fn eligible(&self, st: &State, seat: Seat) -> Vec<ModelId> {
        let caster_busy = |id: ModelId| {
            st.models
                .iter()
                .any(|o| o.alive() && o.control.is_some_and(|c| c.caster == id))
        };
        let usable = |again: bool| {
            st.models
                .iter()
                .filter(|m| m.on_table() && m.controller() == seat)
                .filter(|m| again || !m.activated)
                .filter(|m| !caster_busy(m.id))
                .map(|m| m.id)
                .collect::<Vec<_>>()
        };
        let fresh = usable(false);
        if fresh.is_empty()
            && st.sides[seat.index()]
                .ai
                .is_some_and(|d| d.activation_adjustment() > 0)
        {
            return usable(true);
        }
        fresh
    }

    /// Begins an activation of `id` for `seat`: Down and Overwatch end as it starts
    /// (cmd.gap.6, cmd.gap.12), it is marked as activated (cmd.round.once-per-round), and a
    /// charge planted by it goes off if it has not been hit since (Gatecrasher).
    pub(crate) fn begin_activation(
        &self,
        st: &mut State,
        id: ModelId,
        seat: Seat,
        commanded: bool,
        j: &mut Journal,
    ) {
        let name = self.journal_name(j, st, id);
        let commands = if commanded || st.model(id).is_some_and(|m| m.presence_used) {
            0
        } else {
            self.presence_count(st, id)
        };
        let Some(m) = st.model_mut(id) else {
            return;
        };
        let was_down = m.down;
        m.down = false;
        m.overwatch = None;
        m.activated = true;
        let unhurt = !m.hit_since_activation;
        m.hit_since_activation = false;
        st.stack.push(Activation {
            model: id,
            seat,
            spent: 0,
            moved: false,
            attacked: false,
            charging: false,
            commands_left: commands,
            commanded,
        });
        j.note("cmd.act.pick-model", EventKind::Turn, || {
            let how = if commanded { " on a command" } else { "" };
            let up = if was_down { " and gets up" } else { "" };
            format!("{name} activates{how}{up}")
        });
        self.detonate_charge(st, id, unhurt, j);
    }

    /// How many models `id` may command this activation (cmd.sr.commanding-presence).
    fn presence_count(&self, st: &State, id: ModelId) -> u8 {
        let Some(m) = st.model(id) else { return 0 };
        let unit = self.catalog.unit(m.unit);
        if unit.has(UnitRule::CommandingPresenceII) {
            2
        } else if unit.has(UnitRule::CommandingPresence) {
            1
        } else {
            0
        }
    }

    /// The models `giver` may command now: rulebook mode, ADVENT Troopers within 24 Range in
    /// its sight; files mode (and Commanding Presence II), any model of its faction within 12
    /// Range in sight (cmd.sr.commanding-presence, cmd.gap.48). A commanded model acts at once,
    /// even if it already acted this round.
    pub(crate) fn command_targets(&self, st: &State, giver: ModelId) -> Vec<ModelId> {
        let Some(g) = st.model(giver) else {
            return Vec::new();
        };
        let gunit = self.catalog.unit(g.unit);
        let files = st.options.commanding_presence == PresenceMode::Files
            || gunit.has(UnitRule::CommandingPresenceII);
        let range = if files { 12 } else { 24 };
        st.on_table()
            .filter(|m| m.id != giver && m.controller() == g.controller() && m.owner == g.owner)
            .filter(|m| !m.is_engaged())
            .filter(|m| {
                let u = self.catalog.unit(m.unit);
                if files {
                    u.faction == gunit.faction
                } else {
                    u.name == "ADVENT Trooper"
                }
            })
            .filter(|m| st.board.range(g.cell, m.cell) <= range && st.board.los(g.cell, m.cell))
            .map(|m| m.id)
            .collect()
    }

    /// Ends the innermost activation; when none is left the next die is drawn.
    pub(crate) fn end_activation(&self, st: &mut State, rng: &mut GameRng, j: &mut Journal) {
        if let Some(a) = st.stack.pop() {
            let name = self.journal_name(j, st, a.model);
            j.note("cmd.act.action-cost", EventKind::Turn, || {
                format!("{name} ends its activation")
            });
        }
        self.check_end(st, j);
        if st.ending.is_none() && st.stack.is_empty() && st.windows.is_empty() {
            self.draw_next(st, rng, j);
        }
    }
}
