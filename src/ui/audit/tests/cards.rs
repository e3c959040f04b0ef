//! The players' cards on the first game screen: the clock drawn whole ("0:00", once squeezed to
//! "0:0") and clear of the words beside it, in every language at the smallest window.

#![cfg(test)]

use super::*;

/// The texts drawn that are a clock ("0:00").
fn clocks(drawn: &Drawn) -> Vec<&super::super::DrawnText> {
    drawn
        .texts
        .iter()
        .filter(|t| t.text.contains(':') && t.text.chars().all(|c| c.is_ascii_digit() || c == ':'))
        .collect()
}

#[test]
fn the_clocks_are_whole_and_clear_of_the_card_words_at_the_first_game() {
    let mut found = Vec::new();
    for language in LANGUAGES {
        let files = tempfile::tempdir().expect("a temporary folder");
        let mut app = app(language, (800, 560), files.path());
        // The computer has a win: "Компьютер · Начальный · 1 победа" is the longest line.
        app.world_mut()
            .resource_mut::<crate::game::score::Score>()
            .wins = [1, 1];
        new_game(&mut app, Mode::HumanVsComputer, Preset::Freestyle15);
        let drawn = app.world().resource::<Drawn>().clone();
        let clocks = clocks(&drawn);
        let shown: Vec<&str> = clocks.iter().map(|t| t.text.as_str()).collect();
        if shown != ["0:00", "0:00"] {
            found.push(format!("{language}: clocks drawn as {shown:?}"));
        }
        for clock in &clocks {
            let visible = clock.rect.intersect(clock.clip);
            if clock.elided || (visible.width() + 0.5) < clock.rect.width() {
                found.push(format!("{language}: a clock is cut: {:?}", clock.text));
            }
            // A word closer than 4 px to the clock touches it.
            let near = clock.rect.expand2(egui::vec2(4.0, 0.0));
            for text in drawn.texts.iter().filter(|t| t.text != clock.text) {
                if text.rect.intersects(near) {
                    found.push(format!("{language}: {:?} touches the clock", text.text));
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The words drawn on screen.
fn texts(app: &App) -> Vec<String> {
    let drawn = app.world().resource::<Drawn>();
    drawn.texts.iter().map(|t| t.text.clone()).collect()
}

#[test]
fn a_record_in_the_viewer_shows_no_wins_of_another_game() {
    let files = tempfile::tempdir().expect("a temporary folder");
    let mut app = app("en", (1280, 800), files.path());
    app.world_mut()
        .resource_mut::<crate::game::score::Score>()
        .wins = [1, 0];
    open_five(&mut app);
    let shown = texts(&app);
    assert!(shown.iter().any(|t| t == "Black"), "{shown:?}");
    assert!(!shown.iter().any(|t| t.contains("· 1 win")), "{shown:?}");
}

#[test]
fn before_a_swap_opening_settles_the_cards_name_no_colour() {
    let files = tempfile::tempdir().expect("a temporary folder");
    let mut app = app("en", (1280, 800), files.path());
    app.world_mut().resource_mut::<OpeningChoice>().0 = OpeningRule::Swap2;
    new_game(&mut app, Mode::HumanVsComputer, Preset::Freestyle15);
    let shown = texts(&app);
    let cards: Vec<&String> = shown
        .iter()
        .filter(|t| t.starts_with("colour not chosen yet"))
        .collect();
    assert_eq!(cards.len(), 2, "{shown:?}");
    assert!(!shown.iter().any(|t| t.starts_with("Black ·")), "{shown:?}");
}
