//! `squadsight campaign`: a Commander campaign kept in one file — start it, see it, write the
//! next operation's battle, record how the battle went and claim the rewards it drew, or play
//! all of that in the full-screen UI (`campaign play`). The UI's own campaigns are files of
//! the same form in the data folder (`campaign list`).
//!
//! The rules of it (Squads at base loadout, losses kept, operations in order, reward draws)
//! live in `squadsight_commander::campaign`; this command reads and writes the file (atomic
//! writes through `store`) and turns the user's words into calls.

use crate::cli::{CampaignArgs, CampaignCommand, ResultArg};
use crate::error::CliError;
use crate::store;
use squadsight_commander::Commander;
use squadsight_commander::ai_mode::Difficulty;
use squadsight_commander::campaign::battle::{next_battle, report_from_state};
use squadsight_commander::campaign::{
    BattleReport, BattleResult, Campaign, CampaignError, Loss, NewSquad, Recruit, default_squad,
};
use squadsight_commander::catalog::{Catalog, Faction};
use squadsight_core::data::to_ron_pretty;
use squadsight_core::save::{self, load};
use squadsight_core::{Journal, Seat};
use squadsight_tui::store::{DirStore, SaveStore};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Runs one campaign subcommand; `ascii` is for the full-screen UI of `campaign play`.
pub fn run(args: CampaignArgs, ascii: bool) -> Result<(), CliError> {
    let rules = Commander::new().map_err(|e| {
        CliError::invalid(format!("the built-in commander rules data is broken:\n{e}"))
    })?;
    let catalog = rules.catalog();
    match args.command {
        CampaignCommand::New {
            file,
            faction,
            units,
            leader,
            players,
            difficulty,
            seed,
            limit,
            force,
        } => {
            if file.exists() && !force {
                return Err(CliError::input(format!(
                    "{}: the file exists; use --force to start over",
                    file.display()
                )));
            }
            let difficulty: Difficulty = difficulty.parse().map_err(CliError::input)?;
            let faction = match faction.as_str() {
                "xcom" => Faction::Xcom,
                "advent" => Faction::Advent,
                other => {
                    return Err(CliError::input(format!(
                        "`{other}` is not a faction (xcom or advent)"
                    )));
                }
            };
            let names = if players.is_empty() {
                vec!["Player 1".to_string()]
            } else {
                players
            };
            let mut squads = Vec::new();
            for name in &names {
                squads.push(new_squad(
                    catalog,
                    name,
                    faction,
                    &units,
                    leader.as_deref(),
                )?);
            }
            let seed = seed.unwrap_or_else(crate::setup::random_seed);
            let campaign = Campaign::new(catalog, seed, difficulty, &squads, limit)
                .map_err(|e| CliError::invalid(e.to_string()))?;
            write(&file, &campaign)?;
            let mut out = crate::out::stdout();
            writeln!(
                out,
                "Started the campaign {} (seed {seed}).",
                file.display()
            )?;
            show(&mut out, catalog, &campaign)
        }
        CampaignCommand::Show { file } => {
            let campaign = read(&file, catalog)?;
            show(&mut crate::out::stdout(), catalog, &campaign)
        }
        CampaignCommand::Play { file } => {
            // Checked here so a broken file is reported before the terminal is taken over.
            let bytes = store::read_file(&file)?;
            let origin = file.display().to_string();
            Campaign::from_ron(&bytes, &origin, catalog)
                .map_err(|e| CliError::input(e.to_string()))?;
            crate::commands::screen::campaign(&file, bytes, ascii)
        }
        CampaignCommand::List => {
            let dir = store::data_dir();
            let store = DirStore::new(&dir);
            let slots = store.campaigns();
            let mut w = crate::out::stdout();
            if slots.is_empty() {
                writeln!(
                    w,
                    "No campaigns saved in {} yet (the menu's Campaign entry starts one).",
                    dir.join("campaigns").display()
                )?;
            }
            for slot in slots {
                let path = PathBuf::from(&slot.origin);
                match read(&path, catalog) {
                    Ok(c) => {
                        let next = c.next_operation().map_or("complete".to_string(), |op| {
                            format!("next {}", catalog.operation(op).name)
                        });
                        // The terminal UI keeps an unfinished battle beside its campaign.
                        let resumes = if store.campaign_battle(&slot).is_some() {
                            ", a battle in progress"
                        } else {
                            ""
                        };
                        writeln!(
                            w,
                            "{}  {} battle(s), {}, {next}{resumes}",
                            slot.origin,
                            c.history.len(),
                            c.difficulty
                        )?;
                    }
                    Err(e) => writeln!(w, "{}  cannot be read: {}", slot.origin, e.message)?,
                }
            }
            Ok(())
        }
        CampaignCommand::Next { file, out, player } => {
            let campaign = read(&file, catalog)?;
            let player = player_index(&campaign, player)?;
            let battle = next_battle(catalog, &campaign, player).map_err(refused)?;
            let out = out.unwrap_or_else(|| sibling(&file, "next-battle.ron"));
            let text = to_ron_pretty(&battle.scenario)
                .map_err(|e| CliError::invalid(format!("cannot write the scenario: {e}")))?;
            store::write_atomic(&out, text.as_bytes())?;
            let opponent = 2 - battle.seat.0;
            let save = sibling(&file, "battle.ron");
            let mut w = crate::out::stdout();
            writeln!(w, "Wrote {} ({}).", out.display(), battle.scenario.title)?;
            writeln!(w, "Play it, then record it:")?;
            writeln!(
                w,
                "  squadsight play commander --scenario {} --seat {opponent}=ai:{} --save {}",
                out.display(),
                campaign.difficulty,
                save.display()
            )?;
            writeln!(
                w,
                "  squadsight campaign record {} --save {}",
                file.display(),
                save.display()
            )?;
            Ok(())
        }
        CampaignCommand::Record {
            file,
            save,
            player,
            result,
            rounds,
            lost,
            found,
        } => {
            let mut campaign = read(&file, catalog)?;
            let player = player_index(&campaign, player)?;
            let report = match (save, result) {
                (Some(path), None) => report_from_save(&rules, &campaign, player, &path)?,
                (None, Some(result)) => BattleReport {
                    result: match result {
                        ResultArg::Win => BattleResult::Win,
                        ResultArg::Loss => BattleResult::Loss,
                        ResultArg::Draw => BattleResult::Draw,
                    },
                    rounds: rounds.unwrap_or(6),
                    losses: lost
                        .iter()
                        .map(|l| parse_loss(l, player))
                        .collect::<Result<_, _>>()?,
                    supplies_found: found,
                },
                _ => {
                    return Err(CliError::input(
                        "give either --save FILE (a finished battle) or --result win|loss|draw",
                    ));
                }
            };
            campaign.record_battle(catalog, report).map_err(refused)?;
            write(&file, &campaign)?;
            let mut w = crate::out::stdout();
            if let Some(last) = campaign.history.last() {
                writeln!(
                    w,
                    "Recorded {}: {} after {} round(s).",
                    last.operation, last.report.result, last.report.rounds
                )?;
                for line in &last.draw_log {
                    writeln!(w, "  {line}")?;
                }
            }
            show(&mut w, catalog, &campaign)
        }
        CampaignCommand::Reward {
            file,
            player,
            choice,
            unit,
            pass,
        } => {
            let mut campaign = read(&file, catalog)?;
            let player = player_index(&campaign, player)?;
            let text = if pass {
                campaign.pass(player).map_err(refused)?;
                format!(
                    "{} takes nothing from this draw.",
                    campaign.players[player].name
                )
            } else {
                let (Some(choice), Some(unit)) = (choice, unit) else {
                    return Err(CliError::input(
                        "give --choice N and --unit NAME (see `campaign show`), or --pass",
                    ));
                };
                if choice == 0 {
                    return Err(CliError::input("reward options are numbered from 1"));
                }
                campaign
                    .claim(catalog, player, choice - 1, &unit)
                    .map_err(refused)?
            };
            write(&file, &campaign)?;
            let mut w = crate::out::stdout();
            writeln!(w, "{text}")?;
            show(&mut w, catalog, &campaign)
        }
    }
}

