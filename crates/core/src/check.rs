//! Checks the `*Def` → runtime validators share: the names and texts a scenario or data file
//! gives, gathered and checked in one go ([`crate::text::problems`]: no control characters,
//! sane lengths), each problem naming what it is about.
//!
//! ```
//! use squadsight_core::check::Texts;
//! let sides = ["X-Com", "Aliens\u{1b}[2J"];
//! let problems = Texts::default()
//!     .name("title", "Learning")
//!     .text("description", "Four against four.")
//!     .names(|i| format!("side {} name", i + 1), sides)
//!     .problems();
//! assert_eq!(problems.len(), 1);
//! assert!(problems[0].starts_with("side 2 name"));
//! ```

use crate::text::{self, MAX_NAME_CHARS, MAX_TEXT_CHARS};

/// Names and texts from a file, each with what it is and its length limit.
#[derive(Debug, Default)]
pub struct Texts<'a> {
    values: Vec<(String, &'a str, usize)>,
}

impl<'a> Texts<'a> {
    /// A name ([`MAX_NAME_CHARS`]): of a scenario, a side, a piece.
    pub fn name(mut self, what: impl Into<String>, value: &'a str) -> Self {
        self.values.push((what.into(), value, MAX_NAME_CHARS));
        self
    }

    /// A free text ([`MAX_TEXT_CHARS`]): a description.
    pub fn text(mut self, what: impl Into<String>, value: &'a str) -> Self {
        self.values.push((what.into(), value, MAX_TEXT_CHARS));
        self
    }

    /// Several names, the `i`th called `what(i)`.
    pub fn names(
        mut self,
        what: impl Fn(usize) -> String,
        values: impl IntoIterator<Item = &'a str>,
    ) -> Self {
        for (i, value) in values.into_iter().enumerate() {
            self.values.push((what(i), value, MAX_NAME_CHARS));
        }
        self
    }

    /// One line per bad value, in the order they were given.
    pub fn problems(self) -> Vec<String> {
        text::problems(self.values)
    }
}
