//! The main menu (New game, Continue, Settings, Statistics, Quit) and its pages: the new-game dialog
//! (mode, rule preset and board, your colour, level, Expert think time) and the settings page.
//!
//! Continue resumes the unfinished game in `CurrentGame` (this session's, or a restored autosave);
//! starting a new game over it asks first. Quit needs no question: the autosave brings the game back.
//! Statistics only triggers its [`MenuAction`]: the statistics window is the records side's, drawn over
//! the menu.

use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_engine::{Color as Side, Level, Preset, Step, THINK_TIME};

use super::clicked;
use super::numbering::Numbering;
use super::step_list::LIST_CLEARANCE;
use super::style::{card, menu_button, paint_stone, primary_button, title, ui_palette};
use super::tip::Tip;
use crate::game::input::{Question, Table};
use crate::game::{CurrentGame, GameCommand, GameSetup, KeptGame, MatchedSteps, Mode};
use crate::i18n::Words;
use crate::screens::{Doing, Screen};
use crate::settings::{Settings, Theme};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuChoice>()
        .init_resource::<MenuPage>()
        .init_resource::<super::engines::EngineForm>()
        .init_resource::<super::arena::ArenaForm>()
        .add_systems(OnEnter(Screen::Menu), remember_setup)
        .add_systems(
            EguiPrimaryContextPass,
            menu_ui.run_if(in_state(Screen::Menu)).in_set(MenuCards),
        );
}

/// The menu's cards, laid out before the records bar so that Tab, which follows the order controls
/// are laid out in, starts on the menu's first button rather than on the bar.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct MenuCards;

/// A main-menu button whose work belongs to another plugin: Statistics opens the records side's window.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuAction {
    Statistics,
}

/// Which page of the menu is open.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum MenuPage {
    #[default]
    Main,
    NewGame,
    Settings,
    /// Settings → Engines.
    Engines,
    /// Settings → Engines → Tournament.
    Tournament,
}

/// The setup being edited in the new-game dialog.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub(super) struct MenuChoice(pub(super) GameSetup);

fn remember_setup(
    current: Res<CurrentGame>,
    settings: Res<Settings>,
    mut choice: ResMut<MenuChoice>,
    mut page: ResMut<MenuPage>,
) {
    choice.0 = if current.live() {
        current.as_played(current.setup())
    } else {
        GameSetup::from_settings(&settings)
    };
    *page = MenuPage::Main;
}

/// Height a card needs beyond its content in a short window: its frame's margins and a gap above and
/// below.
const CARD_CLEARANCE: f32 = 2.0 * 16.0 + 2.0 * 10.0;

/// The Done row under the settings form: its gap and a menu button.
const DONE_ROW_HEIGHT: f32 = 16.0 + 42.0 + 4.0;

/// The table behind the menu: a faint board grid and a diagonal five, so the menu looks like the game.
fn paint_backdrop(ctx: &egui::Context, theme: Theme) {
    let painter = ctx.layer_painter(egui::LayerId::background());
    let rect = ctx.content_rect();
    let line = match theme {
        Theme::Classic => egui::Color32::from_rgba_unmultiplied(0xd8, 0xb0, 0x78, 22),
        Theme::Contrast => egui::Color32::from_rgba_unmultiplied(255, 255, 255, 30),
    };
    let step = 56.0;
    let mut x = rect.left() + (rect.width() % step) / 2.0;
    while x < rect.right() {
        painter.vline(x, rect.y_range(), egui::Stroke::new(1.0, line));
        x += step;
    }
    let mut y = rect.top() + (rect.height() % step) / 2.0;
    while y < rect.bottom() {
        painter.hline(rect.x_range(), y, egui::Stroke::new(1.0, line));
        y += step;
    }
}

/// Five stones in a row, alternating colours: the game in one picture.
fn five_stones(ui: &mut egui::Ui, theme: Theme) {
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(ui.available_width(), 44.0), egui::Sense::hover());
    let r = 15.0;
    let gap = 38.0;
    let start = rect.center().x - 2.0 * gap;
    let p = ui_palette(theme);
    ui.painter().hline(
        (start - gap * 0.7)..=(start + 4.0 * gap + gap * 0.7),
        rect.center().y,
        egui::Stroke::new(1.0, p.rule),
    );
    for i in 0..5 {
        let centre = egui::pos2(start + i as f32 * gap, rect.center().y);
        paint_stone(ui.painter(), centre, r, i % 2 == 0, theme);
    }
}

