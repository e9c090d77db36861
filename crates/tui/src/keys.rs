//! What the app reacts to ([`Input`]) and the key-script language tests use to describe a
//! sequence of inputs.
//!
//! # Key scripts
//!
//! A script is a list of tokens separated by white space; `#` starts a comment that runs to
//! the end of the line.
//!
//! | token | meaning |
//! |---|---|
//! | `q`, `7`, `?` | one key press of that character |
//! | `abc` | several characters typed one after another |
//! | `<Enter>` `<Esc>` `<Tab>` `<BackTab>` `<Space>` `<Backspace>` `<Delete>` | named keys |
//! | `<Up>` `<Down>` `<Left>` `<Right>` `<Home>` `<End>` `<PageUp>` `<PageDown>` `<F1>`…`<F12>` | named keys |
//! | `<lt>` `<gt>` `<hash>` | the characters `<`, `>` and `#` |
//! | `<C-c>` `<A-x>` `<S-Tab>` `<C-S-Up>` | a key with Ctrl (`C-`), Alt (`A-`) or Shift (`S-`) held |
//! | `<Click 10,4>` `<RightClick 10,4>` | a mouse click at column 10, row 4 (0-based) |
//! | `<ScrollUp 10,4>` `<ScrollDown 10,4>` | the mouse wheel at a cell |
//! | `<Resize 80x24>` | the terminal changes size |
//! | `TOKEN*3` | the token three times, e.g. `<Down>*3` or `j*3` |
//!
//! ```
//! use squadsight_tui::keys::{parse_script, Input};
//! let inputs = parse_script("<Down>*2 <Enter> q y # quit").unwrap();
//! assert_eq!(inputs.len(), 5);
//! assert_eq!(inputs[2], Input::key_code(crossterm::event::KeyCode::Enter));
//! ```

use crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use thiserror::Error;

/// One thing the app reacts to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A key press.
    Key(KeyEvent),
    /// A mouse click, release or wheel turn.
    Mouse(MouseEvent),
    /// The terminal now has this many columns and rows.
    Resize(u16, u16),
    /// The screen must be drawn again from scratch (after Ctrl-Z and `fg`).
    Redraw,
    /// The process was asked to stop (SIGTERM, SIGHUP); the number is the signal.
    Terminate(i32),
}

impl Input {
    /// A key press with no modifiers.
    pub fn key_code(code: KeyCode) -> Input {
        Input::key(code, KeyModifiers::NONE)
    }

    /// A key press with modifiers.
    pub fn key(code: KeyCode, modifiers: KeyModifiers) -> Input {
        Input::Key(KeyEvent {
            code,
            modifiers,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        })
    }

