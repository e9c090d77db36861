//! What a map cell holds, in the shell's one vocabulary. A ruleset's view fills a
//! [`CellLook`] per cell; the canvases turn it into glyphs and styles through the theme, so
//! every map of every ruleset reads the same way.
//!
//! The vocabulary is meant to grow by variants, not by new drawing code: Tactical's levels
//! are `height`, its fog of war is `fog`, fire and smoke are `effect`; a continent of the
//! board game's world map is a `Ground` kind of its own when it comes.
//!
//! It stands below both the theme (whose glyph tables are keyed by it) and the map canvases
//! (which draw it), so neither reaches into the other for it.

/// The ground of a cell, from open ground to solid walls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Ground {
    /// Open ground: no cover.
    #[default]
    Open,
    /// Light cover (scrub, low walls): Skirmish terrain 2, Commander soft cover.
    Light,
    /// Medium cover: Skirmish terrain 3.
    Medium,
    /// Heavy cover: Skirmish terrain 4, Commander hard cover.
    Heavy,
    /// The heaviest cover: Skirmish terrain 5.
    Solid,
    /// Slows or stops movement but is no cover (Commander obstacles).
    Obstacle,
    /// Nothing passes (Commander impassable pieces, Tactical walls).
    Wall,
}

impl Ground {
    /// Every kind, open first (the legend's order).
    pub const ALL: [Ground; 7] = [
        Ground::Open,
        Ground::Light,
        Ground::Medium,
        Ground::Heavy,
        Ground::Solid,
        Ground::Obstacle,
        Ground::Wall,
    ];
}

/// What the decision being made marks on a cell, weakest first: where two meet, the
/// stronger is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Overlay {
    /// Nothing.
    #[default]
    None,
    /// Within the chosen weapon's full range (and in sight); on a play with several
    /// effects, within reach of its first.
    Range,
    /// Within reach only of a later effect of the play being chosen (a second attack whose
    /// range differs from the first's).
    RangeAlt,
    /// Within the chosen weapon's half range (and in sight).
    HalfRange,
    /// On the line of sight from the acting unit to the cursor.
    Line,
    /// An enemy the acting unit sees.
    Seen,
    /// Reached by a move that costs more (Commander's 2-action run).
    Reach2,
    /// Reached by the move being chosen.
    Reach,
    /// A unit the decision may pick (the model a drawn die activates).
    Pick,
    /// A legal target.
    Target,
    /// What blocks the line of sight to the cursor.
    Blocker,
}

/// How much of a cell the viewer sees (fog of war).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Fog {
    /// In sight now: everything is drawn.
    #[default]
    Seen,
    /// Seen before: the ground is drawn dimmed, units are not.
    Remembered,
    /// Never seen: drawn blank.
    Unknown,
}

/// Something burning or drifting over a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Fire.
    Fire,
    /// Smoke.
    Smoke,
}

/// A marker that is not a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    /// An objective.
    Objective,
    /// A face-down marker (a Commander civilian marker, which may hide an Infiltrator).
    Unknown,
}

/// Whether a unit may still act.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum UnitState {
    /// Nothing to say (an enemy, or no decision is open).
    #[default]
    Idle,
    /// It may still act in the decision being made.
    Ready,
    /// It has acted this round or turn.
    Done,
    /// The selected (or acting) unit.
    Selected,
}

/// A unit as the map draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitLook {
    /// Its type's two-letter abbreviation.
    pub kind: [char; 2],
    /// The side commanding it (colour and side marker).
    pub side: u8,
    /// Hits or wounds left, when the map shows them as a digit (Skirmish); `None` shows
    /// the side marker in that place instead.
    pub hits: Option<u8>,
    /// It has lost hits or wounds.
    pub wounded: bool,
    /// Whether it may still act.
    pub state: UnitState,
    /// Hidden, Down or otherwise not at full presence: drawn in lower case.
    pub low: bool,
    /// Only where the opponent last saw it (a hidden enemy).
    pub last_seen: bool,
    /// Of the same unit as the selected or pointed-at model (Commander's models of a unit).
    pub group: bool,
    /// Another unit shares the cell (a Flyer above).
    pub extra: bool,
}

impl UnitLook {
    /// A unit of type `kind` commanded by `side` with nothing more to say about it: idle,
    /// unhurt, at full presence, its side marker where hits would go.
    pub const fn plain(kind: [char; 2], side: u8) -> UnitLook {
        UnitLook {
            kind,
            side,
            hits: None,
            wounded: false,
            state: UnitState::Idle,
            low: false,
            last_seen: false,
            group: false,
            extra: false,
        }
    }
}

/// Everything a canvas needs to draw one cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellLook {
    /// Its ground.
    pub ground: Ground,
    /// Its height or level above the lowest, 0 for ground level.
    pub height: u8,
    /// The unit shown there.
    pub unit: Option<UnitLook>,
    /// A marker shown there when no unit is.
    pub token: Option<Token>,
    /// What the decision marks there.
    pub overlay: Overlay,
    /// How much of it the viewer sees.
    pub fog: Fog,
    /// Fire or smoke.
    pub effect: Option<Effect>,
    /// The map cursor is on it.
    pub cursor: bool,
    /// The raw ratings, when the player has the numbers overlay on: drawn in place of the
    /// ground glyphs.
    pub numbers: Numbers,
}

/// The raw numbers of a cell the numbers overlay shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Numbers {
    /// The overlay is off.
    #[default]
    Off,
    /// One number, in the middle (Commander's piece height).
    One(u8),
    /// Two numbers either side of a slash (Skirmish terrain / elevation).
    Two(u8, u8),
}

/// Two-letter abbreviations of unit names, unique ignoring case (so a unit drawn in lower
/// case still reads as its type), in the names' order: the first word's initial, then the
/// first free of the later words' initials ("Thin Man" → TM, "ADVENT Stun Lancer" → AS), the
/// first word's own letters ("Squaddie" → Sq), the later words' letters, and a digit as a
/// last resort.
pub fn abbreviations<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<[char; 2]> {
    let mut out: Vec<[char; 2]> = Vec::new();
    for name in names {
        let words: Vec<Vec<char>> = name
            .split(|c: char| c.is_whitespace() || c == '-' || c == ':')
            .map(|w| {
                w.chars()
                    .filter(|c| c.is_alphanumeric())
                    .collect::<Vec<_>>()
            })
            .filter(|w| !w.is_empty())
            .collect();
        let first = words
            .first()
            .and_then(|w| w.first())
            .copied()
            .unwrap_or('?')
            .to_ascii_uppercase();
        let mut candidates: Vec<char> = Vec::new();
        candidates.extend(words.iter().skip(1).filter_map(|w| w.first().copied()));
        candidates.extend(words.first().into_iter().flatten().skip(1).copied());
        candidates.extend(words.iter().skip(1).flatten().skip(1).copied());
        candidates.extend('0'..='9');
        let taken = |a: [char; 2]| {
            out.iter()
                .any(|b| a[0].eq_ignore_ascii_case(&b[0]) && a[1].eq_ignore_ascii_case(&b[1]))
        };
        let pick = candidates
            .into_iter()
            .map(|c| [first, c])
            .find(|a| !taken(*a))
            .unwrap_or([first, '?']);
        out.push(pick);
    }
    out
}
