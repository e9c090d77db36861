//! What the Central Officer can tell the app. Time enters here: the clock lives in the front
//! end, and every press (DONE, pause, resume) or expiry arrives as an action carrying the
//! seconds the rules need, so a replay never reads a clock.

use serde::{Deserialize, Serialize};

/// A continent's panic colour as the Central Officer reports it (bg.panic.sections).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Colour {
    /// In the yellow section.
    #[default]
    Yellow,
    /// In the red section.
    Red,
    /// On the orange space: fallen into panic (bg.panic.fallen).
    Fallen,
}

impl Colour {
    /// Every colour, in track order.
    pub const ALL: [Colour; 3] = [Colour::Yellow, Colour::Red, Colour::Fallen];

    /// The colour's name.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Yellow => "yellow",
            Colour::Red => "red",
            Colour::Fallen => "fallen",
        }
    }
}

/// One input to the app. Every one is the Central Officer's (bg.role.central-officer).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Setup is done, or the round's briefing is read: go on.
    Begin,
    /// DONE pressed with `left` whole seconds on the running clock: the action's timer, the
    /// pause reserve an expired alien action is draining, or the final window (bg.app.done).
    Done {
        /// Seconds left on the running clock.
        left: u32,
    },
    /// The running clock reached zero (bg.app.xcom-expiry, bg.app.alien-expiry-hold).
    Expire,
    /// Pause pressed with `left` seconds on the action's timer (bg.app.pause).
    Pause {
        /// Seconds left on the action's timer.
        left: u32,
    },
    /// Pause released with `left` seconds of pause time remaining.
    Resume {
        /// Pause seconds left.
        left: u32,
    },
    /// The menu opened, stopping the clock at `left` without using pause time
    /// (bg.app.menu-pause).
    Menu {
        /// Seconds left on the running clock.
        left: u32,
    },
    /// The menu closed.
    MenuResume,
    /// A forecast asked for while the scanner is lit (bg.app.forecast).
    Forecast,
    /// The current resolution step is finished.
    Next,
    /// An answer to the current question: a count, or 1 for yes and 0 for no.
    Answer(u8),
    /// A continent's panic colour, in the summary or the final count.
    Panic {
        /// Index into the continents.
        continent: u8,
        /// Its colour now.
        colour: Colour,
    },
}