/// A refused campaign step is a usage problem (exit 2) with the rule it enforces.
fn refused(e: CampaignError) -> CliError {
    CliError::input(e.to_string())
}

fn read(path: &Path, catalog: &Catalog) -> Result<Campaign, CliError> {
    let bytes = store::read_file(path)?;
    Campaign::from_ron(&bytes, &path.display().to_string(), catalog)
        .map_err(|e| CliError::input(e.to_string()))
}

fn write(path: &Path, campaign: &Campaign) -> Result<(), CliError> {
    let text = campaign
        .to_ron()
        .map_err(|e| CliError::invalid(format!("cannot write the campaign: {e}")))?;
    store::write_atomic(path, text.as_bytes())
}

/// A file next to the campaign file: `camp.ron` → `camp-next-battle.ron`.
fn sibling(file: &Path, suffix: &str) -> PathBuf {
    let stem = file
        .file_stem()
        .map_or_else(|| "campaign".into(), |s| s.to_string_lossy().into_owned());
    file.with_file_name(format!("{stem}-{suffix}"))
}

fn player_index(campaign: &Campaign, player: usize) -> Result<usize, CliError> {
    if player == 0 || player > campaign.players.len() {
        return Err(CliError::input(format!(
            "there is no player {player} (the campaign has {})",
            campaign.players.len()
        )));
    }
    Ok(player - 1)
}

