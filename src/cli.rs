//! The command line, as clap parses it. Values are checked for form here (numbers, seat
//! specs, `KEY=VALUE`); whether they make sense for a ruleset is checked by the commands.

use crate::rulesets::RulesetId;
use clap::{Args, Parser, Subcommand};
use squadsight_ai::Level;
use squadsight_core::game::SeatConfig;
use std::path::PathBuf;

/// squadsight: XCOM-inspired tabletop games in the terminal, with every die roll on the record.
#[derive(Debug, Parser)]
#[command(name = "squadsight", version, about, long_about = None)]
pub struct Cli {
    /// What to do (without one, the main menu opens; help is printed when not on a terminal).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Draw the full-screen UI without box-drawing glyphs.
    #[arg(long, global = true)]
    pub ascii: bool,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a game at this terminal (full screen; `--plain` for a line-by-line game).
    Play(PlayArgs),
    /// Step through a saved game in the replay viewer (line by line with `--plain`, without a
    /// terminal, or for a ruleset with no full-screen view yet).
    Replay {
        /// The save file.
        save: PathBuf,
        /// Step through it line by line on standard input and output: Enter for the next
        /// action, `b` back, a number to jump, `v` for the state, `q` to quit.
        #[arg(long)]
        plain: bool,
        /// Show only what this seat (1-based) may see, as `log --seat` does (line by line);
        /// default: everything (referee view).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
        seat: Option<u8>,
    },
    /// Let AI players play each other, headless, and report the results.
    Sim(SimArgs),
    /// Measure one AI level against another over many games.
    Arena(ArenaArgs),
    /// Replay a save from scratch and check every recorded state hash and chain link.
    Verify {
        /// The save file.
        save: PathBuf,
        /// The game's fingerprint as noted at its end (`1a2b-3c4d`): the save must be that
        /// game, whole, or verify fails.
        #[arg(long, value_name = "FINGERPRINT")]
        expect: Option<String>,
    },
    /// Print a save's journal, one event per line.
    Log(LogArgs),
    /// Explain one action of a save: every event it caused, the rule and inputs behind each
    /// roll, the exact odds, and what changed.
    Explain(ExplainArgs),
    /// Start a new game from a save, continuing from just before one of its actions.
    Branch(BranchArgs),
    /// List the scenarios built into this program.
    Scenarios {
        /// Only this ruleset's scenarios.
        ruleset: Option<RulesetId>,
    },
    /// Validate a scenario, rules data or save file.
    Check {
        /// The file.
        file: PathBuf,
    },
    /// Run a Commander campaign kept in one file: start it, play its operations in order
    /// (`campaign play FILE` in the full-screen UI), record each battle and claim the rewards
    /// it draws.
    Campaign(CampaignArgs),
    /// Carry a finished X-Com: Tactical battle's survivors into the next battle: write a
    /// scenario file whose squad holds them as veterans, boosts and kit kept (their first 20
    /// points of boosts are then free).
    Carry(CarryArgs),
    /// Print our summary of a ruleset's rules, or one clause of it.
    Rules {
        /// The ruleset.
        ruleset: RulesetId,
        /// One clause ID, e.g. `sk.attack.range`.
        clause: Option<String>,
    },
}

/// `squadsight play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The ruleset.
    pub ruleset: RulesetId,
    /// A built-in scenario's ID or a scenario file (default: the ruleset's first scenario).
    #[arg(long, value_name = "NAME|PATH")]
    pub scenario: Option<String>,
    /// The game's seed (default: a random one, always shown).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Who plays a seat (1-based): `human`, `ai` or `ai:LEVEL` (random, greedy, easy, normal,
    /// hard). Default: seat 1 human, every other seat `ai:normal`. For commander, `ai:easy`,
    /// `ai:normal`, `ai:classic` and `ai:impossible` hand the seat to the rules' own AI mode at
    /// that difficulty (default for seat 2: `ai:classic`).
    #[arg(long = "seat", value_name = "N=WHO", value_parser = parse_seat)]
    pub seats: Vec<SeatArg>,
    /// A table option, e.g. `--option detection=on` (see `squadsight rules RULESET`).
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = parse_key_value)]
    pub options: Vec<(String, String)>,
    /// Also write the game here (after every action, so it is there however the game ends).
    #[arg(long, value_name = "PATH")]
    pub save: Option<PathBuf>,
    /// A plain line-by-line game on standard input and output instead of the full-screen UI
    /// (chosen automatically when either is not a terminal).
    #[arg(long)]
    pub plain: bool,
}

