//! Campaign mode: Squads that persist from battle to battle (cmd.campaign.mode,
//! cmd.prep.campaign-persistent-squads).
//!
//! A [`Campaign`] is what the campaign file holds: each player's Squad as it stands (units,
//! models left, weapons, attachments, vests, ranks), the stores of found Supplies and spare
//! equipment, the operations played in order, the battle history and the reward draw waiting
//! to be claimed. Squads start at the base loadout — each unit's AI loadout, no attachments,
//! no vest, the first rank (cmd.campaign.base-loadout) — and change only through battle
//! losses and rewards (cmd.campaign.same-squad, cmd.campaign.upgrade-by-reward-only,
//! cmd.campaign.carry-over). Everything here is a pure function of the file, the catalog and
//! the campaign seed; the binary does the file IO.
//!
//! The file is RON with a format tag and a version ([`FORMAT`], [`VERSION`]); squads are
//! written with the catalog's printed names so a person can read and edit them, and every
//! name is checked when the file is read.

pub mod battle;
pub mod cards;
pub mod rewards;

use crate::ai_mode::Difficulty;
use crate::catalog::{Catalog, Faction, OperationId, Reward, Slot, UnitId, UnitRule};
use crate::squad::{self, SquadDef, SquadSpec, UnitPick, UnitPickDef};
use cards::Card;
use rewards::RewardOption;
use serde::{Deserialize, Serialize};
use squadsight_core::data::{DataError, parse_ron, to_ron_pretty};
use squadsight_core::hash::StableHasher;
use squadsight_core::{GameRng, Journal, article};
use std::fmt;
use std::hash::Hasher;

/// The format tag at the top of every campaign file.
pub const FORMAT: &str = "squadsight-commander-campaign";

/// The campaign file version this build writes and reads.
pub const VERSION: u32 = 1;

/// Equipment and Supplies a player holds outside the Squad: found in battle or replaced by a
/// reward (cmd.gap.34, cmd.gap.41).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stores {
    /// Supplies (spl) found.
    #[serde(default)]
    pub supplies: u32,
    /// Spare weapons, by name.
    #[serde(default)]
    pub weapons: Vec<String>,
    /// Spare attachments, by name.
    #[serde(default)]
    pub items: Vec<String>,
    /// Spare vests, by name.
    #[serde(default)]
    pub vests: Vec<String>,
}

/// One player of the campaign and their Squad.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRecord {
    /// The player's name.
    pub name: String,
    /// The Squad's faction.
    pub faction: Faction,
    /// The Leader's unit, by name; `None` after the Leader fell and no unit can take over.
    pub leader: Option<String>,
    /// The units still in the Squad, in the one Squad file form ([`UnitPickDef`]).
    pub units: Vec<UnitPickDef>,
    /// Field Faction – ADVENT's free ADVENT Trooper.
    #[serde(default)]
    pub free_trooper: bool,
    /// Spare equipment and Supplies.
    #[serde(default)]
    pub stores: Stores,
}

/// How a battle ended for the players' side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BattleResult {
    /// The players won (success).
    Win,
    /// The players lost.
    Loss,
    /// Nobody won; counted as a loss for rewards.
    Draw,
}

impl fmt::Display for BattleResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BattleResult::Win => "win",
            BattleResult::Loss => "loss",
            BattleResult::Draw => "draw",
        })
    }
}

/// Models one unit lost in a battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Loss {
    /// The player.
    pub player: usize,
    /// The unit, by name.
    pub unit: String,
    /// Models destroyed.
    pub models: u8,
}

/// What happened in a battle, as the campaign records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleReport {
    /// The outcome for the players' side.
    pub result: BattleResult,
    /// Game rounds played.
    pub rounds: u32,
    /// Destroyed models (cmd.gap.34: lost for good).
    #[serde(default)]
    pub losses: Vec<Loss>,
    /// Supplies found by [Search], per player (cmd.gap.41).
    #[serde(default)]
    pub supplies_found: Vec<u32>,
}

