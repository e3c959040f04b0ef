//! Every screen used from the keyboard alone: Tab reaches every control, Enter uses the one it is
//! on, and the focus stays on its control while the game goes on around it.

#![cfg(test)]

use bevy::input::keyboard::Key;

use super::screens::{board_screens, menu_screens, record_and_setup_screens};
use super::*;

/// The app's window, which input events name.
pub(super) fn window(app: &mut App) -> Entity {
    app.world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(app.world())
        .expect("the window")
}

/// Presses and lets go of `key` (as the keyboard sends it) in the app's window.
pub(super) fn press(app: &mut App, key: bevy::input::keyboard::Key, code: KeyCode) {
    let window = window(app);
    for state in [
        bevy::input::ButtonState::Pressed,
        bevy::input::ButtonState::Released,
    ] {
        app.world_mut()
            .write_message(bevy::input::keyboard::KeyboardInput {
                key_code: code,
                logical_key: key.clone(),
                state,
                text: None,
                repeat: false,
                window,
            });
        app.update();
    }
    frames(app);
}

/// Where the control the keyboard focus is on is, if any.
fn focused_rect(app: &mut App) -> Option<Rect> {
    let ctx = egui_context(app);
    let focused = ctx.memory(|memory| memory.focused())?;
    Some(ctx.read_response(focused)?.rect)
}

/// The label of the control the keyboard focus is on, if any.
pub(super) fn focused_label(app: &mut App) -> Option<String> {
    let rect = focused_rect(app)?;
    let drawn = app.world().resource::<Drawn>();
    drawn
        .texts
        .iter()
        .find(|t| rect.contains(t.rect.center()))
        .map(|t| t.text.clone())
}

#[test]
fn tab_reaches_every_choice_of_the_new_game_form_and_enter_uses_it() {
    let files = tempfile::tempdir().expect("a temporary folder");
    let mut app = app("en", (800, 560), files.path());
    *app.world_mut().resource_mut::<MenuPage>() = MenuPage::NewGame;
    frames(&mut app);
    let mut reached = Vec::new();
    for _ in 0..40 {
        press(&mut app, Key::Tab, KeyCode::Tab);
        if let Some(label) = focused_label(&mut app) {
            reached.push(label);
        }
    }
    println!("Tab reached: {reached:?}");
    for control in [
        "You vs computer",
        "Two players",
        "Expert",
        "Swap2",
        "Back",
        "Start game",
    ] {
        assert!(
            reached.iter().any(|l| l == control),
            "Tab never reached {control}: {reached:?}"
        );
    }
    // Two players from the keyboard alone: Tab to it, Space takes it; then Enter on Start game.
    for (control, key, code) in [
        ("Two players", Key::Space, KeyCode::Space),
        ("Start game", Key::Enter, KeyCode::Enter),
    ] {
        let mut tabs = 0;
        while focused_label(&mut app).as_deref() != Some(control) {
            assert!(tabs < 40, "Tab never came back to {control}");
            press(&mut app, Key::Tab, KeyCode::Tab);
            tabs += 1;
        }
        press(&mut app, key, code);
    }
    assert_eq!(
        screen(&app),
        crate::screens::Screen::Playing,
        "Enter on Start game started it"
    );
    let mode = app.world().resource::<CurrentGame>().setup().mode;
    assert_eq!(mode, Mode::HumanVsHuman, "Space on Two players chose it");
}

#[test]
fn in_the_menu_the_first_tab_is_new_game_and_enter_opens_its_form() {
    let files = tempfile::tempdir().expect("a temporary folder");
    let mut app = app("ru", (800, 560), files.path());
    press(&mut app, Key::Tab, KeyCode::Tab);
    assert_eq!(focused_label(&mut app).as_deref(), Some("Новая игра"));
    press(&mut app, Key::Enter, KeyCode::Enter);
    assert_eq!(*app.world().resource::<MenuPage>(), MenuPage::NewGame);
    // Esc goes back to the menu's first page.
    press(&mut app, Key::Escape, KeyCode::Escape);
    assert_eq!(*app.world().resource::<MenuPage>(), MenuPage::Main);
}