/// What the menu reads and changes.
#[derive(SystemParam)]
struct Menu<'w, 's> {
    commands: Commands<'w, 's>,
    choice: ResMut<'w, MenuChoice>,
    page: ResMut<'w, MenuPage>,
    settings: ResMut<'w, Settings>,
    current: Res<'w, CurrentGame>,
    kept: Res<'w, KeptGame>,
    doing: Doing<'w>,
    question: ResMut<'w, Question>,
    sources: super::settings::FormSources<'w>,
    matched: Res<'w, MatchedSteps>,
    writer: MessageWriter<'w, GameCommand>,
    exit: MessageWriter<'w, AppExit>,
    opening: ResMut<'w, crate::game::opening::OpeningChoice>,
    engines: super::engines::EnginesPage<'w, 's>,
    arena: super::arena::ArenaPage<'w, 's>,
}

fn menu_ui(mut contexts: EguiContexts, mut menu: Menu) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    paint_backdrop(&ctx, menu.settings.theme);
    // A short window leaves out the main card's picture and tightens the rows, so the cards stay
    // clear of the records bar at the bottom.
    let roomy = ctx.content_rect().height() >= 640.0;
    let words = crate::i18n::words_in(&ctx).0;
    // Esc on a page of the menu goes back to its first page, as Back does; an open list (the rules,
    // the steps) takes Esc for itself first.
    if *menu.page != MenuPage::Main && super::escape_closes(&ctx) {
        *menu.page = MenuPage::Main;
    }
    match *menu.page {
        MenuPage::Main => main_page(&ctx, &mut menu, &words, roomy),
        MenuPage::NewGame => new_game_page(&ctx, &mut menu, &words, roomy),
        MenuPage::Settings => settings_page(&ctx, &mut menu, &words),
        MenuPage::Engines => engines_page(&ctx, &mut menu, &words),
        MenuPage::Tournament => {
            let Menu {
                commands,
                page,
                settings,
                arena,
                engines,
                ..
            } = &mut menu;
            let chooser = engines.dialogs();
            if super::arena::tournament_page(&ctx, commands, (settings, arena, chooser), &words) {
                **page = MenuPage::Engines;
            }
        }
    }
    Ok(())
}

/// The main page: the card with its buttons, and the key line above it.
fn main_page(ctx: &egui::Context, menu: &mut Menu, words: &Words, roomy: bool) {
    let theme = menu.settings.theme;
    card(ctx, "main menu", 340.0, theme, |ui| {
        title(
            ui,
            theme,
            &words.tr("menu-title"),
            &words.tr("menu-subtitle"),
        );
        ui.add_space(if roomy { 10.0 } else { 0.0 });
        if roomy {
            five_stones(ui, theme);
            ui.add_space(14.0);
        }
        ui.vertical_centered(|ui| main_buttons(ui, menu, words, roomy));
    });
    egui::Area::new(egui::Id::new("menu keys"))
        // At the top: the records bar holds the bottom edge, the card the middle.
        .anchor(egui::Align2::CENTER_TOP, [0.0, 8.0])
        .show(ctx, |ui| {
            ui.set_max_width(ctx.content_rect().width() - 24.0);
            // A line that wraps keeps both its lines centred above the card.
            ui.with_layout(egui::Layout::top_down(egui::Align::Center), |ui| {
                ui.label(
                    egui::RichText::new(keys_kept_whole(&words.tr("menu-keys")))
                        .small()
                        .color(match theme {
                            Theme::Classic => egui::Color32::from_rgb(0xc9, 0xb3, 0x93),
                            Theme::Contrast => egui::Color32::WHITE,
                        }),
                );
            });
        });
}