/// A player's claim on a reward draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    /// The player.
    pub player: usize,
    /// The reward, described.
    pub reward: String,
    /// The unit it went to.
    pub unit: String,
}

/// One battle in the campaign's history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleRecord {
    /// The operation, by name.
    pub operation: String,
    /// What happened.
    pub report: BattleReport,
    /// The Reward Cards drawn after it.
    #[serde(default)]
    pub cards: Vec<Card>,
    /// Whether the Secondary Objective was met.
    #[serde(default)]
    pub secondary: bool,
    /// The rewards claimed from its draw.
    #[serde(default)]
    pub claims: Vec<Claim>,
    /// The journal of the reward draw, as text.
    #[serde(default)]
    pub draw_log: Vec<String>,
}

/// A campaign, as its file holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    /// Always [`FORMAT`].
    pub format: String,
    /// The file version ([`VERSION`]).
    pub version: u32,
    /// Seeds the reward draws (each draw mixes in its number).
    pub seed: u64,
    /// The AI difficulty the operations are played at (it sets the reward count).
    pub difficulty: Difficulty,
    /// The players, one Squad each (co-op: several).
    pub players: Vec<PlayerRecord>,
    /// Operations played so far; the next one is `catalog.operations()[next_operation]`.
    pub next_operation: usize,
    /// Tier I Outposts gained (base building is not defined yet, cmd.gap.34).
    #[serde(default)]
    pub outposts: u32,
    /// The battles played, oldest first.
    #[serde(default)]
    pub history: Vec<BattleRecord>,
}

/// Why a campaign step was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CampaignError {
    /// The clause the refusal enforces, when there is one.
    pub clause: Option<&'static str>,
    /// What is wrong, in plain words.
    pub message: String,
}

impl CampaignError {
    fn new(clause: Option<&'static str>, message: impl Into<String>) -> CampaignError {
        CampaignError {
            clause,
            message: message.into(),
        }
    }
}

impl fmt::Display for CampaignError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.clause {
            Some(c) => write!(f, "{} ({c})", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for CampaignError {}

/// A unit and its model count, as a player asks for it when starting a campaign.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recruit {
    /// The unit.
    pub unit: UnitId,
    /// Models.
    pub models: u8,
}

/// A new player's Squad request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewSquad {
    /// The player's name.
    pub name: String,
    /// The faction.
    pub faction: Faction,
    /// The units, each at base loadout.
    pub units: Vec<Recruit>,
    /// The Leader's unit.
    pub leader: UnitId,
}

/// The default starting Squad for a faction, within 500 spl at base loadout: ADVENT fields an
/// Officer (Leader), a Stun Lancer and a Trooper (plus the free Trooper); XCOM fields The
/// Commander (Leader) and two Rookies.
pub fn default_squad(catalog: &Catalog, faction: Faction, name: &str) -> Option<NewSquad> {
    let unit = |n: &str, models| catalog.unit_id(n).map(|unit| Recruit { unit, models });
    let units = match faction {
        Faction::Advent => vec![
            unit("ADVENT Officer", 1)?,
            unit("ADVENT Stun Lancer", 1)?,
            unit("ADVENT Trooper", 1)?,
        ],
        Faction::Xcom => vec![unit("The Commander", 1)?, unit("Rookie", 2)?],
    };
    Some(NewSquad {
        name: name.to_string(),
        faction,
        leader: units[0].unit,
        units,
    })
}

/// Why a name in a campaign file does not resolve.
fn unknown(what: &str, name: &str) -> String {
    format!("unknown {what} `{name}`")
}

impl PlayerRecord {
    /// The Squad as a [`SquadSpec`], every name resolved through the catalog; every problem
    /// is listed, each naming its unit. With no Leader left (cmd.gap.29) the Leader index
    /// points past the units.
    pub fn squad(&self, catalog: &Catalog) -> Result<SquadSpec, Vec<String>> {
        squad::resolve_squad(
            catalog,
            self.faction,
            self.leader.as_deref(),
            &self.units,
            self.free_trooper,
        )
    }

