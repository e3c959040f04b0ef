//! The New game card by keyboard and mouse: Enter starts the game from anywhere in it (Start is its
//! default button), and the Step list opens downward, scrolled to the step chosen, its numbers named
//! as ratings.

#![cfg(test)]

use bevy::input::keyboard::Key;
use tengen_engine::Step;

use super::keyboard::{click, press, screen};
use super::*;
use crate::screens::Screen as Shown;

fn new_game_card(language: &str, size: (u32, u32), files: &std::path::Path) -> App {
    let mut app = app(language, size, files);
    *app.world_mut().resource_mut::<MenuPage>() = MenuPage::NewGame;
    frames(&mut app);
    app
}

#[test]
fn enter_anywhere_in_the_new_game_card_starts_the_game() {
    let files = tempfile::tempdir().expect("a temporary folder");
    let mut app = new_game_card("en", (800, 560), files.path());
    // Chosen with the mouse, no control has the keys: Enter starts the game.
    click(&mut app, "Two players");
    press(&mut app, Key::Enter, KeyCode::Enter);
    assert_eq!(screen(&app), Shown::Playing);
    assert_eq!(
        app.world().resource::<CurrentGame>().setup().mode,
        Mode::HumanVsHuman
    );
}

#[test]
fn enter_on_back_goes_back_and_enter_in_an_open_list_picks_from_it() {
    let files = tempfile::tempdir().expect("a temporary folder");
    let mut app = new_game_card("en", (800, 560), files.path());
    // Open the rule list: Enter there is the list's, not Start's.
    click(&mut app, "Gomoku 15×15 freestyle");
    assert!(egui::Popup::is_any_open(&egui_context(&mut app)));
    press(&mut app, Key::Enter, KeyCode::Enter);
    assert_eq!(
        screen(&app),
        Shown::Menu,
        "Enter in the open list started nothing"
    );
    press(&mut app, Key::Escape, KeyCode::Escape);
    // Back has the focus: Enter goes back.
    for _ in 0..40 {
        if super::keyboard::focused_label(&mut app).as_deref() == Some("Back") {
            break;
        }
        press(&mut app, Key::Tab, KeyCode::Tab);
    }
    press(&mut app, Key::Enter, KeyCode::Enter);
    assert_eq!(screen(&app), Shown::Menu);
    assert_eq!(*app.world().resource::<MenuPage>(), MenuPage::Main);
}

/// Where the open list's area is, and the texts drawn in it.
fn open_list(app: &App) -> Rect {
    let drawn = app.world().resource::<Drawn>();
    drawn
        .areas
        .iter()
        .filter(|(name, _)| name.contains("popup") || name.contains("Popup"))
        .map(|(_, rect)| *rect)
        .next()
        .unwrap_or_else(|| panic!("a list is open: {:?}", drawn.areas))
}

#[test]
fn the_step_list_opens_downward_scrolled_to_the_chosen_step_and_says_ratings() {
    for size in SIZES {
        let files = tempfile::tempdir().expect("a temporary folder");
        let mut app = new_game_card("en", size, files.path());
        let step = Step::new(12).expect("a step");
        app.world_mut().resource_mut::<MenuChoice>().0.step = Some(step);
        frames(&mut app);
        let drawn = app.world().resource::<Drawn>().clone();
        let title = drawn
            .texts
            .iter()
            .find(|t| t.text == "Step")
            .expect("the Step row")
            .rect;
        click(&mut app, "Step 12 · between Medium and Expert");
        let list = open_list(&app);
        assert!(
            list.top() >= title.top(),
            "{size:?}: the list opens upward: {list:?} over the row at {title:?}"
        );
        let drawn = app.world().resource::<Drawn>().clone();
        let chosen = drawn
            .texts
            .iter()
            .find(|t| t.text.starts_with("Step 12 · rating "))
            .unwrap_or_else(|| panic!("{size:?}: the chosen step is named with its rating"));
        assert!(
            chosen.clip.contains(chosen.rect.center()),
            "{size:?}: the chosen step is scrolled out of sight"
        );
    }
}

#[test]
fn start_is_taken_after_a_step_is_picked_from_the_list() {
    let files = tempfile::tempdir().expect("a temporary folder");
    let mut app = new_game_card("en", (800, 560), files.path());
    // A fresh player's card offers the first step (issue 62: a newcomer's first game is one they can win).
    click(&mut app, "Step 1 · easier than Low");
    let drawn = app.world().resource::<Drawn>().clone();
    let item = drawn
        .texts
        .iter()
        .find(|t| t.text.starts_with("Step 5 · rating"))
        .expect("step 5 in the list")
        .text
        .clone();
    click(&mut app, &item);
    assert!(!egui::Popup::is_any_open(&egui_context(&mut app)));
    click(&mut app, "Start game");
    assert_eq!(screen(&app), Shown::Playing, "Start game was taken");
    let setup = app.world().resource::<CurrentGame>().setup();
    assert_eq!(setup.computer_step(), Step::new(5).expect("a step"));
}