/// The key line with each "key action" pair kept on one line: the spaces inside a pair become
/// non-breaking, so a narrow window wraps the line only between pairs ("arrows + Enter place" is
/// never split after "Enter").
fn keys_kept_whole(line: &str) -> String {
    line.split(KEYS_SEPARATOR)
        .map(|pair| {
            pair.chars()
                .map(|c| if c == ' ' { NO_BREAK_SPACE } else { c })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join(KEYS_SEPARATOR)
}

/// A space that egui's layout never breaks a line at.
pub(crate) const NO_BREAK_SPACE: char = '\u{a0}';

/// What stands between two pairs of the key line, in every language's `menu-keys`.
pub(crate) const KEYS_SEPARATOR: &str = " · ";

/// New game, Continue (with its caption), the editor, the puzzles, a network game, Settings,
/// Statistics and Quit.
fn main_buttons(ui: &mut egui::Ui, menu: &mut Menu, words: &Words, roomy: bool) {
    let (theme, numbering) = (menu.settings.theme, menu.settings.numbering);
    let Menu {
        commands,
        choice,
        page,
        current,
        kept,
        doing,
        question,
        writer,
        exit,
        ..
    } = menu;
    let table = Table { current, kept };
    ui.spacing_mut().item_spacing.y = if roomy { 12.0 } else { 4.0 };
    // Lower buttons in a short window: eight of them and the key line above fit.
    let size = egui::vec2(240.0, if roomy { 42.0 } else { 34.0 });
    let button = |text: &str| menu_button(text).min_size(size);
    let new_game = primary_button(theme, &words.tr("menu-new-game")).min_size(size);
    if clicked(commands, ui.add(new_game)) {
        **page = MenuPage::NewGame;
    }
    // The game on the board, or the one set aside for the editor or the puzzles.
    let to_continue = kept.to_continue(current).filter(|game| !game.is_over());
    let offer = to_continue.map(|game| {
        let next_move = Numbering::of(game.game(), numbering).number(game.game().moves().len());
        words.tr_args(
            "menu-continue-game",
            &[
                ("preset", words.preset(game.setup().preset).into()),
                ("move", next_move.into()),
            ],
        )
    });
    let response = ui.add_enabled(offer.is_some(), button(&words.tr("menu-continue")));
    // Tips beside the column's buttons, never below over the next one.
    let response = match &offer {
        Some(text) => response.tip_even_disabled(text.as_str()),
        None => response.tip_even_disabled(words.tr("menu-no-unfinished-game")),
    };
    if clicked(commands, response) {
        writer.write(GameCommand::Resume);
    }
    // The caption's line is always there (empty without a game to continue), so the menu does not
    // move when a game starts or ends.
    let caption = egui::RichText::new(offer.as_deref().unwrap_or(" ")).small();
    ui.label(caption.color(ui_palette(theme).faint));
    let editor = ui.add(button(&words.tr("editor-menu-button")));
    if clicked(
        commands,
        editor.tip_even_disabled(words.tr("editor-menu-hint")),
    ) {
        let open = crate::game::editor::EditCommand::Open(choice.0.preset);
        question.ask_first(GameCommand::Edit(open), table, doing, writer);
    }
    let puzzles = ui.add(button(&words.tr("puzzle-menu-button")));
    if clicked(
        commands,
        puzzles.tip_even_disabled(words.tr("puzzle-menu-hint")),
    ) {
        let open = crate::game::puzzle::PuzzleCommand::Open;
        question.ask_first(GameCommand::Puzzle(open), table, doing, writer);
    }
    if clicked(commands, ui.add(button(&words.tr("net-menu-button")))) {
        commands.trigger(super::network::OpenNetworkForms);
    }
    if clicked(commands, ui.add(button(&words.tr("menu-settings")))) {
        **page = MenuPage::Settings;
    }
    // Worth opening even before the first finished game: it shows the hall of fame's name field and
    // where the files are. The statistics window is the persistence side's; it opens over the menu.
    if clicked(commands, ui.add(button(&words.tr("menu-statistics")))) {
        commands.trigger(MenuAction::Statistics);
    }
    if clicked(commands, ui.add(button(&words.tr("menu-quit")))) {
        exit.write(AppExit::Success);
    }
}

/// The New game page: the form, Back, and Start (which asks first if a game would be lost).
fn new_game_page(ctx: &egui::Context, menu: &mut Menu, words: &Words, roomy: bool) {
    let theme = menu.settings.theme;
    let Menu {
        commands,
        choice,
        page,
        current,
        kept,
        doing,
        question,
        matched,
        writer,
        opening,
        settings,
        ..
    } = menu;
    // Read before the form: a list open at the start of the frame takes Enter for itself.
    let enter = default_enter(ctx) && question.0.is_none();
    card(ctx, "new game", 620.0, theme, |ui| {
        title(
            ui,
            theme,
            &words.tr("new-game-title"),
            &words.tr("new-game-subtitle"),
        );
        ui.add_space(if roomy { 12.0 } else { 4.0 });
        new_game_form(
            ui,
            commands,
            (theme, &settings.engines),
            (&mut choice.0, &mut opening.0),
            matched,
            roomy,
        );
        ui.add_space(if roomy { 16.0 } else { 8.0 });
        ui.horizontal(|ui| {
            let back = menu_button(&words.tr("menu-back")).min_size(egui::vec2(140.0, 44.0));
            let back = ui.add(back);
            let back_focused = back.has_focus();
            if clicked(commands, back) {
                **page = MenuPage::Main;
            }
            ui.add_space(ui.available_width() - 244.0);
            // The persistence side remembers the setup in the settings when the game starts.
            // Start is the card's default button: Enter anywhere in it starts the game, a choice
            // with the focus taken first, except on Back, which Enter uses.
            let start = ui.add(primary_button(theme, &words.tr("new-game-start")));
            if clicked(commands, start) || (enter && !back_focused) {
                question.ask_first(
                    GameCommand::NewGame(choice.0),
                    Table { current, kept },
                    doing,
                    writer,
                );
            }
        });
    });
}

/// Whether Enter was pressed for the card's default button: no list is open (Enter picks from it and
/// closes it) and no text field has the keys.
fn default_enter(ctx: &egui::Context) -> bool {
    ctx.input(|i| i.key_pressed(egui::Key::Enter))
        && !egui::Popup::is_any_open(ctx)
        && !ctx.egui_wants_keyboard_input()
}

/// The Settings page: the form, scrolled between the title and Done in a short window.
fn settings_page(ctx: &egui::Context, menu: &mut Menu, words: &Words) {
    let theme = menu.settings.theme;
    let Menu {
        commands,
        page,
        settings,
        sources,
        ..
    } = menu;
    card(ctx, "settings", 460.0, theme, |ui| {
        let top = ui.cursor().top();
        title(
            ui,
            theme,
            &words.tr("settings-title"),
            &words.tr("settings-subtitle"),
        );
        ui.add_space(12.0);
        // A short window (or a long language) scrolls the form between the title and Done,
        // which stay in view above the records bar.
        let title_height = ui.cursor().top() - top;
        let room = ctx.content_rect().height()
            - crate::view::RECORDS_BAR_HEIGHT
            - CARD_CLEARANCE
            - title_height
            - DONE_ROW_HEIGHT;
        // Only write back real changes, so change detection means "the player changed something".
        let mut edited = Settings::clone(settings);
        let facts = sources.facts(words);
        egui::ScrollArea::vertical()
            .id_salt("settings page form")
            .max_height(room.max(120.0))
            .show(ui, |ui| {
                super::settings::settings_form(ui, commands, &mut edited, &facts);
            });
        if edited != **settings {
            **settings = edited;
        }
        ui.add_space(16.0);
        ui.horizontal(|ui| {
            let size = egui::vec2(160.0, 0.0);
            let gap = ui.spacing().item_spacing.x;
            ui.add_space((ui.available_width() - 2.0 * size.x - gap).max(0.0) / 2.0);
            let engines = menu_button(&words.tr("engines-button")).min_size(size);
            if clicked(commands, ui.add(engines)) {
                **page = MenuPage::Engines;
            }
            if clicked(
                commands,
                ui.add(menu_button(&words.tr("menu-done")).min_size(size)),
            ) {
                **page = MenuPage::Main;
            }
        });
    });
}

/// Settings → Engines: the list of engines and the rows to add one; Back returns to Settings.
fn engines_page(ctx: &egui::Context, menu: &mut Menu, words: &Words) {
    let theme = menu.settings.theme;
    let Menu {
        commands,
        page,
        settings,
        engines,
        ..
    } = menu;
    card(ctx, "engines", 620.0, theme, |ui| {
        let top = ui.cursor().top();
        title(
            ui,
            theme,
            &words.tr("engines-title"),
            &words.tr("engines-subtitle"),
        );
        ui.add_space(8.0);
        let above = ui.cursor().top() - top;
        let mut edited = Settings::clone(settings);
        let form = (&mut edited, &mut *engines);
        let leave = super::engines::engines_card(ui, commands, form, words, above);
        if edited != **settings {
            **settings = edited;
        }
        match leave {
            Some(super::engines::Leave::Back) => **page = MenuPage::Settings,
            Some(super::engines::Leave::Tournament) => **page = MenuPage::Tournament,
            None => {}
        }
    });
}

/// A row of mutually exclusive choices that tick when picked.
fn choices<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    value: &mut T,
    options: &[(T, &str)],
) {
    ui.horizontal(|ui| {
        for &(option, text) in options {
            if clicked(commands, ui.selectable_label(*value == option, text)) {
                *value = option;
            }
        }
    });
}

/// The computer's strength: the three levels and "Match my strength" first, then the ladder's steps
/// for those who want them, then Expert's think time. Every row is always there (greyed where it does
/// not apply, and all of them between two players), so nothing moves when a choice changes.
fn strength_rows(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    setup: &mut GameSetup,
    matched: &MatchedSteps,
) {
    let words = crate::i18n::words_in(ui.ctx()).0;
    // An outside engine plays at its own strength: Tengen's levels do not apply to it.
    let computer = match setup.mode {
        Mode::HumanVsHuman => false,
        Mode::HumanVsComputer => setup.engine.is_none(),
        Mode::ComputerVsComputer => setup.engine.is_none() || setup.first_engine.is_none(),
    };
    let tic_tac_toe = setup.preset.variant().is_tic_tac_toe();
    ui.label(egui::RichText::new(words.tr("new-game-computer")).strong());
    ui.add_enabled_ui(computer, |ui| {
        ui.horizontal(|ui| {
            for level in Level::ALL {
                let picked = !setup.matched && setup.step.is_none() && setup.level == level;
                if clicked(commands, ui.selectable_label(picked, words.level(level))) {
                    setup.level = level;
                    setup.step = None;
                    setup.matched = false;
                }
            }
            let me = ui
                .add_enabled(
                    !tic_tac_toe && setup.mode == Mode::HumanVsComputer,
                    egui::Button::selectable(setup.matched, words.tr("new-game-match-me")),
                )
                .tip(words.tr("new-game-match-me-tip"));
            if clicked(commands, me) {
                setup.matched = true;
                setup.step = None;
            }
        });
    });
    ui.end_row();

    super::step_list::step_row(ui, commands, setup, matched, computer);

    ui.label(egui::RichText::new(words.tr("new-game-expert-thinks")).strong());
    let expert = !setup.matched && setup.computer_step() == Step::from_level(Level::Expert);
    let mut seconds = setup.think_time.as_secs_f32();
    // The engine's range, as on the command line, on a logarithmic scale.
    let range = THINK_TIME.start().as_secs_f32()..=THINK_TIME.end().as_secs_f32();
    ui.add_enabled(
        computer && expert,
        egui::Slider::new(&mut seconds, range)
            .logarithmic(true)
            .suffix(words.tr("new-game-seconds-a-move")),
    );
    setup.think_time =
        Duration::from_secs_f32(seconds).clamp(*THINK_TIME.start(), *THINK_TIME.end());
    ui.end_row();
}

/// Who plays the colour chosen on this row ("You play", "Player 1 plays"), as wide as the widest of
/// them, so the labels' column (and every choice beside it) stays put when the players change.
fn seat_label(ui: &mut egui::Ui, mode: Mode, words: &crate::i18n::Words) {
    let id = |mode: Mode| match mode {
        Mode::HumanVsComputer => "new-game-you-play",
        Mode::HumanVsHuman => "new-game-player-1-plays",
        Mode::ComputerVsComputer => "new-game-computer-a-plays",
    };
    let text = |mode: Mode| egui::RichText::new(words.tr(id(mode))).strong();
    let widest = Mode::ALL
        .into_iter()
        .map(|m| {
            egui::WidgetText::from(text(m))
                .into_galley(
                    ui,
                    Some(egui::TextWrapMode::Extend),
                    f32::INFINITY,
                    egui::TextStyle::Body,
                )
                .size()
                .x
        })
        .fold(0.0, f32::max);
    ui.scope(|ui| {
        ui.set_min_width(widest);
        ui.label(text(mode));
    });
}

/// `roomy`: the window is tall enough for airy rows (see `menu_ui`).
fn new_game_form(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    (theme, engines): (Theme, &[tengen_store::EngineEntry]),
    (setup, opening): (&mut GameSetup, &mut tengen_engine::OpeningRule),
    matched: &MatchedSteps,
    roomy: bool,
) {
    let p = ui_palette(theme);
    let words = crate::i18n::words_in(ui.ctx()).0;
    egui::Grid::new("new game form")
        .num_columns(2)
        // The engine's row, there once the player added engines, takes the room of tighter rows.
        .spacing([
            18.0,
            match (roomy, engines.is_empty()) {
                (true, _) => 14.0,
                (false, true) => 5.0,
                (false, false) => 2.0,
            },
        ])
        .show(ui, |ui| {
            ui.label(egui::RichText::new(words.tr("new-game-players")).strong());
            let modes = Mode::ALL.map(|m| (m, words.mode(m)));
            choices(
                ui,
                commands,
                &mut setup.mode,
                &modes.each_ref().map(|(m, t)| (*m, t.as_str())),
            );
            ui.end_row();

            ui.label(egui::RichText::new(words.tr("new-game-rules")).strong());
            // The list scrolls within the room under the box: at the smallest window the card
            // nearly fills it, and a longer list would be cut off at the window's edge.
            let room = ui.ctx().content_rect().bottom() - ui.cursor().top() - LIST_CLEARANCE;
            egui::ComboBox::from_id_salt("rule preset")
                .selected_text(words.preset(setup.preset))
                .width(300.0)
                .height(room.max(60.0))
                .show_ui(ui, |ui| {
                    for preset in Preset::ALL {
                        if clicked(
                            commands,
                            ui.selectable_label(setup.preset == preset, words.preset(preset)),
                        ) {
                            setup.preset = preset;
                        }
                    }
                });
            ui.end_row();

            let variant = setup.preset.variant();
            ui.label(egui::RichText::new(words.tr("new-game-board")).strong());
            // Wrapped within the card: renju's line is long in every language.
            ui.add(
                egui::Label::new(
                    egui::RichText::new(words.tr_args(
                        // The rule in a line: six in a row wins nothing under standard, and renju
                        // forbids black some points ("5 in a row wins" said neither).
                        match variant.rule() {
                            tengen_engine::Rule::Standard => "new-game-board-size-exact",
                            tengen_engine::Rule::Renju => "new-game-board-size-renju",
                            tengen_engine::Rule::Freestyle => "new-game-board-size",
                        },
                        &[
                            ("size", variant.size().into()),
                            ("length", variant.win_len().into()),
                        ],
                    ))
                    .color(p.faint),
                )
                .wrap(),
            );
            ui.end_row();

            seat_label(ui, setup.mode, &words);
            let tic_tac_toe = variant.is_tic_tac_toe();
            let black = words.tr(if tic_tac_toe {
                "new-game-x-first"
            } else {
                "new-game-black-first"
            });
            let white = words.side(Side::White, tic_tac_toe);
            choices(
                ui,
                commands,
                &mut setup.first_seat,
                &[(Side::Black, black.as_str()), (Side::White, white.as_str())],
            );
            ui.end_row();

            if !engines.is_empty() {
                super::engines::opponent_row(ui, commands, setup, engines);
            }
            strength_rows(ui, commands, setup, matched);
            // In the same grid as the rows above, so its choices line up with theirs.
            super::swap::opening_rule_row(ui, commands, opening, setup.preset);
            super::time_control::row(ui, commands, &mut setup.time);
        });
}
