//! The result of a finished game, a section of the side panel (never over the board, where the
//! winning line is): the headline, a one-line comment, moves, undos, hints and duration, with New
//! game, Rematch (colours swapped), Menu, and the way into the review.

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::egui;
use tengen_engine::Outcome;

use super::clicked;
use super::numbering::Numbering;
use super::style::{primary_button, ui_palette};
use super::tip::Tip;
use crate::game::{CurrentGame, End, GameCommand, Mode, PlayerKind, Reason};
use crate::i18n::{FluentValue, Words};
use crate::settings::{MoveNumbering, Theme};

/// The headline of a finished game, from the point of view of the player at the screen.
pub fn headline(current: &CurrentGame, words: &Words) -> String {
    let names = current.seat_names_in(words);
    let tic_tac_toe = current.game().variant().is_tic_tac_toe();
    // The game's end, whatever its reason; a record looked through shows its board's.
    let result = current.end().map(End::winner).or_else(|| {
        let outcome = current.game().outcome();
        outcome.map(Outcome::winner)
    });
    match result {
        None => words.tr("game-over-in-progress"),
        Some(None) => words.tr("game-over-draw"),
        Some(Some(ref winner)) => match current.setup().mode {
            Mode::HumanVsComputer if current.setup().player(*winner) == PlayerKind::Human => {
                words.tr("game-over-you-win")
            }
            Mode::HumanVsComputer => words.tr("game-over-computer-wins"),
            // "You" in a network game: the sentence agrees with it (a Fluent selector).
            _ => words.tr_args(
                "game-over-seat-wins",
                &[
                    ("name", names[current.setup().seat(*winner)].clone().into()),
                    ("side", words.side(*winner, tic_tac_toe).into()),
                    ("who", who(current, *winner)),
                ],
            ),
        },
    }
}

/// The Fluent selector of a sentence about `color`: it speaks to the player at this machine.
fn who(current: &CurrentGame, color: tengen_engine::Color) -> FluentValue<'static> {
    if current.is_you(color) {
        "you"
    } else {
        "other"
    }
    .into()
}

/// Why a game that ended off the board ended, in words ("Black resigned."); `None` when the board
/// decided it (a five, a full board).
pub fn reason_line(current: &CurrentGame, words: &Words) -> Option<String> {
    let end = current.end().filter(|_| current.ended_off_board())?;
    let tic_tac_toe = current.game().variant().is_tic_tac_toe();
    let id = match end.reason {
        Reason::Five | Reason::Full => return None,
        Reason::Agreement => return Some(words.tr("game-over-reason-agreement")),
        Reason::Abandoned => return Some(words.tr("game-over-reason-abandoned")),
        Reason::Resignation => "game-over-reason-resignation",
        Reason::Time => "game-over-reason-time",
        Reason::Forbidden => "game-over-reason-forbidden",
        Reason::Left => "game-over-reason-left",
        Reason::Forfeit => "game-over-reason-forfeit",
    };
    let loser = end.loser()?;
    let names = current.seat_names_in(words);
    let mut args = vec![
        ("name", names[current.setup().seat(loser)].clone().into()),
        ("side", words.side(loser, tic_tac_toe).into()),
        ("who", who(current, loser)),
    ];
    let id = match current.engine_failure() {
        Some(failure) if end.reason == Reason::Forfeit => {
            let size = current.game().variant().size();
            let (id, detail) = engine_failure_words(failure, size);
            args.extend(detail);
            id
        }
        _ => id,
    };
    Some(words.tr_args(id, &args))
}

/// The message that says why an engine forfeited, and its own arguments (its time, the point).
fn engine_failure_words(
    failure: &tengen_host::Failure,
    size: u8,
) -> (&'static str, Vec<(&'static str, FluentValue<'static>)>) {
    use tengen_host::Failure;
    let point = |pos| vec![("point", tengen_engine::cell_name(pos, size).into())];
    match failure {
        Failure::NoMove { within, .. } => (
            "engine-lost-time",
            vec![("seconds", (within.as_millis() as f64 / 1000.0).into())],
        ),
        Failure::Crashed(_) => ("engine-lost-crash", Vec::new()),
        Failure::Occupied(pos) => ("engine-lost-taken", point(*pos)),
        Failure::OffBoard(_) => ("engine-lost-off-board", Vec::new()),
        Failure::Forbidden(pos, _) => ("engine-lost-forbidden", point(*pos)),
        Failure::Garbage(_) => ("engine-lost-garbage", Vec::new()),
        Failure::NotStarted(_)
        | Failure::NoStart(_)
        | Failure::StartRefused(_)
        | Failure::NoAbout(_) => ("engine-lost-start", Vec::new()),
    }
}