/// Presses Tab once and returns the control that has the focus then.
fn tab_to_next(app: &mut App) -> Option<egui::Id> {
    press(app, Key::Tab, KeyCode::Tab);
    egui_context(app).memory(|memory| memory.focused())
}

/// The words drawn inside `rect`, to name a control in a report.
fn words_in(drawn: &Drawn, rect: Rect) -> String {
    let words: Vec<&str> = drawn
        .texts
        .iter()
        .filter(|t| rect.contains(t.rect.center()))
        .map(|t| t.text.as_str())
        .collect();
    if words.is_empty() {
        format!("{rect:?}")
    } else {
        words.join(" ")
    }
}

#[test]
fn every_control_of_every_screen_is_reached_with_tab() {
    let mut all = Vec::new();
    let screens = [menu_screens(), board_screens(), record_and_setup_screens()];
    for screen in screens.into_iter().flatten() {
        let files = tempfile::tempdir().expect("a temporary folder");
        let mut app = app("en", (800, 560), files.path());
        (screen.enter)(&mut app);
        frames(&mut app);
        let drawn = app.world().resource::<Drawn>().clone();
        let mut order: Vec<egui::Id> = Vec::new();
        for _ in 0..(drawn.focusable.len() * 2 + 10) {
            let Some(id) = tab_to_next(&mut app) else {
                continue;
            };
            if std::env::var("TENGEN_AUDIT_DEBUG").is_ok_and(|d| d == screen.name) {
                let now = app.world().resource::<Drawn>().clone();
                let rect = now
                    .focusable
                    .iter()
                    .find(|(i, _)| *i == id)
                    .map(|(_, r)| *r);
                eprintln!("  Tab: {id:?} {:?}", rect.map(|r| words_in(&now, r)));
            }
            if order.first() == Some(&id) {
                break; // round once
            }
            order.push(id);
        }
        let missing: Vec<String> = drawn
            .focusable
            .iter()
            .filter(|(id, _)| !order.contains(id))
            .map(|(_, rect)| words_in(&drawn, *rect))
            .collect();
        println!(
            "{}: {} controls, {} reached by Tab, missing {missing:?}",
            screen.name,
            drawn.focusable.len(),
            order.len()
        );
        if !missing.is_empty() {
            all.push(format!("{}: {missing:?}", screen.name));
        }
    }
    assert!(
        all.is_empty(),
        "controls Tab never reaches:\n{}",
        all.join("\n")
    );
}

/// The words inside the control the focus is on.
fn focused_words(app: &mut App) -> Option<String> {
    let rect = focused_rect(app)?;
    Some(words_in(app.world().resource::<Drawn>(), rect))
}

/// Tabs until the focus is on the control with `label` in it; fails if a round of Tab never gets there.
fn tab_to(app: &mut App, label: &str) {
    for _ in 0..60 {
        if focused_words(app).is_some_and(|w| w.contains(label)) {
            return;
        }
        press(app, Key::Tab, KeyCode::Tab);
    }
    panic!("Tab never reached {label}");
}

fn moves(app: &App) -> usize {
    app.world().resource::<CurrentGame>().game().moves().len()
}

pub(super) fn screen(app: &App) -> crate::screens::Screen {
    *app.world()
        .resource::<State<crate::screens::Screen>>()
        .get()
}

#[test]
fn enter_on_a_button_of_the_panel_uses_it_and_esc_gives_the_keys_back_to_the_board() {
    let files = tempfile::tempdir().expect("a temporary folder");
    let mut app = app("en", (800, 560), files.path());
    new_game(&mut app, Mode::HumanVsHuman, Preset::Freestyle15);
    place(&mut app, &[(0, 0), (1, 1)]);
    tab_to(&mut app, "Undo");
    // Enter takes back a move; it does not also put a stone where the board's cursor is.
    press(&mut app, Key::Enter, KeyCode::Enter);
    assert_eq!(
        moves(&app),
        1,
        "Enter on Undo took back one move, and placed nothing"
    );
    // Esc leaves the panel (it does not leave the game); then the arrows and Enter play.
    press(&mut app, Key::Escape, KeyCode::Escape);
    assert_eq!(
        focused_words(&mut app),
        None,
        "Esc took the focus off the panel"
    );
    assert_eq!(screen(&app), crate::screens::Screen::Playing);
    press(&mut app, Key::ArrowRight, KeyCode::ArrowRight);
    press(&mut app, Key::Enter, KeyCode::Enter);
    assert_eq!(moves(&app), 2, "Enter placed a stone at the cursor");
    let last = app.world().resource::<CurrentGame>().game().moves()[1];
    assert_eq!(last, Pos::new(8, 7), "right of the centre");
}

