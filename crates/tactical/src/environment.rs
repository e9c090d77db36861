//! The end of a round on the battlefield (tac.gap.14: effects "per turn" come at the end of
//! the round): smoke and fire hurt the units in them (tac.smoke.damage, tac.fire.damage,
//! tac.fire.flyers), fire may spread (the `fire_spread` option), clouds count down and burn
//! out (tac.smoke.duration, tac.fire.ignite, tac.fire.objects), and timed grenades count down
//! and go off (tac.throw.prime).

use crate::catalog::{Damage, DamageType};
use crate::damage::Facing as Location;
use crate::engine::Tactical;
use crate::state::{State, Status};
use squadsight_core::{EventKind, GameRng, Input, Journal};

impl Tactical {
    /// Everything the battlefield does at the end of a round, before stun wears off.
    pub(crate) fn environment_round_end(
        &self,
        st: &mut State,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let spread = (st.options.fire_spread > 0).then_some(u32::from(st.options.fire_spread));
        // Smoke, fire and what burns out catch units where they stood as the round ended.
        let stood = crate::explosion::footprints(st);
        let fx = st.bf.end_round(spread, rng, journal);
        let terrain = st.bf.terrain();
        let (stun, burn) = (terrain.smoke_stun, terrain.fire_damage);
        for j in 0..st.units.len() {
            if st.units[j].status == Status::Dead {
                continue;
            }
            let squares = stood
                .get(j)
                .copied()
                .unwrap_or_else(|| st.units[j].cells(&st.bf));
            let in_smoke = squares
                .into_iter()
                .any(|c| fx.smoke.binary_search(&c).is_ok());
            let in_fire = squares
                .into_iter()
                .any(|c| fx.fire.binary_search(&c).is_ok());
            if !in_smoke && !in_fire {
                continue;
            }
            // What smoke and fire do to a unit is read by its witnesses, as its damage is
            // (docs/rules/tactical.md, "The journal and fog of war").
            let prev = self.widen(st, journal, j);
            if in_smoke && stun > 0 {
                let name = self.name(st, j);
                journal.note_with(
                    "tac.smoke.damage",
                    EventKind::Damage,
                    || format!("{name} breathes smoke: {stun} ST"),
                    || vec![Input::new("smoke", stun, "tac.smoke.damage")],
                );
                let dmg = Damage {
                    amount: i16::try_from(stun).unwrap_or(i16::MAX),
                    kind: DamageType::ST,
                    rating: 0,
                };
                // tac.dmg.stun-sources: smoke is a source of stun.
                self.damage_unit_at(st, j, dmg, Location::Under, false, rng, journal);
            }
            if !in_fire || burn == 0 || st.units[j].status == Status::Dead {
                journal.set_audience(prev);
                continue;
            }
            let name = self.name(st, j);
            if st.units[j].flies {
                // tac.fire.flyers: a flyer hovers clear of the flames.
                journal.note("tac.fire.flyers", EventKind::Damage, || {
                    format!("{name} hovers above the fire and takes no IN")
                });
                journal.set_audience(prev);
                continue;
            }
            journal.note_with(
                "tac.fire.damage",
                EventKind::Damage,
                || format!("{name} stands in fire: {burn} IN"),
                || vec![Input::new("fire", burn, "tac.fire.damage")],
            );
            let dmg = Damage {
                amount: i16::try_from(burn).unwrap_or(i16::MAX),
                kind: DamageType::IN,
                rating: 0,
            };
            // tac.gap.54: fire never wounds critically; flames lick from below.
            self.damage_unit_at(st, j, dmg, Location::Under, false, rng, journal);
            journal.set_audience(prev);
        }
        if !fx.burned_out.destroyed.is_empty() || !fx.burned_out.areas.is_empty() {
            self.after_blast(st, &fx.burned_out, &stood, rng, journal);
        } else if !fx.cleared.is_empty() || !fx.spread.is_empty() {
            // Smoke gone (or new fire) changes what units see (tac.smoke.los).
            st.resight_all();
        }
        self.fuses_at_round_end(st, rng, journal);
    }
}
