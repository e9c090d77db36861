//! `squadsight play`: a game at this terminal, one line at a time, until the full-screen UI
//! lands. Numbers choose actions; `u` undoes, `s` saves, `q` quits.
//!
//! With several human seats it is a hot-seat game: when the deciding human changes, the
//! screen asks for the keyboard to be handed over before showing that seat anything private.
//!
//! Lines are read on a thread of their own ([`Keyboard`]), so a `q` typed while the AI plays
//! (or the end of the input, in a game with a human seat) stops the game at the next action
//! boundary, saved as after every action.

use super::outcome_text;
use super::screen;
use crate::cli::PlayArgs;
use crate::error::CliError;
use crate::events::line;
use crate::rulesets::{RulesetTask, with_ruleset};
use crate::setup;
use crate::store;
use squadsight_ai::{Player, make_player};
use squadsight_core::game::{Game, SeatConfig, SeatKind};
use squadsight_core::{Decision, Ruleset, Seat};
use squadsight_core::{save, seed};
use squadsight_tui::store::{DirStore, SaveStore};
use squadsight_tui::{GameSpec, ScenarioSource};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::Instant;

/// Starts the game and plays it on stdin/stdout.
pub fn run(mut args: PlayArgs, ascii: bool) -> Result<(), CliError> {
    setup::rules_ai_seats(args.ruleset, &mut args.seats, &mut args.options);
    with_ruleset(args.ruleset, PlayTask { args, ascii })
}

struct PlayTask {
    args: PlayArgs,
    ascii: bool,
}

impl RulesetTask for PlayTask {
    type Output = ();

    fn run<R: Ruleset>(self, ruleset: Arc<R>) -> Result<(), CliError> {
        let args = self.args;
        let (scenario, label) = setup::scenario(&*ruleset, args.scenario.as_deref())?;
        let options = setup::options(&*ruleset, &args.options)?;
        let seed = args.seed.unwrap_or_else(setup::random_seed);
        let count = ruleset.seat_count(&scenario);
        let cooperative = ruleset.cooperative();
        let seats = setup::seats(count, &args.seats, |s| {
            if s == 0 || cooperative {
                SeatConfig::human()
            } else {
                SeatConfig::ai("normal")
            }
        })?;
        let mut players = Vec::new();
        for (i, seat) in (0u8..).zip(&seats) {
            let level = setup::ai_level(seat)?;
            players.push(level.map(|level| make_player::<R>(level, setup::ai_seed(seed, i))));
        }
        let game = Game::new(ruleset, scenario, options, seed, seats)
            .map_err(|e| CliError::input(format!("{label}: {e}")))?;
        let full_screen = !args.plain && screen::available();
        let has_view = full_screen && screen::has_view(R::ID);
        if has_view {
            // Everything was checked above, so a bad flag is reported before the screen opens.
            let builtin = game.ruleset().scenarios().iter().any(|s| s.id == label);
            let source = if builtin {
                ScenarioSource::Builtin(label.clone())
            } else {
                ScenarioSource::File {
                    bytes: store::read_file(Path::new(&label))?,
                    origin: label.clone(),
                }
            };
            let spec = GameSpec {
                ruleset: R::ID.to_string(),
                scenario: source,
                seed,
                seats: game.seats().to_vec(),
                options: args.options.clone(),
            };
            return screen::game(spec, self.ascii, args.save);
        }
        let mut input = Keyboard::new(std::io::stdin());
        let mut output = crate::out::stdout();
        if full_screen && !has_view {
            writeln!(
                output,
                "The full-screen UI has no {} view in this build yet; playing line by line.",
                R::ID
            )?;
        }
        let mut session = Session {
            shown: vec![0; usize::from(count) + 1],
            humans: (0..count)
                .map(Seat)
                .filter(|s| players[s.index()].is_none())
                .collect(),
            game,
            players,
            at_keyboard: None,
            ai_since_human: None,
            autosave: DirStore::new(store::data_dir()),
            autosave_failed: false,
            save_path: args.save,
            clear_on_handoff: std::io::stdout().is_terminal(),
            input: &mut input,
            out: &mut output,
        };
        session.intro(&label, &args.options)?;
        session.play()?;
        session.finish()
    }
}