/// A one-line comment on how the game went (for a game that ended off the board, why it ended), its
/// moves counted in `style`.
pub fn comment(
    current: &CurrentGame,
    (duration, style): (Duration, MoveNumbering),
    words: &Words,
) -> String {
    if let Some(reason) = reason_line(current, words) {
        return reason;
    }
    let moves = current.game().moves().len();
    let shown = Numbering::of(current.game(), style).count(moves);
    let cells = current.game().variant().cells();
    let human_won = current
        .game()
        .outcome()
        .and_then(Outcome::winner)
        .is_some_and(|w| current.setup().player(w) == PlayerKind::Human);
    let against_computer = current.setup().mode == Mode::HumanVsComputer;
    match current.game().outcome() {
        None => String::new(),
        Some(Outcome::Draw) if current.game().black_is_stuck() => {
            words.tr("game-over-comment-draw-black-stuck")
        }
        Some(Outcome::Draw) => words.tr("game-over-comment-draw"),
        Some(Outcome::Win { .. }) => {
            let count = [("moves", FluentValue::from(shown))];
            if human_won && against_computer && current.undos() == 0 && current.hints() == 0 {
                words.tr_args("game-over-comment-clean-win", &count)
            } else if moves * 4 >= cells.min(240) {
                words.tr_args("game-over-comment-long-fight", &count)
            } else if moves <= 2 * current.game().variant().win_len() as usize + 3 {
                words.tr_args("game-over-comment-quick-finish", &count)
            } else if against_computer && !human_won {
                words.tr("game-over-comment-computer-won")
            } else if duration > Duration::from_secs(600) {
                words.tr("game-over-comment-long-think")
            } else {
                words.tr_args("game-over-comment-decided", &count)
            }
        }
    }
}

/// The result's numbers, each with its label's id: the moves (counted in `style`), undos, hints and
/// the game's duration.
pub fn numbers(
    current: &CurrentGame,
    (duration, style): (Duration, MoveNumbering),
    words: &Words,
) -> [(&'static str, String); 4] {
    let moves = Numbering::of(current.game(), style).count(current.game().moves().len());
    [
        ("game-over-moves", moves.to_string()),
        ("game-over-undos", current.undos().to_string()),
        ("game-over-hints", current.hints().to_string()),
        ("game-over-time", words.duration(duration)),
    ]
}

/// The result's section of the side panel, in place of the score while the game is over.
pub fn result_section(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    current: &CurrentGame,
    (duration, theme, style): (Duration, Theme, MoveNumbering),
    words: &Words,
    writer: &mut MessageWriter<GameCommand>,
) {
    let p = ui_palette(theme);
    let headline = headline(current, words);
    ui.label(
        egui::RichText::new(headline)
            .size(20.0)
            .strong()
            .color(p.accent),
    );
    let comment = comment(current, (duration, style), words);
    ui.label(egui::RichText::new(comment).color(p.faint));
    ui.add_space(4.0);
    // Two by two: each value with its label beside it, so no label is squeezed into a quarter.
    let stats = numbers(current, (duration, style), words);
    egui::Grid::new("result numbers")
        .num_columns(2)
        .spacing([16.0, 2.0])
        .show(ui, |ui| {
            for (n, (label, value)) in stats.into_iter().enumerate() {
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(value).strong());
                    ui.label(egui::RichText::new(words.tr(label)).color(p.faint));
                });
                if n % 2 == 1 {
                    ui.end_row();
                }
            }
        });
    ui.add_space(6.0);
    if super::notice::short_window(ui.ctx()) {
        compact_choices(ui, commands, theme, words, writer);
    } else {
        choices(ui, commands, theme, words, writer);
    }
}

/// New game across the panel; Rematch and Menu side by side under it (three in a row do not fit the
/// panel's width in every language); the review's link.
fn choices(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    theme: Theme,
    words: &Words,
    writer: &mut MessageWriter<GameCommand>,
) {
    let full = egui::vec2(ui.available_width(), 36.0);
    let half = egui::vec2((ui.available_width() - 8.0) / 2.0, 30.0);
    choice(ui, commands, writer, new_game_button(theme, words, full));
    ui.horizontal(|ui| {
        choice(ui, commands, writer, rematch_button(words, half));
        choice(ui, commands, writer, menu_button(words, half));
    });
    review_link(ui, commands, words, writer);
}

