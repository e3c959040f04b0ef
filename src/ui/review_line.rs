//! The review's "why" for a bad move: its better line (for a missed win, the winning line) and the
//! refutation of the move played, each shown on the board as a branch of the record's tree and
//! stepped through with ← →, the engine's words for each move in the side panel.

use bevy::prelude::*;
use bevy_egui::egui;
use tengen_engine::{Game, MoveClass, MoveReason, MoveReview, PROVEN_SCORE, Pos, explain_line};

use super::tip::Tip;
use crate::analysis::review::GameReview;
use crate::game::{GameCommand, cell_name};
use crate::i18n::Words;

/// Which of a bad move's lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// What should have been played, and what follows.
    Better,
    /// A missed forced win, to its five.
    Winning,
    /// How the move played is punished.
    Refutation,
}

impl LineKind {
    fn of_better(review: &MoveReview) -> LineKind {
        if review.score_before >= PROVEN_SCORE {
            LineKind::Winning
        } else {
            LineKind::Better
        }
    }

    fn button(self) -> &'static str {
        match self {
            LineKind::Better => "review-play-better",
            LineKind::Winning => "review-play-winning",
            LineKind::Refutation => "review-play-refutation",
        }
    }

    fn title(self) -> &'static str {
        match self {
            LineKind::Better => "review-line-better",
            LineKind::Winning => "review-line-winning",
            LineKind::Refutation => "review-line-refutation",
        }
    }
}

/// A line of a reviewed move shown on the board: the position where it forks from the record, its
/// moves, and how many of them are on the board (1 or more).
pub struct LineShown<'a> {
    kind: LineKind,
    review: &'a MoveReview,
    fork: &'a [Pos],
    line: &'a [Pos],
    step: usize,
}

/// The reviewed move's line that the position shown (`shown`, the moves on the board) is in, if it
/// has left the record for one: found from the review, so stepping or clicking anywhere keeps it
/// right. A position on several lines (a refutation runs into the next move's better line) is read
/// as the line last asked for (`asked`), else the one that left the record last.
pub fn line_shown<'a>(
    review: &'a GameReview,
    shown: &[Pos],
    asked: Option<(LineKind, usize)>,
) -> Option<LineShown<'a>> {
    let record = &review.record;
    if record.starts_with(shown) {
        return None;
    }
    let mut found: Vec<LineShown> = Vec::new();
    for reviewed in review.moves.as_deref()?.iter().filter(|r| is_bad(r)) {
        for (kind, fork_len, line) in lines_of(reviewed) {
            let Some(fork) = record.get(..fork_len) else {
                continue;
            };
            let Some(rest) = shown.strip_prefix(fork) else {
                continue;
            };
            if !rest.is_empty() && line.starts_with(rest) {
                let step = rest.len();
                found.push(LineShown {
                    kind,
                    review: reviewed,
                    fork,
                    line,
                    step,
                });
            }
        }
    }
    let asked_for = |l: &LineShown| Some((l.kind, l.review.index)) == asked;
    let pick = found
        .iter()
        .position(asked_for)
        .or_else(|| (0..found.len()).max_by_key(|&i| found[i].fork.len()))?;
    Some(found.swap_remove(pick))
}

/// A bad move's two lines: what it forks from (that many moves of the record) and its moves.
fn lines_of(reviewed: &MoveReview) -> [(LineKind, usize, &Vec<Pos>); 2] {
    [
        (
            LineKind::of_better(reviewed),
            reviewed.index,
            &reviewed.better_line,
        ),
        (
            LineKind::Refutation,
            reviewed.index + 1,
            &reviewed.refutation,
        ),
    ]
}

/// The line the player last asked to see, as (kind, the reviewed move's index), kept in egui's memory.
pub fn asked_line(ctx: &egui::Context) -> Option<(LineKind, usize)> {
    ctx.data(|data| data.get_temp(asked_id()))
}

fn asked_id() -> egui::Id {
    egui::Id::new("review line asked")
}

/// A move whose review offers its lines.
pub fn is_bad(review: &MoveReview) -> bool {
    review.class >= MoveClass::Inaccuracy
}

/// In a bad move's verdict row: the better move as a button that shows its line (for a missed win,
/// the winning line), and a button for the refutation of the move played, when it has one.
pub fn line_buttons(
    ui: &mut egui::Ui,
    reviewed: &MoveReview,
    (record, size): (&[Pos], u8),
    words: &Words,
    writer: &mut MessageWriter<GameCommand>,
) {
    let better = words.tr_args(
        "review-better",
        &[("move", cell_name(reviewed.best, size).into())],
    );
    let texts = [better, words.tr("review-refutation")];
    for ((kind, fork_len, line), text) in lines_of(reviewed).into_iter().zip(texts) {
        let (Some(fork), false) = (record.get(..fork_len), line.is_empty()) else {
            continue;
        };
        let button = ui.small_button(text).tip(words.tr(kind.button()));
        if button.clicked() {
            let asked = (kind, reviewed.index);
            ui.ctx()
                .data_mut(|data| data.insert_temp(asked_id(), asked));
            writer.write(GameCommand::ViewLine {
                fork: fork.to_vec(),
                line: line.clone(),
            });
        }
    }
}