    /// The Squad as a scenario fields it: the one Squad file form with the Leader named
    /// (cmd.campaign.same-squad); `None` when no unit is left that can lead.
    pub fn squad_def(&self) -> Option<SquadDef> {
        Some(SquadDef {
            faction: self.faction,
            leader: self.leader.clone()?,
            units: self.units.clone(),
            free_trooper: self.free_trooper,
        })
    }

    fn unit_index(&self, name: &str) -> Option<usize> {
        self.units.iter().position(|u| u.unit == name)
    }

    /// Whether the Squad has no model left.
    pub fn wiped_out(&self) -> bool {
        self.units.iter().all(|u| u.models == 0)
    }
}

/// Where the first `"needle"` after player `player`'s name stands in `text` (line and column,
/// from 1), so an unknown name in a campaign file is reported at its place.
fn locate(text: &str, player: &str, needle: &str) -> Option<(usize, usize)> {
    let quoted = |s: &str| format!("\"{s}\"");
    let start = text.find(&quoted(player)).unwrap_or(0);
    let at = start + text.get(start..)?.find(&quoted(needle))?;
    let before = text.get(..at)?;
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Some((line, col))
}

/// Mixes the campaign seed with a draw number: each reward draw gets its own dice.
fn draw_seed(seed: u64, draw: usize) -> u64 {
    let mut h = StableHasher::default();
    h.write(b"commander-campaign-draw");
    h.write_u64(seed);
    h.write_u64(u64::try_from(draw).unwrap_or(u64::MAX));
    h.finish()
}

impl Campaign {
    /// Starts a campaign: every Squad at base loadout, checked against the Squad-building
    /// rules and `limit` spl (cmd.campaign.base-loadout, cmd.prep.two-squads-equal-points).
    pub fn new(
        catalog: &Catalog,
        seed: u64,
        difficulty: Difficulty,
        squads: &[NewSquad],
        limit: u32,
    ) -> Result<Campaign, CampaignError> {
        if squads.is_empty() {
            return Err(CampaignError::new(
                None,
                "a campaign needs at least one player",
            ));
        }
        let mut players = Vec::with_capacity(squads.len());
        for s in squads {
            let units: Vec<UnitPick> = s
                .units
                .iter()
                .map(|r| squad::ai_loadout_pick(catalog, r.unit, r.models))
                .collect();
            let leader = units
                .iter()
                .position(|u| u.unit == s.leader)
                .ok_or_else(|| {
                    CampaignError::new(
                        Some("cmd.prep.leader-choice"),
                        format!(
                            "{}: the Leader {} is not one of the Squad's units",
                            s.name,
                            catalog.unit(s.leader).name
                        ),
                    )
                })?;
            let spec = SquadSpec {
                faction: s.faction,
                leader,
                units,
                free_trooper: s.faction == Faction::Advent,
            };
            if let Err(errors) = squad::validate(catalog, &spec, limit) {
                let all: Vec<String> = errors
                    .iter()
                    .map(|e| format!("{e} ({})", e.clause()))
                    .collect();
                return Err(CampaignError::new(
                    errors.first().map(squad::SquadError::clause),
                    format!("{}: {}", s.name, all.join("; ")),
                ));
            }
            players.push(PlayerRecord {
                name: s.name.clone(),
                faction: s.faction,
                leader: Some(catalog.unit(s.leader).name.clone()),
                units: spec
                    .units
                    .iter()
                    .map(|u| UnitPickDef::from_pick(catalog, u))
                    .collect(),
                free_trooper: spec.free_trooper,
                stores: Stores::default(),
            });
        }
        Ok(Campaign {
            format: FORMAT.to_string(),
            version: VERSION,
            seed,
            difficulty,
            players,
            next_operation: 0,
            outposts: 0,
            history: Vec::new(),
        })
    }

