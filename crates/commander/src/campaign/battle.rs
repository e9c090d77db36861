//! A campaign's battles on the table: the scenario of the next operation with the campaign
//! Squad in it, and the battle report read back from the finished game's state.

use super::{BattleReport, BattleResult, Campaign, CampaignError, Loss};
use crate::catalog::{Catalog, Faction};
use crate::scenario::{ScenarioDef, VictoryDef, builtin_scenarios};
use crate::state::{Presence, State};
use squadsight_core::Seat;
use squadsight_core::data::parse_ron;
use std::collections::BTreeMap;

/// The next operation's battle for one player: the scenario, and the seat (0-based) the
/// campaign Squad plays; the other seat is the opposing force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Battle {
    /// The scenario to play.
    pub scenario: ScenarioDef,
    /// The campaign Squad's seat.
    pub seat: Seat,
    /// The built-in scenario it was made from.
    pub base: &'static str,
}

fn faction_name(f: Faction) -> &'static str {
    match f {
        Faction::Xcom => "XCOM",
        Faction::Advent => "ADVENT",
    }
}

/// The battle of the campaign's next operation for player `player`: the operation's built-in
/// scenario with the player's Squad as it stands on the player's side
/// (cmd.campaign.same-squad, cmd.campaign.carry-over). In Gatecrasher that is the side of the
/// player's faction; in the solo operations the player is side 0, facing the other faction's
/// pods.
pub fn next_battle(
    catalog: &Catalog,
    campaign: &Campaign,
    player: usize,
) -> Result<Battle, CampaignError> {
    let op = campaign
        .next_operation()
        .ok_or_else(|| CampaignError::new(None, "every operation has been played"))?;
    if campaign.pending().is_some() {
        return Err(CampaignError::new(
            Some("cmd.campaign.reward-draw"),
            "claim the last battle's rewards first",
        ));
    }
    let p = campaign
        .players
        .get(player)
        .ok_or_else(|| CampaignError::new(None, format!("there is no player {}", player + 1)))?;
    if p.wiped_out() {
        return Err(CampaignError::new(
            None,
            format!("{} has no models left", p.name),
        ));
    }
    let squad = p.squad_def().ok_or_else(|| {
        CampaignError::new(
            Some("cmd.prep.leader-choice"),
            format!("{} has no unit that can lead", p.name),
        )
    })?;
    for info in builtin_scenarios() {
        let Ok(mut def) = parse_ron::<ScenarioDef>(info.source.as_bytes(), info.id) else {
            continue;
        };
        let Some(name) = &def.operation else { continue };
        if catalog.operation_id(name) != Some(op) || def.sides.len() != 2 {
            continue;
        }
        let index = match def.victory {
            VictoryDef::Gatecrasher => def
                .sides
                .iter()
                .position(|s| s.faction == p.faction)
                .unwrap_or(0),
            VictoryDef::Clear | VictoryDef::Annihilation => {
                let other = match p.faction {
                    Faction::Xcom => Faction::Advent,
                    Faction::Advent => Faction::Xcom,
                };
                def.sides[1].faction = other;
                def.sides[1].name = faction_name(other).to_string();
                def.sides[1].squad = None;
                0
            }
        };
        let side = &mut def.sides[index];
        side.faction = p.faction;
        side.name = faction_name(p.faction).to_string();
        side.squad = Some(squad);
        // Rewards are earned, not bought (cmd.campaign.upgrade-by-reward-only,
        // cmd.campaign.carry-over): a Squad its rewards have grown past the operation's
        // limit still plays it, so the limit rises to the Squad's price.
        if let Ok(spec) = p.squad(catalog) {
            def.points = def.points.max(crate::squad::price(catalog, &spec));
        }
        def.title = format!(
            "{} — campaign battle {}",
            def.title,
            campaign.history.len() + 1
        );
        return Ok(Battle {
            scenario: def,
            seat: Seat(u8::try_from(index).unwrap_or(0)),
            base: info.id,
        });
    }
    Err(CampaignError::new(
        None,
        format!("no built-in scenario plays {}", catalog.operation(op).name),
    ))
}

/// What a finished game means for the campaign Squad on `seat` of player `player`: the
/// result, the rounds played and the models destroyed, by unit (cmd.campaign.carry-over). The
/// free ADVENT Trooper is not part of the campaign Squad, so its loss is not counted.
pub fn report_from_state(
    catalog: &Catalog,
    st: &State,
    seat: Seat,
    player: usize,
) -> Result<BattleReport, CampaignError> {
    let ending = st
        .ending
        .as_ref()
        .ok_or_else(|| CampaignError::new(None, "the battle is not over yet"))?;
    let result = match ending.winner {
        Some(w) if w == seat => BattleResult::Win,
        Some(_) => BattleResult::Loss,
        None => BattleResult::Draw,
    };
    let mut lost: BTreeMap<String, u8> = BTreeMap::new();
    for m in &st.models {
        if m.owner == seat && m.presence == Presence::Destroyed && !m.free_trooper {
            *lost.entry(catalog.unit(m.unit).name.clone()).or_default() += 1;
        }
    }
    Ok(BattleReport {
        result,
        rounds: u32::from(st.round),
        losses: lost
            .into_iter()
            .map(|(unit, models)| Loss {
                player,
                unit,
                models,
            })
            .collect(),
        supplies_found: Vec::new(),
    })
}
