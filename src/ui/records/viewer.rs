//! The record viewer's face: step buttons in the records bar, a window with the players' names, a
//! clickable move list, the move-numbers toggle and *Continue from here*, and the numbers painted on
//! the stones. Every step is a [`GameCommand`]; the position shown is the game's own (see
//! [`CurrentGame::viewing`]).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_engine::{Color, Game, Outcome, Pos};

use super::state::RecordsPass;
use crate::game::{
    BoardView, CurrentGame, GameCommand, OpenedTree, StudyState, ViewStep, cell_name, shown_node,
};
use crate::persistence::Settings;
use crate::screens::InGame;
use crate::settings::MoveNumbering;
use crate::ui::numbering::Numbering;
use crate::ui::tip::Tip;
use crate::view::BoardLayout;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(choose_move_numbers).add_systems(
        EguiPrimaryContextPass,
        move_numbers.in_set(RecordsPass::Viewer),
    );
}

/// First / previous / "12 / 35" (the moves counted in `style`) / next / last, for the records bar.
pub(super) fn step_buttons(
    ui: &mut egui::Ui,
    current: &CurrentGame,
    style: MoveNumbering,
    commands: &mut MessageWriter<GameCommand>,
) {
    let (shown, total) = current.record_position();
    let numbering = Numbering::of(current.game(), style);
    let mut step = |ui: &mut egui::Ui, label: &str, hint: &str, enabled: bool, step: ViewStep| {
        if ui
            .add_enabled(enabled, egui::Button::new(label))
            .tip(hint)
            .clicked()
        {
            commands.write(GameCommand::View(step));
        }
    };
    ui.spacing_mut().item_spacing.x = 4.0;
    let words = crate::i18n::words_in(ui.ctx()).0;
    step(
        ui,
        "⏮",
        &words.tr("viewer-first"),
        shown > 0,
        ViewStep::First,
    );
    step(
        ui,
        "◀",
        &words.tr("viewer-previous"),
        shown > 0,
        ViewStep::Previous,
    );
    // On the window's paper, so it reads on the dark table like the buttons beside it.
    egui::Frame::new()
        .fill(ui.visuals().window_fill)
        .corner_radius(4.0)
        .inner_margin(egui::Margin::symmetric(8, 4))
        .show(ui, |ui| {
            let (shown, total) = (numbering.count(shown), numbering.count(total));
            ui.label(format!("{shown} / {total}"))
                .tip(words.tr("viewer-position-tip"));
        });
    step(
        ui,
        "▶",
        &words.tr("viewer-next"),
        shown < total,
        ViewStep::Next,
    );
    step(
        ui,
        "⏭",
        &words.tr("viewer-last"),
        shown < total,
        ViewStep::Last,
    );
}

/// What the side panel reads of the record's tree, the study tools and the board's view.
#[derive(SystemParam)]
pub struct StudyRead<'w> {
    tree: Res<'w, OpenedTree>,
    state: Res<'w, StudyState>,
    view: Res<'w, BoardView>,
}

impl StudyRead<'_> {
    pub fn panel(&self) -> StudyPanel<'_> {
        StudyPanel {
            opened: &self.tree,
            state: &self.state,
            view: *self.view,
        }
    }
}

/// The record's tree and the study tools, as the record's section shows them.
pub struct StudyPanel<'a> {
    pub opened: &'a OpenedTree,
    pub state: &'a StudyState,
    pub view: BoardView,
}

/// Stone numbers on or off, from the record's section (the settings are the records plugin's to
/// change; the side panel only reads them).
#[derive(Event, Debug, Clone, Copy)]
pub struct MoveNumbersChosen(pub bool);

fn choose_move_numbers(chosen: On<MoveNumbersChosen>, mut settings: ResMut<Settings>) {
    if settings.move_numbers != chosen.0 {
        settings.move_numbers = chosen.0;
    }
}

