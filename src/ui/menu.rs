//! The main menu: choose mode, rule preset, colour, level and Expert think time, then start; continue an
//! unfinished game; quit.

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_engine::{Color as Side, Preset};

use crate::game::{CurrentGame, GameCommand, GameSetup, Mode};
use crate::screens::Screen;
use tengen_engine::Level;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuChoice>()
        .add_systems(OnEnter(Screen::Menu), remember_setup)
        .add_systems(
            EguiPrimaryContextPass,
            menu_ui.run_if(in_state(Screen::Menu)),
        );
}

/// The setup being edited in the menu.
#[derive(Resource, Debug, Clone, Copy, Default)]
struct MenuChoice(GameSetup);

fn remember_setup(current: Res<CurrentGame>, mut choice: ResMut<MenuChoice>) {
    if current.live {
        choice.0 = current.setup;
    }
}

fn menu_ui(
    mut contexts: EguiContexts,
    mut choice: ResMut<MenuChoice>,
    current: Res<CurrentGame>,
    mut writer: MessageWriter<GameCommand>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let setup = &mut choice.0;
    // A card in the middle of the window; the presentation work gives it its own look.
    egui::Window::new("Tengen")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.set_max_width(620.0);
        ui.vertical_centered(|ui| {
            ui.add_space(24.0);
            ui.heading(egui::RichText::new("Tengen").size(40.0));
            ui.label("Gomoku, renju and tic-tac-toe");
            ui.add_space(16.0);
        });
        egui::Grid::new("setup")
            .num_columns(2)
            .spacing([16.0, 10.0])
            .show(ui, |ui| {
                ui.label("Mode");
                ui.horizontal(|ui| {
                    for mode in Mode::ALL {
                        ui.selectable_value(&mut setup.mode, mode, mode.title());
                    }
                });
                ui.end_row();

                ui.label("Rule");
                egui::ComboBox::from_id_salt("rule")
                    .selected_text(setup.preset.title())
                    .width(280.0)
                    .show_ui(ui, |ui| {
                        for preset in Preset::ALL {
                            ui.selectable_value(&mut setup.preset, preset, preset.title());
                        }
                    });
                ui.end_row();

                ui.label(match setup.mode {
                    Mode::HumanVsComputer => "You play",
                    _ => "Player 1 plays",
                });
                ui.horizontal(|ui| {
                    ui.selectable_value(&mut setup.first_seat, Side::Black, "Black (moves first)");
                    ui.selectable_value(&mut setup.first_seat, Side::White, "White");
                });
                ui.end_row();

                if setup.mode != Mode::HumanVsHuman {
                    ui.label("Computer level");
                    ui.horizontal(|ui| {
                        for level in Level::ALL {
                            ui.selectable_value(&mut setup.level, level, level_title(level));
                        }
                    });
                    ui.end_row();
                    if setup.level == Level::Expert {
                        ui.label("Expert thinks");
                        let mut seconds = setup.think_time.as_secs_f32();
                        ui.add(egui::Slider::new(&mut seconds, 0.1..=60.0).logarithmic(true).suffix(" s per move"));
                        setup.think_time = Duration::from_secs_f32(seconds);
                        ui.end_row();
                    }
                }
            });
        ui.add_space(20.0);
        ui.horizontal(|ui| {
            if ui.button(egui::RichText::new("  Start game  ").size(20.0)).clicked() {
                writer.write(GameCommand::NewGame(*setup));
            }
            if current.live && !current.game.is_over() {
                let text = format!(
                    "Continue ({}, move {})",
                    current.setup.preset.title(),
                    current.game.moves().len() + 1
                );
                if ui.button(egui::RichText::new(text).size(20.0)).clicked() {
                    writer.write(GameCommand::Resume);
                }
            }
            if ui.button(egui::RichText::new("Quit").size(20.0)).clicked() {
                exit.write(AppExit::Success);
            }
        });
        ui.add_space(20.0);
        ui.label(
            "Keys in game: Ctrl+Z undo · Ctrl+Y redo · H hint · N new game · Esc menu · \
             arrows + Enter/Space place · P/S pause/step (computer vs computer) · keypad 1–9 on 3×3",
        );
    });
    Ok(())
}

pub(crate) fn level_title(level: Level) -> &'static str {
    match level {
        Level::Low => "Low",
        Level::Medium => "Medium",
        Level::Expert => "Expert",
    }
}
