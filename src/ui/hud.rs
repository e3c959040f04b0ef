//! The in-game side panel: the two players with their stones, wins, clocks and the computer's animated
//! thinking indicator; the status, and the hint and notices in a place of fixed height ([`super::notice`])
//! so the buttons (Undo, Redo, Hint, New game, Menu, Settings) never move; the draws; the move list in
//! notation.

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_engine::{Color as Side, Outcome, PlayError};

use super::clicked;
use super::notice::{Message, message_place};
use super::settings::SettingsWindow;
use super::style::{paint_stone, rule, section, ui_palette};
use crate::analysis::live::LiveAnalysis;
use crate::analysis::review::GameReview;
use crate::game::computer::{Autoplay, Thinking};
use crate::game::hint::{Pondering, ShownHint};
use crate::game::input::Question;
use crate::game::score::Score;
use crate::game::turn::{can_redo, can_undo};
use crate::game::{CurrentGame, GameCommand, Mode, Notice, NoticeKind, PlayerKind, cell_name};
use crate::i18n::Words;
use crate::persistence::SaveHealth;
use crate::screens::{InGame, Screen};
use crate::settings::{Settings, Theme};
use crate::view::{HoveredCell, PANEL_WIDTH};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        hud_ui.run_if(
            in_state(InGame)
                .and_then(not(super::editor::editing))
                .and_then(not(crate::game::puzzle::solving_puzzles)),
        ),
    );
}

/// "4:07" for a clock.
fn clock_text(duration: Duration) -> String {
    let secs = duration.as_secs();
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// Three dots that rise and brighten one after another while the computer thinks. With animations off
/// they stand still (the HUD still says it is thinking).
fn thinking_dots(ui: &mut egui::Ui, theme: Theme, phase: Option<f32>) {
    let p = ui_palette(theme);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(34.0, 18.0), egui::Sense::hover());
    for i in 0..3 {
        let (lift, alpha) = match phase {
            Some(phase) => {
                let t = (phase * std::f32::consts::TAU - i as f32 * 0.9)
                    .sin()
                    .max(0.0);
                (t * 4.0, 0.35 + 0.65 * t)
            }
            None => (0.0, 0.8),
        };
        let centre = egui::pos2(
            rect.left() + 6.0 + i as f32 * 11.0,
            rect.center().y + 2.0 - lift,
        );
        ui.painter()
            .circle_filled(centre, 3.6, p.accent.gamma_multiply(alpha));
    }
    ui.ctx().request_repaint();
}

/// The move list: "1. h8 i9" per row.
fn move_rows(current: &CurrentGame) -> Vec<String> {
    let size = current.game.variant().size();
    current
        .game
        .moves()
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            let names: Vec<String> = pair.iter().map(|&p| cell_name(p, size)).collect();
            format!("{:>3}. {}", i + 1, names.join("  "))
        })
        .collect()
}

/// What the message place says, most urgent first: the latest notice (or, without one, why the point
/// under the pointer is forbidden, or what the computer is doing), then the hint. Each reason is said
/// once: a refused forbidden point's notice stands in for the hover line saying the same.
#[allow(clippy::too_many_arguments)]
fn messages(
    current: &CurrentGame,
    notice: &Notice,
    hint: &ShownHint,
    hovered: &HoveredCell,
    settings: &Settings,
    pondering: bool,
    autoplay: &Autoplay,
    words: &Words,
) -> Vec<Message> {
    let game = &current.game;
    let forbidden = hovered
        .0
        .filter(|_| settings.show_forbidden)
        .and_then(|pos| match game.check(pos) {
            Err(PlayError::Forbidden(_, why)) => Some(words.tr_args(
                "hud-forbidden-point",
                &[
                    ("cell", cell_name(pos, game.variant().size()).into()),
                    ("reason", words.forbidden(why).into()),
                ],
            )),
            _ => None,
        });
    let first = if let Some(text) = notice.current() {
        Some(Message::new(notice.kind, text))
    } else if let Some(text) = forbidden {
        Some(Message::new(NoticeKind::Error, text))
    } else if pondering {
        Some(Message::new(
            NoticeKind::Info,
            words.tr("hud-looking-for-hint"),
        ))
    } else if current.setup.mode == Mode::ComputerVsComputer && autoplay.paused && !game.is_over() {
        Some(Message::new(NoticeKind::Info, words.tr("hud-paused")))
    } else {
        None
    };
    let hint = hint.reason(current.generation).map(|(pos, reason)| {
        Message::new(
            NoticeKind::Good,
            words.tr_args(
                "hud-hint",
                &[
                    ("cell", cell_name(pos, game.variant().size()).into()),
                    ("reason", reason.to_owned().into()),
                ],
            ),
        )
        .strong()
    });
    first.into_iter().chain(hint).collect()
}