/// `squadsight sim`.
#[derive(Debug, Args)]
pub struct SimArgs {
    /// The ruleset.
    pub ruleset: RulesetId,
    /// A built-in scenario's ID or a scenario file (default: the ruleset's first scenario).
    #[arg(long, value_name = "NAME|PATH")]
    pub scenario: Option<String>,
    /// How many games.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// The first game's seed; game N uses seed + N (default: a random one, always shown).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The AI level of every seat.
    #[arg(long, default_value = "greedy", value_parser = parse_level)]
    pub ai: Level,
    /// A table option, e.g. `--option panic=on`.
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = parse_key_value)]
    pub options: Vec<(String, String)>,
    /// Write every game as a save into this folder.
    #[arg(long, value_name = "DIR")]
    pub save_dir: Option<PathBuf>,
    /// Print the results as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `squadsight arena`.
#[derive(Debug, Args)]
pub struct ArenaArgs {
    /// The ruleset.
    pub ruleset: RulesetId,
    /// A built-in scenario's ID or a scenario file (default: the ruleset's first scenario).
    #[arg(long, value_name = "NAME|PATH")]
    pub scenario: Option<String>,
    /// The level measured (random, greedy, easy, normal, hard).
    #[arg(long, default_value = "hard", value_parser = parse_level)]
    pub a: Level,
    /// Its opponent.
    #[arg(long, default_value = "random", value_parser = parse_level)]
    pub b: Level,
    /// How many games; the measured level alternates seats.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// The seed the game seeds are mixed from (default: a random one, always shown).
    #[arg(long)]
    pub seed: Option<u64>,
    /// A table option, e.g. `--option panic=on`.
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = parse_key_value)]
    pub options: Vec<(String, String)>,
}

/// `squadsight log`.
#[derive(Debug, Args)]
pub struct LogArgs {
    /// The save file.
    pub save: PathBuf,
    /// One JSON object per line.
    #[arg(long)]
    pub json: bool,
    /// Show only what this seat (1-based) may see; default: everything (referee view).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub seat: Option<u8>,
}

/// `squadsight explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The save file.
    pub save: PathBuf,
    /// The action (log entry) to explain, counted from 1 as `verify` and `log` count.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub at: u32,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Explain it as this seat (1-based) saw it; default: everything (referee view).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub seat: Option<u8>,
}

/// `squadsight branch`.
#[derive(Debug, Args)]
pub struct BranchArgs {
    /// The save to branch from.
    pub save: PathBuf,
    /// The action (log entry, counted from 1) the branch replaces: the new game holds the
    /// entries before it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub at: u32,
    /// Where to write the new game (default: the data folder's `saves/NAME-branch-N.ron`,
    /// where the menu's Load finds it). An existing file is not overwritten without `--force`.
    #[arg(long = "save", value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Overwrite the file the branch is written to if it exists.
    #[arg(long)]
    pub force: bool,
}