/// `--unit NAME[:MODELS]` as a recruit.
fn recruit(catalog: &Catalog, text: &str) -> Result<Recruit, CliError> {
    let (name, models) = match text.rsplit_once(':') {
        Some((n, m)) => (
            n.trim(),
            m.trim()
                .parse::<u8>()
                .ok()
                .filter(|m| *m > 0)
                .ok_or_else(|| CliError::input(format!("`{text}`: models must be 1 to 255")))?,
        ),
        None => (text.trim(), 1),
    };
    let unit = catalog
        .unit_id(name)
        .ok_or_else(|| CliError::input(format!("there is no unit called `{name}`")))?;
    Ok(Recruit { unit, models })
}

fn new_squad(
    catalog: &Catalog,
    name: &str,
    faction: Faction,
    units: &[String],
    leader: Option<&str>,
) -> Result<NewSquad, CliError> {
    if units.is_empty() {
        let mut squad = default_squad(catalog, faction, name).ok_or_else(|| {
            CliError::invalid("the built-in data lacks the default Squad's units")
        })?;
        if let Some(l) = leader {
            squad.leader = catalog
                .unit_id(l)
                .ok_or_else(|| CliError::input(format!("there is no unit called `{l}`")))?;
        }
        return Ok(squad);
    }
    let recruits = units
        .iter()
        .map(|u| recruit(catalog, u))
        .collect::<Result<Vec<_>, _>>()?;
    let leader = match leader {
        Some(l) => catalog
            .unit_id(l)
            .ok_or_else(|| CliError::input(format!("there is no unit called `{l}`")))?,
        None => recruits
            .iter()
            .find(|r| r.models == 1 && catalog.unit(r.unit).leader_eligible)
            .map(|r| r.unit)
            .ok_or_else(|| CliError::input("name a --leader: no single-model unit can lead"))?,
    };
    Ok(NewSquad {
        name: name.to_string(),
        faction,
        units: recruits,
        leader,
    })
}

/// `--lost UNIT[:MODELS]`.
fn parse_loss(text: &str, player: usize) -> Result<Loss, CliError> {
    let (unit, models) = match text.rsplit_once(':') {
        Some((u, m)) => (
            u.trim(),
            m.trim()
                .parse::<u8>()
                .map_err(|_| CliError::input(format!("`{text}` is not UNIT[:MODELS]")))?,
        ),
        None => (text.trim(), 1),
    };
    Ok(Loss {
        player,
        unit: unit.to_string(),
        models,
    })
}