#[test]
fn the_new_game_card_says_each_rule_whole_in_every_language() {
    let mut found = Vec::new();
    for language in LANGUAGES {
        let files = tempfile::tempdir().expect("a temporary folder");
        let mut app = new_game_card(language, (800, 560), files.path());
        let words = crate::i18n::Words::new(language.parse().expect("a language"));
        for (preset, id) in [
            (Preset::Renju15, "new-game-board-size-renju"),
            (Preset::Standard15, "new-game-board-size-exact"),
        ] {
            app.world_mut().resource_mut::<MenuChoice>().0.preset = preset;
            frames(&mut app);
            let said = words.tr_args(id, &[("size", 15u8.into()), ("length", 5u8.into())]);
            let drawn = app.world().resource::<Drawn>().clone();
            // Wrapped, the line is drawn as one text.
            if !drawn.texts.iter().any(|t| t.text == said) {
                found.push(format!("{language} {preset:?}: {said:?} is not said"));
            }
            for finding in findings(&drawn, None, DIALOGS) {
                found.push(format!("{language} {preset:?}: {finding:?}"));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The menu's `page` at 800×560 after its Browse was clicked, checked to have opened the file
/// chooser (the game's own here, with no desktop), with the folder it keeps its files in.
fn browsed(page: MenuPage) -> (App, tempfile::TempDir) {
    use crate::ui::records::Shown;
    let files = tempfile::tempdir().expect("a temporary folder");
    let mut app = app("en", (800, 560), files.path());
    *app.world_mut().resource_mut::<MenuPage>() = page;
    frames(&mut app);
    assert_eq!(records_window(&app), None);
    click(&mut app, "Browse…");
    assert_eq!(records_window(&app), Some(Shown::FileDialog));
    (app, files)
}

/// The records' window on screen, if any: the file chooser among them.
fn records_window(app: &App) -> Option<crate::ui::records::Shown> {
    use crate::ui::records::{FileDialogs, RecordsUi, shown_window};
    shown_window(
        app.world().resource::<RecordsUi>(),
        app.world().resource::<FileDialogs>(),
    )
}

/// Settings → Engines' Browse opens the file chooser for the program, and the program chosen there
/// fills the Program field for Add.
#[test]
fn browse_on_the_engines_page_opens_the_chooser_and_the_program_chosen_fills_the_field() {
    use crate::ui::records::{PathFor, PathPicked};
    let (mut app, files) = browsed(MenuPage::Engines);
    let program = files.path().join("pbrain-example");
    app.world_mut().write_message(PathPicked {
        what: PathFor::Program,
        path: program.clone(),
    });
    frames(&mut app);
    let form = app.world().resource::<crate::ui::engines::EngineForm>();
    assert_eq!(form.path, program.display().to_string());
}

/// The Tournament page's Browse buttons open the chooser, and the file or folder chosen fills the
/// field it was opened for, each its own.
#[test]
fn browse_on_the_tournament_page_fills_the_openings_and_the_folder() {
    use crate::ui::records::{PathFor, PathPicked};
    let (mut app, files) = browsed(MenuPage::Tournament);
    let openings = files.path().join("openings.txt");
    let folder = files.path().join("round-one");
    for (what, path) in [(PathFor::Openings, &openings), (PathFor::Folder, &folder)] {
        app.world_mut().write_message(PathPicked {
            what,
            path: path.clone(),
        });
    }
    frames(&mut app);
    let form = app.world().resource::<crate::ui::arena::ArenaForm>();
    assert_eq!(form.openings, openings.display().to_string());
    assert_eq!(form.folder, folder.display().to_string());
}

/// The tournament's folder chooser offers the folder it shows, not only those inside it: Use this
/// folder, whole at 800×560 in every language, fills the Folder field with it and closes the chooser.
#[test]
fn the_folder_chooser_chooses_the_folder_it_shows() {
    use crate::ui::records::Shown;
    for language in LANGUAGES {
        let files = tempfile::tempdir().expect("a temporary folder");
        let folder = files.path().join("round-one");
        std::fs::create_dir_all(folder.join("inside")).expect("the folders");
        let mut app = app(language, (800, 560), files.path());
        *app.world_mut().resource_mut::<MenuPage>() = MenuPage::Tournament;
        app.world_mut()
            .resource_mut::<crate::ui::arena::ArenaForm>()
            .folder = folder.display().to_string();
        frames(&mut app);
        // The Folder row's Browse… is the lower of the two.
        let words = crate::i18n::Words::new(language.parse().expect("a language"));
        let browse = words.tr("engines-browse");
        let drawn = app.world().resource::<Drawn>().clone();
        let lowest = drawn
            .texts
            .iter()
            .filter(|t| t.text == browse)
            .map(|t| t.rect)
            .max_by(|a, b| a.center().y.total_cmp(&b.center().y))
            .expect("the Browse buttons");
        super::keyboard::click_at(&mut app, lowest.center());
        assert_eq!(records_window(&app), Some(Shown::FileDialog), "{language}");
        let use_it = format!("✔ {}", words.tr("file-dialog-this-folder"));
        let drawn = app.world().resource::<Drawn>().clone();
        let button = drawn.texts.iter().find(|t| t.text == use_it);
        assert!(
            button.is_some_and(|b| !b.elided),
            "{language}: {use_it:?} is drawn whole"
        );
        click(&mut app, &use_it);
        assert_eq!(records_window(&app), None, "{language}: the chooser closed");
        let form = app.world().resource::<crate::ui::arena::ArenaForm>();
        assert_eq!(form.folder, folder.display().to_string(), "{language}");
    }
}

#[test]
fn a_step_between_levels_says_where_it_sits_in_the_step_box() {
    for language in LANGUAGES {
        let files = tempfile::tempdir().expect("a temporary folder");
        let mut app = new_game_card(language, (800, 560), files.path());
        let step = Step::new(1).expect("a step");
        {
            let mut choice = app.world_mut().resource_mut::<MenuChoice>();
            choice.0.step = Some(step);
            choice.0.matched = false;
        }
        frames(&mut app);
        let words = app.world().resource::<crate::i18n::Words>().clone();
        // No level button is lit for step 1: the box names the level it is easier than.
        let said = words.step_among_levels(step);
        assert!(
            said.contains(&words.level(Level::Low)),
            "{language}: {said}"
        );
        in_view(&app, &said, language);
    }
}
