//! Strings that came from a file, made safe to show and checked when they are read.
//!
//! A name in a scenario, a save or a campaign is data, not terminal commands: [`escape`] turns
//! every control character (C0, DEL, C1) and every invisible reordering mark (bidirectional
//! overrides and isolates) into a visible `\u{…}` form, so printing a hostile name can never
//! change a terminal's title, clear its screen or reorder what follows. Every output path that
//! prints such a string uses it (the binary's commands and error messages, the terminal UI).
//! [`check_name`] is the one validation rule for names and texts in data files: no control
//! characters and a length limit, reported at the name's `file:line:col`.

use crate::data::DataError;
use std::borrow::Cow;
use std::fmt;

/// The longest name (of a side, a unit, a player, a scenario) a data file may give, in
/// characters.
pub const MAX_NAME_CHARS: usize = 80;

/// The longest free text (a title, a description) a data file may give, in characters.
pub const MAX_TEXT_CHARS: usize = 2000;

/// How many characters of a bad value an error message quotes.
pub const QUOTE_CHARS: usize = 40;

/// Whether `c` must not reach a terminal as it is: a control character (C0, DEL, C1) or a
/// bidirectional formatting mark that reorders the text around it.
pub fn is_unsafe(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `s` with every unsafe character written as `\u{hex}` (and a backslash before such an
/// escape kept unambiguous by writing `\\`). Borrows when there is nothing to escape.
pub fn escape(s: &str) -> Cow<'_, str> {
    if !s.chars().any(|c| is_unsafe(c) || c == '\\') {
        return Cow::Borrowed(s);
    }
    Cow::Owned(Escaped(s).to_string())
}

/// Like [`escape`], but keeps line breaks and tabs: for multi-line messages.
pub fn escape_lines(s: &str) -> Cow<'_, str> {
    if !s.chars().any(|c| is_unsafe(c) && c != '\n' && c != '\t') {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if is_unsafe(c) && c != '\n' && c != '\t' {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

fn push_escaped(out: &mut String, c: char) {
    use fmt::Write as _;
    let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
}

/// Formats a string escaped (see [`escape`]) without building it first.
#[derive(Clone, Copy, Debug)]
pub struct Escaped<'a>(pub &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while let Some(at) = rest.find(|c: char| is_unsafe(c) || c == '\\') {
            f.write_str(&rest[..at])?;
            let c = rest[at..].chars().next().unwrap_or('\\');
            if c == '\\' {
                f.write_str("\\\\")?;
            } else {
                write!(f, "\\u{{{:x}}}", u32::from(c))?;
            }
            rest = &rest[at + c.len_utf8()..];
        }
        f.write_str(rest)
    }
}

/// A bad value for an error message: escaped, and cut to [`QUOTE_CHARS`] characters with the
/// full length said, so a huge value never floods the terminal.
pub fn quote(s: &str) -> String {
    let count = s.chars().count();
    if count <= QUOTE_CHARS {
        return escape(s).into_owned();
    }
    let cut: String = s.chars().take(QUOTE_CHARS).collect();
    format!("{}… ({count} characters)", escape(&cut))
}

/// Why a name or text cannot be used: it holds a control character, or it is longer than
/// `max` characters. `None` when it is fine.
pub fn name_problem(value: &str, max: usize) -> Option<String> {
    if let Some(c) = value.chars().find(|&c| is_unsafe(c)) {
        return Some(format!(
            "`{}` contains the control character U+{:04X}; names and texts may not hold control characters",
            quote(value),
            u32::from(c)
        ));
    }
    let count = value.chars().count();
    (count > max).then(|| {
        format!(
            "`{}` is too long: {count} characters, the limit is {max}",
            quote(value)
        )
    })
}

/// The problems of several names and texts at once, for a validator that lists every
/// problem: each entry is (what, value, limit); the result has one line per bad value.
pub fn problems<'a>(values: impl IntoIterator<Item = (String, &'a str, usize)>) -> Vec<String> {
    values
        .into_iter()
        .filter_map(|(what, value, max)| name_problem(value, max).map(|p| format!("{what}: {p}")))
        .collect()
}

/// Checks one name or text of a data file (see [`name_problem`]); the error names `what`
/// (`side 1 name`) and points at the value in `source` (the file's text) as
/// `origin:line:col`, or at the file when the value cannot be found in it (an escaped form).
pub fn check_name(
    origin: &str,
    source: &str,
    what: &str,
    value: &str,
    max: usize,
) -> Result<(), DataError> {
    let Some(problem) = name_problem(value, max) else {
        return Ok(());
    };
    let message = format!("{what}: {problem}");
    Err(DataError::at(origin, locate(source, value), message))
}