/// In a short window (800×560) the same choices in two rows, so the draws and the moves below still
/// have room: New game and Rematch, then Menu and the review's link.
fn compact_choices(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    theme: Theme,
    words: &Words,
    writer: &mut MessageWriter<GameCommand>,
) {
    let half = egui::vec2((ui.available_width() - 8.0) / 2.0, 30.0);
    ui.horizontal(|ui| {
        choice(ui, commands, writer, new_game_button(theme, words, half));
        choice(ui, commands, writer, rematch_button(words, half));
    });
    ui.horizontal(|ui| {
        choice(ui, commands, writer, menu_button(words, half));
        review_link(ui, commands, words, writer);
    });
}

/// A button of the result, with its tip if it has one, and the command it sends.
struct Choice<'a> {
    button: egui::Button<'a>,
    tip: Option<String>,
    command: GameCommand,
}

fn new_game_button(theme: Theme, words: &Words, size: egui::Vec2) -> Choice<'static> {
    Choice {
        button: primary_button(theme, &words.tr("game-over-new-game")).min_size(size),
        tip: None,
        command: GameCommand::Restart,
    }
}

fn rematch_button(words: &Words, size: egui::Vec2) -> Choice<'static> {
    Choice {
        button: egui::Button::new(words.tr("game-over-rematch")).min_size(size),
        tip: Some(words.tr("game-over-rematch-tip")),
        command: GameCommand::Rematch,
    }
}

fn menu_button(words: &Words, size: egui::Vec2) -> Choice<'static> {
    Choice {
        button: egui::Button::new(words.tr("game-over-menu")).min_size(size),
        tip: None,
        command: GameCommand::Menu,
    }
}

fn choice(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    writer: &mut MessageWriter<GameCommand>,
    choice: Choice,
) {
    let mut response = ui.add(choice.button);
    if let Some(tip) = choice.tip {
        response = response.tip(tip);
    }
    if clicked(commands, response) {
        writer.write(choice.command);
    }
}

fn review_link(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    words: &Words,
    writer: &mut MessageWriter<GameCommand>,
) {
    let review = ui
        .link(words.tr("game-over-review"))
        .tip(words.tr("game-over-review-tip"));
    if clicked(commands, review) {
        writer.write(GameCommand::Review);
    }
}

#[cfg(test)]
mod tests {
    use tengen_engine::{Color, Game, Pos, Preset};
    use tengen_i18n::Language;

    use super::headline;
    use crate::game::{CurrentGame, GameSetup, Mode};
    use crate::i18n::Words;

    /// A network game won by Black, played here by `local`.
    fn network_game_won_by_black(local: Color, language: Language) -> String {
        let moves: Vec<Pos> = (0..9)
            .map(|i| Pos::new(5 + i / 2, if i % 2 == 0 { 7 } else { 10 }))
            .collect();
        let game = Game::from_moves(Preset::Freestyle15.variant(), &moves).expect("legal");
        let setup = GameSetup {
            mode: Mode::HumanVsHuman,
            ..GameSetup::default()
        };
        let setup = GameSetup {
            first_seat: local,
            ..setup
        };
        let mut current = CurrentGame::network(setup, game);
        let mut names = tengen_store::PerSide::default();
        *names.get_mut(local.opponent()) = Some(crate::game::SeatName::Named("Hana".to_owned()));
        current.set_names(names);
        headline(&current, &Words::new(language))
    }

    #[test]
    fn a_network_game_headline_speaks_to_you_in_every_language() {
        let cases = [
            (Language::English, "You (Black) win", "Hana (Black) wins"),
            (
                Language::Russian,
                "Вы (Чёрные) побеждаете",
                "Hana (Чёрные) побеждает",
            ),
            (
                Language::Polish,
                "Wygrywasz (Czarne)",
                "Hana (Czarne) wygrywa",
            ),
            (Language::Chinese, "你（黑方）获胜", "Hana（黑方）获胜"),
        ];
        for (language, yours, theirs) in cases {
            assert_eq!(network_game_won_by_black(Color::Black, language), yours);
            assert_eq!(network_game_won_by_black(Color::White, language), theirs);
        }
    }
}
