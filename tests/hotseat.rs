//! Hot seat in `play --plain`: two people at one keyboard. A hand's cards are shown only to
//! its owner, and nothing of the next player's turn is printed before the hand-off prompt has
//! been answered (sk.deck.hidden-hands; the journal's redaction is core's, per seat).

use crate::support::typed_words;
use tempfile::TempDir;

const GAME: &str = "play skirmish --plain --seed 9 --seat 1=human --seat 2=human";
const TO_ALIENS: &str = "=== Hand the keyboard to Aliens (seat 2) and press Enter ===";

/// Enter at X-Com's hand-off, seat 1 takes the first turn, 25 ends its Move and Fire phase;
/// then `rest` is typed.
fn played(rest: &str) -> (String, String) {
    let dir = TempDir::new().unwrap();
    let r = typed_words(GAME, dir.path(), &format!("\n1\n25\n{rest}"));
    assert!(r.stderr.is_empty(), "{}", r.stderr);
    let (before, after) = r
        .stdout
        .split_once(TO_ALIENS)
        .unwrap_or_else(|| panic!("no hand-off to the Aliens:\n{}", r.stdout));
    (before.to_string(), after.to_string())
}

#[test]
fn each_hand_is_shown_to_its_owner_only() {
    let (x_com, aliens) = played("\nq\n");
    // X-Com's own draws are named on its side of the screen...
    assert!(x_com.contains("seat 1 draws Spec 2"), "{x_com}");
    assert!(x_com.contains("seat 1 draws Tough"), "{x_com}");
    // ...and are face down once the Aliens hold the keyboard, whose own draws are named.
    assert!(aliens.contains("seat 1 draws a card"), "{aliens}");
    assert!(!aliens.contains("seat 1 draws Spec 2"), "{aliens}");
    assert!(!aliens.contains("seat 1 draws Tough"), "{aliens}");
    assert!(aliens.contains("seat 2 draws Long Range"), "{aliens}");
    assert!(!x_com.contains("seat 2 draws Long Range"), "{x_com}");
}

#[test]
fn nothing_of_the_next_turn_shows_before_the_hand_off_is_answered() {
    // The input ends at the hand-off prompt: the Aliens never press Enter.
    let (_, aliens) = played("");
    assert!(!aliens.contains("Long Range"), "{aliens}");
    assert!(!aliens.contains("Aliens (seat 2) to act"), "{aliens}");
}
