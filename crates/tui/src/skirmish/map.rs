//! What a Skirmish hex holds, in the shell's map vocabulary: terrain 1–5 is the ground from
//! open to the heaviest cover (sk.map.terrain), elevation 1–5 the height above the lowest
//! (sk.map.ratings); the shared canvas ([`crate::map::hexes`]) draws it. The legend says
//! what every mark on this map means.

use crate::map::legend::{Item, Sample};
use crate::map::{Ground, Overlay, UnitState};

/// The ground of a Skirmish terrain rating.
pub fn ground(terrain: u8) -> Ground {
    match terrain {
        0 | 1 => Ground::Open,
        2 => Ground::Light,
        3 => Ground::Medium,
        4 => Ground::Heavy,
        _ => Ground::Solid,
    }
}

/// The height of an elevation rating: 0 for the lowest (1).
pub fn height(elevation: u8) -> u8 {
    elevation.saturating_sub(1)
}

/// Every mark of the Skirmish map.
pub const LEGEND: &[Item] = &[
    Item {
        sample: Sample::Ground(Ground::Open),
        what: "terrain 1: open ground, no cover",
    },
    Item {
        sample: Sample::Ground(Ground::Light),
        what: "terrain 2: cover for Spec 1-2 played here",
    },
    Item {
        sample: Sample::Ground(Ground::Medium),
        what: "terrain 3: cover for Spec 1-3",
    },
    Item {
        sample: Sample::Ground(Ground::Heavy),
        what: "terrain 4: cover for Spec 1-4",
    },
    Item {
        sample: Sample::Ground(Ground::Solid),
        what: "terrain 5: cover for Spec 1-5",
    },
    Item {
        sample: Sample::Height(1),
        what: "elevation 2 (middle glyph; 1 shows none)",
    },
    Item {
        sample: Sample::Height(2),
        what: "elevation 3",
    },
    Item {
        sample: Sample::Height(3),
        what: "elevation 4",
    },
    Item {
        sample: Sample::Height(4),
        what: "elevation 5: blocks sight from below",
    },
    Item {
        sample: Sample::Unit(0, true),
        what: "seat 1 unit: type, hits left; + over it",
    },
    Item {
        sample: Sample::Unit(1, true),
        what: "seat 2 unit: type, hits left; x over it",
    },
    Item {
        sample: Sample::LastSeen,
        what: "hidden: lower case; ? where last seen",
    },
    Item {
        sample: Sample::State(UnitState::Selected),
        what: "selected unit (marked over it too)",
    },
    Item {
        sample: Sample::State(UnitState::Ready),
        what: "may still act: hits reversed, dot over it",
    },
    Item {
        sample: Sample::Overlay(Overlay::Reach),
        what: "the chosen move can end here",
    },
    Item {
        sample: Sample::Overlay(Overlay::Range),
        what: "the card being chosen reaches, in sight",
    },
    Item {
        sample: Sample::Overlay(Overlay::RangeAlt),
        what: "only its later attack or effect reaches",
    },
    Item {
        sample: Sample::Overlay(Overlay::Target),
        what: "a legal target (over a unit: above it)",
    },
    Item {
        sample: Sample::Overlay(Overlay::Line),
        what: "line of sight to the cursor",
    },
    Item {
        sample: Sample::Overlay(Overlay::Blocker),
        what: "blocks that line of sight (over a unit too)",
    },
    Item {
        sample: Sample::Cursor,
        what: "the map cursor",
    },
    Item {
        sample: Sample::Text("3/1"),
        what: "with # on: terrain / elevation",
    },
];
