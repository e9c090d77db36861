//! What a Commander table cell holds, in the shell's map vocabulary: a terrain piece's form
//! is its ground (cmd.terrain.*), its height the height glyph; the shared canvases
//! ([`crate::map::grid`] in detail, [`crate::map::overview`] for the whole table) draw it.
//! The legend says what every mark on this map means.

use crate::map::legend::{Item, Sample};
use crate::map::{Ground, Overlay, Token, UnitState};
use squadsight_commander::board::TerrainKind;

pub use crate::map::Overlay as Mark;

/// The ground of a terrain piece's form (open ground without one).
pub fn ground(kind: Option<TerrainKind>) -> Ground {
    match kind {
        None => Ground::Open,
        Some(TerrainKind::SoftCover) => Ground::Light,
        Some(TerrainKind::HardCover) => Ground::Heavy,
        Some(TerrainKind::Obstacle) => Ground::Obstacle,
        Some(TerrainKind::Impassable) => Ground::Wall,
    }
}

/// Every mark of the Commander table.
pub const LEGEND: &[Item] = &[
    Item {
        sample: Sample::Ground(Ground::Open),
        what: "open ground",
    },
    Item {
        sample: Sample::Ground(Ground::Light),
        what: "soft cover",
    },
    Item {
        sample: Sample::Ground(Ground::Heavy),
        what: "hard cover",
    },
    Item {
        sample: Sample::Ground(Ground::Obstacle),
        what: "obstacle (no cover)",
    },
    Item {
        sample: Sample::Ground(Ground::Wall),
        what: "impassable",
    },
    Item {
        sample: Sample::Height(1),
        what: "a piece 1 high (middle glyph)",
    },
    Item {
        sample: Sample::Height(2),
        what: "2 high",
    },
    Item {
        sample: Sample::Height(4),
        what: "4 or more high",
    },
    Item {
        sample: Sample::Token(Token::Objective),
        what: "objective",
    },
    Item {
        sample: Sample::Token(Token::Unknown),
        what: "civilian marker (face down)",
    },
    Item {
        sample: Sample::Unit(0, false),
        what: "seat 1 model: unit letters, +",
    },
    Item {
        sample: Sample::Unit(1, false),
        what: "seat 2 model: unit letters, x",
    },
    Item {
        sample: Sample::Wounded,
        what: "wounded: marker underlined",
    },
    Item {
        sample: Sample::State(UnitState::Ready),
        what: "may still act this round: marker reversed",
    },
    Item {
        sample: Sample::State(UnitState::Done),
        what: "activated this round: dim, no badge",
    },
    Item {
        sample: Sample::State(UnitState::Selected),
        what: "selected or acting model",
    },
    Item {
        sample: Sample::Group,
        what: "underlined: the rest of its unit",
    },
    Item {
        sample: Sample::Overlay(Overlay::Pick),
        what: "the drawn die may activate it",
    },
    Item {
        sample: Sample::Overlay(Overlay::Reach),
        what: "a 1-action Run or Climb ends here",
    },
    Item {
        sample: Sample::Overlay(Overlay::Reach2),
        what: "a 2-action Run or Climb ends here",
    },
    Item {
        sample: Sample::Overlay(Overlay::HalfRange),
        what: "short range (under half): +1 to hit",
    },
    Item {
        sample: Sample::Overlay(Overlay::Range),
        what: "long range (half or more): -1 to hit",
    },
    Item {
        sample: Sample::Overlay(Overlay::Target),
        what: "a legal target",
    },
    Item {
        sample: Sample::Overlay(Overlay::Line),
        what: "line of sight to the cursor",
    },
    Item {
        sample: Sample::Overlay(Overlay::Blocker),
        what: "blocks that line of sight",
    },
    Item {
        sample: Sample::Cursor,
        what: "the map cursor",
    },
    Item {
        sample: Sample::Text("#"),
        what: "shows piece heights as numbers",
    },
];