    /// Reads a campaign file, checking its format, version and every name in it. Errors
    /// name the file (and line and column for syntax errors); nothing panics on bad input.
    pub fn from_ron(bytes: &[u8], origin: &str, catalog: &Catalog) -> Result<Campaign, DataError> {
        let campaign: Campaign = parse_ron(bytes, origin)?;
        // Names with control characters or of any length, at their file:line:col.
        if let Some(e) = squadsight_core::text::check_strings(origin, bytes)
            .into_iter()
            .next()
        {
            return Err(e);
        }
        campaign.check_ranges(origin, bytes)?;
        if campaign.format != FORMAT {
            return Err(DataError::general(
                origin,
                format!(
                    "not a campaign file (format `{}`, expected `{FORMAT}`)",
                    campaign.format
                ),
            ));
        }
        if campaign.version != VERSION {
            return Err(DataError::general(
                origin,
                format!(
                    "campaign file version {} is not supported (this build reads version {VERSION})",
                    campaign.version
                ),
            ));
        }
        if campaign.players.is_empty() {
            return Err(DataError::general(origin, "the campaign has no players"));
        }
        for p in &campaign.players {
            if let Err(problems) = p.squad(catalog) {
                let message = format!("player {}: {}", p.name, problems.join("; "));
                let text = String::from_utf8_lossy(bytes);
                // The first unknown name is the last `quoted` word of the first problem.
                let at = problems
                    .first()
                    .and_then(|first| first.rsplit('`').nth(1))
                    .and_then(|name| locate(&text, &p.name, name));
                return Err(DataError::at(origin, at, message));
            }
        }
        if campaign.next_operation > catalog.operations().len() {
            return Err(DataError::general(
                origin,
                format!(
                    "next_operation {} is past the last operation",
                    campaign.next_operation
                ),
            ));
        }
        Ok(campaign)
    }

    /// Values no campaign can reach: a unit with no models, more Outposts than battles, a
    /// player name too long. The error points at the value in the file.
    fn check_ranges(&self, origin: &str, bytes: &[u8]) -> Result<(), DataError> {
        let text = String::from_utf8_lossy(bytes);
        let at = |needle: &str, message: String| {
            DataError::at(
                origin,
                squadsight_core::text::locate(&text, needle),
                message,
            )
        };
        for p in &self.players {
            squadsight_core::text::check_name(
                origin,
                &text,
                "player name",
                &p.name,
                squadsight_core::text::MAX_NAME_CHARS,
            )?;
            squad::check_names(origin, &text, p.leader.as_deref(), &p.units)?;
            if let Some(u) = p.units.iter().find(|u| u.models == 0) {
                return Err(at(
                    "models: 0",
                    format!(
                        "player {}: unit `{}` has models: 0; a unit in a Squad has at least one model",
                        squadsight_core::text::quote(&p.name),
                        squadsight_core::text::quote(&u.unit)
                    ),
                ));
            }
        }
        // cmd.gap.34: an Outpost is gained only by winning a battle, at most one per battle.
        if self.outposts as usize > self.history.len() {
            return Err(at(
                "outposts",
                format!(
                    "outposts: {} is more than the {} battle(s) recorded; each won battle gains at most one",
                    self.outposts,
                    self.history.len()
                ),
            ));
        }
        Ok(())
    }

    /// The file text.
    pub fn to_ron(&self) -> Result<String, String> {
        to_ron_pretty(self).map_err(|e| e.to_string())
    }

    /// The operation to play next, in the catalog's order; `None` when all have been played.
    pub fn next_operation(&self) -> Option<OperationId> {
        OperationId::from_index(self.next_operation)
    }

    /// Whether every operation has been played.
    pub fn finished(&self) -> bool {
        self.next_operation().is_none()
    }

    /// The last battle's record, if its reward draw still has unclaimed rewards.
    pub fn pending(&self) -> Option<&BattleRecord> {
        self.history
            .last()
            .filter(|b| !b.cards.is_empty() && b.claims.len() < self.players.len())
    }