#[test]
fn the_focus_stays_on_its_control_while_the_computers_play() {
    let files = tempfile::tempdir().expect("a temporary folder");
    let mut app = app("en", (800, 560), files.path());
    new_game(&mut app, Mode::ComputerVsComputer, Preset::Freestyle15);
    tab_to(&mut app, "Settings");
    let before = moves(&app);
    // Each move brings Undo to life, and "Move now" comes and goes above the buttons. The moves
    // come from background searches: between frames the test waits for their news on the bell,
    // not for the clock (a fixed 200 frames saw fewer than three moves on a loaded machine).
    let played_on = frames_until_news(&mut app, 2_000, "the computers", |app| {
        moves(app) >= before + 3
    });
    assert!(played_on, "the computers played on");
    assert_eq!(focused_words(&mut app).as_deref(), Some("Settings"));
}

/// How a window is opened.
type Open = fn(&mut App);

#[test]
fn esc_closes_each_window_over_the_menu_and_over_a_game() {
    let files = tempfile::tempdir().expect("a temporary folder");
    let mut app = app("pl", (800, 560), files.path());
    // Each window by a line of its own, and how it is opened.
    let windows: [(&str, Open); 4] = [
        ("Zakończone gry", |app| {
            app.world_mut().trigger(ShowRecords::History)
        }),
        ("Statystyki i galeria sław", |app| {
            app.world_mut().trigger(ShowRecords::Statistics)
        }),
        ("Zapisywanie i otwieranie gier", |app| {
            app.world_mut().trigger(ShowRecords::SaveOpen)
        }),
        ("Załóż grę sieciową", |app| {
            app.world_mut().trigger(OpenNetworkForms)
        }),
    ];
    for (title, open) in windows {
        open(&mut app);
        frames(&mut app);
        assert!(
            drawn_words(&app).iter().any(|w| w == title),
            "{title} is open"
        );
        // With the focus on one of its controls, or on none.
        press(&mut app, Key::Tab, KeyCode::Tab);
        press(&mut app, Key::Escape, KeyCode::Escape);
        assert!(
            !drawn_words(&app).iter().any(|w| w == title),
            "Esc closed {title}"
        );
        assert_eq!(*app.world().resource::<MenuPage>(), MenuPage::Main);
    }
    // Settings over a game: Esc closes it and leaves the game where it was.
    new_game(&mut app, Mode::HumanVsHuman, Preset::Freestyle15);
    app.world_mut().resource_mut::<SettingsWindow>().0 = true;
    frames(&mut app);
    tab_to(&mut app, "Gotowe");
    press(&mut app, Key::Escape, KeyCode::Escape);
    assert!(
        !app.world().resource::<SettingsWindow>().0,
        "Esc closed Settings"
    );
    assert_eq!(
        screen(&app),
        crate::screens::Screen::Playing,
        "and the game stayed"
    );
}

fn drawn_words(app: &App) -> Vec<String> {
    let drawn = app.world().resource::<Drawn>();
    drawn.texts.iter().map(|t| t.text.clone()).collect()
}