/// `squadsight carry`.
#[derive(Debug, Args)]
#[command(
    after_help = "Who comes back: units on their feet at the end, and unconscious units \
    unless an enemy team won (then they are left behind). The dead, zombies, units an enemy \
    still controls when their team did not win, Celatid clones and civilians do not. A unit \
    comes back as its squad bought it, at full health, marked `veteran: true`."
)]
pub struct CarryArgs {
    /// The finished battle's save (`play tactical --save`, `sim tactical --save-dir`).
    pub save: PathBuf,
    /// Only this seat's survivors (1-based); default: every seat's, each into the same seat of
    /// the next scenario.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=10))]
    pub seat: Option<u8>,
    /// The seat of the next scenario that seat's survivors join (default: the same number).
    #[arg(long, value_name = "N", requires = "seat",
          value_parser = clap::value_parser!(u8).range(1..=10))]
    pub to_seat: Option<u8>,
    /// The next battle: a built-in scenario's ID or a scenario file (default: the save's own
    /// scenario).
    #[arg(long, value_name = "NAME|PATH")]
    pub into: Option<String>,
    /// Where to write the new scenario (default: beside the save, `NAME-veterans.ron`). An
    /// existing file is not overwritten without `--force`.
    #[arg(short, long, value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Overwrite the file the scenario is written to if it exists.
    #[arg(long)]
    pub force: bool,
}

/// `squadsight campaign`.
#[derive(Debug, Args)]
pub struct CampaignArgs {
    /// What to do with the campaign.
    #[command(subcommand)]
    pub command: CampaignCommand,
}

/// A battle's outcome for the campaign Squad, typed by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ResultArg {
    /// The Squad won.
    Win,
    /// The Squad lost.
    Loss,
    /// Nobody won.
    Draw,
}

/// The campaign subcommands.
#[derive(Debug, Subcommand)]
pub enum CampaignCommand {
    /// Start a campaign file: every Squad at its base loadout (the units' AI loadouts).
    New {
        /// The campaign file to create.
        file: PathBuf,
        /// The Squads' faction: xcom or advent.
        #[arg(long, default_value = "xcom")]
        faction: String,
        /// A unit and its models, e.g. `--unit Rookie:2` (default: the faction's starter Squad).
        #[arg(long = "unit", value_name = "NAME[:MODELS]")]
        units: Vec<String>,
        /// The Leader's unit (default: the first single-model unit that may lead).
        #[arg(long)]
        leader: Option<String>,
        /// A player's name; give it once per co-op player (default: one player).
        #[arg(long = "player", value_name = "NAME")]
        players: Vec<String>,
        /// The AI difficulty the operations are played at: easy, normal, classic, impossible.
        #[arg(long, default_value = "classic")]
        difficulty: String,
        /// The seed of the reward draws (default: a random one, always shown).
        #[arg(long)]
        seed: Option<u64>,
        /// The Supplies limit each starting Squad must fit.
        #[arg(long, default_value_t = 500)]
        limit: u32,
        /// Overwrite an existing file.
        #[arg(long)]
        force: bool,
    },
    /// Show the Squads, their stores, the battles so far and any rewards waiting.
    Show {
        /// The campaign file.
        file: PathBuf,
    },
    /// Play the campaign in the full-screen UI: its battles, reward draws and claims, each
    /// written back to the file as it happens.
    Play {
        /// The campaign file.
        file: PathBuf,
    },
    /// List the campaigns the full-screen UI saved in the data folder, newest first.
    List,
    /// Write the next operation's battle as a scenario file with the campaign Squad in it.
    Next {
        /// The campaign file.
        file: PathBuf,
        /// Where to write the scenario (default: next to the campaign file).
        #[arg(long, value_name = "PATH")]
        out: Option<PathBuf>,
        /// Whose Squad goes into battle (1-based).
        #[arg(long, default_value_t = 1)]
        player: usize,
    },
    /// Record the next operation's battle, from its finished save or typed in, and draw its
    /// Reward Cards.
    Record {
        /// The campaign file.
        file: PathBuf,
        /// The finished battle's save (`play --save`).
        #[arg(long, value_name = "PATH", conflicts_with_all = ["result", "rounds", "lost"])]
        save: Option<PathBuf>,
        /// Whose Squad fought (1-based).
        #[arg(long, default_value_t = 1)]
        player: usize,
        /// The outcome, for a battle played on a real table.
        #[arg(long, value_enum)]
        result: Option<ResultArg>,
        /// Game rounds played (default 6).
        #[arg(long)]
        rounds: Option<u32>,
        /// Models destroyed, e.g. `--lost Rookie:1` (repeat per unit).
        #[arg(long = "lost", value_name = "UNIT[:MODELS]")]
        lost: Vec<String>,
        /// Supplies found, per player in order.
        #[arg(long = "found", value_name = "SPL")]
        found: Vec<u32>,
    },
    /// Claim one reward from the waiting draw for a unit, or pass.
    Reward {
        /// The campaign file.
        file: PathBuf,
        /// The claiming player (1-based).
        #[arg(long, default_value_t = 1)]
        player: usize,
        /// The reward's number in `campaign show`.
        #[arg(long)]
        choice: Option<usize>,
        /// The unit that gets it (for a unit reward: the unit that joins).
        #[arg(long)]
        unit: Option<String>,
        /// Take nothing from this draw.
        #[arg(long, conflicts_with_all = ["choice", "unit"])]
        pass: bool,
    },
}