    /// How many Reward Cards a battle earns: the operation's success count for the campaign's
    /// difficulty (plus the Secondary Objective bonus when met), or its loss count.
    pub fn cards_earned(
        &self,
        catalog: &Catalog,
        op: OperationId,
        report: &BattleReport,
    ) -> (u8, bool) {
        let o = catalog.operation(op);
        let r = o.rewards;
        match report.result {
            BattleResult::Win => {
                let i = Difficulty::ALL
                    .iter()
                    .position(|d| *d == self.difficulty)
                    .unwrap_or(2);
                let secondary = o
                    .bonus_within_turns
                    .is_some_and(|n| report.rounds <= u32::from(n));
                let bonus = if secondary { r.secondary_bonus } else { 0 };
                (r.success[i].saturating_add(bonus), secondary)
            }
            BattleResult::Loss | BattleResult::Draw => (r.loss.unwrap_or(0), false),
        }
    }

    /// Records a battle of the next operation: removes destroyed models for good, replaces a
    /// fallen Leader, banks found Supplies, then makes the operation's reward draw — seeded by
    /// the campaign seed and the battle's number, journaled into the battle record — and moves
    /// on to the next operation (cmd.campaign.carry-over, cmd.gap.34, cmd.campaign.reward-draw).
    pub fn record_battle(
        &mut self,
        catalog: &Catalog,
        report: BattleReport,
    ) -> Result<(), CampaignError> {
        let op = self
            .next_operation()
            .ok_or_else(|| CampaignError::new(None, "every operation has been played"))?;
        if self.pending().is_some() {
            return Err(CampaignError::new(
                Some("cmd.campaign.reward-draw"),
                "the last battle's rewards are not all claimed yet",
            ));
        }
        // Check everything before changing anything.
        for loss in &report.losses {
            let p = self.players.get(loss.player).ok_or_else(|| {
                CampaignError::new(None, format!("there is no player {}", loss.player + 1))
            })?;
            let i = p.unit_index(&loss.unit).ok_or_else(|| {
                CampaignError::new(None, format!("{} has no unit {}", p.name, loss.unit))
            })?;
            if p.units[i].models < loss.models {
                return Err(CampaignError::new(
                    None,
                    format!(
                        "{} lost {} {} but has only {}",
                        p.name, loss.models, loss.unit, p.units[i].models
                    ),
                ));
            }
        }
        // cmd.gap.34: destroyed models are lost for good.
        for loss in &report.losses {
            let p = &mut self.players[loss.player];
            if let Some(i) = p.unit_index(&loss.unit) {
                p.units[i].models -= loss.models;
            }
        }
        for p in &mut self.players {
            p.units.retain(|u| u.models > 0);
            // cmd.gap.29: a fallen Leader is replaced before the next battle by the first
            // remaining single-model unit that may lead.
            if p.leader.as_ref().is_none_or(|l| p.unit_index(l).is_none()) {
                p.leader = p
                    .units
                    .iter()
                    .find(|u| {
                        u.models == 1
                            && catalog
                                .unit_id(&u.unit)
                                .is_some_and(|id| catalog.unit(id).leader_eligible)
                    })
                    .map(|u| u.unit.clone());
            }
        }
        for (p, found) in self.players.iter_mut().zip(&report.supplies_found) {
            p.stores.supplies = p.stores.supplies.saturating_add(*found);
        }
        let (count, secondary) = self.cards_earned(catalog, op, &report);
        if report.result == BattleResult::Win && catalog.operation(op).rewards.outpost {
            self.outposts += 1;
        }
        let mut rng = GameRng::new(draw_seed(self.seed, self.history.len()));
        // The draw's journal is kept with the battle record.
        let mut journal = Journal::recording();
        let cards = rewards::draw(count, &mut rng, &mut journal);
        // A draw that offers nothing is settled at once for everybody.
        let claims = if !cards.is_empty() && rewards::options(&cards, catalog.rewards()).is_empty()
        {
            (0..self.players.len()).map(pass_claim).collect()
        } else {
            Vec::new()
        };
        self.history.push(BattleRecord {
            operation: catalog.operation(op).name.clone(),
            report,
            cards,
            secondary,
            claims,
            draw_log: journal
                .events()
                .iter()
                .map(|e| format!("[{}] {}", e.rule, e.text))
                .collect(),
        });
        self.next_operation += 1;
        Ok(())
    }