/// The record's part of the side panel, in place of the score and the move list while a record is
/// looked through: how it ended, every move or the record's tree (click one to show it), the
/// comment and marks of the position shown, the way into a live game, the review, numbers on the
/// stones and the board's view. Nothing floats over the board.
pub fn record_section(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    current: &CurrentGame,
    (settings, review, follow): (&Settings, &crate::analysis::review::GameReview, bool),
    study: StudyPanel,
    words: &crate::i18n::Words,
    writer: &mut MessageWriter<GameCommand>,
) {
    let p = crate::ui::style::ui_palette(settings.theme);
    // The moves take half the room (a short window still shows four rows of them); the rest
    // scrolls below them.
    let moves_height = (ui.available_height() * 0.5).clamp(84.0, 260.0);
    // The whole section scrolls in a short window, so every control is within reach.
    egui::ScrollArea::vertical()
        .id_salt("record section")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            // How the record ends, wherever it is stepped to, so the line stays and nothing under
            // it moves.
            if let Some(outcome) = record_end(current.game()) {
                let text = how_it_ends(current, &outcome, words);
                ui.label(egui::RichText::new(text).color(p.faint));
            }
            let looks = (settings, review, follow, moves_height);
            let tools = tree_or_moves(ui, current, looks, &study, writer);
            super::tree::study_tools(ui, &tools, words, writer);
            continue_and_review(ui, commands, current, settings, words, writer);
            super::tree::view_tools(ui, study.view, words, writer);
        });
}

/// The record's tree when it has one (else every move), `height` tall at most; and what the study
/// tools below it show.
fn tree_or_moves<'a>(
    ui: &mut egui::Ui,
    current: &CurrentGame,
    (settings, review, follow, height): (
        &Settings,
        &crate::analysis::review::GameReview,
        bool,
        f32,
    ),
    study: &StudyPanel<'a>,
    writer: &mut MessageWriter<GameCommand>,
) -> super::tree::Tools<'a> {
    let (shown, total) = current.record_position();
    // `follow`: scrolled to the move shown when it changes, and left alone otherwise.
    let numbering = Numbering::of(current.game(), settings.numbering);
    let node = shown_node(study.opened, current.game());
    let tree = study.opened.0.as_ref().filter(|_| node.is_some());
    match tree {
        // A record with a tree: the tree, the position shown marked.
        Some(sgf) => {
            let view = super::tree::TreeView {
                tree: &sgf.tree,
                shown: node,
                numbering,
                size: current.game().variant().size(),
                follow,
            };
            super::tree::tree_panel(ui, &view, height, writer);
        }
        None => move_list(
            ui,
            (current, numbering),
            (shown, total),
            (follow, height),
            review.moves.as_deref(),
            writer,
        ),
    }
    super::tree::Tools {
        // As typed (untrimmed), so a space or a new line at the end stays while typing.
        comment: tree
            .zip(node)
            .and_then(|(sgf, node)| sgf.tree.node(node))
            .map_or("", |n| n.comment.as_str()),
        tool: study.state.tool,
        on_move: shown > 0,
        can_undo: study.state.can_undo(study.opened),
    }
}

/// The way into a live game from the position shown, the review and the numbers on the stones.
fn continue_and_review(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    current: &CurrentGame,
    settings: &Settings,
    words: &crate::i18n::Words,
    writer: &mut MessageWriter<GameCommand>,
) {
    // Always there (greyed at a record's end, where nothing is left to play), so nothing moves.
    let open = !current.game().is_over();
    ui.add_enabled_ui(open, |ui| {
        ui.label(words.tr("viewer-continue-from-here"));
        ui.horizontal_wrapped(|ui| {
            if super::super::clicked(commands, ui.button(words.tr("viewer-two-players"))) {
                writer.write(GameCommand::ContinueFromHere {
                    against_computer: false,
                });
            }
            let computer = ui
                .button(words.tr("viewer-against-computer"))
                .tip(words.tr("viewer-against-computer-tip"));
            if super::super::clicked(commands, computer) {
                writer.write(GameCommand::ContinueFromHere {
                    against_computer: true,
                });
            }
        });
    });
    ui.horizontal_wrapped(|ui| {
        let review_button = ui
            .button(words.tr("viewer-review"))
            .tip(words.tr("game-over-review-tip"));
        if super::super::clicked(commands, review_button) {
            writer.write(GameCommand::Review);
        }
        let mut numbers = settings.move_numbers;
        if ui
            .checkbox(&mut numbers, words.tr("viewer-move-numbers"))
            .changed()
        {
            commands.trigger(MoveNumbersChosen(numbers));
        }
    });
}

