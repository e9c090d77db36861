//! Standard output that can never carry a terminal command from a file: every command prints
//! through [`SafeOut`], which passes text through `squadsight_core::text::escape_lines`, so a
//! name like `"X\u{1b}]0;PWNED\u{7}"` from a scenario or save is shown as
//! `X\u{1b}]0;PWNED\u{7}` instead of retitling the terminal. Line breaks and tabs pass.

use squadsight_core::text;
use std::io::{self, Write};

/// A writer that escapes control characters (see the module docs). Bytes that are not UTF-8
/// are shown as U+FFFD; a character split between two writes is held until it is complete.
pub struct SafeOut<W: Write> {
    inner: W,
    /// Escape for JSON strings (`\u001b`) rather than for people (`\u{1b}`).
    json: bool,
    /// The start of a character whose other bytes have not arrived yet.
    pending: Vec<u8>,
}

impl<W: Write> SafeOut<W> {
    /// Text for people.
    pub fn new(inner: W) -> SafeOut<W> {
        SafeOut {
            inner,
            json: false,
            pending: Vec::new(),
        }
    }

    /// JSON lines: control characters serde_json leaves raw (DEL, C1, bidi marks) become
    /// `\uXXXX` escapes, which JSON readers decode back to the same text.
    pub fn json(inner: W) -> SafeOut<W> {
        SafeOut {
            inner,
            json: true,
            pending: Vec::new(),
        }
    }

    fn emit(&mut self, s: &str) -> io::Result<()> {
        if self.json {
            if !s.chars().any(text::is_unsafe) {
                return self.inner.write_all(s.as_bytes());
            }
            let mut out = String::with_capacity(s.len() + 8);
            for c in s.chars() {
                if text::is_unsafe(c) && c != '\n' {
                    out.push_str(&format!("\\u{:04x}", u32::from(c)));
                } else {
                    out.push(c);
                }
            }
            self.inner.write_all(out.as_bytes())
        } else {
            self.inner.write_all(text::escape_lines(s).as_bytes())
        }
    }
}

impl<W: Write> Write for SafeOut<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        let mut bytes = std::mem::take(&mut self.pending);
        let mut start = 0;
        loop {
            match std::str::from_utf8(&bytes[start..]) {
                Ok(s) => {
                    self.emit(s)?;
                    break;
                }
                Err(e) => {
                    let good = start + e.valid_up_to();
                    let valid = std::str::from_utf8(&bytes[start..good]).unwrap_or_default();
                    self.emit(valid)?;
                    match e.error_len() {
                        Some(n) => {
                            self.emit("\u{fffd}")?;
                            start = good + n;
                        }
                        None => {
                            // An incomplete character at the end: keep it for the next write.
                            bytes.drain(..good);
                            self.pending = bytes;
                            return Ok(buf.len());
                        }
                    }
                }
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<W: Write> Drop for SafeOut<W> {
    fn drop(&mut self) {
        if !self.pending.is_empty() {
            let _ = self.inner.write_all("\u{fffd}".as_bytes());
        }
        let _ = self.inner.flush();
    }
}

/// Standard output, escaped for people.
pub fn stdout() -> SafeOut<io::StdoutLock<'static>> {
    SafeOut::new(io::stdout().lock())
}

/// Standard output, for JSON lines.
pub fn stdout_json() -> SafeOut<io::StdoutLock<'static>> {
    SafeOut::json(io::stdout().lock())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_even_when_split() {
        let mut out = SafeOut::new(Vec::new());
        let hostile = "side X\u{1b}]0;PWNED\u{7}\u{1b}[2J and \u{9b}31m\n";
        let bytes = hostile.as_bytes();
        // Written in pieces that split the two-byte C1 character.
        let split = hostile.find('\u{9b}').unwrap() + 1;
        out.write_all(&bytes[..split]).unwrap();
        out.write_all(&bytes[split..]).unwrap();
        let shown = String::from_utf8(std::mem::take(&mut out.inner)).unwrap();
        assert_eq!(
            shown,
            "side X\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J and \\u{9b}31m\n"
        );
        let mut json = SafeOut::json(Vec::new());
        json.write_all("{\"text\":\"a\u{9b}b\"}\n".as_bytes())
            .unwrap();
        let shown = String::from_utf8(std::mem::take(&mut json.inner)).unwrap();
        assert_eq!(shown, "{\"text\":\"a\\u009bb\"}\n");
        let v: serde_json::Value = serde_json::from_str(shown.trim()).unwrap();
        assert_eq!(v["text"], "a\u{9b}b");
    }
}