/// The lines typed on standard input, read on a thread of their own so that AI play can look
/// at what was typed without waiting for it.
struct Keyboard {
    lines: Receiver<std::io::Result<String>>,
    /// A line taken off the channel but not yet read; `Some(None)` is the end of the input.
    next: Option<Option<std::io::Result<String>>>,
}

impl Keyboard {
    /// Starts reading `input` line by line; the thread ends at the end of the input (or an
    /// error, which is passed on), or when the game is over and nobody listens.
    fn new<I: std::io::Read + Send + 'static>(input: I) -> Keyboard {
        let (send, lines) = channel();
        std::thread::spawn(move || {
            let mut input = std::io::BufReader::new(input);
            loop {
                let mut text = String::new();
                let read = input.read_line(&mut text);
                let last = !matches!(read, Ok(n) if n > 0);
                let sent = match read {
                    Ok(0) => Ok(()),
                    Ok(_) => send.send(Ok(text)),
                    Err(e) => send.send(Err(e)),
                };
                if last || sent.is_err() {
                    break;
                }
            }
        });
        Keyboard { lines, next: None }
    }

    /// The next line, waiting for it; `None` at the end of the input.
    fn read(&mut self) -> std::io::Result<Option<String>> {
        let next = match self.next.take() {
            Some(next) => next,
            None => self.lines.recv().ok(),
        };
        next.transpose()
    }

    /// The next line if one was typed, without taking it or waiting: `Some(None)` at the end
    /// of the input, `None` while nothing is typed yet.
    fn peek(&mut self) -> Option<Option<&str>> {
        if self.next.is_none() {
            match self.lines.try_recv() {
                Ok(line) => self.next = Some(Some(line)),
                Err(TryRecvError::Disconnected) => self.next = Some(None),
                Err(TryRecvError::Empty) => return None,
            }
        }
        match &self.next {
            Some(Some(Ok(text))) => Some(Some(text.as_str())),
            // An error is read (and reported) by the next prompt.
            Some(Some(Err(_))) => Some(Some("")),
            Some(None) => Some(None),
            None => None,
        }
    }
}

/// What a human typed.
enum Command {
    Choose(usize),
    Undo,
    Save,
    Quit,
    Help,
    /// The board as the player sees it: drawn, for a ruleset that draws it (with what was
    /// typed after the word: a level, a square), else one fact a line.
    Map(String),
    /// The board's facts, one a line.
    Facts,
    /// The player's hand (and what they know of other hands).
    Hand,
    /// A summary of the rules.
    Rules,
    Unknown,
}

fn parse_command(text: &str) -> Command {
    let text = text.trim();
    let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
    if matches!(word, "m" | "map" | "board" | "view") {
        return Command::Map(rest.trim().to_string());
    }
    match text {
        "q" | "quit" => Command::Quit,
        "u" | "undo" => Command::Undo,
        "s" | "save" => Command::Save,
        "" | "?" | "h" | "help" => Command::Help,
        "units" | "facts" | "list" => Command::Facts,
        "hand" | "cards" => Command::Hand,
        "r" | "rules" => Command::Rules,
        n => n.parse().map_or(Command::Unknown, Command::Choose),
    }
}

struct Session<'io, R: Ruleset> {
    game: Game<R>,
    players: Vec<Option<Box<dyn Player<R>>>>,
    humans: Vec<Seat>,
    /// Per seat (and one more for the referee view): how many journal events it has seen.
    shown: Vec<usize>,
    /// The human seat the screen was last shown to.
    at_keyboard: Option<Seat>,
    /// The AI seat that has acted since the last human decision, if any (its run of actions
    /// is announced once).
    ai_since_human: Option<Seat>,
    /// The data folder the full-screen UI uses: autosaves go there, one set per game.
    autosave: DirStore,
    /// Whether the last autosave (or `--save` write) failed, so its success is announced.
    autosave_failed: bool,
    save_path: Option<PathBuf>,
    /// Whether output is a terminal whose screen can be cleared at a hand-off.
    clear_on_handoff: bool,
    input: &'io mut Keyboard,
    out: &'io mut dyn Write,
}

