//! Reading RON data (rules, scenarios, saves) safely: size cap, recursion limit, and errors
//! that name the file, line and column. Core does no IO: callers hand in the bytes.

use serde::de::DeserializeOwned;
use std::fmt;

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
    match at {
        Some(p) => {
            let before = text.get(..p).unwrap_or("");
            DataError {
                origin: origin.to_string(),
                line: before.matches('\n').count() + 1,
                col: before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1,
                message: message.into(),
            }
        }
        None => DataError::general(origin, message),
    }
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
