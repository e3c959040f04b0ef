//! Swap and swap2 at the start of a game (chosen in the new-game dialog): the player who would move
//! first places the opening stones, whatever their colour, the other player chooses a colour (or in
//! swap2 places two more stones and hands the choice back), and only then do the colours belong to
//! the players. Against the computer, the computer proposes and chooses with the engine's evaluation
//! ([`tengen_engine::propose`], [`tengen_engine::choose_after_three`]), in a background task.
//!
//! The opening stones are ordinary moves (black, white, black, ...), played through `turn`; a choice
//! is a [`GameCommand::Swap`]. The seats' colours change by `GameSetup::first_seat`.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use tengen_engine::{
    Analyst, Color, Game, Mode, OpeningRule, Pos, SearchLimits, SwapChoice, choose_after_five,
    choose_after_three, propose,
};

pub use super::swap::{OpeningChoice, SwapPhase, seat_player};
use super::turn::{Placement, play_stone};
use super::{CurrentGame, GameCommand, GameStarted, Notice, PlayerKind};
use crate::CommandHandlers;
use crate::i18n::Words;
use crate::screens::{Activity, Doing, InGame};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OpeningChoice>()
        .init_resource::<SwapPhase>()
        .add_observer(begin_opening)
        .add_systems(
            Update,
            // The clicks are judged by the phase they were made in: a click that placed the
            // proposal's last stone is not scolded once the phase has moved on to the choice.
            (take_choices, follow_the_board, computer_opening)
                .chain()
                .in_set(CommandHandlers::Opening),
        )
        .add_systems(OnExit(InGame), |mut phase: ResMut<SwapPhase>| {
            *phase = SwapPhase::Off
        });
}

/// A fresh live game on an empty board starts with the chosen opening (not tic-tac-toe, not a network
/// game, not computer against computer, not a set-up position).
fn begin_opening(
    _: On<GameStarted>,
    current: Res<CurrentGame>,
    choice: Res<OpeningChoice>,
    mut phase: ResMut<SwapPhase>,
    doing: Doing,
) {
    let game = &current.game();
    let fresh = game.moves().is_empty() && game.setup().is_empty() && game.redo_moves().is_empty();
    *phase = if choice.0 == OpeningRule::Free
        || !fresh
        || !current.live
        || !doing.is(Activity::Playing)
        || current.remote.is_some()
        || current.setup.mode == Mode::ComputerVsComputer
        || game.variant().is_tic_tac_toe()
    {
        SwapPhase::Off
    } else {
        SwapPhase::Placing {
            seat: current.setup.seat(Color::Black),
            until: 3,
            rule: choice.0,
        }
    };
}

/// Placing ends when the stones are down; an undo during the choice goes back to placing.
fn follow_the_board(current: Res<CurrentGame>, mut phase: ResMut<SwapPhase>) {
    let played = current.game().moves().len();
    let next = match *phase {
        SwapPhase::Placing { seat, until, rule } if played >= until => SwapPhase::Choosing {
            seat: 1 - seat,
            after: until,
            rule,
        },
        SwapPhase::Choosing { seat, after, rule } if played < after => SwapPhase::Placing {
            seat: 1 - seat,
            until: after,
            rule,
        },
        other => other,
    };
    phase.set_if_neq(next);
}

/// A choice from the buttons (or a test), by whoever is choosing.
fn take_choices(
    mut reader: MessageReader<GameCommand>,
    mut current: ResMut<CurrentGame>,
    mut phase: ResMut<SwapPhase>,
    mut notice: ResMut<Notice>,
    words: Res<Words>,
    time: Res<Time<Real>>,
) {
    for command in reader.read() {
        match command {
            GameCommand::Swap(choice) => apply_choice(&mut current, &mut phase, *choice),
            // `turn` leaves such a click alone; the player reads why.
            GameCommand::Place(_) if !phase.lets_place(&current) => {
                notice.post_error(words.tr("swap-wait"), time.elapsed());
            }
            _ => {}
        }
    }
}