/// Every move of the record (numbered by `numbering`), the one shown highlighted; a click shows that
/// position. A reviewed record marks each move with its class (and the better move for the bad ones).
fn move_list(
    ui: &mut egui::Ui,
    (current, numbering): (&CurrentGame, Numbering),
    (shown, total): (usize, usize),
    (follow, height): (bool, f32),
    reviews: Option<&[tengen_engine::MoveReview]>,
    commands: &mut MessageWriter<GameCommand>,
) {
    let game = current.game();
    let size = game.variant().size();
    let mut moves = game.moves().to_vec();
    moves.extend(game.redo_moves().iter().rev());
    egui::ScrollArea::vertical()
        .max_height(height)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            if ui
                .selectable_label(
                    shown == 0,
                    crate::i18n::words_in(ui.ctx()).0.tr("viewer-start"),
                )
                .clicked()
            {
                commands.write(GameCommand::View(ViewStep::To(0)));
            }
            for (i, &pos) in moves.iter().enumerate().take(total) {
                let number = i + 1;
                let text = format!("{:>4} {}", numbering.label(i), cell_name(pos, size));
                let label = match reviews.and_then(|r| r.get(i)) {
                    Some(review) => {
                        crate::ui::review::reviewed_move(ui, shown == number, text, review, size)
                    }
                    None => ui.selectable_label(shown == number, text),
                };
                if shown == number && follow {
                    label.scroll_to_me(None);
                }
                if label.clicked() {
                    commands.write(GameCommand::View(ViewStep::To(number)));
                }
            }
        });
}

/// Numbers on the stones in the order they were played, when the player turned them on (records and
/// live games alike), or on the last N stones the board's view asks for, painted by egui where the
/// board's layout puts each stone.
fn move_numbers(
    mut contexts: EguiContexts,
    (layout, view): (Res<BoardLayout>, Res<BoardView>),
    settings: Res<Settings>,
    current: Res<CurrentGame>,
    in_game: Option<Res<State<InGame>>>,
    window: Query<&Window, With<PrimaryWindow>>,
) -> Result {
    let size = current.game().variant().size();
    let last = usize::from(view.numbered_last);
    let wanted = settings.move_numbers || last > 0;
    if !wanted || in_game.is_none() || layout.size != size || layout.spacing <= 0.0 {
        return Ok(());
    }
    let Ok(window) = window.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::background());
    let numbers = stone_numbers(current.game());
    // All of them when the player numbers every stone, else the last `last`.
    let skip = if settings.move_numbers {
        0
    } else {
        numbers.len().saturating_sub(last)
    };
    for (pos, number, stone) in numbers.into_iter().skip(skip) {
        let number = number.to_string();
        // Three digits need a smaller type to stay on the stone.
        let scale = if number.len() > 2 { 0.3 } else { 0.4 };
        let font = egui::FontId::proportional((layout.spacing * scale).clamp(6.0, 22.0));
        let ink = match stone {
            Color::Black => egui::Color32::from_gray(235),
            Color::White => egui::Color32::from_gray(20),
        };
        let at = layout.window_position(pos, window.size());
        painter.text(
            egui::pos2(at.x, at.y),
            egui::Align2::CENTER_CENTER,
            number,
            font,
            ink,
        );
    }
    Ok(())
}

