//! The position editor's panel: its help read whole where the window is tall enough, and its
//! rule chosen there.

#![cfg(test)]

use super::*;

#[test]
fn the_editors_help_is_shown_whole_in_a_tall_window() {
    for language in LANGUAGES {
        let files = tempfile::tempdir().expect("a temporary folder");
        let mut app = app(language, (1280, 800), files.path());
        send(
            &mut app,
            GameCommand::Edit(EditCommand::Open(Preset::Freestyle15)),
        );
        let words = crate::i18n::Words::new(language.parse().expect("a language"));
        let help = words.tr("editor-help");
        let drawn = app.world().resource::<Drawn>().clone();
        let shown = drawn
            .texts
            .iter()
            .find(|t| t.text == help)
            .unwrap_or_else(|| panic!("{language}: the help is drawn"));
        let window = drawn.screen.expect("the window");
        assert!(
            shown.rect.bottom() <= shown.clip.bottom() + 0.5
                && !shown.elided
                && window.contains_rect(shown.rect),
            "{language}: the help {:?} is cut at {:?}",
            shown.rect,
            shown.clip
        );
    }
}

#[test]
fn the_editors_rule_is_chosen_in_its_panel() {
    let files = tempfile::tempdir().expect("a temporary folder");
    let mut app = app("en", (1280, 800), files.path());
    send(
        &mut app,
        GameCommand::Edit(EditCommand::Open(Preset::Freestyle15)),
    );
    super::keyboard::click(&mut app, "Gomoku 15×15 freestyle");
    super::keyboard::click(&mut app, "Renju 15×15");
    let current = app.world().resource::<CurrentGame>();
    assert_eq!(current.setup().preset, Preset::Renju15);
    assert_eq!(
        *app.world()
            .resource::<State<crate::screens::Activity>>()
            .get(),
        crate::screens::Activity::Editor
    );
}