#[test]
fn esc_in_a_network_game_being_played_asks_before_it_ends_the_game_for_both() {
    use crate::game::input::Question;
    let files = tempfile::tempdir().expect("a temporary folder");
    let mut app = app("en", (800, 560), files.path());
    new_game(&mut app, Mode::HumanVsHuman, Preset::Freestyle15);
    place(&mut app, &[(7, 7)]);
    // The other player, over the network, has White (no connection is needed to leave it).
    super::as_network_game(&mut app, Color::White);
    press(&mut app, Key::Escape, KeyCode::Escape);
    let asked = app.world().resource::<Question>().message_id();
    assert_eq!(asked, Some("question-leave-network"), "Esc asks first");
    assert_eq!(screen(&app), crate::screens::Screen::Playing);
    // No: the game goes on.
    press(&mut app, Key::Character("n".into()), KeyCode::KeyN);
    assert_eq!(app.world().resource::<Question>().message_id(), None);
    assert_eq!(screen(&app), crate::screens::Screen::Playing);
    // Yes: the menu.
    press(&mut app, Key::Escape, KeyCode::Escape);
    press(&mut app, Key::Enter, KeyCode::Enter);
    assert_eq!(screen(&app), crate::screens::Screen::Menu);
}

#[test]
fn esc_in_a_game_at_one_screen_goes_to_the_menu_at_once() {
    let files = tempfile::tempdir().expect("a temporary folder");
    let mut app = app("en", (800, 560), files.path());
    new_game(&mut app, Mode::HumanVsHuman, Preset::Freestyle15);
    place(&mut app, &[(7, 7)]);
    press(&mut app, Key::Escape, KeyCode::Escape);
    assert_eq!(
        screen(&app),
        crate::screens::Screen::Menu,
        "it waits at Continue"
    );
}

/// Moves the pointer to `at` (egui reads the window's events on the next update).
pub(super) fn move_pointer(app: &mut App, at: egui::Pos2) {
    let window = window(app);
    app.world_mut()
        .write_message(bevy::window::WindowEvent::CursorMoved(
            bevy::window::CursorMoved {
                window,
                position: Vec2::new(at.x, at.y),
                delta: None,
            },
        ));
}

/// Moves the pointer onto the middle of the text `label` drawn last frame; where that text is.
pub(super) fn point_at(app: &mut App, label: &str) -> Rect {
    let drawn = app.world().resource::<Drawn>().clone();
    let text = drawn
        .texts
        .iter()
        .find(|t| t.text == label)
        .unwrap_or_else(|| panic!("{label} is on screen"));
    move_pointer(app, text.rect.center());
    text.rect
}

/// Clicks the control with `label` in it, as the mouse would.
pub(super) fn click(app: &mut App, label: &str) {
    let at = point_at(app, label).center();
    click_at(app, at);
}

/// Clicks the left button at `at`, as the mouse would: the pointer moves there, then the button
/// goes down and up a frame apart.
pub(super) fn click_at(app: &mut App, at: egui::Pos2) {
    move_pointer(app, at);
    let window = window(app);
    app.update();
    for state in [
        bevy::input::ButtonState::Pressed,
        bevy::input::ButtonState::Released,
    ] {
        app.world_mut()
            .write_message(bevy::window::WindowEvent::MouseButtonInput(
                bevy::input::mouse::MouseButtonInput {
                    button: MouseButton::Left,
                    state,
                    window,
                },
            ));
        app.update();
    }
    frames(app);
}

#[test]
fn leave_in_a_network_game_being_played_asks_first() {
    let files = tempfile::tempdir().expect("a temporary folder");
    let mut app = app("en", (1280, 800), files.path());
    new_game(&mut app, Mode::HumanVsHuman, Preset::Freestyle15);
    place(&mut app, &[(7, 7)]);
    super::as_network_game(&mut app, Color::White);
    *app.world_mut().resource_mut::<NetworkStatus>() = NetworkStatus {
        connection: Connection::Connected,
        peer: Some("Hana".into()),
        local: Some(Color::Black),
        ..default()
    };
    frames(&mut app);
    click(&mut app, "Leave");
    assert!(
        drawn_words(&app)
            .iter()
            .any(|w| w.starts_with("Leave this game?")),
        "Leave asks first: {:?}",
        drawn_words(&app)
    );
    click(&mut app, "No, play on");
    assert!(
        !drawn_words(&app)
            .iter()
            .any(|w| w.starts_with("Leave this game?"))
    );
    let current = app.world().resource::<CurrentGame>();
    assert!(
        current.remote().is_some() && !current.is_over(),
        "the game goes on"
    );
}
