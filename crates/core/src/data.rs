//! Reading RON data (rules, scenarios, saves) safely: size cap, recursion limit, and errors
//! that name the file, line and column. Core does no IO: callers hand in the bytes.

use serde::de::DeserializeOwned;
use std::fmt;
use std::sync::OnceLock;

/// Files larger than this are refused before parsing.
pub const MAX_DATA_BYTES: usize = 16 * 1024 * 1024;

/// How deeply RON values may nest before parsing stops with an error.
pub const RECURSION_LIMIT: usize = 64;

/// One problem found in a data file, with its location when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    /// The file or embedded name the data came from.
    pub origin: String,
    /// 1-based line, 0 when unknown.
    pub line: usize,
    /// 1-based column, 0 when unknown.
    pub col: usize,
    /// What is wrong, in plain words.
    pub message: String,
}

impl DataError {
    /// A problem without a position (for example found while validating).
    pub fn general(origin: &str, message: impl Into<String>) -> DataError {
        DataError {
            origin: origin.to_string(),
            line: 0,
            col: 0,
            message: message.into(),
        }
    }

    /// A problem at `place` (1-based line and column) when it is known, else without a
    /// position: what a validator gives once it has looked for the text a problem is about.
    pub fn at(
        origin: &str,
        place: Option<(usize, usize)>,
        message: impl Into<String>,
    ) -> DataError {
        match place {
            Some((line, col)) => DataError {
                origin: origin.to_string(),
                line,
                col,
                message: message.into(),
            },
            None => DataError::general(origin, message),
        }
    }

    /// A problem at byte `offset` of `text` (the file's contents) when it is known, else
    /// without a position.
    pub fn at_offset(
        origin: &str,
        text: &str,
        offset: Option<usize>,
        message: impl Into<String>,
    ) -> DataError {
        DataError::at(origin, offset.map(|o| line_col(text, o)), message)
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(
                f,
                "{}:{}:{}: {}",
                self.origin, self.line, self.col, self.message
            )
        } else {
            write!(f, "{}: {}", self.origin, self.message)
        }
    }
}

impl std::error::Error for DataError {}

impl DataError {
    /// A validation problem located in `text` (the file's contents): at the first `needle`
    /// after the first `anchor` (tried quoted first, so `"Rifle"` finds the entry named Rifle
    /// before a mention of it), at the anchor when the needle is not found there, and with no
    /// position when the anchor is missing too. Validators report problems found after
    /// parsing with this, so every error still names a line and column.
    pub fn near(
        origin: &str,
        text: &str,
        anchor: &str,
        needle: &str,
        message: impl Into<String>,
    ) -> DataError {
        let quoted = format!("\"{anchor}\"");
        let start = text.find(&quoted).or_else(|| text.find(anchor));
        let pos = start.map(|start| {
            text.get(start..)
                .and_then(|rest| rest.find(needle))
                .map_or(start, |n| start + n)
        });
        DataError::at_offset(origin, text, pos, message)
    }
}

/// The 1-based line and column (in characters) of byte `offset` of `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Every problem found in one data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataErrors(pub Vec<DataError>);

impl fmt::Display for DataErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for DataErrors {}

impl From<DataError> for DataErrors {
    fn from(e: DataError) -> Self {
        DataErrors(vec![e])
    }
}

/// A problem found while validating parsed data, placed at the text it is about: the first
/// `anchors[0]` in `text`, then the first `anchors[1]` after that, and so on (for example
/// `["id: \"hard\"", "pause_seconds"]`). Anchors that are not found leave the position at
/// the last one that was; with none found the error has no position.
pub fn located(
    origin: &str,
    text: &str,
    anchors: &[&str],
    message: impl Into<String>,
) -> DataError {
    let mut at = None;
    let mut from = 0;
    for anchor in anchors {
        match text.get(from..).and_then(|rest| rest.find(anchor)) {
            Some(i) => {
                at = Some(from + i);
                from += i + anchor.len();
            }
            None => break,
        }
    }
    DataError::at_offset(origin, text, at, message)
}