/// Every string in a RON data file that holds a control character or is longer than
/// [`MAX_TEXT_CHARS`], each reported at its `file:line:col`: the check a file gets before it
/// is read as anything, whatever its schema (the schema's validation adds the tighter limits
/// on names). A file that is not RON yields nothing here; its parser reports it.
pub fn check_strings(origin: &str, bytes: &[u8]) -> Vec<DataError> {
    let Ok(source) = std::str::from_utf8(bytes) else {
        return Vec::new();
    };
    let Ok(value) = crate::data::parse_ron::<ron::Value>(bytes, origin) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    // Each value with the field it is in, to name it in the message.
    let mut stack = vec![("a string".to_string(), &value)];
    while let Some((what, v)) = stack.pop() {
        match v {
            ron::Value::String(s) => {
                if let Err(e) = check_name(origin, source, &what, s, MAX_TEXT_CHARS) {
                    found.push(e);
                }
            }
            ron::Value::Map(map) => {
                for (k, v) in map.iter() {
                    let field = match k {
                        ron::Value::String(name) if name.len() <= QUOTE_CHARS => {
                            format!("field `{}`", escape(name))
                        }
                        _ => what.clone(),
                    };
                    stack.push((what.clone(), k));
                    stack.push((field, v));
                }
            }
            ron::Value::Seq(items) => stack.extend(items.iter().map(|i| (what.clone(), i))),
            ron::Value::Option(Some(inner)) => stack.push((what, inner)),
            _ => {}
        }
    }
    found.sort_by_key(|e| (e.line, e.col));
    found
}

/// The 1-based line and column where `value` first appears in `source` as written (raw, or
/// as a quoted string with escapes), if it does.
pub fn locate(source: &str, value: &str) -> Option<(usize, usize)> {
    let at = source.find(value).or_else(|| {
        // Written with escapes in the file: look for the opening quote, the plain start of
        // the value, then its first escaped character in one of RON's escape forms.
        let plain: String = value
            .chars()
            .take_while(|&c| !is_unsafe(c) && c != '\\' && c != '"')
            .collect();
        let next = value[plain.len()..].chars().next();
        let forms: Vec<String> = match next {
            Some(c) => {
                let n = u32::from(c);
                vec![
                    format!("\\u{{{n:x}}}"),
                    format!("\\u{{{n:X}}}"),
                    format!("\\u{{{n:04x}}}"),
                    format!("\\x{n:02x}"),
                    format!("\\x{n:02X}"),
                ]
            }
            None => vec![String::new()],
        };
        forms
            .iter()
            .find_map(|f| source.find(&format!("\"{plain}{f}")))
            .map(|i| i + 1)
    })?;
    let before = &source[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Some((line, col))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_shown_not_sent() {
        let hostile = "X\u{1b}]0;PWNED\u{7}\u{1b}[2J";
        let shown = escape(hostile);
        assert_eq!(shown, "X\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J");
        assert!(!shown.chars().any(is_unsafe));
        assert_eq!(Escaped(hostile).to_string(), shown);
        assert!(matches!(escape("Squaddie #3"), Cow::Borrowed(_)));
        assert_eq!(escape("a\u{9b}b\u{202e}c\\"), "a\\u{9b}b\\u{202e}c\\\\");
        assert_eq!(escape_lines("one\ntwo\u{1b}"), "one\ntwo\\u{1b}");
    }

    #[test]
    fn names_are_checked_for_control_characters_and_length() {
        let source = "(\n  name: \"Bad\\u{1b}]0;x\",\n  long: \"";
        let err = check_name("s.ron", source, "side 1 name", "Bad\u{1b}]0;x", 64).unwrap_err();
        assert_eq!((err.line, err.col), (2, 10), "{err}");
        assert!(err.message.contains("U+001B"), "{err}");
        assert!(!err.to_string().contains('\u{1b}'));
        let huge = "A".repeat(1_000_000);
        let err = check_name("s.ron", "", "side 2 name", &huge, 64).unwrap_err();
        assert!(err.message.contains("1000000 characters, the limit is 64"));
        assert!(err.message.len() < 200, "{}", err.message);
        assert!(check_name("s.ron", "", "x", "ADVENT", 64).is_ok());
        let found = problems([
            ("title".to_string(), "Fine", MAX_NAME_CHARS),
            ("side 1 name".to_string(), "X\u{7}", MAX_NAME_CHARS),
        ]);
        assert_eq!(found.len(), 1);
        assert!(found[0].starts_with("side 1 name: "), "{found:?}");
    }

    #[test]
    fn any_ron_file_is_scanned_for_bad_strings() {
        let file =
            "(\n  sides: [(name: \"ok\"), (name: \"bad\\u{1b}[2J\")],\n  x: Some(\"\\u{7}\"),\n)";
        let errors = check_strings("f.ron", file.as_bytes());
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert_eq!((errors[0].line, errors[0].col), (2, 33), "{}", errors[0]);
        assert!(check_strings("f.ron", b"(a: \"fine\")").is_empty());
    }
}