impl<R: Ruleset> Session<'_, R> {
    fn name(&self, seat: Seat) -> String {
        let name = self.game.ruleset().seat_name(self.game.scenario(), seat);
        format!("{name} ({seat})")
    }

    /// The opening lines: scenario, seed commitment and who plays each seat. `options` are the
    /// table options as typed, so a seat handed to a ruleset's own AI mode (`ai_seatN`) is
    /// named as such rather than by the stand-in player that sends its one action.
    fn intro(&mut self, label: &str, options: &[(String, String)]) -> Result<(), CliError> {
        writeln!(
            self.out,
            "squadsight {} - scenario {label}, seed commitment {} (the seed is shown when the game ends)",
            R::ID,
            seed::short(self.game.seed_commitment())
        )?;
        for (i, config) in self.game.seats().iter().enumerate() {
            let who = match &config.kind {
                SeatKind::Human => "human".to_string(),
                SeatKind::Ai { level } => {
                    let key = format!("ai_seat{}", i + 1);
                    match options.iter().rev().find(|(k, _)| *k == key) {
                        Some((_, mode)) => format!("the rulebook's AI mode ({mode})"),
                        None => format!("AI ({level})"),
                    }
                }
            };
            let seat = Seat(u8::try_from(i).unwrap_or(u8::MAX));
            writeln!(self.out, "  {}: {who}", self.name(seat))?;
        }
        writeln!(
            self.out,
            "Autosaved after every action to {} (the menu's Continue and Load find it).",
            self.autosave.dir().join("autosaves").display()
        )?;
        if let Some(path) = &self.save_path {
            writeln!(
                self.out,
                "Also saved to {} after every action.",
                path.display()
            )?;
        }
        writeln!(
            self.out,
            "Type an action's number, or u to undo, s to save, q to quit; {}, rules and help show more.",
            self.view_words()
        )?;
        Ok(())
    }

    /// The commands that show more of the game: a cooperative game has one shared view and no
    /// hands; the others have a board and each seat's hand.
    fn view_words(&self) -> &'static str {
        if self.game.ruleset().cooperative() {
            "view"
        } else {
            "map, hand"
        }
    }

    /// The viewer whose events are printed as they happen: the only human, or the referee
    /// when nobody is human. With several humans, events are shown at each one's turn.
    fn live_viewer(&self) -> Option<Option<Seat>> {
        match self.humans.as_slice() {
            [] => Some(None),
            [only] => Some(Some(*only)),
            _ => None,
        }
    }

    fn show_events(&mut self, viewer: Option<Seat>) -> Result<(), CliError> {
        let slot = viewer.map_or(self.shown.len() - 1, Seat::index);
        let events = self.game.journal().events();
        for event in &events[self.shown[slot].min(events.len())..] {
            if let Some(seen) = event.view(viewer) {
                writeln!(self.out, "{}", line(&seen))?;
            }
        }
        self.shown[slot] = events.len();
        Ok(())
    }

    fn read_line(&mut self) -> Result<Option<String>, CliError> {
        self.out.flush()?;
        self.input
            .read()
            .map_err(|e| CliError::input(format!("cannot read the keyboard: {e}")))
    }

    /// Whether the player asked to stop while the AI plays: `q` typed (it is left unread),
    /// or the input ended in a game where someone types (a game of AI seats only plays on
    /// with no input at all).
    fn stop_asked(&mut self) -> bool {
        let humans = !self.humans.is_empty();
        match self.input.peek() {
            Some(Some(text)) => matches!(parse_command(text), Command::Quit),
            Some(None) => humans,
            None => false,
        }
    }

    /// Plays until the game ends or a human quits.
    fn play(&mut self) -> Result<(), CliError> {
        let mut legal = Vec::new();
        loop {
            let seat = match self.game.to_act() {
                Decision::Over(outcome) => {
                    if let Some(viewer) = self.live_viewer() {
                        self.show_events(viewer)?;
                    }
                    let text = outcome_text(self.game.ruleset(), self.game.scenario(), &outcome);
                    writeln!(self.out, "Game over: {text}.")?;
                    writeln!(
                        self.out,
                        "The seed was {}; its commitment {} matches.",
                        self.game.seed(),
                        seed::short(self.game.seed_commitment())
                    )?;
                    writeln!(
                        self.out,
                        "Fingerprint of this game: {} (note it; `squadsight verify SAVE --expect {}` \
                         checks that a save is this game, whole).",
                        save::fingerprint(&self.game),
                        save::fingerprint(&self.game)
                    )?;
                    return Ok(());
                }
                Decision::Act(seat) => seat,
            };
            self.game.legal_actions(seat, &mut legal);
            if legal.is_empty() {
                return Err(CliError::invalid(format!(
                    "{seat} is to act but has no legal actions (a rules bug)"
                )));
            }
            let Some(player) = self.players.get(seat.index()) else {
                return Err(CliError::invalid(format!(
                    "the rules gave the decision to {seat}, which this game does not have"
                )));
            };
            let keep_going = if player.is_some() {
                if self.stop_asked() {
                    writeln!(
                        self.out,
                        "Stopped before {}'s next action; the game is saved as it stands.",
                        self.name(seat)
                    )?;
                    return Ok(());
                }
                self.ai_turn(seat, &legal)?;
                true
            } else {
                self.human_turn(seat, &legal)?
            };
            if !keep_going {
                return Ok(());
            }
        }
    }

    fn ai_turn(&mut self, seat: Seat, legal: &[R::Action]) -> Result<(), CliError> {
        let observation = self.game.observe(seat);
        let Some(Some(player)) = self.players.get_mut(seat.index()) else {
            return Ok(());
        };
        let choice = player.choose(self.game.ruleset(), &observation, seat, legal);
        let label = self.game.describe(&choice.action);
        let player_name = player.name();
        self.game.apply(seat, choice.action).map_err(|e| {
            CliError::invalid(format!("{player_name} chose an illegal action: {e}"))
        })?;
        if self.humans.is_empty() {
            writeln!(
                self.out,
                "{} plays: {label} - {}",
                self.name(seat),
                choice.reason
            )?;
        } else if self.ai_since_human != Some(seat) {
            // A label can name what the people at the table may not see (a unit out of
            // sight, a card): they read only the events they may see.
            writeln!(
                self.out,
                "{} is playing (type q and Enter to stop the game).",
                self.name(seat)
            )?;
        }
        self.ai_since_human = Some(seat);
        if let Some(viewer) = self.live_viewer() {
            self.show_events(viewer)?;
        }
        self.autosave()
    }

    /// One human decision; `false` when the player quits.
    fn human_turn(&mut self, seat: Seat, legal: &[R::Action]) -> Result<bool, CliError> {
        self.ai_since_human = None;
        // A cooperative game has one table and nothing hidden between its seats: no hand-off.
        let handoff = !self.game.ruleset().cooperative();
        if handoff && self.humans.len() > 1 && self.at_keyboard != Some(seat) {
            if self.clear_on_handoff {
                // Clear the screen so the next player does not see the last one's hand.
                // Our own terminal command, so it bypasses the escaping output.
                self.out.flush()?;
                let mut raw = std::io::stdout();
                raw.write_all(b"\x1b[2J\x1b[H")?;
                raw.flush()?;
            }
            writeln!(
                self.out,
                "\n=== Hand the keyboard to {} and press Enter ===",
                self.name(seat)
            )?;
            if self.read_line()?.is_none() {
                return Ok(false);
            }
            self.at_keyboard = Some(seat);
        }
        self.show_events(Some(seat))?;
        let timer = self
            .game
            .ruleset()
            .timer(self.game.state())
            .filter(|t| t.seat == seat);
        // What is asked, from the seat's own view ("2 card(s) to discard").
        let asked = self
            .game
            .ruleset()
            .observation_lines(&self.game.observe(seat))
            .into_iter()
            .find_map(|l| l.strip_prefix("to decide: ").map(str::to_string));
        match asked {
            Some(what) => writeln!(self.out, "{} to act: {what}", self.name(seat))?,
            None => writeln!(self.out, "{} to act:", self.name(seat))?,
        }
        // Inputs that carry the clock's reading are listed once, with the time left as the
        // list is printed, and stamped again with the time left when picked.
        let ruleset = self.game.ruleset_handle();
        let now = timer.as_ref().map_or(0, |t| t.seconds);
        let mut shown: Vec<R::Action> = Vec::with_capacity(legal.len());
        for action in legal {
            let once = ruleset.stamp(self.game.state(), action, now);
            if !shown.contains(&once) {
                shown.push(once);
            }
        }
        let legal = &shown[..];
        for (i, action) in legal.iter().enumerate() {
            writeln!(self.out, "  {:>3}. {}", i + 1, self.game.describe(action))?;
        }
        if let Some(t) = &timer {
            writeln!(self.out, "  (you have {} seconds)", t.seconds)?;
        }
        let started = Instant::now();
        loop {
            write!(self.out, "> ")?;
            let Some(text) = self.read_line()? else {
                return Ok(false);
            };
            match parse_command(&text) {
                Command::Quit => return Ok(false),
                Command::Help if self.game.ruleset().cooperative() => writeln!(
                    self.out,
                    "Type 1 to {} to choose an action, u to undo, s to save, q to quit;\n\
                     view (or m) shows the game's state, rules (or r) a summary of the rules.",
                    legal.len()
                )?,
                Command::Help => writeln!(
                    self.out,
                    "Type 1 to {} to choose an action, u to undo, s to save, q to quit;\n\
                     map (or m) shows the board (map 2 another level, map X,Y around a square,\n\
                     where it is drawn), units its facts, hand your cards, rules (or r) a summary\n\
                     of the rules.",
                    legal.len()
                )?,
                Command::Map(request) => self.show_map(seat, &request)?,
                Command::Facts => self.show_view(seat, false)?,
                Command::Hand => self.show_view(seat, true)?,
                Command::Rules => {
                    writeln!(
                        self.out,
                        "{}",
                        self.game.ruleset().rules_summary().trim_end()
                    )?;
                }
                Command::Unknown => writeln!(
                    self.out,
                    "Not understood: type 1 to {}, u, s, q, {}, rules or help.",
                    legal.len(),
                    self.view_words()
                )?,
                Command::Save => self.save()?,
                Command::Undo => {
                    self.undo(seat)?;
                    return Ok(true);
                }
                Command::Choose(n) if n == 0 || n > legal.len() => {
                    writeln!(
                        self.out,
                        "There is no action {n}: choose 1 to {}.",
                        legal.len()
                    )?;
                }
                Command::Choose(n) => {
                    // A timed decision answered too late gets the timer's action, so the log
                    // records what the clock decided and a replay never needs the clock.
                    let action = match timer {
                        Some(t) if started.elapsed().as_secs() >= u64::from(t.seconds) => {
                            writeln!(self.out, "Time ran out: {}.", self.game.describe(&t.action))?;
                            t.action
                        }
                        Some(t) => {
                            let spent = u32::try_from(started.elapsed().as_secs()).unwrap_or(0);
                            let left = t.seconds.saturating_sub(spent);
                            writeln!(self.out, "({left} s left)")?;
                            ruleset.stamp(self.game.state(), &legal[n - 1], left)
                        }
                        None => legal[n - 1].clone(),
                    };
                    if let Err(e) = self.game.apply(seat, action) {
                        writeln!(self.out, "Refused: {e}")?;
                        return Ok(true);
                    }
                    if let Some(viewer) = self.live_viewer() {
                        self.show_events(viewer)?;
                    }
                    self.autosave()?;
                    return Ok(true);
                }
            }
        }
    }

    /// Draws the board as `seat` sees it where the ruleset draws one (`request` is what was
    /// typed after `map`), else prints its facts.
    fn show_map(&mut self, seat: Seat, request: &str) -> Result<(), CliError> {
        let drawn = self
            .game
            .ruleset()
            .text_map(&self.game.observe(seat), request);
        match drawn {
            Some(Ok(lines)) => {
                for l in lines {
                    writeln!(self.out, "{l}")?;
                }
                Ok(())
            }
            Some(Err(why)) => Ok(writeln!(self.out, "{why}.")?),
            None => self.show_view(seat, false),
        }
    }

    /// Prints what `seat` sees, one fact a line: the hand lines with `hand`, else the rest
    /// (the board: units, deck, tokens).
    fn show_view(&mut self, seat: Seat, hand: bool) -> Result<(), CliError> {
        let lines = self
            .game
            .ruleset()
            .observation_lines(&self.game.observe(seat));
        let is_hand = |l: &str| l.starts_with("hand");
        let mut any = false;
        for l in lines.iter().filter(|l| is_hand(l) == hand) {
            writeln!(self.out, "  {l}")?;
            any = true;
        }
        if !any {
            let what = if hand {
                "this game has no hands of cards"
            } else {
                "this ruleset lists no board facts"
            };
            writeln!(self.out, "  ({what})")?;
        }
        Ok(())
    }

    /// Takes back actions until one of `seat`'s own is undone, or an undo is refused.
    fn undo(&mut self, seat: Seat) -> Result<(), CliError> {
        let mut undone = 0;
        while let Some((last, _)) = self.game.last_action() {
            match self.game.undo() {
                Ok(()) => {
                    undone += 1;
                    if last == seat {
                        break;
                    }
                }
                Err(e) => {
                    writeln!(self.out, "Cannot undo further: {e}.")?;
                    break;
                }
            }
        }
        if undone == 0 && self.game.last_action().is_none() {
            writeln!(self.out, "Nothing to undo.")?;
        }
        if undone > 0 {
            writeln!(self.out, "Undid {undone} action(s).")?;
            self.autosave()?;
        }
        Ok(())
    }

    fn save_text(&self) -> Result<String, CliError> {
        save::to_ron(&self.game).map_err(|e| CliError::invalid(e.to_string()))
    }

    fn save(&mut self) -> Result<(), CliError> {
        let path = self.save_path.clone().unwrap_or_else(|| {
            PathBuf::from(format!(
                "squadsight-{}-{}.ron",
                R::ID,
                seed::short(self.game.seed_commitment())
            ))
        });
        let text = self.save_text()?;
        match store::write_atomic(&path, text.as_bytes()) {
            Ok(()) => writeln!(self.out, "Saved to {}.", path.display())?,
            Err(e) => writeln!(self.out, "Not saved: {e}")?,
        }
        Ok(())
    }

    /// Autosaves, and writes `--save PATH`, after every action. A failure is reported every
    /// time until a save succeeds again (which is said too); play goes on, and the older
    /// autosaves are kept.
    fn autosave(&mut self) -> Result<(), CliError> {
        let text = self.save_text()?;
        let game = format!("{}-{}", R::ID, self.game.header_hash());
        let mut failures = Vec::new();
        if let Err(e) = self.autosave.autosave(&game, &text) {
            failures.push(format!("autosave failed: {e}"));
        }
        if let Some(path) = &self.save_path
            && let Err(e) = store::write_atomic(path, text.as_bytes())
        {
            failures.push(format!("--save failed: {}", e.message));
        }
        if failures.is_empty() {
            if self.autosave_failed {
                writeln!(self.out, "(saving works again)")?;
            }
            self.autosave_failed = false;
        } else {
            self.autosave_failed = true;
            for f in failures {
                writeln!(self.out, "(NOT SAVED, play goes on: {f})")?;
            }
        }
        Ok(())
    }

    /// Writes `--save PATH` at the end. Without one, a game whose last autosave failed ends
    /// with exit code 2, so a script learns that the game is not on disk.
    fn finish(&mut self) -> Result<(), CliError> {
        if let Some(path) = &self.save_path {
            let text = self.save_text()?;
            store::write_atomic(path, text.as_bytes())?;
            writeln!(self.out, "Saved to {}.", path.display())?;
        } else if self.autosave_failed {
            return Err(CliError::input(
                "the game is not saved: its last autosave failed (see NOT SAVED above)",
            ));
        }
        Ok(())
    }
}