    /// The rewards the pending draw offers (cmd.campaign.one-reward-per-draw).
    pub fn reward_options(&self, catalog: &Catalog) -> Vec<RewardOption> {
        self.pending()
            .map(|b| rewards::options(&b.cards, catalog.rewards()))
            .unwrap_or_default()
    }

    /// Player `player` takes nothing from the pending draw (when no offered reward suits the
    /// Squad).
    pub fn pass(&mut self, player: usize) -> Result<(), CampaignError> {
        if player >= self.players.len() {
            return Err(CampaignError::new(
                None,
                format!("there is no player {}", player + 1),
            ));
        }
        let pending = self.pending().is_some();
        match self.history.last_mut() {
            Some(last) if pending => {
                if last.claims.iter().any(|c| c.player == player) {
                    return Err(CampaignError::new(
                        Some("cmd.campaign.one-reward-per-draw"),
                        "this player has already taken the reward of this draw",
                    ));
                }
                last.claims.push(pass_claim(player));
                Ok(())
            }
            _ => Err(CampaignError::new(
                Some("cmd.campaign.reward-draw"),
                "there is no reward draw to claim from",
            )),
        }
    }

    /// Player `player` claims option `choice` of the pending draw for the unit `unit`: one
    /// reward per player per draw (cmd.campaign.one-reward-per-draw,
    /// cmd.campaign.coop-rewards), to any unit that can use it (cmd.campaign.reward-any-unit).
    /// For unit rewards, `unit` names the unit that joins. Returns a description.
    pub fn claim(
        &mut self,
        catalog: &Catalog,
        player: usize,
        choice: usize,
        unit: &str,
    ) -> Result<String, CampaignError> {
        let options = self.reward_options(catalog);
        let Some(battle) = self.pending() else {
            return Err(CampaignError::new(
                Some("cmd.campaign.reward-draw"),
                "there is no reward draw to claim from",
            ));
        };
        if battle.claims.iter().any(|c| c.player == player) {
            return Err(CampaignError::new(
                Some("cmd.campaign.one-reward-per-draw"),
                "this player has already taken the reward of this draw",
            ));
        }
        let option = *options.get(choice).ok_or_else(|| {
            CampaignError::new(
                None,
                format!(
                    "there is no reward option {} (the draw offers {})",
                    choice + 1,
                    options.len()
                ),
            )
        })?;
        let p = self.players.get_mut(player).ok_or_else(|| {
            CampaignError::new(None, format!("there is no player {}", player + 1))
        })?;
        let done = apply_reward(catalog, p, option.reward, unit)?;
        let text = format!("{}: {}", option.describe(catalog), done);
        if let Some(last) = self.history.last_mut() {
            last.claims.push(Claim {
                player,
                reward: option.describe(catalog),
                unit: unit.to_string(),
            });
        }
        Ok(text)
    }
}

/// The claim of a player who takes nothing from a draw.
fn pass_claim(player: usize) -> Claim {
    Claim {
        player,
        reward: "nothing".into(),
        unit: String::new(),
    }
}