    /// A mouse event at a cell.
    pub fn mouse(kind: MouseEventKind, column: u16, row: u16) -> Input {
        Input::Mouse(MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    }
}

/// A key script that does not parse; `token` is the offending token.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad key-script token `{token}`: {reason}")]
pub struct ScriptError {
    /// The token as written.
    pub token: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

/// The most times a `TOKEN*N` repetition may repeat, so a typo cannot exhaust memory.
pub const MAX_REPEAT: usize = 10_000;

/// Parses a key script (see the module documentation).
pub fn parse_script(script: &str) -> Result<Vec<Input>, ScriptError> {
    let mut out = Vec::new();
    for line in script.lines() {
        let line = line.split('#').next().unwrap_or("");
        for token in tokens(line) {
            let (body, times) = split_repeat(token)?;
            let one = parse_token(body)?;
            for _ in 0..times {
                out.extend(one.iter().cloned());
            }
        }
    }
    Ok(out)
}

/// Splits a line into tokens, keeping `<Click 10,4>` (which holds a space) together.
fn tokens(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = line.trim_start();
    while !rest.is_empty() {
        let end = if rest.starts_with('<') {
            match rest.find('>') {
                // Include a `*N` suffix right after the closing bracket.
                Some(close) => {
                    let after = &rest[close + 1..];
                    close + 1 + after.find(char::is_whitespace).unwrap_or(after.len())
                }
                None => rest.len(),
            }
        } else {
            rest.find(char::is_whitespace).unwrap_or(rest.len())
        };
        out.push(&rest[..end]);
        rest = rest[end..].trim_start();
    }
    out
}

fn split_repeat(token: &str) -> Result<(&str, usize), ScriptError> {
    let bad = |reason| ScriptError {
        token: token.to_string(),
        reason,
    };
    let Some(star) = token.rfind('*') else {
        return Ok((token, 1));
    };
    let (body, count) = (&token[..star], &token[star + 1..]);
    // A lone `*` or a `*` inside a bracket name is the character itself.
    if body.is_empty() || (body.starts_with('<') && !body.ends_with('>')) {
        return Ok((token, 1));
    }
    let n: usize = count
        .parse()
        .map_err(|_| bad("a repeat count must be a number"))?;
    if n > MAX_REPEAT {
        return Err(bad("a repeat count may be at most 10000"));
    }
    Ok((body, n))
}

fn parse_token(token: &str) -> Result<Vec<Input>, ScriptError> {
    let bad = |reason| ScriptError {
        token: token.to_string(),
        reason,
    };
    let Some(inner) = token.strip_prefix('<') else {
        return Ok(token
            .chars()
            .map(|c| Input::key_code(KeyCode::Char(c)))
            .collect());
    };
    let inner = inner
        .strip_suffix('>')
        .ok_or_else(|| bad("a `<` name needs a closing `>`"))?;
    if let Some((word, at)) = inner.split_once(' ') {
        return parse_positional(word, at.trim()).map(|i| vec![i]).ok_or_else(|| {
            bad("expected `<Click X,Y>`, `<RightClick X,Y>`, `<ScrollUp X,Y>`, `<ScrollDown X,Y>` or `<Resize WxH>`")
        });
    }
    let mut modifiers = KeyModifiers::NONE;
    let mut name = inner;
    while name.len() > 2 && name.as_bytes()[1] == b'-' {
        modifiers |= match name.as_bytes()[0] {
            b'C' => KeyModifiers::CONTROL,
            b'A' => KeyModifiers::ALT,
            b'S' => KeyModifiers::SHIFT,
            _ => return Err(bad("modifiers are C- (Ctrl), A- (Alt) and S- (Shift)")),
        };
        name = &name[2..];
    }
    let code = key_name(name).ok_or_else(|| bad("unknown key name"))?;
    // Shift-Tab arrives from terminals as BackTab.
    let code = match (code, modifiers.contains(KeyModifiers::SHIFT)) {
        (KeyCode::Tab, true) => KeyCode::BackTab,
        (c, _) => c,
    };
    Ok(vec![Input::key(code, modifiers)])
}

fn key_name(name: &str) -> Option<KeyCode> {
    let code = match name {
        "Enter" | "CR" => KeyCode::Enter,
        "Esc" => KeyCode::Esc,
        "Tab" => KeyCode::Tab,
        "BackTab" => KeyCode::BackTab,
        "Space" => KeyCode::Char(' '),
        "Backspace" | "BS" => KeyCode::Backspace,
        "Delete" | "Del" => KeyCode::Delete,
        "Insert" => KeyCode::Insert,
        "Up" => KeyCode::Up,
        "Down" => KeyCode::Down,
        "Left" => KeyCode::Left,
        "Right" => KeyCode::Right,
        "Home" => KeyCode::Home,
        "End" => KeyCode::End,
        "PageUp" => KeyCode::PageUp,
        "PageDown" => KeyCode::PageDown,
        "lt" => KeyCode::Char('<'),
        "gt" => KeyCode::Char('>'),
        "hash" => KeyCode::Char('#'),
        _ => {
            if let Some(n) = name.strip_prefix('F').and_then(|n| n.parse::<u8>().ok()) {
                return (1..=12).contains(&n).then_some(KeyCode::F(n));
            }
            let mut chars = name.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => KeyCode::Char(c),
                _ => return None,
            }
        }
    };
    Some(code)
}

fn parse_positional(word: &str, at: &str) -> Option<Input> {
    if word == "Resize" {
        let (w, h) = at.split_once('x')?;
        return Some(Input::Resize(w.parse().ok()?, h.parse().ok()?));
    }
    let (x, y) = at.split_once(',')?;
    let (x, y): (u16, u16) = (x.trim().parse().ok()?, y.trim().parse().ok()?);
    let kind = match word {
        "Click" => MouseEventKind::Down(MouseButton::Left),
        "RightClick" => MouseEventKind::Down(MouseButton::Right),
        "ScrollUp" => MouseEventKind::ScrollUp,
        "ScrollDown" => MouseEventKind::ScrollDown,
        _ => return None,
    };
    Some(Input::mouse(kind, x, y))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(c: char) -> Input {
        Input::key_code(KeyCode::Char(c))
    }

    #[test]
    fn parses_every_kind_of_token() {
        let got = parse_script(
            "<Down> <C-c> q42 <Click 10,4> <S-Tab> <A-x> <F5>\n\
             # a comment line\n\
             <Resize 80x24> <ScrollDown 3,2> <Space> <lt> <hash> # trailing comment",
        )
        .unwrap();
        assert_eq!(
            got,
            vec![
                Input::key_code(KeyCode::Down),
                Input::key(KeyCode::Char('c'), KeyModifiers::CONTROL),
                k('q'),
                k('4'),
                k('2'),
                Input::mouse(MouseEventKind::Down(MouseButton::Left), 10, 4),
                Input::key(KeyCode::BackTab, KeyModifiers::SHIFT),
                Input::key(KeyCode::Char('x'), KeyModifiers::ALT),
                Input::key_code(KeyCode::F(5)),
                Input::Resize(80, 24),
                Input::mouse(MouseEventKind::ScrollDown, 3, 2),
                k(' '),
                k('<'),
                k('#'),
            ]
        );
    }

    #[test]
    fn repeats() {
        let got = parse_script("<Down>*3 j*2 <Click 1,2>*2 *").unwrap();
        assert_eq!(got.len(), 3 + 2 + 2 + 1);
        assert_eq!(got[7], k('*'));
    }

    #[test]
    fn errors_name_the_token() {
        for bad in [
            "<Nope>",
            "<Down",
            "<Click 1>",
            "<X-a>",
            "<F13>",
            "j*x",
            "j*99999999",
        ] {
            let err = parse_script(bad).unwrap_err();
            assert!(bad.contains(err.token.as_str()), "{bad}: {err}");
        }
    }
}