/// The chooser takes a colour (the seats' colours change) or places two more stones.
fn apply_choice(current: &mut CurrentGame, phase: &mut SwapPhase, choice: SwapChoice) {
    let SwapPhase::Choosing { seat, after, rule } = *phase else {
        return;
    };
    let taken = match choice {
        SwapChoice::PlaceTwo if rule == OpeningRule::Swap2 && after == 3 => {
            *phase = SwapPhase::Placing {
                seat,
                until: 5,
                rule,
            };
            return;
        }
        SwapChoice::PlaceTwo => return,
        SwapChoice::Black => Color::Black,
        SwapChoice::White => Color::White,
    };
    // Seat 0 plays `first_seat`.
    current.settle_opening(if seat == 0 { taken } else { taken.opponent() });
    *phase = SwapPhase::Off;
    info!(
        "opening settled: seat {seat} plays {taken}, {} to move",
        current.game().to_move()
    );
}

/// What the computer's opening task answers.
enum Decision {
    Stones(Vec<Pos>),
    Choice(SwapChoice),
}

/// The computer's opening work in the background, for the position of `generation`.
#[derive(Component)]
struct OpeningTask {
    task: Task<Decision>,
    generation: u64,
}

/// How hard the computer looks at each opening position.
fn opening_limits() -> SearchLimits {
    SearchLimits::nodes(30_000)
}

/// When the computer is to place or choose, starts its task; plays or applies its answer.
#[allow(clippy::too_many_arguments)]
fn computer_opening(
    mut commands: Commands,
    mut current: ResMut<CurrentGame>,
    mut phase: ResMut<SwapPhase>,
    mut tasks: Query<(Entity, &mut OpeningTask)>,
    mut notice: ResMut<Notice>,
    words: Res<Words>,
    time: Res<Time<Real>>,
) {
    for (entity, mut task) in &mut tasks {
        let Some(decision) = check_ready(&mut task.task) else {
            continue;
        };
        commands.entity(entity).despawn();
        if task.generation != current.generation() {
            continue;
        }
        match decision {
            Decision::Stones(stones) => {
                for pos in stones {
                    if let Err(error) =
                        play_stone(&mut commands, &mut current, Placement::Move(pos))
                    {
                        error!("the computer proposed an illegal stone: {error}");
                        break;
                    }
                }
            }
            Decision::Choice(choice) => {
                let side = |c: Color| words.side(c, false);
                let text = match choice {
                    SwapChoice::PlaceTwo => words.tr("swap-computer-two"),
                    SwapChoice::Black => words.tr_args(
                        "swap-computer-chose",
                        &[("side", side(Color::Black).into())],
                    ),
                    SwapChoice::White => words.tr_args(
                        "swap-computer-chose",
                        &[("side", side(Color::White).into())],
                    ),
                };
                apply_choice(&mut current, &mut phase, choice);
                notice.post(text, time.elapsed());
            }
        }
        return;
    }
    if !tasks.is_empty() {
        return;
    }
    let Some(seat) = phase.seat() else {
        return;
    };
    if seat_player(&current, seat) != PlayerKind::Computer || current.game().is_over() {
        return;
    }
    let game: Game = current.game().clone();
    let seed = current.generation() ^ time.elapsed().as_nanos() as u64;
    let work = *phase;
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let mut analyst = Analyst::new();
        let limits = opening_limits();
        match work {
            SwapPhase::Placing { until, .. } => {
                let count = until.saturating_sub(game.moves().len());
                Decision::Stones(propose(&mut analyst, &game, count, seed, &limits))
            }
            SwapPhase::Choosing { after: 3, rule, .. } => Decision::Choice(choose_after_three(
                &mut analyst,
                &game,
                rule == OpeningRule::Swap2,
                &limits,
            )),
            _ => Decision::Choice(match choose_after_five(&mut analyst, &game, &limits) {
                Color::Black => SwapChoice::Black,
                Color::White => SwapChoice::White,
            }),
        }
    });
    commands.spawn((
        Name::new("Computer opening"),
        OpeningTask {
            task,
            generation: current.generation(),
        },
        DespawnOnExit(InGame),
        // A search for a game played: leaving play for a record, the editor or a puzzle stops it.
        DespawnOnExit(Activity::Playing),
    ));
}