/// The line shown, in place of the verdict: which line and which move of it, the way back to the
/// move reviewed, and the move shown with the engine's words for it.
pub fn line_section(
    ui: &mut egui::Ui,
    shown: &LineShown,
    (game, record): (&Game, &[Pos]),
    words: &Words,
    writer: &mut MessageWriter<GameCommand>,
) {
    let size = game.variant().size();
    let reasons = reasons(ui.ctx(), shown, game);
    ui.horizontal_wrapped(|ui| {
        let title = words.tr_args(
            shown.kind.title(),
            &[
                ("step", shown.step.into()),
                ("total", shown.line.len().into()),
            ],
        );
        ui.label(egui::RichText::new(title).strong())
            .tip(words.tr("review-line-keys"));
        if ui.small_button(words.tr("review-line-back")).clicked() {
            let index = shown.review.index;
            writer.write(GameCommand::ViewLine {
                fork: record[..index].to_vec(),
                line: record[index..].to_vec(),
            });
        }
    });
    let index = shown.step - 1;
    let mv = cell_name(shown.line[index], size);
    let text = match reasons.get(index) {
        Some(&reason) => words.tr_args(
            "review-line-move",
            &[
                ("move", mv.into()),
                ("reason", words.hint_reason(reason).into()),
            ],
        ),
        None => mv,
    };
    ui.label(text);
}

/// The engine's words for each move of the line shown, worked out once per line (kept in egui's
/// memory: a search board is built to read the shapes).
fn reasons(ctx: &egui::Context, shown: &LineShown, game: &Game) -> Vec<MoveReason> {
    let id = egui::Id::new(("review line", shown.fork.len(), shown.line));
    if let Some(reasons) = ctx.data(|data| data.get_temp::<Vec<MoveReason>>(id)) {
        return reasons;
    }
    let reasons = Game::from_record(
        game.variant(),
        game.setup(),
        game.first_to_move(),
        shown.fork,
    )
    .map(|fork| explain_line(fork.board(), fork.to_move(), shown.line))
    .unwrap_or_default();
    ctx.data_mut(|data| data.insert_temp(id, reasons.clone()));
    reasons
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_engine::Color;

    fn bad(index: usize, better_line: Vec<Pos>, refutation: Vec<Pos>) -> MoveReview {
        MoveReview {
            index,
            mover: if index.is_multiple_of(2) {
                Color::Black
            } else {
                Color::White
            },
            played: Pos::new(0, index as u8),
            best: better_line[0],
            before: 0.5,
            after: 0.1,
            score_before: 0,
            score_after: -500,
            class: MoveClass::Blunder,
            better_line,
            refutation,
        }
    }

    #[test]
    fn the_line_shown_is_the_one_asked_for_else_the_one_that_left_the_record_last() {
        let p = |x: u8, y: u8| Pos::new(x, y);
        let record = vec![p(0, 0), p(0, 1), p(0, 2), p(0, 3)];
        // Move 1's refutation runs through move 2 and then into move 2's refutation.
        let first = bad(1, vec![p(5, 5)], vec![p(0, 2), p(9, 9), p(8, 8)]);
        let second = bad(2, vec![p(6, 6)], vec![p(9, 9), p(7, 7)]);
        let review = GameReview {
            progress: (5, 5),
            moves: Some(vec![first, second]),
            record: record.clone(),
            by: None,
        };
        let on = [p(0, 0), p(0, 1), p(0, 2), p(9, 9)];
        assert!(
            line_shown(&review, &record[..3], None).is_none(),
            "on the record"
        );
        let latest = line_shown(&review, &on, None).expect("a line");
        assert_eq!(
            (latest.kind, latest.review.index, latest.step),
            (LineKind::Refutation, 2, 1)
        );
        let asked = line_shown(&review, &on, Some((LineKind::Refutation, 1))).expect("a line");
        assert_eq!(
            (asked.kind, asked.review.index, asked.step),
            (LineKind::Refutation, 1, 2)
        );
        let better = line_shown(&review, &[p(0, 0), p(0, 1), p(6, 6)], None).expect("a line");
        assert_eq!((better.kind, better.review.index), (LineKind::Better, 2));
        // Off every line: nothing to tell.
        assert!(line_shown(&review, &[p(0, 0), p(3, 3)], None).is_none());
    }
}