/// Parses RON bytes into `T`, refusing oversized, non-UTF-8 or too deeply nested input.
pub fn parse_ron<T: DeserializeOwned>(bytes: &[u8], origin: &str) -> Result<T, DataError> {
    if bytes.len() > MAX_DATA_BYTES {
        return Err(DataError::general(
            origin,
            format!(
                "file is {} bytes; the limit is {} bytes (16 MiB)",
                bytes.len(),
                MAX_DATA_BYTES
            ),
        ));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let before = &bytes[..e.valid_up_to()];
        let line = before.iter().filter(|b| **b == b'\n').count() + 1;
        let col = before.iter().rev().take_while(|b| **b != b'\n').count() + 1;
        DataError {
            origin: origin.to_string(),
            line,
            col,
            message: "not valid UTF-8 text".into(),
        }
    })?;
    ron::Options::default()
        .with_recursion_limit(RECURSION_LIMIT)
        .from_str(text)
        .map_err(|e| DataError {
            origin: origin.to_string(),
            line: e.span.start.line,
            col: e.span.start.col,
            message: e.code.to_string(),
        })
}

/// Parses the files of one data set (a ruleset's units, weapons, rules …) and keeps every
/// parse error, so one run reports every broken file rather than the first.
///
/// ```
/// use squadsight_core::data::ParseAll;
/// let mut files = ParseAll::default();
/// let a: Option<Vec<u8>> = files.ron("[1, 2]", "a.ron");
/// let b: Option<Vec<u8>> = files.ron("[1, x]", "b.ron");
/// assert_eq!((a, b), (Some(vec![1, 2]), None));
/// assert!(files.into_errors().to_string().starts_with("b.ron:1:"));
/// ```
#[derive(Debug, Default)]
pub struct ParseAll {
    errors: Vec<DataError>,
}

impl ParseAll {
    /// `text` parsed as `T`, or `None` with its error kept.
    pub fn ron<T: DeserializeOwned>(&mut self, text: &str, origin: &str) -> Option<T> {
        parse_ron(text.as_bytes(), origin)
            .map_err(|e| self.errors.push(e))
            .ok()
    }

    /// Every error kept so far.
    pub fn into_errors(self) -> DataErrors {
        DataErrors(self.errors)
    }
}

/// The value `load` gives, built once per process and kept in `cell` (a ruleset's embedded
/// catalog); a failure is kept too and handed out again.
pub fn cached<T: Sync + Send, E: Clone + Sync + Send>(
    cell: &'static OnceLock<Result<T, E>>,
    load: impl FnOnce() -> Result<T, E>,
) -> Result<&'static T, E> {
    cell.get_or_init(load).as_ref().map_err(Clone::clone)
}

/// Serialises a value as pretty RON (for saves and scenario files).
pub fn to_ron_pretty<T: serde::Serialize>(value: &T) -> Result<String, ron::Error> {
    let config = ron::ser::PrettyConfig::new()
        .depth_limit(6)
        .indentor("  ".to_string());
    ron::Options::default().to_string_pretty(value, config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize, PartialEq)]
    struct Thing {
        hits: u8,
    }

    #[test]
    fn errors_carry_line_and_column() {
        let e = parse_ron::<Thing>(b"(\n  hits: \"x\",\n)", "t.ron").unwrap_err();
        assert_eq!((e.line, e.origin.as_str()), (2, "t.ron"));
        assert!(e.col > 0);
        assert!(e.to_string().starts_with("t.ron:2:"));
    }

    #[test]
    fn validation_errors_are_placed_after_their_anchor() {
        let text = "[\n  (name: \"A\", hits: 1),\n  (name: \"B\", hits: 9),\n]";
        let e = DataError::near("t.ron", text, "B", "hits", "too many hits");
        assert_eq!((e.line, e.col), (3, 15));
        assert_eq!(e.to_string(), "t.ron:3:15: too many hits");
        let e = DataError::near("t.ron", text, "C", "hits", "no such entry");
        assert_eq!((e.line, e.col), (0, 0));
        assert_eq!(line_col("ab\ncd", 4), (2, 2));
    }

    #[test]
    fn located_errors_follow_their_anchors() {
        let text = "(\n  a: (x: 1),\n  b: (x: 2),\n)";
        let e = located("t.ron", text, &["b:", "x:"], "bad");
        assert_eq!((e.line, e.col), (3, 7));
        assert_eq!(located("t.ron", text, &["zz"], "bad").line, 0);
    }

    #[test]
    fn refuses_deep_nesting_and_junk_without_panicking() {
        let deep = "[".repeat(10_000);
        assert!(parse_ron::<Thing>(deep.as_bytes(), "deep").is_err());
        assert!(parse_ron::<Thing>(&[0xff, 0xfe, 0x00, 0x80], "junk").is_err());
        let big = vec![b' '; MAX_DATA_BYTES + 1];
        let e = parse_ron::<Thing>(&big, "big").unwrap_err();
        assert!(e.message.contains("16 MiB"));
        assert_eq!(
            parse_ron::<Thing>(b"(hits: 3)", "ok"),
            Ok(Thing { hits: 3 })
        );
    }
}