/// Replays a finished battle's save and reads the campaign Squad's result and losses from it.
fn report_from_save(
    rules: &Commander,
    campaign: &Campaign,
    player: usize,
    path: &Path,
) -> Result<BattleReport, CliError> {
    let bytes = store::read_file(path)?;
    let origin = path.display().to_string();
    let file = load(rules, &bytes, &origin).map_err(|e| CliError::input(e.to_string()))?;
    let catalog = rules.catalog();
    let played = file
        .scenario
        .operation
        .as_deref()
        .and_then(|name| catalog.operation_id(name));
    if played.is_none() || played != campaign.next_operation() {
        let next = campaign
            .next_operation()
            .map_or("none (the campaign is complete)", |op| {
                catalog.operation(op).name.as_str()
            });
        return Err(CliError::input(format!(
            "{origin}: this battle is not the campaign's next operation ({next})"
        )));
    }
    let faction = campaign.players[player].faction;
    let seat = file
        .scenario
        .sides
        .iter()
        .position(|s| s.faction == faction && s.squad.is_some())
        .and_then(|i| u8::try_from(i).ok())
        .map(Seat)
        .ok_or_else(|| {
            CliError::input(format!(
                "{origin}: no side of this battle fields the campaign Squad"
            ))
        })?;
    let game = save::replay(Arc::new(rules.clone()), file, Journal::off())
        .map_err(|e| CliError::invalid(format!("{origin}: {e}")))?;
    report_from_state(rules.catalog(), game.state(), seat, player)
        .map_err(|e| CliError::input(format!("{origin}: {e}")))
}

/// The campaign as text: squads, stores, where it stands, and the draw waiting.
fn show(w: &mut dyn Write, catalog: &Catalog, c: &Campaign) -> Result<(), CliError> {
    writeln!(
        w,
        "Difficulty {}; {} of {} operations played; outposts: {}.",
        c.difficulty,
        c.next_operation.min(catalog.operations().len()),
        catalog.operations().len(),
        c.outposts
    )?;
    for (i, p) in c.players.iter().enumerate() {
        let faction = match p.faction {
            Faction::Xcom => "XCOM",
            Faction::Advent => "ADVENT",
        };
        writeln!(
            w,
            "Player {}: {} ({faction}), Leader: {}",
            i + 1,
            p.name,
            p.leader.as_deref().unwrap_or("none")
        )?;
        for u in &p.units {
            let mut gear: Vec<String> = u.primary.iter().chain(&u.secondary).cloned().collect();
            gear.extend(u.attachments.iter().cloned());
            gear.extend(u.vest.iter().cloned());
            writeln!(
                w,
                "  {} ×{} — {} — {}",
                u.unit,
                u.models,
                u.rank.as_deref().unwrap_or("1) Squaddie"),
                gear.join(", ")
            )?;
        }
        if p.free_trooper {
            writeln!(
                w,
                "  + the free ADVENT Trooper of Faction – ADVENT (AI loadout, each battle)"
            )?;
        }
        let s = &p.stores;
        if s.supplies > 0 || !s.weapons.is_empty() || !s.items.is_empty() || !s.vests.is_empty() {
            let mut all: Vec<String> = s.weapons.clone();
            all.extend(s.items.iter().cloned());
            all.extend(s.vests.iter().cloned());
            writeln!(w, "  stores: {} spl; {}", s.supplies, all.join(", "))?;
        }
    }
    for b in &c.history {
        let cards: Vec<String> = b.cards.iter().map(ToString::to_string).collect();
        writeln!(
            w,
            "Battle: {} — {} in {} round(s){}; cards: {}",
            b.operation,
            b.report.result,
            b.report.rounds,
            if b.secondary {
                ", Secondary Objective met"
            } else {
                ""
            },
            if cards.is_empty() {
                "none".into()
            } else {
                cards.join(" ")
            }
        )?;
        for claim in &b.claims {
            let who = c.players.get(claim.player).map_or("?", |p| p.name.as_str());
            if claim.unit.is_empty() {
                writeln!(w, "  {who} took nothing")?;
            } else {
                writeln!(w, "  {who} took {} for {}", claim.reward, claim.unit)?;
            }
        }
    }
    if c.pending().is_some() {
        writeln!(
            w,
            "Rewards waiting (one per player: `campaign reward FILE --player N --choice K --unit NAME`):"
        )?;
        for (k, o) in c.reward_options(catalog).iter().enumerate() {
            writeln!(w, "  {}. {}", k + 1, o.describe(catalog))?;
        }
    } else if let Some(op) = c.next_operation() {
        writeln!(
            w,
            "Next operation: {} (`campaign next FILE` writes its battle).",
            catalog.operation(op).name
        )?;
    } else {
        writeln!(w, "The campaign is complete.")?;
    }
    Ok(())
}