/// One `--seat N=WHO`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatArg {
    /// The seat, 1-based as typed.
    pub number: u8,
    /// Who plays it.
    pub config: SeatConfig,
}

fn parse_seat(text: &str) -> Result<SeatArg, String> {
    let (number, who) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}` is not N=WHO, e.g. 2=ai:hard"))?;
    let number: u8 = number
        .trim()
        .parse()
        .ok()
        .filter(|n| (1..=10).contains(n))
        .ok_or_else(|| format!("`{number}` is not a seat number from 1 to 10"))?;
    let config = match who.trim() {
        "human" => SeatConfig::human(),
        "ai" => SeatConfig::ai(Level::Normal.as_str()),
        other => match other.strip_prefix("ai:") {
            // Commander's AI-mode difficulties that are not also AI player levels; whether a
            // ruleset plays them is checked when the game is set up.
            Some(level) if RULES_AI_ONLY.contains(&level.trim().to_ascii_lowercase().as_str()) => {
                SeatConfig::ai(level.trim().to_ascii_lowercase())
            }
            Some(level) => SeatConfig::ai(parse_level(level)?.as_str()),
            None => return Err(format!("`{other}` is not human, ai or ai:LEVEL")),
        },
    };
    Ok(SeatArg { number, config })
}

/// Commander's AI-mode difficulty names that are not AI player levels (`easy` and `normal`
/// are both).
pub const RULES_AI_ONLY: [&str; 2] = ["classic", "impossible"];

fn parse_level(text: &str) -> Result<Level, String> {
    text.parse::<Level>().map_err(|e| e.to_string())
}

fn parse_key_value(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
        _ => Err(format!("`{text}` is not KEY=VALUE")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_specs() {
        assert_eq!(
            parse_seat("2=ai:hard"),
            Ok(SeatArg {
                number: 2,
                config: SeatConfig::ai("hard")
            })
        );
        assert_eq!(
            parse_seat("1=human").map(|s| s.config),
            Ok(SeatConfig::human())
        );
        assert_eq!(
            parse_seat("1=ai").map(|s| s.config),
            Ok(SeatConfig::ai("normal"))
        );
        assert_eq!(
            parse_seat("2=ai:Classic").map(|s| s.config),
            Ok(SeatConfig::ai("classic"))
        );
        assert_eq!(
            parse_seat("1=ai:impossible").map(|s| s.config),
            Ok(SeatConfig::ai("impossible"))
        );
        for bad in ["2", "0=human", "11=human", "x=ai", "2=robot", "2=ai:expert"] {
            assert!(parse_seat(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn key_values() {
        assert_eq!(
            parse_key_value("detection=on"),
            Ok(("detection".into(), "on".into()))
        );
        assert!(parse_key_value("detection").is_err());
        assert!(parse_key_value("=on").is_err());
    }

    #[test]
    fn the_command_line_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