#[allow(clippy::too_many_arguments)]
fn hud_ui(
    mut commands: Commands,
    mut contexts: EguiContexts,
    current: Res<CurrentGame>,
    score: Res<Score>,
    (notice, save_health, opening): (
        Res<Notice>,
        Option<Res<SaveHealth>>,
        Res<crate::game::swap::SwapPhase>,
    ),
    autoplay: Res<Autoplay>,
    hovered: Res<HoveredCell>,
    settings: Res<Settings>,
    // The dialogs the panel opens: Settings, and the question before a new game.
    (mut settings_window, mut question): (ResMut<SettingsWindow>, ResMut<Question>),
    // What the engine tells the player: a hint, live analysis, the review of the record on the board;
    // and a network game's own section.
    (hint, live, review, mut network): (
        Res<ShownHint>,
        Res<LiveAnalysis>,
        Res<GameReview>,
        super::network::NetworkPanel,
    ),
    thinking: Query<&Thinking>,
    pondering: Query<(), With<Pondering>>,
    screen: Res<State<Screen>>,
    time: Res<Time<Real>>,
    mut writer: MessageWriter<GameCommand>,
    words: Res<Words>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let now = time.elapsed();
    let theme = settings.theme;
    let p = ui_palette(theme);
    let mut root = egui::Ui::new(
        ctx.clone(),
        "hud root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let setup = current.setup;
    let game = &current.game;
    let tic_tac_toe = game.variant().is_tic_tac_toe();
    let names = current.seat_names_in(&words);
    let playing = *screen.get() == Screen::Playing;
    let frame = egui::Frame::new()
        .fill(p.paper)
        .inner_margin(egui::Margin::symmetric(18, 14))
        .stroke(egui::Stroke::new(
            if theme == Theme::Contrast { 2.0 } else { 1.0 },
            p.rule,
        ));
    egui::Panel::right("hud")
        .exact_size(PANEL_WIDTH)
        .resizable(false)
        .frame(frame)
        .show(&mut root, |ui| {
            // The title names the game being played, whole (the window's title bar names the app;
            // the computer's level is on its player card below). A long rule name wraps.
            ui.add(
                egui::Label::new(
                    egui::RichText::new(words.preset(setup.preset))
                        .size(20.0)
                        .strong(),
                )
                .wrap(),
            );
            rule(ui, theme);

            // The players: stone, name, clock; the side to move is framed in the accent colour.
            let thinking_now = thinking.iter().next();
            for side in [Side::Black, Side::White] {
                let to_move = !game.is_over() && game.to_move() == side;
                // A 2 px accent frame, or a 1 px rule with 1 px of margin: the same size either
                // way, so nothing below moves when the turn passes or the game ends.
                let (stroke, margin) = if to_move {
                    (egui::Stroke::new(2.0, p.accent), 0)
                } else {
                    (egui::Stroke::new(1.0, p.rule), 1)
                };
                egui::Frame::new()
                    .stroke(stroke)
                    .outer_margin(egui::Margin::same(margin))
                    .corner_radius(egui::CornerRadius::same(10))
                    .inner_margin(egui::Margin::symmetric(10, 4))
                    .fill(if to_move {
                        ui.visuals().extreme_bg_color
                    } else {
                        p.paper
                    })
                    .show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        ui.horizontal(|ui| {
                            let (rect, _) = ui
                                .allocate_exact_size(egui::vec2(26.0, 26.0), egui::Sense::hover());
                            if tic_tac_toe {
                                ui.painter().text(
                                    rect.center(),
                                    egui::Align2::CENTER_CENTER,
                                    words.side(side, true),
                                    egui::FontId::proportional(22.0),
                                    p.ink,
                                );
                            } else {
                                paint_stone(
                                    ui.painter(),
                                    rect.center(),
                                    11.0,
                                    side == Side::Black,
                                    theme,
                                );
                            }
                            let who = &names[setup.seat(side)];
                            ui.vertical(|ui| {
                                ui.spacing_mut().item_spacing.y = 0.0;
                                ui.label(egui::RichText::new(who).size(17.0).strong());
                                ui.label(
                                    egui::RichText::new(format!(
                                        "{}{} · {}",
                                        words.side(side, tic_tac_toe),
                                        match setup.player(side) {
                                            PlayerKind::Human => String::new(),
                                            PlayerKind::Computer => {
                                                format!(" · {}", setup.strength_in(&words))
                                            }
                                        },
                                        words.tr_args(
                                            "hud-wins",
                                            &[("wins", score.wins[setup.seat(side)].into())]
                                        )
                                    ))
                                    .small()
                                    .color(p.faint),
                                );
                            });
                            ui.with_layout(
                                egui::Layout::right_to_left(egui::Align::Center),
                                |ui| {
                                    let shown = current.clocks.shown(side, game.to_move(), now);
                                    ui.label(
                                        egui::RichText::new(clock_text(shown))
                                            .monospace()
                                            .size(18.0),
                                    );
                                    if let Some(thinking) = thinking_now.filter(|t| t.color == side)
                                    {
                                        let elapsed =
                                            now.saturating_sub(thinking.started).as_secs_f32();
                                        let factor = settings.animation_factor();
                                        thinking_dots(
                                            ui,
                                            theme,
                                            (factor > 0.0).then_some(elapsed * 1.4 * factor),
                                        );
                                    }
                                },
                            );
                        });
                    });
            }
            ui.add_space(2.0);

            let next = game.moves().len() + 1;
            let status = match game.outcome() {
                // A network game resigned or agreed drawn ends off the board.
                _ if current.off_board.is_some() => {
                    current.off_board.map_or_else(String::new, |end| {
                        crate::network::off_board_headline(end, &current, &words)
                    })
                }
                Some(Outcome::Win { winner, .. }) => words.tr_args(
                    "hud-wins-in",
                    &[
                        ("side", words.side(*winner, tic_tac_toe).into()),
                        ("moves", game.moves().len().into()),
                    ],
                ),
                Some(Outcome::Draw) if game.black_is_stuck() => words.tr("hud-draw-black-stuck"),
                Some(Outcome::Draw) => words.tr("hud-draw-board-full"),
                // A record is looked through, not played: where it stands, not whose turn it is.
                None if current.viewing => {
                    let (shown, total) = current.record_position().unwrap_or_default();
                    words.tr_args(
                        "hud-record-at",
                        &[("shown", shown.into()), ("total", total.into())],
                    )
                }
                None => match thinking_now {
                    Some(_) => {
                        words.tr_args("hud-move-computer-thinking", &[("move", next.into())])
                    }
                    None => words.tr_args(
                        "hud-move-to-play",
                        &[
                            ("move", next.into()),
                            ("side", words.side(game.to_move(), tic_tac_toe).into()),
                        ],
                    ),
                },
            };
            // One line whatever the language: a longer status is cut short (the whole of it on
            // hover) rather than widening the panel or pushing the buttons down. While the computer
            // thinks, "Move now" at its end makes it play its best move so far. A finished game's
            // result has a section of its own below, so the line would only repeat its headline.
            let result_below = *screen.get() == Screen::GameOver && !current.viewing;
            if !result_below {
                ui.horizontal(|ui| {
                    if thinking_now.is_some() {
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            let now = ui
                                .link(words.tr("hud-move-now"))
                                .on_hover_text(words.tr("hud-move-now-tip"));
                            if clicked(&mut commands, now) {
                                writer.write(GameCommand::MoveNow);
                            }
                            ui.add(
                                egui::Label::new(egui::RichText::new(&status).strong()).truncate(),
                            );
                        });
                    } else {
                        ui.add(egui::Label::new(egui::RichText::new(&status).strong()).truncate());
                    }
                });
            }
            let mut shown = messages(
                &current,
                &notice,
                &hint,
                &hovered,
                &settings,
                !pondering.is_empty(),
                &autoplay,
                &words,
            );
            // A file that cannot be written (a full disk) is said for as long as it lasts, right
            // after the latest notice.
            if let Some(trouble) = save_health.as_ref().and_then(|h| h.trouble()) {
                let line = Message::new(NoticeKind::Error, words.phrase(&trouble.line()));
                shown.insert(shown.len().min(1), line);
            }
            // Live analysis reads out in the lower part of the messages' place, so turning it on
            // or off moves nothing below.
            if live.on {
                shown.truncate(1);
            }
            let place = message_place(ui, &p, &shown);
            if live.on {
                super::analysis::readout_in(ui, place, &live, &current, theme, &words);
            }
            rule(ui, theme);

            // A finished game shows its result where the buttons were (they have nothing left to do:
            // the result's own New game, Rematch and Menu take their place), in the panel, so the
            // board and its winning line stay in view.
            if *screen.get() == Screen::GameOver && !review.is_open() && !current.viewing {
                super::game_over::result_section(
                    ui,
                    &mut commands,
                    &current,
                    (current.duration(now), theme),
                    &words,
                    &mut writer,
                );
            } else {
                // Three equal columns of buttons filling the panel's width.
                let width = ((ui.available_width() - 16.0) / 3.0).floor();
                ui.spacing_mut().button_padding = egui::vec2(4.0, 6.0);
                let button = |text: &str| {
                    egui::Button::new(egui::RichText::new(text.to_owned()).size(14.5))
                        .wrap_mode(egui::TextWrapMode::Extend)
                        .min_size(egui::vec2(width, 31.0))
                };
                egui::Grid::new("hud buttons")
                    .num_columns(3)
                    .spacing([8.0, 6.0])
                    .min_col_width(width)
                    .max_col_width(width)
                    .show(ui, |ui| {
                        let undo = ui
                            .add_enabled(
                                playing && can_undo(&current),
                                button(&words.tr("hud-undo")),
                            )
                            .on_hover_text("Ctrl+Z");
                        if clicked(&mut commands, undo) {
                            writer.write(GameCommand::Undo);
                        }
                        let redo = ui
                            .add_enabled(
                                playing && can_redo(&current),
                                button(&words.tr("hud-redo")),
                            )
                            .on_hover_text("Ctrl+Y");
                        if clicked(&mut commands, redo) {
                            writer.write(GameCommand::Redo);
                        }
                        let hint_button = ui
                            .add_enabled(
                                playing && current.humans_turn(),
                                button(&words.tr("hud-hint-button")),
                            )
                            .on_hover_text("H");
                        if clicked(&mut commands, hint_button) {
                            writer.write(GameCommand::Hint);
                        }
                        ui.end_row();
                        if clicked(
                            &mut commands,
                            ui.add(button(&words.tr("hud-new-game"))).on_hover_text("N"),
                        ) {
                            question.ask_first(GameCommand::Restart, &current, &mut writer);
                        }
                        if clicked(
                            &mut commands,
                            ui.add(button(&words.tr("hud-menu"))).on_hover_text("Esc"),
                        ) {
                            writer.write(GameCommand::Menu);
                        }
                        if clicked(&mut commands, ui.add(button(&words.tr("hud-settings")))) {
                            settings_window.0 = !settings_window.0;
                        }
                        ui.end_row();
                        let analysis = button(&words.tr("hud-analysis")).selected(live.on);
                        let analysis = ui.add(analysis).on_hover_text(words.tr("hud-analysis-tip"));
                        if clicked(&mut commands, analysis) {
                            writer.write(GameCommand::Analyse);
                        }
                        if setup.mode == Mode::ComputerVsComputer {
                            let label = words.tr(if autoplay.paused {
                                "hud-resume"
                            } else {
                                "hud-pause"
                            });
                            // A finished game has nothing left to pause.
                            let pause = ui.add_enabled(!game.is_over(), button(&label));
                            if clicked(&mut commands, pause.on_hover_text("P")) {
                                writer.write(GameCommand::TogglePause);
                            }
                            let step = ui
                                .add_enabled(
                                    autoplay.paused && playing,
                                    button(&words.tr("hud-step")),
                                )
                                .on_hover_text("S");
                            if clicked(&mut commands, step) {
                                writer.write(GameCommand::Step);
                            }
                        }
                        ui.end_row();
                    });
            }
            rule(ui, theme);

            // A review takes the place of the score and the move list; so does a record's own
            // section while one is looked through (its moves, the way into a live game).
            if review.is_open() {
                super::review::section(ui, &review, &current, theme, &words, &mut writer);
                return;
            }
            if current.viewing {
                super::records::viewer::record_section(
                    ui,
                    &mut commands,
                    &current,
                    (&settings, &review, current.is_changed()),
                    &words,
                    &mut writer,
                );
                return;
            }
            // A swap opening says who places or chooses, with the choice's buttons, in the panel.
            if !opening.settled() {
                super::swap::section(
                    ui,
                    &mut commands,
                    (&current, &opening),
                    theme,
                    &words,
                    &mut writer,
                );
                rule(ui, theme);
            }
            // A network game's own controls come before the draws and the move list, which takes
            // the room left under them.
            if current.remote.is_some() {
                super::network::section(ui, &mut commands, &current, &mut network, &words);
            }
            // The wins are on the player cards; the draws and the reset take one row, and the
            // move list's header carries its counts, so the list keeps its room at the smallest window.
            ui.horizontal(|ui| {
                ui.label(
                    egui::RichText::new(format!("{} {}", words.tr("hud-draws"), score.draws))
                        .color(p.faint),
                );
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    // A button of the panel's own size: a small one crammed its words in.
                    let reset = egui::Button::new(words.tr("hud-reset-score"))
                        .min_size(egui::vec2(0.0, 26.0));
                    if clicked(&mut commands, ui.add(reset)) {
                        question.ask_before_reset(&score);
                    }
                });
            });
            ui.horizontal(|ui| {
                section(ui, theme, &words.tr("hud-moves"));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Max), |ui| {
                    ui.label(
                        egui::RichText::new(words.tr_args(
                            "hud-game-tally",
                            &[
                                ("undos", current.undos.into()),
                                ("hints", current.hints.into()),
                            ],
                        ))
                        .small()
                        .color(p.faint),
                    );
                });
            });
            let rows = move_rows(&current);
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    if rows.is_empty() {
                        ui.label(egui::RichText::new(words.tr("hud-no-moves-yet")).color(p.faint));
                    }
                    for row in rows {
                        ui.label(egui::RichText::new(row).monospace());
                    }
                });
        });
    Ok(())
}