/// Applies one reward to a player's Squad (cmd.campaign.reward-kinds,
/// cmd.campaign.reward-any-unit, cmd.campaign.upgrade-by-reward-only).
pub fn apply_reward(
    catalog: &Catalog,
    p: &mut PlayerRecord,
    reward: Reward,
    unit: &str,
) -> Result<String, CampaignError> {
    let any = Some("cmd.campaign.reward-any-unit");
    let unit_id = catalog
        .unit_id(unit)
        .ok_or_else(|| CampaignError::new(None, unknown("unit", unit)))?;
    let profile = catalog.unit(unit_id);
    let index = p.unit_index(unit);
    let need = |index: Option<usize>| {
        index.ok_or_else(|| {
            CampaignError::new(any, format!("{} has no {unit} in its Squad", p.name))
        })
    };
    match reward {
        Reward::Weapon(w) => {
            let i = need(index)?;
            let weapon = catalog.weapon(w);
            if !profile.options(weapon.slot).contains(&w) {
                return Err(CampaignError::new(
                    any,
                    format!(
                        "{unit} cannot carry {} {}",
                        article(&weapon.name),
                        weapon.name
                    ),
                ));
            }
            let slot = match weapon.slot {
                Slot::Primary => &mut p.units[i].primary,
                Slot::Secondary => &mut p.units[i].secondary,
            };
            let old = slot.replace(weapon.name.clone());
            if let Some(old) = &old {
                p.stores.weapons.push(old.clone());
            }
            Ok(match old {
                Some(old) => format!(
                    "{unit} swaps its {old} (to stores) for {} {}",
                    article(&weapon.name),
                    weapon.name
                ),
                None => format!("{unit} takes {} {}", article(&weapon.name), weapon.name),
            })
        }
        Reward::Vest(v) => {
            let i = need(index)?;
            if !profile.vest {
                return Err(CampaignError::new(
                    any,
                    format!("{unit} cannot wear a vest"),
                ));
            }
            let name = catalog.vest(v).name.clone();
            if let Some(old) = p.units[i].vest.replace(name.clone()) {
                p.stores.vests.push(old);
            }
            Ok(format!("{unit} puts on {} {name}", article(&name)))
        }
        Reward::Item(it) => {
            let i = need(index)?;
            let name = catalog.item(it).name.clone();
            let u = &mut p.units[i];
            if !profile.attachments {
                return Err(CampaignError::new(
                    any,
                    format!("{unit} cannot take attachments"),
                ));
            }
            if u.attachments.contains(&name) || u.attachments.len() >= squad::MAX_ATTACHMENTS {
                p.stores.items.push(name.clone());
                return Ok(format!(
                    "{unit} has no room for {} {name}; it goes to the stores",
                    article(&name)
                ));
            }
            u.attachments.push(name.clone());
            Ok(format!("{unit} fits {} {name}", article(&name)))
        }
        Reward::RankPromotion => {
            let i = need(index)?;
            let rank = match p.units[i].rank.as_deref() {
                None => catalog.first_rank(),
                Some(n) => catalog
                    .rank_id(n)
                    .ok_or_else(|| CampaignError::new(None, unknown("rank", n)))?,
            };
            let next = catalog.next_rank(rank).ok_or_else(|| {
                CampaignError::new(any, format!("{unit} already holds the highest rank"))
            })?;
            p.units[i].rank = Some(catalog.rank(next).name.clone());
            Ok(format!("{unit} is promoted to {}", catalog.rank(next).name))
        }
        Reward::UniqueUnit | Reward::NonUniqueUnit => {
            let unique = reward == Reward::UniqueUnit;
            if profile.faction != p.faction {
                return Err(CampaignError::new(
                    Some("cmd.prep.single-faction"),
                    format!("{unit} is not of {}'s faction", p.name),
                ));
            }
            if profile.has(UnitRule::Unique) != unique {
                return Err(CampaignError::new(
                    None,
                    if unique {
                        format!("{unit} is not a Unique unit")
                    } else {
                        format!("{unit} is Unique; only a King adds a Unique unit")
                    },
                ));
            }
            match index {
                Some(i) => {
                    let leads = p.leader.as_deref() == Some(unit);
                    if unique || leads {
                        return Err(CampaignError::new(
                            Some(if unique {
                                "cmd.sr.unique"
                            } else {
                                "cmd.prep.leader-single-model"
                            }),
                            format!("{unit} is already in the Squad and must stay a single model"),
                        ));
                    }
                    p.units[i].models += 1;
                    Ok(format!("{unit} gains a model ({} now)", p.units[i].models))
                }
                None => {
                    p.units.push(UnitPickDef::from_pick(
                        catalog,
                        &squad::ai_loadout_pick(catalog, unit_id, 1),
                    ));
                    Ok(format!("{unit} joins the Squad at base loadout"))
                }
            }
        }
        Reward::Redraw(_) => Err(CampaignError::new(
            None,
            "a redraw is carried out while drawing, not claimed",
        )),
    }
}
