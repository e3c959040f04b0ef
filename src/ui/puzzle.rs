//! The puzzles' side panel (in place of the HUD while a puzzle is on the board): the goal, how the try
//! stands, the player's puzzle rating and progress, Hint, Try again, Next puzzle and Back.
//!
//! Every button sends a [`GameCommand::Puzzle`]; the puzzles themselves are [`crate::game::puzzle`].

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_engine::{PlayError, ThreatKind};

use super::clicked;
use super::style::{primary_button, rule, section, side_panel_frame, ui_palette};
use super::tip::Tip;
use crate::game::hint::ShownHint;
use crate::game::puzzle::{PuzzleCommand, PuzzleProgressShown, PuzzleRoom, PuzzleRun, PuzzleState};
use crate::game::{CurrentGame, GameCommand, Notice, cell_name};
use crate::i18n::Words;
use crate::screens::Activity;
use crate::settings::{Settings, Theme};
use crate::view::{HoveredCell, PANEL_WIDTH};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        puzzle_panel.run_if(in_state(Activity::Puzzle)),
    );
}

/// What the puzzles' side panel reads.
#[derive(SystemParam)]
struct PuzzleView<'w> {
    room: Res<'w, PuzzleRoom>,
    progress: Res<'w, PuzzleProgressShown>,
    current: Res<'w, CurrentGame>,
    settings: Res<'w, Settings>,
    words: Res<'w, Words>,
    /// A refused point's reason, the hint and its reason, the forbidden point under the pointer.
    notice: Res<'w, Notice>,
    hint: Res<'w, ShownHint>,
    hovered: Res<'w, HoveredCell>,
}

fn puzzle_panel(
    mut commands: Commands,
    mut contexts: EguiContexts,
    view: PuzzleView,
    mut writer: MessageWriter<GameCommand>,
) -> Result {
    let PuzzleView {
        room,
        progress,
        current,
        settings,
        words,
        ..
    } = &view;
    let Some(run) = room.run.as_ref() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let theme = settings.theme;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "puzzle root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let mut sent = Vec::new();
    egui::Panel::right("puzzles")
        .exact_size(PANEL_WIDTH)
        .resizable(false)
        .frame(side_panel_frame(theme))
        .show(&mut root, |ui| {
            // The buttons keep their place at the bottom whatever the text above says; the text
            // scrolls in a short window.
            egui::Panel::bottom("puzzle buttons")
                .frame(egui::Frame::NONE)
                .resizable(false)
                .show(ui, |ui| {
                    rule(ui, theme);
                    buttons(ui, &mut commands, run, current, theme, words, &mut sent);
                });
            egui::ScrollArea::vertical()
                .id_salt("puzzle text")
                .show(ui, |ui| {
                    about(ui, run, room, current, theme, words);
                    // What the board said comes before the progress, nearer the board's news.
                    messages(ui, &view, theme);
                    progress_section(ui, room, progress, theme, words);
                });
        });
    writer.write_batch(sent);
    Ok(())
}

/// The puzzle, its goal and how the try stands.
fn about(
    ui: &mut egui::Ui,
    run: &PuzzleRun,
    room: &PuzzleRoom,
    current: &CurrentGame,
    theme: Theme,
    words: &Words,
) {
    let p = ui_palette(theme);
    ui.label(
        egui::RichText::new(words.tr("puzzle-title"))
            .size(24.0)
            .strong(),
    );
    ui.label(
        egui::RichText::new(words.tr_args(
            "puzzle-number",
            &[
                ("number", run.number.into()),
                ("count", room.count().into()),
                ("rule", words.preset(current.setup().preset).into()),
            ],
        ))
        .color(p.faint),
    );
    rule(ui, theme);
    goal(ui, run, words);
    ui.label(
        egui::RichText::new(words.tr_args(
            "puzzle-difficulty",
            &[("difficulty", run.puzzle().difficulty.into())],
        ))
        .color(p.faint),
    );
    ui.add_space(8.0);
    standing(ui, run, current, theme, words);
}

/// The player's puzzle rating and how many are solved.
fn progress_section(
    ui: &mut egui::Ui,
    room: &PuzzleRoom,
    progress: &PuzzleProgressShown,
    theme: Theme,
    words: &Words,
) {
    section(ui, theme, &words.tr("puzzle-progress"));
    ui.label(words.tr_args(
        "puzzle-rating",
        &[
            ("rating", progress.0.rating.rating.round().into()),
            ("solved", progress.0.solved.len().into()),
            ("count", room.count().into()),
        ],
    ));
}

