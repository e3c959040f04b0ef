//! Swap and swap2 at the start of a game (chosen in the new-game dialog): the player who would move
//! first places the opening stones, whatever their colour, the other player chooses a colour (or in
//! swap2 places two more stones and hands the choice back), and only then do the colours belong to
//! the players. Against the computer, the computer proposes and chooses with the engine's evaluation
//! ([`tengen_engine::propose`], [`tengen_engine::choose_after_three`]), in a background task.
//!
//! The opening stones are ordinary moves (black, white, black, ...), played through `turn`; a choice
//! is a [`super::GameCommand::Swap`], the match's `Choose` action (applied by `turn`): the seats' colours are the match's.

use bevy::prelude::*;
use bevy::tasks::{Task, futures::check_ready};
use tengen_engine::{
    Analyst, Color, Game, OpeningRule, Pos, SearchLimits, SwapChoice, choose_after_five,
    choose_after_three, propose,
};

pub use super::swap::{OpeningChoice, OpeningPhase};
use super::turn::{choose, play_stone};
use super::{CurrentGame, Notice, PlayerKind};
use crate::CommandHandlers;
use crate::i18n::Phrase;
use crate::screens::{Activity, InGame};
use crate::settings::Settings;
use tengen_match::{PROPOSAL_STONES, Player};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OpeningChoice>()
        .add_systems(PreStartup, remembered_opening)
        .add_systems(Update, computer_opening.in_set(CommandHandlers::Opening));
}

/// The New game form offers the opening rule of the last game started.
fn remembered_opening(settings: Res<Settings>, mut choice: ResMut<OpeningChoice>) {
    choice.0 = settings.0.opening;
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
fn computer_opening(
    mut commands: Commands,
    mut current: ResMut<CurrentGame>,
    mut tasks: Query<(Entity, &mut OpeningTask)>,
    mut notice: ResMut<Notice>,
    time: Res<Time<Real>>,
    bell: Res<crate::wake::Bell>,
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
                    let now = time.elapsed();
                    if let Err(error) =
                        play_stone(&mut commands, &mut current, pos, Player::Computer, now)
                    {
                        error!("the computer proposed an illegal stone: {error}");
                        break;
                    }
                }
            }
            Decision::Choice(choice) => {
                let side = |c: Color| Phrase::new(tengen_i18n::side_id(c, false)).into();
                let text = match choice {
                    SwapChoice::PlaceTwo => Phrase::new("swap-computer-two"),
                    SwapChoice::Black => {
                        Phrase::with("swap-computer-chose", vec![("side", side(Color::Black))])
                    }
                    SwapChoice::White => {
                        Phrase::with("swap-computer-chose", vec![("side", side(Color::White))])
                    }
                };
                let now = time.elapsed();
                choose(&mut commands, &mut current, choice, Player::Computer, now);
                notice.post(text, now);
            }
        }
        return;
    }
    if !tasks.is_empty() {
        return;
    }
    let phase = current.opening();
    let Some(seat) = phase.seat() else {
        return;
    };
    if current.seat_player(seat) != PlayerKind::Computer || current.game().is_over() {
        return;
    }
    let game: Game = current.game().clone();
    let rule = current.opening_rule();
    let seed = current.generation() ^ time.elapsed().as_nanos() as u64;
    let task = bell.spawn(async move {
        let mut analyst = Analyst::new();
        let limits = opening_limits();
        match phase {
            OpeningPhase::Placing { until, .. } => {
                let count = until.saturating_sub(game.moves().len());
                Decision::Stones(propose(&mut analyst, &game, count, seed, &limits))
            }
            OpeningPhase::Choosing {
                after: PROPOSAL_STONES,
                ..
            } => Decision::Choice(choose_after_three(
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
