//! The key line above the main menu's card: where a window is too narrow for it, it wraps only
//! between "key action" pairs, and each of its lines is centred above the card.

#![cfg(test)]

use super::*;
use crate::ui::menu::{KEYS_SEPARATOR, NO_BREAK_SPACE};

/// The pairs of the key line as the player reads them, spaces plain.
fn pairs(line: &str) -> Vec<String> {
    line.replace(NO_BREAK_SPACE, " ")
        .split(KEYS_SEPARATOR)
        .map(|pair| pair.trim().to_owned())
        .collect()
}

#[test]
fn the_key_line_wraps_between_pairs_and_stays_centred() {
    let mut found = Vec::new();
    let mut wrapped = 0;
    for language in LANGUAGES {
        let files = tempfile::tempdir().expect("a temporary folder");
        let app = app(language, (800, 560), files.path());
        let words = crate::i18n::Words::new(language.parse().expect("a language"));
        let line = words.tr("menu-keys");
        let whole = pairs(&line);
        let drawn = app.world().resource::<Drawn>().clone();
        let Some(keys) = drawn.texts.iter().find(|t| pairs(&t.text) == whole) else {
            found.push(format!("{language}: the key line is not drawn"));
            continue;
        };
        if keys.rows.len() > 1 {
            wrapped += 1;
        }
        for row in &keys.rows {
            // A row holds whole pairs: each piece between separators is one of the line's pairs.
            let row = row.trim().trim_start_matches('·').trim_end_matches('·');
            for piece in pairs(row) {
                if !whole.contains(&piece) {
                    found.push(format!(
                        "{language}: a pair is split across lines: {piece:?}"
                    ));
                }
            }
        }
        let screen = drawn.screen.expect("the window's rectangle");
        for line in &keys.lines {
            if (line.center().x - screen.center().x).abs() > 2.0 {
                found.push(format!(
                    "{language}: a line of the key line is off centre: {line:?}"
                ));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    // English, Russian and Polish are too long for one line at 800 px: the rule above was tested.
    assert!(wrapped >= 1, "no language's key line wrapped at 800×560");
}
