//! Alien alliances (tac.squad.alien-alliances): the source's background says the species do
//! not work together, except Ethereals with Mutons, and links each terror unit to a species.
//! Whether that limits squad building is open (tac.gap.38); the `alliances` table option
//! decides: `free` (the default) lets species mix, `source` holds an alien squad to one
//! family.

use crate::catalog::Catalog;
use crate::data::Group;
use crate::squad::Loadout;

/// The species each terror unit works with (Alien Terror Units data sheet).
const TERROR_LINKS: [(&str, &str); 6] = [
    ("Silacoid", "Muton"),
    ("Celatid", "Muton"),
    ("Chrysalid", "Snakeman"),
    ("Reaper", "Floater"),
    ("Sectopod", "Ethereal"),
    ("Cyberdisk", "Sectoid"),
];

/// The only species that work together.
const ALLIED: [&str; 2] = ["Ethereal", "Muton"];

/// Checks an alien squad against the alliances: the species of its soldiers and those its
/// terror units are linked to must be one species, or Ethereals with Mutons. Returns the
/// species that may not fight together.
pub fn check(c: &Catalog, squad: &[Loadout]) -> Result<(), Vec<String>> {
    let mut species: Vec<String> = Vec::new();
    for l in squad {
        let u = c.unit(l.unit);
        let family = match u.group {
            Group::AlienSoldier => Some(u.name.as_str()),
            Group::Terror => TERROR_LINKS
                .iter()
                .find(|(t, _)| *t == u.name)
                .map(|(_, s)| *s),
            _ => None,
        };
        if let Some(f) = family
            && !species.iter().any(|s| s == f)
        {
            species.push(f.to_string());
        }
    }
    species.sort();
    let together = species.len() <= 1 || species.iter().all(|s| ALLIED.contains(&s.as_str()));
    if together { Ok(()) } else { Err(species) }
}
