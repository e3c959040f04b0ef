//! A record on the board: opened in the viewer or to play on, stepped through, and made a live game
//! from the position shown. The turn's handlers call these; nothing here reads a command.

use bevy::prelude::*;
use tengen_engine::{Color, Game, Pos};

use super::score::Score;
use super::{
    CurrentGame, GameSetup, GameStarted, Mode, OpenGame, RecordOpened, RecordStepped, ViewStep,
};
use crate::i18n::Phrase;
use crate::screens::Activity;
use crate::settings::Settings;

/// Puts the game on the board on screen (the clock plugin keeps a record's clocks stopped).
pub(super) fn show_game(commands: &mut Commands) {
    commands.trigger(GameStarted);
}

/// The record's moves in full: those shown and those ahead.
fn record_moves(game: &Game) -> Vec<Pos> {
    let mut moves = game.moves().to_vec();
    moves.extend(game.redo_moves().iter().rev());
    moves
}

/// Puts a record on the board: in the viewer, or against the computer from the side to move. The
/// level and think time are the settings'. Fails on a board the game does not offer. The mode it
/// puts the player in: `Record`, or `Playing`.
pub(super) fn open_record(
    commands: &mut Commands,
    current: &mut CurrentGame,
    open: &OpenGame,
    settings: &Settings,
) -> Result<Activity, Phrase> {
    let Some(preset) = tengen_store::preset_of(open.game.variant()) else {
        return Err(Phrase::with(
            "notice-record-board-not-offered",
            vec![("board", tengen_store::rule_key(open.game.variant()).into())],
        ));
    };
    let mut game = open.game.clone();
    if open.rewind {
        while game.undo().is_some() {}
    }
    let base = GameSetup::from_settings(settings);
    let live = open.against_computer && !game.is_over();
    let setup = if live {
        GameSetup {
            mode: Mode::HumanVsComputer,
            preset,
            first_seat: game.to_move(),
            ..base
        }
    } else {
        GameSetup {
            mode: Mode::HumanVsHuman,
            preset,
            first_seat: Color::Black,
            ..base
        }
    };
    current.replace(CurrentGame::with_game(setup, game));
    current.mark_live();
    if live {
        commands.trigger(RecordOpened {
            moves: record_moves(&open.game),
            names: open.names.clone(),
        });
    } else {
        // Looked through: its players' names are shown; its playing time is not known, so no
        // clock runs (see `clock`).
        current.set_names(open.names.clone());
    }
    info!(
        "opened a record: {} moves, {} ahead{}",
        current.game().moves().len(),
        current.game().redo_moves().len(),
        if live { "" } else { ", in the viewer" }
    );
    show_game(commands);
    Ok(if live {
        Activity::Playing
    } else {
        Activity::Record
    })
}

/// Shows another position of the record: moves are taken back or replayed without being played, so
/// nothing is timed, counted or filed.
pub(super) fn step_record(commands: &mut Commands, current: &mut CurrentGame, step: ViewStep) {
    let (shown, total) = current.record_position();
    let target = match step {
        ViewStep::First => 0,
        ViewStep::Previous => shown.saturating_sub(1),
        ViewStep::Next => (shown + 1).min(total),
        ViewStep::Last => total,
        ViewStep::To(n) => n.min(total),
        // The tree's steps (see `study`).
        ViewStep::PreviousBranch | ViewStep::NextBranch => shown,
    };
    if target == shown {
        return;
    }
    current.step_to(target);
    commands.trigger(RecordStepped);
}

/// Makes the record's position shown a live game: the moves ahead are dropped, the clocks start and
/// the result will count. Against the computer, you take the side to move.
pub(super) fn continue_record(
    commands: &mut Commands,
    current: &mut CurrentGame,
    score: &mut Score,
    against_computer: bool,
    settings: &Settings,
) -> Result<(), Phrase> {
    if current.game().is_over() {
        return Err(Phrase::new("notice-record-over-here"));
    }
    let record = record_moves(current.game());
    let game = Game::from_record(
        current.game().variant(),
        current.game().setup(),
        current.game().first_to_move(),
        current.game().moves(),
    )
    .map_err(|(n, e)| {
        Phrase::with(
            "notice-record-move-unplayable",
            vec![
                ("move", (n as u64 + 1).into()),
                ("error", e.to_string().into()),
            ],
        )
    })?;
    let base = GameSetup::from_settings(settings);
    let setup = base.playing_on(current.setup().preset, game.to_move(), against_computer);
    if current.setup().changes_opponent(&setup) {
        *score = Score::default();
    }
    let names = if against_computer {
        Default::default()
    } else {
        current.names().clone()
    };
    current.replace(CurrentGame::with_game(setup, game));
    current.mark_live();
    current.set_names(names.clone());
    commands.trigger(RecordOpened {
        moves: record,
        names,
    });
    show_game(commands);
    Ok(())
}