/// How a record ends: its outcome after its last move, whichever move is shown.
fn record_end(game: &Game) -> Option<Outcome> {
    let mut end = game.clone();
    while end.redo().is_some() {}
    end.outcome().cloned()
}

/// The number each stone on the board shows, with the stone's colour (for the ink): the moves shown,
/// in the order they were played.
fn stone_numbers(game: &Game) -> Vec<(Pos, usize, Color)> {
    game.moves()
        .iter()
        .enumerate()
        .filter_map(|(i, &pos)| game.board().get(pos).map(|color| (pos, i + 1, color)))
        .collect()
}

/// How the record ends, in the player's words: "You win here." to the player, "Alice wins here."
/// of anyone else (a Fluent selector, so every language agrees with its subject).
pub fn how_it_ends(current: &CurrentGame, outcome: &Outcome, words: &crate::i18n::Words) -> String {
    match outcome {
        Outcome::Win { winner, .. } => {
            let names = current.seat_names_in(words);
            let who = if current.is_you(*winner) {
                "you"
            } else {
                "other"
            };
            words.tr_args(
                "viewer-wins-here",
                &[
                    ("name", names[current.setup().seat(*winner)].clone().into()),
                    ("who", who.into()),
                ],
            )
        }
        Outcome::Draw if current.game().black_is_stuck() => words.tr("viewer-draw-black-stuck"),
        Outcome::Draw => words.tr("viewer-draw"),
    }
}

#[cfg(test)]
mod tests {

    use tengen_engine::{Color, Game, Pos, Preset};
    use tengen_i18n::Language;

    use super::{how_it_ends, stone_numbers};
    use crate::game::{CurrentGame, GameSetup, Mode};
    use crate::i18n::Words;

    #[test]
    fn stones_are_numbered_in_the_order_played_and_only_those_shown() {
        let moves = [Pos::new(7, 7), Pos::new(8, 8), Pos::new(6, 6)];
        let mut game = Game::from_moves(Preset::Freestyle15.variant(), &moves).expect("legal");
        assert_eq!(
            stone_numbers(&game),
            [
                (Pos::new(7, 7), 1, Color::Black),
                (Pos::new(8, 8), 2, Color::White),
                (Pos::new(6, 6), 3, Color::Black),
            ]
        );
        game.undo();
        assert_eq!(
            stone_numbers(&game).len(),
            2,
            "a stone taken back loses its number"
        );
    }

    /// Black's five along row 8, White answering on row 11.
    fn won_by_black() -> Game {
        let moves: Vec<Pos> = (0..9)
            .map(|i| {
                if i % 2 == 0 {
                    Pos::new(5 + i / 2, 7)
                } else {
                    Pos::new(5 + i / 2, 10)
                }
            })
            .collect();
        Game::from_moves(Preset::Freestyle15.variant(), &moves).expect("legal")
    }

    fn ending(mode: Mode, first_seat: Color, language: Language) -> String {
        let setup = GameSetup {
            mode,
            first_seat,
            ..GameSetup::default()
        };
        let current = CurrentGame::with_game(setup, won_by_black());
        let outcome = current.game().outcome().expect("a five");
        how_it_ends(&current, outcome, &Words::new(language))
    }

    #[test]
    fn the_record_speaks_to_the_player_who_won_and_of_anyone_else() {
        // Black won; the player plays `first_seat` against the computer.
        for (first_seat, language, expected) in [
            (Color::Black, Language::English, "You win here."),
            (Color::White, Language::English, "Computer wins here."),
            (Color::Black, Language::Russian, "Здесь вы побеждаете."),
            (Color::Black, Language::Polish, "Tu wygrywasz."),
            (Color::Black, Language::Chinese, "你在此获胜。"),
        ] {
            let said = ending(Mode::HumanVsComputer, first_seat, language);
            assert_eq!(said, expected, "{language:?}, you play {first_seat:?}");
        }
        assert!(
            ending(Mode::HumanVsHuman, Color::Black, Language::English).ends_with(" wins here.")
        );
    }
}
