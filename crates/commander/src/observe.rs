//! What one seat may know.
//!
//! Squads, the table, Wounds, the dice left in the bag and every marker are open information in
//! Commander. The one secret is the hidden Infiltrator: the opponent knows the Squad holds it
//! and sees the three civilian markers, but its owner only commits to a marker when one is
//! discovered (cmd.sr.infiltrator, cmd.gap.52), so no position exists to hide yet. An
//! observation is therefore the state with the hidden model's details kept from the opponent,
//! and a determinized state is the observation's own state.

use crate::Commander;
use crate::state::{Presence, State};
use squadsight_core::Seat;

/// What a seat sees.
#[derive(Clone, Debug)]
pub struct Observation {
    /// The seat observing.
    pub seat: Seat,
    /// The state as that seat may know it.
    pub state: State,
}

impl Commander {
    /// The observation of `seat`: an opponent's hidden Infiltrator shows no loadout.
    pub(crate) fn observation(&self, st: &State, seat: Seat) -> Observation {
        let mut state = st.clone();
        for m in &mut state.models {
            if m.presence == Presence::Hidden && m.owner != seat {
                m.attachments.clear();
                m.vest = None;
            }
        }
        Observation { seat, state }
    }

    /// A full state consistent with an observation. Nothing the observer cannot see changes
    /// what it may do, so the observed state serves as is.
    pub(crate) fn determinized(&self, obs: &Observation) -> State {
        obs.state.clone()
    }
}