/// What the board said: why a point took no stone (the latest notice, or the forbidden point under
/// the pointer), and the hint with what its move does, as the game's side panel says them.
fn messages(ui: &mut egui::Ui, view: &PuzzleView, theme: Theme) {
    let p = ui_palette(theme);
    let (words, game) = (&view.words, view.current.game());
    let size = game.variant().size();
    let refusal = view.notice.current().map(|phrase| words.phrase(phrase));
    let forbidden = view
        .hovered
        .0
        .filter(|_| view.settings.show_forbidden)
        .and_then(|pos| match game.check(pos) {
            Err(PlayError::Forbidden(_, why)) => Some(words.tr_args(
                "hud-forbidden-point",
                &[
                    ("cell", cell_name(pos, size).into()),
                    ("reason", words.forbidden(why).into()),
                ],
            )),
            _ => None,
        });
    if let Some(text) = refusal.or(forbidden) {
        ui.add_space(6.0);
        ui.label(egui::RichText::new(text).color(p.warn));
    }
    if let Some((pos, reason)) = view.hint.reason(view.current.generation()) {
        ui.add_space(6.0);
        let text = words.tr_args(
            "hud-hint",
            &[
                ("cell", cell_name(pos, size).into()),
                ("reason", reason.to_owned().into()),
            ],
        );
        ui.label(egui::RichText::new(text).strong().color(p.good));
    }
}

/// Hint, Try again, Next puzzle and Back, each always there (greyed where it does nothing).
fn buttons(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    run: &PuzzleRun,
    current: &CurrentGame,
    theme: Theme,
    words: &Words,
    sent: &mut Vec<GameCommand>,
) {
    ui.add_space(4.0);
    ui.vertical_centered(|ui| {
        ui.horizontal(|ui| {
            let solving = run.state == PuzzleState::Solving;
            let hint = ui
                .add_enabled(solving, egui::Button::new(words.tr("puzzle-hint")))
                .tip(words.tr("puzzle-hint-tip"));
            if clicked(commands, hint) {
                sent.push(GameCommand::Puzzle(PuzzleCommand::Hint));
            }
            let started = !run_untouched(run, current);
            let retry = ui.add_enabled(started, egui::Button::new(words.tr("puzzle-retry")));
            if clicked(commands, retry) {
                sent.push(GameCommand::Puzzle(PuzzleCommand::Retry));
            }
        });
        ui.add_space(6.0);
        if clicked(
            commands,
            ui.add(primary_button(theme, &words.tr("puzzle-next"))),
        ) {
            sent.push(GameCommand::Puzzle(PuzzleCommand::Next));
        }
        ui.add_space(6.0);
        if clicked(commands, ui.button(words.tr("puzzle-back"))) {
            sent.push(GameCommand::Menu);
        }
        ui.add_space(6.0);
    });
}

/// Whether the puzzle is still at its start (Try again would change nothing).
fn run_untouched(run: &PuzzleRun, current: &CurrentGame) -> bool {
    run.state == PuzzleState::Solving && current.game().moves().len() == run.puzzle().moves.len()
}

/// "Black to play and win with fours in 3 moves".
fn goal(ui: &mut egui::Ui, run: &PuzzleRun, words: &Words) {
    let puzzle = run.puzzle();
    let id = match puzzle.kind {
        ThreatKind::Vcf => "puzzle-goal-fours",
        ThreatKind::Vct => "puzzle-goal-threes",
    };
    let text = words.tr_args(
        id,
        &[
            ("side", words.side(puzzle.to_move, false).into()),
            ("moves", puzzle.length.into()),
        ],
    );
    ui.label(egui::RichText::new(text).strong().size(17.0));
}

/// How the try stands: moves left, solved, or the miss and its refutation.
fn standing(
    ui: &mut egui::Ui,
    run: &PuzzleRun,
    current: &CurrentGame,
    theme: Theme,
    words: &Words,
) {
    let p = ui_palette(theme);
    let size = current.game().variant().size();
    let (text, color) = match run.state {
        PuzzleState::Solving => (
            words.tr_args("puzzle-moves-left", &[("moves", run.moves_left().into())]),
            p.ink,
        ),
        PuzzleState::Solved if run.hints > 0 => (
            words.tr_args("puzzle-solved-with-hints", &[("hints", run.hints.into())]),
            p.good,
        ),
        PuzzleState::Solved => (words.tr("puzzle-solved"), p.good),
        PuzzleState::Missed {
            wrong,
            refutation: Some(answer),
        } => (
            words.tr_args(
                "puzzle-missed-refuted",
                &[
                    ("move", cell_name(wrong, size).into()),
                    ("answer", cell_name(answer, size).into()),
                ],
            ),
            p.warn,
        ),
        PuzzleState::Missed { wrong, .. } => (
            words.tr_args("puzzle-missed", &[("move", cell_name(wrong, size).into())]),
            p.warn,
        ),
    };
    ui.label(egui::RichText::new(text).color(color));
}
