//! A running game as the app sees it, whatever its ruleset: something that draws itself,
//! reads inputs and makes progress in the background (AI turns).

use crate::keys::Input;
use crate::settings::Settings;
use crate::store::SaveStore;
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::any::Any;
use std::time::Duration;

/// What the app lends a session while it handles an input or a tick.
pub struct Env<'a> {
    /// Where saves go.
    pub store: &'a mut dyn SaveStore,
    /// The player's preferences.
    pub settings: &'a Settings,
}

/// What a session asks of the app after an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep showing the session.
    Stay,
    /// Go back to the main menu.
    Menu,
    /// Quit the program now.
    Quit,
    /// Suspend the program (Ctrl-Z).
    Suspend,
}

/// Where leaving a game goes: the player returns to where they came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaveTo {
    /// The main menu (the game was started from it).
    Menu,
    /// The shell (a command such as `squadsight play` or `squadsight replay` opened it).
    Shell,
    /// The campaign screen (a battle of a campaign).
    Campaign,
}

impl LeaveTo {
    /// The place in a few words, for dialogs and the key bar ("the menu").
    pub fn place(self) -> &'static str {
        match self {
            LeaveTo::Menu => "the menu",
            LeaveTo::Shell => "the shell",
            LeaveTo::Campaign => "the campaign",
        }
    }

    /// The place in one word, for the key bar ("menu").
    pub fn short(self) -> &'static str {
        match self {
            LeaveTo::Menu => "menu",
            LeaveTo::Shell => "shell",
            LeaveTo::Campaign => "campaign",
        }
    }
}

/// A game (or replay) on screen.
pub trait Session {
    /// Draws the whole screen.
    fn render(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme);

    /// Reads one input.
    fn handle(&mut self, input: &Input, env: &mut Env<'_>) -> Flow;

    /// Makes background progress (AI answers, pauses); returns whether the screen changed.
    fn tick(&mut self, env: &mut Env<'_>) -> bool;

    /// How soon `tick` should run again without any input; `None` when nothing is pending,
    /// so an idle screen sleeps until the next input.
    fn wake_in(&self) -> Option<Duration>;

    /// Whether background work is under way (an AI thinking, or the pause after its move).
    fn busy(&self) -> bool;

    /// Tells the session where leaving it goes, so its dialogs and key bar name the place.
    /// Sessions that hold games pass it on to them.
    fn set_leave_to(&mut self, to: LeaveTo) {
        let _ = to;
    }

    /// The session as `Any`, so tests can look at the typed game inside.
    fn as_any(&self) -> &dyn Any;
}
